"""Mutants of notebook 01's solutions that are as right as the solutions (read by `refute`)."""

_CONFIG = ("session_config() only fixes the thread counts; a session with TensorFlow's default "
           "threads runs the same ops and gives the same values and trace")

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb01_ex1": {
        "line 3: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb01_ex2": {
        "line 6: swap `a` and `b` in `tf.add(...)`": "addition commutes: b + a is a + b",
        "line 7: swap `c` and `d` in `tf.multiply(...)`": "multiplication commutes: d * c is c * d",
        "line 10: `1` -> `2`": "ran_sum_only holds the names of the ops that ran, the same for "
                               "any fed values",
        "line 10: `1` -> `0`": "ran_sum_only holds the names of the ops that ran, the same for "
                               "any fed values",
        "line 10: `2` -> `3`": "ran_sum_only holds the names of the ops that ran, the same for "
                               "any fed values",
        "line 10: `2` -> `1`": "ran_sum_only holds the names of the ops that ran, the same for "
                               "any fed values",
        "line 8: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb01_ex3": {
        "line 8: `float(sess.run(df_dw_again, {w: 2.0}))` -> `sess.run(df_dw_again, {w: 2.0})`":
            "the run's NumPy float32 scalar is the same number as its float()",
        "line 7: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb01_ex4": {
        "line 7: `tf.constant([[1.0], [2.0], [3.0]])` -> `[[1.0], [2.0], [3.0]]`":
            "tf.matmul turns the list into the same Const op, under the same /cpu:0 pin",
    },
}
