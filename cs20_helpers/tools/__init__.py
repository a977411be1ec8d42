"""The course's tooling, for maintainers and instructors: a module for each command.

Notebooks never import from here; ``python -m cs20_helpers`` (or ``cs20``, in ``cli``) is its
command line: ``run`` and ``store`` (``runner``), ``crosscheck``, ``refute`` (``mutants`` makes
the mutants), ``agree`` (``agreement``), ``hygiene``, ``assign``, ``check`` (``grading``: a
student's notebook graded against the instructor's, with ``submission``, ``exercises`` and
``reaper``), ``grade`` (``class_grading``: a class graded N at a time by ``grade_worker``,
each kernel sealed off by ``seal`` and ``seal_init``; ``gradebook`` keeps the records and
the CSV), ``nbgrader-course``, ``site`` and ``data`` (``data_cli``).
"""

__all__: list[str] = []  # a namespace of command modules: import them by name
