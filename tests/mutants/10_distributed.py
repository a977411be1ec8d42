"""Mutants of notebook 10's solutions that are as right as the solutions, with the reason."""

EQUIVALENT = {
    "nb10_ex4": {
        "line 7: `float(tape.gradient(loss, w))` -> `tape.gradient(loss, w)`":
            ("the gradient kept as a scalar float32 tensor: the updates and losses are the same "
             "numbers (the tape computes in float32 either way)"),
    },
}
