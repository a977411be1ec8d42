"""A core install (``pip install cs20-helpers``, no extra) is the helpers notebooks import, and
nothing of the instructor tools: Sphinx, nbgrader, nbval and nbclient come with the ``course``
extra only. The tools' command line without the extra says so in one line.

The proof, offline: the wheel is installed with ``--no-deps`` into a fresh venv that sees only
the core dependency closure (the wheel's ``Requires-Dist`` without extras, followed recursively
through the installed distributions), linked from this environment, not reinstalled; there
every notebook-facing module imports, a notebook's first cell runs, and the tools are absent.
"""

from __future__ import annotations

import email.parser
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections import defaultdict
from importlib import metadata
from pathlib import Path, PurePath

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from test_environment import _conda_pip_section, _requirements
from test_packaging import NOT_SOURCE, REPO, _build

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
                    ("cs20_helpers.notebook", "matplotlib_inline")}

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


def _wheel_requirements(wheel: Path) -> list[Requirement]:
    """Return the ``Requires-Dist`` entries of ``wheel``'s METADATA."""
    with zipfile.ZipFile(wheel) as zf:
        (name,) = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
        text = zf.read(name).decode("utf-8")
    return [Requirement(r) for r in email.parser.Parser().parsestr(text).get_all("Requires-Dist")]


def _wanted(requirement: Requirement, extras: frozenset[str]) -> bool:
    """Tell whether ``requirement`` applies here when its distribution's ``extras`` are asked."""
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in extras | {""})


def _closure(requirements: list[Requirement], extras: frozenset[str] = frozenset()
             ) -> dict[str, metadata.Distribution]:
    """Return the installed distributions ``requirements`` need with ``extras`` asked (none by
    default), recursively, by canonical name; markers and the extras each requirement asks for
    are honoured."""
    found: dict[str, metadata.Distribution] = {}
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [r for r in requirements if _wanted(r, extras)]
    while todo:
        requirement = todo.pop()
        name, extras = canonicalize_name(requirement.name), frozenset(requirement.extras)
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            dist = found.get(name) or metadata.distribution(name)
        except metadata.PackageNotFoundError:
            pytest.fail(f"{requirement} is needed by the core install but not installed here")
        assert requirement.specifier.contains(dist.version, prereleases=True), (
            f"installed {name} {dist.version} does not satisfy {requirement}")
        found[name] = dist
        todo += [r for r in map(Requirement, dist.requires or []) if _wanted(r, extras)]
    return found


def _site_files(dist: metadata.Distribution) -> tuple[Path, set[PurePath]]:
    """Return the folder ``dist`` is installed in and its files there (not its scripts)."""
    assert dist.files is not None, f"{dist.metadata['Name']} has no RECORD to link it from"
    site = Path(dist.locate_file("")).resolve()
    return site, {PurePath(f) for f in dist.files if f.parts and f.parts[0] != ".."}


def _link_closure(closure: dict[str, metadata.Distribution], into: Path) -> list[Path]:
    """Link the files of the ``closure`` distributions into folders under ``into``, one per
    site folder, with nothing of any other installed distribution; return those folders.

    A folder is linked whole unless it holds a file of a distribution outside the closure (a
    namespace package such as ``google``); then it is made and its entries linked in turn."""
    needed: dict[Path, set[PurePath]] = defaultdict(set)
    for dist in closure.values():
        site, files = _site_files(dist)
        needed[site] |= files
    names = set(closure)
    tainted: dict[Path, set[PurePath]] = defaultdict(set)  # folders holding others' files
    for dist in metadata.distributions():
        if dist.files is None or canonicalize_name(dist.metadata["Name"]) in names:
            continue
        site, files = _site_files(dist)
        if site in needed:
            tainted[site] |= {parent for f in files for parent in f.parents}
    folders = []
    for number, (site, files) in enumerate(sorted(needed.items())):
        children: dict[PurePath, set[PurePath]] = defaultdict(set)
        for path in files:
            for parent, child in zip(path.parents, (path, *path.parents), strict=False):
                children[parent].add(child)
        target = into / f"site{number}"
        target.mkdir(parents=True)
        todo = list(children[PurePath(".")])
        while todo:
            rel = todo.pop()
            if rel.name == "__pycache__" or not (site / rel).exists():
                continue
            if rel in tainted[site] and (site / rel).is_dir():
                (target / rel).mkdir()
                todo += children[rel]
            else:
                (target / rel).symlink_to(site / rel, target_is_directory=(site / rel).is_dir())
        folders.append(target)
    return folders


def _env(tmp: Path) -> dict[str, str]:
    """Return an environment for the venv: no checkout on the path, caches in ``tmp``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
           and not (k.startswith("CS20_") and k != "CS20_TEST_SESSION")}
    env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONNOUSERSITE="1", CS20_DATA_DIR=str(tmp / "data"),
               CS20_LOG_DIR=str(tmp / "logs"), CS20_RESULTS_DIR=str(tmp / "results"))
    return env


def wheel_venv_in(root: Path, extras: frozenset[str] = frozenset()) -> Path:
    """Build the wheel from a copy of the checkout, make a venv under ``root`` that sees only
    the wheel's dependency closure (with ``extras`` asked), install the wheel there (offline, no
    dependencies); return the venv."""
    source = root / "source"
    shutil.copytree(REPO, source, ignore=NOT_SOURCE)
    _build(source, root / "dist", "--wheel")
    (wheel,) = (root / "dist").glob("*.whl")
    folders = _link_closure(_closure(_wheel_requirements(wheel), extras), root / "linked")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   capture_output=True, timeout=STEP_S)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                              "'purelib'))"], check=True, capture_output=True, text=True,
                             env=_env(root), timeout=STEP_S).stdout.strip()
    with open(Path(purelib) / "cs20_closure.pth", "w", encoding="utf-8") as f:
        f.write("".join(f"{folder}\n" for folder in folders))
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True,
                   env=_env(root), timeout=STEP_S)
    return venv


@pytest.fixture(scope="module")
def core_venv(tmp_path_factory) -> Path:
    """The wheel in a venv that sees only the core closure (``wheel_venv_in``)."""
    return wheel_venv_in(tmp_path_factory.mktemp("core_install"))


def _run(venv: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with the venv's scripts first on PATH, from an empty folder outside the
    checkout; return the finished process."""
    cwd = venv.parent / "elsewhere"
    cwd.mkdir(exist_ok=True)
    env = _env(venv.parent)
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
