"""The course's tooling, for maintainers and instructors: a module for each command.

Notebooks never import from here; ``python -m cs20_helpers`` (or ``cs20``, in ``cli``) is its
command line: ``run`` and ``store`` (``runner``), ``crosscheck``, ``refute`` (``mutants`` makes
the mutants), ``agree`` (``agreement``), ``hygiene``, ``assign``, ``check`` (``grading``: a
student's notebook graded against the instructor's, with ``submission``, ``exercises`` and
``reaper``), ``nbgrader-course``, ``site`` and ``data`` (``data_cli``).
"""

__all__: list[str] = []  # a namespace of command modules: import them by name
