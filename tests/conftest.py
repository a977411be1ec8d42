"""Fixtures shared by the data tests: a local HTTP server and an empty download cache."""

import pytest
from local_http import LocalServer


@pytest.fixture
def server():
    """A file server on 127.0.0.1 for the duration of one test."""
    with LocalServer() as srv:
        yield srv


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty download cache, set as ``CS20_DATA_DIR``."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("CS20_DATA_DIR", str(folder))
    return folder
