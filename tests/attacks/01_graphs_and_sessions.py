"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

_TRACE = """
import numpy as np

_options = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE)
_feed = {pow_graph.get_tensor_by_name("x:0"): 2, pow_graph.get_tensor_by_name("y:0"): 3}
"""

_ONE_DEVICE = """
import numpy as np

one_device = tf.Graph()
with one_device.as_default(), tf.device("/cpu:0"):
    _m = tf1.placeholder(tf.float32, [2, 3], name="m")
    _v = tf.constant([[1.0], [2.0], [3.0]], name="v")
    _mv = tf.matmul(_m, _v, name="mv")
_options = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE, output_partition_graphs=True)
"""

_TWO_PARTS = """
import numpy as np

two_parts = tf.Graph()
with two_parts.as_default():
    _a, _b, _c, _d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")
    _sum = tf.add(_a, _b, name="sum")
    _product = tf.multiply(_c, _d, name="product")
"""

_W = """
import numpy as np

_w = f.graph.get_tensor_by_name("w:0")
"""

WRONG_ANSWERS = {
    "nb01_ex1": {
        "lazy: a traced run for the metadata, but both values and the count typed in": _TRACE + """
both_metadata = tf1.RunMetadata()
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    sess.run([pow_op, useless], _feed, options=_options, run_metadata=both_metadata)
both_values = [np.int32(15625), np.int32(10)]
add_runs = 1
print(both_values, "| add ran", add_runs, "time(s)")
""",
        "breaks the rule: two traced runs, one per fetch, merged into both_metadata; add counted "
        "over both": _TRACE + """
_first, _second = tf1.RunMetadata(), tf1.RunMetadata()
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    _p = sess.run(pow_op, _feed, options=_options, run_metadata=_first)
    _u = sess.run(useless, _feed, options=_options, run_metadata=_second)
both_metadata = tf1.RunMetadata()
both_metadata.MergeFrom(_first)
both_metadata.MergeFrom(_second)
both_values = [_p, _u]
add_runs = sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
               for node in dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
""",
        "breaks the rule: the traced run's values thrown away, both_values from a second, "
        "untraced run": _TRACE + """
both_metadata = tf1.RunMetadata()
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    sess.run([pow_op, useless], _feed, options=_options, run_metadata=both_metadata)
    both_values = sess.run([pow_op, useless], _feed)
add_runs = sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
               for node in dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
""",
        "gaming: a RunMetadata written by hand with the node names the check looks for; nothing "
        "run": """
import numpy as np

both_metadata = tf1.RunMetadata()
_dev = both_metadata.step_stats.dev_stats.add()
_dev.device = "/job:localhost/replica:0/task:0/device:CPU:0"
for _name in ("_SOURCE", "add", "mul", "pow", "useless", "_retval_pow_0_0",
              "_retval_useless_0_1"):
    _dev.node_stats.add().node_name = _name
both_values = [np.int32(15625), np.int32(10)]
add_runs = sum(node.node_name == "add" for node in _dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
""",
        "gaming: the kernel's history emptied (In = []) so that nothing can re-run the answer, "
        "then the values typed in beside a traced run": _TRACE + """
In = []
both_metadata = tf1.RunMetadata()
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    sess.run([pow_op, useless], _feed, options=_options, run_metadata=both_metadata)
both_values = [np.int32(15625), np.int32(10)]
add_runs = 1
print(both_values, "| add ran", add_runs, "time(s)")
""",
        "common mistake: add_runs counts every node_stats entry of the run, not add's": _TRACE + """
both_metadata = tf1.RunMetadata()
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_values = sess.run([pow_op, useless], _feed, options=_options,
                           run_metadata=both_metadata)
add_runs = sum(len(dev.node_stats) for dev in both_metadata.step_stats.dev_stats)
print(both_values, "| add ran", add_runs, "time(s)")
""",
        "common mistake: the feed swapped (x = 3, y = 2)": """
import numpy as np

_options = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE)
_feed = {pow_graph.get_tensor_by_name("x:0"): 3, pow_graph.get_tensor_by_name("y:0"): 2}
both_metadata = tf1.RunMetadata()
with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_values = sess.run([pow_op, useless], _feed, options=_options,
                           run_metadata=both_metadata)
add_runs = sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
               for node in dev.node_stats)
print(both_values, "| add ran", add_runs, "time(s)")
""",
    },
    "nb01_ex2": {
        "lazy: the graph built but never run, both values and the ops typed in": _TWO_PARTS + """
two_values = [np.int32(3), np.int32(12)]
ran_sum_only = ["sum"]
print(two_values, ran_sum_only)
""",
        "breaks the rule: sum and product fetched in two runs, not one": _TWO_PARTS + """
_feed = {_a: 1, _b: 2, _c: 3, _d: 4}
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = [sess.run(_sum, _feed), sess.run(_product, _feed)]
    _, ran_sum_only = executed_nodes(sess, _sum, {_a: 1, _b: 2})
print(two_values, ran_sum_only)
""",
        "lazy: two_values from one run, ran_sum_only typed in (executed_nodes never called)":
            _TWO_PARTS + """
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([_sum, _product], {_a: 1, _b: 2, _c: 3, _d: 4})
ran_sum_only = ["sum"]
print(two_values, ran_sum_only)
""",
        "gaming: the kernel's history emptied (In = []), the graph never run, everything typed "
        "in": _TWO_PARTS + """
In = []
two_values = [np.int32(3), np.int32(12)]
ran_sum_only = ["sum"]
print(two_values, ran_sum_only)
""",
        "common mistake: ran_sum_only from extract_sub_graph (what sum needs, placeholders "
        "included), not from a run": _TWO_PARTS + """
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([_sum, _product], {_a: 1, _b: 2, _c: 3, _d: 4})
ran_sum_only = sorted(n.name for n in tf1.graph_util.extract_sub_graph(
    two_parts.as_graph_def(), ["sum"]).node)
print(two_values, ran_sum_only)
""",
        "common mistake: float32 placeholders where the task says int32": """
import numpy as np

two_parts = tf.Graph()
with two_parts.as_default():
    _a, _b, _c, _d = (tf1.placeholder(tf.float32, name=n) for n in "abcd")
    _sum = tf.add(_a, _b, name="sum")
    _product = tf.multiply(_c, _d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([_sum, _product], {_a: 1, _b: 2, _c: 3, _d: 4})
    _, ran_sum_only = executed_nodes(sess, _sum, {_a: 1, _b: 2})
print(two_values, ran_sum_only)
""",
        "common mistake: constants named a, b, c, d instead of placeholders": """
import numpy as np

two_parts = tf.Graph()
with two_parts.as_default():
    _a, _b, _c, _d = (tf.constant(i, name=n) for i, n in zip((1, 2, 3, 4), "abcd", strict=True))
    _sum = tf.add(_a, _b, name="sum")
    _product = tf.multiply(_c, _d, name="product")
with tf1.Session(graph=two_parts, config=session_config()) as sess:
    two_values = sess.run([_sum, _product])
    _, ran_sum_only = executed_nodes(sess, _sum)
print(two_values, ran_sum_only)
""",
        "gaming: the graph never run and the values typed in on the first run; a re-run (which "
        "finds the first run's marker in its copy of the names) runs it": _TWO_PARTS + """
if "_ran_before" in globals():
    with tf1.Session(graph=two_parts, config=session_config()) as sess:
        two_values = sess.run([_sum, _product], {_a: 1, _b: 2, _c: 3, _d: 4})
        _, ran_sum_only = executed_nodes(sess, _sum, {_a: 1, _b: 2})
else:
    _ran_before = True
    two_values = [np.int32(3), np.int32(12)]
    ran_sum_only = ["sum"]
print(two_values, ran_sum_only)
""",
    },
    "nb01_ex3": {
        "lazy: a real second call, but the gradient typed in (7.0), never run": _W + """
_before = len(f.graph.get_operations())
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [_w])
second_call_ops = len(f.graph.get_operations()) - _before
second_gradient = 7.0
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
        "lazy: second_call_ops copied from section 7's count (ops_after - ops_before), not "
        "measured": _W + """
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [_w])
second_call_ops = ops_after - ops_before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {_w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
        "breaks the rule: no second tf.gradients call, df_dw_again = tf.identity(df_dw)": _W + """
_before = len(f.graph.get_operations())
with f.graph.as_default():
    df_dw_again = tf.identity(df_dw)
second_call_ops = len(f.graph.get_operations()) - _before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {_w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
        "breaks the rule: the derivative written by hand (2w + 3) in f's graph, no "
        "tf.gradients": _W + """
_before = len(f.graph.get_operations())
with f.graph.as_default():
    df_dw_again = 2.0 * _w + 3.0
second_call_ops = len(f.graph.get_operations()) - _before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {_w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
        "breaks the rule: a second call made, but second_gradient from running section 7's "
        "df_dw": _W + """
_before = len(f.graph.get_operations())
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [_w])
second_call_ops = len(f.graph.get_operations()) - _before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw, {_w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
        "common mistake: the gradient evaluated at w = 3": _W + """
_before = len(f.graph.get_operations())
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [_w])
second_call_ops = len(f.graph.get_operations()) - _before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {_w: 3.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
        "common mistake: second_call_ops counts both calls' ops (from ops_before)": _W + """
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [_w])
second_call_ops = len(f.graph.get_operations()) - ops_before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {_w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
        "gaming: the notebook's ops_after rebound to ops_before, so that a count of both "
        "calls' ops passes the check's bound": _W + """
with f.graph.as_default():
    (df_dw_again,) = tf.gradients(f, [_w])
second_call_ops = len(f.graph.get_operations()) - ops_before
ops_after = ops_before
with tf1.Session(graph=f.graph, config=session_config()) as sess:
    second_gradient = float(sess.run(df_dw_again, {_w: 2.0}))
print("ops added:", second_call_ops, "| gradient at 2:", second_gradient)
""",
    },
    "nb01_ex4": {
        "lazy: a real run on one device, but the count typed in (0)": _ONE_DEVICE + """
one_device_metadata = tf1.RunMetadata()
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    product_one_device = sess.run(_mv, {_m: [[1, 2, 3], [4, 5, 6]]}, options=_options,
                                  run_metadata=one_device_metadata)
transfers_one_device = 0
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
""",
        "breaks the rule: the product computed in NumPy, not the one running mv returned":
            _ONE_DEVICE + """
one_device_metadata = tf1.RunMetadata()
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    sess.run(_mv, {_m: [[1, 2, 3], [4, 5, 6]]}, options=_options,
             run_metadata=one_device_metadata)
product_one_device = np.array([[1, 2, 3], [4, 5, 6]], np.float32) @ \\
    np.array([[1.0], [2.0], [3.0]], np.float32)
transfers_one_device = sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
""",
        "gaming: one_device built but never run; a RunMetadata with one partition graph "
        "written by hand, the count and the product typed in": _ONE_DEVICE + """
one_device_metadata = tf1.RunMetadata()
_partition = one_device_metadata.partition_graphs.add()
for _name, _op in (("m", "_Arg"), ("v", "Const"), ("mv", "MatMul"), ("mv/_retval", "_Retval")):
    _partition.node.add(name=_name, op=_op, device="/job:localhost/replica:0/task:0/device:CPU:0")
transfers_one_device = 0
product_one_device = np.array([[14.0], [32.0]], np.float32)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
""",
        "breaks the rule: device_count={'CPU': 2} dropped, run with one CPU": _ONE_DEVICE + """
one_device_metadata = tf1.RunMetadata()
with tf1.Session(graph=one_device, config=session_config()) as sess:
    product_one_device = sess.run(_mv, {_m: [[1, 2, 3], [4, 5, 6]]}, options=_options,
                                  run_metadata=one_device_metadata)
transfers_one_device = sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
""",
        "common mistake: v and mv left under section 5's tf.device('/cpu:1'), only m moved":
            """
import numpy as np

one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        _m = tf1.placeholder(tf.float32, [2, 3], name="m")
    with tf.device("/cpu:1"):
        _v = tf.constant([[1.0], [2.0], [3.0]], name="v")
        _mv = tf.matmul(_m, _v, name="mv")
_options = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE, output_partition_graphs=True)
one_device_metadata = tf1.RunMetadata()
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    product_one_device = sess.run(_mv, {_m: [[1, 2, 3], [4, 5, 6]]}, options=_options,
                                  run_metadata=one_device_metadata)
transfers_one_device = sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
""",
        "lazy: the count not measured in the new run, written as transfers - transfers (0)":
            _ONE_DEVICE + """
one_device_metadata = tf1.RunMetadata()
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    product_one_device = sess.run(_mv, {_m: [[1, 2, 3], [4, 5, 6]]}, options=_options,
                                  run_metadata=one_device_metadata)
transfers_one_device = transfers - transfers
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
""",
        "gaming: the kernel's history emptied (In = []), a real run, the count typed in":
            _ONE_DEVICE + """
In = []
one_device_metadata = tf1.RunMetadata()
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    product_one_device = sess.run(_mv, {_m: [[1, 2, 3], [4, 5, 6]]}, options=_options,
                                  run_metadata=one_device_metadata)
transfers_one_device = 0
print("transfers:", transfers_one_device, "on one device,", transfers, "split over two")
""",
    },
}
