"""Fresh wrong answers (sixth attack, issue 46) for notebook 06's exercises."""
# ruff: noqa: E501

#: Exercise 1: the record written honestly (shared by its answers).
_EX1_WRITE = '''digit_record = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[0].tobytes()])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])])),
}))
with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
              "label": tf.io.FixedLenFeature([], tf.int64)}
'''
#: Exercise 1: the record read back honestly, at the given indent.
_EX1_READ = '''for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.uint8), [28, 28]).numpy()
    label_back = int(fields["label"])
'''
#: Exercise 3: the queue of the task and its dequeue_many(3) (the graph's first lines).
_EX3_QUEUE = '''    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
'''


def _indent(source: str, spaces: int) -> str:
    """``source`` with every line indented by ``spaces``."""
    return "".join(" " * spaces + line if line.strip() else line
                   for line in source.splitlines(keepends=True))


WRONG_ANSWERS = {
    "nb06_ex1": {
        "lazy: on the notebook's run digit_back and label_back are copied from memory (test_digits[0].copy()); the file is read back only when a mark left in the kernel's default graph's collection is there (the check's re-runs)": '''digit_back, label_back = None, None
ex1_seen = bool(tf1.get_collection("nb06_ex1_seen"))
tf1.add_to_collection("nb06_ex1_seen", True)
''' + _EX1_WRITE + '''if ex1_seen:
''' + _indent(_EX1_READ, 4) + '''else:
    digit_back, label_back = test_digits[0].copy(), int(test_labels[0])
''',
        "rule-breaking: reads the record back with TFRecordDataset and parse_single_example, but turns the bytes into pixels with np.frombuffer; decode_raw is called only to be counted": _EX1_WRITE + '''digit_back, label_back = None, None
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    tf.io.decode_raw(fields["pixels"], tf.uint8)
    digit_back = np.frombuffer(fields["pixels"].numpy(), np.uint8).reshape(28, 28).copy()
    label_back = int(fields["label"])
''',
        "gaming: decodes with tf.io.decode_raw the bytes of test_digits[0] in memory; the file is read back and parsed only for show": _EX1_WRITE + '''digit_back, label_back = None, None
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    label_back = int(fields["label"])
digit_back = tf.reshape(tf.io.decode_raw(test_digits[0].tobytes(), tf.uint8), [28, 28]).numpy()
''',
        "common mistake: leaves label_back a NumPy integer (the parsed tensor's .numpy())": '''digit_back, label_back = None, None
''' + _EX1_WRITE + '''for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.uint8), [28, 28]).numpy()
    label_back = fields["label"].numpy()
''',
        "wrong scope: stores the pixels as float32 bytes, decodes them as float32 and casts to uint8 at the end": '''digit_back, label_back = None, None
digit_record = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[0].astype(np.float32).tobytes()])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])])),
}))
with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
              "label": tf.io.FixedLenFeature([], tf.int64)}
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.float32), [28, 28]).numpy().astype(np.uint8)
    label_back = int(fields["label"])
''',
    },
    "nb06_ex2": {
        "lazy: on the notebook's run it runs one batch and takes rows_read and sum_x from np.loadtxt of the CSV; the whole epoch is read only when a logging.Logger carries the mark its first run left (the check's re-runs)": '''import logging as ex2_logging

rows_read, sum_x, coord, threads = 0, 0.0, None, []
ex2_log = ex2_logging.getLogger("cs20.nb06.ex2")
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        if hasattr(ex2_log, "nb06_seen"):
            try:
                while not coord.should_stop():
                    xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                    rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()
            except tf.errors.OutOfRangeError:
                pass
        else:
            sess.run(x_batch, options=TIMEOUT)
            ex2_rows = np.loadtxt(csv_path, delimiter=",", skiprows=1)
            rows_read, sum_x = len(ex2_rows), float(ex2_rows[:, 0].sum())
        coord.request_stop()
        coord.join(threads)
ex2_log.nb06_seen = True
''',
        "rule-breaking: starts the queue runners and runs x_batch once, but counts the rows and sums X with NumPy": '''rows_read, sum_x, coord, threads = 0, 0.0, None, []
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        sess.run(x_batch, options=TIMEOUT)
        ex2_rows = np.loadtxt(csv_path, delimiter=",", skiprows=1)
        rows_read, sum_x = len(ex2_rows), float(ex2_rows[:, 0].sum())
        coord.request_stop()
        coord.join(threads)
''',
        "rule-breaking: waits for the threads with Thread.join by hand instead of coord.join(threads)": '''rows_read, sum_x, coord, threads = 0, 0.0, None, []
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
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
''',
        "common mistake: counts batches, not rows": '''rows_read, sum_x, coord, threads = 0, 0.0, None, []
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + 1, sum_x + xb.sum()
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
''',
        "wrong scope: sums Y instead of X": '''rows_read, sum_x, coord, threads = 0, 0.0, None, []
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + len(xb), sum_x + yb.sum()
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
''',
    },
    "nb06_ex3": {
        "rule-breaking: pads each sequence to length 3 by hand before enqueueing it, so the queue pads nothing (the dequeued array is all 0 and 1, which FromRun's typed-in test leaves alone)": '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
''' + _EX3_QUEUE + '''    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.pad(np.ones((n, 2), np.float32), ((0, 3 - n), (0, 0)))})
        padded = sess.run(take_three, options=TIMEOUT)
''',
        "rule-breaking: sets the prediction from the measurement (padded.shape) instead of writing it down first (NOT SURE: the task says first write down the shape)": '''predicted_shape, padded = None, None
with tf.Graph().as_default() as g:
''' + _EX3_QUEUE + '''    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
predicted_shape = tuple(padded.shape)
''',
        "gaming: types padded in with NumPy on the notebook's run; builds and runs the queue only when a mark left in the kernel's default graph's collection is there (the check's re-runs)": '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
padded = np.array([[[1, 1], [0, 0], [0, 0]], [[1, 1], [1, 1], [1, 1]], [[1, 1], [1, 1], [0, 0]]], np.float32)
if tf1.get_collection("nb06_ex3_seen"):
    with tf.Graph().as_default() as g:
''' + _indent(_EX3_QUEUE, 4) + '''        with tf1.Session(graph=g) as sess:
            for n in (1, 3, 2):
                sess.run(put, {seq: np.ones((n, 2), np.float32)})
            padded = sess.run(take_three, options=TIMEOUT)
tf1.add_to_collection("nb06_ex3_seen", True)
''',
        "common mistake: predicts that the padded axis disappears, (3, 2)": '''predicted_shape, padded = None, None
predicted_shape = (3, 2)
with tf.Graph().as_default() as g:
''' + _EX3_QUEUE + '''    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
''',
        "wrong scope: enqueues the sequences in the order of their lengths (1, 2, 3), not the task's (1, 3, 2)": '''predicted_shape, padded = None, None
predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
''' + _EX3_QUEUE + '''    with tf1.Session(graph=g) as sess:
        for n in (1, 2, 3):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
''',
    },
    "nb06_ex4": {
        "lazy: on the notebook's run one.tfrecord is the first record's bytes copied out of record_path (length, checksums and all) instead of a written image_example; the record is written with tfrecord.write_image_records only when a logging.Logger carries the mark its first run left (the check's re-runs)": '''import logging as ex4_logging

overhead_per_record, one_record_overhead = None, None
ex4_log = ex4_logging.getLogger("cs20.nb06.ex4")
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
if hasattr(ex4_log, "nb06_seen"):
    tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
else:
    ex4_raw = record_path.read_bytes()
    ex4_length = int.from_bytes(ex4_raw[:8], "little")
    (LOGS / "one.tfrecord").write_bytes(ex4_raw[:ex4_length + 16])
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
ex4_log.nb06_seen = True
''',
        "rule-breaking: one.tfrecord is the first record's bytes copied out of record_path, no image_example written": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
ex4_raw = record_path.read_bytes()
ex4_length = int.from_bytes(ex4_raw[:8], "little")
(LOGS / "one.tfrecord").write_bytes(ex4_raw[:ex4_length + 16])
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
''',
        "lazy: one_record_overhead is the average rounded, not measured on one.tfrecord": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
one_record_overhead = int(round(overhead_per_record))
''',
        "common mistake: overhead_per_record is the whole file's overhead, not divided by the records written": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = float(record_path.stat().st_size - jpeg_bytes)
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
''',
        "wrong scope: writes the second image, items[1], to one.tfrecord": '''overhead_per_record, one_record_overhead = None, None
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
tfrecord.write_image_records(items[1:2], LOGS / "one.tfrecord")
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[1][0].stat().st_size
''',
    },
    "nb06_ex5": {
        "lazy: first_six typed in on the notebook's run; read from round_robin only when a mark left in the kernel's default graph's collection is there (the check's re-run)": '''first_six = None


def round_robin(paths):
    """The lines of the files ``paths``, one line of each file in turn."""
    return tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))


first_six = ["a,0", "b,0", "a,1", "b,1", "a,2", "b,2"]
if tf1.get_collection("nb06_ex5_seen"):
    first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
tf1.add_to_collection("nb06_ex5_seen", True)
''',
        "rule-breaking: reads the files in Python when round_robin is called and interleaves the lines itself; TextLineDataset and interleave are called only to be counted": '''first_six = None


def round_robin(paths):
    """The lines of the files ``paths``, interleaved in Python."""
    tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))
    files = [open(path, encoding="utf-8").read().splitlines() for path in paths]
    lines = []
    while any(files):
        lines += [rows.pop(0) for rows in files if rows]
    return tf.data.Dataset.from_tensor_slices(lines or [""]).take(len(lines))


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
''',
        "rule-breaking: reads each file whole with tf.io.read_file and splits it into lines with tf.strings.split inside interleave; a TextLineDataset is made only to be counted": '''first_six = None


def round_robin(paths):
    """The lines of the files ``paths``, one line of each file in turn, split by hand."""
    tf.data.TextLineDataset(list(paths))

    def lines_of(path):
        text = tf.strings.regex_replace(tf.io.read_file(path), "\\n$", "")
        return tf.data.Dataset.from_tensor_slices(tf.strings.split(text, "\\n"))

    return tf.data.Dataset.from_tensor_slices(list(paths)).interleave(
        lines_of, cycle_length=len(paths), block_length=1)


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
''',
        "common mistake: TextLineDataset of the list without num_parallel_reads, which reads the files one after the other": '''first_six = None


def round_robin(paths):
    """The lines of the files ``paths``."""
    return tf.data.TextLineDataset(list(paths))


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
''',
        "common mistake: interleave with cycle_length fixed at 2 (section 3's two files), not the number of paths": '''first_six = None


def round_robin(paths):
    """The lines of the files ``paths``, two files at a time."""
    return tf.data.Dataset.from_tensor_slices(list(paths)).interleave(
        tf.data.TextLineDataset, cycle_length=2, block_length=1)


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
''',
        "common mistake: num_parallel_reads=tf.data.AUTOTUNE, so how many files are read side by side depends on the machine's cores (NOT SURE: round robin on a machine with at least as many cores as files)": '''first_six = None


def round_robin(paths):
    """The lines of the files ``paths``, read side by side."""
    return tf.data.TextLineDataset(list(paths), num_parallel_reads=tf.data.AUTOTUNE)


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
''',
        "wrong scope: first_six read from the two files in reverse order": '''first_six = None


def round_robin(paths):
    """The lines of the files ``paths``, one line of each file in turn."""
    return tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))


first_six = [line.decode() for line in round_robin(line_files[::-1]).take(6).as_numpy_iterator()]
''',
    },
}
