"""Import a script of ``benchmarks/`` or ``scripts/`` (not packages) as a module, for its tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = BENCHMARKS.parent / "scripts"


def load_benchmark(name: str, folder: Path = BENCHMARKS) -> ModuleType:
    """Return ``<folder>/<name>.py`` (default ``benchmarks/``) imported as ``benchmark_<name>``."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
