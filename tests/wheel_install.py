"""The built wheel and its venvs, made once per test run and shared by every worker (issue 50).

A run builds the sdist, a wheel from it and a wheel straight from the sources once
(``builds``); the packaging, student-release, core-install and wheel-notebook tests read those
files, and the notebooks nbval checks run in a kernel of the course venv (``WheelNotebooks``):
each notebook executes once, under strict nbval and from the wheel. pytest-xdist's workers share
what is made through the run's temporary root and a file lock (``once``).

A venv is made offline: the wheel is installed with ``--no-deps`` into a fresh venv that sees
only the wheel's dependency closure (its ``Requires-Dist`` with the asked extras, followed
recursively through the installed distributions), linked from this environment, not reinstalled.
"""

from __future__ import annotations

import email.parser
import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections import defaultdict
from collections.abc import Callable
from importlib import metadata
from pathlib import Path, PurePath

import pytest
from filelock import FileLock
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpecManager
from nbval.kernel import RunningKernel
from nbval.plugin import IPyNbFile
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parent.parent
# What a checkout may hold besides its sources: environments, caches and course output.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                    "runs", "results", ".pytest_cache", ".ruff_cache",
                                    ".ipynb_checkpoints")
#: Seconds any one step in making a venv may take.
STEP_S = 300
#: The extras a venv may be made with: none (the core install), the course tools, or a
#: student's (JupyterLab and a kernel, nothing of grading).
VENVS = {"core": frozenset(), "course": frozenset({"course"}), "student": frozenset({"student"})}
#: The name of the plugin that runs the notebooks from the wheel; ``-p no:cs20_wheel_kernel``
#: runs them in this environment instead (``crosscheck`` does: its runs vary the settings).
PLUGIN = "cs20_wheel_kernel"
_KERNEL = "cs20-wheel"


def build(source: Path, out: Path, *options: str) -> None:
    """Run ``python -m build`` on ``source`` with the build tools already installed (offline)."""
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out),
                    *options, str(source)], check=True, capture_output=True, text=True)


def run_root(factory: pytest.TempPathFactory) -> Path:
    """Return the folder this test run's workers share: the run's temporary root."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(root: Path, name: str, make: Callable[[Path], None]) -> Path:
    """Return ``root/name``, made by ``make`` the first time any worker of the run asks for it
    (the others wait on a lock); a failed make fails every later ask with its error, at once."""
    folder, failed = root / name, root / f"{name}.failed"
    with FileLock(str(root / f"{name}.lock")):
        if failed.exists():
            pytest.fail(f"{name} could not be made earlier in this run: "
                        f"{failed.read_text(encoding='utf-8')}")
        if not (folder / ".done").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            try:
                make(folder)
            except BaseException as error:
                detail = getattr(error, "stderr", None) or error
                failed.write_text(f"{type(error).__name__}: {str(detail)[-2000:]}",
                                  encoding="utf-8")
                raise
            (folder / ".done").touch()
    return folder


def _make_builds(root: Path) -> None:
    """Build the sdist and a wheel from it into ``from_sdist/``, a wheel from the sources into
    ``from_tree/``; each build from its own copy (builds write into the sources)."""
    for name in ("from_sdist", "from_tree"):
        source = root / f"source_{name}"
        shutil.copytree(REPO, source, ignore=NOT_SOURCE)
        build(source, root / name, *(["--wheel"] if name == "from_tree" else []))
        shutil.rmtree(source)


def builds(root: Path) -> Path:
    """Return the folder holding this run's ``from_sdist/`` and ``from_tree/`` builds."""
    return once(root, "builds", _make_builds)


def wheel(root: Path) -> Path:
    """Return this run's wheel (the one built from the sdist, as an index would serve it)."""
    (path,) = (builds(root) / "from_sdist").glob("*.whl")
    return path


def env_for(home: Path) -> dict[str, str]:
    """Return an environment for the venv: no checkout on the path, caches in ``home``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
           and not (k.startswith("CS20_") and k != "CS20_TEST_SESSION")}
    env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONNOUSERSITE="1",
               CS20_DATA_DIR=str(home / "data"), CS20_LOG_DIR=str(home / "logs"),
               CS20_RESULTS_DIR=str(home / "results"))
    return env


def venv(root: Path, kind: str) -> Path:
    """Return this run's venv of ``kind`` (``VENVS``): the wheel and its closure, nothing else."""
    return once(root, f"venv_{kind}", lambda home: _make_venv(wheel(root), home, VENVS[kind])) \
        / "venv"


def _make_venv(built: Path, home: Path, extras: frozenset[str]) -> None:
    """Make ``home/venv`` seeing only ``built``'s closure with ``extras``; install ``built``."""
    folders = _link_closure(_closure(_wheel_requirements(built), extras), home / "linked")
    target = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True,
                   capture_output=True, timeout=STEP_S)
    python = target / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                              "'purelib'))"], check=True, capture_output=True, text=True,
                             env=env_for(home), timeout=STEP_S).stdout.strip()
    with open(Path(purelib) / "cs20_closure.pth", "w", encoding="utf-8") as f:
        f.write("".join(f"{folder}\n" for folder in folders))
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", str(built)], check=True, capture_output=True,
                   env=env_for(home), timeout=STEP_S)


def _wheel_requirements(built: Path) -> list[Requirement]:
    """Return the ``Requires-Dist`` entries of the wheel's METADATA."""
    with zipfile.ZipFile(built) as zf:
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


class VenvKernel(RunningKernel):
    """nbval's kernel, started from a venv's Python in ``folder`` with the environment ``env``."""

    def __init__(self, python: Path, folder: Path, env: dict[str, str],
                 startup_timeout: float) -> None:
        specs = folder.parent / "kernels"
        (specs / _KERNEL).mkdir(parents=True)
        with open(specs / _KERNEL / "kernel.json", "w", encoding="utf-8") as f:
            json.dump({"argv": [str(python), "-m", "ipykernel_launcher", "-f",
                                "{connection_file}"],
                       "display_name": "cs20 wheel", "language": "python"}, f)
        self.km = KernelManager(kernel_name=_KERNEL,
                                kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(specs)]))
        self.km.start_kernel(cwd=str(folder), env=env, stderr=subprocess.DEVNULL)
        self.kc = self.km.client()
        self.kc.start_channels()
        try:
            self.kc.wait_for_ready(timeout=startup_timeout)
        except RuntimeError:
            self.kc.stop_channels()
            self.km.shutdown_kernel()
            raise
        self._ensure_iopub_up()


def notebook_kernel(root: Path, notebook: Path, home: Path, startup_timeout: float
                    ) -> VenvKernel:
    """Start a kernel of the run's course venv (the wheel, no checkout) for ``notebook``, as a
    student runs it after ``pip install``: in ``home/a_students_folder``, which holds only a copy
    of the notebook, with its own data cache, logs and results under ``home``."""
    python = venv(root, "course") / "bin" / "python"
    folder = home / "a_students_folder"
    folder.mkdir()
    shutil.copy(notebook, folder)
    env = env_for(home)
    env["PATH"] = os.pathsep.join([str(python.parent), env.get("PATH", "")])
    return VenvKernel(python, folder, env, startup_timeout)


class WheelNotebook(IPyNbFile):
    """A notebook under strict nbval whose kernel is the course venv's (``notebook_kernel``)."""

    def setup(self) -> None:
        factory = self.config._tmp_path_factory  # a collector gets no fixtures
        self.kernel = notebook_kernel(run_root(factory), self.path,
                                      factory.mktemp(f"wheel_{self.path.stem}"),
                                      float(self.config.option.nbval_kernel_startup_timeout))
        self.setup_sanitize_files()


class WheelNotebooks:
    """The plugin: every notebook nbval collects becomes a ``WheelNotebook``."""

    @pytest.hookimpl(wrapper=True)
    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector):
        collected = yield
        return [WheelNotebook.from_parent(parent, path=file_path) if type(c) is IPyNbFile
                else c for c in collected or []]
