"""The solvers' starting configurations, in one module: the ``init="auto"`` rule of
:func:`nx_ordinal.embed.loe` (:func:`auto_solver_start`), the start configurations of runs
and restarts (named starts cycled over the runs, :func:`start_configurations`), the one
perturbation rule of a restart (:func:`perturbed_start`), the farthest-first choice of
pivots with their graph distances (:func:`farthest_first`, for pivot MDS and t-LOE's stress
anchor), and the sparse-stress refinement of a pivot-MDS start (:func:`sparse_stress`).

The spectral and pivot-MDS starts themselves are solvers (:func:`nx_ordinal.embed.
laplacian_eigenmaps`, :func:`nx_ordinal.embed.pivot_mds`): callers pass them in as ``base``.
The starts drawn by networkx (Kamada-Kawai, spring) are with the layouts
(``nx_ordinal.layouts._common.networkx_start``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp

from .._data.graph import symmetrize

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from .._core.typing import FloatArray

__all__ = ["PIVOT_MIN_N", "auto_solver_start", "farthest_first", "perturbed_start",
           "start_configurations", "sparse_stress", "two_hop_stress"]

#: embed.loe's "auto" starts from pivot MDS beyond this many vertices (spectral up to it)
PIVOT_MIN_N = 2000


def auto_solver_start(n: int) -> str:
    """The start :func:`nx_ordinal.embed.loe` takes for ``init="auto"`` on ``n`` vertices:
    ``"spectral"`` up to :data:`PIVOT_MIN_N`, ``"pivot"`` beyond (see ``loe``'s Notes)."""
    return "pivot" if n > PIVOT_MIN_N else "spectral"

def farthest_first(W: sp.csr_array, count: int, first: int) -> tuple[np.ndarray, FloatArray]:
    """``count`` pivots of the graph with symmetric (weighted) adjacency ``W``, picked
    farthest-first from vertex ``first`` (each next one the vertex farthest from those
    picked, a vertex none of them reaches first; ties to the lowest index), and their
    shortest-path distances to every vertex, (count, n), ``inf`` where unreached.  One
    Dijkstra search a pivot: O(count (n + E) log n); up to ``4 count`` vertices (and 2,000)
    every vertex's search in one call, O(n (n + E) log n) and n^2 memory at most 4 times
    the pivots' (the same distances; a small component's 50 pivots cost one call's
    overhead, not 50: a forest of 25 trees, drawn component by component, 86 -> 21 ms)."""
    from scipy.sparse.csgraph import dijkstra

    n = W.shape[0]
    pivots = np.empty(count, dtype=np.int64)
    D = np.empty((count, n))
    nearest = np.full(n, np.inf)
    # W is symmetric: directed searches are 3x faster
    full = dijkstra(W, directed=True) if n <= min(4 * count, 2000) else None
    cur = int(first)
    for t in range(count):
        pivots[t] = cur
        D[t] = full[cur] if full is not None else dijkstra(W, directed=True, indices=cur)
        np.minimum(nearest, D[t], out=nearest)
        far = nearest.copy()
        far[pivots[:t + 1]] = -1.0
        cur = int(np.argmax(far))
    return pivots, D


def perturbed_start(X: FloatArray, rng: np.random.Generator) -> FloatArray:
    """``X`` plus Gaussian noise of 0.3 times its RMS spread about the centroid (1 when all
    points coincide): the start of a restart, the one perturbation rule of the package.
    Draws ``X.size`` normals from ``rng``; O(n dim)."""

    spread = float(np.sqrt(np.mean(np.sum((X - X.mean(0)) ** 2, axis=1)))) or 1.0
    return X + 0.3 * spread * rng.standard_normal(X.shape)


def start_configurations(
    inits: Sequence[str], n_init: int, rng: np.random.Generator,
    base: Callable[[str], FloatArray], shape: tuple[int, int] | None = None,
) -> Iterator[FloatArray]:
    """The start configurations of ``n_init`` runs, cycling over the named starts ``inits``.

    The first run of a name begins from ``base(name)`` (built once, when first needed), its
    later runs from a :func:`perturbed_start` of it; ``"random"`` is a fresh standard normal
    configuration of ``shape`` for every run.  Lazy: each start, and each draw from ``rng``,
    is made when the next run asks for it, so ``rng``'s stream is consumed in run order
    whether the caller runs them all or stops early.  Used by ``loe_layout`` (several named
    starts) and :func:`nx_ordinal.embed.loe` (one start and its restarts).  O(n dim) per
    start besides ``base``.
    """
    built: dict[str, FloatArray] = {}
    for r in range(n_init):
        name = inits[r % len(inits)]
        if name == "random":
            if shape is None:
                raise ValueError('start_configurations needs shape for init="random"')
            yield rng.standard_normal(shape)
        elif name not in built:
            built[name] = base(name)
            yield built[name]
        else:
            yield perturbed_start(built[name], rng)


def sparse_stress(W: sp.csr_array, X: FloatArray, pivots: FloatArray, D: FloatArray,
                  n_iter: int) -> FloatArray:
    """``n_iter`` rounds of stress majorization of the sparse stress model [1]_ from ``X``.

    ``W``: the symmetric edge lengths of one connected graph (CSR); ``pivots`` (L,) its
    pivots and ``D`` (L, n) their shortest-path distances, as pivot MDS computed them.  The
    model keeps every edge's term (target its length ``l``, weight ``1 / l^2``) and replaces
    the other pairs by one term from each vertex i to each pivot p (target ``D[p, i]``),
    weighted by ``s_pi / D[p, i]^2`` where ``s_pi`` counts the vertices of p's region (those
    nearer to p than to any other pivot; ties to the first) within ``D[p, i] / 2`` of p:
    the pivot stands for the part of its region that i sees in its direction.  Each round
    moves every vertex at once to the minimiser of its majorant (localized stress
    majorization, Jacobi order: no loop over vertices).  Pivot MDS squashes what hop
    distances cannot embed linearly (the levels of a balanced tree onto one another); the
    rounds unfold it: stress 0.31 -> 0.15 on a binary tree of 1,023 vertices in 50 rounds.
    ``X`` is first scaled to the targets (least squares).  Returns a new array.

    O(n L log n) to weight the pivot terms, then O(E + n L) a round; memory O(E) and two
    n x L arrays (the pivot terms' weights), the rest in row blocks of 4M entries.

    References
    ----------
    .. [1] Ortmann, M., Klimenta, M. and Brandes, U. "A sparse stress model." Graph
       Drawing 2016.
    """
    n, dim = X.shape
    L = pivots.size
    region = np.argmin(D, axis=0)
    wp = np.empty((n, L))  # the pivot terms' weights, then w t in wt
    for t in range(L):  # a loop over the pivots: each a sort and a search, O(n log n)
        near = np.sort(D[t, region == t])
        count = np.searchsorted(near, 0.5 * D[t], side="right")
        with np.errstate(divide="ignore", invalid="ignore"):
            wp[:, t] = np.where(D[t] > 0, count / D[t] ** 2, 0.0)
    wt = wp * D.T
    W = sp.csr_array(W)
    le = W.data
    rows = np.repeat(np.arange(n), np.diff(W.indptr))
    cols = W.indices
    we = 1.0 / le ** 2
    E = sp.csr_array((we, cols, W.indptr), shape=W.shape)
    R = sp.csr_array((np.empty_like(le), cols, W.indptr), shape=W.shape)
    wsum = np.bincount(rows, we, minlength=n) + wp.sum(axis=1)
    wsum = np.where(wsum > 0, wsum, 1.0)[:, None]
    Y = np.array(X, dtype=np.float64)
    step = max(1, _BLOCK // L)  # the pivot terms in row blocks: O(_BLOCK) temporaries

    def edge_lengths(Y):
        V = np.take(Y, rows, axis=0) - np.take(Y, cols, axis=0)
        return np.sqrt(np.einsum("ij,ij->i", V, V))

    def pivot_lengths(Y, P, lo, hi):
        dp = np.zeros((hi - lo, L))
        for b in range(dim):
            diff = np.subtract.outer(Y[lo:hi, b], P[:, b])
            diff *= diff
            dp += diff
        return np.sqrt(dp, out=dp)

    # scale to the targets first: argmin_a sum w (a d - t)^2
    de = edge_lengths(Y)
    P = Y[pivots]
    num, den = float(np.dot(de, we * le)), float(np.dot(de * de, we))
    for lo in range(0, n, step):
        hi = min(n, lo + step)
        dp = pivot_lengths(Y, P, lo, hi)
        num += float(np.vdot(wt[lo:hi], dp))
        den += float(np.vdot(wp[lo:hi] * dp, dp))
    if den > 0 and num > 0:
        Y *= num / den
    for _ in range(n_iter):
        # majorant of each term w (|y_i - y_j| - t)^2 at the current point: y_i moves to
        # sum_j w (y_j + t (y_i - y_j) / |y_i - y_j|) / sum_j w
        R.data = we * le / np.maximum(edge_lengths(Y), 1e-12)  # w t / d on the edges
        out = E @ Y - R @ Y
        out += Y * np.bincount(rows, R.data, minlength=n)[:, None]
        P = Y[pivots]
        for lo in range(0, n, step):
            hi = min(n, lo + step)
            rp = pivot_lengths(Y, P, lo, hi)
            np.maximum(rp, 1e-12, out=rp)
            np.divide(wt[lo:hi], rp, out=rp)  # w t / d to the pivots
            out[lo:hi] += (wp[lo:hi] - rp) @ P + Y[lo:hi] * rp.sum(axis=1)[:, None]
        Y = out / wsum
    return Y


def two_hop_stress(A: sp.csr_array, X: FloatArray, n_iter: int, n_pivots: int = 50,
                   relax_iter: int = 0,
                   relax_stress: float = 1.02) -> tuple[FloatArray, FloatArray | None]:
    """``n_iter`` rounds of stress majorization of the sparse stress model of
    :func:`sparse_stress` with a term for every pair within two hops of the connected
    graph ``A`` (read as undirected and unweighted; target its hop distance, 1 or 2,
    weight 1 / target^2) instead of the edges alone, the pivots ``n_pivots`` vertices
    picked farthest-first from the vertex of highest degree.  The edges' terms cannot see
    a strip drawn twisted, its rails crossed, where every edge keeps its length; the
    2-hop pairs' terms can: a ring of a ladder's stress start (500 rungs, 30 rounds of the
    edges' model) GARI 0.81, NP2 0.82 -> 0.998, 0.88; a ladder of 400 rungs 0.96, 0.90
    -> 1.0, 0.98.  With ``relax_iter``, also that drawing continued by as many rounds
    with the first pivot's terms alone, the 2-hop pairs' then dominating: the pivots' hop
    distances, which a ring's chords cannot keep, bend that ring no more (NP2 0.88 ->
    0.99 at the same stress), but a mesh's shape may drift (an L-shaped FEM mesh: stress
    +13-28 %), so that continuation is returned only where its stress from the pivots is
    at most ``relax_stress`` times the first drawing's.  Returns the two drawings (new
    arrays at the scale of the hop distances; the second None without ``relax_iter`` or
    where its stress is higher).

    O(n_pivots (n + E) log n) for the pivots, then O(E2 + n n_pivots) a round for the E2
    pairs within two hops; memory O(E2 + n n_pivots)."""
    n = X.shape[0]
    B = symmetrize(sp.csr_array(A) != 0)
    N2 = ((B + B @ B) != 0).astype(np.float64).tocsr()
    N2.setdiag(0)
    N2.eliminate_zeros()
    W2 = (2.0 * N2 - B).tocsr()  # 1 on the edges, 2 on the other pairs within two hops
    W2.eliminate_zeros()
    pivots, D = farthest_first(B, min(int(n_pivots), n), int(np.argmax(np.diff(B.indptr))))
    Y = sparse_stress(W2, X, pivots, D, n_iter)
    if relax_iter <= 0:
        return Y, None
    Z = sparse_stress(W2, Y, pivots[:1], D[:1], relax_iter)
    return Y, (Z if _pivot_stress(Z, pivots, D) <= relax_stress * _pivot_stress(Y, pivots, D)
               else None)


def _pivot_stress(Y: FloatArray, pivots: np.ndarray, D: FloatArray) -> float:
    """Scale-normalised stress of ``Y`` over the pairs from ``pivots`` (``D`` their hop
    distances): sum (a d / t - 1)^2 at the best a, over the pairs.  O(n L)."""
    E = np.zeros_like(D)
    for b in range(Y.shape[1]):
        diff = np.subtract.outer(Y[pivots, b], Y[:, b])
        diff *= diff
        E += diff
    ok = D > 0
    r = np.sqrt(E[ok]) / D[ok]
    s1, s2 = float(r.sum()), float(r @ r)
    return 1.0 - s1 * s1 / (s2 * r.size) if s2 > 0 else float("inf")


#: entries of a row block of the pivot terms in :func:`sparse_stress`
_BLOCK = 1 << 22
