"""scripts/neural_gpu_train.py and neural_gpu_ship.py: a tiny run, resumed, then graded."""

import json
import subprocess
import sys

from benchmark_modules import SCRIPTS, load_benchmark

TINY_RUN = ["--max-length", "2", "--check-every", "5", "--val-lengths", "3,4",
            "--val-count", "4", "--filters", "4"]


def _script(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPTS / f"{name}.py"), *args],
                          capture_output=True, text=True, timeout=600)


def test_validation_order_puts_the_longest_length_first():
    train = load_benchmark("neural_gpu_train", SCRIPTS)
    assert train.score({"40": 0.5, "100": 0.2}) == (0.2, 0.5)
    assert train.score({"40": 1.0, "100": 0.2}) < train.score({"40": 0.0, "100": 0.3})


def test_a_run_logs_checkpoints_resumes_and_is_graded(tmp_path):
    out = tmp_path / "run"
    done = _script("neural_gpu_train", "--out", str(out), "--max-steps", "10", *TINY_RUN)
    assert done.returncode == 0, done.stderr
    log = [json.loads(line) for line in (out / "log.jsonl").read_text("utf-8").splitlines()]
    assert [e["step"] for e in log] == [5, 10]
    assert all("validation" in e and "loadavg" in e and "wall_seconds" in e for e in log)
    best = json.loads((out / "best.json").read_text("utf-8"))
    assert best["validation_seed"] == 1 and best["steps"] in (5, 10)
    done = _script("neural_gpu_train", "--out", str(out), "--max-steps", "15", "--resume",
                   *TINY_RUN)
    assert done.returncode == 0, done.stderr
    log = (out / "log.jsonl").read_text("utf-8").splitlines()
    assert json.loads(log[-1])["step"] == 15 and len(log) == 3
    graded = _script("neural_gpu_ship", "--run", str(out), "--lengths", "3", "--count", "4",
                     "--long-length", "6", "--long-count", "2", "--no-write")
    assert graded.returncode == 0, graded.stderr
    assert "| 6 | 2 |" in graded.stdout and "3 bits:" in graded.stdout


def test_shipping_without_a_checkpoint_is_a_one_line_error(tmp_path):
    done = _script("neural_gpu_ship", "--run", str(tmp_path))
    assert done.returncode == 2 and done.stderr.startswith("error: no checkpoint")
    assert "Traceback" not in done.stderr


def test_readme_rows_are_replaced_or_added():
    ship = load_benchmark("neural_gpu_ship", SCRIPTS)
    readme = "| file | bytes | sha256 |\n| --- | ---: | --- |\n| `a.txt` | 1 | `x` |\n\nmore"
    once = ship.readme_rows(readme, {"n/b.npz": b"abc"})
    assert once.splitlines()[3].startswith("| `n/b.npz` | 3 | `ba7816bf")
    twice = ship.readme_rows(once, {"n/b.npz": b"abcd"})
    assert twice.count("n/b.npz") == 1 and "| `n/b.npz` | 4 |" in twice
    assert twice.endswith("\n\nmore")


def test_a_finetune_counts_on_from_its_checkpoint(tmp_path):
    source, out = tmp_path / "run", tmp_path / "finetune"
    done = _script("neural_gpu_train", "--out", str(source), "--max-steps", "5", *TINY_RUN)
    assert done.returncode == 0, done.stderr
    done = _script("neural_gpu_train", "--out", str(out), "--max-steps", "10",
                   "--finetune", str(source / "best"), "--lr", "0.0001", *TINY_RUN)
    assert done.returncode == 0, done.stderr
    log = [json.loads(line) for line in (out / "log.jsonl").read_text("utf-8").splitlines()]
    assert [e["step"] for e in log] == [10] and log[0]["level"] == 2
    best = json.loads((out / "best.json").read_text("utf-8"))
    assert best["hparams"]["lr"] == 0.0001 and best["steps"] == 10
    assert best["finetuned_from"]["steps"] == 5 and best["finetuned_from"]["lr"] == 0.003
    source_wall = json.loads((source / "best.json").read_text("utf-8"))["wall_seconds"]
    assert best["wall_seconds"] > source_wall
    graded = _script("neural_gpu_ship", "--run", str(out), "--lengths", "3", "--count", "4",
                     "--long-length", "6", "--long-count", "2", "--no-write")
    assert graded.returncode == 0, graded.stderr


def test_finetune_options_go_together(tmp_path):
    for args in (["--lr", "0.001"], ["--finetune", str(tmp_path / "best")],
                 ["--resume", "--finetune", str(tmp_path / "best"), "--lr", "0.001"],
                 ["--finetune", str(tmp_path / "missing"), "--lr", "0.001"]):
        done = _script("neural_gpu_train", "--out", str(tmp_path / "x"), *args)
        assert done.returncode == 2 and "Traceback" not in done.stderr, args
