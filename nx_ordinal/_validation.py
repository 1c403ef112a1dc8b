"""Small argument checks shared by every public entry point.

Each check raises ``ValueError`` or ``TypeError`` with a lower-case message that names the
offending argument and value, so bad input never reaches numpy.
"""

import math
import numbers

__all__ = [
    "check_dim",
    "check_positive",
    "check_nonnegative",
    "check_int",
    "check_choice",
    "check_bool",
]


def check_int(value, name, *, minimum=None):
    """Return ``value`` as a Python int; reject bools, floats and out-of-range values."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def check_dim(dim):
    """``dim`` must be an integer >= 1."""
    return check_int(dim, "dim", minimum=1)


def check_positive(value, name, *, allow_none=False):
    """A finite real number > 0."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {value!r}")
    value = float(value)
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0, got {value!r}")
    return value


def check_nonnegative(value, name):
    """A finite real number >= 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {value!r}")
    value = float(value)
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
    return value


def check_choice(value, name, choices):
    """``value`` must be one of ``choices``."""
    if value not in choices:
        opts = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {opts}, got {value!r}")
    return value


def check_bool(value, name):
    if not isinstance(value, (bool, numbers.Integral)) or value not in (0, 1):
        raise TypeError(f"{name} must be a bool, got {value!r}")
    return bool(value)
