"""The guarded stress polish of a small graph's drawing (``loe_layout``'s last stage under
``objective="auto"``, :func:`stress_polish`): steps of stress majorization of the graph's
hop distances, each node's step kept only as far as no node loses a recovered neighbour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from ...metrics import recovered_adjacency
from .plan import POLICY

if TYPE_CHECKING:
    from ..._core.typing import FloatArray, SparseLike

__all__ = ["stress_polish"]


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


def _metric_counts(N: np.ndarray, X: FloatArray) -> np.ndarray:
    """Each node's count of its neighbours ``N`` (dense mask) among its ``|N(i)|`` nearest
    points, by the metrics' own lists (:func:`nx_ordinal.metrics.recovered_adjacency`, the
    k-d tree's tie-break, as GARI, NP1 and NP2 count them)."""
    R = recovered_adjacency(np.asarray(X, dtype=np.float64), N.sum(axis=1)).toarray() != 0
    return (R & N).sum(axis=1)


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
