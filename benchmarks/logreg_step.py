"""Time one training step of notebook 03's MNIST softmax regression in each of its three loops.

The notebook trains the same model (a 128x784 by 784x10 product, a softmax, an Adam update)
fed three ways: ``feed_dict`` into a TF1 graph, ``tf.data`` inside a TF1 graph, and a
TensorFlow 2 ``tf.function`` over an eager dataset. This script times one step as each loop
takes it, and the parts of a step on their own, in milliseconds: every callable is timed in
rounds of calls, the rounds taking turns between all of them so that a busy moment hits them
alike, and the best round counts. The parts do not have to add up to the whole; the table
says how much of each whole step they leave unexplained.

    python benchmarks/logreg_step.py              # RESULTS.md section and results.json
    python benchmarks/logreg_step.py --no-write   # print the table only
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

import numpy as np

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark
from cs20_helpers.notebook import session_config

HEADING = "Softmax regression: where a training step goes (notebook 03)"
BATCH_SIZE = 128


def best_ms_per_call(functions: dict[str, Callable[[], object]], calls: int,
                     rounds: int) -> dict[str, float]:
    """Time each function in ``rounds`` rounds of ``calls`` calls, the rounds taking turns
    between the functions; return the best round of each, in milliseconds per call."""
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(rounds):
        for name, fn in functions.items():
            start = time.perf_counter()
            for _ in range(calls):
                fn()
            best[name] = min(best[name], 1000 * (time.perf_counter() - start) / calls)
    return best


def softmax_regression(tf, tf1, images, labels):
    """Notebook 03's model in the current graph: return (loss, train_op, first label op)."""
    w = tf1.Variable(tf1.random_normal([784, 10], stddev=0.01))
    b = tf1.Variable(tf.zeros([1, 10]))
    logits = tf.matmul(images, w) + b
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    return loss, tf1.train.AdamOptimizer(0.001).minimize(loss), tf.argmax(labels[:1], axis=1)


def step_functions(tf, x: np.ndarray, y: np.ndarray) -> tuple[dict[str, Callable], Callable]:
    """Build the three loops and their parts on images ``x`` [N, 784] and integer labels ``y``;
    return the callables to time and a function that closes the sessions."""
    tf1 = tf.compat.v1
    one_hot = np.eye(10, dtype=np.float32)[y]
    batch = np.random.default_rng(1).permutation(len(x))[:BATCH_SIZE]

    fed_graph = tf.Graph()
    with fed_graph.as_default():
        images = tf1.placeholder(tf.float32, [None, 784])
        labels = tf1.placeholder(tf.float32, [None, 10])
        fed_loss, fed_train, _ = softmax_regression(tf, tf1, images, labels)
        nothing = tf.no_op()
        fed_init = tf1.global_variables_initializer()
    piped_graph = tf.Graph()
    with piped_graph.as_default():
        all_images = tf1.placeholder(tf.float32, [None, 784])
        all_labels = tf1.placeholder(tf.float32, [None, 10])
        data = (tf.data.Dataset.from_tensor_slices((all_images, all_labels))
                .shuffle(len(x), seed=0).batch(BATCH_SIZE).repeat())
        iterator = tf1.data.make_initializable_iterator(data)
        piped_loss, piped_train, piped_first = softmax_regression(tf, tf1, *iterator.get_next())
        piped_init = tf1.global_variables_initializer()
    fed = tf1.Session(graph=fed_graph, config=session_config())
    piped = tf1.Session(graph=piped_graph, config=session_config())
    fed.run(fed_init)
    piped.run([piped_init, iterator.initializer], {all_images: x, all_labels: one_hot})

    w2 = tf.Variable(tf.random.normal([784, 10], stddev=0.01, seed=0))
    b2 = tf.Variable(tf.zeros([10]))
    adam = tf.keras.optimizers.Adam(learning_rate=0.001)
    adam.build([w2, b2])
    signature = [tf.TensorSpec([None, 784], tf.float32), tf.TensorSpec([None], tf.int64)]

    @tf.function(input_signature=signature)
    def train_step(images, labels):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                labels=labels, logits=tf.matmul(images, w2) + b2))
        adam.apply_gradients(zip(tape.gradient(loss, [w2, b2]), [w2, b2], strict=True))
        return loss

    @tf.function(input_signature=signature)
    def empty_step(images, labels):
        return tf.constant(0.0)

    batches = iter(tf.data.Dataset.from_tensor_slices((x, y.astype(np.int64)))
                   .shuffle(len(x), seed=0).batch(BATCH_SIZE).repeat())
    ready_x, ready_y = tf.constant(x[batch]), tf.constant(y[batch].astype(np.int64))
    taken_x, taken_y = x[batch], one_hot[batch]
    functions = {
        "step: feed_dict": lambda: fed.run([fed_loss, fed_train],
                                           {images: x[batch], labels: one_hot[batch]}),
        "step: tf.data in the graph": lambda: piped.run([piped_loss, piped_train]),
        "step: TensorFlow 2": lambda: float(train_step(*next(batches))),
        "TF1: an empty run call": lambda: fed.run(nothing),
        "feed_dict: take a batch with NumPy": lambda: (x[batch], one_hot[batch]),
        "feed_dict: step on a batch taken beforehand": lambda: fed.run(
            [fed_loss, fed_train], {images: taken_x, labels: taken_y}),
        "tf.data: a batch only (get_next)": lambda: piped.run(piped_first),
        "TF2: next batch from the dataset": lambda: next(batches),
        "TF2: call an empty tf.function": lambda: float(empty_step(ready_x, ready_y)),
        "TF2: train_step on a ready batch": lambda: float(train_step(ready_x, ready_y)),
        "TF2: next batch, then train_step on the ready one": lambda: (
            next(batches), float(train_step(ready_x, ready_y))),
    }

    def close() -> None:
        fed.close()
        piped.close()

    return functions, close


#: The two parts each of these whole steps splits into: taking the batch, then the step on it.
#: (tf.data's batch is taken inside the same run as the step, so it has no such split.)
PARTS = {
    "step: feed_dict": ["feed_dict: take a batch with NumPy",
                        "feed_dict: step on a batch taken beforehand"],
    "step: TensorFlow 2": ["TF2: next batch from the dataset", "TF2: train_step on a ready batch"],
}


def markdown_table(ms: dict[str, float]) -> str:
    """One row per timed callable; a whole step's row also shows what its parts leave over."""
    rows = ["| what is timed | ms per call | its two parts timed alone | not explained by them |",
            "| --- | ---: | ---: | ---: |"]
    for name, value in ms.items():
        parts = PARTS.get(name)
        if parts:
            known = sum(ms[p] for p in parts)
            rows.append(f"| {name} | {value:.3f} | {known:.3f} | {value - known:.3f} |")
        else:
            rows.append(f"| {name} | {value:.3f} | | |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argument_parser(__doc__)
    parser.add_argument("--calls", type=int, default=20, help="calls per timed round")
    parser.add_argument("--rounds", type=int, default=15, help="rounds per callable")
    args = parser.parse_args(argv)
    if args.calls < 1 or args.rounds < 1:
        parser.error("--calls and --rounds must be at least 1")
    return run_benchmark(args, measure, "logreg_step", HEADING)


def measure(bench: Bench) -> Section:
    """Time each step and part of a step on MNIST; return what to store."""
    tf, args = bench.tf, bench.args
    from cs20_helpers import datasets, profile

    load_before = os.getloadavg()
    source = profile()
    images, labels = datasets.load_mnist("train", source=source)
    x = images.reshape(len(images), -1).astype(np.float32) / 255.0
    functions, close = step_functions(tf, x, labels.astype(np.int64))
    try:
        for fn in functions.values():  # trace and warm up, untimed
            fn()
        ms = best_ms_per_call(functions, args.calls, args.rounds)
    finally:
        close()
    table = markdown_table(ms)
    print(table)
    return Section(
        {"profile": source, "batch_size": BATCH_SIZE, "calls": args.calls,
         "rounds": args.rounds, "machine": bench.machine, "loaded": bench.loaded,
         "loadavg_before": list(load_before), "ms_per_call": ms},
        f"`python benchmarks/logreg_step.py` (profile `{source}`): notebook 03's softmax "
        f"regression on MNIST, batches of {BATCH_SIZE}, Adam; one step of each loop and "
        f"the parts of a step on their own, each timed in {args.rounds} rounds of "
        f"{args.calls} calls taking turns, best round shown, in milliseconds. Load "
        f"average before the run: {load_before[0]:.2f} (1 min). Figures also in "
        "`cs20_helpers/data/benchmark_results.json` under `logreg_step`.",
        table,
        "Every call includes fetching the loss to Python (`float`), so no step is left "
        "running in the background. A TensorFlow 2 step pays for two trips through "
        "Python that a TF1 `run` does not (the eager iterator's `next` and the call of "
        "the traced function, whose fixed cost the empty `tf.function` shows). A whole "
        "step splits into taking the batch and the step on a batch already taken; "
        "the last column is what timing those two parts alone does not account for. The 'next "
        "batch, then train_step on the ready one' row makes the same two calls in turn but "
        "trains on the ready batch, not the fetched one: if it matches the whole step, the "
        "unexplained part comes from alternating the two calls, each slower right after "
        "the other, not from the data the step receives.",
    )


if __name__ == "__main__":
    sys.exit(main())
