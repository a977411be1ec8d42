"""The course website: built from the stored notebooks and the guides in docs/, every internal
link and figure resolves, nothing machine-specific or unexpected on a page; every relative link
of README.md and of the guides resolves."""

import base64
import html
import re
import time
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from hidden_tests import write_hidden

from cs20_helpers.paths import REPO_DIR
from cs20_helpers.tools import cli, heads, site
from cs20_helpers.tools.hygiene import RAISES_MARKERS, _markers
from cs20_helpers.tools.runner import find_notebooks

NOTEBOOKS = find_notebooks()
GUIDES = site.find_guides()
#: A Markdown link or image: [text](target) or ![alt](target), the target up to a space or ")".
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
MACHINE_SPECIFIC = re.compile(
    re.escape(str(REPO_DIR)) + r"|/tmp/|/root/|/home/\w+|site-packages"
    r"|(127\.0\.0\.1|localhost):\d{5}| at 0x[0-9a-f]{6,}")  # 5 digits: a server's own port


class _Page(HTMLParser):
    """Collect a page's links, image sources, element ids and figures in cell outputs."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.output_images = 0
        self.tracebacks = 0
        self.nav: dict[str, str] = {}  # "left-prev" / "right-next" -> href
        self.toc_entries = 0
        self.external_resources: list[str] = []  # scripts, styles, images from elsewhere
        self._classes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        classes = attrs.get("class") or ""
        if tag not in ("img", "br", "meta", "link", "input", "hr"):
            self._classes.append(classes)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.links.append(attrs[name])
        resource = attrs.get("src") or (attrs.get("href") if tag == "link" else None)
        if tag in ("script", "link", "img") and resource and urlsplit(resource).netloc:
            self.external_resources.append(resource)
        inside = " ".join(self._classes)
        if tag == "img" and "cell_output" in inside:
            self.output_images += 1
        if "traceback" in classes.split():
            self.tracebacks += 1
        if tag == "a" and classes in ("left-prev", "right-next"):
            self.nav[classes] = attrs.get("href", "")
        self.toc_entries += "toc-entry" in classes.split()

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("img", "br", "meta", "link", "input", "hr") and self._classes:
            self._classes.pop()


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    start = time.perf_counter()
    warnings = site.build(out)
    print(f"site built in {time.perf_counter() - start:.1f} s")
    assert warnings == [], warnings
    return out


def test_home_page_links_every_notebook_and_its_download(built):
    links = _parse(built / "index.html").links
    for path in NOTEBOOKS:
        assert f"{path.stem}.html" in links, f"home page does not link {path.stem}"
        assert any(link.endswith(f"/{path.name}") and "_downloads" in link for link in links)
    assert (built / "search.html").is_file() and (built / "searchindex.js").is_file()
    assert "Recorded results" in (built / "index.html").read_text(encoding="utf-8")


def test_every_notebook_page_opens_its_student_copy_in_colab(built):
    for path in NOTEBOOKS:
        links = _parse(built / f"{path.stem}.html").links
        assert heads.colab_url(path.name) in links, f"{path.stem}: no Open in Colab link"


def _text(path: Path) -> str:
    """Return the page's text as a reader sees it: tags dropped, entities resolved."""
    return html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_notebook_page_tells_students_to_install_the_student_extra_and_selfcheck(built,
                                                                                       path):
    """Issue 49: a student runs ``selfcheck`` (``check`` needs the instructor notebook and
    fails for them) after installing the release's ``student`` extra."""
    text = _text(built / f"{path.stem}.html")
    assert f"python -m cs20_helpers selfcheck {path.name}" in text
    assert f'pip install "{heads.requirement("student")}"' in text
    assert "cs20_helpers check" not in text and "cs20 check" not in text


def test_the_home_page_offers_every_student_copy_in_one_zip(built):
    """Issue 49: one download of all the student copies, as they are downloaded one by one."""
    links = [link for link in _parse(built / "index.html").links if link.endswith(site.ZIP)]
    assert links and "_downloads" in links[0]
    with zipfile.ZipFile(built / unquote(links[0])) as zf:
        members = {name: zf.read(name) for name in zf.namelist()}
    folder = site.ZIP.removesuffix(".zip")
    assert sorted(members) == [f"{folder}/{p.name}" for p in NOTEBOOKS]
    singles = {p.name: p.read_bytes() for p in (built / "_downloads").rglob("*.ipynb")}
    assert {name.split("/")[1]: data for name, data in members.items()} == singles
    assert not any(b"BEGIN SOLUTION" in data or b"HIDDEN TESTS" in data
                   for data in members.values())
    assert links == [link for link in _parse(built / f"{NOTEBOOKS[0].stem}.html").links
                     if link.endswith(site.ZIP)]  # each page links the same zip


def test_output_lines_wrap_and_wide_screens_show_one_search_field(built):
    """Issue 49: long output lines were cut at the column edge; the theme showed two search
    fields side by side on wide screens (the sidebar's and a header's)."""
    page = built / f"{NOTEBOOKS[0].stem}.html"
    assert "_static/cs20.css" in [urlsplit(link).path for link in _parse(page).links]
    assert "div.cell_output pre { white-space: pre-wrap;" in (
        built / "_static" / "cs20.css").read_text(encoding="utf-8")
    source = page.read_text(encoding="utf-8")
    assert source.count('class="btn search-button-field') == 1  # the sidebar's
    assert source.count("search-button search-button__button") == 1  # narrow screens' button


def test_pages_link_previous_and_next_in_lecture_order_and_have_a_toc(built):
    order = ["index", *[p.stem for p in NOTEBOOKS]]
    first_guide = f"{site.GUIDES}/{GUIDES[0].stem}.html" if GUIDES else None
    for before, path, after in zip(order[:-1], NOTEBOOKS, [*order[2:], None], strict=True):
        page = _parse(built / f"{path.stem}.html")
        assert page.nav.get("left-prev") == f"{before}.html"
        assert page.nav.get("right-next") == (f"{after}.html" if after else first_guide)
        sections = [line for c in nbformat.read(path, as_version=4).cells
                    if c.cell_type == "markdown" for line in c.source.splitlines()
                    if line.startswith("## ")]
        assert page.toc_entries >= len(sections) > 0


def test_every_guide_is_a_page_after_the_lectures_in_its_order(built):
    """Issue 37: each page of docs/ is built, linked from the home page, and the guides follow
    the last lecture in GUIDE_ORDER, each with a table of contents."""
    assert {p.stem for p in GUIDES} >= set(site.GUIDE_ORDER)  # the README's manuals moved here
    home = _parse(built / "index.html").links
    order = [f"../{NOTEBOOKS[-1].stem}.html", *[f"{p.stem}.html" for p in GUIDES], None]
    for before, path, after in zip(order, GUIDES, order[2:], strict=False):
        html = built / site.GUIDES / f"{path.stem}.html"
        assert html.is_file(), f"{path.name} was not built"
        assert f"{site.GUIDES}/{path.stem}.html" in home, f"home page does not link {path.name}"
        page = _parse(html)
        assert page.nav.get("left-prev") == before
        assert page.nav.get("right-next") == after
        assert page.toc_entries >= path.read_text(encoding="utf-8").count("\n## ")


def _relative_links(path: Path) -> list[str]:
    """Return the Markdown file's links and images that have no scheme (relative ones)."""
    links = MARKDOWN_LINK.findall(path.read_text(encoding="utf-8"))
    return [link for link in links if not urlsplit(link).scheme and not link.startswith("//")]


def _slugs(path: Path) -> set[str]:
    """Return the anchors GitHub makes for the Markdown file's headings."""
    headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_every_relative_link_in_the_readme_names_a_file_of_the_repository():
    """Issue 37: README.md is the front door; its links into docs/ (and their sections) exist."""
    readme = REPO_DIR / "README.md"
    links = _relative_links(readme)
    assert {f"docs/{p.name}" for p in GUIDES} <= {urlsplit(link).path for link in links}
    broken = []
    for link in links:
        parts = urlsplit(link)
        target = (readme.parent / unquote(parts.path)).resolve() if parts.path else readme
        if not target.exists():
            broken.append(link)
        elif parts.fragment and target.suffix == ".md" and parts.fragment not in _slugs(target):
            broken.append(f"{link} (no such heading)")
    assert broken == []
    assert _slugs(readme) >= {"quick-start", "what-is-where"}


def test_every_relative_link_in_the_guides_names_a_page_of_the_site(built):
    """Each guide's relative links, as Sphinx resolves them (``page.md`` to ``page.html``),
    reach a page of the built site and, with a ``#section``, an anchor on it."""
    broken = []
    for path in GUIDES:
        page = built / site.GUIDES / f"{path.stem}.html"
        for link in _relative_links(path):
            parts = urlsplit(link)
            target = page.parent / unquote(parts.path) if parts.path else page
            target = target.with_suffix(".html") if target.suffix == ".md" else target
            if not target.resolve().is_file():
                broken.append(f"{path.name}: {link}")
            elif parts.fragment and target.suffix == ".html" \
                    and parts.fragment not in _parse(target).ids:
                broken.append(f"{path.name}: {link} (no such anchor)")
    assert broken == []


def test_every_internal_link_and_image_resolves(built):
    pages = {path: _parse(path) for path in built.rglob("*.html")}
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.exists():
                broken.append(f"{path.name}: {link}")
            elif parts.fragment and target.suffix == ".html" and target in pages \
                    and parts.fragment not in pages[target].ids:
                broken.append(f"{path.name}: {link} (no such anchor)")
    assert len(pages) > len(NOTEBOOKS)
    assert broken == []
    assert [r for page in pages.values() for r in page.external_resources] == []  # offline


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_page_shows_the_notebook_figures_and_only_expected_errors(built, path):
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    figures = sum("image/png" in o.get("data", {}) for c in code for o in c.get("outputs", []))
    expected_errors = sum(o.output_type == "error" for c in code for o in c.get("outputs", [])
                          if _markers(c) & set(RAISES_MARKERS))
    page = _parse(built / f"{path.stem}.html")
    assert page.output_images == figures
    assert page.tracebacks == expected_errors


def test_notebook_07_page_has_its_figures(built):
    page = _parse(built / "07_convnets.html")
    assert page.output_images >= 4
    assert all((built / link).is_file() for link in page.links if link.startswith("_images/"))


def test_no_page_or_download_shows_machine_paths_addresses_or_solutions(built):
    for path in [*built.rglob("*.html"), *built.rglob("*.ipynb")]:
        text = path.read_text(encoding="utf-8")
        found = MACHINE_SPECIFIC.search(text)
        assert not found, f"{path.name}: {found.group(0)!r}"
        if path.parent != built / site.GUIDES:  # the guides name the marker; no notebook code
            assert "BEGIN SOLUTION" not in text, f"{path.name} shows a solution"


def test_the_build_is_marked_so_that_only_it_is_ever_replaced(built):
    assert (built / site.MARKER).is_file()


def test_deliberate_error_renders_as_one_line_and_solutions_are_stubbed(tmp_path):
    fixture = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
    nb = nbformat.read(fixture, as_version=4)
    error = nbformat.v4.new_output(
        "error", ename="ValueError", evalue="shapes differ",
        traceback=["Traceback", f"File {REPO_DIR}/x.py:3", "ValueError: shapes differ"])
    nb.cells.append(nbformat.v4.new_code_cell("# NBVAL_RAISES_EXCEPTION\nraise ValueError()",
                                              execution_count=9, outputs=[error]))
    path = tmp_path / "99_demo.ipynb"
    nbformat.write(nb, path)
    out = tmp_path / "site"
    assert site.build(out, [path]) == []
    page = _parse(out / "99_demo.html")
    assert page.tracebacks == 1
    html = (out / "99_demo.html").read_text(encoding="utf-8")
    assert "shapes differ" in html and str(REPO_DIR) not in html
    assert "math.sqrt(9)" not in html and "NotImplementedError" in html


def test_pages_and_downloads_show_no_hidden_tests(tmp_path):
    """Issue 36: a check cell's grading part is for the graders only."""
    path = write_hidden(tmp_path / "nb")
    out = tmp_path / "site"
    assert site.build(out, [path]) == []
    page = (out / "nb99_exercises.html").read_text(encoding="utf-8")
    assert "area(2) should be pi" in page  # the visible check is shown
    downloads = list(out.rglob("nb99_exercises.ipynb"))
    assert downloads
    for text in [page, *(d.read_text(encoding="utf-8") for d in downloads)]:
        assert "HIDDEN TESTS" not in text and "kept hidden" not in text


def test_markdown_attachments_become_page_images(tmp_path):
    fixture = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
    nb = nbformat.read(fixture, as_version=4)
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
                        "0000000d49444154789c6360f8cf00000301010018dd8db00000000049454e44ae426082")
    cell = nbformat.v4.new_markdown_cell("![a screenshot](attachment:shot.png)")
    cell.attachments = {"shot.png": {"image/png": base64.b64encode(png).decode()}}
    nb.cells.insert(1, cell)
    path = tmp_path / "99_demo.ipynb"
    nbformat.write(nb, path)
    out = tmp_path / "site"
    assert site.build(out, [path]) == []
    images = [link for link in _parse(out / "99_demo.html").links if "shot" in link]
    assert len(images) == 1 and (out / images[0]).read_bytes() == png


def test_pages_mask_ports_and_pids_as_nbval_compares_them(tmp_path):
    fixture = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
    nb = nbformat.read(fixture, as_version=4)
    stream = nbformat.v4.new_output("stream", name="stdout",
                                    text="target grpc://127.0.0.1:45678, worker pid 31337\n")
    nb.cells.append(nbformat.v4.new_code_cell("print(target)", execution_count=9,
                                              outputs=[stream]))
    path = tmp_path / "99_demo.ipynb"
    nbformat.write(nb, path)
    out = tmp_path / "site"
    assert site.build(out, [path]) == []
    html = (out / "99_demo.html").read_text(encoding="utf-8")
    assert "127.0.0.1:PORT" in html and "pid PID" in html
    assert "45678" not in html and "31337" not in html


def test_out_a_link_builds_into_its_target_and_the_status_says_what_happened(tmp_path,
                                                                            monkeypatch, capsys):
    fixture = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
    monkeypatch.setattr(site, "find_notebooks", lambda: [fixture])
    real, link = tmp_path / "real", tmp_path / "link"
    real.mkdir()
    link.symlink_to(real, target_is_directory=True)  # absolute, as /tmp/link -> /tmp/real
    for _ in range(2):  # a new folder, then the one the first build marked
        assert cli.main(["site", "--out", str(link)]) == 0
        printed = capsys.readouterr()
        assert printed.err == "" and f"Built {link / 'index.html'}" in printed.out
        assert link.is_symlink() and link.resolve() == real  # the link is kept
        assert (real / "index.html").is_file() and (real / site.MARKER).is_file()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]  # nothing left
    (real / site.MARKER).unlink()  # now a folder site did not build: refused, untouched
    before = sorted(p.name for p in real.iterdir())
    assert cli.main(["site", "--out", str(link)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "refusing" in err
    assert sorted(p.name for p in real.iterdir()) == before and link.is_symlink()


def test_a_page_tells_students_to_selfcheck_and_that_only_the_instructors_grade_counts(tmp_path):
    """Issue 46: a student has no instructor notebook for ``check``; selfcheck is advice."""
    fixture = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
    site.stage([fixture], tmp_path / "source")
    note = nbformat.read(tmp_path / "source" / fixture.name, as_version=4).cells[1].source
    assert f"python -m cs20_helpers selfcheck {fixture.name}" in note
    assert "only your instructor's grade counts" in note
