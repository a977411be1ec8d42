"""Mutants of notebook 05's solutions that are as right as the solutions (``refute --mutants``)."""

_SESSION = ("the Session is made inside `with g.as_default()`, so without graph= it takes that "
            "same graph: the same run")

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb05_ex1": {
        "line 12: drop `graph=` from `tf1.Session(...)`": _SESSION,
    },
    "nb05_ex2": {
        "line 6: drop `graph=` from `tf1.Session(...)`": _SESSION,
    },
    "nb05_ex3": {
        "line 5: `0` -> `-1`":
            "tf.gradients(y, x) returns a list of one gradient: [-1] is the same item as [0]",
        "line 6: `0` -> `-1`":
            "tf.gradients returns a list of one gradient: [-1] is the same item as [0]",
        "line 10: `2.0` -> `3.0`":
            "hvp is the same vector: x1 enters H only at H[1, 1] = 6 x1, which multiplies "
            "v1 = 0, so H v at x = [1, 3, 3] equals H v at [1, 2, 3]",
        "line 10: `2.0` -> `1.0`":
            "hvp is the same vector: x1 enters H only at H[1, 1] = 6 x1, which multiplies "
            "v1 = 0, so H v at x = [1, 1, 3] equals H v at [1, 2, 3]",
        "line 6: `tf.reduce_sum(grad * v)` -> `grad * v`":
            "tf.gradients sums a non-scalar ys before differentiating: the same tensor",
        "line 11: `tf.constant([1.0, 0.0, -1.0])` -> `[1.0, 0.0, -1.0]`":
            "the list is converted to the same float32 constant where it meets grad",
        "line 14: drop `graph=` from `tf1.Session(...)`": _SESSION,
    },
    "nb05_ex4": {
        "line 8: drop `graph=` from `tf1.Session(...)`": _SESSION,
    },
    "nb05_ex5": {
        "line 12: drop `graph=` from `tf1.Session(...)`": _SESSION,
        "line 14: `str(logdir)` -> `logdir`":
            "FileWriter takes a path object as well as a string: the same folder is written",
        "line 6: drop `name=` from `tf1.Variable(...)`":
            "the variable's name is never read: the same loss, the same summaries",
    },
}
