"""Wrong answers for notebook 01: a fresh attack (s54 a2), from the notebook and checker only."""

_EX1_TRACE = '''with tf1.Session(graph=pow_graph, config=session_config()) as sess:
    both_metadata = tf1.RunMetadata()
    both_values = sess.run(["pow:0", "useless:0"], {"x:0": 2, "y:0": 3},
                           options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),
                           run_metadata=both_metadata)
'''
_COUNT = '''sum(node.node_name == "add" for dev in both_metadata.step_stats.dev_stats
               for node in dev.node_stats)'''

WRONG_ANSWERS = {
    "nb01_ex1": {
        "lazy: traces the run but types add_runs = 1 in":
            _EX1_TRACE + "add_runs = 1\n",
        "lazy: traces the run but types both_values in as NumPy scalars":
            "import numpy as np\n" + _EX1_TRACE + "both_values = [np.int32(15625), np.int32(10)]\n"
            "add_runs = " + _COUNT + "\n",
        "rule-breaking: both_values from a second, untraced run, not the traced one":
            _EX1_TRACE + "with tf1.Session(graph=pow_graph, config=session_config()) as sess2:\n"
            "    both_values = sess2.run([\"pow:0\", \"useless:0\"], {\"x:0\": 2, \"y:0\": 3})\n"
            "add_runs = " + _COUNT + "\n",
        "gaming: add_runs typed in as an int whose == always says yes (class posing as builtins)":
            "class _Count(int):\n    __module__ = 'builtins'\n"
            "    def __eq__(self, other): return True\n"
            "    def __ne__(self, other): return False\n    __hash__ = int.__hash__\n\n\n"
            + _EX1_TRACE + "add_runs = _Count(7)\n",
        "gaming: tells the check's re-run apart (globals() is not the kernel's namespace) and "
        "types add_runs in the notebook's own run":
            _EX1_TRACE + "_rerun = globals() is not get_ipython().user_ns\n"
            "add_runs = " + _COUNT + " if _rerun else 1\n",
        "gaming: clears cell_record's registry (cs20_helpers.cell_record._RECORDS), so the "
        "check falls back on IPython's history, appends an honest copy of the cell to it and "
        "types add_runs in":
            "import cs20_helpers.cell_record as _record\n_saved = dict(_record._RECORDS)\n"
            "_record._RECORDS.clear()\n"
            "get_ipython().history_manager.input_hist_parsed.append("
            + repr("_record._RECORDS.update(_saved)  # the registry back, once re-run\n"
                   + _EX1_TRACE + "add_runs = " + _COUNT + "\n") + ")\n"
            + _EX1_TRACE + "add_runs = 1\n",
        "common mistake: no FULL_TRACE (RunMetadata left empty), count from it":
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    both_values = sess.run([\"pow:0\", \"useless:0\"], {\"x:0\": 2, \"y:0\": 3},\n"
            "                           run_metadata=both_metadata)\n"
            "add_runs = " + _COUNT + "\n",
        "wrong scope: traces a run that fetches pow only":
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    both_values = [sess.run(\"pow:0\", {\"x:0\": 2, \"y:0\": 3},\n"
            "                   options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),\n"
            "                   run_metadata=both_metadata)]\n"
            "add_runs = " + _COUNT + "\n",
    },
    "nb01_ex2": {
        "lazy: two_values typed in as NumPy scalars":
            "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = [np.int32(3), np.int32(12)]\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n",
        "lazy: ran_sum_only typed in":
            "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "ran_sum_only = ['a', 'b', 'sum']\n",
        "rule-breaking: sum and product fetched in two runs":
            "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = [sess.run(total, {a: 1, b: 2}), sess.run(product, {c: 3, d: 4})]\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n",
        "gaming: [sum, product] worked out by hand and laundered through a run of two constants":
            "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "    typed = [tf.constant(1 + 2), tf.constant(3 * 4)]\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run(typed)\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n",
        "gaming: ran_sum_only typed in as a list whose == always says yes (executed_nodes run "
        "on both)":
            "class _Names(list):\n    __module__ = 'builtins'\n"
            "    def __eq__(self, other): return True\n"
            "    def __ne__(self, other): return False\n\n\n"
            "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "    executed_nodes(sess, [total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "ran_sum_only = _Names(['a', 'b', 'sum'])\n",
        "gaming: two_values typed in; the honest cell run through get_ipython().run_cell("
        "store_history=True), which the check finds as the latest cell and re-runs":
            "import numpy as np\n"
            "get_ipython().run_cell(" + repr(
                "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
                "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
                "    total = tf.add(a, b, name='sum')\n"
                "    product = tf.multiply(c, d, name='product')\n"
                "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
                "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
                "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n")
            + ", store_history=True)\n"
            "two_values = [np.int32(3), np.int32(12)]\n",
        "common mistake: product built on the sum (they share a and b)":
            "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(total - a - b + c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n",
        "wrong scope: ran_sum_only from a run that fetched both":
            "two_parts = tf.Graph()\nwith two_parts.as_default():\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values, ran_sum_only = executed_nodes(sess, [total, product],\n"
            "                                              {a: 1, b: 2, c: 3, d: 4})\n",
    },
    "nb01_ex3": {
        "lazy: second_call_ops typed in (section 7's count)":
            "with f.graph.as_default():\n    (df_dw_again,) = tf.gradients(f, [w])\n"
            "second_call_ops = ops_after - ops_before\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n",
        "lazy: second_gradient typed in (2w + 3 at 2)":
            "with f.graph.as_default():\n    ops_now = len(f.graph.get_operations())\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "second_gradient = 7.0\n",
        "rule-breaking: second_gradient from running section 7's df_dw, not df_dw_again":
            "with f.graph.as_default():\n    ops_now = len(f.graph.get_operations())\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw, {w: 2.0}))\n",
        "gaming: second_gradient worked out by hand in the notebook's run, fetched only in the "
        "check's re-run (told apart by the stack: the re-run is exec'd by checks.rerun)":
            "import sys\n_rerun = sys._getframe().f_back is not None and "
            "sys._getframe().f_back.f_code.co_name == 'rerun'\n"
            "with f.graph.as_default():\n    ops_now = len(f.graph.get_operations())\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "if _rerun:\n"
            "    with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "        second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n"
            "else:\n    second_gradient = 2 * 2.0 + 3\n",
        "gaming: second_call_ops typed in as an int that equals anything and is <= anything":
            "class _Ops(int):\n    __module__ = 'builtins'\n"
            "    def __eq__(self, other): return True\n"
            "    def __ne__(self, other): return False\n"
            "    def __le__(self, other): return True\n    __hash__ = int.__hash__\n\n\n"
            "with f.graph.as_default():\n    (df_dw_again,) = tf.gradients(f, [w])\n"
            "second_call_ops = _Ops(1)\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n",
        "common mistake: counts every op of the graph, not those the call added":
            "with f.graph.as_default():\n    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations())\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n",
        "wrong scope: calls tf.gradients twice in the answer (a third call on the graph) and "
        "counts both":
            "with f.graph.as_default():\n    ops_now = len(f.graph.get_operations())\n"
            "    tf.gradients(f, [w])\n    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n",
    },
    "nb01_ex4": {}
}

_EX4_GRAPH = '''one_device = tf.Graph()
with one_device.as_default():
    with tf.device("/cpu:0"):
        m1 = tf1.placeholder(tf.float32, [2, 3])
        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))
'''
_EX4_RUN = '''\
with tf1.Session(graph=one_device, config=session_config(device_count={"CPU": 2})) as sess:
    one_device_metadata = tf1.RunMetadata()
    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},
                                  options=tf1.RunOptions(output_partition_graphs=True),
                                  run_metadata=one_device_metadata)
'''
_EX4_COUNT = '''sum(node.op in ("_Send", "_Recv")
                           for p in one_device_metadata.partition_graphs for node in p.node)'''

_EX4_GRAPH = "import numpy as np\n" + _EX4_GRAPH
WRONG_ANSWERS["nb01_ex4"] = {
    "lazy: transfers_one_device typed in as 0":
        _EX4_GRAPH + _EX4_RUN + "transfers_one_device = 0\n",
    "lazy: product_one_device typed in":
        _EX4_GRAPH + _EX4_RUN
        + "product_one_device = np.array([[14.0], [32.0]], np.float32)\n"
        "transfers_one_device = " + _EX4_COUNT + "\n",
    "rule-breaking: product_one_device computed in NumPy":
        _EX4_GRAPH + _EX4_RUN
        + "product_one_device = np.array([[1, 2, 3], [4, 5, 6]], np.float32) @ "
        "np.array([[1.0], [2.0], [3.0]], np.float32)\n"
        "transfers_one_device = " + _EX4_COUNT + "\n",
    "rule-breaking: product computed in NumPy and laundered through a MatMul by a 1x1 identity "
    "in a separate graph (same session config)":
        _EX4_GRAPH + _EX4_RUN
        + "_typed = np.array([[1, 2, 3], [4, 5, 6]], np.float32) @ "
        "np.array([[1.0], [2.0], [3.0]], np.float32)\n"
        "with tf.Graph().as_default() as _wash:\n"
        "    _washed = tf.matmul(tf.constant(_typed), tf.eye(1))\n"
        "with tf1.Session(graph=_wash, config=session_config(device_count={'CPU': 2})) as _s:\n"
        "    product_one_device = _s.run(_washed)\n"
        "transfers_one_device = " + _EX4_COUNT + "\n",
    "gaming: types transfers_one_device = 0 in the notebook's run, counts only in the check's "
    "re-run (told apart by stdout, which the re-run redirects to a StringIO)":
        "import io, sys\n_rerun = isinstance(sys.stdout, io.StringIO)\n"
        + _EX4_GRAPH + _EX4_RUN
        + "transfers_one_device = " + _EX4_COUNT + " if _rerun else 0\n",
    "common mistake: the session keeps the default device count":
        _EX4_GRAPH
        + _EX4_RUN.replace('session_config(device_count={"CPU": 2})', "session_config()")
        + "transfers_one_device = " + _EX4_COUNT + "\n",
    "wrong scope: only the matmul pinned to /cpu:0, the placeholder and constant left unplaced":
        "one_device = tf.Graph()\nwith one_device.as_default():\n"
        "    m1 = tf1.placeholder(tf.float32, [2, 3])\n"
        "    v1 = tf.constant([[1.0], [2.0], [3.0]])\n"
        "    with tf.device('/cpu:0'):\n        mv1 = tf.matmul(m1, v1)\n"
        + _EX4_RUN + "transfers_one_device = " + _EX4_COUNT + "\n",
}
