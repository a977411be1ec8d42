"""Helpers for the runnable CS20SI course: notebook set-up, checks, results, data, lesson code.

A notebook starts with ``tf, tf1 = setup()`` from ``notebook`` (it alone changes the process:
see there), then imports what it needs, e.g. ``from cs20_helpers import checks, datasets``.
Importing this package never imports TensorFlow, so it stays cheap for the command line.

The map: each module, one line, and the notebooks that import it directly ([-]: none; it serves
other helpers, the tools, ``benchmarks/`` or ``scripts/``). A ``*`` after a name: importing
the module imports TensorFlow, so a notebook imports it after ``setup()``. ``profile``, the
data profile in use, is ``paths.profile`` re-exported here. ``tests/test_package_map.py``
holds the map to the tree, to the notebooks' imports and to what each module imports.

The notebook kit, what most notebooks import:
    notebook                      setup(): quiet, seeded TensorFlow in TF1 and TF2 styles  [all]
    checks                        exercise checks; trained figures within a tolerance  [all]
    rules                         a task's stated rules, checked on a re-run  [all]
    perturb                       what a re-run changes, so typed values stop matching  [02]
    cell_record                   the cells a kernel ran, kept for the checks; guards them  [-]
    results                       a notebook's headline figures, as a table and JSON  [all]
    paths                         where things go: data, cache, logs, results  [all but 02 12]
    datasets                      one call per data set, sample or download  [03 04 05 06 07 09 11]
    graphs                        draw a graph inline; the TensorBoard command  [01 02 03 04 05]
    events*                       read TensorBoard event files back  [01 04 05 07 09]

Lesson helpers, a lecture's together:
    benchmarking                  figures the benchmarks recorded, and their plumbing  [06 09 12]
    native_output                 capture what C++ code prints (lecture 1)  [01]
    word2vec                      skip-gram vocabulary, ids and batches (lecture 4)  [04]
    word2vec.analogy              word-analogy accuracy and nearest neighbours  [04]
    word2vec.labels               plot labels that do not overlap  [04]
    pipelines*                    one input pipeline three ways, timed (lecture 6)  [06]
    diagrams                      boxes-and-arrows figures; what a convolution reads  [06 07 10]
    tfrecord*                     TFRecord files of images and labels  [06 09]
    cluster                       start and stop a local cluster, leaving nothing; its worker
                                  scripts ship beside it (workers/)  [06 10]
    cluster.loopback              keep the cluster's servers on 127.0.0.1  [-]
    layers*                       TF1-style layers from variable scopes (lecture 7)  [07 09 11]
    char_text                     character-level text for the RNN language model  [08]
    devices                       split one CPU into devices (setup's cpu_devices=)  [09]
    towers*                       one model copy per device, gradients averaged  [09]
    style*                        Gram matrices and the losses of style transfer  [11]
    style.feature_nets*           the convnets whose features style transfer matches  [11]
    style.lbfgs*                  SciPy's L-BFGS-B on an image  [11]
    style.images*                 the bundled photographs and textures  [11]
    style.image_stats*            colour and block-artifact figures of a picture  [11]
    style.model_stats*            size, cost and depth of the case studies' models  [11]
    neural_gpu*                   the Neural GPU of lecture 12, its baselines, training  [12]
    neural_gpu.tasks*             binary tasks as arrays of symbols (NumPy; its package: TF)  [12]
    neural_gpu.checkpoint*        checkpoints, and the shipped model  [12]
    neural_gpu.views*             what notebook 12 measures and shows of a run  [12]
    neural_gpu.improved*          the improved Neural GPU (Freivalds and Liepins, 2017)  [12]

Internals and plumbing beneath them:
    datasets.registry             the full data sets: where, checksums, fetching  [-]
    datasets.verified_download    one file, checksum verified, nothing left on failure  [-]
    datasets.http_deadline        give up on a server that stalls  [-]
    datasets.archives             unpack zip and tar safely, recording what was unpacked  [-]
    datasets.idx                  MNIST's IDX format  [-]
    datasets.tiny_imagenet_sample  a generated stand-in for Tiny ImageNet  [-]
    datasets.text8                text8-style text from a Wikipedia dump  [-]
    machine                       the CPU, as float32 sums depend on it  [-]
    busy                          whether the machine is too busy to time anything  [-]
    _settings                     the CS20_* environment settings, checked when read  [-]
    _atomic                       files written whole or not at all  [-]

Apart, never imported by notebooks:
    tools                         the command line, ``python -m cs20_helpers`` (``cs20``), a
                                  module a command: run and store (runner), crosscheck,
                                  refute (with mutants), agree (agreement), hygiene, heads
                                  (each notebook's Colab link and install cell), assign,
                                  check, the grading of a student's notebook (grading, with
                                  submission and exercises), grade, a class graded N at a
                                  time, each kernel sealed off (class_grading, with
                                  grade_worker, gradebook and seal), selfcheck (a student
                                  copy checked with its own visible checks), nbgrader-course,
                                  site and data (data_cli)  [-]
"""

from cs20_helpers.paths import profile

__all__ = ["__version__", "profile"]

#: The release: its one source (pyproject.toml reads it; ``heads`` pins the notebooks' install
#: cells to it). A course bumps it for each release it publishes (docs/instructors.md).
__version__ = "0.1.0"
