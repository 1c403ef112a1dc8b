"""Moves of ``loe_layout``'s chosen drawing under ``objective="auto"``, each node's move
kept only as far as no node loses a recovered 1-hop or 2-hop neighbour: the leaf push
(:func:`push_leaves`: leaves moved out from their hubs) and, on small graphs, the stress
polish (:func:`stress_polish`: steps of stress majorization of the hop distances)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path
from scipy.spatial import cKDTree

from ..._core.arrays import sorted_member
from ...metrics import knn_lists, recovered_adjacency
from .plan import POLICY

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..._core.typing import FloatArray, SparseLike

__all__ = ["push_leaves", "stress_polish"]


def _neighbourhoods(A: SparseLike) -> tuple[np.ndarray, np.ndarray]:
    """Dense boolean (n, n) masks of the 1-hop and 2-hop (out-)neighbourhoods of ``A`` (no
    self-loops): the lists GARI and NP1, and NP2, count (rows of a directed graph: its
    out-neighbours, and theirs)."""
    B = (sp.csr_array(A) != 0).astype(np.int64)
    B2 = ((B + B @ B) != 0).toarray()
    B = B.toarray() != 0
    np.fill_diagonal(B, False)
    np.fill_diagonal(B2, False)
    return B, B2


def _sq_dists(X: FloatArray) -> np.ndarray:
    """Squared distances between all points of ``X``, (n, n), one axis at a time (no
    (n, n, dim) array).  O(n^2 dim)."""
    d2 = np.zeros((X.shape[0], X.shape[0]))
    for b in range(X.shape[1]):
        diff = X[:, b, None] - X[None, :, b]
        diff *= diff
        d2 += diff
    return d2


def _lists(X: FloatArray, ks: tuple[np.ndarray, ...]) -> list[np.ndarray]:
    """For each count array k of ``ks``, a dense boolean (n, n) whose row i marks the
    ``k[i]`` nearest other points of ``X``: each row's K nearest (K the largest count) by a
    partition, then sorted (stable).  O(n^2 + n K log K)."""
    n = X.shape[0]
    d2 = _sq_dists(X)
    np.fill_diagonal(d2, np.inf)
    K = int(max(int(k.max()) for k in ks))
    out = [np.zeros((n, n), dtype=bool) for _ in ks]
    if K == 0:
        return out
    idx = np.argpartition(d2, K - 1, axis=1)[:, :K] if K < n else np.tile(np.arange(n), (n, 1))
    idx = np.take_along_axis(idx, np.argsort(np.take_along_axis(d2, idx, axis=1), axis=1,
                                             kind="stable"), axis=1)
    rows = np.broadcast_to(np.arange(n)[:, None], idx.shape)
    for L, k in zip(out, ks, strict=True):
        cols = np.arange(idx.shape[1])[None, :] < k[:, None]
        L[rows[cols], idx[cols]] = True
    return out


def _metric_counts(N: Any, X: FloatArray) -> np.ndarray:
    """Each node's count of its neighbours ``N`` (a dense mask or a sparse pattern) among
    its ``|N(i)|`` nearest points, by the metrics' own lists
    (:func:`nx_ordinal.metrics.recovered_adjacency`, the k-d tree's tie-break, as GARI, NP1
    and NP2 count them)."""
    N = sp.csr_array(N).astype(bool).astype(np.int8)
    R = recovered_adjacency(np.asarray(X, dtype=np.float64), np.diff(N.indptr))
    return np.asarray((R.multiply(N) != 0).sum(axis=1)).ravel().astype(np.int64)


def stress_polish(A: SparseLike, X: FloatArray, *, steps: int | None = None,
                  rounds: int | None = None, halvings: int | None = None,
                  max_steps: int | None = None, tol: float | None = None) -> FloatArray:
    """Lower the stress of the drawing ``X`` of the connected graph ``A`` without losing any
    node's recovered neighbours.

    The drawing, scaled to the hop distances (stress's own scale), takes ``steps`` steps
    (``stress_polish_steps``), then more while each lowers the stress by at least ``tol``
    (``stress_polish_tol``) of it, up to ``max_steps`` in all (``stress_polish_max_steps``:
    a path between two cliques straightens over a dozen steps, where most drawings stop
    gaining after four); a step is ``rounds`` rounds (``stress_polish_rounds``) of stress
    majorization of all pairs' hop distances D (weights 1 / D^2, Jacobi order: every node
    moves at once to the minimiser of its majorant), and each node i moves by a factor f_i
    of its way to that target.  The guard: no node may count fewer of its graph neighbours
    among its deg(i) nearest points, nor of its 2-hop neighbours among its |N2(i)| nearest,
    than before the step.  Where a node fails it, its factor and those of the points that
    entered or left its lists are halved (``halvings`` times, ``stress_polish_halvings``, then
    set to 0: those nodes stay), until the step passes.  So GARI, NP1 and NP2 never fall:
    their counts per node can only rise, and a count that rises is the new floor.  Steps
    stop early when nothing moves.  A last check with the metrics' own lists
    (:func:`nx_ordinal.metrics.neighbourhood_preservation`'s k-d tree tie-break) returns
    ``X`` itself if any node's count fell after all.

    t-LOE and Err_local place each node by its neighbours alone: a path between two
    cliques may come out bent into a U, a lollipop's stick curled, and stress majorization
    straightens them while the guard keeps every neighbourhood (barbell(10, 20): stress
    0.074 -> 0.016; over 33 small graphs, stress 0.83 times on average, none higher).
    On a directed kNN graph the stress rounds also give the chosen drawing the shape of
    the points, and neighbourhoods come with it (the 8-NN graph of 100 random points:
    GARI 0.879 -> 0.914, stress 0.030 -> 0.025).

    Dense (n, n) arrays: for small graphs only (``loe_layout`` calls it up to
    ``stress_polish_nodes`` nodes, (weakly) connected).  O(n^3) for the hop distances,
    O(n^2 + n K log K) a check (K the largest 2-hop neighbourhood) and O(n^2) a round;
    memory O(n^2).  Returns ``X`` itself where nothing changes
    (a graph of fewer than 3 nodes, a disconnected graph (weakly), a drawing that is already
    stress-optimal or whose every move loses a neighbour), otherwise a new array at
    ``X``'s scale.
    """
    X = np.asarray(X, dtype=np.float64)
    steps = int(POLICY["stress_polish_steps"] if steps is None else steps)
    rounds = int(POLICY["stress_polish_rounds"] if rounds is None else rounds)
    halvings = int(POLICY["stress_polish_halvings"] if halvings is None else halvings)
    max_steps = max(steps, int(POLICY["stress_polish_max_steps"] if max_steps is None
                               else max_steps))
    tol = float(POLICY["stress_polish_tol"] if tol is None else tol)
    n = X.shape[0]
    if n < 3 or not np.isfinite(X).all():
        return X
    N1, N2 = _neighbourhoods(A)
    # stress's hop distances: of the graph without directions
    D = shortest_path(sp.csr_array(N1.astype(np.float64)), unweighted=True, directed=False)
    if not np.isfinite(D).all():
        return X  # disconnected: the components' packing is not stress's to change
    W = np.zeros_like(D)
    off = D > 0
    W[off] = 1.0 / D[off] ** 2
    WD = W * D
    wsum = W.sum(axis=1)[:, None]

    def dist(Y):
        return np.sqrt(_sq_dists(Y))

    E = dist(X)
    den = float((W * E * E).sum())
    if den <= 0:
        return X
    scale = float((WD * E).sum()) / den
    Y0 = X * scale
    k1, k2 = N1.sum(axis=1), N2.sum(axis=1)
    L1, L2 = _lists(Y0, (k1, k2))
    m1, m2 = (L1 & N1).sum(axis=1), (L2 & N2).sum(axis=1)
    def raw_stress(Y):  # the majorized objective: sum of W (E - D)^2, at the hop scale
        E = dist(Y)
        E -= D
        E *= E
        return float((W * E).sum())

    cur = Y0
    last = raw_stress(Y0)
    for step in range(max_steps):
        T = cur
        for _ in range(rounds):  # localized stress majorization (Jacobi)
            E = dist(T)
            ratio = np.divide(WD, E, out=np.zeros_like(E), where=E > 0)
            T = (ratio.sum(axis=1)[:, None] * T - ratio @ T + W @ T) / wsum
        f = np.ones(n)
        for h in range(halvings + n + 1):
            Z = cur + f[:, None] * (T - cur)
            M1, M2 = _lists(Z, (k1, k2))
            c1, c2 = (M1 & N1).sum(axis=1), (M2 & N2).sum(axis=1)
            bad = (c1 < m1) | (c2 < m2)
            if not bad.any():
                break
            # the failing nodes and the points entering or leaving their lists move less
            mark = bad | ((M1 ^ L1)[bad].any(axis=0)) | ((M2 ^ L2)[bad].any(axis=0))
            f[mark] = 0.5 * f[mark] if h < halvings else 0.0
        else:  # not reached: each failing try sets one more factor to 0 (all 0 passes)
            break
        if np.abs(Z - cur).max() <= 1e-9 * float(np.ptp(cur, axis=0).max()):
            break  # nothing moves (beyond rounding): stress-optimal, or every move refused
        cur, L1, L2 = Z, M1, M2
        m1, m2 = np.maximum(m1, c1), np.maximum(m2, c2)
        now = raw_stress(cur)
        if step + 1 >= steps and last - now < tol * last:
            break  # past the first steps, and the last one gained too little
        last = now
    if cur is Y0:
        return X
    if ((_metric_counts(N1, cur) < _metric_counts(N1, Y0)).any()
            or (_metric_counts(N2, cur) < _metric_counts(N2, Y0)).any()):
        return X
    return cur / scale


def _sorted_keys(M: sp.csr_array, n: int) -> np.ndarray:
    """The entries of the sparse pattern ``M`` as sorted keys ``row * n + col``."""
    M = sp.csr_array(M)
    rows = np.repeat(np.arange(n, dtype=np.int64), np.diff(M.indptr))
    return np.sort(rows * n + M.indices.astype(np.int64))


def push_leaves(A: SparseLike, X: FloatArray, *, factor: float | None = None,
                rounds: int | None = None, halvings: int | None = None,
                expired: Callable[[], bool] | None = None) -> FloatArray:
    """Move the leaves of the drawing ``X`` of the undirected graph ``A`` out from their hubs
    as far as no node loses a recovered neighbour.

    t-LOE holds each leaf close to its hub (the leaf's one comparison wants the hub nearest,
    and the attraction does the rest), and where two thirds of a tree's edges end in leaves
    those edges make the median edge: the long-edge ratio (99th percentile over the median,
    :func:`nx_ordinal.metrics.long_edge_ratio`) then reads 11-12 on trees with three or more
    children a node (a preferential-attachment tree of 1,000 nodes, a balanced ternary tree)
    while the drawing is whole.  Each round moves every leaf (a node of degree 1 whose
    neighbour has degree 2 or more) to ``factor`` (``leaf_push_factor``) times its distance
    from its hub, along the same ray, for ``rounds`` rounds (``leaf_push_rounds``); the guard
    of :func:`stress_polish`: no node may count fewer of its graph neighbours among its
    deg(i) nearest points, nor of its 2-hop neighbours among its |N2(i)| nearest, than
    before the round.  Where a node fails, its own move and those of the leaves within reach
    of its lists are halved (``halvings`` times, ``leaf_push_halvings``, then refused), until
    the round passes.  Only the nodes within reach of a moved leaf are checked again (a node's
    list changes only if a moved point was within its radius plus the largest move).  A last
    check with the metrics' own lists for every node returns ``X`` itself if any count fell
    after all, so GARI, NP1 and NP2 never fall.  ``expired`` (``max_time``'s budget, asked
    before each check): once it says so, the last configuration that passed is kept.

    O(sum_i |N2(i)| log n) a check of every node (k-d tree queries of each checked node's
    2-hop list), and 5-10 checks a round of the nodes within reach of the moves that
    changed (few on a mesh with pendant nodes; on a tree with large hubs, whose 2-hop lists
    reach far, most nodes: price_1000's push, one round, 8 checks, 0.08-0.1 s); memory
    O(sum_i |N2(i)|), at most leaf_push_pairs n.  Returns ``X`` itself where nothing moves
    (no leaf, lists too long to check, every move refused).
    """
    X = np.asarray(X, dtype=np.float64)
    factor = float(POLICY["leaf_push_factor"] if factor is None else factor)
    rounds = int(POLICY["leaf_push_rounds"] if rounds is None else rounds)
    halvings = int(POLICY["leaf_push_halvings"] if halvings is None else halvings)
    n = X.shape[0]
    if n < 3 or not np.isfinite(X).all():
        return X
    B = sp.csr_array(A)
    r, c = B.nonzero()
    off = r != c
    B = sp.csr_array((np.ones(int(off.sum()), dtype=np.int8), (r[off], c[off])), shape=(n, n))
    B = ((B + B.T) != 0).astype(np.int8).tocsr()
    deg = np.diff(B.indptr)
    leaves = np.flatnonzero(deg == 1)
    hub = B.indices[B.indptr[leaves]]
    keep = deg[hub] >= 2
    leaves, hub = leaves[keep], hub[keep]
    if leaves.size == 0 or (deg.astype(np.int64) ** 2).sum() > POLICY["leaf_push_pairs"] * n:
        return X
    N2 = sp.coo_array(B + B @ B)
    off = N2.row != N2.col
    N2 = sp.csr_array((np.ones(int(off.sum()), dtype=np.int8), (N2.row[off], N2.col[off])),
                      shape=(n, n))
    k1, k2 = deg.astype(np.int64), np.diff(N2.indptr).astype(np.int64)
    keys1, keys2 = _sorted_keys(B, n), _sorted_keys(N2, n)

    def lists(Y, rows, tree=None):
        """For the nodes ``rows``: their counts of 1-hop neighbours among their k1 nearest
        and of 2-hop neighbours among their k2 nearest (the first k1 of one k2 list), the
        distance to the last point of that list, and the lists' keys ``row * n + col``."""
        k = np.zeros(n, dtype=np.int64)
        k[rows] = np.minimum(k2[rows], n - 1)
        row, col, dist = knn_lists(Y, k, tree, distances=True)
        order = np.argsort(row, kind="stable")  # row by row, each nearest first
        row, col, dist = row[order], col[order], dist[order]
        ends = np.cumsum(np.bincount(row, minlength=n))
        rank = np.arange(row.size) - np.repeat(ends - k, k)
        radius = np.where(k > 0, dist[np.maximum(ends - 1, 0)] if dist.size else 0.0, 0.0)
        key = row * n + col
        in2 = sorted_member(key, keys2)
        in1 = (rank < k1[row]) & sorted_member(key, keys1)
        c1 = np.bincount(row, in1, minlength=n).astype(np.int64)
        c2 = np.bincount(row, in2, minlength=n).astype(np.int64)
        return c1[rows], c2[rows], radius[rows], key

    m1, m2, radius, _ = lists(X, np.arange(n))
    first1, first2 = _metric_counts(B, X), _metric_counts(N2, X)
    cur = X
    for _ in range(rounds):
        cur_tree = cKDTree(cur)
        T = cur.copy()
        T[leaves] = cur[hub] + factor * (cur[leaves] - cur[hub])
        f = np.zeros(n)
        f[leaves] = 1.0
        # each trial is checked where it differs from the one before: a node's lists can
        # change only if a point that moved since then was within its radius there plus that
        # move; a node that failed is checked again until it passes
        prev, rad_prev = cur, radius.copy()
        c1_last, c2_last = m1.copy(), m2.copy()
        failing = np.zeros(n, dtype=bool)
        for h in range(halvings + n + 1):
            if expired is not None and expired():
                break  # max_time: the last configuration that passed
            Z = cur + f[:, None] * (T - cur)
            changed = np.flatnonzero((Z != prev).any(axis=1))
            if changed.size == 0 and not failing.any():
                break
            watch = failing.copy()
            watch[changed] = True
            if changed.size:
                watch |= _within_reach(prev, rad_prev, changed,
                                       np.linalg.norm(Z[changed] - prev[changed], axis=1))
            obs = np.flatnonzero(watch)
            c1, c2, rad, new = lists(Z, obs)
            c1_last[obs], c2_last[obs], rad_prev[obs] = c1, c2, rad
            prev = Z
            bad = (c1 < m1[obs]) | (c2 < m2[obs])
            failing[:] = False
            failing[obs[bad]] = True
            if not bad.any():
                m1, m2 = np.maximum(m1, c1_last), np.maximum(m2, c2_last)
                radius, cur = rad_prev, Z
                break
            # the failing nodes and the points entering or leaving their lists move less
            b = obs[bad]
            old = lists(cur, b, cur_tree)[3]
            new = new[np.isin(new // n, b)]
            mark = np.zeros(n, dtype=bool)
            mark[b] = True
            mark[np.setxor1d(old, new, assume_unique=True) % n] = True
            mark &= f > 0
            if not mark.any():
                # no moving point entered or left a failing list (the tree broke a tie
                # another way): the moving points within reach of those lists
                moving = np.flatnonzero(f > 0)
                reach = float(np.linalg.norm(Z[moving] - cur[moving], axis=1).max())
                near = cKDTree(cur[moving]).query_ball_point(cur[b], radius[b] + reach)
                hits = [np.asarray(x, dtype=np.int64) for x in near if len(x)]
                mark[moving[np.concatenate(hits)] if hits else moving] = True
            f[mark] = 0.5 * f[mark] if h < halvings else 0.0
    if cur is X:
        return X
    if ((_metric_counts(B, cur) < first1).any()
            or (_metric_counts(N2, cur) < first2).any()):
        return X
    return cur


def _within_reach(Y: FloatArray, radius: np.ndarray, moved: np.ndarray,
                  disp: np.ndarray) -> np.ndarray:
    """The nodes i (boolean mask) with some point j of ``moved`` within ``radius[i] +
    disp[j]`` of them in ``Y``: those whose list (its last point ``radius[i]`` away) the
    move of j by ``disp[j]`` can change.  The moves in at most four groups of similar size
    (within factors of 4 of the largest, the last group the rest), one nearest-point query
    of every node per group, each with its group's largest move."""
    n = Y.shape[0]
    out = np.zeros(n, dtype=bool)
    top = float(disp.max())
    if top <= 0:
        level = np.zeros(disp.size, dtype=np.int64)
    else:
        level = np.minimum(np.floor(-np.log2(np.maximum(disp, 1e-300) / top) / 2), 3).astype(
            np.int64)
    for lv in np.unique(level):
        sel = moved[level == lv]
        reach = float(disp[level == lv].max())
        dist, _ = cKDTree(Y[sel]).query(Y, k=1)
        out |= dist <= radius + reach
    return out

