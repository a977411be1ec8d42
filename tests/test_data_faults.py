"""The data layer under faults, on a loopback server: zip bombs, a file size limit, concurrent
fetches, corrupt archives and unpacked files, kill -9 mid-download, shared caches."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import random
import resource
import signal
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from cs20_helpers.datasets import archives, registry
from cs20_helpers.datasets.registry import CacheError, Dataset, RemoteFile, UnsafeArchiveError
from cs20_helpers.tools import data_cli

# Run in another process: register the data set described by argv[1] (JSON), then run the
# ``data`` command line with the rest of argv.
CLI = """
import json, sys
from cs20_helpers.datasets import registry
from cs20_helpers.tools import data_cli
spec = json.loads(sys.argv[1])
files = tuple(registry.RemoteFile(**{**f, "urls": tuple(f["urls"])}) for f in spec["files"])
registry.DATASETS[spec["name"]] = registry.Dataset(spec["name"], "toy", files, "the sample")
sys.exit(data_cli.main(sys.argv[2:]))
"""


def zip_bytes(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def archive_entry(url: str, body: bytes, unpacked_size: int | None = None) -> RemoteFile:
    return RemoteFile("toy.zip", (url,), len(body), sha256=hashlib.sha256(body).hexdigest(),
                      unpacks_to="toy-data", unpacked_size=unpacked_size)


def register(monkeypatch, entry: RemoteFile) -> Dataset:
    dataset = Dataset("toy", "a toy data set", (entry,), 'load_toy(source="sample")')
    monkeypatch.setitem(registry.DATASETS, "toy", dataset)
    return dataset


def run_cli(entry: RemoteFile, *argv: str, **options) -> subprocess.Popen:
    spec = json.dumps({"name": "toy", "files": [dataclasses.asdict(entry)]})
    return subprocess.Popen([sys.executable, "-c", CLI, spec, *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **options)


def disk_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


WORDS = b"anarchism originated as a term of abuse first used against early working class "
TEXT = b" ".join(random.Random(0).choices(WORDS.split(), k=60_000))  # about 400 kB
TREE = zip_bytes({"toy-data/words.txt": TEXT, "toy-data/more/notes.txt": b"notes " * 100})


# --- 1. zip bombs and a full disk -------------------------------------------------------------

BOMB = zip_bytes({"toy-data/zeros.bin": bytes(64 << 20)})  # 64 MiB of zeros in about 64 kB


def test_a_zip_bomb_beyond_the_expected_size_is_refused_before_anything_is_written(
        server, cache, monkeypatch, capsys):
    register(monkeypatch, archive_entry(server.add("toy.zip", BOMB), BOMB, 1_000_000))
    started = time.monotonic()
    assert data_cli.main(["fetch", "toy"]) == 1
    took = time.monotonic() - started
    err = capsys.readouterr().err
    err = err[err.index("error:"):]  # after the progress bar
    assert err.startswith("error: refusing to unpack toy.zip: it would unpack to 67,108,864 "
                          "bytes, more than the 1,250,000 this data set may take")
    assert "Traceback" not in err and took < 10, took
    assert sorted(p.name for p in (cache / "toy").iterdir()) == ["toy.zip"]  # nothing unpacked
    assert disk_bytes(cache) == len(BOMB)


def test_a_zip_bomb_of_unknown_size_is_refused_by_its_compression_ratio(server, cache,
                                                                        monkeypatch):
    register(monkeypatch, archive_entry(server.add("toy.zip", BOMB), BOMB))
    with pytest.raises(UnsafeArchiveError, match=r"times more \(over 100: a zip bomb\?\)"):
        registry.fetch("toy", progress=False)
    assert disk_bytes(cache) == len(BOMB)


def test_too_little_free_space_is_refused_before_downloading(server, cache, monkeypatch):
    register(monkeypatch, archive_entry(server.add("toy.zip", TREE), TREE))
    monkeypatch.setattr(archives.shutil, "disk_usage", lambda path: SimpleNamespace(free=1000))
    with pytest.raises(CacheError) as caught:
        registry.fetch("toy", progress=False)
    message = str(caught.value)
    assert f"into {cache / 'toy'}" in message and "only 1,000 free" in message
    assert "CS20_DATA_DIR" in message
    assert server.requests == []


def _limit_file_size() -> None:
    """In the child: files may not grow past 1 MB (writes fail with EFBIG, no signal)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))


def test_a_write_failing_mid_unpack_gives_one_clear_line_naming_the_folder(server, cache):
    big = zip_bytes({"toy-data/words.txt": TEXT * 4})  # 1.6 MB of text in about 0.5 MB
    assert len(big) < 1 << 20 < len(TEXT) * 4
    entry = archive_entry(server.add("toy.zip", big), big)
    child = run_cli(entry, "fetch", "toy", preexec_fn=_limit_file_size)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 1
    err = err[err.index("error:"):]  # after the progress bar
    assert err.startswith(f"error: Cannot write the toy data set into {cache / 'toy'}: "
                          "File too large")
    assert "Traceback" not in err and len(err.splitlines()) == 2
    assert sorted(p.name for p in (cache / "toy").iterdir()) == ["toy.zip"]  # no half unpack


# --- 3. concurrent fetches --------------------------------------------------------------------


def test_four_concurrent_fetches_of_one_archive_all_succeed(server, cache, monkeypatch):
    many = zip_bytes({f"toy-data/f{i:04d}.txt": b"%d\n" % i for i in range(2001)})
    entry = archive_entry(server.add("toy.zip", many), many)
    register(monkeypatch, entry)
    children = [run_cli(entry, "fetch", "toy") for _ in range(4)]
    results = [child.communicate(timeout=120) for child in children]
    assert [child.returncode for child in children] == [0, 0, 0, 0], results
    assert all("toy: ready in" in out for out, _ in results)
    assert server.requests == ["/toy.zip"]  # one download; the others waited and found it
    assert len(list((cache / "toy" / "toy-data").iterdir())) == 2001
    assert registry.leftovers("toy") == []


# --- 4. corrupt archives and unpacked files are found and repaired ----------------------------


@pytest.fixture
def fetched(server, cache, monkeypatch) -> Path:
    register(monkeypatch, archive_entry(server.add("toy.zip", TREE), TREE))
    return registry.fetch("toy", progress=False)


def test_a_flipped_byte_in_an_unpacked_file_is_found_and_unpacked_again(fetched, server,
                                                                        capsys):
    words = fetched / "toy-data" / "words.txt"
    data = bytearray(words.read_bytes())
    data[1000] ^= 1
    words.write_bytes(bytes(data))
    assert registry.verify("toy")["files"] == {"toy.zip": "ok", "toy-data": "corrupt"}
    assert data_cli.main(["verify", "toy"]) == 1
    assert data_cli.main(["fetch", "toy"]) == 0
    assert words.read_bytes() == TEXT
    assert server.requests == ["/toy.zip"]  # repaired from the archive, no download
    assert data_cli.main(["verify", "toy"]) == 0
    assert "corrupt" not in capsys.readouterr().out.split("ready in")[-1]


def test_a_missing_file_in_the_tree_is_restored(fetched):
    (fetched / "toy-data" / "more" / "notes.txt").unlink()
    assert registry.verify("toy")["files"]["toy-data"] == "corrupt"
    registry.fetch("toy", progress=False)
    assert registry.verify("toy")["files"]["toy-data"] == "ok"


def test_a_corrupt_archive_beside_a_good_tree_is_dropped_so_verify_and_fetch_agree(fetched,
                                                                                   server):
    (fetched / "toy.zip").write_bytes(TREE[:-10])
    report = registry.verify("toy")
    assert report["files"] == {"toy.zip": "corrupt", "toy-data": "ok"} and report["ready"]
    assert data_cli.main(["verify", "toy"]) == 1
    assert data_cli.main(["fetch", "toy"]) == 0
    assert registry.verify("toy")["files"] == {"toy.zip": "missing", "toy-data": "ok"}
    assert data_cli.main(["verify", "toy"]) == 0
    assert server.requests == ["/toy.zip"]


def test_a_corrupt_archive_and_tree_are_downloaded_and_unpacked_again(fetched, server):
    (fetched / "toy.zip").write_bytes(b"garbage")
    (fetched / "toy-data" / "words.txt").write_bytes(b"garbage")
    assert not registry.verify("toy")["ready"]
    registry.fetch("toy", progress=False)
    assert server.requests == ["/toy.zip", "/toy.zip"]
    assert registry.verify("toy")["files"] == {"toy.zip": "ok", "toy-data": "ok"}


def test_a_tree_without_manifest_is_unpacked_again_when_the_archive_is_there(fetched, server):
    (fetched / "toy-data.manifest.json").unlink()
    assert registry.verify("toy")["files"]["toy-data"] == "unverified"
    registry.fetch("toy", progress=False)
    assert registry.verify("toy")["files"]["toy-data"] == "ok"
    assert server.requests == ["/toy.zip"]


# --- 6. leftovers of a killed fetch; a cache the group can read -------------------------------


def test_kill_9_mid_download_leaves_a_temporary_that_list_shows_and_fetch_removes(
        server, cache, monkeypatch, capsys):
    url = server.add("toy.zip", TREE, drip=0.0001)  # slow enough to be killed mid-way
    entry = archive_entry(url, TREE)
    child = run_cli(entry, "fetch", "toy")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not list((cache / "toy").glob(".toy.zip.part-*")):
        time.sleep(0.05)
    child.kill()
    child.communicate(timeout=30)
    register(monkeypatch, entry)
    (part,) = registry.leftovers("toy")
    assert part.name.startswith(".toy.zip.part-")
    stale = cache / "toy" / f"{archives.UNPACK_PREFIX}killed"
    (stale / "toy-data").mkdir(parents=True)
    (stale / "toy-data" / "half.txt").write_bytes(b"x" * 300_000)
    assert data_cli.main(["list"]) == 0
    assert "leftovers: 0.3 MB from interrupted fetches" in capsys.readouterr().out
    server.add("toy.zip", TREE)  # the mirror recovers
    registry.fetch("toy", progress=False)
    assert registry.leftovers("toy") == [] and registry.verify("toy")["ready"]


def test_cached_files_and_folders_are_readable_by_the_group(server, cache, monkeypatch):
    register(monkeypatch, archive_entry(server.add("toy.zip", TREE), TREE))
    old = os.umask(0o027)
    try:
        folder = registry.fetch("toy", progress=False)
    finally:
        os.umask(old)
    for path in [folder, *folder.rglob("*")]:
        assert stat.S_IMODE(path.stat().st_mode) & stat.S_IRGRP, path
