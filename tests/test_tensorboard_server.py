"""A real TensorBoard server serves the scalars a TF1 FileWriter and a TF2 writer logged.

The server listens on 127.0.0.1 on a port the OS picks (``--port 0``); the test reads the
port from the server's start-up line, polls its HTTP API until the runs' tags appear (60 s at
most) and always stops the server.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from cs20_helpers.events import tf

tf1 = tf.compat.v1
DEADLINE_S = 60
URL_LINE = re.compile(r"TensorBoard \S+ at (http://127\.0\.0\.1:\d+)/")


def _write_logs(root: Path) -> None:
    """Log a TF1 run (scalar, histogram, graph) and a TF2 run (scalar) under ``root``."""
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [])
        with tf1.name_scope("summaries"):
            tf1.summary.scalar("loss", x)
            tf1.summary.histogram("loss_histogram", x)
        merged = tf1.summary.merge_all()
        with tf1.Session(graph=g) as sess:
            writer = tf1.summary.FileWriter(str(root / "tf1"), g)
            for step in range(5):
                writer.add_summary(sess.run(merged, {x: 1.0 / (step + 1)}), global_step=step)
            writer.close()
    writer = tf.summary.create_file_writer(str(root / "tf2"))
    with writer.as_default():
        for step in range(3):
            tf.summary.scalar("accuracy", 0.5 + 0.1 * step, step=step)
    writer.close()


def _get_json(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read().decode("utf-8"))


def _wait_for(what: str, probe, deadline: float):
    """Call ``probe`` every 0.25 s until it returns something truthy; fail at ``deadline``."""
    while time.monotonic() < deadline:
        result = probe()
        if result:
            return result
        time.sleep(0.25)
    pytest.fail(f"TensorBoard: no {what} within {DEADLINE_S} s")


def test_tensorboard_serves_logged_scalars(tmp_path):
    logdir = tmp_path / "logs"
    _write_logs(logdir)
    stderr_path = tmp_path / "tensorboard.err"
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", TF_ENABLE_ONEDNN_OPTS="0")
    command = [sys.executable, "-m", "tensorboard.main", "--logdir", str(logdir),
               "--host", "127.0.0.1", "--port", "0", "--reload_interval", "1",
               "--load_fast", "false"]  # fmt: skip
    deadline = time.monotonic() + DEADLINE_S
    with open(stderr_path, "wb") as stderr:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr,
                                  stdin=subprocess.DEVNULL, env=env)  # fmt: skip
    try:

        def started():
            if server.poll() is not None:
                pytest.fail(f"TensorBoard exited with {server.returncode}:\n"
                            f"{stderr_path.read_text(errors='replace')[-2000:]}")  # fmt: skip
            found = URL_LINE.search(stderr_path.read_text(errors="replace"))
            return found and found.group(1)

        base = _wait_for("start-up line", started, deadline)

        def tags():
            try:
                answer = _get_json(f"{base}/data/plugin/scalars/tags")
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                return None
            return answer if {"tf1", "tf2"} <= set(answer) else None

        runs = _wait_for("scalar tags", tags, deadline)
        assert set(runs["tf1"]) == {"summaries/loss"}  # the histogram is not a scalar
        assert set(runs["tf2"]) == {"accuracy"}
        points = _get_json(f"{base}/data/plugin/scalars/scalars?run=tf2&tag=accuracy")
        assert [(step, round(value, 4)) for _, step, value in points] == [
            (0, 0.5), (1, 0.6), (2, 0.7)]  # fmt: skip
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
