"""Benchmark style transfer (notebook 11): speed and time to a style-loss reduction, per way.

The problem: the bundled cat photo as content, the stained-tissue texture as style, features
from ``feature_nets.choose()`` (VGG-19 when its weights are on disk, else the random dilated
filters, unblurred), notebook 11's relative losses (content error over the target's energy, each
layer's Gram error over the style's own) with weights ALPHA, BETA and GAMMA, starting from
60% noise and 40% content, every pixel kept in [0, 1] (Adam clips; L-BFGS-B is bounded). Each
way runs ``--warmup`` untimed evaluations (tracing and compiling happen there), then up to
``--evaluations`` loss-and-gradient evaluations from the same start; it reports evaluations per
second and the evaluations and seconds until the style loss is ``--reduction`` times lower than
at the start.

Ways: Adam (rate ``--adam-rate``, the best of notebook 11's sweep) in a TF1 graph and session;
Adam in TensorFlow 2 with ``tf.function`` and with ``tf.function(jit_compile=True)``; SciPy's
L-BFGS-B (``cs20_helpers.style.lbfgs``) on a ``tf.function`` and on a ``jit_compile`` one.

    python benchmarks/style_transfer.py              # prints the table, updates RESULTS.md
    python benchmarks/style_transfer.py --size 32 --evaluations 20 --no-write

Writes the ``## Style transfer`` section of benchmarks/RESULTS.md and nothing else of it, and
the ``style_transfer`` key of cs20_helpers/data/benchmark_results.json.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark
from cs20_helpers.notebook import session_config

HEADING = "Style transfer"
# notebook 11 now takes the brick wall as style, a blurred net and BETA = 5 (docs/benchmarks.md)
ALPHA, BETA, GAMMA = 1.0, 2.0, 0.05
ADAM_RATE = 0.1  # the best of notebook 11's sweep (0.01, 0.03, 0.1)


def make_problem(tf, size: int) -> dict:
    """Return the net, targets, weights and start image of the style transfer timed here."""
    from cs20_helpers import style
    from cs20_helpers.style import feature_nets, images

    net, note = feature_nets.choose()
    content = images.load_image("cat", size)[None]
    style_image = images.load_image("tissue", size)[None]
    content_target = net(tf.constant(content))[net.content_layer].numpy()
    grams = {k: v.numpy() for k, v in style.grams(net(tf.constant(style_image)),
                                                    net.style_layers).items()}
    weights = {k: float(v) for k, v in style.relative_weights(grams).items()}
    start = (0.6 * np.random.default_rng(1).uniform(0, 1, content.shape)
             + 0.4 * content).astype(np.float32)
    return {"net": net, "note": note, "content": content_target, "grams": grams,
            "weights": weights, "start": start}


def losses(tf, problem: dict, image) -> tuple:
    """Return (style loss, total loss) of ``image`` (tensors; graph or eager)."""
    from cs20_helpers import style

    net = problem["net"]
    features = net(image)
    content = style.content_loss(features[net.content_layer], tf.constant(problem["content"]))
    grams = {k: tf.constant(v) for k, v in problem["grams"].items()}
    style_value = style.style_loss(features, grams, problem["weights"])
    total = ALPHA * content + BETA * style_value + GAMMA * style.total_variation(image)
    return style_value, total


def adam_graph(tf, problem: dict, rate: float) -> Callable[[], float]:
    """Adam on a variable image in a TF1 graph; each call takes one step, returns the style
    loss before it."""
    tf1 = tf.compat.v1
    graph = tf.Graph()
    with graph.as_default():
        image = tf1.get_variable("image", initializer=problem["start"])
        style_value, total = losses(tf, problem, image)
        train = tf1.train.AdamOptimizer(rate).minimize(total, var_list=[image])
        with tf.control_dependencies([train]):
            step = image.assign(tf.clip_by_value(image, 0.0, 1.0))
        init = tf1.global_variables_initializer()
    sess = tf1.Session(graph=graph, config=session_config())
    sess.run(init)
    return lambda: float(sess.run([style_value, step])[0])


def adam_eager(tf, problem: dict, jit: bool, rate: float) -> Callable[[], float]:
    """Adam on a ``tf.Variable`` in a ``tf.function`` (``jit_compile`` if ``jit``)."""
    image = tf.Variable(problem["start"])
    adam = tf.keras.optimizers.Adam(rate, epsilon=1e-8)  # TF1's epsilon

    @tf.function(jit_compile=jit)
    def step():
        with tf.GradientTape() as tape:
            style_value, total = losses(tf, problem, image)
        adam.apply_gradients([(tape.gradient(total, image), image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))
        return style_value

    return lambda: float(step())


def run_adam(step: Callable[[], float], warmup: int, evaluations: int,
             target: float) -> dict:
    """Time ``evaluations`` steps after ``warmup``; note when the style loss reaches ``target``."""
    for _ in range(warmup):
        step()
    reached, start = None, time.perf_counter()
    for count in range(1, evaluations + 1):
        if step() <= target and reached is None:
            reached = (count, time.perf_counter() - start)
    return {"seconds": time.perf_counter() - start, "evaluations": evaluations,
            "reached": reached}


def run_lbfgs(tf, problem: dict, jit: bool, warmup: int, evaluations: int,
              target: float) -> dict:
    """L-BFGS-B on a ``tf.function`` loss and gradient; same budget of evaluations as Adam."""
    from cs20_helpers.style import lbfgs

    @tf.function(jit_compile=jit)
    def value_and_gradient(image):
        with tf.GradientTape() as tape:
            tape.watch(image)
            style_value, total = losses(tf, problem, image)
        return style_value, total, tape.gradient(total, image)

    for _ in range(warmup):
        value_and_gradient(tf.constant(problem["start"]))
    state = {"count": 0, "reached": None}

    def evaluate(x):
        style_value, total, gradient = value_and_gradient(tf.constant(x))
        state["count"] += 1
        if float(style_value) <= target and state["reached"] is None:
            state["reached"] = (state["count"], time.perf_counter() - start)
        return float(total), gradient.numpy()

    start = time.perf_counter()
    lbfgs.minimize(evaluate, problem["start"], evaluations)
    return {"seconds": time.perf_counter() - start, "evaluations": state["count"],
            "reached": state["reached"]}


def markdown_table(rows: dict[str, dict]) -> str:
    """Return one row per way: evaluations/s, and evaluations and seconds to the target."""
    lines = ["| way | evaluations per s | evaluations to target | seconds to target |",
             "| --- | ---: | ---: | ---: |"]
    for way, row in rows.items():
        reached = row["reached"]
        count, seconds = (f"{reached[0]}", f"{reached[1]:.2f}") if reached else ("not", "not")
        lines.append(f"| {way} | {row['evaluations'] / row['seconds']:.1f} | {count} | "
                     f"{seconds} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argument_parser(__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=256, help="image side in pixels")
    parser.add_argument("--evaluations", type=int, default=100)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--reduction", type=float, default=2.0,
                        help="target: style loss this many times lower than at the start")
    parser.add_argument("--adam-rate", type=float, default=ADAM_RATE,
                        help="Adam's learning rate (default: notebook 11's best)")
    return run_benchmark(parser.parse_args(argv), measure, "style_transfer", HEADING)


def measure(bench: Bench) -> Section:
    """Race every way to the target; return what to store."""
    tf, args = bench.tf, bench.args
    problem = make_problem(tf, args.size)
    start_style = float(losses(tf, problem, tf.constant(problem["start"]))[0])
    target = start_style / args.reduction
    print(problem["note"])
    budget = (args.warmup, args.evaluations, target)
    rows = {
        "Adam, TF1 graph and session": run_adam(adam_graph(tf, problem, args.adam_rate), *budget),
        "Adam, tf.function": run_adam(adam_eager(tf, problem, False, args.adam_rate), *budget),
        "Adam, tf.function(jit_compile=True)": run_adam(
            adam_eager(tf, problem, True, args.adam_rate), *budget),
        "L-BFGS-B, tf.function": run_lbfgs(tf, problem, False, *budget),
        "L-BFGS-B, tf.function(jit_compile=True)": run_lbfgs(tf, problem, True, *budget),
    }
    table = markdown_table(rows)
    print(table)
    return Section(
        {"size": args.size, "evaluations": args.evaluations, "reduction": args.reduction,
         "adam_rate": args.adam_rate, "weights": [ALPHA, BETA, GAMMA],
         "features": problem["net"].name, "machine": bench.machine,
         "ways": {way: {"evaluations_per_s": row["evaluations"] / row["seconds"],
                        "evaluations_to_target": row["reached"] and row["reached"][0],
                        "seconds_to_target": row["reached"] and row["reached"][1]}
                  for way, row in rows.items()}},
        f"Notebook 11's style transfer at {args.size}x{args.size} ({problem['net'].name}),"
        f" Adam at rate {args.adam_rate:g}, pixels kept in [0, 1],"
        f" up to {args.evaluations} loss-and-gradient evaluations per way after "
        f"{args.warmup} untimed ones; target: the style loss {args.reduction:g} times "
        "lower than at the start (`python benchmarks/style_transfer.py`).",
        table)


if __name__ == "__main__":
    sys.exit(main())
