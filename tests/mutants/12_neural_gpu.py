"""Mutants of notebook 12's solutions that are as right as the solutions (read by `refute`)."""

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb12_ex1": {
        "line 5: swap `1.2 / (1.0 + np.exp(-np.asarray(x, np...` and `0.0` in `np.clip(...)`":
            "np.clip(a, lo, hi) is minimum(maximum(a, lo), hi) and maximum is symmetric: "
            "np.clip(0.0, a, 1.0) gives the same array",
        "line 5: `np.asarray(x, np.float64)` -> `x`":
            "for a NumPy array x (what the task passes) -x is the same array; a float32 x "
            "gives the gate in float32, within 1e-7 of the float64 one",
    },
    "nb12_ex5": {
        "line 15: `tf.constant(0.0)` -> `0.0`":
            "adding the first group's tensor to 0.0 gives the same scalar tensor; only an empty "
            "list, which the task never passes, would return a plain 0.0",
        "line 17: `tf.stack(group)` -> `group`":
            "TensorFlow packs a list of equally shaped variables into the same stacked tensor "
            "where reduce_mean and the subtraction need it",
    },
}
