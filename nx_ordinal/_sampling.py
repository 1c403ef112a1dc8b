"""Sampling, in one module: the random queries and triplets that the oracles, the landmark
embedding, the constraint generators and the shortest-path layouts draw.

* :func:`random_pairs` -- the one sampler of query pairs ``j != k`` for given anchors;
* :func:`sample_anchor_queries` -- queries with fixed anchors (landmark columns);
* :func:`random_triplets` -- uniform triplets of distinct objects;
* :func:`shortest_path_triplets` -- strict comparisons of shortest-path distances of a graph
  (``soe_layout``, ``landmark_ste_layout``).

Each takes its random stream as an argument (a seed or a Generator) and draws nothing else.
The public names are re-exported where users find them: ``nx_ordinal.oracle.random_pairs``,
``nx_ordinal.oracle.sample_anchor_queries``, ``nx_ordinal.constraints.random_triplets``.
Imports only the layers below and :mod:`nx_ordinal._graph`'s adapters, which breaks the old
circle ``_graph`` -> ``oracle`` -> ``constraints`` -> ``_graph``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from scipy.sparse.csgraph import shortest_path

from ._graph import weighted_csr
from ._memory import constraint_sampler_memory
from ._validation import check_int
from .utils import as_generator

if TYPE_CHECKING:
    from collections.abc import Hashable

    import networkx as nx

    from ._typing import ArrayLike, IntArray, Seed

__all__ = ["random_pairs", "sample_anchor_queries", "random_triplets", "shortest_path_triplets"]


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
