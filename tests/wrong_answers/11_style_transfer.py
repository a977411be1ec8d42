"""Wrong answers to notebook 11's exercises: each must fail its check (proved by `refute`)."""

_EX3_LOOP = '''def ex3_synthesize(sample, size, steps, seed=0):
    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    weights = style.relative_weights(target)
    noise = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3))
    image = tf.Variable(noise.astype(np.float32))
    adam = tf.keras.optimizers.Adam(0.05)
    pixels = tf.constant(sample[None])

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = LOSS
        adam.apply_gradients([(SIGN * tape.gradient(loss, image), image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))

    for _ in range(steps):
        step()
    return image.numpy()


ex3_texture = ex3_synthesize(images.load_image("gravel", 64), 64, 150)
'''
_GRAM_LOSS = "style.style_loss(feature_net(image), target, weights)"
_EX2_DISTANCE = (
    "ex2_layer = feature_net.style_layers[0]\n"
    "ex2_maps = [feature_net(tf.constant(images.load_image(name, 64)[None]))[ex2_layer]\n"
    "            for name in ('gravel', 'bricks')]\n"
    "ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_maps[0])"
    " - ex2_gram(ex2_maps[1]))))\n")

_TRUE_LOGIT = "tf.gather(model(images), tf.cast(labels, tf.int32), batch_dims=1)"
_EX2_POSITIONS = (
    "    positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)\n")
_EX2_OUTER = "tf.reduce_sum(features[..., :, None] * features[..., None, :], axis=[0, 1, 2])"
_EX4_TV = '''def ex4_tv(image):
    down = image[:, 1:] - image[:, :-1]
    right = image[:, :, 1:] - image[:, :, :-1]
    return float(np.mean(down ** 2) + np.mean(right ** 2))


'''
_EX4_TV_IMPORTED = '''def ex4_tv(image):
    IMPORT
    down = image[:, 1:] - image[:, :-1]
    right = image[:, :, 1:] - image[:, :, :-1]
    return float(inside.reduce_mean(down ** 2) + inside.reduce_mean(right ** 2))


'''
_EX4_RANKED = ("ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv("
               "images.load_image(name, 64)[None]))\n")
_EX5_SALIENCY = '''ex5_net = tf.keras.Sequential([
    tf.keras.Input((28, 28, 1)),
    tf.keras.layers.Conv2D(8, 5, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(10),
])


def ex5_saliency(model, images, labels):
BODY


ex5_map = ex5_saliency(ex5_net, x_test[:8], test_labels[:8])
'''
_EX5 = '''ex5_net = tf.keras.Sequential([
    tf.keras.Input((28, 28, 1)),
    tf.keras.layers.Conv2D(8, 5, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(10),
])


def ex5_saliency(model, images, labels):
    images = tf.convert_to_tensor(images, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(images)
        target = TARGET
    return np.abs(tape.gradient(target, images).numpy())


ex5_map = ex5_saliency(ex5_net, x_test[:8], test_labels[:8])
'''

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb11_ex1": {
        "lazy: the figures of section 1's table (its fully connected C3)":
            "ex1_params = 61706\nex1_macs = 416520\n",
        "lazy: a helper that does the work, on section 1's model":
            "ex1_params = lenet5().count_params()\n"
            "ex1_macs = model_stats.multiply_adds(lenet5())\n",
        "common mistake: the biases left out":
            "c3_kernels = 6 * 3 + 9 * 4 + 1 * 6\n"
            "ex1_params = 5 * 5 * 1 * 6 + 5 * 5 * c3_kernels + 400 * 120 + 120 * 84 + 84 * 10\n"
            "ex1_macs = (conv_multiply_adds(28, 28, 6, 5, 5, 1) + 10 * 10 * 5 * 5 * c3_kernels\n"
            "            + 400 * 120 + 120 * 84 + 84 * 10)\n",
        "common mistake: C3's multiply-adds counted for all its connections":
            "c3_kernels = 6 * 3 + 9 * 4 + 1 * 6\n"
            "ex1_params = (5 * 5 * 1 * 6 + 6) + (5 * 5 * c3_kernels + 16) + (400 * 120 + 120) \\\n"
            "    + (120 * 84 + 84) + (84 * 10 + 10)\n"
            "ex1_macs = (conv_multiply_adds(28, 28, 6, 5, 5, 1)\n"
            "            + conv_multiply_adds(10, 10, 16, 5, 5, 6)\n"
            "            + 400 * 120 + 120 * 84 + 84 * 10)\n",
        "common mistake: one C3 kernel per C3 map, not one per S2 map it sees":
            "ex1_params = (5 * 5 * 1 * 6 + 6) + (5 * 5 * 16 + 16) + (400 * 120 + 120) \\\n"
            "    + (120 * 84 + 84) + (84 * 10 + 10)\n"
            "ex1_macs = (conv_multiply_adds(28, 28, 6, 5, 5, 1) + 10 * 10 * 5 * 5 * 16\n"
            "            + 400 * 120 + 120 * 84 + 84 * 10)\n",
        "breaks the rule: section 1's model counted, less the kernels LeCun's C3 lacks":
            "absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)\n"
            "ex1_params = lenet5().count_params() - 5 * 5 * absent\n"
            "ex1_macs = model_stats.multiply_adds(lenet5()) - 10 * 10 * 5 * 5 * absent\n",
    },
    "nb11_ex2": {
        "lazy: the package's Gram matrix under the exercise's name":
            "ex2_gram = style.gram_matrix\n" + _EX2_DISTANCE,
        "lazy: a wrapper around the package's Gram matrix":
            "def ex2_gram(features):\n    return style.gram_matrix(features)\n\n\n"
            + _EX2_DISTANCE,
        "common mistake: the Gram not averaged over positions":
            "def ex2_gram(features):\n"
            "    return tf.einsum('nhwc,nhwd->cd', features, features)\n\n\n"
            + _EX2_DISTANCE,
        "common mistake: the distance at the last style layer, not the first":
            "def ex2_gram(features):\n"
            "    positions = tf.cast(tf.reduce_prod(tf.shape(features)[1:3]), features.dtype)\n"
            "    return tf.einsum('nhwc,nhwd->cd', features, features) / positions\n\n\n"
            + _EX2_DISTANCE.replace("style_layers[0]", "style_layers[-1]"),
        "reads globals: ex2_gram ignores its argument and takes the gravel's map":
            "ex2_layer = feature_net.style_layers[0]\n"
            "ex2_gravel = feature_net(tf.constant(images.load_image('gravel', 64)[None]))"
            "[ex2_layer]\n\n\n"
            "def ex2_gram(features):\n"
            "    positions = tf.cast(tf.shape(ex2_gravel)[1] * tf.shape(ex2_gravel)[2], "
            "tf.float32)\n"
            "    return tf.einsum('nhwc,nhwd->cd', ex2_gravel, ex2_gravel) / positions\n\n\n"
            "ex2_style_distance = 0.0\n",
        "breaks the rule: a reshape and a matmul, not one einsum":
            "def ex2_gram(features):\n"
            "    flat = tf.reshape(features, [-1, features.shape[-1]])\n"
            "    positions = tf.cast(tf.shape(flat)[0], flat.dtype)\n"
            "    return tf.matmul(flat, flat, transpose_a=True) / positions\n\n\n"
            + _EX2_DISTANCE,
        "breaks the rule: a dummy tf.einsum('ij->ij') over a Gram made by broadcasting "
        "(issue 46)":
            "def ex2_gram(features):\n" + _EX2_POSITIONS
            + f"    return tf.einsum('ij->ij', {_EX2_OUTER}) / positions\n\n\n" + _EX2_DISTANCE,
        "breaks the rule: the einsum computed and thrown away, the Gram made by broadcasting":
            "def ex2_gram(features):\n" + _EX2_POSITIONS
            + "    tf.einsum('nhwc,nhwd->cd', features, features)\n"
            + f"    return {_EX2_OUTER} / positions\n\n\n" + _EX2_DISTANCE,
        "breaks the rule: the distance typed in, not computed with ex2_gram":
            "def ex2_gram(features):\n" + _EX2_POSITIONS
            + "    return tf.einsum('nhwc,nhwd->cd', features, features) / positions\n\n\n"
            + "ex2_style_distance = 4.610845735442126e-06  # the solution's, printed\n",
        "breaks the rule: two einsums over the map, averaged":
            "def ex2_gram(features):\n" + _EX2_POSITIONS
            + "    twice = tf.einsum('nhwc,nhwd->cd', features, features) \\\n"
            + "        + tf.einsum('nhwc,nhwd->dc', features, features)\n"
            + "    return twice / (2.0 * positions)\n\n\n" + _EX2_DISTANCE,
    },
    "nb11_ex3": {
        "lazy: the sample itself":
            "def ex3_synthesize(sample, size, steps, seed=0):\n    return sample[None]\n\n\n"
            "ex3_texture = images.load_image('gravel', 64)[None]\n",
        "lazy: the sample flipped and moved (its Gram matrices nearly the sample's)":
            "ex3_texture = np.roll(images.load_image('gravel', 64)[::-1], 20, axis=1)[None]\n",
        "common mistake: the pixels matched instead of the Gram matrices":
            _EX3_LOOP.replace("LOSS", "tf.reduce_mean(tf.square(image - pixels))")
            .replace("SIGN", "1.0"),
        "common mistake: the gradient's sign flipped (ascent)":
            _EX3_LOOP.replace("LOSS", _GRAM_LOSS).replace("SIGN", "-1.0"),
        "reads globals: the targets from the gravel whatever the sample":
            _EX3_LOOP.replace("LOSS", _GRAM_LOSS).replace("SIGN", "1.0")
            .replace("feature_net(tf.constant(sample[None]))",
                     "feature_net(tf.constant(images.load_image('gravel', 64)[None]))"),
        "breaks the rule: the pixels never clipped to [0, 1]":
            _EX3_LOOP.replace("LOSS", _GRAM_LOSS).replace("SIGN", "1.0")
            .replace("        image.assign(tf.clip_by_value(image, 0.0, 1.0))\n", ""),
        "common mistake: the seed argument ignored":
            _EX3_LOOP.replace("LOSS", _GRAM_LOSS).replace("SIGN", "1.0")
            .replace("default_rng(seed)", "default_rng(0)"),
        "breaks the rule: the gradient from tf.gradients in the tf.function, no GradientTape":
            _EX3_LOOP.replace("LOSS", _GRAM_LOSS).replace("SIGN", "1.0")
            .replace("        with tf.GradientTape() as tape:\n            loss", "        loss")
            .replace("tape.gradient(loss, image)", "tf.gradients(loss, image)[0]"),
        "breaks the rule: a tape.gradient for show, the step's gradient from tf.gradients":
            _EX3_LOOP.replace("LOSS", _GRAM_LOSS).replace("SIGN", "1.0")
            .replace("tape.gradient(loss, image)",
                     "tf.gradients(loss, image)[0] + 0.0 * tape.gradient(loss, image)"),
        "breaks the rule: the Gram loss written out, not style.style_loss":
            _EX3_LOOP.replace("SIGN", "1.0").replace(
                "loss = LOSS",
                "maps = feature_net(image)\n"
                "            loss = tf.add_n([weights[name] * tf.reduce_mean(tf.square(\n"
                "                style.gram_matrix(maps[name]) - target[name]))\n"
                "                for name in weights])"),
        "breaks the rule: the layer weights written out, not style.relative_weights":
            _EX3_LOOP.replace("LOSS", _GRAM_LOSS).replace("SIGN", "1.0").replace(
                "weights = style.relative_weights(target)",
                "weights = {name: 1.0 / (len(target) * tf.reduce_mean(tf.square(gram)))\n"
                "               for name, gram in target.items()}"),
    },
    "nb11_ex4": {
        "lazy: the package's total variation, not NumPy":
            "def ex4_tv(image):\n"
            "    return float(style.total_variation(tf.constant(image)))\n\n\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv("
            "images.load_image(name, 64)[None]))\n",
        "common mistake: sums instead of means":
            "def ex4_tv(image):\n"
            "    down = image[:, 1:] - image[:, :-1]\n"
            "    right = image[:, :, 1:] - image[:, :, :-1]\n"
            "    return float(np.sum(down ** 2) + np.sum(right ** 2))\n\n\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv("
            "images.load_image(name, 64)[None]))\n",
        "common mistake: the roughest image, not the smoothest":
            "def ex4_tv(image):\n"
            "    down = image[:, 1:] - image[:, :-1]\n"
            "    right = image[:, :, 1:] - image[:, :, :-1]\n"
            "    return float(np.mean(down ** 2) + np.mean(right ** 2))\n\n\n"
            "ex4_smoothest = max(images.IMAGES, key=lambda name: ex4_tv("
            "images.load_image(name, 64)[None]))\n",
        "breaks the rule: TensorFlow, not NumPy":
            "def ex4_tv(image):\n"
            "    down = image[:, 1:] - image[:, :-1]\n"
            "    right = image[:, :, 1:] - image[:, :, :-1]\n"
            "    return float(tf.reduce_mean(down ** 2) + tf.reduce_mean(right ** 2))\n\n\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv("
            "images.load_image(name, 64)[None]))\n",
        "common mistake: only the vertical differences":
            "def ex4_tv(image):\n"
            "    return float(np.mean((image[:, 1:] - image[:, :-1]) ** 2))\n\n\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv("
            "images.load_image(name, 64)[None]))\n",
        "breaks the rule: import tensorflow inside ex4_tv (issue 46)":
            _EX4_TV_IMPORTED.replace("IMPORT", "import tensorflow as inside") + _EX4_RANKED,
        "breaks the rule: __import__('tensorflow') inside ex4_tv":
            _EX4_TV_IMPORTED.replace("IMPORT", "inside = __import__('tensorflow')") + _EX4_RANKED,
        "breaks the rule: the smoothest name typed in, not ranked with ex4_tv":
            _EX4_TV + "ex4_smoothest = 'cat'\n",
        "breaks the rule: ranked with style.total_variation, ex4_tv left unused":
            _EX4_TV + "ex4_smoothest = min(images.IMAGES, key=lambda name: float("
            "style.total_variation(tf.constant(images.load_image(name, 64)[None]))))\n",
    },
    "nb11_ex5": {
        "common mistake: the gradient of the cross-entropy loss, not of the logit":
            _EX5.replace("TARGET", "tf.nn.sparse_softmax_cross_entropy_with_logits("
                         "labels=tf.cast(labels, tf.int32), logits=model(images))"),
        "common mistake: the predicted class's logit, not the true class's":
            _EX5.replace("TARGET", "tf.reduce_max(model(images), axis=1)"),
        "common mistake: the signed gradient (no absolute value)":
            _EX5.replace("TARGET", _TRUE_LOGIT).replace("np.abs(", "np.asarray("),
        "lazy: the gradient of all the logits summed":
            _EX5.replace("TARGET", "tf.reduce_sum(model(images), axis=1)"),
        "common mistake: the true class's probability, not its logit":
            _EX5.replace("TARGET", "tf.gather(tf.nn.softmax(model(images)), "
                         "tf.cast(labels, tf.int32), batch_dims=1)"),
        "reads globals: the notebook's test labels whatever the labels passed":
            _EX5.replace("TARGET", _TRUE_LOGIT.replace(
                "tf.cast(labels", "tf.cast(test_labels[:len(labels)]")),
        "breaks the rule: one tape per image":
            _EX5_SALIENCY.replace("BODY", """    maps = []
    for image, label in zip(images, labels):
        one = tf.constant(image[None], tf.float32)
        with tf.GradientTape() as tape:
            tape.watch(one)
            logit = model(one)[0, int(label)]
        maps.append(np.abs(tape.gradient(logit, one).numpy()[0]))
    return np.stack(maps)"""),
        "breaks the rule: one persistent tape, one tape.gradient call per image":
            _EX5_SALIENCY.replace("BODY", """    images = tf.convert_to_tensor(images, tf.float32)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(images)
        logits = model(images)
        true = [logits[i, int(label)] for i, label in enumerate(labels)]
    return np.abs(np.stack([tape.gradient(t, images).numpy()[i] for i, t in enumerate(true)]))"""),
        "breaks the rule: tf.gradients in a tf.function, a tape opened for show":
            _EX5_SALIENCY.replace("BODY", """    images = tf.convert_to_tensor(images, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(images)
        total = tf.reduce_sum(images)
    tape.gradient(total, images)
    picked = tf.cast(labels, tf.int32)
    grads = tf.function(lambda x: tf.gradients(
        tf.gather(model(x), picked, batch_dims=1), x)[0])(images)
    return np.abs(grads.numpy())"""),
    },
}

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb11_ex4'].update({
    "rule-breaking: ex4_tv is TensorFlow's style.total_variation math, reached through an argparse.Namespace that Only does not look into (and that holds its own tf, past the hidden test's tf = None) (tests/attacks4)":  # noqa: E501
        'import argparse\n'
        '\n'
        'EX4_TOOLS = argparse.Namespace(tf=tf)\n'
        '\n'
        '\n'
        'def ex4_tv(image):\n'
        '    t = EX4_TOOLS.tf.constant(image)\n'
        '    down = t[:, 1:] - t[:, :-1]\n'
        '    right = t[:, :, 1:] - t[:, :, :-1]\n'
        '    return float(EX4_TOOLS.tf.reduce_mean(EX4_TOOLS.tf.square(down)) + EX4_TOOLS.tf.reduce_mean(EX4_TOOLS.tf.square(right)))\n'  # noqa: E501
        '\n'
        '\n'
        'ex4_smoothest = None\n'
        'ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))\n',  # noqa: E501
})

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks, each refused
# by a rule that no Keras layer is built, or by a hidden test that doubles tf.einsum's result.
WRONG_ANSWERS['nb11_ex1'].update({
    "rule-breaking: counts section 1's model, built through CASE_STUDIES (which holds lenet5 itself), and takes off the absent kernels (attacks4)":  # noqa: E501
        'ex1_params = ex1_macs = None\n'
        'ex1_section1 = CASE_STUDIES["LeNet-5 (1998)"]()\n'
        'ex1_absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)\n'
        'ex1_params = int(ex1_section1.count_params()) - 25 * ex1_absent\n'
        'ex1_macs = int(model_stats.multiply_adds(ex1_section1)) - 100 * 25 * ex1_absent\n',
    "rule-breaking: rebuilds section 1's LeNet-5 layer by layer in Keras (without calling lenet5), counts that model and takes off the absent kernels (attacks4)":  # noqa: E501
        'ex1_params = ex1_macs = None\n'
        'ex1_copy = tf.keras.Sequential([\n'
        '    tf.keras.Input((32, 32, 1)),\n'
        '    tf.keras.layers.Conv2D(6, 5, activation="tanh"),\n'
        '    tf.keras.layers.AveragePooling2D(2),\n'
        '    tf.keras.layers.Conv2D(16, 5, activation="tanh"),\n'
        '    tf.keras.layers.AveragePooling2D(2),\n'
        '    tf.keras.layers.Flatten(),\n'
        '    tf.keras.layers.Dense(120, activation="tanh"),\n'
        '    tf.keras.layers.Dense(84, activation="tanh"),\n'
        '    tf.keras.layers.Dense(10),\n'
        '])\n'
        'ex1_absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)\n'
        'ex1_params = int(ex1_copy.count_params()) - 25 * ex1_absent\n'
        'ex1_macs = int(model_stats.multiply_adds(ex1_copy)) - 100 * 25 * ex1_absent\n',
})
WRONG_ANSWERS['nb11_ex2'].update({
    "gaming: eager calls compute the Gram in NumPy with a reshape and a matmul (one tf.einsum called and thrown away, to be counted); only a traced call, as the check's graph test makes, uses the einsum (attacks4)":  # noqa: E501
        'def ex2_gram(features):\n'
        '    if tf.executing_eagerly():\n'
        '        tf.einsum("nhwc,nhwd->cd", features, features)  # counted, unused\n'
        '        flat = np.asarray(features).reshape(-1, features.shape[-1])\n'
        '        return tf.constant(flat.T @ flat / flat.shape[0])\n'
        '    positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)\n'
        '    return tf.einsum("nhwc,nhwd->cd", features, features) / positions\n'
        '\n'
        '\n'
        'ex2_style_distance = None\n'
        'ex2_layer = feature_net.style_layers[0]\n'
        'ex2_gravel = feature_net(tf.constant(images.load_image("gravel", 64)[None]))[ex2_layer]\n'
        'ex2_bricks = feature_net(tf.constant(images.load_image("bricks", 64)[None]))[ex2_layer]\n'
        'ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_gravel) - ex2_gram(ex2_bricks))))\n',  # noqa: E501
})
