"""Warnings and exceptions raised by nx_ordinal."""

__all__ = [
    "ConvergenceWarning",
    "InterruptedWarning",
    "MemoryLimitError",
    "NoOrdinalInformationWarning",
]


class ConvergenceWarning(UserWarning):
    """An iterative solver stopped on its iteration or time budget before converging."""


class InterruptedWarning(UserWarning):
    """A solver was interrupted (KeyboardInterrupt); the best configuration so far is returned."""


class NoOrdinalInformationWarning(UserWarning):
    """The input carries no ordinal information (e.g. a complete graph); any layout is optimal."""


class MemoryLimitError(MemoryError, ValueError):
    """A dense computation would exceed nx_ordinal's memory limit
    (:func:`nx_ordinal.set_memory_limit`); the message names the scalable alternative.

    Both a ``MemoryError`` and a ``ValueError``, so either ``except`` clause catches it."""
