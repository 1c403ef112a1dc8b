"""Synchronisation of patch embeddings: reflection, scale, rotation, translation (ASAP with
scale sync).

Every function takes arrays only.  A *patch* is a sorted int array of node indices into
``0 .. n-1``; its embedding is an ``(len(patch), d)`` array whose rows follow the patch.

Conventions: the unknown truth is ``X`` (rows are points).  A noise-free patch embedding is
``Y_i = s_i X[P_i] O_i + t_i`` with ``s_i > 0``, ``O_i`` in O(d) and ``t_i`` in R^d.  The
synchronisation estimates the handedness of each ``O_i`` (up to one global reflection),
then ``s_i`` (up to one global factor), then ``O_i`` (up to one global orthogonal matrix),
then the node positions from the translations of eq. (6), so that
``synchronize`` returns ``X`` up to one global similarity transform.

References
----------
.. [1] M. Cucuringu and J. Woodworth, "Point localization and density estimation from ordinal
   kNN graphs using synchronization", Algorithm 1, sections 3.2 and 3.3.
.. [2] M. Cucuringu, Y. Lipman and A. Singer, "Sensor network localization by eigenvector
   synchronization over the Euclidean group", ACM TOSN 2012 (ASAP).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components
from scipy.sparse.linalg import LinearOperator, cg, eigs, eigsh, splu
from scipy.spatial.distance import pdist

from .._core.resources import blas_for
from .patches import _coarsen, sub_adjacency

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .._core.typing import ArrayLike, FloatArray, IntArray, NDArray, Seed

__all__ = [
    "patch_graph",
    "scale_ratios",
    "synchronize_scales",
    "pairwise_rotations",
    "synchronize_reflections",
    "synchronize_rotations",
    "synchronize_translations",
    "synchronize",
    "PatchGraph",
]


class PatchGraph:
    """Overlapping patch pairs: ``pairs`` (m, 2) with i < j, and for each pair the common
    nodes together with their row positions in either patch.

    Attributes
    ----------
    n_patches : int
    pairs : ndarray, shape (m, 2)
    common : list of ndarray
        Node indices shared by the pair.
    rows_i, rows_j : list of ndarray
        Rows of the common nodes in the embedding of patch i, of patch j.
    """

    def __init__(
        self,
        n_patches: int,
        pairs: IntArray,
        common: Sequence[IntArray],
        rows_i: Sequence[IntArray],
        rows_j: Sequence[IntArray],
    ) -> None:
        self.n_patches = n_patches
        self.pairs = pairs
        self.common = common
        self.rows_i = rows_i
        self.rows_j = rows_j

    def subset(self, keep: ArrayLike) -> PatchGraph:
        """The patch graph with the pairs where ``keep`` (bool, one per pair) is True."""

        keep = np.asarray(keep, dtype=bool)
        idx = np.flatnonzero(keep)
        pick = (lambda L: [L[e] for e in idx]) if len(self.common) else (lambda L: [])
        return PatchGraph(self.n_patches, self.pairs[keep], pick(self.common),
                          pick(self.rows_i), pick(self.rows_j))

    def n_components(self) -> int:

        N = self.n_patches
        if N == 0:
            return 0
        W = sp.coo_array(
            (np.ones(len(self.pairs)), (self.pairs[:, 0], self.pairs[:, 1])), shape=(N, N)
        )
        return connected_components(W, directed=False)[0]

    def check_connected(self) -> None:
        """Raise ``networkx.NetworkXError`` when the patch graph is disconnected."""

        c = self.n_components()
        if c > 1:
            raise nx.NetworkXError(
                f"the patch graph is disconnected ({c} components of {self.n_patches} patches): "
                "patches must share enough nodes to be aligned; increase max_patch_size or "
                "embed the graph's connected components separately"
            )


def _check_patches(patches, embeddings, dim=None):
    if len(patches) != len(embeddings):
        raise ValueError(
            f"got {len(patches)} patches but {len(embeddings)} patch embeddings"
        )
    P = []
    E = []
    for a, (p, Y) in enumerate(zip(patches, embeddings, strict=True)):
        p = np.asarray(p, dtype=np.int64).ravel()
        Y = np.asarray(Y, dtype=np.float64)
        if Y.ndim != 2 or Y.shape[0] != p.size:
            raise ValueError(
                f"embedding of patch {a} has shape {Y.shape}, expected ({p.size}, dim)"
            )
        if dim is not None and Y.shape[1] != dim:
            raise ValueError(f"embedding of patch {a} has dimension {Y.shape[1]}, not {dim}")
        if np.any(np.diff(p) <= 0):
            order = np.argsort(p, kind="stable")
            p, Y = p[order], Y[order]
            if np.any(np.diff(p) == 0):
                raise ValueError(f"patch {a} contains a node twice")
        if not np.isfinite(Y).all():
            raise ValueError(f"embedding of patch {a} contains non-finite values")
        P.append(p)
        E.append(Y)
    return P, E


def patch_graph(patches: Sequence[IntArray], min_overlap: int) -> PatchGraph:
    """Pairs of patches sharing at least ``min_overlap`` nodes (``d + 1`` in the paper).

    Overlap counts come from the sparse product ``M^T M`` of the node-patch membership
    matrix (O(sum of patch sizes x patches per node)); the common nodes of each pair are then
    intersected with :func:`numpy.intersect1d` on the sorted patches.

    Parameters
    ----------
    patches : list of sorted int arrays
    min_overlap : int

    Returns
    -------
    PatchGraph
    """

    N = len(patches)
    if N == 0:
        return PatchGraph(0, np.empty((0, 2), dtype=np.int64), [], [], [])
    sizes = np.array([p.size for p in patches])
    n = int(max((p.max() for p in patches if p.size), default=-1)) + 1
    rows = np.concatenate(patches) if n else np.empty(0, dtype=np.int64)
    cols = np.repeat(np.arange(N), sizes)
    M = sp.csc_array((np.ones(rows.size), (rows, cols)), shape=(max(n, 1), N))
    C = (M.T @ M).tocoo()
    keep = (C.row < C.col) & (C.data >= min_overlap)
    pairs = np.stack([C.row[keep], C.col[keep]], axis=1).astype(np.int64)
    order = np.lexsort((pairs[:, 1], pairs[:, 0]))
    pairs = pairs[order]
    common, ri, rj = [], [], []
    for i, j in pairs:
        c, a, b = np.intersect1d(patches[i], patches[j], assume_unique=True, return_indices=True)
        common.append(c)
        ri.append(a)
        rj.append(b)
    return PatchGraph(N, pairs, common, ri, rj)


def _pair_distances(Y, rows):
    """Distances between all pairs of the given rows of Y (condensed order)."""

    return pdist(Y[rows])


def scale_ratios(embeddings: Sequence[FloatArray], pg: PatchGraph) -> FloatArray:
    """Lambda_ij of eq. (4): median over common pairs a != b of D^{P_i}_ab / D^{P_j}_ab.

    Pairs at distance 0 in patch j are skipped.  Cost O(sum over pairs of ``|common|^2``).

    Returns
    -------
    ndarray, shape (m,)
        One ratio per row of ``pg.pairs`` (Lambda_ji = 1 / Lambda_ij).
    """
    out = np.empty(len(pg.pairs))
    for e, (i, j) in enumerate(pg.pairs):
        di = _pair_distances(embeddings[i], pg.rows_i[e])
        dj = _pair_distances(embeddings[j], pg.rows_j[e])
        ok = (dj > 0) & (di > 0)
        out[e] = np.median(di[ok] / dj[ok]) if ok.any() else np.nan
    return out


def _leading_eigvec(M, N, symmetric, nev, seed=0):
    """Top ``nev`` eigenvectors (largest real part) of a sparse N x N matrix."""

    if N <= 600:
        Md = M.toarray() if sp.issparse(M) else np.asarray(M)
        if symmetric:
            w, V = np.linalg.eigh(Md)
            return V[:, np.argsort(-w)[:nev]]
        w, V = np.linalg.eig(Md)
        return V[:, np.argsort(-w.real)[:nev]].real

    v0 = np.random.default_rng(seed).standard_normal(M.shape[0])
    if symmetric:
        w, V = eigsh(M, k=nev, which="LA", v0=v0)
        return V[:, np.argsort(-w)]
    w, V = eigs(M, k=nev, which="LR", v0=v0)
    return V[:, np.argsort(-w.real)].real


def _pair_weights(pg: PatchGraph, weights: str | ArrayLike | None) -> FloatArray:
    """One weight per pair: ``"overlap"`` (the number of common nodes; ones when ``pg``
    lists no common nodes), ``None`` (ones) or an array."""

    m = len(pg.pairs)
    if weights is None or (isinstance(weights, str) and weights == "overlap"
                           and len(pg.common) != m):
        return np.ones(m)
    if isinstance(weights, str):
        if weights != "overlap":
            raise ValueError(f"weights must be 'overlap', None or an array, got {weights!r}")
        return np.array([c.size for c in pg.common], dtype=np.float64)
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (m,) or not np.all(np.isfinite(w)) or np.any(w <= 0):
        raise ValueError(f"weights must be {m} positive finite numbers, one per pair")
    return w


def synchronize_scales(
    embeddings: Sequence[FloatArray], pg: PatchGraph, ratios: FloatArray | None = None,
    weights: str | ArrayLike | None = "overlap",
) -> FloatArray:
    """Scale synchronisation (section 3.2): a positive factor per patch.

    Builds the sparse matrix Lambda of eq. (4) on the patch graph and takes its leading
    eigenvector v.  We use the degree-normalised ``D^{-1} (W o Lambda)``, each ratio
    weighted by its pair's weight and D the weighted patch degrees, which has the same
    Perron vector as Lambda when every patch has the same number of overlapping patches
    and recovers exact relative scales on noise-free patches in general (``Lambda = S U
    S^{-1}`` with ``S = diag(s)``, so ``D^{-1} (W o Lambda) s = s``).  Since v_i estimates
    the scale s_i of patch i, the patch is divided by v_i; v is normalised to geometric
    mean 1.  Pairs whose ratio is undefined are left out.  Beyond ``_EIG_SCALES_MAX``
    patches, or when the eigenvector has entries that are not positive, the scales come
    from the weighted least squares ``sqrt(w_ij) (log v_i - log v_j - log Lambda_ij)``
    instead (a sparse Laplacian solve): on patch graphs of thousands of patches the Perron
    vector of the non-symmetric sparse matrix is ill-conditioned, and the sparse
    eigensolver returned either entries of both signs (``pc``, n = 300,000, 2,010 patches)
    or a positive vector whose log-scales spanned 35 (``gauss``, same size: 23 % of the
    kNN edges misplaced, against 9.1 % from the least squares).

    The default weights are the pairs' overlaps: a ratio measured on a few common nodes
    is much noisier (n = 300,000, 2,010 patches: the log-ratio error has standard
    deviation 1.27 on 3-9 common nodes, 0.18 on 30-79), and weighting by overlap cut the
    misplaced kNN edges of the synchronised drawing from 10.2 % to 7.7 %.

    Returns
    -------
    ndarray, shape (N,)
        The estimated relative scale of each patch (divide patch i by it).

    Raises
    ------
    networkx.NetworkXError
        If the patch graph is disconnected.
    """

    N = pg.n_patches
    if N == 1:
        return np.ones(1)
    lam = scale_ratios(embeddings, pg) if ratios is None else np.asarray(ratios, dtype=float)
    ok = np.isfinite(lam) & (lam > 0)
    w = _pair_weights(pg, weights)[ok]
    pg_ok = PatchGraph(N, pg.pairs[ok], [], [], [])
    pg_ok.check_connected()
    i, j = pg.pairs[ok, 0], pg.pairs[ok, 1]
    lam = lam[ok]
    L = sp.csr_array(
        (np.concatenate([w * lam, w / lam]), (np.concatenate([i, j]), np.concatenate([j, i]))),
        shape=(N, N),
    )
    deg = np.bincount(np.concatenate([i, j]), np.concatenate([w, w]), minlength=N)
    v = np.zeros(N)
    if N <= _EIG_SCALES_MAX:
        Mx = sp.diags_array(1.0 / deg) @ L
        v = _leading_eigvec(Mx, N, symmetric=False, nev=1)[:, 0]
        v = v * np.sign(v.sum())
    if np.any(v <= 0):
        # large patch graphs, or numerically tiny or negative entries: log-domain least
        # squares, log s_i - log s_j = log Lambda_ij (same answer on noise-free data)
        v = _log_scales(N, i, j, lam, w)
    v = v / np.exp(np.mean(np.log(v)))
    return v


#: patch graphs up to this many patches take the eigenvector of section 3.2 for the scales
#: (a dense eigen-decomposition); larger ones the weighted log least squares
_EIG_SCALES_MAX = 600


def _log_scales(N, i, j, lam, w=None):
    """Weighted least squares ``min sum_ij w_ij (x_i - x_j - log lam_ij)^2`` on a connected
    patch graph (:func:`_pair_least_squares`).  Returns ``exp(x)`` at geometric mean 1."""

    w = np.ones(i.size) if w is None else np.asarray(w, dtype=np.float64)
    x = _pair_least_squares(N, i, j, w, np.log(lam)[:, None])[:, 0]
    return np.exp(x - x.mean())


def _pair_least_squares(N, i, j, w, diff):
    """``min sum_e w_e |x_i - x_j - diff_e|^2`` over the rows x of an (N, d) array: the
    normal equations are the weighted Laplacian of the pairs; the first node of every
    connected component is pinned at 0 and the rest solved by one sparse factorisation."""

    W = sp.coo_array((w, (i, j)), shape=(N, N)).tocsr()
    W = W + W.T
    L = sp.diags_array(np.asarray(W.sum(axis=1)).ravel()) - W
    rhs = np.zeros((N, diff.shape[1]))
    np.add.at(rhs, i, w[:, None] * diff)
    np.add.at(rhs, j, -w[:, None] * diff)
    _, lab = connected_components(W, directed=False)
    _, first = np.unique(lab, return_index=True)
    free = np.ones(N, dtype=bool)
    free[first] = False
    fi = np.flatnonzero(free)
    X = np.zeros_like(rhs)
    if fi.size:
        X[fi] = splu(sp.csc_array(L[fi][:, fi]), permc_spec="MMD_AT_PLUS_A").solve(rhs[fi])
    return X


def _nearest_orthogonal(M):
    """Nearest orthogonal matrix in Frobenius norm (polar factor), for a stack (..., d, d)."""
    U, _, Vt = np.linalg.svd(M)
    return U @ Vt


def _nearest_rotation(M):
    """Nearest rotation (determinant +1) in Frobenius norm, for a stack (..., d, d)."""
    U, _, Vt = np.linalg.svd(M)
    U[..., :, -1] *= np.sign(np.linalg.det(U @ Vt))[..., None]
    return U @ Vt


def pairwise_rotations(embeddings: Sequence[FloatArray], pg: PatchGraph) -> FloatArray:
    """H_ij in O(d) for every overlapping pair: the Procrustes rotation/reflection that best
    aligns patch j with patch i on their common nodes (both centred there).

    With ``Y_i = s_i X O_i + t_i`` this returns ``H_ij = O_i^T O_j`` exactly, so that the
    global matrices ``G_i = O_i^T`` satisfy ``H_ij = G_i G_j^{-1}``.
    O(m d^2 + sum ``|common|`` d^2).

    Returns
    -------
    ndarray, shape (m, d, d)
    """
    d = embeddings[0].shape[1] if embeddings else 0
    H = np.empty((len(pg.pairs), d, d))
    for e, (i, j) in enumerate(pg.pairs):
        A = embeddings[i][pg.rows_i[e]]
        B = embeddings[j][pg.rows_j[e]]
        A = A - A.mean(axis=0)
        B = B - B.mean(axis=0)
        # R = argmin ||A - B R|| over O(d) is polar(B^T A); H_ij = R^T
        H[e] = _nearest_orthogonal(B.T @ A).T
    return H


def synchronize_reflections(
    signs: ArrayLike, pg: PatchGraph, seed: Seed = 0, max_rounds: int = 100,
    weights: str | ArrayLike | None = "overlap",
) -> tuple[FloatArray, NDArray[np.bool_]]:
    """Z2 synchronisation of the patches' reflections (the first step of ASAP [2]_).

    ``signs[e] = det(H_ij)`` says whether patches i and j of pair e have the same
    handedness.  A wrong measurement (a pair aligned across a folded patch, or on a sliver
    of overlap) shows in the triangles of the patch graph: around a triangle the three
    signs multiply to +1.  A measurement that more triangles contradict than confirm is
    dropped (one sparse product, ``(S S)_ij s_ij`` = confirming minus contradicting
    triangles through pair e), unless it is needed to keep the patch graph connected; the
    reflections are the signs of the leading eigenvector of the degree-normalised signed
    patch graph of the remaining pairs, then polished by
    rounds of majority vote ``z <- sign(S z)`` (at most ``max_rounds``); both weight each
    pair by its weight (default: the overlap, as for the scales).

    Why not leave reflections to the O(d) eigenvector: on a patch graph of thousands of
    patches the spectral gap is small, so the d x d blocks of the eigenvectors pass close
    to singular matrices and whole regions come out mirrored (n = 300,000, 2,010 patches:
    21 % of the patches, with 3 % of the pair measurements wrong), which folds the drawing.

    Returns
    -------
    z : ndarray, shape (N,)
        +1 or -1 per patch (flip patch i when -1); ``z[0] = +1``.
    consistent : bool ndarray, shape (m,)
        Pairs whose measurement agrees with ``z`` (``signs[e] == z_i z_j``).

    O(m + triangles) for m pairs, plus the eigenvector of an N x N sparse matrix.
    """

    N = pg.n_patches
    h = np.where(np.asarray(signs, dtype=np.float64) < 0, -1.0, 1.0)
    if N == 1 or h.size == 0:
        return np.ones(N), np.ones(h.size, dtype=bool)
    i, j = pg.pairs[:, 0], pg.pairs[:, 1]
    w = _pair_weights(pg, weights)

    def signed(mask, wm):
        return sp.csr_array((np.concatenate([wm * h[mask], wm * h[mask]]),
                             (np.concatenate([i[mask], j[mask]]),
                              np.concatenate([j[mask], i[mask]]))), shape=(N, N))

    Sg = signed(np.ones(h.size, dtype=bool), 1.0)
    keep = _reconnect(pg, (Sg @ Sg)[i, j] * h >= 0)
    Sg = signed(keep, w[keep])
    deg = np.bincount(np.concatenate([i[keep], j[keep]]), np.concatenate([w[keep], w[keep]]),
                      minlength=N)
    dd = 1.0 / np.sqrt(np.maximum(deg, 1.0))
    M = sp.diags_array(dd) @ Sg @ sp.diags_array(dd)
    v = _leading_eigvec(M, N, symmetric=True, nev=1, seed=seed)[:, 0]
    z = np.where(v < 0, -1.0, 1.0)
    for _ in range(max_rounds):
        z_new = np.where(Sg @ z < 0, -1.0, 1.0)
        if np.array_equal(z_new, z):
            break
        z = z_new
    z *= z[0]
    return z, h == z[i] * z[j]


def _reconnect(pg: PatchGraph, keep: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """``keep`` plus the left-out pairs that join the components of the kept pairs (so
    that leaving measurements out never cuts a connected patch graph)."""

    N = pg.n_patches
    if keep.all() or N <= 1:
        return keep
    i, j = pg.pairs[:, 0], pg.pairs[:, 1]
    W = sp.coo_array((np.ones(int(keep.sum())), (i[keep], j[keep])), shape=(N, N))
    c, lab = connected_components(W, directed=False)
    if c == 1:
        return keep
    return keep | (lab[i] != lab[j])


def synchronize_rotations(
    H: FloatArray, pg: PatchGraph, seed: Seed = 0, proper: bool = False,
    weights: str | ArrayLike | None = "overlap",
) -> FloatArray:
    """Spectral synchronisation over O(d) (section 3.3, Algorithm 1 step 2).

    The symmetric dN x dN block matrix with blocks H_ij (and H_ji = H_ij^T) is normalised by
    the patch degrees; the top d eigenvectors of ``D^{-1/2} H D^{-1/2}``, mapped back with
    ``D^{-1/2}`` (the eigenvectors of ``D^{-1} H``), give a dN x d matrix whose d x d block i
    is replaced by its nearest orthogonal matrix (with ``proper``: its nearest rotation,
    for patches whose reflections are synchronised already).  Sparse eigensolver for
    dN > 600.  Each block is weighted by its pair's weight (default: the overlap, as
    for the scales) and D holds the weighted degrees.

    Returns
    -------
    ndarray, shape (N, d, d)
        ``G_i``: multiply patch i on the right by it (``Y_i @ G_i``).

    Raises
    ------
    networkx.NetworkXError
        If the patch graph is disconnected.
    """

    N = pg.n_patches
    H = np.asarray(H, dtype=np.float64)
    d = H.shape[1] if H.ndim == 3 else 0
    if N == 1:
        return np.eye(d)[None] if d else np.ones((1, 1, 1))
    pg.check_connected()
    m = len(pg.pairs)
    i, j = pg.pairs[:, 0], pg.pairs[:, 1]
    a, b = np.meshgrid(np.arange(d), np.arange(d), indexing="ij")
    rows = (i[:, None, None] * d + a[None]).ravel()
    cols = (j[:, None, None] * d + b[None]).ravel()
    w = _pair_weights(pg, weights)
    vals = (H.reshape(m, d, d) * w[:, None, None]).ravel()
    r2 = np.concatenate([rows, cols])
    c2 = np.concatenate([cols, rows])
    Hs = sp.csr_array((np.concatenate([vals, vals]), (r2, c2)), shape=(N * d, N * d))
    deg = np.bincount(np.concatenate([i, j]), np.concatenate([w, w]), minlength=N)
    dd = np.repeat(1.0 / np.sqrt(deg), d)
    S = sp.diags_array(dd) @ Hs @ sp.diags_array(dd)
    V = _leading_eigvec(S, N * d, symmetric=True, nev=d, seed=seed)
    V = V * dd[:, None]
    blocks = V.reshape(N, d, d)
    if not proper:
        return _nearest_orthogonal(blocks)
    # the global frame's handedness is free: take the one most blocks agree with
    if np.sum(np.linalg.det(blocks) < 0) > N / 2:
        blocks[:, :, -1] *= -1.0
    return _nearest_rotation(blocks)


def synchronize_translations(
    patches: Sequence[IntArray], embeddings: Sequence[FloatArray], edges: ArrayLike, n: int
) -> FloatArray:
    """Node positions from the aligned patches by sparse least squares (eq. 6).

    For every patch k and every graph edge (a, b) with both ends in P_k, one equation
    ``x_a - x_b = x_a^(k) - x_b^(k)`` per coordinate.  The normal equations are a weighted
    graph Laplacian; one node per connected component of the equation graph is pinned and
    the rest solved by a sparse direct factorisation (all d right-hand sides at once; for
    more than 2,000 free nodes by conjugate gradients with a two-level (Jacobi + aggregate)
    preconditioner, started at the mean patch positions), then every component is centred.
    O(sum_k ``|P_k|`` deg) to assemble (each patch reads its rows of the edge matrix),
    near-linear solve for the sparse, low-dimensional graphs of interest.

    Parameters
    ----------
    patches : list of sorted int arrays
    embeddings : list of (len(patch), d) arrays, already scaled and rotated
    edges : (m, 2) int array
        Undirected edges of the graph (each once).
    n : int
        Number of nodes.

    Returns
    -------
    X : ndarray, shape (n, d)
        Nodes that are in no equation get the mean of their patch positions.
    """


    d = embeddings[0].shape[1]
    edges = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    # per patch: the edges with both ends inside, read off the rows of the patch in a CSR
    # matrix holding every edge once (upper triangle): O(sum of patch sizes x degree)
    lo = np.minimum(edges[:, 0], edges[:, 1])
    hi = np.maximum(edges[:, 0], edges[:, 1])
    ok = lo != hi
    E = sp.csr_array((np.ones(int(ok.sum())), (lo[ok], hi[ok])), shape=(n, n))
    E.sum_duplicates()
    ea: Any  # lists of arrays, then arrays
    eb: Any
    rhs: Any
    ea, eb, rhs = [], [], []
    lookup = np.full(n, -1, dtype=np.int64)
    for p, Y in zip(patches, embeddings, strict=True):
        sub = sub_adjacency(E, p, lookup).tocoo()
        ea.append(p[sub.row])
        eb.append(p[sub.col])
        rhs.append(Y[sub.row] - Y[sub.col])
    ea = np.concatenate(ea).astype(np.int64)
    eb = np.concatenate(eb).astype(np.int64)
    rhs = np.concatenate(rhs, axis=0) if rhs else np.empty((0, d))
    # fallback positions: mean over patches, each patch first shifted by its translation
    # from the patch-level least squares (used for nodes in no equation, for the pinned
    # nodes and as the start of the iterative solver)
    shifts = _patch_translations(patches, embeddings)
    sums = np.zeros((n, d))
    cnt = np.zeros(n)
    for p, Y, t in zip(patches, embeddings, shifts, strict=True):
        np.add.at(sums, p, Y + t)
        cnt[p] += 1
    X = np.divide(sums, np.maximum(cnt, 1)[:, None])
    if ea.size == 0:
        return X
    # normal equations L x = B^T b with L = B^T B
    w = np.ones(ea.size)
    W = sp.coo_array((w, (ea, eb)), shape=(n, n)).tocsr()
    W = W + W.T
    deg = np.asarray(W.sum(axis=1)).ravel()
    L = sp.diags_array(deg) - W
    b = np.zeros((n, d))
    np.add.at(b, ea, rhs)
    np.add.at(b, eb, -rhs)
    _, labels = connected_components(W, directed=False)
    involved = deg > 0
    # pin the first node of every component that has equations
    pinned = np.zeros(n, dtype=bool)
    order = np.flatnonzero(involved)
    lab = labels[order]
    _, idx = np.unique(lab, return_index=True)
    first_nodes = order[idx]
    pinned[first_nodes] = True
    free = involved & ~pinned
    fi = np.flatnonzero(free)
    if fi.size:
        Lff = L[fi][:, fi].tocsc()
        # pinned nodes sit at their fallback position; move their contribution to the rhs
        pi = np.flatnonzero(pinned)
        rhs_f = b[fi] - L[fi][:, pi] @ X[pi]
        if fi.size <= _DIRECT_MAX:
            lu = splu(Lff, permc_spec="MMD_AT_PLUS_A")
            X[fi] = lu.solve(rhs_f)
        else:
            X[fi] = _cg_solve(Lff, rhs_f, X[fi])
    return X


def _patch_translations(patches, embeddings):
    """One translation t_k per patch: least squares over overlapping pairs (k, l) of
    ``t_k - t_l = mean_C(Y_l) - mean_C(Y_k)`` on their common nodes C, weighted by ``|C|``.

    A Laplacian system of the size of the patch graph (one patch pinned per connected
    component), solved by a sparse factorisation: the classical patch-level ASAP translation,
    here only a warm start for the node-level least squares of eq. (6).
    """

    N = len(patches)
    d = embeddings[0].shape[1]
    T = np.zeros((N, d))
    pg = patch_graph(patches, 1)
    if N == 1 or len(pg.pairs) == 0:
        return T
    i, j = pg.pairs[:, 0], pg.pairs[:, 1]
    w = np.array([c.size for c in pg.common], dtype=np.float64)
    diff = np.stack([embeddings[b][rb].mean(axis=0) - embeddings[a][ra].mean(axis=0)
                     for a, b, ra, rb in zip(i, j, pg.rows_i, pg.rows_j, strict=True)])
    return _pair_least_squares(N, i, j, w, diff)


#: largest number of free nodes for which the translation step factorises the Laplacian;
#: beyond it the fill-in of a 2-d mesh-like graph makes SuperLU slow, and two-level
#: preconditioned conjugate gradients, warm-started at the mean patch positions, win
#: (n = 5,000: 0.12 s against 0.24 s; n = 20,000: 0.8 s against 13.5 s)
_DIRECT_MAX = 2000


def _cg_solve(L, B, X0, rtol=1e-9, seed=0):
    """Solve the SPD system ``L X = B`` column by column by conjugate gradients with a
    two-level preconditioner: Jacobi plus an exact solve on aggregates of about 16 nodes
    (rounds of heaviest-edge matching on L's graph, as for the coarse clustering level),
    ``M^-1 r = D^-1 r + P (P^T L P)^-1 P^T r``.  On the mesh-like graphs of kNN
    data this cuts the iterations about 15-fold against Jacobi alone (n = 100,000: 94
    instead of 1568); set-up O(nnz) per matching round plus one sparse factorisation of the
    n/16-node coarse operator."""


    L = sp.csr_array(L)
    n = L.shape[0]
    dinv = 1.0 / L.diagonal()
    W = sp.csr_array(sp.diags_array(L.diagonal()) - L)
    W.eliminate_zeros()
    agg, _ = _coarsen(W, max(n // 16, 1), np.random.default_rng(seed))
    nc = int(agg.max()) + 1
    P = sp.csr_array((np.ones(n), (np.arange(n), agg)), shape=(n, nc))
    Lc = sp.csc_array(P.T @ L @ P)
    Lc = Lc + sp.eye_array(nc, format="csc") * (1e-12 * float(Lc.diagonal().mean()))
    lu = splu(Lc.tocsc(), permc_spec="MMD_AT_PLUS_A", options=dict(SymmetricMode=True))
    PT = sp.csr_array(P.T)

    def prec(r):
        r = np.asarray(r).ravel()
        return dinv * r + P @ lu.solve(PT @ r)

    M = LinearOperator((n, n), matvec=prec, dtype=np.float64)
    X = np.empty_like(B)
    for c in range(B.shape[1]):
        X[:, c], _ = cg(L, B[:, c], x0=X0[:, c], rtol=rtol, atol=0.0,
                        maxiter=20 * L.shape[0], M=M)
    return X


def synchronize(
    patches: Sequence[IntArray],
    embeddings: Sequence[FloatArray],
    edges: ArrayLike,
    n: int,
    *,
    scale_sync: bool = True,
    min_overlap: int | None = None,
    seed: Seed = 0,
) -> tuple[FloatArray, dict[str, Any]]:
    """Scale, rotate/reflect and translate patch embeddings into one configuration.

    Algorithm 1 of [1]_ after the patch embeddings: reflection synchronisation over Z2
    (ASAP's first step [2]_, :func:`synchronize_reflections`), scale synchronisation
    (skipped when ``scale_sync=False``, the paper's Figure 2 ablation), rotation
    synchronisation, translation by least squares.  Pair measurements that contradict the
    synchronised reflections are left out of the scale and rotation steps.

    Parameters
    ----------
    patches : list of int arrays
        Node indices of each patch (any order; sorted internally).
    embeddings : list of arrays, shape (len(patch), d)
    edges : (m, 2) int array
        Undirected graph edges, used by the translation step.
    n : int
    scale_sync : bool, default True
    min_overlap : int, optional
        Patches sharing at least this many nodes are compared; default ``d + 1``.
    seed : int
        Start vector of the sparse eigensolvers.

    Returns
    -------
    X : ndarray, shape (n, d)
    info : dict
        ``scales`` (N,), ``rotations`` (N, d, d: patch i, divided by its scale, was
        multiplied by ``rotations[i]``, reflection included), ``reflections`` (N,: -1 for
        the patches that were mirrored), ``n_pairs``, ``n_inconsistent`` (pair
        measurements left out as contradicting the synchronised reflections), ``timings``
        (wall seconds of the ``patch_graph``, ``reflections``, ``scales``, ``rotations``
        and ``translations`` steps).

    Raises
    ------
    networkx.NetworkXError
        If the patch graph is disconnected.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.asap.sync import synchronize
    >>> rng = np.random.default_rng(0)
    >>> X = rng.random((30, 2))
    >>> patches = [np.arange(0, 20), np.arange(10, 30)]
    >>> R = np.array([[0.0, 1.0], [1.0, 0.0]])   # a reflection
    >>> embs = [X[patches[0]], 2.0 * X[patches[1]] @ R + 5.0]
    >>> edges = np.array([(a, a + 1) for a in range(29)])
    >>> Y, info = synchronize(patches, embs, edges, 30)
    >>> from nx_ordinal.metrics import procrustes_error
    >>> procrustes_error(X, Y) < 1e-20
    True
    """

    t = [time.perf_counter()]
    P, E = _check_patches(patches, embeddings)
    if not P:
        raise ValueError("no patches to synchronise")
    d = E[0].shape[1]
    if min_overlap is None:
        min_overlap = d + 1
    pg = patch_graph(P, min_overlap)
    pg.check_connected()
    t.append(time.perf_counter())
    # reflections first (the Procrustes rotations of the pairs do not depend on the patch
    # scales); the pairs whose measured handedness contradicts the synchronised one are
    # wrong measurements and take no part in the scale and rotation steps
    # dense work on (patches x d)-sized matrices and d x d blocks: threads by size
    with blas_for(len(P) * d):
        H = pairwise_rotations(E, pg)
        z, ok = synchronize_reflections(np.linalg.det(H), pg, seed=seed)
        n_inconsistent = int((~ok).sum())
        ok = _reconnect(pg, ok)
        good = pg.subset(ok)
        flip = z < 0
        E = [Y * np.where(np.arange(d) == d - 1, -1.0, 1.0) if f else Y
             for Y, f in zip(E, flip, strict=True)]
        H = H[ok]
        i, j = good.pairs[:, 0], good.pairs[:, 1]
        H[flip[i], -1, :] *= -1.0  # H_ij -> F_i H_ij F_j for the flipped patches
        H[flip[j], :, -1] *= -1.0
        t.append(time.perf_counter())
        if scale_sync:
            scales = synchronize_scales(E, good)
            E = [Y / s for Y, s in zip(E, scales, strict=True)]
        else:
            scales = np.ones(len(P))
        t.append(time.perf_counter())
        G = synchronize_rotations(H, good, seed=seed, proper=True)
        E = [Y @ g for Y, g in zip(E, G, strict=True)]
        G = G.copy()
        G[flip, -1, :] *= -1.0  # patch i was multiplied by F_i G_i
        t.append(time.perf_counter())
    with blas_for(n):
        X = synchronize_translations(P, E, edges, n)
    t.append(time.perf_counter())
    timings = dict(zip(("patch_graph", "reflections", "scales", "rotations", "translations"),
                       np.diff(t), strict=True))
    return X, dict(scales=scales, rotations=G, reflections=z, n_pairs=len(pg.pairs),
                   n_inconsistent=n_inconsistent, timings=timings)
