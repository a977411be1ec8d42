"""benchmarks/neural_gpu_improved.py: its variants, its budget, and a quick run that writes its
own key and section into copies of RESULTS.md and results.json."""

import json

import pytest
from benchmark_modules import load_benchmark

from cs20_helpers import benchmarking
from cs20_helpers.neural_gpu import improved as ngi


def test_the_variants_switch_off_the_diagonal_gate_and_the_saturation_cost():
    bench = load_benchmark("neural_gpu_improved")
    full = ngi.DEFAULTS._asdict()
    for name, change in bench.VARIANTS.items():
        assert name.startswith("improved: ") and set(change) <= {"diagonal", "saturation"}
        assert all(full[k] != v for k, v in change.items()), name
    singles = [set(change) for change in bench.VARIANTS.values() if len(change) == 1]
    assert sorted(map(sorted, singles)) == [["diagonal"], ["saturation"]]
    assert {} in bench.VARIANTS.values()
    assert bench.original.VARIANTS[bench.REFERENCE] == {}  # the recipe as it is


def test_every_run_gets_the_wall_time_of_a_neural_gpu_benchmark_run():
    bench = load_benchmark("neural_gpu_improved")
    assert bench.SECONDS == 2700.0 * 0.85 / (9 * 3) == 85.0
    assert bench.original.lengths_for(bench.original.TRAIN_LENGTH) == [6, 12, 30, 60]


# In this process the tests imported TensorFlow before main() sets it up; a real run does not.
@pytest.mark.filterwarnings("ignore:TensorFlow was imported before setup")
def test_quick_run_trains_every_variant_and_writes_only_its_own_key(tmp_path, monkeypatch,
                                                                    capsys):
    bench = load_benchmark("neural_gpu_improved")
    repository = [p.read_bytes() for p in (benchmarking.results_file(),
                                           benchmarking.results_json_file())]
    monkeypatch.setattr(benchmarking, "results_file", lambda: tmp_path / "RESULTS.md")
    monkeypatch.setattr(benchmarking, "results_json_file", lambda: tmp_path / "results.json")
    (tmp_path / "results.json").write_text('{"neural_gpu": 1}\n', encoding="utf-8")
    assert bench.main(["--quick"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    names = [bench.REFERENCE, *bench.VARIANTS]
    assert [row.split(" | ")[0][2:] for row in rows[2:]] == names
    assert all(row.split(" | ")[3] == "–" for row in rows[3:])  # no curriculum level
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert data["neural_gpu"] == 1 and sorted(data[bench.KEY]["runs"]) == sorted(names)
    figures = data[bench.KEY]
    assert figures["lengths"] == [2, 4, 10, 20] and figures["train_seconds_per_run"] == 2.0
    assert "machine" in figures and isinstance(figures["loaded"], bool)
    for name, row in figures["runs"].items():
        (run,) = row["seeds"]
        assert run["steps"] > 0 and set(run["fully_correct"]) == {"2", "4", "10", "20"}
        assert (row["model"] == "improved") == ("final" in run), name
        assert row["model"] == "neural_gpu" or run["final"]["saturation"] > 0
    assert figures["hparams"]["improved"]["filters"] == 6  # tiny in quick mode
    section = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert f"## {bench.HEADING}" in section and "| improved: neither | 0 |" in section
    monkeypatch.undo()  # the repository's own files are as they were
    assert [p.read_bytes() for p in (benchmarking.results_file(),
                                     benchmarking.results_json_file())] == repository
