"""benchmarks/logreg_step.py: its table, its round-robin timer, a short run in a fresh process."""

import subprocess
import sys

from benchmark_modules import BENCHMARKS, load_benchmark


def test_table_splits_whole_steps_into_their_two_parts():
    bench = load_benchmark("logreg_step")
    ms = {"step: feed_dict": 1.0, "feed_dict: take a batch with NumPy": 0.25,
          "feed_dict: step on a batch taken beforehand": 0.5,
          "step: TensorFlow 2": 2.0, "TF2: next batch from the dataset": 0.5,
          "TF2: train_step on a ready batch": 1.0, "step: tf.data in the graph": 0.75}
    rows = [[c.strip() for c in line.split("|")[1:-1]]
            for line in bench.markdown_table(ms).splitlines()[2:]]
    by_name = {row[0]: row[1:] for row in rows}
    assert by_name["step: feed_dict"] == ["1.000", "0.750", "0.250"]
    assert by_name["step: TensorFlow 2"] == ["2.000", "1.500", "0.500"]
    assert by_name["step: tf.data in the graph"] == ["0.750", "", ""]


def test_best_round_is_kept_and_every_function_runs_in_every_round():
    bench = load_benchmark("logreg_step")
    calls = {"a": 0, "b": 0}

    def bump(name):
        calls[name] += 1

    ms = bench.best_ms_per_call({"a": lambda: bump("a"), "b": lambda: bump("b")}, calls=3,
                                rounds=4)
    assert calls == {"a": 12, "b": 12}
    assert set(ms) == {"a", "b"} and all(0 <= v < 1000 for v in ms.values())


def test_short_run_prints_every_row_and_writes_nothing():
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "logreg_step.py"), "--calls", "1", "--rounds", "1",
         "--no-write"], capture_output=True, text=True, timeout=300, check=True)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + 11  # header, rule, eleven timed callables
    assert "wrote" not in done.stdout


def test_bad_arguments_exit_2_without_a_traceback():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "logreg_step.py"), "--rounds", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
