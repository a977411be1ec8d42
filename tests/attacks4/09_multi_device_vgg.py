"""Fresh wrong answers (sixth attack, issue 46) for notebook 09's exercises."""
# ruff: noqa: E501

WRONG_ANSWERS = {
    "nb09_ex1": {
        "common mistake: pool3 after two halvings (24x24) and fc6 from pool4's 6x6x64": '''pool3_shape, fc6_inputs = None, None
pool3_shape = (None, 96 // 4, 96 // 4, 32)  # counted the poolings before pool3 only
fc6_inputs = (96 // 16) * (96 // 16) * 64
''',
        "wrong scope: works the shapes out for section 6's 64x64 images, not the task's 96x96": '''pool3_shape, fc6_inputs = None, None
pool3_shape = (None, IMAGE_SIZE // 8, IMAGE_SIZE // 8, 32)
fc6_inputs = (IMAGE_SIZE // 32) * (IMAGE_SIZE // 32) * 64
''',
        "gaming: builds the net with vgg_net in a child process (the kernel's own Python) and parses its shapes; the check records ops in the kernel's process only": '''import json as ex1_json
import subprocess
import sysconfig

pool3_shape, fc6_inputs = None, None
ex1_child = """
import json
import tensorflow as tf
tf1 = tf.compat.v1
from cs20_helpers.layers import vgg_net
with tf.Graph().as_default() as g:
    vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, 10, depth=16, base_filters=8, fc_units=128)
    print(json.dumps([g.get_tensor_by_name("pool3/MaxPool2d:0").shape.as_list()[1:],
                      int(tf1.trainable_variables("fc6")[0].shape[0])]))
"""
ex1_paths = sysconfig.get_paths()  # the kernel's own Python (its venv's), and its packages
ex1_python = os.path.join(ex1_paths["scripts"], "python")
if not os.path.exists(ex1_python):
    ex1_python = "/proc/self/exe"
ex1_env = dict(os.environ, PYTHONPATH=os.pathsep.join(
    [ex1_paths["purelib"], ex1_paths["platlib"], os.environ.get("PYTHONPATH", "")]))
ex1_out = subprocess.run([ex1_python, "-c", ex1_child], capture_output=True, text=True,
                         check=True, env=ex1_env).stdout.strip().splitlines()[-1]
ex1_dims, fc6_inputs = ex1_json.loads(ex1_out)
pool3_shape = (None, *[int(n) for n in ex1_dims])
fc6_inputs = int(fc6_inputs)
''',
        "gaming: builds the net with vgg_net on its first run and caches the shapes in a file; the check's re-run finds the file and builds nothing": '''pool3_shape, fc6_inputs = None, None
ex1_cache = f"/tmp/nb09_ex1_shapes_{os.getpid()}.json"
if os.path.exists(ex1_cache):
    with open(ex1_cache, encoding="utf-8") as ex1_file:
        ex1_dims, fc6_inputs = json.load(ex1_file)
else:
    with tf.Graph().as_default() as ex1_graph:
        vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
        ex1_dims = ex1_graph.get_tensor_by_name("pool3/MaxPool2d:0").shape.as_list()[1:]
        fc6_inputs = int(tf1.trainable_variables("fc6")[0].shape[0])
    with open(ex1_cache, "w", encoding="utf-8") as ex1_file:
        json.dump([ex1_dims, fc6_inputs], ex1_file)
pool3_shape = (None, *[int(n) for n in ex1_dims])
''',
        "gaming: builds the net on its first run and keeps the shapes in a collection of TensorFlow's global default graph, where the re-run reads them without making an op": '''pool3_shape, fc6_inputs = None, None
ex1_kept = tf1.get_default_graph().get_collection_ref("nb09_ex1_shapes")
if not ex1_kept:
    with tf.Graph().as_default() as ex1_graph:
        vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
        ex1_kept.append(tuple(ex1_graph.get_tensor_by_name("pool3/MaxPool2d:0").shape.as_list()))
        ex1_kept.append(int(tf1.trainable_variables("fc6")[0].shape[0]))
pool3_shape, fc6_inputs = tuple(ex1_kept[0]), int(ex1_kept[1])
''',
        "rule-breaking: reads block 3's channels and fc6's inputs off the nets the notebook built earlier instead of working them out (NOT SURE: the cell makes no op)": '''pool3_shape, fc6_inputs = None, None
ex1_kernel = [v for v in vgg.graph.get_collection("trainable_variables") if "conv3_1" in v.name and v.shape.rank == 4][0]
ex1_fc6 = [v for v in vgg.graph.get_collection("trainable_variables") if "fc6" in v.name and v.shape.rank == 2][0]
pool3_shape = (None, 96 // 8, 96 // 8, int(ex1_kernel.shape[-1]))
fc6_inputs = int(ex1_fc6.shape[0]) * 9 // 4  # 2x2x64 at 64 pixels, scaled to 3x3
''',
    },
    "nb09_ex2": {
        "common mistake: keeps 3 input channels for every convolution of a block": '''small_macs = None
def count_small_macs(size):
    macs = []
    channels_in = 3
    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE, strict=True):
        channels_out = 8 * scale
        macs.append(convs * size * size * 9 * channels_in * channels_out)
        channels_in = channels_out
        size //= 2
    return macs


small_macs = count_small_macs
''',
        "wrong scope: halves the size before counting each block (counts the pooled map)": '''small_macs = None
def count_small_macs(size):
    macs, channels_in = [], 3
    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE, strict=True):
        size //= 2
        channels_out, block = 8 * scale, 0
        for _ in range(convs):
            block += size * size * 9 * channels_in * channels_out
            channels_in = channels_out
        macs.append(block)
    return macs


small_macs = count_small_macs
''',
        "lazy: types in the counts at 64x64 and scales them by (size / 64)^2 (wrong at odd sizes)": '''small_macs = None
AT_64 = [3244032, 3538944, 5898240, 5898240, 1769472]


def count_small_macs(size):
    return [m * size * size // (64 * 64) for m in AT_64]


small_macs = count_small_macs
''',
        "rule-breaking: the counts of every size computed with NumPy in the cell and kept in a table of plain ints that small_macs only looks up": '''small_macs = None
def ex2_numpy_counts(size):
    sizes = size // 2 ** np.arange(5)
    outs = 8 * np.asarray(VGG_FILTER_SCALE)
    ins = np.concatenate([[3], outs[:-1]])
    convs = np.asarray(VGG_BLOCKS[16])
    first = sizes ** 2 * 9 * ins * outs
    rest = sizes ** 2 * 9 * outs * outs * (convs - 1)
    return [int(n) for n in first + rest]


EX2_TABLE = {size: ex2_numpy_counts(size) for size in range(1, 1025)}


def count_small_macs(size):
    return list(EX2_TABLE[size])


small_macs = count_small_macs
''',
        "gaming: small_macs builds the graph with the original vgg_net and conv_multiply_adds, held in an argparse.Namespace that Only does not look into and the check's switch-off does not reach": '''import argparse

small_macs = None
EX2_TOOLS = argparse.Namespace(build=vgg_net, count=conv_multiply_adds, graph=tf.Graph,
                               placeholder=tf1.placeholder, float32=tf.float32,
                               classes=NUM_CLASSES, model=dict(SMALL_VGG))


def count_small_macs(size):
    with EX2_TOOLS.graph().as_default() as graph:
        EX2_TOOLS.build(EX2_TOOLS.placeholder(EX2_TOOLS.float32, [1, size, size, 3]), 1.0,
                        EX2_TOOLS.classes, **EX2_TOOLS.model)
    return [int(m) for m in EX2_TOOLS.count(graph)[0]]


small_macs = count_small_macs
''',
    },
    "nb09_ex3": {
        "common mistake: the buggy loop as given, tf.device(device) around each tower": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf.device(device):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
fixed_graph = graph
''',
        "wrong scope: drops the towers' devices, so everything (the MatMuls too) lands on /cpu:0": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
fixed_graph = graph
''',
        "rule-breaking: builds the buggy loop, then moves the variables' ops to /cpu:0 with op._set_device afterwards": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf.device(device):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
for op in graph.get_operations():
    if op.type in VARIABLE_OPS:
        op._set_device("/device:CPU:0")
fixed_graph = graph
''',
        "gaming: moves the variables afterwards (op._set_device) on its first run, and builds it right when a mark in TensorFlow's global default graph says the check is running it again": '''fixed_graph = None
ex3_seen = tf1.get_default_graph().get_collection_ref("nb09_ex3_seen")
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        scope = tf1.device(compute_on(device)) if ex3_seen else tf.device(device)
        with tf1.name_scope(f"tower_{i}"), scope:
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
if not ex3_seen:
    for op in graph.get_operations():
        if op.type in VARIABLE_OPS:
            op._set_device("/device:CPU:0")
ex3_seen.append(True)
fixed_graph = graph
''',
        "gaming: as above, the re-run told by a marker file named after the kernel's process id": '''fixed_graph = None
ex3_mark = f"/tmp/nb09_ex3_mark_{os.getpid()}"
ex3_again = os.path.exists(ex3_mark)
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        scope = tf1.device(compute_on(device)) if ex3_again else tf.device(device)
        with tf1.name_scope(f"tower_{i}"), scope:
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
if not ex3_again:
    for op in graph.get_operations():
        if op.type in VARIABLE_OPS:
            op._set_device("/device:CPU:0")
open(ex3_mark, "w", encoding="utf-8").close()
fixed_graph = graph
''',
    },
    "nb09_ex4": {
        "common mistake: the plain mean of the towers' gradients (average_gradients), as for equal slices": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = average_gradients(unequal_grads)
''',
        "common mistake: weighs each tower by its rows over the mean slice (14), so the weights add up to 3": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = [(tf.add_n([size / 14 * grad for size, (grad, _) in zip(SIZES, pairs, strict=True)]), pairs[0][1])
                      for pairs in zip(*unequal_grads, strict=True)]
''',
        "lazy: the shares typed in, rounded (0.238, 0.333, 0.429), instead of computed from SIZES": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = [(tf.add_n([share * grad for share, (grad, _) in zip([0.238, 0.333, 0.429], pairs, strict=True)]), pairs[0][1])
                      for pairs in zip(*unequal_grads, strict=True)]
''',
        "lazy: the shares typed in as fractions worked out by hand (5/21, 1/3, 3/7), not computed from SIZES (NOT SURE: the task only says weigh by the share)": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = [(tf.add_n([share * grad for share, (grad, _) in zip([5 / 21, 1 / 3, 3 / 7], pairs, strict=True)]), pairs[0][1])
                      for pairs in zip(*unequal_grads, strict=True)]
''',
        "rule-breaking: a new whole-batch gradient of the loss on x_all, with the towers' gradients added in times zero so they appear among its inputs": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    ex4_whole = sgd.compute_gradients(linear_loss(x_all, y_all))
    weighted_grads = [(whole + 0.0 * tf.add_n([grad for grad, _ in pairs]), pairs[0][1])
                      for (whole, _), pairs in zip(ex4_whole, zip(*unequal_grads, strict=True), strict=True)]
''',
        "rule-breaking: the weighing done in NumPy inside tf1.py_func rather than with TensorFlow ops (NOT SURE: the task names no library)": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None


def ex4_numpy_weigh(*grads):
    return np.asarray(sum(size / sum(SIZES) * g for size, g in zip(SIZES, grads, strict=True)), np.float32)


with unequal_graph.as_default():
    weighted_grads = []
    for pairs in zip(*unequal_grads, strict=True):
        ex4_mixed = tf1.py_func(ex4_numpy_weigh, [grad for grad, _ in pairs], tf.float32)
        ex4_mixed.set_shape(pairs[0][0].shape)
        weighted_grads.append((ex4_mixed, pairs[0][1]))
''',
    },
}
