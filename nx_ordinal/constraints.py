"""Ordinal constraints: triplet and quadruplet arrays, graphs as sparse adjacency, kNN graphs.

Conventions
-----------
* A **triplet** array has shape ``(m, 3)``; row ``(i, j, k)`` means ``d(i, j) < d(i, k)``
  ("i is closer to j than to k").  This is cblearn's "list-order" format, so arrays move between
  the two packages unchanged.
* A **quadruplet** array has shape ``(m, 4)``; row ``(i, j, k, l)`` means ``d(i, j) < d(k, l)``.
  A triplet ``(i, j, k)`` is the quadruplet ``(i, j, i, k)``.
* The **local** constraints of a graph (j an out-neighbour of i, k not) are never materialised:
  they stay implicit in the CSR adjacency returned by :func:`graph_to_csr`.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.spatial import cKDTree

from ._core.estimates import constraint_sampler_memory, knn_memory
from ._core.validation import as_float_array, check_int
from ._data.sampling import (  # the samplers live in _sampling; public here
    check_points,
    count_local_triplets,
    local_triplets,
    points_or_distances,
    random_triplets,
    sample_quadruplets,
    sample_triplets,
)

if TYPE_CHECKING:

    import networkx as nx
    import scipy.sparse as sp

    from ._core.typing import ArrayLike, IntArray

from ._data.graph import graph_to_csr  # the adapter lives in _graph; public here

__all__ = [
    "check_constraints",
    "triplet_error",
    "check_triplets",
    "check_quadruplets",
    "triplets_to_quadruplets",
    "graph_to_csr",
    "knn_adjacency",
    "knn_graph",
    "local_triplets",
    "count_local_triplets",
    "random_triplets",
    "orient_triplets",
    "sample_triplets",
    "sample_quadruplets",
    "all_quadruplets",
    "find_contradictions",
]


def _as_index_array(constraints, ncols, name):

    if isinstance(constraints, (str, bytes)) or constraints is None:
        raise TypeError(f"{name} must be an integer array, got {type(constraints).__name__}")
    try:
        arr = np.asarray(constraints)
    except Exception as exc:  # ragged lists etc.
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype == object:
        raise TypeError(f"{name} must be an integer array, got dtype object")
    if arr.ndim == 1 and arr.size == 0:
        arr = arr.reshape(0, ncols[0] if isinstance(ncols, tuple) else ncols)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a 2-d array, got shape {arr.shape}")
    allowed = ncols if isinstance(ncols, tuple) else (ncols,)
    if arr.shape[1] not in allowed:
        want = " or ".join(str(c) for c in allowed)
        raise ValueError(f"{name} must have {want} columns, got shape {arr.shape}")
    if arr.dtype == bool:
        raise TypeError(f"{name} must be an integer array, got dtype bool")
    if np.issubdtype(arr.dtype, np.integer):
        return arr.astype(np.int64, copy=False)
    if not np.issubdtype(arr.dtype, np.floating):
        raise TypeError(f"{name} must be an integer array, got dtype {arr.dtype}")
    bad = ~np.isfinite(arr) | (arr != np.round(arr))
    if bad.any():
        row = int(np.flatnonzero(bad.any(axis=1))[0])
        raise ValueError(f"{name} row {row} has a non-integer index: {arr[row].tolist()}")
    return arr.astype(np.int64)


def check_constraints(
    constraints: ArrayLike,
    n_objects: int | None = None,
    *,
    name: str = "constraints",
    ncols: int | tuple[int, ...] = (3, 4),
) -> tuple[IntArray, int]:
    """Validate a triplet or quadruplet array.

    Parameters
    ----------
    constraints : array_like of shape (m, 3) or (m, 4)
        Integer object indices.
    n_objects : int, optional
        Number of objects; indices must lie in ``[0, n_objects)``.  Default: ``max index + 1``.
    name : str
        Name used in error messages.
    ncols : int or tuple of int
        Allowed numbers of columns.

    Returns
    -------
    constraints : ndarray of int64, shape (m, 3) or (m, 4)
    n_objects : int

    Raises
    ------
    TypeError
        Non-numeric or boolean arrays.
    ValueError
        Wrong shape; a negative, non-integer or out-of-range index; a row that compares a
        distance with itself or involves a zero distance (``i == j``), naming the first bad row.

    Examples
    --------
    >>> from nx_ordinal.constraints import check_constraints
    >>> C, n = check_constraints([[0, 1, 2], [2, 1, 0]])
    >>> C.shape, n
    ((2, 3), 3)
    >>> check_constraints([[0, 1, -2]])
    Traceback (most recent call last):
    ...
    ValueError: constraints row 0 has a negative index: [0, 1, -2]
    """

    arr = _as_index_array(constraints, ncols, name)
    if arr.size:
        neg = (arr < 0).any(axis=1)
        if neg.any():
            row = int(np.flatnonzero(neg)[0])
            raise ValueError(f"{name} row {row} has a negative index: {arr[row].tolist()}")
    max_idx = int(arr.max()) if arr.size else -1
    if n_objects is None:
        n_objects = max_idx + 1
    else:
        n_objects = check_int(n_objects, "n_objects", minimum=0)
        if max_idx >= n_objects:
            row = int(np.flatnonzero((arr >= n_objects).any(axis=1))[0])
            raise ValueError(
                f"{name} row {row} has an index out of range for n_objects={n_objects}: "
                f"{arr[row].tolist()}"
            )
    if arr.size:
        if arr.shape[1] == 3:
            i, j, k = arr.T
            bad = (i == j) | (i == k) | (j == k)
        else:
            i, j, k, l = arr.T
            same_pair = ((i == k) & (j == l)) | ((i == l) & (j == k))
            bad = (i == j) | (k == l) | same_pair
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise ValueError(
                f"{name} row {row} refers to the same object twice or compares a distance "
                f"with itself: {arr[row].tolist()}"
            )
    return arr, n_objects


def check_triplets(
    triplets: ArrayLike, n_objects: int | None = None, *, name: str = "triplets"
) -> tuple[IntArray, int]:
    """:func:`check_constraints` restricted to ``(m, 3)`` triplet arrays."""
    return check_constraints(triplets, n_objects, name=name, ncols=3)


def check_quadruplets(
    quadruplets: ArrayLike, n_objects: int | None = None, *, name: str = "quadruplets"
) -> tuple[IntArray, int]:
    """:func:`check_constraints` restricted to ``(m, 4)`` quadruplet arrays."""
    return check_constraints(quadruplets, n_objects, name=name, ncols=4)


def triplets_to_quadruplets(triplets: ArrayLike) -> IntArray:
    """Turn triplets ``(i, j, k)`` into quadruplets ``(i, j, i, k)``; quadruplets pass through.

    Examples
    --------
    >>> from nx_ordinal.constraints import triplets_to_quadruplets
    >>> triplets_to_quadruplets([[0, 1, 2]]).tolist()
    [[0, 1, 0, 2]]
    """

    arr = np.asarray(triplets, dtype=np.int64)
    if arr.ndim == 2 and arr.shape[1] == 4:
        return arr
    if arr.ndim != 2 or arr.shape[1] != 3:
        raise ValueError(f"triplets must have shape (m, 3), got {arr.shape}")
    return np.column_stack([arr[:, 0], arr[:, 1], arr[:, 0], arr[:, 2]])


def knn_adjacency(X: ArrayLike, k: int) -> sp.csr_array:
    """Directed kNN adjacency of points ``X`` (row i holds i's k nearest neighbours).

    Uses a :class:`scipy.spatial.cKDTree`; ties are broken by the tree's order.  Cost
    O(n k log n) time, O(n k) memory.

    Returns
    -------
    scipy.sparse.csr_array, shape (n, n), with k ones per row.
    """

    X = check_points(X)
    n = X.shape[0]
    k = check_int(k, "k", minimum=1)
    if k >= n:
        raise ValueError(f"k must be smaller than the number of points ({n}), got {k}")

    knn_memory("knn_adjacency", n, k).check()
    tree = cKDTree(X)
    _, idx = tree.query(X, k=k + 1)
    idx = np.asarray(idx).reshape(n, k + 1)
    # drop the point itself (normally column 0; duplicates may place it elsewhere)
    self_mask = idx == np.arange(n)[:, None]
    has_self = self_mask.any(axis=1)
    keep = ~self_mask
    keep[~has_self, k] = False  # no self found: drop the farthest
    nbrs = idx[keep].reshape(n, k)
    A = sp.csr_array(
        (np.ones(n * k), nbrs.ravel(), np.arange(0, n * k + 1, k, dtype=np.int64)), shape=(n, n)
    )
    A.sort_indices()
    return A


def knn_graph(X: ArrayLike, k: int) -> nx.DiGraph:
    """Directed, unweighted kNN graph of the rows of ``X``: an edge i -> j for each of the
    ``k`` nearest neighbours j of point i (Euclidean, :class:`scipy.spatial.cKDTree`).

    Parameters
    ----------
    X : array_like, shape (n, d)
    k : int, 1 <= k < n

    Returns
    -------
    networkx.DiGraph with nodes ``0..n-1``, each with out-degree ``k``.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_graph
    >>> G = knn_graph(np.array([[0.0], [1.0], [3.0]]), 1)
    >>> sorted(G.edges())
    [(0, 1), (1, 0), (2, 1)]
    """


    X = check_points(X)
    if not isinstance(k, bool) and isinstance(k, numbers.Integral) and 1 <= k < X.shape[0]:
        knn_memory("knn_graph", X.shape[0], k, graph=True).check()  # (bad k: knn_adjacency)
    A = knn_adjacency(X, k)
    G: nx.DiGraph = nx.DiGraph()
    G.add_nodes_from(range(A.shape[0]))
    coo = A.tocoo()
    G.add_edges_from(zip(coo.row.tolist(), coo.col.tolist()))
    return G










def orient_triplets(
    triplets: ArrayLike, X: ArrayLike | None = None, *, D: ArrayLike | None = None
) -> IntArray:
    """Orient triplets by true distances: swap j and k where ``d(i, k) < d(i, j)``, so every
    row becomes a satisfied constraint of points ``X`` (or distance matrix ``D``).  Rows with
    ``d(i, j) == d(i, k)`` are dropped (ties are not constraints)."""


    pts, dist = points_or_distances(X, D)
    if dist is not None:
        T = check_triplets(triplets, dist.shape[0])[0].copy()
        dij, dik = dist[T[:, 0], T[:, 1]], dist[T[:, 0], T[:, 2]]
    else:
        T = check_triplets(triplets, pts.shape[0])[0].copy()
        dij = np.sum((pts[T[:, 0]] - pts[T[:, 1]]) ** 2, axis=1)
        dik = np.sum((pts[T[:, 0]] - pts[T[:, 2]]) ** 2, axis=1)
    swap = dik < dij
    T[swap, 1], T[swap, 2] = T[swap, 2], T[swap, 1].copy()
    return T[dij != dik]
















def all_quadruplets(D: ArrayLike, max_quadruplets: int = 10_000_000) -> IntArray:
    """Every comparison of two distinct pairs ``i < j`` of a distance matrix, as quadruplets
    ``(i, j, k, l)`` with ``D[i, j] < D[k, l]``; ties are left out.  O(n^4) rows: small n only.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import all_quadruplets
    >>> D = np.array([[0, 1, 2], [1, 0, 3], [2, 3, 0]])
    >>> all_quadruplets(D).tolist()
    [[0, 1, 0, 2], [0, 1, 1, 2], [0, 2, 1, 2]]
    """

    D = np.asarray(D, dtype=np.float64)
    if D.ndim != 2 or D.shape[0] != D.shape[1]:
        raise ValueError(f"D must be a square matrix, got shape {D.shape}")
    n = D.shape[0]
    pi, pj = np.triu_indices(n, 1)
    npairs = pi.size
    total = npairs * (npairs - 1) // 2
    if total > max_quadruplets:
        raise ValueError(
            f"D implies {total} comparisons, more than max_quadruplets={max_quadruplets}"
        )

    constraint_sampler_memory("all_quadruplets", total, ncols=4, arg="n_comparisons").check()
    a, b = np.triu_indices(npairs, 1)
    da, db = D[pi[a], pj[a]], D[pi[b], pj[b]]
    keep = da != db
    a, b, da, db = a[keep], b[keep], da[keep], db[keep]
    swap = db < da
    near = np.where(swap, b, a)
    far = np.where(swap, a, b)
    return np.column_stack([pi[near], pj[near], pi[far], pj[far]]).astype(np.int64)


def find_contradictions(constraints: ArrayLike, n_objects: int | None = None) -> IntArray:
    """Rows of a triplet or quadruplet array contradicted by another row.

    Row ``(i, j, k, l)`` (``d(i, j) < d(k, l)``; a triplet ``(i, j, k)`` is ``(i, j, i, k)``)
    is contradicted when some row states ``d(k, l) < d(i, j)``.  Solvers accept
    contradictory constraints (their losses are soft: at most one of each contradictory pair
    can be satisfied); this helper finds them, e.g. to clean noisy crowd-sourced data.
    Vectorized, O(m log m).

    Parameters
    ----------
    constraints : array_like, shape (m, 3) or (m, 4)
    n_objects : int, optional

    Returns
    -------
    ndarray of int64
        Sorted indices of the contradicted rows.

    Examples
    --------
    >>> from nx_ordinal.constraints import find_contradictions
    >>> find_contradictions([[0, 1, 2], [0, 2, 1], [1, 0, 2]]).tolist()
    [0, 1]
    """

    C, n = check_constraints(constraints, n_objects)
    if C.shape[0] == 0:
        return np.empty(0, dtype=np.int64)
    Q = triplets_to_quadruplets(C)
    a, b = np.minimum(Q[:, 0], Q[:, 1]), np.maximum(Q[:, 0], Q[:, 1])
    c, d = np.minimum(Q[:, 2], Q[:, 3]), np.maximum(Q[:, 2], Q[:, 3])
    fwd = np.column_stack([a, b, c, d])
    rev = np.column_stack([c, d, a, b])
    _, inv = np.unique(np.concatenate([fwd, rev]), axis=0, return_inverse=True)
    inv = inv.ravel()
    m = Q.shape[0]
    return np.flatnonzero(np.isin(inv[:m], inv[m:])).astype(np.int64)


def triplet_error(constraints: ArrayLike, X: ArrayLike) -> float:
    """Fraction of constraints violated by configuration ``X``.

    ``constraints`` is an ``(m, 3)`` triplet array (``d(i,j) < d(i,k)``) or an ``(m, 4)``
    quadruplet array (``d(i,j) < d(k,l)``); a tie counts as violated.  O(m dim).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.metrics import triplet_error
    >>> X = np.array([[0.0], [1.0], [3.0]])
    >>> triplet_error([[0, 1, 2], [2, 0, 1]], X)
    0.5
    """


    X = as_float_array(X, "X")
    if X.ndim == 1:
        X = X[:, None]
    C, _ = check_constraints(constraints, X.shape[0])
    if C.shape[0] == 0:
        return float("nan")
    Q = triplets_to_quadruplets(C)
    d1 = np.sum((X[Q[:, 0]] - X[Q[:, 1]]) ** 2, axis=1)
    d2 = np.sum((X[Q[:, 2]] - X[Q[:, 3]]) ** 2, axis=1)
    return float(np.mean(d1 >= d2))
