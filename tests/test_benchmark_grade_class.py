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
