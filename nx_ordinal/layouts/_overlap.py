"""Overlap removal, the final step of the ordinal layouts (:func:`separate_overlaps`):
nodes closer than a tenth of the median edge length (over the edges that do not join
closed twins) are pushed apart while every node's recovered neighbours (GARI's count)
stay the same."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components
from scipy.spatial import cKDTree

from .._core.arrays import sorted_member, sorted_union, sorted_unique
from .._core.seeds import as_generator
from .._data.components import closed_twin_edges

if TYPE_CHECKING:
    from .._core.typing import FloatArray, Seed, SparseLike

__all__ = ["separate_overlaps", "separate_disks"]


def _knn(X, k, tree=None, chunk_entries=2_000_000):
    """The ``k[i] + 1`` nearest points of each point i of ``X`` (itself included, at most
    all of them) among the points of ``tree`` (default: ``X``), nearest first, as flat
    arrays ``(dist, idx, indptr)``: point i's at ``indptr[i]:indptr[i + 1]``.  Chunked k-d
    tree queries over points grouped by ``k``, within a factor 2 (a query asks for its
    group's largest count, so a graph's hubs do not make every point ask for theirs, and a
    point's list does not depend on which points are asked with it): memory
    O(chunk_entries + sum_i k_i) (a star's leaves do not pay for its hub: no row is padded
    to the largest count), time O(sum_i k_i log n)."""

    tree = cKDTree(X) if tree is None else tree
    n = tree.n
    m = X.shape[0]
    k = np.asarray(k, dtype=np.int64)
    count = np.minimum(k + 1, n)
    indptr = np.concatenate([[0], np.cumsum(count)])
    dist = np.empty(int(indptr[-1]))
    out = np.empty(int(indptr[-1]), dtype=np.int64)
    level = np.floor(np.log2(k.astype(np.float64) + 1.0)).astype(np.int64)
    order = np.lexsort((k, level))  # by group, then by k
    bounds = np.flatnonzero(np.diff(level[order])) + 1
    for group in np.split(order, bounds) if m else []:
        start = 0
        kk = min(int(k[group[-1]]) + 1, n)  # the group's largest count (sorted by k)
        size = max(1, chunk_entries // kk)
        while start < group.size:  # one query per chunk of a group (not per vertex)
            rows = group[start:start + size]
            d, idx = tree.query(X[rows], k=kk)
            d, idx = d.reshape(rows.size, kk), idx.reshape(rows.size, kk)
            cols = np.arange(kk)[None, :]
            keep = cols < count[rows][:, None]
            dest = (indptr[rows][:, None] + cols)[keep]
            out[dest] = idx[keep]
            dist[dest] = d[keep]
            start += rows.size
    return dist, out, indptr


def _segments(indptr, rows):
    """Positions, in flat arrays laid out by ``indptr``, of the entries of ``rows`` (in
    that order), and for each the index of its row within ``rows``.  O(entries)."""
    lens = indptr[rows + 1] - indptr[rows]
    rid = np.repeat(np.arange(rows.size), lens)
    offs = np.arange(int(lens.sum())) - np.repeat(np.cumsum(lens) - lens, lens)
    return indptr[rows][rid] + offs, rid


def _knn_summary(X, k, tie, edge_keys, tree=None, rows=None):
    """For the nodes ``rows`` (default all): the sorted classes (``tie``) of their ``k_i + 1``
    nearest points (as flat arrays ``(classes, indptr)``, none for a node of out-degree 0:
    the lengths depend on ``k`` alone, so two summaries of the same rows line up), how many
    of those points are their out-neighbours (``edge_keys``: sorted ``i * n + j``), whether
    that count is ambiguous (the next point coincides with the last one counted: which of
    them is "nearer" is an arbitrary tie-break), and the distance to the last one counted.
    O(sum_i k_i log n) time and O(sum_i k_i) memory."""

    n = X.shape[0]
    rows = np.arange(n) if rows is None else rows
    kr = k[rows]
    kk = np.minimum(kr + 1, n - 1)  # one more point, to see ties at the boundary
    dist, idx, ptr = _knn(X[rows], kk, tree if tree is not None else _tree(X))
    start = ptr[:-1]
    nxt, last = idx[start + kk], idx[start + kr]
    ambiguous = (kr > 0) & (kk > kr) & (tie[nxt] == tie[last])
    # the k_i + 1 points counted (the one beyond only showed ties), for nodes with k_i > 0
    at, rid = _segments(ptr, np.arange(rows.size))
    offs = at - start[rid]
    keep = (offs <= kr[rid]) & (kr[rid] > 0)
    rid, idx = rid[keep], idx[keep]
    keys = rows[rid].astype(np.int64) * n + idx
    hits = sorted_member(keys, edge_keys)
    # rows ascend in rid: sorting (row, class) keys sorts each row's classes
    classes = np.sort(rid.astype(np.int64) * (n + 1) + tie[idx]) - rid * np.int64(n + 1)
    cptr = np.concatenate([[0], np.cumsum(np.bincount(rid, minlength=rows.size))])
    return ((classes, cptr), np.bincount(rid, hits, minlength=rows.size).astype(np.int64),
            ambiguous, dist[start + kr])


def _tree(X):

    return cKDTree(X)


def separate_overlaps(
    X: FloatArray,
    A: SparseLike,
    seed: Seed = None,
    *,
    min_dist: float = 0.1,
    max_rounds: int = 40,
    deadline: float | None = None,
) -> FloatArray:
    """Separate nodes closer than ``min_dist`` times the median edge length.

    With ``t = min_dist * L`` (L the median length in ``X`` of the edges of ``A`` that do
    not join closed twins, two nodes i, j whose closed out-neighbourhoods ``N(i) + {i}``
    and ``N(j) + {j}`` are equal, or of all edges where every edge does; without edges, or
    when it is 0, the layout's extent over sqrt(n)).  Closed twins are alike to every
    comparison and the solvers often draw them at one point: a windmill graph's blades
    (3/5 of its edges), a paper's co-authors.  Their edges would make the median, and the
    separation, vanish with them.  Then:

    1. points that coincide exactly (identical neighbourhoods often land on one point) are
       spread around it ``t`` apart, on a circle of radius ``t / (2 sin(pi / s))`` for s
       points (for ``dim >= 3`` in a random plane; ``dim = 1``: a segment), in an order and
       orientation drawn from ``seed``;
    2. every pair closer than ``t`` is pushed apart to ``t`` along the line through it
       (vectorized projection steps over the close pairs; nodes that are not in a close
       pair do not move);
    3. pushes can bring other pairs closer than ``t``: steps 1-2 repeat on the result (up
       to 4 passes, each keeping what the one before kept) until no pair with a point that
       the pass before moved is (a pair neither of whose points moved had its push
       refused, see below), or until a pass left most of its pairs close.

    Ranks are kept where GARI looks: for every node i, the number of its out-neighbours
    among its ``k_i`` nearest points (``k_i`` its out-degree) is unchanged, and so is the set
    of those points for nodes that were in no close pair -- except where that set was
    arbitrary, i.e. where its boundary cut through coincident points (then only the
    multiset of coincidence classes is kept).  A node that breaks this check, and the points
    entering or leaving its list, move half as far in the next round (up to ``max_rounds``);
    still failing after at most 4 halvings, they stay where they were (coincident points
    stay split, by 1e-5 of their push).  A node that failed is checked again until a check
    sees it pass, and the configuration after putting nodes back is checked too: each node
    that fails there is put back with the points entering or leaving its list, until none
    fails (at worst the input).  GARI is therefore unchanged whenever the input had
    no ties at those boundaries.

    Parameters
    ----------
    X : ndarray, shape (n, dim)
        The layout (not modified).
    A : sparse array, shape (n, n)
        Adjacency; rows are out-neighbourhoods.
    seed : int, Generator, RandomState or None
        Order and orientation of split coincident points; used only when some pair is
        closer than ``t``.
    min_dist : float, default 0.1
        Target separation as a fraction of the median edge length (``L`` above).
    max_rounds : int, default 40
    deadline : float or None
        ``time.perf_counter()`` at which to stop: no pass begins after it, and a pass
        makes no check that would end after it (its cost estimated from the pass's first
        check): it keeps its last checked configuration, its failing nodes staying where
        they were (as after ``max_rounds``), or moves nothing.  ``None``: no limit.

    Returns
    -------
    ndarray
        ``X`` itself when no pair is closer than ``t`` (then nothing, not even ``seed``, is
        touched), otherwise a new array.

    Notes
    -----
    O(n log n + P) to find the P close pairs (k-d tree), O(P) per projection step,
    O(sum_i k_i log n) time and O(sum_i k_i) memory per check (chunked k-d tree queries,
    each node's list as long as its own count); no loop over vertices.
    """

    X = np.asarray(X, dtype=np.float64)
    n, dim = X.shape
    if n < 2 or not np.isfinite(X).all():
        return X
    A = sp.csr_array(A)
    r, c = A.nonzero()
    off = r != c
    r, c = r[off], c[off]
    L = _reference_length(X, r, c, n)
    if L <= 0:
        L = float(np.ptp(X, axis=0).max()) / np.sqrt(n)
    if L <= 0:
        L = 1.0
    t = float(min_dist) * L
    rng = None
    # a pass pushes the pairs closer than t that it finds; its pushes can bring other pairs
    # close (it only checks the recovered neighbours), so passes repeat on its output
    # (each keeps what the previous one kept) until no pair is closer than t
    moved = None
    for _ in range(_PASSES):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        tree = cKDTree(X)
        pairs = tree.query_pairs(t * (1 - 1e-9), output_type="ndarray")
        if moved is not None:
            # a pair of which neither point moved was tried by the pass before: its push
            # was refused (it would change recovered neighbours), and would be again
            pairs = pairs[moved[pairs].any(axis=1)]
        if pairs.shape[0] == 0:
            break
        if rng is None:
            rng = as_generator(seed)
        Y = _separate(X, A, r, c, t, pairs, tree, rng, max_rounds, deadline)
        # moved: by a twentieth of t or more (smaller moves are refused pushes' remnants)
        moved = np.einsum("nd,nd->n", Y - X, Y - X) >= (0.05 * t) ** 2
        X = Y
        D = X[pairs[:, 0]] - X[pairs[:, 1]]
        if np.mean(np.einsum("pd,pd->p", D, D) < t * t) > 0.5:
            break  # most pushes refused (dense clusters): another pass would refuse them too
    return X


def _reference_length(X, r, c, n):
    """The median drawn length of the edges ``(r, c)`` that do not join closed twins (all
    edges where every edge does; 0 without edges).  Closed twins (two members of a clique
    that see the same nodes: the blades of a windmill graph, a paper's co-authors) are
    alike to every comparison, and drawings that meet the comparisons often put them at
    one point: their edges would make the median, and the separation, vanish."""
    if not r.size:
        return 0.0
    length = np.linalg.norm(X[r] - X[c], axis=1)
    twin = closed_twin_edges(r, c, n)
    return float(np.median(length[~twin] if not twin.all() else length))


#: passes of separate_overlaps at most
_PASSES = 4


def _separate(X, A, r, c, t, pairs, tree, rng, max_rounds, deadline=None):
    """One pass of :func:`separate_overlaps` over the close ``pairs`` of ``X``."""
    n, dim = X.shape
    # 1. split exactly coincident points
    _, tie = np.unique(X, axis=0, return_inverse=True)
    tie = tie.ravel()
    Z = X + _spread(tie, t, dim, rng)
    # 2. push the close pairs apart, each node in proportion to its mobility
    C = sp.coo_array((np.ones(pairs.shape[0]), (pairs[:, 0], pairs[:, 1])), shape=(n, n))
    n_lab, labels = connected_components(C, directed=False)
    inside = np.bincount(labels, minlength=n_lab)[labels] >= 2
    k = _out_degree(A, n)
    edge_keys = sorted_unique(r.astype(np.int64) * n + c)
    t0 = time.perf_counter()
    before, m_before, ambiguous, radius = _knn_summary(X, k, tie, edge_keys, tree)
    per_row = (time.perf_counter() - t0) / n  # seconds per node of a check
    factor = inside.astype(np.float64)

    def observers(Y, new):
        """The nodes whose list can have changed since the points ``new`` moved into ``Y``:
        a point j can enter or leave i's list only if |X_i - X_j| <= r_i + 2 |Y_i - X_i| +
        max_l |Y_l - X_l| + |Y_j - X_j| (r_i: the distance to the last point of the list in
        X; in Y that list reaches at most r_i + |Y_i - X_i| + the largest move, and a node
        whose list points moved away sees farther: without that term a node of ca-GrQc
        lost a neighbour that no check saw)."""
        disp = np.sqrt(np.einsum("nd,nd->n", Y - X, Y - X))
        reach = radius + 2.0 * disp + float(disp.max()) + float(disp[new].max())
        near, _ = cKDTree(X[new]).query(X, k=1, distance_upper_bound=float(reach.max()))
        return (near <= reach) & (k > 0)

    def check(Y, obs):
        """The lists of the nodes ``obs`` in ``Y`` and which of them fail: a count changed
        where it was defined, or a list changed of a node that was in no close pair (or at
        a tie)."""
        after, m_after, _, _ = _knn_summary(Y, k, tie, edge_keys, _tree(Y), obs)
        at, rid = _segments(before[1], obs)
        changed = np.bincount(rid, before[0][at] != after[0], minlength=obs.size) > 0
        fail = ((m_before[obs] != m_after) & ~ambiguous[obs]) \
            | (changed & (~inside[obs] | ambiguous[obs]))
        return after, fail

    prev = X
    checked = None  # the last configuration checked
    hit = np.zeros(n, dtype=bool)
    # each node's state at its last check: a node that failed stays failing until a check
    # sees it pass (points near it may stop moving while it still fails)
    failing = np.zeros(n, dtype=bool)
    pushed = _push(Z, pairs, factor, t)
    pair_lab = labels[pairs[:, 0]]
    for _ in range(max_rounds + 1):
        Y = X + factor[:, None] * (pushed - X)
        # only nodes with a point that moved since the last check within reach of their
        # list can see a change (the others passed already)
        new = np.flatnonzero((Y != prev).any(axis=1))
        prev = Y
        if new.size == 0:
            break
        obs = np.flatnonzero(observers(Y, new))
        if deadline is not None and time.perf_counter() + per_row * obs.size >= deadline:
            # no time for this check: the last checked configuration, or nothing moves
            if checked is None:
                return X
            Y = checked
            break
        after, fail = check(Y, obs)
        bad = obs[fail]
        failing[obs] = fail
        if not failing.any():
            return Y
        checked = Y
        # the observers and the classes whose multiplicity in their lists changed move less
        hit = np.isin(tie, _multiset_changes(before, bad, after, np.flatnonzero(fail), n))
        hit[bad] = True
        hit &= inside
        # a push already below _MIN_FACTOR of the first separates nothing: no more rounds
        shrink = hit & (factor >= _MIN_FACTOR)
        if not shrink.any():
            break
        factor[shrink] *= _SHRINK
        # components of close pairs are independent: push again only those with a change
        redo = np.isin(pair_lab, labels[shrink])
        again = _push(Z, pairs[redo], factor, t)
        idx = sorted_unique(pairs[redo])
        pushed[idx] = again[idx]
    # still failing: left where they were; coincident ones stay split, by 1e-5 of the push
    # (their own push redone at that factor: the others around them keep theirs)
    single = np.bincount(tie)[tie] == 1
    home = X + np.where(single[:, None], 0.0, _TWIN_FACTOR * (pushed - X))
    prev = Y if checked is None else checked  # the configuration the last check saw
    Y = prev.copy()
    back = hit | failing
    Y[back] = home[back]
    # putting them back moves points where the last check did not see them (a windmill
    # graph's blade member back beside another blade, at a near tie with the hub: six nodes
    # lost a neighbour, GARI 0.867 -> 0.733): check the nodes still failing and those within
    # reach of what moved, put back each that fails with the points entering or leaving its
    # list, until none fails (at worst all of them: the input, which passes)
    for _ in range(n + 1):
        new = np.flatnonzero((Y != prev).any(axis=1))
        prev = Y.copy()
        watch = failing & (k > 0)
        if new.size:
            watch |= observers(Y, new)
        obs = np.flatnonzero(watch)
        if obs.size == 0:
            return Y
        if deadline is not None and time.perf_counter() + per_row * obs.size >= deadline:
            return X  # no time to check what putting them back did: the input
        after, fail = check(Y, obs)
        failing[obs] = fail
        if not failing.any():
            return Y
        back = np.isin(tie, _multiset_changes(before, obs[fail], after, np.flatnonzero(fail),
                                              n))
        back[obs[fail]] = True
        back &= (Y != home).any(axis=1)  # those not home yet
        if not back.any():
            return X  # every failing node home already: only the input is sure to pass
        Y[back] = home[back]
    return X


_PUSH_STEPS = 30
_SHRINK = 0.5
#: a node's push is halved at most until it is below this fraction of the first (4 times:
#: a push of a sixteenth of the target separates nothing visible; 7 times, to 1/128, cost
#: cluster's removal 98 ms instead of 57 and ca-GrQc's 613 instead of 453, with the same
#: nodes left closer than the target)
_MIN_FACTOR = 0.5 ** 3
#: what is left of a failing coincident point's push: enough to split it
_TWIN_FACTOR = 1e-5


def _multiset_changes(B, b_rows, C, c_rows, n):
    """Values (< n) whose multiplicity differs between the rows ``b_rows`` of ``B`` and the
    rows ``c_rows`` of ``C`` (the same rows of the same nodes: summaries of
    :func:`_knn_summary`, flat ``(values, indptr)``).  Vectorized over rows."""

    bi, br = _segments(B[1], b_rows)
    ci, cr = _segments(C[1], c_rows)
    kb = br * (n + 1) + B[0][bi]
    kc = cr * (n + 1) + C[0][ci]
    ub, nb = np.unique(kb, return_counts=True)
    uc, nc = np.unique(kc, return_counts=True)
    keys = sorted_union(ub, uc)
    cb = np.zeros(keys.size, dtype=np.int64)
    cc = np.zeros(keys.size, dtype=np.int64)
    cb[np.searchsorted(keys, ub)] = nb
    cc[np.searchsorted(keys, uc)] = nc
    return sorted_unique(keys[cb != cc] % (n + 1))


def _push(Z, pairs, w, t, steps=_PUSH_STEPS):
    """``steps`` projection steps pushing every pair of ``pairs`` closer than ``t`` apart
    to ``t``, the gap shared in proportion to the weights ``w`` (0: fixed); each node moves
    by the mean of its pairs' pushes.  A step measures every pair and pushes only those
    still closer than ``t`` (the others would add zeros).  O(steps * len(pairs)) time."""

    Z = Z.copy()
    n, dim = Z.shape
    i, j = pairs[:, 0], pairs[:, 1]
    wi, wj = w[i], w[j]
    ws = wi + wj
    movable = ws > 0
    cnt = np.maximum(np.bincount(np.concatenate([i, j]), minlength=n), 1)[:, None]
    step = np.empty((n, dim))
    for _ in range(steps):
        D = np.take(Z, i, axis=0)
        D -= np.take(Z, j, axis=0)
        d = np.sqrt(np.einsum("pd,pd->p", D, D))
        act = np.flatnonzero((d < t) & (d > 0) & movable)
        if act.size == 0:
            break
        da = d[act]
        share = (t - da) / (ws[act] * da)
        # each node's pushes summed in the order of (i, j) over the active pairs (bincount
        # adds in order, as np.add.at did, at a tenth of its cost)
        ij = np.concatenate([i[act], j[act]])
        ci, cj = share * wi[act], -(share * wj[act])
        Da = D[act]
        for b in range(dim):
            step[:, b] = np.bincount(ij, np.concatenate([ci * Da[:, b], cj * Da[:, b]]),
                                     minlength=n)
        Z += step / cnt
    return Z


def _spread(tie, t, dim, rng):
    """Offsets splitting each class of coincident points (``tie`` labels) ``t`` apart:
    a regular polygon of radius ``t / (2 sin(pi / s))`` (``dim >= 2``, random phase and, for
    ``dim >= 3``, a random plane) or a centred segment (``dim = 1``); random order."""

    n = tie.size
    cnt = np.bincount(tie)
    off = np.zeros((n, dim))
    idx = np.flatnonzero(cnt[tie] >= 2)
    if idx.size == 0:
        return off
    cls, cl = np.unique(tie[idx], return_inverse=True)
    s = cnt[cls]
    order = np.lexsort((rng.random(idx.size), cl))
    start = np.concatenate([[0], np.cumsum(s)[:-1]])
    rank = np.empty(idx.size, dtype=np.int64)
    rank[order] = np.arange(idx.size) - start[cl[order]]
    if dim == 1:
        off[idx, 0] = (rank - (s[cl] - 1) / 2.0) * t
        return off
    ang = 2 * np.pi * (rng.random(cls.size)[cl] + rank / s[cl])
    rho = t / (2.0 * np.sin(np.pi / s))
    if dim == 2:
        U = np.broadcast_to(np.eye(2), (cls.size, 2, 2))
    else:
        Q, _ = np.linalg.qr(rng.standard_normal((cls.size, dim, 2)))
        U = np.swapaxes(Q, 1, 2)  # (classes, 2, dim): orthonormal rows
    uv = np.column_stack([np.cos(ang), np.sin(ang)]) * rho[cl, None]
    off[idx] = np.einsum("mk,mkd->md", uv, U[cl])
    return off


def separate_disks(X: FloatArray, radius: FloatArray, seed: Seed = 0, *,
                   passes: int = 8, steps: int = _PUSH_STEPS) -> FloatArray:
    """Move points apart until no two disks (balls) of the given radii overlap: the light
    pass a drawing makes on the coordinates it draws (no rank check, unlike
    :func:`separate_overlaps`).

    Points that coincide exactly are first spread ``2 max(radius)`` apart around their
    common point (in an order and orientation drawn from ``seed``); then every pair of
    points i, j closer than ``radius[i] + radius[j]`` is pushed apart along the line
    through it, each point by half the gap (the mean over its pairs), in ``steps``
    projection steps per pass; passes repeat (at most ``passes``) while pairs overlap.
    Points in no overlapping pair do not move.

    Parameters
    ----------
    X : ndarray, shape (n, dim)
        Points (not modified), in the units of ``radius``.
    radius : ndarray, shape (n,)
        Radius of each point's disk (>= 0).
    seed : int, Generator, RandomState or None
        Order and orientation of split coincident points; used only when some points
        coincide.
    passes, steps : int

    Returns
    -------
    ndarray
        ``X`` itself when no disks overlap, otherwise a new array.  Disks packed denser
        than they fit may still overlap after the last pass.

    Notes
    -----
    O(n log n + P) per pass (k-d tree pairs within ``2 max(radius)``), O(P) per step for
    the P overlapping pairs; no loop over points.
    """

    X = np.asarray(X, dtype=np.float64)
    radius = np.broadcast_to(np.asarray(radius, dtype=np.float64), X.shape[:1])
    n, dim = X.shape
    if n < 2 or not np.isfinite(X).all() or float(radius.max()) <= 0:
        return X
    reach = 2.0 * float(radius.max())
    Z = X
    for p in range(passes):
        pairs = cKDTree(Z).query_pairs(reach, output_type="ndarray")
        if pairs.size:
            i, j = pairs[:, 0], pairs[:, 1]
            D = Z[i] - Z[j]
            t = radius[i] + radius[j]
            pairs = pairs[np.einsum("pd,pd->p", D, D) < t * t * (1 - 1e-9)]
        if pairs.shape[0] == 0:
            break
        if p == 0:
            _, tie = np.unique(Z, axis=0, return_inverse=True)
            tie = tie.ravel()
            if np.bincount(tie).max() > 1:
                Z = Z + _spread(tie, reach, dim, as_generator(seed))
        Z = _push_disks(Z, pairs, radius, steps)
    return Z


def _push_disks(Z, pairs, radius, steps):
    """``steps`` projection steps pushing every pair of ``pairs`` closer than the sum of
    its radii apart to that sum, each point by half the gap (the mean over its pairs)."""

    Z = Z.copy()
    n, dim = Z.shape
    i, j = pairs[:, 0], pairs[:, 1]
    t = radius[i] + radius[j]
    cnt = np.maximum(np.bincount(np.concatenate([i, j]), minlength=n), 1)[:, None]
    for _ in range(steps):
        D = Z[i] - Z[j]
        d = np.sqrt(np.einsum("pd,pd->p", D, D))
        act = (d < t) & (d > 0)
        if not act.any():
            break
        # a little past the target, so that the mean over a point's pairs gets there
        share = np.where(act, 0.5 * (t * 1.02 - d) / np.where(act, d, 1.0), 0.0)
        push = share[:, None] * D
        step = np.stack([np.bincount(i, push[:, b], minlength=n)
                         - np.bincount(j, push[:, b], minlength=n) for b in range(dim)], axis=1)
        Z += step / cnt
    return Z


def _out_degree(A, n):
    """Out-degree of every node of the CSR adjacency ``A`` without self-loops."""

    deg = np.diff(A.indptr).astype(np.int64)
    r, c = A.nonzero()
    deg -= np.bincount(r[r == c], minlength=n)
    return deg
