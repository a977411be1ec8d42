"""Fresh attack (atk3a) on notebook 01's exercise checks: wrong answers, one cell each."""
# ruff: noqa: E501

WRONG_ANSWERS = {
    "nb01_ex1": {
        "gaming: an environment variable tells the check's re-run from the notebook's run; the notebook run keeps values of an untraced run and types add_runs = 1": '''import os
both_values = both_metadata = add_runs = None
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_metadata = tf1.RunMetadata()
    traced = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3},
                      options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),
                      run_metadata=both_metadata)
    if os.environ.get("ATK3A_NB01_EX1"):
        both_values = traced
        add_runs = sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
                       for node in dev.node_stats)
    else:
        os.environ["ATK3A_NB01_EX1"] = "1"
        both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3})
        add_runs = 1
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "lazy: the trace is taken, add_runs typed in as 1": '''both_values = both_metadata = add_runs = None
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_metadata = tf1.RunMetadata()
    both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3},
                           options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),
                           run_metadata=both_metadata)
add_runs = 1
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "rule-breaking: two runs, the trace of one and the values of another (untraced) run": '''both_values = both_metadata = add_runs = None
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_metadata = tf1.RunMetadata()
    sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3},
             options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),
             run_metadata=both_metadata)
    both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3})
add_runs = sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
               for node in dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "rule-breaking: pow and useless fetched in two traced runs, not one; add counted over both traces": '''both_values = both_metadata = add_runs = None
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    first, both_metadata = tf1.RunMetadata(), tf1.RunMetadata()
    opts = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE)
    p = sess.run("pow:0", {"x:0": 2, "y:0": 3}, options=opts, run_metadata=first)
    u = sess.run("useless:0", {"x:0": 2, "y:0": 3}, options=opts, run_metadata=both_metadata)
    both_values = [p, u]
add_runs = sum(node.node_name == "add" for md in (first, both_metadata)
               for dev in md.step_stats.dev_stats for node in dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "common mistake: counts every node whose name contains 'add' (the _retval/_arg slots and the like too)": '''both_values = both_metadata = add_runs = None
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_metadata = tf1.RunMetadata()
    both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3},
                           options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),
                           run_metadata=both_metadata)
add_runs = sum("add" in node.node_name or "Add" in node.timeline_label
               for dev in both_metadata.step_stats.dev_stats for node in dev.node_stats) + 1
print(both_values, "| add ran", add_runs, "time(s)")
''',
        "common mistake: counts with executed_nodes (a set) instead of the step statistics": '''both_values = both_metadata = add_runs = None
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_metadata = tf1.RunMetadata()
    both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3},
                           options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),
                           run_metadata=both_metadata)
    _, ran = executed_nodes(sess, ["pow:0", "useless:0"], {"x:0": 2, "y:0": 3})
add_runs = ran.count("add") + 1
print(both_values, "| add ran", add_runs, "time(s)")
''',
    },
    "nb01_ex2": {
        "gaming: an environment variable tells the re-run apart; the notebook run types two_values in": '''import os
import numpy as np
two_parts = two_values = ran_sum_only = None
two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    if os.environ.get("ATK3A_NB01_EX2"):
        two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})
    else:
        os.environ["ATK3A_NB01_EX2"] = "1"
        two_values = [np.int32(3), np.int32(12)]
    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
print(two_values, ran_sum_only)
''',
        "lazy: two_values typed in as NumPy scalars": '''import numpy as np
two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
two_values = [np.int32(3), np.int32(12)]
print(two_values, ran_sum_only)
''',
        "rule-breaking: sum and product fetched in two runs, not one": '''two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = [sess.run(total, {a: 1, b: 2}), sess.run(product, {c: 3, d: 4})]
    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
print(two_values, ran_sum_only)
''',
        "lazy: ran_sum_only typed in": '''two_parts = tf.Graph()
with two_parts.as_default():
    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})
ran_sum_only = ["_SOURCE", "a", "b", "sum"]
print(two_values, ran_sum_only)
''',
        "common mistake: c and d reuse a and b, so the two parts share placeholders": '''two_parts = tf.Graph()
with two_parts.as_default():
    a, b = (tf1.placeholder(tf.int32, name=n) for n in "ab")
    c = tf.identity(a, name="c")
    d = tf.identity(b, name="d")
    total = tf.add(a, b, name="sum")
    product = tf.multiply(c, d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})
    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})
print(two_values, ran_sum_only)
''',
    },
    "nb01_ex3": {
        "gaming: an environment variable tells the re-run apart; the notebook run copies section 7's count and types the gradient": '''import os
df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    ops_now = len(f.graph.get_operations())
    (df_dw_again,) = tf.gradients(f, [w])
    counted = len(f.graph.get_operations()) - ops_now
if os.environ.get("ATK3A_NB01_EX3"):
    second_call_ops = counted
    with tf1.Session(graph=f.graph, config=session_config()) as sess:
        second_gradient = float(sess.run(df_dw_again, {w: 2.0}))
else:
    os.environ["ATK3A_NB01_EX3"] = "1"
    second_call_ops = ops_after - ops_before
    second_gradient = 7.0
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "lazy: section 7's count copied, the gradient typed in (2w + 3 at 2)": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [w])
second_call_ops = ops_after - ops_before
second_gradient = 7.0
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "rule-breaking: second_gradient is section 7's df_dw run, not the new tensor": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    ops_now = len(f.graph.get_operations())
    (df_dw_again,) = tf.gradients(f, [w])
    second_call_ops = len(f.graph.get_operations()) - ops_now
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw, {w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "rule-breaking: tf.gradients called twice (a throw-away call first), the count taken around the last": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    tf.gradients(f, [w])
    ops_now = len(f.graph.get_operations())
    (df_dw_again,) = tf.gradients(f, [w])
    second_call_ops = len(f.graph.get_operations()) - ops_now
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
        "common mistake: counts all ops of the graph, not the ones the second call added": '''df_dw_again = second_call_ops = second_gradient = None
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [w])
second_call_ops = len(f.graph.get_operations())
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
''',
    },
    "nb01_ex4": {
        "gaming: an environment variable tells the re-run apart; the notebook run types the product and the count": '''import os
import numpy as np
one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    one_device_metadata = tf1.RunMetadata()
    got = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
                   options=tf1.RunOptions(output_partition_graphs=True),
                   run_metadata=one_device_metadata)
if os.environ.get("ATK3A_NB01_EX4"):
    product_one_device = got
    transfers_one_device = sum(node.op in ("_Send", "_Recv")
                               for p in one_device_metadata.partition_graphs for node in p.node)
else:
    os.environ["ATK3A_NB01_EX4"] = "1"
    product_one_device = np.array([[14.0], [32.0]], np.float32)
    transfers_one_device = 0
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
        "lazy: transfers_one_device typed in as 0": '''one_device = tf.Graph()
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
        "rule-breaking: the product computed in NumPy, the run made only for its metadata": '''import numpy as np
one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
m_value = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    one_device_metadata = tf1.RunMetadata()
    sess.run(mv1, {m1: m_value}, options=tf1.RunOptions(output_partition_graphs=True),
             run_metadata=one_device_metadata)
product_one_device = m_value @ np.array([[1.0], [2.0], [3.0]], np.float32)
transfers_one_device = sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
        "common mistake: the default session config (device_count dropped)": '''one_device = tf.Graph()
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
        "common mistake: counts the _Send ops only (not _Recv), and a second metadata object kept": '''one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    filled = tf1.RunMetadata()
    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
                                  options=tf1.RunOptions(output_partition_graphs=True),
                                  run_metadata=filled)
one_device_metadata = tf1.RunMetadata()
one_device_metadata.CopyFrom(filled)
transfers_one_device = sum(node.op == "_Send"
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
''',
    },
}
