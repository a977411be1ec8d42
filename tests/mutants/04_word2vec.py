"""Mutants of notebook 04's solutions that are as right as the solutions (see tools/mutants.py)."""

_SEED = ("the task fixes no seed for the training batches: another seed is another equally "
         "right run")
_ONE_EPOCH = ("epochs defaults to 1, a pass of thousands of steps: the few hundred steps taken "
              "never reach its end, so the batches are the same")
_CONFIG = "session_config() only fixes thread counts: the values computed are the same"
_NAME = "an op's name: nothing the task asks for depends on it"

EQUIVALENT = {
    "nb04_ex2": {
        "line 4: `0` -> `-1`": "tf.gradients of one tensor returns a one-item list: [-1] is [0]",
        "line 6: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
    "nb04_ex3": {
        "line 8: `3.0` -> `4.0`": ("cosines lie in [-1, 1]: any shift of 3 or more puts the probe "
                                   "below every other word"),
    },
    "nb04_ex4": {
        "line 27: `4` -> `5`": _SEED,
        "line 27: `4` -> `3`": _SEED,
        "line 27: drop `seed=` from `skipgram_batches(...)`": _SEED,
        "line 8: drop `name=` from `tf.nn.embedding_lookup(...)`": _NAME,
        "line 14: drop `name=` from `tf.reduce_mean(...)`": _NAME,
    },
    "nb04_ex5": {
        "line 9: `5` -> `6`": _SEED,
        "line 9: `5` -> `4`": _SEED,
        "line 9: drop `seed=` from `skipgram_batches(...)`": _SEED,
        "line 9: drop `epochs=` from `skipgram_batches(...)`": _ONE_EPOCH,
        "line 6: drop `config=` from `tf1.Session(...)`": _CONFIG,
    },
}
