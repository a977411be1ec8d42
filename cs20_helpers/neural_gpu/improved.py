"""The improved Neural GPU (Freivalds and Liepins, 2017): diagonal gates, hard nonlinearities.

"Improving the Neural GPU Architecture for Algorithm Learning" changes lecture 12's model
(``cs20_helpers.neural_gpu``) in these ways, all here:

- a *diagonal* gated unit (DCGRU): the memory the update gate keeps is the state *shifted*, a
  third of the channels one cell to the right, a third one cell to the left, the rest in place,
  so information can travel along the tape without the convolutions learning to move it;
- hard sigmoid ``clip(x/2 + 1/2, 0, 1)`` and hard tanh ``clip(x, -1, 1)``, which reach 0 and 1
  exactly, with a *saturation cost* on every pre-activation beyond ``SATURATION_LIMIT`` in size
  (so the gradient does not vanish there), reweighed during training to stay near ``lr`` times
  the loss;
- one shared unit, applied as many times as the input is long (no relaxed copies, one unit per
  step); as in lecture 12's model, the padding is zeroed again after every step (an example
  stops changing after its own length, so a padded example's logits equal the unpadded ones);
- every training length in every step instead of a curriculum;
- AdaMax, each gradient clipped to 1.2 times its running maximum.

The model is written in TF1 graph style like the CGRU of ``neural_gpu``: it reuses that module's
embedding, readout, task batches and its ``Trainer``'s session plumbing (predict, accuracy,
weights), and ``neural_gpu.checkpoint`` saves it. The state is one row, ``[batch, 1, positions,
filters]``; tasks use the sequential layout (``a + [sep] + b``).

Two of the changes can be switched off for an ablation (``benchmarks/neural_gpu_improved.py``):
``HParams.diagonal`` (False: the update gate keeps the unshifted state, as lecture 12's CGRU
does) and ``HParams.saturation`` (False: the saturation cost is still measured but not in the
loss; the hard nonlinearities stay).

Long inputs are graded by a separate, gradient-free ``tf.while_loop`` that keeps only the current
state, so a 2,000-bit sum (4,001 positions, 4,001 steps) needs the memory of one step. With
``Trainer.xla_from`` set, inputs of at least that many positions run the same loop compiled by
XLA instead (``Trainer.xla_predict``): on one thread of a busy 2-core machine a 2,000-bit sum
took 7.0 s instead of 10.0 s (median of 3), but each new input shape compiles anew (seconds),
so it pays on long inputs only.
"""

from __future__ import annotations

__all__ = [
    "DEFAULTS", "HParams", "SATURATION_LIMIT", "Trainer", "adamax", "dcgru", "hard_sigmoid",
    "hard_tanh", "improved_gpu", "restore", "saturation", "shift_thirds",
]

import time
from collections import namedtuple
from pathlib import Path

import numpy as np

from cs20_helpers import neural_gpu as ng
from cs20_helpers.neural_gpu import checkpoint as ckpt
from cs20_helpers.neural_gpu.tasks import STRUCTURED, structured_batch, task_batch

tf, tf1 = ng.tf, ng.tf1

#: Everything a run depends on. ``batch`` is the sums *per length*: a step trains on
#: ``batch`` sums of every length from 2 to ``max_length`` bits. The paper's addition settings:
#: 48 filters, dropout 0.5 on the candidate, learning rate 0.01 * 48 / filters. The two
#: switches, for ablations: ``diagonal`` (the update gate keeps the shifted state; False: the
#: state as it is) and ``saturation`` (the saturation cost is in the loss; False: measured
#: only). Then the structured sums (issue 50; 0: none, the shipped run's recipe): every step
#: also trains on ``structured`` sums of as many families of ``tasks.STRUCTURED``, drawn at
#: random, at a length from 9 to ``max_length`` bits, and every ``long_every``-th step at a
#: length from ``long_bits // 2`` to ``long_bits`` instead. New fields come last, with
#: defaults, so checkpoints saved before them still restore.
HParams = namedtuple("HParams", ["task", "filters", "kernel", "dropout", "max_length", "batch",
                                 "lr", "seed", "diagonal", "saturation", "structured",
                                 "long_bits", "long_every"],
                     defaults=(True, True, 0, 0, 0))

DEFAULTS = HParams(task="add", filters=48, kernel=3, dropout=0.5, max_length=20, batch=8,
                   lr=0.01, seed=0, diagonal=True, saturation=True, structured=0, long_bits=0,
                   long_every=0)

#: Pre-activations beyond this size pay the saturation cost.
SATURATION_LIMIT = 0.9
#: The gates' starting biases (the paper's): the reset gate mostly open, the update gate
#: keeping most of the (shifted) state.
RESET_BIAS, UPDATE_BIAS = 0.5, 0.7
#: AdaMax: clip each gradient to ``CLIP_MULTIPLIER`` times its running maximum plus
#: ``CLIP_EPSILON``; the learning rate drops by ``LR_DECAY`` (to no less than 1/60 of the start)
#: when the average loss stops falling; the saturation weight stays at most ``MAX_SATURATION``.
CLIP_MULTIPLIER, CLIP_EPSILON, LR_DECAY, MAX_SATURATION = 1.2, 1e-4, 0.7, 1e-3


def hard_sigmoid(x: tf.Tensor) -> tf.Tensor:
    """``clip(x / 2 + 1/2, 0, 1)``: linear on [-1, 1], exactly 0 below and 1 above."""
    return tf.clip_by_value(0.5 * x + 0.5, 0.0, 1.0)


def hard_tanh(x: tf.Tensor) -> tf.Tensor:
    """``clip(x, -1, 1)``."""
    return tf.clip_by_value(x, -1.0, 1.0)


def saturation(x: tf.Tensor, live: tf.Tensor) -> tf.Tensor:
    """The saturation cost of the pre-activations ``x``: the sum of ``max(0, |x| - 0.9)`` over
    the cells ``live`` marks (1 counts, 0 not: padding and examples already finished)."""
    return tf.reduce_sum(tf.nn.relu(tf.abs(x) - SATURATION_LIMIT) * live)


def shift_thirds(state: tf.Tensor) -> tf.Tensor:
    """The diagonal gate's view of ``state`` ``[batch, rows, positions, filters]``: of ``m``
    filters the first ``m - 2 * (m // 3)`` stay in place, the next ``m // 3`` move one cell
    right (cell i gets cell i - 1) and the last ``m // 3`` one cell left (cell i gets cell
    i + 1); what moves in past either end is zero."""
    m = state.shape[-1]
    third = m // 3
    still = state[..., :m - 2 * third]
    right = tf.pad(state[:, :, :-1, m - 2 * third:m - third], [[0, 0], [0, 0], [1, 0], [0, 0]])
    left = tf.pad(state[:, :, 1:, m - third:], [[0, 0], [0, 0], [0, 1], [0, 0]])
    return tf.concat([still, right, left], axis=-1)


def conv(state: tf.Tensor, kernel: int, name: str, bias: float) -> tf.Tensor:
    """A 1 x ``kernel`` same-padded convolution along the positions, ``filters`` in and out,
    plus a bias starting at ``bias``; variables under ``name``."""
    filters = state.shape[-1]
    with tf1.variable_scope(name):
        w = tf1.get_variable("kernel", [1, kernel, filters, filters],
                             initializer=tf1.glorot_uniform_initializer())
        b = tf1.get_variable("bias", [filters], initializer=tf1.constant_initializer(bias))
        return tf.nn.conv2d(state, w, strides=1, padding="SAME") + b


def dcgru(state: tf.Tensor, kernel: int = 3, keep_prob: tf.Tensor | float = 1.0,
          live: tf.Tensor | None = None, diagonal: bool = True
          ) -> tuple[tf.Tensor, tf.Tensor | None]:
    """One diagonal CGRU step and its saturation cost over the ``live`` cells (None: no
    cost, for grading, where it would only slow the loop):

        r = hard_sigmoid(R * s + B_r)           reset gate
        c = hard_tanh(C * (r s) + B_c)          candidate (dropout on it while training)
        u = hard_sigmoid(U * s + B_u)           update gate
        s' = u shift_thirds(s) + (1 - u) c      (without ``diagonal``: u s + (1 - u) c)

    ``*`` is the convolution along the positions; the variables are ``dcgru/{reset,candidate,
    update}/{kernel,bias}``, shared by every call.
    """
    with tf1.variable_scope("dcgru", reuse=tf1.AUTO_REUSE):
        reset_in = conv(state, kernel, "reset", RESET_BIAS)
        candidate_in = conv(hard_sigmoid(reset_in) * state, kernel, "candidate", 0.0)
        update_in = conv(state, kernel, "update", UPDATE_BIAS)
    candidate = tf.nn.dropout(hard_tanh(candidate_in), rate=1.0 - keep_prob)
    update = hard_sigmoid(update_in)
    cost = None if live is None else tf.add_n(
        [saturation(x, live) for x in (reset_in, candidate_in, update_in)])
    kept = shift_thirds(state) if diagonal else state
    return update * kept + (1.0 - update) * candidate, cost


def _one_row(hp: HParams) -> ng.HParams:
    """The ``neural_gpu`` settings its ``embed`` needs: one row, the sequential layout."""
    return ng.DEFAULTS._replace(width=1, layout="sequential", filters=hp.filters)


def improved_gpu(inputs: tf.Tensor, hp: HParams, keep_prob: tf.Tensor | float = 1.0,
                 lengths: tf.Tensor | None = None, cost: bool = True,
                 states: bool = False) -> tuple:
    """The improved Neural GPU on ``inputs`` ``[batch, 1, positions]``: logits ``[batch,
    positions, VOCAB]``; with ``cost``, the saturation cost per cell and step (every step's
    cost plus the embedding's counted once per step, over the sum of the squared lengths);
    with ``states``, the state before the first step and after each.

    Each example runs as many steps as it is long (``lengths``, default all positions); the
    cells past its length are zeroed after every step. Without ``states`` the while loop
    keeps only the current state: run without gradients, memory does not grow with the steps.
    """
    lengths = ng.full_lengths(inputs) if lengths is None else lengths
    mask = tf.sequence_mask(lengths, tf.shape(inputs)[2], dtype=tf.float32)[:, None, :, None]
    embedded = ng.embed(inputs, _one_row(hp))
    steps_each = tf.cast(lengths, tf.float32)[:, None, None, None]
    total = saturation(embedded, mask * steps_each) if cost else tf.constant(0.0)
    state = tf.nn.dropout(hard_tanh(embedded), rate=1.0 - keep_prob) * mask
    steps = tf.shape(inputs)[2]
    trace = tf.TensorArray(tf.float32, size=steps + 1, element_shape=state.shape).write(0, state)

    def body(i, s, c, t):
        running = tf.reshape(i < lengths, [-1, 1, 1, 1])
        live = mask * tf.cast(running, tf.float32) if cost else None
        new, step_cost = dcgru(s, hp.kernel, keep_prob, live, hp.diagonal)
        s = tf.where(running, new * mask, s)
        return i + 1, s, c + step_cost if cost else c, t.write(i + 1, s) if states else t

    _, state, total, trace = tf.while_loop(lambda i, s, c, t: i < steps, body,
                                           [tf.constant(0), state, total, trace])
    out = [ng.readout(state)]
    if cost:
        out.append(total / tf.reduce_sum(tf.square(tf.cast(lengths, tf.float32))))
    return (*out, trace.stack()) if states else tuple(out)


def adamax(params: list[tf.Variable], grads: list[tf.Tensor], lr: tf.Tensor,
           step: tf.Variable) -> tf.Operation:
    """AdaMax (Kingma and Ba, 2015) as the paper runs it: no bias correction, beta1 0.9, beta2
    ``1 - max(0.0005, 0.01 * 2^(-step / 2000))``, and every gradient first clipped to
    ``CLIP_MULTIPLIER`` times its running maximum plus ``CLIP_EPSILON``. The slots are
    variables ``NAME/adamax_mean`` and ``NAME/adamax_max``; the op also counts the step."""
    beta1 = 0.9
    beta2 = 1.0 - tf.maximum(0.0005, 0.01 * 0.5 ** (tf.cast(step, tf.float32) / 2000.0))
    updates = []
    for var, grad in zip(params, grads, strict=True):
        with tf1.variable_scope(var.op.name):
            mean = tf1.get_variable("adamax_mean", var.shape, initializer=tf1.zeros_initializer(),
                                    trainable=False)
            biggest = tf1.get_variable("adamax_max", var.shape,
                                       initializer=tf1.zeros_initializer(), trainable=False)
        bound = CLIP_MULTIPLIER * biggest + CLIP_EPSILON
        grad = tf.clip_by_value(grad, -bound, bound)
        new_mean = mean.assign(beta1 * mean + (1.0 - beta1) * grad)
        new_max = biggest.assign(tf.maximum(beta2 * biggest, tf.abs(grad)))
        updates.append(var.assign_sub(lr * new_mean / (new_max + 1e-8)))
    with tf.control_dependencies(updates):
        return step.assign_add(1)


class Trainer(ng.Trainer):
    """The improved Neural GPU in its own graph and session, trained on ``hp.task`` with every
    length from 2 to ``hp.max_length`` bits in every step (one ``while_loop`` per length, the
    losses averaged), the saturation cost (in ``objective``, the loss trained on, unless
    ``hp.saturation`` is False) and AdaMax. ``predict``, ``accuracy``, ``weights``,
    ``set_weights`` and ``close`` are ``neural_gpu.Trainer``'s, run on a gradient-free graph."""

    def __init__(self, hp: HParams):
        if hp.task not in ng.TASKS:
            raise ValueError(f"unknown task {hp.task!r}; choose from {ng.TASKS}")
        self.hp = hp
        self.lengths_trained = list(range(2, hp.max_length + 1))
        self.graph = tf.Graph()
        with self.graph.as_default():
            tf1.set_random_seed(hp.seed)
            self.inputs = tf1.placeholder(tf.int32, [None, 1, None], name="inputs")
            self.lengths = tf1.placeholder_with_default(ng.full_lengths(self.inputs), [None],
                                                        name="lengths")
            self.feeds, losses, costs = [], [], []
            names = [str(n) for n in self.lengths_trained]
            for n in names + (["structured"] if hp.structured else []):
                x = tf1.placeholder(tf.int32, [None, 1, None], name=f"inputs{n}")
                y = tf1.placeholder(tf.int32, [None, None], name=f"targets{n}")
                with tf1.variable_scope("model", reuse=tf1.AUTO_REUSE):
                    logits, cost = improved_gpu(x, hp, 1.0 - hp.dropout)
                losses.append(tf.reduce_mean(
                    tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)))
                costs.append(cost)
                self.feeds.append((x, y))
            with tf1.variable_scope("model", reuse=True):
                (self.logits,) = improved_gpu(self.inputs, hp, lengths=self.lengths, cost=False)
            self.loss, self.saturation = tf.reduce_mean(losses), tf.reduce_mean(costs)
            self.global_step = tf1.train.get_or_create_global_step()
            self.lr = tf1.get_variable("learning_rate", initializer=float(hp.lr),
                                       trainable=False)
            self.saturation_weight = tf1.get_variable("saturation_weight",
                                                      initializer=MAX_SATURATION,
                                                      trainable=False)
            #: What the gradients are taken of: the loss, plus the weighed saturation cost
            #: when ``hp.saturation`` (the one place that switch is read).
            self.objective = (self.loss + self.saturation_weight * self.saturation
                              if hp.saturation else self.loss)
            params = tf1.trainable_variables()
            grads = tf.gradients(self.objective, params)
            grads = [g + tf1.truncated_normal(tf.shape(g)) * self.lr * 1e-4 for g in grads]
            self.train_op = adamax(params, grads, self.lr, self.global_step)
            self._new_weight = tf1.placeholder(tf.float32, [])
            self._reweigh = self.saturation_weight.assign(self._new_weight)
            self._decay = self.lr.assign(tf.maximum(hp.lr / 60.0, self.lr * LR_DECAY))
            self._start(params)
        self.rng = np.random.default_rng(hp.seed)
        self.steps = 0
        #: The average training loss of each ``train`` call, for the learning-rate decay.
        self.averages: list[float] = []
        self._states = None
        #: Inputs of at least this many positions go through ``xla_predict`` (None: none do).
        self.xla_from: int | None = None
        self._xla = None

    def batch(self, size: int, length: int, rng: np.random.Generator
              ) -> tuple[np.ndarray, np.ndarray]:
        """``size`` sums (or other task examples) of ``length`` bits, sequential layout."""
        return task_batch(self.hp.task, size, length, rng, "sequential")

    def structured_sums(self) -> tuple[np.ndarray, np.ndarray]:
        """The next step's ``hp.structured`` sums of distinct structured families, at a length
        from 9 to ``hp.max_length`` bits, or every ``hp.long_every``-th step from
        ``hp.long_bits // 2`` to ``hp.long_bits`` (never fewer than 9): inputs and targets."""
        long = self.hp.long_every and (self.steps + 1) % self.hp.long_every == 0
        low, high = (self.hp.long_bits // 2, self.hp.long_bits) if long else (
            9, self.hp.max_length)
        low = max(9, low)  # the fewest bits a structured sum has
        high = max(low, high)
        _, inputs, targets = structured_batch(int(self.rng.integers(low, high + 1)), self.rng)
        chosen = self.rng.choice(len(STRUCTURED), self.hp.structured, replace=False)
        return inputs[chosen], targets[chosen]

    def _feed(self) -> dict:
        """A step's feed: ``hp.batch`` fresh examples of every length (and the structured
        sums, when ``hp.structured``)."""
        feed = {}
        for (x, y), n in zip(self.feeds[:len(self.lengths_trained)], self.lengths_trained,
                              strict=True):
            feed[x], feed[y] = self.batch(self.hp.batch, n, self.rng)
        if self.hp.structured:
            x, y = self.feeds[-1]
            feed[x], feed[y] = self.structured_sums()
        return feed

    def step(self) -> tuple[float, float]:
        """One training step on a fresh feed (``_feed``); return the loss and the
        (unweighted) saturation cost."""
        loss, cost, _ = self.sess.run([self.loss, self.saturation, self.train_op], self._feed())
        self.steps += 1
        return float(loss), float(cost)

    def reweigh(self, loss: float, cost: float) -> float:
        """Set the saturation weight to ``lr`` times ``loss`` over ``cost`` (at most
        ``MAX_SATURATION``), as the paper does every 200 steps; return it."""
        lr = float(self.sess.run(self.lr))
        weight = min(max(lr * loss / (cost + 1e-20), 1e-20), MAX_SATURATION)
        self.sess.run(self._reweigh, {self._new_weight: weight})
        return weight

    def settle(self) -> float:
        """Reweigh the saturation cost from one fresh feed, without training: a model loaded
        from weights alone would otherwise start at ``MAX_SATURATION``, which can outweigh a
        trained model's loss many times over. Return the weight."""
        loss, cost = self.sess.run([self.loss, self.saturation], self._feed())
        return self.reweigh(float(loss), float(cost))

    def train(self, steps: int, seconds: float | None = None) -> dict[str, float]:
        """Train ``steps`` steps (fewer if ``seconds`` run out), then, as the paper does every
        200 steps, set the saturation weight to ``lr`` times the average loss over the average
        saturation cost (at most ``MAX_SATURATION``) and cut the learning rate by ``LR_DECAY``
        when the last two averages are both above the one before (without ``hp.saturation``
        the weight is set all the same, and unused). Return the averages."""
        start, losses, costs = time.perf_counter(), [], []
        for _ in range(steps):
            loss, cost = self.step()
            losses.append(loss)
            costs.append(cost)
            if seconds and time.perf_counter() - start > seconds:
                break
        loss, cost = float(np.mean(losses)), float(np.mean(costs))
        weight = self.reweigh(loss, cost)
        self.averages = [*self.averages, loss][-3:]
        if len(self.averages) == 3 and min(self.averages[1:]) > self.averages[0]:
            self.sess.run(self._decay)
        return {"loss": loss, "saturation": cost, "saturation_weight": weight,
                "lr": float(self.sess.run(self.lr))}  # plain floats: they go into JSON

    def predict(self, inputs: np.ndarray, lengths: np.ndarray | None = None) -> np.ndarray:
        """Logits of the model on ``inputs`` (no dropout; ``lengths`` for padded batches): from
        the session, or from ``xla_predict`` when the inputs have at least ``xla_from``
        positions."""
        if self.xla_from is not None and inputs.shape[-1] >= self.xla_from:
            return self.xla_predict(inputs, lengths)
        return super().predict(inputs, lengths)

    def xla_predict(self, inputs: np.ndarray, lengths: np.ndarray | None = None) -> np.ndarray:
        """The logits ``predict`` gives, from the same model code compiled by XLA
        (``tf.function(jit_compile=True)``, run eagerly with the weights as they are at the
        first call, as constants). Each new input shape compiles anew, which takes seconds."""
        if self._xla is None:
            weights = {k: tf.constant(v) for k, v in self.model_weights().items()}

            def constant(getter, name: str, *args, **kwargs) -> tf.Tensor:
                return weights[name]

            @tf.function(jit_compile=True)
            def logits(inputs: tf.Tensor, lengths: tf.Tensor) -> tf.Tensor:
                with tf1.variable_scope("model", custom_getter=constant):
                    return improved_gpu(inputs, self.hp, lengths=lengths, cost=False)[0]

            self._xla = logits
        if lengths is None:
            lengths = np.full(len(inputs), inputs.shape[-1], np.int32)
        return self._xla(tf.constant(inputs), tf.constant(lengths, tf.int32)).numpy()

    def states(self, inputs: np.ndarray, lengths: np.ndarray | None = None) -> np.ndarray:
        """The state before the first step and after each, ``[steps + 1, batch, 1, positions,
        filters]``: the "mental image" (every step is kept: short inputs only)."""
        if self._states is None:
            with self.graph.as_default(), tf1.variable_scope("model", reuse=True):
                _, self._states = improved_gpu(self.inputs, self.hp, lengths=self.lengths,
                                               cost=False, states=True)
        feed = {self.inputs: inputs}
        if lengths is not None:
            feed[self.lengths] = lengths
        return self.sess.run(self._states, feed)


def restore(path: Path) -> tuple[Trainer, dict]:
    """Rebuild the improved Neural GPU of the checkpoint at ``path`` (no suffix, as
    ``checkpoint.save`` wrote it) with its weights; return it and the provenance."""
    weights, meta = ckpt.read(path)
    trainer = Trainer(DEFAULTS._replace(**meta["hparams"]))
    trainer.set_weights(weights)
    return trainer, meta
