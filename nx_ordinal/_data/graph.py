"""Graph -> array adapters shared by the whole package (data layer, above ``_validation``).

The one place that turns a networkx graph into the CSR adjacency the solvers read
(:func:`graph_to_csr`, re-exported by :mod:`nx_ordinal.constraints`), a graph or matrix into
a checked adjacency (:func:`graph_or_adjacency`), ``pos`` into an array in node order
(:func:`pos_array`), edge lengths into a weighted CSR matrix (:func:`weighted_csr`) and that
into shortest-path distances (:func:`path_distances`), an adjacency into its undirected 0/1
pattern (:func:`symmetrize`).  Nothing else: start configurations
are in ``embed._starts`` and ``layouts._common``, components in ``components``, sampling in
``sampling``, the small-world shortcut filter in ``layouts._loe.shortcuts``.
"""

from __future__ import annotations

from itertools import chain, repeat
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from .._core.validation import as_adjacency, as_float_array

if TYPE_CHECKING:
    from collections.abc import Hashable, Iterable

    import networkx as nx
    import numpy as np
    import scipy.sparse as sp

    from .._core.typing import FloatArray

__all__ = [
    "check_graph", "graph_to_csr", "weighted_csr", "path_distances", "graph_or_adjacency",
    "pos_array", "symmetrize",
]

def symmetrize(A: Any) -> sp.csr_array:
    """0/1 symmetric CSR adjacency ``(A + A^T) > 0`` without self-loops (sorted indices).
    O(n + E)."""
    A = sp.csr_array(A, dtype=np.float64)
    S = ((A + A.T) != 0).astype(np.float64).tocsr()
    S.setdiag(0)
    S.eliminate_zeros()
    S.sort_indices()
    return S


def check_graph(G: Any, name: str = "G") -> None:
    """``TypeError`` naming ``name`` unless ``G`` is a networkx graph."""

    if not isinstance(G, nx.Graph):
        raise TypeError(f"{name} must be a networkx graph, got {type(G).__name__}")


def graph_to_csr(
    G: nx.Graph, nodelist: Iterable[Hashable] | None = None
) -> tuple[sp.csr_array, list[Hashable]]:
    """Adjacency of ``G`` as a CSR matrix in node order.

    Undirected graphs give symmetric neighbourhoods, directed graphs out-neighbourhoods;
    self-loops are dropped, parallel edges of multigraphs merged, weights ignored (the data
    array holds ones).

    Parameters
    ----------
    G : networkx graph
    nodelist : list, optional
        Node order (default ``list(G)``).

    Returns
    -------
    A : scipy.sparse.csr_array of float64, shape (n, n), sorted indices, no explicit zeros
    nodelist : list

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.constraints import graph_to_csr
    >>> A, nodes = graph_to_csr(nx.path_graph(3))
    >>> A.toarray().astype(int).tolist()
    [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
    """

    check_graph(G)
    if nodelist is None:
        nodelist = list(G)
    else:
        nodelist = list(nodelist)
        if len(set(nodelist)) != len(nodelist):
            raise nx.NetworkXError("nodelist contains duplicate nodes")
        missing = [v for v in nodelist if v not in G]
        if missing:
            raise nx.NetworkXError(f"node {missing[0]!r} in nodelist is not in G")
    n = len(nodelist)
    index = {v: i for i, v in enumerate(nodelist)}
    # each node's (out-)neighbours, read at C speed (no Python loop over the edges): an
    # undirected graph's adjacency already lists every edge both ways.  A plain graph's
    # dict of dicts is read directly (a view object per node costs 10x more); views
    # (subgraphs, filters) through their public adjacency
    raw = getattr(G, "_adj", None)
    adj = raw if type(raw) is dict else G.adj
    nbrs = [adj[v] for v in nodelist]
    deg = np.fromiter(map(len, nbrs), dtype=np.int64, count=n)
    found = chain.from_iterable(nbrs)
    if len(G) == n and nodelist == list(range(n)):  # nodes 0..n-1 in order: no lookup
        cols = np.fromiter(found, dtype=np.int64, count=int(deg.sum()))
    else:
        cols = np.fromiter(map(index.get, found, repeat(-1)), dtype=np.int64,
                           count=int(deg.sum()))
    rows = np.repeat(np.arange(n, dtype=np.int64), deg)
    keep = (cols >= 0) & (cols != rows)  # neighbours outside nodelist, self-loops
    # a row lists each neighbour once (the keys of a dict): the CSR arrays directly
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows[keep], minlength=n), out=indptr[1:])
    cols = cols[keep]
    A = sp.csr_array((np.ones(cols.size), cols, indptr), shape=(n, n))
    A.sort_indices()
    return A, nodelist


def graph_or_adjacency(A: Any, name: str = "adjacency") -> sp.csr_array:
    """:func:`graph_to_csr` for a networkx graph, else
    :func:`nx_ordinal._core.validation.as_adjacency` (sparse matrix or dense array)."""


    if isinstance(A, nx.Graph):
        return graph_to_csr(A)[0]
    return as_adjacency(A, name)


def pos_array(pos: Any, nodes: list[Hashable]) -> FloatArray:
    """``pos`` (a dict node -> coordinates, or an array with one row per node) as a float
    array in the order of ``nodes``.  The one rule of the package: ``nx.NetworkXError`` naming
    the first node without a position, ``TypeError`` for a non-numeric coordinate,
    ``ValueError`` for mixed dimensions, a wrong row count or a non-finite coordinate (naming
    the node).  O(n dim)."""


    if hasattr(pos, "items"):
        missing = [v for v in nodes if v not in pos]
        if missing:
            raise nx.NetworkXError(f"node {missing[0]!r} has no position in pos")
        rows = []
        for v in nodes:
            try:
                rows.append(np.asarray(pos[v], dtype=np.float64).ravel())
            except (TypeError, ValueError):
                raise TypeError(f"pos[{v!r}] is not a numeric coordinate: {pos[v]!r}") from None
        if len({r.shape for r in rows}) > 1:
            raise ValueError("positions in pos must all have the same dimension")
        X = np.array(rows) if rows else np.zeros((0, 1))
    else:
        X = as_float_array(pos, "pos", finite=False)
        if X.ndim == 1:
            X = X[:, None]
        if X.shape[0] != len(nodes):
            raise ValueError(f"pos has {X.shape[0]} rows for a graph with {len(nodes)} nodes")
    if X.ndim != 2:
        raise ValueError(f"pos must give one coordinate vector per node, got shape {X.shape}")
    if not np.isfinite(X).all():
        row = int(np.flatnonzero(~np.isfinite(X).all(axis=1))[0])
        raise ValueError(f"pos contains non-finite coordinates: node {nodes[row]!r} at "
                         f"{X[row].tolist()}")
    return X


def weighted_csr(G: nx.Graph, nodes: list[Hashable], weight: str | None) -> sp.csr_array:
    """Adjacency with edge lengths as CSR in node order: the one rule for edge lengths.

    A length is the edge attribute ``weight`` (1 where missing, every edge 1 for
    ``weight=None``).  Lengths must be finite and ``>= 0`` (``ValueError`` naming the edge
    otherwise, or a non-numeric one); a zero length is an edge of length zero (two nodes at
    the same place), kept as an explicit entry of ``numpy.finfo(float).tiny`` so that sparse
    shortest paths still see the edge.  Self-loops are dropped; of parallel edges (and of
    ``u -> v`` and ``v -> u`` of an undirected graph) the shortest counts.  O(m log m).
    """

    index = {v: i for i, v in enumerate(nodes)}
    rows: Any = []  # lists, then arrays
    cols: Any = []
    vals: Any = []
    edges: Any = G.edges  # data=None gives every edge the default length
    for u, v, raw in edges(data=weight, default=1):
        if u == v:
            continue
        try:
            w = float(raw)
        except (TypeError, ValueError):
            raise ValueError(f"edge ({u!r}, {v!r}) has a non-numeric {weight!r}: {raw!r}") from None
        if not np.isfinite(w) or w < 0:
            raise ValueError(f"edge ({u!r}, {v!r}) has an invalid {weight!r}: {w!r}")
        rows.append(index[u])
        cols.append(index[v])
        vals.append(w)
    rows = np.asarray(rows, dtype=np.int64)
    cols = np.asarray(cols, dtype=np.int64)
    vals = np.asarray(vals, dtype=np.float64)
    if not G.is_directed():
        rows, cols, vals = (np.concatenate([rows, cols]), np.concatenate([cols, rows]),
                            np.concatenate([vals, vals]))
    n = len(nodes)
    if rows.size:  # keep the shortest of parallel edges
        order = np.lexsort((vals, cols, rows))
        rows, cols, vals = rows[order], cols[order], vals[order]
        first = np.ones(rows.size, dtype=bool)
        first[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
        rows, cols, vals = rows[first], cols[first], vals[first]
    # zero-length edges must survive as explicit entries: shift them by a tiny epsilon
    vals = np.where(vals == 0, np.finfo(float).tiny, vals)
    return sp.csr_array((vals, (rows, cols)), shape=(n, n))


def path_distances(A: sp.csr_array, directed: bool) -> tuple[FloatArray, np.ndarray]:
    """All shortest-path lengths of the edge-length matrix ``A`` (:func:`weighted_csr`) as
    ``(D, finite)``: for a directed graph the shorter of both directions, so ``D`` is
    symmetric; 0 and ``finite`` False where no path joins a pair.  Dijkstra from every node,
    O(n (n + m) log n) time, n x n memory."""

    S = shortest_path(A, directed=directed)
    S = np.minimum(S, S.T)
    finite = np.isfinite(S)
    return np.where(finite, S, 0.0), finite


