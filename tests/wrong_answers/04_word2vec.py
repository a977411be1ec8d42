"""Wrong answers to notebook 04's exercises: each must fail its check (proved by `refute`)."""

_EX2_RUN = '''with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
grad_kind = type(embed_gradient)
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    START
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
grad_rows = gradient_values.values.shape[0]
'''

_EX3_HEAD = "def nearest_op(matrix, probe_ids, k):\n"

_EX4_CLASS = '''class SampledSoftmaxModel(SkipGramModel):
    """SkipGramModel trained with sampled softmax instead of NCE."""

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

_EX4_RUN = """softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4,
                                                       epochs=None, keep=keep), STEPS)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
"""

_EX5_RUN = '''restored_rate = resumed_loss = resumed_checkpoint = None
(LOGS / "resumed").mkdir(exist_ok=True)
resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                        decay_steps=DECAY).build()
with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    AFTER_RESTORE
    restored_rate = resumed_sess.run(resumed.learning_rate)
    resumed.train(resumed_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=5, epochs=None,
                                                 keep=keep), 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
'''

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb04_ex1": {
        "lazy: the shapes of the placeholders typed in":
            "embed_shape = (BATCH_SIZE,)\nnce_shape = (BATCH_SIZE, 1)\n",
        "common mistake: the lookup's shape taken for the whole matrix":
            "embed_shape = (VOCAB_SIZE, EMBED_SIZE)\nnce_shape = (BATCH_SIZE,)\n",
        "common mistake: nce_loss taken to return one number":
            "embed_shape = (BATCH_SIZE, EMBED_SIZE)\nnce_shape = ()\n",
        "breaks the rule: the shapes as lists, not tuples":
            "embed_shape = [BATCH_SIZE, EMBED_SIZE]\nnce_shape = [BATCH_SIZE]\n",
        "breaks the rule: the lookup built to read its shape, nothing predicted":
            "with tf.Graph().as_default():\n"
            "    _lookup = tf.nn.embedding_lookup(tf.zeros([VOCAB_SIZE, EMBED_SIZE]),\n"
            "                                     tf.zeros([BATCH_SIZE], tf.int32))\n"
            "embed_shape = tuple(_lookup.shape.as_list())\nnce_shape = (BATCH_SIZE,)\n",
        "breaks the rule: tf1.nn.nce_loss built to read its shape, nothing predicted":
            "with tf.Graph().as_default():\n"
            "    _inputs = tf.zeros([BATCH_SIZE, EMBED_SIZE])\n"
            "    _losses = tf1.nn.nce_loss(tf.zeros([VOCAB_SIZE, EMBED_SIZE]),\n"
            "                              tf.zeros([VOCAB_SIZE]),\n"
            "                              tf.zeros([BATCH_SIZE, 1], tf.int64), _inputs,\n"
            "                              NUM_SAMPLED, VOCAB_SIZE)\n"
            "embed_shape = (BATCH_SIZE, EMBED_SIZE)\nnce_shape = tuple(_losses.shape.as_list())\n",
        "breaks the rule: a gather run in a session to measure the lookup's shape":
            "with tf.Graph().as_default() as _g, tf1.Session(graph=_g) as _s:\n"
            "    embed_shape = tuple(int(n) for n in _s.run(tf.shape(tf.gather(\n"
            "        tf.zeros([VOCAB_SIZE, EMBED_SIZE]), tf.zeros([BATCH_SIZE], tf.int32)))))\n"
            "nce_shape = (BATCH_SIZE,)\n",
    },
    "nb04_ex2": {
        "lazy: all three derived without running anything":
            "grad_kind = tf.IndexedSlices\ngrad_rows = BATCH_SIZE\n"
            "rows_changed = len(np.unique(centers))\ngradient_values = None\n",
        "common mistake: the checkpoint not restored (variables initialised instead)":
            _EX2_RUN.replace("START", "grad_sess.run(model.init)")
            + "rows_changed = len(np.unique(gradient_values.indices))\n",
        "common mistake: every looked-up row counted as a changed row":
            _EX2_RUN.replace("START", "model.saver.restore(grad_sess, checkpoint)")
            + "rows_changed = grad_rows\n",
        "fakes the inspected object: gradient_values built in Python, nothing run":
            "from types import SimpleNamespace\n\n"
            "grad_kind = tf.IndexedSlices\n"
            "gradient_values = SimpleNamespace(\n"
            "    values=np.zeros((BATCH_SIZE, EMBED_SIZE), np.float32), indices=centers)\n"
            "grad_rows = BATCH_SIZE\nrows_changed = len(np.unique(centers))\n",
        "common mistake: a training step run before the gradient":
            _EX2_RUN.replace("START", "model.saver.restore(grad_sess, checkpoint)\n"
                             "    grad_sess.run(model.optimizer, model.feed(centers, contexts))")
            + "rows_changed = len(np.unique(gradient_values.indices))\n",
        "breaks the rule: the optimizer's own gradient of the embeddings reused, no tf.gradients":
            _EX2_RUN.replace(
                "    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]\n",
                "    scatter = next(op for op in model.graph.get_operations()\n"
                "                   if op.type == 'ResourceScatterAdd'\n"
                "                   and op.inputs[0].op is model.embed_matrix.op)\n"
                "    negated = scatter.inputs[2].op.inputs[0]  # the update is -gradient * rate\n"
                "    embed_gradient = tf.IndexedSlices(negated.op.inputs[0], scatter.inputs[1])\n")
            .replace("START", "model.saver.restore(grad_sess, checkpoint)")
            + "rows_changed = len(np.unique(gradient_values.indices))\n",
        "breaks the rule: the trained values loaded by hand after the initializer, no restore":
            _EX2_RUN.replace("START", "grad_sess.run(model.init)\n"
                             "    for v in model.graph.get_collection('variables'):\n"
                             "        v.load(tf.train.load_variable(checkpoint, v.op.name),\n"
                             "               grad_sess)")
            + "rows_changed = len(np.unique(gradient_values.indices))\n",
    },
    "nb04_ex3": {
        "lazy: the answers worked out in NumPy from the notebook's globals":
            _EX3_HEAD
            + "    scores = unit @ unit[[vocab.id(w) for w in PROBES]].T\n"
            "    scores[[vocab.id(w) for w in PROBES], range(len(PROBES))] = -np.inf\n"
            "    return tf.constant(np.argsort(-scores, axis=0)[:k].T)\n",
        "common mistake: the probe not left out":
            _EX3_HEAD
            + "    unit_vectors = tf.math.l2_normalize(matrix, axis=1)\n"
            "    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids),\n"
            "                           unit_vectors, transpose_b=True)\n"
            "    return tf.math.top_k(similarity, k=k).indices\n",
        "common mistake: dot products of raw vectors, not cosines":
            _EX3_HEAD
            + "    similarity = tf.matmul(tf.nn.embedding_lookup(matrix, probe_ids), matrix,\n"
            "                           transpose_b=True)\n"
            "    similarity -= 1e9 * tf.one_hot(probe_ids, tf.shape(matrix)[0])\n"
            "    return tf.math.top_k(similarity, k=k).indices\n",
        "reads globals: the cosines of the trained embeddings, not of its matrix":
            _EX3_HEAD
            + "    unit_vectors = tf.math.l2_normalize(tf.constant(embeddings), axis=1)\n"
            "    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids),\n"
            "                           unit_vectors, transpose_b=True)\n"
            "    similarity -= 3.0 * tf.one_hot(probe_ids, VOCAB_SIZE)\n"
            "    return tf.math.top_k(similarity, k=k).indices\n",
        "breaks the rule: NumPy inside tf.py_function":
            _EX3_HEAD
            + "    def by_numpy(vectors, probes):\n"
            "        unit = vectors.numpy()\n"
            "        unit = unit / np.linalg.norm(unit, axis=1, keepdims=True)\n"
            "        scores = unit[probes.numpy()] @ unit.T\n"
            "        scores[np.arange(len(scores)), probes.numpy()] = -np.inf\n"
            "        return np.argsort(-scores, axis=1)[:, :k].astype(np.int32)\n"
            "\n"
            "    found = tf.py_function(by_numpy, [matrix, probe_ids], tf.int32)\n"
            "    found.set_shape([None, k])\n"
            "    return found\n",
        "common mistake: k ignored, five ids always":
            _EX3_HEAD
            + "    unit_vectors = tf.math.l2_normalize(matrix, axis=1)\n"
            "    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids),\n"
            "                           unit_vectors, transpose_b=True)\n"
            "    similarity -= 3.0 * tf.one_hot(probe_ids, tf.shape(matrix)[0])\n"
            "    return tf.math.top_k(similarity, k=5).indices\n",
        "breaks the rule: the rows normalised in NumPy (tf.numpy_function), the rest in TensorFlow":
            _EX3_HEAD
            + "    unit_vectors = tf.numpy_function(\n"
            "        lambda m: m / np.linalg.norm(m, axis=1, keepdims=True), [matrix],\n"
            "        tf.float32)\n"
            "    similarity = tf.matmul(tf.gather(unit_vectors, probe_ids), unit_vectors,\n"
            "                           transpose_b=True)\n"
            "    similarity -= 3.0 * tf.one_hot(probe_ids, tf.shape(matrix)[0])\n"
            "    return tf.math.top_k(similarity, k=k).indices\n",
    },
    "nb04_ex4": {
        "lazy: NCE kept, the losses typed in from the notes of the issue":
            "class SampledSoftmaxModel(SkipGramModel):\n    pass\n\n\n"
            "softmax_before, softmax_after = 5.72, 4.44\n",
        "common mistake: 'before' measured after a first training step":
            _EX4_CLASS
            + "softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, "
            "NUM_SAMPLED, LEARNING_RATE, decay_steps=300).build()\n"
            "with tf1.Session(graph=softmax_model.graph, config=session_config()) as s:\n"
            "    s.run(softmax_model.init)\n"
            "    train = skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, epochs=None,\n"
            "                             keep=keep)\n"
            "    softmax_model.train(s, train, 1)\n"
            "    softmax_before = softmax_model.mean_loss(s, eval_batches)\n"
            "    softmax_model.train(s, train, 299)\n"
            "    softmax_after = softmax_model.mean_loss(s, eval_batches)\n",
        "common mistake: the subclass keeps NCE (nothing overridden)":
            "class SampledSoftmaxModel(SkipGramModel):\n    pass\n\n\n"
            "softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, "
            "NUM_SAMPLED, LEARNING_RATE, decay_steps=300).build()\n"
            "with tf1.Session(graph=softmax_model.graph, config=session_config()) as s:\n"
            "    s.run(softmax_model.init)\n"
            "    softmax_before = softmax_model.mean_loss(s, eval_batches)\n"
            "    softmax_model.train(s, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, "
            "epochs=None, keep=keep), 300)\n"
            "    softmax_after = softmax_model.mean_loss(s, eval_batches)\n",
        "lazy: the right class, the losses typed in":
            _EX4_CLASS + "softmax_before, softmax_after = 4.85, 3.9\n",
        "common mistake: one training step instead of 300":
            _EX4_CLASS + _EX4_RUN.replace("STEPS", "1"),
        "common mistake: the loss summed over the batch, not averaged":
            _EX4_CLASS.replace("tf.reduce_mean(", "tf.reduce_sum(")
            + _EX4_RUN.replace("STEPS", "300"),
        "breaks the rule: fewer negative samples than nce_loss had":
            _EX4_CLASS.replace("num_sampled=self.num_sampled", "num_sampled=8")
            + _EX4_RUN.replace("STEPS", "300"),
        "breaks the rule: sampled softmax written out with TensorFlow's private helper":
            _EX4_CLASS.replace(
                _EX4_CLASS[_EX4_CLASS.index("            self.loss = "):],
                "            from tensorflow.python.ops import nn_impl\n"
                "            logits, labels = nn_impl._compute_sampled_logits(\n"
                "                weights=self.nce_weight, biases=self.nce_bias,\n"
                "                labels=self.target_words, inputs=embed,\n"
                "                num_sampled=self.num_sampled,\n"
                "                num_classes=self.vocab_size, remove_accidental_hits=True,\n"
                "                name=\"sampled_softmax_loss\")\n"
                "            self.loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(\n"
                "                labels=tf.stop_gradient(labels), logits=logits), name=\"loss\")\n"
                "\n\n")
            + _EX4_RUN.replace("STEPS", "300"),
        "breaks the rule: 150 steps instead of 300":
            _EX4_CLASS + _EX4_RUN.replace("STEPS", "150"),
    },
    "nb04_ex5": {
        "lazy: from memory, section 7's checkpoint passed off as the resumed one":
            "restored_rate = LEARNING_RATE / 2\nresumed_loss = w2v_final_loss\n"
            "resumed_checkpoint = checkpoint\n",
        "common mistake: the old schedule kept (its rate clamped at the end)":
            _EX5_RUN.replace("DECAY", "TOTAL_STEPS").replace("    AFTER_RESTORE\n", ""),
        "common mistake: the initializer run after restoring":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS")
            .replace("AFTER_RESTORE", "resumed_sess.run(resumed.init)"),
        "common mistake: the loss measured before the 200 steps":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS").replace("    AFTER_RESTORE\n", "")
            .replace("    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)\n", "")
            .replace("    restored_rate = resumed_sess.run(resumed.learning_rate)\n",
                     "    restored_rate = resumed_sess.run(resumed.learning_rate)\n"
                     "    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)\n"),
        "lazy: restored_rate typed in as half the start rate":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS").replace("    AFTER_RESTORE\n", "")
            .replace("resumed_sess.run(resumed.learning_rate)", "LEARNING_RATE / 2"),
        "fakes the inspected object: section 7's checkpoint copied into the resumed folder":
            "import shutil\nfrom pathlib import Path\n\n"
            "restored_rate, resumed_loss = LEARNING_RATE / 2, w2v_final_loss\n"
            "for part in Path(checkpoint).parent.glob(Path(checkpoint).name + '.*'):\n"
            "    shutil.copy(part, LOGS / 'resumed' / part.name.replace(Path(checkpoint).name,\n"
            "                                                         'model.ckpt'))\n"
            "resumed_checkpoint = str(LOGS / 'resumed' / 'model.ckpt')\n",
        "breaks the rule: the trained values loaded by hand after the initializer, no restore":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS").replace(
                "    resumed.saver.restore(resumed_sess, checkpoint)\n    AFTER_RESTORE\n",
                "    resumed_sess.run(resumed.init)\n"
                "    for v in resumed.graph.get_collection('variables'):\n"
                "        v.load(tf.train.load_variable(checkpoint, v.op.name), resumed_sess)\n"),
        "breaks the rule: restored_rate worked out by hand from the schedule":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS").replace("    AFTER_RESTORE\n", "")
            .replace("resumed_sess.run(resumed.learning_rate)",
                     "(LEARNING_RATE - LEARNING_RATE / 1000) * 0.5 + LEARNING_RATE / 1000"),
        "breaks the rule: 20 steps trained, the global step pushed on by 180":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS").replace("    AFTER_RESTORE\n", "")
            .replace("keep=keep), 200)", "keep=keep), 20)\n"
                     "    resumed_sess.run(tf1.assign_add(resumed.global_step, 180))"),
        "breaks the rule: the checkpoint written with a raw SaveV2 op, not the Saver":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS").replace("    AFTER_RESTORE\n", "")
            .replace("    resumed_checkpoint = resumed.saver.save(resumed_sess, "
                     "str(LOGS / \"resumed\" / \"model.ckpt\"))\n",
                     "    resumed_checkpoint = str(LOGS / \"resumed\" / \"model.ckpt\")\n"
                     "    _vars = resumed.graph.get_collection(\"variables\")\n"
                     "    with resumed.graph.as_default():\n"
                     "        resumed_sess.run(tf.raw_ops.SaveV2(\n"
                     "            prefix=resumed_checkpoint,\n"
                     "            tensor_names=[v.op.name for v in _vars],\n"
                     "            shape_and_slices=[\"\"] * len(_vars),\n"
                     "            tensors=[v.value() for v in _vars]))\n"),
        "lazy: resumed_loss taken as section 7's final loss (the right size, nothing measured)":
            _EX5_RUN.replace("DECAY", "2 * TOTAL_STEPS").replace("    AFTER_RESTORE\n", "")
            .replace("    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)\n", "")
            + "resumed_loss = w2v_final_loss\n",
    },
}


# The fourth attack's answers (tests/attacks2) that broke a rule 04's tasks state and its
# checks did not yet hold: an eager lookup, a run before the gradient, the wrong folder (issue 46).
WRONG_ANSWERS['nb04_ex1'].update({
    'rule-breaking: runs a lookup eagerly (tf.gather, what embedding_lookup'
    ' builds) to read embed_shape': (
        'embed_shape = tuple(int(n) for n in tf.gather(tf.zeros([VOCAB_SIZE, EM'
        'BED_SIZE]),\n'
        '                    tf.zeros([BATCH_SIZE], tf.int32)).shape)\n'
        'nce_shape = (BATCH_SIZE,)\n'),
})
WRONG_ANSWERS['nb04_ex2'].update({
    "rule-breaking: the gradient is not the session's first run (the initia"
    'lizer runs first, then the restore)': (
        'with model.graph.as_default():\n'
        '    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]\n'
        'grad_kind = type(embed_gradient)\n'
        'with tf1.Session(graph=model.graph, config=session_config()) as grad_s'
        'ess:\n'
        '    grad_sess.run(model.init)\n'
        '    model.saver.restore(grad_sess, checkpoint)\n'
        '    gradient_values = grad_sess.run(embed_gradient, model.feed(centers'
        ', contexts))\n'
        'grad_rows = gradient_values.values.shape[0]\n'
        'rows_changed = len(np.unique(gradient_values.indices))\n'),
})
WRONG_ANSWERS['nb04_ex5'].update({
    "rule-breaking: saved next to section 7's checkpoint in LOGS, not in a "
    'folder of its own': (
        '(LOGS / "resumed").mkdir(exist_ok=True)\n'
        'resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLE'
        'D, LEARNING_RATE,\n'
        '                        decay_steps=2 * TOTAL_STEPS).build()\n'
        'with tf1.Session(graph=resumed.graph, config=session_config()) as resu'
        'med_sess:\n'
        '    resumed.saver.restore(resumed_sess, checkpoint)\n'
        '    restored_rate = resumed_sess.run(resumed.learning_rate)\n'
        '    resumed.train(resumed_sess, skipgram_batches(ids, BATCH_SIZE, WIND'
        'OW, seed=5, epochs=None,\n'
        '                                                 keep=keep), 200)\n'
        '    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)\n'
        '    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "'
        'resumed_model.ckpt"))\n'),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb04_ex1'].update({
    "rule-breaking: the lookup's shape read off an equivalent op (tf.gather) built in a scratch graph, nce_shape off a reduce_sum of it (tests/attacks3)":  # noqa: E501
        'with tf.Graph().as_default():\n'
        '    matrix = tf1.placeholder(tf.float32, [VOCAB_SIZE, EMBED_SIZE])\n'
        '    centers_in = tf1.placeholder(tf.int32, [BATCH_SIZE])\n'
        '    rows = tf.gather(matrix, centers_in)\n'
        '    scores = tf.reduce_sum(rows, axis=1)\n'
        'embed_shape = tuple(rows.shape.as_list())\n'
        'nce_shape = tuple(scores.shape.as_list())\n',
})
WRONG_ANSWERS['nb04_ex2'].update({
    "rule-breaking: the gradient taken with an optimizer's compute_gradients, not tf.gradients (tests/attacks3)":  # noqa: E501
        'with model.graph.as_default():\n'
        '    embed_gradient = tf1.train.GradientDescentOptimizer(1.0).compute_gradients(\n'
        '        model.loss, [model.embed_matrix])[0][0]\n'
        'grad_kind = type(embed_gradient)\n'
        'with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:\n'
        '    model.saver.restore(grad_sess, checkpoint)\n'
        '    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))\n'
        'grad_rows = gradient_values.values.shape[0]\n'
        'rows_changed = len(np.unique(gradient_values.indices))\n',
})

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks, each refused
# by a re-run whose gradient is of another class with one row more, or which restores a checkpoint
# at another step.
WRONG_ANSWERS['nb04_ex2'].update({
    "lazy: grad_kind typed as tf.IndexedSlices, grad_rows as BATCH_SIZE and rows_changed counted from the batch's ids, none read from the gradient (attacks4)":  # noqa: E501
        'grad_kind = grad_rows = rows_changed = gradient_values = None\n'
        'with model.graph.as_default():\n'
        '    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]\n'
        'grad_kind = tf.IndexedSlices  # the gradient of a lookup is sparse\n'
        'with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:\n'
        '    model.saver.restore(grad_sess, checkpoint)\n'
        '    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))\n'
        'grad_rows = BATCH_SIZE  # one row per center word\n'
        'rows_changed = len(np.unique(centers))\n',
})
WRONG_ANSWERS['nb04_ex5'].update({
    'rule-breaking: restored_rate fetched from a separate polynomial_decay graph at a constant step TOTAL_STEPS, not read from the restored model (attacks4)':  # noqa: E501
        'restored_rate = resumed_loss = resumed_checkpoint = None\n'
        '(LOGS / "resumed").mkdir(exist_ok=True)  # a TF1 Saver does not make folders\n'
        'resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,\n'
        '                        decay_steps=2 * TOTAL_STEPS).build()\n'
        'with tf.Graph().as_default() as rate_graph:\n'
        '    rate = tf1.train.polynomial_decay(LEARNING_RATE, tf.constant(TOTAL_STEPS, tf.int32),\n'
        '                                      2 * TOTAL_STEPS, end_learning_rate=LEARNING_RATE / 1000)\n'  # noqa: E501
        'with tf1.Session(graph=rate_graph, config=session_config()) as rate_sess:\n'
        '    restored_rate = rate_sess.run(rate)\n'
        'with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:\n'
        '    resumed.saver.restore(resumed_sess, checkpoint)\n'
        '    resumed.train(resumed_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=5, epochs=None, keep=keep), 200)\n'  # noqa: E501
        '    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)\n'
        '    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))\n',  # noqa: E501
})

# Stop 58: the sixth attack's answers that stop 57's checks still let through, now rejected: a
# tf.py_function inside a tf.data map (the graph's function library is searched too), the probe
# dropped by cutting the first of k + 1 (a word with the probe's own vector), and softmax_after /
# softmax_before tied to the mean_loss calls of the re-run that gave them.
WRONG_ANSWERS['nb04_ex3'].update({
    "common mistake: the probe dropped by taking the top k + 1 and cutting the first column, which is wrong when another word's vector points the probe's way (NOT SURE: no check has such a pair) (attacks4)":  # noqa: E501
        '# define nearest_op(matrix, probe_ids, k)\n'
        'def nearest_op(matrix, probe_ids, k):\n'
        '    """Ids of the k words nearest by cosine to each probe; the probe is its own first."""\n'  # noqa: E501
        '    unit_vectors = tf.math.l2_normalize(matrix, axis=1)\n'
        '    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids), unit_vectors,\n'  # noqa: E501
        '                           transpose_b=True)\n'
        '    return tf.math.top_k(similarity, k=k + 1).indices[:, 1:]\n',
    "gaming: NumPy through the arrays' own methods (.numpy(), .sum, .argsort), never naming np, in a tf.py_function run inside a tf.data map, so the graph holds no PyFunc op (only TensorDataset, MapDataset, DatasetToSingleElement) (attacks4)":  # noqa: E501
        '# define nearest_op(matrix, probe_ids, k)\n'
        'def nearest_op(matrix, probe_ids, k):\n'
        '    """Ids of the k words nearest by cosine to each probe, the probe left out."""\n'
        '    def rank(vectors, probes):\n'
        '        vectors, probes = vectors.numpy().astype("float64"), probes.numpy()\n'
        '        unit = vectors / ((vectors * vectors).sum(axis=1, keepdims=True) ** 0.5)\n'
        '        cos = unit[probes] @ unit.T\n'
        '        cos[range(len(probes)), probes] = -3.0\n'
        '        return (-cos).argsort(axis=1, kind="stable")[:, :k].astype("int32")\n'
        '\n'
        '    pairs = tf.data.Dataset.from_tensors((matrix, probe_ids)).map(\n'
        '        lambda vectors, probes: tf.py_function(rank, [vectors, probes], tf.int32))\n'
        '    return tf.reshape(tf.data.experimental.get_single_element(pairs), [-1, k])\n',
})
WRONG_ANSWERS['nb04_ex4'].update({
    'wrong scope: softmax_after measured on the last five training batches, not on eval_batches (attacks4)':  # noqa: E501
        'softmax_before = softmax_after = None  # and the class SampledSoftmaxModel\n'
        '\n'
        '\n'
        'class SampledSoftmaxModel(SkipGramModel):\n'
        '    """SkipGramModel trained with sampled softmax instead of NCE."""\n'
        '\n'
        '    def _create_loss(self):\n'
        '        with tf.name_scope("loss"):\n'
        '            embed = tf.nn.embedding_lookup(self.embed_matrix, self.center_words, name="embed")\n'  # noqa: E501
        '            self.nce_weight = tf1.Variable(\n'
        '                tf1.truncated_normal([self.vocab_size, self.embed_size],\n'
        '                                     stddev=1.0 / math.sqrt(self.embed_size)),\n'
        '                name="softmax_weight")\n'
        '            self.nce_bias = tf1.Variable(tf.zeros([self.vocab_size]), name="softmax_bias")\n'  # noqa: E501
        '            self.loss = tf.reduce_mean(\n'
        '                tf.nn.sampled_softmax_loss(weights=self.nce_weight, biases=self.nce_bias,\n'  # noqa: E501
        '                                           labels=self.target_words, inputs=embed,\n'
        '                                           num_sampled=self.num_sampled,\n'
        '                                           num_classes=self.vocab_size),\n'
        '                name="loss")\n'
        '\n'
        '\n'
        'softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,\n'
        '                                    LEARNING_RATE, decay_steps=300).build()\n'
        'with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:\n'
        '    softmax_sess.run(softmax_model.init)\n'
        '    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)\n'
        '    trained_on = list(islice(skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, epochs=None, keep=keep), 300))\n'  # noqa: E501
        '    softmax_model.train(softmax_sess, iter(trained_on), 300)\n'
        '    softmax_after = softmax_model.mean_loss(softmax_sess, trained_on[-5:])\n',
    "rule-breaking: softmax_before measured in a separate, freshly initialised session, not in the training session's first runs (NOT SURE: the same numbers) (attacks4)":  # noqa: E501
        'softmax_before = softmax_after = None  # and the class SampledSoftmaxModel\n'
        '\n'
        '\n'
        'class SampledSoftmaxModel(SkipGramModel):\n'
        '    """SkipGramModel trained with sampled softmax instead of NCE."""\n'
        '\n'
        '    def _create_loss(self):\n'
        '        with tf.name_scope("loss"):\n'
        '            embed = tf.nn.embedding_lookup(self.embed_matrix, self.center_words, name="embed")\n'  # noqa: E501
        '            self.nce_weight = tf1.Variable(\n'
        '                tf1.truncated_normal([self.vocab_size, self.embed_size],\n'
        '                                     stddev=1.0 / math.sqrt(self.embed_size)),\n'
        '                name="softmax_weight")\n'
        '            self.nce_bias = tf1.Variable(tf.zeros([self.vocab_size]), name="softmax_bias")\n'  # noqa: E501
        '            self.loss = tf.reduce_mean(\n'
        '                tf.nn.sampled_softmax_loss(weights=self.nce_weight, biases=self.nce_bias,\n'  # noqa: E501
        '                                           labels=self.target_words, inputs=embed,\n'
        '                                           num_sampled=self.num_sampled,\n'
        '                                           num_classes=self.vocab_size),\n'
        '                name="loss")\n'
        '\n'
        '\n'
        'softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,\n'
        '                                    LEARNING_RATE, decay_steps=300).build()\n'
        'with tf1.Session(graph=softmax_model.graph, config=session_config()) as look_sess:\n'
        '    look_sess.run(softmax_model.init)\n'
        '    softmax_before = softmax_model.mean_loss(look_sess, eval_batches)\n'
        'with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:\n'
        '    softmax_sess.run(softmax_model.init)\n'
        '    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, epochs=None, keep=keep), 300)\n'  # noqa: E501
        '    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)\n',
    'gaming: the measured model trains only 100 steps; a second SampledSoftmaxModel, bound last, runs its optimizer 300 times on one batch to make up the run count (attacks4)':  # noqa: E501
        'softmax_before = softmax_after = None  # and the class SampledSoftmaxModel\n'
        '\n'
        '\n'
        'class SampledSoftmaxModel(SkipGramModel):\n'
        '    """SkipGramModel trained with sampled softmax instead of NCE."""\n'
        '\n'
        '    def _create_loss(self):\n'
        '        with tf.name_scope("loss"):\n'
        '            embed = tf.nn.embedding_lookup(self.embed_matrix, self.center_words, name="embed")\n'  # noqa: E501
        '            self.nce_weight = tf1.Variable(\n'
        '                tf1.truncated_normal([self.vocab_size, self.embed_size],\n'
        '                                     stddev=1.0 / math.sqrt(self.embed_size)),\n'
        '                name="softmax_weight")\n'
        '            self.nce_bias = tf1.Variable(tf.zeros([self.vocab_size]), name="softmax_bias")\n'  # noqa: E501
        '            self.loss = tf.reduce_mean(\n'
        '                tf.nn.sampled_softmax_loss(weights=self.nce_weight, biases=self.nce_bias,\n'  # noqa: E501
        '                                           labels=self.target_words, inputs=embed,\n'
        '                                           num_sampled=self.num_sampled,\n'
        '                                           num_classes=self.vocab_size),\n'
        '                name="loss")\n'
        '\n'
        '\n'
        'softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,\n'
        '                                    LEARNING_RATE, decay_steps=300).build()\n'
        'with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:\n'
        '    softmax_sess.run(softmax_model.init)\n'
        '    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)\n'
        '    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, epochs=None, keep=keep), 100)\n'  # noqa: E501
        '    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)\n'
        'filler_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,\n'
        '                                   LEARNING_RATE, decay_steps=300).build()\n'
        'with tf1.Session(graph=filler_model.graph, config=session_config()) as filler_sess:\n'
        '    filler_sess.run(filler_model.init)\n'
        '    for _ in range(300):\n'
        '        filler_sess.run(filler_model.optimizer, filler_model.feed(*eval_batches[0]))\n',
})
