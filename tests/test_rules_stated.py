"""Issue 46: where a notebook's checks enforce rules, every exercise does, and the instructors'
guide lists every rule as its check states it."""

import ast
from pathlib import Path

import nbformat
import pytest

from cs20_helpers.tools import exercises
from cs20_helpers.tools.runner import find_notebooks

GUIDE = Path(__file__).parent.parent / "docs" / "instructors.md"
KINDS = {"Calls", "FromRun", "Runs", "Only", "Without"}
#: What a check cell says when its task states no rule (a count may be made by hand).
NO_RULE = "# The task states no rule"


def _ruled() -> list[Path]:
    """The course notebooks whose code imports ``cs20_helpers.rules``."""
    return [path for path in find_notebooks()
            if "rules" in path.read_text(encoding="utf-8") and any(
                "from cs20_helpers import" in cell.source and "rules" in cell.source
                for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code")]


def _rules(source: str) -> list[ast.Call]:
    """The ``rules.<Kind>(...)`` records a check cell writes down."""
    return [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr in KINDS
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "rules"]


def test_some_notebooks_enforce_rules():
    assert _ruled(), "no course notebook imports cs20_helpers.rules"


@pytest.mark.parametrize("path", _ruled(), ids=lambda path: path.stem[:2])
def test_every_exercise_states_its_rules_and_the_guide_lists_them(path):
    nb = nbformat.read(path, as_version=4)
    guide = " ".join(GUIDE.read_text(encoding="utf-8").split())
    for exercise in exercises.exercises(nb):
        source = nb.cells[exercise.check].source
        found = _rules(source)
        assert "rules.enforce(" in source or NO_RULE in source, \
            f"{exercise.id} neither enforces rules nor says {NO_RULE!r}"
        for record in found:
            why = {k.arg: k.value for k in record.keywords}.get("why")
            assert isinstance(why, ast.Constant) and isinstance(why.value, str) and why.value, \
                f"{exercise.id}: a rule without its why"
            assert " ".join(why.value.split()) in guide, \
                f"{exercise.id}: docs/instructors.md does not list the rule {why.value!r}"
