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

# public name -> submodule that defines it
_LAZY = {
    "loe_layout": "layouts",
    "landmark_layout": "layouts",
    "landmark_embedding": "embed.landmark",
    "TripletOracle": "oracle",
    "asap_loe_layout": "layouts",
    "adjacency_error": "metrics",
    "soe_layout": "layouts",
    "ree_layout": "layouts",
    "density_embedding": "density",
    "ste_layout": "layouts",
    "tste_layout": "layouts",
    "gnmds_layout": "layouts",
    "gari": "metrics",
    "err_local": "metrics",
    "compare_layouts": "compare",
    "layout": "registry",
    "register_layout": "registry",
    "available_layouts": "registry",
    "knn_graph": "constraints",
    "is_rigid": "rigidity",
    "is_globally_rigid": "rigidity",
    "redundantly_rigid": "rigidity",
    "rigid_components": "rigidity",
    "ConvergenceWarning": "exceptions",
    "InterruptedWarning": "exceptions",
    "NoOrdinalInformationWarning": "exceptions",
    "MemoryLimitError": "exceptions",
    "set_memory_limit": "_resources",
    "get_memory_limit": "_resources",
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
}

__all__ = sorted(_LAZY) + sorted(_SUBMODULES)


def __getattr__(name: str) -> "Any":
    import importlib

    if name in _LAZY:
        mod = importlib.import_module(f"{__name__}.{_LAZY[name]}")
        value = getattr(mod, name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return __all__


# what type checkers see; at run time __getattr__ imports these lazily (never imported)
if TYPE_CHECKING:
    from typing import Any

    from ._exports import *  # noqa: F403
