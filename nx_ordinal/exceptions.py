"""Warnings and exceptions raised by nx_ordinal."""

__all__ = [
    "ConvergenceWarning",
    "InterruptedWarning",
    "NoOrdinalInformationWarning",
]


class ConvergenceWarning(UserWarning):
    """An iterative solver stopped on its iteration or time budget before converging."""


class InterruptedWarning(UserWarning):
    """A solver was interrupted (KeyboardInterrupt); the best configuration so far is returned."""


class NoOrdinalInformationWarning(UserWarning):
    """The input carries no ordinal information (e.g. a complete graph); any layout is optimal."""
