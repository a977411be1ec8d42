"""benchmarks/input_pipeline.py --quick end to end on the sample: a table, nothing written."""


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
        overlap = float(row.split("|")[5].split("/")[0])
        assert 0 < overlap < 10
    assert (_text(results_file()), _text(results_json_file())) == before
