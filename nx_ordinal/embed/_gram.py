"""The triplet machinery shared by STE / t-STE / GNMDS (:mod:`.ste`) and DMOE (:mod:`.dmoe`).

A constraint ``q = (a, b, c, d)`` says ``d(a, b) < d(c, d)`` (a triplet ``(i, j, k)`` is the
quadruplet ``(i, j, i, k)``); with squared distances ``d1 = |x_a - x_b|^2`` and
``d2 = |x_c - x_d|^2`` each method minimises the mean of a loss ``l(d1, d2)`` plus a
regulariser.  The loss is *passed in*: a :class:`TripletLoss` object defined with its method
(STE, t-STE and GNMDS in :mod:`.ste`, DMOE's margin-distribution loss in :mod:`.dmoe`).
Here, for any such loss:

* :func:`as_quadruplets`, :func:`initial_embedding`, :func:`small_blas` -- constraint input,
  the random start, the BLAS threads of the dense eigendecompositions;
* :class:`FactoredKernel` -- value and gradient of the factored form
  ``(1/m) sum_q l + lam ||X||_F^2`` in O(m dim);
* :func:`value_grad_K` -- value and gradient of the Gram form
  ``(1/m) sum_q l + lam trace(K)`` in O(m + n^2);
* :func:`project_top`, :class:`ProjectedRun` -- the "-p" solver: projected gradient descent
  with backtracking on the Gram matrix, projected onto its top-``p`` eigenvalues, one run of
  :func:`~nx_ordinal._core.runner.run_restarts`;
* :func:`mean_loss_stop` -- the stopping rule of an objective that is a mean loss per
  constraint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from scipy.linalg import eigh

from .._core.optim import stop_rule
from .._core.progress import dense_blas
from .._core.validation import check_init
from ..constraints import check_constraints, triplets_to_quadruplets

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .._core.typing import ArrayLike, FloatArray, IntArray

__all__ = ["as_quadruplets", "initial_embedding", "small_blas", "TripletLoss", "FactoredKernel",
           "value_grad_K", "project_top", "mean_loss_stop", "ProjectedRun"]


def as_quadruplets(
    constraints: ArrayLike, n_objects: int | None, name: str = "constraints"
) -> tuple[IntArray, int, bool]:
    """Validate and return ``(Q, n, was_triplets)`` with Q of shape (m, 4)."""

    C, n = check_constraints(constraints, n_objects, name=name)
    was_triplets = C.shape[1] == 3
    Q = triplets_to_quadruplets(C) if was_triplets else C
    return np.ascontiguousarray(Q, dtype=np.int64), n, was_triplets


def initial_embedding(
    init: ArrayLike | None, n: int, dim: int, rng: np.random.Generator, scale: float = 0.1
) -> FloatArray:
    """Start configuration: ``init`` checked to shape (n, dim), else ``scale`` times a
    standard normal draw from ``rng``."""
    if init is None:
        return scale * rng.standard_normal((n, dim))
    return check_init(init, n, dim)


def small_blas(n: int) -> Any:
    """BLAS threads for the dense eigendecompositions of the Gram forms: one below a few
    hundred rows (threads only add overhead there), else the caller's count
    (:func:`nx_ordinal._core.progress.dense_blas`)."""

    return dense_blas(n)


# ---------------------------------------------------------------------------------------------
# the loss: passed in by each method


class TripletLoss:
    """A loss ``l(d1, d2)`` per constraint on the squared distances ``d1 = |x_a - x_b|^2``
    and ``d2 = |x_c - x_d|^2`` of the constraint's two pairs (the first should be the
    shorter).  A method defines a subclass with :meth:`terms`; :meth:`weights` may be
    overridden by an in-place version (the factored kernel calls it once per evaluation).
    """

    def terms(self, d1: FloatArray, d2: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
        """``(l, dl/dd1, dl/dd2)``, arrays of the constraints' length; O(m)."""
        raise NotImplementedError

    def weights(self, d1: FloatArray, d2: FloatArray, B: FloatArray,
                mask: Any) -> tuple[float, Any, Any]:
        """``(sum of l, w1, w2)`` with ``w1 = dl/dd1``, ``w2 = -dl/dd2`` per constraint, or
        ``(sum of l, None, active)``: ``w1 = w2 = 1`` on the constraints of index array
        ``active``, 0 elsewhere.

        ``d1`` and ``d2`` are rows 2 and 3 of the work array ``B`` (shape (5, m)) and may be
        overwritten, as may rows 0 and 1; ``w1`` and ``w2`` may be views of rows 0 to 3 (row
        4 is the kernel's).  ``mask`` is a boolean work array of length m.  This default
        calls :meth:`terms`; O(m).
        """
        loss, g1, g2 = self.terms(d1, d2)
        return float(loss.sum()), g1, -g2


# ---------------------------------------------------------------------------------------------
# the two forms of the objective


class FactoredKernel:
    """Objective and gradient of the factored form, ``X -> (f, grad)``: O(m dim) per call.

    ``f(X) = (1/m) sum_q loss(d1_q, d2_q) + lam ||X||_F^2`` for the constraints ``Q`` (shape
    (m, 4)) and a :class:`TripletLoss`.  Built once per solve.  The index columns are kept as
    contiguous 1-D arrays (a 1-D ``take`` is several times faster than a row gather
    ``X[idx]`` of an (n, dim) array) and triplets, the quadruplets ``(i, j, i, k)``, use
    three index columns instead of four.  A call works on 1-D float64 arrays of length m,
    one column of X at a time: gathers and differences, squared distances, the loss's
    :meth:`~TripletLoss.weights`, and per column three (four for quadruplets)
    ``np.bincount`` scatters (only over the active constraints when the loss returns
    them, as GNMDS does once its active hinges are fewer than half).  The O(m dim) work
    arrays are allocated once and reused: fresh arrays of this size cost ~2,000 page faults
    per call, as much time as the arithmetic.  Indices are validated before
    (``take(mode="clip")`` never clips).
    """

    def __init__(self, Q: ArrayLike, loss: TripletLoss, lam: float) -> None:
        Q = np.asarray(Q)
        self.m = Q.shape[0]
        self.loss, self.lam = loss, lam
        self.triplet = bool(np.array_equal(Q[:, 0], Q[:, 2]))
        cols = (0, 1, 3) if self.triplet else (0, 1, 2, 3)
        self.idx = tuple(np.ascontiguousarray(Q[:, c], dtype=np.intp) for c in cols)
        self._work: tuple[FloatArray, FloatArray, FloatArray, Any] | None = None

    def _workspace(self, dim: int) -> tuple[FloatArray, FloatArray, FloatArray, Any]:
        """``(U, V, B, mask)``: U, V of shape (dim, m); B (5, m): rows 0 and 1 gathers,
        rows 2 and 3 the squared distances, then the loss's (:meth:`TripletLoss.weights`),
        row 4 scratch; a boolean mask of length m."""
        if self._work is None or self._work[0].shape[0] != dim:
            m = self.m
            self._work = (np.empty((dim, m)), np.empty((dim, m)), np.empty((5, m)),
                          np.empty(m, dtype=bool))
        return self._work

    def _diffs(self, XT: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
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

    def __call__(self, X: FloatArray) -> tuple[float, FloatArray]:
        n, dim = X.shape
        U, V, d1, d2 = self._diffs(np.ascontiguousarray(X.T))
        _, _, B, mask = self._workspace(dim)
        total, w1, w2 = self.loss.weights(d1, d2, B, mask)
        if self.triplet:
            a, b, d = self.idx
        else:
            a, b, c, d = self.idx
        if w1 is None:  # only the active constraints, with w1 = w2 = 1
            act = w2
            a, b, d = a.take(act), b.take(act), d.take(act)
            if not self.triplet:
                c = c.take(act)
        tmp = B[4]
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


def value_grad_K(K: FloatArray, Q: IntArray, loss: TripletLoss, lam: float,
                 want_grad: bool = True) -> tuple[float, FloatArray | None]:
    """Objective ``(1/m) sum_q loss(d1_q, d2_q) + lam trace(K)`` of the Gram form and its
    gradient (``None`` with ``want_grad=False``), for the constraints ``Q`` of shape (m, 4):
    O(m + n^2)."""
    n = K.shape[0]
    m = Q.shape[0]
    a, b, c, d = Q.T
    diag = np.diag(K)
    d1 = diag[a] + diag[b] - 2.0 * K[a, b]
    d2 = diag[c] + diag[d] - 2.0 * K[c, d]
    terms, w1, w2 = loss.terms(d1, d2)
    f = float(terms.sum() / m + lam * np.trace(K))
    if not want_grad:
        return f, None
    w1 = w1 / m
    w2 = w2 / m
    idx = np.concatenate([a * n + a, b * n + b, a * n + b, b * n + a,
                          c * n + c, d * n + d, c * n + d, d * n + c])
    vals = np.concatenate([w1, w1, -w1, -w1, w2, w2, -w2, -w2])
    grad = np.asarray(np.bincount(idx, weights=vals, minlength=n * n), dtype=np.float64)
    grad = grad.reshape(n, n)
    grad[np.diag_indices(n)] += lam
    return f, grad


# ---------------------------------------------------------------------------------------------
# the "-p" solver


def project_top(M: FloatArray, p: int) -> tuple[FloatArray, FloatArray]:
    """Nearest PSD matrix of rank <= p (top-p eigenvalues clipped at 0) and its (n, p) factor:
    O(n^2 p) with a partial eigendecomposition when ``3 p < n``, else O(n^3)."""
    M = 0.5 * (M + M.T)
    n = M.shape[0]
    if 3 * p < n:

        w, V = eigh(M, subset_by_index=(n - p, n - 1))
    else:
        w, V = np.linalg.eigh(M)
        w, V = w[-p:], V[:, -p:]
    w = np.maximum(w, 0.0)
    Y = V * np.sqrt(w)
    return Y @ Y.T, Y[:, ::-1]


def mean_loss_stop(history: Sequence[float], tol: float) -> bool:
    """Stopping rule of an objective that is a mean loss per constraint (in nats for STE /
    t-STE): its decrease over the last 10 iterations below ``10 * tol * max(f, 1)``, so
    below 1 the test is on the absolute decrease
    (:func:`~nx_ordinal._core.optim.stop_rule` with ``floor=1``)."""
    return stop_rule(history, tol, floor=1.0)


class ProjectedRun:
    """One run of the "-p" solver for :func:`~nx_ordinal._core.runner.run_restarts`.

    Projected gradient descent with Armijo backtracking on the Gram matrix K of the
    objective ``(1/m) sum_q loss + lam trace(K)`` (:func:`value_grad_K`), each step projected
    onto the top-``p`` eigenvalues (:func:`project_top`), from ``X0 X0^T``; the step starts
    at 1 / (Gershgorin bound of the gradient), is halved until accepted and grows by 1.5
    after each accepted one.  Stops on :func:`mean_loss_stop`, when no descent step is
    left (converged), after ``max_iter`` steps or when the progress is out of time.  O(m +
    n^2 p) per trial step (a partial eigendecomposition), O(n^2) memory.

    After :meth:`solve` (or an interrupt) ``K``, ``Y`` (the (n, p) factor) and ``f`` are the
    last accepted iterate, ``X0``, ``X0 X0^T`` and NaN before the first evaluation.
    """

    def __init__(self, X0: FloatArray, Q: IntArray, loss: TripletLoss, lam: float, p: int,
                 max_iter: int, tol: float) -> None:
        self.Q, self.loss, self.lam, self.p = Q, loss, lam, p
        self.max_iter, self.tol = max_iter, tol
        self.X0, self.Y, self.K, self.f = X0, X0, X0 @ X0.T, np.nan

    def solve(self, progress: Any) -> tuple[int, bool, list[float]]:
        """Run from ``K = X0 X0^T``; returns ``(n_iter, converged, history)``."""
        with small_blas(self.X0.shape[0]):
            return self._descend(progress)

    def _descend(self, progress: Any) -> tuple[int, bool, list[float]]:
        Q, loss, lam, p, tol = self.Q, self.loss, self.lam, self.p, self.tol
        K, Y = project_top(self.X0 @ self.X0.T, p)
        f, G = value_grad_K(K, Q, loss, lam)
        assert G is not None
        self.K, self.Y, self.f = K, Y, f
        history = [f]
        step = 1.0 / max(np.abs(G).sum(axis=1).max(), 1e-12)  # 1 / Gershgorin bound
        converged = False
        n_iter = 0
        for n_iter in range(1, self.max_iter + 1):  # noqa: B007
            accepted = False
            for _ in range(40):
                Kn, Yn = project_top(K - step * G, p)
                D = Kn - K
                fn, _ = value_grad_K(Kn, Q, loss, lam, want_grad=False)
                if fn <= f + np.sum(G * D) + np.sum(D * D) / (2.0 * step):
                    accepted = True
                    break
                step *= 0.5
            if not accepted or np.sum(D * D) <= 1e-30 * max(np.sum(K * K), 1e-300):
                converged = True  # no descent step left: (numerically) stationary
                break
            K, Y = Kn, Yn
            f, G = value_grad_K(K, Q, loss, lam)
            assert G is not None
            self.K, self.Y, self.f = K, Y, f
            history.append(f)
            progress.update(f)
            step *= 1.5
            if mean_loss_stop(history, tol):
                converged = True
                break
            if progress.out_of_time():
                break
        return n_iter, converged, history
