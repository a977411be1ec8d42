"""One call at the top of every notebook: quiet, reproducible TensorFlow in TF1 and TF2 styles.

The course teaches TensorFlow 1's graph-and-session model, which TensorFlow 2.21 still carries
under ``tf.compat.v1``. Every notebook's Setup cell starts with ``tf, tf1 = setup()``: TF1
examples build inside ``with tf.Graph().as_default():`` and run in ``tf1.Session(graph=g)``;
"In TensorFlow 2" sections run eagerly in the same kernel.

``setup()`` is the one place the package changes the process. It sets the environment variables
TensorFlow and SciPy read when imported, each only where the environment does not set it already
(oneDNN off, which also fixes float32 digits; tf-keras behind ``tf.keras`` for ``tf1.layers``
and ``rnn_cell``; no C++ info lines; one OpenBLAS thread); it ignores, for the whole process,
warnings whose message starts with ``tf.`` and every DeprecationWarning and FutureWarning (the
TF1 API is deprecated by design); it fixes TensorFlow's thread counts, seeds Python, NumPy and
TensorFlow, sets NumPy's print options, imports TensorFlow (before 2.21 it also runs one tiny
graph with native stderr silenced, so that absl's once-a-process log lines go nowhere), has the
inline backend store figures at twice their pixel density, and prints one line. Importing any
``cs20_helpers`` module changes none of that. So call ``setup()`` before importing TensorFlow,
SciPy or a helper that imports them (those marked ``*`` in the package's map,
``cs20_helpers.__doc__``): a TensorFlow imported earlier keeps oneDNN on, and ``setup()`` warns.
"""

from __future__ import annotations

__all__ = ["import_tensorflow", "native_stderr_silenced", "quiet_environment", "quiet_import",
    "seed_everything", "session_config", "setup", "sharp_figures", "THREADS"]

import contextlib
import os
import random
import sys
import warnings
from collections.abc import Iterator
from types import ModuleType

import numpy as np

from cs20_helpers import cell_record
from cs20_helpers._settings import threads
from cs20_helpers.devices import split_devices
from cs20_helpers.paths import profile

#: Threads TensorFlow may use (``CS20_THREADS``, checked before TensorFlow ever sees it).
#: Fixed, so results repeat bit for bit on one machine; another thread count or CPU changes the
#: last digits of float32 sums (``cs20_helpers.checks`` compares trained figures with a tolerance).
THREADS = threads()

_QUIET_ENV = {
    "TF_USE_LEGACY_KERAS": "1",  # tf1.layers and tf1.nn.rnn_cell need tf-keras
    "TF_ENABLE_ONEDNN_OPTS": "0",  # the only way to drop the oneDNN banner; fixes the digits
    "TF_CPP_MIN_LOG_LEVEL": "2",  # no C++ info and warning lines
    # SciPy's OpenBLAS threads spin between L-BFGS-B's small BLAS calls and fight TensorFlow's
    # for the cores (notebook 11, 2 cores: 47 ms an iteration with them, 16 without)
    "OPENBLAS_NUM_THREADS": "1",
}


#: Whether ``quiet_import`` has imported TensorFlow (a second ``setup()`` call is no warning).
_imported_quietly = False


def quiet_environment() -> None:
    """Set the environment variables and warning filters that must precede the TF import
    (each variable only where the environment does not set it already)."""
    for key, value in _QUIET_ENV.items():
        os.environ.setdefault(key, value)
    warnings.filterwarnings("ignore", message=r"`tf\.")
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    warnings.filterwarnings("ignore", category=FutureWarning)


def seed_everything(seed: int = 0) -> None:
    """Seed Python, NumPy and TensorFlow (legacy layer initializers included)."""
    import tensorflow as tf

    random.seed(seed)
    np.random.seed(seed)
    tf.keras.utils.set_random_seed(seed)


def session_config(**overrides: object):
    """Return a ``tf.compat.v1.ConfigProto`` with the fixed thread counts, plus ``overrides``."""
    import tensorflow as tf

    return tf.compat.v1.ConfigProto(
        intra_op_parallelism_threads=THREADS, inter_op_parallelism_threads=THREADS, **overrides
    )


def _limit_threads(tf: ModuleType) -> None:
    """Fix eager thread counts; a no-op once the runtime has started (second setup call)."""
    try:
        tf.config.threading.set_intra_op_parallelism_threads(THREADS)
        tf.config.threading.set_inter_op_parallelism_threads(THREADS)
    except RuntimeError:
        pass


@contextlib.contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """Send file descriptor 2 to /dev/null for a moment: TensorFlow's C++ start-up lines
    (CUDA probing, absl banners) ignore every log level and would land in stored notebooks."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def quiet_import() -> ModuleType:
    """Import TensorFlow with the quiet settings, its native start-up lines silenced; warn when
    it was imported before without them (its start-up settings then no longer apply).

    The runtime is not started, so ``split_devices`` can still split the CPU afterwards.
    """
    global _imported_quietly
    quiet_already = all(os.environ.get(k) == v for k, v in _QUIET_ENV.items())
    if "tensorflow" in sys.modules and not _imported_quietly and not quiet_already:
        warnings.warn("TensorFlow was imported before setup(): oneDNN stays on and C++ log "
                      "lines show; restart the kernel and run setup() first", RuntimeWarning,
                      stacklevel=3)
    quiet_environment()
    with native_stderr_silenced():
        import tensorflow as tf
    _imported_quietly = True
    return tf


def _absl_lines_logged(tf: ModuleType) -> None:
    """Before TensorFlow 2.21, the first graph TensorFlow optimizes logs through absl whatever
    ``TF_CPP_MIN_LOG_LEVEL`` says ("All log messages before absl::InitializeLog() is called are
    written to STDERR", then MLIR's "V1 optimization pass is not enabled"), once a process: run
    one tiny graph, in a graph and session of its own, while native stderr is silenced, so a
    notebook never shows them. 2.21 logs neither; nothing runs there."""
    major, minor = (int(part) for part in tf.__version__.split(".")[:2])
    if (major, minor) >= (2, 21):
        return
    with tf.Graph().as_default() as graph:
        total = tf.constant(1.0) + tf.constant(1.0)
        with tf.compat.v1.Session(graph=graph, config=session_config()) as session:
            session.run(total)


def import_tensorflow(cpu_devices: int | None = None) -> ModuleType:
    """Import TensorFlow quietly and initialise its devices, so no start-up noise follows.

    ``cpu_devices=N`` first shows the CPU as N logical devices, and too few GPUs as N (see
    ``devices.split_devices``); ``None`` keeps whatever the runtime has.
    """
    tf = quiet_import()
    with native_stderr_silenced():
        _limit_threads(tf)
        if cpu_devices is not None:
            split_devices(cpu_devices)
        tf.config.list_logical_devices()
        _absl_lines_logged(tf)
    tf.get_logger().setLevel("ERROR")
    tf.autograph.set_verbosity(0)
    return tf


def sharp_figures() -> None:
    """Have the inline backend store figures at twice their pixel density ("retina"): shown at
    the size they had, but sharp on a laptop screen and in the site. Nothing outside an IPython
    kernel."""
    if "IPython" not in sys.modules:
        return
    from IPython import get_ipython

    if get_ipython() is None:
        return
    try:
        from matplotlib_inline.backend_inline import set_matplotlib_formats
    except ImportError:  # no inline backend installed: nothing is stored inline
        return
    set_matplotlib_formats("retina")


def setup(seed: int = 0, *, show: bool = True,
          cpu_devices: int | None = None) -> tuple[ModuleType, ModuleType]:
    """Make TensorFlow quiet and reproducible; return ``(tf, tf.compat.v1)``.

    Call it first, before importing TensorFlow, SciPy or a helper that imports them: it sets the
    environment they read when imported (where unset), process-wide warning filters, thread
    counts and the Python, NumPy and TensorFlow seeds, sets NumPy's print options, imports
    TensorFlow (warning when it was imported before), stores inline figures sharp
    (``sharp_figures``), starts the kernel's record of the cells it runs, which the exercise
    checks re-run answers from (``cell_record.install``), and, with ``show``, prints one line.
    ``cpu_devices=N`` splits the CPU (and too few GPUs) into N logical devices for multi-device
    examples; only a fresh kernel can do that, as the first TensorFlow call of the notebook.
    """
    tf = import_tensorflow(cpu_devices)
    seed_everything(seed)
    sharp_figures()
    np.set_printoptions(precision=4, suppress=True)
    cell_record.install()
    if show:
        print(f"TensorFlow {tf.__version__}, profile {profile()!r}, seed {seed}, "
              f"{THREADS} threads")
    return tf, tf.compat.v1
