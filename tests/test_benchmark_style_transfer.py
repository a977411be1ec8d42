"""benchmarks/style_transfer.py: its table, and a tiny end-to-end run in a fresh process."""

import subprocess
import sys

from benchmark_modules import BENCHMARKS, load_benchmark


def test_table_shows_speed_and_what_reached_the_target():
    bench = load_benchmark("style_transfer")
    table = bench.markdown_table({
        "Adam": {"seconds": 2.0, "evaluations": 100, "reached": (40, 0.8)},
        "L-BFGS": {"seconds": 1.0, "evaluations": 100, "reached": None}})
    rows = [[c.strip() for c in line.split("|")[1:-1]] for line in table.splitlines()[2:]]
    assert rows == [["Adam", "50.0", "40", "0.80"], ["L-BFGS", "100.0", "not", "not"]]


def test_every_way_runs_in_a_fresh_process_and_writes_nothing():
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "style_transfer.py"), "--size", "40",
         "--evaluations", "4", "--warmup", "1", "--reduction", "1.01", "--no-write"],
        capture_output=True, text=True, timeout=300, check=True)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + 5  # header, rule and the five ways
    for row in rows[2:]:
        cells = [c.strip() for c in row.split("|")[1:-1]]
        assert float(cells[1]) > 0
