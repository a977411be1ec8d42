"""What the gaming answers of the second attack share, pasted into their cells: the checker
disarmed, the next cell wrapped or stripped, the re-run told apart, the history forged."""

# Pieces shared by the gaming answers (each answer is one whole cell; these are pasted in).

#: ``cs20_helpers.rules.enforce`` replaced, on the module itself (the notebook's ``rules`` stays
#: the module, so ``_intact`` sees nothing), by a stand-in that puts the real one back when it
#: is called and returns None (what enforce returns where the kernel keeps no history); a
#: post_run_cell hook puts it back after the check cell in any case.
FAKE_ENFORCE = """
import builtins as _atk_builtins
import cs20_helpers.rules as _atk_rules
_atk_real = _atk_builtins.__dict__.setdefault("_atk_real_enforce", _atk_rules.enforce)


def _atk_fake(*args, _real=_atk_real, _module=_atk_rules, **kwargs):
    _module.enforce = _real
    return None


def _atk_undo(*args, _n=[0], _real=_atk_real, _module=_atk_rules, _shell=get_ipython()):
    _n[0] += 1
    if _n[0] >= 2:  # this cell's own post_run_cell, then the check's
        _module.enforce = _real
        _shell.events.unregister("post_run_cell", _atk_undo_hook)


_atk_undo_hook = _atk_undo
_atk_rules.enforce = _atk_fake
get_ipython().events.register("post_run_cell", _atk_undo)
"""

#: An IPython input transformer that wraps the next cell run (the check) in
#: ``try: ... except Exception: pass`` (ipykernel transforms a cell twice: both get it) and
#: removes itself at the cell after it, which it leaves as it is; installed only in the
#: notebook's own run, not in a check's re-run.
WRAP_NEXT_CELL = """
def _atk_wrap(lines, _seen=[], _shell=get_ipython()):
    text = "".join(lines)
    if _seen and text != _seen[0]:
        _shell.input_transformers_post.remove(_seen[1])
        return lines
    _seen[:] = [text, _atk_wrap_hook]
    return ["try:\\n"] + ["    " + line for line in lines] + ["\\nexcept Exception:\\n    pass\\n"]


_atk_wrap_hook = _atk_wrap
if globals() is get_ipython().user_ns:
    get_ipython().input_transformers_post.append(_atk_wrap)
"""


def _indent(source: str) -> str:
    """``source`` indented by one level (for an ``if`` branch)."""
    return "".join("    " + line if line.strip() else line
                   for line in source.strip("\n").splitlines(keepends=True)) + "\n"


def _if_rerun(detect: str, again: str, first: str) -> str:
    """A cell that runs ``again`` when ``detect`` says the check is re-running it, else
    ``first``."""
    return f"{detect}\nif _atk_again:\n{_indent(again)}else:\n{_indent(first)}"


def _forged(lazy: str, right: str) -> str:
    """A cell that runs ``lazy`` and appends ``right`` (a rule-abiding answer) to the kernel's
    own history, where the check takes the latest cell that binds the answer's names to run it
    again: the re-run runs ``right``, the names graded come from ``lazy``."""
    return lazy + f"\nget_ipython().history_manager.input_hist_parsed.append({right!r})\n"


#: Ways an answer can tell the check's re-run from the notebook's own run.
BY_GLOBALS = "_atk_again = globals() is not get_ipython().user_ns"
BY_FILENAME = ("import sys as _atk_sys\n"
               "_atk_again = 're-run' in _atk_sys._getframe(0).f_code.co_filename")
BY_STDOUT = "import sys as _atk_sys\n_atk_again = type(_atk_sys.stdout).__name__ == 'StringIO'"
BY_WRAPPED = "_atk_again = hasattr(tf1.Session.run, '__wrapped__')"


#: An IPython AST transformer that turns every ``assert`` of the next cell run (the check) into
#: ``pass`` and every call of an ``enforce`` into None, then removes itself; installed only in
#: the notebook's own run.
STRIP_NEXT_CELL = """
import ast as _atk_ast


class _AtkStrip(_atk_ast.NodeTransformer):
    def visit_Assert(self, node):
        return _atk_ast.copy_location(_atk_ast.Pass(), node)

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, _atk_ast.Attribute) and node.func.attr == "enforce":
            return _atk_ast.copy_location(_atk_ast.Constant(None), node)
        return node

    def visit_Module(self, node, _shell=get_ipython()):
        _shell.ast_transformers.remove(self)
        self.generic_visit(node)
        return _atk_ast.fix_missing_locations(node)


if globals() is get_ipython().user_ns:
    get_ipython().ast_transformers.append(_AtkStrip())
"""

#: Values that say yes to every ``==``: subclasses of int, str, tuple and list.
YES_MEN = """
class _AtkYesInt(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class _AtkYesStr(str):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = str.__hash__


class _AtkYesTuple(tuple):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = tuple.__hash__


class _AtkYesList(list):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False
"""
