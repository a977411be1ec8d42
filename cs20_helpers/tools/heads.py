"""``heads``: each notebook's head for hosted Jupyter: an "Open in Colab" link and an install cell.

Both are built from one configured address, ``[project.urls] Repository`` in ``pyproject.toml``
(a fork changes it there and runs ``python -m cs20_helpers heads``): the install cell installs
the helpers from that repository when they are missing (Colab, a fresh Jupyter) and does
nothing where they are installed; the link opens the notebook's *student copy* in Colab, from
the repository's ``student`` branch, where instructors publish ``assign``'s output (the
instructor notebooks on ``main`` hold the solutions). ``hygiene`` reports a head that differs.

The head is the first four cells: the title (its second paragraph is the link), ``## Setup``,
the install cell, then the ``setup()`` cell.
"""

from __future__ import annotations

__all__ = ["COLAB", "colab_url", "INSTALL_INDEX", "install_source", "LINK_PREFIX", "main",
    "problems", "repository", "STUDENT_BRANCH", "with_head"]

import re
import tomllib
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

import nbformat

from cs20_helpers._atomic import write_notebook
from cs20_helpers.paths import project_dir

COLAB = "https://colab.research.google.com/github"
STUDENT_BRANCH = "student"  # the branch holding the student copies at its root
LINK_PREFIX = "[Open in Colab]("
INSTALL_INDEX = 2  # after the title and "## Setup", before the setup() cell
_GITHUB = re.compile(r"https://github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?")


def repository() -> str:
    """Return the configured repository address: ``pyproject.toml``'s ``[project.urls]
    Repository`` in a checkout, else the installed distribution's ``Project-URL``."""
    pyproject = project_dir() / "pyproject.toml"
    if pyproject.is_file():
        with pyproject.open("rb") as file:
            return tomllib.load(file)["project"]["urls"]["Repository"]
    for entry in metadata.metadata("cs20-helpers").get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip() == "Repository":
            return url.strip()
    raise LookupError("no Repository address configured (pyproject.toml, [project.urls])")


def colab_url(name: str, repo: str | None = None) -> str:
    """Return the Colab address that opens the student copy ``name`` from the repository."""
    repo = repo or repository()
    match = _GITHUB.fullmatch(repo)
    if match is None:
        raise ValueError(f"Colab opens notebooks from GitHub only, not {repo!r}")
    owner, project = match.groups()
    return f"{COLAB}/{owner}/{project}/blob/{STUDENT_BRANCH}/{name}"


def install_source(repo: str | None = None) -> str:
    """Return the install cell: pip-install the helpers from the repository where missing."""
    repo = repo or repository()
    return ("# Hosted Jupyter (Colab) without the course's helpers: install them (a no-op where\n"
            "# they are installed). A restart is not needed: TensorFlow 2.19-2.21 is kept.\n"
            "import importlib.util\n\n"
            'if importlib.util.find_spec("cs20_helpers") is None:\n'
            f'    %pip install --quiet "cs20-helpers @ git+{repo}"')


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


def with_head(nb: nbformat.NotebookNode, name: str, repo: str | None = None
              ) -> nbformat.NotebookNode:
    """Return a copy of ``nb`` with its link and install cell as the configured address makes
    them (added where missing, rewritten where they differ); nothing else changes."""
    repo = repo or repository()
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
                "repository: run `python -m cs20_helpers heads`"]
    return []


def main(paths: Iterable[Path]) -> int:
    """Write each notebook's head from the configured address; print what changed."""
    repo = repository()
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if not problems(nb, path.name):
            print(f"{path.name}: up to date")
            continue
        write_notebook(with_head(nb, path.name, repo), path)
        print(f"{path.name}: head written from {repo}")
    return 0
