"""Session-wide set-up and check: Ctrl-C reaches what the tests start, and after the test suite
no process it started is left running or listening.

A shell without job control (``bash -c 'pytest &'``, ``nohup``, many CI runners) starts its
background commands with SIGINT ignored, and an ignored signal stays ignored across ``exec``: every
process the tests start would then ignore the Ctrl-C that the interrupt tests send, and those tests
would wait out their deadlines. So the session puts Python's own SIGINT handler back first.

Every process the session starts (notebook kernels, cluster tasks, servers, their children)
inherits ``CS20_TEST_SESSION``; at the end of the session any live process carrying this
session's value is reported, with the ports it listens on, ended, and the session fails.
"""

from __future__ import annotations

import os
import signal
import time
import uuid

import pytest

from cs20_helpers.cluster import marked_processes
from cs20_helpers.notebook import quiet_environment

SESSION_KEY = "CS20_TEST_SESSION"
#: Seconds to let processes that are already shutting down (kernels, xdist workers) finish.
GRACE_S = 10.0


def pytest_configure(config):
    # The tests import helpers that import TensorFlow without setup(): give them (and every
    # process they start) the settings notebooks get from setup(), before the first import.
    quiet_environment()
    os.environ.setdefault(SESSION_KEY, uuid.uuid4().hex)
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:  # inherited from a background shell
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(trylast=True)  # after pytest-xdist has shut its workers down
def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller checks
        return
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
