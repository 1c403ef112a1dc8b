"""Data sets: the papers' synthetic point sets, famous graphs, real data readers.

Point sets live in :mod:`nx_ordinal.datasets.points`, famous graphs in
:mod:`nx_ordinal.datasets.famous`; both are re-exported here lazily.
"""

import importlib

_LAZY: dict[str, str] = {}

__all__ = sorted(_LAZY)


def __getattr__(name):

    for mod in ("points", "famous"):
        try:
            m = importlib.import_module(f"{__name__}.{mod}")
        except ImportError:
            continue
        if name in getattr(m, "__all__", ()):
            return getattr(m, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
