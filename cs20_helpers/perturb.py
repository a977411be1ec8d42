"""Stand-ins a check patches into its re-run of an answer, so that a value typed in stops matching.

A check that re-runs the answer cell (``rules.enforce``) can change what a named call gives in
that re-run; a right answer reads the changed result and follows, while a value typed in beside
the call (an error's class name, a static shape) stays what it was (issue 46). Each function
here is a ``wrap`` for ``checks.patched``: it takes the original and returns its stand-in.
"""

from __future__ import annotations

__all__ = ["RENAMED_SUFFIX", "renaming", "unknown_dimensions"]

import functools
from collections.abc import Callable

#: What a renamed error's class name ends with: ``FailedPreconditionError`` becomes
#: ``FailedPreconditionErrorOfTheRerun`` (still a subclass: ``except`` clauses still catch it).
RENAMED_SUFFIX = "OfTheRerun"


def _renamed_class(error_class: type[BaseException]) -> type[BaseException]:
    """Return a subclass of ``error_class`` named with ``RENAMED_SUFFIX``, in its module."""
    return type(error_class.__name__ + RENAMED_SUFFIX, (error_class,),
                {"__module__": error_class.__module__, "__doc__": error_class.__doc__})


def renaming(error_class: type[BaseException]) -> Callable[[Callable], Callable]:
    """A ``wrap`` for ``checks.patched``: the call raises an ``error_class`` it raises as a
    subclass named with ``RENAMED_SUFFIX`` (the same message and attributes), so that an error's
    class name an answer types in no longer matches what ``type(err).__name__`` gives."""
    renamed = _renamed_class(error_class)

    def wrap(original: Callable) -> Callable:
        @functools.wraps(original)
        def raising_renamed(*args: object, **kwargs: object) -> object:
            try:
                return original(*args, **kwargs)
            except error_class as error:
                if isinstance(error, renamed):
                    raise
                again = renamed.__new__(renamed)
                again.__dict__.update(vars(error))
                again.args = error.args
                raise again.with_traceback(error.__traceback__) from None
        return raising_renamed
    return wrap


def unknown_dimensions(placeholder: Callable) -> Callable:
    """A ``wrap`` for ``checks.patched`` on ``tf1.placeholder``: a placeholder asked for with a
    shape of known rank is made with every dimension unknown (``[None, 3]`` gives
    ``[None, None]``), which feeds and computes alike, so that a static shape an answer types
    in no longer matches the one it should read off the placeholder."""
    import tensorflow as tf

    @functools.wraps(placeholder)
    def unknown(dtype: object, shape: object = None, name: str | None = None) -> object:
        if shape is not None and tf.TensorShape(shape).rank is not None:
            shape = [None] * tf.TensorShape(shape).rank
        return placeholder(dtype, shape, name)
    return unknown
