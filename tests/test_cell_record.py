"""cell_record: in an IPython shell, the checks re-run the cell as it ran, from the values it read
before it ran, and a cell that disarms the checker makes the next cell fail (issue 46)."""

import pytest
from IPython.core.interactiveshell import InteractiveShell
from traitlets.config import Config

from cs20_helpers import cell_record, rules

SET_UP = """
import numpy as np
import tensorflow as tf
from cs20_helpers import cell_record, checks, rules
tf1 = tf.compat.v1
cell_record.install()
"""


def _shell() -> InteractiveShell:
    """An in-process IPython shell whose history stays in memory (no file under ~/.ipython)."""
    config = Config()
    config.HistoryManager.hist_file = ":memory:"
    return InteractiveShell.instance(config=config)


@pytest.fixture
def shell():
    """A fresh in-process IPython shell that ran a notebook's set-up; gone after the test."""
    shell = _shell()
    run(shell, SET_UP)
    yield shell
    cell_record._RECORDS.pop(id(shell), None)
    InteractiveShell.clear_instance()


def run(shell: InteractiveShell, source: str) -> object:
    """Run ``source`` as a cell with history kept; return what it raised (None if nothing)."""
    result = shell.run_cell(source, store_history=True, silent=False)
    return result.error_before_exec or result.error_in_exec


def check(rule: str, answer: str) -> str:
    """A check cell that enforces ``rule`` (source of a list of rules) on the name ``answer``."""
    return f"rules.enforce({rule}, globals(), {answer!r})\n"


NORM = '[rules.Calls("np.linalg.norm", 1, 1, why="normalise with np.linalg.norm")]'


def test_a_cell_that_rebinds_what_it_read_is_re_run_from_the_values_before_it(shell):
    assert run(shell, "x = np.arange(3.0)\nemb = np.ones(3)\n") is None
    assert run(shell, "x = x + 1\nemb = emb / np.linalg.norm(emb)\n") is None
    assert run(shell, "again = rules.enforce(" + NORM + ", globals(), 'emb')\n") is None
    names = shell.user_ns
    np_ = names["np"]
    # The re-run read x as it was before the cell ran: x + 1 once, not twice.
    assert np_.array_equal(names["again"]["x"], names["x"])
    assert np_.allclose(names["again"]["emb"], names["emb"])


def test_a_marker_the_answer_binds_is_not_there_when_it_is_re_run(shell):
    answer = ("try:\n    _seen\n    emb = np.ones(3) / 3 ** 0.5\nexcept NameError:\n"
              "    emb = np.ones(3) / np.linalg.norm(np.ones(3))\n_seen = 1\n")
    assert run(shell, answer) is None
    assert run(shell, check(NORM, "emb")) is None
    assert run(shell, answer) is None  # run again: now the marker is there, and no norm call
    error = run(shell, check(NORM, "emb"))
    assert isinstance(error, AssertionError) and "np.linalg.norm was called 0 times" in str(error)


def test_a_history_the_answer_forges_is_not_the_one_re_run(shell):
    right = "emb = np.ones(3) / np.linalg.norm(np.ones(3))\n"
    forged = ("emb = np.ones(3) / 3 ** 0.5\n"
              f"get_ipython().history_manager.input_hist_parsed.append({right!r})\n")
    assert run(shell, forged) is None
    assert cell_record.current().history()[-1] == forged  # the record kept what ran
    error = run(shell, check(NORM, "emb"))
    assert isinstance(error, AssertionError) and "your answer uses get_ipython" in str(error)


def test_the_re_run_is_compiled_under_the_cells_own_file_name(shell):
    assert run(shell, "def where():\n    return 1\n\nvalue = where()\n") is None
    assert run(shell, "again = rules.enforce([], globals(), 'value')\n") is None
    names = shell.user_ns
    assert names["again"]["where"] is not names["where"]
    assert names["again"]["where"].__code__.co_filename == names["where"].__code__.co_filename


WRAP_NEXT = """
def wrap(lines):
    get_ipython().input_transformers_post.remove(wrap)
    tail = ["\\nexcept BaseException:\\n    pass\\n"]
    return ["try:\\n"] + ["    " + line for line in lines] + tail
get_ipython().input_transformers_post.append(wrap)
"""

STRIP_NEXT = """
import ast
class Strip(ast.NodeTransformer):
    def visit_Assert(self, node):
        return ast.Pass()
get_ipython().ast_transformers.append(Strip())
"""

#: The transformer put in by a post_run_cell hook registered after the record's (so after the
#: record put things back), gone before the record's pre_run_cell looks.
WRAP_LATE = """
def wrap(lines):
    get_ipython().input_transformers_post.remove(wrap)
    tail = ["\\nexcept BaseException:\\n    pass\\n"]
    return ["try:\\n"] + ["    " + line for line in lines] + tail
def put_in(result):
    get_ipython().events.unregister("post_run_cell", put_in)
    get_ipython().input_transformers_post.append(wrap)
get_ipython().events.register("post_run_cell", put_in)
"""

FAKE_ENFORCE = """
import cs20_helpers.rules
cs20_helpers.rules.enforce = lambda *args, **kwargs: None
"""

CODE_SWAPPED = """
import cs20_helpers.rules
cs20_helpers.rules.Calls.check.__code__ = (lambda self, *args: None).__code__
"""


@pytest.mark.parametrize(("disarm", "changed"), [
    (WRAP_NEXT, "input_transformers_post"), (STRIP_NEXT, "ast_transformers"),
    (WRAP_LATE, "an input transformer"),
    (FAKE_ENFORCE, "cs20_helpers.rules.enforce"), (CODE_SWAPPED, "rules.Calls.check")])
def test_a_cell_that_disarms_the_checker_makes_the_next_cell_fail(shell, disarm, changed):
    original = rules.enforce
    assert run(shell, disarm) is None
    error = run(shell, "assert False, 'the check'\n")
    assert isinstance(error, AssertionError) and changed in str(error)
    assert "a cell before this one changed" in str(error)
    # Put back: the next check runs as written.
    assert rules.enforce is original
    error = run(shell, "assert False, 'the check'\n")
    assert isinstance(error, AssertionError) and str(error) == "the check"
    assert run(shell, "emb = np.ones(3) / 2\n") is None
    error = run(shell, check(NORM, "emb"))
    assert isinstance(error, AssertionError) and "called 0 times" in str(error)


def test_a_cell_that_stops_the_record_fails_the_check(shell):
    record = cell_record.current()
    assert run(shell, "emb = np.ones(3) / np.linalg.norm(np.ones(3))\n") is None
    shell.events.unregister("pre_run_cell", record.pre_run_cell)
    error = run(shell, check(NORM, "emb"))
    assert isinstance(error, AssertionError) and "removed the kernel's record" in str(error)


YES = """
class Yes(float):
    def __eq__(self, other):
        return True
    __hash__ = float.__hash__
"""


#: A class made with type(), its comparison and module given without a dunder written out
#: (issue 46's fifth attack): it says its module is NumPy's.
SAYS_NUMPY = """
D = "_" * 2
Agreeing = type("float64", (float,), {D + "eq" + D: lambda self, other: True,
                                      D + "hash" + D: float.__hash__, D + "module" + D: "numpy"})
"""


@pytest.mark.parametrize("value", ["Yes(1.0)", "(1, Yes(2.0))", "{'a': [Yes(0.0)]}",
                                   "Agreeing(2.0)"])
def test_a_value_of_a_class_that_answers_comparisons_itself_is_refused(shell, value):
    assert run(shell, YES) is None and run(shell, SAYS_NUMPY) is None
    assert run(shell, f"answer = {value}\n") is None
    error = run(shell, "rules.enforce([], globals(), 'answer')\n")
    assert isinstance(error, AssertionError) and "answers comparisons itself" in str(error)


@pytest.mark.parametrize("value", ["Pair(1, 2.0)", "np.float32(2.0)", "np.ones(2)",
                                   "tf.constant([1.0])", "(np.int64(1), [True, 'a'])",
                                   "tf1.RunMetadata()", "(None, 7, 7, 512)"])
def test_a_plain_value_passes(shell, value):
    assert run(shell, "import collections\nPair = collections.namedtuple('Pair', 'a b')\n") is None
    assert run(shell, f"answer = {value}\n") is None
    assert run(shell, "rules.enforce([], globals(), 'answer')\n") is None


def test_where_no_cell_keeps_history_as_under_nbval_nothing_is_enforced():
    shell = _shell()
    try:
        for source in (SET_UP, "emb = np.ones(3) / 2\n",
                       "again = rules.enforce(" + NORM + ", globals(), 'emb')\n"):
            assert shell.run_cell(source, store_history=False).error_in_exec is None
        assert shell.user_ns["again"] is None
    finally:
        cell_record._RECORDS.pop(id(shell), None)
        InteractiveShell.clear_instance()


@pytest.mark.parametrize("disarm", [
    "from cs20_helpers import cell_record as _r\n_r._RECORDS.clear()\n",
    "get_ipython().run_cell('emb = np.ones(3) / np.linalg.norm(np.ones(3))\\n', "
    "store_history=True)\n"])
def test_a_cell_that_unkeeps_the_record_or_runs_a_cell_inside_makes_the_next_cell_fail(
        shell, disarm):
    assert run(shell, "emb = np.ones(3) / 3 ** 0.5\n") is None
    assert run(shell, disarm) is None
    error = run(shell, check(NORM, "emb"))
    assert isinstance(error, AssertionError) and "the kernel's record" in str(error)
    error = run(shell, check(NORM, "emb"))
    assert isinstance(error, AssertionError) and "called 0 times" in str(error)


@pytest.mark.parametrize("shadow, reads", [
    ("abs = lambda value: 0.0\n", "abs(emb[0]) < 1"),
    ("import json\n\n\nclass Loose:\n    loads = staticmethod(lambda text: {})\n\n\n"
     "json = Loose()\n", "json.loads('{}') == {}"),
    ("def all(items):\n    return True\n", "all(emb > 0)"),
])
def test_a_builtin_or_module_a_cell_rebound_is_refused_where_the_check_reads_it(shell, shadow,
                                                                                 reads):
    assert run(shell, "import json\nemb = np.ones(3) / np.linalg.norm(np.ones(3))\n") is None
    assert run(shell, shadow + "emb = np.ones(3) / np.linalg.norm(np.ones(3))\n") is None
    check_cell = check(NORM, "emb") + f"assert {reads}\n"
    error = run(shell, check_cell)
    assert isinstance(error, AssertionError) and "which the checks use" in str(error)
    assert run(shell, check(NORM, "emb")) is None  # a check that does not read it is not fooled


def test_a_module_imported_again_under_its_name_is_not_a_rebinding(shell):
    assert run(shell, "import json\n") is None
    assert run(shell, "import json\nimport numpy as np\nemb = np.ones(3) / np.linalg.norm("
                      "np.ones(3))\n") is None
    assert run(shell, check(NORM, "emb") + "assert json.loads('[1]') == [1]\n") is None


def test_what_ipython_adds_to_the_builtins_is_not_a_rebinding(shell):
    """get_ipython is a new bound method at each look-up: a check that calls it is not refused
    (03 ex2's solution was, for a moment)."""
    assert run(shell, "emb = np.ones(3) / np.linalg.norm(np.ones(3))\n") is None
    assert run(shell, check(NORM, "emb") + "assert get_ipython() is not None\n") is None


def test_a_mark_the_answer_leaves_in_the_environment_is_not_there_when_it_is_re_run(shell):
    answer = ("import os\nif os.environ.get('CS20_TEST_SEEN'):\n"
              "    emb = np.ones(3) / np.linalg.norm(np.ones(3))\n"
              "else:\n    os.environ.update(CS20_TEST_SEEN='1')\n    emb = np.ones(3) / 3 ** 0.5\n")
    try:
        assert run(shell, answer) is None
        error = run(shell, check(NORM, "emb"))
        assert isinstance(error, AssertionError) and \
            "np.linalg.norm was called 0 times" in str(error)
        assert shell.user_ns["os"].environ["CS20_TEST_SEEN"] == "1"  # the mark is back after
    finally:
        shell.user_ns["os"].environ.pop("CS20_TEST_SEEN", None)


def test_a_mark_the_answer_leaves_in_the_default_graph_is_not_there_when_it_is_re_run(shell):
    answer = ("if tf1.get_collection('cs20_test_seen'):\n"
              "    emb = np.ones(3) / np.linalg.norm(np.ones(3))\n"
              "else:\n    tf1.add_to_collection('cs20_test_seen', 1)\n"
              "    emb = np.ones(3) / 3 ** 0.5\n")
    try:
        assert run(shell, answer) is None
        error = run(shell, check(NORM, "emb"))
        assert isinstance(error, AssertionError) and \
            "np.linalg.norm was called 0 times" in str(error)
        assert shell.user_ns["tf1"].get_collection("cs20_test_seen") == [1]  # back after
    finally:
        shell.user_ns["tf1"].get_default_graph().clear_collection("cs20_test_seen")


def test_a_hidden_tests_re_run_starts_as_enforce_s_does(shell):
    answer = ("try:\n    seen\n    emb = np.ones(3) / 3 ** 0.5\nexcept NameError:\n"
              "    emb = np.ones(3) * scale\nseen = 1\n")
    assert run(shell, "scale = 2.0\n") is None and run(shell, answer) is None
    assert run(shell, "copy = rules.again(globals(), 'emb', scale=3.0)\n") is None
    np_ = shell.user_ns["np"]
    assert np_.array_equal(shell.user_ns["copy"]["emb"], [3.0, 3.0, 3.0])  # no seen, fresh scale
    error = run(shell, "rules.again(globals(), 'emb', scale=None)\n")
    assert isinstance(error, AssertionError) and \
        "your answer raised TypeError when the check ran it again" in str(error)
