"""Mutants of notebook 08's solutions that are as right as the solutions (``refute --mutants``)."""

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb08_ex4": {
        "line 10: `float(-(p * np.log(p)).sum())` -> `-(p * np.log(p)).sum()`":
            "the sum is a NumPy float64, which is a Python float: the same value and type",
        "line 11: `int(np.argmax(logits))` -> `np.argmax(logits)`":
            "a tuple takes a NumPy integer as an index: the same character",
    },
}
