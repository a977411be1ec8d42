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
    },
}
