"""The kernel's own record of the cells it ran, kept for the checks, and a guard on the checker.

A check re-runs the answer cell with the calls its rules name recorded (``rules.enforce``). Two
things it needs cannot be read off the kernel afterwards, and one it relies on an answer can
break (issue 46):

- which cell ran, as it ran: IPython's input history is a list an answer can append to (a
  rule-abiding copy of the answer, which the check would then re-run);
- the values a cell read before it rebound them (``emb = emb / np.linalg.norm(emb)``): after
  the cell only the new value is left, and a re-run started without the name fails a right
  answer with NameError;
- the process's environment variables and the collections of TensorFlow's default graph as
  they were before the cell ran: an answer can leave a mark there on its first run and take
  another way when the check runs it again;
- that the cells after the answer run as written: an answer can add an input or AST
  transformer that wraps the next cell (the check) in ``try``/``except`` or strips its
  ``assert``\\ s, or replace a function of the checker on its module.

``install`` (called by ``notebook.setup``) registers a ``pre_run_cell`` hook that, before each
cell runs, keeps the cell's source, the file name the kernel compiles it under, the values it
reads and rebinds, the modules and builtins it rebinds, the environment variables and the
default graph's collections; and
that, there and after each cell (``post_run_cell``), compares the kernel's transformers and
the functions of ``cs20_helpers.checks``, ``rules`` and this module with what they were at
set-up, and the cell about to run with what the set-up's transformers make of it. When
something changed, it puts it back and makes the cell about to run raise an AssertionError
that says so, whatever that cell catches: a check after such an answer fails.
(Code in the kernel can still undo all this on purpose; the instructors' guide says so.)
Outside IPython (the tests, a script) there is no hook, and ``current`` gives None.
"""

from __future__ import annotations

__all__ = ["CellRecord", "current", "install", "python_builtins"]

import ast
import builtins
import contextlib
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import BuiltinFunctionType, FunctionType, ModuleType

#: The modules whose functions the checks run: an answer that replaces one disarms them.
_CHECKER = ("cs20_helpers.checks", "cs20_helpers.rules", "cs20_helpers.cell_record")

def python_builtins() -> dict[str, object]:
    """Python's own builtin functions and classes by name (``abs``, ``range``, ``float``), not
    what IPython adds to the builtins while a cell runs (``get_ipython``, a new bound method at
    each look-up, and ``display``)."""
    return {name: value for name, value in vars(builtins).items()
            if isinstance(value, BuiltinFunctionType | type)}

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def top_level_names(source: str) -> tuple[set[str], set[str]]:
    """The names ``source`` binds and the names it reads in the notebook's namespace: at its top
    level (inside ``with``, ``for``, ``if``, ``try`` too) and, for reads, in its comprehensions;
    not inside a function or class it defines (``def`` and ``class`` names count as bound), and
    not a comprehension's own variables as bound."""
    bound: set[str] = set()
    read: set[str] = set()

    def visit(node: ast.AST, local: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if not local:
                    bound.add(child.name)
            elif isinstance(child, ast.Name):
                if isinstance(child.ctx, ast.Load):
                    read.add(child.id)
                elif not local:
                    bound.add(child.id)
            if not isinstance(child, _SCOPES):
                visit(child, local or isinstance(child, _COMPREHENSIONS))

    visit(ast.parse(source), False)
    return bound, read


def _functions(module: ModuleType) -> dict[str, object]:
    """Every function and class method the module defines, by qualified name, with its code:
    what an answer would have to replace to disarm a check."""
    found: dict[str, object] = {}
    for name, value in vars(module).items():
        if isinstance(value, FunctionType) and value.__module__ == module.__name__:
            found[name] = (value, value.__code__)
        elif isinstance(value, type) and value.__module__ == module.__name__:
            for attr, member in vars(value).items():
                if isinstance(member, FunctionType):
                    found[f"{name}.{attr}"] = (member, member.__code__)
    return found


def _current_function(module: ModuleType, qualified: str) -> object:
    """The function now at ``qualified`` in ``module``, with its code (None when gone)."""
    owner: object = module
    for part in qualified.split("."):
        owner = vars(owner).get(part) if hasattr(owner, "__dict__") else None
    return (owner, owner.__code__) if isinstance(owner, FunctionType) else None


class _Refuse(ast.NodeTransformer):
    """An AST transformer that makes the one cell it sees raise ``AssertionError(message)``
    and nothing else, then removes itself."""

    def __init__(self, shell: object, message: str) -> None:
        self.shell, self.message = shell, message

    def visit_Module(self, node: ast.Module) -> ast.Module:
        """Replace the cell's statements with the one ``raise``."""
        if self in self.shell.ast_transformers:
            self.shell.ast_transformers.remove(self)
        raise_it = ast.parse(f"raise AssertionError({self.message!r})").body
        return ast.fix_missing_locations(ast.Module(body=raise_it, type_ignores=[]))


@dataclass(repr=False, eq=False)
class CellRecord:
    """What the kernel ran, by execution count, and what the guard found."""

    shell: object
    #: Each cell's source as the kernel ran it (after IPython's own transforms).
    cells: dict[int, str] = field(default_factory=dict)
    #: The file name the kernel compiled each cell under.
    files: dict[int, str] = field(default_factory=dict)
    #: The values each cell read and rebound, as they were before it ran.
    before: dict[int, dict[str, object]] = field(default_factory=dict)
    #: The modules and builtins each cell rebound (``json = ...``, ``def abs``), as they were
    #: before it ran: a check refuses an answer that replaced one the check reads.
    shadowed: dict[int, dict[str, object]] = field(default_factory=dict)
    #: The process's environment variables and the collections of TensorFlow's default graph as
    #: they were before each cell ran: a re-run sees them so (``as_before``), not with a mark the
    #: cell's first run left in them.
    environ: dict[int, dict[str, str]] = field(default_factory=dict)
    collections: dict[int, dict[str, list]] = field(default_factory=dict)
    _transformers: dict[str, list] = field(default_factory=dict)
    _pending: list[str] = field(default_factory=list)
    _checker: dict[str, dict[str, object]] = field(default_factory=dict)

    def snapshot(self) -> None:
        """Keep the kernel's transformers and the checker's functions as they are now."""
        self._transformers = {name: list(found) for name, found in self._lists().items()}
        self._checker = {name: _functions(sys.modules[name]) for name in _CHECKER
                         if name in sys.modules}

    def _lists(self) -> dict[str, list]:
        """The kernel's lists of transformers that change a cell before it runs."""
        manager = self.shell.input_transformer_manager
        return {"input_transformers_post": self.shell.input_transformers_post,
                "input_transformer_manager.cleanup_transforms": manager.cleanup_transforms,
                "input_transformer_manager.line_transforms": manager.line_transforms,
                "ast_transformers": self.shell.ast_transformers}

    def _restore(self) -> list[str]:
        """Put back what changed since ``snapshot``; return what was changed."""
        changed = []
        if _RECORDS.get(id(self.shell)) is not self:
            changed.append("the kernel's record (cell_record._RECORDS)")
            _RECORDS[id(self.shell)] = self
        for name, found in self._lists().items():
            kept = self._transformers.get(name, [])
            if found != kept:
                changed.append(f"the kernel's {name}")
                found[:] = kept
        for module_name, functions in self._checker.items():
            module = sys.modules[module_name]
            for qualified, (function, code) in functions.items():
                if _current_function(module, qualified) != (function, code):
                    changed.append(f"{module_name}.{qualified}")
                    function.__code__ = code
                    owner, _, name = qualified.rpartition(".")
                    setattr(vars(module)[owner] if owner else module, name, function)
        return changed

    def post_run_cell(self, result: object) -> None:
        """After a cell ran: put back what it changed, before the next cell is transformed
        (which happens before ``pre_run_cell``), and remember what it was."""
        self._pending += self._restore()

    def pre_run_cell(self, info: object) -> None:
        """Before a cell runs: guard the checker, then keep the cell, its file name, the values
        it reads and rebinds and the modules and builtins it rebinds."""
        if _cells_running() > 1:  # run_cell from inside a cell: not a cell of the notebook
            self._pending.append("the kernel's record (a cell run from inside another)")
            return
        changed, self._pending = self._pending + self._restore(), []
        raw = info.raw_cell or ""
        source = self.shell.transform_cell(raw)
        if _running_cell() not in (None, source):
            changed.append("the cell about to run (an input transformer)")
        if not getattr(info, "store_history", False):
            return
        number = self.shell.execution_count - 1  # IPython counts the cell before this hook
        if changed:
            self.shell.ast_transformers.append(_Refuse(
                self.shell, f"a cell before this one changed {', '.join(changed)}, which the "
                "checks rely on: restart the kernel and run the notebook without it"))
        self.cells[number] = source
        self.files[number] = self.shell.compile.get_code_name(raw, source, number)
        self.environ[number] = dict(os.environ)
        graph = _default_graph()
        if graph is not None:
            self.collections[number] = {key: list(found)
                                        for key, found in graph._collections.items()}
        try:
            bound, read = top_level_names(source)
        except SyntaxError:
            return
        names = self.shell.user_ns
        self.before[number] = {name: names[name] for name in bound & read if name in names}
        own = python_builtins()
        self.shadowed[number] = {name: prior for name in bound
                                 if isinstance(prior := names.get(name, own.get(name)),
                                               ModuleType) or name not in names and name in own}

    @contextlib.contextmanager
    def as_before(self, number: int) -> Iterator[None]:
        """Within the ``with`` block the environment variables and the default graph's
        collections are as they were before cell ``number`` ran; then as before the block."""
        environ, now = self.environ.get(number), dict(os.environ)
        graph, kept = _default_graph(), self.collections.get(number)
        held = None if graph is None else graph._collections
        if environ is not None:
            _set_environment(environ)
        if graph is not None and kept is not None:
            graph._collections = {key: list(found) for key, found in kept.items()}
        try:
            yield
        finally:
            _set_environment(now)
            if graph is not None:
                graph._collections = held

    def history(self) -> list[str]:
        """The cells run so far, as IPython's ``In`` lists them (index = execution count)."""
        last = max(self.cells, default=0)
        return [self.cells.get(number, "") for number in range(last + 1)]

    def alive(self) -> bool:
        """Whether the hook is still registered and saw the cell now running."""
        hooks = self.shell.events.callbacks.get("pre_run_cell", [])
        return any(getattr(hook, "__self__", None) is self for hook in hooks) and \
            (self.shell.execution_count - 1) in self.cells


def _set_environment(wanted: dict[str, str]) -> None:
    """Make ``os.environ`` hold exactly ``wanted``."""
    for name in set(os.environ) - set(wanted):
        del os.environ[name]
    for name, value in wanted.items():
        if os.environ.get(name) != value:
            os.environ[name] = value


def _default_graph() -> object | None:
    """TensorFlow's global default graph, where TensorFlow is loaded (a cell's collections);
    None where it is not."""
    tensorflow = sys.modules.get("tensorflow")
    return None if tensorflow is None else tensorflow.compat.v1.get_default_graph()


def _running_cell() -> str | None:
    """The source IPython is about to run, as its input transformers left it (the
    ``transformed_cell`` of ``run_cell_async``, whose ``pre_run_cell`` hook calls this); None
    when it cannot be found."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "run_cell_async" and "transformed_cell" in frame.f_locals:
            found = frame.f_locals["transformed_cell"]
            return found if isinstance(found, str) else None
        frame = frame.f_back
    return None


def _cells_running() -> int:
    """How many cells IPython is running at once (more than one: ``run_cell`` called from
    inside a cell)."""
    count, frame = 0, sys._getframe(1)
    while frame is not None:
        count += frame.f_code.co_name == "run_cell_async"
        frame = frame.f_back
    return count


_RECORDS: dict[int, CellRecord] = {}


def install() -> CellRecord | None:
    """Start keeping the record in the running IPython kernel (once per kernel); None outside
    IPython. Call it after importing the checker's modules (``notebook.setup`` does)."""
    import importlib

    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    if shell is None:
        return None
    for name in _CHECKER:
        importlib.import_module(name)
    if id(shell) not in _RECORDS:
        record = CellRecord(shell)
        record.snapshot()
        shell.events.register("pre_run_cell", record.pre_run_cell)
        shell.events.register("post_run_cell", record.post_run_cell)
        _RECORDS[id(shell)] = record
    return _RECORDS[id(shell)]


def current() -> CellRecord | None:
    """The record of the running IPython kernel, or None when none is kept."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return None if shell is None else _RECORDS.get(id(shell))
