"""Fresh wrong answers (sixth attack, issue 46) for notebook 04's exercises."""
# ruff: noqa: E501

#: True in the check's re-run: the rules' recording puts a functools.wraps wrapper on Session.run,
#: which the first run never sees (the dunder name is built, so no string constant names it).
_WRAPPED = '_again = getattr(tf1.Session.run, "_" * 2 + "wrapped" + "_" * 2, None) is not None\n'
#: True in the check's re-run: a mark left in a collection of the kernel's default graph.
_COLLECTION = ('_marks = tf1.get_default_graph().get_collection_ref("answer_ran_once")\n'
               '_again = bool(_marks)\n_marks.append(True)\n')

_BUILD_SHAPES = '''    with tf.Graph().as_default():
        probe_centers = tf1.placeholder(tf.int32, [BATCH_SIZE])
        probe_matrix = tf.zeros([VOCAB_SIZE, EMBED_SIZE])
        probe_embed = tf.nn.embedding_lookup(probe_matrix, probe_centers)
        probe_nce = tf.nn.nce_loss(weights=probe_matrix, biases=tf.zeros([VOCAB_SIZE]),
                                   labels=tf1.placeholder(tf.int64, [BATCH_SIZE, 1]),
                                   inputs=probe_embed, num_sampled=NUM_SAMPLED,
                                   num_classes=VOCAB_SIZE)
    embed_shape = tuple(probe_embed.shape.as_list())
    nce_shape = tuple(probe_nce.shape.as_list())
'''
_GRAD_HEAD = '''grad_kind = grad_rows = rows_changed = gradient_values = None
with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
grad_kind = type(embed_gradient)
'''
_GRAD_RUN = '''with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    model.saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
'''
_NEAREST_TAIL = '''
    return tf.math.top_k(similarity, k=k).indices
'''
_SOFTMAX_CLASS = '''softmax_before = softmax_after = None  # and the class SampledSoftmaxModel


class SampledSoftmaxModel(SkipGramModel):
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


softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
'''
_TRAINING = '''skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=4, epochs=None, keep=keep)'''
_RESUMED_HEAD = '''restored_rate = resumed_loss = resumed_checkpoint = None
(LOGS / "resumed").mkdir(exist_ok=True)  # a TF1 Saver does not make folders
resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                        decay_steps=2 * TOTAL_STEPS).build()
'''
_RESUMED_BATCHES = '''skipgram_batches(ids, BATCH_SIZE, WINDOW, seed=5, epochs=None, keep=keep)'''
_BY_HAND_RATE = '''(LEARNING_RATE - LEARNING_RATE / 1000) * (1 - TOTAL_STEPS / (2 * TOTAL_STEPS)) + LEARNING_RATE / 1000'''

WRONG_ANSWERS = {
    "nb04_ex1": {
        "common mistake: the lookup's shape written (EMBED_SIZE, BATCH_SIZE), transposed": '''embed_shape = None  # a tuple of ints
nce_shape = None
embed_shape = (EMBED_SIZE, BATCH_SIZE)
nce_shape = (BATCH_SIZE,)
''',
        "common mistake: nce_shape taken as a scalar's, as if nce_loss already averaged the batch": '''embed_shape = None  # a tuple of ints
nce_shape = None
embed_shape = (BATCH_SIZE, EMBED_SIZE)
nce_shape = ()
''',
        "common mistake: nce_shape taken as the labels' shape (BATCH_SIZE, 1)": '''embed_shape = None  # a tuple of ints
nce_shape = None
embed_shape = (BATCH_SIZE, EMBED_SIZE)
nce_shape = (BATCH_SIZE, 1)
''',
        "rule-breaking: both shapes read off the tensors of the model's built graph (its placeholder, matrix and the input of its reduce_mean) instead of predicted (NOT SURE: it builds and runs nothing)": '''embed_shape = None  # a tuple of ints
nce_shape = None
embed_shape = (int(model.center_words.shape[0]), int(model.embed_matrix.shape[1]))
nce_shape = tuple(int(n) for n in model.loss.op.inputs[0].shape.as_list())
''',
        "rule-breaking: asks Keras's Embedding layer for its output shape instead of predicting it (NOT SURE: it builds no op)": '''embed_shape = None  # a tuple of ints
nce_shape = None
embed_shape = tuple(int(n) for n in keras.layers.Embedding(VOCAB_SIZE, EMBED_SIZE).compute_output_shape((BATCH_SIZE,)))
nce_shape = (BATCH_SIZE,)
''',
        "gaming: builds the lookup and nce_loss in a scratch graph to read the shapes on the first run; types them only when the recording wrapper on Session.run shows the check's re-run": '''embed_shape = None  # a tuple of ints
nce_shape = None
''' + _WRAPPED + '''if _again:
    embed_shape = (BATCH_SIZE, EMBED_SIZE)
    nce_shape = (BATCH_SIZE,)
else:
''' + _BUILD_SHAPES,
        "gaming: the same scratch graph on the first run, a mark in the default graph's collection telling the re-run to type the shapes": '''embed_shape = None  # a tuple of ints
nce_shape = None
''' + _COLLECTION + '''if _again:
    embed_shape = (BATCH_SIZE, EMBED_SIZE)
    nce_shape = (BATCH_SIZE,)
else:
''' + _BUILD_SHAPES,
    },
    "nb04_ex2": {
        "lazy: grad_kind typed as tf.IndexedSlices, grad_rows as BATCH_SIZE and rows_changed counted from the batch's ids, none read from the gradient": '''grad_kind = grad_rows = rows_changed = gradient_values = None
with model.graph.as_default():
    embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
grad_kind = tf.IndexedSlices  # the gradient of a lookup is sparse
''' + _GRAD_RUN + '''grad_rows = BATCH_SIZE  # one row per center word
rows_changed = len(np.unique(centers))
''',
        "common mistake: grad_rows taken from the gradient's dense_shape (the matrix's 10,000 rows)": _GRAD_HEAD + _GRAD_RUN + '''grad_rows = int(gradient_values.dense_shape[0])
rows_changed = len(np.unique(gradient_values.indices))
''',
        "common mistake: rows_changed counts every gradient row, repeated ids included": _GRAD_HEAD + _GRAD_RUN + '''grad_rows = gradient_values.values.shape[0]
rows_changed = grad_rows
''',
        "rule-breaking: restores with a new tf1.train.Saver instead of model.saver (NOT SURE: the same values)": _GRAD_HEAD + '''with model.graph.as_default():
    my_saver = tf1.train.Saver()
with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    my_saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
grad_rows = gradient_values.values.shape[0]
rows_changed = len(np.unique(gradient_values.indices))
''',
        "rule-breaking: the initializer run first in the new session, then the restore and the gradient": _GRAD_HEAD + '''with tf1.Session(graph=model.graph, config=session_config()) as grad_sess:
    grad_sess.run(model.init)
    model.saver.restore(grad_sess, checkpoint)
    gradient_values = grad_sess.run(embed_gradient, model.feed(centers, contexts))
grad_rows = gradient_values.values.shape[0]
rows_changed = len(np.unique(gradient_values.indices))
''',
        "gaming: the gradient taken with an optimizer's compute_gradients on the first run, with tf.gradients only when the recording wrapper on Session.run shows the check's re-run": '''grad_kind = grad_rows = rows_changed = gradient_values = None
''' + _WRAPPED + '''with model.graph.as_default():
    if _again:
        embed_gradient = tf.gradients(model.loss, model.embed_matrix)[0]
    else:
        ((embed_gradient, _),) = tf1.train.GradientDescentOptimizer(1.0).compute_gradients(
            model.loss, var_list=[model.embed_matrix])
grad_kind = type(embed_gradient)
''' + _GRAD_RUN + '''grad_rows = gradient_values.values.shape[0]
rows_changed = len(np.unique(gradient_values.indices))
''',
    },
    "nb04_ex3": {
        "common mistake: dot products of the raw vectors, not cosines": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest to each probe, the probe left out."""
    similarity = tf.matmul(tf.nn.embedding_lookup(matrix, probe_ids), matrix, transpose_b=True)
    similarity -= 1e9 * tf.one_hot(probe_ids, tf.shape(matrix)[0])''' + _NEAREST_TAIL,
        "common mistake: the probe not left out, so each probe is its own nearest word": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest by cosine to each probe."""
    unit_vectors = tf.math.l2_normalize(matrix, axis=1)
    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids), unit_vectors,
                           transpose_b=True)''' + _NEAREST_TAIL,
        "wrong scope: the matrix normalised along axis 0 (each dimension) instead of each row": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest by cosine to each probe, the probe left out."""
    unit_vectors = tf.math.l2_normalize(matrix, axis=0)
    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids), unit_vectors,
                           transpose_b=True)
    similarity -= 3.0 * tf.one_hot(probe_ids, tf.shape(matrix)[0])''' + _NEAREST_TAIL,
        "rule-breaking: the cosines and the ranking done in NumPy inside a tf.numpy_function": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest by cosine to each probe, the probe left out, in NumPy."""
    def rank(vectors, probes):
        unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        cos = unit[probes] @ unit.T
        cos[np.arange(len(probes)), probes] = -3.0
        return np.argsort(-cos, axis=1, kind="stable")[:, :k].astype(np.int32)
    found = tf.numpy_function(rank, [matrix, probe_ids], tf.int32)
    return tf.reshape(found, [-1, k])
''',
        "rule-breaking: the ranking done in tf.experimental.numpy inside a tf.py_function, not with graph ops": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest by cosine to each probe, ranked eagerly in a py_function."""
    def rank(vectors, probes):
        tnp = tf.experimental.numpy
        unit = vectors / tnp.sqrt(tnp.sum(vectors * vectors, axis=1, keepdims=True))
        cos = tnp.matmul(tf.gather(unit, probes), tnp.transpose(unit))
        cos = cos - 3.0 * tf.one_hot(probes, tf.shape(vectors)[0])
        return tf.math.top_k(cos, k=k).indices
    found = tf.py_function(rank, [matrix, probe_ids], tf.int32)
    return tf.reshape(found, [-1, k])
''',
        "common mistake: the probe dropped by taking the top k + 1 and cutting the first column, which is wrong when another word's vector points the probe's way (NOT SURE: no check has such a pair)": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest by cosine to each probe; the probe is its own first."""
    unit_vectors = tf.math.l2_normalize(matrix, axis=1)
    similarity = tf.matmul(tf.nn.embedding_lookup(unit_vectors, probe_ids), unit_vectors,
                           transpose_b=True)
    return tf.math.top_k(similarity, k=k + 1).indices[:, 1:]
''',
        "gaming: NumPy through the arrays' own methods (.numpy(), .sum, .argsort), never naming np, in a tf.py_function run inside a tf.data map, so the graph holds no PyFunc op (only TensorDataset, MapDataset, DatasetToSingleElement)": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest by cosine to each probe, the probe left out."""
    def rank(vectors, probes):
        vectors, probes = vectors.numpy().astype("float64"), probes.numpy()
        unit = vectors / ((vectors * vectors).sum(axis=1, keepdims=True) ** 0.5)
        cos = unit[probes] @ unit.T
        cos[range(len(probes)), probes] = -3.0
        return (-cos).argsort(axis=1, kind="stable")[:, :k].astype("int32")

    pairs = tf.data.Dataset.from_tensors((matrix, probe_ids)).map(
        lambda vectors, probes: tf.py_function(rank, [vectors, probes], tf.int32))
    return tf.reshape(tf.data.experimental.get_single_element(pairs), [-1, k])
''',
        "gaming: NumPy through the arrays' own methods, never naming np, in a plain tf.py_function": '''# define nearest_op(matrix, probe_ids, k)
def nearest_op(matrix, probe_ids, k):
    """Ids of the k words nearest by cosine to each probe, ranked with the arrays' own methods."""
    def rank(vectors, probes):
        vectors, probes = vectors.numpy().astype("float64"), probes.numpy()
        unit = vectors / ((vectors * vectors).sum(axis=1, keepdims=True) ** 0.5)
        cos = unit[probes] @ unit.T
        cos[range(len(probes)), probes] = -3.0
        return (-cos).argsort(axis=1, kind="stable")[:, :k].astype("int32")

    return tf.reshape(tf.py_function(rank, [matrix, probe_ids], tf.int32), [-1, k])
''',
    },
    "nb04_ex4": {
        "lazy: the subclass keeps NCE for its loss; tf.nn.sampled_softmax_loss is called beside it and dropped": '''softmax_before = softmax_after = None  # and the class SampledSoftmaxModel


class SampledSoftmaxModel(SkipGramModel):
    """SkipGramModel that also builds a sampled softmax loss."""

    def _create_loss(self):
        super()._create_loss()
        with tf.name_scope("softmax"):
            tf.nn.sampled_softmax_loss(weights=self.nce_weight, biases=self.nce_bias,
                                       labels=self.target_words,
                                       inputs=tf.nn.embedding_lookup(self.embed_matrix,
                                                                     self.center_words),
                                       num_sampled=self.num_sampled, num_classes=self.vocab_size)


softmax_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                    LEARNING_RATE, decay_steps=300).build()
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, ''' + _TRAINING + ''', 300)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
''',
        "common mistake: softmax_before measured after the first 10 training steps": _SOFTMAX_CLASS + '''with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    batches = ''' + _TRAINING + '''
    softmax_model.train(softmax_sess, batches, 10)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, batches, 290)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
''',
        "wrong scope: softmax_after measured on the last five training batches, not on eval_batches": _SOFTMAX_CLASS + '''with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    trained_on = list(islice(''' + _TRAINING + ''', 300))
    softmax_model.train(softmax_sess, iter(trained_on), 300)
    softmax_after = softmax_model.mean_loss(softmax_sess, trained_on[-5:])
''',
        "rule-breaking: softmax_before measured in a separate, freshly initialised session, not in the training session's first runs (NOT SURE: the same numbers)": _SOFTMAX_CLASS + '''with tf1.Session(graph=softmax_model.graph, config=session_config()) as look_sess:
    look_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(look_sess, eval_batches)
with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_model.train(softmax_sess, ''' + _TRAINING + ''', 300)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
''',
        "gaming: the measured model trains only 100 steps; a second SampledSoftmaxModel, bound last, runs its optimizer 300 times on one batch to make up the run count": _SOFTMAX_CLASS + '''with tf1.Session(graph=softmax_model.graph, config=session_config()) as softmax_sess:
    softmax_sess.run(softmax_model.init)
    softmax_before = softmax_model.mean_loss(softmax_sess, eval_batches)
    softmax_model.train(softmax_sess, ''' + _TRAINING + ''', 100)
    softmax_after = softmax_model.mean_loss(softmax_sess, eval_batches)
filler_model = SampledSoftmaxModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED,
                                   LEARNING_RATE, decay_steps=300).build()
with tf1.Session(graph=filler_model.graph, config=session_config()) as filler_sess:
    filler_sess.run(filler_model.init)
    for _ in range(300):
        filler_sess.run(filler_model.optimizer, filler_model.feed(*eval_batches[0]))
''',
    },
    "nb04_ex5": {
        "rule-breaking: restored_rate fetched from a separate polynomial_decay graph at a constant step TOTAL_STEPS, not read from the restored model": _RESUMED_HEAD + '''with tf.Graph().as_default() as rate_graph:
    rate = tf1.train.polynomial_decay(LEARNING_RATE, tf.constant(TOTAL_STEPS, tf.int32),
                                      2 * TOTAL_STEPS, end_learning_rate=LEARNING_RATE / 1000)
with tf1.Session(graph=rate_graph, config=session_config()) as rate_sess:
    restored_rate = rate_sess.run(rate)
with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    resumed.train(resumed_sess, ''' + _RESUMED_BATCHES + ''', 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "common mistake: the fresh model keeps decay_steps=TOTAL_STEPS, so the schedule has already ended": '''restored_rate = resumed_loss = resumed_checkpoint = None
(LOGS / "resumed").mkdir(exist_ok=True)  # a TF1 Saver does not make folders
resumed = SkipGramModel(VOCAB_SIZE, EMBED_SIZE, BATCH_SIZE, NUM_SAMPLED, LEARNING_RATE,
                        decay_steps=TOTAL_STEPS).build()
with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = resumed_sess.run(resumed.learning_rate)
    resumed.train(resumed_sess, ''' + _RESUMED_BATCHES + ''', 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "common mistake: the initializer run after restoring, which resets the global step and the embeddings": _RESUMED_HEAD + '''with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = resumed_sess.run(resumed.learning_rate)
    resumed_sess.run(resumed.init)
    resumed.train(resumed_sess, ''' + _RESUMED_BATCHES + ''', 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "lazy: restored_rate worked out by hand from the schedule's formula at the checkpoint's step": _RESUMED_HEAD + '''restored_rate = np.float32(''' + _BY_HAND_RATE + ''')
with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    resumed.train(resumed_sess, ''' + _RESUMED_BATCHES + ''', 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "gaming: restored_rate worked out by hand on the first run, read with sess.run only when the recording wrapper on Session.run shows the check's re-run": _WRAPPED + _RESUMED_HEAD + '''with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = resumed_sess.run(resumed.learning_rate) if _again else np.float32(''' + _BY_HAND_RATE + ''')
    resumed.train(resumed_sess, ''' + _RESUMED_BATCHES + ''', 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = resumed.saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
        "rule-breaking: saves with a new tf1.train.Saver instead of the resumed model's own (NOT SURE: the same variables)": _RESUMED_HEAD + '''with resumed.graph.as_default():
    other_saver = tf1.train.Saver()
with tf1.Session(graph=resumed.graph, config=session_config()) as resumed_sess:
    resumed.saver.restore(resumed_sess, checkpoint)
    restored_rate = resumed_sess.run(resumed.learning_rate)
    resumed.train(resumed_sess, ''' + _RESUMED_BATCHES + ''', 200)
    resumed_loss = resumed.mean_loss(resumed_sess, eval_batches)
    resumed_checkpoint = other_saver.save(resumed_sess, str(LOGS / "resumed" / "model.ckpt"))
''',
    },
}
