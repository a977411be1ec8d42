"""Check a figure from training within a tolerance, printing a line that every machine prints.

Training amplifies float32 rounding: another CPU (its vector instructions pick another summation
order in the matrix kernels), another thread count or a GPU gives other last digits, and after a
few hundred steps other leading digits too. A notebook shows such a figure in a cell nbval does
not compare (``# NBVAL_IGNORE_OUTPUT``) and follows it with one of these checks: the check asserts
what the lesson claims, and what it prints names the reference and the tolerance, never the value,
so the stored output holds on any machine.

Timing checks (``timed_between``) hold on a quiet machine and are excused on a busy one: a ratio
of two timings outside its bounds is measured again, and when the machine is too busy to time
anything (``busy.too_busy``) the check says so instead of failing the cell (issue 46).

Exercise checks (issue 36) test behaviour with the rest: which ops a tensor is computed from
(``ancestors``), which globals a function reads (``reads``, ``package_of``), and an answer cell
run again on fresh inputs with its calls recorded or changed (``answer_source``, ``rerun``,
``patched``, ``recording``, ``fetched``). None of them holds an answer: references stay in the
check cells' hidden tests.
"""

from __future__ import annotations

__all__ = ["ancestors", "answer_source", "between", "Call", "fetched", "near", "Number",
    "package_of", "patched", "raising", "reads", "recording", "rerun", "timed_between",
    "TIMING_TRIES"]

import ast
import contextlib
import functools
import io
import math
from collections.abc import Callable, Iterator, Sequence
from types import FunctionType
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # only for the hints: checks.py runs without TensorFlow
    import tensorflow as tf

Number = float | int | np.floating | np.integer


def _finite(name: str, value: Number) -> float:
    """Return ``value`` as a float, or raise AssertionError when it is not a finite number."""
    number = float(value)
    if not math.isfinite(number):
        raise AssertionError(f"{name} is {number}, not a finite number")
    return number


def near(name: str, value: Number | Sequence[Number], expected: Number | Sequence[Number],
         tol: float) -> None:
    """Assert that ``value`` is within ``tol`` of ``expected`` (item by item for sequences);
    print ``name ≈ expected ± tol``, which does not depend on the machine."""
    values = np.atleast_1d(np.asarray(value, dtype=float))
    references = np.atleast_1d(np.asarray(expected, dtype=float))
    if values.shape != references.shape:
        raise AssertionError(f"{name} has shape {values.shape}, expected {references.shape}")
    for got, want in zip(values.flat, references.flat, strict=True):
        if abs(_finite(name, got) - want) > tol:
            raise AssertionError(f"{name} is {got:.6g}, not within {tol:g} of {want:g}")
    shown = ", ".join(f"{want:g}" for want in references.flat)
    shown = f"[{shown}]" if np.ndim(expected) else shown
    print(f"{name} ≈ {shown} ± {tol:g}: ok")


def between(name: str, value: Number, low: Number, high: Number) -> None:
    """Assert that ``low <= value <= high``; print the bounds, the same on every machine."""
    number = _finite(name, value)
    if not low <= number <= high:
        raise AssertionError(f"{name} is {number:.6g}, outside [{low:g}, {high:g}]")
    print(f"{name} in [{low:g}, {high:g}]: ok")


#: How many times a timing check measures before it calls the machine too busy.
TIMING_TRIES = 3


def timed_between(name: str, measure: Number | Callable[[], Number], low: Number, high: Number,
                  *, same_line: bool = True) -> bool:
    """Check a timing figure as ``between`` does, unless the machine is too busy to time it.

    ``measure`` is the figure, or a function that measures it afresh: a figure outside
    ``[low, high]`` is measured again (up to TIMING_TRIES times in all) while the machine is
    busy. It fails (AssertionError) only when the machine was not busy (``busy.too_busy``);
    otherwise the check is excused. Returns whether the figure held. The printed line is the
    same whether it held or was excused when ``same_line`` (for cells nbval compares);
    otherwise an excused check says that the machine was too busy to measure, and why.
    """
    from cs20_helpers.busy import too_busy

    again = measure if callable(measure) else None
    number = _finite(name, again() if again else measure)
    tries, why = 1, None
    while not low <= number <= high:
        why = too_busy()
        if why is None:
            raise AssertionError(f"{name} is {number:.6g}, outside [{low:g}, {high:g}]")
        if again is None or tries == TIMING_TRIES:
            break
        number, tries = _finite(name, again()), tries + 1
    held = low <= number <= high
    if same_line:
        print(f"{name} in [{low:g}, {high:g}], or too busy to measure: ok")
    elif held:
        print(f"{name} in [{low:g}, {high:g}]: ok")
    else:
        print(f"{name}: too busy to measure ({why}; {number:.3g} after {tries} tries), "
              "not checked")
    return held


def ancestors(tensor: tf.Tensor) -> set[tf.Operation]:
    """Return every op of a TF1 graph that ``tensor`` is computed from, its own op included: a
    check sees whether an answer really combines the tensors the task names."""
    seen, stack = set(), [tensor.op]
    while stack:
        op = stack.pop()
        if op not in seen:
            seen.add(op)
            stack.extend(t.op for t in op.inputs)
    return seen


def reads(function: object) -> dict[str, object]:
    """Return the global names that ``function`` reads, with their values, following the
    functions of its own module that it reads or keeps in its closure, and the code defined
    inside it: a check tells from them whether an answer reads the notebook's data instead of
    its arguments, or uses a library that the task rules out."""
    import dis
    import inspect
    from types import CodeType

    def codes(code: CodeType) -> list[CodeType]:
        """Return ``code`` and every code object defined inside it (functions, lambdas)."""
        return [code] + [inner for constant in code.co_consts if isinstance(constant, CodeType)
                         for inner in codes(constant)]

    found: dict[str, object] = {}
    seen: set[int] = set()
    todo = [function]
    while todo:
        current = todo.pop()
        current = inspect.unwrap(current) if callable(current) else current
        if not inspect.isfunction(current) or id(current) in seen:
            continue
        seen.add(id(current))
        for cell in current.__closure__ or ():
            try:
                todo.append(cell.cell_contents)
            except ValueError:  # a name the function closes over that is not bound yet
                pass
        for code in codes(current.__code__):
            for instruction in dis.get_instructions(code):
                name = instruction.argval
                if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and \
                        name in current.__globals__:
                    found[name] = current.__globals__[name]
                    if getattr(found[name], "__module__", None) == current.__module__:
                        todo.append(found[name])
    return found


def package_of(value: object) -> str:
    """Return the top-level package that a module, function or class comes from ("numpy",
    "tensorflow", "builtins"), or "" for plain data (a number, an array, a list)."""
    import inspect

    if inspect.ismodule(value):
        return value.__name__.split(".")[0]
    if isinstance(value, np.ufunc):  # NumPy's class, also for SciPy's ufuncs: found where?
        return "numpy" if getattr(np, value.__name__, None) is value else "a ufunc not NumPy's"
    module = getattr(value, "__module__", None) if callable(value) else None
    return module.split(".")[0] if isinstance(module, str) else ""


# Re-running an answer (issue 36). A value shows what an answer produced, never how: a digit
# decoded from the bytes in memory equals one read back from the file. A check therefore takes
# the answer cell from the kernel's history and runs it again, in a copy of the notebook's names,
# on fresh inputs and with the calls it must make recorded or changed.

Call = tuple[tuple, dict, object]


def _assigned(source: str) -> set[str]:
    """The names that ``source`` binds anywhere (assignments, ``for`` and ``with`` targets)."""
    return {node.id for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}


def answer_source(history: Sequence[str], *names: str) -> str | None:
    """Return the latest cell in ``history`` (IPython's ``In``, whose last entry is the running
    check) that assigns one of ``names``; AssertionError, saying what to run, when none does.
    None when the kernel keeps no history (nbval runs cells with ``store_history=False``): there
    no answer can be re-run. The grading runs (refute, check, nbgrader) keep it."""
    if not any(history):
        return None
    for source in reversed(history[:-1]):
        try:
            if _assigned(source) & set(names):
                return source
        except SyntaxError:
            continue
    raise AssertionError(f"run the cell that defines {', '.join(names)}, then this check")


def rerun(source: str, names: dict[str, object], *, filename: str | None = None,
          **fresh: object) -> dict[str, object]:
    """Run ``source`` in a copy of ``names`` with ``fresh`` values put in; return that copy.

    ``filename`` is the name to compile it under: the one the kernel compiled the cell under
    (``cell_record``), so that the answer cannot tell the re-run by it. What the answer prints
    is dropped: the check cell shows nothing of the re-run (a kernel with history, as ``store``
    and the grading runs keep, would otherwise print the answer's lines again where nbval,
    which keeps none, prints nothing)."""
    namespace = {**names, **fresh}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, filename or "<answer, re-run by the check>", "exec"), namespace)
    return namespace


@contextlib.contextmanager
def patched(owner: object, attr: str,
            wrap: Callable[[Callable], Callable]) -> Iterator[None]:
    """Within the ``with`` block ``owner.attr`` is ``wrap(original)``, named as the original
    (a function ``wrap`` makes takes its name and doc: an answer cannot tell the check's
    stand-in by its ``__name__``); then it is as before."""
    own = attr in vars(owner)
    original = getattr(owner, attr)
    stand_in = wrap(original)
    if isinstance(stand_in, FunctionType) and stand_in is not original:
        functools.update_wrapper(stand_in, original)
    setattr(owner, attr, stand_in)
    try:
        yield
    finally:
        if own:
            setattr(owner, attr, original)
        else:
            delattr(owner, attr)


@contextlib.contextmanager
def recording(owner: object, attr: str) -> Iterator[list[Call]]:
    """Within the ``with`` block, record each call of ``owner.attr`` as (args, kwargs, result)
    in the list that the ``with`` gives."""
    calls: list[Call] = []

    def wrap(original: Callable) -> Callable:
        @functools.wraps(original)
        def record(*args: object, **kwargs: object) -> object:
            result = original(*args, **kwargs)
            calls.append((args, kwargs, result))
            return result
        return record

    with patched(owner, attr, wrap):
        yield calls


@contextlib.contextmanager
def raising(owner: object, attr: str) -> Iterator[list[str]]:
    """Within the ``with`` block, note the class name of each exception that a call of
    ``owner.attr`` raises (it still raises), in the list that the ``with`` gives: a check sees
    that an error's name an answer gives came from a call that raised it, not typed in."""
    raised: list[str] = []

    def wrap(original: Callable) -> Callable:
        @functools.wraps(original)
        def note(*args: object, **kwargs: object) -> object:
            try:
                return original(*args, **kwargs)
            except Exception as error:
                raised.append(type(error).__name__)
                raise
        return note

    with patched(owner, attr, wrap):
        yield raised


def fetched(runs: list[Call]) -> list[tuple[object, object]]:
    """Each (fetch, value) of the ``Session.run`` calls that ``recording(Session, "run")`` kept:
    their fetches and results flattened alike, so that a check sees which tensor gave what."""
    pairs: list[tuple[object, object]] = []
    for args, kwargs, result in runs:
        fetches = kwargs["fetches"] if "fetches" in kwargs else args[1]
        pairs += _pairs(fetches, result)
    return pairs


def _pairs(fetches: object, result: object) -> list[tuple[object, object]]:
    """``fetches`` and ``result`` flattened as far as the fetches go (``Session.run`` takes a
    fetch, or lists, tuples and dicts of them): a fetched ``IndexedSlices`` is one fetch and its
    value (an ``IndexedSlicesValue``, a named tuple) one value, not three."""
    if isinstance(fetches, dict):
        return [pair for key in fetches for pair in _pairs(fetches[key], result[key])]
    if isinstance(fetches, list | tuple) and not hasattr(fetches, "op"):
        return [pair for fetch, value in zip(fetches, result, strict=True)
                for pair in _pairs(fetch, value)]
    return [(fetches, result)]
