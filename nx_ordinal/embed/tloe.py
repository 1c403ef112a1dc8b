"""t-LOE: local ordinal embedding with a Student-t soft loss, for drawing graphs.

LOE's data are the comparisons "neighbour j of i is nearer to i than non-neighbour k".  Err_local
scores each with a squared hinge; here each anchor's comparisons are scored together by a
heavy-tailed soft-max: with ``w(d) = 1 / (1 + d^2)`` (the Student-t kernel of one degree of
freedom, as in t-STE),

    L(X) = sum_i sum_{j in N(i)} p_ij * -log( w(d_ij) / sum_{k != i} w(d_ik) ),

``p_ij = 1 / (n |N(i)|)``: every anchor's neighbours count as much as any other anchor's,
whatever its degree, so a degree-1 vertex is placed next to its neighbour as firmly as a hub's
neighbours are.  The loss of anchor i is small exactly when each graph neighbour is nearer than
(almost) every non-neighbour, LOE's constraints; it is the negative log-likelihood of the
neighbours under the anchor's t-STE choice model.  The sum over k makes it a neighbour-embedding
objective whose repulsion is computed for all pairs at once: exactly (O(n^2)) for small graphs,
on an FFT grid beyond (O(n + G^d log G) per iteration).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp

from .._runtime.progress import Progress
from .._runtime.result import EmbeddingResult
from .._validation import check_dim, check_int, check_positive

if TYPE_CHECKING:
    from collections.abc import Callable

    from .._typing import FloatArray, Seed

__all__ = ["tloe", "tloe_fields"]

#: beyond this many vertices the repulsion is computed on a grid (below: exactly, O(n^2))
EXACT_MAX_N = 2000
#: grid cell, in units of the kernel's scale (d = 1): the interpolation error of the
#: repulsion stays a few per cent of its size
_CELL = 0.5
_MAX_GRID = {1: 1 << 14, 2: 512, 3: 48}


def _grid_kernels(G: int, h: float, d: int) -> list[Any]:
    """Fourier transforms of w(r) and of r w(r)^2 (one per axis) on the periodic
    (2G)^d grid of spacing h."""
    off = np.arange(2 * G, dtype=np.float64)
    off = np.where(off < G, off, off - 2 * G) * h
    axes = np.meshgrid(*([off] * d), indexing="ij", sparse=True)
    r2 = sum(a * a for a in axes)
    w = 1.0 / (1.0 + r2)
    w2 = w * w
    return [np.fft.rfftn(w)] + [np.fft.rfftn(a * w2) for a in axes]


def tloe_fields(X: FloatArray, a: FloatArray, *, exact: bool | None = None,
                cell: float = _CELL) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The sums that the repulsion of :func:`tloe` needs, for every point i:
    ``Z_i = sum_{k != i} w_ik``, ``R_i = sum_k w_ik^2 (x_i - x_k)`` and
    ``S_i = sum_k c_k w_ik^2 (x_i - x_k)`` for the charges ``c = a / Z``, with
    ``w_ik = 1/(1+d_ik^2)``.

    Exact (O(n^2) time and memory) up to ``EXACT_MAX_N`` points; beyond, the points are
    spread on a grid (multilinear weights, cells of ``cell`` units), convolved with the kernels
    by FFT and read back (O(n 2^d + G^d log G) for G cells a side, at most 512 in 2-D).
    """
    n, d = X.shape
    if exact is None:
        exact = n <= EXACT_MAX_N
    if exact:
        return _exact_fields(X, a)
    lo = X.min(axis=0)
    span = float((X.max(axis=0) - lo).max()) + 1e-12
    G = int(min(max(span / cell, 8.0), _MAX_GRID.get(d, 32))) + 2
    h = span / (G - 2)
    u = (X - lo) / h
    i0 = np.minimum(np.floor(u).astype(np.int64), G - 2)
    f = u - i0
    corners = 1 << d
    idx = np.zeros((corners, n), dtype=np.int64)
    wt = np.ones((corners, n))
    for c in range(corners):
        for b in range(d):
            bit = (c >> b) & 1
            wt[c] *= f[:, b] if bit else 1.0 - f[:, b]
            idx[c] = idx[c] * (2 * G) + i0[:, b] + bit
    idx = idx.ravel()
    wt = wt.ravel()
    shape = (2 * G,) * d
    size = (2 * G) ** d
    K = _grid_kernels(G, h, d)

    def spread(q):
        return np.fft.rfftn(np.bincount(idx, wt * np.tile(q, corners),
                                        minlength=size).reshape(shape))

    axes = tuple(range(d))

    def read(F):
        phi = np.fft.irfftn(F, s=shape, axes=axes).ravel()
        return (phi[idx] * wt).reshape(corners, n).sum(axis=0)

    Q1 = spread(np.ones(n))
    Z = np.maximum(read(Q1 * K[0]) - 1.0, 1e-12)
    Qc = spread(a / Z)
    R = np.stack([read(Q1 * Kb) for Kb in K[1:]], axis=1)
    S = np.stack([read(Qc * Kb) for Kb in K[1:]], axis=1)
    return Z, R, S


def _value_grad(Y: FloatArray, rows: Any, cols: Any, pv: FloatArray, a: FloatArray,
                ex: float = 1.0, exact: bool | None = None) -> tuple[float, FloatArray]:
    """The t-LOE loss at ``Y`` and its gradient with the attraction multiplied by ``ex``
    (``ex = 1``: the true gradient).  Edges ``(rows, cols)`` with weights ``pv``; ``a``: the
    row sums of P.  O(E) plus :func:`tloe_fields`."""
    n, dim = Y.shape
    D = Y[rows] - Y[cols]
    d2 = np.einsum("ij,ij->i", D, D)
    w = 1.0 / (1.0 + d2)
    Z, R, S = tloe_fields(Y, a, exact=exact)
    pw = pv * w
    att = np.empty_like(Y)
    for b in range(dim):
        att[:, b] = (np.bincount(rows, pw * D[:, b], minlength=n)
                     - np.bincount(cols, pw * D[:, b], minlength=n))
    c = a / Z
    grad = 2.0 * (ex * att - (c[:, None] * R + S))
    f = float(np.dot(pv, np.log1p(d2)) + np.dot(a, np.log(Z)))
    return f, grad


def _exact_fields(X: FloatArray, a: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """:func:`tloe_fields` exactly, in row blocks of at most ``_BLOCK`` kernel entries (two
    passes: Z first, then the weighted sums of w^2, one matrix product per block)."""
    n, d = X.shape
    sq = np.einsum("ij,ij->i", X, X)
    step = max(1, _BLOCK // max(n, 1))
    Z = np.empty(n)
    blocks = []
    for lo in range(0, n, step):
        hi = min(n, lo + step)
        W = X[lo:hi] @ (-2.0 * X.T)
        W += sq[lo:hi, None]
        W += sq[None, :]
        np.maximum(W, 0.0, out=W)
        W += 1.0
        np.reciprocal(W, out=W)
        W[np.arange(hi - lo), np.arange(lo, hi)] = 0.0
        Z[lo:hi] = W.sum(axis=1)
        blocks.append((lo, hi, W) if len(blocks) * step * n < _KEEP else (lo, hi, None))
    np.maximum(Z, 1e-300, out=Z)
    c = a / Z
    M = np.concatenate([np.ones((n, 1)), X, c[:, None], X * c[:, None]], axis=1)
    out = np.empty((n, M.shape[1]))
    for lo, hi, W in blocks:
        if W is None:  # recompute the block (memory bound)
            W = X[lo:hi] @ (-2.0 * X.T)
            W += sq[lo:hi, None]
            W += sq[None, :]
            np.maximum(W, 0.0, out=W)
            W += 1.0
            np.reciprocal(W, out=W)
            W[np.arange(hi - lo), np.arange(lo, hi)] = 0.0
        W *= W
        out[lo:hi] = W @ M
    R = X * out[:, :1] - out[:, 1:1 + d]
    S = X * out[:, 1 + d:2 + d] - out[:, 2 + d:]
    return Z, R, S


#: kernel entries per block of the exact repulsion, and how many are kept between its passes
_BLOCK = 1 << 22
_KEEP = 1 << 25


def tloe(
    A: Any,
    dim: int = 2,
    *,
    init: FloatArray | None = None,
    max_iter: int = 500,
    early_iter: int = 100,
    early_exaggeration: float = 4.0,
    exaggeration: tuple[float, float] = (1.0, 0.4),
    learning_rate: float | None = None,
    max_time: float | None = None,
    callback: Callable[[int, int, FloatArray, float], bool | None] | None = None,
    seed: Seed = None,
    verbose: bool = False,
) -> EmbeddingResult:
    """t-LOE: local ordinal embedding of a graph's adjacency with the Student-t soft loss.

    Minimises (module docstring) ``sum_i sum_{j in N(i)} p_ij -log(w_ij / sum_{k != i} w_ik)``,
    ``w = 1/(1 + d^2)``, ``p_ij = 1/(n |N(i)|)``: for every anchor, its graph neighbours
    should be nearer than its non-neighbours, LOE's comparisons scored by a heavy-tailed
    soft-max instead of a hinge.  The attraction along each edge is multiplied by an
    exaggeration factor: ``early_exaggeration`` for the first ``early_iter`` iterations
    (neighbourhoods gather from a random start, as in t-SNE), then a factor falling
    geometrically from ``exaggeration[0]`` to ``exaggeration[1]`` (below 1 the repulsion
    between non-neighbours wins more room for each neighbourhood: trees and sparse graphs
    unfold).  Gradient descent with momentum (0.5, then 0.8) and per-coordinate gains.

    Parameters
    ----------
    A : sparse matrix or array, shape (n, n)
        Adjacency (rows: out-neighbourhoods).  Rows without neighbours only repel.
    dim : int, default 2
    init : ndarray of shape (n, dim) or None
        Start; it is centred and scaled to standard deviation 1e-2 per axis (the scale at
        which the early phase works).  None: standard normal points from ``seed``.
    max_iter : int, default 500
        Iterations in all (the early phase included).
    early_iter : int, default 100
    early_exaggeration : float, default 4
    exaggeration : pair of float, default (1.0, 0.4)
        Exaggeration at the start and at the end of the later phase.
    learning_rate : float or None
        Step size; None: ``n / (4 early_exaggeration)``.
    max_time : float or None
        Seconds; the current configuration is returned when they are spent.
    callback : callable, optional
        ``callback(0, it, X, f)`` after every iteration; returning True stops.
    seed : int, Generator, RandomState or None
        Only for the random start.
    verbose : bool
        Show a progress bar.

    Returns
    -------
    EmbeddingResult
        ``objective`` is the loss above at the returned configuration (up to the grid's
        error beyond ``EXACT_MAX_N`` points); ``history`` its value after every iteration.

    Notes
    -----
    Cost per iteration O(E) for the attraction along the E edges plus the repulsion: O(n^2)
    up to ``EXACT_MAX_N`` = 2,000 vertices, beyond O(n 2^dim + G^dim log G) with G <= 512
    grid cells a side in 2-D (cells half the kernel's scale: the embedding spreads to a
    width of order sqrt(n), so G grows like sqrt(n) until the cap).  Memory O(n^2) below
    the exact limit, O(n + E + G^dim) beyond.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.embed import tloe
    >>> from nx_ordinal.metrics import gari_array
    >>> A = nx.to_scipy_sparse_array(nx.balanced_tree(2, 6))
    >>> res = tloe(A, seed=0)
    >>> res.embedding.shape, gari_array(A, res.embedding) > 0.8
    ((127, 2), True)
    """
    from ..utils import as_generator

    dim = check_dim(dim)
    max_iter = check_int(max_iter, "max_iter", minimum=0)
    early_iter = check_int(early_iter, "early_iter", minimum=0)
    early_exaggeration = check_positive(early_exaggeration, "early_exaggeration")
    try:
        ex0, ex1 = (float(v) for v in exaggeration)
    except (TypeError, ValueError):
        raise ValueError(
            f"exaggeration must be a pair of positive numbers, got {exaggeration!r}") from None
    check_positive(ex0, "exaggeration[0]")
    check_positive(ex1, "exaggeration[1]")
    max_time = check_positive(max_time, "max_time", allow_none=True)
    A = sp.csr_array(A, dtype=np.float64)
    n = A.shape[0]
    if A.shape != (n, n):
        raise ValueError(f"A must be square, got shape {A.shape}")
    if learning_rate is None:
        learning_rate = max(n / (4.0 * early_exaggeration), 1.0)
    learning_rate = check_positive(learning_rate, "learning_rate")
    t0 = time.perf_counter()
    A = A.copy()
    A.setdiag(0)
    A.eliminate_zeros()
    A.data[:] = 1.0
    deg = np.diff(A.indptr).astype(np.float64)
    rows = np.repeat(np.arange(n), np.diff(A.indptr))
    cols = A.indices
    pv = (1.0 / (n * np.maximum(deg, 1.0)))[rows]
    a = np.where(deg > 0, 1.0 / n, 0.0)  # row sums of P
    if init is None:
        Y = as_generator(seed).standard_normal((n, dim))
    else:
        Y = np.array(init, dtype=np.float64)
        if Y.shape != (n, dim):
            raise ValueError(f"init must have shape {(n, dim)}, got {Y.shape}")
    Y = Y - Y.mean(axis=0)
    sd = Y.std(axis=0)
    Y = Y / np.where(sd > 0, sd, 1.0) * 1e-2
    update = np.zeros_like(Y)
    gains = np.ones_like(Y)
    history: list[float] = []
    progress = Progress(max_iter, verbose, "tloe", max_time=max_time)
    late = max(max_iter - early_iter, 1)
    it = 0
    converged = True
    f = np.nan
    try:
        for it in range(1, max_iter + 1):
            if it <= early_iter:
                ex, momentum = early_exaggeration, 0.5
            else:
                ex = ex0 * (ex1 / ex0) ** ((it - early_iter - 1) / max(late - 1, 1))
                momentum = 0.8
            f, grad = _value_grad(Y, rows, cols, pv, a, ex)
            history.append(f)
            flip = np.sign(grad) != np.sign(update)
            gains = np.where(flip, gains + 0.2, gains * 0.8)
            np.maximum(gains, 0.01, out=gains)
            update = momentum * update - learning_rate * gains * grad
            Y = Y + update
            Y -= Y.mean(axis=0)
            progress.update(f)
            if callback is not None and callback(0, it, Y, f):
                break
            if max_time is not None and time.perf_counter() - t0 >= max_time:
                converged = False
                break
    finally:
        progress.close()
    return EmbeddingResult(Y, f, it, converged, history, "tloe",
                           {"seconds": time.perf_counter() - t0})
