"""The data layer's limits (issue 22, 8-11): a complete cache loads without writing, no fetch
hangs on a dripping server or a held lock, downloads stop at the registry's size and are never
decoded, and each failure is one clear line."""

from __future__ import annotations

import gzip
import hashlib
import io
import struct
import threading
import time
import zipfile
from pathlib import Path

import pytest

from cs20_helpers.datasets import registry
from cs20_helpers.datasets import verified_download as download_module
from cs20_helpers.datasets.registry import Dataset, RemoteFile
from cs20_helpers.datasets.verified_download import DownloadError
from cs20_helpers.tools import cli, data_cli, runner

TEXT = b"anarchism originated as a term of abuse " * 7500  # 300,000 bytes


def plain_entry(url: str, body: bytes, size: int | None = None) -> RemoteFile:
    return RemoteFile("toy.bin", (url,), len(body) if size is None else size,
                      sha256=hashlib.sha256(body).hexdigest())


def register(monkeypatch, entry: RemoteFile) -> Dataset:
    dataset = Dataset("toy", "a toy data set", (entry,), 'load_toy(source="sample")')
    monkeypatch.setitem(registry.DATASETS, "toy", dataset)
    return dataset


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every path under ``folder`` with its size and modification time."""
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in [folder, *folder.rglob("*")]}


# --- 8. a complete cache that cannot be written -----------------------------------------------


def test_a_complete_verified_cache_loads_without_writing_or_locking(server, cache, monkeypatch,
                                                                    capsys):
    register(monkeypatch, plain_entry(server.add("toy.bin", TEXT), TEXT))
    folder = registry.fetch("toy", progress=False)
    registry.lock_path("toy").unlink()
    before = snapshot(cache)

    def read_only(name):
        raise OSError(30, "Read-only file system", str(registry.lock_path(name)))

    monkeypatch.setattr(registry, "locked", read_only)  # as a read-only or another user's cache
    assert registry.fetch("toy", progress=False) == folder
    assert data_cli.main(["fetch", "toy"]) == 0, capsys.readouterr().err
    assert snapshot(cache) == before and server.requests == ["/toy.bin"]


# --- 9. no hang: headers that drip, a lock held elsewhere -------------------------------------


def test_headers_dripping_one_byte_at_a_time_are_given_up_within_the_timeout(server, tmp_path,
                                                                             monkeypatch):
    monkeypatch.setattr(download_module, "TIMEOUT", 0.5)
    url = server.add("slow.bin", TEXT[:100], header_drip=0.1)  # 0.1 s a byte: no read times out
    started = time.monotonic()
    with pytest.raises(DownloadError, match="stalled") as caught:
        download_module.download(url, sha256=hashlib.sha256(TEXT[:100]).hexdigest(),
                                 path=tmp_path / "slow.bin", progress=False)
    took = time.monotonic() - started
    assert took < 3, took  # the headers alone take about 5 s to arrive
    assert caught.value.failures == [(url, "stalled: no response headers within 0.5 s")]
    assert not caught.value.offline and list(tmp_path.iterdir()) == []


def test_headers_cut_off_mid_way_by_the_deadline_are_stalled_not_a_checksum_mismatch(
        server, tmp_path, monkeypatch):
    """Issue 30, 9: the deadline falls after the status line, inside the headers. The headers
    read so far must not pass for a whole (empty) response."""
    monkeypatch.setattr(download_module, "TIMEOUT", 0.5)
    url = server.add("slow.bin", TEXT[:100], header_drip=0.005,  # the status line: 0.1 s,
                     headers={"X-Padding": "p" * 400})  # the headers: over 2 s
    with pytest.raises(DownloadError, match="stalled") as caught:
        download_module.download(url, sha256=hashlib.sha256(TEXT[:100]).hexdigest(),
                                 path=tmp_path / "slow.bin", progress=False)
    assert caught.value.failures == [(url, "stalled: no response headers within 0.5 s")]
    assert list(tmp_path.iterdir()) == []


def test_waiting_for_a_lock_held_elsewhere_ends_with_a_clear_message(server, cache,
                                                                     monkeypatch):
    register(monkeypatch, plain_entry(server.add("toy.bin", TEXT), TEXT))
    monkeypatch.setattr(registry, "LOCK_TIMEOUT", 1.0)
    outcome: list[BaseException | Path] = []

    def fetch() -> None:
        try:
            outcome.append(registry.fetch("toy", progress=False))
        except Exception as error:  # noqa: BLE001 - handed to the test thread
            outcome.append(error)

    with registry.locked("toy"):  # another process fetching, as far as the lock can tell
        waiter = threading.Thread(target=fetch, daemon=True)
        waiter.start()
        waiter.join(timeout=10)
        assert not waiter.is_alive(), "the fetch waited for the lock without limit"
    (error,) = outcome
    assert isinstance(error, registry.BusyError)
    assert "gave up after 1 s" in str(error) and str(registry.lock_path("toy")) in str(error)


# --- 10. a size cap, and no Content-Encoding decoding -----------------------------------------


def _failure(server, cache, monkeypatch, url: str, body: bytes) -> str:
    register(monkeypatch, plain_entry(url, body))
    with pytest.raises(DownloadError) as caught:
        registry.fetch("toy", progress=False)
    assert registry.leftovers("toy") == [] and not any((cache / "toy").glob("*"))
    ((_, reason),) = caught.value.failures
    return reason


def test_an_endless_body_stops_at_the_registry_size(server, cache, monkeypatch):
    url = server.add("toy.bin", TEXT, repeat=30, length=-1)  # 9 MB, no Content-Length
    reason = _failure(server, cache, monkeypatch, url, TEXT)
    assert reason.startswith("too large: stopped after ")
    written = int(reason.split("stopped after ")[1].split(" bytes")[0].replace(",", ""))
    assert 300_000 <= written <= 300_000 + download_module.size_margin(300_000), reason


def test_an_over_long_content_length_is_refused_before_the_body(server, cache, monkeypatch):
    url = server.add("toy.bin", TEXT, length=10**9)
    reason = _failure(server, cache, monkeypatch, url, TEXT)
    assert reason == ("too large: the server announces 1,000,000,000 bytes, more than the "
                      "300,000 expected")


def test_a_gz_served_with_content_encoding_gzip_is_stored_as_sent(server, cache, monkeypatch):
    packed = gzip.compress(TEXT)
    register(monkeypatch, plain_entry(server.add("toy.bin", packed,
                                                 headers={"Content-Encoding": "gzip"}), packed))
    folder = registry.fetch("toy", progress=False)
    assert (folder / "toy.bin").read_bytes() == packed


# --- 11. one line, not a traceback ------------------------------------------------------------


def test_cs20_data_dir_naming_a_file_is_one_line(tmp_path, monkeypatch, capsys):
    a_file = tmp_path / "cache.txt"
    a_file.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("CS20_DATA_DIR", str(a_file))
    assert cli.main(["data", "list"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: CS20_DATA_DIR must name a folder") and err.count("\n") == 1


def _lying_zip() -> bytes:
    """A zip whose central directory says its member is 10 bytes when it holds 300,000."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("toy-data/words.txt", TEXT)
    data = bytearray(buffer.getvalue())
    central = data.index(b"PK\x01\x02")
    data[central + 24:central + 28] = struct.pack("<I", 10)  # uncompressed size
    return bytes(data)


def test_a_zip_whose_header_lies_about_its_size_is_one_line(server, cache, monkeypatch, capsys):
    body = _lying_zip()
    register(monkeypatch, RemoteFile("toy.zip", (server.add("toy.zip", body),), len(body),
                                     sha256=hashlib.sha256(body).hexdigest(),
                                     unpacks_to="toy-data"))
    assert data_cli.main(["fetch", "toy"]) == 1
    err = capsys.readouterr().err
    err = err[err.index("error:"):]  # after the progress bar
    assert err.startswith("error: cannot unpack toy.zip: it is damaged") and err.count("\n") == 1
    assert not (cache / "toy" / "toy-data").exists()


def test_a_connection_reset_is_not_called_offline(server, tmp_path):
    url = server.add("reset.bin", b"", reset=True)
    with pytest.raises(DownloadError) as caught:
        download_module.download(url, sha256="0" * 64, path=tmp_path / "r.bin", progress=False)
    assert not caught.value.offline and "offline" not in str(caught.value)
    assert caught.value.failures == [(url, "connection reset by the server")]


@pytest.mark.parametrize("value", ["-1", "relative/results"])
def test_relative_folder_settings_are_resolved_where_the_command_started(value, tmp_path,
                                                                        monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CS20_RESULTS_DIR", value)
    monkeypatch.setenv("CS20_LOG_DIR", "~/runs")
    env = runner.kernel_env()  # the kernel starts in the notebook's folder, not here
    assert env["CS20_RESULTS_DIR"] == str(tmp_path / value)
    assert env["CS20_LOG_DIR"] == str(Path.home() / "runs")
