"""The three timed input pipelines deliver the same images, all of them, and report sane rates."""

from __future__ import annotations

import numpy as np
from PIL import Image

from cs20_helpers import pipelines


def _jpegs(folder, n=7):
    rng = np.random.default_rng(0)
    paths = []
    for i in range(n):
        path = folder / f"{i}.jpg"
        Image.fromarray(rng.integers(0, 256, (10 + i, 12, 3), dtype=np.uint8)).save(path)
        paths.append(path)
    return paths


def test_three_ways_agree(tmp_path):
    files = _jpegs(tmp_path)
    timings = pipelines.time_all(files, size=8, batch_size=3, epochs=2)
    assert list(timings) == list(pipelines.METHODS)
    for t in timings.values():
        assert t.delivered == 14  # 7 files x 2 epochs, the last batch smaller
        assert t.examples == 14 - 3  # the first batch is not timed
        assert t.seconds > 0 and t.per_second > 0
    sums = [t.checksum for t in timings.values()]
    np.testing.assert_allclose(sums, sums[0], rtol=1e-6)
    # the checksum is the pixel sum of the resized images in [0, 1]
    assert 0 < sums[0] < 14 * 8 * 8 * 3


def test_best_of_repeats_and_table(tmp_path):
    files = _jpegs(tmp_path, n=4)
    timings = pipelines.time_all(files, size=4, batch_size=2, repeats=2)
    table = pipelines.markdown_table(timings).splitlines()
    assert table[0].startswith("| pipeline |") and len(table) == 2 + 3
    assert table[2].startswith("| feed_dict | 2 |") and table[2].endswith("| 1.0x |")
