"""Quality measures of a drawing: GARI, Err_local, adjacency error E_A, and the graph-drawing
literature's neighbourhood preservation (NP1, NP2), scale-normalised stress, and the long-edge
ratio (how far the longest drawn edges stretch beyond the typical one).

``pos`` arguments are dicts ``node -> coordinates`` (as returned by any layout) or arrays in
``G``'s node order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.spatial import cKDTree

from ._core.arrays import sorted_member, sorted_unique
from ._core.estimates import adjacency_error_memory
from ._core.resources import blas_for
from ._core.seeds import as_generator
from ._core.validation import as_adjacency, as_float_array, check_int, check_positive
from ._data.graph import check_graph, graph_to_csr, pos_array
from .embed.loe import loe_objective

if TYPE_CHECKING:
    import networkx as nx
    import scipy.sparse as sp

    from ._core.typing import AdjacencyLike, ArrayLike, FloatArray, PosLike, Seed

from .constraints import triplet_error  # computed on the data layer; public here too

__all__ = [
    "gari",
    "gari_array",
    "neighbourhood_preservation_array",
    "err_local",
    "adjacency_error",
    "recovered_adjacency",
    "triplet_error",
    "procrustes_align",
    "procrustes_error",
    "procrustes_distance",
    "neighbourhood_preservation",
    "stress",
    "stress_array",
    "long_edge_ratio",
    "long_edge_ratio_array",
]


def recovered_adjacency(X: ArrayLike, degrees: ArrayLike) -> sp.csr_array:
    """Adjacency recovered from a drawing: row i marks the ``degrees[i]`` nearest other points.

    One k-d tree; the nodes are queried in groups of similar degree, so a
    few hubs do not make every node list as many points: O(sum_i k_i log n).  Ties are
    broken by the tree.  Returns a CSR array.
    """

    X = np.asarray(X, dtype=np.float64)
    degrees = np.asarray(degrees, dtype=np.int64)
    n = X.shape[0]
    kmax = int(degrees.max()) if n else 0
    if kmax == 0:
        return sp.csr_array((n, n))
    count = np.minimum(degrees, n - 1)  # points listed in each row
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(count, out=indptr[1:])
    rows, cols = knn_lists(X, count)  # by groups of similar degree
    cols = cols[np.argsort(rows, kind="stable")]  # row by row, each nearest first
    return sp.csr_array((np.ones(cols.size), cols, indptr), shape=(n, n))


def gari_array(A: AdjacencyLike, X: ArrayLike) -> float:
    """GARI between adjacency ``A`` (n x n, rows = out-neighbourhoods) and drawing ``X``.

    Section 6.1 of Terada & von Luxburg (2014): the recovered adjacency of i is its k_i
    nearest neighbours in ``X`` (k_i its out-degree); with m_i the recovered true neighbours,
    M_i = (n - 1) - 2 (k_i - m_i) and E[M_i] = (n - 1) + 2 k_i (k_i - n + 1) / (n - 1),

        GARI = sum_i (M_i - E[M_i]) / sum_i (n - 1 - E[M_i]).

    Returns ``nan`` when the denominator is 0 (every k_i is 0 or n - 1: nothing to recover).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.metrics import gari_array
    >>> A = np.array([[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
    >>> float(gari_array(A, np.array([[0.0], [0.1], [5.0], [5.1]])))
    1.0
    """


    return GariScorer(A)(X)


class GariScorer:
    """(Not part of the public API.)  :func:`gari_array` of many drawings of one adjacency
    ``A``: the adjacency is checked and its edges listed once (O(E log E)); each call then
    costs the nearest-point lists alone (:func:`recovered_adjacency`'s, O(sum_i k_i log
    n)), its recovered true neighbours counted by binary search among the edges.
    ``loe_layout`` scores its runs' checkpoints so: on graphs of a few dozen nodes the
    checks cost more than the lists."""

    def __init__(self, A: AdjacencyLike) -> None:
        A = as_adjacency(A, "A")
        n = self.n = A.shape[0]
        k = np.diff(A.indptr)
        self.count = np.minimum(k, max(n - 1, 0))
        rows = np.repeat(np.arange(n, dtype=np.int64), k)
        self.keys = sorted_unique(rows * n + A.indices.astype(np.int64))
        self.k = k.astype(np.float64)
        self.EM = (n - 1) + 2.0 * self.k * (self.k - n + 1) / max(n - 1, 1)
        self.den = float(np.sum((n - 1) - self.EM))

    def __call__(self, X: ArrayLike) -> float:
        n = self.n
        X = as_float_array(X, "X")
        if X.ndim == 1:
            X = X[:, None]
        if X.ndim != 2 or X.shape[0] != n:
            raise ValueError(f"X must have shape ({n}, dim) for an adjacency of {n} nodes, "
                             f"got {X.shape}")
        if n < 2 or self.den <= 0:
            return float("nan")
        rows, cols = knn_lists(X, self.count)
        hits = sorted_member(rows * n + cols, self.keys)
        m = np.bincount(rows, hits.astype(np.float64), minlength=n)
        M = (n - 1) - 2.0 * (self.k - m)
        return float(np.sum(M - self.EM) / self.den)


def gari(G: nx.Graph, pos: PosLike) -> float:
    """Graph adjusted Rand index of a drawing ``pos`` of graph ``G`` (higher is better, 1 best).

    Parameters
    ----------
    G : networkx graph
        Undirected graphs use neighbourhoods, directed ones out-neighbourhoods.
    pos : dict node -> coordinates, or array in ``G``'s node order

    Returns
    -------
    float

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> G = nx.frucht_graph()
    >>> round(nx_ordinal.gari(G, nx_ordinal.loe_layout(G, seed=0)), 2)
    1.0
    """

    check_graph(G)
    nodes = list(G)
    X = pos_array(pos, nodes)
    A, _ = graph_to_csr(G, nodes)
    return gari_array(A, X)


def err_local(G: nx.Graph, pos: PosLike, delta: float = 0.1, *, normalize: bool = False) -> float:
    """Err_local (the LOE objective) of drawing ``pos`` for graph ``G``.

    With ``normalize=True`` the drawing is first rescaled to unit RMS distance from its
    centroid, so values of different drawings are comparable ("a common scale").
    """


    delta = check_positive(delta, "delta")
    check_graph(G)
    nodes = list(G)
    X = pos_array(pos, nodes)
    if normalize and X.shape[0]:
        X = X - X.mean(axis=0)
        rms = np.sqrt(np.mean(np.sum(X * X, axis=1)))
        if rms > 0:
            X = X / rms
    A, _ = graph_to_csr(G, nodes)
    return loe_objective(X, A, delta)


def procrustes_align(X: ArrayLike, Y: ArrayLike) -> FloatArray:
    """Best similarity transform of ``Y`` onto ``X``: returns ``s * Y @ R + t`` minimising
    ``||X - (s Y R + t)||_F`` over scale s > 0, orthogonal R (rotations and reflections) and
    translation t.  ``X`` and ``Y`` are ``(n, d)``; a narrower one is zero-padded."""


    X = as_float_array(X, "X")
    Y = as_float_array(Y, "Y")
    if X.ndim == 1:
        X = X[:, None]
    if Y.ndim == 1:
        Y = Y[:, None]
    if X.ndim != 2 or Y.ndim != 2:
        raise ValueError(f"configurations must be 2-d arrays (n, dim), got shapes {X.shape} "
                         f"and {Y.shape}")
    if X.shape[0] != Y.shape[0]:
        raise ValueError(
            f"configurations have different numbers of points: {X.shape[0]} and {Y.shape[0]}"
        )
    d = max(X.shape[1], Y.shape[1])
    Xp = np.zeros((X.shape[0], d))
    Xp[:, : X.shape[1]] = X
    Yp = np.zeros((Y.shape[0], d))
    Yp[:, : Y.shape[1]] = Y
    mx, my = Xp.mean(axis=0), Yp.mean(axis=0)
    Xc, Yc = Xp - mx, Yp - my
    with blas_for(d):  # d x d algebra and thin products: one BLAS thread
        U, S, Vt = np.linalg.svd(Yc.T @ Xc)
        R = U @ Vt
        ny = float(np.sum(Yc * Yc))
        s = float(S.sum() / ny) if ny > 0 else 0.0
        return s * Yc @ R + mx


def procrustes_error(X: ArrayLike, Y: ArrayLike) -> float:
    """Normalised Procrustes error between configurations ``X`` (reference) and ``Y``.

    ``||X_c - T(Y)||_F^2 / ||X_c||_F^2`` where ``T`` is the best similarity transform
    (scale, rotation/reflection, translation) and ``X_c`` is ``X`` centred: 0 for a perfect
    recovery up to similarity, 1 for an uninformative ``Y`` (e.g. a single point).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.metrics import procrustes_error
    >>> X = np.random.default_rng(0).random((10, 2))
    >>> R = np.array([[0.0, -1.0], [1.0, 0.0]])
    >>> round(procrustes_error(X, 3 * X @ R + 5), 12)
    0.0
    """


    X = as_float_array(X, "X")
    if X.ndim == 1:
        X = X[:, None]
    Z = procrustes_align(X, Y)[:, : X.shape[1]]
    Xc = X - X.mean(axis=0)
    den = float(np.sum(Xc * Xc))
    if den == 0:
        return 0.0
    return float(np.sum((X - Z) ** 2) / den)


def adjacency_error(G: nx.Graph, pos: PosLike, k: int | None = None) -> float:
    """Adjacency error E_A of a drawing (Cucuringu & Woodworth, eq. 7); lower is better.

    The kNN graph of the drawing, with the same out-degree as the given graph, is compared
    with the given graph entry by entry:

        ``E_A = (1 / n^2) sum_{i,j} |(A_drawing)_{ij} - (A_G)_{ij}|``.

    For a kNN graph each wrong neighbour counts twice (a missing and a spurious entry), so
    the worst value is ``2 n k / n^2``.  Cost O(n k log n) with a k-d tree, no n x n array.

    Parameters
    ----------
    G : networkx graph, or scipy.sparse matrix / array of shape (n, n)
        The given graph (directed: row i holds i's out-neighbours, e.g. the kNN graph of the
        ground-truth points).  A matrix is read as a (possibly weighted) adjacency; nonzero
        off-diagonal entries are edges.
    pos : dict node -> coordinates, or array of shape (n, dim)
        Array rows are in ``G``'s node order (matrix row order for a matrix).  A dict with a
        matrix ``G`` is keyed by the row indices ``0 .. n-1``.
    k : int, optional
        Number of neighbours of the drawing's kNN graph.  Default: each node's out-degree in
        ``G`` (``k`` for a kNN graph, as in the paper).

    Returns
    -------
    float
        ``nan`` for an empty graph.

    Raises
    ------
    ValueError
        If ``pos`` does not match ``G`` or ``k`` is not in ``[0, n - 1]``.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_graph
    >>> from nx_ordinal.metrics import adjacency_error
    >>> X = np.random.default_rng(0).random((50, 2))
    >>> G = knn_graph(X, 5)
    >>> adjacency_error(G, 2 * X + 1)
    0.0
    >>> adjacency_error(G, X[::-1]) > 0
    True

    References
    ----------
    .. [1] M. Cucuringu and J. Woodworth, "Point localization and density estimation from
       ordinal kNN graphs using synchronization", eq. (7).
    """


    if isinstance(G, (nx.Graph, nx.DiGraph)):
        nodes = list(G)
        A, _ = graph_to_csr(G, nodes)
    else:

        A = as_adjacency(G, "adjacency")
        nodes = list(range(A.shape[0]))
    n = len(nodes)
    if n == 0:
        return float("nan")
    X = pos_array(pos, nodes)
    if k is None:
        degrees = np.diff(A.indptr).astype(np.int64)
    else:

        k = check_int(k, "k", minimum=0)
        if k > n - 1:
            raise ValueError(f"k must be at most n - 1 = {n - 1}, got {k}")

        adjacency_error_memory(n, k).check()
        degrees = np.full(n, k, dtype=np.int64)
    B = recovered_adjacency(X, degrees)
    common = float(A.multiply(B).sum())
    diff = float(A.sum()) + float(B.sum()) - 2.0 * common
    return diff / float(n) ** 2


def procrustes_distance(X: ArrayLike, Y: ArrayLike, *, normalize: bool = True) -> float:
    """Procrustes distance of Ghosh, Chen & Yue [1]_ (eq. 3.2): ``min_Q ||X_c - Y_c Q||_F``
    over orthogonal ``Q`` only, for centred ``X_c`` and ``Y_c``, divided by ``sqrt(n d)`` when
    ``normalize`` (the scale of their Theorem 4).

    Unlike :func:`procrustes_error` it does not rescale ``Y``: it measures recovery of the
    absolute scale too, which a BTL oracle identifies.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.metrics import procrustes_distance
    >>> X = np.random.default_rng(0).random((10, 2))
    >>> R = np.array([[0.0, -1.0], [1.0, 0.0]])
    >>> round(procrustes_distance(X, X @ R + 5), 12), bool(procrustes_distance(X, 2 * X) > 0)
    (0.0, True)

    References
    ----------
    .. [1] Ghosh, N., Chen, Y. and Yue, Y. "Landmark Ordinal Embedding." NeurIPS 2019.
    """

    X = np.asarray(X, dtype=np.float64)
    Y = np.asarray(Y, dtype=np.float64)
    if X.ndim == 1:
        X = X[:, None]
    if Y.ndim == 1:
        Y = Y[:, None]
    if X.shape[0] != Y.shape[0]:
        raise ValueError(
            f"configurations have different numbers of points: {X.shape[0]} and {Y.shape[0]}")
    d = max(X.shape[1], Y.shape[1])
    Xc = np.zeros((X.shape[0], d))
    Xc[:, : X.shape[1]] = X - X.mean(axis=0)
    Yc = np.zeros((Y.shape[0], d))
    Yc[:, : Y.shape[1]] = Y - Y.mean(axis=0)
    with blas_for(d):  # d x d algebra and thin products: one BLAS thread
        U, _, Vt = np.linalg.svd(Yc.T @ Xc)
        dist = float(np.linalg.norm(Xc - Yc @ (U @ Vt)))
    return float(dist / np.sqrt(X.shape[0] * X.shape[1])) if normalize else dist


def knn_lists(X, k, tree=None, distances=False):
    """(Not part of the public API: the lists behind :func:`recovered_adjacency`, shared with
    ``loe_layout``'s guarded leaf push so that both break ties alike.) Rows and columns of each
    point's ``k[i]`` nearest *other* points, ties broken by the k-d tree (``tree``, of ``X``;
    built when None), each row's points nearest first (and, with ``distances``, their
    distances). Points are queried in buckets of similar ``k`` (powers of two), so memory is
    O(sum k) however uneven ``k`` is; a Python loop runs over the O(log n) buckets only."""

    n = X.shape[0]
    rows_out, cols_out, dist_out = [], [], []
    todo = np.flatnonzero(k > 0)
    if todo.size == 0:
        empty = (np.zeros(0, np.int64), np.zeros(0, np.int64))
        return (*empty, np.zeros(0)) if distances else empty
    tree = cKDTree(X) if tree is None else tree
    bucket = np.ceil(np.log2(k[todo])).astype(np.int64)
    for b in np.unique(bucket):
        idx = todo[bucket == b]
        kq = min(int(k[idx].max()) + 1, n)
        dist, nbr = tree.query(X[idx], k=kq)
        nbr = np.asarray(nbr).reshape(idx.size, kq)
        # drop the point itself wherever it landed (coincident points may come first), or
        # the last column when it was crowded out by more than kq - 1 coincident points
        is_self = nbr == idx[:, None]
        is_self[~is_self.any(axis=1), kq - 1] = True
        nbr = nbr[~is_self].reshape(idx.size, kq - 1)
        take = np.arange(kq - 1)[None, :] < k[idx][:, None]
        rows_out.append(np.broadcast_to(idx[:, None], take.shape)[take])
        cols_out.append(nbr[take])
        if distances:
            dist = np.asarray(dist).reshape(idx.size, kq)[~is_self].reshape(idx.size, kq - 1)
            dist_out.append(dist[take])
    out = np.concatenate(rows_out), np.concatenate(cols_out)
    return (*out, np.concatenate(dist_out)) if distances else out


def neighbourhood_preservation(G: nx.Graph, pos: PosLike, hops: int = 1) -> float:
    """Neighbourhood preservation NP of a drawing: how many of each vertex's graph neighbours
    are its nearest neighbours in the drawing (higher is better, 1 best).

    For vertex i let N(i) be the vertices within ``hops`` hops of i (i excluded), ``k = |N(i)|``,
    and L(i) the k vertices drawn nearest to i (i excluded); NP is the mean over vertices of
    the Jaccard index ``|N(i) ∩ L(i)| / |N(i) ∪ L(i)|``.  ``hops=1`` is the literature's NP1,
    ``hops=2`` its NP2 (tsNET [1]_, DRGraph [2]_, t-FDP [3]_).  It is the count behind
    :func:`gari` without the chance correction, with Jaccard instead of the plain fraction.

    Parameters
    ----------
    G : networkx graph
        Undirected graphs use neighbourhoods, directed ones out-neighbourhoods (k-hop
        neighbourhoods along out-edges); self-loops, parallel edges and weights are ignored.
    pos : dict node -> coordinates, or array in ``G``'s node order
    hops : int, default 1
        Radius of the graph neighbourhood in hops (1 gives NP1, 2 gives NP2).

    Returns
    -------
    float
        ``nan`` when no vertex has a neighbour (an empty or edgeless graph).

    Raises
    ------
    ValueError
        ``hops`` is not a positive integer, or ``pos`` does not match ``G``.
    networkx.NetworkXError
        A node of ``G`` has no position.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.metrics import neighbourhood_preservation
    >>> G = nx.path_graph(4)
    >>> neighbourhood_preservation(G, {v: (v, 0) for v in G})
    1.0
    >>> # ends swapped: each end keeps none of its one neighbour, each middle vertex 1 of 2
    >>> round(neighbourhood_preservation(G, {0: (3, 0), 1: (1, 0), 2: (2, 0), 3: (0, 0)}), 4)
    0.1667

    Notes
    -----
    Conventions where the definition is silent:

    * isolated vertices (k = 0) have nothing to preserve and are left out of the mean (so a
      drawing is not rewarded or punished for where it puts them);
    * ties at the k-th drawn distance are broken by the k-d tree, deterministically for a
      given drawing (another tie rule may differ on drawings with many equal distances, e.g.
      grids drawn exactly);
    * coincident vertices are distinct points at distance 0 from each other.

    With these, NP1 recomputed on the published tsNET, DRGraph and t-FDP drawings of the
    benchmark of [3]_ matches their published values within 0.01.

    Cost: the k-hop neighbourhoods by sparse products of the adjacency (O(sum_i k_i) memory
    for ``hops=1``, more for larger radii around hubs), the nearest neighbours by one k-d
    tree, queried in buckets of similar k: O(sum_i k_i log n) time, O(sum_i k_i) memory.

    References
    ----------
    .. [1] J. F. Kruiger, P. E. Rauber, R. M. Martins, A. Kerren, S. Kobourov and A. C. Telea,
       "Graph layouts by t-SNE", Computer Graphics Forum 36(3), 2017 (EuroVis).
    .. [2] M. Zhu, W. Chen, Y. Hu, Y. Hou, L. Liu and K. Zhang, "DRGraph: an efficient graph
       layout algorithm for large-scale graphs by dimensionality reduction", IEEE TVCG 27(2),
       2021.
    .. [3] F. Zhong, M. Xue, J. Zhang, F. Zhang, R. Ban, O. Deussen and Y. Wang,
       "Force-directed graph layouts revisited: a new force based on the t-distribution",
       IEEE TVCG, 2023.
    """

    hops = check_int(hops, "hops", minimum=1)
    check_graph(G)
    nodes = list(G)
    X = pos_array(pos, nodes)
    if len(nodes) < 2:
        return float("nan")
    A, _ = graph_to_csr(G, nodes)
    return neighbourhood_preservation_array(A, X, hops)


def neighbourhood_preservation_array(A: AdjacencyLike, X: ArrayLike, hops: int = 1) -> float:
    """:func:`neighbourhood_preservation` of the drawing ``X`` (n x dim) of the graph with
    (out-)adjacency ``A`` (n x n, rows in the order of ``X``'s rows); the same conventions
    and cost."""

    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] < 2:
        return float("nan")
    return preserved_neighbourhoods(hop_neighbourhoods(A, hops), X)


def hop_neighbourhoods(A: AdjacencyLike, hops: int = 1) -> Any:
    """(Not part of the public API: the neighbourhoods behind
    :func:`neighbourhood_preservation_array`, for callers that score several drawings of one
    graph.)  The vertices within ``hops`` hops of each vertex along out-edges, itself and
    self-loops left out, as a CSR pattern of ones with sorted indices.  O(E) for one hop,
    a sparse product a further hop."""
    A = (sp.csr_array(A) != 0).astype(np.int64).tocsr()
    if A.diagonal().any():  # self-loops are no neighbours
        A = (A - sp.diags_array(A.diagonal())).tocsr()
        A.eliminate_zeros()
    N = A
    for _ in range(hops - 1):
        N = ((N + N @ A) != 0).astype(np.int64).tocsr()
    if hops > 1:
        N.setdiag(0)
        N.eliminate_zeros()
    N.sort_indices()
    return N


def preserved_neighbourhoods(N: Any, X: ArrayLike) -> float:
    """(Not part of the public API.)  The mean Jaccard index of each vertex's neighbourhood
    in ``N`` (:func:`hop_neighbourhoods`) and its as many nearest points in the drawing
    ``X`` (at least two points), over the vertices with a neighbour; nan without any.
    O(sum_i |N(i)| log n)."""
    X = np.asarray(X, dtype=np.float64)
    n = X.shape[0]
    k = np.diff(N.indptr)
    # a vertex whose neighbourhood is every other vertex (a star's, a wheel's: within two
    # hops of the hub) has them all as its nearest points: no query, O(n) each otherwise
    whole = k >= n - 1
    rows, cols = knn_lists(X, np.where(whole, 0, k))
    L = sp.csr_array((np.ones(rows.size, np.int64), (rows, cols)), shape=(n, n))
    common = np.asarray(N.multiply(L).sum(axis=1)).ravel().astype(np.float64)
    common[whole] = k[whole]
    has = k > 0
    if not has.any():
        return float("nan")
    jac = common[has] / (2.0 * k[has] - common[has])
    return float(np.mean(jac))


def _stress_sums(A, X, sources):
    """Sums of r and r^2 (r = drawn / graph distance) and the number of pairs, over the pairs
    (s, j), s in ``sources``, j != s reachable from s; shortest paths from blocks of at most
    256 sources and 2 * 10^6 distances."""

    import scipy.sparse.csgraph as csg
    from scipy.spatial.distance import cdist

    block = int(min(256, max(1, 2_000_000 // max(X.shape[0], 1))))
    s1 = s2 = 0.0
    count = 0
    for start in range(0, sources.size, block):
        src = sources[start:start + block]
        D = csg.shortest_path(A, directed=False, unweighted=True, indices=src)
        E = cdist(X[src], X)
        ok = np.isfinite(D) & (D > 0)
        r = E[ok] / D[ok]
        s1 += float(r.sum())
        s2 += float(r @ r)
        count += int(r.size)
    return s1, s2, count


def _stress_value(A, X, sources, per_all=False):
    """Scale-normalised stress over the pairs from ``sources`` (symmetric ``A``): ``nan``
    without a connected pair, 1 when every pair is drawn at one point; ``per_all``: the sum
    over the connected pairs divided by all ``n len(sources)`` ordered pairs instead."""
    s1, s2, count = _stress_sums(A, X, sources)
    if count == 0:
        return float("nan")
    share = count / (X.shape[0] * len(sources)) if per_all else 1.0
    if s2 == 0.0:
        return share
    return float(max(1.0 - s1 * s1 / (count * s2), 0.0) * share)


def stress(G: nx.Graph, pos: PosLike, *, exact_max_n: int = 10_000, n_pivots: int = 200,
           seed: Seed = None, pairs: str = "connected") -> float:
    """Scale-normalised stress of a drawing (lower is better, 0 best).

    With d_ij the shortest-path length (hops) and e_ij the drawn distance of a pair,

        SE = mean over pairs of (alpha e_ij / d_ij - 1)^2,

    with the alpha that minimises it, alpha = sum(e/d) / sum((e/d)^2); then
    SE = 1 - (sum r)^2 / (P sum r^2) for the P pairs' ratios r = e/d.  This is the stress of
    the graph-drawing benchmark of tsNET, DRGraph and t-FDP (their "SE"; with
    ``pairs="all"`` exactly as their published values are computed, also on disconnected
    graphs); it does not change when the drawing is scaled, rotated or shifted.

    Parameters
    ----------
    G : networkx graph
        Edges are read as undirected and unweighted; pairs in different connected components
        (infinite d) are left out.
    pos : dict node -> coordinates, or array in ``G``'s node order
    exact_max_n : int, default 10000
        Up to this many nodes every pair is used (exact).  Beyond it the value is estimated
        from pivots (below).
    n_pivots : int, default 200
        Number of pivots of the estimate (all nodes when there are fewer).
    seed : int, random generator or None
        Draws the pivots; unused when the value is exact.
    pairs : {"connected", "all"}, default "connected"
        What the mean runs over.  ``"connected"``: the pairs of connected vertices.
        ``"all"``: the same sum over all n^2 ordered pairs of vertices (a vertex with itself
        and pairs in different components add 0), as the benchmark authors' code computes
        its published SE (t-FDP's ``analysis/metrics.py``): the ``"connected"`` value times
        the share of ordered pairs that are connected -- (n - 1) / n on a connected graph,
        0.28 on the benchmark's EVA (1,967 components), 0.63 on ca-GrQc (355).  Compare
        with the published values in this form; it understates a disconnected drawing's
        stress by that share.

    Returns
    -------
    float
        ``nan`` when there is no pair of connected vertices; 1 when every such pair is drawn
        at one point (``pairs="all"``: times the share).

    Raises
    ------
    ValueError
        Bad ``exact_max_n``, ``n_pivots`` or ``pairs``, or ``pos`` does not match ``G``.
    networkx.NetworkXError
        A node of ``G`` has no position.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.metrics import stress
    >>> G = nx.path_graph(5)
    >>> stress(G, {v: (3.0 * v, 1.0) for v in G})
    0.0
    >>> round(stress(nx.cycle_graph(4), {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (0, 1)}), 4)
    0.0229

    Notes
    -----
    The pivot estimate: ``n_pivots`` distinct vertices drawn uniformly with ``seed``, every
    pair (pivot, j) with j connected to the pivot, and the same formula on those pairs (alpha
    fitted on them: a ratio estimator, consistent as the pivots grow).  Each pivot's pairs
    are a uniform sample of one row of the distance matrix, so the sums are unbiased for the
    whole matrix's up to the ratio.  With 200 pivots, on the published t-FDP drawings of the
    benchmark graphs USPowerGrid (4,941 nodes) and 3elt (4,720), five seeds came within
    1.6 % and 3.1 % of the exact value.

    Cost: one shortest-path search (scipy's Dijkstra, unit lengths) per source, every vertex
    or each pivot: O(n (n + E) log n) exact, O(n_pivots (n + E) log n) estimated (about 11 s
    for 200 pivots at n = 100,000 on a shared 2-core machine); memory O(n) (blocks of at
    most 2 * 10^6 distances), never n x n.
    """

    exact_max_n = check_int(exact_max_n, "exact_max_n", minimum=0)
    n_pivots = check_int(n_pivots, "n_pivots", minimum=1)
    if pairs not in ("connected", "all"):
        raise ValueError(f'pairs must be "connected" or "all", got {pairs!r}')
    check_graph(G)
    nodes = list(G)
    X = pos_array(pos, nodes)
    n = len(nodes)
    if n < 2:
        return float("nan")
    A, _ = graph_to_csr(G, nodes)
    A = ((A + A.T) != 0).astype(np.float64).tocsr()
    if n <= exact_max_n or n_pivots >= n:
        sources = np.arange(n)
    else:
        sources = np.sort(as_generator(seed).choice(n, size=n_pivots, replace=False))
    return _stress_value(A, X, sources, per_all=pairs == "all")


def stress_array(A: AdjacencyLike, X: ArrayLike, n_sources: int | None = None) -> float:
    """:func:`stress` of the drawing ``X`` (n x dim) of the graph with adjacency ``A`` (read
    as undirected and unweighted), from every vertex, or from ``n_sources`` evenly spaced
    vertices (indices ``linspace(0, n - 1, n_sources)``: no random draw) when that is fewer.
    ``nan`` without a connected pair.  O(S (n + E) log n) for S sources, memory O(n) beyond
    blocks of 2 * 10^6 distances."""

    X = np.asarray(X, dtype=np.float64)
    n = X.shape[0]
    B = sp.csr_array(A)
    B = ((B + B.T) != 0).astype(np.float64).tocsr()
    if n_sources is None or n_sources >= n:
        sources = np.arange(n)
    else:
        n_sources = check_int(n_sources, "n_sources", minimum=1)
        sources = np.unique(np.linspace(0, n - 1, n_sources).astype(np.int64))
    return _stress_value(B, X, sources)


def long_edge_ratio(G: nx.Graph, pos: PosLike, percentile: float = 99.0) -> float:
    """How much longer a drawing's long edges are than its typical edge: the ``percentile``-th
    percentile of the drawn edge lengths over their median (lower is better, 1 best).

    A drawing that keeps the graph whole draws its edges at similar lengths (a mesh drawn
    well: 1.5-3; t-FDP and Graphviz sfdp on the graph-drawing benchmark: 2-10).  One torn
    into pieces joins them by a few long edges that cross the page, and the ratio grows with
    them (tens), while neighbourhood preservation (NP1) need not notice.  It does not change
    when the drawing is scaled, rotated or shifted.

    Parameters
    ----------
    G : networkx graph
        Each edge counts once (direction, self-loops, parallel edges and weights ignored).
    pos : dict node -> coordinates, or array in ``G``'s node order
    percentile : float, default 99
        Which long edges: a number in (50, 100].

    Returns
    -------
    float
        ``nan`` without edges, or when the median edge has length 0 (most edges drawn at
        a point).

    Raises
    ------
    ValueError
        ``percentile`` outside (50, 100], or ``pos`` does not match ``G``.
    networkx.NetworkXError
        A node of ``G`` has no position.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.metrics import long_edge_ratio
    >>> G = nx.path_graph(4)
    >>> long_edge_ratio(G, {0: (0, 0), 1: (1, 0), 2: (2, 0), 3: (3, 0)})
    1.0
    >>> # the last edge pulled out to length 10: the 99th percentile is about 10, the median 1
    >>> round(long_edge_ratio(G, {0: (0, 0), 1: (1, 0), 2: (2, 0), 3: (12, 0)}), 2)
    9.82

    Notes
    -----
    Cost O(E) for the lengths and one partial sort: O(E) time and memory.
    """

    check_graph(G)
    nodes = list(G)
    X = pos_array(pos, nodes)
    A, _ = graph_to_csr(G, nodes)
    return long_edge_ratio_array(A, X, percentile)


def long_edge_ratio_array(A: AdjacencyLike, X: ArrayLike, percentile: float = 99.0) -> float:
    """:func:`long_edge_ratio` of the drawing ``X`` (n x dim) of the graph with adjacency
    ``A`` (n x n, rows in the order of ``X``'s rows); the same conventions and cost."""

    if isinstance(percentile, bool) or not isinstance(percentile, (int, float, np.number)):
        raise TypeError(f"percentile must be a real number, got {percentile!r}")
    percentile = float(percentile)
    if not 50.0 < percentile <= 100.0:
        raise ValueError(f"percentile must be in (50, 100], got {percentile!r}")
    return edge_tail(np.asarray(X, dtype=np.float64), *edge_pairs(A), percentile)


def edge_pairs(A: AdjacencyLike) -> tuple[np.ndarray, np.ndarray]:
    """The edges of the graph with adjacency ``A``, each once (direction, self-loops and
    weights ignored), as ``(row, col)`` arrays with row < col: what :func:`edge_tail`
    measures, listed once for many drawings."""
    A = sp.csr_array(A)
    A = sp.triu((A != 0) + (A != 0).T, k=1).tocoo()
    return A.row, A.col


def edge_tail(X: FloatArray, row: np.ndarray, col: np.ndarray,
              percentile: float = 99.0) -> float:
    """The long-edge ratio of the drawing ``X`` over the edges ``(row, col)``
    (:func:`edge_pairs`): the ``percentile``-th percentile of their lengths over the median,
    ``nan`` without edges or where the median is 0; O(E), no argument checks."""
    if row.size == 0:
        return float("nan")
    lengths = np.linalg.norm(X[row] - X[col], axis=1)
    mid, top = np.percentile(lengths, [50.0, percentile])
    if not mid > 0:
        return float("nan")
    return float(top / mid)
