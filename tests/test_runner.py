"""The shared restart runner (_core.runner) and the pluggable stopping rule of run_lbfgs."""

import warnings

import numpy as np
import pytest

from nx_ordinal._core.optim import run_lbfgs
from nx_ordinal._core.progress import Progress
from nx_ordinal._core.result import EmbeddingResult
from nx_ordinal._core.runner import BestPoint, run_restarts
from nx_ordinal.exceptions import ConvergenceWarning, InterruptedWarning


class _Fake:
    """Run r 'solves' to objective OBJ[r] in 3 iterations; RAISE[r] makes it interrupted."""

    OBJ = [5.0, 2.0, 3.0, 1.0]

    def __init__(self, r, raise_at=None, conv=True):
        self.r, self.raise_at, self.conv = r, raise_at, conv
        self.seen = []

    def solve(self, progress):
        for it in range(3):
            if self.r == self.raise_at and it == 1:
                raise KeyboardInterrupt
            progress.update(self.OBJ[self.r] + 2 - it)
        return 3, self.conv, [self.OBJ[self.r] + 2 - it for it in range(3)]

    def result(self, n_iter, conv, hist, interrupted):
        f = self.OBJ[self.r] + (1.0 if interrupted else 0.0)
        return EmbeddingResult(np.full((2, 1), float(self.r)), f, n_iter, conv, hist, "fake",
                               {"run": self.r})


def test_best_of_runs_and_restart_objectives():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = run_restarts("fake", 4, _Fake, max_iter=10, verbose=False, max_time=None)
    assert res.info["run"] == 3
    assert res.info["restart_objectives"] == _Fake.OBJ


def test_better_hook_decides():
    res = run_restarts("fake", 3, _Fake, max_iter=10, verbose=False, max_time=None,
                       better=lambda new, best: new.objective > best.objective)
    assert res.info["run"] == 0  # the hook prefers the highest objective
    assert res.info["restart_objectives"] == _Fake.OBJ[:3]


def test_interrupt_returns_best_so_far_and_stops():
    built = []

    def attempt(r):
        built.append(r)
        return _Fake(r, raise_at=2)

    with pytest.warns(InterruptedWarning, match=r"fake interrupted after 1 iterations"):
        res = run_restarts("fake", 4, attempt, max_iter=10, verbose=False, max_time=None)
    assert built == [0, 1, 2]  # no run after the interrupted one
    assert res.info["run"] == 1  # 2.0 beats the interrupted run's 4.0
    assert res.info["restart_objectives"] == [5.0, 2.0, 4.0]


def test_not_converged_warns_unless_max_iter_zero():
    with pytest.warns(ConvergenceWarning, match="fake"):
        run_restarts("fake", 1, lambda r: _Fake(r, conv=False), max_iter=3, verbose=False,
                     max_time=None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        run_restarts("fake", 1, lambda r: _Fake(r, conv=False), max_iter=0, verbose=False,
                     max_time=None)


def test_best_point_keeps_a_copy_of_the_lowest():
    bp = BestPoint()
    X = np.zeros((3, 2))
    bp.record(2.0, X)
    X[:] = 7.0
    bp.record(3.0, X)
    assert bp.n_eval == 2 and bp.best_f == 2.0
    assert np.array_equal(bp.best_X, np.zeros((3, 2)))


def _quadratic(X):
    return float(np.sum((X - 1.0) ** 2)) + 1.0, 2.0 * (X - 1.0)


def test_run_lbfgs_uses_the_given_stopping_rule():
    X0 = np.zeros((4, 2))
    calls = []

    def stop_after_two(history, tol):
        calls.append(len(history))
        return len(history) >= 2

    n_iter, conv, hist = run_lbfgs(_quadratic, X0, 50, 1e-6, Progress(50, False, "q"),
                                   stop=stop_after_two)
    assert (n_iter, conv, len(hist)) == (2, True, 2)
    assert calls == [1, 2]
    # the default rule runs on to the minimum (f = 1)
    n_iter, conv, hist = run_lbfgs(_quadratic, X0, 50, 1e-6, Progress(50, False, "q"))
    assert conv and n_iter > 2 and hist[-1] == pytest.approx(1.0)


def test_ste_family_results_carry_restart_objectives():
    from nx_ordinal.embed.ste import ste

    T = np.array([[0, 1, 2], [1, 0, 2], [2, 1, 0], [3, 2, 0], [0, 3, 1]])
    for projected in (False, True):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            res = ste(T, dim=2, seed=0, max_iter=20, projected=projected)
        assert res.info["restart_objectives"] == [res.objective]


def test_run_lbfgs_starts_no_evaluation_that_would_end_past_the_budget():
    # every evaluation takes at least 50 ms and the budget is 120 ms: once the elapsed time
    # plus the last evaluation's reaches the budget no evaluation starts, even inside a line
    # search (the third ends after 150 ms at the earliest: a fourth is never started)
    import time

    count = []

    def slow(X):
        count.append(1)
        time.sleep(0.05)
        return _quadratic(X)

    n_iter, conv, hist = run_lbfgs(slow, np.zeros((4, 2)), 50, 1e-12,
                                   Progress(50, False, "q", max_time=0.12))
    assert not conv
    assert 1 <= len(count) <= 3
    assert n_iter == len(hist) <= 2
