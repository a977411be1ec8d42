"""The notebook set-up call: quiet start, fixed threads, reproducible random numbers."""

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from cs20_helpers.tools import heads

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


#: A Python with the oldest supported TensorFlow (constraints/oldest-tensorflow.txt), e.g. the
#: venv ``.ci/oldest-tensorflow`` makes; unset, only this environment's TensorFlow is tried.
OLDEST_PYTHON = os.environ.get("CS20_OLDEST_TF_PYTHON")
#: What a notebook does first: ``setup()``, a TF1 session that trains, a tf.function.
FIRST_STEPS = """
from cs20_helpers.notebook import setup
tf, tf1 = setup()
with tf.Graph().as_default() as g:
    x = tf1.placeholder(tf.float32, [None, 2])
    loss = tf.reduce_sum(tf.matmul(x, tf1.get_variable("w", [2, 1])))
    step = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        sess.run(step, {x: [[1.0, 2.0]]})
print(tf.function(lambda a: a * 2)(tf.constant(1.0)).numpy())
"""


@pytest.mark.parametrize("python", [
    sys.executable,
    pytest.param(OLDEST_PYTHON, marks=pytest.mark.skipif(
        not OLDEST_PYTHON, reason="CS20_OLDEST_TF_PYTHON is not set (.ci/oldest-tensorflow "
        "sets it to its venv's Python)"))], ids=["this", "oldest"])
def test_the_first_steps_of_a_notebook_write_nothing_to_stderr(python):
    """Issue 49: TensorFlow 2.19 logs two lines through absl at the first graph it optimizes,
    whatever TF_CPP_MIN_LOG_LEVEL says; a notebook showed them in a red box."""
    env = {**_bare_env(), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([python, "-c", FIRST_STEPS], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "2.0"
    assert done.stderr == ""


#: Environment variables ``setup()`` sets; a child process starts without them.
QUIET = ("TF_USE_LEGACY_KERAS", "TF_ENABLE_ONEDNN_OPTS", "TF_CPP_MIN_LOG_LEVEL",
         "OPENBLAS_NUM_THREADS")


def _bare_env() -> dict[str, str]:
    """This process's environment without what ``setup()`` (or the test session) sets."""
    return {k: v for k, v in os.environ.items() if k not in QUIET}


def test_importing_any_helper_changes_no_environment_and_no_warning_filter():
    # Issue 37: only setup() changes the process. Every module notebooks may import, imported
    # in one fresh process: the environment and the warning filters stay as they were.
    script = """
import os, pkgutil, warnings, importlib
# The libraries the helpers use set variables and filters of their own when imported: import
# them first, so what is compared is what the helpers' own code does.
import numpy, scipy.optimize, requests, matplotlib.pyplot, tensorflow
import cs20_helpers
env, filters = dict(os.environ), list(warnings.filters)
names = [m.name for m in pkgutil.walk_packages(cs20_helpers.__path__, "cs20_helpers.")
         if ".tools" not in m.name and not m.name.rpartition(".")[2].startswith("_")]
for name in names:
    importlib.import_module(name)
print(len(names), dict(os.environ) == env, warnings.filters == filters)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=180, env=_bare_env())
    assert done.returncode == 0, done.stderr[-2000:]
    count, same_env, same_filters = done.stdout.split()
    assert int(count) >= 20
    assert (same_env, same_filters) == ("True", "True")


def test_setup_warns_when_tensorflow_came_first_and_not_when_called_twice():
    late = ("import cs20_helpers.layers\nfrom cs20_helpers.notebook import setup\n"
            "tf, tf1 = setup(show=False)\nimport os; print(os.environ['TF_ENABLE_ONEDNN_OPTS'])")
    done = subprocess.run([sys.executable, "-c", late], capture_output=True, text=True,
                          timeout=120, env=_bare_env())
    assert done.returncode == 0, done.stderr[-2000:]
    assert "TensorFlow was imported before setup()" in done.stderr
    twice = ("from cs20_helpers.notebook import setup\ntf, tf1 = setup(show=False)\n"
             "import cs20_helpers.layers, cs20_helpers.events\ntf, tf1 = setup(show=False)")
    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", twice],
                          capture_output=True, text=True, timeout=120, env=_bare_env())
    assert done.returncode == 0 and done.stderr == "", done.stderr[-2000:]


def test_helpers_imported_after_setup_are_quiet_and_the_cpu_can_still_be_split():
    script = ("import os\nfrom cs20_helpers.notebook import setup\n"
              "tf, tf1 = setup(cpu_devices=2, show=False)\n"
              "import cs20_helpers.layers, cs20_helpers.towers, cs20_helpers.tfrecord\n"
              "import cs20_helpers.pipelines, cs20_helpers.events\n"
              "cpus = tf.config.list_logical_devices('CPU')\n"
              "print(os.environ['TF_ENABLE_ONEDNN_OPTS'], len(cpus))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True, env=_bare_env())
    assert done.stdout.split() == ["0", "2"]
    assert done.stderr == ""


def test_every_notebook_has_the_one_setup_cell_shape():
    # Issue 37: a "## Setup" heading, then (issue 38) the install cell, which imports nothing of
    # the package, then one code cell that imports setup, calls it before any other cs20_helpers
    # or TensorFlow import, and imports the helpers after it.
    notebooks = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("[0-9]*.ipynb"))
    assert len(notebooks) == 12
    for path in notebooks:
        cells = nbformat.read(path, as_version=4).cells
        install = next(i for i, c in enumerate(cells) if c.cell_type == "code")
        assert cells[install - 1].cell_type == "markdown", path.name
        assert cells[install - 1].source.startswith("## Setup\n"), path.name
        assert cells[install].source == heads.install_source(), path.name
        first = install + 1
        lines = [line for line in cells[first].source.splitlines() if line.strip()]
        assert lines[0] == "from cs20_helpers.notebook import setup", path.name
        call = next(i for i, line in enumerate(lines) if line.startswith("tf, tf1 = setup("))
        before = "\n".join(lines[1:call])
        assert "import" not in before, f"{path.name}: imports before setup(): {before}"
