"""Command line: ``python -m cs20_helpers run|store|hygiene|data ...`` (also ``cs20 ...``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cs20", description="Run and maintain the CS20 course.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="execute notebooks headless and print their results")
    run.add_argument("notebooks", nargs="*", help="paths, names or number prefixes (default: all)")
    run.add_argument("--out", type=Path, default=None,
                     help="folder for executed copies (default: build/executed)")
    store = sub.add_parser("store", help="re-execute notebooks and save their outputs in place")
    store.add_argument("notebooks", nargs="*", help="paths, names or prefixes (default: all)")
    hygiene = sub.add_parser("hygiene", help="check stored notebooks for noise and stale outputs")
    hygiene.add_argument("notebooks", nargs="*", help="paths, names or prefixes (default: all)")
    sub.add_parser("data", help="list, fetch or verify data sets (see: cs20 data --help)",
                   add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Dispatch a sub-command and return its exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["data"]:
        from cs20_helpers import data_cli

        return data_cli.main(argv[1:])
    args = _parser().parse_args(argv)
    from cs20_helpers import runner

    paths = runner.find_notebooks(args.notebooks)
    if args.command == "hygiene":
        from cs20_helpers import hygiene

        return hygiene.main(paths)
    if args.command == "store":
        runs = runner.store_outputs(paths)
    else:
        out = args.out or runner.project_dir() / "build" / "executed"
        runs = runner.run_notebooks(paths, out)
        print(f"\nExecuted copies in {out}")
    failed = [run for run in runs if run.error]
    print(f"{len(runs) - len(failed)} of {len(runs)} notebooks ran cleanly")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
