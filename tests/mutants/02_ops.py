"""Mutants of notebook 02's solutions that are as right as the solutions (read by `refute`)."""

_CONFIG = ("session_config() only fixes the thread counts; a session with TensorFlow's default "
           "threads runs the same ops and gives the same values")
_NAME = "an op's name changes nothing the exercise computes or asks for"
_NUMPY_SCALAR = "the run's NumPy scalar is the same number as its float() or int(), and equal to it"
_AFTER_FINALIZE = ("the graph is finalized, so building any op in it raises before the line "
                   "after it runs: the answer is the same whatever is built")

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb02_ex1": {
        "line 16: `float(s1.run(w))` -> `s1.run(w)`": _NUMPY_SCALAR,
        "line 14: `float(s1.run(w))` -> `s1.run(w)`": _NUMPY_SCALAR,
        "line 14: `float(s2.run(w))` -> `s2.run(w)`": _NUMPY_SCALAR,
        "line 5: drop `name=` from `tf1.Variable(...)`": _NAME,
        "line 7: drop `config=` from `tf1.Session(...)`": _CONFIG,
        "line 8: drop `graph=` from `tf1.Session(...)`": (
            "entering the first session of the `with` makes g_state the default graph, so the "
            "second session, made without graph=, is on g_state all the same"),
        "line 8: drop `config=` from `tf1.Session(...)`": _CONFIG,
        "line 17: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb02_ex2": {
        "line 7: swap `2.0` and `x` in `tf.multiply(...)`":
            "multiplication commutes: x * 2 is 2 * x",
        "line 5: drop `name=` from `tf1.placeholder(...)`": _NAME,
        "line 6: drop `name=` from `tf1.Variable(...)`": _NAME,
        "line 7: drop `name=` from `tf.multiply(...)`": _NAME,
        "line 10: drop `name=` from `tf.identity(...)`": _NAME,
    },
    "nb02_ex3": {
        "line 11: `float(mean)` -> `mean`": _NUMPY_SCALAR,
        "line 13: `float(sess.run(mean_sum, {row_sums: [...` -> "
        "`sess.run(mean_sum, {row_sums: [10.0, ...`": _NUMPY_SCALAR,
        "line 5: drop `name=` from `tf1.placeholder(...)`": _NAME,
        "line 9: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb02_ex4": {
        "line 31: `1` -> `2`": _AFTER_FINALIZE,
        "line 31: `1` -> `0`": _AFTER_FINALIZE,
        "line 32: `False` -> `True`": _AFTER_FINALIZE,
        "line 14: `int(sess.run(counter))` -> `sess.run(counter)`": _NUMPY_SCALAR,
        "line 26: `int(sess.run(counter))` -> `sess.run(counter)`": _NUMPY_SCALAR,
        "line 8: drop `config=` from `tf1.Session(...)`": _CONFIG,
        "line 20: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
}
