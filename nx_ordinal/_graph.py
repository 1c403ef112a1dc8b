"""Graph -> array adapters shared by the whole package (data layer, above ``_validation``).

The one place that turns a networkx graph into the CSR adjacency the solvers read
(:func:`graph_to_csr`, re-exported by :mod:`nx_ordinal.constraints`), a graph or matrix into
a checked adjacency (:func:`graph_or_adjacency`) and ``pos`` into an array in node order
(:func:`pos_array`), together with edge lengths (:func:`weighted_csr`), shortest-path
triplets, component packing and the ``init="auto"`` rule.  Networkx, numpy and scipy are
imported inside the functions so that ``import nx_ordinal`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Hashable, Iterable

    import networkx as nx
    import scipy.sparse as sp

    from ._typing import FloatArray, IntArray

__all__ = [
    "check_graph", "graph_to_csr", "weighted_csr", "graph_or_adjacency", "pos_array",
    "pack_components", "KK_MAX_NODES", "PIVOT_MIN_N", "auto_solver_start", "auto_layout_starts",
    "shortest_path_triplets",
]

# --- init="auto": decided here only -----------------------------------------------------------

#: loe_layout's "auto" starts from Kamada-Kawai (besides the spectral start) up to this size
KK_MAX_NODES = 500
#: embed.loe's "auto" starts from pivot MDS beyond this many vertices (spectral up to it)
PIVOT_MIN_N = 2000


def auto_solver_start(n: int) -> str:
    """The start :func:`nx_ordinal.embed.loe` takes for ``init="auto"`` on ``n`` vertices:
    ``"spectral"`` up to :data:`PIVOT_MIN_N`, ``"pivot"`` beyond (see ``loe``'s Notes)."""
    return "pivot" if n > PIVOT_MIN_N else "spectral"


def auto_layout_starts(n: int, n_init: int) -> tuple[tuple[str, ...], str | None]:
    """``loe_layout``'s ``init="auto"`` on ``n`` nodes with ``n_init`` runs, as ``(inits,
    solver_init)``: up to :data:`KK_MAX_NODES` the layout draws the spectral and Kamada-Kawai
    starts itself (``solver_init=None``); beyond, the solver starts from pivot MDS for one run,
    else from its own ``"auto"`` (:func:`auto_solver_start`)."""
    if n <= KK_MAX_NODES:
        return ("spectral", "kamada_kawai"), None
    return ("auto",), ("pivot" if n_init == 1 else "auto")


def check_graph(G: Any, name: str = "G") -> None:
    """``TypeError`` naming ``name`` unless ``G`` is a networkx graph."""
    import networkx as nx

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
    import networkx as nx
    import numpy as np
    import scipy.sparse as sp

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
    rows: Any = []  # lists of ints, then int64 arrays
    cols: Any = []
    for u, v in G.edges():
        iu = index.get(u)
        iv = index.get(v)
        if iu is None or iv is None or iu == iv:
            continue
        rows.append(iu)
        cols.append(iv)
    rows = np.asarray(rows, dtype=np.int64)
    cols = np.asarray(cols, dtype=np.int64)
    if not G.is_directed():
        rows, cols = np.concatenate([rows, cols]), np.concatenate([cols, rows])
    A = sp.csr_array((np.ones(rows.size), (rows, cols)), shape=(n, n))
    A.sum_duplicates()
    A.data[:] = 1.0
    A.sort_indices()
    return A, nodelist


def graph_or_adjacency(A: Any, name: str = "adjacency") -> sp.csr_array:
    """:func:`graph_to_csr` for a networkx graph, else
    :func:`nx_ordinal._validation.as_adjacency` (sparse matrix or dense array)."""
    import networkx as nx

    from ._validation import as_adjacency

    if isinstance(A, nx.Graph):
        return graph_to_csr(A)[0]
    return as_adjacency(A, name)


def pos_array(pos: Any, nodes: list[Hashable]) -> FloatArray:
    """``pos`` (a dict node -> coordinates, or an array with one row per node) as a float
    array in the order of ``nodes``.  The one rule of the package: ``nx.NetworkXError`` naming
    the first node without a position, ``TypeError`` for a non-numeric coordinate,
    ``ValueError`` for mixed dimensions, a wrong row count or a non-finite coordinate (naming
    the node).  O(n dim)."""
    import networkx as nx
    import numpy as np

    from ._validation import as_float_array

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
    import numpy as np
    import scipy.sparse as sp

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


def pack_components(
    blocks: list[tuple[IntArray, FloatArray]], dim: int, n: int
) -> FloatArray:
    """Place the embeddings of connected components side by side: the one packing rule.

    ``blocks`` holds ``(idx, Y)`` pairs, node indices and their ``(len(idx), dim)``
    embedding.  Each block is centred and scaled to RMS radius ``sqrt(len(idx))``; with more
    than one block they go on a grid of cells ``2.5 sqrt(largest size)`` wide, largest first
    (stable for equal sizes).  Returns the ``(n, dim)`` array with ``X[idx] = Y``.
    O(n dim) plus O(k log k) for k blocks.
    """
    import numpy as np

    X = np.zeros((n, dim))
    k = len(blocks)
    if k == 0:
        return X
    sizes = np.array([b[0].size for b in blocks])
    cell = 2.5 * np.sqrt(max(sizes.max(), 1))
    ncols = int(np.ceil(k ** (1.0 / dim))) if k > 1 else 1
    for slot, c in enumerate(np.argsort(-sizes, kind="stable")):
        idx, Y = blocks[c]
        Y = Y - Y.mean(axis=0)
        rms = np.sqrt(np.mean(np.sum(Y * Y, axis=1)))
        if rms > 0:
            Y = Y * (np.sqrt(idx.size) / rms)
        if k > 1:
            offs = np.array([(slot // ncols**t) % ncols for t in range(dim)], dtype=float)
            Y = Y + cell * offs
        X[idx] = Y
    return X


def shortest_path_triplets(
    G: nx.Graph, nodes: list[Hashable], n_constraints: int, *, weight: str | None = None,
    rng: Any = None, max_entries: int = 4_000_000,
) -> IntArray:
    """Triplets ``(i, j, k)`` with ``d(i, j) < d(i, k)`` for shortest-path distances of ``G``.

    Anchors ``i`` are drawn from a set of at most ``max(20, max_entries // n)`` source nodes
    (all nodes for small graphs), whose distance rows are computed by BFS / Dijkstra
    (scipy.sparse.csgraph), so memory stays O(max_entries).  Ties are not constraints:
    tied draws are discarded.  Unreachable nodes are at distance ``inf`` (farther than any
    reachable node).  Returns an (m, 3) int64 array, m <= n_constraints (fewer when the
    graph has too few strict comparisons).
    """
    import numpy as np
    from scipy.sparse.csgraph import shortest_path

    from .oracle import random_pairs

    n = len(nodes)
    A = weighted_csr(G, nodes, weight)
    n_src = min(n, max(20, max_entries // max(n, 1)))
    src = np.arange(n) if n_src == n else np.sort(rng.choice(n, size=n_src, replace=False))
    Dsrc = shortest_path(A, method="D", directed=G.is_directed(), unweighted=weight is None,
                         indices=src)
    out = []
    have = 0
    for _ in range(20):
        size = max(64, 2 * (n_constraints - have))
        a = rng.integers(0, n_src, size=size)
        i = src[a]
        j, k = random_pairs(i, n, rng)
        dj, dk = Dsrc[a, j], Dsrc[a, k]
        keep = dj != dk
        T = np.column_stack([i, j, k])[keep]
        swap = (dk < dj)[keep]
        T[swap, 1], T[swap, 2] = T[swap, 2], T[swap, 1].copy()
        out.append(T)
        have += T.shape[0]
        if have >= n_constraints:
            break
    T = np.concatenate(out)[:n_constraints] if out else np.empty((0, 3), dtype=np.int64)
    return T.astype(np.int64)
