"""Every CS20_* setting is checked when read: a bad value gets a message naming the setting and
what it may hold, never a raw traceback from int() or a silent abort inside TensorFlow."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cs20_helpers import _settings as settings
from cs20_helpers import paths
from cs20_helpers._settings import SettingError


@pytest.mark.parametrize("value", ["-1", "two", "0", "2.5", "100000"])
def test_bad_thread_counts_stop_a_notebook_before_tensorflow_with_one_clear_line(value):
    env = {**os.environ, "CS20_THREADS": value}
    done = subprocess.run([sys.executable, "-c", "from cs20_helpers.notebook import setup"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr  # an exception, not SIGABRT (134)
    last = done.stderr.strip().splitlines()[-1]
    assert last == (f"cs20_helpers._settings.SettingError: CS20_THREADS must be a whole number "
                    f"from 1 to {settings.MAX_THREADS} (default 2), not {value!r}")


def test_thread_count_default_and_good_values(monkeypatch):
    monkeypatch.delenv("CS20_THREADS", raising=False)
    assert settings.threads() == 2
    monkeypatch.setenv("CS20_THREADS", " 4 ")
    assert settings.threads() == 4
    monkeypatch.setenv("CS20_THREADS", "")
    assert settings.threads() == 2


def test_profile_names_its_allowed_values(monkeypatch):
    monkeypatch.setenv("CS20_PROFILE", "huge")
    with pytest.raises(SettingError, match=r"CS20_PROFILE must be one of sample, full .*'huge'"):
        paths.profile()


@pytest.mark.parametrize("name, reader", [("CS20_DATA_DIR", paths.cache_dir),
                                          ("CS20_LOG_DIR", paths.log_root),
                                          ("CS20_RESULTS_DIR", paths.results_dir)])
def test_folder_settings_refuse_a_file(name, reader, monkeypatch, tmp_path):
    monkeypatch.setenv(name, str(tmp_path / "new" / "folder"))
    assert reader() == tmp_path / "new" / "folder"  # need not exist yet
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    monkeypatch.setenv(name, str(tmp_path / "a-file"))
    with pytest.raises(SettingError, match=f"{name} must name a folder .* not the file"):
        reader()
