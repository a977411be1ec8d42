"""Benchmark skip-gram word2vec: notebook 04's TensorFlow graph against gensim's Word2Vec.

Both train, one after the other in one run, on the same corpus (text8: the bundled sample
unless CS20_PROFILE=full), the same vocabulary (UNK + the most frequent words; every other
word becomes UNK for both), window, dimension, number of negative samples, subsampling
threshold and number of passes, each on all the machine's threads (2 TensorFlow threads,
2 gensim workers by default). Reported for each: (center, context) pairs trained per second
and word-analogy accuracy (3CosAdd on questions-words.txt, cs20_helpers.analogy), and the
ratio of the two. ``--negative 64 5`` compares at each number of negative samples in turn
(64 is notebook 04's, 5 gensim's default).

    python benchmarks/word2vec.py            # prints the table, updates RESULTS.md
    python benchmarks/word2vec.py --no-write --words 100000 --epochs 1

Writes the ``## word2vec`` section of benchmarks/RESULTS.md and nothing else of it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass

import numpy as np

from cs20_helpers.notebook import THREADS, import_tensorflow, session_config
from cs20_helpers.word2vec_data import (
    UNK,
    Vocabulary,
    build_vocab,
    expected_pairs,
    keep_probabilities,
    skipgram_batches,
)

HEADING = "word2vec"
GENSIM_SENTENCE = 10_000  # gensim trains on lists of at most 10,000 words


@dataclass
class Run:
    """One implementation's training: what it did, how long it took, the vectors it made."""

    name: str
    negative: int
    pairs: int
    seconds: float
    embeddings: np.ndarray
    pairs_estimated: bool = False

    @property
    def pairs_per_s(self) -> float:
        return self.pairs / self.seconds


def train_tensorflow(tf, ids: np.ndarray, vocab: Vocabulary, args, negative: int) -> Run:
    """Notebook 04's SkipGramModel graph (NCE loss, SGD with linear decay), fed batches of
    ``skipgram_batches`` for exactly ``args.epochs`` passes; time the training loop."""
    tf1 = tf.compat.v1
    keep = keep_probabilities(vocab.counts, args.sample)
    steps = int(args.epochs * expected_pairs(round(keep[ids].sum()), args.window)
                // args.batch_size)
    graph = tf.Graph()
    with graph.as_default():
        tf1.set_random_seed(args.seed)
        centers = tf1.placeholder(tf.int32, [args.batch_size])
        contexts = tf1.placeholder(tf.int32, [args.batch_size, 1])
        scale = 0.5 / args.dim
        embed_matrix = tf1.Variable(tf1.random_uniform([len(vocab), args.dim], -scale, scale))
        nce_weight = tf1.Variable(
            tf1.truncated_normal([len(vocab), args.dim], stddev=1.0 / math.sqrt(args.dim)))
        nce_bias = tf1.Variable(tf.zeros([len(vocab)]))
        loss = tf.reduce_mean(tf.nn.nce_loss(
            weights=nce_weight, biases=nce_bias, labels=contexts,
            inputs=tf.nn.embedding_lookup(embed_matrix, centers),
            num_sampled=negative, num_classes=len(vocab)))
        global_step = tf1.train.get_or_create_global_step()
        learning_rate = tf1.train.polynomial_decay(args.lr, global_step, max(steps, 1),
                                                   end_learning_rate=args.lr / 1000)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(
            loss, global_step=global_step)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        pairs = 0
        start = time.perf_counter()
        for c, t in skipgram_batches(ids, args.batch_size, args.window, seed=args.seed,
                                     epochs=args.epochs, keep=keep):
            sess.run(train_op, {centers: c, contexts: t})
            pairs += len(c)
        seconds = time.perf_counter() - start
        embeddings = sess.run(embed_matrix)
    name = (f"TensorFlow {tf.__version__} graph (NCE: noise words shared by each batch of "
            f"{args.batch_size})")
    return Run(name, negative, pairs, seconds, embeddings)


def train_gensim(ids: np.ndarray, vocab: Vocabulary, args, negative: int) -> Run:
    """gensim's Word2Vec (skip-gram, negative sampling, its default learning rate 0.025
    decaying linearly) on the same words; time ``train`` alone. gensim does not count pairs:
    they are estimated from the words it kept after subsampling, with ``expected_pairs``."""
    import gensim
    from gensim.models import Word2Vec

    tokens = vocab.to_words(ids)
    sentences = [tokens[i : i + GENSIM_SENTENCE] for i in range(0, len(tokens), GENSIM_SENTENCE)]
    model = Word2Vec(vector_size=args.dim, window=args.window, sg=1, hs=0,
                     negative=negative, sample=args.sample, min_count=1,
                     workers=args.workers, seed=args.seed)
    model.build_vocab(sentences)
    start = time.perf_counter()
    kept_words, _ = model.train(sentences, total_examples=len(sentences), epochs=args.epochs)
    seconds = time.perf_counter() - start
    # per sentence, so that the windows' clipping at sentence ends is counted too
    kept = kept_words / (len(tokens) * args.epochs)  # share of words kept per pass
    pairs = args.epochs * sum(expected_pairs(round(len(s) * kept), args.window)
                              for s in sentences)
    embeddings = np.stack([model.wv[w] if w in model.wv else np.zeros(args.dim, np.float32)
                           for w in vocab.words])
    name = f"gensim {gensim.__version__} Word2Vec (sg=1: negative words drawn for each pair)"
    return Run(name, negative, round(pairs), seconds, embeddings, pairs_estimated=True)


def markdown_table(runs: list[Run], accuracies: list, passes: int) -> str:
    """Return the results as a Markdown table; "vs gensim" divides by gensim's pairs per second at
    the same number of negative samples."""
    rows = ["| implementation | negative samples | passes | pairs | seconds | pairs/s "
            "| vs gensim | analogy accuracy |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    base = {run.negative: run.pairs_per_s for run in runs if run.name.startswith("gensim")}
    for run, acc in zip(runs, accuracies, strict=True):
        pairs = f"{run.pairs / 1e6:.2f}M" + (" (est.)" if run.pairs_estimated else "")
        rows.append(f"| {run.name} | {run.negative} | {passes} | {pairs} | {run.seconds:.1f} | "
                    f"{run.pairs_per_s:,.0f} | {run.pairs_per_s / base[run.negative]:.2f}x | "
                    f"{acc.accuracy:.1%} ({acc.correct:,}/{acc.asked:,}) |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    from cs20_helpers import profile

    full = profile() == "full"
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vocab", type=int, default=50_000 if full else 10_000,
                        help="vocabulary size, UNK included (notebook 04's)")
    parser.add_argument("--dim", type=int, default=128, help="embedding dimension")
    parser.add_argument("--window", type=int, default=5, help="largest window on each side")
    parser.add_argument("--negative", type=int, nargs="+", default=[64, 5],
                        help="negative samples; several: one comparison each")
    parser.add_argument("--sample", type=float, default=1e-3, help="subsampling threshold")
    parser.add_argument("--epochs", type=int, default=1 if full else 3, help="passes")
    parser.add_argument("--batch-size", type=int, default=512, help="TensorFlow batch size")
    parser.add_argument("--lr", type=float, default=12.0,
                        help="TensorFlow's starting learning rate (decays linearly)")
    parser.add_argument("--workers", type=int, default=THREADS, help="gensim worker threads")
    parser.add_argument("--words", type=int, default=None, help="use the first WORDS words")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-write", action="store_true", help="do not update RESULTS.md")
    args = parser.parse_args(argv)

    tf = import_tensorflow()
    from cs20_helpers import datasets
    from cs20_helpers.analogy import evaluate, load_questions
    from cs20_helpers.benchmarking import machine_description, publish

    source = profile()
    words = datasets.load_text8(source=source)[: args.words]
    vocab = build_vocab(words, args.vocab)
    ids = vocab.to_ids(words)
    del words
    print(f"{len(ids):,} words, vocabulary {len(vocab):,} ({vocab.counts[0] / len(ids):.1%} "
          f"UNK), dim {args.dim}, window {args.window}, subsampling {args.sample:g}, "
          f"{args.epochs} passes", flush=True)

    questions = load_questions()
    runs, accuracies = [], []
    trainers = (lambda negative: train_tensorflow(tf, ids, vocab, args, negative),
                lambda negative: train_gensim(ids, vocab, args, negative))
    for negative in args.negative:
        for train in trainers:
            run = train(negative)
            runs.append(run)
            accuracies.append(evaluate(run.embeddings, vocab.words, questions))
            print(f"{run.name}, {negative} negative: {run.pairs_per_s:,.0f} pairs/s, analogy "
                  f"accuracy {accuracies[-1].accuracy:.2%}", flush=True)
    table = markdown_table(runs, accuracies, args.epochs)
    ratios = "; ".join(f"{tf_run.pairs_per_s / gs_run.pairs_per_s:.2f}x with {tf_run.negative} "
                       "negative samples" for tf_run, gs_run in zip(runs[::2], runs[1::2],
                                                                     strict=True))
    print(table)
    print(f"TensorFlow / gensim pairs per second: {ratios}")

    if not args.no_write:
        publish(
            HEADING,
            f"`python benchmarks/word2vec.py` (profile `{source}`): skip-gram on "
            f"{len(ids):,} words of text8{' (the bundled sample)' if source == 'sample' else ''}, "
            f"vocabulary of {len(vocab):,} ({UNK} + the most frequent words; the rest become "
            f"{UNK} for both), {args.dim} dimensions, window up to {args.window} (drawn per "
            f"center word, as word2vec does), subsampling "
            f"threshold {args.sample:g}, {args.epochs} passes, one run after the other, at "
            f"{' and '.join(map(str, args.negative))} negative samples. "
            "Only training is timed. Analogy accuracy: 3CosAdd on the "
            f"{sum(map(len, questions.values())):,} questions of questions-words.txt, of which "
            f"{accuracies[0].asked:,} have all four words in the vocabulary.",
            f"{machine_description(tf)}, {args.workers} gensim workers",
            table,
            f"TensorFlow / gensim pairs per second: **{ratios}**.\n\n"
            "The two spend their work differently. gensim draws its negative words afresh for "
            "every (center, context) pair, so each pair costs one dot product and update per "
            "negative word: its speed falls steeply with their number. TensorFlow's "
            "`nce_loss` draws one set of noise words per batch and scores the whole batch "
            "against it with one matrix product, so more negatives cost little. Learning "
            f"rates are each side's own: SGD from {args.lr:g} on the batch-mean loss, decaying "
            "linearly (notebook 04's), against gensim's default 0.025 per pair decaying to "
            "0.0001. Analogy accuracies are low for both because the corpus is small; "
            "gensim's default learning rate also suits more passes than these. gensim's "
            "numbers vary a little from run to run (its worker threads race); TensorFlow's "
            "accuracy is fixed by its seeds.",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
