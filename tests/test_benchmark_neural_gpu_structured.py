"""benchmarks/neural_gpu_structured.py: a quick run on two stand-in models, one exact and one
that fails long carries, writes its own key and section into copies of RESULTS.md and
results.json, with the figures notebook 12 reads (and ``views.structured_grades``'s)."""

import json

import numpy as np
import pytest
from benchmark_modules import load_benchmark

from cs20_helpers import benchmarking
from cs20_helpers.neural_gpu import checkpoint, tasks


class Adder:
    """A stand-in for a shipped model that adds sequential-layout sums exactly, except, when
    ``carry_blind``, that it gets the top answer bit wrong whenever a's low n - 1 bits are all
    ones (the carry family among them)."""

    def __init__(self, carry_blind: bool):
        self.carry_blind, self.closed = carry_blind, False

    def predict(self, inputs: np.ndarray) -> np.ndarray:
        """One-hot logits of the answer."""
        n = (inputs.shape[-1] - 1) // 2
        answers = np.zeros(inputs.shape[::2], np.int64)
        for k, row in enumerate(inputs[:, 0]):
            a = tasks.from_symbols(row[:n])
            bits = tasks.to_bits(a + tasks.from_symbols(row[n + 1:]), n + 1)
            if self.carry_blind and a % 2 ** (n - 1) == 2 ** (n - 1) - 1:
                bits[n] ^= 1
            answers[k, :n + 1] = np.array(bits) + 1
        return np.eye(tasks.VOCAB)[answers]

    def correct(self, inputs: np.ndarray, targets: np.ndarray) -> np.ndarray:
        return np.all(self.predict(inputs).argmax(-1) == targets, axis=-1)

    def accuracy(self, length: int, count: int, seed: int, batch: int) -> float:
        x, y = tasks.task_batch("add", count, length, np.random.default_rng([seed, length]),
                                "sequential")
        return float(self.correct(x, y).mean())

    def close(self) -> None:
        self.closed = True


# In this process the tests imported TensorFlow before main() sets it up; a real run does not.
@pytest.mark.filterwarnings("ignore:TensorFlow was imported before setup")
def test_quick_run_grades_both_models_and_writes_only_its_own_key(tmp_path, monkeypatch):
    bench = load_benchmark("neural_gpu_structured")
    repository = [p.read_bytes() for p in (benchmarking.results_file(),
                                           benchmarking.results_json_file())]
    models = {"add_sequential": Adder(carry_blind=True), "add_improved": Adder(False)}
    monkeypatch.setattr(checkpoint, "load_shipped",
                        lambda name="add_sequential": (models[name], {}))
    monkeypatch.setattr(benchmarking, "results_file", lambda: tmp_path / "RESULTS.md")
    monkeypatch.setattr(benchmarking, "results_json_file", lambda: tmp_path / "results.json")
    (tmp_path / "results.json").write_text('{"neural_gpu": 1}\n', encoding="utf-8")
    assert bench.main(["--quick"]) == 0
    assert all(model.closed for model in models.values())
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    figures = data[bench.KEY]
    assert data["neural_gpu"] == 1 and figures["fresh_seed"] == bench.FRESH_SEED == 3
    assert figures["fresh_right"] == {"original": 4, "improved": 4}
    assert figures["carry"] == {"original": {"10": False}, "improved": {"10": True, "12": True}}
    assert figures["carry_scan"] == {"from": 2, "to": 6, "wrong": [2, 3, 4, 5, 6]}
    for name, lengths in bench.QUICK["bits"].items():
        for n in lengths:
            grades = figures["structured"][name][str(n)]
            assert grades["random_right"] == grades["random_count"] == 16
            wrong = {f: bit for f, bit in grades["first_wrong"].items() if bit is not None}
            assert sorted(grades["first_wrong"]) == sorted(tasks.STRUCTURED)
            assert wrong == ({"1 + 1": n, "1 + 0": n, "1 + one": n} if name == "original"
                             else {}), (name, n)
    assert "machine" in figures and isinstance(figures["loaded"], bool)
    section = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert f"## {bench.HEADING}" in section and "| `1 + one` | bit 9 | ok | ok |" in section
    monkeypatch.undo()  # the repository's own files are as they were
    assert [p.read_bytes() for p in (benchmarking.results_file(),
                                     benchmarking.results_json_file())] == repository


def test_the_full_run_grades_what_notebook_12_shows():
    bench = load_benchmark("neural_gpu_structured")
    assert (bench.FRESH_BITS, bench.FRESH_COUNT, bench.LONG_CARRY, bench.CARRY_TO) == (
        200, 32, 2000, 40)
    assert bench.BITS == {"original": (20, 40), "improved": (200, 300, 1000)}
