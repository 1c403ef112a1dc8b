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

import functools
import time
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import scipy.fft as sfft
import scipy.sparse as sp
from scipy.spatial import cKDTree

from .._core.progress import Progress, warn_interrupted
from .._core.result import EmbeddingResult
from .._core.seeds import as_generator
from .._core.validation import check_bool, check_dim, check_int, check_nonnegative, check_positive
from ._starts import farthest_first

if TYPE_CHECKING:
    from collections.abc import Callable

    from .._core.typing import FloatArray, Seed

__all__ = ["tloe", "tloe_fields"]

#: pivots of the stress anchor (tloe's anchor_pivots)
ANCHOR_PIVOTS = 20
#: beyond this many vertices the repulsion is computed on a grid (below: exactly, O(n^2))
EXACT_MAX_N = 600
#: up to this many points the loss and gradient are formed on (n, n) arrays
#: (:func:`_dense_value_grad`): 1.5-2.7 times faster than the blocked exact path at 34-100
#: points, slower from about 130
DENSE_MAX_N = 120
#: the grid's kernel is smoothed over this many cells; w - w_s is added exactly over each
#: point's NEAR_K nearest points (the residual beyond decays like s^2 / r^4)
_SMOOTH = 2.0
NEAR_K = 16
#: the near lists are found again every this many iterations (points move little between)
_NEAR_EVERY = 15
_MAX_GRID = {1: 1 << 14, 2: 512, 3: 48}


def grid_cells(n: int, d: int) -> int:
    """Grid cells a side for n points in d dimensions: 1.4 n^(1/d) (the points spread
    about evenly, so a few per cell), within [16, 512] in 2-D (48 in 3-D)."""
    return int(min(max(1.4 * n ** (1.0 / d), 16.0), _MAX_GRID.get(d, 32)))


def _capped(r2: Any, u0: float) -> tuple[Any, Any]:
    """The grid's kernels: ``w = 1/(1 + r^2)`` and ``w^2``, each continued inside
    ``r^2 < u0`` by its tangent in ``u = r^2`` (value and slope match at ``u0``), so they are
    smooth on the scale of the cell while equal to the true kernels beyond ``sqrt(u0)``."""
    w0 = 1.0 / (1.0 + u0)
    inside = r2 < u0
    u = np.where(inside, u0, r2)
    w = 1.0 / (1.0 + u)
    ws = np.where(inside, w0 - w0 * w0 * (r2 - u0), w)
    vs = np.where(inside, w0 * w0 - 2.0 * w0 ** 3 * (r2 - u0), w * w)
    return ws, vs


def _grid_kernels(P: int, h: float, d: int, u0: float) -> Any:
    """Fourier transforms of the capped kernels (:func:`_capped`): ``w_s`` and ``x_b v_s``
    (one per axis), stacked, on the periodic P^d grid of spacing h (P >= 2G - 1 for G
    cells: no wrap-around)."""
    off = np.arange(P, dtype=np.float64)
    off = np.where(off < (P + 1) // 2, off, off - P) * h
    axes = np.meshgrid(*([off] * d), indexing="ij", sparse=True)
    r2 = sum(a * a for a in axes)
    ws, vs = _capped(r2, u0)
    K = np.stack(np.broadcast_arrays(ws, *[a * vs for a in axes]))
    # single precision on the grid: its error of 0.5-5 % (tloe_fields) is far above float32's
    # rounding, and
    # the transforms are the larger part of an iteration's cost beyond a few thousand points
    return sfft.rfftn(K.astype(np.float32), axes=tuple(range(1, d + 1)))


class _Grid:
    """The grid of :func:`_split_fields` and its kernels' transforms, kept while the points
    stay inside it and fill at least ``_FILL`` of its width (the kernels' transforms are
    the costliest part of an iteration otherwise); 10 % margins each side when rebuilt."""

    def __init__(self):
        self.key = None

    def get(self, X, cells, XT=None):
        n, d = X.shape
        XT = np.ascontiguousarray(X.T) if XT is None else XT
        lo, hi = XT.min(axis=1), XT.max(axis=1)
        span = float((hi - lo).max()) + 1e-12
        k = self.key
        if (k is None or k[0] != cells or (lo < k[1]).any() or (hi > k[1] + k[2]).any()
                or span < _FILL * k[2]):
            width = span * 1.2
            base = (lo + hi) / 2 - width / 2
            G = int(cells) + 2
            h = width / (G - 2)
            u0 = (_SMOOTH * h) ** 2
            # offsets between the G grid points run over -(G - 1)..G - 1: 2G - 1 of them,
            # so a period of 2G - 1 has no wrap-around (81 = 3^4 at G = 41, not 90)
            P = sfft.next_fast_len(2 * G - 1, real=True)
            self.key = (cells, base, width)
            self.parts = (G, P, h, u0, _grid_kernels(P, h, d, u0))
        return (self.key[1], *self.parts)


_FILL = 0.75


def tloe_fields(X: FloatArray, a: FloatArray, *, exact: bool | None = None,
                cells: int | None = None, near: Any = None, grid: Any = None,
                labels: Any = None) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The sums that the repulsion of :func:`tloe` needs, for every point i:
    ``Z_i = sum_{k != i} w_ik``, ``R_i = sum_k w_ik^2 (x_i - x_k)`` and
    ``S_i = sum_k c_k w_ik^2 (x_i - x_k)`` for the charges ``c = a / Z``, with
    ``w_ik = 1/(1+d_ik^2)``.

    Exact (O(n^2) time, O(n) memory beyond blocks of 4M entries) up to ``EXACT_MAX_N``
    points, or whenever ``labels`` is given: then only points of the same label interact
    (the sums run over i's own group, e.g. its connected component; the cost is the sum of
    the squares of the diagonal blocks that hold whole labels); beyond
    ``SINGLE_MIN_N`` = 300 points in single precision (relative error 1e-5 in ``Z``,
    1e-4 in ``R`` and ``S``).  Beyond, split: the
    kernels capped inside two grid cells (equal to the true ones beyond, continued by their
    tangent in r^2 within, so smooth on the cell's scale) act through a grid of ``cells`` a side
    (the charges spread with multilinear weights, FFT convolution, read back the same way),
    and the difference to the true kernels, zero beyond two cells, is added exactly over
    each point's nearest points (``near``: an (n, k) index array; found with a k-d tree when
    None).  O(n 2^d k + G^d log G) for G = ``cells`` (default 1.4 n^(1/d), at most 512 in 2-D).

    Accuracy of the split sums against the exact ones (relative 2-norm error over all
    points), measured on the embeddings that t-LOE's split path itself produces: ``Z``
    0.5-2 %; ``R`` and ``S`` (the shorter-ranged ``w^2`` sums) 2.5 % on a tree (a balanced
    ternary tree of 1,093 nodes), 3.5-5 % on meshes drawn evenly (a 35 x 35 grid, a
    triangular lattice of 961 nodes) and on a random geometric graph: the grid's
    multilinear interpolation of the capped kernel, whose curvature is on the scale of the
    cells, is the larger part.  Capping within three cells and correcting over 32 nearest
    points brings ``R`` and ``S`` within 1.5 % everywhere, at 1.4-1.7 times the cost; the
    drawings do not need it (the gradient's direction, not its last percent, moves them).
    """
    n, d = X.shape
    if exact is None:
        exact = n <= EXACT_MAX_N or labels is not None
    if exact:
        return _exact_fields(X, a, labels)
    if cells is None:
        cells = grid_cells(n, d)
    grid = grid or _Grid()
    if near is None:
        near = _near(X, grid.get(X, cells)[3])
    return _split_fields(X, a, near, cells, grid)


def _near(X, h):
    """Each point's nearest other points within ``1.5 _SMOOTH h`` (the reach of the capped
    kernels' difference from the true ones, plus room for the moves until the next search),
    at most ``NEAR_K``, as pair arrays ``(rows, cols)``."""
    n = X.shape[0]
    k = min(NEAR_K, n - 1)
    # k + 1 found: the point itself among them (not always first: coincident points)
    _, idx = cKDTree(X).query(X, k + 1, distance_upper_bound=1.5 * _SMOOTH * h)
    rows = np.broadcast_to(np.arange(n)[:, None], idx.shape)
    keep = (idx < n) & (idx != rows)
    return _pairs(rows[keep], idx[keep], n)


def _pairs(rows, cols, n):
    """Near pairs (``rows`` sorted) as ``(rows, cols, M)``: ``M`` an (n, n) CSR matrix of
    their pattern, whose ``data`` :func:`_split_fields` overwrites with each iteration's
    weights (one sparse product gives every per-point sum over the pairs)."""
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=n))])
    return rows, cols, sp.csr_array((np.ones(rows.size), cols, indptr), shape=(n, n))


@functools.lru_cache(maxsize=16)
def _corner_offsets(d: int, P: int) -> Any:
    """Flat offsets, on the periodic P^d grid (C order), of the 2^d corners of a cell from
    its lowest one: corner c steps one cell along axis b where bit b of c is set (cached:
    one grid size serves a run; read-only)."""
    bits = (np.arange(1 << d)[:, None] >> np.arange(d)[None, :]) & 1  # (corners, d)
    offs = bits @ (P ** np.arange(d - 1, -1, -1, dtype=np.int64))
    offs.flags.writeable = False
    return offs


def _split_fields(X, a, near, cells, grid=None):
    """The grid part: spread the charges on a grid of ``cells`` a side (multilinear
    weights), convolve by FFT with the capped kernels (:func:`_capped`), read back; then add
    ``w - w_s`` (and ``r (w^2 - w_s^2)``) exactly over each point's ``near`` list.  Works on
    the coordinates one axis at a time (contiguous 1-D arrays, ``take`` and ``bincount``:
    a few dozen numpy calls per iteration, whatever n)."""
    n, d = X.shape
    XT = np.ascontiguousarray(X.T)
    lo, G, P, h, u0, K = (grid or _Grid()).get(X, cells, XT)
    corners = 1 << d
    # each point's cell (its lowest corner) and its multilinear weights: corner c steps
    # one cell along axis b where bit b of c is set (the last axis varies fastest: C order)
    base = np.zeros(n, dtype=np.int64)
    lower, upper = [], []  # per axis, the weights of the lower and the upper corner
    stride = 1
    for b in range(d - 1, -1, -1):
        u = (XT[b] - lo[b]) / h
        ib = np.minimum(np.floor(u).astype(np.int64), G - 2)
        fb = u - ib
        base += ib * stride
        lower.append(1.0 - fb)
        upper.append(fb)
        stride *= P
    lower, upper = lower[::-1], upper[::-1]  # indexed by axis
    offs = _corner_offsets(d, P)
    wt = np.empty((corners, n))
    for c in range(corners):  # the product over the axes d-1, ..., 0, in that order
        factors = [upper[b] if c >> b & 1 else lower[b] for b in range(d - 1, -1, -1)]
        np.copyto(wt[c], factors[0])
        for f in factors[1:]:
            wt[c] *= f
    idx = (base[None, :] + offs[:, None]).ravel()
    wt = wt.ravel()
    shape = (P,) * d
    axes = tuple(range(1, d + 1))

    def spread(q):
        grid_q = np.bincount(idx, wt if q is None else (wt.reshape(corners, n) * q).ravel(),
                             minlength=P ** d)
        return sfft.rfftn(grid_q.astype(np.float32).reshape(shape))

    def read(F):  # a stack of spectra -> the fields at the points, one row each
        phi = sfft.irfftn(F, s=shape, axes=axes).reshape(F.shape[0], -1)
        return (np.take(phi, idx, axis=1) * wt).reshape(F.shape[0], corners, n).sum(axis=1)

    if not isinstance(near, tuple):  # an (n, k) index array
        near = np.asarray(near)
        rows = np.repeat(np.arange(n), near.shape[1])
        cols = near.ravel()
        keep = cols != rows
        near = (rows[keep], cols[keep])
    if len(near) == 2:
        order = np.argsort(near[0], kind="stable")
        near = _pairs(near[0][order], near[1][order], n)
    rows, cols, pairs = near
    r2 = _pair_d2(X, rows, cols)
    w = 1.0 / (1.0 + r2)
    # the capped kernels differ from the true ones only inside u0 (see _capped), where
    # they are the tangents in r^2 of the true ones, which are convex in r^2: w - w_s and
    # w^2 - v_s are >= 0 inside, and the same expressions with r^2 - u0 clipped at 0 are
    # < 0 beyond (w < w0 there), so clipping them at 0 gives both pieces in a few passes
    w0 = 1.0 / (1.0 + u0)
    du = np.minimum(r2 - u0, 0.0)
    dz = w - w0
    dz += w0 * w0 * du
    np.maximum(dz, 0.0, out=dz)  # w - w_s
    g = w * w
    g -= w0 * w0
    g += (2.0 * w0 ** 3) * du
    np.maximum(g, 0.0, out=g)  # w^2 - v_s
    Q1 = spread(None)  # unit charges
    F1 = read(Q1[None] * K)  # Z, then R's d components
    pairs.data = dz  # each point's sum over its near pairs: one sparse product
    Z = F1[0] - (w0 + w0 * w0 * u0) + pairs @ np.ones(n)  # less self
    Z = np.maximum(Z, 1e-12)
    c = a / Z
    Fc = read(spread(c)[None] * K[1:])
    # sum_j g_ij (x_i - x_j) = x_i sum_j g_ij - sum_j g_ij x_j, and with c_j: one product
    M = np.empty((2 * d + 2, n))
    M[0] = 1.0
    M[1:d + 1] = XT
    M[d + 1] = c
    np.multiply(XT, c, out=M[d + 2:])
    pairs.data = g
    GM = pairs @ M.T
    R = (XT * GM[:, 0] - GM[:, 1:d + 1].T + F1[1:]).T
    S = (XT * GM[:, d + 1] - GM[:, d + 2:].T + Fc).T
    return Z, R, S


class _Edges(NamedTuple):
    """A graph's comparisons' edges for :func:`_value_grad`, each unordered pair once: ``u``,
    ``v`` its ends, ``q = p_uv + p_vu`` (the loss is symmetric in d_uv), ``k`` the weight
    of its spring, ``max(q, median q)`` (:func:`tloe`), and ``L``, the (n, n) CSR pattern of
    both directions whose ``data`` is refilled each iteration from the pairs' coefficients
    in the order ``slot``."""

    u: Any
    v: Any
    q: Any
    k: Any
    L: Any
    slot: Any


def _edges(rows: Any, cols: Any, pv: FloatArray, n: int, sprung: Any = None) -> _Edges:
    """:class:`_Edges` from the directed pairs ``(rows, cols)`` with weights ``pv``; with
    ``sprung`` (a boolean per pair: the graph's edges, the others 2-hop pairs) only the
    pairs with a sprung direction get springs, their floor the median over them.
    O(E log E), once a run."""
    lo, hi = np.minimum(rows, cols), np.maximum(rows, cols)
    key, inv = np.unique(lo.astype(np.int64) * n + hi, return_inverse=True)
    u, v = key // n, key % n
    q = np.bincount(inv.ravel(), pv, minlength=key.size)
    if sprung is None:
        k = np.maximum(q, np.median(q)) if q.size else q
    else:
        edge = np.bincount(inv.ravel(), sprung, minlength=key.size) > 0
        k = np.where(edge, np.maximum(q, np.median(q[edge])), 0.0) if edge.any() else 0.0 * q
    m = key.size
    r = np.concatenate([u, v])
    c = np.concatenate([v, u])
    order = np.lexsort((c, r))
    indptr = np.concatenate([[0], np.cumsum(np.bincount(r, minlength=n))])
    L = sp.csr_array((np.zeros(2 * m), c[order], indptr), shape=(n, n))
    return _Edges(u, v, q, k, L, np.concatenate([np.arange(m), np.arange(m)])[order])


def second_hops(A: Any) -> tuple[np.ndarray, np.ndarray]:
    """The pairs ``(i, j)`` at two hops in the pattern of ``A`` (rows: out-neighbourhoods;
    j an out-neighbour of an out-neighbour of i, neither i nor an out-neighbour of i),
    row by row, each once.  ``O(sum_i sum_{j in N(i)} |N(j)|)`` time and memory (sparse
    products, no loop over vertices)."""
    B = sp.csr_array(A, dtype=np.float64, copy=True)
    n = B.shape[0]
    B.setdiag(0)
    B.eliminate_zeros()
    B.data[:] = 1.0
    two = sp.csr_array(B @ B)
    two.setdiag(0)
    two.eliminate_zeros()
    two.data[:] = 1.0
    two = sp.csr_array(two - two.multiply(B))
    two.eliminate_zeros()
    two.sort_indices()
    rows = np.repeat(np.arange(n), np.diff(two.indptr))
    return rows, two.indices.astype(np.int64)


def _pair_d2(Y: FloatArray, u: Any, v: Any) -> FloatArray:
    """Squared distances of the pairs ``(u, v)``: the differences row by row (``take``, no
    fancy index), summed one coordinate at a time (a row-wise ``einsum`` over (m, 2)
    arrays costs five times as much).  O(len(u) dim)."""
    D = np.take(Y, u, axis=0) - np.take(Y, v, axis=0)
    d2 = D[:, 0] * D[:, 0]
    for b in range(1, Y.shape[1]):
        d2 += D[:, b] * D[:, b]
    return d2


def _value_grad(Y: FloatArray, edges: _Edges, a: FloatArray,
                ex: float = 1.0, exact: bool | None = None,
                near: Any = None, grid: Any = None,
                labels: Any = None, spring: float = 0.0) -> tuple[float, FloatArray]:
    """The t-LOE loss at ``Y`` (with its edge springs, ``spring * sum_uv k_uv d_uv^2``) and its
    gradient with the t-kernel's attraction multiplied by ``ex`` (``ex = 1``: the true
    gradient).  ``edges``: :func:`_edges`; ``a``: the row sums of P.  O(E) plus
    :func:`tloe_fields`."""
    n, dim = Y.shape
    d2 = _pair_d2(Y, edges.u, edges.v)
    Z, R, S = tloe_fields(Y, a, exact=exact, near=near, grid=grid, labels=labels)
    # the attraction on i: sum_j s_ij (y_i - y_j), s = q ex w + spring k over both
    # directions: one sparse product with [1, Y] gives sum_j s_ij and sum_j s_ij y_j
    w = 1.0 / (1.0 + d2)
    s = edges.q * w
    s *= ex
    if spring:
        s += spring * edges.k
    L = edges.L
    L.data = np.take(s, edges.slot)
    LY = L @ np.column_stack([np.ones(n), Y])
    c = a / Z
    grad = 2.0 * (Y * LY[:, :1] - LY[:, 1:] - (c[:, None] * R + S))
    # log(1 + d2) = -log(w): numpy's log is twice as fast as its log1p
    f = float(np.dot(a, np.log(Z)) - np.dot(edges.q, np.log(w)))
    if spring:
        f += spring * float(np.dot(edges.k, d2))
    return f, grad


class _Dense(NamedTuple):
    """A small graph's comparisons as dense (n, n) arrays for :func:`_dense_value_grad`:
    ``Q`` the edges' loss weights ``q_uv`` (symmetric, zero off the edges), ``K`` their
    springs' weights times ``spring`` (or None), ``same`` which pairs repel (or None: all
    but i = i), ``spring`` the springs' weight."""

    Q: Any
    K: Any
    same: Any
    spring: float


def _dense(edges: _Edges, n: int, spring: float, labels: Any) -> _Dense:
    """:class:`_Dense` from :func:`_edges`' arrays.  O(n^2), once a run."""
    Q = np.zeros((n, n))
    Q[edges.u, edges.v] = edges.q
    Q[edges.v, edges.u] = edges.q
    K = None
    if spring:
        K = np.zeros((n, n))
        K[edges.u, edges.v] = spring * edges.k
        K[edges.v, edges.u] = spring * edges.k
    same = None if labels is None else labels[:, None] == labels[None, :]
    return _Dense(Q, K, same, spring)


def _dense_value_grad(Y: FloatArray, edges: _Edges, dense: _Dense, a: FloatArray,
                      ex: float) -> tuple[float, FloatArray]:
    """:func:`_value_grad` with the exact repulsion, on (n, n) arrays: a dozen whole-array
    operations an iteration, where the blocked path's fixed cost per call dominates on
    small graphs (0.26-0.37 ms an iteration at 77 vertices, 0.14-0.16 here).  O(n^2 dim)."""
    n, dim = Y.shape
    D2 = np.zeros((n, n))
    for b in range(dim):
        diff = Y[:, b, None] - Y[None, :, b]
        diff *= diff
        D2 += diff
    W = 1.0 / (1.0 + D2)
    np.fill_diagonal(W, 0.0)
    # the gradient on i: 2 sum_j M_ij (y_i - y_j), attraction minus repulsion, with
    # M = ex Q w + K - (c_i + c_j) w^2 (c_i R_i + S_i of tloe_fields in one array); only
    # pairs of one group repel and normalise (the attraction follows every edge)
    attract = ex * dense.Q * W
    if dense.K is not None:
        attract += dense.K
    if dense.same is not None:
        W *= dense.same
    Z = np.maximum(W.sum(axis=1), 1e-300)
    c = a / Z
    M = W * W
    M *= -(c[:, None] + c[None, :])
    M += attract
    grad = 2.0 * (Y * M.sum(axis=1)[:, None] - M @ Y)
    d2 = D2[edges.u, edges.v]
    f = float(np.dot(edges.q, np.log1p(d2)) + np.dot(a, np.log(Z)))
    if dense.spring:
        f += dense.spring * float(np.dot(edges.k, d2))
    return f, grad


class _Anchor(NamedTuple):
    """The hop distances that :func:`tloe`'s stress anchor keeps: ``piv`` the pivots, ``inv``
    (P, n, single precision) the inverse of their hop distances to every vertex (0 for a
    pivot itself and for vertices it does not reach), ``pairs`` how many pairs count."""

    piv: Any
    inv: Any
    pairs: int


def _anchor_pivots(A: Any, n_pivots: int) -> _Anchor | None:
    """``n_pivots`` pivots picked farthest-first (:func:`~nx_ordinal.embed._starts.
    farthest_first`, from the vertex of highest degree, ties to the lowest index), with
    their hop distances: one search each, O(P (n + E) log n).  None when no pair of
    vertices is connected."""
    n = A.shape[0]
    B = ((A + A.T) != 0).astype(np.float64).tocsr()
    piv, D = farthest_first(B, min(int(n_pivots), n), int(np.argmax(np.diff(B.indptr))))
    ok = np.isfinite(D) & (D > 0)
    count = int(ok.sum())
    if count == 0:
        return None
    inv = np.divide(1.0, D, out=np.zeros_like(D), where=ok).astype(np.float32)
    return _Anchor(piv, inv, count)


def _anchor_value_grad(Y: FloatArray, anc: _Anchor) -> tuple[float, FloatArray]:
    """The stress anchor ``(1 / |pairs|) sum_pj (e_pj / D_pj - s)^2`` over the pivots' pairs
    (``e`` the drawn distance, ``s`` the scale that minimises it: the mean of ``e / D``)
    and its gradient (``s`` optimal: its own variation adds nothing).  O(P n dim) over
    the (P, n) arrays of ``anc``, a dozen passes, in single precision (a third of the
    time; the anchor is a prior on the shape, its last digits move nothing)."""
    n, d = Y.shape
    Y = Y.astype(np.float32)
    Yp = Y[anc.piv]
    diff = [Y[:, b][None, :] - Yp[:, b][:, None] for b in range(d)]  # y_j - y_p
    e = diff[0] * diff[0]
    for D in diff[1:]:
        e += D * D
    np.sqrt(e, out=e)
    ratio = e * anc.inv  # e / D on the pairs that count, else 0
    total = float(ratio.sum())
    scale = total / anc.pairs
    value = max(float(np.dot(ratio.ravel(), ratio.ravel())) / anc.pairs - scale * scale, 0.0)
    # d/dy_j of (e/D - s)^2 = 2 (e/D - s) / D * (y_j - y_p) / e
    c = ratio - scale
    c *= anc.inv
    np.maximum(e, 1e-30, out=e)
    c /= e
    c *= np.float32(2.0 / anc.pairs)
    grad = np.empty((n, d))
    for b, D in enumerate(diff):
        D *= c
        grad[:, b] = D.sum(axis=0)
        grad[anc.piv, b] -= D.sum(axis=1)
    return value, grad


def _kernel_rows(A, B, lo, hi, c0, c1, labels, mask=None):
    """Rows ``lo:hi`` of the kernel matrix ``w_ik = 1/(1 + d_ik^2)`` over the columns
    ``c0:c1`` (a range that holds the rows), zero on the diagonal and (with ``labels``)
    between different labels; ``mask``: the range's 0/1 matrix that zeroes both
    (:class:`_Blocks`), used instead when given.  ``1 + d_ik^2 = a_i . b_k`` for the
    augmented coordinates ``a_i = (x_i, |x_i|^2, 1)`` and ``b_k = (-2 x_k, 1, 1 + |x_k|^2)``
    (:func:`_augmented`): one matrix product and one reciprocal a block."""
    W = A[lo:hi] @ B[c0:c1].T
    np.reciprocal(W, out=W)
    if mask is not None:
        W *= mask[lo - c0:hi - c0]
        return W
    # the diagonal, entries (i, i - c0): every (c1 - c0 + 1)-th of the block, which the
    # product made C-contiguous (so reshape is a view)
    W.reshape(-1)[lo - c0::c1 - c0 + 1] = 0.0
    if labels is not None:
        W *= labels[lo:hi, None] == labels[None, c0:c1]
    return W


class _Blocks(NamedTuple):
    """The exact repulsion's diagonal blocks under fixed labels, worked out once for a run
    (:func:`_blocks`): ``labels`` in the blocks' order, ``order`` and ``back`` the
    permutation to it and its inverse (None: already in order), ``segments`` the ranges
    ``(c0, c1, mixed)`` of :func:`_segments`, and ``masks``, per range, the 0/1 matrix that
    zeroes its diagonal and its pairs of different labels (a range with more than one label
    and at most ``_BLOCK`` entries, while all the masks hold at most ``_KEEP``, the entries
    the repulsion keeps between its passes anyway; else None, made block by block)."""

    labels: Any
    order: Any
    back: Any
    segments: list[tuple[int, int, bool]]
    masks: list[Any]


def _blocks(labels: Any, n: int) -> _Blocks:
    """:class:`_Blocks` of ``labels`` (None: one range, no label).  O(n log n) plus the
    masks' entries (at most ``_KEEP``, single precision)."""
    if labels is not None:
        labels = np.asarray(labels)
    order, segments = _segments(labels, n)
    back = None
    if order is not None:
        labels = labels[order]
        back = np.empty_like(order)
        back[order] = np.arange(n)
    masks = []
    total = 0
    for c0, c1, mixed in segments:
        mask = None
        if mixed and (c1 - c0) ** 2 <= _BLOCK and total + (c1 - c0) ** 2 <= _KEEP:
            total += (c1 - c0) ** 2
            lab = labels[c0:c1]
            mask = (lab[:, None] == lab[None, :]).astype(np.float32)
            np.fill_diagonal(mask, 0.0)
        masks.append(mask)
    return _Blocks(labels, order, back, segments, masks)


def _segments(labels: Any, n: int) -> tuple[Any, list[tuple[int, int, bool]]]:
    """The exact repulsion's diagonal blocks under ``labels``: an order of the points with
    each label's points together (None: already so), and ranges ``(c0, c1, mixed)`` of that
    order that hold whole labels, each starting at the first label to begin in a new window
    of ``_SEGMENT`` points (so at most n / ``_SEGMENT`` + 1 ranges, each no longer than its
    labels need) -- ``mixed``: more than one label in it.  Points interact only within a
    range, so an iteration costs the sum of the ranges' squares, not n^2: a batch of three
    components of about 325 vertices a third of it.  O(n) (O(n log n) when the labels must
    be sorted)."""
    if labels is None:
        return None, [(0, n, False)]
    order = None
    if n > 1 and (labels[1:] < labels[:-1]).any():
        order = np.argsort(labels, kind="stable")
        labels = labels[order]
    starts = np.flatnonzero(np.concatenate([[True], labels[1:] != labels[:-1]]))
    cut = starts[np.concatenate([[True], np.diff(starts // _SEGMENT) > 0])]
    ends = np.concatenate([cut[1:], [n]])
    runs = np.diff(np.searchsorted(starts, np.concatenate([cut, [n]])))
    return order, [(int(c0), int(c1), bool(r > 1))
                   for c0, c1, r in zip(cut, ends, runs, strict=True)]


def _augmented(X, dtype):
    """The augmented coordinates of :func:`_kernel_rows`, centred first (the products then
    lose the least to cancellation).  ``a_i . b_k`` is rounded by about ``eps |x|^2``
    against ``1 + d^2 >= 1``: in single precision (eps 6e-8) double precision is used
    instead once some ``|x_i|^2`` passes 1e5 (t-LOE's drawings span tens of units)."""
    n, d = X.shape
    Xc = X - X.mean(axis=0)
    sq = np.einsum("ij,ij->i", Xc, Xc)
    if dtype == np.float32 and sq.max(initial=0.0) > 1e5:
        dtype = np.float64
    A = np.empty((n, d + 2), dtype=dtype)
    B = np.empty((n, d + 2), dtype=dtype)
    A[:, :d] = Xc
    A[:, d] = sq
    A[:, d + 1] = 1.0
    B[:, :d] = -2.0 * Xc
    B[:, d] = 1.0
    B[:, d + 1] = 1.0 + sq
    return A, B


def _exact_fields(X: FloatArray, a: FloatArray,
                  labels: Any = None) -> tuple[FloatArray, FloatArray, FloatArray]:
    """:func:`tloe_fields` exactly, in row blocks of at most ``_BLOCK`` kernel entries (two
    passes: Z first, then the weighted sums of w^2, one matrix product per block); with
    ``labels`` only over the diagonal blocks that :func:`_segments` gives (``labels`` an
    array, or those blocks worked out once for a run: :class:`_Blocks`).  Beyond
    ``SINGLE_MIN_N`` points the kernel blocks and their products are single precision:
    relative error 1e-5 in Z and 1e-4 in R and S, far below the split path's percent; 2-3
    times faster than the double-precision kernel at 300-1,000 points."""
    n, d = X.shape
    # fixed labels come as _Blocks, worked out once for a run (tloe); else here
    parts = labels if isinstance(labels, _Blocks) else _blocks(labels, n)
    labels, order = parts.labels, parts.order
    if order is not None:  # each label's points together; the sums are put back at the end
        X, a = X[order], a[order]
    A, B = _augmented(X, np.float32 if n > SINGLE_MIN_N else np.float64)
    Z = np.empty(n)
    out = np.empty((n, 2 * d + 2))
    # a loop over groups of labels (n / _SEGMENT at most)
    for (c0, c1, mixed), mask in zip(parts.segments, parts.masks, strict=True):
        # each range is done before the next begins: its points interact with no other, and
        # one range's kernel blocks alive at a time are the memory the next one reuses
        lab = labels if mixed else None
        ones = np.ones(c1 - c0, dtype=A.dtype)
        step = max(1, _BLOCK // max(c1 - c0, 1))
        blocks: list[tuple[int, int, Any]] = []
        kept, W = 0, None
        for lo in range(c0, c1, step):
            hi = min(c1, lo + step)
            W = _kernel_rows(A, B, lo, hi, c0, c1, lab, mask)
            Z[lo:hi] = W @ ones
            blocks.append((lo, hi, W if kept < _KEEP else None))
            kept += W.size
        # a point alone in its label has Z = 0 and no repulsion to share (c = 0: a / 1e-300
        # overflows single precision, and 0 * inf would spoil its whole range's sums)
        c = np.divide(a[c0:c1], Z[c0:c1], out=np.zeros(c1 - c0), where=Z[c0:c1] > 0)
        np.maximum(Z[c0:c1], 1e-300, out=Z[c0:c1])
        Xs = X[c0:c1]
        M = np.concatenate([np.ones((c1 - c0, 1)), Xs, c[:, None], Xs * c[:, None]], axis=1)
        M = M.astype(A.dtype, copy=False)
        for lo, hi, W in blocks:
            if W is None:  # recompute the block (memory bound)
                W = _kernel_rows(A, B, lo, hi, c0, c1, lab, mask)
            W *= W
            out[lo:hi] = W @ M
        del blocks, W
    R = X * out[:, :1] - out[:, 1:1 + d]
    S = X * out[:, 1 + d:2 + d] - out[:, 2 + d:]
    if order is not None:
        back = parts.back
        Z, R, S = Z[back], R[back], S[back]
    return Z, R, S


#: kernel entries per block of the exact repulsion, and how many are kept between its passes
_BLOCK = 1 << 22
#: with labels, the exact repulsion's diagonal blocks start every this many points or more
#: (:func:`_segments`): few enough blocks that their numpy calls cost little beside them
_SEGMENT = 128
#: beyond this many points the exact repulsion's kernel is single precision
SINGLE_MIN_N = 300
_KEEP = 1 << 25


#: the late phase's exaggeration, falling geometrically from the first to the second
EXAGGERATION = (1.0, 0.4)


def tloe(
    A: Any,
    dim: int = 2,
    *,
    init: FloatArray | None = None,
    max_iter: int = 500,
    early_iter: int = 100,
    early_exaggeration: float = 4.0,
    exaggeration: tuple[float, float] = EXAGGERATION,
    spring: float = 0.0,
    anchor: float = 0.0,
    anchor_pivots: int = ANCHOR_PIVOTS,
    two_hop: float = 0.0,
    init_edge: float | None = None,
    keep_scale: bool = False,
    learning_rate: float | None = None,
    max_time: float | None = None,
    callback: Callable[[int, int, FloatArray, float], bool | None] | None = None,
    seed: Seed = None,
    verbose: bool = False,
    labels: Any = None,
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

    With ``spring > 0`` every edge uv also carries a spring, the term ``spring * k_uv
    d_uv^2`` added to the loss: the t-kernel's pull on a neighbour fades with distance (like
    ``1/d``), the spring's grows (like ``d``), so an edge the repulsion has stretched is
    pulled back and the drawing is not torn into pieces joined by long edges (the linear
    attraction of force-directed drawers, e.g. t-FDP's).  The spring's weight is the edge's
    weight in the loss, ``q_uv = p_uv + p_vu``, raised to the median edge's where it is
    lower: ``k_uv = max(q_uv, median q)``.  ``p_ij = 1/(n |N(i)|)`` makes an edge between
    two hubs the weakest of all, and its spring then could not hold the hubs' clouds of
    neighbours together (a tree's branches and a citation graph's hubs drift apart: the
    99th-percentile edge 14-15 times the median on a ternary tree of 1,093 vertices and
    price_1000, 11-12 with the floor).  The comparisons are unchanged; the springs are a
    prior on the drawing's edge lengths.  0 is pure t-LOE.

    With ``anchor > 0`` the later phase also keeps the graph's hop distances D_pj from
    ``anchor_pivots`` pivots p (picked farthest-first) to every vertex j: the term ``anchor
    * mean_pj (e_pj / D_pj - s)^2``, e the drawn distance and s the scale that minimises it
    (the stress of those pairs, weighted 1/D^2 as in stress majorization, at the drawing's
    own scale).  The springs hold edges; the anchor holds the shape between them, where
    the repulsion would otherwise bend a mesh that embeds well.

    Parameters
    ----------
    A : sparse matrix or array, shape (n, n)
        Adjacency (rows: out-neighbourhoods).  Rows without neighbours only repel.
    dim : int, default 2
    init : ndarray of shape (n, dim) or None
        Start; it is centred and scaled to standard deviation 1e-2 per axis (the scale at
        which the early phase gathers neighbourhoods from a random start), or as
        ``init_edge`` says.  None: standard normal points from ``seed``.
    max_iter : int, default 500
        Iterations in all (the early phase included).
    early_iter : int, default 100
    early_exaggeration : float, default 4
    exaggeration : pair of float, default (1.0, 0.4)
        Exaggeration at the start and at the end of the later phase.
    spring : float, default 0
        Weight of the edge springs (above); nonnegative.  0: pure t-LOE; 0.03 (the
        default of :func:`nx_ordinal.loe_layout`) keeps a mesh whole; 0.1 and above trade
        more nearest neighbours for shorter edges.  A vertex whose springs' curvature
        (``2 spring sum_j k_ij``) exceeds the inverse learning rate -- a hub with
        hundreds of leaves -- steps by that inverse instead: the springs' pull grows with
        the distance, and a longer step would fling it away.
    anchor : float, default 0
        Weight of the stress anchor (above); nonnegative.  0: none.  Its curvature at a
        vertex (``2 anchor / pairs`` times the sum of ``1 / D^2`` over its pairs; a pivot's
        pairs reach every vertex) joins the springs' in the same cap of the later phase's
        steps, so that any weight is stable.
        :func:`nx_ordinal.loe_layout` passes 0.3 where its stress start's own stress is
        low (meshes).
    anchor_pivots : int, default 20
        Pivots of the anchor: ``P`` shortest-path searches once (unit weights), O(P n) an
        iteration.
    two_hop : float, default 0
        Weight of the 2-hop attraction (nonnegative; 0: none).  Each vertex's 2-hop pairs
        (out-neighbours of its out-neighbours, neither itself nor its neighbours) pull on
        it through the t-kernel as its edges do, with ``two_hop`` times the total weight of
        its edges, shared evenly among them: ``p_ij = two_hop / (n |N2(i)|)`` with the
        exaggeration of the edges.  The soft-max's normalisation stays the edges' (``sum_k
        w_ik`` weighted by ``sum_{j in N(i)} p_ij``), so, like exaggeration, this adds
        attraction and no comparison; the springs stay on the edges.  A tree's leaves then
        gather round their parent and grandparent in small clusters, as t-FDP draws them
        (neighbourhood preservation at two hops).  :func:`nx_ordinal.loe_layout` passes
        0.6 on shallow trees of up to 600 vertices with no hub of more than five leaves.
        Costs ``O(sum_i |N2(i)|)`` more an iteration.
    init_edge : float or None
        With ``init``: scale it by one factor for every axis, so that its median edge is
        this long, instead (its shape kept: a tree drawn along a line stays a line).  A
        start that already has the graph's shape then keeps it: from a spread of 1e-2
        the run first expands the drawing a thousandfold, unevenly (a 3-D mesh's stress
        rises from 0.011 to 0.08 within 25 iterations).
        :func:`nx_ordinal.loe_layout` passes 2.0 from its stress start beyond 100 nodes
        (with ``early_exaggeration=2``).  Where most edges have length 0 (cliques drawn
        at a point), the median of the others; ignored without ``init`` or when every
        edge has length 0.
    keep_scale : bool, default False
        With ``init``: take it at its own scale (only centred), as a run that continues
        an earlier one's drawing does; ``init_edge`` is then ignored.
    learning_rate : float or None
        Step size; None: ``n / (4 early_exaggeration)``.
    max_time : float or None
        Seconds; the current configuration is returned when they are spent (and after
        Ctrl-C, with an ``InterruptedWarning``).
    callback : callable, optional
        ``callback(0, it, X, f)`` after every iteration; returning True stops.
    seed : int, Generator, RandomState or None
        Only for the random start.
    verbose : bool
        Show a progress bar.
    labels : array of shape (n,) or None
        Group labels (e.g. connected components): vertices of different groups neither
        repel nor enter each other's normalisation, so several small graphs are embedded in
        one run as if each were alone.  Forces the exact repulsion, over diagonal blocks
        of whole labels: O(sum of the blocks' squares), a block starting every 128 points
        or later.

    Returns
    -------
    EmbeddingResult
        ``objective`` is the loss above at the last iterate evaluated (the one before the
        last step; beyond ``EXACT_MAX_N`` points up to the grid's error in ``Z``, 0.5-2 %,
        see :func:`tloe_fields`);
        ``history`` its value at every iteration.

    Notes
    -----
    Cost per iteration O(E) for the attraction along the E edges (with ``two_hop`` also the
    2-hop pairs, ``O(sum_i |N2(i)|)``) plus the repulsion: O(n^2)
    up to ``EXACT_MAX_N`` = 600 vertices (with ``labels`` the sum of its blocks' squares,
    whatever n; up to ``DENSE_MAX_N`` = 120
    on whole (n, n) arrays, memory O(n^2)); beyond, O(n 2^dim + P + G^dim
    log G) for P <= 16 n near pairs and G = 1.4 n^(1/dim) grid cells a side (at most 512 in
    2-D), plus a k-d tree search every 15 iterations; with ``anchor``, O(anchor_pivots
    (n + E)) once and O(anchor_pivots n dim) an iteration.  Memory O(n) beyond the exact path's
    blocks of 4M entries, O(n + E + G^dim) on the grid path.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.embed import tloe
    >>> from nx_ordinal.metrics import gari_array
    >>> A = nx.to_scipy_sparse_array(nx.balanced_tree(2, 6))
    >>> res = tloe(A, seed=0)
    >>> res.embedding.shape, gari_array(A, res.embedding) > 0.8
    ((127, 2), True)

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014 (the
       comparisons).
    .. [2] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding." IEEE MLSP
       2012 (the Student-t choice model of a triplet).
    .. [3] van der Maaten, L. and Hinton, G. "Visualizing data using t-SNE." JMLR 9, 2008
       (early exaggeration, momentum and gains).
    """
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
    spring = check_nonnegative(spring, "spring")
    init_edge = check_positive(init_edge, "init_edge", allow_none=True)
    keep_scale = check_bool(keep_scale, "keep_scale")
    anchor = check_nonnegative(anchor, "anchor")
    anchor_pivots = check_int(anchor_pivots, "anchor_pivots", minimum=1)
    two_hop = check_nonnegative(two_hop, "two_hop")
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
    if two_hop:
        # the 2-hop pairs pull as the edges do, with two_hop times the total weight of the
        # vertex's edges, shared evenly (a hub's many 2-hop pairs do not outweigh its own
        # edges); the soft-max's normalisation (a) and the springs stay the edges', so this
        # adds attraction, as exaggeration does, and no comparison
        r2, c2 = second_hops(A)
        cnt = np.bincount(r2, minlength=n).astype(np.float64)
        sprung = np.concatenate([np.ones(rows.size, bool), np.zeros(r2.size, bool)])
        edges = _edges(np.concatenate([rows, r2]), np.concatenate([cols, c2]),
                       np.concatenate([pv, (two_hop / (n * np.maximum(cnt, 1.0)))[r2]]), n,
                       sprung)
    else:
        edges = _edges(rows, cols, pv, n)
    step = learning_rate
    stiff = np.zeros(n)
    if spring:
        # the springs' curvature at i, 2 spring sum_j k_ij: a step beyond its inverse would
        # overshoot (a hub with hundreds of leaves; the t-kernel's pull is bounded, theirs
        # grows with the distance), so such vertices take that step instead
        stiff = 2.0 * spring * (np.bincount(edges.u, edges.k, minlength=n)
                                + np.bincount(edges.v, edges.k, minlength=n))
        step = np.minimum(learning_rate, 1.0 / np.maximum(stiff, 1e-300))[:, None]
    rng = as_generator(seed)
    if init is None:
        Y = rng.standard_normal((n, dim))
    else:
        Y = np.array(init, dtype=np.float64)
        if Y.shape != (n, dim):
            raise ValueError(f"init must have shape {(n, dim)}, got {Y.shape}")
    Y = Y - Y.mean(axis=0)
    sized = keep_scale and init is not None
    if init_edge is not None and init is not None and rows.size and not sized:
        # one factor for every axis: the start's shape is kept (a tree drawn along a line
        # stays a line; standardising each axis alone made it a square, and t-LOE folded
        # the square's long path into a disc: a random lobster of 1,905 nodes, stress
        # 0.53 against 0.017)
        lens = np.linalg.norm(Y[rows] - Y[cols], axis=1)
        e = float(np.median(lens))
        # most edges of zero length: cliques drawn at a point (their members' hop distances
        # are equal); the median of the others sizes it (from a spread of 1e-2, the path of
        # a barbell of two 50-cliques bent as it grew: stress 0.32 against 0.06)
        tiny = 1e-9 * float(np.ptp(Y, axis=0).max())
        if e <= tiny:
            e = float(np.median(lens[lens > tiny])) if (lens > tiny).any() else 0.0
        sized = e > 0
        if sized:
            Y *= init_edge / e
    if not sized:  # a spread of 1e-2 per axis, from which the early phase gathers afresh
        sd = Y.std(axis=0)
        Y = Y / np.where(sd > 0, sd, 1.0) * 1e-2
    anc = _anchor_pivots(A, anchor_pivots) if anchor else None
    late_step = step
    if anc is not None:
        # the anchor's curvature at a vertex, 2 anchor / pairs times the sum of 1 / D^2 over
        # its pairs -- a pivot's over every vertex it reaches -- joins the springs' in the
        # later phase: a pivot's step beyond its inverse diverged (anchor 1 on a
        # Barabasi-Albert graph: NP1 0.02, stress 0.44; anchor 3 overflowed)
        inv2 = anc.inv.astype(np.float64) ** 2
        curv = inv2.sum(axis=0)
        np.add.at(curv, anc.piv, inv2.sum(axis=1))
        stiff = stiff + 2.0 * anchor * curv / anc.pairs
        late_step = np.minimum(learning_rate, 1.0 / np.maximum(stiff, 1e-300))[:, None]
    update = np.zeros_like(Y)
    gains = np.ones_like(Y)
    history: list[float] = []
    progress = Progress(max_iter, verbose, "tloe", max_time=max_time)
    late = max(max_iter - early_iter, 1)
    if labels is not None:
        labels = np.asarray(labels)
        if labels.shape != (n,):
            raise ValueError(f"labels must have shape ({n},), got {labels.shape}")
    exact = n <= EXACT_MAX_N or labels is not None
    dense = _dense(edges, n, spring, labels) if n <= DENSE_MAX_N else None
    # the exact repulsion's blocks under the labels, once for the run (not per iteration)
    blocks = _blocks(labels, n) if labels is not None and dense is None else labels
    near = None
    grid = _Grid()
    cells = grid_cells(n, dim)
    it = 0
    converged = True
    f = np.nan
    try:
        for it in range(1, max_iter + 1):
            if it <= early_iter:
                ex, momentum = early_exaggeration, 0.5
            elif it == early_iter + 1:
                # the early phase can merge points (the t-kernel's repulsion vanishes at
                # distance 0): a jitter of 1e-4 of the spread lets the later phase part them
                Y = Y + rng.standard_normal(Y.shape) * (1e-4 * float(Y.std()) + 1e-300)
                ex, momentum = ex0, 0.8
            else:
                ex = ex0 * (ex1 / ex0) ** ((it - early_iter - 1) / max(late - 1, 1))
                momentum = 0.8
            if not exact and (it - 1) % _NEAR_EVERY == 0:
                near = _near(Y, grid.get(Y, cells)[3])
            if dense is not None:
                f, grad = _dense_value_grad(Y, edges, dense, a, ex)
            else:
                f, grad = _value_grad(Y, edges, a, ex, exact, near, grid, blocks, spring)
            if anc is not None and it > early_iter:
                fa, ga = _anchor_value_grad(Y, anc)
                f += anchor * fa
                grad += anchor * ga
            history.append(f)
            flip = np.sign(grad) != np.sign(update)
            gains = np.where(flip, gains + 0.2, gains * 0.8)
            np.maximum(gains, 0.01, out=gains)
            update = momentum * update - (step if it <= early_iter else late_step) * gains * grad
            Y = Y + update
            Y -= Y.mean(axis=0)
            progress.update(f)
            if callback is not None and callback(0, it, Y, f):
                break
            if max_time is not None and time.perf_counter() - t0 >= max_time:
                converged = False
                break
    except KeyboardInterrupt:  # the current configuration, with a warning
        converged = False
        warn_interrupted("tloe", it)
    finally:
        progress.close()
    return EmbeddingResult(Y, f, it, converged, history, "tloe",
                           {"seconds": time.perf_counter() - t0})
