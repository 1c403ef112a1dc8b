"""Graph -> array adapters shared by the whole package (data layer, above ``_validation``).

The one place that turns a networkx graph into the CSR adjacency the solvers read
(:func:`graph_to_csr`, re-exported by :mod:`nx_ordinal.constraints`), a graph or matrix into
a checked adjacency (:func:`graph_or_adjacency`) and ``pos`` into an array in node order
(:func:`pos_array`), together with edge lengths (:func:`weighted_csr`), component packing, the shortcut filter of small worlds (:func:`drop_shortcuts`),
start configurations (:func:`start_configurations`, :func:`networkx_start`: the one
perturbation rule of restarts) and the ``init="auto"`` rule.  Networkx, numpy and scipy are
imported inside the functions so that ``import nx_ordinal`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, dijkstra, shortest_path

from ._validation import as_adjacency, as_float_array
from .utils import draw_seed

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence

    import networkx as nx
    import numpy as np
    import scipy.sparse as sp

    from ._typing import FloatArray, IntArray

__all__ = [
    "check_graph", "graph_to_csr", "weighted_csr", "path_distances", "graph_or_adjacency",
    "pos_array",
    "pack_components", "KK_MAX_NODES", "PIVOT_MIN_N", "SMALL_NODES", "auto_solver_start",
    "auto_layout_starts", "auto_n_init", "perturbed_start", "start_configurations",
    "networkx_start", "drop_shortcuts",
]

# --- init="auto": decided here only -----------------------------------------------------------

#: loe_layout's "auto" starts from Kamada-Kawai (besides the spectral start) up to this size
KK_MAX_NODES = 500
#: embed.loe's "auto" starts from pivot MDS beyond this many vertices (spectral up to it)
PIVOT_MIN_N = 2000
#: up to this size loe_layout follows four runs to their end (the path of layouts/*.json)
SMALL_NODES = 100


def auto_n_init(n: int) -> int:
    """``loe_layout``'s ``n_init="auto"`` on ``n`` nodes: 4 runs up to :data:`SMALL_NODES`,
    2 (one per start of :func:`auto_layout_starts`) up to :data:`KK_MAX_NODES`, 1 beyond."""
    if n <= SMALL_NODES:
        return 4
    return 2 if n <= KK_MAX_NODES else 1


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


def perturbed_start(X: FloatArray, rng: np.random.Generator) -> FloatArray:
    """``X`` plus Gaussian noise of 0.3 times its RMS spread about the centroid (1 when all
    points coincide): the start of a restart, the one perturbation rule of the package.
    Draws ``X.size`` normals from ``rng``; O(n dim)."""

    spread = float(np.sqrt(np.mean(np.sum((X - X.mean(0)) ** 2, axis=1)))) or 1.0
    return X + 0.3 * spread * rng.standard_normal(X.shape)


def start_configurations(
    inits: Sequence[str], n_init: int, rng: np.random.Generator,
    base: Callable[[str], FloatArray], shape: tuple[int, int] | None = None,
) -> Iterator[FloatArray]:
    """The start configurations of ``n_init`` runs, cycling over the named starts ``inits``.

    The first run of a name begins from ``base(name)`` (built once, when first needed), its
    later runs from a :func:`perturbed_start` of it; ``"random"`` is a fresh standard normal
    configuration of ``shape`` for every run.  Lazy: each start, and each draw from ``rng``,
    is made when the next run asks for it, so ``rng``'s stream is consumed in run order
    whether the caller runs them all or stops early.  Used by ``loe_layout`` (several named
    starts) and :func:`nx_ordinal.embed.loe` (one start and its restarts).  O(n dim) per
    start besides ``base``.
    """
    built: dict[str, FloatArray] = {}
    for r in range(n_init):
        name = inits[r % len(inits)]
        if name == "random":
            if shape is None:
                raise ValueError('start_configurations needs shape for init="random"')
            yield rng.standard_normal(shape)
        elif name not in built:
            built[name] = base(name)
            yield built[name]
        else:
            yield perturbed_start(built[name], rng)


def networkx_start(G: nx.Graph, nodes: list[Hashable], name: str, dim: int,
                   rng: np.random.Generator) -> FloatArray:
    """A start configuration drawn by networkx, ``name`` ``"kamada_kawai"`` or ``"spring"``,
    as an ``(n, dim)`` array in the order of ``nodes``.  Seeded from ``rng`` (one int drawn;
    networkx starts Kamada-Kawai from an unseeded random layout when ``dim >= 3``, so that
    start is drawn here).  Kamada-Kawai costs O(n^2) memory and O(n^2) per iteration, spring
    O(n^2) per iteration (networkx's dense solver below 500 nodes)."""


    if name == "kamada_kawai":
        p0 = nx.random_layout(G, dim=dim, seed=draw_seed(rng)) if dim >= 3 else None
        p = nx.kamada_kawai_layout(G, pos=p0, dim=dim)
    elif name == "spring":
        p = nx.spring_layout(G, dim=dim, seed=draw_seed(rng))
    else:
        raise ValueError(f"networkx_start draws 'kamada_kawai' or 'spring', got {name!r}")
    return np.array([p[v] for v in nodes], dtype=np.float64)


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


def drop_shortcuts(
    A: sp.csr_array, max_fraction: float = 0.1, n_probe: int = 8, chunk: int = 64
) -> tuple[sp.csr_array, int]:
    """The undirected adjacency ``A`` without its *shortcuts*, when they are at most
    ``max_fraction`` of the edges (else ``A``); returns ``(B, n_dropped)``.

    Only a small world is searched: a graph whose mean hop distance t (from ``n_probe``
    breadth-first searches) is at most 3 log n / log(mean degree).  A shortcut lies on no
    triangle and no 4-cycle, and without such edges its ends are still connected but more
    than ``L = min(max(8, 2 t), 32)`` hops apart: the long-range links of a Watts-Strogatz
    graph.  LOE asks every edge's ends to be nearer than all
    non-neighbours; a shortcut cannot be, and the objective folds the drawing to pay for it
    (Watts-Strogatz, n = 2,000: a circle in ring order has GARI 0.93 but ten times the
    Err_local of LOE's fold, GARI 0.35-0.51).  Geometric graphs are no small worlds and keep
    every edge; bridges stay.  Cost O(E k) for the
    triangle and 4-cycle counts (maximum degree k), ``n_probe`` searches, and one search
    limited to L hops per candidate edge.
    """

    S = sp.csr_array((A + A.T) > 0).astype(np.int64)
    S.setdiag(0)
    S.eliminate_zeros()
    U = sp.triu(S, k=1).tocoo()
    u, v = U.row.astype(np.int64), U.col.astype(np.int64)
    n = A.shape[0]
    if u.size == 0:
        return A, 0
    probe = np.unique(np.linspace(0, n - 1, min(n_probe, n)).astype(np.int64))
    D = shortest_path(S, unweighted=True, directed=False, indices=probe)
    finite = D[np.isfinite(D) & (D > 0)]
    mean_deg = max(2.0 * u.size / n, 2.0)
    if not finite.size or finite.mean() > 3.0 * np.log(n) / np.log(mean_deg):
        return A, 0  # not a small world: distances grow faster than log n (geometric)
    hops = min(max(8.0, 2.0 * float(finite.mean())), 32.0)
    S2 = S @ S
    tri = S2.multiply(S).tocsr()  # common neighbours on the edges
    on_tri = sp.triu(tri, k=1).tocoo()
    supported = np.zeros(u.size, dtype=bool)
    if on_tri.nnz:
        key = u * n + v
        order = np.argsort(key)
        hit = np.searchsorted(key[order], on_tri.row.astype(np.int64) * n + on_tri.col)
        supported[order[hit]] = True
    cand = np.flatnonzero(~supported)  # on no triangle
    if cand.size == 0 or cand.size > max_fraction * u.size:
        return A, 0
    uc, vc = u[cand], v[cand]
    deg = np.diff(S.indptr)
    # walks u-a-b-v of length 3 that are not paths through the edge itself: 4-cycles
    walks3 = np.asarray(S2[uc].multiply(S[vc]).sum(axis=1)).ravel()
    cand = cand[walks3 - (deg[uc] + deg[vc] - 1) == 0]
    if cand.size == 0:
        return A, 0
    keep = np.ones(u.size, dtype=bool)
    keep[cand] = False
    R = sp.coo_array((np.ones(int(keep.sum())), (u[keep], v[keep])), shape=(n, n)).tocsr()
    _, label = connected_components(R, directed=False)
    uc, vc = u[cand], v[cand]
    far = np.zeros(cand.size, dtype=bool)
    for s in range(0, cand.size, chunk):
        d = dijkstra(R, directed=False, indices=uc[s:s + chunk], unweighted=True,
                     limit=hops)
        far[s:s + chunk] = d[np.arange(d.shape[0]), vc[s:s + chunk]] > hops
    drop = cand[far & (label[uc] == label[vc])]  # bridges stay
    if drop.size == 0:
        return A, 0
    keep = np.ones(u.size, dtype=bool)
    keep[drop] = False
    uk, vk = u[keep], v[keep]
    B = sp.csr_array((np.ones(2 * uk.size), (np.concatenate([uk, vk]),
                                             np.concatenate([vk, uk]))), shape=(n, n))
    B.sort_indices()
    return B, int(drop.size)
