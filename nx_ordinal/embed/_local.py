"""Exact evaluation of the local ordinal objective at a cost linear in edges + active pairs.

The LOE objective of a graph with (out-)adjacency ``A`` is

    Err_local(X) = sum_i sum_{j in N(i)} sum_{k not in N(i), k != i} max(0, d_ij + delta - d_ik)^2.

For an anchor ``i`` only the non-neighbours ``k`` with ``d_ik < max_j d_ij + delta`` can be
active.  :class:`CandidateList` finds them with a k-d tree over the current positions and keeps
a *superset* (a radius padded by a skin) that stays valid while no point has moved more than a
quarter of the skin, so the tree is rebuilt only now and then.  :func:`local_terms` then
evaluates the objective exactly: per anchor, the neighbour values ``d_ij + delta`` and the
candidate values ``d_ik`` are sorted (one global argsort of anchor-offset keys) and prefix sums
give, for every candidate, the sum over the neighbours that it violates, and for every
neighbour, the sum over the candidates that violate it.  Cost per evaluation is
O((E + C) log(E + C)) for E edges and C candidate pairs; memory O(E + C).  No n x n array.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import numpy as np
from scipy.spatial import cKDTree

from .._core.arrays import sorted_member, sorted_unique
from .._core.resources import check_memory

if TYPE_CHECKING:
    from .._core.typing import FloatArray, IntArray

__all__ = ["LocalGraph", "CandidateList", "AllPairs", "local_terms", "local_objective_dense"]


class LocalGraph:
    """Arrays describing the local constraints of a graph (kept implicit).

    Parameters
    ----------
    A : scipy.sparse CSR array (n, n) with sorted indices, no diagonal
    """

    def __init__(self, A: Any) -> None:  # a scipy CSR adjacency
        self.n = A.shape[0]
        self.indptr = np.asarray(A.indptr, dtype=np.int64)
        self.indices = np.asarray(A.indices, dtype=np.int64)
        self.deg = np.diff(self.indptr)
        self.ei = np.repeat(np.arange(self.n, dtype=np.int64), self.deg)
        self.ej = self.indices
        self.n_edges = self.ei.size
        self.n_non = self.n - 1 - self.deg  # non-neighbours per anchor
        self.uniform_degree = bool(self.n) and bool(np.all(self.deg == self.deg[0]))
        # (n, k) view of the neighbour lists when every anchor has the same degree k
        self.nbr = (self.indices.reshape(self.n, int(self.deg[0]))
                    if self.uniform_degree and self.deg[0] > 0 else None)
        # edge keys for membership tests of candidate pairs
        self._edge_keys = self.ei * self.n + self.ej  # sorted, since CSR is sorted
        # no repeated entry in a row (the count rule of _drop_edges relies on it)
        self.simple = bool(np.all(np.diff(self._edge_keys) > 0))

    @property
    def n_constraints(self) -> int:
        """Number of local triplets, sum_i k_i (n - 1 - k_i)."""
        return int(np.sum(self.deg * self.n_non))

    def is_edge(self, i: IntArray, k: IntArray) -> Any:
        if self.nbr is not None and self.n >= UNIFORM_MIN_N:
            # binary search within the anchor's (sorted) row of neighbours: O(len(i) log k)
            # and no search of the whole edge array
            deg = self.nbr.shape[1]
            lo = i * deg
            hi = lo + deg
            end = hi.copy()
            for _ in range(int(deg).bit_length()):
                mid = (lo + hi) >> 1
                go = self.indices[np.minimum(mid, self.indices.size - 1)] < k
                go &= mid < hi
                lo = np.where(go, mid + 1, lo)
                hi = np.where(go, hi, mid)
            return (lo < end) & (self.indices[np.minimum(lo, self.indices.size - 1)] == k)
        return sorted_member(i * self.n + k, self._edge_keys)


def _similarity_residual(Xref, X):
    """Scale of the least-squares similarity taking ``Xref`` to ``X`` and every point's residual.

    O(n dim)."""
    mr = Xref.mean(axis=0)
    mx = X.mean(axis=0)
    R0 = Xref - mr
    X0 = X - mx
    U, S, Vt = np.linalg.svd(R0.T @ X0)
    Q = U @ Vt
    nr = float(np.sum(R0 * R0))
    s = float(S.sum() / nr) if nr > 0 else 1.0
    res = X0 - s * (R0 @ Q)
    return s, np.sqrt(np.einsum("ij,ij->i", res, res))


def _edge_lengths(X, i, j):
    diff = X[i] - X[j]
    return np.sqrt(np.einsum("ij,ij->i", diff, diff)), diff


def _graph_edge_lengths(X, g):
    """Lengths of all edges of ``g`` in CSR order, (E,); without an (E, dim) temporary for
    large graphs of constant degree."""
    if g.nbr is not None and g.n >= UNIFORM_MIN_N:
        return _uniform_lengths(X, g.nbr).ravel()
    return _edge_lengths(X, g.ei, g.ej)[0]


class CandidateList:
    """Non-neighbour pairs (i, k) that may violate a constraint of anchor i.

    At a (re)build, a pair is listed when ``d_ik <= max_j d_ij + delta + skin`` at the
    reference positions.  Later positions are compared with the reference through the best
    similarity taking one to the other (scale s) and every point's residual ``u_p``: a pair
    that was not listed cannot have become active while ``2 u_i + max_{j in N(i)} u_j + u_k
    <= s (delta + skin) - delta``.  Points with ``u_p`` above a quarter of that slack are
    *movers*; the anchors that are movers or have one as a neighbour are re-queried at the
    current positions, and the pairs of the other anchors with a mover are found by one
    query of the movers, so a few fast points do not force a full rebuild.  The list is
    rebuilt when the re-queried anchors exceed ``max_moving`` (a fraction of n).

    ``cap`` (optional, one count per vertex) bounds the list around hubs and stretched
    neighbourhoods: an anchor whose listing ball would hold more than ``cap[i]`` points lists
    only its ``cap[i]`` nearest points at the build (and, until the next build, the points
    within that distance, times the similarity scale).  The objective then counts, for such
    an anchor, only the non-neighbours among its ``cap[i]`` nearest points: a truncation
    that never binds near a drawing in which every anchor's neighbours are among its
    ``cap[i]`` nearest points, and keeps the list at most ``sum(cap)`` pairs, so one
    evaluation costs O((E + sum(cap)) log) however far the neighbourhoods stretch.
    Which anchors are capped is decided from the counts of the previous build (scaled by
    the radius ratio to the power dim; the first build counts with one ball query).
    """

    def __init__(self, graph: LocalGraph, delta: float, skin: float | None = None,
                 max_pairs: int | None = None, max_moving: float = 0.1,
                 cap: IntArray | None = None) -> None:
        self.graph = graph
        self.cap = None if cap is None else np.asarray(cap, dtype=np.int64)
        self._cap_r = None  # per-anchor listing distance of capped anchors (inf: uncapped)
        self._count_ref = None
        self._rad_ref = None
        self._s = 1.0
        self.delta = float(delta)
        self.skin = skin
        self.max_pairs = max_pairs
        self.max_moving = float(max_moving)
        self.X_ref = None
        self.ci = np.empty(0, dtype=np.int64)
        self.ck = np.empty(0, dtype=np.int64)
        self._ci_ref = self.ci
        self._ck_ref = self.ck
        self.n_builds = 0
        self.n_patches = 0
        self._since_build = 0
        self._adaptive = skin is None
        self._need = None
        self._skin_cap = np.inf

    def _movers(self, X):
        """``None`` when a rebuild is needed, else the boolean masks (movers, re-queried
        anchors); both all-False when the reference list is still valid as a whole."""
        g = self.graph
        if self.X_ref is None or self.X_ref.shape != X.shape:
            self._need = None
            return None
        s, u = _similarity_residual(self.X_ref, X)
        self._s = s
        slack = s * (self.delta + self.skin) - self.delta
        # the skin that would have kept the list valid for all but the fastest tenth
        q = float(np.quantile(u, 0.9)) if u.size else 0.0
        self._need = max(0.0, (4.0 * q + self.delta) / max(s, 1e-12) - self.delta)
        if slack <= 0.0:
            return None
        mover = u > 0.25 * slack
        if not mover.any():
            return mover, mover
        if g.n_edges:
            nb_moves = np.zeros(g.n, dtype=bool)
            rows = np.flatnonzero(g.deg > 0)
            nb_moves[rows] = np.logical_or.reduceat(mover[g.ej], g.indptr[rows])
            requery = mover | nb_moves
        else:
            requery = mover.copy()
        if requery.sum() > self.max_moving * g.n:
            return None
        return mover, requery

    def update(self, X: FloatArray) -> tuple[IntArray, IntArray]:
        """Make the list valid for positions ``X`` (patching or rebuilding if needed)."""
        masks = self._movers(X)
        if masks is None:
            if self._adaptive and self._need is not None:
                # aim at ~8 evaluations per rebuild at the observed drift rate of most points,
                # capped at the edge scale (beyond it a skin only inflates the list)
                want = 8.0 * self._need / max(self._since_build, 1)
                self.skin = min(want, self._skin_cap)
            self.build(X)
            self._since_build = 0
        else:
            mover, requery = masks
            if requery.any():
                self._patch(X, mover, requery)
            elif self.ci is not self._ci_ref:
                self.ci, self.ck = self._ci_ref, self._ck_ref
        self._since_build += 1
        return self.ci, self.ck

    def _patch(self, X, mover, requery):
        """Exact list at ``X``: reference pairs of the settled anchors with settled points,
        plus fresh queries for the re-queried anchors and for the movers."""
        g = self.graph
        a = _graph_edge_lengths(X, g)
        radius, rmax = self._radii(a, 0.0)
        keep = ~requery[self._ci_ref] & ~mover[self._ck_ref]
        ok = radius >= 0
        parts = [self._ci_ref[keep], self._ck_ref[keep]]
        anchors = np.flatnonzero(requery & ok)
        if anchors.size:
            # every neighbour of these anchors is within their radius unless capped
            pi, pk = _drop_edges(g, *_pairs_within(X, anchors, radius[anchors],
                                                   self.max_pairs), rmax,
                                 complete=self.cap is None)
            parts += [pi, pk]
        settled = np.flatnonzero(~requery & ok)
        movers = np.flatnonzero(mover)
        if settled.size and movers.size:
            pi, pk = _drop_edges(g, *_pairs_within(X, settled, radius[settled],
                                                   self.max_pairs, targets=movers), rmax)
            parts += [pi, pk]
        self.ci, self.ck = np.concatenate(parts[0::2]), np.concatenate(parts[1::2])
        self.n_patches += 1

    def _radii(self, a, skin, capped=True):
        """Listing radius per anchor (``-1`` for anchors without constraints) and the
        distance to its farthest neighbour; with ``capped``, no larger than the capped
        anchors' listing distance at the last build (times the similarity scale)."""
        g = self.graph
        rmax = np.zeros(g.n)
        rows = np.flatnonzero(g.deg > 0)
        if g.nbr is not None:
            rmax = a.reshape(g.nbr.shape).max(axis=1)
        elif rows.size:
            rmax[rows] = np.maximum.reduceat(a, g.indptr[rows])
        ok = (g.deg > 0) & (g.n_non > 0)
        radius = np.where(ok, rmax + self.delta + skin, -1.0)
        if capped and self._cap_r is not None:
            radius = np.where(ok, np.minimum(radius, self._s * self._cap_r), -1.0)
        return radius, rmax

    def _split_capped(self, X, anchors, radius):
        """Anchors (of ``anchors``) whose listing ball would exceed their cap: predicted from
        the previous build's counts, counted by one ball query at the first build."""
        cnt_ref, rad_ref = self._count_ref, self._rad_ref
        if cnt_ref is None:

            est = np.asarray(cKDTree(X).query_ball_point(X[anchors], radius[anchors],
                                                         return_length=True), dtype=float)
        else:
            ratio = radius[anchors] / np.maximum(rad_ref[anchors], 1e-300)
            est = cnt_ref[anchors] * ratio ** X.shape[1]
        over = est > self.cap[anchors]
        return anchors[over], est[over]

    def _build_capped(self, X, anchors, radius):
        """Pairs of capped anchors: their ``cap`` nearest points within ``radius``; returns
        ``(ci, ck, d)`` and records their listing distances."""

        tree = cKDTree(X)
        m = np.minimum(self.cap[anchors] + 1, self.graph.n)  # the anchor itself comes first
        level = np.ceil(np.log2(m)).astype(np.int64)
        out_i, out_k, out_d = [], [], []
        for lv in sorted_unique(level):
            sel = np.flatnonzero(level == lv)
            kq = int(min(m[sel].max(), self.graph.n))
            d, idx = tree.query(X[anchors[sel]], k=kq)
            d = d.reshape(sel.size, kq)
            idx = idx.reshape(sel.size, kq)
            take = np.arange(kq)[None, :] < m[sel][:, None]
            self._cap_r[anchors[sel]] = d[np.arange(sel.size), m[sel] - 1]
            take &= d <= radius[anchors[sel]][:, None]
            out_i.append(np.repeat(anchors[sel], take.sum(axis=1)))
            out_k.append(idx[take].astype(np.int64))
            out_d.append(d[take])
        return np.concatenate(out_i), np.concatenate(out_k), np.concatenate(out_d)

    def build(self, X: FloatArray) -> Any:
        g = self.graph
        a = _graph_edge_lengths(X, g)
        # keep the list O(active): the skin widens the shell of width delta beyond each
        # anchor's farthest neighbour by at most half
        self._skin_cap = 0.5 * self.delta
        if self.skin is None:
            self.skin = 0.0
        radius, rmax = self._radii(a, self.skin, capped=False)
        anchors = np.flatnonzero(radius >= 0)
        if anchors.size == 0:
            self.ci = np.empty(0, dtype=np.int64)
            self.ck = np.empty(0, dtype=np.int64)
        elif self.cap is None:
            ci, ck, d = _pairs_within(X, anchors, radius[anchors], self.max_pairs)
            self.ci, self.ck = _drop_edges(g, ci, ck, d, rmax, complete=True)
        else:
            self.ci, self.ck = self._build_with_cap(X, anchors, radius, rmax)
        self._ci_ref, self._ck_ref = self.ci, self.ck
        self.X_ref = X.copy()
        self.n_builds += 1


    def _build_with_cap(self, X, anchors, radius, rmax):
        g = self.graph
        self._cap_r = np.full(g.n, np.inf)
        self._s = 1.0
        capped, est = self._split_capped(X, anchors, radius)
        free = np.setdiff1d(anchors, capped, assume_unique=True)
        parts = []
        if free.size:
            parts.append(_pairs_within(X, free, radius[free], self.max_pairs))
        if capped.size:
            parts.append(self._build_capped(X, capped, radius))
        ci, ck, d = (np.concatenate(p) for p in zip(*parts))
        count = np.bincount(ci, minlength=g.n).astype(np.float64)
        count[capped] = est  # keep predicting the uncapped count of capped anchors
        self._count_ref, self._rad_ref = count, radius
        return _drop_edges(g, ci, ck, d, rmax)


#: up to this many vertices Err_local's evaluations take every non-neighbour pair
#: (:class:`AllPairs`) instead of a :class:`CandidateList`
ALL_PAIRS_MAX_N = 100


class AllPairs:
    """The candidate list of a small graph: every pair (i, k), k a non-neighbour of i, of
    the anchors with a constraint, formed once -- a superset of the active pairs at any
    positions.  Up to :data:`ALL_PAIRS_MAX_N` vertices its O(n^2) pairs cost an evaluation
    less than a :class:`CandidateList`'s k-d tree queries and similarity checks do (77
    vertices: about a third of Err_local's time).  The same interface (``update``, ``ci``,
    ``ck``, ``n_builds``)."""

    def __init__(self, graph: LocalGraph) -> None:
        n = graph.n
        anchors = np.flatnonzero((graph.deg > 0) & (graph.n_non > 0))
        ci = np.repeat(anchors, n)
        ck = np.tile(np.arange(n, dtype=np.int64), anchors.size)
        keep = (ci != ck) & ~graph.is_edge(ci, ck)
        self.ci, self.ck = ci[keep], ck[keep]
        self.n_builds = 1

    def update(self, X: FloatArray) -> tuple[IntArray, IntArray]:
        """The pairs (valid at any ``X``)."""
        return self.ci, self.ck


def _drop_edges(g, ci, ck, d, rmax, complete=False):
    """Remove self-pairs and edges from candidate pairs at distances ``d``; only pairs within
    the anchor's farthest neighbour (``rmax``; with a relative margin, as the k-d tree's
    distances may differ from ours in the last bits) can be edges, so only those are looked
    up.  With ``complete`` (each anchor of ``ci`` was queried against all points, so all its
    neighbours are among its pairs), an anchor with exactly ``deg`` near pairs besides
    itself has only its neighbours there: those are dropped without a lookup, and only the
    anchors with intruders inside their farthest neighbour's distance are looked up.
    O(P) plus O(Q log E) for the Q looked-up pairs."""
    if ci.size == 0:
        return ci, ck
    near = np.flatnonzero(d <= rmax[ci] * (1.0 + 1e-9) + 1e-300)
    own = ck[near] == ci[near]
    if complete and g.simple:
        other = near[~own]
        look = np.bincount(ci[other], minlength=g.n)[ci[other]] > g.deg[ci[other]]
        hit = np.zeros(other.size, dtype=bool)
        hit[~look] = True
        hit[look] = g.is_edge(ci[other[look]], ck[other[look]])
        drop = np.concatenate([near[own], other[hit]])
    else:
        drop = near[own | g.is_edge(ci[near], ck[near])]
    keep = np.ones(ci.size, dtype=bool)
    keep[drop] = False
    return ci[keep], ck[keep]


def _pairs_within(X, anchors, radii, max_pairs=None, targets=None):
    """All pairs (i, k) with ``|x_i - x_k| <= radii[i]`` for i in ``anchors`` (and k in
    ``targets``, default all points), and their distances.

    Anchors are grouped into levels of radii within a factor 2^(1/4) (a query at a level's
    largest radius returns at most ~1.4x, in 2-D, the pairs it keeps); each group of
    levels is one ``sparse_distance_matrix`` query between a k-d tree of its anchors and
    one of the targets, which returns arrays directly (no Python-level lists).  From the
    largest radii down, a level joins the group before it when the group's radius is within
    twice the level's (its pairs grow at most 2^dim times) and the pairs that radius would
    add, estimated from the pairs per unit of r^dim that the queries so far kept, are fewer
    than a query's own cost in pairs (``_QUERY_PAIRS``): on a kNN graph
    of 800 vertices most levels hold a few anchors, and its 17 queries cost 3.4 ms where
    the grouped ones cost 1.7 ms (the same pairs); a large graph's levels hold thousands of
    anchors and stay apart.
    Cost O(n log n + pairs).
    """

    tree = cKDTree(X if targets is None else X[targets])
    dim = X.shape[1]
    rpos = np.maximum(radii, 1e-300)
    lr = np.floor(4.0 * np.log2(rpos / rpos.max())).astype(np.int64)
    lr = np.maximum(lr, -120)
    order = np.argsort(-lr, kind="stable")  # largest radii first, anchors in their order
    bounds = np.flatnonzero(np.diff(lr[order])) + 1
    levels = np.split(order, bounds)
    vol = radii.astype(np.float64) ** dim
    out_i, out_k, out_d = [], [], []
    total, volume = 0, 0.0

    def query(members):
        nonlocal total, volume
        sel, rad = anchors[members], radii[members]
        res = _ball_pairs(X[sel], tree, float(rad.max()))
        keep = res["v"] <= rad[res["i"]]
        ii = sel[res["i"][keep]]
        kk = res["j"][keep].astype(np.int64)
        if targets is not None:
            kk = targets[kk]
        total += ii.size
        volume += float(vol[members].sum())
        if max_pairs is not None and total > max_pairs:
            raise MemoryError(
                f"candidate list would hold more than {max_pairs} pairs; "
                "start from a better initial configuration"
            )
        out_i.append(ii)
        out_k.append(kk)
        out_d.append(res["v"][keep])

    group: list[Any] = []
    top = 0.0  # the group's largest radius
    for members in levels:
        # only within a factor 2 of the group's radius (a level's pairs grow at most 2^dim
        # times, whatever the estimate below: a first query of a few sparse anchors can
        # make the density look far lower than a dense level's)
        if group and volume > 0 and top <= 2.0 * float(radii[members].min()):
            # the pairs this level would add at the group's radius: its anchors' balls grow
            # from their own radii to it, at the density the queries so far found
            extra = total / volume * (members.size * top ** dim - float(vol[members].sum()))
            if extra <= _QUERY_PAIRS:
                group.append(members)
                continue
        if group:
            query(np.concatenate(group))
        group, top = [members], float(radii[members].max())
    if group:
        query(np.concatenate(group))
    return np.concatenate(out_i), np.concatenate(out_k), np.concatenate(out_d)


#: a ball query's own cost (a k-d tree of its anchors, the call) in returned pairs: about
#: 0.14 ms, the time of some 2,000 pairs (fitted to 1,000 and 100,000 points)
_QUERY_PAIRS = 2000


def _ball_pairs(Y, tree, r):
    """All pairs within ``r`` between the points ``Y`` and ``tree`` (a structured array with
    fields ``i``, ``j``, ``v``, in the order of ``Y``); above ``_THREAD_MIN`` points the two
    halves of ``Y`` are queried in two threads (the k-d tree releases the GIL)."""

    if len(Y) < _THREAD_MIN:
        return cKDTree(Y).sparse_distance_matrix(tree, r, output_type="ndarray")

    h = len(Y) // 2

    def query(part):
        return cKDTree(part).sparse_distance_matrix(tree, r, output_type="ndarray")

    with ThreadPoolExecutor(2) as ex:
        lo, hi = ex.map(query, (Y[:h], Y[h:]))
    hi["i"] += h
    return np.concatenate([lo, hi])


# queries of at least this many points run in two threads (_ball_pairs)
_THREAD_MIN = 50_000


def local_terms(X: FloatArray, graph: LocalGraph, ci: IntArray, ck: IntArray, delta: float, *,
                want_grad: bool = True, want_pieces: bool = False,
                stats: dict[str, Any] | None = None) -> tuple[Any, ...]:
    """Exact LOE objective (and gradient) given a superset ``(ci, ck)`` of the active pairs.

    Returns ``(f, grad)``; with ``want_pieces`` also a dict of per-edge / per-candidate
    quantities used by the majorization.  ``stats`` (a dict), when given, receives
    ``n_violating``, the number of anchors with at least one violated constraint, and
    ``max_violation``, the largest hinge value ``d_ij + delta - d_ik`` (0 when none).
    Graphs of constant degree with at least :data:`UNIFORM_MIN_N` vertices (kNN graphs)
    take :func:`_terms_uniform`, which needs no sort.
    """
    if graph.nbr is not None and graph.n >= UNIFORM_MIN_N and not want_pieces:
        return _terms_uniform(X, graph, ci, ck, delta, want_grad, stats)
    n, dim = X.shape
    ei, ej = graph.ei, graph.ej
    a, ediff = _edge_lengths(X, ei, ej)
    b, cdiff = _edge_lengths(X, ci, ck)
    ap = a + delta  # a constraint (i, j, k) is active iff ap_j > b_k
    vmax = 1.0
    if ap.size:
        vmax = max(vmax, float(ap.max()))
    if b.size:
        vmax = max(vmax, float(b.max()))
    scale = 1.0 / (2.0 * vmax * 1.0001)
    # sort edges by (anchor, ap): row-wise when every anchor has the same degree (kNN graphs)
    ekey = ei + ap * scale
    deg0 = graph.deg[0] if graph.n else 0
    if graph.uniform_degree and deg0 > 0:
        eord = np.argsort(ap.reshape(n, deg0), axis=1, kind="stable")
        eord += graph.indptr[:-1, None]
        eord = eord.ravel()
    else:
        eord = np.argsort(ekey, kind="stable")
    ekey_s = ekey[eord]
    ap_s = ap[eord]
    ckey = ci + b * scale
    # global per-anchor segment starts in the sorted edge array
    e_start = graph.indptr  # edges are grouped by anchor already (CSR order)
    # prefix sums over sorted edges (leading zero)
    c0 = np.arange(ap_s.size + 1, dtype=np.float64)
    c1 = np.concatenate([[0.0], np.cumsum(ap_s)])
    c2 = np.concatenate([[0.0], np.cumsum(ap_s * ap_s)])
    # for each candidate: edges of its anchor with ap <= b (not violated)
    pos = np.searchsorted(ekey_s, ckey, side="right")
    lo = e_start[ci]
    hi = e_start[ci + 1]
    pos = np.clip(pos, lo, hi)
    s0 = c0[hi] - c0[pos]  # count of violated neighbours
    s1 = c1[hi] - c1[pos]
    s2 = c2[hi] - c2[pos]
    # sum_j (ap_j - b)^2 over violated j
    contrib = s2 - 2.0 * b * s1 + b * b * s0
    contrib = np.maximum(contrib, 0.0)
    f = float(contrib.sum())
    if stats is not None:
        viol = np.flatnonzero(s0 > 0)
        stats["n_violating"] = int(np.count_nonzero(np.bincount(ci[viol], minlength=n)))
        stats["max_violation"] = float(np.max(ap_s[hi[viol] - 1] - b[viol])) if viol.size else 0.0
    pieces: dict[str, Any] | None = None
    if want_pieces:
        pieces = dict(a=a, b=b, ap=ap, s0=s0, s1=s1, ediff=ediff, cdiff=cdiff)
    if not want_grad:
        return (f, None, pieces) if want_pieces else (f, None)
    # d f / d b_k = -2 sum_j (ap_j - b_k) over violated j
    gb = -2.0 * (s1 - b * s0)
    # d f / d a_j = 2 sum_k (ap_j - b_k) over candidates k with b_k < ap_j
    if not want_pieces:
        # each candidate violates the sorted-edge range [pos, hi) of its anchor: a difference
        # array and one cumulative sum give, per edge, the count and sum of its violators
        m = ap.size
        t0s = np.cumsum(np.bincount(pos, minlength=m + 1) - np.bincount(hi, minlength=m + 1))
        t1s = np.cumsum(np.bincount(pos, b, minlength=m + 1) - np.bincount(hi, b, minlength=m + 1))
        t0 = np.empty(m)
        t1 = np.empty(m)
        t0[eord] = t0s[:m]
        t1[eord] = t1s[:m]
        ga = 2.0 * (t0 * ap - t1)
        return f, _scatter_gradient(n, dim, ei, ej, ci, ck, a, b, ga, gb, ediff, cdiff)
    corder = np.argsort(ckey, kind="stable")
    ckey_s = ckey[corder]
    b_s = b[corder]
    d0 = np.arange(b_s.size + 1, dtype=np.float64)
    d1 = np.concatenate([[0.0], np.cumsum(b_s)])
    c_start = np.searchsorted(ci[corder], np.arange(n + 1)) if ci.size else np.zeros(
        n + 1, dtype=np.int64
    )
    epos = np.searchsorted(ckey_s, ekey, side="left")
    clo = c_start[ei]
    epos = np.clip(epos, clo, c_start[ei + 1])
    t0 = d0[epos] - d0[clo]
    t1 = d1[epos] - d1[clo]
    ga = 2.0 * (t0 * ap - t1)
    if want_pieces:
        # candidates with b < delta - a (both distances small: the second MM sub-case)
        qkey = ei + np.maximum(delta - a, 0.0) * scale
        bpos = np.clip(np.searchsorted(ckey_s, qkey, side="left"), clo, epos)
        assert pieces is not None
        pieces.update(t0=t0, t1=t1, u0=d0[bpos] - d0[clo], u1=d1[bpos] - d1[clo])
    grad = _scatter_gradient(n, dim, ei, ej, ci, ck, a, b, ga, gb, ediff, cdiff)
    return (f, grad, pieces) if want_pieces else (f, grad)



# from this many vertices on, graphs of constant degree evaluate through _terms_uniform (the
# sorted-prefix-sum kernel below stays the one of smaller graphs, whose results are pinned)
UNIFORM_MIN_N = 20_000
_BLOCK = 1 << 22  # elements of one (active pairs, k) work block of _terms_uniform


def _uniform_lengths(X, nbr):
    """Edge lengths of a constant-degree graph as an (n, k) array, one coordinate at a time
    (no (E, dim) temporary).  O(E dim)."""
    acc = None
    for s in range(X.shape[1]):
        x = X[:, s]
        t = x[nbr]
        t -= x[:, None]
        t *= t
        if acc is None:
            acc = t
        else:
            acc += t
    return np.sqrt(acc, out=acc)


def _terms_uniform(X, graph, ci, ck, delta, want_grad, stats):
    """:func:`local_terms` for a graph whose anchors all have degree k, without sorting.

    Only the candidate pairs closer than their anchor's largest ``d_ij + delta`` can be
    active; for each of them the k neighbour values of its anchor are gathered (one row of
    the (n, k) edge array) and the hinge terms ``max(0, d_ij + delta - d_ik)`` formed
    directly, in blocks of at most ``_BLOCK`` elements.  The edges' gradient terms are row
    sums per anchor (differences of a cumulative sum over the active pairs grouped by
    anchor), and only
    edges and pairs with a nonzero term are scattered into the gradient.  Cost per
    evaluation O(E dim + C + C_act k + C_act log C_act) for E edges, C listed and C_act
    active pairs; memory O(E + C + block).
    """
    n, dim = X.shape
    nbr = graph.nbr
    k = nbr.shape[1]
    a = _uniform_lengths(X, nbr)
    ap = a + delta
    apmax = ap.max(axis=1)
    b = _pair_lengths(X, ci, ck)
    act = np.flatnonzero(b < apmax[ci])
    ia = ci[act]
    order = np.argsort(ia, kind="stable")
    act, ia = act[order], ia[order]
    ba = b[act]
    del b, order
    f = 0.0
    hmax = 0.0
    gb = np.empty(act.size) if want_grad else None
    ga = np.zeros((n, k)) if want_grad else None
    step = max(1, _BLOCK // k)
    for s in range(0, act.size, step):
        sl = slice(s, s + step)
        rows = ia[sl]
        M = ap[rows]
        M -= ba[sl, None]
        np.maximum(M, 0.0, out=M)
        f += float(np.einsum("ij,ij->", M, M))
        hmax = max(hmax, float(M.max()))
        if want_grad:
            gb[sl] = -2.0 * M.sum(axis=1)
            # per-anchor sums of the rows (grouped by anchor) from one cumulative sum
            ends = np.flatnonzero(np.concatenate([rows[1:] != rows[:-1], [True]]))
            np.cumsum(M, axis=0, out=M)
            seg = M[ends]
            seg[1:] -= M[ends[:-1]]
            ga[rows[ends]] += 2.0 * seg
    if stats is not None:
        stats["n_violating"] = int(np.count_nonzero(ia[1:] != ia[:-1]) + (ia.size > 0))
        stats["max_violation"] = hmax
    if not want_grad:
        return f, None
    grad = np.zeros((n, dim))
    er, ec = np.nonzero(ga)
    ej = nbr[er, ec]
    ae = a[er, ec]
    we = np.where(ae > 0, ga[er, ec] / np.where(ae > 0, ae, 1.0), 0.0)
    del ga, a, ap
    ka = ck[act]
    wc = np.where(ba > 0, gb / np.where(ba > 0, ba, 1.0), 0.0)
    for s in range(dim):
        x = X[:, s]
        ve = we * (x[er] - x[ej])
        vc = wc * (x[ia] - x[ka])
        grad[:, s] = (np.bincount(er, ve, minlength=n) - np.bincount(ej, ve, minlength=n)
                      + np.bincount(ia, vc, minlength=n) - np.bincount(ka, vc, minlength=n))
    return f, grad


def _pair_lengths(X, i, j):
    """Distances of the pairs ``(i, j)``, one coordinate at a time.  O(len(i) dim)."""
    acc = np.zeros(len(i))
    for s in range(X.shape[1]):
        x = X[:, s]
        t = x[i] - x[j]
        t *= t
        acc += t
    return np.sqrt(acc, out=acc)


def _scatter_gradient(n, dim, ei, ej, ci, ck, a, b, ga, gb, ediff, cdiff):
    """Chain rule from d f / d(distance) on edges and candidate pairs to d f / d X."""
    grad = np.zeros((n, dim))
    with np.errstate(divide="ignore", invalid="ignore"):
        we = np.where(a > 0, ga / a, 0.0)
        wc = np.where(b > 0, gb / b, 0.0)
    for s in range(dim):
        ve = we * ediff[:, s]
        vc = wc * cdiff[:, s]
        grad[:, s] = (
            np.bincount(ei, ve, minlength=n)
            - np.bincount(ej, ve, minlength=n)
            + np.bincount(ci, vc, minlength=n)
            - np.bincount(ck, vc, minlength=n)
        )
    return grad


def local_objective_dense(X: Any, A: Any, delta: float) -> float:
    """Reference Err_local by brute force over all (i, j, k) (small n only; O(n^3) memory)."""

    n = A.shape[0]
    check_memory(3 * 8 * n**3, f"local_objective_dense ({n}^3 terms)",
                 suggestion="use loe_objective, which is exact and sparse")
    A = np.asarray(A.toarray() if hasattr(A, "toarray") else A) != 0
    np.fill_diagonal(A, False)
    D = np.sqrt(((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    non = ~A
    np.fill_diagonal(non, False)
    viol = D[:, :, None] + delta - D[:, None, :]  # [i, j, k]
    mask = A[:, :, None] & non[:, None, :]
    return float(np.sum(np.where(mask, np.maximum(viol, 0.0) ** 2, 0.0)))
