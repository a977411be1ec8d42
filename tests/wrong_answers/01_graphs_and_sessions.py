"""Wrong answers to notebook 01's exercises: each must fail its check (proved by `refute`)."""

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb01_ex1": {
        "lazy: the values and the count from the stored output, nothing run": (
            "both_values = [15625, 10]\n"
            "both_metadata = None\n"
            "add_runs = 1\n"
        ),
        "common mistake: one traced run per fetch, add counted over both": (
            "options = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE)\n"
            "feed = {'x:0': 2, 'y:0': 3}\n"
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    first, both_metadata = tf1.RunMetadata(), tf1.RunMetadata()\n"
            "    pow_value = sess.run('pow:0', feed, options=options, run_metadata=first)\n"
            "    useless_value = sess.run('useless:0', feed, options=options,\n"
            "                             run_metadata=both_metadata)\n"
            "both_values = [pow_value, useless_value]\n"
            "add_runs = sum(node.node_name == 'add' for md in (first, both_metadata)\n"
            "               for dev in md.step_stats.dev_stats for node in dev.node_stats)\n"
        ),
        "common mistake: the count read from executed_nodes' set, run not traced": (
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_values, ran = executed_nodes(sess, ['pow:0', 'useless:0'],\n"
            "                                      {'x:0': 2, 'y:0': 3})\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    sess.run(['pow:0', 'useless:0'], {'x:0': 2, 'y:0': 3},\n"
            "             run_metadata=both_metadata)\n"
            "add_runs = ran.count('add')\n"
        ),
        "fakes the inspected object: a RunMetadata built in Python with the names looked for": (
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_values = sess.run(['pow:0', 'useless:0'], {'x:0': 2, 'y:0': 3})\n"
            "both_metadata = tf1.RunMetadata()\n"
            "device = both_metadata.step_stats.dev_stats.add(device='/device:CPU:0')\n"
            "for name in ('add', '_retval_pow_0_0', '_retval_useless_0_1'):\n"
            "    device.node_stats.add(node_name=name)\n"
            "add_runs = 1\n"
        ),
        "lazy: the count typed in, the trace of a run that also fetched add": (
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    trace = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE)\n"
            "    *both_values, _ = sess.run(['pow:0', 'useless:0', 'add:0'],\n"
            "                               {'x:0': 2, 'y:0': 3}, options=trace,\n"
            "                               run_metadata=both_metadata)\n"
            "add_runs = 1\n"
        ),
        "breaks the rule: the traced run kept, the first value of both_values typed in": (
            "import numpy as np\n\n"
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    traced = sess.run(['pow:0', 'useless:0'], {'x:0': 2, 'y:0': 3},\n"
            "                      options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),\n"
            "                      run_metadata=both_metadata)\n"
            "both_values = [np.int32(15625), traced[1]]\n"
            "add_runs = sum(node.node_name == 'add' for dev in both_metadata.step_stats.dev_stats\n"
            "               for node in dev.node_stats)\n"
        ),
        "breaks the rule: the traced run kept, the second value of both_values typed in": (
            "import numpy as np\n\n"
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    traced = sess.run(['pow:0', 'useless:0'], {'x:0': 2, 'y:0': 3},\n"
            "                      options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),\n"
            "                      run_metadata=both_metadata)\n"
            "both_values = [traced[0], np.int32(10)]\n"
            "add_runs = sum(node.node_name == 'add' for dev in both_metadata.step_stats.dev_stats\n"
            "               for node in dev.node_stats)\n"
        ),
        "breaks the rule: the traced run kept, add_runs typed in, not counted": (
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    both_values = sess.run([pow_op, useless], {x: 2, y: 3},\n"
            "                           options=tf1.RunOptions(\n"
            "                               trace_level=tf1.RunOptions.FULL_TRACE),\n"
            "                           run_metadata=both_metadata)\n"
            "add_runs = 1\n"
        ),
        "breaks the rule: the traced run's values dropped, both_values from a second run": (
            "with tf1.Session(graph=pow_graph, config=session_config()) as sess:\n"
            "    both_metadata = tf1.RunMetadata()\n"
            "    sess.run(['pow:0', 'useless:0'], {'x:0': 2, 'y:0': 3},\n"
            "             options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE),\n"
            "             run_metadata=both_metadata)\n"
            "    both_values = sess.run(['pow:0', 'useless:0'], {'x:0': 2, 'y:0': 3})\n"
            "add_runs = sum(node.node_name == 'add' for dev in both_metadata.step_stats.dev_stats\n"
            "               for node in dev.node_stats)\n"
        ),
    },
    "nb01_ex2": {
        "lazy: the values from the stored output, no graph": (
            "two_parts = None\n"
            "two_values = [3, 12]\n"
            "ran_sum_only = ['sum']\n"
        ),
        "common mistake: c computed from a, so both results hang on a": (
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, d = (tf1.placeholder(tf.int32, name=n) for n in 'abd')\n"
            "    c = tf.add(a, 2, name='c')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, d: 4})\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n"
        ),
        "common mistake: the product built on the sum": (
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(total, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n"
        ),
        "lazy: a right graph never run, the values and names typed in": (
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "two_values = [3, 12]\n"
            "ran_sum_only = ['a', 'b', 'sum']\n"
        ),
        "breaks the rule: float32 placeholders where int32 was asked": (
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.float32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n"
        ),
        "fakes the inspected object: sum and product are constants holding the results": (
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.constant(3, name='sum')\n"
            "    product = tf.constant(12, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n"
        ),
        "breaks the rule: the sum of two_values typed in, executed_nodes run on other feeds": (
            "import numpy as np\n\n"
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 5, b: 7})\n"
            "two_values = [np.int32(3), np.int32(12)]\n"
        ),
        "breaks the rule: the product of two_values typed in, only the sum run": (
            "import numpy as np\n\n"
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    sum_value, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n"
            "two_values = [sum_value, np.int32(12)]\n"
        ),
        "breaks the rule: ran_sum_only typed in, executed_nodes never called": (
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n"
            "ran_sum_only = ['sum']\n"
        ),
        "breaks the rule: sum and product fetched in two runs, not one": (
            "with tf.Graph().as_default() as two_parts:\n"
            "    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in 'abcd')\n"
            "    total = tf.add(a, b, name='sum')\n"
            "    product = tf.multiply(c, d, name='product')\n"
            "with tf1.Session(graph=two_parts, config=session_config()) as sess:\n"
            "    feed = {a: 1, b: 2, c: 3, d: 4}\n"
            "    two_values = [sess.run(total, feed), sess.run(product, feed)]\n"
            "    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n"
        ),
    },
    "nb01_ex3": {
        "lazy: the first call's figures, no second call": (
            "df_dw_again = df_dw\n"
            "second_call_ops = ops_after - ops_before\n"
            "second_gradient = 7.0\n"
        ),
        "common mistake: the whole graph's op count instead of the ops added": (
            "with f.graph.as_default():\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "second_call_ops = len(f.graph.get_operations())\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n"
        ),
        "fakes the inspected object: section 7's gradient renamed, no second call": (
            "with f.graph.as_default():\n"
            "    df_dw_again = tf.identity(df_dw, name='again')\n"
            "second_call_ops = 0\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n"
        ),
        "breaks the rule: the gradient of f with respect to f, not w": (
            "with f.graph.as_default():\n"
            "    ops_now = len(f.graph.get_operations())\n"
            "    (df_dw_again,) = tf.gradients(f, [f])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n"
        ),
        "breaks the rule: tf.gradients called twice, the count and value from the last call": (
            "with f.graph.as_default():\n"
            "    tf.gradients(f, [w])\n"
            "    ops_now = len(f.graph.get_operations())\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n"
        ),
        "breaks the rule: second_gradient typed in, the gradient never run": (
            "with f.graph.as_default():\n"
            "    ops_now = len(f.graph.get_operations())\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "second_gradient = 7.0\n"
        ),
        "breaks the rule: second_call_ops typed in, not counted": (
            "with f.graph.as_default():\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "second_call_ops = 23\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n"
        ),
        "breaks the rule: second_call_ops copied from section 7's count, not counted": (
            "with f.graph.as_default():\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "second_call_ops = ops_after - ops_before\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw_again, {w: 2.0}))\n"
        ),
        "breaks the rule: second_gradient from running section 7's df_dw, not df_dw_again": (
            "with f.graph.as_default():\n"
            "    ops_now = len(f.graph.get_operations())\n"
            "    (df_dw_again,) = tf.gradients(f, [w])\n"
            "    second_call_ops = len(f.graph.get_operations()) - ops_now\n"
            "with tf1.Session(graph=f.graph, config=session_config()) as sess:\n"
            "    second_gradient = float(sess.run(df_dw, {w: 2.0}))\n"
        ),
    },
    "nb01_ex4": {
        "issue 29: split placement kept, output_partition_graphs left out": (
            "with tf.Graph().as_default() as one_device:\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "    with tf.device('/cpu:1'):\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},\n"
            "                                  run_metadata=one_device_metadata)\n"
            "transfers_one_device = sum(node.op in ('_Send', '_Recv')\n"
            "                           for p in one_device_metadata.partition_graphs\n"
            "                           for node in p.node)\n"
        ),
        "common mistake: every op on /cpu:0, output_partition_graphs left out": (
            "with tf.Graph().as_default() as one_device:\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},\n"
            "                                  run_metadata=one_device_metadata)\n"
            "transfers_one_device = sum(node.op in ('_Send', '_Recv')\n"
            "                           for p in one_device_metadata.partition_graphs\n"
            "                           for node in p.node)\n"
        ),
        "lazy: the literals, an empty graph and metadata": (
            "one_device, one_device_metadata = tf.Graph(), tf1.RunMetadata()\n"
            "transfers_one_device = 0\n"
            "product_one_device = [[14.0], [32.0]]\n"
        ),
        "common mistake: only the matmul moved to /cpu:0": (
            "with tf.Graph().as_default() as one_device:\n"
            "    m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "    with tf.device('/cpu:1'):\n"
            "        v1 = tf.constant([[1.0], [2.0], [3.0]])\n"
            "    with tf.device('/cpu:0'):\n"
            "        mv1 = tf.matmul(m1, v1)\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    options = tf1.RunOptions(output_partition_graphs=True)\n"
            "    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]},\n"
            "                                  options=options,\n"
            "                                  run_metadata=one_device_metadata)\n"
            "transfers_one_device = sum(node.op in ('_Send', '_Recv')\n"
            "                           for p in one_device_metadata.partition_graphs\n"
            "                           for node in p.node)\n"
        ),
        "fakes the inspected object: pinned right but never run, section 5's metadata kept": (
            "with tf.Graph().as_default() as one_device:\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "one_device_metadata = metadata\n"
            "transfers_one_device = 0\n"
            "product_one_device = tf.constant([[14.0], [32.0]]).numpy()\n"
        ),
        "fakes the inspected object: a RunMetadata built in Python, one MatMul on CPU:0": (
            "with tf.Graph().as_default() as one_device:\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "one_device_metadata = tf1.RunMetadata()\n"
            "one_device_metadata.partition_graphs.add().node.add(\n"
            "    name='MatMul', op='MatMul',\n"
            "    device='/job:localhost/replica:0/task:0/device:CPU:0')\n"
            "transfers_one_device = 0\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    product_one_device = sess.run(mv1, {m1: [[1, 2, 3], [4, 5, 6]]})\n"
        ),
        "breaks the rule: m a constant, not section 5's placeholder": (
            "with tf.Graph().as_default() as one_device:\n"
            "    with tf.device('/cpu:0'):\n"
            "        mv1 = tf.matmul(tf.constant([[1.0, 2, 3], [4, 5, 6]]),\n"
            "                        tf.constant([[1.0], [2.0], [3.0]]))\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    options = tf1.RunOptions(output_partition_graphs=True)\n"
            "    product_one_device = sess.run(mv1, options=options,\n"
            "                                  run_metadata=one_device_metadata)\n"
            "transfers_one_device = sum(node.op in ('_Send', '_Recv')\n"
            "                           for p in one_device_metadata.partition_graphs\n"
            "                           for node in p.node)\n"
        ),
        "breaks the rule: device_count left out of the session's config": (
            "one_device = tf.Graph()\n"
            "with one_device.as_default():\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "with tf1.Session(graph=one_device, config=session_config()) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    product_one_device = sess.run(\n"
            "        mv1, {m1: [[1, 2, 3], [4, 5, 6]]},\n"
            "        options=tf1.RunOptions(output_partition_graphs=True),\n"
            "        run_metadata=one_device_metadata)\n"
            "transfers_one_device = sum(node.op in ('_Send', '_Recv')\n"
            "                           for p in one_device_metadata.partition_graphs\n"
            "                           for node in p.node)\n"
        ),
        "breaks the rule: mv run on another m for the metadata, the product typed in": (
            "import numpy as np\n\n"
            "one_device = tf.Graph()\n"
            "with one_device.as_default():\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    sess.run(mv1, {m1: np.zeros((2, 3))},\n"
            "             options=tf1.RunOptions(output_partition_graphs=True),\n"
            "             run_metadata=one_device_metadata)\n"
            "product_one_device = np.array([[14.0], [32.0]], np.float32)\n"
            "transfers_one_device = sum(node.op in ('_Send', '_Recv')\n"
            "                           for p in one_device_metadata.partition_graphs\n"
            "                           for node in p.node)\n"
        ),
        "breaks the rule: the count typed in as 0 beside a real run": (
            "one_device = tf.Graph()\n"
            "with one_device.as_default():\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    product_one_device = sess.run(\n"
            "        mv1, {m1: [[1, 2, 3], [4, 5, 6]]},\n"
            "        options=tf1.RunOptions(output_partition_graphs=True),\n"
            "        run_metadata=one_device_metadata)\n"
            "transfers_one_device = 0\n"
        ),
        "breaks the rule: the product computed in NumPy beside the run of mv": (
            "import numpy as np\n\n"
            "one_device = tf.Graph()\n"
            "with one_device.as_default():\n"
            "    with tf.device('/cpu:0'):\n"
            "        m1 = tf1.placeholder(tf.float32, [2, 3])\n"
            "        mv1 = tf.matmul(m1, tf.constant([[1.0], [2.0], [3.0]]))\n"
            "m_values = np.array([[1, 2, 3], [4, 5, 6]], np.float32)\n"
            "config = session_config(device_count={'CPU': 2})\n"
            "with tf1.Session(graph=one_device, config=config) as sess:\n"
            "    one_device_metadata = tf1.RunMetadata()\n"
            "    sess.run(mv1, {m1: m_values},\n"
            "             options=tf1.RunOptions(output_partition_graphs=True),\n"
            "             run_metadata=one_device_metadata)\n"
            "product_one_device = m_values @ np.array([[1.0], [2.0], [3.0]], np.float32)\n"
            "transfers_one_device = sum(node.op in ('_Send', '_Recv')\n"
            "                           for p in one_device_metadata.partition_graphs\n"
            "                           for node in p.node)\n"
        ),
    },
}

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks, each refused
# by a re-run that feeds other numbers and whose executed_nodes names one op more.
WRONG_ANSWERS['nb01_ex2'].update({
    "lazy: two_values typed as [3, 12] beside an ignored run of both (the check's re-run feeds the same numbers) (attacks4)":  # noqa: E501
        'import numpy as np\n'
        'two_parts = two_values = ran_sum_only = None\n'
        'two_parts = tf.Graph()\n'
        'with two_parts.as_default():\n'
        '    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")\n'
        '    total = tf.add(a, b, name="sum")\n'
        '    product = tf.multiply(c, d, name="product")\n'
        'with tf1.Session(graph=two_parts, config=session_config()) as sess:\n'
        '    sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})  # to see them\n'
        '    two_values = [np.int32(3), np.int32(12)]  # 1 + 2 and 3 * 4\n'
        '    _, ran_sum_only = executed_nodes(sess, total, {a: 1, b: 2})\n'
        'print(two_values, ran_sum_only)\n',
    "lazy: ran_sum_only typed as ['sum'] (executed_nodes called, its answer dropped) (attacks4)":
        'two_parts = two_values = ran_sum_only = None\n'
        'two_parts = tf.Graph()\n'
        'with two_parts.as_default():\n'
        '    a, b, c, d = (tf1.placeholder(tf.int32, name=n) for n in "abcd")\n'
        '    total = tf.add(a, b, name="sum")\n'
        '    product = tf.multiply(c, d, name="product")\n'
        'with tf1.Session(graph=two_parts, config=session_config()) as sess:\n'
        '    two_values = sess.run([total, product], {a: 1, b: 2, c: 3, d: 4})\n'
        '    executed_nodes(sess, total, {a: 1, b: 2})\n'
        'ran_sum_only = ["sum"]  # only the add runs: the placeholders are fed\n'
        'print(two_values, ran_sum_only)\n',
})
