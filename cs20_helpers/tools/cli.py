"""Command line: ``python -m cs20_helpers run|store|crosscheck|refute|agree|hygiene|heads|assign
|check|grade|selfcheck|nbgrader-course|site|data ...``."""

from __future__ import annotations

__all__ = ["BAD_INPUT", "COURSE_EXTRA", "DISTRIBUTIONS", "INTERRUPTED", "main", "PIPE_CLOSED",
    "STUDENT_EXTRA", "SUBPROCESS_MODULES"]

import argparse
import importlib.util
import math
import os
import sys
from pathlib import Path

from cs20_helpers import _settings as settings
from cs20_helpers._atomic import WriteError
from cs20_helpers._settings import SettingError
from cs20_helpers.paths import project_dir
from cs20_helpers.tools.guards import Refused

BAD_INPUT = 2  # a path or setting the command cannot use (argparse's status for bad usage)
INTERRUPTED = 130  # the shell's status for a process ended by SIGINT
PIPE_CLOSED = 141  # the shell's status for a process ended by SIGPIPE (``... | head``)

#: How to get the instructor tools' packages: a core install has only what notebooks need.
COURSE_EXTRA = 'pip install "cs20-helpers[course]"'
#: How a student gets ``selfcheck``'s packages (JupyterLab and its kernel, nothing of grading).
STUDENT_EXTRA = 'pip install "cs20-helpers[student]"'
#: Modules a command starts in another process (kernels, pytest): checked before it runs, as a
#: missing one would otherwise show as a dead kernel or a failed run, not as a missing package.
#: Those it imports itself are found missing when its tool module is imported.
SUBPROCESS_MODULES = {
    "run": ("ipykernel",), "check": ("ipykernel",), "grade": ("ipykernel",),
    "selfcheck": ("ipykernel",),
    "refute": ("ipykernel",),
    "agree": ("ipykernel",), "store": ("ipykernel", "pytest", "xdist"),
    "crosscheck": ("ipykernel", "pytest", "xdist"),
}
#: The pip name of a module whose distribution is named differently.
DISTRIBUTIONS = {"myst_nb": "myst-nb", "sphinx_book_theme": "sphinx-book-theme",
                 "xdist": "pytest-xdist"}


def _seconds(text: str) -> float:
    """Parse a positive, finite number of seconds (argparse says so in one line otherwise)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"a positive, finite number of seconds, not {text!r}")
    return value


def _count(text: str) -> int:
    """Parse a positive whole number (argparse says so in one line otherwise)."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a positive whole number, not {text!r}")
    return int(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cs20", description="Run and maintain the CS20 course.")
    sub = parser.add_subparsers(dest="command", required=True)
    names = {"nargs": "*", "help": "paths, names or number prefixes (default: all)"}
    run = sub.add_parser("run", help="execute notebooks headless and print their results")
    run.add_argument("notebooks", **names)
    run.add_argument("--out", type=Path, default=None,
                     help="folder for executed copies (default: build/executed)")
    store = sub.add_parser("store", help="re-execute notebooks, save their outputs in place, "
                                          "then cross-check them")
    store.add_argument("notebooks", **names)
    store.add_argument("--no-crosscheck", action="store_true",
                       help="skip the cross-check (quick iterations; hygiene then fails)")
    crosscheck = sub.add_parser("crosscheck", help="validate stored notebooks under nbval with "
                                "1 and 4 threads and AVX2 kernels; stamp those that hold")
    crosscheck.add_argument("notebooks", **names)
    refute = sub.add_parser("refute", help="prove that each exercise's check rejects its wrong "
                            "answers (tests/wrong_answers/) and accepts the solution; stamp")
    refute.add_argument("notebooks", **names)
    refute.add_argument("--mutants", action="store_true",
                        help="also run mutants of each solution (small edits: a statement "
                             "deleted, an operator changed, ...) through its check; each "
                             "exercise must kill 90%% of those not marked equivalent in "
                             "tests/mutants/")
    refute.add_argument("--cap", type=_count, default=None,
                        help="with --mutants: at most this many mutants per exercise "
                             "(default: 40)")
    refute.add_argument("--list", action="store_true",
                        help="with --mutants: only print the mutants, run nothing")
    refute.add_argument("--exercise", action="append", metavar="ID",
                        help="try only this exercise (e.g. nb02_ex1; repeatable), running the "
                             "notebook up to its check; never stamps, and drops the stamp when "
                             "an answer is let through")
    refute.add_argument("--answers", type=Path, metavar="DIR",
                        help="try the wrong answers of DIR/<stem>.py (a fresh attack) instead "
                             "of tests/wrong_answers; never stamps, never drops a stamp")
    agree = sub.add_parser("agree", help="grade submissions made of each notebook's solutions, "
                           "wrong answers (and mutants) with check and with nbgrader autograde; "
                           "say where their verdicts differ")
    agree.add_argument("notebooks", **names)
    agree.add_argument("--mutants", type=_count, default=0, metavar="N",
                       help="also N submissions of mutants of the solutions (default: none)")
    hygiene = sub.add_parser("hygiene", help="check stored notebooks for noise and stale outputs")
    hygiene.add_argument("notebooks", **names)
    heads = sub.add_parser("heads", help="write each notebook's Colab link and install cell "
                           "from the configured repository address (pyproject.toml)")
    heads.add_argument("notebooks", **names)
    assign = sub.add_parser("assign", help="write student copies (solutions replaced by stubs)")
    assign.add_argument("notebooks", **names)
    assign.add_argument("--out", type=Path, required=True, help="folder for the student copies")
    assign.add_argument("--force", action="store_true",
                        help="replace student copies there that differ from the new ones "
                             "(default: refuse, they may be submissions)")
    check = sub.add_parser("check", help="run a student's notebook and grade its exercises")
    check.add_argument("notebook", type=Path, help="the student's .ipynb file")
    check.add_argument("--source", type=Path, default=None,
                       help="the instructor notebook to grade against (default: the one of the "
                            "same file name in notebooks/)")
    check.add_argument("--timeout", type=_seconds, default=None,
                       help="seconds a cell may run (default: from the instructor notebook's "
                            "recorded cell times, else 600)")
    check.add_argument("--report", type=Path, default=None,
                       help="also write the report to this file, whole or not at all, after "
                            "printing it: a new file, or a report check wrote before")
    grade = sub.add_parser("grade", help="grade a class: many submissions, N at a time, each "
                           "sealed off; a report each and a gradebook CSV; resumes")
    grade.add_argument("submissions", nargs="+", type=Path,
                       help="a folder of <student>/<notebook>.ipynb, or notebooks")
    grade.add_argument("--out", type=Path, default=Path("graded"),
                       help="folder for the reports and gradebook.csv (default: graded)")
    grade.add_argument("--jobs", type=_count, default=None,
                       help="submissions graded at a time (default: the cores)")
    grade.add_argument("--source", type=Path, default=None,
                       help="the instructor notebook to grade every submission against "
                            "(default: the one of each submission's file name in notebooks/)")
    grade.add_argument("--timeout", type=_seconds, default=None,
                       help="seconds a cell may run (default: as check)")
    grade.add_argument("--no-seal", action="store_true",
                       help="run each kernel with your rights, as check does (to compare; "
                            "never for untrusted work)")
    selfcheck = sub.add_parser("selfcheck", help="students: run your copy of a notebook and "
                               "check your exercises with the checks it carries (no instructor "
                               "file needed; the hidden tests stay with the instructor)")
    selfcheck.add_argument("notebook", type=Path, help="your copy of the notebook (.ipynb)")
    selfcheck.add_argument("--timeout", type=_seconds, default=None,
                           help="seconds a cell may run (default: 600)")
    course = sub.add_parser("nbgrader-course",
                            help="write an nbgrader course folder (source/ and its config)")
    course.add_argument("notebooks", **names)
    course.add_argument("--out", type=Path, required=True, help="the course folder")
    site = sub.add_parser("site", help="build the course website from the stored notebooks")
    site.add_argument("--out", type=Path, default=None, help="default: build/site")
    sub.add_parser("data", help="list, fetch or verify data sets (see: cs20 data --help)",
                   add_help=False)
    return parser


def _store(paths: list[Path], crosscheck: bool) -> int:
    """Store each notebook's outputs, then cross-check those stored; 1 if any failed."""
    from cs20_helpers.tools import crosscheck as cross
    from cs20_helpers.tools import runner

    runs = runner.store_outputs(paths)
    failed = [run for run in runs if run.error]
    print(f"{len(runs) - len(failed)} of {len(runs)} notebooks ran cleanly")
    stored = [run.path for run in runs if not run.error]
    if not crosscheck:
        print("not cross-checked: hygiene fails until `python -m cs20_helpers crosscheck` passes")
        return 1 if failed else 0
    return cross.main(stored) | bool(failed)


def _run(paths: list[Path], out: Path | None) -> int:
    """Execute copies of notebooks and print their results; 1 if any failed."""
    from cs20_helpers.tools import runner

    out = out or project_dir() / "build" / "executed"
    runs = runner.run_notebooks(paths, out)
    print(f"\nExecuted copies in {out}")
    failed = [run for run in runs if run.error]
    print(f"{len(runs) - len(failed)} of {len(runs)} notebooks ran cleanly")
    return 1 if failed else 0


def _require(command: str) -> None:
    """Raise ModuleNotFoundError if a module ``command`` runs in another process is missing."""
    for name in SUBPROCESS_MODULES.get(command, ()):
        if importlib.util.find_spec(name) is None:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


def _not_installed(command: str, error: ModuleNotFoundError) -> str | None:
    """Return the one-line message for a package ``command`` lacks, or None when ``error`` is
    not about a missing package (a module of cs20_helpers itself, or no name)."""
    top = (error.name or "").split(".")[0]
    if not top or top == "cs20_helpers":
        return None
    package = DISTRIBUTIONS.get(top, top)
    if command == "selfcheck":
        return (f"error: cs20 selfcheck needs {package}, which is not installed (it comes with "
                f"the student extra): {STUDENT_EXTRA}")
    return (f"error: cs20 {command} needs {package}, which is not installed (the instructor "
            f"tools come with the course extra): {COURSE_EXTRA}")


def _readable(paths: list[Path]) -> None:
    """Raise Refused, in one line, for a notebook a tool could not read (truncated, not
    notebook JSON), before the tool reads it."""
    from cs20_helpers.tools.grading import BadNotebook, read_notebook

    for path in paths:
        try:
            read_notebook(path)
        except BadNotebook as error:
            raise Refused(str(error)) from None


def _dispatch(args: argparse.Namespace) -> int:
    """Run the parsed sub-command; return its exit status."""
    _require(args.command)
    if args.command == "check":
        from cs20_helpers.tools import grading

        return grading.main(args.notebook, args.source, args.timeout, args.report)
    if args.command == "grade":
        from cs20_helpers.tools import class_grading

        return class_grading.main(args.submissions, args.out, args.jobs, args.source,
                                  args.timeout, sealed=not args.no_seal)
    if args.command == "selfcheck":
        from cs20_helpers.tools import selfcheck

        return selfcheck.main(args.notebook, args.timeout)
    if args.command == "site":
        from cs20_helpers.tools import site

        return site.main(args.out or project_dir() / "build" / "site")
    from cs20_helpers.tools.runner import find_notebooks

    paths = find_notebooks(args.notebooks)
    _readable(paths)
    if args.command == "hygiene":
        from cs20_helpers.tools import hygiene

        return hygiene.main(paths)
    if args.command == "heads":
        from cs20_helpers.tools import heads

        return heads.main(paths)
    if args.command == "assign":
        from cs20_helpers.tools import assign

        return assign.main(paths, args.out, force=args.force)
    if args.command == "nbgrader-course":
        from cs20_helpers.tools import nbgrader_course

        return nbgrader_course.main(paths, args.out)
    if args.command == "crosscheck":
        from cs20_helpers.tools import crosscheck

        return crosscheck.main(paths)
    if args.command == "refute":
        from cs20_helpers.tools import mutants, refute

        if (args.list or args.cap) and not args.mutants:
            print("error: refute --list and --cap go with --mutants", file=sys.stderr)
            return BAD_INPUT
        cap = (args.cap or mutants.CAP) if args.mutants else None
        return refute.main(paths, cap, list_only=args.list,
                           only=set(args.exercise) if args.exercise else None,
                           answers_dir=args.answers)
    if args.command == "agree":
        from cs20_helpers.tools import agreement

        return agreement.main(paths, args.mutants)
    if args.command == "store":
        return _store(paths, not args.no_crosscheck)
    return _run(paths, args.out)


def main(argv: list[str] | None = None) -> int:
    """Dispatch a sub-command and return its exit status (2, in one line, for a path or setting
    it cannot use or a file it cannot write, or for a package of the ``course`` extra that is not
    installed; 130 after Ctrl-C, in one line; 141, quietly, when the reader of a pipe left
    early). Every setting is checked before anything runs."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        settings.check_all()
        if argv[:1] == ["data"]:
            from cs20_helpers.tools import data_cli

            status = data_cli.main(argv[1:])
        else:
            status = _dispatch(_parser().parse_args(argv))
        sys.stdout.flush()  # a reader that left early (``| head``) is noticed here, not at exit
        return status
    except BrokenPipeError:
        # Python would flush again at exit and print a traceback: point stdout at /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return PIPE_CLOSED
    except KeyboardInterrupt as interrupt:  # runner.Interrupted says which notebook
        print(f"\ncs20: {str(interrupt) or 'interrupted'} (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
    except ModuleNotFoundError as error:  # a core install, without the tools' packages
        message = _not_installed(argv[0] if argv else "", error)
        if message is None:
            raise
        print(message, file=sys.stderr)
        return BAD_INPUT
    except (FileNotFoundError, Refused, SettingError, WriteError) as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    except OSError as error:  # e.g. a full disk under a library that writes files itself
        print(f"error: {error.strerror or error}"
              + (f": {error.filename}" if error.filename else ""), file=sys.stderr)
        return BAD_INPUT
