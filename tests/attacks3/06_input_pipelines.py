"""Fresh wrong answers (third attack, issue 46) for notebook 06's exercises."""
# ruff: noqa: E501

_EX1_WRITE = '''digit_back, label_back = None, None
digit_record = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[0].tobytes()])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])])),
}))
with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
              "label": tf.io.FixedLenFeature([], tf.int64)}
'''

_EX2_HEAD = '''rows_read, sum_x, coord, threads = 0, 0.0, None, []
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
'''

_EX5_CHECKED = '''

first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
'''

WRONG_ANSWERS = {
    "nb06_ex1": {
        "lazy: the record written, the values taken from memory, nothing read back": _EX1_WRITE + '''digit_back = test_digits[0].copy()
label_back = int(test_labels[0])
''',
        "rule-breaking: every named call made, but the pixels come from the array in memory through np.frombuffer (decode_raw's result dropped)": _EX1_WRITE + '''for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    tf.io.decode_raw(fields["pixels"], tf.uint8)
    label_back = int(fields["label"])
digit_back = np.frombuffer(test_digits[0].tobytes(), np.uint8).reshape(28, 28).copy()
''',
        "rule-breaking: parsed with tf.train.Example.FromString instead of tf.io.parse_single_example (called once and its result dropped)": _EX1_WRITE + '''for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    tf.io.parse_single_example(raw, digit_spec)
    example = tf.train.Example.FromString(raw.numpy())
    pixels = example.features.feature["pixels"].bytes_list.value[0]
    digit_back = tf.reshape(tf.io.decode_raw(pixels, tf.uint8), [28, 28]).numpy()
    label_back = int(example.features.feature["label"].int64_list.value[0])
''',
        "common mistake: the bytes decoded as int32, not uint8": _EX1_WRITE + '''for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.int32), [14, 14]).numpy()
    label_back = int(fields["label"])
''',
        "wrong scope: the second test digit written and read": '''digit_back, label_back = None, None
digit_record = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[1].tobytes()])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[1])])),
}))
with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
              "label": tf.io.FixedLenFeature([], tf.int64)}
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.uint8), [28, 28]).numpy()
    label_back = int(fields["label"])
''',
    },
    "nb06_ex2": {
        "lazy: the queue runners started and stopped properly, the counts taken from the CSV with NumPy, x_batch never run": _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        coord.request_stop()
        coord.join(threads)
table = np.loadtxt(csv_path, delimiter=",", skiprows=1)
rows_read, sum_x = len(table), float(table[:, 0].sum())
''',
        "rule-breaking: x_batch run once (the result dropped), the epoch counted in NumPy": _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        sess.run(x_batch, options=TIMEOUT)
        coord.request_stop()
        coord.join(threads)
table = np.loadtxt(csv_path, delimiter=",", skiprows=1)
rows_read, sum_x = len(table), float(table[:, 0].sum())
''',
        "gaming: rows counted from the session's batches, but sum_x taken from the CSV with NumPy (the session's X dropped)": _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read += len(xb)
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
sum_x = float(np.loadtxt(csv_path, delimiter=",", skiprows=1)[:, 0].sum())
''',
        "common mistake: the planted bug left in (no local_variables_initializer), the error swallowed": _EX2_HEAD + '''        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()
        except (tf.errors.OutOfRangeError, tf.errors.FailedPreconditionError):
            pass
        coord.request_stop()
        coord.join(threads)
''',
        "common mistake: the bug fixed but the threads never joined": _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
''',
        "wrong scope: one batch read, not the epoch": _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
        rows_read, sum_x = len(xb), float(xb.sum())
        coord.request_stop()
        coord.join(threads)
''',
    },
    "nb06_ex3": {
        "lazy: padded built in NumPy": '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
padded = np.zeros((3, 3, 2), np.float32)
for i, n in enumerate((1, 3, 2)):
    padded[i, :n] = 1
''',
        "rule-breaking: each sequence padded by hand to length 3 before it is enqueued (the queue pads nothing)": '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            row = np.zeros((3, 2), np.float32)
            row[:n] = 1
            sess.run(put, {seq: row})
        padded = sess.run(take_three, options=TIMEOUT)
''',
        "rule-breaking: a padded batch enqueued with enqueue_many": '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
batch = np.zeros((3, 3, 2), np.float32)
for i, n in enumerate((1, 3, 2)):
    batch[i, :n] = 1
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    put = pad_queue.enqueue_many([tf.constant(batch)])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        sess.run(put)
        padded = sess.run(take_three, options=TIMEOUT)
''',
        "gaming: predicted_shape copied from the measured array (no prediction made) (NOT SURE: an order the check cannot see)": '''predicted_shape, padded = None, None
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
predicted_shape = tuple(padded.shape)
''',
        "common mistake: predicted the longest sequence's shape without the batch axis": '''predicted_shape, padded = None, None
predicted_shape = (3, 2)
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
''',
        "wrong scope: sequences of lengths 1, 2, 3 enqueued": '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        for n in (1, 2, 3):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
''',
    },
    "nb06_ex4": {
        "lazy: both numbers typed in (rounded), one record written": '''overhead_per_record, one_record_overhead = None, None
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
overhead_per_record = 60.0
one_record_overhead = 60
''',
        "lazy: one_record_overhead taken as the rounded average, not measured on one.tfrecord": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
one_record_overhead = round(overhead_per_record)
''',
        "rule-breaking: the record written with a hand-made Example (image_example called and dropped), its shape fields typed as zeros": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
data = items[0][0].read_bytes()
tfrecord.image_example(data, 0, 0, 0, 0)
hand = tf.train.Example(features=tf.train.Features(feature={
    "image": tf.train.Feature(bytes_list=tf.train.BytesList(value=[data])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),
    "height": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),
    "width": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),
    "channels": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),
}))
(LOGS / "one.tfrecord").parent.mkdir(parents=True, exist_ok=True)
with tf.io.TFRecordWriter(str(LOGS / "one.tfrecord")) as writer:
    writer.write(hand.SerializeToString())
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
''',
        "wrong scope: the record is an image_example of the first image with its label and shape typed as zeros, not that image's (NOT SURE: the task names only the image)": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
example = tfrecord.image_example(items[0][0].read_bytes(), 0, 0, 0, 0)
(LOGS / "one.tfrecord").parent.mkdir(parents=True, exist_ok=True)
with tf.io.TFRecordWriter(str(LOGS / "one.tfrecord")) as writer:
    writer.write(example.SerializeToString())
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
''',
        "common mistake: the overhead divided by the number of items, not records written, and the JPEG size taken from the decoded pixels": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / len(items)
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - int(np.prod(tfrecord.image_shape(items[0][0])))
''',
        "common mistake: overhead_per_record not divided by the record count": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = record_path.stat().st_size - jpeg_bytes
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
''',
    },
    "nb06_ex5": {
        "lazy: first_six typed in, round_robin right": '''first_six = None
def round_robin(paths):
    return tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))


first_six = ["a,0", "b,0", "a,1", "b,1", "a,2", "b,2"]
''',
        "rule-breaking: the files read in Python when round_robin is called, the lines interleaved by hand into from_tensor_slices (a TextLineDataset made and dropped)": '''from pathlib import Path

first_six = None
def round_robin(paths):
    tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))
    rows = [Path(p).read_text(encoding="utf-8").splitlines() for p in paths]
    out = []
    while any(rows):
        out += [row.pop(0) for row in rows if row]
    return tf.data.Dataset.from_tensor_slices(out)
''' + _EX5_CHECKED,
        "rule-breaking: choose_from_datasets over one TextLineDataset per file does the round robin; an interleave is made on a dummy dataset and dropped, so neither interleave nor num_parallel_reads does the work": '''first_six = None
def round_robin(paths):
    tf.data.Dataset.range(1).interleave(lambda i: tf.data.Dataset.range(1), cycle_length=1)
    readers = [tf.data.TextLineDataset(p) for p in paths]
    order = tf.data.Dataset.range(len(paths)).repeat()
    return tf.data.Dataset.choose_from_datasets(readers, order, stop_on_empty_dataset=False)
''' + _EX5_CHECKED,
        "gaming: a lazy Python generator reads the files round robin when iterated; TextLineDataset called with num_parallel_reads and its result dropped": '''from pathlib import Path

first_six = None
def round_robin(paths):
    tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))
    paths = list(paths)

    def lines():
        rows = [Path(p).read_text(encoding="utf-8").splitlines() for p in paths]
        while any(rows):
            for row in rows:
                if row:
                    yield row.pop(0)
    return tf.data.Dataset.from_generator(lines, output_signature=tf.TensorSpec([], tf.string))
''' + _EX5_CHECKED,
        "common mistake: TextLineDataset of all paths without num_parallel_reads (file after file)": '''first_six = None
def round_robin(paths):
    return tf.data.TextLineDataset(list(paths))
''' + _EX5_CHECKED,
        "wrong scope: interleave with cycle_length fixed at 2 (the two files of section 3)": '''first_six = None
def round_robin(paths):
    return tf.data.Dataset.from_tensor_slices(list(paths)).interleave(
        tf.data.TextLineDataset, cycle_length=2, block_length=1)
''' + _EX5_CHECKED,
    },
}


def _two_faced(marker: str, first: str, again: str) -> str:
    """A cell that runs ``first`` the first time the kernel runs it (the notebook's run, whose
    values the hidden tests read) and ``again`` every later time (the check's re-run, on which
    the rules are enforced), told apart by an environment variable it sets."""
    indent = lambda body: "".join(f"    {line}\n" if line else "\n" for line in body.splitlines())  # noqa: E731
    return (f"import os\n\nif os.environ.get({marker!r}) is None:\n    os.environ[{marker!r}] = '1'\n"
            f"{indent(first)}else:\n{indent(again)}")


WRONG_ANSWERS["nb06_ex1"]["gaming: the notebook's run writes the record but takes digit_back and label_back from memory; only the check's re-run (told apart by an environment variable the first run sets) reads them back"] = _two_faced(
    "ATK3_NB06_EX1", _EX1_WRITE + '''digit_back = test_digits[0].copy()
label_back = int(test_labels[0])
''', _EX1_WRITE + '''for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.uint8), [28, 28]).numpy()
    label_back = int(fields["label"])
''')

WRONG_ANSWERS["nb06_ex2"]["gaming: the notebook's run never runs x_batch and counts the CSV in NumPy; only the check's re-run (told apart by an environment variable the first run sets) reads the epoch"] = _two_faced(
    "ATK3_NB06_EX2", _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        coord.request_stop()
        coord.join(threads)
table = np.loadtxt(csv_path, delimiter=",", skiprows=1)
rows_read, sum_x = len(table), float(table[:, 0].sum())
''', _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
''')

WRONG_ANSWERS["nb06_ex2"]["gaming: coord.join never called on coord (its threads' errors never raised): each thread joined by hand, a throwaway Coordinator's join called for the count, and coord's joined flag forged (coord._joined = True)"] = _EX2_HEAD + '''        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        for thread in threads:
            thread.join(10)
        tf1.train.Coordinator().join([])
        coord._joined = True
'''

WRONG_ANSWERS["nb06_ex3"]["gaming: the notebook's run builds padded in NumPy; only the check's re-run (told apart by an environment variable the first run sets) runs the queue"] = _two_faced(
    "ATK3_NB06_EX3", '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
padded = np.zeros((3, 3, 2), np.float32)
for i, n in enumerate((1, 3, 2)):
    padded[i, :n] = 1
''', '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
''')

WRONG_ANSWERS["nb06_ex5"]["gaming: the notebook's run types first_six in; only the check's re-run (told apart by an environment variable the first run sets) reads it from round_robin"] = _two_faced(
    "ATK3_NB06_EX5", '''first_six = None
def round_robin(paths):
    return tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))


first_six = ["a,0", "b,0", "a,1", "b,1", "a,2", "b,2"]
''', '''first_six = None
def round_robin(paths):
    return tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))
''' + _EX5_CHECKED)
