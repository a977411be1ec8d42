"""The Neural GPU of lecture 12 (Kaiser and Sutskever, 2016): binary tasks, the model, training.

A Neural GPU keeps a state of shape ``[batch, width, length, filters]`` and applies a
convolutional GRU (CGRU) to it ``length`` times; every step updates every position at once.
Symbols: 0 is an empty cell (padding), 1 is the bit 0, 2 is the bit 1; numbers are written
least-significant bit first. Inputs are ``[batch, 2, length]`` (two operand rows stacked in the
width dimension; the second row is empty for one-operand tasks), targets ``[batch, length]``.

Notebook 12 writes the CGRU out first; this module is what its later sections and
``benchmarks/neural_gpu.py`` train with.
"""

from __future__ import annotations

import time
from collections import namedtuple
from collections.abc import Callable

import numpy as np

from cs20_helpers.notebook import quiet_import, session_config

tf = quiet_import()
tf1 = tf.compat.v1

TASKS = ("copy", "reverse", "duplicate", "add")
VOCAB = 3  # empty, bit 0, bit 1

#: Everything one training run depends on. ``_replace`` makes the variants of an ablation.
HParams = namedtuple("HParams", [
    "task", "model", "width", "filters", "kernel", "layers", "cutoff", "dropout",
    "grad_noise", "curriculum", "max_length", "batch", "lr", "clip", "seed"])

DEFAULTS = HParams(task="add", model="ngpu", width=4, filters=24, kernel=3, layers=2,
                   cutoff=True, dropout=0.0, grad_noise=0.0, curriculum=True, max_length=20,
                   batch=32, lr=0.003, clip=1.0, seed=0)


def task_batch(task: str, size: int, length: int,
               rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Return ``size`` random examples of ``task`` at ``length`` positions: inputs
    ``[size, 2, length]`` and targets ``[size, length]`` (int32 symbols, LSB first)."""
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; choose from {TASKS}")
    if length < 2:
        raise ValueError(f"length must be at least 2, not {length}")
    inputs = np.zeros((size, 2, length), np.int32)
    bits = rng.integers(0, 2, size=(size, length))
    if task == "copy":
        inputs[:, 0], targets = bits + 1, bits + 1
    elif task == "reverse":
        inputs[:, 0], targets = bits + 1, bits[:, ::-1] + 1
    elif task == "duplicate":
        half = length // 2
        inputs[:, 0, :half] = bits[:, :half] + 1
        targets = np.zeros((size, length), np.int64)
        targets[:, :2 * half] = np.repeat(bits[:, :half], 2, axis=1) + 1
    else:  # add: two numbers of length - 1 bits; their sum fits in length bits
        other = rng.integers(0, 2, size=(size, length))
        bits[:, -1] = other[:, -1] = 0
        inputs[:, 0], inputs[:, 1] = bits + 1, other + 1
        targets, carry = np.zeros((size, length), np.int64), np.zeros(size, np.int64)
        for i in range(length):
            total = bits[:, i] + other[:, i] + carry
            targets[:, i], carry = total % 2 + 1, total // 2
    return inputs, targets.astype(np.int32)


def to_bits(number: int, length: int) -> list[int]:
    """Return ``number`` as ``length`` bits, least-significant first."""
    return [(number >> i) & 1 for i in range(length)]


def gate(x: tf.Tensor, cutoff: bool) -> tf.Tensor:
    """A CGRU gate: sigmoid, or with the cutoff max(0, min(1, 1.2 sigmoid(x) - 0.1)), which
    reaches exactly 0 and 1 and so can hold a value unchanged over many steps."""
    if not cutoff:
        return tf.sigmoid(x)
    return tf.clip_by_value(1.2 * tf.sigmoid(x) - 0.1, 0.0, 1.0)


def conv(state: tf.Tensor, filters: int, kernel: int, name: str, bias: float = 0.0) -> tf.Tensor:
    """A ``kernel`` x ``kernel`` same-padded convolution plus bias, variables under ``name``."""
    with tf1.variable_scope(name):
        w = tf1.get_variable("kernel", [kernel, kernel, state.shape[-1], filters],
                             initializer=tf1.glorot_uniform_initializer())
        b = tf1.get_variable("bias", [filters], initializer=tf1.constant_initializer(bias))
        return tf.nn.conv2d(state, w, strides=1, padding="SAME") + b


def cgru(state: tf.Tensor, name: str, cutoff: bool = True, kernel: int = 3) -> tf.Tensor:
    """One CGRU: u * s + (1 - u) * tanh(U * (r * s) + B), gates u and r from convolutions of s."""
    filters = state.shape[-1]
    with tf1.variable_scope(name, reuse=tf1.AUTO_REUSE):
        update, reset = tf.split(gate(conv(state, 2 * filters, kernel, "gates", bias=1.0),
                                      cutoff), 2, axis=-1)
        candidate = tf.tanh(conv(reset * state, filters, kernel, "candidate"))
        return update * state + (1.0 - update) * candidate


def embed(inputs: tf.Tensor, hp: HParams) -> tf.Tensor:
    """Embed the two input rows into the first two of ``hp.width`` rows of the initial state."""
    table = tf1.get_variable("embedding", [VOCAB, hp.filters],
                             initializer=tf1.random_uniform_initializer(-1.0, 1.0))
    rows = tf.nn.embedding_lookup(table, inputs)  # [B, 2, n, m]
    return tf.pad(rows, [[0, 0], [0, hp.width - 2], [0, 0], [0, 0]])


def ngpu_step(state: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float) -> tf.Tensor:
    """One step of the Neural GPU: dropout on the state, then ``hp.layers`` CGRUs."""
    if hp.dropout:
        state = tf.nn.dropout(state, rate=1.0 - keep_prob)
    for layer in range(hp.layers):
        state = cgru(state, f"cgru{layer}", hp.cutoff, hp.kernel)
    return state


def readout(state: tf.Tensor) -> tf.Tensor:
    """Logits ``[batch, length, VOCAB]`` from the first row of the final state."""
    with tf1.variable_scope("output"):
        w = tf1.get_variable("kernel", [state.shape[-1], VOCAB])
        b = tf1.get_variable("bias", [VOCAB], initializer=tf1.zeros_initializer())
        return tf.einsum("bnm,mv->bnv", state[:, 0], w) + b


def neural_gpu(inputs: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float = 1.0,
               unroll: int | None = None) -> tf.Tensor:
    """The Neural GPU's logits: ``length`` steps in a ``tf.while_loop`` (any length, one graph),
    or, with ``unroll=n``, ``n`` copies of the step in the graph (inputs of length n only)."""
    state = embed(inputs, hp)
    if unroll is not None:
        for _ in range(unroll):
            state = ngpu_step(state, hp, keep_prob)
    else:
        steps = tf.shape(inputs)[2]
        _, state = tf.while_loop(lambda i, s: i < steps,
                                 lambda i, s: (i + 1, ngpu_step(s, hp, keep_prob)),
                                 [tf.constant(0), state])
    return readout(state)


def gru_baseline(inputs: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float = 1.0) -> tf.Tensor:
    """A GRU sequence model reading both operand bits at each position and emitting the output
    symbol there (``hp.layers`` GRUs of ``hp.filters`` units), the recurrent baseline."""
    features = tf.reshape(tf.transpose(tf.one_hot(inputs, VOCAB), [0, 2, 1, 3]),
                          [tf.shape(inputs)[0], tf.shape(inputs)[2], 2 * VOCAB])
    cells = [tf1.nn.rnn_cell.GRUCell(hp.filters, name=f"gru{i}") for i in range(hp.layers)]
    outputs, _ = tf1.nn.dynamic_rnn(tf1.nn.rnn_cell.MultiRNNCell(cells), features,
                                    dtype=tf.float32)
    with tf1.variable_scope("output"):
        return tf1.layers.dense(outputs, VOCAB)


MODELS: dict[str, Callable] = {"ngpu": neural_gpu, "gru": gru_baseline}


def fully_correct(logits: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """Per example: True when every position's most likely symbol is the target."""
    return np.all(np.argmax(logits, axis=-1) == targets, axis=-1)


class Trainer:
    """A model of ``hp.model`` in its own graph and session, trained on ``hp.task`` with Adam,
    clipping by global norm, optional Gaussian gradient noise and a curriculum on length."""

    def __init__(self, hp: HParams, custom_getter: Callable | None = None):
        self.hp = hp
        tf.keras.utils.set_random_seed(hp.seed)  # the GRU cells' initializers draw from Python's
        self.graph = tf.Graph()
        with self.graph.as_default():
            tf1.set_random_seed(hp.seed)
            self.inputs = tf1.placeholder(tf.int32, [None, 2, None], name="inputs")
            self.targets = tf1.placeholder(tf.int32, [None, None], name="targets")
            self.keep_prob = tf1.placeholder_with_default(1.0, [], name="keep_prob")
            with tf1.variable_scope("model", custom_getter=custom_getter):
                self.logits = MODELS[hp.model](self.inputs, hp, self.keep_prob)
            self.loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                labels=self.targets, logits=self.logits))
            self.global_step = tf1.train.get_or_create_global_step()
            params = tf1.trainable_variables()
            grads, _ = tf.clip_by_global_norm(tf.gradients(self.loss, params), hp.clip)
            if hp.grad_noise:  # annealed as in Neelakantan et al. (2015): variance eta / (1+t)^0.55
                t = tf.cast(self.global_step, tf.float32)
                stddev = tf.sqrt(hp.grad_noise / (1.0 + t) ** 0.55)
                grads = [g + tf1.random_normal(tf.shape(g), stddev=stddev) for g in grads]
            optimizer = tf1.train.AdamOptimizer(hp.lr)
            self.train_op = optimizer.apply_gradients(zip(grads, params, strict=True),
                                                      global_step=self.global_step)
            self.variables = tf1.global_variables()
            init = tf1.global_variables_initializer()
        self.sess = tf1.Session(graph=self.graph, config=session_config())
        self.sess.run(init)
        self.rng = np.random.default_rng(hp.seed)
        self.level = 2 if hp.curriculum else hp.max_length
        self.steps = 0

    def train_length(self) -> int:
        """The length of the next training batch: with the curriculum, mostly the current level,
        sometimes a shorter one; without it, any length up to ``max_length``."""
        if not self.hp.curriculum:
            return int(self.rng.integers(2, self.hp.max_length + 1))
        if self.rng.random() < 0.2:
            return int(self.rng.integers(2, self.level + 1))
        return self.level

    def step(self) -> float:
        """Run one training step on a fresh batch; return its loss."""
        length = self.train_length()
        x, y = task_batch(self.hp.task, self.hp.batch, length, self.rng)
        feed = {self.inputs: x, self.targets: y, self.keep_prob: 1.0 - self.hp.dropout}
        loss, _ = self.sess.run([self.loss, self.train_op], feed)
        self.steps += 1
        return float(loss)

    def predict(self, inputs: np.ndarray) -> np.ndarray:
        """Logits of the model on ``inputs`` (no dropout)."""
        return self.sess.run(self.logits, {self.inputs: inputs})

    def accuracy(self, length: int, count: int = 64, seed: int = 1, batch: int = 64) -> float:
        """The fraction of ``count`` fresh examples of ``length`` that come out fully correct
        (every bit right); examples are drawn from ``seed``, so every model sees the same."""
        rng, right = np.random.default_rng([seed, length]), 0
        for start in range(0, count, batch):
            x, y = task_batch(self.hp.task, min(batch, count - start), length, rng)
            right += int(fully_correct(self.predict(x), y).sum())
        return right / count

    def train(self, steps: int, check_every: int = 50, promote_at: float = 0.9,
              seconds: float | None = None, stop: Callable[[Trainer], bool] | None = None
              ) -> list[tuple[int, int, float]]:
        """Train for up to ``steps`` steps (or ``seconds``); every ``check_every`` steps raise
        the curriculum level by 1 when the level's fully-correct fraction reaches
        ``promote_at``, and end early when ``stop(self)`` says so. Return (step, level, loss)."""
        history, start = [], time.perf_counter()
        for _ in range(steps):
            loss = self.step()
            if self.steps % check_every:
                continue
            history.append((self.steps, self.level, loss))
            if self.hp.curriculum and self.level < self.hp.max_length \
                    and self.accuracy(self.level, 32, seed=self.steps) >= promote_at:
                self.level += 1
            if (stop and stop(self)) or (seconds and time.perf_counter() - start > seconds):
                break
        return history

    def weights(self) -> dict[str, np.ndarray]:
        """Every variable's value, by name (without the ``:0``)."""
        values = self.sess.run(self.variables)
        return {v.op.name: value for v, value in zip(self.variables, values, strict=True)}

    def close(self) -> None:
        """Close the session."""
        self.sess.close()
