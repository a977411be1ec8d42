"""benchmarks/grade_class.py: the class it builds, the agreement it demands, its table."""

import pytest
from benchmark_modules import load_benchmark

from cs20_helpers.tools import runner


def test_the_class_cycles_through_the_solutions_and_each_kind_of_wrong_answer(tmp_path):
    bench = load_benchmark("grade_class")
    notebook = runner.find_notebooks(["01"])[0]
    expected = bench.build_class(notebook, 7, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"student{k:02d}" for k in range(1, 8)]
    assert all((tmp_path / s / notebook.name).is_file() for s in expected)
    assert all(expected["student01"].values())  # the solutions
    wrong = [s for s, held in expected.items() if not all(held.values())]
    assert wrong and "student01" not in wrong


def _run(book: dict, seconds: float) -> dict:
    return {"seconds": seconds, "load_before": 0.5, "load_after": 1.0, "gradebook": book}


def test_every_grading_must_agree_and_grade_solutions_and_wrong_answers_right():
    bench = load_benchmark("grade_class")
    right = {("s1", "e1"): ("1", "passed"), ("s2", "e1"): ("0", "failed")}
    expected = {"s1": {"e1": True}, "s2": {"e1": False}}
    runs = {bench.label(p, s, 2): _run(right, 10.0 * (1 + s) / (1 + p)) for p, s in bench.CONFIGS}
    bench.verify(runs, expected)
    assert bench.ratios(runs, 2) == {"seal cost, 1 at a time": 2.0,
                                     "seal cost, 2 at a time": 2.0,
                                     "speed-up of 2 at a time, not sealed": 2.0,
                                     "speed-up of 2 at a time, sealed": 2.0}
    assert bench.table(runs, 20).splitlines()[2] == "| 1 at a time, not sealed | 10 | 120.0 | " \
                                                    "0.50 | 1.00 |"
    runs["2 at a time, sealed"] = _run({**right, ("s2", "e1"): ("1", "passed")}, 1.0)
    with pytest.raises(SystemExit, match="disagree"):
        bench.verify(runs, expected)
    same = {name: _run({**right, ("s2", "e1"): ("1", "passed")}, 1.0) for name in runs}
    with pytest.raises(SystemExit, match="s2 e1: passed, expected a failure"):
        bench.verify(same, expected)


def test_main_runs_through_the_shared_runner_into_its_section_and_key(tmp_path, monkeypatch):
    """The script is ``run_benchmark``'s: its figures go to key ``grade_class`` and section
    "Grading a class" (gradings and seal starts faked here: the quick run grades for real)."""
    import json

    from cs20_helpers import benchmarking
    from cs20_helpers.tools import seal

    bench = load_benchmark("grade_class")
    monkeypatch.setattr(benchmarking, "results_file", lambda: tmp_path / "RESULTS.md")
    monkeypatch.setattr(benchmarking, "results_json_file", lambda: tmp_path / "results.json")
    monkeypatch.setattr(seal, "problem", lambda: None)
    monkeypatch.setattr(bench, "time_starts", lambda starts: {"unsealed": 25.0, "sealed": 67.0})
    graded = []

    def grade_once(submitted, out, jobs, sealed):
        book = {(s.name, "x"): ("1", "passed") for s in sorted(submitted.iterdir())}
        graded.append((jobs, sealed))
        return _run(book, 10.0 * (1 + sealed) / jobs)

    monkeypatch.setattr(bench, "grade_once", grade_once)
    monkeypatch.setattr(bench, "verify", lambda runs, expected: None)
    assert bench.main(["--count", "2", "--starts", "1"]) == 0
    assert graded == [(1, False), (1, True), (2, False), (2, True)]
    figures = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["grade_class"]
    assert figures["count"] == 2 and figures["start_ms"] == {"unsealed": 25.0, "sealed": 67.0}
    assert figures["ratios"]["seal cost, 1 at a time"] == 2.0
    assert "cpu_busy_before" in figures
    section = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert "## Grading a class" in section and "Machine: " in section
    assert bench.parse_args(["--quick"]).no_write
