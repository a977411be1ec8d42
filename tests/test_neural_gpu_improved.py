"""cs20_helpers.neural_gpu.improved and its training script: one step against NumPy, the hard
nonlinearities, the diagonal shift, padding, the saturation cost, AdaMax, a run resumed, the
two ablation switches (``diagonal``, ``saturation``) and checkpoints saved before them."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cs20_helpers import neural_gpu as ng
from cs20_helpers.neural_gpu import improved as ngi
from cs20_helpers.neural_gpu import tasks

tf, tf1 = ngi.tf, ngi.tf1
TINY = ngi.DEFAULTS._replace(filters=6, batch=2, max_length=3)
SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "neural_gpu_improved_train.py"


def _run(build):
    """Build ``build()`` in a fresh graph with seed 0, initialize; return the fetched values
    and every global variable's value by name."""
    with tf.Graph().as_default():
        tf1.set_random_seed(0)
        fetches = build()
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            values = sess.run(fetches)
            weights = {v.op.name: v for v in tf1.global_variables()}
            return values, dict(zip(weights, sess.run(list(weights.values())), strict=True))


def test_hard_sigmoid_and_hard_tanh_are_clipped_lines():
    x = tf.constant([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])
    assert np.allclose(ngi.hard_sigmoid(x).numpy(), [0, 0, 0.25, 0.5, 0.75, 1, 1])
    assert np.allclose(ngi.hard_tanh(x).numpy(), [-1, -1, -0.5, 0, 0.5, 1, 1])


def test_shift_moves_one_third_right_one_third_left_and_keeps_the_rest():
    filters, cells = 7, 5  # 7 // 3 = 2: channels 0-2 stay, 3-4 move right, 5-6 move left
    state = (100.0 * np.arange(filters) + np.arange(1, cells + 1)[:, None])[None, None]
    shifted = ngi.shift_thirds(tf.constant(state, tf.float32)).numpy()[0, 0]
    assert np.array_equal(shifted[:, :3], state[0, 0, :, :3])
    assert np.array_equal(shifted[1:, 3:5], state[0, 0, :-1, 3:5]) and not shifted[0, 3:5].any()
    assert np.array_equal(shifted[:-1, 5:], state[0, 0, 1:, 5:]) and not shifted[-1, 5:].any()


def test_saturation_cost_of_a_hand_made_input():
    x = tf.constant([-2.0, -0.95, -0.9, 0.0, 0.5, 0.9, 1.4, 3.0])
    live = tf.constant([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0])  # the last cell is padding
    assert ngi.saturation(x, live).numpy() == pytest.approx(1.1 + 0.05 + 0.5)


def _numpy_step(state, w, live, diagonal=True):
    """One diagonal CGRU step (without ``diagonal``: the plain CGRU's, no shift) written out
    in NumPy, from the model's own weights."""
    def conv(x, name):  # 1 x 3, same padding, along the positions
        kernel, padded = w[f"dcgru/{name}/kernel"][0], np.pad(x, [(0, 0), (0, 0), (1, 1), (0, 0)])
        n = x.shape[2]
        return sum(padded[:, :, k:k + n] @ kernel[k] for k in range(3)) + w[f"dcgru/{name}/bias"]

    def sat(x):
        return (np.maximum(np.abs(x) - 0.9, 0.0) * live).sum()

    reset_in = conv(state, "reset")
    candidate_in = conv(np.clip(reset_in / 2 + 0.5, 0, 1) * state, "candidate")
    update_in = conv(state, "update")
    update = np.clip(update_in / 2 + 0.5, 0, 1)
    m, third = state.shape[-1], state.shape[-1] // 3
    shifted = np.zeros_like(state)
    shifted[..., :m - 2 * third] = state[..., :m - 2 * third]
    shifted[:, :, 1:, m - 2 * third:m - third] = state[:, :, :-1, m - 2 * third:m - third]
    shifted[:, :, :-1, m - third:] = state[:, :, 1:, m - third:]
    shifted = shifted if diagonal else state
    new = update * shifted + (1 - update) * np.clip(candidate_in, -1, 1)
    return new, sat(reset_in) + sat(candidate_in) + sat(update_in)


def test_one_diagonal_step_matches_numpy():
    state = np.random.default_rng(0).uniform(-1, 1, (2, 1, 6, 9)).astype(np.float32)
    live = np.ones((2, 1, 6, 1), np.float32)
    live[1, :, 4:] = 0.0  # the second example is 4 cells long

    def build():
        return ngi.dcgru(tf.constant(state * 2.0), live=tf.constant(live))  # some saturate

    (new, cost), weights = _run(build)
    expected, expected_cost = _numpy_step(state * 2.0, weights, live)
    assert sorted(weights) == [f"dcgru/{g}/{v}" for g in ("candidate", "reset", "update")
                               for v in ("bias", "kernel")]
    assert np.allclose(weights["dcgru/update/bias"], 0.7)
    assert np.abs(new - expected).max() < 1e-5 and expected_cost > 1.0
    assert cost == pytest.approx(expected_cost, rel=1e-5)


def test_without_the_diagonal_gate_one_step_is_the_numpy_step_without_the_shift():
    state = np.random.default_rng(2).uniform(-1, 1, (2, 1, 6, 9)).astype(np.float32)
    live = np.ones((2, 1, 6, 1), np.float32)

    def build():
        return ngi.dcgru(tf.constant(state), live=tf.constant(live), diagonal=False)

    (new, cost), weights = _run(build)
    expected, expected_cost = _numpy_step(state, weights, live, diagonal=False)
    shifted, _ = _numpy_step(state, weights, live)
    assert np.abs(new - expected).max() < 1e-5 and cost == pytest.approx(expected_cost, rel=1e-5)
    assert np.abs(new - shifted).max() > 1e-2  # the shift would have made a difference


def test_the_switches_default_to_the_full_model():
    assert ngi.DEFAULTS.diagonal is True and ngi.DEFAULTS.saturation is True
    old = ngi.HParams(*TINY[:8])  # the eight fields a checkpoint had before the switches
    assert old == TINY and ngi.HParams._fields[8:10] == ("diagonal", "saturation")
    assert ngi.HParams._fields[10:] == ("structured", "long_bits", "long_every")
    assert (TINY.structured, TINY.long_bits, TINY.long_every) == (0, 0, 0)  # none: as shipped


def test_structured_sums_join_every_step_and_come_longer_every_so_many_steps():
    trainer = ngi.Trainer(TINY._replace(structured=3, long_bits=24, long_every=2))
    try:
        assert len(trainer.feeds) == len(trainer.lengths_trained) + 1
        short_inputs, short_targets = trainer.structured_sums()  # step 1: short
        trainer.steps = 1
        long_inputs, long_targets = trainer.structured_sums()  # step 2: long
        assert short_inputs.shape == (3, 1, 2 * 9 + 1) and short_targets.shape == (3, 19)
        assert 2 * 12 + 1 <= long_inputs.shape[-1] <= 2 * 24 + 1
        for inputs, targets in ((short_inputs, short_targets), (long_inputs, long_targets)):
            bits = inputs[:, 0]
            n = (bits.shape[-1] - 1) // 2
            assert (bits[:, n] == 3).all()  # the separator between the operands
            for row, want in zip(bits, targets, strict=True):
                a, b = tasks.from_symbols(row[:n]), tasks.from_symbols(row[n + 1:])
                assert tasks.from_symbols(want) == a + b
            rows = {tuple(row) for row in bits}
            assert len(rows) == 3  # three distinct families
        loss, _ = trainer.step()
        assert np.isfinite(loss) and trainer.steps == 2
    finally:
        trainer.close()


def test_a_padded_example_gives_the_unpadded_logits_and_cost():
    x, y = ng.task_batch("add", 3, 3, np.random.default_rng(1), "sequential")  # 7 positions
    x_pad, _, lengths = ng.pad_to(x, y, 12)

    def build():
        with tf1.variable_scope("m"):
            alone = ngi.improved_gpu(tf.constant(x), TINY)
        with tf1.variable_scope("m", reuse=True):
            padded = ngi.improved_gpu(tf.constant(x_pad), TINY, lengths=tf.constant(lengths))
            unmasked = ngi.improved_gpu(tf.constant(x_pad), TINY)
        return alone, padded, unmasked

    ((alone, cost), (padded, padded_cost), (unmasked, _)), _ = _run(build)
    assert np.abs(alone - padded[:, :7]).max() < 1e-5 and cost == pytest.approx(padded_cost)
    assert cost > 0.0 and not np.allclose(unmasked[:, :7], alone)


def _loop_of(tensor):
    """The first while loop ``tensor`` is computed from."""
    todo, seen = [tensor.op], set()
    while todo:
        op = todo.pop(0)
        if op.type == "While":
            return op
        seen.add(op.name)
        todo += [t.op for t in op.inputs if t.op.name not in seen]
    raise AssertionError(f"{tensor.name} comes from no while loop")


def test_the_trainer_trains_every_length_and_grades_without_storing_the_states():
    trainer = ngi.Trainer(TINY._replace(lr=1e-4))  # a saturation weight below the cap
    try:
        assert trainer.lengths_trained == [2, 3]
        before = trainer.model_weights()
        averages = trainer.train(2)
        assert trainer.steps == 2 and np.isfinite(averages["loss"]) and averages["saturation"] > 0
        expected = 1e-4 * averages["loss"] / averages["saturation"]
        assert averages["saturation_weight"] == pytest.approx(expected, rel=1e-5)
        assert expected < ngi.MAX_SATURATION and averages["lr"] == pytest.approx(1e-4)
        assert all(type(v) is float for v in averages.values())  # the log is JSON
        after = trainer.model_weights()
        assert all(not np.array_equal(before[k], after[k]) for k in before)
        x, _ = trainer.batch(2, 3, np.random.default_rng(0))
        states = trainer.states(x)
        assert states.shape == (8, 2, 1, 7, TINY.filters)
        weights = {k.removeprefix("model/"): v for k, v in trainer.model_weights().items()}
        for k in (0, 3, 6):  # the trained model's own steps, written out in NumPy
            assert np.abs(_numpy_step(states[k], weights, 1.0)[0] - states[k + 1]).max() < 1e-5
        graded, trained = _loop_of(trainer.logits), _loop_of(trainer.loss)
        lists = [sum(t.dtype == tf.variant for t in loop.outputs) for loop in (graded, trained)]
        assert lists[0] == 1 and lists[1] > 10  # the graded loop accumulates no step's values
        assert 0.0 <= trainer.accuracy(5, count=4, batch=2) <= 1.0
    finally:
        trainer.close()


def _gradient_of_the_weight(hp):
    """The gradient of ``hp``'s trainer's objective with respect to the saturation weight
    (None: the objective does not depend on it), and one ``train`` call's averages."""
    trainer = ngi.Trainer(hp)
    try:
        with trainer.graph.as_default():
            (grad,) = tf.gradients(trainer.objective, [trainer.saturation_weight])
        return grad, trainer.train(1)
    finally:
        trainer.close()


def test_without_the_saturation_cost_the_loss_trained_on_has_no_saturation_term():
    grad, averages = _gradient_of_the_weight(TINY._replace(saturation=False))
    assert grad is None and averages["saturation"] > 0  # measured, not trained on
    grad, _ = _gradient_of_the_weight(TINY)
    assert grad is not None


def test_a_checkpoint_saved_before_the_switches_restores_as_the_full_model(tmp_path):
    trainer = ngi.Trainer(TINY._replace(seed=3))
    try:
        trainer.train(1)
        ngi.ckpt.save(trainer, tmp_path / "old", {"steps": 1}, optimizer=False)
        ngi.ckpt.save(trainer, tmp_path / "plain", {"steps": 1}, optimizer=False)
        saved = trainer.model_weights()
    finally:
        trainer.close()
    record = json.loads((tmp_path / "old.json").read_text(encoding="utf-8"))
    del record["hparams"]["diagonal"], record["hparams"]["saturation"]
    (tmp_path / "old.json").write_text(json.dumps(record), encoding="utf-8")
    plain = tmp_path / "plain.json"
    record = json.loads(plain.read_text(encoding="utf-8"))
    record["hparams"].update(diagonal=False, saturation=False)
    plain.write_text(json.dumps(record), encoding="utf-8")
    for name, switches in (("old", (True, True)), ("plain", (False, False))):
        restored, meta = ngi.restore(tmp_path / name)
        try:
            assert restored.hp == TINY._replace(seed=3, diagonal=switches[0],
                                                saturation=switches[1])
            assert meta["steps"] == 1
            weights = restored.model_weights()
            assert all(np.array_equal(weights[k], saved[k]) for k in saved)
        finally:
            restored.close()


def test_adamax_clips_each_gradient_to_its_running_maximum():
    with tf.Graph().as_default():
        x = tf1.get_variable("x", [], initializer=tf1.zeros_initializer())
        step = tf1.train.get_or_create_global_step()
        train = ngi.adamax([x], [tf.constant(1000.0)], tf.constant(0.1), step)
        biggest = next(v for v in tf1.global_variables() if v.op.name == "x/adamax_max")
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            assert sess.run(train) == 1
            x, biggest = sess.run([x, biggest])
    assert biggest == pytest.approx(1e-4)  # 1000 clipped to 1.2 * 0 + 1e-4
    assert x == pytest.approx(-0.1 * 0.1 * 1e-4 / (1e-4 + 1e-8))  # mean 1e-5 over max 1e-4


def _train(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), "--max-length", "3", "--filters", "6",
                           "--batch", "2", "--check-every", "2", "--val-lengths", "3,4",
                           "--val-count", "4", "--threads", "1", *args],
                          capture_output=True, text=True, timeout=600)


def test_a_run_checkpoints_resumes_and_its_best_restores(tmp_path):
    out = tmp_path / "run"
    done = _train("--out", str(out), "--max-steps", "4")
    assert done.returncode == 0, done.stderr
    log = [json.loads(line) for line in (out / "log.jsonl").read_text("utf-8").splitlines()]
    assert [e["step"] for e in log] == [2, 4] and log[0]["threads"] == 1
    assert all({"validation", "loadavg", "wall_seconds", "cpu_seconds", "saturation", "lr",
                "steps_per_second"} <= set(e) for e in log)
    again = _train("--out", str(out), "--max-steps", "6")
    assert again.returncode == 2 and again.stderr.startswith("error: ")
    assert "--resume" in again.stderr  # a second run never overwrites the first by accident
    done = _train("--out", str(out), "--max-steps", "6", "--resume")
    assert done.returncode == 0, done.stderr
    log = [json.loads(line) for line in (out / "log.jsonl").read_text("utf-8").splitlines()]
    assert [e["step"] for e in log] == [2, 4, 6]
    assert log[2]["wall_seconds"] > log[1]["wall_seconds"]
    assert log[2]["cpu_seconds"] > log[1]["cpu_seconds"]
    latest = json.loads((out / "latest.json").read_text("utf-8"))
    assert latest["steps"] == 6 and len(latest["averages"]) == 3
    best = json.loads((out / "best.json").read_text("utf-8"))
    assert best["validation_seed"] == ng.VALIDATION_SEED and best["steps"] in (2, 4, 6)
    (out / "latest.json").write_text(json.dumps({**latest, "steps": 5}), "utf-8")
    torn = _train("--out", str(out), "--max-steps", "8", "--resume")
    last = torn.stderr.splitlines()[-1]  # before it, what TensorFlow's start-up prints
    assert torn.returncode == 2 and last.startswith("error: ") and "from step 5" in last
    assert "Traceback" not in torn.stderr
    trainer, meta = ngi.restore(out / "best")
    try:
        assert trainer.hp == TINY and meta["steps"] == best["steps"]
        assert not any("adamax" in k for k in ngi.ckpt.read(out / "best")[0])
    finally:
        trainer.close()


def test_settling_sets_the_saturation_weight_from_the_models_own_loss_without_training():
    trainer = ngi.Trainer(TINY)
    try:
        before = trainer.weights()
        state = dict(trainer.rng.bit_generator.state)
        weight = trainer.settle()
        trainer.rng.bit_generator.state = state  # the same feed again
        loss, cost = trainer.sess.run([trainer.loss, trainer.saturation], trainer._feed())
        assert weight == pytest.approx(min(TINY.lr * loss / cost, ngi.MAX_SATURATION), rel=1e-5)
        assert trainer.sess.run(trainer.saturation_weight) == pytest.approx(weight, rel=1e-6)
        after = trainer.weights()
        assert all(np.array_equal(before[k], after[k]) for k in before
                   if k != "saturation_weight")  # nothing trained, no step counted
    finally:
        trainer.close()


def test_a_finetune_on_structured_sums_counts_on_from_its_checkpoint(tmp_path):
    source, out = tmp_path / "run", tmp_path / "finetune"
    done = _train("--out", str(source), "--max-steps", "2")
    assert done.returncode == 0, done.stderr
    done = _train("--out", str(out), "--max-steps", "4", "--finetune", str(source / "best"),
                  "--lr", "0.001", "--structured", "2", "--long-bits", "10", "--long-every",
                  "2", "--val-structured", "9")
    assert done.returncode == 0, done.stderr
    log = [json.loads(line) for line in (out / "log.jsonl").read_text("utf-8").splitlines()]
    assert [e["step"] for e in log] == [4]  # two steps on from the checkpoint's two
    assert set(log[0]["structured"]) == {"9"} and 0 <= log[0]["structured"]["9"] <= 1
    best = json.loads((out / "best.json").read_text("utf-8"))
    source_best = json.loads((source / "best.json").read_text("utf-8"))
    assert best["hparams"]["structured"] == 2 and best["hparams"]["lr"] == 0.001
    assert best["finetuned_from"]["steps"] == 2 and best["finetuned_from"]["lr"] == TINY.lr
    assert best["wall_seconds"] > source_best["wall_seconds"]
    assert best["cpu_seconds"] > source_best["cpu_seconds"]
    assert "validation_structured" in best
    trainer, _ = ngi.restore(out / "best")
    try:
        assert trainer.hp.structured == 2 and trainer.hp.long_bits == 10
    finally:
        trainer.close()


@pytest.mark.parametrize("args, message", [
    (["--lr", "0.001"], "go together"),
    (["--structured", "17"], "from 0 to 16"),
    (["--val-structured", "8"], "at least 9"),
    (["--val-structured", "9,x"], "integers"),
])
def test_bad_finetune_and_structured_options_are_one_line_errors(tmp_path, args, message):
    done = _train("--out", str(tmp_path / "run"), *args)
    assert done.returncode == 2 and message in done.stderr.splitlines()[-1]
    assert "Traceback" not in done.stderr


def test_resuming_nothing_is_a_one_line_error(tmp_path):
    done = _train("--out", str(tmp_path / "none"), "--resume")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr


def test_the_xla_compiled_logits_equal_the_session_ones():
    trainer = ngi.Trainer(TINY)
    try:
        x, _ = trainer.batch(3, 5, np.random.default_rng(0))
        short, _ = trainer.batch(2, 2, np.random.default_rng(1))
        plain, plain_short = trainer.predict(x), trainer.predict(short)
        trainer.xla_from = 11  # positions: the 5-bit sums (11), not the 2-bit ones (5)
        assert np.array_equal(trainer.predict(short), plain_short) and trainer._xla is None
        assert np.allclose(trainer.predict(x), plain, atol=1e-5) and trainer._xla is not None
        padded, _, lengths = ng.pad_to(x, np.zeros((3, 11), np.int32), 14)
        lengths[1] = 9  # a shorter example in the padded batch
        assert np.allclose(trainer.xla_predict(padded, lengths),
                           ng.Trainer.predict(trainer, padded, lengths), atol=1e-5)
    finally:
        trainer.close()
