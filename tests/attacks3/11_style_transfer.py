"""Fresh wrong answers (third attack, written from the notebook and cs20_helpers only) for 11."""
# ruff: noqa: E501

WRONG_ANSWERS = {
    "nb11_ex1": {
        "rule-breaking: counts section 1's lenet5() model and takes off the kernels LeCun's C3 lacks": '''ex1_params = ex1_macs = None
full_model = lenet5()
absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)
ex1_params = full_model.count_params() - 25 * absent
ex1_macs = model_stats.multiply_adds(full_model) - 100 * 25 * absent
''',
        "gaming: lenet5() counted on the notebook's run, numbers typed in on the check's re-run (told apart by an environment variable)": '''ex1_params = ex1_macs = None
import os
if "NB11_EX1_SEEN" not in os.environ:
    os.environ["NB11_EX1_SEEN"] = "1"
    full_model = lenet5()
    absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)
    ex1_params = full_model.count_params() - 25 * absent
    ex1_macs = model_stats.multiply_adds(full_model) - 100 * 25 * absent
else:
    ex1_params, ex1_macs = 60806, 280000
''',
        "gaming: int subclass (made with type(), its module said to be numpy) whose == and != both say yes; the counts are 1": '''ex1_params = ex1_macs = None
D = "_" * 2
Both = type("Both", (int,), {D + "eq" + D: lambda self, other: True,
                             D + "ne" + D: lambda self, other: True,
                             D + "hash" + D: lambda self: 1,
                             D + "module" + D: "numpy"})
ex1_params = Both(1)
ex1_macs = Both(1)
''',
        "common mistake: section 1's fully connected C3 (16 x 6 kernels)": '''ex1_params = ex1_macs = None
ex1_params = (5 * 5 * 1 * 6 + 6) + (5 * 5 * 6 * 16 + 16) + (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)
ex1_macs = 28 * 28 * 25 * 6 + 10 * 10 * 25 * 96 + 400 * 120 + 120 * 84 + 84 * 10
''',
        "common mistake: C3's kernels counted right but C3's multiply-adds taken over S2's 14x14 grid": '''ex1_params = ex1_macs = None
kernels = 6 * 3 + 9 * 4 + 1 * 6
ex1_params = (5 * 5 * 1 * 6 + 6) + (5 * 5 * kernels + 16) + (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)
ex1_macs = 28 * 28 * 25 * 6 + 14 * 14 * 25 * kernels + 400 * 120 + 120 * 84 + 84 * 10
''',
        "common mistake: the dense layers' biases forgotten": '''ex1_params = ex1_macs = None
kernels = 6 * 3 + 9 * 4 + 1 * 6
ex1_params = (5 * 5 * 1 * 6 + 6) + (5 * 5 * kernels + 16) + 400 * 120 + 120 * 84 + 84 * 10
ex1_macs = 28 * 28 * 25 * 6 + 10 * 10 * 25 * kernels + 400 * 120 + 120 * 84 + 84 * 10
''',
    },
    "nb11_ex2": {
        "rule-breaking: reshape to [H*W, C] and a matmul, no einsum": '''def ex2_gram(features):
    flat = tf.reshape(features, [-1, tf.shape(features)[-1]])
    return tf.matmul(flat, flat, transpose_a=True) / tf.cast(tf.shape(flat)[0], features.dtype)


ex2_style_distance = None
ex2_layer = feature_net.style_layers[0]
ex2_gravel = feature_net(tf.constant(images.load_image("gravel", 64)[None]))[ex2_layer]
ex2_bricks = feature_net(tf.constant(images.load_image("bricks", 64)[None]))[ex2_layer]
ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_gravel) - ex2_gram(ex2_bricks))))
''',
        "rule-breaking: an einsum on the reshaped map (the task says no reshape)": '''def ex2_gram(features):
    flat = tf.reshape(features, [-1, tf.shape(features)[-1]])
    return tf.einsum("pc,pd->cd", flat, flat) / tf.cast(tf.shape(flat)[0], features.dtype)


ex2_style_distance = None
ex2_layer = feature_net.style_layers[0]
ex2_gravel = feature_net(tf.constant(images.load_image("gravel", 64)[None]))[ex2_layer]
ex2_bricks = feature_net(tf.constant(images.load_image("bricks", 64)[None]))[ex2_layer]
ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_gravel) - ex2_gram(ex2_bricks))))
''',
        "gaming: on the notebook's run ex2_gram uses a second einsum (over ones_like) to count the positions, on the check's re-run one einsum (told apart by an environment variable)": '''import os
if "NB11_EX2_SEEN" not in os.environ:
    os.environ["NB11_EX2_SEEN"] = "1"

    def ex2_gram(features):
        positions = tf.einsum("nhwc->", tf.ones_like(features)) / tf.cast(tf.shape(features)[3], features.dtype)
        return tf.einsum("nhwc,nhwd->cd", features, features) / positions
else:
    def ex2_gram(features):
        positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)
        return tf.einsum("nhwc,nhwd->cd", features, features) / positions


ex2_style_distance = None
ex2_layer = feature_net.style_layers[0]
ex2_gravel = feature_net(tf.constant(images.load_image("gravel", 64)[None]))[ex2_layer]
ex2_bricks = feature_net(tf.constant(images.load_image("bricks", 64)[None]))[ex2_layer]
ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_gravel) - ex2_gram(ex2_bricks))))
''',
        "gaming: ex2_style_distance from the package's style.gram_matrix on the notebook's run, from ex2_gram on the check's re-run (told apart by an environment variable); the check says the task wants ex2_gram (NOT SURE the task's words demand it)": '''def ex2_gram(features):
    positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)
    return tf.einsum("nhwc,nhwd->cd", features, features) / positions


import os
gram_of = ex2_gram
if "NB11_EX2B_SEEN" not in os.environ:
    os.environ["NB11_EX2B_SEEN"] = "1"
    gram_of = style.gram_matrix
ex2_style_distance = None
ex2_layer = feature_net.style_layers[0]
ex2_gravel = feature_net(tf.constant(images.load_image("gravel", 64)[None]))[ex2_layer]
ex2_bricks = feature_net(tf.constant(images.load_image("bricks", 64)[None]))[ex2_layer]
ex2_style_distance = float(tf.reduce_mean(tf.square(gram_of(ex2_gravel) - gram_of(ex2_bricks))))
''',
        "common mistake: the Gram not averaged over the H*W positions": '''def ex2_gram(features):
    return tf.einsum("nhwc,nhwd->cd", features, features)


ex2_style_distance = None
ex2_layer = feature_net.style_layers[0]
ex2_gravel = feature_net(tf.constant(images.load_image("gravel", 64)[None]))[ex2_layer]
ex2_bricks = feature_net(tf.constant(images.load_image("bricks", 64)[None]))[ex2_layer]
ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_gravel) - ex2_gram(ex2_bricks))))
''',
        "wrong scope: the distance at the last style layer, not the first": '''def ex2_gram(features):
    positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)
    return tf.einsum("nhwc,nhwd->cd", features, features) / positions


ex2_style_distance = None
ex2_layer = feature_net.style_layers[-1]
ex2_gravel = feature_net(tf.constant(images.load_image("gravel", 64)[None]))[ex2_layer]
ex2_bricks = feature_net(tf.constant(images.load_image("bricks", 64)[None]))[ex2_layer]
ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_gravel) - ex2_gram(ex2_bricks))))
''',
    },
    "nb11_ex3": {
        "rule-breaking: the gradient with tf.gradients inside the tf.function, no tape": '''def ex3_synthesize(sample, size, steps, seed=0):
    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    weights = style.relative_weights(target)
    noise = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3))
    image = tf.Variable(noise.astype(np.float32))
    adam = tf.keras.optimizers.Adam(0.05)

    @tf.function
    def step():
        loss = style.style_loss(feature_net(image), target, weights)
        adam.apply_gradients([(tf.gradients(loss, image)[0], image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))

    for _ in range(steps):
        step()
    return image.numpy()


ex3_texture = None
ex3_texture = ex3_synthesize(images.load_image("gravel", 64), 64, 150)
''',
        "gaming: tf.gradients on the notebook's run, tape.gradient on the check's re-run (told apart by an environment variable)": '''import os
ex3_first = "NB11_EX3_SEEN" not in os.environ
os.environ["NB11_EX3_SEEN"] = "1"


def ex3_synthesize(sample, size, steps, seed=0, _graph_gradients=ex3_first):
    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    weights = style.relative_weights(target)
    noise = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3))
    image = tf.Variable(noise.astype(np.float32))
    adam = tf.keras.optimizers.Adam(0.05)

    @tf.function
    def step():
        if _graph_gradients:
            loss = style.style_loss(feature_net(image), target, weights)
            grad = tf.gradients(loss, image)[0]
        else:
            with tf.GradientTape() as tape:
                loss = style.style_loss(feature_net(image), target, weights)
            grad = tape.gradient(loss, image)
        adam.apply_gradients([(grad, image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))

    for _ in range(steps):
        step()
    return image.numpy()


ex3_texture = None
ex3_texture = ex3_synthesize(images.load_image("gravel", 64), 64, 150)
''',
        "lazy: ex3_synthesize right, but ex3_texture is the gravel sample itself, rolled (no growing)": '''def ex3_synthesize(sample, size, steps, seed=0):
    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    weights = style.relative_weights(target)
    noise = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3))
    image = tf.Variable(noise.astype(np.float32))
    adam = tf.keras.optimizers.Adam(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = style.style_loss(feature_net(image), target, weights)
        adam.apply_gradients([(tape.gradient(loss, image), image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))

    for _ in range(steps):
        step()
    return image.numpy()


ex3_texture = None
ex3_texture = np.roll(images.load_image("gravel", 64), 17, axis=1)[None].astype(np.float32)
''',
        "rule-breaking: the loss written by hand (sum of squared Gram differences), not style.style_loss with style.relative_weights": '''def ex3_synthesize(sample, size, steps, seed=0):
    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    noise = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3))
    image = tf.Variable(noise.astype(np.float32))
    adam = tf.keras.optimizers.Adam(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            grams = style.grams(feature_net(image), feature_net.style_layers)
            loss = tf.add_n([tf.reduce_sum(tf.square(g - t)) for g, t in zip(grams, target)])
        adam.apply_gradients([(tape.gradient(loss, image), image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))

    for _ in range(steps):
        step()
    return image.numpy()


ex3_texture = None
ex3_texture = ex3_synthesize(images.load_image("gravel", 64), 64, 150)
''',
        "common mistake: the pixels never clipped to [0, 1]": '''def ex3_synthesize(sample, size, steps, seed=0):
    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    weights = style.relative_weights(target)
    noise = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3))
    image = tf.Variable(noise.astype(np.float32))
    adam = tf.keras.optimizers.Adam(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = style.style_loss(feature_net(image), target, weights)
        adam.apply_gradients([(tape.gradient(loss, image), image)])

    for _ in range(steps):
        step()
    return image.numpy()


ex3_texture = None
ex3_texture = ex3_synthesize(images.load_image("gravel", 64), 64, 150)
''',
        "common mistake: plain SGD at 0.05 instead of Adam": '''def ex3_synthesize(sample, size, steps, seed=0):
    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    weights = style.relative_weights(target)
    noise = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3))
    image = tf.Variable(noise.astype(np.float32))
    sgd = tf.keras.optimizers.SGD(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = style.style_loss(feature_net(image), target, weights)
        sgd.apply_gradients([(tape.gradient(loss, image), image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))

    for _ in range(steps):
        step()
    return image.numpy()


ex3_texture = None
ex3_texture = ex3_synthesize(images.load_image("gravel", 64), 64, 150)
''',
    },
    "nb11_ex4": {
        "rule-breaking: ex4_tv with TensorFlow's image ops": '''def ex4_tv(image):
    x = tf.constant(np.asarray(image, np.float64))
    down = x[:, 1:] - x[:, :-1]
    right = x[:, :, 1:] - x[:, :, :-1]
    return float(tf.reduce_mean(tf.square(down)) + tf.reduce_mean(tf.square(right)))


ex4_smoothest = None
ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))
''',
        "gaming: on the notebook's run ex4_tv imports TensorFlow inside itself (the hidden test's tf = None does not reach it), on the check's re-run a NumPy one (told apart by an environment variable)": '''import os
if "NB11_EX4_SEEN" not in os.environ:
    os.environ["NB11_EX4_SEEN"] = "1"

    def ex4_tv(image):
        import tensorflow as tfl
        x = tfl.constant(np.asarray(image, np.float64))
        down = x[:, 1:] - x[:, :-1]
        right = x[:, :, 1:] - x[:, :, :-1]
        return float(tfl.reduce_mean(tfl.square(down)) + tfl.reduce_mean(tfl.square(right)))
else:
    def ex4_tv(image):
        down = image[:, 1:] - image[:, :-1]
        right = image[:, :, 1:] - image[:, :, :-1]
        return float(np.mean(down ** 2) + np.mean(right ** 2))


ex4_smoothest = None
ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))
''',
        "lazy: ex4_tv right, the smoothest image's name typed in (the first key), not ranked": '''def ex4_tv(image):
    down = image[:, 1:] - image[:, :-1]
    right = image[:, :, 1:] - image[:, :, :-1]
    return float(np.mean(down ** 2) + np.mean(right ** 2))


ex4_smoothest = None
ex4_smoothest = list(images.IMAGES)[0]
''',
        "common mistake: sums of squared differences, not means": '''def ex4_tv(image):
    down = image[:, 1:] - image[:, :-1]
    right = image[:, :, 1:] - image[:, :, :-1]
    return float(np.sum(down ** 2) + np.sum(right ** 2))


ex4_smoothest = None
ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))
''',
        "common mistake: differences along the wrong axes (batch and channels)": '''def ex4_tv(image):
    down = image[:, :, :, 1:] - image[:, :, :, :-1]
    right = image[:, :, 1:] - image[:, :, :-1]
    return float(np.mean(down ** 2) + np.mean(right ** 2))


ex4_smoothest = None
ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))
''',
        "wrong scope: takes the roughest image (max) instead of the smoothest": '''def ex4_tv(image):
    down = image[:, 1:] - image[:, :-1]
    right = image[:, :, 1:] - image[:, :, :-1]
    return float(np.mean(down ** 2) + np.mean(right ** 2))


ex4_smoothest = None
ex4_smoothest = max(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))
''',
    },
}
