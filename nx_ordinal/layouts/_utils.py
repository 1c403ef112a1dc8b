"""Plumbing of the layouts: networkx conventions in one place (graph or node list in,
``{}`` / ``{node: center}`` for trivial graphs, ``pos`` and ``fixed`` checked, ``center`` and
``scale`` checked, rescaling and ``store_pos_as``).  The ordinal layouts use them through the
layout frame (``_frame``); the classical wrappers (``classical``) directly.  No algorithm
here: overlap removal is in ``_overlap``, the GARI selection of ``loe_layout`` in
``_loe.selection``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from .._core.validation import check_nonnegative
from .._data.graph import graph_to_csr
from ._overlap import separate_overlaps

if TYPE_CHECKING:
    from collections.abc import Hashable, Sequence

    import networkx as nx
    import numpy as np

    from .._core.typing import (
        ArrayLike,
        FloatArray,
        GraphLike,
        PosDict,
        Seed,
        SparseLike,
    )


__all__ = [
    "process_graph",
    "check_center",
    "check_scale",
    "trivial_layout",
    "fill_positions",
    "finish_layout",
    "rescale",
]


def process_graph(G: GraphLike) -> tuple[nx.Graph, list[Hashable]]:
    """Accept a networkx graph or an iterable of nodes; return ``(G, nodes)``."""

    if not isinstance(G, nx.Graph):
        if isinstance(G, (str, bytes)) or not hasattr(G, "__iter__"):
            raise TypeError(f"G must be a networkx graph or a list of nodes, got {G!r}")
        empty: nx.Graph = nx.Graph()
        empty.add_nodes_from(G)
        G = empty
    return G, list(G)


def check_center(center: ArrayLike | None, dim: int) -> FloatArray:

    if center is None:
        return np.zeros(dim)
    try:
        c = np.asarray(center, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"center must be a sequence of {dim} numbers, got {center!r}") from None
    if c.shape != (dim,):
        raise ValueError(
            f"length of center coordinates must match dimension of layout, got {center!r}"
        )
    if not np.isfinite(c).all():
        raise ValueError(f"center must be finite, got {center!r}")
    return c


def check_scale(scale: float | None) -> float | None:
    """``scale`` of a layout: a finite real number >= 0, or None (no rescaling, as in
    :func:`networkx.spring_layout`)."""
    return None if scale is None else check_nonnegative(scale, "scale")


def _store(G, pos, store_pos_as):

    if store_pos_as is not None:
        nx.set_node_attributes(G, pos, store_pos_as)


def trivial_layout(
    G: nx.Graph,
    nodes: Sequence[Hashable],
    dim: int,
    center: FloatArray,
    store_pos_as: str | None = None,
) -> PosDict:
    """Layout of a graph with 0 or 1 node: ``{}`` or ``{node: center}``."""
    pos = {v: center.copy() for v in nodes}
    _store(G, pos, store_pos_as)
    return pos


def fill_positions(X: FloatArray, given: Any, rng: Any = None, *,
                   fill_scale: float = 1.0) -> FloatArray:
    """``X`` (not modified) with the rows not marked ``given`` drawn uniformly over the box
    of the given rows (``[0, fill_scale)^dim`` when none is given), from ``rng`` (a Generator
    or RandomState); nothing is drawn when every row is given.  O(n dim)."""

    X = np.array(X, dtype=np.float64)
    dim = X.shape[1]
    if not given.all():
        if rng is None:
            rng = np.random.default_rng()
        if given.any():
            lo = X[given].min(axis=0)
            hi = X[given].max(axis=0)
            span = np.where(hi > lo, hi - lo, 1.0)
        else:
            lo = np.zeros(dim)
            span = np.full(dim, float(fill_scale))
        X[~given] = lo + span * rng.random((int((~given).sum()), dim))
    return X


def _given_positions(pos, nodes, dim):
    """``(X, given)``: the coordinates ``pos`` gives (rows of ``X`` in node order, ``given``
    marking them; other rows uninitialised), validated; ``None`` for ``pos=None``."""

    if pos is None:
        return None
    if not hasattr(pos, "items"):
        raise TypeError(
            f"pos must be a dict mapping nodes to coordinates, got {type(pos).__name__}"
        )
    n = len(nodes)
    X = np.empty((n, dim))
    given = np.zeros(n, dtype=bool)
    for idx, v in enumerate(nodes):
        if v in pos:
            try:
                p = np.asarray(pos[v], dtype=np.float64).ravel()
            except (TypeError, ValueError):
                raise ValueError(f"pos[{v!r}] is not a numeric coordinate: {pos[v]!r}") from None
            if p.shape != (dim,):
                raise ValueError(f"pos[{v!r}] has {p.size} coordinates, expected dim={dim}")
            if not np.isfinite(p).all():
                raise ValueError(f"pos[{v!r}] is not finite: {p.tolist()}")
            X[idx] = p
            given[idx] = True
    return X, given


def rescale(X: FloatArray, scale: float = 1.0) -> FloatArray:
    """Centre ``X`` at the origin and scale so that the largest |coordinate| is ``scale``
    (as :func:`networkx.rescale_layout`); a configuration of coincident points stays at 0."""

    X = np.array(X, dtype=np.float64)
    X -= X.mean(axis=0)
    lim = float(np.abs(X).max()) if X.size else 0.0
    if lim > 0:
        X *= scale / lim
    return X


def finish_layout(
    G: nx.Graph,
    nodes: Sequence[Hashable],
    X: FloatArray,
    *,
    scale: float | None = 1.0,
    center: ArrayLike | None = None,
    store_pos_as: str | None = None,
    rescale_pos: bool = True,
    remove_overlap: bool = False,
    seed: Seed = None,
    A: SparseLike | None = None,
    deadline: float | None = None,
) -> PosDict:
    """Replace non-finite rows of ``X`` by the mean of the finite ones, rescale ``X`` (unless
    ``rescale_pos`` is false or ``scale`` is None), shift by ``center``, build the dict in
    node order and store it under ``store_pos_as`` if asked.  ``remove_overlap=True``
    first separates nodes that nearly coincide (``_overlap.separate_overlaps`` with the
    adjacency ``A`` in ``nodes`` order -- built from ``G`` when not given -- random choices
    from ``seed``; no more after the ``time.perf_counter()`` ``deadline``), the final step
    of the ordinal layouts."""

    X = np.asarray(X, dtype=np.float64)
    bad = ~np.isfinite(X).all(axis=1)
    if bad.any():  # never hand out a non-finite position
        X = X.copy()
        X[bad] = np.nanmean(np.where(np.isfinite(X), X, np.nan), axis=0) if (~bad).any() else 0.0
        X = np.nan_to_num(X)
    if remove_overlap:
        X = separate_overlaps(X, graph_to_csr(G, nodes)[0] if A is None else A, seed,
                              deadline=deadline)
    if rescale_pos and scale is not None:
        X = rescale(X, scale)
    if center is not None:
        X = X + np.asarray(center, dtype=np.float64)
    pos = dict(zip(nodes, X))
    _store(G, pos, store_pos_as)
    return pos


