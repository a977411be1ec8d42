"""Session-wide set-up and check: Ctrl-C reaches what the tests start, and after the test suite
no process it started is left running or listening.

A shell without job control (``bash -c 'pytest &'``, ``nohup``, many CI runners) starts its
background commands with SIGINT ignored, and an ignored signal stays ignored across ``exec``: every
process the tests start would then ignore the Ctrl-C that the interrupt tests send, and those tests
would wait out their deadlines. So the session puts Python's own SIGINT handler back first.

Every process the session starts (notebook kernels, cluster tasks, servers, their children)
inherits ``CS20_TEST_SESSION``; at the end of the session any live process carrying this
session's value is reported, with the ports it listens on, ended, and the session fails.

Every notebook runs once, under strict nbval, in a kernel of the wheel's venv
(``tests/wheel_install.py``; ``-p no:cs20_wheel_kernel`` runs them in this environment); a whole
suite's run starts building the wheel and its venvs at once, while the workers start and
collect (the controller's ``_prebuild`` thread, waited for at the end). The two
workers take whole scopes (a test module, a notebook) longest first: the seconds each scope took
in a recorded run (``tests/scope_times.json``, written by ``pytest --scope-times PATH``), else
notebooks first by their slowest recorded cell, then modules by their number of tests.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import uuid
from collections import defaultdict
from pathlib import Path

import nbformat
import pytest
import wheel_install  # tests/, on the path by pyproject's pythonpath

from cs20_helpers._atomic import write_bytes_atomic
from cs20_helpers.cluster import marked_processes
from cs20_helpers.notebook import quiet_environment
from cs20_helpers.tools import timing

SESSION_KEY = "CS20_TEST_SESSION"
#: Seconds to let processes that are already shutting down (kernels, xdist workers) finish.
GRACE_S = 10.0
#: Each scope's seconds in a recorded run: the order the workers take scopes in.
SCOPE_TIMES = Path(__file__).resolve().parent / "tests" / "scope_times.json"


def pytest_addoption(parser):
    parser.addoption("--scope-times", metavar="PATH", default=None,
                     help="write each scope's seconds (a test module, a notebook) to PATH as "
                          "JSON, for tests/scope_times.json")


def pytest_configure(config):
    # The tests import helpers that import TensorFlow without setup(): give them (and every
    # process they start) the settings notebooks get from setup(), before the first import.
    quiet_environment()
    os.environ.setdefault(SESSION_KEY, uuid.uuid4().hex)
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:  # inherited from a background shell
        signal.signal(signal.SIGINT, signal.default_int_handler)
    config.pluginmanager.register(wheel_install.WheelNotebooks(), wheel_install.PLUGIN)


#: Seconds each scope has taken in this run (on the controller: every worker reports there).
_times: dict[str, float] = defaultdict(float)
_PREBUILD = pytest.StashKey[threading.Thread]()


def _prebuild(root: Path) -> None:
    """Make the run's builds and venvs (``wheel_install``); a failure is left for the tests
    that need them to report (``wheel_install.once`` keeps it)."""
    try:
        for kind in wheel_install.VENVS:
            wheel_install.venv(root, kind)
    except BaseException:  # reported by the tests that need them, not by this thread
        pass


def pytest_sessionstart(session):
    config = session.config
    if hasattr(config, "workerinput") or config.option.collectonly \
            or config.args_source != pytest.Config.ArgsSource.TESTPATHS:
        return  # a worker, no run, or a run of chosen tests: what needs the wheel builds it
    thread = threading.Thread(target=_prebuild, args=(config._tmp_path_factory.getbasetemp(),),
                              name="cs20-prebuild", daemon=True)
    thread.start()
    config.stash[_PREBUILD] = thread


def _scope(nodeid: str) -> str:
    """Return the scope pytest-xdist's loadscope gives ``nodeid``: its module or notebook (or
    its class)."""
    return nodeid.rsplit("::", 1)[0]


def _fallback_cost(root: Path, scope: str, count: int) -> tuple[float, float]:
    """Order scopes without a recorded run: notebooks first by their slowest recorded cell,
    then modules by their number of tests."""
    if scope.endswith(".ipynb"):
        return (1.0, timing.slowest_cell(nbformat.read(root / scope, as_version=4)) or 0.0)
    return (0.0, float(count))


def pytest_collection_modifyitems(session, config, items):
    counts: dict[str, int] = defaultdict(int)
    for item in items:
        counts[_scope(item.nodeid)] += 1
    recorded = json.loads(SCOPE_TIMES.read_text(encoding="utf-8")) if SCOPE_TIMES.exists() \
        else {}

    def cost(item):  # sorted() is stable: a scope's items keep their order
        scope = _scope(item.nodeid)
        if recorded:
            return (float(recorded.get(scope, 0.0)), 0.0)
        return _fallback_cost(config.rootpath, scope, counts[scope])

    items[:] = sorted(items, key=cost, reverse=True)


def pytest_runtest_logreport(report):
    if report.when in ("setup", "call", "teardown"):
        _times[_scope(report.nodeid)] += report.duration


@pytest.hookimpl(trylast=True)  # after pytest-xdist has shut its workers down
def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller checks
        return
    if thread := session.config.stash.get(_PREBUILD, None):
        thread.join()  # its build processes belong to the session's
    if path := session.config.getoption("scope_times"):
        ordered = dict(sorted(_times.items(), key=lambda kv: -kv[1]))
        write_bytes_atomic(Path(path), (json.dumps({k: round(v, 1) for k, v in ordered.items()},
                                                   indent=1) + "\n").encode("utf-8"))
    value = os.environ[SESSION_KEY]
    deadline = time.monotonic() + GRACE_S
    while (left := marked_processes(SESSION_KEY, value)) and time.monotonic() < deadline:
        time.sleep(0.5)
    if not left:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    for process in left:
        message = (f"left running by the tests: pid {process['pid']} "
                   f"(listening on {process['ports'] or 'no port'}): {process['command'][:200]}")
        if reporter:
            reporter.write_line(message, red=True)
        try:
            os.kill(process["pid"], signal.SIGKILL)
        except ProcessLookupError:
            pass
    session.exitstatus = 1
