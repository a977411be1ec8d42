"""Wrong answers to notebook 06's exercises: each must fail its check (proved by `refute`)."""

_EX1_WRITE = '''digit_record = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[0].tobytes()])),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])])),
}))
with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
'''

_EX1_READ = _EX1_WRITE + '''digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
              "label": tf.io.FixedLenFeature([], tf.int64)}
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.io.decode_raw(fields["pixels"], tf.uint8), [28, 28]).numpy()
    label_back = int(fields["label"])
'''

_EX1_SPEC = """digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),
              "label": tf.io.FixedLenFeature([], tf.int64)}
"""

_EX2_PIPELINE = '''rows_read, sum_x, coord, threads = 0, 0.0, None, []
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
{init}        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)
                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
{join}'''

_EX5_FIRST_SIX = ("\n\nfirst_six = [line.decode()\n"
                  "             for line in round_robin(line_files).take(6).as_numpy_iterator()]\n")

_EX3_QUEUE = '''with tf.Graph().as_default() as g:
    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = pad_queue.enqueue([seq])
    take_three = pad_queue.dequeue_many(3)
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
'''

_EX3_NUMPY = '''predicted_shape = (3, 3, 2)
padded = np.zeros((3, 3, 2), np.float32)
for row, n in enumerate((1, 3, 2)):
    padded[row, :n] = 1.0
'''

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb06_ex1": {
        "lazy: digit and label read from memory, no file written":
            "digit_back, label_back = test_digits[0], int(test_labels[0])\n",
        "common mistake: the file written right, the digit then taken from memory":
            _EX1_WRITE + "digit_back, label_back = test_digits[0], int(test_labels[0])\n",
        "common mistake: the pixels stored as 784 Int64List values, not raw bytes": '''\
digit_record = tf.train.Example(features=tf.train.Features(feature={
    "pixels": tf.train.Feature(int64_list=tf.train.Int64List(value=test_digits[0].ravel())),
    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])])),
}))
with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
digit_spec = {"pixels": tf.io.FixedLenFeature([784], tf.int64),
              "label": tf.io.FixedLenFeature([], tf.int64)}
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    fields = tf.io.parse_single_example(raw, digit_spec)
    digit_back = tf.reshape(tf.cast(fields["pixels"], tf.uint8), [28, 28]).numpy()
    label_back = int(fields["label"])
''',
        "fakes: the file written right, the pixels decoded from the bytes in memory":
            _EX1_WRITE + '''\
digit_back = tf.reshape(tf.io.decode_raw(test_digits[0].tobytes(), tf.uint8), [28, 28]).numpy()
label_back = int(test_labels[0])
''',
        "lazy: the pixels read back from the file, the label taken from memory": _EX1_READ.replace(
            'label_back = int(fields["label"])', "label_back = int(test_labels[0])"),
        "breaks the rule: the file written by tf.data.experimental.TFRecordWriter, not a "
        "tf.io.TFRecordWriter": _EX1_READ.replace(
            """with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:
    writer.write(digit_record.SerializeToString())
""", """tf.data.experimental.TFRecordWriter(str(LOGS / "digit.tfrecord")).write(
    tf.data.Dataset.from_tensors(digit_record.SerializeToString()))
"""),
        "breaks the rule: the file read back with tf1.io.tf_record_iterator, not "
        "tf.data.TFRecordDataset": _EX1_READ.replace(
            'for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):',
            'for raw in tf1.io.tf_record_iterator(str(LOGS / "digit.tfrecord")):'),
        "breaks the rule: the record parsed with tf.train.Example, not "
        "tf.io.parse_single_example": _EX1_WRITE + _EX1_SPEC + '''\
for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):
    feature = tf.train.Example.FromString(raw.numpy()).features.feature
    pixels = feature["pixels"].bytes_list.value[0]
    digit_back = tf.reshape(tf.io.decode_raw(pixels, tf.uint8), [28, 28]).numpy()
    label_back = int(feature["label"].int64_list.value[0])
''',
        "breaks the rule: the pixels described by a VarLenFeature, not a FixedLenFeature":
            _EX1_READ.replace(
                '"pixels": tf.io.FixedLenFeature([], tf.string)',
                '"pixels": tf.io.VarLenFeature(tf.string)').replace(
                'tf.io.decode_raw(fields["pixels"], tf.uint8)',
                'tf.io.decode_raw(tf.sparse.to_dense(fields["pixels"])[0], tf.uint8)'),
        "breaks the rule: the bytes turned into pixels by np.frombuffer, not tf.io.decode_raw":
            _EX1_READ.replace(
                'tf.reshape(tf.io.decode_raw(fields["pixels"], tf.uint8), [28, 28]).numpy()',
                'np.frombuffer(fields["pixels"].numpy(), np.uint8).reshape(28, 28)'),
    },
    "nb06_ex2": {
        "lazy: section 3's printed figures, no pipeline run": (
            "rows_read, sum_x = 42, 533.1\n"
            "coord = tf1.train.Coordinator()\n"
            "coord.request_stop()\n"
            "threads = []\n"),
        "common mistake: the planted bug left in (no local_variables_initializer)":
            _EX2_PIPELINE.format(init="", join=""),
        "common mistake: one batch read, not one epoch": _EX2_PIPELINE.format(
            init="        sess.run(tf1.local_variables_initializer())\n",
            join="        coord.join(threads)\n").replace(
            "while not coord.should_stop():", "for _ in range(1):"),
        "lazy: section 3's figures typed in, the threads started, stopped and joined": '''\
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        rows_read, sum_x = 42, 533.1
        coord.request_stop()
        coord.join(threads)
''',
        "the issue's example: everything right but coord.join (passed when checked 1 s later)":
            _EX2_PIPELINE.format(
                init="        sess.run(tf1.local_variables_initializer())\n", join="")
            + "time.sleep(1.0)  # the threads end meanwhile: only a join makes them end in order\n",
        "common mistake: each thread joined by hand, the coordinator never joined":
            _EX2_PIPELINE.format(
                init="        sess.run(tf1.local_variables_initializer())\n",
                join="        for t in threads:\n            t.join(timeout=10)\n"),
        "breaks the rule: the runners started without the coordinator, which stops nothing":
            _EX2_PIPELINE.format(
                init="        sess.run(tf1.local_variables_initializer())\n",
                join="        coord.join(threads)\n").replace(
                "start_queue_runners(sess=sess, coord=coord)", "start_queue_runners(sess=sess)"),
        "breaks the rule: the threads started by hand with create_threads, not by "
        "tf1.train.start_queue_runners": _EX2_PIPELINE.format(
            init="        sess.run(tf1.local_variables_initializer())\n",
            join="        coord.join(threads)\n").replace(
            "threads = tf1.train.start_queue_runners(sess=sess, coord=coord)",
            "threads = [t for runner in tf1.get_collection(tf1.GraphKeys.QUEUE_RUNNERS)\n"
            "                   for t in runner.create_threads(sess, coord=coord, start=True)]"),
        "breaks the rule: the rows counted from the CSV in NumPy, the threads started, stopped "
        "and joined": '''\
with tf.Graph().as_default() as g:
    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        rows = np.loadtxt(csv_path, delimiter=",", skiprows=1)
        rows_read, sum_x = len(rows), float(rows[:, 0].sum())
        coord.request_stop()
        coord.join(threads)
''',
        "breaks the rule: the coordinator's stop event set by hand, coord.request_stop() never "
        "called": _EX2_PIPELINE.format(
            init="        sess.run(tf1.local_variables_initializer())\n",
            join="        coord.join(threads)\n").replace(
            "        coord.request_stop()\n", "        coord._stop_event.set()\n"),
        "breaks the rule: each thread joined by hand and the coordinator marked joined, "
        "coord.join never called": _EX2_PIPELINE.format(
            init="        sess.run(tf1.local_variables_initializer())\n",
            join="        for t in threads:\n            t.join(timeout=10)\n"
                 "        coord._joined = True\n"),
    },
    "nb06_ex3": {
        "lazy: a made-up array of the predicted shape":
            "predicted_shape = (3, 3, 2)\npadded = np.ones((3, 3, 2), np.float32)\n",
        "common mistake: the sequences concatenated, not padded":
            "predicted_shape = (6, 2)\n" + _EX3_QUEUE,
        "common mistake: the padded length left unknown":
            "predicted_shape = (3, None, 2)\n" + _EX3_QUEUE,
        "common mistake: the shape as a list":
            "predicted_shape = [3, 3, 2]\n" + _EX3_QUEUE,
        "fakes: a padded array built in NumPy where a queue was asked": _EX3_NUMPY,
        "breaks the rule: the queue built and filled, the array then padded in NumPy":
            _EX3_QUEUE.replace("padded = sess.run(take_three, options=TIMEOUT)", "pass")
            + _EX3_NUMPY,
        "breaks the rule: the queue built from raw ops, not tf1.PaddingFIFOQueue": '''\
predicted_shape = (3, 3, 2)
with tf.Graph().as_default() as g:
    handle = tf.raw_ops.PaddingFIFOQueueV2(component_types=[tf.float32],
                                           shapes=[tf.TensorShape([None, 2])], capacity=5)
    seq = tf1.placeholder(tf.float32, [None, 2])
    put = tf.raw_ops.QueueEnqueueV2(handle=handle, components=[seq])
    take_three = tf.raw_ops.QueueDequeueManyV2(handle=handle, n=3, component_types=[tf.float32])[0]
    with tf1.Session(graph=g) as sess:
        for n in (1, 3, 2):
            sess.run(put, {seq: np.ones((n, 2), np.float32)})
        padded = sess.run(take_three, options=TIMEOUT)
''',
        "breaks the rule: the queue built and filled, padded a Session.run of a constant":
            _EX3_QUEUE.replace("padded = sess.run(take_three, options=TIMEOUT)", "pass")
            + "predicted_shape = (3, 3, 2)\n"
              "by_hand = np.array([[[1, 1], [0, 0], [0, 0]], [[1, 1], [1, 1], [1, 1]],\n"
              "                    [[1, 1], [1, 1], [0, 0]]], np.float32)\n"
              "with tf.Graph().as_default(), tf1.Session() as sess:\n"
              "    padded = sess.run(tf.constant(by_hand))\n",
    },
    "nb06_ex4": {
        "lazy: one number for both, no file written":
            "overhead_per_record = one_record_overhead = 50\n",
        "common mistake: the protocol buffer alone, without the record framing": '''\
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
first = items[0][0]
proto = tfrecord.image_example(first.read_bytes(), items[0][1], *tfrecord.image_shape(first))
overhead_per_record = one_record_overhead = len(proto.SerializeToString()) - first.stat().st_size
''',
        "common mistake: a ratio of sizes, not bytes": '''\
overhead_per_record = record_path.stat().st_size / jpeg_bytes
tfrecord.write_image_records(items[:1], LOGS / "one.tfrecord")
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size
''',
        "breaks the rule: the record made by hand, not with tfrecord.image_example": '''\
overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written
first, label = items[0]
height, width, channels = tfrecord.image_shape(first)


def ints(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[int(value)]))


by_hand = tf.train.Example(features=tf.train.Features(feature={
    "image": tf.train.Feature(bytes_list=tf.train.BytesList(value=[first.read_bytes()])),
    "label": ints(label), "height": ints(height), "width": ints(width),
    "channels": ints(channels)}))
with tf.io.TFRecordWriter(str(LOGS / "one.tfrecord")) as writer:
    writer.write(by_hand.SerializeToString())
one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - first.stat().st_size
''',
    },
    "nb06_ex5": {
        "common mistake: the files one after the other (no interleave)":
            "def round_robin(paths):\n"
            "    return tf.data.TextLineDataset(list(paths))\n" + _EX5_FIRST_SIX,
        "common mistake: cycle_length=2 written in, right only for two files":
            "def round_robin(paths):\n"
            "    return tf.data.Dataset.from_tensor_slices(list(paths)).interleave(\n"
            "        tf.data.TextLineDataset, cycle_length=2, num_parallel_calls=2)\n"
            + _EX5_FIRST_SIX,
        "common mistake: the files zipped, which stops at the shortest file":
            "def round_robin(paths):\n"
            "    files = tuple(tf.data.TextLineDataset(path) for path in paths)\n"
            "    return tf.data.Dataset.zip(files).flat_map(\n"
            "        lambda *lines: tf.data.Dataset.from_tensor_slices(tf.stack(lines)))\n"
            + _EX5_FIRST_SIX,
        "breaks the rule: the lines read in Python when round_robin is called":
            "def round_robin(paths):\n"
            "    files = [open(path, encoding='utf-8').read().splitlines() for path in paths]\n"
            "    lines = []\n"
            "    while any(files):\n"
            "        lines += [rows.pop(0) for rows in files if rows]\n"
            "    return tf.data.Dataset.from_tensor_slices(tf.constant(lines, tf.string))\n"
            + _EX5_FIRST_SIX,
        "lazy: first_six typed in, round_robin reads one file after the other":
            "def round_robin(paths):\n"
            "    return tf.data.TextLineDataset(list(paths))\n\n\n"
            "first_six = ['a,0', 'b,0', 'a,1', 'b,1', 'a,2', 'b,2']\n",
        "breaks the rule: the lines split from tf.io.read_file, no TextLineDataset":
            "def round_robin(paths):\n"
            "    def lines_of(path):\n"
            "        text = tf.strings.strip(tf.io.read_file(path))\n"
            "        return tf.data.Dataset.from_tensor_slices(tf.strings.split(text, \"\\n\"))\n"
            "    return tf.data.Dataset.from_tensor_slices(list(paths)).interleave(\n"
            "        lines_of, cycle_length=len(paths))\n" + _EX5_FIRST_SIX,
        "breaks the rule: choose_from_datasets in turn, no interleave or num_parallel_reads":
            "def round_robin(paths):\n"
            "    files = [tf.data.TextLineDataset(path) for path in paths]\n"
            "    turns = tf.data.Dataset.range(len(paths)).repeat()\n"
            "    return tf.data.Dataset.choose_from_datasets(files, turns,\n"
            "                                                stop_on_empty_dataset=False)\n"
            + _EX5_FIRST_SIX,
        "breaks the rule: the files read when round_robin is called, merged into a new file":
            "from pathlib import Path\n\n\n"
            "def round_robin(paths):\n"
            "    rows = [open(path, encoding='utf-8').read().splitlines() for path in paths]\n"
            "    merged = Path(paths[0]).with_suffix('.merged')\n"
            "    lines = []\n"
            "    while any(rows):\n"
            "        lines += [row.pop(0) for row in rows if row]\n"
            "    merged.write_text(''.join(line + '\\n' for line in lines), encoding='utf-8')\n"
            "    return tf.data.Dataset.from_tensors(str(merged)).interleave(\n"
            "        tf.data.TextLineDataset)\n" + _EX5_FIRST_SIX,
        "breaks the rule: first_six typed in beside a right round_robin":
            "def round_robin(paths):\n"
            "    return tf.data.TextLineDataset(list(paths), num_parallel_reads=len(paths))\n\n\n"
            "first_six = ['a,0', 'b,0', 'a,1', 'b,1', 'a,2', 'b,2']\n",
    },
}


# The fourth attack's answers (tests/attacks2) that a value-only check let through: a
# result dropped, a table of the sizes tried, a typed batch passed through the queue (issue 46).
WRONG_ANSWERS['nb06_ex3'].update({
    'lazy: padded typed in, then pushed whole through a PaddingFIFOQueue wi'
    'th enqueue_many and taken out with dequeue_many(3); the three sequence'
    's are never enqueued': (
        'predicted_shape = (3, 3, 2)\n'
        '_typed = np.zeros((3, 3, 2), np.float32)\n'
        '_typed[0, :1] = _typed[1, :3] = _typed[2, :2] = 1.0\n'
        'with tf.Graph().as_default() as g:\n'
        '    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], '
        'shapes=[[None, 2]])\n'
        '    put_all = pad_queue.enqueue_many([tf.constant(_typed)])\n'
        '    take_three = pad_queue.dequeue_many(3)\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        sess.run(put_all)\n'
        '        padded = sess.run(take_three, options=TIMEOUT)\n'),
})


# The fourth attack's answers (tests/attacks2) that made the named call and dropped its
# result: the re-runs now change what the call gives and the answer must follow (issue 46).
WRONG_ANSWERS['nb06_ex1'].update({
    'rule-breaking: tf.io.decode_raw is called but its result dropped; the '
    'pixels decoded with np.frombuffer': (
        'digit_record = tf.train.Example(features=tf.train.Features(feature={\n'
        '    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[te'
        'st_digits[0].tobytes()])),\n'
        '    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int'
        '(test_labels[0])])),\n'
        '}))\n'
        'with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:\n'
        '    writer.write(digit_record.SerializeToString())\n'
        'digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),\n'
        '              "label": tf.io.FixedLenFeature([], tf.int64)}\n'
        'for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):\n'
        '    fields = tf.io.parse_single_example(raw, digit_spec)\n'
        '    tf.io.decode_raw(fields["pixels"], tf.uint8)\n'
        '    digit_back = np.frombuffer(fields["pixels"].numpy(), np.uint8).res'
        'hape(28, 28).copy()\n'
        '    label_back = int(fields["label"])\n'),
})
WRONG_ANSWERS['nb06_ex5'].update({
    'rule-breaking: a Python generator reads the files in turn (tf.data.Dat'
    'aset.from_generator); a TextLineDataset with num_parallel_reads is mad'
    'e and never used': (
        'def round_robin(paths):\n'
        '    paths = list(paths)\n'
        '    tf.data.TextLineDataset(paths, num_parallel_reads=len(paths))\n'
        '\n'
        '    def lines():\n'
        '        rows = []\n'
        '        for path in paths:\n'
        '            with open(path, encoding="utf-8") as f:\n'
        '                rows.append(f.read().splitlines())\n'
        '        while any(rows):\n'
        '            for row in rows:\n'
        '                if row:\n'
        '                    yield row.pop(0)\n'
        '    return tf.data.Dataset.from_generator(lines, output_signature=tf.T'
        'ensorSpec([], tf.string))\n'
        '\n'
        '\n'
        'first_six = [line.decode() for line in round_robin(line_files).take(6)'
        '.as_numpy_iterator()]\n'),
})


# The fourth attack's answer (tests/attacks2) that ran the epoch but summed the file in NumPy:
# the hidden re-run now gives the answer every X 100 more than the file holds.
WRONG_ANSWERS['nb06_ex2'].update({
    'rule-breaking: the epoch is run through x_batch, but rows_read and sum'
    '_x come from np.loadtxt of the CSV, not from what the session returned': (
        'with tf.Graph().as_default() as g:\n'
        '    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        sess.run(tf1.local_variables_initializer())\n'
        '        coord = tf1.train.Coordinator()\n'
        '        threads = tf1.train.start_queue_runners(sess=sess, coord=coord'
        ')\n'
        '        rows_read, sum_x = 0, 0.0\n'
        '        try:\n'
        '            while not coord.should_stop():\n'
        '                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)'
        '\n'
        '                pass\n'
        '        except tf.errors.OutOfRangeError:\n'
        '            pass\n'
        '        coord.request_stop()\n'
        '        coord.join(threads)\n'
        '_rows = np.loadtxt(csv_path, delimiter=",", skiprows=1)\n'
        'rows_read, sum_x = len(_rows), float(_rows[:, 0].sum())\n'),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb06_ex1'].update({
    'rule-breaking: parsed with tf.train.Example.FromString instead of tf.io.parse_single_example (called once and its result dropped) (tests/attacks3)':  # noqa: E501
        'digit_back, label_back = None, None\n'
        'digit_record = tf.train.Example(features=tf.train.Features(feature={\n'
        '    "pixels": tf.train.Feature(bytes_list=tf.train.BytesList(value=[test_digits[0].tobytes()])),\n'  # noqa: E501
        '    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(test_labels[0])])),\n'  # noqa: E501
        '}))\n'
        'with tf.io.TFRecordWriter(str(LOGS / "digit.tfrecord")) as writer:\n'
        '    writer.write(digit_record.SerializeToString())\n'
        'digit_spec = {"pixels": tf.io.FixedLenFeature([], tf.string),\n'
        '              "label": tf.io.FixedLenFeature([], tf.int64)}\n'
        'for raw in tf.data.TFRecordDataset(str(LOGS / "digit.tfrecord")):\n'
        '    tf.io.parse_single_example(raw, digit_spec)\n'
        '    example = tf.train.Example.FromString(raw.numpy())\n'
        '    pixels = example.features.feature["pixels"].bytes_list.value[0]\n'
        '    digit_back = tf.reshape(tf.io.decode_raw(pixels, tf.uint8), [28, 28]).numpy()\n'
        '    label_back = int(example.features.feature["label"].int64_list.value[0])\n',
})
WRONG_ANSWERS['nb06_ex2'].update({
    "gaming: coord.join never called on coord (its threads' errors never raised): each thread joined by hand, a throwaway Coordinator's join called for the count, and coord's joined flag forged (coord._joined = True) (tests/attacks3)":  # noqa: E501
        'rows_read, sum_x, coord, threads = 0, 0.0, None, []\n'
        'with tf.Graph().as_default() as g:\n'
        '    key, (x_batch, y_batch) = csv_pipeline(batch_size=10)\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        sess.run(tf1.local_variables_initializer())\n'
        '        coord = tf1.train.Coordinator()\n'
        '        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)\n'
        '        try:\n'
        '            while not coord.should_stop():\n'
        '                xb, yb = sess.run([x_batch, y_batch], options=TIMEOUT)\n'
        '                rows_read, sum_x = rows_read + len(xb), sum_x + xb.sum()\n'
        '        except tf.errors.OutOfRangeError:\n'
        '            pass\n'
        '        coord.request_stop()\n'
        '        for thread in threads:\n'
        '            thread.join(10)\n'
        '        tf1.train.Coordinator().join([])\n'
        '        coord._joined = True\n',
})
WRONG_ANSWERS['nb06_ex3'].update({
    'rule-breaking: each sequence padded by hand to length 3 before it is enqueued (the queue pads nothing) (tests/attacks3)':  # noqa: E501
        'predicted_shape, padded = None, None\n'
        'predicted_shape = (3, 3, 2)\n'
        'with tf.Graph().as_default() as g:\n'
        '    pad_queue = tf1.PaddingFIFOQueue(capacity=5, dtypes=[tf.float32], shapes=[[None, 2]])\n'  # noqa: E501
        '    seq = tf1.placeholder(tf.float32, [None, 2])\n'
        '    put = pad_queue.enqueue([seq])\n'
        '    take_three = pad_queue.dequeue_many(3)\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        for n in (1, 3, 2):\n'
        '            row = np.zeros((3, 2), np.float32)\n'
        '            row[:n] = 1\n'
        '            sess.run(put, {seq: row})\n'
        '        padded = sess.run(take_three, options=TIMEOUT)\n',
})
WRONG_ANSWERS['nb06_ex4'].update({
    'rule-breaking: the record written with a hand-made Example (image_example called and dropped), its shape fields typed as zeros (tests/attacks3)':  # noqa: E501
        'overhead_per_record, one_record_overhead = None, None\n'
        'overhead_per_record = (record_path.stat().st_size - jpeg_bytes) / written\n'
        'data = items[0][0].read_bytes()\n'
        'tfrecord.image_example(data, 0, 0, 0, 0)\n'
        'hand = tf.train.Example(features=tf.train.Features(feature={\n'
        '    "image": tf.train.Feature(bytes_list=tf.train.BytesList(value=[data])),\n'
        '    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),\n'
        '    "height": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),\n'
        '    "width": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),\n'
        '    "channels": tf.train.Feature(int64_list=tf.train.Int64List(value=[0])),\n'
        '}))\n'
        '(LOGS / "one.tfrecord").parent.mkdir(parents=True, exist_ok=True)\n'
        'with tf.io.TFRecordWriter(str(LOGS / "one.tfrecord")) as writer:\n'
        '    writer.write(hand.SerializeToString())\n'
        'one_record_overhead = (LOGS / "one.tfrecord").stat().st_size - items[0][0].stat().st_size\n',  # noqa: E501
})
WRONG_ANSWERS['nb06_ex5'].update({
    'rule-breaking: choose_from_datasets over one TextLineDataset per file does the round robin; an interleave is made on a dummy dataset and dropped, so neither interleave nor num_parallel_reads does the work (tests/attacks3)':  # noqa: E501
        'first_six = None\n'
        'def round_robin(paths):\n'
        '    tf.data.Dataset.range(1).interleave(lambda i: tf.data.Dataset.range(1), cycle_length=1)\n'  # noqa: E501
        '    readers = [tf.data.TextLineDataset(p) for p in paths]\n'
        '    order = tf.data.Dataset.range(len(paths)).repeat()\n'
        '    return tf.data.Dataset.choose_from_datasets(readers, order, stop_on_empty_dataset=False)\n'  # noqa: E501
        '\n'
        '\n'
        'first_six = [line.decode() for line in round_robin(line_files).take(6).as_numpy_iterator()]\n',  # noqa: E501
})
