"""Fresh wrong answers (sixth attack, issue 46) for notebook 01's exercises."""
# ruff: noqa: E501

#: True in the check's re-run: the rules' recording puts a functools.wraps wrapper on Session.run,
#: which the first run never sees (the dunder name is built, so no string constant names it).
_WRAPPED = '_again = getattr(tf1.Session.run, "_" * 2 + "wrapped" + "_" * 2, None) is not None\n'
#: True in the check's re-run: a mark left in a collection of the kernel's default graph.
_COLLECTION = ('_marks = tf1.get_default_graph().get_collection_ref("answer_ran_once")\n'
               '_again = bool(_marks)\n_marks.append(True)\n')
#: True in the check's re-run: a mark left in a dict NumPy keeps (not an attribute set).
_NUMPY_DICT = '_again = "answer_ran_once" in np.typecodes\nnp.typecodes["answer_ran_once"] = ""\n'
#: True in the check's re-run: a file left in the temporary folder, named by the process.
_FILE = ('import os\nimport tempfile\nfrom pathlib import Path\n'
         '_mark = Path(tempfile.gettempdir()) / f"answer_nb01_{os.getpid()}.mark"\n'
         '_again = _mark.exists()\n_mark.write_text("ran", encoding="utf-8")\n')

_TRACED = '''with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_metadata = tf1.RunMetadata()
    both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3},
                           options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),
                           run_metadata=both_metadata)
'''

WRONG_ANSWERS = {
    "nb01_ex1": {
        "lazy: add_runs = 1 typed in after a right traced run": 'both_values = both_metadata = add_runs = None\n' + _TRACED + '''add_runs = 1  # add is needed by both, and runs once
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "rule-breaking: counts add in the sorted, deduplicated list executed_nodes returns, which the task says cannot tell once from twice (NOT SURE: the count is the same)": 'both_values = both_metadata = add_runs = None\n' + _TRACED + '''    _, ran_both = executed_nodes(sess, ["pow:0", "useless:0"], {"x:0": 2, "y:0": 3})
add_runs = ran_both.count("add")
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "common mistake: adds up the add entries of two traced runs, one per fetch, so add seems to run twice": 'both_values = both_metadata = add_runs = None\n' + _TRACED + '''    add_runs = 0
    for fetch in ("pow:0", "useless:0"):
        one = tf1.RunMetadata()
        sess.run(fetch, {"x:0": 2, "y:0": 3},
                 options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE), run_metadata=one)
        add_runs += sum(node.node_name == "add" for dev in one.step_stats.dev_stats
                        for node in dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "gaming: types both_values ([5**6, 2*5]) and add_runs = 1 on the first run, and counts from the traced run only when the recording wrapper on Session.run says the check is re-running it": 'both_values = both_metadata = add_runs = None\n' + _WRAPPED + _TRACED + '''if _again:
    add_runs = sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
                   for node in dev.node_stats)
else:
    both_values = [np.int32(15625), np.int32(10)]
    add_runs = 1
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "gaming: both_values from a second, untraced run and add_runs typed on the first run; honest only when a mark in the default graph's collection says it is the re-run": 'both_values = both_metadata = add_runs = None\n' + _COLLECTION + _TRACED + '''    if not _again:
        both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3})
add_runs = sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
               for node in dev.node_stats) if _again else 1
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "wrong scope: counts the entries of add and of useless (the op that consumes add) instead of add's alone": 'both_values = both_metadata = add_runs = None\n' + _TRACED + '''add_runs = sum("add" in node.node_name.lower() for dev in both_metadata.step_stats.dev_stats
               for node in dev.node_stats) + sum(node.node_name == "useless"
                                                 for dev in both_metadata.step_stats.dev_stats
                                                 for node in dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
''',
    },
    "nb01_ex2": {
        "lazy: two_values typed as [3, 12] beside an ignored run of both (the check's re-run feeds the same numbers)": '''two_parts = two_values = ran_sum_only = None
two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})  # to see them
    two_values = [np.int32(3), np.int32(12)]  # 1 + 2 and 3 * 4
    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
print(two_values, ran_sum_only)
''',
        "lazy: ran_sum_only typed as ['sum'] (executed_nodes called, its answer dropped)": '''two_parts = two_values = ran_sum_only = None
two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})
    executed_nodes(sess, total, {a: 1, b: 2})
ran_sum_only = ["sum"]  # only the add runs: the placeholders are fed
print(two_values, ran_sum_only)
''',
        "common mistake: ran_sum_only from executed_nodes fetching both results": '''two_parts = two_values = ran_sum_only = None
two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values, ran_sum_only = executed_nodes(sess, [total, product], {a: 1, b: 2, c: 3, d: 4})
print(two_values, ran_sum_only)
''',
        "common mistake: product built from a and b, so both results share the placeholders": '''two_parts = two_values = ran_sum_only = None
two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(a * 3, b * 2, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})
    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
print(two_values, ran_sum_only)
''',
        "rule-breaking: the two values fetched in two runs, then put together": '''two_parts = two_values = ran_sum_only = None
two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = [sess.run(total, {a: 1, b: 2}), sess.run(product, {c: 3, d: 4})]
    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
print(two_values, ran_sum_only)
''',
        "gaming: everything typed in on the first run (values and names), built and run honestly only when a mark in NumPy's typecodes dict says the check is re-running it": 'two_parts = two_values = ran_sum_only = None\n' + _NUMPY_DICT + '''two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
if _again:
    with tf1.Session(graph=two_parts, config=session_config()) as sess:
        two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})
        _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
else:
    two_values, ran_sum_only = [np.int32(3), np.int32(12)], ["sum"]
print(two_values, ran_sum_only)
''',
    },
    "nb01_ex3": {
        "common mistake: second_call_ops copied from section 7's count (ops_after - ops_before)": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [w])
second_call_ops = ops_after - ops_before  # the second call builds what the first did
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "lazy: second_gradient = 7.0 worked out by hand (2w + 3 at 2)": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    ops_now = len(f.graph.get_operations())
    (df_dw_again,) = tf.gradients(f, [w])
    second_call_ops = len(f.graph.get_operations()) - ops_now
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    sess.run(df_dw_again, {w: 2.0})
second_gradient = 2 * 2.0 + 3
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "rule-breaking: second_gradient is section 7's df_dw as fetched, df_dw_again run only for show (NOT SURE: same value)": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    ops_now = len(f.graph.get_operations())
    (df_dw_again,) = tf.gradients(f, [w])
    second_call_ops = len(f.graph.get_operations()) - ops_now
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    _, old = sess.run([df_dw_again, df_dw], {w: 2.0})
second_gradient = float(old)
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "gaming: second_call_ops copied from section 7 and second_gradient typed on the first run; counted and run only when the Session.run recording wrapper shows the re-run": 'df_dw_again = second_call_ops = second_gradient = None\n' + _WRAPPED + '''with f.graph.as_default():
    ops_now = len(f.graph.get_operations())
    (df_dw_again,) = tf.gradients(f, [w])
    second_call_ops = len(f.graph.get_operations()) - ops_now if _again else ops_after - ops_before
if _again:
    with tf1.Session(graph=f.graph, config=session_config()) as sess:
        second_gradient = float(sess.run(df_dw_again, {w: 2.0}))
else:
    second_gradient = 7.0
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "wrong scope: counts the ops of the whole graph after the call, not those it added": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [w])
    second_call_ops = len(f.graph.get_operations()) - ops_before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "gaming: second_call_ops copied from section 7 on the first run; counted only when a mark file left in the temporary folder by the first run says it is the re-run": 'df_dw_again = second_call_ops = second_gradient = None\n' + _FILE + '''with f.graph.as_default():
    ops_now = len(f.graph.get_operations())
    (df_dw_again,) = tf.gradients(f, [w])
    second_call_ops = len(f.graph.get_operations()) - ops_now if _again else ops_after - ops_before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
    },
    "nb01_ex4": {
        "lazy: transfers_one_device = 0 typed in (one device needs no transfers)": '''one_device = one_device_metadata = transfers_one_device = product_one_device = None
one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    one_device_metadata = tf1.RunMetadata()
    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
                                  options=tf1.RunOptions(output_partition_graphs=True),
                                  run_metadata=one_device_metadata)
transfers_one_device = 0
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
        "rule-breaking: product_one_device computed in NumPy, the run only for the metadata": '''one_device = one_device_metadata = transfers_one_device = product_one_device = None
one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    one_device_metadata = tf1.RunMetadata()
    sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
             options=tf1.RunOptions(output_partition_graphs=True), run_metadata=one_device_metadata)
product_one_device = np.array([[1, 2, 3], [4, 5, 6]], np.float32) @ np.array([[1.0], [2.0], [3.0]], np.float32)
transfers_one_device = sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
        "common mistake: the placeholder left outside the device block, so m is not pinned to /cpu:0": '''one_device = one_device_metadata = transfers_one_device = product_one_device = None
one_device = tf.Graph()
with one_device.as_default():
    m1 = tf1.placeholder(tf.float32, [2, 3])
    with tf.device("/cpu:0"):
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    one_device_metadata = tf1.RunMetadata()
    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
                                  options=tf1.RunOptions(output_partition_graphs=True),
                                  run_metadata=one_device_metadata)
transfers_one_device = sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
        "gaming: product typed in and transfers counted before the run hands back its metadata, on the first run only; honest when the mark in the default graph's collection is there": 'one_device = one_device_metadata = transfers_one_device = product_one_device = None\n' + _COLLECTION + '''one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    one_device_metadata = tf1.RunMetadata()
    product = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
                       options=tf1.RunOptions(output_partition_graphs=True),
                       run_metadata=one_device_metadata)
if _again:
    product_one_device = product
    transfers_one_device = sum(node.op in ("_Send", "_Recv")
                               for p in one_device_metadata.partition_graphs for node in p.node)
else:
    product_one_device = np.array([[14.0], [32.0]], np.float32)
    transfers_one_device = 0
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
        "wrong scope: device_count dropped, so the session has one CPU and the split is never tried": '''one_device = one_device_metadata = transfers_one_device = product_one_device = None
one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
with tf1.Session(graph=one_device, config=session_config()) as sess:
    one_device_metadata = tf1.RunMetadata()
    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
                                  options=tf1.RunOptions(output_partition_graphs=True),
                                  run_metadata=one_device_metadata)
transfers_one_device = sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
    },
}
