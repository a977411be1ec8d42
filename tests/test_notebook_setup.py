"""The notebook set-up call: quiet start, fixed threads, reproducible random numbers."""

import subprocess
import sys

SCRIPT = """
from cs20_helpers.notebook import setup, session_config
tf, tf1 = setup(seed=7)
import numpy as np, random
g = tf.Graph()
with g.as_default():
    tf1.set_random_seed(7)
    x = tf1.random_normal([3])
    with tf1.Session(graph=g, config=session_config()) as sess:
        graph_values = sess.run(x)
print(graph_values, tf.random.uniform([2]).numpy(), np.random.rand(), random.random())
print(tf1 is tf.compat.v1, tf.config.threading.get_intra_op_parallelism_threads())
"""


def _run() -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=120, check=True)


def test_setup_is_quiet_reproducible_and_returns_both_apis():
    first, second = _run(), _run()
    assert first.stdout == second.stdout
    lines = first.stdout.splitlines()
    assert lines[0].startswith("TensorFlow 2.21") and "profile 'sample'" in lines[0]
    assert lines[-1] == "True 2"
    assert first.stderr == ""


def test_helper_modules_import_tensorflow_quietly_without_starting_it():
    script = ("import os\nimport cs20_helpers.layers, cs20_helpers.towers, cs20_helpers.tfrecord\n"
              "import cs20_helpers.pipelines, cs20_helpers.events\n"
              "from cs20_helpers.notebook import setup\n"
              "tf, tf1 = setup(cpu_devices=2, show=False)\n"
              "cpus = tf.config.list_logical_devices('CPU')\n"
              "print(os.environ['TF_ENABLE_ONEDNN_OPTS'], len(cpus))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["0", "2"]
    assert done.stderr == ""
