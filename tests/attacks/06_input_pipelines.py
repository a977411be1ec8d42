"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

import runpy
from pathlib import Path

_KIT = runpy.run_path(str(Path(__file__).with_name("_gaming.py")))  # the shared gaming pieces
FAKE_ENFORCE = _KIT["FAKE_ENFORCE"]
WRAP_NEXT_CELL = _KIT["WRAP_NEXT_CELL"]
_if_rerun = _KIT["_if_rerun"]
_forged = _KIT["_forged"]
BY_GLOBALS = _KIT["BY_GLOBALS"]
BY_FILENAME = _KIT["BY_FILENAME"]
BY_STDOUT = _KIT["BY_STDOUT"]
BY_WRAPPED = _KIT["BY_WRAPPED"]
# Exercise 1: a record by hand.

_EX1_WRITE = """
_path = str(LOGS / "digit.tfrecord")
_example = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[0].tobytes()])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])]))}))
with tf.io.TFRecordWriter(_path) as _writer:
    _writer.write(_example.SerializeToString())
"""

_EX1_READ = """
_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
         "label": tf.io.FixedLenFeature([], tf.int64)}
for _raw in tf.data.TFRecordDataset(_path):
    _parsed = tf.io.parse_single_example(_raw, _spec)
    _pixels = tf.io.decode_raw(_parsed["pixels"], tf.uint8)
"""

_EX1_RIGHT = _EX1_WRITE + _EX1_READ + """
digit_back = tf.reshape(_pixels, [28, 28]).numpy()
label_back = int(_parsed["label"])
"""

_EX1_NUMPY = """
digit_back = np.array(test_digits[0], dtype=np.uint8)
label_back = int(test_labels[0])
"""

# Exercise 2: the queue-runner bug.

_EX2_RIGHT = """
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        rows_read, sum_x = 0, 0.0
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
"""

_EX2_NO_PIPELINE = """
import threading as _threading
coord = tf1.train.Coordinator()
threads = [_threading.Thread(target=lambda: None)]  # never started: not alive
coord.request_stop()
coord.join(threads)
x_batch = None
rows_read, sum_x = int(len(fire_theft)), float(fire_theft[:, 0].sum())
"""

# Exercise 3: a padding queue.

_EX3_RIGHT = """
predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as _g:
    _q = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    _seq = tf1.placeholder(tf.float32, [None, 2])
    _put = _q.enqueue([_seq])
    _take = _q.dequeue_many(3)
    with tf1.Session(graph=_g) as _s:
        for _n in (1, 3, 2):
            _s.run(_put, {_seq: np.ones((_n, 2), np.float32)})
        padded = _s.run(_take)
"""

_EX3_TYPED = """
predicted_shape = (3, 3, 2)
padded = np.zeros((3, 3, 2), np.float32)
for _i, _n in enumerate((1, 3, 2)):
    padded[_i, :_n] = 1.0
"""

# Exercise 4: the format's overhead.

_EX4_PER_RECORD = """
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
_first, _label = items[0]
_one = LOGS / "one.tfrecord"
"""

_EX4_RIGHT = _EX4_PER_RECORD + """
_h, _w, _c = tfrecord.image_shape(_first)
with tf.io.TFRecordWriter(str(_one)) as _writer:
    _writer.write(tfrecord.image_example(_first.read_bytes(), int(_label), _h, _w, _c)
                  .SerializeToString())
one_record_overhead = _one.stat().st_size - _first.stat().st_size
"""

# Exercise 5: files side by side.

_EX5_RIGHT = """
def round_robin(paths):
    return tf.data.Dataset.from_tensor_slices(paths).interleave(
        tf.data.TextLineDataset, cycle_length=len(paths), block_length=1)


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
"""

_EX5_TYPED = """
def round_robin(paths):
    return tf.data.Dataset.from_tensor_slices(paths).interleave(
        tf.data.TextLineDataset, cycle_length=len(paths), block_length=1)


first_six = ["a,0", "b,0", "a,1", "b,1", "a,2", "b,2"]
"""

WRONG_ANSWERS = {
    "nb06_ex1": {
        "breaks the rule: the record written, read and parsed, but digit_back and label_back "
        "taken from test_digits[0] and test_labels[0], not from the decoded record":
            _EX1_WRITE + _EX1_READ + _EX1_NUMPY,
        "breaks the rule: written with the TFRecordWriter, never read back; every read call "
        "made once on a dummy record of its own, the values from NumPy": _EX1_WRITE + """
_dummy = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"\\x00"])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[0]))})).SerializeToString()
_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
         "label": tf.io.FixedLenFeature([], tf.int64)}
_ = tf.data.TFRecordDataset(tf.constant([], tf.string))
_ = tf.io.decode_raw(tf.io.parse_single_example(_dummy, _spec)["pixels"], tf.uint8)
""" + _EX1_NUMPY,
        "wrong scope: the second test digit and its label stored and read back (index 1)":
            _EX1_RIGHT.replace("test_digits[0]", "test_digits[1]")
                      .replace("test_labels[0]", "test_labels[1]"),
        "common mistake: the pixels reshaped column by column (order='F'): the digit "
        "transposed": _EX1_WRITE + _EX1_READ + """
digit_back = np.reshape(_pixels.numpy(), (28, 28), order="F")
label_back = int(_parsed["label"])
""",
        "gaming: re-run detected (the cell's globals are not the kernel's): the first run "
        "writes the file and takes the values from NumPy, the check's re-run does every step":
            _if_rerun(BY_GLOBALS, _EX1_RIGHT, _EX1_WRITE + _EX1_NUMPY),
        "gaming: rules.enforce replaced by a one-shot stand-in; the file written, the values "
        "from NumPy": FAKE_ENFORCE + _EX1_WRITE + _EX1_NUMPY,
        "gaming: an input transformer wraps the check in try/except; nothing written, the "
        "values left None": "digit_back, label_back = None, None\n" + WRAP_NEXT_CELL,
    },
    "nb06_ex2": {
        "lazy: one batch of x_batch run, then stopped and joined; rows_read and sum_x from "
        "the CSV's rows in NumPy": """
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        sess.run(x_batch, options=TIMEOUT)
        coord.request_stop()
        coord.join(threads)
rows_read, sum_x = int(len(fire_theft)), float(fire_theft[:, 0].sum())
""",
        "common mistake: counts batches, not rows (rows_read += 1)":
            _EX2_RIGHT.replace("rows_read + len(xb)", "rows_read + 1"),
        "common mistake: sum_x adds up the y column": _EX2_RIGHT.replace("xb.sum()", "yb.sum()"),
        "common mistake: rows_read set to the last batch's size, not added up":
            _EX2_RIGHT.replace("rows_read + len(xb)", "len(xb)"),
        "gaming: re-run detected (the cell's code file): the first run starts no queue runner, "
        "a never-started thread stands for the threads, the values from NumPy":
            _if_rerun(BY_FILENAME, _EX2_RIGHT, _EX2_NO_PIPELINE),
        "gaming: rules.enforce replaced by a one-shot stand-in; no pipeline at all, the values "
        "from NumPy": FAKE_ENFORCE + _EX2_NO_PIPELINE,
        "gaming: an input transformer wraps the check in try/except; the stub left as it is":
            "rows_read, sum_x, coord, threads = 0, 0.0, None, []\n" + WRAP_NEXT_CELL,
    },
    "nb06_ex3": {
        "common mistake: predicted_shape (3, None, 2), the queue's static shape":
            _EX3_RIGHT.replace("predicted_shape = (3, 3, 2)", "predicted_shape = (3, None, 2)"),
        "common mistake: predicted_shape (3, 2), one 2-vector per sequence":
            _EX3_RIGHT.replace("predicted_shape = (3, 3, 2)", "predicted_shape = (3, 2)"),
        "wrong scope: dequeue_many(2): two sequences, padded to the longer":
            _EX3_RIGHT.replace("dequeue_many(3)", "dequeue_many(2)"),
        "lazy: the queue built and filled, dequeue_many never run; padded typed in NumPy":
            _EX3_RIGHT.replace("        padded = _s.run(_take)\n", "") + _EX3_TYPED,
        "breaks the rule: laundered through a fixed-shape PaddingFIFOQueue fed the typed, "
        "already padded sequences (the queue pads nothing)": _EX3_TYPED + """
with tf.Graph().as_default() as _g:
    _q = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[3, 2]])
    _put = _q.enqueue_many([tf.constant(padded)])
    _take = _q.dequeue_many(3)
    with tf1.Session(graph=_g) as _s:
        _s.run(_put)
        padded = _s.run(_take)
""",
        "gaming: re-run detected (Session.run wrapped by the recorder): the first run types "
        "padded in NumPy": _if_rerun(BY_WRAPPED, _EX3_RIGHT, _EX3_TYPED),
        "gaming: rules.enforce replaced by a one-shot stand-in; padded typed in NumPy":
            FAKE_ENFORCE + _EX3_TYPED,
    },
    "nb06_ex4": {
        "breaks the rule: one.tfrecord written, but one_record_overhead is the per-record "
        "average rounded, not that file's size minus its JPEG's": _EX4_RIGHT + """
one_record_overhead = int(round(overhead_per_record))
""",
        "common mistake: overhead_per_record is the record file's size per record, JPEG "
        "included": _EX4_RIGHT.replace(
            "(record_path.stat().st_size - jpeg_bytes) / written",
            "record_path.stat().st_size / written"),
        "common mistake: one_record_overhead from the serialized Example's length (the 16 "
        "bytes of record framing left out)": _EX4_RIGHT + """
one_record_overhead = len(tfrecord.image_example(_first.read_bytes(), int(_label), _h, _w, _c)
                          .SerializeToString()) - _first.stat().st_size
""",
        "wrong scope: one.tfrecord holds the second image, its size less the first image's JPEG":
            _EX4_RIGHT.replace("_first, _label = items[0]", "_first, _label = items[1]")
                      .replace("one_record_overhead = _one.stat().st_size - _first.stat().st_size",
                               "one_record_overhead = _one.stat().st_size - "
                               "items[0][0].stat().st_size"),
        "lazy: overhead_per_record from section 4's printed ratio (2 decimals) times "
        "jpeg_bytes": _EX4_RIGHT + """
overhead_per_record = (round(record_path.stat().st_size / jpeg_bytes, 2) - 1) * jpeg_bytes / written
""",
        "gaming: re-run detected (print goes to a StringIO): the first run writes the record "
        "by hand, not with image_example, and types the overhead as the average":
            _if_rerun(BY_STDOUT, _EX4_RIGHT, _EX4_PER_RECORD + """
_raw = next(iter(tf.data.TFRecordDataset(str(record_path)))).numpy()
with tf.io.TFRecordWriter(str(_one)) as _writer:
    _writer.write(_raw)
one_record_overhead = int(round(overhead_per_record))
"""),
        "gaming: rules.enforce replaced by a one-shot stand-in; one.tfrecord copied from the "
        "first record's bytes, its overhead the rounded average": FAKE_ENFORCE + _EX4_PER_RECORD
        + """
_raw = next(iter(tf.data.TFRecordDataset(str(record_path)))).numpy()
with tf.io.TFRecordWriter(str(_one)) as _writer:
    _writer.write(_raw)
one_record_overhead = int(round(overhead_per_record))
""",
    },
    "nb06_ex5": {
        "wrong scope: interleave with cycle_length=2 typed in (a third file waits for one of "
        "the first two to end)": _EX5_RIGHT.replace("cycle_length=len(paths)", "cycle_length=2"),
        "breaks the rule: the files' datasets zipped and flattened (the lines stop when the "
        "shortest file ends), num_parallel_reads=1 given to look parallel": """
def round_robin(paths):
    files = tuple(tf.data.TextLineDataset(path, num_parallel_reads=1) for path in paths)
    return tf.data.Dataset.zip(files).flat_map(
        lambda *lines: tf.data.Dataset.from_tensor_slices(tf.stack(lines)))


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
""",
        "breaks the rule: round_robin reads the files in Python when called and slices the "
        "interleaved lines; a TextLineDataset made and thrown away": """
def round_robin(paths):
    _ = tf.data.TextLineDataset(paths, num_parallel_reads=len(paths))
    files = [open(path, encoding="utf-8").read().splitlines() for path in paths]
    lines = [f[i] for i in range(max(map(len, files))) for f in files if i < len(f)]
    return tf.data.Dataset.from_tensor_slices(lines)


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
""",
        "lazy: round_robin right, first_six typed in": _EX5_TYPED,
        "gaming: re-run detected (the cell's globals are not the kernel's): first_six typed the "
        "first time, read from round_robin in the check's re-run":
            _if_rerun(BY_GLOBALS, _EX5_RIGHT, _EX5_TYPED),
        "gaming: an input transformer wraps the check in try/except; round_robin reads the "
        "files one after the other": """
def round_robin(paths):
    return tf.data.TextLineDataset(paths)


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
""" + WRAP_NEXT_CELL,
    },
}

# History forged: the kernel's own record of the cells it ran gains a rule-abiding answer.
_FORGED = ("gaming: history forged: a rule-abiding answer appended to the kernel's history "
           "(what the check runs again); the notebook's names from ")
_EX4_COPIED = _EX4_PER_RECORD + """
_raw = next(iter(tf.data.TFRecordDataset(str(record_path)))).numpy()
with tf.io.TFRecordWriter(str(_one)) as _writer:
    _writer.write(_raw)
one_record_overhead = int(round(overhead_per_record))
"""
WRONG_ANSWERS["nb06_ex1"][_FORGED + "NumPy"] = _forged(_EX1_WRITE + _EX1_NUMPY, _EX1_RIGHT)
WRONG_ANSWERS["nb06_ex2"][_FORGED + "NumPy, no pipeline"] = _forged(_EX2_NO_PIPELINE, _EX2_RIGHT)
WRONG_ANSWERS["nb06_ex3"][_FORGED + "NumPy (padded typed)"] = _forged(_EX3_TYPED, _EX3_RIGHT)
WRONG_ANSWERS["nb06_ex4"][_FORGED + "a copied record and the rounded average"] = _forged(
    _EX4_COPIED, _EX4_RIGHT)
WRONG_ANSWERS["nb06_ex5"][_FORGED + "first_six typed"] = _forged(_EX5_TYPED, _EX5_RIGHT)
