"""Notebook 09's TensorFlow 2 section (MirroredStrategy) runs on plain Keras 3 as well.

``setup()`` selects tf-keras (``TF_USE_LEGACY_KERAS=1``), which the notebook's TF1 parts need;
this test runs the section's own code cells in a fresh process with Keras 3 instead.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "09_multi_device_vgg.ipynb"

PREAMBLE = """
from pathlib import Path
import numpy as np
from cs20_helpers.notebook import setup
tf, tf1 = setup(cpu_devices=2, show=False)
from cs20_helpers import datasets, tfrecord
from cs20_helpers.devices import tower_devices
from cs20_helpers.layers import VGG_BLOCKS, VGG_FILTER_SCALE
tiny = datasets.tiny_imagenet(source="sample")
NUM_CLASSES = len(datasets.tiny_imagenet_classes(tiny))
IMAGE_SIZE, VGG_TOWERS = 32, 2
train_path = Path({folder!r}) / "train.tfrecord"
tfrecord.write_image_records(datasets.tiny_imagenet_items(tiny, "train")[:64], train_path)
"""


def section_8_code() -> str:
    """Return the code of notebook 09's cell defining ``parse_image`` and of section 8."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    text = ["".join(cell["source"]) for cell in cells]
    start, end = (next(i for i, t in enumerate(text) if ("\n" + t).count(f"\n## {n}."))
                  for n in (8, 9))
    parse = [t for t in text if "def parse_image(" in t]
    section = [t for i, t in enumerate(text[start:end], start)
               if cells[i]["cell_type"] == "code"]
    return "\n\n".join(parse + section)


def test_mirrored_strategy_section_runs_on_keras_3(tmp_path):
    script = PREAMBLE.format(folder=str(tmp_path)) + section_8_code()
    env = {**os.environ, "TF_USE_LEGACY_KERAS": "0"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=600, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "tf.keras comes from the package keras\n" in done.stdout
    assert "20 finite losses: True" in done.stdout
    assert "the copies stayed equal: True" in done.stdout
