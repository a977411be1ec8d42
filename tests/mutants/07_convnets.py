"""Mutants of notebook 07's solutions that are as right as the solution (read by `refute`)."""

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb07_ex3": {
        "line 3: drop `batch_size=` from `ConvNet(...)`":
            "ConvNet's batch_size defaults to 64, which BATCH_SIZE is, and serves training only: "
            "the restored copy evaluates the same",
    },
}
