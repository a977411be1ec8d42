"""benchmarks/neural_gpu.py: its test lengths and tables, and a smoke run in a fresh process."""

import subprocess
import sys

from benchmark_modules import BENCHMARKS, load_benchmark


def test_lengths_are_2_5_10_times_the_training_length_and_the_goal():
    bench = load_benchmark("neural_gpu")
    assert bench.lengths_for(20, 200) == [40, 100, 200]
    assert bench.lengths_for(10, 300) == [20, 50, 100, 300]


def test_tables_show_both_models_and_every_ablation():
    bench = load_benchmark("neural_gpu")
    row = {"seed": 0, "steps": 500, "train_seconds": 61.2,
           "fully_correct": {"40": 1.0, "200": 0.995}}
    figures = {"lengths": [40, 200],
               "ngpu": {"label": "Neural GPU", **row},
               "gru": {"label": "GRU", **row, "fully_correct": {"40": 0.5, "200": 0.0}},
               "ablations": {"train_length": 10, "test_length": 100, "steps": 400, "rows": {
                   name: {"fully_correct": [1.0, 0.25], "generalized": 1, "seeds": 2}
                   for name in bench.ABLATIONS}}}
    lines = bench.markdown_tables(figures).splitlines()
    assert "| Neural GPU | 0 | 500 | 61 | 100.0% | 99.5% |" in lines
    assert "| GRU | 0 | 500 | 61 | 50.0% | 0.0% |" in lines
    assert "| no curriculum | 100%, 25% | 1 of 2 |" in lines


def test_quick_run_trains_both_models_and_writes_nothing():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "neural_gpu.py"), "--quick",
                           "--no-write"], capture_output=True, text=True, timeout=300, check=True)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert rows[2].startswith("| Neural GPU") and rows[3].startswith("| GRU")
    assert sum(line.startswith("| no gate cutoff") for line in rows) == 1
