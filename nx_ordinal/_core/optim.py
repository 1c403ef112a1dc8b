"""Optimisation helpers shared by the ordinal solvers (LOE, SOE, STE / t-STE / GNMDS).

* :func:`stop_rule` -- stopping rule on an objective history: relative and scale-free, or
  absolute below a floor (a mean loss per constraint);
* :func:`run_lbfgs` -- scipy's L-BFGS-B driven by an evaluator ``ev(X) -> (f, grad)`` with
  a pluggable stopping rule (default :func:`stop_rule`), a progress display and a time
  budget;
* :func:`pcg` -- Jacobi-preconditioned conjugate gradients on all columns of a block of
  right-hand sides at once, warm-started at a given point (used by the majorization steps:
  every CG step from the current iterate lowers the quadratic majorizer).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .typing import FloatArray

__all__ = ["stop_rule", "run_lbfgs", "run_mm", "pcg"]


def stop_rule(history: Sequence[float], tol: float, window: int = 10,
              floor: float = 1e-300) -> bool:
    """Decrease of a non-negative objective over the last ``window`` iterations below
    ``tol * window * max(f, floor)``, or an objective of exactly 0.

    With the default ``floor`` the rule is relative (scale-free).  ``floor=1`` suits an
    objective that is a mean loss per constraint (the STE family): below 1 the test is on the
    absolute decrease, as scipy's ``ftol`` (unregularised STE on separable triplets decreases
    forever as the scale grows, so a purely relative rule would never stop).  O(1).
    """
    if len(history) <= window:
        return len(history) > 1 and history[-1] == 0.0
    old, new = history[-1 - window], history[-1]
    if new == 0.0:
        return True
    return (old - new) <= tol * window * max(new, floor)


def run_lbfgs(ev: Callable[..., Any], X0: FloatArray, max_iter: int, tol: float, progress: Any,
              maxcor: int = 20, on_iter: Callable[..., Any] | None = None,
              f_small: float = 0.0, restarts: int = 0,
              stop: Callable[[Sequence[float], float], bool] = stop_rule,
              stationary: tuple[int, ...] = (0, 2),
              start: tuple[float, FloatArray, float] | None = None,
              ) -> tuple[int, bool, list[float]]:
    """Minimise ``ev`` (``X -> (f, grad)``) from ``X0`` by L-BFGS-B.

    Stops on ``stop(history, tol)`` (default :func:`stop_rule`; the STE family passes it
    with ``floor=1``), an objective at most ``f_small`` (converged), ``max_iter``
    iterations, when ``progress.out_of_time()`` -- checked before every evaluation too,
    with the last evaluation's duration ahead, so that a line search does not run past the
    budget by more than the evaluation it is in (the evaluator keeps the best point
    evaluated, which the caller returns) -- or when ``on_iter(it, X, f)``, called after
    every iteration, returns a true value (the caller's own criterion: counted as converged).
    Up to ``restarts`` times, a run that stopped by itself (no decrease, or a failed line
    search) after making progress is
    restarted from its last point with a fresh memory (for objectives that change between
    evaluations, such as a truncated candidate list).  A run that L-BFGS-B ended by itself
    with a status in ``stationary`` before ``max_iter`` and within the time budget counts as
    converged (a numerically stationary point).  ``start``: ``(f, grad, seconds)`` of an
    evaluation of ``X0`` the caller has made already; L-BFGS-B's first evaluation (of
    ``X0``) takes it instead of evaluating again (the same point, the same cost, nothing new).
    Returns ``(n_iter, converged, history)``.
    """
    # imported here: scipy.optimize takes 0.2-0.3 s to import, and a first loe_layout call
    # that draws by t-LOE alone never needs it
    from scipy.optimize import minimize

    n, dim = X0.shape
    history: list[float] = []
    if max_iter == 0:  # scipy's L-BFGS-B takes one step even with maxiter=0
        if start is None:  # the start's objective: the result reports the configuration
            ev(X0)
        return 0, False, history

    cost = [0.0 if start is None else start[2]]  # seconds of the last evaluation
    known = [start]

    def fun(x):
        if known[0] is not None:
            f0, g0, _ = known[0]
            known[0] = None
            if np.array_equal(x, X0.ravel()):
                return f0, np.array(g0, dtype=np.float64).ravel()
        if progress.out_of_time(cost[0]):
            raise _OutOfTime
        t0 = time.perf_counter()
        f, grad = ev(x.reshape(n, dim))
        cost[0] = time.perf_counter() - t0
        return f, grad.ravel()

    converged = [False]

    def callback(intermediate_result):
        f = float(intermediate_result.fun)
        history.append(f)
        progress.update(f)
        stop_now = on_iter is not None and on_iter(len(history),
                                               intermediate_result.x.reshape(n, dim), f)
        if stop_now or f <= f_small or stop(history, tol):
            converged[0] = True
            raise StopIteration
        if progress.out_of_time():
            raise StopIteration

    x = X0.ravel()
    while True:
        done = len(history)
        left = max_iter - done
        try:
            res = minimize(
                fun, x, jac=True, method="L-BFGS-B", callback=callback,
                options=dict(maxiter=left, maxfun=max(2 * left, 100), ftol=0.0, gtol=0.0,
                             maxcor=maxcor),
            )
        except _OutOfTime:
            return len(history), converged[0], history
        if (restarts <= 0 or converged[0] or res.status not in (0, 2) or len(history) == done
                or len(history) >= max_iter or progress.out_of_time()):
            break
        restarts -= 1
        x = res.x
    if res.fun == 0.0:
        converged[0] = True
    if not converged[0] and res.status in stationary and len(history) < max_iter:
        # L-BFGS-B stopped by itself (no relative reduction at all, or the line search could
        # not make progress): a numerically stationary point
        converged[0] = not progress.out_of_time()
    return len(history), converged[0], history


class _OutOfTime(Exception):
    """Raised by :func:`run_lbfgs`'s objective when the next evaluation would end past the
    time budget; caught there."""


def run_mm(
    evaluate: Callable[[FloatArray], tuple[float, Any]],
    step: Callable[[FloatArray, float, Any], FloatArray],
    X0: FloatArray,
    max_iter: int,
    tol: float,
    progress: Any,
    *,
    on_iter: Callable[[int, FloatArray, float], Any] | None = None,
    f_small: float = 0.0,
) -> tuple[int, bool, list[float]]:
    """The majorization (MM) loop of LOE and SOE: ``X = step(Y, f, state)`` minimises the
    method's majorizer at ``Y``, ``(f, state) = evaluate(X)`` gives the objective and what the
    next step needs.

    Stops, converged, when ``f <= f_small``, when the relative decrease ``(f_old - f) /
    f`` is at most ``tol`` (scale-free) or when ``on_iter(it, X, f)`` returns true; stops
    unconverged on ``max_iter`` or when ``progress.out_of_time()``.  Each iteration reports
    ``f`` to ``progress``.  Returns ``(n_iter, converged, history)``, the objective after
    every iteration (the start's excluded).  O(cost of a step and an evaluation) per
    iteration.
    """
    Y = X0
    f, state = evaluate(Y)
    history: list[float] = []
    converged = f <= f_small
    n_iter = 0
    while not converged and n_iter < max_iter:
        X = step(Y, f, state)
        f_new, state = evaluate(X)
        n_iter += 1
        history.append(f_new)
        progress.update(f_new)
        stop = on_iter is not None and on_iter(n_iter, X, f_new)
        Y, f_old, f = X, f, f_new
        if stop or f <= f_small or (f_old - f) <= tol * max(f, 1e-300):
            converged = True
        elif progress.out_of_time():
            break
    return n_iter, converged, history


def pcg(M: Callable[[FloatArray], FloatArray], rhs: FloatArray, X0: FloatArray,
        diag: FloatArray, n_iter: int) -> FloatArray:
    """Jacobi-preconditioned CG for ``M X = rhs`` (all columns at once) started at ``X0``.

    ``M`` is a callable applying a symmetric positive semi-definite operator to an (n, p)
    block, ``diag`` its diagonal (positive).  At most ``n_iter`` steps; stops early when the
    residual has dropped by 1e-10.  Each step decreases the quadratic
    ``tr(X^T M X) / 2 - tr(X^T rhs)`` (CG minimises it over growing Krylov spaces around
    ``X0``), so the result is never worse than ``X0``.  Returns a new array.
    """
    X = X0.copy()
    R = rhs - M(X)
    Z = R / diag[:, None]
    P = Z.copy()
    rz = np.sum(R * Z, axis=0)
    r0 = np.sqrt(np.sum(R * R))
    for _ in range(n_iter):
        if np.sqrt(np.sum(R * R)) <= 1e-10 * max(r0, 1e-300):
            break
        MP = M(P)
        pMp = np.sum(P * MP, axis=0)
        alpha = np.where(pMp > 0, rz / np.where(pMp > 0, pMp, 1.0), 0.0)
        X += alpha[None, :] * P
        R -= alpha[None, :] * MP
        Z = R / diag[:, None]
        rz_new = np.sum(R * Z, axis=0)
        beta = np.where(rz > 0, rz_new / np.where(rz > 0, rz, 1.0), 0.0)
        P = Z + beta[None, :] * P
        rz = rz_new
    return X
