"""Text for the character language model of lecture 11: ids, batches, sampling, n-gram baselines.

The plumbing of notebook 08, kept out of the notebook and tested::

    text = news_text()                                  # the bundled news corpus
    vocab = CharVocab.from_text(text)                   # every character once, sorted
    ids = vocab.encode(text)                            # int32 array
    x, y = random_windows(ids, batch_size=32, seq_len=50, rng=rng)   # y is x shifted by one
    padded, lengths = pad_batch([[3, 1, 4], [1, 5]])    # variable-length sequences, 0 = pad
    text = generate(step, vocab, prime="The ", length=200, temperature=0.5, rng=rng)
    loss = ngram_loss(train_ids, heldout_ids, order=4, vocab_size=len(vocab))  # counting baseline
    cost = word_ngram_cost(train_text, heldout_text, order=2)  # words, priced per character
    cost = char_ngram_cost(train_text, heldout_text, order=5)  # the same smoothing, characters

Everything random comes from a ``numpy.random.Generator`` the caller seeds, so a seed gives the
same batches and, for the same logits, the same sampled text.
"""

from __future__ import annotations

__all__ = ["char_ngram_cost", "CharNgramCost", "CharVocab", "consecutive_windows", "generate",
    "NEWS_FILE", "news_text", "ngram_loss", "pad_batch", "random_windows", "sample_id", "softmax",
    "split_ids", "StepFn", "word_ngram_cost", "word_tokens", "WordNgramCost"]

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from cs20_helpers.paths import bundled_data_dir

NEWS_FILE = "lee_background.cor"


def news_text() -> str:
    """Return the bundled news corpus (``cs20_helpers/data/lee_background.cor``): about 60,000
    words of Australian news with capitals, digits and punctuation, one article a line."""
    return (bundled_data_dir() / NEWS_FILE).read_text(encoding="utf-8")


@dataclass(frozen=True)
class CharVocab:
    """The characters of a text, sorted; a character's id is its position in ``chars``."""

    chars: tuple[str, ...]
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.chars)) != len(self.chars):
            raise ValueError("CharVocab characters must be distinct")
        object.__setattr__(self, "index", {c: i for i, c in enumerate(self.chars)})

    @classmethod
    def from_text(cls, text: str) -> CharVocab:
        """Return the vocabulary of every distinct character of ``text``."""
        if not text:
            raise ValueError("cannot build a vocabulary from empty text")
        return cls(tuple(sorted(set(text))))

    def __len__(self) -> int:
        return len(self.chars)

    def encode(self, text: str) -> np.ndarray:
        """Return ``text`` as an int32 array of ids; raise ValueError naming unknown characters."""
        try:
            return np.fromiter((self.index[c] for c in text), dtype=np.int32, count=len(text))
        except KeyError:
            unknown = sorted(set(text) - set(self.chars))
            raise ValueError(f"characters not in the vocabulary: {unknown!r}") from None

    def decode(self, ids: Iterable[int]) -> str:
        """Return the text of ``ids``."""
        return "".join(self.chars[int(i)] for i in ids)


def split_ids(ids: np.ndarray, valid_fraction: float = 0.1) -> tuple[np.ndarray, np.ndarray]:
    """Split ``ids`` into a training head and a held-out tail of ``valid_fraction`` of it."""
    if not 0.0 < valid_fraction < 1.0:
        raise ValueError(f"valid_fraction must be in (0, 1), not {valid_fraction}")
    cut = len(ids) - int(round(len(ids) * valid_fraction))
    return ids[:cut], ids[cut:]


def random_windows(ids: np.ndarray, batch_size: int, seq_len: int,
                   rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Return ``batch_size`` windows of ``seq_len`` ids from random places, and their targets:
    the same windows moved one character on. Both int32 ``[batch_size, seq_len]``."""
    if len(ids) < seq_len + 1:
        raise ValueError(f"need at least {seq_len + 1} ids for windows of {seq_len}, "
                         f"got {len(ids)}")
    starts = rng.integers(0, len(ids) - seq_len, size=batch_size)
    offsets = starts[:, None] + np.arange(seq_len)
    return ids[offsets].astype(np.int32), ids[offsets + 1].astype(np.int32)


def consecutive_windows(ids: np.ndarray, seq_len: int,
                        max_windows: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Return ``ids`` cut into consecutive, non-overlapping windows of ``seq_len`` and their
    targets (moved one on): a fixed evaluation set. At most ``max_windows`` windows."""
    count = (len(ids) - 1) // seq_len
    if max_windows is not None:
        count = min(count, max_windows)
    if count < 1:
        raise ValueError(f"need at least {seq_len + 1} ids for one window, got {len(ids)}")
    offsets = np.arange(count)[:, None] * seq_len + np.arange(seq_len)
    return ids[offsets].astype(np.int32), ids[offsets + 1].astype(np.int32)


def pad_batch(sequences: Sequence[Sequence[int]], pad_id: int = 0,
              max_len: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Return ``sequences`` padded with ``pad_id`` to one length, as int32 ``[N, L]``, and
    their true lengths ``[N]``. Sequences longer than ``max_len`` are cut to it."""
    if not sequences:
        raise ValueError("pad_batch needs at least one sequence")
    lengths = np.array([len(s) for s in sequences], dtype=np.int32)
    if max_len is not None:
        lengths = np.minimum(lengths, max_len)
    width = int(lengths.max()) if max_len is None else max_len
    padded = np.full((len(sequences), width), pad_id, dtype=np.int32)
    for row, (seq, n) in enumerate(zip(sequences, lengths, strict=True)):
        padded[row, :n] = np.asarray(seq[:n], dtype=np.int32)
    return padded, lengths


def _ngram_codes(ids: np.ndarray, order: int, vocab_size: int) -> np.ndarray:
    """Return each run of ``order`` consecutive ids as one integer (base ``vocab_size``)."""
    windows = np.lib.stride_tricks.sliding_window_view(np.asarray(ids, np.int64), order)
    return windows @ (vocab_size ** np.arange(order - 1, -1, -1, dtype=np.int64))


def _counts_of(keys: np.ndarray, table: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Return how often each key occurs in ``table`` (sorted codes and their counts), else 0."""
    codes, counts = table
    at = np.minimum(np.searchsorted(codes, keys), len(codes) - 1)
    return np.where(codes[at] == keys, counts[at], 0)


def ngram_loss(train_ids: np.ndarray, heldout_ids: np.ndarray, order: int, vocab_size: int,
               alpha: float = 0.1) -> float:
    """Return the held-out loss, in nats per character, of a counting n-gram model.

    The baseline a character language model must beat: the next character is predicted from
    the ``order - 1`` before it by counting them in ``train_ids``, with ``alpha`` added to every
    count (add-alpha smoothing), so unseen pairs keep some probability. It is scored on every
    character of ``heldout_ids`` that has ``order - 1`` characters before it.
    """
    if order < 1 or alpha <= 0:
        raise ValueError(f"need order >= 1 and alpha > 0, got order={order}, alpha={alpha}")
    if min(len(train_ids), len(heldout_ids)) < order:
        raise ValueError(f"both id arrays need at least {order} ids for order {order}")
    train = _ngram_codes(train_ids, order, vocab_size)
    heldout = _ngram_codes(heldout_ids, order, vocab_size)
    ngrams = np.unique(train, return_counts=True)
    contexts = np.unique(train // vocab_size, return_counts=True)  # all but the last id
    probability = ((_counts_of(heldout, ngrams) + alpha)
                   / (_counts_of(heldout // vocab_size, contexts) + alpha * vocab_size))
    return float(-np.log(probability).mean())


def word_tokens(text: str) -> list[str]:
    """Return ``text`` as words (runs of non-space characters) and the white space between them,
    except the single spaces between two words, which the words imply: ``"".join`` of the tokens
    with a space put back between two words gives ``text`` again."""
    pieces = re.findall(r"\S+|\s+", text)
    return [p for i, p in enumerate(pieces)
            if not (p == " " and 0 < i < len(pieces) - 1)]


@dataclass(frozen=True)
class WordNgramCost:
    """What a word n-gram model pays for a held-out text, every character of it included."""

    characters: int  #: characters of the held-out text
    words: int  #: its words (tokens that are not white space)
    unseen: int  #: of those, words that never occur in the training text
    token_nats: float  #: nats for predicting its tokens (an unseen one as "a new word")
    spelling_nats: float  #: nats for spelling out each new word, character by character
    weights: tuple[float, ...]  #: the interpolation weight of each order, 2-gram up, tuned

    @property
    def unseen_fraction(self) -> float:
        """The share of held-out words never seen in training."""
        return self.unseen / self.words

    @property
    def nats_per_character(self) -> float:
        """All the nats, over every character of the held-out text."""
        return (self.token_nats + self.spelling_nats) / self.characters


_NEW = None  # stands for "a word not seen in training"
_WEIGHTS = tuple(i / 20 for i in range(1, 20))  # the interpolation weights tried: 0.05 ... 0.95
_Evidence = tuple[np.ndarray, np.ndarray, np.ndarray]  # see _TokenNgrams.evidence


class _TokenNgrams:
    """Interpolated n-gram counts of tokens (the words of ``word_ngram_cost``, the characters of
    ``char_ngram_cost``): P(w | h) = lam * count(h, w) / count(h) + (1 - lam) * P(w | h without
    its first token), the lower order alone where h was never seen; at the bottom, a token seen
    c times gets c / (N + T) and a new one T / (N + T) (N tokens, T of them distinct: how often
    training met a token for the first time)."""

    def __init__(self, tokens: list[str], order: int) -> None:
        self.order = order
        padded = ["\n"] * (order - 1) + tokens  # the text starts as after an article's end
        self.ngrams = [Counter(tuple(padded[i - n:i]) for i in range(order, len(padded) + 1))
                       for n in range(2, order + 1)]  # ngrams[n - 2]: n-grams ending on a token
        self.contexts = [Counter() for _ in self.ngrams]  # contexts[n - 2]: their first n - 1
        for contexts, ngrams in zip(self.contexts, self.ngrams, strict=True):
            for key, count in ngrams.items():
                contexts[key[:-1]] += count
        self.unigrams = Counter(tokens)
        self.total, self.distinct = len(tokens), len(self.unigrams)

    def probability(self, history: tuple[str, ...], word: str | None,
                    weights: Sequence[float]) -> float:
        """P(word | ``history``, the order - 1 tokens before it); ``word`` None: a new word."""
        return float(self.mix(self.evidence([(history, word)]), weights)[0])

    def token_nats(self, tokens: list[str], weights: Sequence[float]) -> float:
        """Total nats of ``tokens``, each predicted from the order - 1 before it."""
        return self.nats(self.evidence(self.histories(tokens)), weights)

    def histories(self, tokens: list[str]) -> list[tuple[tuple[str, ...], str | None]]:
        """Each of ``tokens`` (None if never seen in training) after the order - 1 before it."""
        padded = ["\n"] * (self.order - 1) + tokens
        return [(tuple(padded[i:i + self.order - 1]), w if w in self.unigrams else _NEW)
                for i, w in enumerate(tokens)]

    def evidence(self, pairs: Sequence[tuple[tuple[str, ...], str | None]]) -> _Evidence:
        """The counts that price each (history, word) of ``pairs``, whatever the weights: the
        word's probability at the bottom ``[pairs]``, and for each order n from 2 up how often
        the history's last n - 1 tokens were seen, and followed by the word, both
        ``[order - 1, pairs]``."""
        bottom, hits, seen = [], [], []
        for history, word in pairs:
            bottom.append((self.unigrams[word] if word is not None else self.distinct)
                          / (self.total + self.distinct))
            contexts = [history[len(history) - n + 1:] for n in range(2, self.order + 1)]
            seen.append([counts[c] for counts, c in zip(self.contexts, contexts, strict=True)])
            hits.append([counts[(*c, word)] if word is not None else 0
                         for counts, c in zip(self.ngrams, contexts, strict=True)])
        shape = (len(pairs), self.order - 1)
        return (np.array(bottom), np.array(hits, dtype=float).reshape(shape).T,
                np.array(seen, dtype=float).reshape(shape).T)

    @staticmethod
    def mix(evidence: _Evidence, weights: Sequence[float]) -> np.ndarray:
        """The probabilities ``evidence`` gives its words, order n weighted ``weights[n - 2]``."""
        p, hits, seen = evidence
        for lam, h, s in zip(weights[:len(hits)], hits, seen, strict=True):
            p = np.where(s > 0, lam * h / np.maximum(s, 1) + (1 - lam) * p, p)
        return p

    @classmethod
    def nats(cls, evidence: _Evidence, weights: Sequence[float]) -> float:
        """Total nats of the words of ``evidence``."""
        return float(-np.log(cls.mix(evidence, weights)).sum())


def _tuned_weights(tokens: list[str], order: int) -> tuple[float, ...]:
    """Return the interpolation weights of ``_TokenNgrams`` of ``order`` on ``tokens``, 2-gram up:
    counted on all but the last tenth of ``tokens``, each order's weight in turn (the lower ones
    fixed, the higher ones 0) is the one of ``_WEIGHTS`` that prices that tenth lowest."""
    cut = len(tokens) - len(tokens) // 10
    fit = _TokenNgrams(tokens[:cut], order)
    tail = fit.evidence(fit.histories(tokens[cut:]))  # counted once, priced at every weight
    weights: list[float] = []
    for n in range(2, order + 1):
        weights.append(min(_WEIGHTS, key=lambda lam, lower=tuple(weights), n=n: fit.nats(
            tail, [*lower, lam] + [0.0] * (order - n))))
    return tuple(weights)


def _spelling_nats(types: Sequence[str], words: Iterable[str], alphabet: Sequence[str]) -> float:
    """Nats to spell ``words`` one character at a time, then their end, at the frequencies of
    the characters and ends of the distinct training words ``types`` (each count raised by 1)."""
    counts = Counter("".join(types))
    total = sum(counts.values()) + len(types) + len(alphabet) + 1  # + 1: the end symbol
    end = -math.log((len(types) + 1) / total)
    return sum(end - sum(math.log((counts[c] + 1) / total) for c in w) for w in words)


def word_ngram_cost(train_text: str, heldout_text: str, order: int = 2) -> WordNgramCost:
    """Return what a counting word n-gram model pays for ``heldout_text``, in nats, so that it
    compares with a character model: per character, every character of the text included.

    Text is cut into ``word_tokens``. Each token is predicted from the ``order - 1`` before it
    by interpolated counts (``_TokenNgrams``); the weights are chosen on the last tenth of the
    training tokens, counted on the rest, then the counts are redone on all of them. A word
    never seen in training is predicted as "a new word" and then spelled out: each character,
    then the word's end, at its frequency among the distinct training words.
    """
    if order < 1:
        raise ValueError(f"need order >= 1, got {order}")
    train, heldout = word_tokens(train_text), word_tokens(heldout_text)
    if len(train) < 10 or not heldout_text.split():
        raise ValueError("need at least 10 training tokens and one held-out word")
    weights = _tuned_weights(train, order)
    model = _TokenNgrams(train, order)
    new_words = [w for w in heldout if w not in model.unigrams]
    alphabet = sorted(set(train_text) | set(heldout_text))
    return WordNgramCost(
        characters=len(heldout_text), words=sum(1 for w in heldout if not w.isspace()),
        unseen=sum(1 for w in new_words if not w.isspace()),
        token_nats=model.token_nats(heldout, weights),
        spelling_nats=_spelling_nats([w for w in model.unigrams if not w.isspace()], new_words,
                                     alphabet),
        weights=weights)


@dataclass(frozen=True)
class CharNgramCost:
    """What an interpolated character n-gram model pays for a held-out text."""

    characters: int  #: characters of the held-out text, every one priced
    unseen: int  #: of those, characters that never occur in the training text
    nats: float  #: total nats
    weights: tuple[float, ...]  #: the interpolation weight of each order, 2-gram up, tuned

    @property
    def nats_per_character(self) -> float:
        """All the nats, over every character of the held-out text."""
        return self.nats / self.characters


def char_ngram_cost(train_text: str, heldout_text: str, order: int = 5) -> CharNgramCost:
    """Return what a counting character n-gram model pays for ``heldout_text``, smoothed as
    ``word_ngram_cost`` smooths words, so that the two compare at equal smoothing.

    The tokens are the characters. Each is predicted from the ``order - 1`` before it (the
    first ones as after a newline) by interpolated counts (``_TokenNgrams``), the weights tuned as
    in ``word_ngram_cost``. A character never seen in training is "a new character", then one of
    the characters of either text not seen in training, each as likely.
    """
    if order < 1:
        raise ValueError(f"need order >= 1, got {order}")
    if len(train_text) < 10 or not heldout_text:
        raise ValueError("need at least 10 training characters and one held-out character")
    train, heldout = list(train_text), list(heldout_text)
    weights = _tuned_weights(train, order)
    model = _TokenNgrams(train, order)
    unseen = [c for c in heldout if c not in model.unigrams]
    which = len(unseen) * math.log(len(set(unseen))) if unseen else 0.0  # which new character
    return CharNgramCost(characters=len(heldout), unseen=len(unseen),
                         nats=model.token_nats(heldout, weights) + which, weights=weights)


def softmax(logits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    """Return the probabilities ``softmax(logits / temperature)`` in float64."""
    if temperature <= 0:
        raise ValueError(f"temperature must be positive, not {temperature}")
    scaled = np.asarray(logits, dtype=np.float64) / temperature
    scaled -= scaled.max(axis=-1, keepdims=True)
    exp = np.exp(scaled)
    return exp / exp.sum(axis=-1, keepdims=True)


def sample_id(logits: np.ndarray, temperature: float, rng: np.random.Generator) -> int:
    """Draw one id from ``softmax(logits / temperature)``. A low temperature sharpens the
    distribution towards the likeliest id, a high one flattens it towards uniform."""
    probs = softmax(logits, temperature)
    return int(rng.choice(len(probs), p=probs))


#: ``step(ids, state) -> (logits of the next character, new state)``: ``ids`` is a 1-d array
#: of character ids fed in order, ``state`` is ``None`` at the start and otherwise whatever
#: the previous call returned.
StepFn = Callable[[np.ndarray, object], tuple[np.ndarray, object]]


def generate(step: StepFn, vocab: CharVocab, prime: str, length: int, temperature: float,
             rng: np.random.Generator) -> str:
    """Return ``prime`` followed by ``length`` characters sampled one at a time from a model.

    The model is seen only through ``step`` (see ``StepFn``): the prime goes in as one
    sequence, then each sampled character is fed back to get the next distribution.
    """
    if not prime:
        raise ValueError("generate needs a non-empty prime")
    logits, state = step(vocab.encode(prime), None)
    out = []
    for _ in range(length):
        next_id = sample_id(logits, temperature, rng)
        out.append(next_id)
        logits, state = step(np.array([next_id], dtype=np.int32), state)
    return prime + vocab.decode(out)
