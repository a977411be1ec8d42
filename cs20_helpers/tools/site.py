"""``site``: a static HTML book of the course, built by Sphinx + myst-nb from the stored notebooks.

Nothing is executed: pages show the outputs and figures stored in ``notebooks/``. The pages are
built from staged copies with everything instructor-only taken out (``assign.released``:
solutions replaced by nbgrader's stub, check cells' hidden tests and the maintainers' stamps
removed; a public site must not give the answers or the grading away),
and error tracebacks are cut to their last line (no file paths of the machine that stored
them). Each page links a student copy to download and says how a student installs the helpers
(the ``student`` extra of the release ``heads`` pins) and checks the answers (``selfcheck``);
the home page offers all the copies in one zip. Long output lines wrap at the column edge
(``STYLE``). After the notebooks come the guides, the
Markdown pages of ``docs/`` (results, benchmarks, reproducibility, data, instructors,
maintainers), built as they are, so the README stays a front door and the manuals are here.
"""

from __future__ import annotations

__all__ = ["ATTACHMENTS", "build", "DOWNLOADS", "find_guides", "GUIDE_ORDER", "GUIDES", "main",
    "MARKER", "SPHINX_CONFIG", "stage", "STATIC", "STYLE", "TITLE", "ZIP"]

import base64
import configparser
import re
import shutil
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path

import nbformat
from sphinx.application import Sphinx

from cs20_helpers._atomic import notebook_text
from cs20_helpers.paths import project_dir
from cs20_helpers.tools import assign, exercises, guards, heads
from cs20_helpers.tools.runner import find_notebooks

TITLE = "CS20 · TensorFlow for Deep Learning Research"
DOWNLOADS = "downloads"  # staged student copies, linked with the {download} role
ATTACHMENTS = "attachments"  # images embedded in markdown cells, written out for Sphinx
ZIP = "cs20-student-notebooks.zip"  # every student copy, in DOWNLOADS, in one folder of the zip
STATIC = "_static"  # the site's own style sheet, beside the theme's
#: The site's own style: long output lines wrap at the column edge instead of being cut there
#: (a scroll bar at the bottom of a long output is easy to miss).
STYLE = """\
div.cell_output pre { white-space: pre-wrap; overflow-wrap: anywhere; }
"""
MARKER = ".cs20-site"  # written into each built site: only a folder holding it is replaced
GUIDES = "docs"  # the guides' folder, in the repository and in the site
#: The guides' order in the site's navigation; a page of ``docs/`` not named here comes after.
GUIDE_ORDER = ("results", "benchmarks", "reproducibility", "data", "instructors", "maintainers")

SPHINX_CONFIG = {
    "project": TITLE,
    "extensions": ["myst_nb"],
    "nb_execution_mode": "off",  # show the stored outputs; never run a notebook
    "nb_merge_streams": True,
    "html_theme": "sphinx_book_theme",
    "html_title": TITLE,
    "html_copy_source": False,
    "html_show_sourcelink": False,
    "html_show_copyright": False,
    "myst_heading_anchors": 3,  # the guides link sections as GitHub does: page.md#a-heading
    # navbar_persistent: pydata-sphinx-theme 0.20 puts a second search field in a header bar
    # above the book theme's sidebar, which has its own (narrow screens: the header's button)
    "html_theme_options": {"show_toc_level": 2, "home_page_in_toc": True,
                           "use_download_button": False, "use_fullscreen_button": False,
                           "navbar_persistent": []},
    "exclude_patterns": [f"{DOWNLOADS}/**", f"{ATTACHMENTS}/**"],
    "html_static_path": [STATIC],
    "html_css_files": ["cs20.css"],
    # A second build in one process (the tests) re-registers the extensions' nodes.
    "suppress_warnings": ["app.add_node", "app.add_directive", "app.add_role",
                          "app.add_source_parser"],
}


def _title(nb: nbformat.NotebookNode, fallback: str) -> str:
    """Return the notebook's ``# `` title."""
    for cell in nb.cells:
        for line in cell.source.splitlines() if cell.cell_type == "markdown" else ():
            if line.startswith("# "):
                return line[2:].strip()
    return fallback


def _topics(nb: nbformat.NotebookNode) -> str:
    """Return the notebook's numbered ``## `` section titles, joined: what the lecture covers."""
    topics = [line[3:].strip() for cell in nb.cells if cell.cell_type == "markdown"
              for line in cell.source.splitlines() if re.match(r"## \d+\.? ", line)]
    return "; ".join(re.sub(r"^\d+\.?\s*", "", t) for t in topics).replace("|", "\\|")


def _recorded(nb: nbformat.NotebookNode) -> list[tuple[str, str]]:
    """Return the (metric, value) rows the notebook's ``record(...)`` cell printed."""
    rows = []
    for cell in nb.cells:
        if cell.cell_type != "code" or "record(" not in cell.source:
            continue
        text = "".join(o.get("text", "") for o in cell.get("outputs", [])
                       if o.output_type == "stream")
        for line in text.splitlines()[2:]:  # below the "metric  value" header and its rule
            parts = re.split(r"\s{2,}", line.strip())
            if len(parts) == 2:
                rows.append((parts[0], parts[1]))
    return rows


def _sanitize_rules() -> list[tuple[re.Pattern, str]]:
    """Return nbval's sanitize rules (``tests/nbval_sanitize.cfg``) as (pattern, replacement).

    What nbval ignores when it compares (ports and process ids the OS picked, addresses,
    timestamps) is masked on the pages the same way, so they show nothing of one machine.
    """
    config = configparser.ConfigParser(interpolation=None)
    config.read(project_dir() / "tests" / "nbval_sanitize.cfg", encoding="utf-8")
    return [(re.compile(config[s]["regex"]), config[s]["replace"]) for s in config.sections()]


def _sanitized(text: str, rules: list[tuple[re.Pattern, str]]) -> str:
    """Return ``text`` with every rule's pattern replaced."""
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def _page_copy(nb: nbformat.NotebookNode,
               rules: list[tuple[re.Pattern, str]]) -> nbformat.NotebookNode:
    """Return the notebook as its page shows it: everything instructor-only taken out
    (``assign.released``: solutions stubbed, hidden tests and stamps removed), tracebacks cut
    short, text outputs sanitized as nbval compares them."""
    page = assign.released(nb)
    for cell in page.cells:
        if exercises.is_solution(cell):
            cell.outputs = []
        for output in cell.get("outputs", []):
            if output.output_type == "error":
                output.traceback = [f"{output.ename}: {output.evalue}"]
            if output.output_type == "stream":
                output.text = _sanitized(output.text, rules)
            if "text/plain" in output.get("data", {}):
                output.data["text/plain"] = _sanitized(output.data["text/plain"], rules)
    return page


def _write_attachments(page: nbformat.NotebookNode, stem: str, source_dir: Path) -> None:
    """Write markdown cells' embedded images to files and point the cells at them.

    A notebook carries its screenshots as cell attachments so that it shows them anywhere it
    is copied; myst-nb does not render ``attachment:`` links, so the page links the files.
    """
    for cell in page.cells:
        for name, bundle in cell.pop("attachments", {}).items():
            (data,) = bundle.values()  # one image per name, e.g. {"image/png": base64}
            target = source_dir / ATTACHMENTS / f"{stem}-{name}"
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(base64.b64decode(data))
            cell.source = cell.source.replace(f"attachment:{name}",
                                              f"{ATTACHMENTS}/{target.name}")


def _student_steps(name: str) -> str:
    """Return the Markdown that tells a student how to work on the notebook ``name``: install
    JupyterLab and the helpers of the release the copies were made for (the ``student`` extra),
    open it, and check the answers with ``selfcheck`` (``check`` is the instructor's, with the
    hidden tests)."""
    return ("To do the exercises, install JupyterLab and the helpers (Python 3.11 or 3.12), open "
            "the notebook, and check your answers when you are done:\n\n"
            f'```bash\npip install "{heads.requirement("student")}"\njupyter lab {name}\n'
            f"python -m cs20_helpers selfcheck {name}\n```\n\n`selfcheck` is advice, not a grade: "
            "only your instructor's grade counts.")


def _download_note(stem: str) -> nbformat.NotebookNode:
    """Return the markdown cell that links a page's student copy, and all of them zipped, and
    says how a student works on it (``_student_steps``)."""
    return nbformat.v4.new_markdown_cell(
        f"{{download}}`Download this notebook <{DOWNLOADS}/{stem}.ipynb>` (exercises without "
        f"their solutions; {{download}}`all of them, zipped <{DOWNLOADS}/{ZIP}>`). "
        + _student_steps(f"{stem}.ipynb"))


def _write_zip(copies: dict[str, nbformat.NotebookNode], path: Path) -> None:
    """Write the student copies, by file name, into one zip (``cs20-student-notebooks/`` in
    it); entries sorted and dated 1980, so the same copies give the same bytes."""
    folder = Path(ZIP).stem
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, nb in sorted(copies.items()):
            info = zipfile.ZipInfo(f"{folder}/{name}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, notebook_text(nb))


def find_guides() -> list[Path]:
    """Return the guides (``docs/*.md`` of the checkout) in :data:`GUIDE_ORDER`, others after."""
    pages = (project_dir() / GUIDES).glob("*.md")
    rank = {stem: i for i, stem in enumerate(GUIDE_ORDER)}
    return sorted(pages, key=lambda p: (rank.get(p.stem, len(rank)), p.stem))


def _guide_title(path: Path) -> str:
    """Return the guide's ``# `` title, or its file stem."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((line[2:].strip() for line in lines if line.startswith("# ")), path.stem)


def _guides_section(guides: list[Path]) -> list[str]:
    """Return the home page's lines that list the guides and put them in the navigation."""
    if not guides:
        return []
    return ["## Guides", "",
            *[f"- [{_guide_title(p)}]({GUIDES}/{p.name})" for p in guides], "",
            "```{toctree}", ":hidden:", ":maxdepth: 1", ":caption: Guides", "",
            *[f"{GUIDES}/{p.stem}" for p in guides], "```", ""]


def _home_page(pages: list[tuple[str, nbformat.NotebookNode]],
               guides: Iterable[Path] = ()) -> str:
    """Return the home page in MyST markdown: the lecture table, recorded results, the guides,
    and the toctrees (lectures, then guides) that make the navigation."""
    lines = [f"# {TITLE}", "",
             "Stanford's CS20SI taught as runnable Jupyter notebooks for TensorFlow 2: each "
             "lecture teaches the TensorFlow 1 graph-and-session model (`tf.compat.v1`) and "
             "then the TensorFlow 2 way. The pages show the outputs stored in the notebooks; "
             "download a notebook to run it and to do its exercises.", "",
             f"{{download}}`Download all the notebooks <{DOWNLOADS}/{ZIP}>` (one zip, exercises "
             "without their solutions), or one from its row below. "
             + _student_steps("NN_name.ipynb"), "",
             "## Lectures", "",
             "| notebook | sections | exercises | download |", "| --- | --- | ---: | --- |"]
    for stem, nb in pages:
        count = len(exercises.exercises(nb))
        lines.append(f"| [{_title(nb, stem)}]({stem}.ipynb) | {_topics(nb)} | {count} "
                     f"| {{download}}`ipynb <{DOWNLOADS}/{stem}.ipynb>` |")
    lines += ["", "## Recorded results", "",
              "The headline figures each notebook recorded in its last run, on its bundled "
              "sample data. Timings depend on the machine that ran it.", "",
              "| notebook | metric | value |", "| --- | --- | ---: |"]
    for stem, nb in pages:
        lines += [f"| [{stem[:2]}]({stem}.ipynb) | `{metric}` | {value} |"
                  for metric, value in _recorded(nb)]
    lines += ["", "```{toctree}", ":hidden:", ":maxdepth: 1", ":caption: Lectures", "",
              *[s for s, _ in pages], "```", "", *_guides_section(list(guides))]
    return "\n".join(lines)


def stage(paths: Iterable[Path], source_dir: Path, guides: Iterable[Path] = ()) -> None:
    """Write the Sphinx source folder: home page, page copies, downloadable student copies (one
    by one and zipped), the style sheet and the guides (copied into ``docs/`` as they are)."""
    if source_dir.exists():
        shutil.rmtree(source_dir)
    (source_dir / DOWNLOADS).mkdir(parents=True)
    (source_dir / STATIC).mkdir()
    (source_dir / STATIC / "cs20.css").write_text(STYLE, encoding="utf-8")
    pages, copies, rules = [], {}, _sanitize_rules()
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        pages.append((path.stem, nb))
        page = _page_copy(nb, rules)
        _write_attachments(page, path.stem, source_dir)
        page.cells.insert(1, _download_note(path.stem))
        nbformat.write(page, source_dir / path.name)
        copies[path.name] = assign.student_copy(nb)
        (source_dir / DOWNLOADS / path.name).write_text(notebook_text(copies[path.name]),
                                                        encoding="utf-8")
    _write_zip(copies, source_dir / DOWNLOADS / ZIP)
    guides = list(guides)
    if guides:
        (source_dir / GUIDES).mkdir()
    for path in guides:
        shutil.copyfile(path, source_dir / GUIDES / path.name)
    (source_dir / "index.md").write_text(_home_page(pages, guides), encoding="utf-8")


def build(out_dir: Path, paths: Iterable[Path] | None = None,
          guides: Iterable[Path] | None = None) -> list[str]:
    """Build the site into ``out_dir``, whole or not at all; return Sphinx's warnings, if any.

    ``paths`` are the notebooks (default: the course's), ``guides`` the Markdown pages after
    them (default: :func:`find_guides`).

    ``out_dir`` is replaced only when an earlier build marked it; a new or empty folder is
    used; anything else is refused (guards.Refused) before anything is written. A symbolic link
    stands for the folder it points to: the site is built into that folder and the link kept.
    Everything is built in a working folder beside it (``.<name>.cs20-build-*``: sources,
    Sphinx's caches, myst-nb's ``jupyter_execute``), marked, and only then renamed into place,
    so a kill, Ctrl-C or full disk leaves the previous site as it was; the next build deletes
    a killed one's working folder.
    """
    out_dir = Path(out_dir).resolve()  # a link's target: renaming onto the link would drop it
    guards.replaceable(out_dir, MARKER)
    work = guards.owned_folder(out_dir.parent, f".{out_dir.name}.cs20-build-")
    try:
        stage(find_notebooks() if paths is None else paths, work / "source",
              find_guides() if guides is None else guides)
        built = work / "site"
        warnings = _WarningLog()
        app = Sphinx(str(work / "source"), None, str(built), str(work / "doctrees"), "html",
                     confoverrides=dict(SPHINX_CONFIG), status=None, warning=warnings,
                     freshenv=True, keep_going=True)
        app.build()
        # The themes copy these Jinja templates into _static unrendered; nothing links them.
        for template in ("webpack-macros.html", "sbt-webpack-macros.html"):
            (built / "_static" / template).unlink(missing_ok=True)
        guards.mark_built(built, MARKER, "python -m cs20_helpers site")
        guards.swap_in(built, out_dir, MARKER)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return warnings.lines


class _WarningLog:
    """A file-like sink that keeps Sphinx's warnings as lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write(self, text: str) -> None:
        self.lines += [line for line in text.splitlines() if line.strip()]

    def flush(self) -> None:
        """Nothing to flush; Sphinx calls it."""


def main(out_dir: Path) -> int:
    """Build the site, print where it is and how to preview it; 1 if Sphinx warned."""
    start = time.perf_counter()
    warnings = build(out_dir)
    for line in warnings:
        print(f"warning: {line}")
    print(f"Built {out_dir / 'index.html'} in {time.perf_counter() - start:.0f} s. "
          f"Preview: python -m http.server -d {out_dir}")
    return 1 if warnings else 0
