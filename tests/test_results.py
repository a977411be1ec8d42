"""Result records: a printed table and a JSON file of plain numbers."""

import json

import numpy as np
import pytest

from cs20_helpers import results


def test_record_writes_json_and_prints_table(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CS20_RESULTS_DIR", str(tmp_path))
    path = results.record("03_demo", accuracy=np.float32(0.91234), steps=np.int64(1200))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert path == tmp_path / "03_demo.json"
    assert data["notebook"] == "03_demo"
    assert data["metrics"]["steps"] == 1200 and isinstance(data["metrics"]["steps"], int)
    assert data["metrics"]["accuracy"] == pytest.approx(0.91234, rel=1e-6)
    out = capsys.readouterr().out
    assert "accuracy" in out and "0.9123" in out and "1,200" in out
    assert results.load("03_demo") == data["metrics"]


def test_record_takes_a_list_of_numbers(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CS20_RESULTS_DIR", str(tmp_path))
    results.record("10_demo", steps=[np.int64(196), 205], losses=(0.5, np.float32(0.25)))
    assert results.load("10_demo") == {"steps": [196, 205], "losses": [0.5, 0.25]}
    assert "[196, 205]" in capsys.readouterr().out


@pytest.mark.parametrize("bad, error", [("high", TypeError), (float("nan"), ValueError),
                                        (True, TypeError), ([], ValueError),
                                        ([1, "x"], TypeError)])
def test_record_rejects_non_numbers_and_keeps_old_file(tmp_path, monkeypatch, bad, error):
    monkeypatch.setenv("CS20_RESULTS_DIR", str(tmp_path))
    results.record("nb", x=1)
    with pytest.raises(error):
        results.record("nb", x=bad)
    assert results.load("nb") == {"x": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nb.json"]


@pytest.mark.parametrize("value, shown", [(16.99521, "16.9952"), (0.9, "0.9000"),
                                          (504512.3, "504,512"), (1.192e-07, "1.192e-07"),
                                          (0.0, "0.0000"), (138357544, "138,357,544")])
def test_values_are_shown_without_losing_digits(value, shown):
    assert results.format_value(value) == shown


def test_record_needs_a_metric():
    with pytest.raises(ValueError):
        results.record("nb")
