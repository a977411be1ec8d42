"""Vocabulary, ids, subsampling and skip-gram batches of cs20_helpers.word2vec."""

import numpy as np
import pytest

from cs20_helpers.word2vec import (
    UNK,
    build_vocab,
    expected_pairs,
    keep_probabilities,
    skipgram_batches,
    skipgram_pairs,
    subsample,
)

TEXT = "the cat sat on the mat the dog sat on the log a cat".split()


def test_vocab_orders_by_frequency_then_alphabet_and_counts_unk():
    vocab = build_vocab(TEXT, size=4)
    assert vocab.words == (UNK, "the", "cat", "on")  # the: 4; cat, on, sat: 2 -> alphabetical
    assert vocab.counts.tolist() == [len(TEXT) - 8, 4, 2, 2]
    assert len(vocab) == 4 and "cat" in vocab and "dog" not in vocab


def test_vocab_larger_than_the_text_keeps_every_word():
    vocab = build_vocab(TEXT, size=100)
    assert len(vocab) == len(set(TEXT)) + 1
    assert vocab.counts[0] == 0 and vocab.counts.sum() == len(TEXT)


def test_literal_unk_in_the_text_is_not_a_second_word():
    vocab = build_vocab(["UNK", "UNK", "a"], size=5)
    assert vocab.words == (UNK, "a")


def test_vocab_size_must_leave_room_for_a_word():
    with pytest.raises(ValueError):
        build_vocab(TEXT, size=1)


def test_ids_round_trip_with_unknown_words_as_zero():
    vocab = build_vocab(TEXT, size=4)
    ids = vocab.to_ids(["the", "dog", "cat"])
    assert ids.dtype == np.int32 and ids.tolist() == [1, 0, 2]
    assert vocab.to_words(ids) == ["the", UNK, "cat"]
    assert vocab.id("on") == 3 and vocab.id("zebra") == 0


def test_window_one_gives_every_neighbour_in_both_directions():
    ids = np.arange(5, dtype=np.int32)
    pairs = skipgram_pairs(ids, window=1, rng=np.random.default_rng(0))
    got = sorted(map(tuple, pairs.tolist()))
    assert got == sorted([(i, i + 1) for i in range(4)] + [(i + 1, i) for i in range(4)])


def test_pairs_stay_inside_the_window_and_match_the_expected_count():
    ids = np.arange(20_000, dtype=np.int32)  # id = position, so distance = |center - context|
    pairs = skipgram_pairs(ids, window=5, rng=np.random.default_rng(1))
    dist = np.abs(pairs[:, 0] - pairs[:, 1])
    assert dist.min() == 1 and dist.max() == 5
    assert len(pairs) == pytest.approx(expected_pairs(len(ids), 5), rel=0.02)
    # word2vec's random window: distance d is kept with probability (5 - d + 1) / 5
    share = np.bincount(dist, minlength=6)[1:] / len(pairs)
    np.testing.assert_allclose(share, np.array([5, 4, 3, 2, 1]) / 15, atol=0.01)


def test_each_center_uses_one_window_for_both_sides():
    ids = np.arange(2_000, dtype=np.int32)
    pairs = skipgram_pairs(ids, window=4, rng=np.random.default_rng(2))
    left = {c: 0 for c in range(4, 1_996)}
    right = dict(left)
    for c, t in pairs.tolist():
        if c in left:
            (left if t < c else right)[c] += 1
    assert left == right


def test_tiny_inputs():
    rng = np.random.default_rng(0)
    assert skipgram_pairs(np.array([7], dtype=np.int32), 5, rng).shape == (0, 2)
    assert skipgram_pairs(np.array([7, 8], dtype=np.int32), 5, rng).tolist() == [[7, 8], [8, 7]]
    assert list(skipgram_batches(np.array([1]), 4, 2, epochs=None)) == []
    with pytest.raises(ValueError):
        skipgram_pairs(np.arange(3), 0, rng)


def test_batches_have_the_shapes_nce_loss_wants_and_cover_every_pair():
    ids = np.arange(101, dtype=np.int32)
    batches = list(skipgram_batches(ids, batch_size=8, window=1, seed=0))
    assert len(batches) == 200 // 8  # window 1: 2 * 100 pairs, all batches full
    centers, contexts = batches[0]
    assert centers.shape == (8,) and contexts.shape == (8, 1)
    assert centers.dtype == contexts.dtype == np.int32
    got = np.concatenate([np.stack([c, t[:, 0]], 1) for c, t in batches])
    assert np.all(np.abs(got[:, 0] - got[:, 1]) == 1)
    assert len({tuple(p) for p in got.tolist()}) == 200  # each pair once


def test_chunks_carry_the_tail_into_the_next_batch():
    ids = np.arange(100, dtype=np.int32)
    batches = list(skipgram_batches(ids, batch_size=7, window=1, seed=0, chunk_tokens=10))
    assert len(batches) == (10 * 18) // 7  # ten chunks of 10 tokens, 18 pairs each


def test_batches_are_reproducible_and_depend_on_the_seed():
    ids = np.random.default_rng(0).integers(0, 50, size=3_000).astype(np.int32)

    def run(seed):
        return np.concatenate([c for c, _ in skipgram_batches(ids, 64, 5, seed=seed, epochs=2)])

    assert np.array_equal(run(3), run(3))
    assert not np.array_equal(run(3), run(4))


def test_endless_batches_go_on_past_one_epoch():
    ids = np.arange(50, dtype=np.int32)
    gen = skipgram_batches(ids, batch_size=16, window=1, seed=0, epochs=None)
    assert len([next(gen) for _ in range(20)]) == 20  # one epoch has only 98 // 16 = 6


def test_keep_probabilities_follow_word2vec():
    counts = np.array([0, 1_000, 5, 1])
    p = keep_probabilities(counts, sample=0.01)
    t = 0.01 * counts.sum()
    assert p[0] == 1.0 and p[3] == 1.0 and p[2] == 1.0  # rare words are always kept
    assert p[1] == pytest.approx((np.sqrt(1_000 / t) + 1) * t / 1_000)
    assert np.all(keep_probabilities(counts, 0) == 1.0)


def test_subsampling_drops_frequent_words_reproducibly():
    vocab = build_vocab(["a"] * 9_000 + ["b"] * 1_000 + [f"w{i}" for i in range(1_000)], 1_100)
    ids = vocab.to_ids(["a"] * 9_000 + ["b"] * 1_000 + [f"w{i}" for i in range(1_000)])
    keep = keep_probabilities(vocab.counts, 1e-3)
    kept = subsample(ids, keep, np.random.default_rng(0))
    assert np.array_equal(kept, subsample(ids, keep, np.random.default_rng(0)))
    frac = np.bincount(kept, minlength=len(vocab))[1:] / np.bincount(ids, minlength=len(vocab))[1:]
    keep = keep[1:]  # no UNK in this text
    a, w0 = vocab.id("a") - 1, vocab.id("w0") - 1
    assert frac[a] == pytest.approx(keep[a], abs=0.03)
    assert frac[a] < 0.2 and np.all(frac[w0:] == 1.0)
