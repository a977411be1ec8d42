"""download(): mirrors, checksums, cut-off transfers and offline machines, against a real server."""

from __future__ import annotations

import hashlib
import os
import stat
import time

import pytest
from local_http import closed_port_url

from cs20_helpers.datasets import verified_download as download_module
from cs20_helpers.datasets.verified_download import DownloadError, download

DATA = b"course data " * 1000
SHA = hashlib.sha256(DATA).hexdigest()


def test_downloads_and_verifies(server, tmp_path):
    url = server.add("data.bin", DATA)
    path = download(url, sha256=SHA, path=tmp_path / "data.bin", progress=False)
    assert path == tmp_path / "data.bin"
    assert path.read_bytes() == DATA
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.bin"]  # no temporary left


def test_creates_missing_folders(server, tmp_path):
    url = server.add("data.bin", DATA)
    path = download([url], sha256=SHA, path=tmp_path / "a" / "b" / "data.bin", progress=False)
    assert path.read_bytes() == DATA


def test_md5_instead_of_sha256(server, tmp_path):
    url = server.add("data.bin", DATA)
    path = download(url, md5=hashlib.md5(DATA).hexdigest(), path=tmp_path / "d", progress=False)
    assert path.read_bytes() == DATA


def test_needs_exactly_one_checksum(tmp_path):
    with pytest.raises(TypeError):
        download("http://127.0.0.1:1/x", path=tmp_path / "x")
    with pytest.raises(TypeError):
        download("http://127.0.0.1:1/x", sha256=SHA, md5="0" * 32, path=tmp_path / "x")


def test_first_mirror_404_then_second(server, tmp_path):
    missing = server.url("gone.bin")
    url = server.add("data.bin", DATA)
    path = download([missing, url], sha256=SHA, path=tmp_path / "data.bin", progress=False)
    assert path.read_bytes() == DATA
    assert server.requests == ["/gone.bin", "/data.bin"]


def test_checksum_mismatch_leaves_nothing(server, tmp_path):
    url = server.add("data.bin", DATA + b"tampered")
    target = tmp_path / "dl" / "data.bin"
    with pytest.raises(DownloadError, match="checksum") as caught:
        download(url, sha256=SHA, path=target, progress=False)
    assert url in str(caught.value)
    assert not caught.value.offline
    assert list(tmp_path.iterdir()) == []  # no file, no temporary, no folder made for it


def test_cut_off_transfer_leaves_nothing(server, tmp_path):
    url = server.add("data.bin", DATA[:5000], length=len(DATA))
    with pytest.raises(DownloadError, match="cut off") as caught:
        download(url, sha256=SHA, path=tmp_path / "data.bin", progress=False)
    assert url in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_every_mirror_down_says_offline_and_lists_each(tmp_path):
    urls = [closed_port_url("a.bin"), closed_port_url("b.bin")]
    with pytest.raises(DownloadError, match="offline") as caught:
        download(urls, sha256=SHA, path=tmp_path / "x" / "data.bin", progress=False)
    assert caught.value.offline
    assert [url for url, _ in caught.value.failures] == urls
    for url in urls:
        assert url in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_mixed_failures_are_not_called_offline(server, tmp_path):
    urls = [closed_port_url(), server.url("gone.bin")]
    with pytest.raises(DownloadError) as caught:
        download(urls, sha256=SHA, path=tmp_path / "data.bin", progress=False)
    assert not caught.value.offline
    assert "404" in str(caught.value)


def test_verified_file_present_needs_no_network(tmp_path):
    target = tmp_path / "data.bin"
    target.write_bytes(DATA)
    assert download(closed_port_url(), sha256=SHA, path=target, progress=False) == target


def test_damaged_file_is_replaced(server, tmp_path):
    target = tmp_path / "data.bin"
    target.write_bytes(DATA[:10])
    download(server.add("data.bin", DATA), sha256=SHA, path=target, progress=False)
    assert target.read_bytes() == DATA


def test_damaged_file_is_removed_when_no_mirror_serves(tmp_path):
    target = tmp_path / "data.bin"
    target.write_bytes(DATA[:10])
    with pytest.raises(DownloadError):
        download(closed_port_url(), sha256=SHA, path=target, progress=False)
    assert list(tmp_path.iterdir()) == []


def test_unexpected_error_still_removes_the_folders_it_made(server, tmp_path, monkeypatch):
    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(download_module, "_stream", disk_full)
    with pytest.raises(OSError, match="No space"):
        download(server.add("x", DATA), sha256=SHA, path=tmp_path / "a" / "x", progress=False)
    assert list(tmp_path.iterdir()) == []


def test_a_dripping_server_is_given_up_as_stalled_within_the_rate_window(server, tmp_path,
                                                                          monkeypatch):
    monkeypatch.setattr(download_module, "RATE_WINDOW", 1.0)
    monkeypatch.setattr(download_module, "MIN_RATE", 1000)
    url = server.add("drip.bin", DATA[:400], drip=0.05)  # 20 bytes a second, 20 s in all
    started = time.monotonic()
    with pytest.raises(DownloadError, match="stalled") as caught:
        download(url, sha256=SHA, path=tmp_path / "drip.bin", progress=False)
    took = time.monotonic() - started
    assert 1.0 <= took < 10, took  # one window, not the 20 s the whole drip would take
    assert not caught.value.offline and "offline" not in str(caught.value)
    assert "bytes/s" in caught.value.failures[0][1]
    assert list(tmp_path.iterdir()) == []  # no temporary left


def test_a_silent_server_is_stalled_not_offline(server, tmp_path, monkeypatch):
    monkeypatch.setattr(download_module, "TIMEOUT", 0.5)
    url = server.add("silent.bin", b"ab", drip=5.0)  # one byte, then silence
    with pytest.raises(DownloadError, match="stalled") as caught:
        download(url, sha256=SHA, path=tmp_path / "silent.bin", progress=False)
    assert not caught.value.offline
    assert caught.value.failures == [(url, "stalled: no data for 0.5 s")]


def test_downloaded_files_follow_the_umask_not_owner_only(server, tmp_path):
    old = os.umask(0o027)
    try:
        path = download(server.add("d.bin", DATA), sha256=SHA, path=tmp_path / "d.bin",
                        progress=False)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # readable by the group
