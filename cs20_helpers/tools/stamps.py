"""Drop a tool's stamp from a notebook's metadata when the run that would renew it failed.

``crosscheck`` and ``refute`` stamp a notebook when it passed; ``hygiene`` trusts a stamp whose
digest still matches. A run that failed must take the old stamp away, or hygiene would go on
vouching for what has just been shown wrong.
"""

from __future__ import annotations

__all__ = ["drop"]

from pathlib import Path

import nbformat

from cs20_helpers._atomic import write_notebook


def drop(path: Path, key: str) -> bool:
    """Remove the stamp ``key`` from the notebook at ``path``, rewriting it whole or not at all;
    return whether it had one (a notebook without one is left untouched)."""
    nb = nbformat.read(path, as_version=4)
    if key not in nb.metadata:
        return False
    del nb.metadata[key]
    write_notebook(nb, path)
    return True
