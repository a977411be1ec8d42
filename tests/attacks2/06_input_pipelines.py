"""Fresh wrong answers for notebook 06's exercises (issue 46's independent attack, set b2)."""
# ruff: noqa: E501 (the answers are whole cells, kept as a student would write them)

_G1 = "from IPython import get_ipython\nif globals() is get_ipython().user_ns:  # the notebook's own run\n"


def _indent(source: str) -> str:
    return "".join("    " + line if line.strip() else line for line in source.splitlines(True))


def _g1(kernel: str, rerun: str) -> str:
    """A cell that does ``kernel`` in the notebook's run and ``rerun`` when the check runs it again."""
    return _G1 + _indent(kernel) + "else:  # the check's re-run\n" + _indent(rerun)


_EX1_WRITE = '''digit_record = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[0].tobytes()])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])])),
}))
with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
'''
_EX1_READ = '''digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
              "label": tf.io.FixedLenFeature([], tf.int64)}
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
'''
_EX1_HONEST = _EX1_WRITE + _EX1_READ + '''    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.uint8), [28, 28]).numpy()
    label_back = int(fields["label"])
'''

_EX2_HONEST = '''with tf.Graph().as_default() as g:
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
        coord.request_stop()
        coord.join(threads)
'''
_EX2_NUMPY = '''import threading
_rows = np.loadtxt(csv_path, delimiter=",", skiprows=1)
rows_read, sum_x = len(_rows), float(_rows[:, 0].sum())
coord = tf1.train.Coordinator()
threads = [threading.Thread(target=lambda: None)]
threads[0].start()
coord.request_stop()
coord.join(threads)
'''

_EX3_HONEST = '''predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
'''
_EX3_TYPED = '''predicted_shape = (3, 3, 2)
padded = np.zeros((3, 3, 2), np.float32)
padded[0, :1] = padded[1, :3] = padded[2, :2] = 1.0
'''

_EX4_HONEST = '''overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
'''
_EX4_BY_HAND = '''overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
_first, _label = items[0]
_h, _w, _c = tfrecord.image_shape(_first)
_example = tf.train.Example(features=tf.train.Features(feature={
    "image": tfrecord.bytes_feature(_first.read_bytes()), "label": tfrecord.int64_feature(int(_label)),
    "height": tfrecord.int64_feature(_h), "width": tfrecord.int64_feature(_w),
    "channels": tfrecord.int64_feature(_c)}))
with tf.io.TFRecordWriter(str(LOGS / "one.tfrecord")) as _writer:
    _writer.write(_example.SerializeToString())
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - _first.stat().st_size
'''

_EX5_HONEST = '''def round_robin(paths):
    return tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
'''

def _forged(kernel: str, honest: str) -> str:
    """A cell that hides the kernel's own record of the cells it ran (``cell_record._RECORDS``
    emptied until the check has run), so that the check falls back on IPython's history, and
    appends ``honest`` to that history: the check re-runs ``honest``; the cell itself runs
    ``kernel``."""
    return ("import cs20_helpers.cell_record as _cell_record\n"
            "from IPython import get_ipython\n"
            "_kept_records = dict(_cell_record._RECORDS)\n"
            "_cell_record._RECORDS.clear()\n"
            "_cells_after = [0]\n\n\n"
            "def _put_records_back(result):\n"
            "    _cells_after[0] += 1\n"
            "    if _cells_after[0] == 2:\n"
            "        _cell_record._RECORDS.update(_kept_records)\n\n\n"
            "get_ipython().events.register(\"post_run_cell\", _put_records_back)\n"
            f"get_ipython().history_manager.input_hist_parsed.append({honest!r})\n"
            f"get_ipython().history_manager.input_hist_raw.append({honest!r})\n" + kernel)


WRONG_ANSWERS = {
    "nb06_ex1": {
        "lazy: the record is written, but digit_back and label_back are copied from memory":
            _EX1_WRITE + "digit_back = test_digits[0].copy()\nlabel_back = int(test_labels[0])\n",
        "rule-breaking: tf.io.decode_raw is called but its result dropped; the pixels decoded "
        "with np.frombuffer":
            _EX1_WRITE + _EX1_READ + '''    tf.io.decode_raw(fields["pixels"], tf.uint8)
    digit_back = np.frombuffer(fields["pixels"].numpy(), np.uint8).reshape(28, 28).copy()
    label_back = int(fields["label"])
''',
        "rule-breaking: parsed with tf.train.Example.FromString, not parse_single_example":
            _EX1_WRITE + '''for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    _example = tf.train.Example.FromString(raw.numpy()).features.feature
    digit_back = np.frombuffer(_example["pixels"].bytes_list.value[0], np.uint8).reshape(28, 28).copy()
    label_back = int(_example["label"].int64_list.value[0])
''',
        "gaming: in the notebook's run digit_back and label_back come from memory; the check's "
        "re-runs, told apart by their namespace, read the file":
            _g1(_EX1_WRITE + "digit_back = test_digits[0].copy()\nlabel_back = int(test_labels[0])\n",
                _EX1_HONEST),
        "common mistake: the decoded bytes not reshaped: digit_back has shape (784,)":
            _EX1_HONEST.replace("tf.reshape(tf.io.decode_raw(fields[\"pixels\"], tf.uint8), [28, 28])",
                                "tf.io.decode_raw(fields[\"pixels\"], tf.uint8)"),
        "common mistake: label_back left a NumPy int64, not an int":
            _EX1_HONEST.replace('label_back = int(fields["label"])',
                                'label_back = fields["label"].numpy()'),
    },
    "nb06_ex2": {
        "lazy: the rows counted with NumPy; a coordinator stopped and joined on a dummy thread":
            _EX2_NUMPY,
        "rule-breaking: the epoch is run through x_batch, but rows_read and sum_x come from "
        "np.loadtxt of the CSV, not from what the session returned":
            _EX2_HONEST.replace(
                "                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()\n",
                "                pass\n") + '''_rows = np.loadtxt(csv_path, delimiter=",", skiprows=1)
rows_read, sum_x = len(_rows), float(_rows[:, 0].sum())
''',
        "common mistake: rows_read counts the batches, not the rows":
            _EX2_HONEST.replace("rows_read + len(xb)", "rows_read + 1"),
        "common mistake: fixed, but the threads are never joined":
            _EX2_HONEST.replace("        coord.join(threads)\n", ""),
        "gaming: in the notebook's run the rows are counted with NumPy and the coordinator "
        "joins a dummy thread; the check's re-runs, told apart by their namespace, run the "
        "pipeline":
            _g1(_EX2_NUMPY, _EX2_HONEST),
    },
    "nb06_ex3": {
        "lazy: predicted_shape and padded typed in":
            _EX3_TYPED,
        "lazy: padded typed in, then pushed whole through a PaddingFIFOQueue with enqueue_many "
        "and taken out with dequeue_many(3); the three sequences are never enqueued":
            _EX3_TYPED.replace("padded", "_typed") + '''with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    put_all = pad_queue.enqueue_many([tf.constant(_typed)])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        sess.run(put_all)
        padded = sess.run(take_three, options=TIMEOUT)
''',
        "rule-breaking: the three sequences dequeued one by one and padded with NumPy":
            '''predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_one = pad_queue.dequeue()
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        _got = [sess.run(take_one, options=TIMEOUT) for _ in range(3)]
padded = np.zeros((3, 3, 2), np.float32)
for _i, _s in enumerate(_got):
    padded[_i, :len(_s)] = _s
''',
        "common mistake: predicted_shape without the padded time axis":
            _EX3_HONEST.replace("predicted_shape = (3, 3, 2)", "predicted_shape = (3, 2)"),
        "common mistake: the sequences enqueued in another order (3, 1, 2)":
            _EX3_HONEST.replace("for n in (1, 3, 2):", "for n in (3, 1, 2):"),
        "gaming: padded typed in; the kernel's record of the cells it ran hidden from the check (cell_record._RECORDS emptied) and a rule-abiding cell appended to IPython's history, which the check then re-runs":
            _forged(_EX3_TYPED, _EX3_HONEST),
        "gaming: typed in in the notebook's run; the check's re-runs, told apart by their "
        "namespace, run the queue":
            _g1(_EX3_TYPED, _EX3_HONEST),
    },
    "nb06_ex4": {
        "lazy: one record written, both overheads typed in":
            '''tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
overhead_per_record, one_record_overhead = 60.0, 60
''',
        "rule-breaking: the record written as a tf.train.Example made by hand, not "
        "tfrecord.image_example":
            _EX4_BY_HAND,
        "common mistake: overhead per record without subtracting the JPEG bytes":
            _EX4_HONEST.replace("(record_path.stat().st_size - jpeg_bytes) / written",
                                "record_path.stat().st_size / written"),
        "common mistake: one_record_overhead taken from the average, not measured":
            _EX4_HONEST.replace(
                "one_record_overhead = (LOGS / \"one.tfrecord\").stat().st_size - items[0][0].stat().st_size",
                "one_record_overhead = round(overhead_per_record)"),
        "gaming: in the notebook's run the record is an Example made by hand; the check's "
        "re-runs, told apart by their namespace, use tfrecord.image_example":
            _g1(_EX4_BY_HAND, _EX4_HONEST),
    },
    "nb06_ex5": {
        "lazy: first_six typed in":
            _EX5_HONEST.split("\n\n\n")[0] + '\n\n\nfirst_six = ["a,0", "b,0", "a,1", "b,1", "a,2", "b,2"]\n',
        "rule-breaking: a Python generator reads the files in turn (tf.data.Dataset."
        "from_generator); a TextLineDataset with num_parallel_reads is made and never used":
            '''def round_robin(paths):
    paths = list(paths)
    tf.data.TextLineDataset(paths, num_parallel_reads=len(paths))

    def lines():
        rows = []
        for path in paths:
            with open(path, encoding="utf-8") as f:
                rows.append(f.read().splitlines())
        while any(rows):
            for row in rows:
                if row:
                    yield row.pop(0)
    return tf.data.Dataset.from_generator(lines, output_signature=tf.TensorSpec([], tf.string))


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
''',
        "rule-breaking: the lines are read when round_robin is called and served from memory":
            '''def round_robin(paths):
    read = list(tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths)).as_numpy_iterator())
    return tf.data.Dataset.from_tensor_slices(read)


first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]
''',
        "common mistake: TextLineDataset of the paths, one file after the other":
            _EX5_HONEST.replace(", num_parallel_reads=len(paths)", ""),
        "common mistake: num_parallel_reads=2, right for section 3's two files only":
            _EX5_HONEST.replace("num_parallel_reads=len(paths)", "num_parallel_reads=2"),
        "gaming: first_six typed in in the notebook's run; the check's re-run, told apart by its "
        "namespace, reads it":
            _g1(_EX5_HONEST.split("\n\n\n")[0] + '\n\n\nfirst_six = ["a,0", "b,0", "a,1", "b,1", "a,2", "b,2"]\n',
                _EX5_HONEST),
    },
}
