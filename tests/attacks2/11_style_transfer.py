"""Fresh wrong answers for notebook 11's exercises (independent attack, issue 46): run with refute --answers."""
# ruff: noqa: E501  (each answer is a cell's source, kept as the cell has it)

_RERUN = (  # true only while a check re-runs the cell (rules.enforce -> checks.rerun)
    "import sys as _sys\n"
    "_RERUN = _sys._getframe(0).f_back is not None and "
    "_sys._getframe(0).f_back.f_code.co_name == 'rerun'\n"
)

_SYNTH = (  # the task's loop; GRAD names how the gradient is taken, CLIP whether pixels are clipped
    "def ex3_synthesize(sample, size, steps, seed=0):\n"
    "    target = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)\n"
    "    weights = style.relative_weights(target)\n"
    "    noise = np.random.default_rng(SEED).uniform(0.3, 0.7, (1, size, size, 3))\n"
    "    image = tf.Variable(noise.astype(np.float32))\n"
    "    adam = tf.keras.optimizers.Adam(0.05)\n"
    "\n"
    "    @tf.function\n"
    "    def step():\n"
    "GRAD"
    "        adam.apply_gradients([(grad, image)])\n"
    "CLIP"
    "\n"
    "    for _ in range(steps):\n"
    "        step()\n"
    "    return image.numpy()\n"
)
_TAPE = ("        with tf.GradientTape() as tape:\n"
         "            loss = style.style_loss(feature_net(image), target, weights)\n"
         "        grad = tape.gradient(loss, image)\n")
_GRADIENTS = ("        loss = style.style_loss(feature_net(image), target, weights)\n"
              "        grad = tf.gradients(loss, image)[0]\n")
_CLIPPED = "        image.assign(tf.clip_by_value(image, 0.0, 1.0))\n"


def _synth(grad: str, clip: str = _CLIPPED, seed: str = "seed") -> str:
    """The texture loop with the gradient taken as ``grad`` says."""
    return _SYNTH.replace("GRAD", grad).replace("CLIP", clip).replace("SEED", seed)


_TEXTURE = "\nex3_texture = ex3_synthesize(images.load_image('gravel', 64), 64, 150)\n"

_GRAM = ("def ex2_gram(features):\n"
         "    positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)\n"
         "    return tf.einsum('nhwc,nhwd->cd', features, features) / positions\n")
_DISTANCE = ("ex2_layer = feature_net.style_layers[LAYER]\n"
             "ex2_gravel = feature_net(tf.constant(images.load_image('gravel', 64)[None]))[ex2_layer]\n"
             "ex2_bricks = feature_net(tf.constant(images.load_image('bricks', 64)[None]))[ex2_layer]\n"
             "ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(ex2_gravel) - ex2_gram(ex2_bricks))))\n")
_FIRST = _DISTANCE.replace("LAYER", "0")

_NET = ("ex5_net = tf.keras.Sequential([\n"
        "    tf.keras.Input((28, 28, 1)),\n"
        "    tf.keras.layers.Conv2D(8, 5, activation='relu'),\n"
        "    tf.keras.layers.Flatten(),\n"
        "    tf.keras.layers.Dense(10),\n"
        "])\n")
_MAP = "ex5_map = ex5_saliency(ex5_net, x_test[:8], test_labels[:8])\n"
_LOOP = ("    maps = []\n"
         "    for image, label in zip(images, labels):\n"
         "        one = tf.constant(image[None], tf.float32)\n"
         "        with tf.GradientTape() as tape:\n"
         "            tape.watch(one)\n"
         "            logit = model(one)[0, int(label)]\n"
         "        maps.append(np.abs(tape.gradient(logit, one).numpy()[0]))\n"
         "    return np.stack(maps)\n")
_BATCH = ("    images = tf.convert_to_tensor(images, tf.float32)\n"
          "    with tf.GradientTape() as tape:\n"
          "        tape.watch(images)\n"
          "        true_logits = tf.gather(model(images), tf.cast(labels, tf.int32), batch_dims=1)\n"
          "    return np.abs(tape.gradient(true_logits, images).numpy())\n")

WRONG_ANSWERS = {
    "nb11_ex1": {
        "common mistake: C3's 16 biases left out": (
            "c3_kernels = 6 * 3 + 9 * 4 + 1 * 6\n"
            "ex1_params = (5 * 5 * 1 * 6 + 6) + 5 * 5 * c3_kernels + (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)\n"
            "ex1_macs = 28 * 28 * 6 * 25 + 10 * 10 * 25 * c3_kernels + 400 * 120 + 120 * 84 + 84 * 10\n"
        ),
        "common mistake: C3's multiply-adds counted over S2's 14x14, not C3's 10x10 output": (
            "c3_kernels = 6 * 3 + 9 * 4 + 1 * 6\n"
            "ex1_params = (5 * 5 * 1 * 6 + 6) + (5 * 5 * c3_kernels + 16) + (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)\n"
            "ex1_macs = 28 * 28 * 6 * 25 + 14 * 14 * 25 * c3_kernels + 400 * 120 + 120 * 84 + 84 * 10\n"
        ),
        "wrong scope: C1 counted at 32x32 output (a 'same' convolution), not 28x28": (
            "c3_kernels = 6 * 3 + 9 * 4 + 1 * 6\n"
            "ex1_params = (5 * 5 * 1 * 6 + 6) + (5 * 5 * c3_kernels + 16) + (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)\n"
            "ex1_macs = 32 * 32 * 6 * 25 + 10 * 10 * 25 * c3_kernels + 400 * 120 + 120 * 84 + 84 * 10\n"
        ),
        "rule-breaking: counts from lenet5()'s model, minus the kernels LeCun's C3 lacks": (
            "_m = lenet5()\n"
            "_absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)\n"
            "ex1_params = _m.count_params() - 25 * _absent\n"
            "ex1_macs = model_stats.multiply_adds(_m) - 100 * 25 * _absent\n"
        ),
        "rule-breaking: the same, lenet5 fetched from the kernel's own namespace (not the name the "
        "re-run records)": (
            "_m = get_ipython().user_ns['lenet5']()\n"
            "_absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)\n"
            "ex1_params = _m.count_params() - 25 * _absent\n"
            "ex1_macs = model_stats.multiply_adds(_m) - 100 * 25 * _absent\n"
        ),
        "gaming: counts from lenet5() in the notebook's run, nothing when the check re-runs the cell": (
            _RERUN +
            "if not _RERUN:\n"
            "    _m = lenet5()\n"
            "    _absent = 16 * 6 - (6 * 3 + 9 * 4 + 1 * 6)\n"
            "    ex1_params = _m.count_params() - 25 * _absent\n"
            "    ex1_macs = model_stats.multiply_adds(_m) - 100 * 25 * _absent\n"
        ),
    },
    "nb11_ex2": {
        "common mistake: the Gram matrix not divided by the H*W positions": (
            "def ex2_gram(features):\n"
            "    return tf.einsum('nhwc,nhwd->cd', features, features)\n" + _FIRST
        ),
        "rule-breaking: reshape and matmul, no einsum": (
            "def ex2_gram(features):\n"
            "    flat = tf.reshape(features, [-1, features.shape[-1]])\n"
            "    return tf.matmul(flat, flat, transpose_a=True) / tf.cast(tf.shape(flat)[0], flat.dtype)\n"
            + _FIRST
        ),
        "rule-breaking: a dummy einsum to satisfy the count, the Gram by reshape and matmul": (
            "def ex2_gram(features):\n"
            "    features = tf.einsum('nhwc->nhwc', features)\n"
            "    flat = tf.reshape(features, [-1, features.shape[-1]])\n"
            "    return tf.matmul(flat, flat, transpose_a=True) / tf.cast(tf.shape(flat)[0], flat.dtype)\n"
            + _FIRST
        ),
        "rule-breaking: the package's style.gram_matrix, held in a default argument (past the "
        "visible check's switch-off)": (
            "def ex2_gram(features, _gram=style.gram_matrix):\n"
            "    return _gram(features)\n" + _FIRST
        ),
        "gaming: in the notebook's run ex2_gram scales the map before the einsum and runs a second "
        "einsum; the check's re-run gets the one-einsum version": (
            _RERUN +
            "if _RERUN:\n" + "".join("    " + line + "\n" for line in _GRAM.splitlines()) +
            "else:\n"
            "    def ex2_gram(features):\n"
            "        positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)\n"
            "        gram = tf.einsum('nhwc,nhwd->cd', features * 2.0, features)\n"
            "        return tf.einsum('cd->cd', gram) / (2.0 * positions)\n" + _FIRST
        ),
        "wrong scope: the distance at the last style layer, not the first": (
            _GRAM + _DISTANCE.replace("LAYER", "-1")
        ),
    },
    "nb11_ex3": {
        "common mistake: pixels never clipped to [0, 1]": (
            _synth(_TAPE, clip="") + _TEXTURE
        ),
        "lazy: ex3_texture is the gravel sample itself, not grown": (
            _synth(_TAPE) + "\nex3_texture = images.load_image('gravel', 64)[None].astype(np.float32)\n"
        ),
        "rule-breaking: tf.gradients inside the tf.function instead of tf.GradientTape": (
            _synth(_GRADIENTS) + _TEXTURE
        ),
        "gaming: tf.gradients in the notebook's run, the tape when the check re-runs the cell": (
            _RERUN +
            "if _RERUN:\n" + "".join("    " + line + "\n" for line in _synth(_TAPE).splitlines()) +
            "else:\n" + "".join("    " + line + "\n" for line in _synth(_GRADIENTS).splitlines()) +
            _TEXTURE
        ),
        "wrong scope: the noise always from default_rng(0), whatever seed is asked": (
            _synth(_TAPE, seed="0") + _TEXTURE
        ),
    },
    "nb11_ex4": {
        "common mistake: sums of squared differences, not means": (
            "def ex4_tv(image):\n"
            "    down = image[:, 1:] - image[:, :-1]\n"
            "    right = image[:, :, 1:] - image[:, :, :-1]\n"
            "    return float(np.sum(down ** 2) + np.sum(right ** 2))\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))\n"
        ),
        "common mistake: differences along the wrong axes (the batch and the channels)": (
            "def ex4_tv(image):\n"
            "    a = image[1:] - image[:-1]\n"
            "    b = image[..., 1:] - image[..., :-1]\n"
            "    return float((np.mean(a ** 2) if a.size else 0.0) + np.mean(b ** 2))\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))\n"
        ),
        "rule-breaking: import tensorflow inside ex4_tv": (
            "def ex4_tv(image):\n"
            "    import tensorflow as tf_inside\n"
            "    t = tf_inside.constant(image)\n"
            "    down = t[:, 1:] - t[:, :-1]\n"
            "    right = t[:, :, 1:] - t[:, :, :-1]\n"
            "    return float(tf_inside.reduce_mean(down ** 2) + tf_inside.reduce_mean(right ** 2))\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))\n"
        ),
        "rule-breaking: TensorFlow reached through a plain dict global (no module name in ex4_tv)": (
            "_lib = {'tf': tf}\n"
            "def ex4_tv(image):\n"
            "    t = _lib['tf']\n"
            "    x = t.constant(image)\n"
            "    down = x[:, 1:] - x[:, :-1]\n"
            "    right = x[:, :, 1:] - x[:, :, :-1]\n"
            "    return float(t.reduce_mean(down ** 2) + t.reduce_mean(right ** 2))\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))\n"
        ),
        "gaming: TensorFlow (held in a default argument) in the notebook's run, NumPy when the check "
        "re-runs the cell": (
            _RERUN +
            "if _RERUN:\n"
            "    def ex4_tv(image):\n"
            "        down = image[:, 1:] - image[:, :-1]\n"
            "        right = image[:, :, 1:] - image[:, :, :-1]\n"
            "        return float(np.mean(down ** 2) + np.mean(right ** 2))\n"
            "else:\n"
            "    def ex4_tv(image, _tf=tf):\n"
            "        x = _tf.constant(image)\n"
            "        down = x[:, 1:] - x[:, :-1]\n"
            "        right = x[:, :, 1:] - x[:, :, :-1]\n"
            "        return float(_tf.reduce_mean(down ** 2) + _tf.reduce_mean(right ** 2))\n"
            "ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))\n"
        ),
        "lazy: the smoothest name typed in ('cat'), no ranking": (
            "def ex4_tv(image):\n"
            "    down = image[:, 1:] - image[:, :-1]\n"
            "    right = image[:, :, 1:] - image[:, :, :-1]\n"
            "    return float(np.mean(down ** 2) + np.mean(right ** 2))\n"
            "ex4_smoothest = 'cat'\n"
        ),
    },
    "nb11_ex5": {
        "common mistake: the gradient of the cross-entropy loss, not of the true-class logit": (
            _NET +
            "def ex5_saliency(model, images, labels):\n"
            "    images = tf.convert_to_tensor(images, tf.float32)\n"
            "    with tf.GradientTape() as tape:\n"
            "        tape.watch(images)\n"
            "        loss = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(\n"
            "            tf.cast(labels, tf.int32), model(images)))\n"
            "    return np.abs(tape.gradient(loss, images).numpy())\n" + _MAP
        ),
        "common mistake: the predicted class's logit, not the label's": (
            _NET +
            "def ex5_saliency(model, images, labels):\n"
            "    images = tf.convert_to_tensor(images, tf.float32)\n"
            "    with tf.GradientTape() as tape:\n"
            "        tape.watch(images)\n"
            "        top = tf.reduce_max(model(images), axis=1)\n"
            "    return np.abs(tape.gradient(top, images).numpy())\n" + _MAP
        ),
        "common mistake: no absolute value": (
            _NET +
            "def ex5_saliency(model, images, labels):\n"
            "    images = tf.convert_to_tensor(images, tf.float32)\n"
            "    with tf.GradientTape() as tape:\n"
            "        tape.watch(images)\n"
            "        true_logits = tf.gather(model(images), tf.cast(labels, tf.int32), batch_dims=1)\n"
            "    return tape.gradient(true_logits, images).numpy()\n" + _MAP
        ),
        "rule-breaking: one tape and one gradient per image (a loop over the images)": (
            _NET + "def ex5_saliency(model, images, labels):\n" + _LOOP + _MAP
        ),
        "gaming: the per-image loop in the notebook's run, the batch tape when the check re-runs the cell": (
            _RERUN + _NET +
            "if _RERUN:\n"
            "    def ex5_saliency(model, images, labels):\n" +
            "".join("    " + line + "\n" for line in _BATCH.splitlines()) +
            "else:\n"
            "    def ex5_saliency(model, images, labels):\n" +
            "".join("    " + line + "\n" for line in _LOOP.splitlines()) + _MAP
        ),
        "rule-breaking: tape.jacobian of every true-class logit (N x N image gradients, their diagonal kept), not one tape.gradient call": (
            _NET +
            "def ex5_saliency(model, images, labels):\n"
            "    images = tf.convert_to_tensor(images, tf.float32)\n"
            "    with tf.GradientTape() as tape:\n"
            "        tape.watch(images)\n"
            "        true_logits = tf.gather(model(images), tf.cast(labels, tf.int32), batch_dims=1)\n"
            "    jac = tape.jacobian(true_logits, images)\n"
            "    n = int(images.shape[0])\n"
            "    return np.abs(np.stack([jac[i, i].numpy() for i in range(n)]))\n" + _MAP
        ),
        "rule-breaking: tf.gradients in a tf.function instead of a tape": (
            _NET +
            "def ex5_saliency(model, images, labels):\n"
            "    @tf.function\n"
            "    def grad(x, y):\n"
            "        true_logits = tf.gather(model(x), tf.cast(y, tf.int32), batch_dims=1)\n"
            "        return tf.gradients(true_logits, x)[0]\n"
            "    return np.abs(grad(tf.convert_to_tensor(images, tf.float32), tf.convert_to_tensor(labels)).numpy())\n"
            + _MAP
        ),
    },
}
