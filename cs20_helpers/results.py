"""Record a notebook's headline metrics as a small table and a JSON file.

``record`` is the last cell of every notebook; ``python -m cs20_helpers run`` and the
benchmarks read the JSON files back with ``load``.
"""

from __future__ import annotations

__all__ = ["format_table", "format_value", "load", "Metric", "record"]

import json
import math
import numbers
from pathlib import Path

from cs20_helpers._atomic import write_text_atomic
from cs20_helpers.paths import results_dir


def _as_number(name: str, value: object) -> float | int:
    """Return ``value`` as a plain Python number, or raise if it is not a finite one."""
    if hasattr(value, "item") and not isinstance(value, numbers.Number):
        value = value.item()  # NumPy and TensorFlow scalars
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"metric {name!r} must be a number, not {type(value).__name__}")
    if not math.isfinite(value):
        raise ValueError(f"metric {name!r} is not finite: {value}")
    return int(value) if isinstance(value, numbers.Integral) else float(value)


Metric = float | int | list[float | int]


def _as_metric(name: str, value: object) -> Metric:
    """Return ``value`` as a plain number, or a list or tuple of numbers as a list of them."""
    if isinstance(value, list | tuple):
        if not value:
            raise ValueError(f"metric {name!r} is an empty list")
        return [_as_number(name, item) for item in value]
    return _as_number(name, value)


def format_value(value: Metric) -> str:
    """Show a metric readably: integers and values from 1,000 up with thousands separators,
    tiny values in scientific notation, everything else with 4 decimals; lists item by item."""
    if isinstance(value, list):
        return "[" + ", ".join(format_value(item) for item in value) + "]"
    if isinstance(value, int):
        return f"{value:,}"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if value != 0 and abs(value) < 1e-3:
        return f"{value:.3e}"
    return f"{value:.4f}"


def format_table(metrics: dict[str, Metric]) -> str:
    """Return the metrics as an aligned two-column text table."""
    width = max((len(k) for k in metrics), default=6)
    lines = [f"{'metric':<{width}}  value", f"{'-' * width}  -----"]
    lines += [f"{key:<{width}}  {format_value(value)}" for key, value in metrics.items()]
    return "\n".join(lines)


def record(notebook: str, **metrics: object) -> Path:
    """Print ``metrics`` (numbers, or lists of numbers) as a table and write
    ``<results dir>/<notebook>.json``; return its path."""
    if not metrics:
        raise ValueError("record() needs at least one metric")
    clean = {name: _as_metric(name, value) for name, value in metrics.items()}
    folder = results_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = write_text_atomic(folder / f"{notebook}.json",
                             json.dumps({"notebook": notebook, "metrics": clean}, indent=2) + "\n")
    print(format_table(clean))
    return path


def load(notebook: str) -> dict[str, Metric]:
    """Return the metrics a notebook last recorded, or raise FileNotFoundError."""
    path = results_dir() / f"{notebook}.json"
    return json.loads(path.read_text(encoding="utf-8"))["metrics"]
