"""The restart loop shared by the iterative ordinal solvers (LOE, SOE, STE family, DMOE).

* :class:`BestPoint` -- remembers the lowest objective evaluated and a copy of its point,
  the base of every solver's evaluator (a line search may end on a worse point than one it
  tried, and Ctrl-C must return the best configuration seen so far);
* :func:`run_restarts` -- runs ``n_init`` attempts, each with its own :class:`Progress`
  labelled by :func:`run_label`; turns Ctrl-C into the best result so far plus an
  :class:`~nx_ordinal.exceptions.InterruptedWarning`, warns through
  :func:`warn_not_converged`, keeps the best :class:`EmbeddingResult` and records every
  run's objective in ``info["restart_objectives"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .progress import Progress, run_label, warn_interrupted, warn_not_converged

if TYPE_CHECKING:
    from collections.abc import Callable

    from .result import EmbeddingResult
    from .typing import FloatArray

__all__ = ["BestPoint", "run_restarts"]


class BestPoint:
    """Counts evaluations and keeps the best ``(f, X)`` seen (``record(f, X)``).

    ``best_X`` is ``None`` until the first evaluation; it is a float64 copy, so later
    in-place changes of the caller's array do not affect it.  O(n dim) per improvement.
    """

    def __init__(self) -> None:
        self.best_f: float = np.inf
        self.best_X: FloatArray | None = None
        self.n_eval = 0

    def record(self, f: float, X: FloatArray) -> None:
        """Count one evaluation of value ``f`` at ``X``; keep it if it is the best so far."""
        self.n_eval += 1
        if f < self.best_f:
            self.best_f = f
            self.best_X = np.array(X, dtype=np.float64, copy=True)


def _lower(res: EmbeddingResult, best: EmbeddingResult) -> bool:
    return res.objective < best.objective


def run_restarts(name: str, n_init: int, attempt: Callable[[int], Any], *, max_iter: int,
                 verbose: bool | int, max_time: float | None,
                 better: Callable[[EmbeddingResult, EmbeddingResult], bool] | None = None,
                 budget_stop: bool = False) -> EmbeddingResult:
    """Run ``attempt(r).solve`` for ``r = 0 .. n_init - 1`` and return the best result.

    Parameters
    ----------
    name : str
        The method's name in progress labels and warnings.
    n_init : int
        Number of runs (at least 1).
    attempt : callable
        ``attempt(r)`` builds run ``r`` (its start, its evaluator) and returns an object
        with ``solve(progress) -> (n_iter, converged, history)`` (which may raise
        KeyboardInterrupt) and ``result(n_iter, converged, history, interrupted)``
        returning the run's :class:`EmbeddingResult` (after an interrupt ``n_iter`` is the
        progress count and ``history`` empty: a run that keeps its own state reports
        from it).
    max_iter, verbose, max_time
        The solver's settings, for :class:`Progress` and the convergence warning (none
        when ``max_iter == 0``).
    better : callable, optional
        ``better(res, best)``: whether ``res`` replaces ``best`` (default: lower objective).
    budget_stop : bool, default False
        ``max_iter`` is an intended early stop (a regulariser): no convergence warning for
        a run that used all of it (one stopped by ``max_time`` still warns).

    Returns
    -------
    EmbeddingResult
        The best run's result, with ``info["restart_objectives"]`` the objectives of the
        runs made.  Ctrl-C ends the loop: the best result so far (the interrupted run
        included) is returned with an InterruptedWarning that gives its ``n_iter``.

    Notes
    -----
    O(n_init) bookkeeping around the solver's own cost.
    """
    better = _lower if better is None else better
    best: EmbeddingResult | None = None
    runs: list[Any] = []
    for r in range(n_init):
        run = attempt(r)
        progress = Progress(max_iter, verbose, run_label(name, r, n_init), max_time=max_time)
        interrupted = False
        try:
            n_iter, conv, hist = run.solve(progress)
        except KeyboardInterrupt:
            interrupted = True
            n_iter, conv, hist = progress.count, False, []
        finally:
            progress.close()
        res = run.result(n_iter, conv, hist, interrupted)
        runs.append(res.objective)
        if best is None or better(res, best):
            best = res
        if interrupted:
            warn_interrupted(name, res.n_iter)
            break
        if not conv and max_iter > 0 and not (budget_stop and n_iter == max_iter):
            warn_not_converged(name, res.history, progress)
    assert best is not None  # n_init >= 1 runs
    best.info["restart_objectives"] = runs
    return best
