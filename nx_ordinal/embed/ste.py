"""Triplet embeddings: STE, t-STE and GNMDS, factored (L-BFGS on X) and Gram-projected ("-p").

A triplet ``(i, j, k)`` (cblearn's "list-order") says ``d(i, j) < d(i, k)``; a quadruplet
``(i, j, k, l)`` says ``d(i, j) < d(k, l)``.  Both are handled by one kernel: a triplet is the
quadruplet ``(i, j, i, k)``.  With squared distances ``d1 = |x_i - x_j|^2`` and
``d2 = |x_k - x_l|^2`` each method minimises

    f(X) = (1/m) sum_q loss(d1_q, d2_q) + lam * ||X||_F^2        (factored form)
    f(K) = (1/m) sum_q loss(d1_q, d2_q) + lam * trace(K)         (Gram form, K = X X^T)

with

* STE [1]_:   ``loss = log(1 + exp(d1 - d2))`` (minus the log-probability of the Gaussian
  kernel model),
* t-STE [1]_: ``loss = log(1 + ((1 + d1/alpha) / (1 + d2/alpha))^((alpha + 1)/2))`` (Student-t
  kernel with ``alpha`` degrees of freedom),
* GNMDS [2]_: ``loss = max(0, margin + d1 - d2)`` (hinge on squared distances).

The factored form optimises X with L-BFGS; value and gradient are vectorized over the
constraint array (1-D gathers per coordinate, three index columns for triplets) and
scattered with :func:`numpy.bincount`: O(m dim) time and memory per evaluation.  Exponents
below -300 are clipped (a loss or weight under 1e-130 per constraint is evaluated as
exp(-300)), which keeps numpy's ``exp`` off its slow underflow path.  The "-p" form
(``projected=True``) is the variant of Jain, Jamieson & Nowak [3]_ used as baseline in [4]_:
projected gradient descent with backtracking line search on the Gram matrix K, projecting
onto the top-``dim`` eigenvalues (clipped at 0) after each step: O(m + n^3) per step (one
dense eigendecomposition).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._validation import check_dim, check_int, check_nonnegative, check_positive
from ._gram import as_quadruplets as _as_quadruplets
from ._gram import initial_embedding as _initial_X
from ._gram import small_blas as _small_blas
from ._optim import run_lbfgs
from ._progress import public_call
from ._result import EmbeddingResult
from ._runner import BestPoint, run_restarts

if TYPE_CHECKING:
    from .._typing import ArrayLike, FloatArray, Seed
    from ._result import EmbeddingResult

__all__ = ["ste", "tste", "gnmds", "generalization_error", "triplet_objective"]

_KINDS = ("ste", "tste", "gnmds")


# ---------------------------------------------------------------------------------------------
# input handling

# ---------------------------------------------------------------------------------------------
# the loss kernel

def _loss(kind, d1, d2, alpha, margin):
    """Per-constraint loss and its partial derivatives w.r.t. d1 and d2 (vectorized)."""
    from scipy.special import expit

    if kind == "ste":
        z = d1 - d2
        s = expit(z)
        return np.logaddexp(0.0, z), s, -s
    if kind == "tste":
        c = 0.5 * (alpha + 1.0)
        z = c * (np.log1p(d1 / alpha) - np.log1p(d2 / alpha))
        s = expit(z)
        return np.logaddexp(0.0, z), s * c / (alpha + d1), -s * c / (alpha + d2)
    if kind == "dmoe":  # margin-distribution loss (16) of DMOE; ``alpha`` carries nu
        z = margin + d1 - d2  # gamma0 - gamma
        s = np.where(z > 0, 1.0, -alpha)
        return np.maximum(z, 0.0) + alpha * np.maximum(-z, 0.0), s, -s
    # gnmds
    z = margin + d1 - d2
    s = (z > 0).astype(np.float64)
    return np.maximum(z, 0.0), s, -s


_EXP_FLOOR = 300.0  # exp(-300) ~ 5e-131: no underflow, no denormal products


class _FactoredKernel:
    """Objective and gradient of the factored form, ``X -> (f, grad)``: O(m dim) per call.

    Built once per solve.  The index columns are kept as contiguous 1-D arrays (a 1-D
    ``take`` is several times faster than a row gather ``X[idx]`` of an (n, dim) array) and
    triplets, the quadruplets ``(i, j, i, k)``, use three index columns instead of four.
    A call works on 1-D float64 arrays of length m, one column of X at a time: gathers and
    differences, squared distances, two ``exp`` per constraint (plus a ``log`` for t-STE)
    for the loss and its derivatives, and per column three (four for quadruplets)
    ``np.bincount`` scatters.  For GNMDS the scatter visits only the active hinges once they
    are fewer than half of the constraints.  The O(m dim) work arrays are allocated once and
    reused: fresh arrays of this size cost ~2,000 page faults per call, as much time as the
    arithmetic.  Indices are validated before (``take(mode="clip")`` never clips).
    """

    def __init__(self, Q, kind, alpha, margin, lam):
        Q = np.asarray(Q)
        self.m = Q.shape[0]
        self.kind, self.alpha, self.margin, self.lam = kind, alpha, margin, lam
        self.triplet = bool(np.array_equal(Q[:, 0], Q[:, 2]))
        cols = (0, 1, 3) if self.triplet else (0, 1, 2, 3)
        self.idx = tuple(np.ascontiguousarray(Q[:, c], dtype=np.intp) for c in cols)
        self._work = None

    def _workspace(self, dim):
        """``(U, V, B, mask)``: U, V of shape (dim, m); the rows of B (5, m) hold gathers,
        then z and w1 (row 0); gathers, then e (row 1); d1, then alpha + d1 (row 2); d2,
        then alpha + d2 and w2 (row 3); scratch (row 4).  A boolean mask for GNMDS."""
        if self._work is None or self._work[0].shape[0] != dim:
            m = self.m
            self._work = (np.empty((dim, m)), np.empty((dim, m)), np.empty((5, m)),
                          np.empty(m, dtype=bool))
        return self._work

    def _diffs(self, XT):
        """``U[t] = x_a - x_b``, ``V[t] = x_c - x_d`` (column t of X) and the squared
        distances ``d1 = |x_a - x_b|^2``, ``d2 = |x_c - x_d|^2`` (views of the workspace)."""
        dim = XT.shape[0]
        U, V, B, _ = self._workspace(dim)
        ta, tb, d1, d2 = B[:4]
        if self.triplet:
            a, b, d = self.idx
        else:
            a, b, c, d = self.idx
        for t in range(dim):
            xt = XT[t]
            xt.take(a, out=ta, mode="clip")
            xt.take(b, out=tb, mode="clip")
            np.subtract(ta, tb, out=U[t])
            if not self.triplet:
                xt.take(c, out=ta, mode="clip")
            xt.take(d, out=tb, mode="clip")
            np.subtract(ta, tb, out=V[t])
        np.square(U[0], out=d1)
        np.square(V[0], out=d2)
        for t in range(1, dim):
            d1 += np.square(U[t], out=ta)
            d2 += np.square(V[t], out=ta)
        return U, V, d1, d2

    def _loss(self, d1, d2):
        """``(sum of the losses, w1, w2)`` with ``w1 = dloss/dd1 >= 0`` and
        ``w2 = -dloss/dd2 >= 0`` per constraint; for GNMDS with fewer than half of the hinges
        active ``(sum, None, indices of the active ones)`` (there ``w1 = w2 = 1``).
        Overwrites d1 and d2 (workspace rows)."""
        _, _, B, mask = self._work
        z, tmp = B[0], B[1]
        if self.kind == "gnmds":
            np.subtract(d1, d2, out=z)
            z += self.margin
            np.greater(z, 0.0, out=mask)
            if 2 * np.count_nonzero(mask) < z.size:
                act = np.flatnonzero(mask)
                return float(z.take(act).sum()), None, act
            total = float(np.maximum(z, 0.0, out=tmp).sum())
            np.copyto(z, mask)
            return total, z, z
        if self.kind == "ste":
            np.subtract(d1, d2, out=z)
        else:  # tste: z = c log((alpha + d1) / (alpha + d2))
            c = 0.5 * (self.alpha + 1.0)
            A1 = np.add(d1, self.alpha, out=d1)
            A2 = np.add(d2, self.alpha, out=d2)
            np.divide(A1, A2, out=z)
            np.log(z, out=z)
            if c != 1.0:
                z *= c
        # softplus(z) = max(z, 0) + log1p(e), sigmoid(z) = exp(min(z, 0)) / (1 + e) with
        # e = exp(-|z|).  Exponents are clipped at -_EXP_FLOOR: below it exp is no longer
        # exact but tiny (< 1e-130 per constraint), while underflowing or denormal values
        # would take numpy's exp and multiplications through a slow path (10-100x).
        e = np.abs(z, out=tmp)
        np.minimum(e, _EXP_FLOOR, out=e)
        np.negative(e, out=e)
        np.exp(e, out=e)
        spare = B[4]
        total = float(np.maximum(z, 0.0, out=spare).sum())
        total += float(np.log1p(e, out=spare).sum())
        e += 1.0
        np.clip(z, -_EXP_FLOOR, 0.0, out=z)
        np.exp(z, out=z)
        z /= e  # sigmoid(z)
        if self.kind == "ste":
            return total, z, z
        w2 = np.divide(z, A2, out=A2)  # c sigmoid(z) / (alpha + d2)
        w2 *= c
        z /= A1
        z *= c
        return total, z, w2

    def __call__(self, X):
        n, dim = X.shape
        U, V, d1, d2 = self._diffs(np.ascontiguousarray(X.T))
        total, w1, w2 = self._loss(d1, d2)
        if self.triplet:
            a, b, d = self.idx
        else:
            a, b, c, d = self.idx
        if w1 is None:  # GNMDS: scatter the active hinges only (w1 = w2 = 1 there)
            act = w2
            a, b, d = a.take(act), b.take(act), d.take(act)
            if not self.triplet:
                c = c.take(act)
        tmp = self._work[2][4]
        G = np.empty((dim, n))
        for t in range(dim):
            if w1 is None:
                p, q = U[t].take(act), V[t].take(act)
                pq = p - q
            else:
                p = np.multiply(U[t], w1, out=U[t])
                q = np.multiply(V[t], w2, out=V[t])
                pq = np.subtract(p, q, out=tmp)
            # d(loss) = w1 d(d1) - w2 d(d2): grad_a += p, grad_b -= p, grad_c -= q,
            # grad_d += q (times 2 / m below)
            if self.triplet:
                g = np.bincount(a, weights=pq, minlength=n)
            else:
                g = np.bincount(a, weights=p, minlength=n)
                g -= np.bincount(c, weights=q, minlength=n)
            g -= np.bincount(b, weights=p, minlength=n)
            g += np.bincount(d, weights=q, minlength=n)
            G[t] = g
        m = self.m
        f = total / m + self.lam * float(np.sum(X * X))
        grad = G.T * (2.0 / m)
        if self.lam:
            grad += (2.0 * self.lam) * X
        return f, grad


def _value_grad_X(X, Q, kind, alpha, margin, lam):
    """Objective and gradient of the factored form: O(m dim)."""
    return _FactoredKernel(Q, kind, alpha, margin, lam)(X)


def _value_grad_K(K, Q, kind, alpha, margin, lam, want_grad=True):
    """Objective and gradient of the Gram form: O(m + n^2)."""
    n = K.shape[0]
    m = Q.shape[0]
    a, b, c, d = Q.T
    diag = np.diag(K)
    d1 = diag[a] + diag[b] - 2.0 * K[a, b]
    d2 = diag[c] + diag[d] - 2.0 * K[c, d]
    loss, w1, w2 = _loss(kind, d1, d2, alpha, margin)
    f = float(loss.sum() / m + lam * np.trace(K))
    if not want_grad:
        return f, None
    w1 = w1 / m
    w2 = w2 / m
    idx = np.concatenate([a * n + a, b * n + b, a * n + b, b * n + a,
                          c * n + c, d * n + d, c * n + d, d * n + c])
    vals = np.concatenate([w1, w1, -w1, -w1, w2, w2, -w2, -w2])
    grad = np.bincount(idx, weights=vals, minlength=n * n).reshape(n, n)
    grad[np.diag_indices(n)] += lam
    return f, grad


def triplet_objective(
    X: ArrayLike,
    constraints: ArrayLike,
    kind: str = "ste",
    *,
    alpha: float = 1.0,
    margin: float = 1.0,
    lam: float = 0.0,
    return_grad: bool = False,
) -> float | tuple[float, FloatArray]:
    """Objective (and gradient) of STE / t-STE / GNMDS at configuration ``X``.

    Parameters
    ----------
    X : array_like, shape (n, dim)
    constraints : array_like, shape (m, 3) or (m, 4)
        Triplets ``(i, j, k)``: ``d(i,j) < d(i,k)``; quadruplets ``(i, j, k, l)``:
        ``d(i,j) < d(k,l)``.
    kind : {"ste", "tste", "gnmds"}
    alpha, margin, lam : float
        t-STE degrees of freedom, GNMDS margin, weight of ``||X||_F^2``.
    return_grad : bool

    Returns
    -------
    f : float
    grad : ndarray, shape (n, dim)
        Only with ``return_grad=True``.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed.ste import triplet_objective
    >>> X = np.array([[0.0], [1.0], [3.0]])
    >>> round(triplet_objective(X, [[0, 1, 2]], "ste"), 6)  # log(1 + exp(1 - 9))
    0.000335
    >>> triplet_objective(X, [[0, 2, 1]], "gnmds")  # max(0, 1 + 9 - 1)
    9.0
    """
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {_KINDS}, got {kind!r}")
    X = np.asarray(X, dtype=np.float64)
    if X.ndim == 1:
        X = X[:, None]
    Q, _, _ = _as_quadruplets(constraints, X.shape[0])
    if Q.shape[0] == 0:
        raise ValueError("constraints is empty")
    f, grad = _value_grad_X(X, Q, kind, float(alpha), float(margin), float(lam))
    return (f, grad) if return_grad else f


# ---------------------------------------------------------------------------------------------
# solvers

class _XEvaluator(BestPoint):
    def __init__(self, Q, kind, alpha, margin, lam):
        super().__init__()
        self.kernel = _FactoredKernel(Q, kind, alpha, margin, lam)

    def __call__(self, X):
        f, grad = self.kernel(X)
        self.record(f, X)
        return f, grad


def _project_top(M, p):
    """Nearest PSD matrix of rank <= p (top-p eigenvalues clipped at 0) and its factor."""
    M = 0.5 * (M + M.T)
    n = M.shape[0]
    if 3 * p < n:
        from scipy.linalg import eigh

        w, V = eigh(M, subset_by_index=(n - p, n - 1))
    else:
        w, V = np.linalg.eigh(M)
        w, V = w[-p:], V[:, -p:]
    w = np.maximum(w, 0.0)
    Y = V * np.sqrt(w)
    return Y @ Y.T, Y[:, ::-1]


def _stop_rule(history, tol, window=10):
    """Decrease of the objective over the last ``window`` iterations below
    ``tol * window * max(f, 1)``: the objective is a mean loss per constraint (in nats for
    STE / t-STE), so below 1 the test is on its absolute decrease, as scipy's ``ftol``.
    (Unregularised STE on separable triplets decreases forever as the scale grows; a purely
    relative rule would never stop.)"""
    if len(history) <= window:
        return len(history) > 1 and history[-1] == 0.0
    old, new = history[-1 - window], history[-1]
    return new == 0.0 or (old - new) <= tol * window * max(abs(new), 1.0)


def _run_projected(K0, Q, kind, alpha, margin, lam, p, max_iter, tol, progress):
    """Projected gradient descent with Armijo backtracking on the Gram matrix."""
    K, Y = _project_top(K0, p)
    f, G = _value_grad_K(K, Q, kind, alpha, margin, lam)
    history = [f]
    step = 1.0 / max(np.abs(G).sum(axis=1).max(), 1e-12)  # 1 / Gershgorin bound
    converged = False
    n_iter = 0
    for n_iter in range(1, max_iter + 1):  # noqa: B007
        accepted = False
        for _ in range(40):
            Kn, Yn = _project_top(K - step * G, p)
            D = Kn - K
            fn, _ = _value_grad_K(Kn, Q, kind, alpha, margin, lam, want_grad=False)
            if fn <= f + np.sum(G * D) + np.sum(D * D) / (2.0 * step):
                accepted = True
                break
            step *= 0.5
        if not accepted or np.sum(D * D) <= 1e-30 * max(np.sum(K * K), 1e-300):
            converged = True  # no descent step left: (numerically) stationary
            break
        K, Y = Kn, Yn
        f, G = _value_grad_K(K, Q, kind, alpha, margin, lam)
        history.append(f)
        progress.update(f)
        step *= 1.5
        if _stop_rule(history, tol):
            converged = True
            break
        if progress.out_of_time():
            break
    return K, Y, f, n_iter, converged, history


def _triplet_embed(kind, constraints, n_objects, dim, init, projected, max_iter, tol,
                   max_time, seed, verbose, alpha=1.0, margin=1.0, lam=0.0):
    from .._memory import check_constraint_sizes, triplet_memory
    from ..utils import as_generator

    dim = check_dim(dim)
    max_iter = check_int(max_iter, "max_iter", minimum=0)
    tol = check_nonnegative(tol, "tol")
    lam = check_nonnegative(lam, "lam")
    check_positive(max_time, "max_time", allow_none=True)
    if not isinstance(projected, (bool, np.bool_)):
        raise TypeError(f"projected must be a bool, got {projected!r}")
    Q, n, _ = _as_quadruplets(constraints, n_objects)
    if Q.shape[0] == 0:
        raise ValueError("constraints is empty: nothing to embed")
    check_constraint_sizes(kind, Q, n, dim, n_objects_given=n_objects is not None,
                           init_given=init is not None)
    triplet_memory(kind, n, dim, Q.shape[0], projected=projected).check(verbose)
    rng = as_generator(seed)
    X0 = _initial_X(init, n, dim, rng)
    name = f"{kind}-p" if projected else kind

    class _Run:
        def __init__(self, r):
            self.ev = None
            self.K = self.Y = self.f = None

        def solve(self, progress):
            if projected:
                with _small_blas(n):
                    self.K, self.Y, self.f, n_iter, conv, hist = _run_projected(
                        X0 @ X0.T, Q, kind, alpha, margin, lam, dim, max_iter, tol, progress)
                return n_iter, conv, hist
            self.ev = _XEvaluator(Q, kind, alpha, margin, lam)
            # STE's own stopping rule; no "small objective" test; only a failed line search
            # (status 2) counts as a stationary end
            return run_lbfgs(self.ev, X0, max_iter, tol, progress, f_small=-np.inf,
                             stop=_stop_rule, stationary=(2,))

        def result(self, n_iter, conv, hist, interrupted):
            info = {"n_constraints": int(Q.shape[0])}
            ev = self.ev
            if ev is not None and ev.best_X is not None:  # the best evaluated configuration
                X, f = ev.best_X, ev.best_f
            elif interrupted:
                X, f = X0, np.nan
            elif ev is not None:
                X, f = X0, ev.kernel(X0)[0]
            else:
                X, f = self.Y, self.f
                info["gram"] = self.K
            if ev is not None and not interrupted:
                info["n_eval"] = ev.n_eval
            return EmbeddingResult(np.asarray(X, dtype=np.float64), float(f), int(n_iter),
                                   bool(conv), hist, name, info)

    return run_restarts(name, 1, _Run, max_iter=max_iter, verbose=verbose, max_time=max_time)


_COMMON_DOC = """
    Parameters
    ----------
    constraints : array_like of int, shape (m, 3) or (m, 4)
        Triplets ``(i, j, k)`` meaning ``d(i, j) < d(i, k)`` (cblearn's "list-order") or
        quadruplets ``(i, j, k, l)`` meaning ``d(i, j) < d(k, l)``.
    n_objects : int, optional
        Number of objects (default: largest index + 1).
    dim : int, default 2
        Embedding dimension (the rank ``p`` of the Gram matrix in the projected form).
    init : array_like, shape (n_objects, dim), optional
        Starting configuration (default: ``0.1 * N(0, I)``); never modified.
    projected : bool, default False
        ``False``: L-BFGS on X.  ``True``: the "-p" form, projected gradient with line
        search on the Gram matrix, projected onto its top-``dim`` eigenvalues each step.
    max_iter : int
    tol : float, default 1e-6
        The solver stops when the objective (a mean loss per constraint) decreased by less
        than ``10 * tol * max(f, 1)`` over the last 10 iterations.
    max_time : float, optional
        Seconds allowed.
    seed : int, numpy Generator or RandomState, optional
        Seed of the random initialisation.
    verbose : bool
        Show a progress bar.
"""

_RETURNS_DOC = """
    Returns
    -------
    EmbeddingResult
        ``embedding`` of shape (n_objects, dim); in the projected form ``info["gram"]`` holds
        the Gram matrix.

    Raises
    ------
    ValueError
        Malformed constraints (shape, negative / out-of-range index, repeated object), an
        empty constraint array, bad parameter values, an ``init`` of the wrong shape.
    TypeError
        Non-integer constraints or parameters of the wrong type.
"""


@public_call
def ste(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    init: ArrayLike | None = None,
    projected: bool = False,
    lam: float = 0.0,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    seed: Seed = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """Stochastic Triplet Embedding (STE) of van der Maaten & Weinberger [1]_.

    Minimises ``(1/m) sum log(1 + exp(d_ij^2 - d_ik^2)) + lam ||X||^2``, minus the mean
    log-likelihood of the Gaussian-kernel (Bradley-Terry) model
    ``P(d_ij < d_ik) = exp(-d_ij^2) / (exp(-d_ij^2) + exp(-d_ik^2))``.
    {common}
    lam : float, default 0
        Weight of ``||X||_F^2`` (``trace(K)`` in the projected form).
    {returns}
    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import random_triplets, orient_triplets
    >>> from nx_ordinal.embed.ste import ste, generalization_error
    >>> rng = np.random.default_rng(0)
    >>> P = rng.standard_normal((30, 2))
    >>> T = orient_triplets(random_triplets(30, 3000, seed=1), P)
    >>> res = ste(T, dim=2, seed=0)
    >>> res.embedding.shape, generalization_error(T, res.embedding) < 0.05
    ((30, 2), True)

    Notes
    -----
    Factored form: O(m dim) per L-BFGS evaluation (``np.bincount`` scatter of the
    per-constraint gradients).  Projected form: O(m + n^2 dim) per step plus a partial
    eigendecomposition, O(n^2) memory.

    References
    ----------
    .. [1] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding."
       IEEE MLSP 2012.
    .. [2] Jain, L., Jamieson, K. and Nowak, R. "Finite sample prediction and recovery bounds
       for ordinal embedding." NeurIPS 2016 (the projected "-p" optimiser).
    """
    return _triplet_embed("ste", constraints, n_objects, dim, init, projected, max_iter, tol,
                          max_time, seed, verbose, lam=lam)


@public_call
def tste(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    alpha: float | None = None,
    init: ArrayLike | None = None,
    projected: bool = False,
    lam: float = 0.0,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    seed: Seed = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """t-distributed Stochastic Triplet Embedding (t-STE) of van der Maaten & Weinberger [1]_.

    Student-t kernel ``k(d) = (1 + d^2/alpha)^(-(alpha+1)/2)``; minimises
    ``(1/m) sum -log(k(d_ij) / (k(d_ij) + k(d_ik))) + lam ||X||^2``.
    {common}
    alpha : float, optional
        Degrees of freedom of the Student-t kernel; default ``max(dim - 1, 1)`` as in [1]_.
    lam : float, default 0
        Weight of ``||X||_F^2`` (``trace(K)`` in the projected form).
    {returns}
    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import random_triplets, orient_triplets
    >>> from nx_ordinal.embed.ste import tste, generalization_error
    >>> rng = np.random.default_rng(0)
    >>> P = rng.standard_normal((30, 2))
    >>> T = orient_triplets(random_triplets(30, 3000, seed=1), P)
    >>> res = tste(T, dim=2, seed=0)
    >>> generalization_error(T, res.embedding) < 0.1
    True

    Notes
    -----
    Same costs as :func:`ste`.

    References
    ----------
    .. [1] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding."
       IEEE MLSP 2012.
    """
    dim_ = check_dim(dim)
    alpha = float(max(dim_ - 1, 1)) if alpha is None else check_positive(alpha, "alpha")
    return _triplet_embed("tste", constraints, n_objects, dim_, init, projected, max_iter, tol,
                          max_time, seed, verbose, alpha=float(alpha), lam=lam)


@public_call
def gnmds(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    margin: float = 1.0,
    lam: float = 0.0,
    init: ArrayLike | None = None,
    projected: bool = False,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    seed: Seed = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """Generalized Non-metric Multidimensional Scaling (GNMDS) of Agarwal et al. [1]_.

    Minimises ``(1/m) sum max(0, margin + d_ij^2 - d_ik^2) + lam ||X||^2`` (hinge on
    squared distances; in the projected form the regulariser is ``lam trace(K)``, the
    paper's convex relaxation with the rank constraint of [2]_).
    {common}
    margin : float, default 1
        Required gap between the squared distances.
    lam : float, default 0
        Weight of ``||X||_F^2`` (``trace(K)`` in the projected form); it trades the scale
        of the solution against the number of active hinges (0, as in cblearn: the margin
        alone sets the scale).
    {returns}
    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import random_triplets, orient_triplets
    >>> from nx_ordinal.embed.ste import gnmds, generalization_error
    >>> rng = np.random.default_rng(0)
    >>> P = rng.standard_normal((30, 2))
    >>> T = orient_triplets(random_triplets(30, 3000, seed=1), P)
    >>> res = gnmds(T, dim=2, seed=0)
    >>> generalization_error(T, res.embedding) < 0.05
    True

    Notes
    -----
    The hinge is not differentiable at the margin; L-BFGS uses its subgradient (the
    indicator of active constraints), which works well in practice.  Same costs as
    :func:`ste`.

    References
    ----------
    .. [1] Agarwal, S. et al. "Generalized non-metric multidimensional scaling." AISTATS 2007.
    .. [2] Jain, L., Jamieson, K. and Nowak, R. "Finite sample prediction and recovery bounds
       for ordinal embedding." NeurIPS 2016.
    """
    margin = check_positive(margin, "margin")
    return _triplet_embed("gnmds", constraints, n_objects, dim, init, projected, max_iter, tol,
                          max_time, seed, verbose, margin=float(margin), lam=lam)


for _f in (ste, tste, gnmds):
    _f.__doc__ = (_f.__doc__ or "").replace("{common}", "\n    " + _COMMON_DOC.strip()).replace(
        "{returns}", _RETURNS_DOC.strip() + "\n")
del _f


def generalization_error(constraints_test: ArrayLike, X: ArrayLike) -> float:
    """Fraction of held-out constraints violated by embedding ``X`` (ties count as violated).

    Parameters
    ----------
    constraints_test : array_like, shape (m, 3) or (m, 4)
        Test triplets / quadruplets in list-order.
    X : array_like, shape (n, dim)

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed.ste import generalization_error
    >>> generalization_error([[0, 1, 2], [2, 0, 1]], np.array([[0.0], [1.0], [3.0]]))
    0.5

    Notes
    -----
    O(m dim); the measure of Table 1 of Ma et al. (AAAI 2019).
    """
    from ..constraints import triplet_error

    return triplet_error(constraints_test, X)
