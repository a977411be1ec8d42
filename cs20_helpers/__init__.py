"""Helpers for the runnable CS20SI course: data, notebook set-up, layers, results.

Import what a notebook needs from the submodules, e.g. ``from cs20_helpers import datasets``.
Importing this package never imports TensorFlow, so it stays cheap for the CLI and tests.
"""

from cs20_helpers.paths import profile

__all__ = ["profile"]
__version__ = "0.1.0"
