"""Shared plumbing of every ``*_layout`` function: networkx conventions in one place.

A layout function does::

    G, nodes = process_graph(G)
    dim = check_dim(dim); center = check_center(center, dim); scale = check_scale(scale)
    if len(nodes) <= 1: return trivial_layout(G, nodes, dim, center, store_pos_as)
    X0 = initial_positions(pos, nodes, dim, rng)   # optional, partial pos allowed
    ... solver on arrays ...
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)
"""

import numbers

__all__ = [
    "process_graph",
    "check_center",
    "check_scale",
    "trivial_layout",
    "initial_positions",
    "finish_layout",
    "rescale",
    "check_fixed",
]


def process_graph(G):
    """Accept a networkx graph or an iterable of nodes; return ``(G, nodes)``."""
    import networkx as nx

    if not isinstance(G, nx.Graph):
        if isinstance(G, (str, bytes)) or not hasattr(G, "__iter__"):
            raise TypeError(f"G must be a networkx graph or a list of nodes, got {G!r}")
        empty = nx.Graph()
        empty.add_nodes_from(G)
        G = empty
    return G, list(G)


def check_center(center, dim):
    import numpy as np

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


def check_scale(scale):
    if isinstance(scale, bool) or not isinstance(scale, numbers.Real):
        raise TypeError(f"scale must be a real number, got {scale!r}")
    import math

    scale = float(scale)
    if not math.isfinite(scale) or scale < 0:
        raise ValueError(f"scale must be a finite number >= 0, got {scale!r}")
    return scale


def _store(G, pos, store_pos_as):
    import networkx as nx

    if store_pos_as is not None:
        nx.set_node_attributes(G, pos, store_pos_as)


def trivial_layout(G, nodes, dim, center, store_pos_as=None):
    """Layout of a graph with 0 or 1 node: ``{}`` or ``{node: center}``."""
    pos = {v: center.copy() for v in nodes}
    _store(G, pos, store_pos_as)
    return pos


def initial_positions(pos, nodes, dim, rng=None, *, fill_scale=1.0):
    """Initial ``(n, dim)`` array from a (possibly partial) ``pos`` dict.

    Nodes missing from ``pos`` get uniform random positions spread like the given ones
    (or in ``[0, fill_scale)^dim`` when none are given).  Nodes in ``pos`` but not in the
    graph are ignored.  Returns ``None`` when ``pos`` is ``None``.
    """
    import numpy as np

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


def check_fixed(fixed, pos, nodes):
    """Boolean mask over ``nodes`` of the nodes held at their ``pos`` positions.

    ``fixed=None`` fixes nothing.  As in :func:`networkx.spring_layout`, ``fixed`` without
    ``pos`` raises ``ValueError``; so does a fixed node without a position.  A fixed node
    that is not in the graph raises :class:`networkx.NetworkXError`.
    """
    import networkx as nx
    import numpy as np

    mask = np.zeros(len(nodes), dtype=bool)
    if fixed is None:
        return mask
    if pos is None:
        raise ValueError("nodes are fixed without positions given: pass pos as well as fixed")
    if isinstance(fixed, (str, bytes)) or not hasattr(fixed, "__iter__"):
        raise TypeError(f"fixed must be a collection of nodes, got {fixed!r}")
    index = {v: i for i, v in enumerate(nodes)}
    for v in fixed:
        if v not in index:
            raise nx.NetworkXError(f"fixed node {v!r} is not in the graph")
        if v not in pos:
            raise ValueError(f"fixed node {v!r} has no position in pos")
        mask[index[v]] = True
    return mask


def rescale(X, scale=1.0):
    """Centre ``X`` at the origin and scale so that the largest |coordinate| is ``scale``
    (as :func:`networkx.rescale_layout`); a configuration of coincident points stays at 0."""
    import numpy as np

    X = np.array(X, dtype=np.float64)
    X -= X.mean(axis=0)
    lim = float(np.abs(X).max()) if X.size else 0.0
    if lim > 0:
        X *= scale / lim
    return X


def finish_layout(G, nodes, X, *, scale=1.0, center=None, store_pos_as=None, rescale_pos=True):
    """Rescale ``X`` (unless ``rescale_pos`` is false), shift by ``center``, build the dict in
    node order and store it under ``store_pos_as`` if asked."""
    import numpy as np

    X = np.asarray(X, dtype=np.float64)
    bad = ~np.isfinite(X).all(axis=1)
    if bad.any():  # never hand out a non-finite position
        X = X.copy()
        X[bad] = np.nanmean(np.where(np.isfinite(X), X, np.nan), axis=0) if (~bad).any() else 0.0
        X = np.nan_to_num(X)
    if rescale_pos:
        X = rescale(X, scale)
    if center is not None:
        X = X + np.asarray(center, dtype=np.float64)
    pos = dict(zip(nodes, X))
    _store(G, pos, store_pos_as)
    return pos
