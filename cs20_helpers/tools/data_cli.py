"""``python -m cs20_helpers data list|fetch NAME...|verify [NAME...]``: the full data sets."""

from __future__ import annotations

__all__ = ["main"]

import argparse
import sys

from cs20_helpers.datasets import registry
from cs20_helpers.datasets.verified_download import DownloadError
from cs20_helpers.paths import cache_dir


def _megabytes(size: int) -> str:
    return f"{size / 1e6:,.1f} MB"


def _list() -> int:
    print(f"Cache folder: {cache_dir()}  (set CS20_DATA_DIR to move it)\n")
    for dataset in registry.DATASETS.values():
        count = len(dataset.files)
        print(f"{dataset.name}: {dataset.description}")
        print(f"  files:   {count} file{'s' * (count != 1)}, {_megabytes(dataset.size)}: "
              + ", ".join(f.name for f in dataset.files))
        print(f"  cached:  {registry.cached(dataset.name)}  ({dataset.folder()})")
        if leftover := registry.leftover_bytes(dataset.name):
            print(f"  leftovers: {_megabytes(leftover)} from interrupted fetches "
                  "(the next fetch removes them)")
        print(f"  offline: {dataset.sample}\n")
    print("Download with `python -m cs20_helpers data fetch NAME`; "
          "check checksums with `... data verify`.")
    return 0


def _fetch(names: list[str]) -> int:
    for name in names:
        try:
            folder = registry.fetch(name)
        except (DownloadError, registry.UnsafeArchiveError, RuntimeError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"{name}: ready in {folder}")
    return 0


def _verify(names: list[str]) -> int:
    """Print each data set's files; fail if one is corrupt or a data set named is not ready."""
    status = 0
    for name in names or list(registry.DATASETS):
        report = registry.verify(name)
        print(f"{name}: {'ready' if report['ready'] else 'not ready'} ({report['folder']})")
        for file, state in report["files"].items():
            print(f"  {state:<8} {file}")
        if "corrupt" in report["files"].values() or (names and not report["ready"]):
            status = 1
    return status


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m cs20_helpers data",
                                     description="List, download or check the full data sets.")
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("list", help="the data sets, their sizes, whether they are cached")
    fetch = sub.add_parser("fetch", help="download and unpack data sets into the cache")
    fetch.add_argument("names", nargs="+", metavar="NAME", help=", ".join(registry.DATASETS))
    verify = sub.add_parser("verify", help="check the checksums of cached files")
    verify.add_argument("names", nargs="*", metavar="NAME", help="default: all")
    return parser


def main(argv: list[str]) -> int:
    """Run ``data`` with the arguments that follow it; return the exit status."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exit_:  # --help, or a usage error already printed
        return int(exit_.code or 0)
    unknown = [name for name in getattr(args, "names", []) if name not in registry.DATASETS]
    if unknown:
        print(f"error: unknown data set {unknown[0]!r}; known: {', '.join(registry.DATASETS)}",
              file=sys.stderr)
        return 2
    if args.action == "list":
        return _list()
    if args.action == "fetch":
        return _fetch(args.names)
    return _verify(args.names)
