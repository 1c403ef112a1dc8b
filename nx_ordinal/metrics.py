"""Quality measures of a drawing: GARI, Err_local, adjacency error E_A.

``pos`` arguments are dicts ``node -> coordinates`` (as returned by any layout) or arrays in
``G``'s node order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.spatial import cKDTree

from ._graph import check_graph, graph_to_csr, pos_array
from ._memory import adjacency_error_memory
from ._resources import blas_for
from ._validation import as_adjacency, as_float_array, check_int, check_positive
from .embed.loe import loe_objective

if TYPE_CHECKING:
    import networkx as nx
    import scipy.sparse as sp

    from ._typing import AdjacencyLike, ArrayLike, FloatArray, PosLike

from .constraints import triplet_error  # computed on the data layer; public here too

__all__ = [
    "gari",
    "gari_array",
    "err_local",
    "adjacency_error",
    "recovered_adjacency",
    "triplet_error",
    "procrustes_align",
    "procrustes_error",
    "procrustes_distance",
]


def _check_graph(G, name="G"):

    check_graph(G, name)


def recovered_adjacency(X: ArrayLike, degrees: ArrayLike) -> sp.csr_array:
    """Adjacency recovered from a drawing: row i marks the ``degrees[i]`` nearest other points.

    Uses a k-d tree with the largest degree (O(n k log n)); ties are broken by the tree.
    Returns a CSR array.
    """

    X = np.asarray(X, dtype=np.float64)
    degrees = np.asarray(degrees, dtype=np.int64)
    n = X.shape[0]
    kmax = int(degrees.max()) if n else 0
    if kmax == 0:
        return sp.csr_array((n, n))
    kq = min(kmax + 1, n)
    _, idx = cKDTree(X).query(X, k=kq)
    idx = np.asarray(idx).reshape(n, kq)
    # remove self (wherever it landed; coincident points may displace it)
    is_self = idx == np.arange(n)[:, None]
    no_self = ~is_self.any(axis=1)
    is_self[no_self, kq - 1] = True
    nbr = idx[~is_self].reshape(n, kq - 1)
    take = np.arange(kq - 1)[None, :] < degrees[:, None]
    rows = np.repeat(np.arange(n), kq - 1)[take.ravel()]
    cols = nbr.ravel()[take.ravel()]
    return sp.csr_array((np.ones(rows.size), (rows, cols)), shape=(n, n))


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


    A = as_adjacency(A, "A")
    n = A.shape[0]
    X = as_float_array(X, "X")
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2 or X.shape[0] != n:
        raise ValueError(f"X must have shape ({n}, dim) for an adjacency of {n} nodes, got "
                         f"{X.shape}")
    if n < 2:
        return float("nan")
    k = np.diff(A.indptr).astype(np.float64)
    B = recovered_adjacency(X, k.astype(np.int64))
    m = np.asarray(A.multiply(B).sum(axis=1)).ravel()
    M = (n - 1) - 2.0 * (k - m)
    EM = (n - 1) + 2.0 * k * (k - n + 1) / (n - 1)
    den = float(np.sum((n - 1) - EM))
    if den <= 0:
        return float("nan")
    return float(np.sum(M - EM) / den)


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

    _check_graph(G)
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
    _check_graph(G)
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
