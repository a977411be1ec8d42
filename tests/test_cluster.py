"""cluster: tasks start with their output captured, waits time out, crashes are reported, and
every process (and its children) ends with the cluster: on close, on an interrupt, at exit and
when the owning process is killed. The tasks are small Python scripts, not TensorFlow, so the
tests are quick; notebook 10 runs the real workers."""

from __future__ import annotations

import json
import os
import select
import shlex
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cs20_helpers import cluster as cl

DEADLINE_S = 20
#: Seconds an owner may take to start Python, its cluster and a task on a busy machine.
START_DEADLINE_S = 120


def _gone(pid: int) -> bool:
    """True once ``pid`` no longer runs (a zombie awaiting its reaper counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def _wait_gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if all(_gone(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


def _script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


# A task that listens on the port its TF_CONFIG gives it, starts a child, and never ends.
SERVER = """
    import json, os, socket, subprocess, sys, time
    config = json.loads(os.environ["TF_CONFIG"])
    host, port = config["cluster"][config["task"]["type"]][config["task"]["index"]].split(":")
    server = socket.socket()
    server.bind((host, int(port)))
    server.listen()
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    print(f"listening on {port}, child {child.pid}", flush=True)
    time.sleep(600)
"""


def test_local_cluster_has_distinct_free_local_ports():
    hosts = cl.local_cluster({"ps": 1, "worker": 3})
    addresses = hosts["ps"] + hosts["worker"]
    assert [len(hosts["ps"]), len(hosts["worker"])] == [1, 3]
    assert all(a.startswith("127.0.0.1:") for a in addresses)
    assert len(set(addresses)) == 4
    config = json.loads(cl.tf_config(hosts, "worker", 2))
    assert config == {"cluster": hosts, "task": {"type": "worker", "index": 2}}


@pytest.mark.parametrize("jobs", [{}, {"worker": 0}])
def test_local_cluster_rejects_empty_jobs(jobs):
    with pytest.raises(ValueError):
        cl.local_cluster(jobs)


def test_tf_config_rejects_a_missing_task():
    with pytest.raises(ValueError, match="no task 2"):
        cl.tf_config({"worker": ["127.0.0.1:1", "127.0.0.1:2"]}, "worker", 2)


def test_start_captures_output_and_exit_code(tmp_path):
    script = _script(tmp_path, "hello", """
        import os, sys
        print("hello from", os.environ["TF_CONFIG"][:1], sys.argv[1:], flush=True)
        print("to stderr", file=sys.stderr)
        sys.exit(3)
    """)
    hosts = cl.local_cluster({"worker": 1})
    with cl.Cluster(tmp_path / "logs") as cluster:
        process = cluster.start_tasks(script, hosts, ["--x", 1])["worker0"]
        assert process.wait(DEADLINE_S) == 3
        out = process.output()
    assert "hello from { ['--x', '1']" in out and "to stderr" in out
    assert (tmp_path / "logs" / "worker0.log").read_text(encoding="utf-8") == out
    assert process.lines(r"hello") == ["hello from { ['--x', '1']"]


def test_wait_times_out_with_the_output_and_close_ends_the_task(tmp_path):
    script = _script(tmp_path, "slow", 'import time\nprint("started", flush=True)\n'
                                       'time.sleep(600)\n')
    with cl.Cluster(tmp_path) as cluster:
        process = cluster.start_python("slow", script)
        process.wait_for(r"^started", DEADLINE_S)
        with pytest.raises(cl.WorkerError, match=r"(?s)still running after 0.2 s.*started"):
            process.wait(0.2)
        with pytest.raises(cl.WorkerError, match="no line matching 'never'"):
            process.wait_for("never", 0.2)
        assert cluster.running() == ["slow"]
    assert cluster.running() == [] and _gone(process.pid)


def test_a_crashing_task_is_reported_with_its_traceback(tmp_path):
    script = _script(tmp_path, "crash", 'raise RuntimeError("boom in the worker")\n')
    with cl.Cluster(tmp_path) as cluster:
        process = cluster.start_python("crash", script)
        with pytest.raises(cl.WorkerError, match=r"(?s)before printing.*boom in the worker"):
            process.wait_for("ready", DEADLINE_S)
        with pytest.raises(cl.WorkerError, match=r"(?s)exited with code 1.*RuntimeError"):
            process.wait_ok(DEADLINE_S)


def test_a_running_task_is_not_started_twice(tmp_path):
    script = _script(tmp_path, "slow", "import time\ntime.sleep(600)\n")
    with cl.Cluster(tmp_path) as cluster:
        cluster.start_python("slow", script)
        with pytest.raises(ValueError, match="already running"):
            cluster.start_python("slow", script)


def test_close_ends_children_and_frees_the_port(tmp_path):
    script = _script(tmp_path, "server", SERVER)
    hosts = cl.local_cluster({"ps": 1})
    port = int(hosts["ps"][0].split(":")[1])
    with cl.Cluster(tmp_path) as cluster:
        process = cluster.start_tasks(script, hosts)["ps0"]
        child = int(process.wait_for(r"child (\d+)", DEADLINE_S).group(1))
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass  # it listens
    assert _wait_gone([process.pid, child])
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=5).close()


# The owner: opens a cluster, starts a server task, prints the pids, then waits to be stopped.
OWNER = """
    import sys, time
    from cs20_helpers.cluster import Cluster, local_cluster
    cluster = Cluster(sys.argv[2])
    if sys.argv[1] == "with":
        cluster.__enter__()
    process = cluster.start_tasks(sys.argv[3], local_cluster({"ps": 1}))["ps0"]
    child = process.wait_for(r"child (\\d+)", 20).group(1)
    print(process.pid, child, flush=True)
    if sys.argv[1] == "exit":
        sys.stdin.readline()  # once the test has seen the task alive
        sys.exit(0)  # atexit must end the task
    try:
        time.sleep(600)
    finally:
        cluster.__exit__(None, None, None)
"""


def _read_line(process: subprocess.Popen, timeout: float) -> str:
    """Return the next line ``process`` prints, failing the test if none comes in ``timeout`` s
    (a slow start under load is then told apart from a slow end)."""
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, f"the owner printed nothing in {timeout:g} s (a slow start, not a slow end)"
    return process.stdout.readline()


@pytest.mark.parametrize("how", ["interrupt", "exit", "kill"])
def test_no_orphan_when_the_owner_is_interrupted_exits_or_is_killed(tmp_path, how):
    if how == "kill" and not sys.platform.startswith("linux"):
        pytest.skip("surviving a SIGKILLed owner relies on Linux's PR_SET_PDEATHSIG")
    owner_script = _script(tmp_path, "owner", OWNER)
    server = _script(tmp_path, "server", SERVER)
    mode = "exit" if how == "exit" else "with"
    owner = subprocess.Popen([sys.executable, str(owner_script), mode, str(tmp_path / "logs"),
                              str(server)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        task_pid, child_pid = map(int, _read_line(owner, START_DEADLINE_S).split())
        assert not _gone(task_pid) and not _gone(child_pid)
        owner.stdin.write("go\n")
        owner.stdin.flush()
        if how == "interrupt":
            owner.send_signal(signal.SIGINT)  # what Jupyter's "interrupt kernel" sends
        elif how == "kill":
            owner.kill()
        owner.wait(DEADLINE_S)
        assert _wait_gone([task_pid, child_pid]), f"task or its child survived the owner ({how})"
    finally:
        owner.kill()
        owner.wait(DEADLINE_S)


def test_marked_processes_finds_a_left_process_and_its_port(tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc")
    hosts = cl.local_cluster({"ps": 1})
    port = int(hosts["ps"][0].split(":")[1])
    marker = f"test-{os.getpid()}-{time.monotonic_ns()}"
    env = {"TF_CONFIG": cl.tf_config(hosts, "ps", 0), "CS20_MARK_TEST": marker}
    with cl.Cluster(tmp_path) as cluster:
        cluster.start_python("unmarked", _script(tmp_path, "idle", "input()\n"))
        process = cluster.start_python("marked", _script(tmp_path, "server", SERVER), env=env)
        child = int(process.wait_for(r"child (\d+)", DEADLINE_S).group(1))
        found = {p["pid"]: p["ports"] for p in cl.marked_processes("CS20_MARK_TEST", marker)}
        assert found == {process.pid: [port], child: []}
        assert cl.marked_processes("CS20_MARK_TEST", "no-such-session") == []
    assert _wait_gone([process.pid, child])
    assert cl.marked_processes("CS20_MARK_TEST", marker) == []


def test_worker_summary_reads_the_last_line():
    out = "noise\nworker 1 done: 205 steps in 1.500 s, global step 401, loss on all data 0.010400\n"
    assert cl.worker_summary(out) == {"index": 1, "steps": 205, "seconds": 1.5,
                                      "global_step": 401, "loss": 0.0104}
    with pytest.raises(ValueError, match="no 'worker N done"):
        cl.worker_summary("worker 1: 50 steps\n")


# A task that binds the wildcard addresses, IPv4 and dual-stack IPv6, as TensorFlow's server does.
WILDCARD_SERVER = """
    import socket, time
    v4 = socket.socket()
    v4.bind(("0.0.0.0", 0))
    v4.listen()
    v6 = socket.socket(socket.AF_INET6)
    v6.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    v6.bind(("::", 0))
    v6.listen()
    print("ports", v4.getsockname()[1], v6.getsockname()[1], flush=True)
    time.sleep(600)
"""


def test_tasks_listen_on_loopback_only_though_they_bind_every_interface(tmp_path):
    script = _script(tmp_path, "wildcard", WILDCARD_SERVER)
    with cl.Cluster(tmp_path) as cluster:
        process = cluster.start_python("server", script)
        v4_port, v6_port = map(int, process.wait_for(r"ports (\d+) (\d+)", DEADLINE_S).groups())
        assert cl.listening_addresses(process.pid) == sorted(
            [f"127.0.0.1:{v4_port}", f"::ffff:127.0.0.1:{v6_port}"])
        for port in (v4_port, v6_port):  # IPv4 clients on loopback still reach both
            socket.create_connection(("127.0.0.1", port), timeout=5).close()


def test_listening_addresses_show_a_wildcard_bind_in_this_process():
    with socket.socket() as server:
        server.bind(("0.0.0.0", 0))
        server.listen()
        assert f"0.0.0.0:{server.getsockname()[1]}" in cl.listening_addresses(os.getpid())


def test_tasks_run_keras_3_whatever_the_owner_set(tmp_path, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")  # what a notebook's setup() sets
    script = _script(tmp_path, "env", """
        import os
        print("legacy:", os.environ.get("TF_USE_LEGACY_KERAS"), flush=True)
    """)
    with cl.Cluster(tmp_path / "logs") as cluster:
        out = cluster.start_tasks(script, cl.local_cluster({"worker": 1}))["worker0"].wait_ok(
            DEADLINE_S)
    assert "legacy: 0" in out


def test_worker_scripts_ship_in_the_package_and_are_found_from_any_folder(tmp_path,
                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)  # a notebook opened anywhere: a download, a wheel install
    folder = cl.worker_scripts()
    assert folder.is_relative_to(Path(cl.__file__).parent)
    assert {p.name for p in folder.glob("*.py")} == {"tf1_worker.py", "mwms_worker.py",
                                                      "pss_task.py"}


def test_the_interrupt_test_passes_when_the_suite_runs_as_a_background_job(tmp_path):
    # A shell without job control starts background commands with SIGINT ignored; the owner of
    # the test above inherited that and never saw its interrupt (a 20 s time-out, issue 35).
    test_id = f"{__file__}::test_no_orphan_when_the_owner_is_interrupted_exits_or_is_killed"
    # The inner session checks its own leftovers (not the shell's: it outlives that session).
    session = f"CS20_TEST_SESSION=inner-{os.getpid()}-{time.monotonic_ns()}"
    inner = (f"{session} {shlex.quote(sys.executable)} -m pytest -q -p no:cacheprovider "
             f"-o addopts= --rootdir {shlex.quote(str(Path(__file__).parents[1]))} "
             f"{shlex.quote(test_id + '[interrupt]')} & wait $!")
    done = subprocess.run(["bash", "-c", inner], cwd=tmp_path, capture_output=True, text=True,
                          timeout=START_DEADLINE_S + 2 * DEADLINE_S)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "1 passed" in done.stdout
