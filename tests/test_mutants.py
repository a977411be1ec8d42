"""Mutants of a solution (issue 36): each kind of edit, made only between the solution markers,
at the region's indentation, de-duplicated, capped evenly across the kinds; the equivalent
mutants' file."""

import ast

import pytest

from cs20_helpers.tools import mutants


def _cell(*code: str, before: str = "x = None", after: str = "print(x)") -> str:
    """A solution cell holding ``code`` between the markers."""
    return "\n".join([before, "### BEGIN SOLUTION", *code, "### END SOLUTION", after])


def _edits(source: str, kind: str) -> dict[str, str]:
    """Return {description: the solution region of the mutant} of one kind."""
    return {m.description: _region(m.source) for m in mutants.candidates(source) if m.kind == kind}


def _region(source: str) -> str:
    """Return the lines between the markers."""
    lines = source.splitlines()
    return "\n".join(lines[lines.index("### BEGIN SOLUTION") + 1:lines.index("### END SOLUTION")])


def test_delete_a_statement():
    found = _edits(_cell("a = 1", "for i in range(3):", "    a += i"), "delete")
    assert found == {
        "line 3: delete `a = 1`": "for i in range(3):\n    a += i",
        "line 4: delete `for i in range(3):`": "a = 1",
        "line 5: delete `a += i`": "a = 1\nfor i in range(3):\n    pass",  # a body left empty
    }


def test_a_docstring_and_pass_are_not_deleted():
    found = _edits(_cell("def f():", "    '''Say what.'''", "    pass"), "delete")
    assert list(found) == ["line 3: delete `def f():`"]


def test_swap_two_positional_arguments():
    found = _edits(_cell("y = tf.multiply(2.0, x, name='d')", "z = g(a, a)"), "swap")
    assert found == {"line 3: swap `2.0` and `x` in `tf.multiply(...)`":
                     "y = tf.multiply(x, 2.0, name='d')\nz = g(a, a)"}  # g(a, a) is unchanged


@pytest.mark.parametrize("code, changed", [
    ("y = a + b", "y = a - b"),
    ("y = a - b", "y = a + b"),
    ("y = a * b", "y = a / b"),
    ("y = a / b", "y = a * b"),
    ("y = a // b", "y = a / b"),
    ("y = a @ b", "y = a * b"),
    ("y = a < b", "y = a <= b"),
    ("y = a >= b", "y = a > b"),
    ("y = a == b", "y = a != b"),
    ("y = a is None", "y = a is not None"),
    ("y += b", "y -= b"),
    ("y = a and b", "y = a or b"),
    ("y = not a", "y = a"),
    ("y = -a", "y = a"),
])
def test_change_an_operator(code, changed):
    assert list(_edits(_cell(code), "operator").values()) == [changed]


def test_change_a_number_by_one_and_flip_a_truth_value():
    found = _edits(_cell("y = f(0, 0.9, -2, True, 'text', None)"), "constant")
    assert sorted(found.values()) == sorted([
        "y = f(1, 0.9, -2, True, 'text', None)", "y = f(-1, 0.9, -2, True, 'text', None)",
        "y = f(0, 1.9, -2, True, 'text', None)", "y = f(0, -0.1, -2, True, 'text', None)",
        "y = f(0, 0.9, -3, True, 'text', None)", "y = f(0, 0.9, -1, True, 'text', None)",
        "y = f(0, 0.9, -2, False, 'text', None)"])
    assert "line 3: `0.9` -> `-0.1`" in found


def test_change_an_axis_and_leave_its_number_to_the_axis_edit():
    source = _cell("s = tf.reduce_sum(x, axis=1)", "m = np.mean(x, axis=-1)", "n = x.max(axis=0)")
    assert _edits(source, "axis") == {
        "line 3: `axis=1` -> `axis=0` in `tf.reduce_sum(...)`":
            "s = tf.reduce_sum(x, axis=0)\nm = np.mean(x, axis=-1)\nn = x.max(axis=0)",
        "line 4: `axis=-1` -> `axis=0` in `np.mean(...)`":
            "s = tf.reduce_sum(x, axis=1)\nm = np.mean(x, axis=0)\nn = x.max(axis=0)",
        "line 5: `axis=0` -> `axis=1` in `x.max(...)`":
            "s = tf.reduce_sum(x, axis=1)\nm = np.mean(x, axis=-1)\nn = x.max(axis=1)",
    }
    assert _edits(source, "constant") == {}


def test_remove_a_call_keeping_its_first_argument():
    source = _cell("h = tf.nn.relu(tf.nn.bias_add(tf.matmul(x, w), b))", "sess.run(init)",
                   "z = tf.add(a, b)", "q = f(a, b, c)")
    found = _edits(source, "call")
    assert "h = tf.nn.bias_add(tf.matmul(x, w), b)" in _region_lines(found)  # no activation
    assert "h = tf.nn.relu(tf.matmul(x, w))" in _region_lines(found)  # the bias add dropped
    assert "line 3: `tf.nn.relu(tf.nn.bias_add(tf.matmul(x...` -> " \
        "`tf.nn.bias_add(tf.matmul(x, w), b)`" in found  # long code is shortened
    assert "h = tf.nn.relu(tf.nn.bias_add(x, b))" in _region_lines(found)
    assert "z = a" in _region_lines(found)
    # a call that is a statement of its own (deleting it is the delete edit), 3 arguments: kept
    assert not any(line in ("init", "q = a") for line in _region_lines(found))


def _region_lines(found: dict[str, str]) -> set[str]:
    return {line for region in found.values() for line in region.splitlines()}


def test_drop_a_keyword_argument():
    found = _edits(_cell("o = tf.identity(d, name='out')", "f(**extra)"), "keyword")
    assert found == {"line 3: drop `name=` from `tf.identity(...)`":
                     "o = tf.identity(d)\nf(**extra)"}


def test_a_solution_inside_a_def_keeps_its_indentation_and_the_code_outside_the_markers():
    source = ("def area(r):\n    '''The area.'''  # outside\n    ### BEGIN SOLUTION\n"
              "    s = r ** 2  # a comment\n    return math.pi * s\n    ### END SOLUTION\n"
              "print( area(2) )\n")
    found = mutants.candidates(source)
    assert len(found) > 5
    for mutant in found:
        lines = mutant.source.splitlines()
        assert lines[:3] == source.splitlines()[:3] and lines[-2:] == source.splitlines()[-2:]
        assert all(line.startswith("    ") for line in lines[3:-2])
        assert mutant.source.endswith(")\n")
        compile(mutant.source, "cell", "exec")
    deleted = next(m for m in found if m.description == "line 5: delete `return math.pi * s`")
    assert _region_lines({"": deleted.source}) >= {"    s = r ** 2", "print( area(2) )"}
    assert deleted.diff == ("-return math.pi * s",)


def test_two_regions_are_edited_one_at_a_time_and_the_line_is_the_cells():
    source = "\n".join(["### BEGIN SOLUTION", "a = 1", "### END SOLUTION", "b = a",
                        "### BEGIN SOLUTION", "c = 2", "### END SOLUTION"])
    found = {m.description: m.source for m in mutants.candidates(source) if m.kind == "constant"}
    assert found["line 2: `1` -> `2`"].splitlines()[1:6] == ["a = 2", "### END SOLUTION",
                                                             "b = a", "### BEGIN SOLUTION",
                                                             "c = 2"]
    assert found["line 6: `2` -> `3`"].splitlines()[1] == "a = 1"


def test_mutants_are_distinct_from_the_solution_and_each_other_with_unique_descriptions():
    source = _cell("y = g(a, a) + g(a, a)", "z = y * y")
    found = mutants.candidates(source)
    codes = [ast.unparse(ast.parse(_region(m.source))) for m in found]
    assert ast.unparse(ast.parse(_region(source))) not in codes
    assert len(set(codes)) == len(codes)
    descriptions = [m.description for m in found]
    assert len(set(descriptions)) == len(descriptions)
    assert "line 3: `g(a, a)` -> `a` #2" in descriptions  # the second of two alike


def test_a_region_that_does_not_parse_gives_none():
    assert mutants.candidates(_cell("%timeit f(x)")) == []


def test_the_cap_is_shared_evenly_across_kinds_and_deterministic():
    code = [f"v{i} = tf.nn.relu(a{i} + {i}, name='n')" for i in range(30)]
    found = mutants.candidates(_cell(*code))
    chosen = mutants.mutants(_cell(*code), cap=20)
    assert len(chosen) == 20 and chosen == mutants.mutants(_cell(*code), cap=20)
    kinds = {kind: sum(m.kind == kind for m in chosen) for kind in mutants.KINDS}
    assert kinds == {"delete": 4, "swap": 0, "operator": 4, "constant": 4, "axis": 0, "call": 4,
                     "keyword": 4}
    deleted = [m.description for m in chosen if m.kind == "delete"]
    assert deleted == [f"line {3 + i}: delete `v{i} = tf.nn.relu(a{i} + {i}, name='n')`"
                       for i in (0, 7, 15, 22)]  # spread over the solution
    assert [m for m in found if m in chosen] == chosen  # in the order of all of them
    assert mutants.select(found[:7], cap=20) == found[:7]


def test_equivalent_mutants_file(tmp_path, monkeypatch):
    monkeypatch.setattr(mutants, "EQUIVALENT_DIR", tmp_path)
    notebook = tmp_path / "nb.ipynb"
    assert mutants.load_equivalent(notebook, {"ex1"}) == {}  # no file: none
    (tmp_path / "nb.py").write_text("EQUIVALENT = {'ex1': {'line 3: `1` -> `2`': 'why'}}\n",
                                    encoding="utf-8")
    marked = mutants.load_equivalent(notebook, {"ex1"})
    generated = {"ex1": mutants.candidates(_cell("a = 2"))}
    assert mutants.stale(marked, generated) == [
        "ex1: 'line 3: `1` -> `2`' matches no mutant (stale: remove or update it)"]
    assert mutants.stale(marked, {"ex1": mutants.candidates(_cell("a = 1"))}) == []
    with pytest.raises(mutants.BadEquivalent, match="names exercise 'ex1', which nb.ipynb lacks"):
        mutants.load_equivalent(notebook, {"ex2"})
    (tmp_path / "nb.py").write_text("EQUIVALENT = {'ex1': {'line 3: `1` -> `2`': ''}}\n",
                                    encoding="utf-8")  # a reason is required
    with pytest.raises(mutants.BadEquivalent, match="has no EQUIVALENT dict"):
        mutants.load_equivalent(notebook, {"ex1"})
    (tmp_path / "nb.py").write_text("EQUIVALENT = {", encoding="utf-8")
    with pytest.raises(mutants.BadEquivalent, match="does not run: SyntaxError"):
        mutants.load_equivalent(notebook, {"ex1"})


def test_a_lambda_or_a_conditional_expression_has_no_statements_to_delete():
    found = _edits(_cell("f = lambda v: v + 1", "y = a if c else b"), "delete")
    assert found == {"line 3: delete `f = lambda v: v + 1`": "y = a if c else b",
                     "line 4: delete `y = a if c else b`": "f = lambda v: v + 1"}
