"""The benchmark figures of docs/benchmarks.md (once in the README, issue 37) are the ones the
benchmarks last wrote to results.json."""

import json

from cs20_helpers.benchmarking import results_json_file
from cs20_helpers.paths import REPO_DIR

PAGE = REPO_DIR / "docs" / "benchmarks.md"


def _page() -> str:
    """Return the benchmarks page with its whitespace runs made single spaces."""
    return " ".join(PAGE.read_text(encoding="utf-8").split())


def test_input_pipeline_table_matches_results_json():
    figures = json.loads(results_json_file().read_text(encoding="utf-8"))["input_pipeline"]
    for way, label in (("feed_dict", "feed_dict"), ("queues", "queues"), ("tfdata", "tf.data")):
        r = figures[way]
        row = (f"| {label} | {r['input_only_s'] * 1e3:.2f} | {r['step_only_s'] * 1e3:.1f} | "
               f"{r['together_s'] * 1e3:.1f} | {r['overlap']:.2f} | {r['serial_bound']:.2f} |")
        assert row in _page(), f"{PAGE.name} lacks the row {row}"


def test_word2vec_and_multi_tower_figures_match_results_json():
    data = json.loads(results_json_file().read_text(encoding="utf-8"))
    w2v = data["word2vec"]["negatives_5"]
    readme = _page()
    assert f"gensim reached the target in {w2v['gensim_seconds_to_target']:.1f} s" in readme
    assert f"{w2v['tf_seconds_to_target']:.1f} s ({w2v['tf_over_gensim']:.2f}x" in readme
    towers = data["multi_tower"]["towers"]
    for count, label in (("1", "1 tower"), ("2", "2 towers"), ("4", "4 towers")):
        t = towers[count]
        text = f"{label} {t['max_examples_per_s']:.0f} ({t['median_examples_per_s']:.0f})"
        assert text in readme, f"{PAGE.name} lacks {text}"


def test_grade_class_figures_match_results_json():
    """Issue 48: the class-grading figures of the benchmarks page and the instructors' guide are
    the ones benchmarks/grade_class.py last wrote."""
    data = json.loads(results_json_file().read_text(encoding="utf-8"))["grade_class"]
    seconds, ratios, start = data["seconds"], data["ratios"], data["start_ms"]
    guide = " ".join((REPO_DIR / "docs" / "instructors.md").read_text(encoding="utf-8").split())
    page = _page()
    extra = round(start["sealed"]) - round(start["unsealed"])
    alone = seconds["1 at a time, not sealed"]
    for text in (f"{data['count']} submissions of 01 took {alone:.1f} s",
                 f"and {seconds['1 at a time, sealed']:.1f} s sealed",
                 f"two at a time {seconds['2 at a time, not sealed']:.1f} s not sealed and "
                 f"{seconds['2 at a time, sealed']:.1f} s sealed",
                 f"the seal costs {ratios['seal cost, 1 at a time']:.2f} times",
                 f"{ratios['seal cost, 2 at a time']:.2f} times two at a time",
                 f"gains {ratios['speed-up of 2 at a time, not sealed']:.2f} times "
                 f"({ratios['speed-up of 2 at a time, sealed']:.2f} sealed)",
                 f"{start['unsealed']:.0f} ms unsealed and {start['sealed']:.0f} ms in a seal",
                 f"{extra} ms a kernel"):
        assert text in page, f"{PAGE.name} lacks {text!r}"
    for text in (f"costs {extra} ms more per kernel", f"({start['sealed']:.0f} against "
                 f"{start['unsealed']:.0f} ms)", f"in {seconds['2 at a time, sealed']:.1f} s "
                 f"sealed two at a time against {seconds['2 at a time, not sealed']:.1f} s"):
        assert text in guide, f"instructors.md lacks {text!r}"


def _recorded(stem: str) -> dict[str, float]:
    """The figures a stored notebook's Results cell printed (its ``record(...)`` table)."""
    notebook = REPO_DIR / "notebooks" / f"{stem}.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    cell = next(c for c in cells
                if c["cell_type"] == "code" and f'record("{stem}"' in "".join(c["source"]))
    text = "".join("".join(o.get("text", "")) for o in cell["outputs"]
                   if o["output_type"] == "stream")
    figures = {}
    for line in text.splitlines():
        name, _, value = line.strip().partition(" ")
        try:
            figures[name] = float(value)
        except ValueError:
            continue
    return figures


def test_notebook_06_row_of_results_page_matches_the_stored_notebook():
    """docs/results.md quotes notebook 06's stored run (issue 39: it once quoted 46.0 / 8.6 ms
    while the notebook showed other figures)."""
    figures = _recorded("06_input_pipelines")
    page = (REPO_DIR / "docs" / "results.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| 06 |"))
    for text in (f"{figures['remote_feed_dict_ms_per_step']:.1f} ms a step against "
                 f"{figures['remote_reader_ms_per_step']:.1f} ms",
                 f"together / max {figures['feed_dict_overlap']:.2f} for feed_dict",
                 f"{figures['queue_overlap']:.2f} for queues",
                 f"{figures['tfdata_overlap']:.2f} for tf.data"):
        assert text in row, f"docs/results.md's row 06 lacks {text!r}, the stored notebook's"
