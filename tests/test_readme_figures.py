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
