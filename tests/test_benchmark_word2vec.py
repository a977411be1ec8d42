"""benchmarks/word2vec.py: its pieces (noise table, time to target, summaries), the
hand-written gradient against GradientTape's, and one small run end to end into temporary
copies of RESULTS.md and results.json."""

import json

import numpy as np
import pytest
from benchmark_modules import load_benchmark

bench = load_benchmark("word2vec")


def test_unigram_table_draws_words_in_proportion_to_count_to_the_three_quarters():
    counts = np.array([1000, 100, 10, 1])
    table = bench.unigram_table(counts, size=100_000)
    share = np.bincount(table, minlength=4) / len(table)
    expected = counts**0.75 / np.sum(counts**0.75)
    assert np.allclose(share, expected, atol=1e-4)
    assert table.dtype == np.int32 and share[3] > 0  # the rarest word can still be drawn


def test_trajectory_reports_the_first_checkpoint_at_the_target():
    t = bench.Trajectory("x", 0, pairs_per_pass=1000.0, seconds=[1.0, 2.0, 3.0, 4.0],
                         accuracy=[0.001, 0.011, 0.009, 0.02], checkpoints_per_pass=2)
    assert t.seconds_to(0.01) == 2.0 and t.passes_to(0.01, 2) == 1.0
    assert t.seconds_to(0.015) == 4.0 and t.passes_to(0.015, 2) == 2.0
    assert t.seconds_to(0.5) is None and t.passes_to(0.5, 2) is None
    assert t.pairs_per_s == pytest.approx(2 * 1000 / 4.0)
    assert t.pairs_per_s_over(2) == pytest.approx(1 * 1000 / 2.0)  # the first pass
    assert t.pairs_per_s_over(5) is None and t.pairs_per_s_over(0) is None


def test_gensim_gets_the_rate_grid_of_the_negative_sampling_attempts():
    assert bench.learning_rates(bench.ATTEMPTS) == (0.025, 0.05)
    nce_only = tuple(v for v in bench.ATTEMPTS if v.loss == "nce")
    assert bench.learning_rates(nce_only) == (bench.GENSIM_ALPHA,)  # NCE's rate is not per pair
    assert [bench.gensim_key(a) for a in (0.025, 0.05)] == ["gensim", "gensim_lr2x"]


def test_a_run_that_reaches_the_target_early_still_trains_the_equal_passes():
    t = bench.Trajectory("x", 0, pairs_per_pass=10.0)
    cp = bench.Checkpoints(t, lambda: None, lambda _: 0.5, stop_at=0.1, at_least=3)
    assert [cp.record() for _ in range(4)] == [False, False, True, True]
    late = bench.Trajectory("y", 0, pairs_per_pass=10.0)
    values = iter([0.0, 0.0, 0.0, 0.2])
    cp = bench.Checkpoints(late, lambda: None, lambda _: next(values), stop_at=0.1, at_least=2)
    assert [cp.record() for _ in range(4)] == [False, False, False, True]


def test_summary_gives_min_and_median_and_none_when_a_seed_misses():
    def run(seed, seconds, accuracy):
        return bench.Trajectory("x", seed, 10.0, seconds, accuracy, checkpoints_per_pass=1)

    runs = {"gensim": [run(0, [1, 2], [0.0, 0.1]), run(1, [3, 4], [0.2, 0.3]),
                       run(2, [5, 6], [0.0, 0.1])],
            "tf": [run(0, [1, 2], [0.0, 0.05]), run(1, [1, 2], [0.2, 0.2])]}
    figures = bench.summarise(runs, 0.1, per_pass=1)
    assert figures["gensim"]["min_seconds_to_target"] == 2
    assert figures["gensim"]["median_seconds_to_target"] == 3
    assert figures["gensim"]["median_passes_to_target"] == 2
    assert figures["tf"]["reached"] == 1 and figures["tf"]["median_seconds_to_target"] is None
    # two seeds of three reach it: a miss counts as infinitely slow, the median is the slower hit
    two_of_three = {"g": [run(0, [1, 2], [0.1, 0.1]), run(1, [1, 2], [0.0, 0.0]),
                          run(2, [3, 4], [0.0, 0.2])]}
    figures_2 = bench.summarise(two_of_three, 0.1, per_pass=1)["g"]
    assert figures_2["reached"] == 2 and figures_2["median_seconds_to_target"] == 4
    assert figures_2["median_passes_to_target"] == 2
    assert bench.adaptive_target(runs, 0.5) == pytest.approx(0.025)
    table = bench.markdown_table(figures, {"tf": "something"})
    assert "| `tf` | something | 1.0 / not reached |" in table and "1/2" in table
    # pairs per second over the checkpoints every run made (2 here), the same for all
    assert figures["gensim"]["equal_passes"] == 2
    assert figures["gensim"]["pairs_per_s_equal_passes"] == pytest.approx(2 * 10.0 / 4)
    assert "pairs/s over 2 passes" in table
    assert figures["tf"]["checkpoints"][1] == {"seconds": [1, 2], "accuracy": [0.2, 0.2]}
    assert bench.fastest(figures, ["gensim", "tf"]) == "gensim"
    assert bench.fastest(figures, ["tf"]) is None


def test_headline_compares_each_side_at_its_best_rate_in_time_and_pairs():
    figures = {"gensim": {"median_seconds_to_target": 4.0, "pairs_per_s_equal_passes": 2e6,
                          "equal_passes": 2.0},
               "tf": {"median_seconds_to_target": 12.0, "pairs_per_s_equal_passes": 4e5,
                      "equal_passes": 2.0}}
    line = bench.headline(figures, "tf", "gensim", 3)
    assert "**3.00x**" in line and "**5.00x**" in line and "first 2 passes" in line
    assert "no median time" in bench.headline(figures, "tf", None, 3)
    assert "no TensorFlow attempt" in bench.headline(figures, None, "gensim", 3)


def test_linear_rate_runs_from_start_to_end():
    assert bench.linear_rate(0.025, 0.0001, 0) == 0.025
    assert bench.linear_rate(0.025, 0.0001, 1) == pytest.approx(0.0001)
    assert bench.linear_rate(0.025, 0.0001, 0.5) == pytest.approx(0.01255)
    assert bench.linear_rate(0.025, 0.0001, 2) == pytest.approx(0.0001)  # held at the end


def test_smoke_flag_makes_a_small_run_that_writes_nothing():
    args = bench.parse_args(["--smoke"])
    assert args.no_write and args.seeds == 1 and args.words <= 100_000 and args.text8 == "no"
    assert bench.parse_args([]).equal_passes == 2


def _tiny_corpus():
    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in rng.zipf(1.5, size=4_000) % 50]
    vocab = bench.build_vocab(words, 30)
    return bench.Corpus("tiny", vocab, vocab.to_ids(words), np.ones(len(vocab)))


def test_hand_written_gradient_matches_gradient_tape():
    from cs20_helpers.notebook import import_tensorflow

    tf = import_tensorflow()
    corpus = _tiny_corpus()
    after = []
    for manual in (False, True):
        variant = bench.Variant("v", "", batch=8, feed=False, table=True, manual=manual)
        trainer = bench.GraphTrainer(tf, corpus, variant, dim=4, seed=0)
        trainer.embed_matrix.assign(tf.random.stateless_normal([30, 4], seed=[3, 4]))
        trainer.out_matrix.assign(tf.random.stateless_normal([30, 4], seed=[1, 2]))
        centers = tf.constant([1, 2, 3, 1, 5, 6, 7, 8])
        targets = tf.constant(np.random.default_rng(1).integers(0, 30, (8, 6)), tf.int32)
        trainer.step(centers, targets, 0.5)
        after.append((trainer.embed_matrix.numpy(), trainer.out_matrix.numpy()))
    (embed_tape, out_tape), (embed_manual, out_manual) = after
    assert np.allclose(embed_tape, embed_manual, atol=1e-6)
    assert np.allclose(out_tape, out_manual, atol=1e-6)
    assert not np.allclose(out_tape, tf.random.stateless_normal([30, 4], seed=[1, 2]).numpy())


def test_small_run_writes_its_section_and_figures(tmp_path, monkeypatch, capsys):
    from cs20_helpers import benchmarking

    monkeypatch.setattr(benchmarking, "results_file", lambda: tmp_path / "RESULTS.md")
    monkeypatch.setattr(benchmarking, "results_json_file", lambda: tmp_path / "results.json")
    (tmp_path / "results.json").write_text('{"other": 1}\n', encoding="utf-8")
    assert bench.main(["--words", "30000", "--vocab", "300", "--dim", "8", "--seeds", "2",
                       "--passes", "1", "--checkpoints", "2", "--target", "0", "--text8", "no",
                       "--variants", "nce64_feed", "ns5_feed", "ns5_graph_b4096_lean_jit"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| `")]
    assert [r.split("`")[1] for r in rows] == ["gensim", "nce64_feed", "ns5_feed",
                                               "ns5_graph_b4096_lean_jit"]
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert data["other"] == 1  # other benchmarks' figures are kept
    figures = data["word2vec"]["negatives_5"]
    assert figures["target"] == 0 and figures["seeds"] == 2
    assert figures["tf_seconds_to_target"] > 0 and figures["gensim_seconds_to_target"] > 0
    assert figures["tf_variant"] in ("ns5_feed", "ns5_graph_b4096_lean_jit")
    assert set(figures["attempts"]) == {"gensim", "nce64_feed", "ns5_feed",
                                        "ns5_graph_b4096_lean_jit"}
    assert all(f["reached"] == 2 for f in figures["attempts"].values())
    assert figures["gensim_variant"] == "gensim" and figures["learning_rates"] == [0.025]
    assert figures["gensim_workers"] == figures["tf_threads"]
    assert figures["equal_passes"] == 1  # --passes 1 caps the equal passes
    assert figures["gensim_over_tf_pairs_per_s"] > 0
    section = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert "## word2vec" in section and "`ns5_feed`" in section


def test_text8_part_runs_when_text8_is_cached(monkeypatch):
    from cs20_helpers.datasets import registry
    from cs20_helpers.notebook import import_tensorflow

    tf = import_tensorflow()
    monkeypatch.setattr(registry, "cached", lambda name: "yes")
    monkeypatch.setattr(bench, "load_corpus", lambda *a, **k: _tiny_corpus())
    args = bench.parse_args(["--dim", "4", "--window", "2"])
    variant = bench.Variant("lean", "", batch=64, feed=False, table=True, manual=True)
    figures = bench.text8_run(tf, args, variant)
    assert set(figures) >= {"target", "words", "gensim", "lean"}
    assert figures["words"] == 4_000 and figures["passes"] == 1
    assert figures["gensim"]["reached"] == figures["lean"]["reached"] == 1  # adaptive target
    assert bench.text8_run(tf, bench.parse_args(["--text8", "no"]), variant) is None
    assert "skipped" in bench.text8_run(tf, args, variant, elapsed=bench.TEXT8_AFTER_S + 1)
