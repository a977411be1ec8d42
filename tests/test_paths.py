"""Profile and folder settings come from the environment, with sensible defaults."""

from importlib import metadata
from pathlib import Path

import pytest
from full_disk import full_after

import cs20_helpers
from cs20_helpers import _atomic, paths


def test_profile_defaults_to_sample_and_validates(monkeypatch):
    monkeypatch.delenv("CS20_PROFILE", raising=False)
    assert paths.profile() == "sample"
    monkeypatch.setenv("CS20_PROFILE", "FULL")
    assert paths.profile() == "full"
    monkeypatch.setenv("CS20_PROFILE", "huge")
    with pytest.raises(ValueError, match="CS20_PROFILE"):
        paths.profile()


def test_folders_follow_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("CS20_DATA_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("CS20_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setenv("CS20_RESULTS_DIR", str(tmp_path / "res"))
    assert paths.cache_dir() == tmp_path / "cache"
    assert paths.log_root() == tmp_path / "logs"
    assert paths.results_dir() == tmp_path / "res"


def test_log_dir_is_fresh_on_each_call(monkeypatch, tmp_path):
    monkeypatch.setenv("CS20_LOG_DIR", str(tmp_path))
    first = paths.log_dir("05_demo")
    (first / "events.out").write_text("old", encoding="utf-8")
    again = paths.log_dir("05_demo")
    assert again == first and list(again.iterdir()) == []
    (again / "keep").write_text("x", encoding="utf-8")
    assert (paths.log_dir("05_demo", fresh=False) / "keep").exists()


def test_bundled_data_is_package_data():
    """Found through importlib.resources, so a clone, an editable install and a wheel agree."""
    assert paths.bundled_data_dir() == Path(cs20_helpers.__file__).parent / "data"
    assert (paths.bundled_data_dir() / "mnist" / "t10k-labels-idx1-ubyte.gz").is_file()


def test_version_comes_from_the_package_metadata():
    assert cs20_helpers.__version__ == metadata.version("cs20-helpers")


def test_write_text_atomic_keeps_old_contents_when_writing_fails(tmp_path):
    path = tmp_path / "table.md"
    assert _atomic.write_text_atomic(path, "old\n") == path
    with full_after(1000), pytest.raises(_atomic.WriteError) as caught:
        _atomic.write_text_atomic(path, "new\n" * 1000)
    assert str(caught.value) == f"cannot write {path}: File too large"
    assert path.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.md"]


def test_write_text_atomic_syncs_before_it_renames(tmp_path, monkeypatch):
    """The data reaches the disk before the rename makes it the file: after a power cut the
    file is the old one or the new one, never empty."""
    events = []
    monkeypatch.setattr(_atomic.os, "fsync", lambda fd: events.append("fsync"))
    real_replace = _atomic.os.replace
    monkeypatch.setattr(_atomic.os, "replace",
                        lambda a, b: (events.append("replace"), real_replace(a, b)))
    _atomic.write_text_atomic(tmp_path / "x.txt", "data")
    assert events == ["fsync", "replace"]


def test_write_text_atomic_replaces_a_link_instead_of_writing_through_it(tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text("someone's work", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(kept)
    _atomic.write_text_atomic(tmp_path / "link.txt", "new")
    assert kept.read_text(encoding="utf-8") == "someone's work"
    assert not (tmp_path / "link.txt").is_symlink()
