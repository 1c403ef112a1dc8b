"""The GARI selection of ``loe_layout(select="gari")`` (:class:`GariTracker`): the
configuration of highest GARI among checkpoints of every run, and the early stop of runs
whose GARI has stopped rising; and the choice among t-LOE's checkpoints, where GARI is
traded against the edge-length tail (:func:`shape_checkpoint`, :func:`whole_checkpoint`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..._core.budget import Budget
from ...metrics import GariScorer, edge_pairs, edge_tail
from .plan import POLICY

if TYPE_CHECKING:
    from collections.abc import Callable

    from numpy.typing import ArrayLike

    from ..._core.typing import FloatArray, SparseLike

__all__ = ["EdgeTail", "GariTracker", "shape_checkpoint", "shape_value", "untear_pays",
           "whole_checkpoint"]


class GariTracker:
    """The :func:`nx_ordinal.embed.loe` callback of ``loe_layout(select="gari")``: counts
    iterations on the call's progress bar and keeps the configuration of highest GARI (ties:
    lowest objective) seen at iterations 0, 1, 2, 4, 8, ... of every run (O(n k_max log n)
    per checkpoint; ``offer`` adds a run's final configuration), and where a later one of
    lower objective tied it, the first configuration that reached that GARI (``first_X``,
    else None; :meth:`tie_break` chooses between the two).

    With ``large``, checkpoints also come every ``every`` iterations from iteration
    ``patience`` on (``plan.POLICY``'s ``err_every`` and ``err_patience``), and a run is
    ended (the callback returns True) once its best GARI has not risen by ``gari_tol``
    over the last ``patience`` iterations (``gari_tol_exact`` over the last
    ``patience_exact``, ``err_patience_exact``, while that best is at least ``exact_gari``:
    the slow tail of a nearly exact drawing; on a ``directed`` graph only below
    ``exact_band``, where a kNN graph of data is on its way to an exact drawing, and on an
    undirected one up to GARI 1, where a mesh of 1,500 random points crept 0.995 -> 0.998
    over iterations 32-80, 40 % of the call).  Without ``large`` (checkpoints at the powers
    of two) a run is ended at a checkpoint from ``small_from`` (``err_small_from``) on once
    its best GARI has not risen by ``gari_tol`` over the last half of its iterations (an
    81-node windmill graph's polish ran 500-900 iterations around its start's GARI).  Any run is
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
    patience_exact = POLICY["err_patience_exact"]
    tie_np2 = POLICY["tie_np2"]
    small_from = POLICY["err_small_from"]
    exact_gari = POLICY["exact_gari"]
    exact_band = POLICY["exact_band"]

    def __init__(self, A: SparseLike, large: bool = False, progress: Any = None,
                 budget: Budget | None = None, directed: bool = True) -> None:

        self.score = GariScorer(A)  # the adjacency checked once, not at every checkpoint
        self.top = self.exact_band if directed else np.inf  # the exact band's top
        self.budget = Budget(None) if budget is None else budget
        self.large = large
        self.progress = progress  # an _core.progress.Progress, or None
        self.best: tuple[float, float] | None = None
        self.best_X: FloatArray | None = None
        self.first_X: FloatArray | None = None
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
            g = self.score(X)
            self._last = (np.array(X, dtype=np.float64), g)
        key = (g, -float(f))
        if self.best is None or key > self.best:
            if self.best is not None and g == self.best[0]:
                # a tie of GARI, of lower objective: the first at that GARI is remembered
                if self.first_X is None:
                    self.first_X = self.best_X
            else:
                self.first_X = None
            self.best = key
            self.best_X = np.array(X, dtype=np.float64)
        return g

    def tie_break(self, np2: Callable[[FloatArray], float],
                  stress: Callable[[FloatArray], float]) -> FloatArray | None:
        """The configuration of highest GARI: ``best_X`` (the lowest objective), or the
        first that reached its GARI (``first_X``) where its NP2 (``np2(X)``) is higher by
        more than ``tie_np2`` and its stress (``stress(X)``, measured only then) no
        higher.  Err_local from an exact start (every neighbourhood kept, GARI 1) only
        widens its margins, and can lose 2-hop neighbourhoods the start had (a ring of 100
        cliques of 4 nodes: NP2 1.0 at the stress start, 0.968 at Err_local's end, both
        GARI 1); on meshes the later drawing has the higher NP2 (a grid with two holes:
        0.891 against 0.870) and is kept."""
        first, last = self.first_X, self.best_X
        if first is None or last is None:
            return last
        if np2(first) > np2(last) + self.tie_np2 and stress(first) <= stress(last):
            return first
        return last

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
        # best of this run patience iterations ago (patience_exact in the exact band; or at
        # the earliest checkpoint); up to small_nodes (checkpoints at the powers of two) half
        # the run ago
        near = self.exact_gari <= run_best < self.top
        back = (self.patience_exact if near else self.patience) if self.large else it // 2
        old = [b for i, b in self._hist if i <= it - back]
        tol = self.gari_tol_exact if near else self.gari_tol
        return bool(old) and run_best - old[-1] < tol


class EdgeTail:
    """The long-edge ratio (:func:`nx_ordinal.metrics.long_edge_ratio`: the 99th percentile
    of the drawn edge lengths over their median) of drawings of the graph with adjacency
    ``A``: its edges listed once (:func:`nx_ordinal.metrics.edge_pairs`), then O(E) a
    drawing; inf where there is no edge or the median edge has length 0."""

    def __init__(self, A: SparseLike) -> None:
        self.row, self.col = edge_pairs(A)

    def __call__(self, X: FloatArray) -> float:
        tail = edge_tail(np.asarray(X, dtype=np.float64), self.row, self.col)
        return float("inf") if np.isnan(tail) else tail


def shape_value(scores: ArrayLike, tails: ArrayLike, weight: float | None = None) -> FloatArray:
    """``GARI - weight * log(tail)`` (``shape_weight``) of checkpoints of GARI ``scores``
    (nan: -1) and long-edge ratios ``tails`` (inf: -inf)."""

    weight = POLICY["shape_weight"] if weight is None else weight
    g = np.nan_to_num(np.asarray(scores, dtype=np.float64), nan=-1.0)
    with np.errstate(divide="ignore"):
        return g - weight * np.log(np.asarray(tails, dtype=np.float64))


def shape_checkpoint(A: SparseLike, configs: list[FloatArray], scores: ArrayLike,
                     tol: float | None = None, weight: float | None = None,
                     tails: ArrayLike | None = None) -> int:
    """Which of t-LOE's checkpoints ``configs`` (drawings of the graph with adjacency ``A``,
    in the order of the run; ``scores`` their GARI, nan where nothing was scored) a run with
    edge springs returns: among those within ``tol`` of the best GARI (``shape_tol``), the
    one of highest ``GARI - weight * log(tail)`` (``shape_weight``), where tail is the
    drawing's long-edge ratio (:func:`nx_ordinal.metrics.long_edge_ratio`: the 99th
    percentile of its edge lengths over their median); ties go to the later one.

    The late iterations relax the shape (the long edges shrink) while GARI drifts down;
    the rate ``weight`` says how much GARI a shorter tail is worth (0.09: a tail 10 %
    shorter for 0.0086 of GARI).  A tail the same at every checkpoint leaves the best GARI;
    ``weight`` 0 the best GARI, a large ``weight`` the shortest tail within ``tol``.  The
    edges are listed once and each candidate costs O(E), far below a GARI score
    (``tails``: every checkpoint's long-edge ratio, measured already by :class:`EdgeTail`).
    """

    tol = POLICY["shape_tol"] if tol is None else tol
    g = np.nan_to_num(np.asarray(scores, dtype=np.float64), nan=-1.0)
    near = np.flatnonzero(g >= g.max() - tol)
    if near.size == 1:
        return int(near[0])
    if tails is None:
        meter = EdgeTail(A)
        tail = np.array([meter(configs[i]) for i in near])  # each vectorized over E
    else:
        tail = np.asarray(tails, dtype=np.float64)[near]
    if not np.isfinite(tail).any():  # no edge, or every drawing's edges at a point
        return int(near[-1])
    value = shape_value(g[near], tail, weight)
    return int(near[near.size - 1 - int(np.argmax(value[::-1]))])


def whole_checkpoint(scores: ArrayLike, tails: ArrayLike, chosen: int) -> int:
    """The checkpoint of a t-LOE run with springs to keep instead of ``chosen`` (the
    :func:`shape_checkpoint`) where that one is torn (its long-edge ratio ``tails[chosen]``
    above ``torn_tail``): the first later checkpoint within ``torn_tail``, where it pays for
    its shorter tail as an untearing stage must (:func:`untear_pays`, from the chosen
    one's GARI, ``scores``).  The run's own later iterations untear it at no cost in
    iterations and without the stronger springs' jolt: the benchmark's cage8 at seed 5 ended
    its run at
    checkpoints of GARI 0.443, 0.433 and tails 10.84, 9.67; the springs' stage took 10.84 to
    5.26 at GARI 0.370 (NP1 0.316 -> 0.273, below the line of the best published), where
    the run's checkpoint keeps 0.433.  ``chosen`` otherwise.  O(checkpoints)."""
    g = np.asarray(scores, dtype=np.float64)
    t = np.asarray(tails, dtype=np.float64)
    limit = POLICY["torn_tail"]
    if not t[chosen] > limit or not np.isfinite(g[chosen]):
        return chosen
    later = chosen + 1 + np.flatnonzero(t[chosen + 1:] <= limit)
    if later.size == 0:
        return chosen
    j = int(later[0])
    pays = np.isfinite(g[j]) and untear_pays(g[chosen], g[chosen], g[j], t[chosen], t[j])
    return j if pays else chosen


def untear_pays(base: float, before: float, after: float, tail_before: float,
                tail_after: float) -> bool:
    """Whether a drawing of GARI ``after`` and long-edge ratio ``tail_after`` pays for its
    shorter tail against one of GARI ``before`` and ratio ``tail_before`` (``_untear``'s
    stages, :func:`whole_checkpoint`): it keeps at least ``untear_gari`` of the GARI
    ``base`` it started from, and has lost at most ``untear_rate`` of GARI per unit of log
    tail (an unscored GARI, nan, refuses nothing).  O(1)."""
    return not (after < POLICY["untear_gari"] * base
                or before - after > POLICY["untear_rate"] * np.log(tail_before / tail_after))
