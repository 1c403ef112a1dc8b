"""The GARI selection of ``loe_layout(select="gari")`` (:class:`GariTracker`): the
configuration of highest GARI among checkpoints of every run, and the early stop of runs
whose GARI has stopped rising."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..._core.budget import Budget
from ...metrics import gari_array
from .plan import POLICY

if TYPE_CHECKING:
    from ..._core.typing import FloatArray, SparseLike

__all__ = ["GariTracker"]


class GariTracker:
    """The :func:`nx_ordinal.embed.loe` callback of ``loe_layout(select="gari")``: counts
    iterations on the call's progress bar and keeps the configuration of highest GARI (ties:
    lowest objective) seen at iterations 0, 1, 2, 4, 8, ... of every run (O(n k_max log n)
    per checkpoint; ``offer`` adds a run's final configuration).

    With ``large``, checkpoints also come every ``every`` iterations from iteration
    ``patience`` on (``plan.POLICY``'s ``err_every`` and ``err_patience``), and a run is
    ended (the callback returns True) once its best GARI has not risen by ``gari_tol``
    over the last ``patience`` iterations (``gari_tol_exact`` while that best is between
    ``exact_gari`` and ``exact_band``: the slow tail of a nearly exact drawing that will
    not become exact).  Without ``large`` (checkpoints at the powers of two) a run is
    ended at a checkpoint from ``small_from`` (``err_small_from``) on once its best GARI
    has not risen by ``gari_tol`` over the last half of its iterations (an 81-node
    windmill graph's polish ran 500-900 iterations around its start's GARI).  Any run is
    ended once ``budget`` (the call's ``_core.budget.Budget``, limited only by
    ``max_time``) is spent.  Which checkpoints are scored, and when a run
    stops, depend on iteration counts alone, never on how long a
    score took: the same seed gives the same drawing on a fast or a busy machine.  A score
    costs about what an Err_local evaluation does (O(sum_i k_i log n) against
    O((E + C) log(E + C))), so the periodic checkpoints add about a sixteenth.
    """

    every = POLICY["err_every"]
    patience = POLICY["err_patience"]
    gari_tol = POLICY["gari_tol"]
    gari_tol_exact = POLICY["gari_tol_exact"]
    small_from = POLICY["err_small_from"]
    exact_gari = POLICY["exact_gari"]
    exact_band = POLICY["exact_band"]

    def __init__(self, A: SparseLike, large: bool = False, progress: Any = None,
                 budget: Budget | None = None) -> None:

        self.A = A
        self.budget = Budget(None) if budget is None else budget
        self.large = large
        self.progress = progress  # an _core.progress.Progress, or None
        self.best: tuple[float, float] | None = None
        self.best_X: FloatArray | None = None
        self._run: int | None = None
        self._hist: list[tuple[int, float]] = []  # (iteration, best GARI of the run so far)
        self._last: tuple[FloatArray, float] | None = None  # the last scored, its GARI

    def remember(self, X: FloatArray, g: float) -> None:
        """Note that ``X`` has GARI ``g`` (measured by the caller): offered next, it is
        not scored again."""
        self._last = (np.array(X, dtype=np.float64), float(g))

    def offer(self, X: FloatArray, f: float) -> float:
        """Score ``X`` (objective ``f``) and keep it if it is the best so far; its GARI.
        The configuration offered last is not scored again (a run that ends where its last
        checkpoint was: at 10^6 nodes a score costs seconds)."""

        last = self._last
        if last is not None and last[0].shape == np.shape(X) and np.array_equal(last[0], X):
            g = last[1]
        else:
            g = gari_array(self.A, X)
            self._last = (np.array(X, dtype=np.float64), g)
        key = (g, -float(f))
        if self.best is None or key > self.best:
            self.best = key
            self.best_X = np.array(X, dtype=np.float64)
        return g

    def __call__(self, run: int, it: int, X: FloatArray, f: float) -> bool:

        if it > 0 and self.progress is not None:
            self.progress.update(f)
        if it > 0 and self.budget.expired():
            return True  # the call's time budget (also ends the solver's restarts at once)
        if run != self._run:
            self._run, self._hist = run, []
        power = it & (it - 1) == 0  # 0 and powers of two
        periodic = self.large and it >= self.patience and it % self.every == 0
        if not (power or periodic):
            return False
        g = self.offer(X, f)
        run_best = max(g, self._hist[-1][1]) if self._hist else g
        self._hist.append((it, run_best))
        if it < (self.patience if self.large else self.small_from):
            return False
        # best of this run patience iterations ago (or at the earliest checkpoint); up to
        # small_nodes (checkpoints at the powers of two) half the run ago
        back = self.patience if self.large else it // 2
        old = [b for i, b in self._hist if i <= it - back]
        near = self.exact_gari <= run_best < self.exact_band
        tol = self.gari_tol_exact if near else self.gari_tol
        return bool(old) and run_best - old[-1] < tol
