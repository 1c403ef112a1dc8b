"""Sampling, in one module: the random queries and triplets that the oracles, the landmark
embedding, the constraint generators and the shortest-path layouts draw.

* :func:`random_pairs` -- the one sampler of query pairs ``j != k`` for given anchors;
* :func:`sample_anchor_queries` -- queries with fixed anchors (landmark columns);
* :func:`random_triplets` -- uniform triplets of distinct objects;
* :func:`shortest_path_triplets` -- strict comparisons of shortest-path distances of a graph
  (``soe_layout``, ``landmark_ste_layout``);
* :func:`local_triplets` (with :func:`count_local_triplets`) -- the local triplets a graph
  implies, all or sampled;
* :func:`sample_triplets`, :func:`sample_quadruplets` -- comparisons of points or of a
  distance matrix, with BTL or flip noise.

Each takes its random stream as an argument (a seed or a Generator) and draws nothing else.
The public names are re-exported where users find them: ``nx_ordinal.oracle.random_pairs``,
``nx_ordinal.oracle.sample_anchor_queries``, ``nx_ordinal.constraints.random_triplets``,
``local_triplets``, ``count_local_triplets``, ``sample_triplets`` and ``sample_quadruplets``.
Imports only the layers below and :mod:`nx_ordinal._data.graph`'s adapters, which breaks the old
circle ``_graph`` -> ``oracle`` -> ``constraints`` -> ``_graph``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from .._core.estimates import constraint_sampler_memory, local_triplets_memory
from .._core.seeds import as_generator
from .._core.validation import (
    as_float_array,
    check_choice,
    check_int,
    check_nonnegative,
    check_positive,
)
from .graph import graph_or_adjacency, weighted_csr

if TYPE_CHECKING:
    from collections.abc import Hashable

    import networkx as nx

    from .._core.typing import AdjacencyLike, ArrayLike, FloatArray, IntArray, Seed

__all__ = ["random_pairs", "sample_anchor_queries", "random_triplets", "shortest_path_triplets",
           "count_local_triplets", "local_triplets", "sample_triplets", "sample_quadruplets"]


def random_pairs(
    i: ArrayLike, n: int, rng: np.random.Generator
) -> tuple[IntArray, IntArray]:
    """For each anchor ``i[c]`` a uniform pair ``j != k`` of objects other than it.

    The one sampler of query pairs (triplet oracles, landmark columns, shortest-path
    triplets).  Two draws from ``rng``: ``rng.integers(0, n - 1, m)`` then
    ``rng.integers(0, n - 2, m)``, shifted past the anchor and ``j``.  O(m).

    Parameters
    ----------
    i : array_like of int, shape (m,)
        Anchors in ``[0, n)``.
    n : int
        Number of objects (at least 3).
    rng : numpy.random.Generator

    Returns
    -------
    j, k : ndarray of int, shape (m,)
        ``j != i``, ``k != i``, ``k != j``, each uniform given the others.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.oracle import random_pairs
    >>> i = np.zeros(1000, dtype=int)
    >>> j, k = random_pairs(i, 5, np.random.default_rng(0))
    >>> bool(((j != 0) & (k != 0) & (j != k)).all())
    True
    """
    i = np.asarray(i)
    m = np.shape(i)[0]
    j = rng.integers(0, n - 1, size=m)
    j += j >= i
    k = rng.integers(0, n - 2, size=m)
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    k += k >= lo
    k += k >= hi
    return j, k


def sample_anchor_queries(
    anchors: ArrayLike, counts: ArrayLike, n_objects: int, seed: Seed = None
) -> IntArray:
    """Random queries ``(i, j, k)`` with anchor ``i`` fixed: ``counts[a]`` queries with anchor
    ``anchors[a]``, the pair ``{j, k}`` uniform over distinct objects other than ``i``.

    Returns an ``(sum(counts), 3)`` int64 array.  Vectorized, O(m).

    Examples
    --------
    >>> from nx_ordinal.oracle import sample_anchor_queries
    >>> Q = sample_anchor_queries([0, 5], [3, 2], 10, seed=0)
    >>> Q.shape, Q[:3, 0].tolist(), Q[3:, 0].tolist()
    ((5, 3), [0, 0, 0], [5, 5])
    """

    n = int(n_objects)
    if n < 3:
        raise ValueError(f"need at least 3 objects for triplets, got {n}")
    anchors = np.asarray(anchors, dtype=np.int64)
    counts = np.asarray(counts, dtype=np.int64)
    if anchors.shape != counts.shape or anchors.ndim != 1:
        raise ValueError("anchors and counts must be 1-d arrays of the same length")
    if anchors.size and (anchors.min() < 0 or anchors.max() >= n):
        raise ValueError(f"anchors must be in [0, {n - 1}]")
    if counts.size and counts.min() < 0:
        raise ValueError(f"counts must be >= 0, got {counts.min()}")

    constraint_sampler_memory("sample_anchor_queries", int(counts.sum()),
                              arg="sum(counts)").check()
    i = np.repeat(anchors, counts)
    j, k = random_pairs(i, n, as_generator(seed))
    return np.column_stack([i, j, k])


def random_triplets(n_objects: int, n_triplets: int, seed: Seed = None) -> IntArray:
    """``n_triplets`` uniformly random index triplets ``(i, j, k)`` of distinct objects
    (unlabelled: orient them with :func:`orient_triplets`).  Vectorized, O(m)."""


    n = check_int(n_objects, "n_objects")
    if n < 3:
        raise ValueError(f"need at least 3 objects for triplets, got {n}")
    m = check_int(n_triplets, "n_triplets", minimum=0)
    constraint_sampler_memory("random_triplets", m).check()
    rng = as_generator(seed)
    i = rng.integers(0, n, size=m)
    j = (i + rng.integers(1, n, size=m)) % n  # j != i
    # k uniform over the n - 2 objects other than i and j
    k = rng.integers(0, n - 2, size=m)
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    k = k + (k >= lo)
    k = k + (k >= hi)
    return np.column_stack([i, j, k]).astype(np.int64)


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
    graph has too few strict comparisons; none with fewer than 3 nodes, and then nothing is
    drawn from ``rng``).
    """


    n = len(nodes)
    if n < 3:
        return np.empty((0, 3), dtype=np.int64)
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


def check_points(X: Any) -> FloatArray:
    """Points ``X`` as a finite float (n, d) array (``TypeError`` / ``ValueError`` naming
    the problem otherwise)."""

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


def _sampling_source(X, D):
    """Squared-distance oracle ``sq(p, q)`` for index arrays, from points or a distance matrix."""

    X, D = points_or_distances(X, D)
    if D is not None:
        return D.shape[0], lambda p, q: D[p, q] ** 2
    return X.shape[0], lambda p, q: np.sum((X[p] - X[q]) ** 2, axis=1)


def points_or_distances(X: Any, D: Any) -> tuple[Any, Any]:
    """Exactly one of points ``X`` (n x d, finite) and a square distance matrix ``D`` (no
    NaN), checked; returns ``(X, D)`` with the other None."""

    if (X is None) == (D is None):
        raise ValueError("give exactly one of X (points) and D (distance matrix)")
    if D is None:
        return check_points(X), None
    D = as_float_array(D, "D", finite=False)
    if D.ndim != 2 or D.shape[0] != D.shape[1]:
        raise ValueError(f"D must be a square matrix, got shape {D.shape}")
    if np.isnan(D).any():
        raise ValueError("D contains NaN entries")
    return None, D


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


def _sampler_args(X, D, count, kind, noise, noise_level, seed):
    """The checked arguments of :func:`sample_triplets` (``kind="triplets"``) and
    :func:`sample_quadruplets`: ``(n, sq, m, noise_level, rng)``, ``sq`` the squared-distance
    oracle of :func:`_sampling_source` and ``m`` the number of rows asked for."""

    n, sq = _sampling_source(X, D)
    arg = f"n_{kind}"
    m = check_int(count, arg, minimum=0)
    constraint_sampler_memory(f"sample_{kind}", m, ncols=3 if kind == "triplets" else 4,
                              arg=arg).check()
    noise_level = _check_noise(noise, noise_level)
    rng = as_generator(seed)
    if m > 0 and n < 3:
        raise ValueError(f"need at least 3 objects for {kind}, got {n}")
    return n, sq, m, noise_level, rng


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


    n, sq, m, noise_level, rng = _sampler_args(X, D, n_triplets, "triplets", noise,
                                               noise_level, seed)
    if m == 0:
        return np.empty((0, 3), dtype=np.int64)

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


    n, sq, m, noise_level, rng = _sampler_args(X, D, n_quadruplets, "quadruplets", noise,
                                               noise_level, seed)
    if m == 0:
        return np.empty((0, 4), dtype=np.int64)

    def draw(size):
        i, j = _random_pairs(n, size, rng)
        k, l = _random_pairs(n, size, rng)
        Q = np.column_stack([i, j, k, l]).astype(np.int64)
        same = ((i == k) & (j == l)) | ((i == l) & (j == k))
        return Q[~same]

    def pairs(Q):
        return sq(Q[:, 0], Q[:, 1]), sq(Q[:, 2], Q[:, 3])

    return _sample_oriented(draw, pairs, m, noise, noise_level, rng)
