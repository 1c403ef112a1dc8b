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
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.spatial import cKDTree

from ._graph import graph_or_adjacency
from ._memory import constraint_sampler_memory, knn_memory, local_triplets_memory
from ._sampling import random_triplets
from ._validation import as_float_array, check_choice, check_int, check_nonnegative, check_positive
from .utils import as_generator

if TYPE_CHECKING:

    import networkx as nx
    import scipy.sparse as sp

    from ._typing import AdjacencyLike, ArrayLike, FloatArray, IntArray, Seed

from ._graph import graph_to_csr  # the adapter lives in _graph; public here

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
        if isinstance(n_objects, bool) or not isinstance(n_objects, numbers.Integral):
            raise TypeError(f"n_objects must be an integer, got {n_objects!r}")
        n_objects = int(n_objects)
        if n_objects < 0:
            raise ValueError(f"n_objects must be >= 0, got {n_objects}")
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

    X = _check_points(X)
    n = X.shape[0]
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k must be an integer, got {k!r}")
    k = int(k)
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
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


    X = _check_points(X)
    if not isinstance(k, bool) and isinstance(k, numbers.Integral) and 1 <= k < X.shape[0]:
        knn_memory("knn_graph", X.shape[0], k, graph=True).check()  # (bad k: knn_adjacency)
    A = knn_adjacency(X, k)
    G: nx.DiGraph = nx.DiGraph()
    G.add_nodes_from(range(A.shape[0]))
    coo = A.tocoo()
    G.add_edges_from(zip(coo.row.tolist(), coo.col.tolist()))
    return G


def _check_points(X: Any) -> FloatArray:

    try:
        X = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"points must be a numeric array: {exc}") from None
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2:
        raise ValueError(f"points must be a 2-d array (n, d), got shape {X.shape}")
    if not np.isfinite(X).all():
        row = int(np.flatnonzero(~np.isfinite(X).all(axis=1))[0])
        raise ValueError(f"points row {row} is not finite: {X[row].tolist()}")
    return X


def count_local_triplets(A: sp.csr_array) -> int:
    """Number of local triplets ``sum_i k_i (n - 1 - k_i)`` implied by adjacency ``A``."""

    n = A.shape[0]
    deg = np.diff(A.indptr)
    return int(np.sum(deg * (n - 1 - deg)))


def local_triplets(
    A: AdjacencyLike, max_triplets: int | None = None, seed: Seed = None
) -> IntArray:
    """Materialise the local triplets ``(i, j, k)`` of adjacency ``A`` (j a neighbour of i,
    k neither a neighbour nor i), all of them or a uniform sample of ``max_triplets``.

    Only for small graphs or when a sampled subset is wanted: the full set has
    ``sum_i k_i (n - 1 - k_i)`` rows.  Sampling is vectorized (rejection of neighbours) and
    costs O(max_triplets).

    Parameters
    ----------
    A : scipy.sparse matrix, array_like (n, n) or networkx graph
        Adjacency (nonzero entries are edges, the diagonal is ignored).
    max_triplets : int, optional
        Sample this many (with replacement) when the full set is larger.
    seed : int, numpy Generator or RandomState, optional

    Returns
    -------
    ndarray of int64, shape (m, 3)
    """


    A = graph_or_adjacency(A, "A")
    if max_triplets is not None:
        max_triplets = check_int(max_triplets, "max_triplets", minimum=0)
    n = A.shape[0]
    indptr, indices = A.indptr, A.indices
    deg = np.diff(indptr)
    total = count_local_triplets(A)
    if total == 0:
        return np.empty((0, 3), dtype=np.int64)
    if max_triplets is None or total <= max_triplets:
        # full enumeration, vectorized per (edge, non-neighbour)
        if total > 50_000_000:
            raise ValueError(
                f"graph implies {total} local triplets; pass max_triplets to sample them"
            )
        local_triplets_memory(n, A.nnz, total, full=True).check()
        Ad = A.toarray() != 0
        np.fill_diagonal(Ad, True)
        non = ~Ad
        ei = np.repeat(np.arange(n), deg)
        ej = indices.astype(np.int64)
        e_idx, tk = np.nonzero(non[ei])
        return np.column_stack([ei[e_idx], ej[e_idx], tk]).astype(np.int64)
    rng = as_generator(seed)
    m = int(max_triplets)
    local_triplets_memory(n, A.nnz, m, full=False).check()
    # anchor-edge chosen proportional to the number of non-neighbours of its anchor
    ei = np.repeat(np.arange(n), deg)
    w = (n - 1 - deg[ei]).astype(np.float64)
    w /= w.sum()
    e = rng.choice(ei.size, size=m, p=w)
    ti = ei[e]
    tj = indices[e].astype(np.int64)
    tk = np.empty(m, dtype=np.int64)
    todo = np.arange(m)
    while todo.size:
        cand = rng.integers(0, n, size=todo.size)
        a = ti[todo]
        ok = cand != a
        # neighbour test by binary search in the sorted CSR rows
        lo = indptr[a]
        hi = indptr[a + 1]
        pos = _row_searchsorted(indices, lo, hi, cand)
        isnb = (pos < hi) & (indices[np.minimum(pos, indices.size - 1)] == cand)
        ok &= ~isnb
        tk[todo[ok]] = cand[ok]
        todo = todo[~ok]
    return np.column_stack([ti, tj, tk])


def _row_searchsorted(indices, lo, hi, values):
    """Vectorized searchsorted of ``values[t]`` inside the sorted slice ``indices[lo[t]:hi[t]]``."""

    lo = lo.astype(np.int64).copy()
    hi = hi.astype(np.int64).copy()
    while True:
        active = lo < hi
        if not active.any():
            return lo
        mid = (lo + hi) // 2
        midv = indices[np.minimum(mid, max(indices.size - 1, 0))]
        go_right = active & (midv < values)
        go_left = active & ~go_right
        lo = np.where(go_right, mid + 1, lo)
        hi = np.where(go_left, mid, hi)


def orient_triplets(
    triplets: ArrayLike, X: ArrayLike | None = None, *, D: ArrayLike | None = None
) -> IntArray:
    """Orient triplets by true distances: swap j and k where ``d(i, k) < d(i, j)``, so every
    row becomes a satisfied constraint of points ``X`` (or distance matrix ``D``).  Rows with
    ``d(i, j) == d(i, k)`` are dropped (ties are not constraints)."""


    if (X is None) == (D is None):
        raise ValueError("give exactly one of X (points) and D (distance matrix)")
    if D is not None:
        D = as_float_array(D, "D", finite=False)
        if D.ndim != 2 or D.shape[0] != D.shape[1]:
            raise ValueError(f"D must be a square matrix, got shape {D.shape}")
        if np.isnan(D).any():
            raise ValueError("D contains NaN entries")
        T = check_triplets(triplets, D.shape[0])[0].copy()
        dij, dik = D[T[:, 0], T[:, 1]], D[T[:, 0], T[:, 2]]
    else:
        X = _check_points(X)
        T = check_triplets(triplets, X.shape[0])[0].copy()
        dij = np.sum((X[T[:, 0]] - X[T[:, 1]]) ** 2, axis=1)
        dik = np.sum((X[T[:, 0]] - X[T[:, 2]]) ** 2, axis=1)
    swap = dik < dij
    T[swap, 1], T[swap, 2] = T[swap, 2], T[swap, 1].copy()
    return T[dij != dik]


def _sampling_source(X, D):
    """Squared-distance oracle ``sq(p, q)`` for index arrays, from points or a distance matrix."""

    if (X is None) == (D is None):
        raise ValueError("give exactly one of X (points) and D (distance matrix)")
    if D is not None:

        D = as_float_array(D, "D", finite=False)
        if D.ndim != 2 or D.shape[0] != D.shape[1]:
            raise ValueError(f"D must be a square matrix, got shape {D.shape}")
        if np.isnan(D).any():
            raise ValueError("D contains NaN entries")
        return D.shape[0], lambda p, q: D[p, q] ** 2
    X = _check_points(X)
    return X.shape[0], lambda p, q: np.sum((X[p] - X[q]) ** 2, axis=1)


def _noisy_keep(gap, noise, noise_level, rng):
    """Boolean mask: True where the true order is reported (False: it is flipped).

    ``gap = d_far^2 - d_near^2 >= 0``.  ``noise="btl"``: correct with probability
    ``1 / (1 + exp(-gap / noise_level))``; ``noise="flip"``: flipped with probability
    ``noise_level``; ``None``: always correct."""

    if noise is None:
        return np.ones(gap.shape, dtype=bool)
    u = rng.random(gap.size)
    if noise == "flip":
        return u >= noise_level
    with np.errstate(over="ignore"):
        p = 1.0 / (1.0 + np.exp(-gap / noise_level))
    return u < p


def _check_noise(noise, noise_level):

    check_choice(noise, "noise", (None, "btl", "flip"))
    if noise == "btl":
        return check_positive(noise_level, "noise_level")
    if noise == "flip":
        p = check_nonnegative(noise_level, "noise_level")
        if p > 1:
            raise ValueError(f"noise_level must be a probability in [0, 1], got {p!r}")
        return p
    return noise_level


def _sample_oriented(draw, sq_pair, m, noise, noise_level, rng):
    """Draw index rows with ``draw(size)``, drop ties, orient by ``sq_pair`` and apply noise
    until ``m`` rows are collected (vectorized batches; O(m) expected)."""

    out = []
    have = 0
    tries = 0
    while have < m:
        size = max(16, int(1.1 * (m - have)) + 16)
        rows = draw(size)
        near, far = sq_pair(rows)
        keep = near != far
        rows, near, far = rows[keep], near[keep], far[keep]
        correct = near < far
        flip_first = _noisy_keep(np.abs(far - near), noise, noise_level, rng)
        swap = correct != flip_first  # swap the two pairs where the reported order is wrong
        rows = rows.copy()
        half = rows.shape[1] // 2 if rows.shape[1] == 4 else None
        if half is None:  # triplet: swap j and k
            rows[swap, 1], rows[swap, 2] = rows[swap, 2], rows[swap, 1].copy()
        else:
            tmp = rows[swap, :2].copy()
            rows[swap, :2] = rows[swap, 2:]
            rows[swap, 2:] = tmp
        out.append(rows)
        have += rows.shape[0]
        tries += 1
        if tries > 50 and have == 0:
            raise ValueError("all sampled comparisons are ties; the distances carry no order")
    return np.concatenate(out)[:m] if out else np.empty((0, 3), dtype=np.int64)


def sample_triplets(
    X: ArrayLike | None = None,
    *,
    D: ArrayLike | None = None,
    n_triplets: int,
    noise: str | None = None,
    noise_level: float = 1.0,
    seed: Seed = None,
) -> IntArray:
    """Random triplets ``(i, j, k)`` with ``d(i, j) < d(i, k)`` from points or distances.

    Index triples of distinct objects are drawn uniformly (with replacement), ties
    ``d(i, j) == d(i, k)`` are discarded and redrawn (they are not constraints), and each is
    oriented by the true distances, optionally through a noisy oracle.

    Parameters
    ----------
    X : array_like, shape (n, d), optional
        Points (Euclidean distances, computed per triplet: no n x n array).
    D : array_like, shape (n, n), optional
        Distance matrix (exactly one of ``X`` and ``D``).  ``inf`` entries are allowed.
    n_triplets : int
    noise : {None, "btl", "flip"}
        ``"btl"``: the Bradley-Terry-Luce oracle answers correctly with probability
        ``1 / (1 + exp(-(d_ik^2 - d_ij^2) / noise_level))`` (for the true order
        ``d_ij < d_ik``); ``"flip"``: each answer is flipped with probability ``noise_level``.
    noise_level : float
        BTL scale (> 0) or flip probability (in [0, 1]).
    seed : int, Generator, RandomState or None

    Returns
    -------
    ndarray of int64, shape (n_triplets, 3)

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import sample_triplets
    >>> X = np.array([[0.0], [1.0], [3.0], [7.0]])
    >>> T = sample_triplets(X, n_triplets=5, seed=0)
    >>> T.shape
    (5, 3)
    >>> bool(np.all(np.abs(X[T[:, 0]] - X[T[:, 1]]) < np.abs(X[T[:, 0]] - X[T[:, 2]])))
    True
    """


    n, sq = _sampling_source(X, D)
    m = check_int(n_triplets, "n_triplets", minimum=0)
    constraint_sampler_memory("sample_triplets", m).check()
    noise_level = _check_noise(noise, noise_level)
    rng = as_generator(seed)
    if m == 0:
        return np.empty((0, 3), dtype=np.int64)
    if n < 3:
        raise ValueError(f"need at least 3 objects for triplets, got {n}")

    def pairs(T):
        return sq(T[:, 0], T[:, 1]), sq(T[:, 0], T[:, 2])

    return _sample_oriented(lambda size: random_triplets(n, size, rng), pairs, m, noise,
                            noise_level, rng)


def _random_pairs(n, size, rng):
    i = rng.integers(0, n, size=size)
    j = (i + rng.integers(1, n, size=size)) % n
    return i, j


def sample_quadruplets(
    X: ArrayLike | None = None,
    *,
    D: ArrayLike | None = None,
    n_quadruplets: int,
    noise: str | None = None,
    noise_level: float = 1.0,
    seed: Seed = None,
) -> IntArray:
    """Random quadruplets ``(i, j, k, l)`` with ``d(i, j) < d(k, l)`` from points or distances.

    Two pairs of distinct objects are drawn uniformly (with replacement; the same pair twice
    is redrawn), ties are discarded, and the pairs are ordered by the true distances,
    optionally through a noisy oracle (``noise`` as in :func:`sample_triplets`, with
    ``d_kl^2 - d_ij^2`` as the gap).

    Returns
    -------
    ndarray of int64, shape (n_quadruplets, 4)

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import sample_quadruplets
    >>> X = np.random.default_rng(0).random((10, 2))
    >>> Q = sample_quadruplets(X, n_quadruplets=100, seed=1)
    >>> d = lambda p, q: np.linalg.norm(X[p] - X[q], axis=1)
    >>> bool(np.all(d(Q[:, 0], Q[:, 1]) < d(Q[:, 2], Q[:, 3])))
    True
    """


    n, sq = _sampling_source(X, D)
    m = check_int(n_quadruplets, "n_quadruplets", minimum=0)
    constraint_sampler_memory("sample_quadruplets", m, ncols=4, arg="n_quadruplets").check()
    noise_level = _check_noise(noise, noise_level)
    rng = as_generator(seed)
    if m == 0:
        return np.empty((0, 4), dtype=np.int64)
    if n < 3:
        raise ValueError(f"need at least 3 objects for quadruplets, got {n}")

    def draw(size):
        i, j = _random_pairs(n, size, rng)
        k, l = _random_pairs(n, size, rng)
        Q = np.column_stack([i, j, k, l]).astype(np.int64)
        same = ((i == k) & (j == l)) | ((i == l) & (j == k))
        return Q[~same]

    def pairs(Q):
        return sq(Q[:, 0], Q[:, 1]), sq(Q[:, 2], Q[:, 3])

    return _sample_oriented(draw, pairs, m, noise, noise_level, rng)


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
