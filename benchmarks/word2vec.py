"""Benchmark skip-gram word2vec: TensorFlow against gensim, timed to the same analogy accuracy.

Speed alone says little when the two do different work, so each run trains until its word
vectors reach a target word-analogy accuracy (3CosAdd on questions-words.txt,
cs20_helpers.word2vec.analogy), and the figure is the training time it took (the evaluations at each
checkpoint, a quarter pass apart, are not timed). The same corpus (the bundled text8 sample;
text8 itself too when it is cached), vocabulary, window, dimension and subsampling for all;
three seeds each, minimum and median reported. Every run trains at least ``--equal-passes``
passes (2), past its target if need be, so that pairs per second are also compared over the
same passes for all.

- gensim: ``Word2Vec(sg=1)``: 5 negative words drawn per (center, context) pair from the
  unigram distribution raised to 0.75, as many worker threads as TensorFlow has (``THREADS``),
  and each per-pair learning rate the TensorFlow negative-sampling attempts use (the same grid:
  gensim's default 0.025, and 0.05 when the last attempt runs), decaying linearly to 1/250 of
  it over 5 passes as gensim's default does.
- TensorFlow, in the order the attempts were made, each keeping what came before:
  ``nce64_feed`` (notebook 04's model: ``nce_loss``, 64 noise words shared by a batch of 512,
  feed_dict), ``ns5_feed`` (the same algorithm as gensim: 5 negatives per pair from
  ``fixed_unigram_candidate_sampler`` with distortion 0.75, gensim's per-pair learning rate,
  feed_dict), then the input pipeline in the graph, larger batches, fewer ops per step,
  ``jit_compile``, and a larger learning rate.

The headline compares each side at its best rate: the fastest TensorFlow attempt against
gensim at its fastest rate, in time to the target (read a quarter pass apart) and in pairs
per second over the first ``--equal-passes`` passes.

    python benchmarks/word2vec.py            # everything: RESULTS.md, benchmark_results.json
    python benchmarks/word2vec.py --smoke    # a quick check of the whole path, writes nothing
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark
from cs20_helpers.notebook import THREADS, session_config
from cs20_helpers.word2vec import (
    Vocabulary,
    build_vocab,
    expected_pairs,
    keep_probabilities,
    skipgram_batches,
    skipgram_pairs,
    subsample,
)

HEADING = "word2vec"
GENSIM_SENTENCE = 10_000  # gensim trains on lists of at most 10,000 words
GENSIM_ALPHA, GENSIM_MIN_ALPHA = 0.025, 0.0001  # gensim's default learning rates
TABLE_SIZE = 1_000_000  # entries of the unigram^0.75 table (word2vec's C code uses 1e8)


@dataclass(frozen=True)
class Corpus:
    """Token ids over a vocabulary, with word2vec's keep probabilities for subsampling."""

    name: str
    vocab: Vocabulary
    ids: np.ndarray
    keep: np.ndarray


@dataclass(frozen=True)
class Variant:
    """One way of training with TensorFlow; ``lr`` is per pair (summed loss) for negative
    sampling, for the batch-mean loss with NCE."""

    key: str
    change: str  # what this attempt changed, for the table
    loss: str = "ns"  # "ns": negative sampling as gensim does it; "nce": tf.nn.nce_loss
    negative: int = 5
    batch: int = 512
    lr: float = GENSIM_ALPHA
    feed: bool = True  # feed_dict into a TF1 Session; False: tf.function over a pass's pairs
    table: bool = False  # draw negatives from a unigram table instead of the candidate sampler
    manual: bool = False  # hand-written gradients instead of GradientTape
    jit: bool = False


ATTEMPTS = (
    Variant("nce64_feed", "notebook 04's model: NCE, 64 noise words shared by the batch",
            loss="nce", negative=64, lr=12.0),
    Variant("ns5_feed", "negative sampling as gensim: 5 per pair from unigram^0.75"),
    Variant("ns5_graph", "input pipeline in the graph: one tf.function call per quarter pass",
            feed=False),
    Variant("ns5_graph_b4096", "batches of 4,096 (same per-pair rate: 102.4 on the mean loss)",
            feed=False, batch=4096),
    Variant("ns5_graph_b4096_lean", "fewer ops: unigram-table sampling, hand-written gradients",
            feed=False, batch=4096, table=True, manual=True),
    Variant("ns5_graph_b4096_lean_jit", "jit_compile=True on the step",
            feed=False, batch=4096, table=True, manual=True, jit=True),
    Variant("ns5_graph_b4096_lean_jit_lr2x", "twice gensim's learning rate: 0.05 per pair",
            feed=False, batch=4096, table=True, manual=True, jit=True, lr=2 * GENSIM_ALPHA),
)


@dataclass
class Trajectory:
    """One training run: cumulative training seconds and analogy accuracy at each checkpoint."""

    name: str
    seed: int
    pairs_per_pass: float
    seconds: list[float] = field(default_factory=list)
    accuracy: list[float] = field(default_factory=list)
    checkpoints_per_pass: int = 4

    def seconds_to(self, target: float) -> float | None:
        """Training seconds until the first checkpoint at or above ``target`` (None: never)."""
        return next((s for s, a in zip(self.seconds, self.accuracy, strict=True) if a >= target),
                    None)

    def passes_to(self, target: float, per_pass: int) -> float | None:
        """Passes until the first checkpoint at or above ``target`` (None: never)."""
        hits = [i for i, a in enumerate(self.accuracy) if a >= target]
        return (hits[0] + 1) / per_pass if hits else None

    @property
    def pairs_per_s(self) -> float:
        """Pairs per second over the whole run."""
        return self.pairs_per_s_over(len(self.seconds))

    def pairs_per_s_over(self, checkpoints: int) -> float | None:
        """Pairs per second over the first ``checkpoints`` (None: the run made fewer)."""
        if checkpoints > len(self.seconds) or checkpoints < 1:
            return None
        passes = checkpoints / self.checkpoints_per_pass
        return self.pairs_per_pass * passes / self.seconds[checkpoints - 1]


def linear_rate(lr: float, end: float, done: float) -> float:
    """word2vec's schedule: ``lr`` decaying linearly to ``end`` as ``done`` goes from 0 to 1."""
    return lr + (end - lr) * min(max(done, 0.0), 1.0)


def unigram_table(counts: np.ndarray, size: int = TABLE_SIZE, power: float = 0.75) -> np.ndarray:
    """Return word ids repeated in proportion to ``counts ** power``, word2vec's noise table:
    a uniform draw from it is a draw from the unigram distribution raised to ``power``."""
    p = np.asarray(counts, dtype=np.float64) ** power
    repeats = np.maximum(np.round(p / p.sum() * size), 1).astype(np.int64)
    return np.repeat(np.arange(len(counts), dtype=np.int32), repeats)


class Checkpoints:
    """Times training segments and evaluates the vectors after each, untimed; stops a run
    once the target is reached (``stop_at``) and at least ``at_least`` checkpoints are made,
    or after ``passes``."""

    def __init__(self, trajectory: Trajectory, embeddings: Callable[[], np.ndarray],
                 accuracy: Callable[[np.ndarray], float], stop_at: float | None,
                 at_least: int = 0):
        self.trajectory, self.embeddings, self.accuracy = trajectory, embeddings, accuracy
        self.stop_at, self.at_least, self.elapsed = stop_at, at_least, 0.0

    def timed(self, work: Callable[[], object]) -> None:
        start = time.perf_counter()
        work()
        self.elapsed += time.perf_counter() - start

    def record(self) -> bool:
        """Evaluate now; return True when the run should stop."""
        acc = self.accuracy(self.embeddings())
        self.trajectory.seconds.append(self.elapsed)
        self.trajectory.accuracy.append(acc)
        reached = self.stop_at is not None and max(self.trajectory.accuracy) >= self.stop_at
        return reached and len(self.trajectory.accuracy) >= self.at_least


def gensim_key(alpha: float) -> str:
    """The name of gensim's row at per-pair rate ``alpha``: ``gensim`` at its default rate,
    ``gensim_lr2x`` at twice that."""
    return "gensim" if alpha == GENSIM_ALPHA else f"gensim_lr{alpha / GENSIM_ALPHA:g}x"


def learning_rates(variants: tuple[Variant, ...]) -> tuple[float, ...]:
    """The grid of per-pair rates gensim is given: those of the negative-sampling attempts
    run (gensim's default alone when none is)."""
    return tuple(sorted({v.lr for v in variants if v.loss == "ns"})) or (GENSIM_ALPHA,)


def train_gensim(corpus: Corpus, args, seed: int, checkpoints: Callable,
                 alpha: float = GENSIM_ALPHA) -> Trajectory:
    """gensim's Word2Vec(sg=1) at per-pair rate ``alpha``, trained a quarter pass per
    ``train`` call with the learning rate each quarter would have in one long call (``alpha``
    to ``alpha`` / 250 over all passes, as gensim's 0.025 to 0.0001), on ``THREADS`` worker
    threads. gensim does not count pairs: they are estimated from the corpus size."""
    from gensim.models import Word2Vec

    tokens = corpus.vocab.to_words(corpus.ids)
    sentences = [tokens[i : i + GENSIM_SENTENCE] for i in range(0, len(tokens), GENSIM_SENTENCE)]
    kept = float(corpus.keep[corpus.ids].sum())
    trajectory = Trajectory(gensim_key(alpha), seed, expected_pairs(round(kept), args.window),
                            checkpoints_per_pass=args.checkpoints)
    model = Word2Vec(vector_size=args.dim, window=args.window, sg=1, hs=0, negative=5,
                     sample=args.sample, min_count=1, workers=THREADS, seed=seed)
    model.build_vocab(sentences)
    rows = [model.wv.key_to_index[w] for w in corpus.vocab.words]
    cp = checkpoints(trajectory, lambda: model.wv.vectors[rows])
    total, n = args.passes * args.checkpoints, len(sentences)
    for k in range(total):
        part = k % args.checkpoints
        chunk = sentences[part * n // args.checkpoints : (part + 1) * n // args.checkpoints]
        end = alpha * GENSIM_MIN_ALPHA / GENSIM_ALPHA
        a0, a1 = (linear_rate(alpha, end, d / total) for d in (k, k + 1))
        cp.timed(lambda chunk=chunk, a0=a0, a1=a1: model.train(
            chunk, total_examples=len(chunk), epochs=1, start_alpha=a0, end_alpha=a1))
        if cp.record():
            break
    return trajectory


def _noise(tf, variant: Variant, corpus: Corpus, contexts, seed: int):
    """Negative words, shape (batch, negative), from unigram^0.75: either TensorFlow's
    ``fixed_unigram_candidate_sampler`` or a uniform draw from word2vec's unigram table."""
    b, k = variant.batch, variant.negative
    if variant.table:
        table = tf.constant(unigram_table(corpus.vocab.counts))
        return tf.gather(table, tf.random.uniform([b, k], 0, len(table), tf.int32))
    sampled, _, _ = tf.random.fixed_unigram_candidate_sampler(
        true_classes=tf.cast(contexts[:, None], tf.int64), num_true=1, num_sampled=b * k,
        unique=False, range_max=len(corpus.vocab), distortion=0.75,
        unigrams=[int(c) for c in corpus.vocab.counts], seed=seed)
    return tf.reshape(tf.cast(sampled, tf.int32), [b, k])


def _ns_logits(tf, embed, out_rows):
    """Scores of each center vector (B, D) against its context and negatives (B, 1+K, D)."""
    return tf.reduce_sum(embed[:, None, :] * out_rows, axis=-1)


def _ns_loss(tf, logits):
    """Summed negative-sampling loss: -log sigmoid(true) - sum log sigmoid(-negative)."""
    return (tf.reduce_sum(tf.math.softplus(-logits[:, 0]))
            + tf.reduce_sum(tf.math.softplus(logits[:, 1:])))


def _initial(tf, variant: Variant, vocab_size: int, dim: int, seed: int):
    """Initial values: input vectors uniform in +-0.5/dim (word2vec's), output vectors zero
    (word2vec's) for negative sampling, truncated normal (notebook 04's) for NCE."""
    embed = tf.random.uniform([vocab_size, dim], -0.5 / dim, 0.5 / dim, seed=seed)
    if variant.loss == "nce":
        out = tf.random.truncated_normal([vocab_size, dim], stddev=dim ** -0.5, seed=seed + 1)
    else:
        out = tf.zeros([vocab_size, dim])
    return embed, out


def train_tf_feed(tf, corpus: Corpus, variant: Variant, args, seed: int,
                  checkpoints: Callable) -> Trajectory:
    """A TF1 graph fed batches of ``skipgram_batches`` through feed_dict (notebook 04's way),
    trained with GradientDescentOptimizer; batch generation is timed with the steps."""
    tf1 = tf.compat.v1
    v, b = len(corpus.vocab), variant.batch
    kept = float(corpus.keep[corpus.ids].sum())
    pairs_per_pass = expected_pairs(round(kept), args.window)
    steps = args.passes * int(pairs_per_pass // b)
    graph = tf.Graph()
    with graph.as_default():
        tf1.set_random_seed(seed)
        centers = tf1.placeholder(tf.int32, [b])
        contexts = tf1.placeholder(tf.int32, [b])
        embed0, out0 = _initial(tf, variant, v, args.dim, seed)
        embed_matrix, out_matrix = tf1.Variable(embed0), tf1.Variable(out0)
        embed = tf.nn.embedding_lookup(embed_matrix, centers)
        if variant.loss == "nce":
            loss = tf.reduce_mean(tf.nn.nce_loss(
                weights=out_matrix, biases=tf1.Variable(tf.zeros([v])),
                labels=contexts[:, None], inputs=embed, num_sampled=variant.negative,
                num_classes=v))
        else:
            targets = tf.concat([contexts[:, None],
                                 _noise(tf, variant, corpus, contexts, seed)], axis=1)
            out_rows = tf.nn.embedding_lookup(out_matrix, targets)
            loss = _ns_loss(tf, _ns_logits(tf, embed, out_rows))
        global_step = tf1.train.get_or_create_global_step()
        end = variant.lr * GENSIM_MIN_ALPHA / GENSIM_ALPHA
        learning_rate = tf1.train.polynomial_decay(variant.lr, global_step, steps,
                                                   end_learning_rate=end)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(
            loss, global_step=global_step)
        init = tf1.global_variables_initializer()
    trajectory = Trajectory(variant.key, seed, pairs_per_pass,
                            checkpoints_per_pass=args.checkpoints)
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        cp = checkpoints(trajectory, lambda: sess.run(embed_matrix))
        batches = skipgram_batches(corpus.ids, b, args.window, seed=seed, epochs=None,
                                   keep=corpus.keep)
        per_checkpoint = steps // args.passes // args.checkpoints

        def segment() -> None:
            for _ in range(per_checkpoint):
                c, t = next(batches)
                sess.run(train_op, {centers: c, contexts: t[:, 0]})

        for _ in range(args.passes * args.checkpoints):
            cp.timed(segment)
            if cp.record():
                break
    return trajectory


class GraphTrainer:
    """Negative sampling in TensorFlow 2: a tf.function loops over a tensor of shuffled pairs
    in the graph (no Python per step); the step is optionally hand-differentiated and
    compiled with XLA."""

    def __init__(self, tf, corpus: Corpus, variant: Variant, dim: int, seed: int):
        self.tf, self.corpus, self.variant, self.seed = tf, corpus, variant, seed
        embed0, out0 = _initial(tf, variant, len(corpus.vocab), dim, seed)
        self.embed_matrix, self.out_matrix = tf.Variable(embed0), tf.Variable(out0)
        step = self._manual_step if variant.manual else self._tape_step
        self.step = tf.function(step, jit_compile=True) if variant.jit else step
        self.run = tf.function(self._run)

    def noise_targets(self, contexts):
        """Each pair's context word followed by its negatives: (batch, 1 + negative) ids."""
        tf = self.tf
        return tf.concat([contexts[:, None],
                          _noise(tf, self.variant, self.corpus, contexts, self.seed)], axis=1)

    def _tape_step(self, centers, targets, lr):
        """GradientTape, then scatter_sub of the rows the batch touched (IndexedSlices)."""
        tf = self.tf
        variables = (self.embed_matrix, self.out_matrix)
        with tf.GradientTape() as tape:
            embed = tf.gather(self.embed_matrix, centers)
            loss = _ns_loss(tf, _ns_logits(tf, embed, tf.gather(self.out_matrix, targets)))
        for grad, var in zip(tape.gradient(loss, variables), variables, strict=True):
            var.scatter_sub(tf.IndexedSlices(lr * grad.values, grad.indices))

    def _manual_step(self, centers, targets, lr):
        """The gradient written out, as word2vec does: g = sigmoid(score) - label."""
        tf = self.tf
        embed = tf.gather(self.embed_matrix, centers)
        out_rows = tf.gather(self.out_matrix, targets)
        labels = tf.one_hot(tf.zeros_like(centers), tf.shape(targets)[1])
        g = lr * (tf.sigmoid(_ns_logits(tf, embed, out_rows)) - labels)
        self.out_matrix.scatter_sub(tf.IndexedSlices(
            tf.reshape(g[:, :, None] * embed[:, None, :], [-1, embed.shape[-1]]),
            tf.reshape(targets, [-1])))
        self.embed_matrix.scatter_sub(tf.IndexedSlices(
            tf.reduce_sum(g[:, :, None] * out_rows, axis=1), centers))

    def _run(self, pairs, lr0, lr1):
        """Train on every full batch of ``pairs``, the rate going linearly from lr0 to lr1."""
        tf, b = self.tf, self.variant.batch
        n = tf.shape(pairs)[0] // b
        for i in tf.range(n):
            batch = pairs[i * b : (i + 1) * b]
            done = tf.cast(i, tf.float32) / tf.cast(n, tf.float32)
            self.step(batch[:, 0], self.noise_targets(batch[:, 1]), lr0 + (lr1 - lr0) * done)
        return n


def train_tf_graph(tf, corpus: Corpus, variant: Variant, args, seed: int,
                   checkpoints: Callable) -> Trajectory:
    """``GraphTrainer``: each pass's pairs are made with NumPy (timed), then trained a
    quarter pass per tf.function call."""
    tf.random.set_seed(seed)
    trainer = GraphTrainer(tf, corpus, variant, args.dim, seed)
    rng = np.random.default_rng(seed)
    kept = float(corpus.keep[corpus.ids].sum())
    trajectory = Trajectory(variant.key, seed, expected_pairs(round(kept), args.window),
                            checkpoints_per_pass=args.checkpoints)
    cp = checkpoints(trajectory, trainer.embed_matrix.numpy)
    total, end = args.passes * args.checkpoints, GENSIM_MIN_ALPHA / GENSIM_ALPHA
    pairs = {}

    def make_pairs() -> None:
        made = skipgram_pairs(subsample(corpus.ids, corpus.keep, rng), args.window, rng)
        pairs["pass"] = tf.constant(made[rng.permutation(len(made))])

    for k in range(total):
        part = k % args.checkpoints
        if part == 0:
            cp.timed(make_pairs)
        n = int(pairs["pass"].shape[0])
        chunk = pairs["pass"][part * n // args.checkpoints : (part + 1) * n // args.checkpoints]
        a0, a1 = (linear_rate(variant.lr, variant.lr * end, d / total) for d in (k, k + 1))
        cp.timed(lambda chunk=chunk, a0=a0, a1=a1: trainer.run(chunk, a0, a1))
        if cp.record():
            break
    return trajectory


def load_corpus(name: str, vocab_size: int, sample: float, words: int | None) -> Corpus:
    """The bundled sample ("sample") or text8 ("full"), cut to ``words`` words if given."""
    from cs20_helpers import datasets

    tokens = datasets.load_text8(source=name)[:words]
    vocab = build_vocab(tokens, vocab_size)
    return Corpus("text8" if name == "full" else "text8 sample", vocab, vocab.to_ids(tokens),
                  keep_probabilities(vocab.counts, sample))


def run_all(tf, corpus: Corpus, variants: tuple[Variant, ...], args, seeds: list[int],
            target: float | None, rates: tuple[float, ...] | None = None
            ) -> dict[str, list[Trajectory]]:
    """Train gensim at each per-pair rate of ``rates`` (default: ``learning_rates(variants)``)
    and every variant, once per seed; stop each run at ``target`` if given, but not before
    ``args.equal_passes`` passes."""
    from cs20_helpers.word2vec.analogy import evaluate, load_questions

    questions = load_questions()
    at_least = min(args.equal_passes, args.passes) * args.checkpoints

    def accuracy(embeddings: np.ndarray) -> float:
        return evaluate(embeddings, corpus.vocab.words, questions).accuracy

    def checkpoints(trajectory: Trajectory, embeddings: Callable) -> Checkpoints:
        return Checkpoints(trajectory, embeddings, accuracy, target, at_least)

    runs: dict[str, list[Trajectory]] = {}
    trainers: list[tuple[str, Callable[[int], Trajectory]]] = [
        (gensim_key(alpha), lambda seed, alpha=alpha: train_gensim(corpus, args, seed,
                                                                   checkpoints, alpha))
        for alpha in rates or learning_rates(variants)]
    for v in variants:
        train = train_tf_feed if v.feed else train_tf_graph
        trainers.append((v.key, lambda seed, v=v, train=train:
                         train(tf, corpus, v, args, seed, checkpoints)))
    for key, train in trainers:
        for seed in seeds:
            t = train(seed)
            runs.setdefault(key, []).append(t)
            reached = t.seconds_to(target) if target is not None else None
            print(f"  {corpus.name}, {key}, seed {seed}: accuracy {t.accuracy[-1]:.2%} after "
                  f"{len(t.seconds) / args.checkpoints:g} passes, {t.seconds[-1]:.1f} s"
                  + (f", target at {reached:.1f} s" if reached is not None else ""), flush=True)
    return runs


def _median_or_none(values: list[float | None]) -> float | None:
    """Median over the seeds, a seed that never reached the target counting as infinitely
    slow: defined when more than half reached it, None otherwise."""
    middle = statistics.median(math.inf if v is None else v for v in values)
    return None if math.isinf(middle) else middle


def summarise(runs: dict[str, list[Trajectory]], target: float, per_pass: int) -> dict:
    """Per implementation: the min and the median seconds (and passes) to ``target`` over the
    seeds (see :func:`_median_or_none`), how many reached it, the median pairs per second
    over the whole runs and over the passes every run made (``equal_passes``: the same for
    all), the last accuracy of each run and each run's seconds and accuracy at every
    checkpoint."""
    equal = min(len(t.seconds) for ts in runs.values() for t in ts)
    figures = {}
    for key, trajectories in runs.items():
        seconds = [t.seconds_to(target) for t in trajectories]
        passes = [t.passes_to(target, per_pass) for t in trajectories]
        reached = [s for s in seconds if s is not None]
        figures[key] = {
            "seeds": len(trajectories), "reached": len(reached),
            "min_seconds_to_target": min(reached) if reached else None,
            "median_seconds_to_target": _median_or_none(seconds),
            "median_passes_to_target": _median_or_none(passes),
            "median_pairs_per_s": statistics.median(t.pairs_per_s for t in trajectories),
            "equal_passes": equal / per_pass,
            "pairs_per_s_equal_passes": statistics.median(
                t.pairs_per_s_over(equal) for t in trajectories),
            "last_accuracy": [round(t.accuracy[-1], 4) for t in trajectories],
            "checkpoints": [{"seconds": [round(s, 3) for s in t.seconds],
                             "accuracy": [round(a, 5) for a in t.accuracy]}
                            for t in trajectories],
        }
    return figures


def fastest(figures: dict, keys: list[str]) -> str | None:
    """The key of ``keys`` with the lowest median seconds to the target (None: none has one)."""
    timed = [k for k in keys if figures[k]["median_seconds_to_target"] is not None]
    return min(timed, key=lambda k: figures[k]["median_seconds_to_target"]) if timed else None


def adaptive_target(runs: dict[str, list[Trajectory]], share: float) -> float:
    """A target every implementation reached: ``share`` of the lowest best accuracy."""
    return share * min(max(t.accuracy) for ts in runs.values() for t in ts)


def _fmt(x: float | None, spec: str, none: str = "not reached") -> str:
    return none if x is None else format(x, spec)


def markdown_table(figures: dict, changes: dict[str, str], base: str = "gensim") -> str:
    """Rows: gensim at each rate, then each TensorFlow attempt with what it changed; "vs
    gensim" divides its median seconds to the target by those of ``base`` (gensim at its
    best rate); pairs per second are over the passes every run made."""
    equal = next(iter(figures.values()))["equal_passes"]
    rows = ["| run | what changed | seconds to target (min / median) | passes (median) | "
            f"pairs/s over {equal:g} passes (median) | vs `{base}` | seeds at target |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    reference = figures[base]["median_seconds_to_target"]
    for key, f in figures.items():
        med = f["median_seconds_to_target"]
        ratio = f"{med / reference:.2f}x" if med is not None and reference else "-"
        rows.append(f"| `{key}` | {changes.get(key, '')} | "
                    f"{_fmt(f['min_seconds_to_target'], '.1f')} / {_fmt(med, '.1f')} | "
                    f"{_fmt(f['median_passes_to_target'], 'g', '-')} | "
                    f"{f['pairs_per_s_equal_passes']:,.0f} | {ratio} | "
                    f"{f['reached']}/{f['seeds']} |")
    return "\n".join(rows)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argument_parser(__doc__)
    parser.add_argument("--vocab", type=int, default=10_000, help="vocabulary size, UNK included")
    parser.add_argument("--dim", type=int, default=128, help="embedding dimension")
    parser.add_argument("--window", type=int, default=5, help="largest window on each side")
    parser.add_argument("--sample", type=float, default=1e-3, help="subsampling threshold")
    parser.add_argument("--passes", type=int, default=5, help="passes (gensim's default: 5)")
    parser.add_argument("--checkpoints", type=int, default=4, help="evaluations per pass")
    parser.add_argument("--equal-passes", type=int, default=2,
                        help="passes every run makes, past its target if need be, so that "
                             "pairs per second are compared over the same passes")
    parser.add_argument("--target", type=float, default=0.012,
                        help="analogy accuracy to reach on the sample")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--words", type=int, default=None, help="use the first WORDS words")
    parser.add_argument("--variants", nargs="+", default=[v.key for v in ATTEMPTS],
                        choices=[v.key for v in ATTEMPTS], help="TensorFlow attempts to run")
    parser.add_argument("--text8", choices=["auto", "no"], default="auto",
                        help="auto: also run on text8 when it is cached")
    parser.add_argument("--smoke", action="store_true",
                        help="quick check: 60,000 words, 1 seed, 2 passes, small model, "
                             "target 0, no text8, writes nothing")
    args = parser.parse_args(argv)
    if args.smoke:
        args = replace_args(args, words=60_000, vocab=500, dim=16, seeds=1, passes=2,
                            checkpoints=2, target=0.0, text8="no", no_write=True)
    return args


def replace_args(args: argparse.Namespace, **changes) -> argparse.Namespace:
    """Return a copy of ``args`` with ``changes``."""
    return argparse.Namespace(**{**vars(args), **changes})


TEXT8_AFTER_S = 330  # start the text8 part only this soon, so the whole run stays in 10 min


def text8_run(tf, args, best: Variant, elapsed: float = 0.0,
              gensim_rate: float = GENSIM_ALPHA) -> dict | None:
    """On cached text8 (50,000 words, 1 pass, 1 seed): gensim at ``gensim_rate`` and the best
    attempt, to a target both reach (0.8 of the lower best accuracy). None when text8 is not
    cached; skipped (and said so) when the sample part took longer than ``TEXT8_AFTER_S``."""
    from cs20_helpers.datasets.registry import cached

    if args.text8 != "auto" or cached("text8") != "yes":
        return None
    if elapsed > TEXT8_AFTER_S:
        print(f"text8 skipped: the sample part took {elapsed:.0f} s", flush=True)
        return {"skipped": f"the sample part took {elapsed:.0f} s (> {TEXT8_AFTER_S} s)"}
    corpus = load_corpus("full", 50_000, args.sample, None)
    t8 = replace_args(args, passes=1, checkpoints=10)
    runs = run_all(tf, corpus, (best,), t8, [0], None, rates=(gensim_rate,))
    target = adaptive_target(runs, 0.8)
    return {"target": round(target, 4), "words": len(corpus.ids), "passes": 1, "seeds": 1,
            **summarise(runs, target, t8.checkpoints)}


def main(argv: list[str] | None = None) -> int:
    return run_benchmark(parse_args(argv), measure, HEADING, HEADING)


def headline(figures: dict, best: str | None, gensim_best: str | None, seeds: int) -> str:
    """One sentence on each side at its best rate: time to the target, then pairs per second
    over the same passes."""
    if gensim_best is None:
        return ("gensim reached the target on fewer than half of the seeds at every rate, so "
                f"it has no median time to compare with ({seeds} seeds)")
    if best is None:
        return "no TensorFlow attempt reached the target on most seeds"
    tf_f, g_f = figures[best], figures[gensim_best]
    return (f"Each side at its best rate: TensorFlow's best (`{best}`) took "
            f"**{tf_f['median_seconds_to_target'] / g_f['median_seconds_to_target']:.2f}x** "
            f"the median time to the target of gensim's best (`{gensim_best}`); over the first "
            f"{g_f['equal_passes']:g} passes gensim trained "
            f"**{g_f['pairs_per_s_equal_passes'] / tf_f['pairs_per_s_equal_passes']:.2f}x** as "
            "many pairs per second")


def measure(bench: Bench) -> Section:
    """Race gensim at each rate of the grid and every attempt to the target (and on text8 when
    cached); return what to store."""
    tf, args = bench.tf, bench.args
    corpus = load_corpus("sample", args.vocab, args.sample, args.words)
    variants = tuple(v for v in ATTEMPTS if v.key in args.variants)
    if args.smoke:
        variants = tuple(replace(v, batch=min(v.batch, 256)) for v in variants)
    rates = learning_rates(variants)
    print(f"{corpus.name}: {len(corpus.ids):,} words, vocabulary {len(corpus.vocab):,}, dim "
          f"{args.dim}, window {args.window}, up to {args.passes} passes (at least "
          f"{args.equal_passes}), target {args.target:.2%}, {args.seeds} seeds, gensim at "
          f"{', '.join(f'{a:g}' for a in rates)} on {THREADS} threads", flush=True)
    start = time.perf_counter()
    runs = run_all(tf, corpus, variants, args, list(range(args.seeds)), args.target, rates)
    figures = summarise(runs, args.target, args.checkpoints)
    gensim_keys = [gensim_key(a) for a in rates]
    gensim_best = fastest(figures, gensim_keys)
    changes = {v.key: v.change for v in variants} | {
        gensim_key(a): f"gensim at {a:g} per pair ({a / GENSIM_ALPHA:g}x its default)"
        for a in rates}
    table = markdown_table(figures, changes, gensim_best or gensim_keys[0])
    tf_keys = [v.key for v in variants if v.loss == "ns" and v.negative == 5]
    best = fastest(figures, tf_keys)
    print(table)
    gensim_rate = rates[gensim_keys.index(gensim_best)] if gensim_best else GENSIM_ALPHA
    text8 = text8_run(tf, args, next(v for v in variants if v.key == (best or tf_keys[-1])),
                      time.perf_counter() - start, gensim_rate) if tf_keys else None
    print(f"whole benchmark: {time.perf_counter() - start:.0f} s", flush=True)
    g_f = figures[gensim_best] if gensim_best else None
    tf_f = figures[best] if best else None
    gensim_s = g_f and g_f["median_seconds_to_target"]
    tf_s = tf_f and tf_f["median_seconds_to_target"]
    tf_pairs = tf_f and tf_f["pairs_per_s_equal_passes"]
    gensim_pairs = g_f and g_f["pairs_per_s_equal_passes"]
    ratio = headline(figures, best, gensim_best, args.seeds)
    t8_gensim = gensim_key(gensim_rate)
    return Section(
        {"negatives_5": {
            "target": args.target,
            "target_metric": "3CosAdd analogy accuracy, questions-words.txt",
            "corpus": corpus.name, "words": len(corpus.ids), "seeds": args.seeds,
            "learning_rates": list(rates), "gensim_workers": THREADS, "tf_threads": THREADS,
            "equal_passes": next(iter(figures.values()))["equal_passes"],
            "tf_variant": best, "gensim_variant": gensim_best,
            "tf_seconds_to_target": tf_s, "gensim_seconds_to_target": gensim_s,
            "tf_over_gensim": tf_s / gensim_s if tf_s and gensim_s else None,
            "tf_pairs_per_s_equal_passes": tf_pairs,
            "gensim_pairs_per_s_equal_passes": gensim_pairs,
            "gensim_over_tf_pairs_per_s": gensim_pairs / tf_pairs if tf_pairs and gensim_pairs
            else None,
            "attempts": figures, "text8": text8}},
        "`python benchmarks/word2vec.py`: skip-gram on the "
        f"{len(corpus.ids):,} words of the bundled text8 sample, vocabulary of "
        f"{len(corpus.vocab):,} (UNK + the most frequent words), {args.dim} dimensions, window "
        f"up to {args.window}, subsampling {args.sample:g}, at most {args.passes} passes "
        f"(the learning rate decays linearly over them). Each run stops at the first "
        f"checkpoint ({args.checkpoints} per pass, not timed) whose analogy accuracy "
        f"(3CosAdd, questions-words.txt) reaches the target, **{args.target:.1%}**, but not "
        f"before {args.equal_passes} passes; the time is training alone, {args.seeds} seeds "
        f"each (min / median). gensim runs at each per-pair learning rate the TensorFlow "
        f"attempts use ({', '.join(f'{a:g}' for a in rates)}), on as many threads as "
        f"TensorFlow ({THREADS}).",
        table,
        f"{ratio}. Each TensorFlow row keeps the changes of the rows above it (from "
        "`ns5_feed` on); `nce64_feed` is notebook 04's model for comparison (NCE draws its 64 "
        "noise words once per batch from a log-uniform distribution, and learns a bias per "
        "word). gensim updates the vectors pair after pair on its worker threads; "
        "TensorFlow updates a whole batch at once, so larger batches use the cores better "
        "but each update sees older vectors. TensorFlow's times include tracing and XLA "
        "compilation, which happen in the first quarter pass; pairs per second are over the "
        "same passes for every run (every run trains that far, past its target if need be), "
        "the seconds to the target are read at the checkpoints, a quarter pass apart."
        + (f"\n\nOn text8 ({text8['words']:,} words, 50,000-word vocabulary, 1 pass, 1 seed), "
           f"target {text8['target']:.1%}: gensim at {gensim_rate:g} "
           f"{_fmt(text8[t8_gensim]['min_seconds_to_target'], '.1f')} s, TensorFlow "
           f"`{best}` {_fmt(text8[best]['min_seconds_to_target'], '.1f')} s."
           if text8 and best and "skipped" not in text8 else "")
        + (f"\n\ntext8 is cached but was skipped: {text8['skipped']}."
           if text8 and "skipped" in text8 else ""),
        f"{bench.machine}, {THREADS} gensim workers",
    )


if __name__ == "__main__":
    sys.exit(main())
