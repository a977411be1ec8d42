"""Student copies by nbgrader's preprocessors, and ``check`` grading a student's notebook."""

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from hidden_tests import HIDDEN, TWICE_R, check_cell, hidden_notebook, write_hidden

from cs20_helpers.tools import assign, cli, exercises, submission
from cs20_helpers.tools.runner import find_notebooks
from cs20_helpers.tools.submission import EDITED

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"


def _check(path: Path) -> subprocess.CompletedProcess:
    """Run ``python -m cs20_helpers check`` as a student would, against the fixture."""
    return subprocess.run([sys.executable, "-m", "cs20_helpers", "check", str(path),
                           "--source", str(FIXTURE)],
                          capture_output=True, text=True, timeout=300, check=False)


def _rows(stdout: str) -> dict[str, str]:
    """Map each exercise id in ``check``'s table to its result column."""
    rows = {}
    for line in stdout.splitlines():
        parts = line.split(maxsplit=2)
        if parts and parts[0].startswith("nb99_ex"):
            rows[parts[0]] = parts[2]
    return rows


@pytest.fixture
def student_copy(tmp_path: Path) -> Path:
    return assign.write_copies([FIXTURE], tmp_path / "release")[0]


def test_student_copy_has_stubs_no_solution_and_no_outputs(student_copy):
    instructor = nbformat.read(FIXTURE, as_version=4)
    nb = nbformat.read(student_copy, as_version=4)
    answers = [line.strip() for cell in instructor.cells if exercises.is_solution(cell)
               for line in exercises.solution_lines(cell)]
    text = "\n".join(cell.source for cell in nb.cells)
    assert answers and not [line for line in answers if line in text]
    assert text.count("raise NotImplementedError()") == 3
    assert "side = None" in text  # set-up above BEGIN SOLUTION stays
    checks = [c.source for c in nb.cells if exercises.is_check(c)]
    assert checks == [c.source for c in instructor.cells if exercises.is_check(c)]
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.outputs and c.execution_count is None for c in code)
    assert all(exercises.nbgrader_meta(c).get("checksum") for c in nb.cells
               if exercises.nbgrader_meta(c))


def test_assign_refuses_to_overwrite_the_instructor_notebook():
    with pytest.raises(ValueError, match="instructor notebook"):
        assign.write_copies([FIXTURE], FIXTURE.parent)


def test_check_student_copy_reports_every_exercise_not_attempted(student_copy):
    result = _check(student_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    assert _rows(result.stdout) == {f"nb99_ex{k}": "not attempted" for k in (1, 2, 3)}
    assert "score: 0 / 4 points" in result.stdout


def test_check_instructor_notebook_passes():
    result = _check(FIXTURE)
    assert result.returncode == 0, result.stdout + result.stderr
    assert set(_rows(result.stdout).values()) == {"passed"}
    assert "score: 4 / 4 points (3 of 3 exercises passed)" in result.stdout


def test_wrong_answer_fails_only_its_exercise_with_the_assert_message(tmp_path):
    nb = nbformat.read(FIXTURE, as_version=4)
    solution = next(c for c in nb.cells if exercises.is_solution(c))
    solution.source = solution.source.replace("math.sqrt(9)", "9 / 2")
    wrong = tmp_path / "wrong.ipynb"
    nbformat.write(nb, wrong)
    result = _check(wrong)
    assert result.returncode == 1
    assert _rows(result.stdout) == {
        "nb99_ex1": "failed: a square of area 9 has side 3, not 4.5",
        "nb99_ex2": "passed", "nb99_ex3": "passed"}
    assert "score: 3 / 4 points" in result.stdout


def test_edited_check_cell_is_put_back_and_flagged(student_copy):
    nb = nbformat.read(student_copy, as_version=4)
    for cell in nb.cells:
        if exercises.is_solution(cell):
            cell.source = ""
        if exercises.is_check(cell):
            cell.source = "pass"
    nbformat.write(nb, student_copy)
    result = _check(student_copy)
    assert result.returncode == 1
    assert _rows(result.stdout) == {
        f"nb99_ex{k}": f"failed: NameError: name '{name}' is not defined ({EDITED})"
        for k, name in ((1, "side"), (2, "area"), (3, "squares"))}


def test_hygiene_flags_malformed_exercise_cells():
    nb = nbformat.read(FIXTURE, as_version=4)
    solution = next(c for c in nb.cells if exercises.is_solution(c))
    check = next(c for c in nb.cells if exercises.is_check(c))
    solution.source = "side = 3"
    check.outputs = [nbformat.v4.new_output("stream", name="stdout", text="ok\n")]
    del check.metadata["nbgrader"]["points"]
    problems = " | ".join(exercises.problems(nb))
    assert "no ### BEGIN SOLUTION" in problems
    assert "has output" in problems and "no points" in problems
    assert exercises.problems(nbformat.read(FIXTURE, as_version=4)) == []
    solution.source = "### BEGIN SOLUTION\n### END SOLUTION"
    assert any("empty answer" in p for p in exercises.problems(nb))


NOTEBOOKS = find_notebooks()


def _outside_solution(source: str) -> list[str]:
    """Return the lines of a solution cell outside its BEGIN/END SOLUTION region."""
    lines, inside = [], False
    for line in source.splitlines():
        if line.strip() in (exercises.BEGIN, exercises.END):
            inside = line.strip() == exercises.BEGIN
        elif not inside:
            lines.append(line)
    return lines


def _hidden_lines(source: str, outside: bool = False) -> list[str]:
    """Return the lines of a check cell between its hidden-test markers (or, with ``outside``,
    the lines outside them)."""
    inside, lines = False, []
    for line in source.splitlines():
        if "BEGIN HIDDEN TESTS" in line:
            inside = True
        elif "END HIDDEN TESTS" in line:
            inside = False
        elif inside != outside:
            lines.append(line)
    return lines


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_course_notebook_has_exercises_and_assign_strips_them(path, tmp_path):
    instructor = nbformat.read(path, as_version=4)
    solutions = [c for c in instructor.cells if exercises.is_solution(c)]
    assert len(solutions) >= 4, f"{path.name} has {len(solutions)} solution cells"
    assert len(exercises.exercises(instructor)) >= 4
    assert exercises.problems(instructor) == []
    copy = nbformat.read(assign.write_copies([path], tmp_path)[0], as_version=4)
    stubs = {exercises.nbgrader_meta(c)["grade_id"]: c.source.splitlines()
             for c in copy.cells if exercises.is_solution(c)}
    for cell in solutions:
        answer = exercises.solution_lines(cell)
        kept = _outside_solution(cell.source)
        left = [line for line in stubs[exercises.nbgrader_meta(cell)["grade_id"]]
                if line.strip() and line in answer and line not in kept]
        assert not left, f"solution lines left in the student copy: {left[:3]}"
    assert "BEGIN SOLUTION" not in "\n".join(c.source for c in copy.cells)
    # issue 36: every check grades in hidden tests, and none of their lines reach the student
    given = {exercises.nbgrader_meta(c)["grade_id"]: c.source.splitlines()
             for c in copy.cells if exercises.is_check(c)}
    for cell in (c for c in instructor.cells if exercises.is_check(c)):
        grade_id = exercises.nbgrader_meta(cell)["grade_id"]
        hidden = _hidden_lines(cell.source)
        assert hidden, f"{grade_id} has no hidden tests"
        shown = [line for line in given[grade_id] if line in hidden and line.strip()
                 and line not in _hidden_lines(cell.source, outside=True)]
        assert not shown, f"{grade_id}: hidden lines in the student copy: {shown[:3]}"
    assert "HIDDEN TESTS" not in "\n".join(c.source for c in copy.cells)
    for cell in (c for c in copy.cells if exercises.is_check(c)):  # nothing shown under a pass
        assert assign.quiet_visible_part(cell.source) == cell.source, cell.source[-200:]
    assert not any(c.get("outputs") for c in copy.cells if c.cell_type == "code")
    assert "cs20_refuted" in instructor.metadata  # its wrong answers stay with the instructor
    assert not set(assign.INSTRUCTOR_ONLY_METADATA) & set(copy.metadata)


@pytest.mark.parametrize("source, quiet", [
    ("x = 1\nrules.enforce(a,\n              b)  # why\n### BEGIN HIDDEN TESTS\nassert x\n"
     "### END HIDDEN TESTS\n",
     "x = 1\nrules.enforce(a,\n              b);  # why\n### BEGIN HIDDEN TESTS\nassert x\n"
     "### END HIDDEN TESTS\n"),
    ("rules.enforce(a)", "rules.enforce(a);"),
    ("rules.enforce(a);\n", "rules.enforce(a);\n"),  # already quiet
    ("copy = rules.enforce(a)\n", "copy = rules.enforce(a)\n"),  # nothing to show
    ("with x:\n    f()\n", "with x:\n    f()\n"),  # only a last top-level value is shown
    ("assert x\n### BEGIN HIDDEN TESTS\nf()\n### END HIDDEN TESTS\n",
     "assert x\n### BEGIN HIDDEN TESTS\nf()\n### END HIDDEN TESTS\n"),
    ("f(\n", "f(\n"),  # does not parse: left as it is
])
def test_a_check_cells_visible_part_ends_quietly(source, quiet):
    assert assign.quiet_visible_part(source) == quiet


def test_grade_ids_are_unique_across_the_course():
    ids = [exercises.nbgrader_meta(c)["grade_id"] for path in NOTEBOOKS
           for c in nbformat.read(path, as_version=4).cells
           if exercises.nbgrader_meta(c).get("grade_id")]
    assert len(ids) == len(set(ids))


def test_assign_cli_writes_one_copy_per_notebook_named(tmp_path):
    out = tmp_path / "release"
    result = subprocess.run([sys.executable, "-m", "cs20_helpers", "assign", str(FIXTURE),
                             "--out", str(out)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted([FIXTURE.name, assign.MANIFEST])


def test_student_copies_carry_none_of_the_maintainers_metadata():
    for path in NOTEBOOKS:
        metadata = nbformat.read(path, as_version=4).metadata
        copy = assign.student_copy(nbformat.v4.new_notebook(metadata=metadata))
        allowed = {"kernelspec", "language_info", exercises.RELEASE_KEY}
        assert set(copy.metadata) <= allowed, path.name
    assert "cs20" in metadata  # the recorded cell times stay with the instructor: check uses them


def test_student_copy_is_what_nbgrader_generate_assignment_releases(tmp_path):
    source = tmp_path / "source" / "ps1"
    source.mkdir(parents=True)
    source_copy = assign.released(nbformat.read(FIXTURE, as_version=4), answers=True)
    nbformat.write(source_copy, source / FIXTURE.name)  # as nbgrader-course gives it nbgrader
    result = subprocess.run(["nbgrader", "generate_assignment", "ps1", "--force"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120,
                            check=False)
    assert result.returncode == 0, result.stderr
    released = nbformat.read(tmp_path / "release" / "ps1" / FIXTURE.name, as_version=4)
    ours = assign.student_copy(nbformat.read(FIXTURE, as_version=4))
    assert [(c.source, c.metadata, c.get("outputs")) for c in ours.cells] == \
        [(c.source, c.metadata, c.get("outputs")) for c in released.cells]


# Issue 36: a check cell may end with nbgrader hidden tests, which student copies never carry.


def test_an_untouched_check_cell_with_hidden_tests_is_not_edited_and_runs_in_full():
    instructor = hidden_notebook()
    student = assign.student_copy(instructor)
    given = check_cell(student)
    assert "HIDDEN" not in given.source and "area(2)" in given.source
    prepared = submission.prepare(student, instructor)
    assert prepared.notes == {}
    assert check_cell(prepared.nb).source.endswith(HIDDEN)  # the grading part runs
    assert submission.prepare(instructor, instructor).notes == {}  # the full cell, unedited
    given.source = given.source.replace("1e-3", "100")  # the visible part edited
    prepared = submission.prepare(student, instructor)
    assert prepared.notes == {"nb99_ex2": EDITED}
    assert check_cell(prepared.nb).source.endswith(HIDDEN)


def test_check_runs_the_hidden_tests_of_an_untouched_student_copy(tmp_path):
    source = write_hidden(tmp_path / "inst")
    instructor = nbformat.read(source, as_version=4)
    nb = assign.student_copy(instructor)
    for exercise in exercises.exercises(instructor):
        nb.cells[exercise.solution].source = instructor.cells[exercise.solution].source
    nb.cells[exercises.exercises(instructor)[1].solution].source = TWICE_R
    path = tmp_path / "alice" / FIXTURE.name
    path.parent.mkdir()
    nbformat.write(nb, path)
    result = subprocess.run([sys.executable, "-m", "cs20_helpers", "check", str(path),
                             "--source", str(source)],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    assert _rows(result.stdout) == {
        "nb99_ex1": "passed", "nb99_ex3": "passed",
        "nb99_ex2": "failed: area(3) is wrong: a second radius, kept hidden"}


@pytest.mark.parametrize("where, says", [
    ("unclosed", "hidden-test markers not in BEGIN/END pairs"),
    ("nested", "hidden-test markers not in BEGIN/END pairs"),
    ("stray end", "hidden-test markers not in BEGIN/END pairs"),
    ("solution cell", "hidden tests outside a check cell"),
    ("markdown cell", "hidden tests outside a check cell"),
])
def test_hidden_test_markers_come_in_pairs_and_only_in_check_cells(where, says):
    nb = hidden_notebook()
    assert exercises.problems(nb) == []
    check = check_cell(nb)
    if where == "unclosed":
        check.source = check.source.replace("### END HIDDEN TESTS", "")
    elif where == "nested":
        check.source = check.source.replace("### END HIDDEN TESTS", HIDDEN)
    elif where == "stray end":
        check.source = "### END HIDDEN TESTS\n" + check.source
    else:
        cell = nb.cells[6 if where == "solution cell" else 5]
        cell.source += "\n" + HIDDEN
    found = exercises.problems(nb)
    assert len(found) == 1 and says in found[0], found


def test_check_against_unpaired_hidden_test_markers_is_a_one_line_error(tmp_path, capsys):
    nb = hidden_notebook()
    check_cell(nb).source = check_cell(nb).source.replace("### END HIDDEN TESTS", "")
    source = tmp_path / "inst" / FIXTURE.name
    source.parent.mkdir()
    nbformat.write(nb, source)
    student = tmp_path / FIXTURE.name
    nbformat.write(assign.student_copy(hidden_notebook()), student)
    assert cli.main(["check", str(student), "--source", str(source)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "not in BEGIN/END pairs" in captured.err
    assert "Checking" not in captured.out  # refused before any kernel started
