"""benchmarks/multi_tower.py: its table, and a short end-to-end run in a fresh process."""

import subprocess
import sys

from benchmark_modules import BENCHMARKS, load_benchmark


def test_table_shows_best_median_and_speed_up_over_one_tower():
    bench = load_benchmark("multi_tower")
    row = {"max_examples_per_s": 100.0, "median_examples_per_s": 90.0}
    table = bench.markdown_table({
        1: {**row, "devices": ["/cpu:0"], "global_batch": 16},
        2: {"max_examples_per_s": 150.0, "median_examples_per_s": 120.0,
            "devices": ["/gpu:0", "/gpu:1"], "global_batch": 32}})
    rows = [[c.strip() for c in line.split("|")[1:-1]] for line in table.splitlines()[2:]]
    assert rows == [["1", "cpu:0", "16", "100", "90", "1.00x"],
                    ["2", "gpu:0, gpu:1", "32", "150", "120", "1.50x"]]


def test_two_towers_train_in_a_fresh_process_and_write_nothing():
    # a fresh process: the benchmark splits the CPU, which only a new runtime allows
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "multi_tower.py"), "--towers", "1", "2",
         "--per-tower", "4", "--window", "0.2", "--repeats", "2", "--warmup", "1",
         "--no-write"], capture_output=True, text=True, timeout=300, check=True)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert len(rows) == 4  # header, rule, 1 and 2 towers
    two = [c.strip() for c in rows[3].split("|")[1:-1]]
    assert two[0] == "2" and two[2] == "8"
    assert two[1] in ("cpu:0, cpu:1", "gpu:0, gpu:1")  # two distinct devices
    assert float(two[3].replace(",", "")) >= float(two[4].replace(",", "")) > 0  # best >= median
