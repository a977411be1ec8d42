"""Skip-gram data for word2vec (lecture 4): vocabulary, token ids, and (center, context) batches.

The pipeline of the course, made deterministic and fast enough for a notebook::

    vocab = build_vocab(tokens, size=20_000)            # most frequent words, UNK for the rest
    ids = vocab.to_ids(tokens)                           # int32 array, 0 = UNK
    for centers, contexts in skipgram_batches(ids, batch_size=512, window=5, seed=0):
        ...                                              # centers (B,), contexts (B, 1)

Pairs follow the original word2vec: each center word draws its own window size uniformly
from 1..window, so near neighbours are seen more often than far ones. Optional subsampling
of frequent words uses word2vec's (and gensim's) formula. Everything random comes from one
``numpy.random.Generator`` seeded by the caller, so a seed gives the same batches on every run.

Beside it, the rest of lecture 4's helpers: ``analogy`` (word-analogy accuracy, nearest
neighbours) and ``labels`` (plot labels that do not overlap).
"""

from __future__ import annotations

__all__ = ["build_vocab", "expected_pairs", "keep_probabilities", "skipgram_batches",
    "skipgram_pairs", "subsample", "UNK", "Vocabulary"]

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

UNK = "UNK"


@dataclass(frozen=True)
class Vocabulary:
    """Words by decreasing frequency, ``UNK`` first; ``counts[i]`` is how often word i occurred
    (for UNK: how many tokens fell outside the vocabulary)."""

    words: tuple[str, ...]
    counts: np.ndarray
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {w: i for i, w in enumerate(self.words)})

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.index

    def id(self, word: str) -> int:
        """Return the id of ``word``, 0 (UNK) when it is not in the vocabulary."""
        return self.index.get(word, 0)

    def to_ids(self, tokens: Iterable[str]) -> np.ndarray:
        """Return the tokens as an int32 array of ids, unknown words as 0 (UNK)."""
        get = self.index.get
        return np.fromiter((get(t, 0) for t in tokens), dtype=np.int32)

    def to_words(self, ids: Iterable[int]) -> list[str]:
        """Return the words of ``ids``."""
        return [self.words[int(i)] for i in ids]


def build_vocab(tokens: Iterable[str], size: int) -> Vocabulary:
    """Return a vocabulary of ``UNK`` plus the ``size - 1`` most frequent tokens.

    Ties in frequency are broken alphabetically, so the result does not depend on token order.
    """
    if size < 2:
        raise ValueError(f"size must be at least 2 (UNK and one word), not {size}")
    counter = Counter(tokens)
    counter.pop(UNK, None)  # a literal "UNK" in the text would clash with the UNK id
    ranked = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[: size - 1]
    kept = sum(c for _, c in ranked)
    total = sum(counter.values())
    words = (UNK, *(w for w, _ in ranked))
    counts = np.array([total - kept, *(c for _, c in ranked)], dtype=np.int64)
    return Vocabulary(words, counts)


def keep_probabilities(counts: Sequence[int] | np.ndarray, sample: float) -> np.ndarray:
    """Return each word's chance to be kept by word2vec's subsampling of frequent words.

    The formula of the original C code and gensim: with ``t = sample * total``, a word seen
    ``c`` times is kept with probability ``(sqrt(c / t) + 1) * t / c``, capped at 1.
    ``sample = 0`` keeps everything.
    """
    counts = np.asarray(counts, dtype=np.float64)
    if sample <= 0:
        return np.ones_like(counts)
    threshold = sample * counts.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        p = (np.sqrt(counts / threshold) + 1.0) * threshold / counts
    return np.where(counts > 0, np.minimum(p, 1.0), 1.0)


def subsample(ids: np.ndarray, keep: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Return ``ids`` with each token dropped at random with probability ``1 - keep[id]``."""
    return ids[rng.random(len(ids)) < keep[ids]]


def skipgram_pairs(ids: np.ndarray, window: int, rng: np.random.Generator) -> np.ndarray:
    """Return all (center, context) id pairs of ``ids`` as an ``(n, 2)`` int32 array.

    Each position draws a window size ``b`` uniformly from ``1..window`` and pairs with the
    tokens up to ``b`` places before and after it. Pairs come grouped by distance, not in text
    order: shuffle them before training.
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, not {window}")
    ids = np.asarray(ids, dtype=np.int32)
    n = len(ids)
    reach = rng.integers(1, window + 1, size=n)
    parts = []
    for d in range(1, min(window, n - 1) + 1):
        centers = np.nonzero(reach[: n - d] >= d)[0]  # center i, context i + d
        parts.append(np.stack([ids[centers], ids[centers + d]], axis=1))
        centers = np.nonzero(reach[d:] >= d)[0] + d  # center i, context i - d
        parts.append(np.stack([ids[centers], ids[centers - d]], axis=1))
    if not parts:
        return np.empty((0, 2), dtype=np.int32)
    return np.concatenate(parts)


def expected_pairs(n_tokens: int, window: int) -> float:
    """Return the mean number of pairs ``skipgram_pairs`` makes from ``n_tokens`` tokens."""
    # A pair at distance d exists with probability (window - d + 1) / window, in both directions.
    return sum(2 * max(n_tokens - d, 0) * (window - d + 1) / window for d in range(1, window + 1))


def skipgram_batches(
    ids: np.ndarray,
    batch_size: int,
    window: int,
    seed: int = 0,
    *,
    epochs: int | None = 1,
    keep: np.ndarray | None = None,
    chunk_tokens: int = 1_000_000,
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Yield shuffled ``(centers, contexts)`` batches: int32 arrays of shapes (B,) and (B, 1).

    The text is read in chunks of ``chunk_tokens`` tokens (pairs are made and shuffled one
    chunk at a time, so memory stays small on all of text8); every batch is full, the tail that
    does not fill one is carried to the next chunk and dropped at the very end (windows do not
    reach across chunks, a loss of a few pairs per million tokens). ``keep``
    (from :func:`keep_probabilities`) subsamples frequent words afresh each epoch.
    ``epochs=None`` repeats forever. The same seed gives the same batches.
    """
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    ids = np.asarray(ids, dtype=np.int32)
    if len(ids) < 2:
        return
    rng = np.random.default_rng(seed)
    carry = np.empty((0, 2), dtype=np.int32)
    epoch = 0
    while epochs is None or epoch < epochs:
        epoch += 1
        for start in range(0, len(ids), chunk_tokens):
            chunk = ids[start : start + chunk_tokens]
            if keep is not None:
                chunk = subsample(chunk, keep, rng)
            pairs = skipgram_pairs(chunk, window, rng)
            pairs = np.concatenate([carry, pairs[rng.permutation(len(pairs))]])
            full = len(pairs) - len(pairs) % batch_size
            for i in range(0, full, batch_size):
                batch = pairs[i : i + batch_size]
                yield batch[:, 0].copy(), batch[:, 1:].copy()
            carry = pairs[full:]
