"""Soft Ordinal Embedding (SOE) of arbitrary triplets and quadruplets.

Terada & von Luxburg (2014), section 3: given comparisons ``d(i, j) < d(k, l)`` (quadruplets
``(i, j, k, l)``; a triplet ``(i, j, k)`` is the quadruplet ``(i, j, i, k)``), find X in R^dim
minimising

    Err_soft(X) = sum_c max(0, d_ij(X) + delta - d_kl(X))^2.

One vectorized kernel (:func:`soe_objective`) evaluates the value and gradient of triplets and
quadruplets alike in O(m dim + n dim) time, processing the constraints in chunks (bounded
temporary memory) and scattering the gradient with ``np.bincount``: no n x n array is formed.
When the constraints outnumber the object pairs, a pair kernel (distances once per pair,
gradient through the n x n pair-weight matrix) is used instead: it is cheaper there, and its
n x n arrays are no larger than the constraint array.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.spatial.distance import pdist, squareform

from .._core.estimates import check_constraint_sizes, soe_memory
from .._core.optim import pcg, run_lbfgs, run_mm
from .._core.progress import public_call
from .._core.result import EmbeddingResult
from .._core.runner import BestPoint, run_restarts
from .._core.seeds import as_generator, single_thread
from .._core.validation import check_choice, check_dim, check_init, check_int, check_positive
from ..constraints import check_constraints

if TYPE_CHECKING:
    from .._core.result import EmbeddingResult
    from .._core.typing import ArrayLike, FloatArray, Seed

__all__ = ["soe", "soe_objective"]

_CHUNK = 1 << 20


class _Constraints:
    """Index columns of a validated constraint array; ``k`` is ``i`` for triplets."""

    def __init__(self, C, n):
        self.n = n
        self.m = C.shape[0]
        self.triplet = C.shape[1] == 3
        self.i = np.ascontiguousarray(C[:, 0])
        self.j = np.ascontiguousarray(C[:, 1])
        if self.triplet:
            self.k = self.i
            self.l = np.ascontiguousarray(C[:, 2])
        else:
            self.k = np.ascontiguousarray(C[:, 2])
            self.l = np.ascontiguousarray(C[:, 3])
        # with fewer object pairs than constraints, distances are evaluated once per pair
        # (condensed pdist order) and gathered: cheaper, and no larger than the index arrays
        self.n_pairs = n * (n - 1) // 2
        self.pij = self.pkl = None
        if 0 < self.n_pairs <= self.m:
            self.pij = _condensed(self.i, self.j, n)
            self.pkl = _condensed(self.k, self.l, n)


def _condensed(p, q, n):
    """Index of the unordered pair {p, q} (p != q) in scipy's condensed distance vector."""
    a = np.minimum(p, q).astype(np.int64)
    b = np.maximum(p, q).astype(np.int64)
    return n * a - a * (a + 1) // 2 + (b - a - 1)


def _terms_pairs(XT, cs, delta, want_grad, want_pieces):
    """:func:`_terms` through the condensed pair distances (used when n(n-1)/2 <= m):
    O(n^2 dim + m) per evaluation; the gradient is ``(diag(W 1) - W) X`` for the summed
    per-pair weights W."""

    X = XT.T
    dc = pdist(X)
    a = dc[cs.pij]
    b = dc[cs.pkl]
    r = a + delta - b
    act = np.flatnonzero(r > 0)
    ra = r[act]
    f = float(ra @ ra)
    G = None
    if want_grad:
        with np.errstate(divide="ignore", invalid="ignore"):
            aa, ba = a[act], b[act]
            wa = np.where(aa > 0, 2.0 * ra / aa, 0.0)
            wb = np.where(ba > 0, -2.0 * ra / ba, 0.0)
        w = (np.bincount(cs.pij[act], wa, minlength=cs.n_pairs)
             + np.bincount(cs.pkl[act], wb, minlength=cs.n_pairs))
        W = squareform(w, checks=False)
        G = (W.sum(axis=1)[:, None] * X - W @ X).T
    return f, G, ((a, b) if want_pieces else (None, None))


def _terms(XT, cs, delta, want_grad=True, want_pieces=False):
    """Objective, gradient (dim, n) and optionally the per-constraint distances (a, b).

    ``XT`` is the configuration transposed, shape (dim, n), C-contiguous (so each coordinate
    gathers from a contiguous vector).  Chunks of constraints keep temporaries O(chunk).
    """
    if cs.pij is not None:
        return _terms_pairs(XT, cs, delta, want_grad, want_pieces)
    dim, n = XT.shape
    f = 0.0
    G = np.zeros((dim, n)) if want_grad else None
    a_all = np.empty(cs.m) if want_pieces else None
    b_all = np.empty(cs.m) if want_pieces else None
    for s0 in range(0, cs.m, _CHUNK):
        sl = slice(s0, min(s0 + _CHUNK, cs.m))
        i, j, k, l = cs.i[sl], cs.j[sl], cs.k[sl], cs.l[sl]
        dij = []
        dkl = []
        a2 = np.zeros(i.size)
        b2 = np.zeros(i.size)
        for s in range(dim):
            xs = XT[s]
            xi = xs[i]
            u = xi - xs[j]
            v = (xi if cs.triplet else xs[k]) - xs[l]
            a2 += u * u
            b2 += v * v
            dij.append(u)
            dkl.append(v)
        a = np.sqrt(a2)
        b = np.sqrt(b2)
        if want_pieces:
            a_all[sl] = a
            b_all[sl] = b
        r = a + delta - b
        act = np.flatnonzero(r > 0)
        ra = r[act]
        f += float(ra @ ra)
        if not want_grad or act.size == 0:
            continue
        aa, ba = a[act], b[act]
        with np.errstate(divide="ignore", invalid="ignore"):
            wa = np.where(aa > 0, 2.0 * ra / aa, 0.0)
            wb = np.where(ba > 0, -2.0 * ra / ba, 0.0)
        ia, ja, la = i[act], j[act], l[act]
        ka = ia if cs.triplet else k[act]
        for s in range(dim):
            ga = wa * dij[s][act]
            gb = wb * dkl[s][act]
            if cs.triplet:
                G[s] += np.bincount(ia, ga + gb, minlength=n)
            else:
                G[s] += np.bincount(ia, ga, minlength=n) + np.bincount(ka, gb, minlength=n)
            G[s] -= np.bincount(ja, ga, minlength=n) + np.bincount(la, gb, minlength=n)
    return f, G, (a_all, b_all)


def soe_objective(
    X: ArrayLike, constraints: ArrayLike, delta: float = 0.1, *, return_grad: bool = False
) -> float | tuple[float, FloatArray]:
    """Err_soft of configuration ``X`` for triplets or quadruplets (O(m dim + n dim)).

    Parameters
    ----------
    X : array_like, shape (n, dim)
    constraints : array_like of int, shape (m, 3) or (m, 4)
        Triplets ``(i, j, k)`` meaning d(i, j) < d(i, k) or quadruplets ``(i, j, k, l)``
        meaning d(i, j) < d(k, l).
    delta : float
    return_grad : bool
        Also return the gradient, shape (n, dim).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed import soe_objective
    >>> X = np.array([[0.0], [1.0], [3.0]])
    >>> soe_objective(X, [[0, 1, 2]], delta=0.5)
    0.0
    >>> soe_objective(X, [[1, 2, 0, 1]], delta=0.5)  # (2 + 0.5 - 1)^2
    2.25
    """

    X = np.asarray(X, dtype=np.float64)
    if X.ndim == 1:
        X = X[:, None]
    C, n = check_constraints(constraints, X.shape[0])
    cs = _Constraints(C, n)
    f, G, _ = _terms(np.ascontiguousarray(X.T), cs, float(delta), want_grad=return_grad)
    return (f, G.T.copy()) if return_grad else f


# ---------------------------------------------------------------------------------------------
# majorization (supplement section 2, vectorized over constraints)

def _mm_weights(a, b, delta, tau=1e-12):
    """Per-constraint coefficients of the quadratic majorizer at the current configuration.

    Returns ``alpha, alpha_star, beta, beta_star`` (supplement eq. 8) for distances
    ``a = d_ij(Y)``, ``b = d_kl(Y)``; ``a = 0`` is replaced by ``tau`` where it is divided by.
    """
    inactive = a + delta < b  # case II
    small = ~inactive & (a + b < delta)  # case I, d_ij + d_kl < delta
    with np.errstate(divide="ignore", invalid="ignore"):
        inv_a = np.where(a > 0, 1.0 / a, 0.0)
        inv_b = np.where(b > 0, 1.0 / b, 0.0)
        alpha = np.where(small, (a + delta - b) / np.maximum(a, tau), 2.0)
    alpha_star = np.full(a.shape, 2.0)
    beta = np.where(inactive, 2.0, np.where(small, 0.0, (a + b - delta) * inv_a))
    beta_star = np.where(inactive, 2.0, (a + b + delta) * inv_b)
    return alpha, alpha_star, beta, beta_star


def _pair_laplacian(cs, w_ij, w_kl):
    """Sparse graph Laplacian of weights ``w_ij`` on pairs (i, j) and ``w_kl`` on (k, l)
    (duplicates summed: at most min(2m, n^2) stored entries)."""

    n = cs.n
    p = np.concatenate([cs.i, cs.k])
    q = np.concatenate([cs.j, cs.l])
    w = np.concatenate([w_ij, w_kl])
    W = sp.csr_array((w, (p, q)), shape=(n, n))
    W = W + W.T
    deg = np.asarray(W.sum(axis=1)).ravel()
    return (sp.diags_array(deg) - W).tocsr(), deg


def _mm_step(cs, Y, a, b, delta, cg_iter):
    """Minimise the majorizer at ``Y`` approximately: ``cg_iter`` Jacobi-PCG steps on
    ``M* X = H* Y`` warm-started at ``Y`` (each step lowers the majorizer)."""
    alpha, alpha_s, beta, beta_s = _mm_weights(a, b, delta)
    LM, diag = _pair_laplacian(cs, alpha, alpha_s)
    LH, _ = _pair_laplacian(cs, beta, beta_s)
    rhs = LH @ Y
    diag = np.where(diag > 0, diag, 1.0)
    return pcg(lambda V: LM @ V, rhs, Y, diag, cg_iter)


def _run_mm(ev, X0, max_iter, tol, progress, cg_iter):
    """SOE-MM: the shared MM loop (``_core.optim.run_mm``) with SOE's majorizer step."""

    def evaluate(X):
        f, a, b = ev.pieces(X)
        return f, (a, b)

    def step(Y, f, ab):
        return _mm_step(ev.cs, Y, ab[0], ab[1], ev.delta, cg_iter)

    return run_mm(evaluate, step, X0, max_iter, tol, progress)


# standard deviation of the random starts in units of delta * sqrt(n) (see ``soe``'s init)
_INIT_STD = 1.0


def _rms_radius(X):
    Y = X - X.mean(axis=0)
    return float(np.sqrt((Y * Y).sum() / max(Y.shape[0], 1)))


def _better(res, best):
    """Lower objective wins; among runs that satisfy every comparison with margin delta
    (objective exactly 0) the one with the smallest spread, i.e. the largest margin relative
    to its size, wins."""
    if res.objective == 0.0 and best.objective == 0.0:
        return _rms_radius(res.embedding) < _rms_radius(best.embedding)
    return res.objective < best.objective


class _Evaluator(BestPoint):
    """Objective/gradient in (n, dim) layout; remembers the best point seen."""

    def __init__(self, cs, delta):
        super().__init__()
        self.cs = cs
        self.delta = delta

    def __call__(self, X):
        f, G, _ = _terms(np.ascontiguousarray(X.T), self.cs, self.delta)
        self.record(f, X)
        return f, G.T

    def pieces(self, X):
        f, _, (a, b) = _terms(np.ascontiguousarray(X.T), self.cs, self.delta, want_grad=False,
                              want_pieces=True)
        self.record(f, X)
        return f, a, b


@public_call
def soe(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    delta: float = 0.1,
    method: str = "lbfgs",
    init: ArrayLike | None = None,
    n_init: int = 1,
    max_iter: int = 1000,
    tol: float = 1e-4,
    max_time: float | None = None,
    cg_iter: int = 10,
    seed: Seed = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """Soft ordinal embedding of triplet or quadruplet comparisons.

    Parameters
    ----------
    constraints : array_like of int, shape (m, 3) or (m, 4)
        Triplets ``(i, j, k)``: d(i, j) < d(i, k) (cblearn's "list-order"), or quadruplets
        ``(i, j, k, l)``: d(i, j) < d(k, l).
    n_objects : int, optional
        Number of objects (default: largest index + 1).  Objects in no constraint keep their
        initial positions.
    dim : int, default 2
    delta : float, default 0.1
        Margin; by Proposition 1 of [1]_ it only sets the scale of the solution.
    method : {"lbfgs", "mm"}
        ``"lbfgs"``: scipy's L-BFGS-B on the exact objective and gradient.
        ``"mm"``: the majorization of the supplement of [1]_ (Algorithm 1, SOE-MM), vectorized:
        per constraint the coefficients alpha, alpha*, beta, beta* of the quadratic majorizer
        are computed at once; M* and H* are sparse graph Laplacians of these weights on the
        compared pairs; the majorizer is minimised approximately by ``cg_iter`` steps of
        Jacobi-preconditioned conjugate gradients on ``M* X = H* Y`` warm-started at the
        current iterate ``Y``.  Every CG step lowers the majorizer, so the objective never
        increases (the paper does one Gauss-Seidel sweep instead, with the same guarantee).
    init : array_like (n, dim) or None
        Initial configuration of the first run (default: Gaussian with standard deviation
        ``delta * sqrt(n)``).  Later runs start from fresh Gaussian configurations.  (Starts of
        standard deviation ``delta``, where nearly every comparison is active at first, were
        measured too: better for 100 points in 10-D with 10^4 triplets, 4.8 % against 5.4 %
        held-out error, worse for 1,000 points in 2-D with 10^5 triplets, 1.20 % against
        1.09 %; the default stays.)
    n_init : int, default 1
        Number of runs; the lowest objective wins.  When several runs satisfy every comparison
        with margin ``delta`` (objective 0, common when the comparisons underdetermine the
        configuration), the one with the smallest root-mean-square radius wins: it has the
        largest margin relative to its spread.  Restarts matter for low-dimensional,
        non-realizable comparisons: on the eurodist experiment of [1]_ (1,000 quadruplets of
        21 cities, 2-D) a single run often stops in a local minimum (38 % of single runs
        reach <= 35 violations), while 10 restarts reach the lowest objective of 20 long runs
        on 19 of 20 draws (16 of the 20 then have <= 35 violations, median 29.5).
    max_iter : int, default 1000
        Iterations per run.
    tol : float, default 1e-4
        Stop when the relative decrease of the objective (per iteration, over a window of 10
        iterations for L-BFGS) falls below ``tol``.  Relative, hence independent of the scale
        of the configuration and of ``delta``.
    max_time : float, optional
        Seconds allowed per run.
    cg_iter : int, default 10
        Conjugate-gradient steps per MM iteration.
    seed : int, Generator, RandomState or None
    verbose : bool
        Progress bar with the objective.

    Returns
    -------
    EmbeddingResult
        ``embedding`` (n, dim), ``objective``, ``n_iter``, ``converged``, ``history``;
        ``info`` holds ``n_eval`` and ``restart_objectives``.

    Raises
    ------
    ValueError
        A bad constraint array (the message names the first offending row) or parameter.
    TypeError
        Non-integer constraint arrays or parameters of the wrong type.

    Notes
    -----
    Cost per objective/gradient evaluation: O(m dim + n dim) time and O(m + n dim) memory for
    m constraints (the index arrays plus chunks of at most 2^20 constraints of temporaries);
    gradient contributions of the active constraints are scattered with ``np.bincount``.
    When there are no more object pairs than constraints (n(n-1)/2 <= m, e.g. 100 objects
    with 10^4 comparisons), the distances are computed once per pair (``pdist``) and gathered,
    and the gradient is one product with the n x n matrix of summed pair weights:
    O(n^2 dim + m) time, with the n x n arrays no larger than the constraint array.  An
    MM iteration adds the construction of two sparse Laplacians with at most min(2m, n^2)
    entries and ``cg_iter`` sparse products.  No n x n dense array is formed, so 10^7
    triplets fit in a few GB.  Ctrl-C returns the best configuration so far with an
    :class:`~nx_ordinal.exceptions.InterruptedWarning`.

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014 (section 3
       and supplement section 2).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import sample_triplets
    >>> from nx_ordinal.embed import soe
    >>> from nx_ordinal.metrics import triplet_error
    >>> X = np.random.default_rng(0).random((30, 2))
    >>> T = sample_triplets(X, n_triplets=3000, seed=1)
    >>> res = soe(T, dim=2, seed=2)
    >>> res.embedding.shape
    (30, 2)
    >>> bool(triplet_error(T, res.embedding) < 0.02)
    True
    """

    C, n = check_constraints(constraints, n_objects)
    dim = check_dim(dim)
    delta = check_positive(delta, "delta")
    method = check_choice(method, "method", ("lbfgs", "mm"))
    n_init = check_int(n_init, "n_init", minimum=1)
    max_iter = check_int(max_iter, "max_iter", minimum=0)
    tol = float(tol)
    if not np.isfinite(tol) or tol < 0:
        raise ValueError(f"tol must be a finite number >= 0, got {tol!r}")
    max_time = check_positive(max_time, "max_time", allow_none=True)
    cg_iter = check_int(cg_iter, "cg_iter", minimum=1)
    check_constraint_sizes("soe", C, n, dim, n_objects_given=n_objects is not None,
                           init_given=init is not None)
    soe_memory(n, dim, C.shape[0], ncols=C.shape[1], method=method).check(verbose)
    rng = as_generator(seed)
    if init is not None:
        init = check_init(init, n, dim)
    cs = _Constraints(C, n)
    spread = _INIT_STD * delta * np.sqrt(max(n, 1))
    name = f"soe-{method}"
    class _Run:
        def __init__(self, r):
            X0 = init if (r == 0 and init is not None) else spread * rng.standard_normal((n, dim))
            # solve in units of delta (Err_soft(X | delta) = delta^2 Err_soft(X / delta | 1)),
            # so the iterations do not depend on the scale of the problem
            self.X0 = X0 / delta
            self.ev = _Evaluator(cs, 1.0)

        def solve(self, progress):
            if cs.m == 0:
                self.ev.pieces(self.X0)
                return 0, True, []
            if method == "lbfgs":
                return run_lbfgs(self.ev, self.X0, max_iter, tol, progress)
            return _run_mm(self.ev, self.X0, max_iter, tol, progress, cg_iter)

        def result(self, n_iter, conv, hist, interrupted):
            ev = self.ev
            X = (ev.best_X if ev.best_X is not None else self.X0) * delta
            fbest = float(ev.best_f) * delta**2 if ev.best_X is not None else np.inf
            hist = [h * delta**2 for h in hist]
            return EmbeddingResult(X, fbest, n_iter, conv, hist, name, dict(n_eval=ev.n_eval))

    # L-BFGS-B's vector updates and the pair kernel's small products only lose from BLAS
    # threads (badly so on a busy machine)
    with single_thread(user_api="blas"):
        return run_restarts(name, n_init, _Run, max_iter=max_iter, verbose=verbose,
                            max_time=max_time, better=_better)
