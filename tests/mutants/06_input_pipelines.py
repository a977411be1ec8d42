"""Mutants of notebook 06's solutions that are as right as the solution (read by `refute`)."""

EQUIVALENT: dict[str, dict[str, str]] = {
    "nb06_ex1": {
        "line 5: `int(test_labels[0])` -> `test_labels[0]`":
            "an Int64List takes NumPy's int64 as it takes an int: the same record, byte for byte",
        "line 11: `str(LOGS / 'digit.tfrecord')` -> `LOGS / 'digit.tfrecord'`":
            "TFRecordDataset accepts a path object as well as a string: the same file is read",
    },
    "nb06_ex2": {
        "line 4: `10` -> `11`":
            "batches of 11 read the same epoch, every row once; the task asks for the epoch",
        "line 4: `10` -> `9`":
            "batches of 9 read the same epoch, every row once; the task asks for the epoch",
        "line 5: drop `graph=` from `tf1.Session(...)`":
            "inside `with g.as_default()` a Session without graph= runs g, the same graph",
        "line 8: drop `sess=` from `tf1.train.start_queue_runners(...)`":
            "inside `with tf1.Session(...) as sess` the default session is sess: the same runners",
        "line 11: drop `options=` from `sess.run(...)`":
            "TIMEOUT only guards against a hang; the epoch is read the same without it",
    },
    "nb06_ex3": {
        "line 9: drop `graph=` from `tf1.Session(...)`":
            "inside `with g.as_default()` a Session without graph= runs g, the same graph",
        "line 12: drop `options=` from `sess.run(...)`":
            "TIMEOUT only guards against a hang; the queue dequeues the same array without it",
    },
    "nb06_ex5": {
        "line 5: `list(paths)` -> `paths`":
            "TextLineDataset takes the list of names as it is: the same files, the same lines",
    },
}
