"""Mutants of notebook 11's solutions that are as right as the solutions (read by `refute`)."""

_PRODUCT = ("conv_multiply_adds multiplies its six arguments together: their order does not "
            "change the product")
_KERAS_CONVERTS = ("the feature net converts a NumPy array to the same float32 tensor that "
                   "tf.constant makes")

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb11_ex1": {
        "line 6: swap `28` and `6` in `conv_multiply_adds(...)`": _PRODUCT,
        "line 6: swap `6` and `5` in `conv_multiply_adds(...)`": _PRODUCT,
        "line 6: swap `5` and `1` in `conv_multiply_adds(...)`": _PRODUCT,
        "line 4: `*` -> `/` in `5 * 5 * 1`": "dividing by 1 is multiplying by 1: the same count "
                                             "(as a float, equal to the int)",
    },
    "nb11_ex2": {
        "line 11: `tf.constant(images.load_image('gravel...` -> "
        "`images.load_image('gravel', 64)[None]`": _KERAS_CONVERTS,
        "line 12: `tf.constant(images.load_image('bricks...` -> "
        "`images.load_image('bricks', 64)[None]`": _KERAS_CONVERTS,
        "line 13: `float(tf.reduce_mean(tf.square(ex2_gr...` -> "
        "`tf.reduce_mean(tf.square(ex2_gram(ex2...`": (
            "a scalar tensor holds the same number as its float() and compares equal to it"),
    },
    "nb11_ex3": {
        "line 3: `tf.constant(sample[None])` -> `sample[None]`": _KERAS_CONVERTS,
    },
    "nb11_ex4": {
        "line 5: `float(np.mean(down ** 2) + np.mean(ri...` -> "
        "`np.mean(down ** 2) + np.mean(right ** 2)`": (
            "NumPy's float scalar is the same number as its float()"),
    },
    "nb11_ex5": {
        "line 14: `tf.cast(labels, tf.int32)` -> `labels`": (
            "tf.gather takes int64 indices as well as int32 ones, and the labels passed here "
            "(the test labels and the check's) are int64"),
    },
}
