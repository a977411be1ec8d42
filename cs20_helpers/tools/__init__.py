"""The course's tooling, for maintainers and instructors: run, store, hygiene, assign, check, site.

Notebooks never import from here; ``python -m cs20_helpers`` (or ``cs20``) is its command line.
"""

__all__: list[str] = []  # a namespace of command modules: import them by name
