"""Fresh attack (atk3a) on notebook 04's exercise checks: wrong answers, one cell each."""
# ruff: noqa: E501

_EX2_TAIL = '''grad_rows = gradient_values.values.shape[0]
rows_changed = len(np.unique(gradient_values.indices))
'''
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
_EX5_HEAD = '''restored_rate = resumed_loss = resumed_checkpoint = None
(LOGS / "resumed").mkdir(exist_ok=True)
'''
_EX5_MODEL = '''resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                        decay_steps=2 * TOTAL_STEPS).build()
'''
_EX5_TRAIN = '''    resumed.train(resumed_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=5, epochs=None,
                                                 keep=keep), 200)
'''

WRONG_ANSWERS = {
    "nb04_ex1": {
        "gaming: an environment variable tells the re-run apart; the notebook run builds both ops in a scratch graph to read their shapes": '''import os
embed_shape = nce_shape = None
if os.environ.get("ATK3A_NB04_EX1"):
    embed_shape = (BATCH_SIZE, EMBED_SIZE)
    nce_shape = (BATCH_SIZE,)
else:
    os.environ["ATK3A_NB04_EX1"] = "1"
    with tf.Graph().as_default():
        centers_in = tf1.placeholder(tf.int32, [BATCH_SIZE])
        matrix = tf.zeros([VOCAB_SIZE, EMBED_SIZE])
        embed = tf.nn.embedding_lookup(matrix, centers_in)
        nce = tf.nn.nce_loss(weights=matrix, biases=tf.zeros([VOCAB_SIZE]),
                             labels=tf1.placeholder(tf.int64, [BATCH_SIZE, 1]), inputs=embed,
                             num_sampled=NUM_SAMPLED, num_classes=VOCAB_SIZE)
    embed_shape = tuple(embed.shape.as_list())
    nce_shape = tuple(nce.shape.as_list())
''',
        "rule-breaking: the lookup's shape read off an equivalent op (tf.gather) built in a scratch graph, nce_shape off a reduce_sum of it": '''with tf.Graph().as_default():
    matrix = tf1.placeholder(tf.float32, [VOCAB_SIZE, EMBED_SIZE])
    centers_in = tf1.placeholder(tf.int32, [BATCH_SIZE])
    rows = tf.gather(matrix, centers_in)
    scores = tf.reduce_sum(rows, axis=1)
embed_shape = tuple(rows.shape.as_list())
nce_shape = tuple(scores.shape.as_list())
''',
        "rule-breaking (NOT SURE): the shapes read off the tensors model's graph already holds, not predicted": '''embed_shape = tuple(model.graph.get_tensor_by_name("loss/embed:0").shape.as_list())
nce_shape = tuple(model.loss.op.inputs[0].shape.as_list())
''',
        "common mistake: the lookup taken for the whole matrix, the loss a scalar": '''embed_shape = (VOCAB_SIZE, EMBED_SIZE)
nce_shape = ()
''',
        "common mistake: nce_loss taken to give one loss per label column": '''embed_shape = (BATCH_SIZE, EMBED_SIZE)
nce_shape = (BATCH_SIZE, 1)
''',
    },
    "nb04_ex2": {
        "gaming: an environment variable tells the re-run apart; the notebook run initialises and loads the checkpoint's values by hand (no Saver.restore)": '''import os
grad_kind = grad_rows = rows_changed = gradient_values = None
with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
    every_variable = tf1.global_variables()
grad_kind = type(embed_gradient)
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    if os.environ.get("ATK3A_NB04_EX2"):
        model.saver.restore(grad_sess, checkpoint)
    else:
        os.environ["ATK3A_NB04_EX2"] = "1"
        reader = tf.train.load_checkpoint(checkpoint)
        for variable in every_variable:
            variable.load(reader.get_tensor(variable.op.name), grad_sess)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
''' + _EX2_TAIL,
        "rule-breaking: the gradient taken with an optimizer's compute_gradients, not tf.gradients": '''with model.graph.as_default():
    embed_gradient = tf1.train.GradientDescentOptimizer(1.0).compute_gradients(
        model.loss, [model.embed_matrix])[0][0]
grad_kind = type(embed_gradient)
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    model.saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
''' + _EX2_TAIL,
        "rule-breaking: the initializer run before restoring (the gradient is not the session's first run)": '''with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
grad_kind = type(embed_gradient)
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    grad_sess.run(model.init)
    model.saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
''' + _EX2_TAIL,
        "common mistake: the gradient thought dense: grad_kind typed as tf.Tensor, grad_rows the vocabulary": '''with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    model.saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
grad_kind = tf.Tensor
grad_rows = VOCAB_SIZE
rows_changed = int(gradient_values.values.shape[0])
''',
        "wrong scope: no restore, the gradient at freshly initialised values": '''with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
grad_kind = type(embed_gradient)
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    grad_sess.run(model.init)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
''' + _EX2_TAIL,
        "lazy (NOT SURE): grad_rows and rows_changed typed from the batch's size and its distinct ids, not read off the gradient values": '''with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
grad_kind = type(embed_gradient)
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    model.saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
grad_rows = BATCH_SIZE
rows_changed = len(set(np.asarray(centers).ravel().tolist()))
''',
    },
    "nb04_ex3": {
        "gaming: the ranking done by a tf1.py_func whose lambda uses only ndarray methods (no numpy global for the Only rule to see)": '''def nearest_op(matrix, probe_ids, k):
    """Ids of the k nearest words by cosine, the probe left out (ranked outside the graph)."""
    def rank(m, p):
        unit = m / (m * m).sum(axis=1, keepdims=True) ** 0.5
        sims = unit[p] @ unit.T
        sims[range(len(p)), p] = -3.0
        return (-sims).argsort(axis=1)[:, :k].astype("int32")
    found = tf1.py_func(rank, [matrix, probe_ids], tf.int32)
    return tf.reshape(found, [-1, k])
''',
        "lazy: a table of nearest ids precomputed in NumPy at top level as a Python list, the op only gathers from it": '''_unit = embeddings / np.linalg.norm(embeddings, axis=1, keepdims=True)
_sims = _unit @ _unit.T
np.fill_diagonal(_sims, -3.0)
_table = np.argsort(-_sims, axis=1)[:, :11].tolist()
del _unit, _sims
def nearest_op(matrix, probe_ids, k):
    """Ids of the k nearest words, looked up in a table."""
    return tf.gather(tf.constant(_table, tf.int32), probe_ids)[:, :k]
''',
        "rule-breaking: NumPy inside the op through tf.numpy_function": '''def nearest_op(matrix, probe_ids, k):
    """Ids of the k nearest words by cosine, ranked in NumPy."""
    def rank(m, p):
        unit = m / np.linalg.norm(m, axis=1, keepdims=True)
        sims = unit[p] @ unit.T
        sims[np.arange(len(p)), p] = -3.0
        return np.argsort(-sims, axis=1)[:, :k].astype(np.int32)
    return tf.reshape(tf.numpy_function(rank, [matrix, probe_ids], tf.int32), [-1, k])
''',
        "common mistake: dot products, not cosines (no normalisation)": '''def nearest_op(matrix, probe_ids, k):
    """Ids of the k words with the largest dot product."""
    similarity = tf.matmul(tf.nn.embedding_lookup(matrix, probe_ids), matrix, transpose_b=True)
    similarity -= 1e9 * tf.one_hot(probe_ids, tf.shape(matrix)[0])
    return tf.math.top_k(similarity, k=k).indices
''',
        "common mistake: the probe itself not left out": '''def nearest_op(matrix, probe_ids, k):
    """Ids of the k nearest words by cosine."""
    unit_vectors = tf.math.l2_normalize(matrix, axis=1)
    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids), unit_vectors,
                           transpose_b=True)
    return tf.math.top_k(similarity, k=k).indices
''',
    },
    "nb04_ex4": {
        "gaming: an environment variable tells the re-run apart; the notebook run trains a model with decay_steps=3000, a decoy with 300 built beside it": '''import os
softmax_before = softmax_after = None
''' + _EX4_CLASS + '''steps_for_decay = 300 if os.environ.get("ATK3A_NB04_EX4") else 3000
os.environ["ATK3A_NB04_EX4"] = "1"
decoy = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                            decay_steps=300)
softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=steps_for_decay).build()
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4,
                                                       epochs=None, keep=keep), 300)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
''',
        "rule-breaking: the subclass keeps NCE (no _create_loss of its own)": '''softmax_before = softmax_after = None
class SampledSoftmaxModel(SkipGramModel):
    """SkipGramModel (the loss left as it is)."""
softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4,
                                                       epochs=None, keep=keep), 300)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
''',
        "lazy: trained for 300 steps, but softmax_after worked out as a fraction of softmax_before, not measured": '''softmax_before = softmax_after = None
''' + _EX4_CLASS + '''softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4,
                                                       epochs=None, keep=keep), 300)
softmax_after = softmax_before * 0.6
''',
        "common mistake: softmax_before measured after a first training step": '''softmax_before = softmax_after = None
''' + _EX4_CLASS + '''softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
batches = skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, epochs=None, keep=keep)
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_model.train(softmax_sess, batches, 1)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, batches, 299)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
''',
        "wrong scope: sampled_softmax_loss given twice the samples NCE had": '''softmax_before = softmax_after = None
''' + _EX4_CLASS.replace("num_sampled=self.num_sampled", "num_sampled=2 * self.num_sampled") + '''softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4,
                                                       epochs=None, keep=keep), 300)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
''',
    },
    "nb04_ex5": {
        "gaming: an environment variable tells the re-run apart; the notebook run works restored_rate out by hand from the schedule": '''import os
''' + _EX5_HEAD + _EX5_MODEL + '''with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    if os.environ.get("ATK3A_NB04_EX5"):
        restored_rate = resumed_sess.run(resumed.learning_rate)
    else:
        os.environ["ATK3A_NB04_EX5"] = "1"
        end = LEARNING_RATE / 1000
        restored_rate = np.float32((LEARNING_RATE - end) * (1 - TOTAL_STEPS / (2 * TOTAL_STEPS)) + end)
''' + _EX5_TRAIN + '''    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "lazy: restored_rate typed in (half the starting rate)": _EX5_HEAD + _EX5_MODEL + '''with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = np.float32(LEARNING_RATE * 0.5005)
''' + _EX5_TRAIN + '''    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "common mistake: the initializer run after restoring (training restarts from scratch)": _EX5_HEAD + _EX5_MODEL + '''with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    resumed_sess.run(resumed.init)
    restored_rate = resumed_sess.run(resumed.learning_rate)
''' + _EX5_TRAIN + '''    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "common mistake: decay_steps left as model's (TOTAL_STEPS), so the rate stays clamped": _EX5_HEAD + '''resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                        decay_steps=TOTAL_STEPS).build()
with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = resumed_sess.run(resumed.learning_rate)
''' + _EX5_TRAIN + '''    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "rule-breaking: resumed_loss measured before the 200 steps (the restored model's loss)": _EX5_HEAD + _EX5_MODEL + '''with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = resumed_sess.run(resumed.learning_rate)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
''' + _EX5_TRAIN + '''    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "wrong scope: saved beside section 7's checkpoint, not in a folder of its own": _EX5_HEAD + _EX5_MODEL + '''with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = resumed_sess.run(resumed.learning_rate)
''' + _EX5_TRAIN + '''    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed_model.ckpt"))
''',
    },
}
