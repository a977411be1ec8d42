"""benchmarks/input_pipeline.py --quick end to end on the sample: a table, nothing written;
its read latency, matched to the step unless given."""

import multiprocessing

import pytest
from benchmark_modules import load_benchmark

from cs20_helpers.benchmarking import results_file, results_json_file


def _text(path):
    return path.read_text(encoding="utf-8") if path.exists() else None


def test_quick_run_prints_every_way_and_writes_nothing(capsys):
    bench = load_benchmark("input_pipeline")
    args = bench.parse_args(["--quick"])
    assert args.no_write and args.size == 32 and args.repeats == 1
    assert bench.parse_args([]).window >= 5 and bench.parse_args([]).repeats >= 5
    before = _text(results_file()), _text(results_json_file())
    assert bench.main(["--quick"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert [row.split("|")[1].strip() for row in rows[2:]] == ["feed_dict", "queues", "tfdata"]
    for row in rows[2:]:
        overlap = float(row.split("|")[5].split("(")[0])
        assert 0 < overlap < 10
    assert (_text(results_file()), _text(results_json_file())) == before


def test_read_latency_is_matched_to_the_step_unless_given(capsys):
    bench = load_benchmark("input_pipeline")
    assert bench.parse_args([]).read_latency is None  # matched to the step
    assert bench.parse_args(["--read-latency", "0.003"]).read_latency == 0.003
    with pytest.raises(SystemExit):
        bench.parse_args(["--read-latency", "-1"])
    assert "--read-latency must be in [0, 10) s" in capsys.readouterr().err


def test_readme_paragraph_is_replaced_and_nothing_else(tmp_path):
    bench = load_benchmark("input_pipeline")
    row = {"input_only_s": 0.001, "step_only_s": 0.002, "together_s": 0.0025,
           "overlap": 1.25, "serial_bound": 1.5}
    rows = {way: row for way in ("feed_dict", "queues", "tfdata")}
    settings = {"readers": 2, "files": 500, "size": 224, "batch_size": 32,
                "read_latency_s": 0.004, "repeats": 5, "window_s": 5.0}
    readme = tmp_path / "README.md"
    readme.write_text("before\n\n**Input pipelines** (old text)\n\n**word2vec** (next)\n",
                      encoding="utf-8")
    bench.write_readme(rows, settings, readme)
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("before\n\n**Input pipelines** (") and "old text" not in text
    assert text.endswith("**word2vec** (next)\n")
    assert "| tf.data | 1.00 | 2.0 | 2.5 | 1.25 | 1.50 |" in text and "waits 4.0 ms" in text
    readme.write_text("no such paragraph\n", encoding="utf-8")
    with pytest.raises(ValueError, match="has no paragraph"):
        bench.write_readme(rows, settings, readme)


def test_busy_quick_run_measures_beside_a_hog_that_ends_with_it(capsys):
    bench = load_benchmark("input_pipeline_busy")
    assert bench.parse_args([]).settings == bench.NOTEBOOK and bench.parse_args([]).hogs == 2
    before = _text(results_json_file())
    children_before = set(multiprocessing.active_children())
    assert bench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    run = next(line for line in out.splitlines() if line.startswith("run 1: "))
    for key in ("feed_dict_overlap", "queues_overlap", "tfdata_overlap",
                "feed_dict_serial_share_rounds", "load_average_after"):
        assert f"{key} " in run
    assert "1 busy processes beside: spin" in out
    assert set(multiprocessing.active_children()) == children_before  # the hog has ended
    assert _text(results_json_file()) == before
