"""A core install (``pip install cs20-helpers``, no extra) is the helpers notebooks import, and
nothing of the instructor tools: Sphinx, nbgrader, nbval and nbclient come with the ``course``
extra only. The tools' command line without the extra says so in one line.

The proof, offline: the run's wheel is installed with ``--no-deps`` into a fresh venv that sees
only the core dependency closure (the wheel's ``Requires-Dist`` without extras, followed
recursively through the installed distributions), linked from this environment, not reinstalled
(``wheel_install.venv``); there every notebook-facing module imports, a notebook's first cell
runs, and the tools are absent.
"""

from __future__ import annotations

import json
import os
import subprocess
import tomllib
from pathlib import Path

import pytest
import wheel_install
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from test_environment import _conda_pip_section, _requirements
from wheel_install import REPO

from cs20_helpers.tools import cli

#: Seconds any one step in the venv may take (TensorFlow's import is the slow part).
STEP_S = 300
#: Packages of the ``course`` extra that a core install must not see.
TOOL_ONLY = ("sphinx", "nbgrader", "nbval", "nbclient")
#: Imports inside functions of notebook-facing modules that a core install cannot satisfy, as
#: (module, package): only for the tools. ``paths.notebook_text`` (``write_notebook``) imports
#: nbformat; the atomic writing it serves is moving to a private module.
TOOLS_ONLY_CALLS = {("cs20_helpers.paths", "nbformat"),
                    # notebook.sharp_figures: only inside a running IPython kernel (Jupyter
                    # brings both); a plain Python has neither and returns before importing
                    ("cs20_helpers.notebook", "IPython"),
                    ("cs20_helpers.notebook", "matplotlib_inline"),
                    # rules._history: the kernel's own history, inside a running IPython
                    # kernel; elsewhere (no IPython) it reads the names it is given
                    ("cs20_helpers.rules", "IPython"),
                    # cell_record.install and current: the kernel's record, kept only inside a
                    # running IPython kernel; a plain Python has none (None)
                    ("cs20_helpers.cell_record", "IPython")}

# Run in the core venv: which tool packages import, every notebook-facing module's import, and
# which packages their imports name (inside functions too; not under TYPE_CHECKING) are absent.
# Packages are walked as pkgutil.walk_packages does, except that the excluded ones (the tools,
# private ones) are pruned before they are imported.
PROBE = """
import ast, importlib, importlib.util, json, pkgutil, sys, traceback
import cs20_helpers

def excluded(name):
    last = name.rsplit(".", 1)[-1]
    return (name == "cs20_helpers.tools" or name.startswith("cs20_helpers.tools.")
            or name == "cs20_helpers.__main__" or last.startswith("_"))

def walk(path, prefix):
    for info in pkgutil.iter_modules(path, prefix):
        if excluded(info.name):
            continue
        yield info.name
        if info.ispkg:
            try:
                package = importlib.import_module(info.name)
            except Exception:  # reported when the module itself is imported
                continue
            yield from walk(package.__path__, info.name + ".")

def imported(tree):
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue  # for type hints only
        if isinstance(node, ast.Import):
            yield from ((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module, node.lineno
        yield from imported(node)

tools = {}
for name in TOOL_ONLY:
    try:
        importlib.import_module(name)
        tools[name] = "imported"
    except ModuleNotFoundError as error:
        tools[name] = f"ModuleNotFoundError: {error.name}"
modules, failed, absent = [], {}, []
for name in walk(cs20_helpers.__path__, "cs20_helpers."):
    modules.append(name)
    try:
        importlib.import_module(name)
    except BaseException as error:
        failed[name] = traceback.format_exception_only(error)[-1].strip()
        continue
    with open(sys.modules[name].__file__, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for target, line in imported(tree):
        top = target.split(".")[0]
        if top not in sys.stdlib_module_names and importlib.util.find_spec(top) is None:
            absent.append([name, top, line])
print("RESULT " + json.dumps({"package": cs20_helpers.__file__, "tools": tools,
                              "modules": modules, "failed": failed, "absent": absent}))
"""
# A notebook's first cell and a data set, as a student runs them.
NOTEBOOK = """
from cs20_helpers.notebook import setup
tf, tf1 = setup()
from cs20_helpers import datasets
print(datasets.load_mnist("test")[0].shape)
"""


@pytest.fixture(scope="module")
def core_venv(tmp_path_factory) -> Path:
    """This run's wheel in a venv that sees only the core closure (``wheel_install.venv``)."""
    return wheel_install.venv(wheel_install.run_root(tmp_path_factory), "core")


def _run(venv: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with the venv's scripts first on PATH, from an empty folder outside the
    checkout; return the finished process."""
    cwd = venv.parent / "elsewhere"
    cwd.mkdir(exist_ok=True)
    env = wheel_install.env_for(venv.parent)
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    return subprocess.run(list(argv), cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=STEP_S, check=False)


def test_core_install_imports_every_notebook_module_and_no_tool(core_venv):
    done = _run(core_venv, "python", "-c", f"TOOL_ONLY = {TOOL_ONLY!r}\n{PROBE}")
    assert done.returncode == 0, done.stderr[-3000:]
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    probe = json.loads(line.removeprefix("RESULT "))
    assert Path(probe["package"]).is_relative_to(core_venv), "not the installed wheel"
    assert probe["tools"] == {name: f"ModuleNotFoundError: {name}" for name in TOOL_ONLY}
    assert probe["failed"] == {}
    absent = {(module, package) for module, package, _ in probe["absent"]}
    assert absent <= TOOLS_ONLY_CALLS, probe["absent"]
    modules = probe["modules"]
    assert {"cs20_helpers.notebook", "cs20_helpers.paths", "cs20_helpers.layers"} <= set(modules)
    assert not [m for m in modules if m.startswith("cs20_helpers.tools")
                or m.rsplit(".", 1)[-1].startswith("_")]


def test_core_install_runs_a_notebooks_first_cell(core_venv):
    done = _run(core_venv, "python", "-c", NOTEBOOK)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "(2000, 28, 28)"


@pytest.mark.parametrize(("command", "argv"), [
    ("run", ["cs20", "run"]), ("check", ["cs20", "check", "x.ipynb"]),
    ("site", ["python", "-m", "cs20_helpers", "site"]),
    ("hygiene", ["python", "-m", "cs20_helpers", "hygiene"]),
])
def test_tools_without_the_course_extra_say_what_is_missing_in_one_line(core_venv, command,
                                                                        argv):
    done = _run(core_venv, *argv)
    assert done.returncode == cli.BAD_INPUT and done.stdout == "", done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"error: cs20 {command} needs ")
    assert line.endswith(': pip install "cs20-helpers[course]"')
    package = line.split(" needs ", 1)[1].split(",", 1)[0]
    assert package in _course_names()


def test_core_install_keeps_the_commands_that_need_no_tools(core_venv):
    assert _run(core_venv, "cs20", "--help").returncode == 0
    listed = _run(core_venv, "cs20", "data", "list")
    assert listed.returncode == 0 and "mnist" in listed.stdout, listed.stderr


def _course_names() -> set[str]:
    """Return the distributions the ``course`` extra asks for, by canonical name."""
    return {canonicalize_name(r.name) for r in _pyproject_requirements()
            if r.marker is not None and r.marker.evaluate({"extra": "course"})}


def _pyproject_requirements() -> list[Requirement]:
    """Return the core requirements and each extra's, as a wheel's ``Requires-Dist`` says."""
    with open(REPO / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    requirements = [Requirement(r) for r in project["dependencies"]]
    for extra, listed in project["optional-dependencies"].items():
        requirements += [Requirement(f"{r}; extra == '{extra}'") for r in listed]
    return requirements


def test_requirements_pin_every_core_course_and_student_dependency():
    pins = _requirements()
    conda, _ = _conda_pip_section()
    assert conda == pins
    for requirement in _pyproject_requirements():
        if requirement.marker and not any(requirement.marker.evaluate({"extra": extra})
                                          for extra in ("course", "student")):
            continue  # workflow-lint: no wheel, not pinned (see pyproject.toml)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is not pinned in requirements.txt"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} vs {requirement}"


def test_the_core_has_no_tool_package():
    core = {canonicalize_name(r.name) for r in _pyproject_requirements() if r.marker is None}
    assert core and not core & _course_names()
    assert not core & {"sphinx", "nbgrader", "nbval", "nbclient", "nbformat", "ipykernel",
                       "jupyter-client", "myst-nb", "sphinx-book-theme", "pytest"}


def test_a_missing_subprocess_module_is_named_with_the_fix(monkeypatch, capsys):
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "xdist" else find_spec(name, *a))
    assert cli.main(["crosscheck"]) == cli.BAD_INPUT
    (line,) = capsys.readouterr().err.splitlines()
    assert line == ("error: cs20 crosscheck needs pytest-xdist, which is not installed (the "
                    'instructor tools come with the course extra): pip install '
                    '"cs20-helpers[course]"')


def test_a_missing_module_of_the_package_itself_is_not_called_a_missing_extra():
    assert cli._not_installed("run", ModuleNotFoundError(name="cs20_helpers.gone")) is None
    assert cli._not_installed("run", ModuleNotFoundError("no name")) is None
    assert "needs myst-nb," in cli._not_installed("site", ModuleNotFoundError(name="myst_nb.x"))
