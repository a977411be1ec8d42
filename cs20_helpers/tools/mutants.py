"""Mutants of a solution: wrong answers derived from it by small edits, to test its check.

Hand-written wrong answers (``tests/wrong_answers/``) prove only the mistakes their author
foresaw. A mutant is the solution cell with one small edit, made with ``ast`` only to the code
between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (the rest of the cell is kept as it is;
the edited region is written back with ``ast.unparse`` at its own indentation): a statement
deleted, two positional arguments swapped, an operator changed, a number moved by one (a truth
value flipped), an ``axis=`` changed, a call replaced by its first argument (an activation or a
bias add dropped), a keyword argument dropped. ``refute --mutants`` runs each through the check,
which should reject it. A mutant that the check lets through is either a check to strengthen
or an answer as right as the solution: ``tests/mutants/<stem>.py`` lists those, with the reason,
as ``EQUIVALENT = {exercise id: {mutant description: reason}}``.
"""

from __future__ import annotations

__all__ = ["BadEquivalent", "candidates", "CAP", "Equivalent", "EQUIVALENT_DIR",
    "equivalent_file", "KINDS", "load_equivalent", "Mutant", "mutants", "select", "SNIPPET",
    "stale"]

import ast
import copy
import difflib
import runpy
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cs20_helpers.paths import project_dir
from cs20_helpers.tools.exercises import BEGIN, END

#: The kinds of edit, in the order they are listed and chosen.
KINDS = ("delete", "swap", "operator", "constant", "axis", "call", "keyword")
#: At most this many mutants per exercise, chosen evenly across the kinds, so that a
#: notebook's run stays bounded.
CAP = 40
#: Where the equivalent mutants live, one file per notebook stem (may be missing: none).
EQUIVALENT_DIR = project_dir() / "tests" / "mutants"
#: Longest code snippet quoted in a description.
SNIPPET = 40

Equivalent = dict[str, dict[str, str]]

_BINARY = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
           ast.FloorDiv: ast.Div, ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult,
           ast.MatMult: ast.Mult, ast.LShift: ast.RShift, ast.RShift: ast.LShift,
           ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitOr}
_COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
            ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
            ast.In: ast.NotIn, ast.NotIn: ast.In}
_BOOL = {ast.And: ast.Or, ast.Or: ast.And}
_SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
           ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>",
           ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.Lt: "<", ast.LtE: "<=",
           ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.Is: "is",
           ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in", ast.And: "and",
           ast.Or: "or"}
_BODIES = ("body", "orelse", "finalbody")


class BadEquivalent(ValueError):
    """A file of equivalent mutants that cannot be used."""


@dataclass(frozen=True)
class Mutant:
    """One mutant: what was edited (unique within its exercise), the kind of edit, the lines
    it changed (``-old`` / ``+new``) and the whole new cell source."""

    description: str
    kind: str
    diff: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class _Site:
    """An edit found in the region's tree: the node (by its index in ``ast.walk``), where it
    sits, what it does, and ``change`` (node of a copy -> the node that replaces it)."""

    kind: str
    index: int
    line: int
    column: int
    what: str
    change: Callable[[ast.AST], ast.AST]


def _short(text: str) -> str:
    """Return ``text`` shortened to SNIPPET characters."""
    return text if len(text) <= SNIPPET else text[:SNIPPET - 3] + "..."


def _code(node: ast.AST) -> str:
    """Return a node's code on one line, shortened to SNIPPET characters."""
    return _short(" ".join(ast.unparse(node).split()))


def _number(value: int | float) -> int | float:
    """Return ``value`` rounded to 12 significant digits when a float (``0.9 - 1`` is -0.1)."""
    return float(f"{value:.12g}") if isinstance(value, float) else value


def _replaced(op_map: dict, op: ast.AST) -> ast.AST | None:
    """Return a new operator for ``op``, or None when it has no replacement."""
    new = op_map.get(type(op))
    return new() if new else None


def _axis(node: ast.AST) -> int | None | str:
    """Return an ``axis=`` value's int (or None), or "" when it is neither."""
    if isinstance(node, ast.Constant) and (node.value is None or type(node.value) is int):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) \
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int:
        return -node.operand.value
    return ""


def _delete(field: str, position: int) -> Callable[[ast.AST], ast.AST]:
    """Return an edit removing statement ``position`` of a body, leaving ``pass`` if empty."""
    def change(parent: ast.AST) -> ast.AST:
        body = getattr(parent, field)
        del body[position]
        if not body and field == "body":
            body.append(ast.Pass())
        return parent
    return change


def _statement_sites(node: ast.AST, index: int) -> Iterator[_Site]:
    """Yield the deletion of each statement in a body of ``node`` (not docstrings, not pass)."""
    for field in _BODIES:
        body = getattr(node, field, None)  # a lambda's or an if-expression's is one node
        for position, statement in enumerate(body if isinstance(body, list) else []):
            if isinstance(statement, ast.Pass) or (
                    isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)):
                continue
            first = ast.unparse(statement).splitlines()[0]
            yield _Site("delete", index, statement.lineno, statement.col_offset,
                        f"delete `{_short(first)}`",
                        _delete(field, position))


def _with(attribute: str, value: object) -> Callable[[ast.AST], ast.AST]:
    """Return an edit setting ``node.<attribute>`` to (a copy of) ``value``."""
    def change(node: ast.AST) -> ast.AST:
        setattr(node, attribute, copy.deepcopy(value))
        return node
    return change


def _call_sites(node: ast.Call, index: int, statement_call: bool) -> Iterator[_Site]:
    """Yield a call's edits: swap neighbouring positional arguments, replace the call by its
    first argument (1 or 2 positional arguments, not a statement of its own), change an
    ``axis=``, drop a keyword argument."""
    at = (node.lineno, node.col_offset)
    func = _code(node.func)
    args = node.args
    plain = not any(isinstance(arg, ast.Starred) for arg in args)
    for i in range(len(args) - 1 if plain else 0):
        swapped = args[:i] + [args[i + 1], args[i]] + args[i + 2:]
        yield _Site("swap", index, *at,
                    f"swap `{_code(args[i])}` and `{_code(args[i + 1])}` in `{func}(...)`",
                    _with("args", swapped))
    if plain and len(args) in (1, 2) and not statement_call:
        yield _Site("call", index, *at, f"`{_code(node)}` -> `{_code(args[0])}`",
                    lambda copied: copied.args[0])
    for k, keyword in enumerate(node.keywords):
        if keyword.arg is None:
            continue
        value = _axis(keyword.value)
        if keyword.arg == "axis" and value != "":
            new = 1 if value == 0 else 0
            yield _Site("axis", index, *at,
                        f"`axis={value}` -> `axis={new}` in `{func}(...)`",
                        _with("keywords", node.keywords[:k] + [ast.keyword("axis", ast.Constant(
                            new))] + node.keywords[k + 1:]))
        yield _Site("keyword", index, *at, f"drop `{keyword.arg}=` from `{func}(...)`",
                    _with("keywords", node.keywords[:k] + node.keywords[k + 1:]))


def _operator_sites(node: ast.AST, index: int) -> Iterator[_Site]:
    """Yield the change of a binary, augmented, comparison or boolean operator, and the
    removal of a unary one."""
    at = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
    if isinstance(node, ast.BinOp | ast.AugAssign | ast.BoolOp):
        new = _replaced({**_BINARY, **_BOOL}, node.op)
        if new is not None:
            yield _Site("operator", index, *at, f"`{_SYMBOL[type(node.op)]}` -> "
                        f"`{_SYMBOL[type(new)]}` in `{_code(node)}`", _with("op", new))
    elif isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            new = _replaced(_COMPARE, op)
            if new is not None:
                yield _Site("operator", index, *at, f"`{_SYMBOL[type(op)]}` -> "
                            f"`{_SYMBOL[type(new)]}` in `{_code(node)}`",
                            _with("ops", node.ops[:k] + [new] + node.ops[k + 1:]))
    elif isinstance(node, ast.UnaryOp) and not (
            isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant)):
        yield _Site("operator", index, *at, f"`{_code(node)}` -> `{_code(node.operand)}`",
                    lambda copied: copied.operand)


def _constant_sites(node: ast.Constant, index: int) -> Iterator[_Site]:
    """Yield a number moved by one either way, or a truth value flipped."""
    at = (node.lineno, node.col_offset)
    if isinstance(node.value, bool):
        yield _Site("constant", index, *at, f"`{node.value}` -> `{not node.value}`",
                    _with("value", not node.value))
    elif isinstance(node.value, int | float):
        for new in (_number(node.value + 1), _number(node.value - 1)):
            yield _Site("constant", index, *at, f"`{node.value!r}` -> `{new!r}`",
                        _with("value", new))


def _sites(tree: ast.Module) -> list[_Site]:
    """Return every edit of the tree, each kind in the order of the source."""
    nodes = list(ast.walk(tree))
    statement_calls = {id(n.value) for n in nodes if isinstance(n, ast.Expr)}
    axis_values = {id(k.value) for n in nodes if isinstance(n, ast.Call) for k in n.keywords
                   if k.arg == "axis"}
    axis_values |= {id(n.operand) for n in nodes if id(n) in axis_values
                    and isinstance(n, ast.UnaryOp)}
    found: list[_Site] = []
    for index, node in enumerate(nodes):
        found += _statement_sites(node, index)
        if isinstance(node, ast.Call):
            found += _call_sites(node, index, id(node) in statement_calls)
        found += _operator_sites(node, index)
        if isinstance(node, ast.Constant) and id(node) not in axis_values:
            found += _constant_sites(node, index)
    return sorted(found, key=lambda s: (KINDS.index(s.kind), s.line, s.column, s.index))


class _Replace(ast.NodeTransformer):
    """Replace one node (by identity) with another."""

    def __init__(self, target: ast.AST, new: ast.AST) -> None:
        self.target, self.new = target, new

    def visit(self, node: ast.AST) -> ast.AST:
        """Return the replacement for the target, else visit the node's children."""
        return self.new if node is self.target else self.generic_visit(node)


def _apply(tree: ast.Module, site: _Site) -> str:
    """Return the code of a copy of ``tree`` with ``site``'s edit made."""
    copied = copy.deepcopy(tree)
    target = list(ast.walk(copied))[site.index]
    new = site.change(target)
    if new is not target:
        copied = _Replace(target, new).visit(copied)
    return ast.unparse(ast.fix_missing_locations(copied))


def _regions(lines: list[str]) -> Iterator[tuple[int, int]]:
    """Yield (first, end) line indexes of each solution region (the lines strictly between the
    markers)."""
    begin = None
    for number, line in enumerate(lines):
        if line.strip() == BEGIN:
            begin = number + 1
        elif line.strip() == END and begin is not None:
            yield begin, number
            begin = None


def _diff(old: str, new: str) -> tuple[str, ...]:
    """Return the first line removed and the first added (``-old``, ``+new``) of an edit."""
    changed = [line for line in difflib.ndiff(old.splitlines(), new.splitlines())
               if line[:2] in ("- ", "+ ")]
    removed = [f"-{line[2:]}" for line in changed if line[0] == "-"][:1]
    added = [f"+{line[2:]}" for line in changed if line[0] == "+"][:1]
    return tuple(removed + added)


def candidates(source: str) -> list[Mutant]:
    """Return every mutant of a solution cell's source, de-duplicated, in a fixed order (kind,
    then line); a region that does not parse on its own gives none."""
    lines = source.splitlines()
    found: list[Mutant] = []
    seen: set[str] = set()
    for first, end in _regions(lines):
        region = "\n".join(lines[first:end])
        code = textwrap.dedent(region)
        indent = next((line[:len(line) - len(line.lstrip())] for line in lines[first:end]
                       if line.strip()), "")
        try:
            tree = ast.parse(code)
        except SyntaxError:
            continue
        original = ast.unparse(tree)
        seen.add(original)
        for site in _sites(tree):
            mutated = _apply(tree, site)
            if mutated in seen:
                continue
            seen.add(mutated)
            new_region = textwrap.indent(mutated, indent, lambda _: True).splitlines()
            cell = lines[:first] + new_region + lines[end:]
            found.append(Mutant(f"line {site.line + first}: {site.what}", site.kind,
                                _diff(original, mutated),
                                "\n".join(cell) + ("\n" if source.endswith("\n") else "")))
    return _unique(found)


def _unique(found: list[Mutant]) -> list[Mutant]:
    """Return the mutants with repeated descriptions numbered (``... #2``)."""
    counts: dict[str, int] = {}
    unique = []
    for mutant in found:
        counts[mutant.description] = counts.get(mutant.description, 0) + 1
        number = counts[mutant.description]
        unique.append(mutant if number == 1 else Mutant(
            f"{mutant.description} #{number}", mutant.kind, mutant.diff, mutant.source))
    return unique


def _spread(count: int, chosen: int) -> list[int]:
    """Return ``chosen`` indexes spread evenly over ``range(count)``."""
    return [i * count // chosen for i in range(chosen)]


def select(found: list[Mutant], cap: int = CAP) -> list[Mutant]:
    """Return at most ``cap`` of the mutants: the kinds share the cap evenly (a kind with fewer
    gives its share to the others), each kind's chosen spread evenly over the source, in the
    order of ``found``."""
    by_kind = {kind: [m for m in found if m.kind == kind] for kind in KINDS}
    quota = dict.fromkeys(KINDS, 0)
    left = min(cap, len(found))
    while left:
        for kind in KINDS:
            if left and quota[kind] < len(by_kind[kind]):
                quota[kind] += 1
                left -= 1
    chosen = {id(by_kind[kind][i]) for kind in KINDS
              for i in _spread(len(by_kind[kind]), quota[kind])}
    return [m for m in found if id(m) in chosen]


def mutants(source: str, cap: int = CAP) -> list[Mutant]:
    """Return the mutants of a solution cell that ``refute --mutants`` runs (at most ``cap``)."""
    return select(candidates(source), cap)


def equivalent_file(notebook: Path) -> Path:
    """Return the file of the notebook's equivalent mutants."""
    return EQUIVALENT_DIR / f"{notebook.stem}.py"


def load_equivalent(notebook: Path, known: set[str]) -> Equivalent:
    """Return the notebook's equivalent mutants (none when it has no file), or raise
    BadEquivalent saying in one line why they cannot be used."""
    path = equivalent_file(notebook)
    if not path.is_file():
        return {}
    try:
        marked = runpy.run_path(str(path)).get("EQUIVALENT")
    except Exception as error:  # noqa: BLE001 - any error in the file is reported in one line
        raise BadEquivalent(f"{path} does not run: {type(error).__name__}: {error}") from None
    if not (isinstance(marked, dict) and all(
            isinstance(ident, str) and isinstance(each, dict)
            and all(isinstance(k, str) and isinstance(v, str) and v.strip()
                    for k, v in each.items()) for ident, each in marked.items())):
        raise BadEquivalent(f"{path} has no EQUIVALENT dict of exercise id -> "
                            "{mutant description: reason}")
    for ident in marked:
        if ident not in known:
            raise BadEquivalent(f"{path} names exercise {ident!r}, which {notebook.name} lacks")
    return marked


def stale(marked: Equivalent, generated: dict[str, list[Mutant]]) -> list[str]:
    """Return a line for each equivalent entry that names no mutant generated now."""
    return [f"{ident}: {description!r} matches no mutant (stale: remove or update it)"
            for ident, each in marked.items() for description in each
            if description not in {m.description for m in generated.get(ident, [])}]
