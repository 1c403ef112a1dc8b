"""Local Ordinal Embedding (LOE) of a graph's adjacency.

Terada & von Luxburg (2014): given a (directed) graph, find X in R^dim minimising

    Err_local(X) = sum_i sum_{j in N(i)} sum_{k not in N(i), k != i} max(0, d_ij + delta - d_ik)^2,

i.e. every out-neighbour of i is closer to i, by at least ``delta``, than every non-neighbour.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np
import scipy.sparse as sp
from scipy.spatial import cKDTree

from .._core.estimates import laplacian_eigenmaps_memory, loe_memory, pivot_mds_memory
from .._core.optim import pcg, run_lbfgs, run_mm
from .._core.progress import public_call, warn
from .._core.result import EmbeddingResult
from .._core.runner import BestPoint, run_restarts
from .._core.seeds import as_generator, single_thread
from .._core.validation import (
    as_adjacency,
    check_choice,
    check_dim,
    check_init,
    check_int,
    check_nonnegative,
    check_positive,
)
from .._data.components import pack_components, split_components
from .._data.density_estimate import knn_density
from ..constraints import count_local_triplets
from ..exceptions import NoOrdinalInformationWarning
from ._local import ALL_PAIRS_MAX_N, AllPairs, CandidateList, LocalGraph, local_terms
from ._spectral import random_walk_eigenvectors
from ._starts import (
    PIVOT_MIN_N,
    auto_solver_start,
    farthest_first,
    sparse_stress,
    start_configurations,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .._core.typing import AdjacencyLike, ArrayLike, FloatArray, Seed

__all__ = ["loe", "solve_loe", "loe_objective", "laplacian_eigenmaps", "pivot_mds"]


def is_knn_adjacency(A: Any) -> bool:
    """Whether the (out-)adjacency ``A`` (CSR) looks like a directed kNN graph: every vertex
    with the same out-degree, at least 1, and some link without its reverse.  O(E)."""
    deg = np.diff(A.indptr)
    return bool(deg.size and deg.min() >= 1 and deg.min() == deg.max()
                and (A != A.T).nnz > 0)


def _check_adjacency(A):

    return as_adjacency(A, "adjacency")


@overload
def loe_objective(
    X: ArrayLike, A: AdjacencyLike, delta: float = ..., *, return_grad: Literal[False] = ...
) -> float: ...


@overload
def loe_objective(
    X: ArrayLike, A: AdjacencyLike, delta: float = ..., *, return_grad: Literal[True]
) -> tuple[float, FloatArray]: ...


def loe_objective(
    X: ArrayLike, A: AdjacencyLike, delta: float = 0.1, *, return_grad: bool = False
) -> float | tuple[float, FloatArray]:
    """Err_local of configuration ``X`` for adjacency ``A`` (exact, O(E + active) memory).

    Parameters
    ----------
    X : array_like, shape (n, dim)
    A : scipy.sparse matrix or array, shape (n, n)
        (Out-)adjacency; row i lists the neighbours of i.
    delta : float
    return_grad : bool
        Also return the gradient (n, dim).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed import loe_objective
    >>> A = np.array([[0, 1, 0], [1, 0, 0], [0, 1, 0]])
    >>> X = np.array([[0.0], [1.0], [3.0]])
    >>> loe_objective(X, A, delta=0.5)
    0.0
    >>> loe_objective(X, A, delta=2.0)  # (1 + 2 - 3)^2 + (1 + 2 - 2)^2 + (2 + 2 - 3)^2
    2.0
    """
    A = _check_adjacency(A)
    X = np.asarray(X, dtype=np.float64)
    if X.ndim == 1:
        X = X[:, None]
    g = LocalGraph(A)
    ci, ck = _candidates(g, delta).update(X)
    f, grad = local_terms(X, g, ci, ck, float(delta), want_grad=return_grad)
    return (f, grad) if return_grad else f


# ---------------------------------------------------------------------------------------------
# initialisation

# init="auto" starts from pivot_mds beyond PIVOT_MIN_N vertices, from the spectral
# embedding up to it (see loe's Notes); the threshold and the rule live in nx_ordinal.embed._starts

@public_call
def laplacian_eigenmaps(A: AdjacencyLike, dim: int = 2, seed: Seed = None) -> FloatArray:
    """Laplacian eigenmaps of the symmetrised graph, one connected component at a time.

    Each component is embedded with the generalised eigenvectors of ``L y = lambda D y``
    (dense ``eigh`` for small components, sparse shift-invert ``eigsh`` otherwise), scaled to
    unit RMS radius times sqrt(component size), and the components are packed on a grid.
    Components too small for ``dim + 1`` eigenvectors get random positions.  Cost: sparse
    factorisation of each component's Laplacian (near-linear for kNN graphs).

    Returns
    -------
    ndarray, shape (n, dim)
    """

    rng = as_generator(seed)
    A = _check_adjacency(A)
    dim = check_dim(dim)
    laplacian_eigenmaps_memory(A.shape[0], dim, A.nnz).check()
    S = ((A + A.T) > 0).astype(np.float64)
    return _per_component(S, dim, lambda idx: _component_eigenmap(S[idx][:, idx], dim, rng),
                          rng)


def _per_component(S, dim, embed, rng):
    """Embed each connected component of the symmetric ``S`` with ``embed(idx)`` (one of at
    most ``dim + 1`` vertices: random normal positions drawn from ``rng``; one vertex: the
    origin), normalise it to unit RMS radius times sqrt(size) and pack the components on a
    grid (largest first)."""


    _, _, parts = split_components(S)
    sizes = np.array([idx.size for idx in parts])
    blocks = []
    for c in np.argsort(-sizes, kind="stable"):  # largest first (the order embed is called)
        idx = parts[c]
        if idx.size == 1:
            Y = np.zeros((1, dim))
        elif idx.size <= dim + 1:  # too small to embed: random (no slice of S needed)
            Y = rng.standard_normal((idx.size, dim))
        else:
            Y = embed(idx)
        blocks.append((idx, Y))
    return pack_components(blocks, dim, S.shape[0])


@public_call
def pivot_mds(
    A: AdjacencyLike, dim: int = 2, n_landmarks: int = 50, seed: Seed = None,
    stress_iter: int = 0, coarse_n: int | None = None,
) -> FloatArray:
    """Pivot MDS of density-reweighted graph distances: a near-isometric start for kNN graphs.

    The relative density ``p`` at every vertex is estimated from the reciprocity of the
    (directed) links by :func:`nx_ordinal.density.knn_density`; an edge ``i ~ j`` of the
    symmetrised graph gets the length ``(r_i + r_j) / 2`` with ``r = p^(-1/dim)``
    (proportional to the kNN radius), so shortest paths approximate Euclidean distances up
    to one constant even where the density varies by orders of magnitude (unweighted hop
    distances squash low-density regions and fold them back).  ``n_landmarks`` vertices are
    chosen by farthest-point sampling (the first at random), Dijkstra runs from each, and
    pivot MDS [1]_ (double-centred squared landmark distances, top right singular vectors)
    places every vertex.  Each connected component is embedded on its own and packed as in
    :func:`laplacian_eigenmaps`; components with at most ``dim + 1`` vertices get random
    positions.  On an undirected graph the density is uniform and this is pivot MDS of hop
    distances; so it is on a directed graph whose vertices' out-degrees differ (not a kNN
    graph: the reciprocity of its links says nothing of density), on its undirected graph.
    With ``stress_iter`` > 0, each component of more than ``n_landmarks``
    vertices is then refined by that many rounds of stress majorization of the sparse
    stress model [2]_ on the same landmarks (every edge's term, and one term from each
    vertex to each landmark, weighted by the part of the landmark's region it stands for):
    pivot MDS is a linear projection and squashes what does not embed linearly (the levels
    of a tree onto one another), which the rounds unfold.

    With ``coarse_n``, each component of more than ``coarse_n`` vertices is first coarsened
    (rounds of random mutual matching along edges, each pair merged, an edge of the coarse
    graph as long as the mean of the edges it stands for) until at most ``coarse_n``
    vertices are left; the coarsest graph is placed as above and the drawing carried back
    one level at a time: each vertex at its coarse vertex, jittered by 1e-3 of the
    drawing's spread, then 4 Jacobi steps halfway to the mean of its neighbours.  Hop
    distances cannot embed a large irregular mesh (a Delaunay mesh of random points: its
    triangles cannot all have unit sides in the plane), and stress rounds on 15,000 of its
    vertices ruffle the drawing like a lettuce leaf (GARI 0.37); on a graph of 1,500
    vertices the ruffles are few, and the levels carry a flat shape back (GARI 0.75).

    Parameters
    ----------
    A : scipy.sparse matrix or array_like, shape (n, n)
        (Out-)adjacency, e.g. of a directed kNN graph.
    dim : int, default 2
    n_landmarks : int, default 50
    seed : int, Generator, RandomState or None
        Picks the first landmark.
    stress_iter : int, default 0
        Rounds of sparse stress majorization after pivot MDS (above); 0: none.
    coarse_n : int or None, default None
        Place each component on a graph coarsened to at most this many vertices and carry
        the drawing back (above); None: on the graph itself.

    Returns
    -------
    ndarray, shape (n, dim)

    Notes
    -----
    O(E) plus one sparse Laplacian solve for the density, O(L (E + n log n)) for L Dijkstra
    runs and O(n L) memory; no n x n array.  The stress rounds add O(n L log n) once and
    O(E + n L) a round.  With ``coarse_n`` those costs are the coarsest graph's, plus O(E)
    a level (about log(n / coarse_n) levels) to coarsen and carry back.

    References
    ----------
    .. [1] Brandes, U. and Pich, C. "Eigensolver methods for progressive multidimensional
       scaling of large data." Graph Drawing 2006.
    .. [2] Ortmann, M., Klimenta, M. and Brandes, U. "A sparse stress model." Graph
       Drawing 2016.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_adjacency
    >>> from nx_ordinal.embed import pivot_mds
    >>> X = np.random.default_rng(0).standard_normal((300, 2))
    >>> Y = pivot_mds(knn_adjacency(X, 12), 2, seed=0)
    >>> Y.shape
    (300, 2)
    """


    rng = as_generator(seed)
    A = _check_adjacency(A)
    dim = check_dim(dim)
    n_landmarks = check_int(n_landmarks, "n_landmarks", minimum=1)
    stress_iter = check_int(stress_iter, "stress_iter", minimum=0)
    if coarse_n is not None:
        coarse_n = check_int(coarse_n, "coarse_n", minimum=dim + 2)
    pivot_mds_memory(A.shape[0], dim, A.nnz, n_landmarks, stress_iter).check()
    n = A.shape[0]
    S = ((A + A.T) > 0).astype(np.float64)
    if A.nnz == 0:
        return rng.standard_normal((n, dim))
    # the reciprocity of the links measures density only where every vertex has the same
    # out-degree (a kNN graph); any other graph by its hop distances (on an undirected
    # graph the estimate is uniform anyway; a directed grid read as a kNN graph crushed
    # most of its vertices into one corner of the start)
    r = knn_density(A, dim) ** (-1.0 / dim) if is_knn_adjacency(A) else np.ones(n)
    U = sp.triu(sp.coo_array(S), k=1).tocoo()
    W = sp.coo_array((0.5 * (r[U.row] + r[U.col]), (U.row, U.col)), shape=(n, n)).tocsr()
    W = (W + W.T).tocsr()

    def embed(idx):
        if coarse_n is not None and idx.size > coarse_n:
            return _multilevel(W[idx][:, idx], dim, n_landmarks, rng, stress_iter, coarse_n)
        return _pivot_mds(W[idx][:, idx], dim, n_landmarks, rng, stress_iter)

    return _per_component(S, dim, embed, rng)


def _pivot_mds(W, dim, n_landmarks, rng, stress_iter=0):

    m = W.shape[0]
    if m <= dim + 1:
        return rng.standard_normal((m, dim))
    L = min(m, max(n_landmarks, dim + 1))
    landmarks, D = farthest_first(W, L, int(rng.integers(m)))
    C = D.T ** 2  # (m, L)
    C = C - C.mean(axis=0) - C.mean(axis=1)[:, None] + C.mean()
    C *= -0.5
    _, V = np.linalg.eigh(C.T @ C)
    Y = C @ V[:, ::-1][:, :dim]
    del C  # (the stress rounds' arrays take its place)
    # fix the sign of each axis so the result is deterministic
    signs = np.sign(Y[np.argmax(np.abs(Y), axis=0), np.arange(dim)])
    signs[signs == 0] = 1.0
    Y = Y * signs
    if stress_iter and m > n_landmarks:
        Y = sparse_stress(W, Y, landmarks, D, stress_iter)
    return Y


#: the key of the warning for a graph without local triplets: one per public call,
#: whichever stage finds it first (``loe_layout`` checks at its start, whatever path it takes)
NO_TRIPLETS_KEY = "no local triplets"

#: rounds of mutual proposals in one level of coarsening (each vectorised over the edges)
_MATCH_ROUNDS = 4
#: a level that merges fewer than this share of the vertices ends the coarsening (a star)
_MIN_MERGE = 0.1
#: Jacobi smoothing steps after each level is carried back (pivot_mds's coarse_n)
_SMOOTH = 4


def _coarsen(W, rng):
    """One level of coarsening of the connected graph with symmetric edge lengths ``W``:
    ``_MATCH_ROUNDS`` rounds in which every unmatched vertex proposes to its unmatched
    neighbour of lowest random key and mutual proposals are matched; each matched pair
    becomes one vertex, every other vertex stays alone.  Returns the coarse lengths (an
    edge as long as the mean of the fine edges it stands for: the coarse graph stays
    connected) and each vertex's coarse vertex.  O(E log E) a round."""
    n = W.shape[0]
    C = W.tocoo()
    off = C.row != C.col
    r, c = C.row[off], C.col[off]
    mate = np.full(n, -1, dtype=np.int64)
    for _ in range(_MATCH_ROUNDS):
        free = (mate[r] < 0) & (mate[c] < 0)
        if not free.any():
            break
        rr, cc = r[free], c[free]
        key = rng.random(n)
        order = np.lexsort((key[cc], rr))
        rr, cc = rr[order], cc[order]
        first = np.concatenate([[True], rr[1:] != rr[:-1]])
        prop = np.full(n, -1, dtype=np.int64)
        prop[rr[first]] = cc[first]
        i = np.flatnonzero(prop >= 0)
        mutual = i[prop[prop[i]] == i]
        mate[mutual] = prop[mutual]
    lead = np.flatnonzero((mate < 0) | (np.arange(n) < mate))  # one per coarse vertex
    parent = np.empty(n, dtype=np.int64)
    parent[lead] = np.arange(lead.size)
    paired = lead[mate[lead] >= 0]
    parent[mate[paired]] = parent[paired]
    P = sp.csr_array((np.ones(n), (np.arange(n), parent)), shape=(n, lead.size))
    total = (P.T @ sp.csr_array(W) @ P).tocsr()
    count = (P.T @ sp.csr_array((W != 0).astype(np.float64)) @ P).tocsr()
    total.setdiag(0)
    count.setdiag(0)
    total.eliminate_zeros()
    count.eliminate_zeros()
    total.sort_indices()
    count.sort_indices()
    total.data /= count.data  # the same pattern: a coarse edge stands for >= 1 fine edge
    return total, parent


def _multilevel(W, dim, n_landmarks, rng, stress_iter, coarse_n):
    """:func:`_pivot_mds` of the connected graph ``W`` coarsened (:func:`_coarsen`) to at
    most ``coarse_n`` vertices, carried back level by level (pivot_mds's ``coarse_n``)."""
    levels = []
    while W.shape[0] > coarse_n:
        Wc, parent = _coarsen(W, rng)
        if Wc.shape[0] > (1.0 - _MIN_MERGE) * W.shape[0]:
            break
        levels.append((W, parent))
        W = Wc
    X = _pivot_mds(W, dim, n_landmarks, rng, stress_iter)
    for Wf, parent in reversed(levels):  # a loop over the levels, log(n / coarse_n) of them
        X = X[parent]
        X += rng.standard_normal(X.shape) * (1e-3 * float(X.std()))
        B = (Wf != 0).astype(np.float64)
        inv = 1.0 / np.maximum(np.asarray(B.sum(axis=1)).ravel(), 1.0)
        for _ in range(_SMOOTH):
            X = 0.5 * X + 0.5 * (B @ X) * inv[:, None]
    return X


def _component_eigenmap(S, dim, rng):
    """Laplacian eigenmaps of one connected component (dense up to 600 vertices), each axis'
    sign fixed so that the result is deterministic."""

    m = S.shape[0]
    if m <= dim + 1:
        return rng.standard_normal((m, dim))
    Y = random_walk_eigenvectors(S, dim + 1, rng, dense_max=600)[:, 1:]
    signs = np.sign(Y[np.argmax(np.abs(Y), axis=0), np.arange(Y.shape[1])])
    signs[signs == 0] = 1.0
    return Y * signs


def _scale_to_delta(X, g, delta, max_pairs=None):
    """Scale ``X`` to the best of a geometric range of scales.

    Start with the median edge length at ``delta`` times the median degree (neighbour /
    non-neighbour gaps of ``delta`` accumulate over about that many neighbours), then halve
    the scale while the objective decreases (at most 10 halvings, and never beyond a scale at
    which the candidate list would exceed ``max_pairs``).  A start that is too large costs
    many iterations: violated constraints are penalised in proportion to the scale squared.
    """
    if g.n_edges == 0:
        return X
    d = np.sqrt(np.sum((X[g.ei] - X[g.ej]) ** 2, axis=1))
    med = float(np.median(d))
    if med <= 0:
        return X
    target = delta * max(1.0, float(np.median(g.deg[g.deg > 0])))
    X = X * (target / med)
    if max_pairs is None:
        max_pairs = max(50 * (g.n_edges + g.n), 10**6)

    def objective(Y):
        ci, ck = _candidates(g, delta, max_pairs=max_pairs).update(Y)
        return local_terms(Y, g, ci, ck, delta, want_grad=False)[0]

    best_f = objective(X)
    for _ in range(10):
        try:
            f = objective(0.5 * X)
        except MemoryError:
            break
        if f >= best_f:
            break
        best_f = f
        X = 0.5 * X
    return X


def _scale_to_margin(X, g, delta, n_sample=2000):
    """Scale ``X`` so that the median spacing at each anchor's degree equals ``delta``.

    A solution separates each anchor's ``k_i`` neighbours from its non-neighbours by at
    least ``delta``: at the solution's scale the gap between the ``k_i``-th and the
    ``(k_i + 1)``-th nearest distance from anchor i is at least ``delta``.  The gap is
    measured in the start without asking which points are neighbours (a start is rarely
    right point by point, but its local spacing is), and its median over the anchors set to
    ``delta``.  That puts the start at about the scale of the solution; the scale that
    minimises the objective (:func:`_scale_to_delta`) is an order of magnitude smaller, and
    growing from it bends large drawings.  Up to ``n_sample`` evenly spaced anchors, one k-d
    tree query of their ``max degree + 2`` nearest points: O((n + s k) log n).  Returns
    ``None`` when the median gap is not positive (coincident points).
    """

    cand = np.flatnonzero((g.deg > 0) & (g.n_non > 0))
    if cand.size == 0:
        return None
    anchors = cand[np.linspace(0, cand.size - 1, min(n_sample, cand.size)).astype(np.int64)]
    kq = int(min(g.n, g.deg[anchors].max() + 2))
    dist = cKDTree(X).query(X[anchors], k=kq)[0].reshape(anchors.size, kq)
    k = g.deg[anchors]
    rows = np.arange(anchors.size)
    gap = dist[rows, k + 1] - dist[rows, k]  # column 0 is the anchor itself
    med = float(np.median(gap))
    if not med > 0:
        return None
    return X * (delta / med)


def _separate_coincident(X, g, rng):
    """Move apart points that coincide in the start (pivot MDS puts the leaves of one parent
    on one spot: equal distances to every landmark), by Gaussian noise of 5 % of the median
    positive edge length; coincident points have no gradient that would separate them.
    O(n log n); ``X`` unchanged when all points are distinct."""
    _, inv, counts = np.unique(X, axis=0, return_inverse=True, return_counts=True)
    dup = counts[np.ravel(inv)] > 1
    if not dup.any():
        return X
    d = np.sqrt(np.sum((X[g.ei] - X[g.ej]) ** 2, axis=1))
    d = d[d > 0]
    step = float(np.median(d)) if d.size else 1.0
    X = X.copy()
    X[dup] += 0.05 * step * rng.standard_normal((int(dup.sum()), X.shape[1]))
    return X


def _rescale_to_zero(X, g, delta, f, h=None):
    """Exact minimiser from a configuration whose objective ``f`` is below ``delta**2``.

    Every term ``max(0, d_ij + delta - d_ik)^2`` is at most ``f``, so every margin
    ``d_ik - d_ij`` is at least ``delta - sqrt(f) > 0``; scaling by
    ``c = delta / (delta - sqrt(f))`` makes every margin at least ``delta``: objective 0
    (Proposition 1 of the paper: delta only sets the scale).  ``h``, when given, is the
    largest violation ``d_ij + delta - d_ik`` itself (below ``delta``) and replaces
    ``sqrt(f)``.  The objective of the scaled configuration is evaluated, and it is returned
    only if it is not worse (rounding).
    """
    c = delta / (delta - (np.sqrt(f) if h is None else h))
    Xc = c * X
    ci, ck = _candidates(g, delta).update(Xc)
    fc = local_terms(Xc, g, ci, ck, delta, want_grad=False)[0]
    return (Xc, fc) if fc <= f else (X, f)


# ---------------------------------------------------------------------------------------------
# solvers

# above this many vertices a run also stops, converged, once its largest violation is at
# most _MARGIN_STOP * delta (see _Evaluator); up to it, runs follow the objective alone
# (pinned results)
_MARGIN_STOP_MIN_N = 10_000
_MARGIN_STOP = 0.9


def _candidates(g, delta, skin=0.0, max_pairs=None, cap=None):
    """Err_local's candidate pairs: every non-neighbour pair up to ``ALL_PAIRS_MAX_N``
    vertices (:class:`~._local.AllPairs`, uncapped), else a :class:`~._local.CandidateList`
    (``skin`` None: adaptive)."""
    if cap is None and g.n <= ALL_PAIRS_MAX_N:
        return AllPairs(g)
    return CandidateList(g, delta, skin=skin, max_pairs=max_pairs, cap=cap)


class _Evaluator(BestPoint):
    """Objective/gradient with a persistent candidate list; remembers the best point.

    With ``track``, every evaluation also finds the largest violation ``h`` (hinge value
    ``d_ij + delta - d_ik``) and the number of anchors with a violated constraint: ``last``
    holds ``(f, h, n_violating)`` of the latest evaluation and ``best_h`` the ``h`` of the
    best point.  Once ``h <= 0.9 delta`` (``_MARGIN_STOP``) every neighbour is closer to its
    anchor than every non-neighbour by at least ``delta / 10`` (the drawing's kNN graph is
    the given one: E_A = 0), and scaling by ``delta / (delta - h) <= 10`` gives objective 0
    (:func:`_rescale_to_zero`).  On a large graph this happens long before the objective, a
    sum over all anchors of small violations, falls below ``delta**2 / 4``.
    """

    def __init__(self, g, delta, dim, max_pairs=None, cap=None, track=False):
        super().__init__()
        self.g = g
        self.delta = delta
        self.dim = dim
        self.cl = _candidates(g, delta, skin=None, max_pairs=max_pairs, cap=cap)
        self.stats = {} if track else None
        self.last = None
        self.best_h = None

    def __call__(self, X, want_pieces=False):
        ci, ck = self.cl.update(X)
        out = local_terms(X, self.g, ci, ck, self.delta, want_pieces=want_pieces,
                          stats=self.stats)
        if self.stats is not None:
            self.last = (out[0], self.stats["max_violation"], self.stats["n_violating"])
            if out[0] < self.best_f:
                self.best_h = self.last[1]
        self.record(out[0], X)
        return out

    def small_violation(self, f):
        """Whether the evaluation of objective ``f`` left no violation above
        ``_MARGIN_STOP * delta``."""
        return (self.last is not None and self.last[0] == f
                and self.last[1] <= _MARGIN_STOP * self.delta)


def _laplacian_matvec_factory(g, kw):
    """Matrix-free product with the Laplacian of the dense part of the LOE majorizer.

    Directed weights w_pq = kw_p for every non-neighbour q != p of anchor p (kw = 2 k_p);
    the quadratic form sum_{p,q} w_pq |x_p - x_q|^2 has Laplacian Lap(W + W^T), applied in
    O(n + E) through sums and the sparse adjacency.
    """

    n = g.n
    A = sp.csr_array((np.ones(g.n_edges), g.indices, g.indptr), shape=(n, n))
    AT = A.T.tocsr()
    row = kw * (n - 1 - g.deg)  # W 1
    col = kw.sum() - kw - AT @ kw  # W^T 1
    diag = row + col

    def matvec(V):
        S = V.sum(axis=0)
        WV = kw[:, None] * (S[None, :] - V - A @ V)
        KV = kw[:, None] * V
        WTV = KV.sum(axis=0)[None, :] - KV - AT @ KV
        return diag[:, None] * V - WV - WTV

    return matvec, diag


def _sparse_laplacian(i, j, w, n):

    W = sp.coo_array((w, (i, j)), shape=(n, n)).tocsr()
    S = W + W.T
    return sp.diags_array(np.asarray(S.sum(axis=1)).ravel()) - S


def _mm_step(ev, Y, f_y, pieces, dense_mv, dense_diag, cg_iter):
    """One majorization step from Y: minimise the quadratic majorizer by warm-started PCG."""
    g = ev.g
    n = g.n
    delta = ev.delta
    a = pieces["a"]
    b = pieces["b"]
    t0, t1, u0, u1 = pieces["t0"], pieces["t1"], pieces["u0"], pieces["u1"]
    s0, s1 = pieces["s0"], pieces["s1"]
    ci, ck = ev.cl.ci, ev.cl.ck
    nn = g.n_non[g.ei].astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        inv_a = np.where(a > 0, 1.0 / a, 0.0)
        inv_b = np.where(b > 0, 1.0 / b, 0.0)
    # edge pair weights, summed over the non-neighbours k of the anchor
    cntA, sumA = t0 - u0, t1 - u1  # active, a + b >= delta
    # alpha: 2 everywhere except sub-case B (a + b < delta): (a + delta - b) / a
    alpha_B = np.where(a > 0, (u0 * (a + delta) - u1) * inv_a, 2.0 * u0)
    wM_e = 2.0 * (nn - u0) + alpha_B
    # beta: 2 when inactive, (a + b - delta) / a in sub-case A, 0 in sub-case B
    wH_e = 2.0 * (nn - t0) + (cntA * (a - delta) + sumA) * inv_a
    # candidate pair corrections to the dense H weights 2 k_i: beta* = (a + b + delta) / b
    # for active j instead of 2
    wH_c = -2.0 * s0 + (s1 + s0 * b) * inv_b
    LM_sp = _sparse_laplacian(g.ei, g.ej, wM_e, n)
    LH_sp = _sparse_laplacian(
        np.concatenate([g.ei, ci]), np.concatenate([g.ej, ck]), np.concatenate([wH_e, wH_c]), n
    )
    rhs = dense_mv(Y) + LH_sp @ Y
    diag = dense_diag + LM_sp.diagonal()
    diag = np.where(diag > 0, diag, 1.0)

    def M(V):
        return dense_mv(V) + LM_sp @ V

    # preconditioned CG, all columns at once, from x0 = Y: each step lowers the majorizer
    return pcg(M, rhs, Y, diag, cg_iter)


def _run_mm(ev, X0, max_iter, tol, progress, cg_iter, on_iter=None, f_small=0.0):
    """LOE-MM: the shared MM loop (``_core.optim.run_mm``) with LOE's majorizer step."""
    kw = 2.0 * ev.g.deg.astype(np.float64)
    dense_mv, dense_diag = _laplacian_matvec_factory(ev.g, kw)

    def evaluate(X):
        f, _, pieces = ev(X, want_pieces=True)
        return f, pieces

    def step(Y, f, pieces):
        return _mm_step(ev, Y, f, pieces, dense_mv, dense_diag, cg_iter)

    return run_mm(evaluate, step, X0, max_iter, tol, progress, on_iter=on_iter,
                  f_small=f_small)


@public_call
def loe(
    A: AdjacencyLike,
    dim: int = 2,
    *,
    delta: float = 0.1,
    method: str = "lbfgs",
    init: str | ArrayLike | None = None,
    n_init: int = 1,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    cg_iter: int = 10,
    callback: Callable[[int, int, FloatArray, float], bool | None] | None = None,
    seed: Seed = None,
    verbose: bool = False,
    candidate_cap: float | None = None,
) -> EmbeddingResult:
    """Local ordinal embedding of a graph given by its (out-)adjacency.

    Parameters
    ----------
    A : scipy.sparse matrix or array_like, shape (n, n)
        Adjacency; row i marks the neighbours of i (directed graphs: out-neighbours).
        Self-loops are ignored; nonzero entries count as edges.
    dim : int, default 2
    delta : float, default 0.1
        Scale parameter (Proposition 1: it only sets the scale of the solution).
    method : {"lbfgs", "mm"}
        ``"lbfgs"``: scipy's L-BFGS-B on the exact objective and gradient.
        ``"mm"``: the majorization of the paper (eq. 4 / supplement eq. 8), vectorized: the
        dense part of the majorizer (pure proximal weights 2 k_i on every non-neighbour pair)
        is applied matrix-free in O(n + E); the sparse corrections live on edges and active
        pairs; each step minimises the majorizer approximately by ``cg_iter`` steps of
        Jacobi-preconditioned conjugate gradients warm-started at the current iterate, which
        lowers the majorizer at every step, so the objective never increases (the R package
        does one Gauss-Seidel sweep instead).
    init : array_like (n, dim), "auto", "spectral", "pivot" or None
        Initial configuration.  ``"spectral"``: Laplacian eigenmaps of the symmetrised graph;
        ``"pivot"``: :func:`pivot_mds` (pivot MDS of density-reweighted graph
        distances); ``"auto"`` (or ``None``, the default): ``"spectral"`` up to 2000
        vertices, ``"pivot"`` beyond.  Up to 2000 vertices the start is rescaled by a
        halving search on the objective, beyond that so that its median spacing at each
        anchor's degree equals ``delta`` (about the scale of the solution).  Restarts after
        the first add Gaussian noise to it.
    n_init : int, default 1
        Number of runs; the lowest objective wins.
    max_iter : int
        Iterations per run.
    tol : float
        Relative decrease of the objective below which a run stops (scale-free).  A run
        also stops, converged, once the objective is at most ``delta**2 / 4``: then every
        constraint holds with a margin of at least ``delta - sqrt(f) >= delta / 2``, and the
        configuration scaled by ``delta / (delta - sqrt(f))`` (at most 2) is returned, an
        exact minimiser with objective 0.  Above 10,000 vertices a run stops, converged,
        as soon as no single violation ``d_ij + delta - d_ik`` exceeds ``0.9 delta`` (on a
        large graph the objective, a sum over all anchors, falls below ``delta**2 / 4``
        much later) and returns the configuration scaled by ``delta / (delta - h)`` for
        the largest violation ``h`` (at most 10): again objective 0, and the drawing's kNN
        graph is the given one.
    max_time : float, optional
        Time budget in seconds per run.
    cg_iter : int
        Conjugate-gradient steps per MM iteration.
    callback : callable, optional
        ``callback(run, it, X, f)`` after every iteration ``it`` of restart ``run`` (and with
        ``it = 0`` for the scaled start); ``X`` must not be modified.  A true return value
        after an iteration ends the run (counted as converged: the caller's criterion).
    seed : int, Generator, RandomState or None
    verbose : bool
        Progress bar (tqdm if installed) with the objective.
    candidate_cap : float or None
        ``None`` (default): the exact objective.  A number c >= 1 bounds the work around
        hubs and stretched neighbourhoods: an anchor i whose listing ball would hold more
        than ``ceil(c (k_i + 8))`` points (k_i its degree) counts only the non-neighbours
        among that many nearest points (see ``CandidateList``).
        The truncation does not bind near a drawing in which every anchor's neighbours are
        among its nearest ``c (k_i + 8)`` points (a kNN graph near its solution), and the
        cost per evaluation stays O((E + c (E + 8 n)) log) on any graph (a Barabasi-Albert
        graph's exact list holds a third of all pairs).  The start is then scaled by its
        spacing (as beyond 2000 vertices), not by a search on the exact objective.

    Returns
    -------
    EmbeddingResult
        ``embedding`` (n, dim), ``objective``, ``n_iter``, ``converged``, ``history``.

    Notes
    -----
    Cost per iteration: O((E + C) log(E + C) + n dim) time and O(n dim + E + C) memory, for E
    edges and C candidate pairs (non-neighbours within the current neighbour radius plus
    ``delta`` and a skin, found with a k-d tree that is rebuilt only when some point moved more
    than a quarter of the skin; the few points that move much faster than the rest are
    re-queried on their own instead).  C is about the number of active constraints' pairs; no
    n x n array is ever formed.  Graphs of constant degree (kNN graphs) with at least 20,000
    vertices evaluate without any sort: each active candidate pair meets its anchor's row of
    k neighbour distances, O(E dim + C + C_act k) per evaluation for C_act active pairs;
    the density of the pivot-MDS start is then solved by conjugate gradients.  The spectral
    start of a graph whose density varies strongly
    (a Gaussian sample) squashes the low-density tails onto a rim and folds them back inside
    it, a local minimum the solver does not leave; the pivot-MDS start of large graphs keeps
    distances roughly proportional.  A graph without local triplets (complete, or without edges)
    carries no ordinal information: a
    :class:`~nx_ordinal.exceptions.NoOrdinalInformationWarning` is issued and the initial
    configuration returned.  Ctrl-C returns the best configuration so far with an
    :class:`~nx_ordinal.exceptions.InterruptedWarning`.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_adjacency
    >>> from nx_ordinal.embed import loe
    >>> X = np.random.default_rng(0).random((60, 2))
    >>> res = loe(knn_adjacency(X, 6), seed=0)
    >>> res.embedding.shape
    (60, 2)
    """

    A = _check_adjacency(A)
    dim = check_dim(dim)
    delta = check_positive(delta, "delta")
    method = check_choice(method, "method", ("lbfgs", "mm"))
    n_init = check_int(n_init, "n_init", minimum=1)
    max_iter = check_int(max_iter, "max_iter", minimum=0)
    tol = check_nonnegative(tol, "tol")
    max_time = check_positive(max_time, "max_time", allow_none=True)
    cg_iter = check_int(cg_iter, "cg_iter", minimum=1)
    if candidate_cap is not None:
        candidate_cap = check_positive(candidate_cap, "candidate_cap")
        if candidate_cap < 1:
            raise ValueError(f"candidate_cap must be >= 1 or None, got {candidate_cap!r}")
    loe_memory(A.shape[0], dim, A.nnz, method=method, init=init).check(verbose)
    if init is None:
        init = "auto"
    if isinstance(init, str):
        init = check_choice(init, "init", ("auto", "spectral", "pivot"))
    elif A.shape[0] > 0:
        init = check_init(init, A.shape[0], dim)
    return solve_loe(A, dim, delta=delta, method=method, init=init, n_init=n_init,
                     max_iter=max_iter, tol=tol, max_time=max_time, cg_iter=cg_iter,
                     callback=callback, seed=seed, verbose=verbose, candidate_cap=candidate_cap)


def solve_loe(
    A: Any,
    dim: int,
    *,
    delta: float,
    method: str,
    init: str | ArrayLike,
    n_init: int,
    max_iter: int,
    tol: float,
    max_time: float | None,
    cg_iter: int = 10,
    callback: Callable[[int, int, FloatArray, float], bool | None] | None = None,
    seed: Seed = None,
    verbose: bool = False,
    candidate_cap: float | None = None,
) -> EmbeddingResult:
    """:func:`loe` on arguments that its caller has checked already (a CSR adjacency,
    ``init`` one of ``"auto"``, ``"spectral"``, ``"pivot"`` or an ``(n, dim)`` float array,
    numbers in range, the memory estimate passed): the layouts check their arguments once,
    at their own entry, and call this."""

    # L-BFGS-B's and CG's vector updates are level-1 BLAS: extra threads only cost
    with single_thread(user_api="blas"):
        return _solve(A, dim, delta, method, init, n_init, max_iter, tol, max_time, cg_iter,
                      callback, seed, verbose, candidate_cap)


def _solve(A, dim, delta, method, init, n_init, max_iter, tol, max_time, cg_iter, callback,
           seed, verbose, candidate_cap):
    rng = as_generator(seed)
    n = A.shape[0]
    if n == 0:
        return EmbeddingResult(np.zeros((0, dim)), 0.0, 0, True, [], f"loe-{method}", {})
    g = LocalGraph(A)
    if isinstance(init, str):
        if init == "auto":
            init = auto_solver_start(n)
        if init == "pivot":
            base = pivot_mds(A, dim, seed=rng)
        else:
            base = laplacian_eigenmaps(A, dim, seed=rng)
    else:
        base = np.array(init, dtype=np.float64)
    if count_local_triplets(A) == 0:

        warn("the graph implies no local triplets (every node is adjacent to all "
             "others or to none): any configuration is optimal; returning the "
             "initial configuration", NoOrdinalInformationWarning, key=NO_TRIPLETS_KEY)
        return EmbeddingResult(base, 0.0, 0, True, [], f"loe-{method}",
                               {"no_ordinal_information": True})
    cap = None
    if candidate_cap is not None:
        cap = np.ceil(candidate_cap * (g.deg + 8.0)).astype(np.int64)
    by_margin = n > PIVOT_MIN_N or cap is not None
    if by_margin:
        base = _separate_coincident(base, g, rng)
    scaled = _scale_to_margin(base, g, delta) if by_margin else None
    base = _scale_to_delta(base, g, delta) if scaled is None else scaled
    # f <= delta^2 / 4: every constraint holds with a margin of at least delta / 2, and a
    # rescaling turns the configuration into an exact minimiser (see _rescale_to_zero)
    f_small = 0.25 * delta**2
    starts = start_configurations(("base",), n_init, rng, lambda _: base)  # + perturbed
    name = f"loe-{method}"

    class _Run:
        def __init__(self, r):
            self.r = r
            self.X0 = next(starts)
            self.ev = _Evaluator(g, delta, dim, cap=cap, track=n > _MARGIN_STOP_MIN_N)

        def solve(self, progress):
            X0, ev, on_iter, start = self.X0, self.ev, None, None
            if callback is not None:
                def on_iter(it, X, f, _run=self.r):
                    return callback(_run, it, X, f)

                t0 = time.perf_counter()
                f0, g0 = ev(X0)
                start = (f0, g0, time.perf_counter() - t0)  # run_lbfgs copies g0
                callback(self.r, 0, X0, f0)
            if ev.stats is not None:
                user_iter = on_iter

                def on_iter(it, X, f):
                    stop = user_iter is not None and user_iter(it, X, f)
                    return stop or ev.small_violation(f)
            if method == "lbfgs":
                return run_lbfgs(ev, X0, max_iter, tol, progress, on_iter=on_iter,
                                 f_small=f_small, restarts=0 if cap is None else 20,
                                 start=start)
            return _run_mm(ev, X0, max_iter, tol, progress, cg_iter, on_iter=on_iter,
                           f_small=f_small)

        def result(self, n_iter, conv, hist, interrupted):
            ev = self.ev
            X = ev.best_X if ev.best_X is not None else self.X0
            if ev.best_X is not None and 0.0 < ev.best_f <= f_small:
                X, ev.best_f = _rescale_to_zero(X, g, delta, ev.best_f)
            elif ev.best_h is not None and 0.0 < ev.best_f and ev.best_h <= _MARGIN_STOP * delta:
                X, ev.best_f = _rescale_to_zero(X, g, delta, ev.best_f, ev.best_h)
            info = dict(n_eval=ev.n_eval, n_rebuilds=ev.cl.n_builds,
                        n_candidates=int(ev.cl.ci.size))
            if ev.last is not None:  # at the last evaluation
                info["max_violation"], info["n_violating"] = ev.last[1], ev.last[2]
            return EmbeddingResult(X, float(ev.best_f) if ev.best_X is not None else np.inf,
                                   n_iter, conv, hist, name, info)

    return run_restarts(name, n_init, _Run, max_iter=max_iter, verbose=verbose,
                        max_time=max_time)
