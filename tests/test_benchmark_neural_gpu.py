"""benchmarks/neural_gpu.py: its test lengths and table, and a smoke run in a fresh process."""

import subprocess
import sys

from benchmark_modules import BENCHMARKS, load_benchmark


def test_lengths_are_1_2_5_10_times_the_training_length():
    bench = load_benchmark("neural_gpu")
    assert bench.lengths_for(8) == [8, 16, 40, 80]


def test_every_variant_changes_one_thing_of_the_recipe_or_is_a_contrast():
    bench = load_benchmark("neural_gpu")
    from cs20_helpers import neural_gpu as ng
    recipe = ng.DEFAULTS._asdict()
    for name, change in bench.VARIANTS.items():
        assert set(change) <= set(recipe), name
        assert all(recipe[k] != v for k, v in change.items()), name
    switched_off = {k for change in bench.VARIANTS.values() if len(change) == 1 for k in change}
    assert {"dropout", "grad_noise", "relax", "cutoff", "task", "layout"} <= switched_off


def test_table_has_a_row_per_variant_and_seed():
    bench = load_benchmark("neural_gpu")
    run = {"steps": 1500, "level": 8, "train_seconds": 61.2,
           "fully_correct": {"8": 1.0, "80": 0.125}}
    figures = {"lengths": [8, 80], "runs": {
        "recipe": {"seeds": [{"seed": 0, **run}, {"seed": 1, **run}]},
        "no dropout": {"seeds": [{"seed": 0, **run, "fully_correct": {"8": 0.5, "80": 0.0}}]}}}
    lines = bench.markdown_table(figures).splitlines()
    assert lines[2] == "| recipe | 0 | 1,500 | 8 | 61 | 100% | 12% |"
    assert lines[3].startswith("| recipe | 1 |")
    assert lines[4] == "| no dropout | 0 | 1,500 | 8 | 61 | 50% | 0% |" and len(lines) == 5


def test_quick_run_trains_every_variant_and_writes_nothing():
    bench = load_benchmark("neural_gpu")
    done = subprocess.run([sys.executable, str(BENCHMARKS / "neural_gpu.py"), "--quick",
                           "--no-write"], capture_output=True, text=True, timeout=600, check=True)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert [row.split(" | ")[0][2:] for row in rows[2:]] == list(bench.VARIANTS)
