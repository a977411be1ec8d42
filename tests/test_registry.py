"""The data set registry: safe extraction, fetch end to end against a local server, verify, CLI."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import os
import subprocess
import sys
import tarfile
import zipfile

import pytest
from local_http import closed_port_url

from cs20_helpers.datasets import archives, registry
from cs20_helpers.datasets.registry import Dataset, RemoteFile, UnsafeArchiveError, safe_extract
from cs20_helpers.datasets.verified_download import DownloadError
from cs20_helpers.tools import data_cli


def zip_bytes(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def tar_bytes(members: list[tarfile.TarInfo], data: bytes = b"data") -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for info in members:
            if info.isreg():
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(info)
    return buffer.getvalue()


def tar_member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, link
    return info


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- the registry's own entries ---------------------------------------------------------------


def test_registry_matches_the_data_facts():
    mnist = registry.get("mnist")
    assert [f.name for f in mnist.files] == [
        "train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz",
        "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"]
    assert mnist.size == 9912422 + 28881 + 1648877 + 4542
    for f in mnist.files:
        assert len(f.urls) == 3 and "yann.lecun.com" in f.urls[-1]
        assert all(url.endswith("/" + f.name) for url in f.urls)
    assert registry.get("text8").files[0].unpacks_to == "text8"
    assert registry.get("tiny-imagenet").files[0].checksum == (
        "md5", "90528d7ca1a48142e341f4ef8d21d0de")
    for dataset in registry.DATASETS.values():
        for f in dataset.files:
            algorithm, digest = f.checksum
            assert len(digest) == {"sha256": 64, "md5": 32}[algorithm]
            assert int(digest, 16) >= 0


def test_unknown_name_lists_the_known_ones():
    with pytest.raises(KeyError, match="mnist"):
        registry.get("cifar")


# --- safe extraction --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["../x", "a/../../x", "/abs/x", "C:/x"])
def test_zip_member_escaping_is_refused(tmp_path, name):
    archive = tmp_path / "bad.zip"
    archive.write_bytes(zip_bytes({"ok.txt": b"fine", name: b"evil"}))
    dest = tmp_path / "out"
    with pytest.raises(UnsafeArchiveError, match="outside"):
        safe_extract(archive, dest)
    assert list(dest.iterdir()) == []  # not even the safe member, no temporary folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.zip", "out"]


def test_zip_symlink_is_refused(tmp_path):
    info = zipfile.ZipInfo("link")
    info.external_attr = (0o120777 << 16)  # a symbolic link, as Info-ZIP stores one
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(info, "/etc/passwd")
    archive = tmp_path / "link.zip"
    archive.write_bytes(buffer.getvalue())
    with pytest.raises(UnsafeArchiveError, match="symbolic link"):
        safe_extract(archive, tmp_path / "out")
    assert list((tmp_path / "out").iterdir()) == []


@pytest.mark.parametrize("member", [
    tar_member("../x"),
    tar_member("/abs/x"),
    tar_member("link", tarfile.SYMTYPE, "../../outside"),
    tar_member("d/link", tarfile.SYMTYPE, "/etc"),
    tar_member("hard", tarfile.LNKTYPE, "../outside"),
    tar_member("fifo", tarfile.FIFOTYPE),
    [tar_member("e", tarfile.SYMTYPE, "."), tar_member("e/f", tarfile.SYMTYPE, "../x")],
], ids=["dotdot", "absolute", "symlink-out", "symlink-absolute", "hardlink-out", "fifo",
        "symlink-through-a-link"])
def test_tar_member_escaping_is_refused(tmp_path, member):
    archive = tmp_path / "bad.tar.gz"
    members = member if isinstance(member, list) else [member]
    archive.write_bytes(tar_bytes([tar_member("ok.txt"), *members]))
    dest = tmp_path / "out"
    with pytest.raises(UnsafeArchiveError, match="refusing to unpack bad.tar.gz"):
        safe_extract(archive, dest)
    assert list(dest.iterdir()) == []


def test_normal_archives_unpack(tmp_path):
    zipped = tmp_path / "good.zip"
    zipped.write_bytes(zip_bytes({"top/a.txt": b"a", "top/sub/b.txt": b"b", "single": b"s"}))
    created = safe_extract(zipped, tmp_path / "z")
    assert created == [tmp_path / "z" / "single", tmp_path / "z" / "top"]
    assert (tmp_path / "z" / "top" / "sub" / "b.txt").read_bytes() == b"b"

    tarred = tmp_path / "good.tar.gz"
    tarred.write_bytes(tar_bytes([tar_member("top/a.txt"),
                                  tar_member("top/link", tarfile.SYMTYPE, "a.txt")]))
    safe_extract(tarred, tmp_path / "t")
    assert (tmp_path / "t" / "top" / "link").read_bytes() == b"data"  # a link inside is fine
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == ["top"]


def test_every_archive_of_the_registry_bounds_its_unpacked_size():
    for dataset in registry.DATASETS.values():
        for f in dataset.files:
            if f.unpacks_to:  # expected size known, and the ratio check lets the real one pass
                assert f.unpacked_size and f.unpacked_size < archives.MAX_RATIO * f.size
    assert registry.get("text8").files[0].unpacked_size * registry.SLACK < 2.28e9  # the bomb


def test_not_an_archive_is_refused(tmp_path):
    (tmp_path / "plain.zip").write_bytes(b"not an archive")
    with pytest.raises(UnsafeArchiveError, match="neither"):
        safe_extract(tmp_path / "plain.zip", tmp_path / "out")


# --- fetch and verify against a local server --------------------------------------------------

PLAIN = b"plain file " * 300
PACKED = zip_bytes({"toy-data/words.txt": b"anarchism originated as a term"})


def toy_dataset(plain_urls: list[str], zip_urls: list[str]) -> Dataset:
    return Dataset(
        name="toy",
        description="a toy data set",
        files=(RemoteFile("plain.bin", tuple(plain_urls), len(PLAIN), sha256=sha(PLAIN)),
               RemoteFile("toy.zip", tuple(zip_urls), len(PACKED),
                          md5=hashlib.md5(PACKED).hexdigest(), unpacks_to="toy-data")),
        sample='load_toy(source="sample")',
    )


@pytest.fixture
def toy(server, cache, monkeypatch):
    """A registry entry 'toy' served by the local server; the first mirror of plain.bin 404s."""
    dataset = toy_dataset([server.url("missing/plain.bin"), server.add("plain.bin", PLAIN)],
                          [server.add("toy.zip", PACKED)])
    monkeypatch.setitem(registry.DATASETS, "toy", dataset)
    return dataset


def test_fetch_end_to_end_then_no_network(toy, server, cache):
    assert registry.verify("toy")["ready"] is False
    folder = registry.fetch("toy", progress=False)
    assert folder == cache / "toy"
    assert (folder / "plain.bin").read_bytes() == PLAIN
    assert (folder / "toy-data" / "words.txt").read_bytes() == b"anarchism originated as a term"
    assert sorted(p.name for p in folder.iterdir()) == [
        "plain.bin", "toy-data", "toy-data.manifest.json", "toy.zip"]
    assert server.requests == ["/missing/plain.bin", "/plain.bin", "/toy.zip"]

    assert registry.fetch("toy", progress=False) == folder
    assert len(server.requests) == 3  # nothing asked the second time
    assert registry.verify("toy") == {
        "name": "toy", "folder": str(folder), "ready": True,
        "files": {"plain.bin": "ok", "toy.zip": "ok", "toy-data": "ok"}}
    assert registry.cached("toy") == "yes"


def test_fetch_replaces_a_corrupt_file(toy, server, cache):
    folder = cache / "toy"
    folder.mkdir(parents=True)
    (folder / "plain.bin").write_bytes(b"truncated")
    assert registry.verify("toy")["files"]["plain.bin"] == "corrupt"
    assert registry.cached("toy") == "partly"
    registry.fetch("toy", progress=False)
    assert (folder / "plain.bin").read_bytes() == PLAIN


def test_unpacked_archive_alone_counts_as_ready(toy, server, cache):
    (cache / "toy" / "toy-data").mkdir(parents=True)
    (cache / "toy" / "plain.bin").write_bytes(PLAIN)
    report = registry.verify("toy")
    assert report["ready"] and report["files"]["toy.zip"] == "missing"
    registry.fetch("toy", progress=False)
    assert server.requests == []


def test_archive_without_the_expected_entry(server, cache, monkeypatch):
    dataset = toy_dataset([server.add("plain.bin", PLAIN)], [server.add("toy.zip", PACKED)])
    files = (dataset.files[0], dataclasses.replace(dataset.files[1], unpacks_to="elsewhere"))
    monkeypatch.setitem(registry.DATASETS, "toy", dataclasses.replace(dataset, files=files))
    with pytest.raises(RuntimeError, match="elsewhere"):
        registry.fetch("toy", progress=False)


def test_offline_fetch_names_the_sample_and_the_manual_route(cache, monkeypatch):
    mnist = registry.get("mnist")
    offline = dataclasses.replace(mnist, files=tuple(
        dataclasses.replace(f, urls=(closed_port_url(f.name), closed_port_url(f.name)))
        for f in mnist.files))
    monkeypatch.setitem(registry.DATASETS, "mnist", offline)
    with pytest.raises(DownloadError) as caught:
        registry.fetch("mnist", progress=False)
    message = str(caught.value)
    assert caught.value.offline
    assert "offline" in message
    assert 'load_mnist(source="sample")' in message and "CS20_PROFILE=sample" in message
    for f in mnist.files:  # where to put each file by hand
        assert str(cache / "mnist" / f.name) in message
    assert list(cache.iterdir()) == [registry.lock_path("mnist")]  # nothing but the lock


# --- the command line -------------------------------------------------------------------------


def test_cli_list(toy, capsys):
    assert data_cli.main(["list"]) == 0
    out = capsys.readouterr().out
    for name in ["mnist", "text8", "tiny-imagenet", "toy"]:
        assert f"{name}:" in out
    assert "11.6 MB" in out and "cached:  no" in out
    assert 'load_mnist(source="sample")' in out


def test_cli_fetch_and_verify(toy, capsys):
    assert data_cli.main(["verify", "toy"]) == 1  # named and not ready
    assert data_cli.main(["fetch", "toy"]) == 0
    assert data_cli.main(["verify", "toy"]) == 0
    out = capsys.readouterr().out
    assert "toy: ready in" in out and "ok       toy.zip" in out
    assert data_cli.main(["verify"]) == 0  # the others are missing, not corrupt


def test_cli_errors(cache, monkeypatch, capsys):
    assert data_cli.main(["fetch", "nope"]) == 2
    assert "unknown data set 'nope'" in capsys.readouterr().err
    assert data_cli.main([]) == 2
    assert data_cli.main(["--help"]) == 0
    monkeypatch.setitem(registry.DATASETS, "toy",
                        toy_dataset([closed_port_url()], [closed_port_url()]))
    assert data_cli.main(["fetch", "toy"]) == 1
    assert 'load_toy(source="sample")' in capsys.readouterr().err


def test_cli_output_into_a_closed_pipe_exits_quietly():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone, as `| head` does after its lines
    proc = subprocess.run([sys.executable, "-m", "cs20_helpers", "data", "list"],
                          stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    os.close(write_end)
    assert proc.returncode == 141
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr, proc.stderr
