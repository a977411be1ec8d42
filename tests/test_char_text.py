"""Character-level text plumbing: vocabulary, windows, padding, sampling, generation."""

from itertools import pairwise

import numpy as np
import pytest

from cs20_helpers import char_text
from cs20_helpers.char_text import CharVocab


def test_vocab_is_sorted_distinct_and_round_trips():
    vocab = CharVocab.from_text("hello, world")
    assert vocab.chars == (" ", ",", "d", "e", "h", "l", "o", "r", "w")
    assert len(vocab) == 9
    ids = vocab.encode("world, hello")
    assert ids.dtype == np.int32 and ids.tolist()[:2] == [8, 6]
    assert vocab.decode(ids) == "world, hello"
    assert vocab.encode("").shape == (0,)


def test_vocab_rejects_unknown_characters_and_empty_text():
    vocab = CharVocab.from_text("abc")
    with pytest.raises(ValueError, match=r"\['x', 'z'\]"):
        vocab.encode("abxcz")
    with pytest.raises(ValueError, match="empty"):
        CharVocab.from_text("")
    with pytest.raises(ValueError, match="distinct"):
        CharVocab(("a", "a"))


def test_news_text_is_the_bundled_corpus():
    text = char_text.news_text()
    assert len(text) == 360_082
    assert text.startswith("Hundreds of people have been forced")
    assert len(CharVocab.from_text(text)) == 81


def test_split_ids_keeps_order_and_fraction():
    ids = np.arange(100, dtype=np.int32)
    train, valid = char_text.split_ids(ids, 0.1)
    assert train.tolist() == list(range(90)) and valid.tolist() == list(range(90, 100))
    with pytest.raises(ValueError):
        char_text.split_ids(ids, 1.0)


def test_random_windows_targets_are_inputs_moved_one_on_and_seeded():
    ids = np.arange(1000, dtype=np.int32)
    x, y = char_text.random_windows(ids, 8, 20, np.random.default_rng(3))
    assert x.shape == y.shape == (8, 20) and x.dtype == y.dtype == np.int32
    np.testing.assert_array_equal(y, x + 1)  # ids are consecutive numbers
    np.testing.assert_array_equal(np.diff(x, axis=1), 1)  # each window is contiguous
    assert y.max() <= 999
    x2, _ = char_text.random_windows(ids, 8, 20, np.random.default_rng(3))
    np.testing.assert_array_equal(x, x2)
    with pytest.raises(ValueError):
        char_text.random_windows(ids[:20], 1, 20, np.random.default_rng(0))


def test_random_windows_reach_the_last_target():
    ids = np.arange(6, dtype=np.int32)
    _, y = char_text.random_windows(ids, 200, 5, np.random.default_rng(0))
    assert y.max() == 5 and y.min() == 1


def test_consecutive_windows_tile_the_ids():
    ids = np.arange(23, dtype=np.int32)
    x, y = char_text.consecutive_windows(ids, 5)
    assert x.shape == (4, 5)
    np.testing.assert_array_equal(x.ravel(), np.arange(20))
    np.testing.assert_array_equal(y, x + 1)
    x, _ = char_text.consecutive_windows(ids, 5, max_windows=2)
    assert x.shape == (2, 5)
    with pytest.raises(ValueError):
        char_text.consecutive_windows(ids[:5], 5)


def test_pad_batch_pads_and_truncates():
    padded, lengths = char_text.pad_batch([[3, 1, 4], [1, 5], [9, 2, 6, 5]])
    np.testing.assert_array_equal(padded, [[3, 1, 4, 0], [1, 5, 0, 0], [9, 2, 6, 5]])
    np.testing.assert_array_equal(lengths, [3, 2, 4])
    padded, lengths = char_text.pad_batch([[3, 1, 4], [1]], pad_id=-1, max_len=2)
    np.testing.assert_array_equal(padded, [[3, 1], [1, -1]])
    np.testing.assert_array_equal(lengths, [2, 1])
    with pytest.raises(ValueError):
        char_text.pad_batch([])


def test_softmax_temperature_sharpens_and_flattens():
    logits = np.array([2.0, 1.0, 0.0], dtype=np.float32)
    p1 = char_text.softmax(logits)
    np.testing.assert_allclose(p1, np.exp(logits) / np.exp(logits).sum(), rtol=1e-6)
    cold, hot = char_text.softmax(logits, 0.1), char_text.softmax(logits, 100.0)
    assert cold[0] > 0.9999 and np.ptp(hot) < 0.01
    np.testing.assert_allclose(char_text.softmax(np.array([1000.0, 0.0])), [1.0, 0.0])
    with pytest.raises(ValueError):
        char_text.softmax(logits, 0.0)


def test_sample_id_follows_the_distribution_and_the_seed():
    logits = np.log(np.array([0.7, 0.2, 0.1]))
    rng = np.random.default_rng(0)
    draws = np.array([char_text.sample_id(logits, 1.0, rng) for _ in range(4000)])
    np.testing.assert_allclose(np.bincount(draws, minlength=3) / 4000, [0.7, 0.2, 0.1],
                               atol=0.03)
    a = [char_text.sample_id(logits, 1.0, np.random.default_rng(5)) for _ in range(3)]
    assert len(set(a)) == 1


def test_generate_feeds_the_prime_then_each_sample_back():
    vocab = CharVocab.from_text("abcd")
    calls = []

    def step(ids, state):
        """A toy model: the next character is the one after the last id, cyclically;
        the state counts the characters seen."""
        calls.append(ids.tolist())
        logits = np.full(len(vocab), -50.0)
        logits[(int(ids[-1]) + 1) % len(vocab)] = 50.0
        return logits, (0 if state is None else state) + len(ids)

    text = char_text.generate(step, vocab, prime="ab", length=6, temperature=1.0,
                              rng=np.random.default_rng(0))
    assert text == "ab" + "cdabcd"
    assert calls[0] == [0, 1] and all(len(c) == 1 for c in calls[1:])
    assert len(calls) == 7  # the prime, then one call per sampled character
    with pytest.raises(ValueError):
        char_text.generate(step, vocab, prime="", length=3, temperature=1.0,
                           rng=np.random.default_rng(0))


def test_ngram_loss_counts_with_add_alpha_smoothing():
    train = np.array([0, 1, 0, 1, 0, 2])  # bigrams 0->1 twice, 1->0 twice, 0->2 once
    # P(1 | 0) = (2 + 1) / (3 + 1 * 3): alpha 1 added to each of the 3 possible next ids
    bigram = char_text.ngram_loss(train, np.array([0, 1]), 2, 3, alpha=1.0)
    assert bigram == pytest.approx(np.log(2))
    # unigram: P(0) = (3 + 1) / (6 + 3)
    unigram = char_text.ngram_loss(train, np.array([0]), 1, 3, alpha=1.0)
    assert unigram == pytest.approx(-np.log(4 / 9))


@pytest.mark.parametrize("order", [1, 2, 3])
def test_ngram_probabilities_of_every_next_id_sum_to_one(order):
    rng = np.random.default_rng(order)
    train = rng.integers(0, 5, size=300)
    context = list(train[:order - 1])
    total = sum(np.exp(-char_text.ngram_loss(train, np.array([*context, y]), order, 5))
                for y in range(5))
    assert total == pytest.approx(1.0)


def test_ngram_loss_falls_with_context_on_structured_text_and_refuses_bad_input():
    ids = CharVocab.from_text("abcd").encode("abcdabdc" * 50)
    losses = [char_text.ngram_loss(ids[:300], ids[300:], order, 4) for order in (1, 2, 3)]
    assert losses[0] > losses[1] > losses[2]
    with pytest.raises(ValueError, match="order"):
        char_text.ngram_loss(ids, ids, 0, 4)
    with pytest.raises(ValueError, match="at least 3"):
        char_text.ngram_loss(ids, ids[:2], 3, 4)


def test_word_tokens_keep_every_character_but_the_spaces_between_words():
    text = "Fire crews said.  It burned \nThen rain"
    tokens = char_text.word_tokens(text)
    assert tokens == ["Fire", "crews", "said.", "  ", "It", "burned", " \n", "Then", "rain"]
    rebuilt = "".join(f" {t}" if i and not t.isspace() and not tokens[i - 1].isspace() else t
                      for i, t in enumerate(tokens))
    assert rebuilt == text
    assert char_text.word_tokens(" a ") == [" ", "a", " "]  # only spaces between two words go


def test_word_ngram_cost_by_hand_new_words_priced_then_spelled():
    cost = char_text.word_ngram_cost("a b a b a c a b a b a c", "a d", order=1)
    # 12 training words, 3 distinct: P(a) = 6 / (12 + 3); a new word 3 / 15, then spelled:
    # characters of the types a, b, c (1 each) and 3 ends, + 1 for each of the 5 symbols
    # ' ', a, b, c, d and the end: P(d) = 1 / 12, P(end) = 4 / 12
    assert (cost.characters, cost.words, cost.unseen, cost.weights) == (3, 2, 1, ())
    assert cost.token_nats == pytest.approx(-np.log(6 / 15) - np.log(3 / 15))
    assert cost.spelling_nats == pytest.approx(-np.log(1 / 12) - np.log(4 / 12))
    assert cost.nats_per_character == pytest.approx((cost.token_nats + cost.spelling_nats) / 3)
    assert cost.unseen_fraction == 0.5


@pytest.mark.parametrize("order", [1, 2, 3])
def test_word_ngram_probabilities_of_every_next_word_sum_to_one(order):
    rng = np.random.default_rng(order)
    tokens = [f"w{i}" for i in rng.integers(0, 6, size=200)] + ["\n", "w9"]
    model = char_text._TokenNgrams(tokens, order)
    for history in [("w1", "w2"), ("w9", "\n"), ("never", "seen"), ("\n", "\n")]:
        history = history[2 - (order - 1):] if order > 1 else ()
        total = sum(model.probability(history, w, [0.6, 0.3]) for w in model.unigrams)
        assert total + model.probability(history, None, [0.6, 0.3]) == pytest.approx(1.0)


def test_word_ngram_context_helps_on_structured_text_and_bad_input_is_refused():
    train = "the cat sat on the mat and the dog ran to the log " * 30
    heldout = "on the mat and the dog ran to the log the cat sat"  # "the" is followed by 4 words
    costs = [char_text.word_ngram_cost(train, heldout, order) for order in (1, 2, 3)]
    assert costs[0].nats_per_character > costs[1].nats_per_character > costs[2].nats_per_character
    assert costs[2].unseen == 0 and len(costs[2].weights) == 2
    with pytest.raises(ValueError, match="order"):
        char_text.word_ngram_cost(train, heldout, 0)
    with pytest.raises(ValueError, match="at least 10"):
        char_text.word_ngram_cost("a b", heldout)


def test_char_ngram_cost_by_hand_every_character_priced():
    train = "abababaabc"  # a 5 times, b 4, c 1: 10 characters, 3 distinct
    # order 1: P(a) = 5 / (10 + 3); a new character 3 / 13, then one of the 2 new ones, d or e
    cost = char_text.char_ngram_cost(train, "ade", order=1)
    assert (cost.characters, cost.unseen, cost.weights) == (3, 2, ())
    assert cost.nats == pytest.approx(-np.log(5 / 13) - 2 * np.log(3 / 13 / 2))
    assert cost.nats_per_character == pytest.approx(cost.nats / 3)
    # order 2: the first character follows a newline (once, before "a"); "a" is followed by
    # b 4 times and a once
    cost = char_text.char_ngram_cost(train, "ab", order=2)
    (lam,) = cost.weights
    assert cost.nats == pytest.approx(-np.log(lam * 1 + (1 - lam) * 5 / 13)
                                      - np.log(lam * 4 / 5 + (1 - lam) * 4 / 13))


@pytest.mark.parametrize("order", [1, 2, 3])
def test_char_ngram_probabilities_of_every_next_character_sum_to_one(order):
    rng = np.random.default_rng(order)
    train = "".join(rng.choice(list("abd"), size=300)) + "acab"  # c only once, then a
    for prefix in ["", "ab", "ac", "acc"]:  # "cc": a context never seen
        before = char_text.char_ngram_cost(train, prefix, order).nats if prefix else 0.0
        total = sum(np.exp(before - char_text.char_ngram_cost(train, prefix + c, order).nats)
                    for c in "abcdz")  # z: the new character
        assert total == pytest.approx(1.0)


def test_char_ngram_context_helps_on_structured_text_and_bad_input_is_refused():
    train, heldout = "abcdabdc" * 50, "abcdabdc" * 3
    costs = [char_text.char_ngram_cost(train, heldout, order) for order in (1, 2, 3, 4)]
    per_character = [c.nats_per_character for c in costs]
    assert all(a > b for a, b in pairwise(per_character))
    assert per_character[0] > per_character[3] + 1.0
    assert costs[3].unseen == 0 and len(costs[3].weights) == 3
    with pytest.raises(ValueError, match="order"):
        char_text.char_ngram_cost(train, heldout, 0)
    with pytest.raises(ValueError, match="at least 10"):
        char_text.char_ngram_cost("abc", heldout)
    with pytest.raises(ValueError, match="one held-out character"):
        char_text.char_ngram_cost(train, "")
