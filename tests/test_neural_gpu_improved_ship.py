"""scripts/neural_gpu_improved_ship.py: a tiny improved run, chosen on validation only, graded on
the test seed, shipped into a temporary copy of the package data and results, loaded back."""

import json
import shutil
import subprocess
import sys

import numpy as np
import pytest
from benchmark_modules import SCRIPTS, load_benchmark

from cs20_helpers import neural_gpu as ng
from cs20_helpers.neural_gpu import checkpoint as ckpt
from cs20_helpers.neural_gpu import improved as ngi
from cs20_helpers.neural_gpu import tasks
from cs20_helpers.paths import bundled_data_dir

# main() runs in this process, after the tests' TensorFlow import: its warning is expected.
pytestmark = pytest.mark.filterwarnings("ignore:TensorFlow was imported before setup")
TINY_RUN = ["--max-length", "3", "--check-every", "2", "--max-steps", "4", "--val-lengths",
            "3,4", "--val-count", "4", "--filters", "6", "--batch", "2"]
TINY_GRADING = ["--choose-length", "4", "--choose-count", "4", "--choose-long-length", "6",
                "--choose-long-count", "2", "--lengths", "3,5,7", "--goal-length", "5",
                "--count", "6", "--short-count", "2", "--mid-count", "3", "--long-length", "9",
                "--long-count", "2", "--carry-all", "5", "--carry-step", "4", "--carry-max",
                "12", "--planted-count", "5", "--planted-bits", "8", "--planted-runs", "2,6",
                "--xla-from", "6"]


def _script(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPTS / f"{name}.py"), *args],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """A tiny run of the improved training script: RUN/best, RUN/latest, RUN/log.jsonl."""
    out = tmp_path_factory.mktemp("improved") / "run"
    done = _script("neural_gpu_improved_train", "--out", str(out), *TINY_RUN)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture
def ship(monkeypatch):
    """The ship script as a module (its sibling ``neural_gpu_ship`` importable)."""
    monkeypatch.syspath_prepend(str(SCRIPTS))
    return load_benchmark("neural_gpu_improved_ship", SCRIPTS)


@pytest.fixture
def targets(tmp_path):
    """A copy of the package data's README and of the results files, to be written instead."""
    data = tmp_path / "data"
    (data / "neural_gpu").mkdir(parents=True)
    shutil.copy(bundled_data_dir() / "README.md", data / "README.md")
    results_md = tmp_path / "RESULTS.md"
    results_md.write_text("# Benchmarks\n\n## Other\n\nkept\n", encoding="utf-8")
    results_json = tmp_path / "results.json"
    results_json.write_text(json.dumps({"other": 1}), encoding="utf-8")
    return ["--data-dir", str(data), "--results-json", str(results_json), "--results-md",
            str(results_md)]


def test_the_choice_uses_validation_sums_only_and_the_test_seed_comes_after(
        run, ship, targets, monkeypatch, tmp_path):
    events = []
    accuracy, plant, family = ngi.Trainer.accuracy, tasks.planted_carry_batch, tasks.carry_family

    def recorded_accuracy(self, length, count=64, seed=ng.VALIDATION_SEED, batch=64):
        events.append(("accuracy", seed, length))
        return accuracy(self, length, count, seed, batch)

    def recorded_plant(count, bits, runs, rng):
        events.append(("planted", int(rng.bit_generator.seed_seq.entropy[0]), bits))
        return plant(count, bits, runs, rng)

    def recorded_family(n):
        events.append(("carry", None, n))
        return family(n)

    choose = ship.choose

    def recorded_choose(*args):
        result = choose(*args)
        events.append(("chosen", None, None))
        return result

    monkeypatch.setattr(ngi.Trainer, "accuracy", recorded_accuracy)
    monkeypatch.setattr(tasks, "planted_carry_batch", recorded_plant)
    monkeypatch.setattr(tasks, "carry_family", recorded_family)
    monkeypatch.setattr(ship, "choose", recorded_choose)
    assert ship.main(["--run", str(run), *TINY_GRADING, *targets]) == 0

    at = events.index(("chosen", None, None))
    before, after = events[:at], events[at + 1:]
    assert sorted(before) == sorted([("accuracy", ng.VALIDATION_SEED, n) for n in (4, 6)] * 2)
    assert {seed for kind, seed, _ in after if kind != "carry"} == {ng.TEST_SEED}
    assert [n for kind, _, n in after if kind == "accuracy"] == [3, 5, 7, 9]
    assert [n for kind, _, n in after if kind == "carry"] == [2, 3, 4, 5, 8, 12]
    assert [bits for kind, _, bits in after if kind == "planted"] == [8]


def test_the_shipped_files_hold_the_provenance_and_load_back(run, ship, targets, tmp_path):
    assert ship.main(["--run", str(run), *TINY_GRADING, *targets]) == 0
    data = tmp_path / "data"
    meta = json.loads((data / "neural_gpu" / "add_improved.json").read_text(encoding="utf-8"))
    for key in ("seed", "steps", "wall_seconds", "cpu_seconds", "threads", "command",
                "loadavg_1min", "choice", "test", "carry_family", "planted_carry", "goal",
                "grading", "hparams", "validation_seed", "test_seed"):
        assert key in meta, key
    assert meta["architecture"] == "improved" and meta["test_seed"] == ng.TEST_SEED
    assert meta["choice"]["seed"] == ng.VALIDATION_SEED
    assert meta["choice"]["chosen"] in ("best", "latest")
    assert set(meta["choice"]["figures"]) == {"best", "latest"}
    assert set(meta["choice"]["figures"]["best"]) == {"4", "6"}
    assert {k: v["count"] for k, v in meta["test"].items()} == {"3": 2, "5": 6, "7": 3, "9": 2}
    assert all(v["seconds_per_sum"] >= 0 for v in meta["test"].values())
    assert meta["carry_family"]["tested"] == [2, 3, 4, 5, 8, 12]
    assert meta["carry_family"]["correct"] + len(meta["carry_family"]["failing"]) == 6
    assert meta["planted_carry"]["count"] == 5 and meta["planted_carry"]["runs"] == [2, 6]
    assert set(meta["goal"]) == {"random", "long", "carry_family", "planted"}
    assert meta["goal_met"] == all(g["met"] for g in meta["goal"].values())
    assert meta["loadavg_1min"]["min"] <= meta["loadavg_1min"]["median"] \
        <= meta["loadavg_1min"]["max"]
    assert len(meta["grading"]["loadavg_before"]) == 3 and meta["hparams"]["filters"] == 6
    assert meta["grading"]["xla_from_bits"] == 6
    weights = np.load(data / "neural_gpu" / "add_improved.npz")
    assert not any("adamax" in name for name in weights.files)

    readme = (data / "README.md").read_text(encoding="utf-8")
    assert "| `neural_gpu/add_improved.npz` |" in readme
    assert "| `neural_gpu/add_sequential.npz` |" in readme  # the other rows kept
    results = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert results["other"] == 1 and results["neural_gpu_improved"]["test"] == meta["test"]
    md = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert "## Neural GPU: the improved model" in md and "kept" in md

    trainer, provenance = ckpt.load_shipped("add_improved", data_dir=data)
    try:
        assert isinstance(trainer, ngi.Trainer) and provenance["steps"] == meta["steps"]
        x, y = trainer.batch(2, 3, np.random.default_rng(0))
        assert trainer.predict(x).shape == y.shape + (ng.VOCAB,)
    finally:
        trainer.close()
    trainer, _ = ckpt.load_shipped_improved(data_dir=data)
    trainer.close()


def test_the_original_shipped_model_still_loads_by_default():
    trainer, provenance = ckpt.load_shipped()
    try:
        assert isinstance(trainer, ng.Trainer) and not isinstance(trainer, ngi.Trainer)
        assert trainer.hp.layout == "sequential" and "test" in provenance
    finally:
        trainer.close()
    with pytest.raises(FileNotFoundError, match="no shipped Neural GPU 'nothing'"):
        ckpt.load_shipped("nothing")


def test_a_missing_run_or_checkpoint_is_a_one_line_error(run, tmp_path):
    for folder in (tmp_path / "missing", tmp_path):
        done = _script("neural_gpu_improved_ship", "--run", str(folder))
        assert done.returncode == 2 and done.stderr.startswith("error: no checkpoint")
        assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    half = tmp_path / "half"
    half.mkdir()
    shutil.copy(run / "best.json", half / "best.json")
    done = _script("neural_gpu_improved_ship", "--run", str(half))
    assert done.returncode == 2 and "latest.json" in done.stderr
