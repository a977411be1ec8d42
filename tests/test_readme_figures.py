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
