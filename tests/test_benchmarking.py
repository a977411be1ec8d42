"""benchmarking: results.json keeps other benchmarks' keys; timed windows repeat and summarise."""

import json

import pytest

from cs20_helpers.benchmarking import cpu_busy_share, timed_windows, write_results_json


def test_results_json_keeps_other_keys(tmp_path):
    path = tmp_path / "results.json"
    write_results_json("a", {"x": 1}, path)
    write_results_json("b", {"y": 2}, path)
    write_results_json("a", {"x": 3}, path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": {"x": 3}, "b": {"y": 2}}
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


def test_results_json_failed_write_keeps_old_file(tmp_path):
    path = tmp_path / "results.json"
    write_results_json("a", {"x": 1}, path)
    with pytest.raises(TypeError):
        write_results_json("b", {"y": object()}, path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": {"x": 1}}


def test_timed_windows_repeats_and_summarises():
    calls = []

    def step():
        calls.append(1)
        return 4

    figures = timed_windows(step, window_s=0.01, repeats=3)
    assert len(calls) >= 3
    assert figures["repeats"] == 3
    assert figures["min_s_per_example"] <= figures["median_s_per_example"]
    assert figures["max_examples_per_s"] == pytest.approx(1 / figures["min_s_per_example"])


def test_cpu_busy_share_sees_a_busy_loop():
    import threading

    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            pass

    idle = cpu_busy_share(0.3)
    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        busy = cpu_busy_share(0.3)
    finally:
        stop.set()
        spinner.join()
    assert idle is not None and 0.0 <= idle <= 1.0
    assert busy > 0.3  # one spinning thread keeps at least one of the cores busy


def test_window_figures_summarise_any_number_of_windows():
    from cs20_helpers.benchmarking import window_figures

    figures = window_figures([0.004, 0.001, 0.002], window_s=0.5)
    assert figures["min_s_per_example"] == 0.001 and figures["median_s_per_example"] == 0.002
    assert figures["max_examples_per_s"] == 1000 and figures["median_examples_per_s"] == 500
    assert figures["repeats"] == 3 and figures["window_s"] == 0.5


def test_under_load_reads_the_busy_share_before_the_run():
    from cs20_helpers.benchmarking import LOADED_BUSY_SHARE, under_load

    assert not under_load(None)  # not measured (outside Linux): not called loaded
    assert not under_load(0.0)
    assert not under_load(LOADED_BUSY_SHARE)
    assert under_load(0.5)


@pytest.fixture
def runner(tmp_path, monkeypatch):
    """``run_benchmark`` with a stand-in TensorFlow, a quiet CPU and the results in tmp_path."""
    from types import SimpleNamespace

    from cs20_helpers import benchmarking

    fake_tf = SimpleNamespace(__version__="2.x", config=SimpleNamespace(
        list_physical_devices=lambda kind: []))
    asked = []
    monkeypatch.setattr(benchmarking, "import_tensorflow",
                        lambda cpu_devices=None: asked.append(cpu_devices) or fake_tf)
    monkeypatch.setattr(benchmarking, "cpu_busy_share", lambda: 0.5)
    monkeypatch.setattr(benchmarking, "results_file", lambda: tmp_path / "RESULTS.md")
    monkeypatch.setattr(benchmarking, "results_json_file", lambda: tmp_path / "results.json")
    return benchmarking, asked


def _measure(bench):
    """A benchmark's measuring function: prints its table, returns what to store."""
    from cs20_helpers.benchmarking import Section

    print("the table")
    return Section({"figure": 1, "loaded": bench.loaded, "busy": bench.busy_before},
                   "What was run.", "| a |", "A note.")


def test_one_runner_serves_every_benchmark(runner, tmp_path, capsys):
    benchmarking, asked = runner
    parser = benchmarking.argument_parser("A benchmark.\n\nMore.")
    assert parser.description == "A benchmark."
    assert benchmarking.run_benchmark(parser.parse_args([]), _measure, "key", "Heading",
                                      cpu_devices=4) == 0
    assert asked == [4] and capsys.readouterr().out.startswith("the table\n")
    assert json.loads((tmp_path / "results.json").read_text(encoding="utf-8")) == {
        "key": {"figure": 1, "loaded": True, "busy": 0.5}}
    section = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert "## Heading\n\nWhat was run.\n\nMachine: " in section
    assert ("CPU 50% busy in the second before the run.\n\n| a |\n\nMeasured under load (the "
            "CPU was over 25% busy before the run): indicative only; re-run on a quiet machine. "
            "A note.\n") in section


def test_the_runner_writes_nothing_under_no_write_or_on_a_failure(runner, tmp_path):
    benchmarking, _ = runner
    parser = benchmarking.argument_parser("A benchmark.", "benchmark_results.json")
    assert "do not update benchmark_results.json" in parser.format_help()
    args = parser.parse_args(["--no-write"])
    assert benchmarking.run_benchmark(args, _measure, "key", "Heading") == 0
    assert benchmarking.run_benchmark(parser.parse_args([]), lambda bench: 1, "key", "H") == 1
    only_figures = benchmarking.Section({"runs": []})  # no RESULTS.md section
    assert benchmarking.run_benchmark(parser.parse_args([]), lambda bench: only_figures,
                                      "key", "") == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def test_the_runner_writes_where_the_arguments_say(runner, tmp_path):
    benchmarking, _ = runner
    out = tmp_path / "elsewhere"
    out.mkdir()
    (out / "RESULTS.md").write_text("# Benchmarks\n\n## Other\n\nkept\n", encoding="utf-8")
    args = benchmarking.argument_parser("A benchmark.").parse_args(
        ["--results-md", str(out / "RESULTS.md"), "--results-json", str(out / "r.json")])
    assert benchmarking.run_benchmark(args, _measure, "key", "Heading") == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere"]  # not the defaults
    assert json.loads((out / "r.json").read_text(encoding="utf-8"))["key"]["figure"] == 1
    text = (out / "RESULTS.md").read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks\n\n## Other\n\nkept\n\n## Heading\n\nWhat was run.")


def _busy(monkeypatch, benchmarking, before, after):
    """Make the CPU read ``before`` as the run starts and ``after`` once it has ended."""
    readings = iter([before, after])
    monkeypatch.setattr(benchmarking, "cpu_busy_share", lambda: next(readings))


def _loaded_section(bench):
    from cs20_helpers.benchmarking import Section

    return Section({"figure": 1, "loaded": bench.loaded}, "What was run.", "| a |", "A note.",
                   under_load="the seconds are indicative only.")


@pytest.mark.parametrize(("before", "after", "loaded", "note"), [
    (0.1, 0.1, False, ""),
    (0.5, 0.1, True, "Measured under load (the CPU was over 25% busy before the run): the "
                     "seconds are indicative only. "),
    (0.1, 0.6, True, "Measured under load (the CPU was over 25% busy right after the run, "
                     "60%, though not before it): the seconds are indicative only. "),
])
def test_the_runner_marks_figures_taken_under_load_before_or_after(
        runner, tmp_path, monkeypatch, capsys, before, after, loaded, note):
    benchmarking, _ = runner
    _busy(monkeypatch, benchmarking, before, after)
    args = benchmarking.argument_parser("A benchmark.").parse_args([])
    assert benchmarking.run_benchmark(args, _loaded_section, "key", "Heading") == 0
    figures = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["key"]
    assert figures == {"figure": 1, "loaded": loaded}
    section = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert section.endswith(f"| a |\n\n{note}A note.\n")
    assert ("right after the run" in capsys.readouterr().err) == (after > before)


def test_a_benchmark_without_its_own_load_note_gets_the_quiet_rerun_one(runner, tmp_path,
                                                                        monkeypatch):
    from cs20_helpers.benchmarking import QUIET_RERUN, Section, load_note

    benchmarking, _ = runner
    assert load_note(None, None) == load_note(0.1, 0.2) == ""
    assert load_note(0.9, None).endswith(QUIET_RERUN)
    args = benchmarking.argument_parser("A benchmark.").parse_args([])
    assert benchmarking.run_benchmark(args, lambda bench: Section(None, "Run.", "| t |"),
                                      "key", "Heading") == 0
    assert (tmp_path / "RESULTS.md").read_text(encoding="utf-8").endswith(
        f"| t |\n\nMeasured under load (the CPU was over 25% busy before the run): "
        f"{QUIET_RERUN}\n")
