"""The Neural GPU of lecture 12 (Kaiser and Sutskever, 2016): the model, its baselines, training.

A Neural GPU keeps a state of shape ``[batch, width, positions, filters]`` and applies a
convolutional GRU (CGRU) to it once per input position; every step updates every position at
once. The tasks and their two layouts (the paper's sequential ``a + [sep] + b`` and the stacked
one) are in ``cs20_helpers.neural_gpu.tasks``; symbols are 0 empty, 1 and 2 the bits, 3 the
separator, numbers least-significant bit first.

The recipe, on in ``DEFAULTS``: the gate cutoff, dropout on the state at every step, annealed
Gaussian gradient noise, relaxed parameter sharing (``relax`` copies of the CGRU weights, step
t using copy t mod r, pulled together by a penalty that grows with training, written as a
``custom_getter``) and a curriculum on length. Empty cells embed to zero, and the cells past an
example's length (``lengths``, for padded batches) are zeroed after every step, so a padded
example's logits equal the unpadded ones.

Notebook 12 writes the CGRU out first; this module is what its later sections and
``benchmarks/neural_gpu.py`` train with.

Beside it: ``tasks`` (the binary tasks, NumPy only), ``checkpoint`` (weights and provenance;
the shipped model), ``views`` (what notebook 12 measures and shows) and ``improved`` (the
improved Neural GPU of Freivalds and Liepins, 2017).
"""

from __future__ import annotations

__all__ = ["cgru", "conv", "DEFAULTS", "embed", "EMPTY", "full_lengths", "fully_correct", "gate",
    "gru_baseline", "HParams", "LAYOUTS", "MODELS", "neural_gpu", "ngpu_step", "pad_to",
    "positions", "readout", "RELAXED", "relaxed_getter", "SEP", "seq2seq_baseline",
    "sharing_penalty", "TASKS", "TEST_SEED", "to_bits", "Trainer", "VALIDATION_SEED"]

import time
from collections import namedtuple
from collections.abc import Callable

import numpy as np
import tensorflow as tf

from cs20_helpers.neural_gpu.tasks import EMPTY as EMPTY
from cs20_helpers.neural_gpu.tasks import LAYOUTS as LAYOUTS
from cs20_helpers.neural_gpu.tasks import ROWS, VOCAB, task_batch
from cs20_helpers.neural_gpu.tasks import SEP as SEP
from cs20_helpers.neural_gpu.tasks import TASKS as TASKS
from cs20_helpers.neural_gpu.tasks import pad_to as pad_to
from cs20_helpers.neural_gpu.tasks import positions as positions
from cs20_helpers.neural_gpu.tasks import to_bits as to_bits
from cs20_helpers.notebook import session_config

tf1 = tf.compat.v1

#: Everything one training run depends on. ``_replace`` makes the variants of an ablation.
#: ``relax`` is the number of weight copies (1: every step shares one set), ``share_pull`` the
#: penalty's weight per 1,000 training steps; ``grad_noise`` the noise variance at step 0.
HParams = namedtuple("HParams", [
    "task", "layout", "model", "width", "filters", "kernel", "layers", "cutoff", "dropout",
    "grad_noise", "relax", "share_pull", "curriculum", "max_length", "batch", "lr", "clip",
    "seed"])

DEFAULTS = HParams(task="add", layout="sequential", model="ngpu", width=4, filters=24, kernel=3,
                   layers=2, cutoff=True, dropout=0.1, grad_noise=0.001, relax=2,
                   share_pull=0.01, curriculum=True, max_length=20, batch=32, lr=0.003,
                   clip=1.0, seed=0)

#: Validation sums come from one generator seed, test sums from another: a model is chosen and
#: stopped on the first and graded on the second, never the other way round.
VALIDATION_SEED, TEST_SEED = 1, 2
#: The graph collection holding the relaxed-sharing variables (each ``[relax, ...]``).
RELAXED = "relaxed_sharing"


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


def relaxed_getter(copies: int, step: tf.Tensor | int) -> Callable:
    """A custom_getter for relaxed parameter sharing: every variable it is asked for is made
    with a leading dimension of ``copies`` (all starting equal) and step ``step`` gets copy
    ``step mod copies``. The variables go in the ``RELAXED`` collection for the penalty."""
    def relaxed(getter: Callable, name: str, *args, shape=None, initializer=None,
                **kwargs) -> tf.Tensor:
        def tiled(full_shape, dtype=tf.float32, partition_info=None):
            one = initializer(full_shape[1:], dtype=dtype, partition_info=partition_info)
            return tf.tile(one[None], [copies] + [1] * len(full_shape[1:]))

        var = getter(name, *args, shape=[copies, *shape], initializer=tiled, **kwargs)
        if var not in tf1.get_collection(RELAXED):
            tf1.add_to_collection(RELAXED, var)
        return tf.gather(var, tf.math.floormod(step, copies))
    return relaxed


def sharing_penalty(graph: tf.Graph | None = None) -> tf.Tensor:
    """Sum over the relaxed variables of the squared distance of each copy to their mean."""
    variables = (graph or tf1.get_default_graph()).get_collection(RELAXED)
    return tf.add_n([tf.constant(0.0)] + [
        tf.reduce_sum(tf.square(v - tf.reduce_mean(v, axis=0, keepdims=True)))
        for v in variables])


def embed(inputs: tf.Tensor, hp: HParams) -> tf.Tensor:
    """Embed the input rows into the first rows of ``hp.width`` rows of the initial state; the
    empty symbol embeds to zero, so padding starts as zero."""
    learned = tf1.get_variable("embedding", [VOCAB - 1, hp.filters],
                               initializer=tf1.random_uniform_initializer(-1.0, 1.0))
    table = tf.concat([tf.zeros([1, hp.filters]), learned], axis=0)
    rows = tf.nn.embedding_lookup(table, inputs)  # [B, rows, n, m]
    state = tf.pad(rows, [[0, 0], [0, hp.width - ROWS[hp.layout]], [0, 0], [0, 0]])
    state.set_shape([None, hp.width, None, hp.filters])
    return state


def ngpu_step(state: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float,
              step: tf.Tensor | int = 0, mask: tf.Tensor | None = None) -> tf.Tensor:
    """One step of the Neural GPU: dropout on the state, then ``hp.layers`` CGRUs (with
    ``hp.relax`` > 1, the weight copy of ``step``), each followed by the padding zeroed by
    ``mask``, so no padded cell is ever nonzero when a convolution reads it."""
    if hp.dropout:
        state = tf.nn.dropout(state, rate=1.0 - keep_prob)
    getter = relaxed_getter(hp.relax, step) if hp.relax > 1 else None
    with tf1.variable_scope(tf1.get_variable_scope(), custom_getter=getter):
        for layer in range(hp.layers):
            state = cgru(state, f"cgru{layer}", hp.cutoff, hp.kernel)
            state = state if mask is None else state * mask
    return state


def readout(state: tf.Tensor) -> tf.Tensor:
    """Logits ``[batch, positions, VOCAB]`` from the first row of the final state."""
    with tf1.variable_scope("output", reuse=tf1.AUTO_REUSE):
        w = tf1.get_variable("kernel", [state.shape[-1], VOCAB])
        b = tf1.get_variable("bias", [VOCAB], initializer=tf1.zeros_initializer())
        return tf.einsum("bnm,mv->bnv", state[:, 0], w) + b


def full_lengths(inputs: tf.Tensor) -> tf.Tensor:
    """Every example's length when nothing is padded: the batch's number of positions."""
    return tf.fill([tf.shape(inputs)[0]], tf.shape(inputs)[2])


def neural_gpu(inputs: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float = 1.0,
               unroll: int | None = None, lengths: tf.Tensor | None = None,
               states: bool = False) -> tf.Tensor | tuple[tf.Tensor, tf.Tensor]:
    """The Neural GPU's logits ``[batch, positions, VOCAB]``.

    Each example runs for as many steps as it is long (``lengths``, default all positions):
    its state stops changing after that, and cells past its length are zeroed at every step.
    The steps run in a ``tf.while_loop`` (any length, one graph), or, with ``unroll=n``, as n
    copies of the step in the graph (inputs of n positions only). ``states=True`` also returns
    the state before the first step and after each (``[steps + 1, batch, width, n, filters]``).
    """
    lengths = full_lengths(inputs) if lengths is None else lengths
    mask = tf.sequence_mask(lengths, tf.shape(inputs)[2], dtype=tf.float32)[:, None, :, None]
    state = embed(inputs, hp) * mask

    def body(i, s):
        new = ngpu_step(s, hp, keep_prob, i, mask)
        return tf.where(tf.reshape(i < lengths, [-1, 1, 1, 1]), new, s)

    steps = tf.shape(inputs)[2] if unroll is None else unroll
    trace = tf.TensorArray(tf.float32, size=steps + 1, element_shape=state.shape)
    trace = trace.write(0, state)
    if unroll is not None:
        for i in range(unroll):
            state = body(i, state)
            trace = trace.write(i + 1, state)
    else:
        def loop(i, s, t):
            s = body(i, s)
            return i + 1, s, t.write(i + 1, s) if states else t

        _, state, trace = tf.while_loop(lambda i, s, t: i < steps, loop,
                                        [tf.constant(0), state, trace])
    logits = readout(state)
    return (logits, trace.stack()) if states else logits


def gru_baseline(inputs: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float = 1.0,
                 lengths: tf.Tensor | None = None) -> tf.Tensor:
    """A GRU reading the input column by column and emitting the output symbol at each
    position as it reads (``hp.layers`` GRUs of ``hp.filters`` units): enough for the stacked
    layout, where position i holds everything bit i of the answer needs but a carry."""
    features = _columns(inputs, hp)
    lengths = full_lengths(inputs) if lengths is None else lengths
    cells = [tf1.nn.rnn_cell.GRUCell(hp.filters, name=f"gru{i}") for i in range(hp.layers)]
    outputs, _ = tf1.nn.dynamic_rnn(tf1.nn.rnn_cell.MultiRNNCell(cells), features,
                                    sequence_length=lengths, dtype=tf.float32)
    with tf1.variable_scope("output"):
        return tf1.layers.dense(outputs, VOCAB)


def seq2seq_baseline(inputs: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float = 1.0,
                     lengths: tf.Tensor | None = None) -> tf.Tensor:
    """A GRU encoder-decoder with dot-product attention that sees the whole input before it
    answers: the encoder reads every column, the decoder starts from its final state and
    runs once per output position, and each decoder output attends over the encoder outputs
    (Luong et al., 2015). ``hp.filters`` units in each GRU."""
    features = _columns(inputs, hp)
    lengths = full_lengths(inputs) if lengths is None else lengths
    encoded, final = tf1.nn.dynamic_rnn(tf1.nn.rnn_cell.GRUCell(hp.filters, name="encoder"),
                                        features, sequence_length=lengths, dtype=tf.float32)
    ticks = tf.zeros([tf.shape(inputs)[0], tf.shape(inputs)[2], 1])
    decoded, _ = tf1.nn.dynamic_rnn(tf1.nn.rnn_cell.GRUCell(hp.filters, name="decoder"), ticks,
                                    sequence_length=lengths, initial_state=final)
    scores = tf.einsum("bim,bjm->bij", decoded, encoded) / float(hp.filters) ** 0.5
    visible = tf.sequence_mask(lengths, tf.shape(inputs)[2])[:, None, :]
    weights = tf.nn.softmax(tf.where(visible, scores, tf.fill(tf.shape(scores), -1e9)))
    context = tf.einsum("bij,bjm->bim", weights, encoded)
    with tf1.variable_scope("output"):
        return tf1.layers.dense(tf.concat([decoded, context], axis=-1), VOCAB)


def _columns(inputs: tf.Tensor, hp: HParams) -> tf.Tensor:
    """The one-hot symbols of every row at each position: ``[batch, positions, rows*VOCAB]``."""
    rows = ROWS[hp.layout]
    return tf.reshape(tf.transpose(tf.one_hot(inputs, VOCAB), [0, 2, 1, 3]),
                      [tf.shape(inputs)[0], tf.shape(inputs)[2], rows * VOCAB])


MODELS: dict[str, Callable] = {"ngpu": neural_gpu, "gru": gru_baseline,
                               "seq2seq": seq2seq_baseline}


def fully_correct(logits: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """Per example: True when every position's most likely symbol is the target."""
    return np.all(np.argmax(logits, axis=-1) == targets, axis=-1)


class Trainer:
    """A model of ``hp.model`` in its own graph and session, trained on ``hp.task`` in
    ``hp.layout`` with Adam, clipping by global norm, annealed Gaussian gradient noise, the
    relaxed-sharing penalty and a curriculum on length."""

    def __init__(self, hp: HParams, custom_getter: Callable | None = None):
        if hp.layout not in LAYOUTS or hp.model not in MODELS:
            raise ValueError(f"unknown layout {hp.layout!r} or model {hp.model!r}")
        self.hp = hp
        tf.keras.utils.set_random_seed(hp.seed)  # the GRU cells' initializers draw from Python's
        self.graph = tf.Graph()
        with self.graph.as_default():
            tf1.set_random_seed(hp.seed)
            self.inputs = tf1.placeholder(tf.int32, [None, ROWS[hp.layout], None], name="inputs")
            self.targets = tf1.placeholder(tf.int32, [None, None], name="targets")
            self.lengths = tf1.placeholder_with_default(full_lengths(self.inputs), [None],
                                                        name="lengths")
            self.keep_prob = tf1.placeholder_with_default(1.0, [], name="keep_prob")
            with tf1.variable_scope("model", custom_getter=custom_getter):
                self.logits = MODELS[hp.model](self.inputs, hp, self.keep_prob,
                                               lengths=self.lengths)
            real = tf.sequence_mask(self.lengths, tf.shape(self.targets)[1], dtype=tf.float32)
            cross = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=self.targets,
                                                                    logits=self.logits)
            self.loss = tf.reduce_sum(cross * real) / tf.reduce_sum(real)
            self.global_step = tf1.train.get_or_create_global_step()
            t = tf.cast(self.global_step, tf.float32)
            self.penalty = sharing_penalty(self.graph)
            total = self.loss + hp.share_pull * t / 1000.0 * self.penalty
            params = tf1.trainable_variables()
            grads, _ = tf.clip_by_global_norm(tf.gradients(total, params), hp.clip)
            if hp.grad_noise:  # annealed as in Neelakantan et al. (2015): variance eta / (1+t)^0.55
                stddev = tf.sqrt(hp.grad_noise / (1.0 + t) ** 0.55)
                grads = [g + tf1.random_normal(tf.shape(g), stddev=stddev) for g in grads]
            optimizer = tf1.train.AdamOptimizer(hp.lr)
            self.train_op = optimizer.apply_gradients(zip(grads, params, strict=True),
                                                      global_step=self.global_step)
            self._start(params)
        self.rng = np.random.default_rng(hp.seed)
        self.level = 2 if hp.curriculum else hp.max_length
        self.steps = 0
        self._states = None

    def _start(self, params: list) -> None:
        """The last step of building, in the trainer's graph: the ops that move weights in and
        out (``weights``, ``set_weights``), then a session with every variable initialised."""
        self.variables = tf1.global_variables()
        self.model_variables = [v.op.name for v in params]
        self._placeholders = {v.op.name: tf1.placeholder(v.dtype.base_dtype, v.shape)
                              for v in self.variables}
        self._assign = {v.op.name: v.assign(self._placeholders[v.op.name])
                        for v in self.variables}
        init = tf1.global_variables_initializer()
        self.sess = tf1.Session(graph=self.graph, config=session_config())
        self.sess.run(init)

    def batch(self, size: int, length: int, rng: np.random.Generator
              ) -> tuple[np.ndarray, np.ndarray]:
        """``size`` examples of this trainer's task and layout at ``length``."""
        return task_batch(self.hp.task, size, length, rng, self.hp.layout)

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
        x, y = self.batch(self.hp.batch, self.train_length(), self.rng)
        feed = {self.inputs: x, self.targets: y, self.keep_prob: 1.0 - self.hp.dropout}
        loss, _ = self.sess.run([self.loss, self.train_op], feed)
        self.steps += 1
        return float(loss)

    def predict(self, inputs: np.ndarray, lengths: np.ndarray | None = None) -> np.ndarray:
        """Logits of the model on ``inputs`` (no dropout); ``lengths`` for padded batches."""
        feed = {self.inputs: inputs}
        if lengths is not None:
            feed[self.lengths] = lengths
        return self.sess.run(self.logits, feed)

    def correct(self, inputs: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """Per example, whether the model gets every position right."""
        return fully_correct(self.predict(inputs), targets)

    def accuracy(self, length: int, count: int = 64, seed: int = VALIDATION_SEED,
                 batch: int = 64) -> float:
        """The fraction of ``count`` examples of ``length`` that come out fully correct (every
        position right). The examples are drawn from ``seed`` (``VALIDATION_SEED`` or
        ``TEST_SEED``) and the length, so every model sees the same ones."""
        rng, right = np.random.default_rng([seed, length]), 0
        for start in range(0, count, batch):
            right += int(self.correct(*self.batch(min(batch, count - start), length, rng)).sum())
        return right / count

    def states(self, inputs: np.ndarray, lengths: np.ndarray | None = None) -> np.ndarray:
        """The Neural GPU's state before the first step and after each, for ``inputs``
        (``lengths`` for padded batches): ``[steps + 1, batch, width, positions, filters]``,
        the "mental image"."""
        if self.hp.model != "ngpu":
            raise ValueError("only the Neural GPU has a mental image")
        if self._states is None:
            with self.graph.as_default(), tf1.variable_scope("model", reuse=True):
                _, self._states = neural_gpu(self.inputs, self.hp, lengths=self.lengths,
                                             states=True)
        feed = {self.inputs: inputs}
        if lengths is not None:
            feed[self.lengths] = lengths
        return self.sess.run(self._states, feed)

    def train(self, steps: int, check_every: int = 50, promote_at: float = 0.9,
              seconds: float | None = None, stop: Callable[[Trainer], bool] | None = None
              ) -> list[tuple[int, int, float]]:
        """Train for up to ``steps`` steps (or ``seconds``); every ``check_every`` steps raise
        the curriculum level by 1 when at least ``promote_at`` of 32 fresh training examples
        at the level come out fully correct, and end early when ``stop(self)`` says so.
        Return (step, level, loss) at each check."""
        history, start = [], time.perf_counter()
        for _ in range(steps):
            loss = self.step()
            if self.steps % check_every:
                continue
            history.append((self.steps, self.level, loss))
            if self.hp.curriculum and self.level < self.hp.max_length \
                    and self.correct(*self.batch(32, self.level, self.rng)).mean() >= promote_at:
                self.level += 1
            if (stop and stop(self)) or (seconds and time.perf_counter() - start > seconds):
                break
        return history

    def weights(self) -> dict[str, np.ndarray]:
        """Every variable's value (Adam's slots and the step included), by name."""
        values = self.sess.run(self.variables)
        return {v.op.name: value for v, value in zip(self.variables, values, strict=True)}

    def model_weights(self) -> dict[str, np.ndarray]:
        """The model's own variables (no optimizer state), by name: what a checkpoint ships."""
        return {k: v for k, v in self.weights().items() if k in self.model_variables}

    def set_weights(self, weights: dict[str, np.ndarray]) -> None:
        """Load values saved by :meth:`weights` or :meth:`model_weights`: every model variable
        must be there, shaped alike; the optimizer's are loaded when present."""
        missing = sorted(k for k in self.model_variables if k not in weights)
        if missing:
            raise ValueError(f"weights lack {len(missing)} model variables, e.g. {missing[0]}")
        names = [k for k in self._assign if k in weights]
        self.sess.run([self._assign[k] for k in names],
                      {self._placeholders[k]: weights[k] for k in names})
        if "global_step" in weights:
            self.steps = int(weights["global_step"])

    def close(self) -> None:
        """Close the session."""
        self.sess.close()
