"""Wrong answers for notebook 04: a fresh attack (s54 a2), from the notebook and checker only."""

_EX2_GRAD = '''with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
grad_kind = type(embed_gradient)
'''
_EX2_RUN = '''with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    model.saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
'''
_EX2_ROWS = '''grad_rows = gradient_values.values.shape[0]
rows_changed = len(np.unique(gradient_values.indices))
'''

_EX3_SOLUTION = '''def nearest_op(matrix, probe_ids, k):
    unit_vectors = tf.math.l2_normalize(matrix, axis=1)
    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids), unit_vectors,
                           transpose_b=True)
    similarity -= 3.0 * tf.one_hot(probe_ids, tf.shape(matrix)[0])
    return tf.math.top_k(similarity, k=k).indices
'''

_EX4_CLASS = '''class SampledSoftmaxModel(SkipGramModel):

    def _create_loss(self):
        with tf.name_scope("loss"):
            embed = tf.nn.embedding_lookup(self.embed_matrix, self.center_words, name="embed")
            self.nce_weight = tf1.Variable(
                tf1.truncated_normal([self.vocab_size, self.embed_size],
                                     stddev=1.0 / math.sqrt(self.embed_size)),
                name="softmax_weight")
            self.nce_bias = tf1.Variable(tf.zeros([self.vocab_size]), name="softmax_bias")
            self.loss = tf.reduce_mean(
                tf.nn.sampled_softmax_loss(weights=self.nce_weight, biases=self.nce_bias,
                                           labels=self.target_words, inputs=embed,
                                           num_sampled=self.num_sampled,
                                           num_classes=self.vocab_size),
                name="loss")


'''
_EX4_TRAIN = '''softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4,
                                                       epochs=None, keep=keep), STEPS)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
'''

_EX5_HEAD = '''(LOGS / "resumed").mkdir(exist_ok=True)
resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                        decay_steps=DECAY).build()
with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
'''
_EX5_RATE = "    restored_rate = resumed_sess.run(resumed.learning_rate)\n"
_EX5_TRAIN = '''\
    resumed.train(resumed_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=5, epochs=None,
                                                 keep=keep), 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
'''
_EX5_SAVE = ('    resumed_checkpoint = resumed.saver.save(resumed_sess, '
             'str(LOGS / "resumed" / "model.ckpt"))\n')
#: polynomial_decay with power 1, at the restored step TOTAL_STEPS of a 2 * TOTAL_STEPS schedule
_BY_HAND = "(LEARNING_RATE - LEARNING_RATE / 1000) * 0.5 + LEARNING_RATE / 1000"


def _ex5(decay: str = "2 * TOTAL_STEPS", rate: str = _EX5_RATE, train: str = _EX5_TRAIN,
         save: str = _EX5_SAVE, after_restore: str = "") -> str:
    """Exercise 5's cell from its parts."""
    return _EX5_HEAD.replace("DECAY", decay) + after_restore + rate + train + save


WRONG_ANSWERS = {
    "nb04_ex1": {
        "common mistake: the lookup's shape taken for the embedding matrix's":
            "embed_shape = (VOCAB_SIZE, EMBED_SIZE)\nnce_shape = (BATCH_SIZE,)\n",
        "common mistake: nce_loss taken to return a scalar":
            "embed_shape = (BATCH_SIZE, EMBED_SIZE)\nnce_shape = ()\n",
        "rule-breaking: builds the lookup and the loss in a scratch graph to read the shapes":
            "with tf.Graph().as_default():\n"
            "    _m = tf.zeros([VOCAB_SIZE, EMBED_SIZE])\n"
            "    _e = tf.nn.embedding_lookup(_m, tf1.placeholder(tf.int32, [BATCH_SIZE]))\n"
            "    _n = tf.nn.nce_loss(weights=_m, biases=tf.zeros([VOCAB_SIZE]),\n"
            "                        labels=tf1.placeholder(tf.int64, "
            "[BATCH_SIZE, 1]), inputs=_e,\n"
            "                        num_sampled=NUM_SAMPLED, num_classes=VOCAB_SIZE)\n"
            "embed_shape = tuple(_e.shape)\nnce_shape = tuple(_n.shape)\n",
        "rule-breaking: runs a lookup eagerly (tf.gather, what embedding_lookup builds) to read "
        "embed_shape":
            "embed_shape = tuple(int(n) for n in tf.gather(tf.zeros([VOCAB_SIZE, EMBED_SIZE]),\n"
            "                    tf.zeros([BATCH_SIZE], tf.int32)).shape)\n"
            "nce_shape = (BATCH_SIZE,)\n",
        "gaming: the shapes typed in as tuples whose == always says yes":
            "class _Shape(tuple):\n    __module__ = 'builtins'\n"
            "    def __eq__(self, other): return True\n"
            "    def __ne__(self, other): return False\n    __hash__ = tuple.__hash__\n\n\n"
            "embed_shape = _Shape((1, 2))\nnce_shape = _Shape((3,))\n",
        "gaming: builds both ops to read the shapes in the notebook's run, types them only in the "
        "check's re-run (told apart by globals() not being the kernel's namespace)":
            "if globals() is get_ipython().user_ns:\n"
            "    with tf.Graph().as_default():\n"
            "        _m = tf.zeros([VOCAB_SIZE, EMBED_SIZE])\n"
            "        _e = tf.nn.embedding_lookup(_m, tf1.placeholder(tf.int32, [BATCH_SIZE]))\n"
            "        _n = tf.nn.nce_loss(weights=_m, biases=tf.zeros([VOCAB_SIZE]),\n"
            "                            labels=tf1.placeholder(tf.int64, [BATCH_SIZE, 1]),\n"
            "                            inputs=_e, num_sampled=NUM_SAMPLED,\n"
            "                            num_classes=VOCAB_SIZE)\n"
            "    embed_shape, nce_shape = tuple(_e.shape), tuple(_n.shape)\n"
            "else:\n    embed_shape, nce_shape = (BATCH_SIZE, EMBED_SIZE), (BATCH_SIZE,)\n",
        "wrong scope: the lookup's shape for one center word, not a batch":
            "embed_shape = (EMBED_SIZE,)\nnce_shape = (BATCH_SIZE,)\n",
    },
    "nb04_ex2": {
        "common mistake: rows_changed counts repeated ids":
            _EX2_GRAD + _EX2_RUN + "grad_rows = gradient_values.values.shape[0]\n"
                                   "rows_changed = grad_rows\n",
        "common mistake: grad_kind taken to be a dense tf.Tensor":
            _EX2_GRAD + _EX2_RUN + _EX2_ROWS + "grad_kind = tf.Tensor\n",
        "rule-breaking: the variables initialised instead of restored":
            _EX2_GRAD
            + _EX2_RUN.replace("model.saver.restore(grad_sess, checkpoint)",
                               "grad_sess.run(model.init)") + _EX2_ROWS,
        "rule-breaking: the gradient is not the session's first run (the initializer runs "
        "first, then the restore)":
            _EX2_GRAD
            + _EX2_RUN.replace("    model.saver.restore(grad_sess, checkpoint)\n",
                               "    grad_sess.run(model.init)\n"
                               "    model.saver.restore(grad_sess, checkpoint)\n") + _EX2_ROWS,
        "lazy: grad_rows typed in as the batch size":
            _EX2_GRAD + _EX2_RUN + "grad_rows = BATCH_SIZE\n"
                                   "rows_changed = len(np.unique(gradient_values.indices))\n",
        "gaming: rows_changed typed in as the notebook's own int subclass whose == always says "
        "yes (not an answer name the plain-value test looks at)":
            "class RowCount(int):\n    def __eq__(self, other): return True\n"
            "    def __ne__(self, other): return False\n    __hash__ = int.__hash__\n\n\n"
            + _EX2_GRAD + _EX2_RUN + "grad_rows = gradient_values.values.shape[0]\n"
                                     "rows_changed = RowCount(1)\n",
        "wrong scope: the gradient on the first held-out batch, not centers, contexts":
            _EX2_GRAD
            + _EX2_RUN.replace("model.feed(centers, contexts)", "model.feed(*eval_batches[0])")
            + _EX2_ROWS,
    },
    "nb04_ex3": {
        "common mistake: dot products, not cosines (no normalising)":
            _EX3_SOLUTION.replace("tf.math.l2_normalize(matrix, axis=1)", "matrix")
            .replace("3.0 * tf.one_hot", "1e9 * tf.one_hot"),
        "common mistake: the probe not left out":
            _EX3_SOLUTION.replace("    similarity -= 3.0 * tf.one_hot(probe_ids, "
                                  "tf.shape(matrix)[0])\n", ""),
        "rule-breaking: NumPy imported inside nearest_op for the mask's scale":
            _EX3_SOLUTION.replace("    unit_vectors =", "    import numpy\n    unit_vectors =")
            .replace("3.0 * tf.one_hot", "numpy.float32(3.0) * tf.one_hot"),
        "rule-breaking: cosines and top-k done in NumPy through tf.py_function":
            "def nearest_op(matrix, probe_ids, k):\n"
            "    def in_numpy(m, p):\n"
            "        m, p = m.numpy(), p.numpy()\n"
            "        unit = m / np.linalg.norm(m, axis=1, keepdims=True)\n"
            "        cos = unit[p] @ unit.T\n        cos[np.arange(len(p)), p] = -3.0\n"
            "        return np.argsort(-cos, axis=1)[:, :k].astype(np.int32)\n"
            "    return tf.reshape(tf.py_function(in_numpy, [matrix, probe_ids], tf.int32),\n"
            "                      [-1, k])\n",
        "gaming: NumPy reached through a TensorFlow module's attribute "
        "(tensorflow.python.framework.tensor_util.np), which the import test reads as TensorFlow":
            _EX3_SOLUTION.replace(
                "    unit_vectors =",
                "    from tensorflow.python.framework import tensor_util\n"
                "    scale = tensor_util.np.float32(3.0)\n    unit_vectors =")
            .replace("3.0 * tf.one_hot", "scale * tf.one_hot"),
        "gaming: a NumPy-using nearest_op in the notebook's run, a TensorFlow-only one in the "
        "check's re-run (told apart by stdout redirected to a StringIO)":
            "import io, sys\nif isinstance(sys.stdout, io.StringIO):\n"
            + "".join("    " + line + "\n" for line in _EX3_SOLUTION.splitlines())
            + "else:\n"
            + "".join("    " + line + "\n" for line in _EX3_SOLUTION.replace(
                "3.0 * tf.one_hot", "np.float32(3.0) * tf.one_hot").splitlines()),
        "wrong scope: reads the notebook's embeddings, not the matrix it is given":
            _EX3_SOLUTION.replace("tf.math.l2_normalize(matrix, axis=1)",
                                  "tf.math.l2_normalize(tf.constant(embeddings), axis=1)")
            .replace("tf.shape(matrix)[0]", "len(embeddings)"),
    },
    "nb04_ex4": {
        "common mistake: the subclass keeps nce_loss":
            "class SampledSoftmaxModel(SkipGramModel):\n    pass\n\n\n"
            + _EX4_TRAIN.replace("STEPS", "300"),
        "lazy: the losses typed in":
            _EX4_CLASS + "softmax_before, softmax_after = 9.5, 6.0\n",
        "rule-breaking: trains 100 steps, not 300":
            _EX4_CLASS + _EX4_TRAIN.replace("STEPS", "100"),
        "gaming: the optimizer fetched 300 times in one Session.run (one step), with "
        "softmax_after measured after it":
            _EX4_CLASS
            + _EX4_TRAIN.replace(
                "    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, "
                "seed=4,\n                                                       epochs=None, "
                "keep=keep), STEPS)\n",
                "    softmax_sess.run([softmax_model.optimizer] * 300,\n"
                "                     softmax_model.feed(centers, contexts))\n"),
        "wrong scope: softmax_before measured after training, softmax_after too":
            _EX4_CLASS
            + _EX4_TRAIN.replace("STEPS", "300").replace(
                "    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)\n", "")
            + "softmax_before = softmax_after\n",
    },
    "nb04_ex5": {
        "common mistake: the initializer run after restoring":
            _ex5(after_restore="    resumed_sess.run(resumed.init)\n"),
        "common mistake: the old schedule (decay_steps=TOTAL_STEPS)":
            _ex5(decay="TOTAL_STEPS"),
        "lazy: restored_rate typed in":
            _ex5(rate="    restored_rate = 6.006\n"),
        "rule-breaking: restored_rate worked out by hand from the schedule and laundered "
        "through a tf.pow in the resumed graph":
            _ex5(rate="    with resumed.graph.as_default():\n"
                      "        _wash = tf.pow(tf.constant(" + _BY_HAND + ", tf.float32), 1.0)\n"
                      "    restored_rate = resumed_sess.run(_wash)\n"),
        "rule-breaking: saved next to section 7's checkpoint in LOGS, not in a folder of its own":
            _ex5(save='    resumed_checkpoint = resumed.saver.save(resumed_sess, '
                      'str(LOGS / "resumed_model.ckpt"))\n'),
        "gaming: restored_rate worked out by hand in the notebook's run, fetched only in the "
        "check's re-run (told apart by a marker set through globals())":
            "_again = '_cs_marker5' in globals()\nglobals()['_cs_marker5'] = True\n"
            + _ex5(rate="    restored_rate = resumed_sess.run(resumed.learning_rate) if _again "
                        "else np.float32(" + _BY_HAND + ")\n"),
        "gaming: the optimizer fetched 200 times in one Session.run (one step)":
            _ex5(train="    resumed_sess.run([resumed.optimizer] * 200, resumed.feed(centers, "
                       "contexts))\n"
                       "    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)\n"),
    },
}
