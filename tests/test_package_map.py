"""The package docstring is the map (issue 37): every module is on it, in the tier it names, with
the notebooks that really import it; and at most 26 files sit at the package's root."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import nbformat
from IPython.core.inputtransformer2 import TransformerManager

import cs20_helpers

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = {f"{n:02d}" for n in range(1, 13)}
ENTRY = re.compile(r"^    (?P<name>[\w.]+)(?P<tf>\*?)\s+.+?\s+\[(?P<notebooks>[^\]]*)\]$")


def _starred(doc: str) -> set[str]:
    """The names the map marks with ``*``: importing them imports TensorFlow."""
    text = re.sub(r"\n {20,}", " ", doc)
    return {m["name"] for m in map(ENTRY.match, text.splitlines()) if m and m["tf"]}


def _module_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when imported: at its top level, in ifs (not ``if
    TYPE_CHECKING:``), trys and withs, never inside a function or a class."""
    found, todo = [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            todo += node.orelse
        elif isinstance(node, ast.If | ast.Try | ast.With):
            for field in ("body", "orelse", "finalbody", "handlers"):
                todo += getattr(node, field, [])
        elif isinstance(node, ast.ExceptHandler):
            todo += node.body
    return found


def _import_graph() -> tuple[dict[str, set[str]], set[str]]:
    """For every module (relative name): the cs20_helpers modules importing it runs (its parent
    packages and its module-level imports), and the modules that import TensorFlow, tf-keras or
    Keras themselves at module level."""
    root = Path(cs20_helpers.__file__).parent
    edges, direct = {}, set()
    for name in _modules() - {"tools"}:
        path = root.joinpath(*name.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        edges[name] = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        for node in _module_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for module in modules:
                if module.split(".")[0] in {"tensorflow", "tf_keras", "keras"}:
                    direct.add(name)
                inner = module.removeprefix("cs20_helpers.")
                if module.startswith("cs20_helpers.") and inner in _modules():
                    edges[name].add(inner)
    return edges, direct


def _imports_tensorflow(name: str, edges: dict[str, set[str]], direct: set[str]) -> bool:
    """Whether importing ``cs20_helpers.<name>`` imports TensorFlow: some module it runs, in
    turn, imports it (read from the sources)."""
    seen, todo = set(), [name]
    while todo:
        current = todo.pop()
        if current in direct:
            return True
        seen.add(current)
        todo += [m for m in edges.get(current, ()) if m not in seen]
    return False


def _entries(doc: str) -> dict[str, set[str]]:
    """The map's ``name -> notebooks`` (a name's description may run onto a second line)."""
    text = re.sub(r"\n {20,}", " ", doc)  # join continuation lines
    found = {}
    for line in text.splitlines():
        if match := ENTRY.match(line):
            words = match["notebooks"].split()
            if words[:1] == ["all"]:
                notebooks = ALL - set(words[2:] if words[1:2] == ["but"] else [])
            else:
                notebooks = set() if words == ["-"] else set(words)
            found[match["name"]] = notebooks
    return found


def _modules() -> set[str]:
    """Every module and package of cs20_helpers, relative names, the tools as one."""
    names = set()
    for info in pkgutil.walk_packages(cs20_helpers.__path__, "cs20_helpers.",
                                      onerror=lambda name: None):
        name = info.name.removeprefix("cs20_helpers.")
        if name.startswith("tools.") or name == "__main__":
            continue
        names.add(name)
    return names


def _python(source: str) -> str:
    """A notebook cell's source as Python: IPython's magics (``%pip``, ``!ls``) as calls."""
    return TransformerManager().transform_cell(source)


def _imports(source: str) -> set[str]:
    """The cs20_helpers modules a notebook cell's source imports, relative names."""
    code = _python(source)
    found = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cs20_helpers"):
            base = node.module.removeprefix("cs20_helpers").removeprefix(".")
            if base:
                found.add(base)
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if importlib.util.find_spec(node.module).submodule_search_locations is not None \
                        and importlib.util.find_spec(full) is not None:
                    found.add(full.removeprefix("cs20_helpers."))
                elif not base:  # a name of the package itself: profile, paths' function
                    found.add(alias.name)
        elif isinstance(node, ast.Import):
            found |= {a.name.removeprefix("cs20_helpers.") for a in node.names
                      if a.name.startswith("cs20_helpers.")}
    return found


def _notebook_users() -> dict[str, set[str]]:
    """Which notebooks import each module (``from cs20_helpers import profile`` is paths')."""
    users: dict[str, set[str]] = {}
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                for name in _imports(cell.source):
                    users.setdefault("paths" if name == "profile" else name, set()).add(
                        path.name[:2])
    return users


def test_the_map_lists_every_module_and_the_notebooks_that_import_it():
    entries = _entries(cs20_helpers.__doc__)
    assert set(entries) - {"tools"} == _modules() - {"tools"}
    users = _notebook_users()
    assert set(users) <= set(entries), "a notebook imports a module the map does not list"
    wrong = {name: (sorted(listed), sorted(users.get(name, ())))
             for name, listed in entries.items() if listed != users.get(name, set())}
    assert not wrong, f"map (listed, imported): {wrong}"


def test_the_map_parses_its_shorthands():
    doc = ("    a    x    [all]\n    b    y    [all but 02 12]\n    c    z    [-]\n"
           "    d    w and a description that goes\n                         on    [04 06]\n")
    assert _entries(doc) == {"a": ALL, "b": ALL - {"02", "12"}, "c": set(), "d": {"04", "06"}}


def test_at_most_26_files_at_the_package_root():
    root = Path(cs20_helpers.__file__).parent
    files = [p for p in root.iterdir() if p.is_file() and p.suffix == ".py"]
    assert len(files) <= 26, sorted(p.name for p in files)


def test_every_public_module_declares_its_public_names_at_the_top():
    root = Path(cs20_helpers.__file__).parent
    missing = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if any(part.startswith("_") and part != "__init__.py" for part in parts) or \
                path.name == "__main__.py" or parts[:2] == ("cluster", "workers"):  # scripts
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        body = [n for n in tree.body if not (isinstance(n, ast.Expr)
                                             and isinstance(n.value, ast.Constant))]
        body = [n for n in body if not (isinstance(n, ast.ImportFrom)
                                        and n.module == "__future__")]
        first = next((i for i, n in enumerate(body) if "__all__" in {
            getattr(t, "id", None) for t in getattr(n, "targets", [getattr(n, "target", None)])}),
            None)
        defined = next((i for i, n in enumerate(body) if isinstance(
            n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)), len(body))
        if first is None or first > defined:
            missing.append(str(path.relative_to(root)))
    assert not missing, f"no __all__ before the first definition: {missing}"


def test_every_name_a_notebook_imports_is_in_its_modules_all():
    missing = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            code = _python(cell.source)
            for node in ast.walk(ast.parse(code)):
                if isinstance(node, ast.ImportFrom) and \
                        (node.module or "").startswith("cs20_helpers"):
                    module = importlib.import_module(node.module)
                    missing += [f"{path.name[:2]}: {node.module}.{a.name}" for a in node.names
                                if a.name not in module.__all__ and not
                                importlib.util.find_spec(f"{node.module}.{a.name}")]
    assert not missing


def test_the_star_marks_exactly_the_modules_that_import_tensorflow():
    edges, direct = _import_graph()
    importing = {name for name in edges if _imports_tensorflow(name, edges, direct)}
    assert importing == _starred(cs20_helpers.__doc__)
    assert {"layers", "neural_gpu.tasks", "style.images"} <= importing  # direct, via package
    assert not {"datasets", "notebook", "checks"} & importing


def test_importing_a_starred_module_really_imports_tensorflow_and_another_does_not():
    # The static reading above, held to what Python does, on one module of each kind.
    script = ("import sys, cs20_helpers.{} as m; print('tensorflow' in sys.modules)")
    for name, expected in (("style.images", "True"), ("word2vec.labels", "False")):
        done = subprocess.run([sys.executable, "-c", script.format(name)], capture_output=True,
                              text=True, timeout=120, check=True)
        assert done.stdout.strip() == expected, name
