"""Mutants of notebook 09's solutions that are as right as the solutions (see tools/mutants.py)."""

_SAME_INT = "the same int: {} as in the solution, so the same answer"
_STRICT = ("both zipped sequences have the same length (the towers all list the same variables, "
           "and VGG_BLOCKS[16] and VGG_FILTER_SCALE have five entries): strict= only guards "
           "unequal lengths")
_SHARED = ("every tower lists the same shared variable at each position (linear_loss looks them "
           "up with AUTO_REUSE), so any tower's variable is the one the solution names")

EQUIVALENT = {
    "nb09_ex1": {
        "line 3: `96` -> `97`": _SAME_INT.format("97 // 8 is 12, like 96 // 8"),
        "line 3: `96` -> `97` #2": _SAME_INT.format("97 // 8 is 12, like 96 // 8"),
        "line 4: `96` -> `97`": _SAME_INT.format("97 // 32 is 3, like 96 // 32"),
        "line 4: `96` -> `97` #2": _SAME_INT.format("97 // 32 is 3, like 96 // 32"),
        "line 4: `32` -> `31`": _SAME_INT.format("96 // 31 is 3, like 96 // 32"),
        "line 4: `32` -> `31` #2": _SAME_INT.format("96 // 31 is 3, like 96 // 32"),
    },
    "nb09_ex2": {
        "line 6: `True` -> `False`": _STRICT,
        "line 6: drop `strict=` from `zip(...)`": _STRICT,
    },
    "nb09_ex4": {
        "line 16: `True` -> `False`": _STRICT,
        "line 17: `True` -> `False`": _STRICT,
        "line 16: drop `strict=` from `zip(...)`": _STRICT,
        "line 17: drop `strict=` from `zip(...)`": _STRICT,
        "line 16: `0` -> `1`": _SHARED,
        "line 16: `0` -> `-1`": _SHARED,
    },
}
