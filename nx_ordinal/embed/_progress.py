"""Progress reporting and clean interruption for iterative solvers."""

import time
import warnings

from ..exceptions import ConvergenceWarning, InterruptedWarning

__all__ = ["Progress", "warn_not_converged", "warn_interrupted"]


class Progress:
    """Optional progress display (tqdm when installed, plain lines otherwise).

    ``Progress(total, verbose, desc)`` then ``update(objective)`` once per iteration and
    ``close()``.  ``verbose=False`` makes every call a no-op.  ``max_time`` (seconds) makes
    :meth:`out_of_time` true once the budget is spent.
    """

    def __init__(self, total, verbose=False, desc="", max_time=None):
        self.verbose = bool(verbose)
        self.total = total
        self.desc = desc
        self.start = time.perf_counter()
        self.max_time = max_time
        self.count = 0
        self._bar = None
        if self.verbose:
            try:
                from tqdm.auto import tqdm

                self._bar = tqdm(total=total, desc=desc, leave=False)
            except ImportError:  # plain text fallback
                self._bar = None

    def update(self, objective=None):
        self.count += 1
        if not self.verbose:
            return
        if self._bar is not None:
            if objective is not None:
                self._bar.set_postfix(objective=f"{objective:.6g}", refresh=False)
            self._bar.update(1)
        elif self.count % 10 == 0 or self.count == 1:
            print(f"{self.desc} iter {self.count}: objective {objective:.6g}", flush=True)

    def elapsed(self):
        return time.perf_counter() - self.start

    def out_of_time(self):
        return self.max_time is not None and self.elapsed() >= self.max_time

    def close(self):
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def warn_not_converged(name, n_iter, why="max_iter"):
    warnings.warn(
        f"{name} did not converge within {why} ({n_iter} iterations); "
        "increase max_iter/max_time or loosen tol",
        ConvergenceWarning,
        stacklevel=3,
    )


def warn_interrupted(name, n_iter):
    warnings.warn(
        f"{name} interrupted after {n_iter} iterations; returning the best configuration so far",
        InterruptedWarning,
        stacklevel=3,
    )
