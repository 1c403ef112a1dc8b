"""Leaves of a hub re-placed round it, a final step of ``loe_layout``'s t-LOE drawing
(:func:`ring_leaves`).

A leaf (a vertex of degree 1) has one LOE comparison set: its hub must be nearer to it than
every other vertex.  In the plane at most five leaves of one hub can have it as their nearest
point (two leaves at distances a <= b from the hub, an angle theta apart, are farther apart
than b only if cos(theta) < a / (2 b) <= 1/2), and a soft-max embedding spreads a hub's
leaves evenly on one ring, where with six or more leaves each leaf's nearest point is the
next leaf: none of them is satisfied.  Placing five of them on an inner ring (72 degrees
apart) and the rest on a ring of more than twice the radius satisfies five.  The outer ring
stays where t-LOE drew the leaves and the inner one comes in, so a leaf's siblings are no
farther from it than t-LOE had them (its 2-hop neighbourhood kept).

A hub's two to five leaves are open twins (the same one neighbour), and t-LOE draws them at
one point: their repulsion vanishes at distance 0 (the Student-t kernel's force falls like
the distance) while the same pulls hold both, so the pair is a stable point of the loss and
each leaf's nearest point is its twin, not its hub (a balanced binary tree of 4,095 vertices:
half its leaves at the default call's 250 iterations).  Where one of them has a nearer point
than its hub, the hub's leaves are spread into a fan 72 degrees apart at their median
distance: each has the hub nearer than its twins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.spatial import cKDTree

from ..._core.arrays import sorted_unique
from ...metrics import edge_pairs

if TYPE_CHECKING:
    from ..._core.typing import FloatArray

__all__ = ["ring_leaves"]

#: inner ring: at most this many leaves (the most that can have the hub as nearest point)
INNER = 5
#: the inner ring's radius is at most _ROOM times the distance D from the hub to the nearest
#: point that does not move; the outer ring's radius is OUTER times it (so at most 0.44 D:
#: the rings of two hubs stay apart)
_ROOM = 0.2
OUTER = 2.2


def ring_leaves(X: FloatArray, A: sp.csr_array, gap: float = 0.0,
                wide: bool = False, inner_median: bool = False) -> FloatArray | None:
    """Leaves of each hub with ``INNER + 1`` or more leaves re-placed in two rings round it,
    and those of a hub with two to ``INNER`` leaves in a fan where one of them has a nearer
    point than its hub.

    ``A``: the symmetric adjacency (CSR, no self-loops) of the drawing ``X`` (n x 2).  For a
    hub h with s >= 6 leaves, D_h the distance from h to its nearest point other than the
    leaves that move in rings, and a_h = min(m_h / 2.2, 0.2 D_h), m_h the median distance
    of its leaves: ``INNER`` leaves go on the circle of radius a_h round h, 72 degrees
    apart, the others on the circle of radius 2.2 a_h (m_h where nothing is near),
    evenly spaced; both in the order of the leaves' present angles round h, the inner
    ones spread over that order.  Then every inner leaf
    has h as its nearest point: the other leaves of h are more than a_h from it (1.18 a_h
    on the inner ring, 1.2 a_h from the outer one), the points that stay at least
    D_h - a_h >= 4 a_h, and another hub h' with its rings (within 0.44 D_h' <= 0.44 |h -
    h'|) at least 0.36 |h - h'| >= 1.8 a_h.  A hub with 2 <= s <= ``INNER`` leaves, one of
    which has a point other than h nearer (twins drawn at one point, see the module), gets
    its leaves on a fan round their mean direction from h, 72 degrees apart, at their median
    distance from h (in the order of their present angles): each is 1.18 times that
    distance from the next, so h is nearer to it than its twins are.

    With ``gap`` > 0 a hub's outer leaves that its outer ring would hold less than ``g =
    gap`` times the median drawn edge apart (that median over the edges with no end on a
    ring) go on rings of radii 2.2 a_h + k g, k = 0, 1, ..., each holding at most 2 pi r / g
    of them evenly spaced, the inner rings filled first, matched to the rings' slots in the
    order of their angles: a disc whose leaves are about ``g`` apart, where the overlap
    removal would otherwise spread a crowded ring (a hub of 120 leaves: 0.006 of the
    median edge apart on one ring) pair by pair.  A hub whose outer ring holds them ``g``
    apart keeps it.

    With ``wide`` (``gap`` then unused) the inner ring is as above and each outer leaf
    stays where ``X`` has it, on its ray from the hub, moved out to 2.2 a_h where it is
    nearer: where 0.2 D_h bounds a_h (a hub among other points), the rings otherwise draw
    every leaf edge shorter, and the median edge with them.  The hub's own outer leaves
    are still at least 1.2 a_h from its inner ones; another hub's outer leaves, left where
    they were, can come nearer (the rings' judgement, NP1 among it, sees that).

    With ``inner_median`` the inner ring is at the leaves' median distance (a_h = min(m_h,
    0.2 D_h)) and the outer 2.2 times farther: where five of a hub's six to nine leaves go
    on the inner ring, the default draws most leaf edges 2.2 times shorter, and the median
    edge with them; this form keeps them.

    Returns the new drawing, or None when no hub has six leaves and no smaller hub's
    leaves need a fan.  O(n log n + L log L + E) for L leaves and E edges: k-d tree
    queries and sorts, no loop over hubs or leaves.
    """
    n = X.shape[0]
    deg = np.diff(A.indptr)
    leaf = np.flatnonzero(deg == 1)
    hub_of = A.indices[A.indptr[leaf]]
    # leaves whose hub is itself a leaf (a component of two) have nothing to gain
    keep = deg[hub_of] > 1
    leaf, hub_of = leaf[keep], hub_of[keep]
    count = np.bincount(hub_of, minlength=n)
    ring = count[hub_of] > INNER
    few = (count[hub_of] >= 2) & ~ring
    if few.any():  # a fan only where a leaf of the hub has another point nearer
        fl, fh = leaf[few], hub_of[few]
        d, nn = cKDTree(X).query(X[fl], k=2)
        own = nn[:, 0] == fl  # coincident points come in either order
        other = np.where(own, nn[:, 1], nn[:, 0])
        d_other = np.where(own, d[:, 1], d[:, 0])
        d_hub = np.linalg.norm(X[fl] - X[fh], axis=1)
        unmet = np.zeros(n, dtype=bool)
        unmet[fh[(other != fh) & (d_other < d_hub)]] = True
        few &= unmet[hub_of]
    # the points that stay, for D: all but the leaves of the ringed hubs (a fan's leaves
    # keep their distance from their hub)
    stay = np.ones(n, dtype=bool)
    stay[leaf[ring]] = False
    moved = ring | few
    leaf, hub_of, fan = leaf[moved], hub_of[moved], few[moved]
    if leaf.size == 0:
        return None
    hubs = sorted_unique(hub_of)
    s = count[hubs]
    rest = np.flatnonzero(stay)
    if rest.size >= 2:
        d, _ = cKDTree(X[rest]).query(X[hubs], k=2)
        D = d[:, 1]
    else:
        D = np.full(hubs.size, np.inf)
    pos = np.searchsorted(hubs, hub_of)  # each leaf's hub, as an index into hubs
    V = X[leaf] - X[hub_of]
    r = np.hypot(V[:, 0], V[:, 1])
    ang = np.arctan2(V[:, 1], V[:, 0])
    bounds = np.concatenate([[0], np.cumsum(s)])
    med = r[np.lexsort((r, pos))][bounds[:-1] + s // 2]
    # the outer ring where t-LOE drew the leaves (their median distance), the inner one
    # OUTER times nearer (with inner_median the inner ring there, the outer OUTER times
    # farther), unless the room round the hub bounds it
    a = np.minimum(med if inner_median else med / OUTER, _ROOM * D)
    a = np.where(a > 0, a, np.where(med > 0, med, 1.0))  # coincident points: any scale
    # rank of each leaf round its hub by angle; the inner ones have ranks floor(j s / INNER),
    # j < INNER; `below` counts the inner ranks under a rank: ceil(INNER rank / s)
    rank, srt = _ranks(ang, pos, bounds)
    sl = s[pos]
    below = (INNER * rank + sl - 1) // sl
    inner = (below < INNER) & ((below * sl) // INNER == rank)
    theta0 = ang[srt[bounds[:-1]]][pos]  # the angle of rank 0 (an inner leaf) of the hub
    phi = np.where(inner, theta0 + 2.0 * np.pi * below / INNER,
                   theta0 + 2.0 * np.pi * (rank - below + 0.5) / np.maximum(sl - INNER, 1))
    rad = np.where(inner, a[pos], OUTER * a[pos])
    if wide:
        phi = np.where(inner, phi, ang)
        rad = np.where(inner, rad, np.maximum(r, rad))
    elif gap > 0 and (~inner).any():
        g = gap * _median_edge(X, A, ~stay)
        if g > 0:
            phi, rad = _discs(phi, rad, ~inner, pos, rank - below, OUTER * a, theta0, g)
    if fan.any():
        # the fan: centred on the leaves' mean direction, in the order of their angles
        # from it (ties, such as twins at one point, in the order of the vertices)
        mean = np.arctan2(np.bincount(pos, np.sin(ang), minlength=hubs.size),
                          np.bincount(pos, np.cos(ang), minlength=hubs.size))[pos]
        off = np.mod(ang - mean + np.pi, 2.0 * np.pi)
        frank, _ = _ranks(off, pos, bounds)
        spread = np.where(med > 0, med, a)[pos]
        phi = np.where(fan, mean + 2.0 * np.pi / INNER * (frank - (sl - 1) / 2.0), phi)
        rad = np.where(fan, spread, rad)
    Y = X.copy()
    Y[leaf] = X[hub_of] + rad[:, None] * np.column_stack([np.cos(phi), np.sin(phi)])
    return Y


def _median_edge(X, A, moving):
    """The median drawn length of the edges of ``A`` with no end in ``moving`` (0 where
    every edge has one).  O(E)."""
    r, c = edge_pairs(A)
    keep = ~moving[r] & ~moving[c]
    if not keep.any():
        return 0.0
    D = X[r[keep]] - X[c[keep]]
    return float(np.median(np.hypot(D[:, 0], D[:, 1])))


def _discs(phi, rad, outer, pos, orank, R0, theta0, g):
    """Angles ``phi`` and radii ``rad`` of the leaves with the ``outer`` ones (``orank``
    their rank by angle among their hub's outer leaves, ``pos`` their hub's index) moved
    onto rings of radii ``R0[h] + k g`` round hub h, k = 0, 1, ...: ring k holds at most
    max(1, floor(2 pi (R0 + k g) / g)) leaves, filled from the inside; each ring's leaves
    evenly spaced from the hub's angle ``theta0`` (the odd rings turned by half a slot),
    and the hub's leaves matched to all its slots in the order of angle.  A hub whose
    first ring holds all its outer leaves keeps the one ring, evenly spaced as before.
    O(L log L) for L outer leaves."""
    idx = np.flatnonzero(outer)
    hp = pos[idx]
    H = R0.size
    m = np.bincount(hp, minlength=H).astype(np.float64)  # outer leaves per hub
    c0 = 2.0 * np.pi * R0 / g  # the first ring's capacity
    # rings needed: the least K with sum_{k < K} (c0 + 2 pi k) >= m, from the quadratic,
    # then one more while the floored capacities fall short
    b = c0 - np.pi
    K = np.maximum(np.ceil((-b + np.sqrt(b * b + 4.0 * np.pi * m)) / (2.0 * np.pi)), 1.0)
    K = K.astype(np.int64)
    while True:
        kk = np.arange(int(K.max()))[None, :]
        caps = np.maximum(np.floor(c0[:, None] + 2.0 * np.pi * kk), 1.0) * (kk < K[:, None])
        short = caps.sum(axis=1) < m
        if not short.any():
            break
        K[short] += 1
    before = np.cumsum(caps, axis=1) - caps
    held = np.clip(m[:, None] - before, 0.0, caps).astype(np.int64)  # (hubs, rings)
    hh, rk = np.nonzero(held)  # by hub, then ring
    cnt = held[hh, rk]
    sk = np.repeat(rk, cnt)
    sj = np.arange(int(cnt.sum())) - np.repeat(np.cumsum(cnt) - cnt, cnt)
    sang = 2.0 * np.pi * (sj + 0.5 + 0.5 * (sk % 2)) / np.repeat(cnt, cnt)
    sh = np.repeat(hh, cnt)
    order = np.lexsort((sk, sang, sh))  # each hub's slots by angle (ties: inner first)
    sk, sang = sk[order], sang[order]
    start = np.concatenate([[0], np.cumsum(m.astype(np.int64))[:-1]])
    slot = start[hp] + orank[idx]
    phi, rad = phi.copy(), rad.copy()
    phi[idx] = theta0[idx] + sang[slot]
    rad[idx] = R0[hp] + g * sk[slot]
    return phi, rad


def _ranks(key, pos, bounds):
    """Each leaf's rank by ``key`` among its hub's leaves (``pos``: its hub's index, hubs'
    leaves counted from ``bounds``; ties in leaf order), and the order of that sort."""
    order = np.lexsort((key, pos))
    rank = np.empty(key.size, dtype=np.int64)
    rank[order] = np.arange(key.size) - bounds[pos[order]]
    return rank, order
