"""nx_ordinal: ordinal embedding and graph drawing for networkx.

Draw a graph so that each node's graph neighbours are its nearest neighbours in the picture::

    import networkx as nx
    import nx_ordinal

    G = nx.frucht_graph()
    pos = nx_ordinal.loe_layout(G, seed=1)   # where you would write nx.spring_layout(G)
    nx_ordinal.gari(G, pos)                  # graph adjusted Rand index, 1.0 is perfect

nx_ordinal is a plugin library next to networkx (not a networkx dispatch backend): its layouts
take networkx graphs and return ``{node: position}`` dicts like networkx's own.  Submodules and
heavy dependencies are imported lazily.
"""

# not ``typing.TYPE_CHECKING``: importing typing would triple the import time of the package
TYPE_CHECKING = False

__version__ = "0.1.0"

# public name -> submodule that defines it; the layouts of the method table (_methods.py) are
# added by _build_lazy
_BASE = {
    "landmark_embedding": "embed.landmark",
    "TripletOracle": "oracle",
    "adjacency_error": "metrics",
    "density_embedding": "density",
    "gari": "metrics",
    "err_local": "metrics",
    "compare_layouts": "compare",
    "layout": "registry",
    "register_layout": "registry",
    "available_layouts": "registry",
    "knn_graph": "constraints",
    "write_html": "view",
    "is_rigid": "rigidity",
    "is_globally_rigid": "rigidity",
    "redundantly_rigid": "rigidity",
    "rigid_components": "rigidity",
    "ConvergenceWarning": "exceptions",
    "InterruptedWarning": "exceptions",
    "NoOrdinalInformationWarning": "exceptions",
    "MemoryLimitError": "exceptions",
    "set_memory_limit": "_core.resources",
    "get_memory_limit": "_core.resources",
}
_SUBMODULES = {
    "asap",
    "classical",
    "compare",
    "constraints",
    "density",
    "embed",
    "exceptions",
    "layouts",
    "metrics",
    "oracle",
    "plot",
    "io",
    "registry",
    "rigidity",
    "utils",
    "view",
}

_LAZY = None  # _BASE plus the method table's layouts, built on first use (import stays cheap)


def _build_lazy(table=None):
    """Derive the lazy names from the method table (``table``: an edited copy, for tests).

    Names that leave the table are forgotten, also when already imported.
    """
    global _LAZY
    import importlib

    methods = importlib.import_module(f"{__name__}._methods")
    new = {**_BASE, **methods.lazy_exports(table)}
    for name in set(_LAZY or ()) - set(new):
        globals().pop(name, None)
    _LAZY = new
    return new


def __getattr__(name: str) -> "Any":
    import importlib

    lazy = _LAZY if _LAZY is not None else _build_lazy()
    if name == "__all__":
        return sorted(lazy) + sorted(_SUBMODULES)
    if name in lazy:
        mod = importlib.import_module(f"{__name__}.{lazy[name]}")
        value = getattr(mod, name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return __getattr__("__all__")


# what type checkers see; at run time __getattr__ imports these lazily (never imported)
if TYPE_CHECKING:
    from typing import Any

    from ._exports import *  # noqa: F403
