"""Helpers for the runnable CS20SI course: data, notebook set-up, layers, results.

Import what a notebook needs from the submodules, e.g. ``from cs20_helpers import datasets``.
Importing this package never imports TensorFlow, so it stays cheap for the CLI and tests.
"""

from importlib import metadata

from cs20_helpers.paths import profile

try:  # the installed distribution's version (pyproject.toml is its one source)
    __version__ = metadata.version("cs20-helpers")
except metadata.PackageNotFoundError:  # a checkout on sys.path that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__", "profile"]
