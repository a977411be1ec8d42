"""Rules a task states, written as data beside its check and enforced on a re-run of the answer.

A checked value shows what an answer produced, never how (issue 46): a value typed in, an update
done in NumPy and loaded, an optimizer built but never run all give the right numbers. So an
exercise's check cell writes down the rules its task states, as a list of these records:

- ``Calls``: the answer calls a function (``tf.gradients``, ``tf1.Session.run``) between so many
  times, in all or in every call of the answer's own function; ``high=0`` forbids it;
- ``FromRun``: a value the answer defines is one a ``Session.run`` of the answer fetched, from a
  tensor computed with ops of the given types (not typed in, not computed outside the graph);
- ``Runs``: the op or tensor the answer binds to a name is one a ``Session.run`` fetched (the
  optimizer's update is the op that trains);
- ``Only``: the answer's function uses no package but the ones named (its globals, the
  functions of the notebook it calls and any ``import`` inside them);
- ``Without``: the answer cell reads or imports nothing of the packages named (a formula
  worked out by hand, not read off a library);

and ``enforce`` takes the answer cell from the kernel's record of its cells (``cell_record``;
``answer_cell``: the latest that binds a name the answer defines, by assignment or by ``def``),
refuses it when it reaches past the task into the kernel or the checker
(``answer_uses_the_kernel``), runs it again in a copy of the notebook's names (as they were
before the cell ran) with every call the rules name recorded, lets
the check call the answer's functions on fresh inputs under the same recording, and asserts
each rule: its ``why``, with what the re-run showed, is the message. In a kernel without
history (nbval) it does nothing and prints nothing: there no answer can be re-run.
"""

from __future__ import annotations

__all__ = ["again", "answer_cell", "answer_uses_the_kernel", "Calls", "enforce", "FromRun",
    "GRADIENTS", "Only", "Rule", "Runs", "SESSION_RUN", "Without"]

import ast
import contextlib
import dis
import functools
import importlib
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import CodeType, ModuleType

import numpy as np

import cs20_helpers.cell_record as cell_record
from cs20_helpers.checks import (
    Call,
    ancestors,
    fetched,
    package_of,
    patched,
    reads,
    rerun,
)

#: Where every ``Session.run`` goes (``Session``, ``InteractiveSession`` and the monitored
#: sessions all end there): ``FromRun`` and ``Runs`` record it.
SESSION_RUN = "tensorflow.python.client.session.BaseSession.run"
#: Where ``tf.gradients``, ``tf1.gradients`` (and an optimizer's ``compute_gradients``) all go: a
#: rule on the gradients a graph answer takes names this, so that either spelling counts.
GRADIENTS = "tensorflow.python.ops.gradients_util._GradientsHelper"
#: How a message names these targets.
_SHOWN = {GRADIENTS: "tf.gradients (or tf1.gradients)", SESSION_RUN: "Session.run"}
#: Builtins that reach a package or run code without naming it: ``Only`` rules them out.
_ESCAPES = {"__builtins__", "__import__", "compile", "eval", "exec", "getattr", "globals",
            "vars"}
#: Attributes that reach a function's globals, builtins or code: ``Only`` rules them out too.
_ESCAPE_ATTRS = {"__builtins__", "__closure__", "__code__", "__defaults__", "__dict__",
                 "__globals__", "__kwdefaults__", "__subclasses__", "__import__", "import_module"}


@dataclass(frozen=True)
class Calls:
    """The answer calls ``target`` (a dotted name, looked up among the notebook's names first:
    ``"tf.gradients"``; or a module path) at least ``low`` and at most ``high`` times (None:
    no limit; 0: never). With ``per``, the name of the answer's function: every call the check
    makes of it makes that many calls of ``target``."""

    target: str
    low: int = 1
    high: int | None = None
    per: str | None = None
    why: str = ""

    def watched(self) -> tuple[str, ...]:
        """The targets to record while the answer runs."""
        return (self.target,)

    def check(self, names: dict[str, object], calls: dict[str, list[Call]],
              per_call: dict[str, list[dict[str, int]]]) -> str | None:
        """Return what broke the rule, or None."""
        counts = [each[self.target] for each in per_call.get(self.per, [])] if self.per \
            else [len(calls[self.target])]
        if self.per and not counts:
            return f"the check never got to call {self.per}"
        wrong = [n for n in counts if n < self.low or (self.high is not None and n > self.high)]
        if not wrong:
            return None
        where = f" in a call of {self.per}" if self.per else ""
        return f"{_SHOWN.get(self.target, self.target)} was called {wrong[0]} times{where}"


@dataclass(frozen=True)
class FromRun:
    """The value the answer binds to ``name`` equals one that a ``Session.run`` of the answer
    fetched (one fetch, or all that one run fetched: ``sess.run([a, b])``), from tensors
    computed with an op of each type in ``ops`` (``"ApplyMomentum"``), or without ``ops`` from
    more than constants and fed placeholders: it was not typed in (nor laundered through a run
    of ``tf.constant``, nor through ops given it as a constant or a fed value: ``v * 1.0``),
    nor computed outside the graph. Fetches named by string count as the tensors they name."""

    name: str
    ops: tuple[str, ...] = ()
    why: str = ""

    def watched(self) -> tuple[str, ...]:
        """The targets to record while the answer runs."""
        return (SESSION_RUN,)

    def check(self, names: dict[str, object], calls: dict[str, list[Call]],
              per_call: dict[str, list[dict[str, int]]]) -> str | None:
        """Return what broke the rule, or None."""
        if self.name not in names:
            return f"the answer no longer defines {self.name}"
        value = names[self.name]
        laundered = False
        for fetches, results, feeds in _fetched(calls[SESSION_RUN]):
            candidates = list(zip(([each] for each in fetches), results, strict=True))
            if len(fetches) > 1:
                candidates.append((fetches, results))
            for some, result in candidates:
                if _equal(value, result) and all(map(self._computed, some)):
                    typed = [_typed_in(fetch, got, feeds) for fetch, got in
                             (zip(some, result, strict=True) if len(some) > 1 else
                              [(some[0], result)])]
                    if not any(typed):
                        return None
                    laundered = True
        if laundered:
            return f"the run that fetched {self.name} computed it from a constant or a fed " \
                "value that already held it (a number typed in, passed through ops)"
        return f"no Session.run of the answer fetched {self.name}" + \
            (f" from a tensor built with {', '.join(self.ops)}" if self.ops else "")

    def _computed(self, fetch: object) -> bool:
        """Whether ``fetch`` is a tensor computed with an op of each type in ``ops``; without
        ``ops``, any fetch but a value the graph only holds or is fed (a constant, a fed
        placeholder, their identities: a number typed in and laundered through a run)."""
        if not hasattr(fetch, "op"):
            return not self.ops
        types = {op.type for op in ancestors(fetch)}
        if not self.ops:
            return bool(types - _HELD_OPS)
        return all(kind in types for kind in self.ops)


@dataclass(frozen=True)
class Runs:
    """``Session.run`` calls of the answer fetch the op or tensor the answer binds to ``name``
    in at least ``times`` of them (runs, not fetches: ``sess.run([op] * 300)`` is one step):
    the update the task names is the one that trains; running it runs an op of one of the
    types ``ops`` (the optimizer's update, not one written by hand); and each array of ``fed``
    (the batches the task names) is fed to one of those runs: the training is on the task's
    data, not on a dummy batch with the values put in some other way."""

    name: str
    times: int = 1
    why: str = ""
    fed: tuple[object, ...] = ()
    ops: tuple[str, ...] = ()

    def watched(self) -> tuple[str, ...]:
        """The targets to record while the answer runs."""
        return (SESSION_RUN,)

    def check(self, names: dict[str, object], calls: dict[str, list[Call]],
              per_call: dict[str, list[dict[str, int]]]) -> str | None:
        """Return what broke the rule, or None."""
        if self.name not in names:
            return f"the answer no longer defines {self.name}"
        wanted = names[self.name]
        runs = [feeds for fetches, _, feeds in _fetched(calls[SESSION_RUN])
                if any(fetch is wanted for fetch in fetches)]  # runs, not fetches: [op] * 300
        if len(runs) < self.times:
            return f"{self.name} was run {len(runs)} times"
        if self.ops and not {op.type for op in _needed(wanted)} & set(self.ops):
            return f"running {self.name} runs no {' or '.join(self.ops)}"
        for number, batch in enumerate(self.fed):
            if not any(_equal(value, batch) for feeds in runs for value in feeds.values()):
                return f"no run of {self.name} was fed batch {number} of the task"
        return None


def _needed(fetch: object) -> set[object]:
    """The ops a ``Session.run`` of ``fetch`` (an op or a tensor) runs: its own, and those of its
    inputs and control inputs, all the way up."""
    seen: set[object] = set()
    todo = [getattr(fetch, "op", fetch)]
    while todo:
        current = todo.pop()
        if hasattr(current, "control_inputs") and current not in seen:
            seen.add(current)
            todo += [tensor.op for tensor in current.inputs] + list(current.control_inputs)
    return seen


@dataclass(frozen=True)
class Only:
    """The answer's function ``function`` uses no package but ``packages`` and the builtins:
    neither through a global it reads, a default argument or a closure (following the notebook's
    functions it reaches), nor through an ``import``, ``__import__``, ``getattr`` or an
    attribute such as ``__globals__`` inside them."""

    function: str
    packages: tuple[str, ...] = ("numpy",)
    why: str = ""

    def watched(self) -> tuple[str, ...]:
        """The targets to record while the answer runs: none."""
        return ()

    def check(self, names: dict[str, object], calls: dict[str, list[Call]],
              per_call: dict[str, list[dict[str, int]]]) -> str | None:
        """Return what broke the rule, or None."""
        function = names.get(self.function)
        if not callable(function):
            return f"the answer no longer defines {self.function}"
        notebook = str(names.get("__name__", "__main__"))
        allowed = set(self.packages) | {"", "builtins", "__main__", notebook}
        reached, beyond = _reached(function, notebook)
        used = {f"{name} ({package_of(value)})" for name, value in _contents(beyond)
                if package_of(value) not in allowed}
        for each in reached:
            held = {**reads(each), **_held(each)}
            used |= {f"{name} ({package_of(value)})" for name, value in _contents(held)
                     if package_of(value) not in allowed}
            for code in _codes(each.__code__):
                for instruction in dis.get_instructions(code):
                    name = instruction.argval
                    if instruction.opname == "IMPORT_NAME" and name.split(".")[0] not in allowed:
                        used.add(f"import {name}")
                    elif instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and \
                            name in _ESCAPES or instruction.opname in (
                                "LOAD_ATTR", "LOAD_METHOD") and name in _ESCAPE_ATTRS:
                        used.add(name)
        return f"{self.function} uses {', '.join(sorted(used))}" if used else None


@dataclass(frozen=True)
class Without:
    """The answer cell uses none of ``packages`` (``tensorflow``, ``keras``): no name it reads,
    anywhere in it, holds a module, function or class of theirs, and it imports none of them.
    For a task that says to work a thing out by hand (a formula), not with a library's shape
    inference or ops, however they are reached."""

    packages: tuple[str, ...]
    why: str = ""

    def watched(self) -> tuple[str, ...]:
        """The targets to record while the answer runs: none."""
        return ()

    def check(self, names: dict[str, object], calls: dict[str, list[Call]],
              per_call: dict[str, list[dict[str, int]]]) -> str | None:
        """Nothing to see in the re-run: ``check_cell`` reads the cell itself."""
        return None

    def check_cell(self, source: str, names: dict[str, object]) -> str | None:
        """Return what in the answer cell ``source`` (run in ``names``) broke the rule, or
        None."""
        used = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and \
                    package_of(names.get(node.id)) in self.packages:
                used.add(node.id)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                    else [node.module or ""]
                used |= {f"import {module}" for module in modules
                         if module.split(".")[0] in self.packages}
        return f"the answer uses {', '.join(sorted(used))}" if used else None


Rule = Calls | FromRun | Runs | Only | Without

#: Ops that only hold or pass on a value given to the graph: a fetch computed from these alone
#: is a number typed in, not one the graph computed (``FromRun`` without ``ops``).
_HELD_OPS = {"Const", "Identity", "IdentityN", "Placeholder", "PlaceholderWithDefault", "NoOp",
             "Snapshot", "StopGradient"}


def _fetched(runs: list[Call]) -> list[tuple[list[object], list[object], dict[object, object]]]:
    """For each recorded ``Session.run`` (``BaseSession.run(self, fetches, feed_dict, ...)``),
    its fetches and results, flattened alike (``checks.fetched``), a fetch named by string
    replaced by the tensor or op it names in that session's graph; and what it fed, by tensor
    or op."""
    runs_fetched = []
    for run in runs:
        pairs = fetched([run])
        graph = getattr(run[0][0], "graph", None) if run[0] else None
        fetches = [_element(graph, fetch) for fetch, _ in pairs]
        fed = run[0][2] if len(run[0]) > 2 else run[1].get("feed_dict")
        feeds = {_element(graph, key): value for key, value in dict(fed or {}).items()}
        runs_fetched.append((fetches, [result for _, result in pairs], feeds))
    return runs_fetched


#: Values a right answer may well share with a constant of its graph (``tf.maximum(x, 0.0)``
#: that gives 0): a result made only of these is never called typed in.
_COMMON_VALUES = (-1, 0, 1)


def _typed_in(fetch: object, result: object, feeds: dict[object, object]) -> bool:
    """Whether ``result``, fetched from ``fetch``, is already the value of a constant among the
    fetch's ancestors or of a tensor the run fed them (the same numbers, whatever the shape): a
    number typed in and passed through ops (``v * 1.0``, ``tf.matmul(v, tf.eye(1))``). Results
    made only of -1, 0 and 1 are left alone (a right answer's result may equal a constant)."""
    from tensorflow.python.framework import tensor_util

    got = _numbers(result)
    if got is None or np.isin(got, _COMMON_VALUES).all() or not hasattr(fetch, "op"):
        return False
    for op in ancestors(fetch):
        held = []
        if op.type == "Const":
            with contextlib.suppress(ValueError, TypeError):
                held.append(tensor_util.MakeNdarray(op.get_attr("value")))
        held += [value for key, value in feeds.items()
                 if key is op or any(key is output for output in op.outputs)]
        if any(_same_numbers(got, _numbers(value)) for value in held):
            return True
    return False


def _numbers(value: object) -> np.ndarray | None:
    """``value`` as a flat array of numbers, or None when it is not one (a graph's tensor)."""
    with contextlib.suppress(TypeError, ValueError, NotImplementedError):
        flat = np.asarray(value).ravel()
        if flat.dtype.kind in "biuf" and flat.size:
            return flat
    return None


def _same_numbers(got: np.ndarray, held: np.ndarray | None) -> bool:
    """Whether two flat arrays hold the same numbers in the same order."""
    return held is not None and held.size == got.size and bool(np.array_equal(held, got))


def _element(graph: object, fetch: object) -> object:
    """The tensor or op that a string fetch names in ``graph``; any other fetch as it is."""
    if isinstance(fetch, str) and graph is not None:
        with contextlib.suppress(KeyError, ValueError, TypeError):
            return graph.as_graph_element(fetch)
    return fetch


def _equal(value: object, result: object) -> bool:
    """Whether an answer's value is a fetched result: the same numbers in the same shape."""
    try:
        got, want = np.asarray(value), np.asarray(result)
        return got.shape == want.shape and got.dtype != object and \
            bool(np.array_equal(got, want))
    except (TypeError, ValueError):
        return False


def _held(function: Callable) -> dict[str, object]:
    """The values ``function`` holds besides its globals: default arguments and closure cells,
    by parameter or free-variable name."""
    held = dict(zip(function.__code__.co_varnames[function.__code__.co_argcount
                                                  - len(function.__defaults__ or ()):],
                    function.__defaults__ or (), strict=False))
    held.update(function.__kwdefaults__ or {})
    for name, cell in zip(function.__code__.co_freevars, function.__closure__ or (),
                          strict=True):
        with contextlib.suppress(ValueError):  # a free name not bound yet
            held[name] = cell.cell_contents
    return held


def _reached(function: object, notebook: str) -> tuple[list[Callable], dict[str, object]]:
    """The functions that ``function`` (a function or any callable) runs and the values it
    holds beyond them: the functions and classes of the notebook (module ``notebook``) it reads
    as globals, those it holds in a default argument or a closure, a ``functools.partial``'s
    function and arguments, a bound method's function and object, an object's methods and
    attributes, for an object or class that the notebook defines, and what another package's
    object holds (an ``argparse.Namespace`` of modules, an ``np.vectorize``'s function)."""
    import inspect

    found: list[Callable] = []
    held: dict[str, object] = {}
    seen: set[int] = set()
    todo = [function]
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, functools.partial):
            held.update({f"{current.func!r} argument": value for value in current.args})
            held.update(current.keywords)
            todo += [current.func, *current.args, *current.keywords.values()]
        elif inspect.ismethod(current):
            todo += [current.__func__, current.__self__]
        elif inspect.isfunction(current):
            current = inspect.unwrap(current)
            found.append(current)
            todo += [value for value in _held(current).values()
                     if callable(value) or _holder(value)]
            todo += [value for value in reads(current).values()
                     if getattr(value, "__module__", None) == notebook or _holder(value)]
        elif getattr(type(current), "__module__", None) == notebook or \
                isinstance(current, type) and current.__module__ == notebook:
            klass = current if isinstance(current, type) else type(current)
            todo += [member for each in klass.__mro__ if each.__module__ == notebook
                     for member in vars(each).values()
                     if inspect.isfunction(member) or isinstance(member, staticmethod |
                                                                  classmethod | property)]
            attributes = {} if isinstance(current, type) else getattr(current, "__dict__", {})
            held.update(attributes)
            todo += list(attributes.values())
        elif isinstance(current, staticmethod | classmethod):
            todo.append(current.__func__)
        elif isinstance(current, property):
            todo += [each for each in (current.fget, current.fset) if each is not None]
        elif _holder(current):  # another package's object: what it holds is reached too
            attributes = dict(list(vars(current).items())[:100])
            held.update({f"{type(current).__name__}.{name}": value
                         for name, value in attributes.items()})
            todo += [value for value in attributes.values() if callable(value)]
    return found, held


def _holder(value: object) -> bool:
    """Whether ``value`` is an object that holds attributes (an ``argparse.Namespace``, an
    ``np.vectorize``): not a module, a class, a function or an array."""
    import inspect

    return hasattr(value, "__dict__") and not isinstance(value, ModuleType | type) and \
        not inspect.isroutine(value) and not isinstance(value, np.ndarray)


def _contents(values: dict[str, object], depth: int = 3) -> list[tuple[str, object]]:
    """Each of ``values`` by name, and what the lists, tuples, sets and dicts among them hold
    (keys and values), a few levels down, by the name that holds them: a function of a package
    kept in a plain global (``{"net": tf.keras.applications.VGG16}``) is that package's."""
    found = list(values.items())
    for name, value in values.items():
        if depth and isinstance(value, list | tuple | set | frozenset | dict):
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else list(value)
            found += _contents({f"{name}[{index}]": item
                                for index, item in enumerate(items[:1000])}, depth - 1)
    return found


def _codes(code: CodeType | None) -> list[CodeType]:
    """``code`` and every code object defined inside it (functions, lambdas, comprehensions)."""
    if not isinstance(code, CodeType):
        return []
    return [code] + [inner for constant in code.co_consts for inner in _codes(constant)
                     if isinstance(constant, CodeType)]


#: The modules a check cell uses, by the name the notebook's set-up gives them: an answer that
#: rebinds one (a copy of NumPy whose ``allclose`` says yes) fools every check after it.
_INTACT = {"np": "numpy", "tf": "tensorflow", "checks": "cs20_helpers.checks",
           "rules": "cs20_helpers.rules"}
#: Functions of those modules the checks compare with, as they were when this module loaded.
_ORIGINALS = {(module, name): getattr(sys.modules[module], name)
              for module, names in (("numpy", ("allclose", "isclose", "array_equal", "asarray",
                                                "array", "shape", "isfinite")),
                                    ("cs20_helpers.checks", ("near", "between", "ancestors",
                                                             "recording", "fetched")))
              for name in names if module in sys.modules}


def _intact(names: dict[str, object]) -> None:
    """AssertionError when the notebook's ``np``, ``tf``, ``tf1``, ``checks`` or ``rules`` is
    not the module it was, or a function the checks compare with was replaced."""
    expected = {name: sys.modules.get(module) for name, module in _INTACT.items()}
    if "tensorflow" in sys.modules:
        expected["tf1"] = sys.modules["tensorflow"].compat.v1
    for name, module in expected.items():
        if name in names and module is not None and names[name] is not module:
            raise AssertionError(f"your answer rebinds {name}, which the checks use: leave it "
                                 "as the notebook's set-up made it")
    for (module, name), original in _ORIGINALS.items():
        if getattr(sys.modules[module], name, None) is not original:
            raise AssertionError(f"your answer replaced {module}.{name}, which the checks use")


def _unshadowed(names: dict[str, object], check: str) -> None:
    """AssertionError when a name the running check cell ``check`` reads is a builtin or a
    module that a cell rebound (``abs = ...``, ``json = ...``; ``cell_record`` keeps what each
    cell rebound): the check would run the answer's stand-in instead of what it reads."""
    try:
        read = {node.id for node in ast.walk(ast.parse(check)) if isinstance(node, ast.Name)}
    except SyntaxError:
        return
    record = cell_record.current()
    priors: dict[str, object] = {}
    for number in sorted(record.shadowed) if record is not None else ():
        for name, prior in record.shadowed[number].items():
            priors.setdefault(name, prior)
    builtin = cell_record.python_builtins()
    for name in sorted(read):
        prior = priors.get(name, builtin.get(name, names.get(name)))
        if names.get(name, builtin.get(name)) is not prior:
            raise AssertionError(f"a cell rebinds {name}, which the checks use: leave it as "
                                 "Python and the notebook's set-up made it")


def _history(names: dict[str, object]) -> list[str]:
    """The cells the kernel ran, the running check last: from the kernel's own record
    (``cell_record``, kept since set-up: an answer can append to IPython's history, not to it),
    else (no cell kept yet: nbval keeps no history) from IPython's history (an answer can rebind
    the name ``In``, not that list), else
    ``names["In"]`` where no IPython shell runs (the tests). AssertionError when a kernel that
    keeps history holds none (the answer emptied it) or the record stopped (the answer removed
    its hook)."""
    record = cell_record.current()
    if record is not None and record.cells:  # none where no cell keeps history (nbval)
        if not record.alive():
            raise AssertionError("a cell removed the kernel's record of the cells it ran, which "
                                 "the checks rely on: restart the kernel and run all")
        return record.history()
    try:
        from IPython import get_ipython
    except ImportError:
        shell = None
    else:
        shell = get_ipython()
    if shell is None:
        return list(names.get("In") or [])
    history = list(shell.history_manager.input_hist_parsed)
    if not any(history) and shell.execution_count > 1:
        raise AssertionError("the kernel's history of the cells it ran was emptied: the check "
                             "cannot run your answer again; restart the kernel and run all")
    return history


def _answer(history: Sequence[str], names: Sequence[str]) -> tuple[int, str] | None:
    """The index and source of the latest cell in ``history`` before the running check that
    binds one of ``names`` (``answer_cell``)."""
    if not any(history):
        return None
    for index in range(len(history) - 2, -1, -1):
        try:
            if cell_record.top_level_names(history[index])[0] & set(names):
                return index, history[index]
        except SyntaxError:
            continue
    raise AssertionError(f"run the cell that defines {', '.join(names)}, then this check")


def again(names: dict[str, object], answer: str | Sequence[str],
          **fresh: object) -> dict[str, object] | None:
    """Run the answer cell again as ``enforce`` does, without rules: the cell the kernel's
    record holds that binds ``answer``, from the names as they were before it ran, with the
    environment variables and the default graph's collections as they were then too, and
    ``fresh`` values put in; return the copy of the names it ran in. A hidden test's re-run on
    inputs of its own, which the answer cannot tell from ``enforce``'s by the names it left.
    None where the kernel keeps no history (nbval)."""
    wanted = (answer,) if isinstance(answer, str) else tuple(answer)
    found = _answer(_history(names), wanted)
    if found is None:
        return None
    index, source = found
    record = cell_record.current()
    try:
        with record.as_before(index) if record else contextlib.nullcontext():
            return rerun(source, _start(names, index, source),
                         filename=record.files.get(index) if record else None, **fresh)
    except Exception as error:  # the student's cell, run again: theirs
        raise AssertionError(f"your answer raised {type(error).__name__} when the check ran "
                             f"it again: {error}") from error


def answer_cell(history: Sequence[str], *names: str) -> str | None:
    """Return the latest cell in ``history`` (IPython's ``In``, whose last entry is the running
    check) that binds one of ``names``, by assignment or by ``def`` (a cell that only defines
    the answer's function counts: ``checks.answer_source`` sees assignments alone);
    AssertionError, saying what to run, when none does. None when the kernel keeps no history
    (nbval): there no answer can be re-run."""
    found = _answer(history, names)
    return None if found is None else found[1]


def _resolve(target: str, names: dict[str, object]) -> tuple[object, str]:
    """Return the owner and attribute that ``target`` names: its first part is one of the
    notebook's names (``tf``, ``tf1``) or a module path; the rest are attributes. (A target
    without a dot, a function of the notebook, is recorded in the re-run's names instead.)"""
    parts = target.split(".")
    if parts[0] in names:
        owner, rest = names[parts[0]], parts[1:-1]
    else:
        for cut in range(len(parts) - 1, 0, -1):
            with contextlib.suppress(ImportError):
                owner, rest = importlib.import_module(".".join(parts[:cut])), parts[cut:-1]
                break
        else:
            raise ValueError(f"rule names {target}, which is not importable")
    for attr in rest:
        owner = getattr(owner, attr)
    return owner, parts[-1]


def _counting(function: Callable, calls: dict[str, list[Call]],
              into: list[dict[str, int]]) -> Callable:
    """``function``, counting for each of its calls how many calls of each target it made."""
    @functools.wraps(function)
    def counted(*args: object, **kwargs: object) -> object:
        before = {target: len(made) for target, made in calls.items()}
        try:
            return function(*args, **kwargs)
        finally:
            into.append({target: len(made) - before[target] for target, made in calls.items()})
    return counted


def _recorder(function: object, target: str, calls: list[Call]) -> Callable:
    """``function`` (a notebook's own, named by a target without a dot), recording each call as
    ``checks.recording`` does; ValueError when the notebook has no such function."""
    if not callable(function):
        raise ValueError(f"rule names {target}, which is not a function of the notebook")

    @functools.wraps(function)
    def record(*args: object, **kwargs: object) -> object:
        result = function(*args, **kwargs)
        calls.append((args, kwargs, result))
        return result
    return record


#: TensorFlow's public API modules (``tf.compat.v1`` may be imported under either name).
_API = ("tensorflow._api.", "tensorflow.compat.")


def _aliases(owner: object, attr: str) -> list[tuple[object, str]]:
    """Where ``owner.attr`` can be called from: for a function of TensorFlow, every module of
    TensorFlow that holds it, the public API's (``tf.einsum`` is ``tf.linalg.einsum``,
    ``tf1.reshape`` is ``tf.reshape``) and the internal ones, where it is defined among them
    (``tensorflow.python.ops.nn_impl_distribute.compute_average_loss``), so a rule holds
    whichever spelling or route an answer uses; else ``owner`` alone. A class is recorded in
    the API's modules only: its own module's name for it is what its methods' ``super()``
    reads."""
    function = getattr(owner, attr)
    if not isinstance(owner, ModuleType) or not owner.__name__.startswith("tensorflow"):
        return [(owner, attr)]
    found = [(module, name) for module in list(sys.modules.values())
             if isinstance(module, ModuleType) and (
                 module.__name__ == "tensorflow" or module.__name__.startswith(_API) or
                 not isinstance(function, type) and
                 module.__name__.split(".")[0] == "tensorflow")
             for name, value in list(vars(module).items()) if value is function]
    return found if (owner, attr) in found else [(owner, attr), *found]


@contextlib.contextmanager
def _recorded(targets: Sequence[str], names: dict[str, object]
              ) -> Iterator[tuple[dict[str, list[Call]], dict[str, Callable]]]:
    """Within the ``with`` block, record every call of each target, by target (targets that
    name one function, ``tf1.Session.run`` and SESSION_RUN, share one record, made where the
    function is defined); give also the recording stand-ins of the notebook's own functions,
    to put in the re-run's names."""
    with contextlib.ExitStack() as stack:
        calls: dict[str, list[Call]] = {}
        own: dict[str, Callable] = {}
        places: dict[int, list[tuple[str, object, str]]] = {}  # by the function called
        for target in dict.fromkeys(targets):
            if "." in target:
                owner, attr = _resolve(target, names)
                places.setdefault(id(getattr(owner, attr)), []).append((target, owner, attr))
            else:
                calls[target] = []
                own[target] = _recorder(names.get(target), target, calls[target])
        for same in places.values():  # one record per function, where it is defined
            target, owner, attr = next((place for place in same if place[2] in vars(place[1])),
                                       same[0])
            made: list[Call] = []
            for where, name in _aliases(owner, attr):
                stack.enter_context(patched(
                    where, name, lambda original, t=target, m=made: _recorder(original, t, m)))
            calls.update((each, made) for each, _, _ in same)
        yield calls, own


def enforce(rules: Sequence[Rule], names: dict[str, object], answer: str | Sequence[str],
            then: Callable[[dict[str, object]], object] | None = None,
            **fresh: object) -> dict[str, object] | None:
    """Re-run the answer cell (the latest in the kernel's history that binds ``answer``, a name
    or several: ``answer_cell``) in a copy of ``names`` without the names that cell binds, with
    ``fresh`` values put in (and the notebook's own functions that rules name, recording), then
    ``then(copy)`` (the check calling the answer's functions), every call the rules name
    recorded; raise AssertionError with the ``why`` of the first rule broken and what broke it.
    First the modules the checks use must be intact (``_intact``) and the builtins and modules
    the running check reads not rebound (``_unshadowed``). The re-run sees the environment
    variables and the default graph's collections as they were before the answer cell ran
    (``cell_record``), not a mark its first run left there to take another way when run
    again. Return the copy, or None when the
    kernel keeps no history (nbval): nothing is enforced."""
    wanted = (answer,) if isinstance(answer, str) else tuple(answer)
    _intact(names)
    history = _history(names)
    found = _answer(history, wanted)
    if found is None:
        return None
    _unshadowed(names, history[-1])
    index, source = found
    reaching = answer_uses_the_kernel(source, names)
    if reaching:
        raise AssertionError(f"your answer uses {', '.join(reaching)}: no exercise needs it, and "
                             "the checks cannot trust an answer that reaches the kernel or the "
                             "checker; write the answer without it")
    for rule in rules:
        broken = rule.check_cell(source, names) if isinstance(rule, Without) else None
        if broken:
            raise AssertionError(f"{rule.why} ({broken})")
    before = _start(names, index, source)
    per_call: dict[str, list[dict[str, int]]] = {}
    watched = [target for rule in rules for target in rule.watched()]
    record = cell_record.current()
    filename = record.files.get(index) if record else None
    as_before = record.as_before(index) if record else contextlib.nullcontext()
    with _recorded(watched, names) as (calls, own), as_before:
        try:
            copy = rerun(source, before, filename=filename, **{**own, **fresh})
            for rule in rules:
                function = getattr(rule, "per", None)
                if function and function not in per_call and callable(copy.get(function)):
                    per_call[function] = []
                    copy[function] = _counting(copy[function], calls, per_call[function])
            if then is not None:
                then(copy)
        except AssertionError:
            raise
        except Exception as error:  # the student's cell or function, run again: theirs
            raise AssertionError(f"your answer raised {type(error).__name__} when the check "
                                 f"ran it again: {error}") from error
    for name in wanted:
        for where in (names, copy):
            if name in where:
                _plain(name, where[name], str(names.get("__name__", "__main__")))
    for rule in rules:
        broken = rule.check(copy, calls, per_call)
        if broken:
            raise AssertionError(f"{rule.why} ({broken})")
    return copy


#: Builtins an answer has no need for, and which reach the kernel, the checker or other code.
_KERNEL_NAMES = {"globals", "locals", "vars", "get_ipython", "exec", "eval", "compile",
                 "__import__", "setattr", "delattr", "__builtins__", "breakpoint", "dir"}
#: Builtins that read an attribute by name: a name computed at run time hides a dunder.
_BY_NAME = {"getattr", "hasattr"}
#: Modules an answer has no need for, which reach the kernel, the interpreter or the checker.
_KERNEL_MODULES = {"sys", "inspect", "builtins", "gc", "ctypes", "IPython", "ipykernel",
                   "importlib", "cs20_helpers", "__main__", "traceback", "types", "dis",
                   "unittest"}
#: Dunder attributes an answer may use: the rest reach code, globals or classes.
_PLAIN_DUNDERS = {"__init__", "__name__", "__doc__", "__version__", "__len__", "__call__",
                  "__main__"}
#: A dunder name, as an attribute or a string.
_DUNDER = re.compile(r"__\w+__")


def answer_uses_the_kernel(source: str, names: dict[str, object]) -> list[str]:
    """What in the answer cell ``source`` reaches past the task into the kernel, the
    interpreter or the checker: a name of ``_KERNEL_NAMES``, an import of ``_KERNEL_MODULES``,
    a dunder attribute (but ``_PLAIN_DUNDERS``) or name bound, or named in a string
    (``getattr(f, "__wrapped__")``), an attribute read by a name computed at run time
    (``getattr(f, "_" * 2 + ...)``), an attribute set or deleted on anything the notebook did
    not define (a module, a class, a function, an object of a library: ``np.mean = ...``,
    ``coord._joined = True``, ``logging.getLogger("x").mark = 1``) but a NumPy array or a
    protocol buffer (a config's field), or an item set in a module's object
    (``np.typecodes["x"] = ""``).
    No exercise needs any of these, and each can tell the check's re-run from the notebook's
    run (a mark left where the re-run finds it), choose what is re-run, or disarm a check
    (issue 46's fresh attacks)."""
    notebook = str(names.get("__name__", "__main__"))
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id in _KERNEL_NAMES:
            found.append(node.id)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and \
                node.id.startswith("__") and node.id.endswith("__"):
            found.append(f"{node.id} =")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                else [node.module or ""]
            found += [f"import {module}" for module in modules
                      if module.split(".")[0] in _KERNEL_MODULES]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                _DUNDER.fullmatch(node.value) and node.value not in _PLAIN_DUNDERS:
            found.append(repr(node.value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in _BY_NAME and not (
                    len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
            found.append(f"{node.func.id} with a computed name")
        elif isinstance(node, ast.Attribute):
            if _DUNDER.fullmatch(node.attr) and node.attr not in _PLAIN_DUNDERS:
                found.append(f".{node.attr}")
            elif isinstance(node.ctx, ast.Store | ast.Del) and \
                    _foreign(node.value, names, notebook):
                found.append(f"{ast.unparse(node)} set")
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del) and \
                isinstance(node.value, ast.Attribute) and \
                isinstance(_looked_up(_root(node.value), names), ModuleType):
            found.append(f"{ast.unparse(node)} set")
    return sorted(set(found))


def _root(node: ast.expr) -> ast.expr:
    """The name a chain of attributes and calls starts from (``np`` of ``np.typecodes``)."""
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def _foreign(owner_node: ast.expr, names: dict[str, object], notebook: str) -> bool:
    """Whether an attribute set on ``owner_node`` changes something the notebook did not make:
    the result of a call (``logging.getLogger("x")``), or a module, a class, a function or an
    object that is not the notebook's, a NumPy array or a protocol buffer."""
    if any(isinstance(node, ast.Call) for node in ast.walk(owner_node)):
        return True
    owner = _looked_up(owner_node, names)
    if owner is None or isinstance(owner, np.ndarray) or \
            type(owner).__module__.endswith("_pb2") or \
            any(klass.__module__.startswith("google.protobuf") for klass in type(owner).__mro__):
        return False
    if isinstance(owner, ModuleType):
        return True
    if isinstance(owner, type) or callable(owner) and hasattr(owner, "__code__"):
        return getattr(owner, "__module__", notebook) != notebook
    return type(owner).__module__ != notebook


def _looked_up(node: ast.expr, names: dict[str, object]) -> object:
    """The object that a name or a chain of attributes (``tf1.train``) is in ``names``; None
    for anything else or a name not there."""
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _looked_up(node.value, names)
        return None if owner is None else getattr(owner, node.attr, None)
    return None


def _start(names: dict[str, object], index: int, source: str) -> dict[str, object]:
    """The names the answer cell is re-run in: the notebook's, without those the cell binds (a
    marker it could test to take another branch the second time), as if it ran for the first
    time; but with the values it read before rebinding them (``emb = emb / norm``) as they were
    before it ran (``cell_record``), or, where no record is kept, as they are."""
    bound, read = cell_record.top_level_names(source)
    start = {name: value for name, value in names.items() if name not in bound}
    record = cell_record.current()
    if record is not None:
        start.update(record.before.get(index, {}))
    else:
        start.update({name: names[name] for name in bound & read if name in names})
    return start


#: What a class must not define for its values to count as plain: the ways a value answers a
#: comparison, a conversion or NumPy itself (a class whose ``==`` always says yes).
_ANSWERING = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__sub__", "__rsub__",
              "__abs__", "__neg__", "__float__", "__int__", "__index__", "__bool__", "__len__",
              "__iter__", "__getitem__", "__array__", "__array_ufunc__",
              "__array_function__", "__array_finalize__", "__array_wrap__", "__round__"}


#: The packages whose own classes may answer comparisons themselves (NumPy's arrays and
#: scalars, TensorFlow's tensors, protocol buffers such as a RunMetadata): a value's class must
#: be theirs, not one that says so.
_TRUSTED_PACKAGES = {"builtins", "numpy", "tensorflow", "keras", "tf_keras", "collections",
                     "google"}


#: Python's own classes that ``builtins`` does not name (None's, ...'s).
_BUILTIN_SINGLETONS = (type(None), type(Ellipsis), type(NotImplemented))


def _trusted(klass: type) -> bool:
    """Whether ``klass`` is the class its package defines under its name (``np.float64``), not
    one made elsewhere (by a cell, by ``type()``) that names that package as its module."""
    if klass in _BUILTIN_SINGLETONS:
        return True
    module = sys.modules.get(str(getattr(klass, "__module__", "")))
    found: object = module
    for part in klass.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is klass and str(klass.__module__).split(".")[0] in _TRUSTED_PACKAGES


def _plain(name: str, value: object, notebook: str, depth: int = 0) -> None:
    """AssertionError when ``value`` (or an item of it, a few levels down) belongs to a class
    that answers comparisons or conversions itself and is not one of NumPy's, TensorFlow's or
    Python's own (``_trusted``): the checks compare values with ``==``, ``-`` and NumPy, which
    such a class can make say yes to anything."""
    for klass in type(value).__mro__:
        if _ANSWERING & set(vars(klass)) and not _trusted(klass):
            raise AssertionError(f"{name} holds a {type(value).__name__}, a class that answers "
                                 "comparisons itself and is not NumPy's, TensorFlow's or "
                                 "Python's own: give plain values (numbers, tuples, lists, "
                                 "arrays), which the checks compare")
    if depth < 3 and isinstance(value, list | tuple | set | frozenset | dict):
        items = list(value.items()) if isinstance(value, dict) else list(value)
        for item in items[:1000]:
            _plain(name, item, notebook, depth + 1)
