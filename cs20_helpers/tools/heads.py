"""``heads``: each notebook's head for hosted Jupyter: an "Open in Colab" link and an install cell.

Both point at the one place students get the course from, ``[project.urls] Students`` in
``pyproject.toml``: a public GitHub repository that holds the student copies (``assign``'s
output, on its ``main`` branch) and, as assets of its release ``v<version>``, the helper wheel
of that version; nothing of it gives a solution away (the instructor notebooks, with the
solutions, stay in this repository). The install cell installs that wheel, pinned to the
package's version (``cs20_helpers.__version__``), when the helpers are missing (Colab, a fresh
Jupyter) and does nothing where they are installed; the link opens the notebook's student copy
in Colab. A course changes the address there and runs ``python -m cs20_helpers heads``;
``hygiene`` reports a head that differs. docs/instructors.md says how to publish a release.

The head is the first four cells: the title (its second paragraph is the link), ``## Setup``,
the install cell, then the ``setup()`` cell. The stamps of ``crosscheck`` and ``refute`` leave
the install cell out (``stamped_code``): a new release changes it and nothing they vouch for.
"""

from __future__ import annotations

__all__ = ["COLAB", "colab_url", "INSTALL_INDEX", "install_source", "LINK_PREFIX", "main",
    "problems", "requirement", "stamped_code", "STUDENT_BRANCH", "students", "wheel_name",
    "wheel_url", "with_head"]

import re
import tomllib
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

import nbformat

import cs20_helpers
from cs20_helpers._atomic import write_notebook
from cs20_helpers.paths import REPO_DIR

COLAB = "https://colab.research.google.com/github"
STUDENT_BRANCH = "main"  # the students' repository's branch holding the copies at its root
LINK_PREFIX = "[Open in Colab]("
INSTALL_INDEX = 2  # after the title and "## Setup", before the setup() cell
_LABEL = "Students"  # the [project.urls] entry
_GITHUB = re.compile(r"https://github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?")


def students() -> str:
    """Return the students' repository: ``pyproject.toml``'s ``[project.urls] Students`` in a
    checkout, else the installed distribution's ``Project-URL``."""
    pyproject = REPO_DIR / "pyproject.toml"
    if pyproject.is_file():
        with pyproject.open("rb") as file:
            urls = tomllib.load(file)["project"].get("urls", {})
        if _LABEL in urls:
            return urls[_LABEL]
    else:
        for entry in metadata.metadata("cs20-helpers").get_all("Project-URL") or []:
            label, _, url = entry.partition(",")
            if label.strip() == _LABEL:
                return url.strip()
    raise LookupError(f"no students' repository configured (pyproject.toml, [project.urls] "
                      f"{_LABEL})")


def _github(repo: str) -> tuple[str, str]:
    """Return the owner and name of a GitHub repository's address."""
    match = _GITHUB.fullmatch(repo)
    if match is None:
        raise ValueError(f"Colab and release assets are read from GitHub only, not {repo!r}")
    return match.group(1), match.group(2)


def colab_url(name: str, repo: str | None = None) -> str:
    """Return the Colab address that opens the student copy ``name`` from the students'
    repository."""
    owner, project = _github(repo or students())
    return f"{COLAB}/{owner}/{project}/blob/{STUDENT_BRANCH}/{name}"


def wheel_name(version: str | None = None) -> str:
    """Return the file name of the helper wheel of ``version`` (default: this package's)."""
    return f"cs20_helpers-{version or cs20_helpers.__version__}-py3-none-any.whl"


def wheel_url(repo: str | None = None, version: str | None = None) -> str:
    """Return the address of the helper wheel, an asset of the students' repository's release
    ``v<version>``."""
    owner, project = _github(repo or students())
    version = version or cs20_helpers.__version__
    return (f"https://github.com/{owner}/{project}/releases/download/v{version}/"
            f"{wheel_name(version)}")


def requirement(extra: str = "", repo: str | None = None, version: str | None = None) -> str:
    """Return the pip requirement of the released helpers (with ``extra``, e.g. ``student``)."""
    return f"cs20-helpers{f'[{extra}]' if extra else ''} @ {wheel_url(repo, version)}"


def install_source(repo: str | None = None, version: str | None = None) -> str:
    """Return the install cell: pip-install the released helpers where they are missing."""
    version = version or cs20_helpers.__version__
    return ("# Hosted Jupyter (Colab) without the course's helpers: install release "
            f"{version}, the one\n"
            "# this copy was made for (a no-op where they are installed). A restart is not "
            "needed:\n# TensorFlow 2.19-2.21 is kept.\n"
            "import importlib.util\n\n"
            'if importlib.util.find_spec("cs20_helpers") is None:\n'
            f'    %pip install --quiet "{requirement("", repo, version)}"')


def _link_line(name: str, repo: str) -> str:
    return (f"{LINK_PREFIX}{colab_url(name, repo)}) (the student copy; run its first code "
            "cell to install the helpers)")


def _title_with_link(source: str, name: str, repo: str) -> str:
    """Return the title cell's source with the link as its second paragraph (replaced if
    there)."""
    paragraphs = source.split("\n\n")
    body = [p for p in paragraphs[1:] if not p.startswith(LINK_PREFIX)]
    return "\n\n".join([paragraphs[0], _link_line(name, repo), *body])


def _is_install(cell: nbformat.NotebookNode) -> bool:
    return cell.cell_type == "code" and "find_spec(\"cs20_helpers\")" in cell.source


def stamped_code(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """Return the notebook's code cells but the head's install cell: what the stamps of
    ``crosscheck`` and ``refute`` digest (``problems`` checks the head apart)."""
    return [cell for index, cell in enumerate(nb.cells) if cell.cell_type == "code"
            and not (index == INSTALL_INDEX and _is_install(cell))]


def with_head(nb: nbformat.NotebookNode, name: str, repo: str | None = None
              ) -> nbformat.NotebookNode:
    """Return a copy of ``nb`` with its link and install cell as the configured address and the
    package's version make them (added where missing, rewritten where they differ); nothing
    else changes."""
    repo = repo or students()
    nb = nbformat.from_dict(nb)
    nb.cells[0].source = _title_with_link(nb.cells[0].source, name, repo)
    if len(nb.cells) > INSTALL_INDEX and _is_install(nb.cells[INSTALL_INDEX]):
        nb.cells[INSTALL_INDEX].source = install_source(repo)
    else:
        cell = nbformat.v4.new_code_cell(install_source(repo))
        cell.id = f"install-{name[:2]}"
        nb.cells.insert(INSTALL_INDEX, cell)
    return nb


def problems(nb: nbformat.NotebookNode, name: str) -> list[str]:
    """Return a problem line when the notebook's head is not what ``with_head`` makes."""
    expected = with_head(nb, name)
    if len(nb.cells) != len(expected.cells) or any(
            a.source != b.source for a, b in zip(nb.cells[:4], expected.cells[:4], strict=True)):
        return ["its Colab link or install cell is missing or not built from the configured "
                "students' repository and the package's version: run "
                "`python -m cs20_helpers heads`"]
    return []


def main(paths: Iterable[Path]) -> int:
    """Write each notebook's head from the configured address; print what changed."""
    repo = students()
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if not problems(nb, path.name):
            print(f"{path.name}: up to date")
            continue
        write_notebook(with_head(nb, path.name, repo), path)
        print(f"{path.name}: head written for release {cs20_helpers.__version__} of {repo}")
    return 0
