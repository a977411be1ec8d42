"""Mutants of notebook 03's solutions that are as right as the solutions, with the reason."""

_SHAPE = ("a placeholder without shape=[None] accepts the same 1-D feeds and gives the same "
          "graph results")
_CONFIG = ("session_config() only sets the thread counts; a default session runs the same "
           "graph to the same values")
_START = ("another starting point: after 1,000 steps (settled within 300) gradient descent "
          "reaches the same minimum, which is all the exercise stores")

EQUIVALENT = {
    "nb03_ex1": {
        "line 10: drop `shape=` from `tf1.placeholder(...)`": _SHAPE,
        "line 11: drop `shape=` from `tf1.placeholder(...)`": _SHAPE,
        "line 15: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb03_ex2": {
        "line 8: swap `Y` and `X * w + b` in `huber_loss(...)`":
            "the Huber loss depends only on |labels - predictions|: symmetric in its two inputs",
        "line 6: `0.0` -> `1.0`": _START,
        "line 6: `0.0` -> `-1.0`": _START,
        "line 7: `0.0` -> `1.0`": _START,
        "line 7: `0.0` -> `-1.0`": _START,
        "line 15: `float(v)` -> `v`":
            "NumPy float32 scalars divide and subtract as the floats do (to float64 with x_std)",
        "line 4: drop `shape=` from `tf1.placeholder(...)`": _SHAPE,
        "line 5: drop `shape=` from `tf1.placeholder(...)`": _SHAPE,
        "line 11: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb03_ex4": {
        "line 10: `float(sure.mean())` -> `sure.mean()`":
            "a NumPy float64 is a float: the same number",
        "line 10: `float((probs.argmax(axis=1) == labels...` -> "
        "`(probs.argmax(axis=1) == labels)[sure...`":
            "a NumPy float64 is a float: the same number",
    },
}
