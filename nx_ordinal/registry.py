"""One registry ``name -> layout callable`` for ordinal and classical layouts.

Entries are registered lazily (``"module:function"`` strings) so importing nx_ordinal stays
cheap.  Third-party packages add layouts through the entry-point group ``nx_ordinal.layouts``:
each entry point's name is the layout name, its object the layout callable.

Examples
--------
>>> import networkx as nx
>>> import nx_ordinal
>>> pos = nx_ordinal.layout(nx.path_graph(4), method="spring", seed=1)
>>> sorted(pos)
[0, 1, 2, 3]
>>> "loe" in nx_ordinal.registry.available_layouts()
True
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, cast

import networkx as nx

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from ._core.typing import PosDict

__all__ = [
    "LayoutEntry",
    "register_layout",
    "get_layout",
    "available_layouts",
    "describe_layouts",
    "layout",
]

ENTRY_POINT_GROUP = "nx_ordinal.layouts"


@dataclass
class LayoutEntry:
    name: str
    target: Callable[..., PosDict] | str  # callable or "module:attr" string
    description: str
    takes_seed: bool = True
    ordinal: bool = False

    def load(self) -> Callable[..., PosDict]:
        if isinstance(self.target, str):

            mod, attr = self.target.split(":")
            self.target = getattr(importlib.import_module(mod), attr)
        return cast("Callable[..., PosDict]", self.target)


_REGISTRY: dict[str, LayoutEntry] = {}
_entry_points_loaded = False


def register_layout(name: str, func: Callable[..., PosDict] | str, description: str = "", *,
                    takes_seed: bool = True, ordinal: bool = False,
                    overwrite: bool = False) -> None:
    """Add a layout ``func(G, **kw) -> dict`` under ``name``.

    ``func`` may be a callable or a ``"module:function"`` string imported on first use.
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"layout name must be a non-empty string, got {name!r}")
    if name in _REGISTRY and not overwrite:
        raise ValueError(f"layout {name!r} is already registered")
    if not (callable(func) or (isinstance(func, str) and ":" in func)):
        raise TypeError(f"layout {name!r} must be callable or 'module:function', got {func!r}")
    _REGISTRY[name] = LayoutEntry(name, func, description, takes_seed, ordinal)


def _load_entry_points():
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True

    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in _REGISTRY:
            continue
        _REGISTRY[ep.name] = LayoutEntry(ep.name, ep.value, f"third-party layout ({ep.value})")


def available_layouts() -> list[str]:
    """Sorted list of registered layout names."""
    _load_entry_points()
    return sorted(_REGISTRY)


def describe_layouts() -> list[tuple[str, str, bool]]:
    """List of ``(name, description, takes_seed)`` for every registered layout."""
    _load_entry_points()
    return [(e.name, e.description, e.takes_seed) for e in sorted(_REGISTRY.values(),
                                                                    key=lambda e: e.name)]


def get_layout(name: str) -> Callable[..., PosDict]:
    """The layout callable registered under ``name``."""
    if not isinstance(name, str):
        raise TypeError(f"layout method must be a string, got {name!r}")
    _load_entry_points()
    try:
        entry = _REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown layout method {name!r}; available: {', '.join(available_layouts())}"
        ) from None
    return entry.load()


def get_entry(name: str) -> LayoutEntry:
    get_layout(name)
    return _REGISTRY[name]


def layout(G: Any, method: str = "loe", **kwargs: Any) -> PosDict:
    """Lay out ``G`` with the registered layout ``method``; keyword arguments go to it.

    ``seed`` is dropped for deterministic layouts that take none.
    """
    entry = get_entry(method)
    if not entry.takes_seed:
        kwargs.pop("seed", None)
    return entry.load()(G, **kwargs)


# --- networkx's classical drawers -------------------------------------------------------------

def _nx(name: str) -> Callable[..., PosDict]:
    def f(G: Any, **kw: Any) -> PosDict:

        return getattr(nx, name)(G, **kw)

    f.__name__ = name
    f.__doc__ = f"networkx.{name}"
    return f


register_layout("spring", _nx("spring_layout"), "networkx Fruchterman-Reingold force layout")
def _kamada_kawai_whole(G: Any, pos: Any = None, dim: int = 2, **kw: Any) -> PosDict:
    if pos is None and dim >= 3:
        pos = nx.random_layout(G, dim=dim, seed=0)
    return nx.kamada_kawai_layout(G, pos=pos, dim=dim, **kw)


def _kamada_kawai(G: Any, pos: Any = None, dim: int = 2, **kw: Any) -> PosDict:
    """networkx's Kamada-Kawai layout, deterministic in every dimension (networkx starts it
    from an unseeded random layout when ``dim >= 3``; here that start has a fixed seed); a
    disconnected graph is drawn one component at a time, packed side by side."""
    from .layouts._classical import by_components

    return by_components(_kamada_kawai_whole)(G, pos=pos, dim=dim, **kw)


def _spectral(G: Any, **kw: Any) -> PosDict:
    """networkx's spectral layout; a disconnected graph is drawn one component at a time,
    packed side by side (the leading eigenvectors of the whole graph's Laplacian are
    constant on components)."""
    from .layouts._classical import by_components

    return by_components(nx.spectral_layout)(G, **kw)


register_layout("kamada_kawai", _kamada_kawai,
                "networkx Kamada-Kawai path-length stress layout", takes_seed=False)
register_layout("spectral", _spectral, "networkx Laplacian eigenmap layout",
                takes_seed=False)
register_layout("forceatlas2", _nx("forceatlas2_layout"), "networkx ForceAtlas2 layout")
register_layout("arf", "nx_ordinal.layouts._classical:arf_layout",
                "networkx attractive-repulsive forces layout (2-D)")

# --- igraph's drawers, Graphviz sfdp and t-SNE (nx_ordinal.classical) ---------------------------
register_layout("ig_fr", "nx_ordinal.layouts._classical:ig_fr_layout",
                "igraph Fruchterman-Reingold layout")
register_layout("ig_kk", "nx_ordinal.layouts._classical:ig_kk_layout", "igraph Kamada-Kawai layout")
register_layout("ig_drl", "nx_ordinal.layouts._classical:ig_drl_layout",
                "igraph DrL (distributed recursive) force layout")
register_layout("ig_mds", "nx_ordinal.layouts._classical:ig_mds_layout",
                "igraph multidimensional scaling of shortest-path distances")
register_layout("ig_graphopt", "nx_ordinal.layouts._classical:ig_graphopt_layout",
                "igraph graphopt force layout (2-D)")
register_layout("sfdp", "nx_ordinal.layouts._classical:sfdp_layout",
                "Graphviz sfdp multilevel force layout (2-D; needs Graphviz's sfdp program)")
register_layout("tsne", "nx_ordinal.layouts._classical:tsne_layout",
                "scikit-learn t-SNE on shortest-path distances (extra: learn)")

# --- the embedding methods of this package: derived from the method table (_methods.py) -------
_TABLE_NAMES: set[str] = set()


def rebuild(table: Mapping[str, Mapping[str, Any]] | None = None) -> None:
    """Derive the registry entries of the package's methods, and :mod:`nx_ordinal`'s lazy
    layout names, from the method table.

    Parameters
    ----------
    table : dict or None
        A method table like :data:`nx_ordinal._methods.METHODS` (default: that table as it
        is now).  Entries of the previous table that are not in ``table`` are removed.

    Examples
    --------
    >>> from nx_ordinal import registry
    >>> registry.rebuild()
    >>> registry.get_entry("dmoe").ordinal
    True
    """
    import nx_ordinal

    from . import _methods

    methods: Mapping[str, Mapping[str, Any]] = _methods.METHODS if table is None else table
    for name in _TABLE_NAMES:
        _REGISTRY.pop(name, None)
    _TABLE_NAMES.clear()
    for name, entry in methods.items():
        register_layout(name, entry["layout"], entry["description"],
                        ordinal=entry.get("ordinal", True), overwrite=True)
        _TABLE_NAMES.add(name)
    nx_ordinal._build_lazy(methods)


rebuild()
