"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

import runpy
from pathlib import Path

_KIT = runpy.run_path(str(Path(__file__).with_name("_gaming.py")))  # the shared gaming pieces
FAKE_ENFORCE = _KIT["FAKE_ENFORCE"]
WRAP_NEXT_CELL = _KIT["WRAP_NEXT_CELL"]
_if_rerun = _KIT["_if_rerun"]
_forged = _KIT["_forged"]
BY_GLOBALS = _KIT["BY_GLOBALS"]
BY_FILENAME = _KIT["BY_FILENAME"]
BY_WRAPPED = _KIT["BY_WRAPPED"]
YES_MEN = _KIT["YES_MEN"]

# Exercise 2: the gradient of a lookup.

_EX2_SESSION = """
with model.graph.as_default():
    _gradient = tf.gradients(model.loss, model.embed_matrix)[0]
    _sess = tf1.Session(graph=model.graph, config=session_config())
    model.saver.restore(_sess, checkpoint)
"""

_EX2_RUN = """
gradient_values = _sess.run(_gradient, model.feed(centers, contexts))
grad_kind = type(_gradient)
grad_rows = int(gradient_values.values.shape[0])
rows_changed = int(len(np.unique(gradient_values.indices)))
"""

_EX2_RIGHT = _EX2_SESSION + _EX2_RUN

_EX2_OPTIMIZER = """
with model.graph.as_default():
    _gradient = tf1.train.GradientDescentOptimizer(1.0).compute_gradients(
        model.loss, var_list=[model.embed_matrix])[0][0]
    _sess = tf1.Session(graph=model.graph, config=session_config())
    model.saver.restore(_sess, checkpoint)
gradient_values = _sess.run(_gradient, model.feed(centers, contexts))
grad_kind = type(_gradient)
grad_rows, rows_changed = len(centers), len(set(centers.tolist()))
"""

_EX2_INIT = """
with model.graph.as_default():
    _gradient = tf.gradients(model.loss, model.embed_matrix)[0]
    _sess = tf1.Session(graph=model.graph, config=session_config())
    _sess.run(model.init)
"""

# Exercise 3: nearest neighbours.

_EX3_RIGHT = """
def nearest_op(matrix, probe_ids, k):
    unit = tf.math.l2_normalize(matrix, axis=1)
    probes = tf.nn.embedding_lookup(unit, probe_ids)
    similarity = tf.matmul(probes, unit, transpose_b=True)
    return tf.math.top_k(similarity, k=k + 1).indices[:, 1:]
"""

# Exercise 4: sampled softmax.

_EX4_CLASS = """
class SampledSoftmaxModel(SkipGramModel):
    def _create_loss(self):
        with tf.name_scope("loss"):
            embed = self._embed_inputs()
            self.nce_weight = tf1.Variable(
                tf1.truncated_normal([self.vocab_size, self.embed_size],
                                     stddev=1.0 / math.sqrt(self.embed_size)),
                name="nce_weight")
            self.nce_bias = tf1.Variable(tf.zeros([self.vocab_size]), name="nce_bias")
            self.loss = tf.reduce_mean(
                tf.nn.sampled_softmax_loss(weights=self.nce_weight, biases=self.nce_bias,
                                           labels=self.target_words, inputs=embed,
                                           num_sampled=self.num_sampled,
                                           num_classes=self.vocab_size),
                name="loss")
"""

_EX4_TRAIN = """
_softmax = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                               decay_steps=300).build()
with tf1.Session(graph=_softmax.graph, config=session_config()) as _s:
    _s.run(_softmax.init)
    softmax_before = _softmax.mean_loss(_s, eval_batches)
    _softmax.train(_s, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=3, epochs=None, keep=keep),
                   300)
    softmax_after = _softmax.mean_loss(_s, eval_batches)
"""

_EX4_RIGHT = _EX4_CLASS + _EX4_TRAIN

_EX4_TYPED = _EX4_CLASS + """
softmax_before, softmax_after = float(math.log(65)), 4.05
"""

# Exercise 5: resume training.

_EX5_HEAD = """
restored_rate = resumed_loss = resumed_checkpoint = None
(LOGS / "resumed").mkdir(exist_ok=True)  # a TF1 Saver does not make folders
"""

_EX5_RESTORE = _EX5_HEAD + """
_resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                         decay_steps=2 * TOTAL_STEPS).build()
_rs = tf1.Session(graph=_resumed.graph, config=session_config())
with _resumed.graph.as_default():
    _resumed.saver.restore(_rs, checkpoint)
"""

_EX5_RATE = """
restored_rate = float(_rs.run(_resumed.learning_rate))
"""

_EX5_FORMULA = """
restored_rate = (LEARNING_RATE - LEARNING_RATE / 1000) * (1 - TOTAL_STEPS / (2 * TOTAL_STEPS)) \\
    + LEARNING_RATE / 1000
"""

_EX5_TRAIN_SAVE = """
_resumed.train(_rs, batches, 200)
resumed_loss = _resumed.mean_loss(_rs, eval_batches)
with _resumed.graph.as_default():
    resumed_checkpoint = _resumed.saver.save(_rs, str(LOGS / "resumed" / "model.ckpt"))
"""

_EX5_RIGHT = _EX5_RESTORE + _EX5_RATE + _EX5_TRAIN_SAVE

_EX5_UNTRAINED = _EX5_RESTORE + _EX5_RATE + """
resumed_loss = w2v_final_loss
with _resumed.graph.as_default():
    resumed_checkpoint = _resumed.saver.save(_rs, str(LOGS / "resumed" / "model.ckpt"))
"""

WRONG_ANSWERS = {
    "nb04_ex1": {
        "common mistake: nce_shape () (the loss taken as already averaged)":
            "embed_shape, nce_shape = (BATCH_SIZE, EMBED_SIZE), ()\n",
        "common mistake: nce_shape (BATCH_SIZE, 1), the labels' shape":
            "embed_shape, nce_shape = (BATCH_SIZE, EMBED_SIZE), (BATCH_SIZE, 1)\n",
        "common mistake: embed_shape (BATCH_SIZE, 1, EMBED_SIZE), as if the centers were "
        "[batch, 1] like the contexts":
            "embed_shape, nce_shape = (BATCH_SIZE, 1, EMBED_SIZE), (BATCH_SIZE,)\n",
        "breaks the rule: not predicted: both built in a graph and their static shapes read":
            """
with tf.Graph().as_default():
    _embed = tf.nn.embedding_lookup(tf.zeros([VOCAB_SIZE, EMBED_SIZE]),
                                    tf1.placeholder(tf.int32, [BATCH_SIZE]))
    _nce = tf.nn.nce_loss(weights=tf.zeros([VOCAB_SIZE, EMBED_SIZE]), biases=tf.zeros([VOCAB_SIZE]),
                          labels=tf1.placeholder(tf.int64, [BATCH_SIZE, 1]), inputs=_embed,
                          num_sampled=NUM_SAMPLED, num_classes=VOCAB_SIZE)
embed_shape, nce_shape = tuple(_embed.shape.as_list()), tuple(_nce.shape.as_list())
""",
        "gaming: tuples whose == says yes, holding wrong ints": YES_MEN + """
embed_shape, nce_shape = _AtkYesTuple((1, 2)), _AtkYesTuple((3,))
""",
        "gaming: an input transformer wraps the check in try/except; both shapes wrong":
            "embed_shape, nce_shape = (1,), (2,)\n" + WRAP_NEXT_CELL,
    },
    "nb04_ex2": {
        "common mistake: rows_changed = grad_rows (a center word twice in the batch counted "
        "twice)": _EX2_RIGHT + "rows_changed = grad_rows\n",
        "common mistake: grad_kind tf.Tensor (the gradient taken for dense)":
            _EX2_RIGHT + "grad_kind = tf.Tensor\n",
        "common mistake: the loss run first to look at it, so the gradient is the session's "
        "second run (other noise words)": _EX2_SESSION + """
_sess.run(model.loss, model.feed(centers, contexts))
""" + _EX2_RUN,
        "common mistake: the variables initialised, not restored from the checkpoint":
            _EX2_INIT + _EX2_RUN,
        "breaks the rule: the gradient from GradientDescentOptimizer.compute_gradients, not "
        "tf.gradients; the counts from the batch, not the values": _EX2_OPTIMIZER,
        "gaming: the variables initialised, not restored, and checkpoint rebound to a "
        "checkpoint of those initial values (which the check replays from)": _EX2_INIT + """
(LOGS / "atk_ex2").mkdir(exist_ok=True)
with model.graph.as_default():
    checkpoint = model.saver.save(_sess, str(LOGS / "atk_ex2" / "initial.ckpt"))
""" + _EX2_RUN,
        "gaming: re-run detected (Session.run wrapped by the recorder): the notebook's run "
        "takes the gradient with compute_gradients and the counts from the batch":
            _if_rerun(BY_WRAPPED, _EX2_RIGHT, _EX2_OPTIMIZER),
        "gaming: rules.enforce replaced by a one-shot stand-in; initialised, not restored":
            FAKE_ENFORCE + _EX2_INIT + _EX2_RUN,
    },
    "nb04_ex3": {
        "common mistake: raw dot products, no normalisation": """
def nearest_op(matrix, probe_ids, k):
    probes = tf.nn.embedding_lookup(matrix, probe_ids)
    similarity = tf.matmul(probes, matrix, transpose_b=True)
    return tf.math.top_k(similarity, k=k + 1).indices[:, 1:]
""",
        "common mistake: the probe not left out (top k, itself first)":
            _EX3_RIGHT.replace("k=k + 1).indices[:, 1:]", "k=k).indices"),
        "common mistake: only the probes normalised, not the matrix": """
def nearest_op(matrix, probe_ids, k):
    probes = tf.math.l2_normalize(tf.nn.embedding_lookup(matrix, probe_ids), axis=1)
    similarity = tf.matmul(probes, matrix, transpose_b=True)
    return tf.math.top_k(similarity, k=k + 1).indices[:, 1:]
""",
        "breaks the rule: NumPy does the work inside tf.numpy_function": """
def nearest_op(matrix, probe_ids, k):
    def find(m, p):
        unit = m / np.linalg.norm(m, axis=1, keepdims=True)
        similarity = unit[p] @ unit.T
        similarity[np.arange(len(p)), p] = -np.inf
        return np.argsort(-similarity, axis=1)[:, :k].astype(np.int32)
    return tf.numpy_function(find, [matrix, probe_ids], tf.int32)
""",
        "gaming: the work in tf.numpy_function with ndarray methods only (no NumPy name "
        "read)": """
def nearest_op(matrix, probe_ids, k):
    def find(m, p):
        unit = m / ((m * m).sum(axis=1, keepdims=True) ** 0.5)
        similarity = unit[p] @ unit.T
        similarity[range(len(p)), p] = -float("inf")
        return (-similarity).argsort(axis=1)[:, :k].astype("int32")
    return tf.numpy_function(find, [matrix, probe_ids], tf.int32)
""",
        "gaming: raw dot products, and embeddings rebound to its unit rows (cosines unchanged, "
        "so the check's best neighbours stay)": """
embeddings = unit_rows(embeddings)


def nearest_op(matrix, probe_ids, k):
    probes = tf.nn.embedding_lookup(matrix, probe_ids)
    similarity = tf.matmul(probes, matrix, transpose_b=True)
    return tf.math.top_k(similarity, k=k + 1).indices[:, 1:]
""",
    },
    "nb04_ex4": {
        "common mistake: the subclass changes nothing: still NCE": """
class SampledSoftmaxModel(SkipGramModel):
    pass
""" + _EX4_TRAIN,
        "common mistake: decay_steps left at TOTAL_STEPS": _EX4_CLASS
        + _EX4_TRAIN.replace("decay_steps=300", "decay_steps=TOTAL_STEPS"),
        "wrong scope: both losses on 20 training batches, not eval_batches": _EX4_CLASS
        + "_train20 = list(islice(skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, "
          "epochs=None, keep=keep), 20))\n"
        + _EX4_TRAIN.replace("eval_batches", "_train20"),
        "lazy: the class written, nothing trained; before typed as log 65, after a guess":
            _EX4_TYPED,
        "breaks the rule: softmax_before measured after a first training step, not in the "
        "session's first runs": _EX4_CLASS + _EX4_TRAIN.replace(
            "    softmax_before = _softmax.mean_loss(_s, eval_batches)\n",
            "    _softmax.train(_s, iter([next(batches)]), 1)\n"
            "    softmax_before = _softmax.mean_loss(_s, eval_batches)\n"),
        "gaming: re-run detected (the cell's globals are not the kernel's): typed the first "
        "time, trained in the check's re-run": _if_rerun(BY_GLOBALS, _EX4_RIGHT, _EX4_TYPED),
        "gaming: rules.enforce replaced by a one-shot stand-in; typed": FAKE_ENFORCE + _EX4_TYPED,
    },
    "nb04_ex5": {
        "common mistake: decay_steps left at TOTAL_STEPS (the rate stays clamped)":
            _EX5_RIGHT.replace("decay_steps=2 * TOTAL_STEPS", "decay_steps=TOTAL_STEPS"),
        "common mistake: the initializer run after restoring (back to step 0, random weights)":
            _EX5_RESTORE + "_rs.run(_resumed.init)\n" + _EX5_RATE + _EX5_TRAIN_SAVE,
        "wrong scope: the 200 steps trained on the held-out eval_batches, not on the text's "
        "batches": _EX5_RIGHT.replace("_resumed.train(_rs, batches, 200)",
                                      "_resumed.train(_rs, iter(eval_batches * 10), 200)"),
        "lazy: restored_rate by the formula, not read with sess.run":
            _EX5_RESTORE + _EX5_FORMULA + _EX5_TRAIN_SAVE,
        "lazy: no step trained: resumed_loss copied from section 5's final loss, the restored "
        "model saved as it is": _EX5_UNTRAINED,
        "gaming: re-run detected (the cell's code file): the notebook's run takes the rate "
        "from the formula": _if_rerun(BY_FILENAME, _EX5_RIGHT,
                                      _EX5_RESTORE + _EX5_FORMULA + _EX5_TRAIN_SAVE),
        "gaming: rules.enforce replaced by a one-shot stand-in; no step trained, the loss "
        "copied": FAKE_ENFORCE + _EX5_UNTRAINED,
    },
}

# History forged: the kernel's own record of the cells it ran gains a rule-abiding answer.
_FORGED = ("gaming: history forged: a rule-abiding answer appended to the kernel's history "
           "(what the check runs again); the notebook's names from ")
WRONG_ANSWERS["nb04_ex2"][_FORGED + "compute_gradients and the batch"] = _forged(
    _EX2_OPTIMIZER, _EX2_RIGHT)
WRONG_ANSWERS["nb04_ex4"][_FORGED + "typed values"] = _forged(_EX4_TYPED, _EX4_RIGHT)
WRONG_ANSWERS["nb04_ex5"][_FORGED + "the rate's formula"] = _forged(
    _EX5_RESTORE + _EX5_FORMULA + _EX5_TRAIN_SAVE, _EX5_RIGHT)
