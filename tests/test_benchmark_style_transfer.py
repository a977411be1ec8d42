"""benchmarks/style_transfer.py: its table, the race on the total loss, its defaults, and a
tiny end-to-end run in a fresh process."""

import subprocess
import sys

import pytest
from benchmark_modules import BENCHMARKS, load_benchmark

from cs20_helpers.paths import REPO_DIR

bench = load_benchmark("style_transfer")


def test_table_shows_speed_what_reached_the_target_and_the_losses_after_each_count():
    table = bench.markdown_table({
        "Adam": {"seconds": 2.0, "evaluations": 100, "reached": (40, 0.8),
                 "values": [(3.0, 9.0), (1.0, 4.0), (2.0, 5.0)]},
        "L-BFGS": {"seconds": 1.0, "evaluations": 100, "reached": None,
                   "values": [(3.0, 9.0), (0.5, 6.0), (0.2, 3.0)]}}, report_at=(2, 3))
    rows = [[c.strip() for c in line.split("|")[1:-1]] for line in table.splitlines()[2:]]
    assert rows == [["Adam", "50.0", "40", "0.80", "1 / 4", "1 / 4"],
                    ["L-BFGS", "100.0", "not", "not", "0.5 / 6", "0.2 / 3"]]
    assert table.splitlines()[0].endswith("style / total after 2 | style / total after 3 |")


def test_losses_after_a_count_are_those_of_the_lowest_total_so_far():
    values = [(3.0, 9.0), (1.0, 4.0), (0.1, 5.0), (0.2, 2.0)]
    assert bench.losses_after(values, 1) == (3.0, 9.0)
    assert bench.losses_after(values, 3) == (1.0, 4.0)  # not the lowest style loss
    assert bench.losses_after(values, 100) == (0.2, 2.0)  # a run that stopped early


def test_the_race_is_won_on_the_total_loss():
    race = bench.Race(target=3.0)
    for style_value, total in [(0.1, 9.0), (5.0, 3.0), (0.0, 1.0)]:
        race.note(style_value, total)
    result = race.result()
    assert result["reached"][0] == 2 and result["evaluations"] == 3  # the style loss is ignored
    assert result["values"][0] == (0.1, 9.0) and result["seconds"] >= result["reached"][1]


def test_the_default_is_the_documented_run_and_quick_writes_nothing():
    args = bench.parse_args([])
    docs = " ".join((REPO_DIR / "docs" / "benchmarks.md").read_text(encoding="utf-8").split())
    assert f"`--reduction {args.reduction:g}`, the script's default" in docs
    assert args.report_at == (10, 100) and args.size == 256
    assert args.evaluations == 100 and not args.no_write
    quick = bench.parse_args(["--quick"])
    assert quick.no_write and quick.size <= 64 and quick.report_at == (10,)  # 100 > budget


def test_every_way_runs_in_a_fresh_process_and_writes_nothing():
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "style_transfer.py"), "--size", "40",
         "--evaluations", "4", "--warmup", "1", "--reduction", "1.01", "--report-at", "2", "4",
         "--no-write"],
        capture_output=True, text=True, timeout=300, check=True)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + 5  # header, rule and the five ways
    cells = {row.split("|")[1].strip(): [c.strip() for c in row.split("|")[2:-1]]
             for row in rows[2:]}
    for way in cells.values():
        assert float(way[0]) > 0 and len(way) == 5
    # Adam restarts from the start after its warm-up: the TF1 and TF2 runs take the same path
    graph, eager = cells["Adam, TF1 graph and session"], cells["Adam, tf.function"]
    for a, b in zip(graph[3:], eager[3:], strict=True):
        assert [float(x) for x in a.split(" / ")] == pytest.approx(
            [float(x) for x in b.split(" / ")], rel=2e-3)
