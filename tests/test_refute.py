"""``refute`` (issue 29): every exercise's check must reject its wrong answers and accept the
solution, proven in one run and stamped; hygiene notices when checks, solutions or wrong answers
changed since."""

import ast
import contextlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from unittest.mock import ANY

import nbformat
import pytest

import cs20_helpers
from cs20_helpers.tools import cli, exercises, guards, hygiene, mutants, refute
from cs20_helpers.tools.cell_kernel import Outcome
from cs20_helpers.tools.runner import find_notebooks

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"

#: Wrong answers the fixture's checks reject (its checks compare with the right values).
REJECTED = {
    "nb99_ex1": {"half instead of the root": "side = 9 / 2\n",
                 "off by a little": "side = 3.001\n"},
    "nb99_ex2": {"the diameter for r": "def area(r):\n    return math.pi * (2 * r) ** 2\n",
                 "forgot the square": "def area(r):\n    return math.pi * r\n"},
    "nb99_ex3": {"one short": "squares = [i * i for i in range(4)]\n",
                 "not squared": "squares = list(range(5))\n"},
}
#: Wrong answers that must not count as rejected: ex2's check tries one radius only, so a
#: literal passes; ex1's second answer uses a name that only the first answer defined.
LET_THROUGH = {
    **REJECTED,
    "nb99_ex1": {"defines a name": "side = 4\nleaked = 3\n",
                 "uses the other answer's name": "side = leaked\n"},
    "nb99_ex2": {**REJECTED["nb99_ex2"], "lazy: the literal": "def area(r):\n    return 12.5664\n"},
}


def _setup(folder: Path, answers: dict | None) -> Path:
    """Copy the fixture notebook into ``folder`` and write its wrong answers beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = Path(shutil.copy(FIXTURE, folder / FIXTURE.name))
    if answers is not None:
        (folder / f"{FIXTURE.stem}.py").write_text(f"WRONG_ANSWERS = {answers!r}\n",
                                                   encoding="utf-8")
    return path


def _refute(folder: Path, answers: dict | None, capsys) -> tuple[Path, int, str, str]:
    """Run ``python -m cs20_helpers refute`` on the fixture with these wrong answers."""
    path = _setup(folder, answers)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(refute, "ANSWERS_DIR", folder)
        status = cli.main(["refute", str(path)])
    captured = capsys.readouterr()
    return path, status, captured.out, captured.err


@pytest.fixture
def answers_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(refute, "ANSWERS_DIR", tmp_path)
    return tmp_path


def test_checks_that_reject_every_wrong_answer_get_a_stamp(tmp_path, capsys):
    path, status, out, _ = _refute(tmp_path, REJECTED, capsys)
    assert status == 0, out
    stamp = nbformat.read(path, as_version=4).metadata[refute.STAMP_KEY]
    assert set(stamp["exercises"]) == set(REJECTED)
    assert stamp["exercises"]["nb99_ex3"]["not squared"].startswith("AssertionError: ")
    assert "the solution  passed" in out
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(refute, "ANSWERS_DIR", tmp_path)
        assert refute.problems(path, nbformat.read(path, as_version=4)) == []


def test_a_wrong_answer_let_through_or_raising_itself_leaves_no_stamp(tmp_path, capsys):
    path, status, out, _ = _refute(tmp_path, LET_THROUGH, capsys)
    assert status == 1, out
    assert refute.STAMP_KEY not in nbformat.read(path, as_version=4).metadata
    assert "- nb99_ex2: lazy: the literal: ACCEPTED (the check let it through)" in out
    # each attempt starts from the names before the solution cell: the first answer's name is
    # gone, and an answer that raises is reported, not counted as rejected
    assert "the answer itself raised NameError: name 'leaked' is not defined" in out
    assert "nb99_ex1: defines a name: rejected" not in out
    assert "NOT stamped" in out


def test_a_cell_that_raises_unexpectedly_leaves_no_stamp(tmp_path, capsys):
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.cells.insert(2, nbformat.v4.new_code_cell("1 / 0"))
    nbformat.write(nb, tmp_path / FIXTURE.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(refute, "ANSWERS_DIR", tmp_path)
        (tmp_path / f"{FIXTURE.stem}.py").write_text(f"WRONG_ANSWERS = {REJECTED!r}\n",
                                                     encoding="utf-8")
        status = cli.main(["refute", str(tmp_path / FIXTURE.name)])
    out = capsys.readouterr().out
    assert status == 1, out
    assert "- cell 2 raised ZeroDivisionError: division by zero" in out


def _stamped(folder: Path) -> tuple[Path, nbformat.NotebookNode]:
    """The fixture with a stamp that matches its cells and REJECTED (as a passing run leaves)."""
    path = _setup(folder, REJECTED)
    refute.stamp(path, nbformat.read(path, as_version=4), REJECTED, [])
    return path, nbformat.read(path, as_version=4)


def _cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if exercises.nbgrader_meta(c).get("grade_id") == grade_id)


def test_a_matching_stamp_passes_hygiene(answers_dir):
    path, nb = _stamped(answers_dir)
    assert refute.problems(path, nb) == []


@pytest.mark.parametrize("edit", ["check", "solution", "wrong answer"])
def test_a_stamp_goes_stale_when_a_check_a_solution_or_a_wrong_answer_changes(answers_dir, edit):
    path, nb = _stamped(answers_dir)
    if edit == "check":
        _cell(nb, "nb99_ex3_check").source += "\nassert len(squares) > 0"
    elif edit == "solution":
        _cell(nb, "nb99_ex1_solution").source = "side = 3"
    else:
        changed = {**REJECTED, "nb99_ex1": {**REJECTED["nb99_ex1"], "new": "side = 0\n"}}
        _setup(answers_dir, changed)
    nbformat.write(nb, path)
    found = hygiene.check(path, crosschecked=True)
    assert any(f"refute {path.name}" in line for line in found), found


def test_hygiene_wants_two_wrong_answers_per_exercise(answers_dir):
    one = {**REJECTED, "nb99_ex2": {"forgot the square": REJECTED["nb99_ex2"]["forgot the square"]}}
    path = _setup(answers_dir, one)
    refute.stamp(path, nbformat.read(path, as_version=4), one, [])
    assert refute.problems(path, nbformat.read(path, as_version=4)) == [
        "nb99_ex2: 1 wrong answer(s), at least 2 needed"]


@pytest.mark.parametrize("answers, says", [
    (None, "no wrong answers for nb99_exercises.ipynb"),
    ("NOT_THE_NAME = {}", "has no WRONG_ANSWERS dict"),
    ("WRONG_ANSWERS = {'nb99_ex1': ['side = 1']}", "has no WRONG_ANSWERS dict"),
    ("WRONG_ANSWERS = {'nb99_ex9': {'a': 'x = 1', 'b': 'x = 2'}}", "names exercise 'nb99_ex9'"),
    ("WRONG_ANSWERS = {", "does not run: SyntaxError"),
])
def test_an_unusable_wrong_answers_file_is_a_one_line_error(tmp_path, capsys, answers, says):
    path = _setup(tmp_path, None)
    if answers is not None:
        (tmp_path / f"{FIXTURE.stem}.py").write_text(answers, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(refute, "ANSWERS_DIR", tmp_path)
        status = cli.main(["refute", str(path)])
    err = capsys.readouterr().err
    assert status == 2
    assert says in err
    assert err.count("\n") == 1 and "Traceback" not in err


COURSE = [path for path in find_notebooks()
          if exercises.exercises(nbformat.read(path, as_version=4))]


@pytest.mark.parametrize("path", COURSE, ids=[p.stem for p in COURSE])
def test_every_course_exercise_has_at_least_two_wrong_answers(path):
    nb = nbformat.read(path, as_version=4)
    try:
        answers = refute.load(path, nb)  # also: no answers for an exercise the notebook lacks
    except refute.BadAnswers as error:
        pytest.fail(str(error))
    assert refute.shortfalls(nb, answers) == []


# Issue 35, 4-7: the stamp covers every cell the run executed; a failing run drops it; the
# run's folder (a copy of the notebook WITH solutions) is swept when a run was killed; the
# kernel's temporary files stay in that folder.

class _FakeKernel:
    """A kernel that ends every cell with ``status`` and records where and how it started."""

    status = "ok"
    started: list = []

    def __init__(self, cwd, env, timeout):
        self.timeout = timeout
        self.started.append((cwd, env, sorted(p.name for p in cwd.iterdir())))

    def run(self, source):
        return Outcome(self.status)

    def close(self):
        pass


@pytest.fixture
def fake_kernel(monkeypatch):
    """Refute with _FakeKernel instead of a real kernel."""
    monkeypatch.setattr(_FakeKernel, "started", [])
    monkeypatch.setattr(refute, "CellKernel", _FakeKernel)
    return _FakeKernel


def test_a_stamp_goes_stale_when_a_helper_cell_the_checks_rely_on_changes(answers_dir):
    path, nb = _stamped(answers_dir)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert nb.metadata[refute.STAMP_KEY]["code_cells"] == len(code) == 7  # what it digested
    nb.cells[1].source += "\ndef helper():\n    return True"  # an ordinary cell, no exercise's
    nbformat.write(nb, path)
    found = hygiene.check(path, crosschecked=True)
    assert any(f"refute {path.name}" in line for line in found), found


@pytest.mark.parametrize("status, says", [
    ("ok", "ACCEPTED (the check let it through)"),  # every wrong answer let through
    ("timeout", "ran past the"),
    ("died", "ended the kernel"),
])
def test_a_failing_refute_drops_the_old_stamp(answers_dir, fake_kernel, monkeypatch, capsys,
                                              status, says):
    path, _ = _stamped(answers_dir)
    monkeypatch.setattr(fake_kernel, "status", status)
    assert cli.main(["refute", str(path)]) == 1
    out = capsys.readouterr().out
    assert says in out and "NOT stamped" in out
    assert refute.STAMP_KEY not in nbformat.read(path, as_version=4).metadata
    assert any(f"refute {path.name}" in line for line in hygiene.check(path, crosschecked=True))


def test_a_killed_refutes_folder_is_swept_and_the_kernel_keeps_its_temporary_files_in_its_own(
        answers_dir, fake_kernel, tmp_path, monkeypatch, capsys):
    temp = tmp_path / "temp"
    left = temp / f"{refute.PREFIX}killed"  # what a refute killed with -9 leaves
    left.mkdir(parents=True)
    shutil.copy(FIXTURE, left / FIXTURE.name)
    dead = subprocess.Popen(["true"])
    dead.wait()
    (left / guards.OWNER).write_text(str(dead.pid), encoding="utf-8")
    alive = temp / f"{refute.PREFIX}running"  # a refute still running
    alive.mkdir()
    (alive / guards.OWNER).write_text(str(os.getpid()), encoding="utf-8")
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    path = _setup(answers_dir, REJECTED)
    cli.main(["refute", str(path)])
    capsys.readouterr()
    assert not left.exists() and alive.exists()
    (cwd, env, files), = fake_kernel.started
    assert cwd.parent == temp and cwd.name.startswith(refute.PREFIX)
    assert guards.OWNER in files and FIXTURE.name in files
    assert Path(env["TMPDIR"]).parent == cwd  # TensorFlow's autograph files go there
    assert not cwd.exists()  # removed afterwards, with the kernel's temporary files


# Issue 36: `refute --mutants` runs mutants of each solution through its check, counts them,
# leaves out those marked equivalent, and fails an exercise below MUTANT_BAR.

#: The one mutant of the fixture that its checks let through: area(2) tries one radius only.
SURVIVOR = "line 3: `**` -> `*` in `r ** 2`"


@pytest.fixture
def mutant_dirs(tmp_path, monkeypatch):
    """Wrong answers (REJECTED) in ``tmp_path``, equivalent mutants in ``tmp_path/mutants``."""
    monkeypatch.setattr(refute, "ANSWERS_DIR", tmp_path)
    monkeypatch.setattr(mutants, "EQUIVALENT_DIR", tmp_path / "mutants")
    (tmp_path / "mutants").mkdir()
    return tmp_path


def _equivalent(folder: Path, marked: dict) -> None:
    (folder / "mutants" / f"{FIXTURE.stem}.py").write_text(f"EQUIVALENT = {marked!r}\n",
                                                           encoding="utf-8")


def test_a_surviving_mutant_is_reported_and_an_equivalent_entry_takes_it_out_of_the_score(
        mutant_dirs, capsys):
    path = _setup(mutant_dirs, REJECTED)
    assert cli.main(["refute", str(path), "--mutants"]) == 1
    out = capsys.readouterr().out
    assert ("  mutants: 5 generated, 4 killed, 0 raised, 0 timeout, 1 survived, 0 equivalent: "
            "score 80%, below the 90% bar") in out
    assert (f"    survived: {SURVIVOR}\n        -return math.pi * r ** 2\n"
            "        +return math.pi * (r * 2)\n") in out
    assert "mutants: 5 generated, 3 killed, 2 raised, 0 timeout, 0 survived" in out  # nb99_ex3
    assert "- nb99_ex2: 80% of its mutants killed, below the 90% bar" in out
    assert refute.STAMP_KEY not in nbformat.read(path, as_version=4).metadata

    _equivalent(mutant_dirs, {"nb99_ex2": {SURVIVOR: "to strengthen: try a second radius",
                                           "line 9: gone": "no longer generated"}})
    assert cli.main(["refute", str(path), "--mutants"]) == 0
    out = capsys.readouterr().out
    assert "1 equivalent: score 100%" in out
    assert f"    equivalent: {SURVIVOR} (to strengthen: try a second radius)" in out
    assert "stale: nb99_ex2: 'line 9: gone' matches no mutant" in out
    stamp = nbformat.read(path, as_version=4).metadata[refute.STAMP_KEY]
    assert stamp["mutants"]["cap"] == mutants.CAP and stamp["mutants"]["bar"] == refute.MUTANT_BAR
    assert stamp["mutants"]["exercises"]["nb99_ex2"] == {
        "generated": 5, "killed": 4, "raised": 0, "timeout": 0, "survived": 0, "equivalent": 1,
        "score": 1.0}
    assert stamp["exercises"] == {done: {d: ANY for d in each} for done, each in REJECTED.items()}
    assert refute.mutant_problems(path, nbformat.read(path, as_version=4)) == []  # hygiene's view


def _mutant_stamped(folder: Path, marked: dict, survivor: str | None = None,
                    cap: int = mutants.CAP) -> Path:
    """The fixture stamped as a ``--mutants --cap cap`` run leaves it: every mutant killed but
    ``survivor``, ``marked`` the equivalent ones."""
    path = _setup(folder, REJECTED)
    nb = nbformat.read(path, as_version=4)
    generated = refute.generate(nb, cap)
    results = [refute.Exercise(ident, mutants=[
        refute.MutantRun(m, refute.SURVIVED if m.description == survivor else refute.KILLED, "")
        for m in each]) for ident, each in generated.items()]
    refute.stamp(path, nb, REJECTED, results,
                 refute._mutant_stamp(generated, marked, cap, results))
    return path


def _mutant_lines(path: Path) -> list[str]:
    return [line for line in hygiene.check(path, crosschecked=True) if "--mutants" in line]


@pytest.mark.parametrize("required", [True, False])
def test_hygiene_wants_a_mutants_record_matching_the_solutions_now_at_the_bar(
        mutant_dirs, monkeypatch, required):
    """Issue 36: ``refute --mutants`` must have run on what the notebook holds now."""
    monkeypatch.setattr(hygiene, "REQUIRE_MUTANTS", required)
    run = "run `python -m cs20_helpers refute nb99_exercises.ipynb --mutants`"
    path, _ = _stamped(mutant_dirs)  # wrong answers proven, no mutants run
    assert refute.problems(path, nbformat.read(path, as_version=4)) == []
    assert _mutant_lines(path) == (
        [f"mutants not proven killed (its refute stamp has no mutants record): {run}"]
        if required else [])
    path = _mutant_stamped(mutant_dirs, {})
    assert _mutant_lines(path) == []
    path = _mutant_stamped(mutant_dirs, {}, cap=2)  # a quick run proves only its first few
    assert _mutant_lines(path) == (
        [f"mutants not proven killed (its mutants were capped at 2 per exercise, fewer than the "
         f"{mutants.CAP} a full run tries): {run}"] if required else [])
    path = _mutant_stamped(mutant_dirs, {}, SURVIVOR)
    assert _mutant_lines(path) == (
        [f"mutants not proven killed (under the 90% bar: nb99_ex2 80%): {run}"]
        if required else [])
    marked = {"nb99_ex2": {SURVIVOR: "to strengthen"}}
    _equivalent(mutant_dirs, marked)
    assert len(_mutant_lines(path)) == required  # the equivalent entries changed since
    path = _mutant_stamped(mutant_dirs, marked, SURVIVOR)
    assert _mutant_lines(path) == []
    nb = nbformat.read(path, as_version=4)
    _cell(nb, "nb99_ex3_solution").source = \
        "### BEGIN SOLUTION\nsquares = [i ** 2 for i in range(5)]\n### END SOLUTION"
    found = refute.mutant_problems(path, nb)
    assert found == [f"mutants not proven killed (its solutions or nb99_exercises.py of "
                     f"equivalent mutants changed since): {run}"]


def test_mutants_list_prints_them_without_running_anything(mutant_dirs, fake_kernel, capsys):
    path = _setup(mutant_dirs, None)  # no wrong answers needed to list
    _equivalent(mutant_dirs, {"nb99_ex2": {SURVIVOR: "to strengthen"}})
    assert cli.main(["refute", str(path), "--mutants", "--list", "--cap", "2"]) == 0
    out = capsys.readouterr().out
    assert fake_kernel.started == []
    assert out.splitlines()[:6] == ["nb99_ex1: 2 mutants",
                                    "  line 3: delete `side = math.sqrt(9)`",
                                    "      -side = math.sqrt(9)", "      +pass",
                                    "  line 3: `9` -> `10`", "      -side = math.sqrt(9)"]
    assert "stale: nb99_ex2: 'line 3: `**` -> `*` in `r ** 2`' matches no mutant" in out  # cap 2
    assert out.endswith("nb99_exercises.ipynb: 6 mutants\n")
    assert cli.main(["refute", str(path), "--mutants", "--list"]) == 0
    assert f"  {SURVIVOR} (marked equivalent)\n" in capsys.readouterr().out


@pytest.mark.parametrize("argv, says", [
    (["--list"], "refute --list and --cap go with --mutants"),
    (["--mutants", "--cap", "0"], "a positive whole number, not '0'"),
])
def test_mutant_options_without_mutants_or_a_bad_cap_are_refused(mutant_dirs, capsys, argv,
                                                                 says):
    with pytest.raises(SystemExit) if "--cap" in argv else contextlib.nullcontext():
        assert cli.main(["refute", str(_setup(mutant_dirs, REJECTED)), *argv]) == 2
    assert says in capsys.readouterr().err


def test_an_unusable_equivalent_file_is_a_one_line_error(mutant_dirs, fake_kernel, capsys):
    path = _setup(mutant_dirs, REJECTED)
    _equivalent(mutant_dirs, {"nb99_ex9": {"a": "b"}})
    assert cli.main(["refute", str(path), "--mutants"]) == 2
    err = capsys.readouterr().err
    assert "names exercise 'nb99_ex9'" in err and err.count("\n") == 1
    assert fake_kernel.started == []


class _ScriptedKernel:
    """A kernel that runs nothing: a cell with ``while True`` runs past the timeout, others end
    OK; it records what it ran and its restarts."""

    timeout = 60.0

    def __init__(self):
        self.ran, self.restarts = [], 0

    def run(self, source):
        self.ran.append(source)
        return Outcome("timeout" if "while True" in source else "ok")

    def restart(self):
        self.restarts += 1
        self.ran.append("<restart>")


def test_a_mutant_past_the_timeout_counts_as_killed_and_the_names_are_rebuilt():
    nb = nbformat.read(FIXTURE, as_version=4)
    loop = mutants.Mutant("line 3: loops", "delete", (), "while True:\n    pass\n")
    kernel = _ScriptedKernel()
    results, stray = refute.refute_cells(nb, {}, kernel, {"nb99_ex1": [loop]})
    assert stray == []
    run, = results[0].mutants
    assert (run.result, run.detail) == (refute.TIMED_OUT, "ran past the 60 s cell timeout")
    assert refute.score([run], {}).value == 1.0
    assert kernel.restarts == 1
    after = kernel.ran[kernel.ran.index("<restart>") + 1:]
    assert after[:4] == ["import math", refute.SAVE, refute.RESTORE, nb.cells[3].source]
    assert results[0].attempts[-1].verdict == "passed"


def test_one_exercise_alone_runs_up_to_its_check_and_never_stamps(tmp_path, capsys):
    path = _setup(tmp_path, LET_THROUGH)  # ex2 lets its literal through; ex1's answer raises
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(refute, "ANSWERS_DIR", tmp_path)
        assert cli.main(["refute", str(path), "--exercise", "nb99_ex3"]) == 0
        out = capsys.readouterr().out
        assert "not squared" in out and "lazy: the literal" not in out
        assert "NOT stamped (only these exercises were tried)" in out
        assert cli.main(["refute", str(path), "--exercise", "nb99_ex2"]) == 1
        out = capsys.readouterr().out
        assert "ACCEPTED" in out and "nb99_ex3" not in out  # the run stopped at ex2's check
        assert cli.main(["refute", str(path), "--exercise", "nb99_ex7"]) == 2
        assert "has no exercise nb99_ex7" in capsys.readouterr().err
    assert refute.STAMP_KEY not in nbformat.read(path, as_version=4).metadata


def test_one_exercise_with_mutants_calls_no_other_exercises_equivalents_stale(mutant_dirs,
                                                                            capsys):
    path = _setup(mutant_dirs, REJECTED)
    _equivalent(mutant_dirs, {"nb99_ex2": {SURVIVOR: "to strengthen"}})
    assert cli.main(["refute", str(path), "--mutants", "--exercise", "nb99_ex1"]) == 0
    out = capsys.readouterr().out
    assert "mutants: " in out and "stale" not in out


# Issue 46: the stamp covers the package modules the checks call, not only the notebook's cells.


def test_a_stamp_goes_stale_when_the_checks_helpers_change(answers_dir, monkeypatch):
    path, nb = _stamped(answers_dir)
    assert refute.problems(path, nb) == []
    assert nb.metadata[refute.STAMP_KEY]["helpers"] == refute.helpers()
    changed = {**refute.helpers(), "cs20_helpers/checks.py": "0" * 64}  # a regression in near()
    monkeypatch.setattr(refute, "helpers", lambda nb=None: changed)
    (line,) = refute.problems(path, nb)
    assert "the refute stamp predates a change to cs20_helpers/checks.py" in line
    assert any("predates a change to cs20_helpers/checks.py" in found
               for found in hygiene.check(path, crosschecked=True))


def test_the_helpers_are_the_check_modules_and_every_package_module_they_import():
    """Every package module ``checks.py`` imports, and every one those import, is digested."""
    def package_imports(name: str) -> set[str]:
        tree = ast.parse((Path(cs20_helpers.__file__).parent / name).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module} | {
            alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
            for alias in node.names}
        return {module.removeprefix("cs20_helpers.").replace(".", "/") + ".py"
                for module in imported if module.startswith("cs20_helpers")}

    assert "checks.py" in refute.HELPERS
    for name in refute.HELPERS + refute.USED_HELPERS:
        assert package_imports(name) <= set(refute.HELPERS), name
    assert set(refute.helpers()) == {f"cs20_helpers/{name}" for name in refute.HELPERS}


def test_rules_py_is_digested_for_the_notebooks_that_import_it_alone():
    """Issue 46: a stamp covers ``rules.py`` where a check enforces rules, and only there."""
    plain = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import numpy as np")])
    ruled = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import numpy as np\nfrom cs20_helpers import checks, rules")])
    assert "cs20_helpers/rules.py" not in refute.helpers(plain)
    assert set(refute.helpers(ruled)) == set(refute.helpers(plain)) | {"cs20_helpers/rules.py"}
    assert refute.digest(plain, {}) != refute.digest(ruled, {})


def test_an_attack_from_another_folder_is_counted_and_leaves_the_stamp_alone(tmp_path, capsys):
    """Issue 46: ``--answers DIR`` grades a fresh attack; the stamp stays what it was."""
    path, nb = _stamped(tmp_path / "course")
    before = nb.metadata[refute.STAMP_KEY]
    attack = tmp_path / "attack"
    attack.mkdir()
    (attack / f"{FIXTURE.stem}.py").write_text(f"WRONG_ANSWERS = {LET_THROUGH!r}\n",
                                               encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(refute, "ANSWERS_DIR", tmp_path / "course")
        assert cli.main(["refute", str(path), "--answers", str(attack)]) == 1
    out = capsys.readouterr().out
    assert "the attack: 5 of 7 wrong answers rejected; NOT stamped" in out
    assert "nb99_ex2: lazy: the literal: ACCEPTED" in out
    assert nbformat.read(path, as_version=4).metadata[refute.STAMP_KEY] == before


def test_a_module_function_an_answer_replaced_is_put_back_for_the_next_attempt(tmp_path, capsys):
    """Issue 46's fourth attack: an answer that patched a module (refused by its check) broke
    every later attempt, the solution's too."""
    patched = {**REJECTED, "nb99_ex1": {
        **REJECTED["nb99_ex1"],
        "gaming: math.sqrt replaced": "math.sqrt = lambda x: x / 2\nside = math.sqrt(9)\n"}}
    path, status, out, _ = _refute(tmp_path, patched, capsys)
    assert status == 0, out
    assert "gaming: math.sqrt replaced" in out and "the solution  passed" in out
