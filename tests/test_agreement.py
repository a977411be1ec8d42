"""``agree`` (issue 36): ``check`` and ``nbgrader autograde`` give every exercise the same
verdict, hidden tests included."""

import tempfile

import pytest
from hidden_tests import TWICE_R, write_hidden

from cs20_helpers.tools import agreement, cli, refute


def _rows(out: str) -> dict[tuple[str, str], tuple[str, ...]]:
    """Map (submission, exercise) in the table to (check, nbgrader[, DISAGREE])."""
    rows = {}
    for line in out.splitlines():
        parts = line.split("  ")
        parts = [p.strip() for p in parts if p.strip()]
        if len(parts) >= 4 and parts[1].startswith("nb99_ex"):
            rows[parts[0], parts[1]] = tuple(parts[2:-1])
    return rows


def test_check_and_nbgrader_agree_on_the_solutions_and_a_wrong_answer_only_hidden_tests_catch(
        tmp_path, monkeypatch, capsys):
    path = write_hidden(tmp_path / "inst")
    (tmp_path / f"{path.stem}.py").write_text(
        f"WRONG_ANSWERS = {{'nb99_ex2': {{'twice r': {TWICE_R!r}}}}}\n", encoding="utf-8")
    monkeypatch.setattr(refute, "ANSWERS_DIR", tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    assert cli.main(["agree", str(path)]) == 0
    out = capsys.readouterr().out
    rows = _rows(out)
    assert rows == {**{("solutions", f"nb99_ex{k}"): ("passed", "passed") for k in (1, 2, 3)},
                    ("wrong 1", "nb99_ex1"): ("passed", "passed"),
                    ("wrong 1", "nb99_ex2"): ("failed", "failed"),
                    ("wrong 1", "nb99_ex3"): ("passed", "passed")}, out
    assert "nb99_exercises.ipynb: 6 verdicts, all agree" in out
    assert list((tmp_path / "temp").iterdir()) == []  # the course folder and kernels' files gone


def test_disagreements_are_marked_and_counted():
    made = [agreement.Submission("wrong 1", "wrong1", None, {"nb99_ex1": "off by one"})]
    lines, disagree = agreement.table(made, {"wrong 1": {"nb99_ex1": "failed"}},
                                      {"wrong 1": {"nb99_ex1": "passed"}})
    assert disagree == 1 and "DISAGREE" in lines[1] and lines[1].endswith("off by one")


@pytest.mark.parametrize("answers, says", [
    (None, "no wrong answers for nb99_exercises.ipynb"),
    ("WRONG_ANSWERS = {'nb99_ex9': {}}\n", "names exercise 'nb99_ex9'"),
])
def test_unusable_input_is_a_one_line_error_before_anything_runs(tmp_path, monkeypatch, capsys,
                                                                 answers, says):
    path = write_hidden(tmp_path / "inst")
    if answers is not None:
        (tmp_path / f"{path.stem}.py").write_text(answers, encoding="utf-8")
    monkeypatch.setattr(refute, "ANSWERS_DIR", tmp_path)
    assert cli.main(["agree", str(path), "--mutants", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1
    assert says in captured.err and "graded by" not in captured.out
    with pytest.raises(SystemExit) as exited:  # argparse: a positive count
        cli.main(["agree", str(path), "--mutants", "0"])
    assert exited.value.code == 2
