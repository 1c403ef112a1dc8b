"""Run policy of every solver and layout, in one place: warnings, progress, BLAS threads.

* :func:`public_call` -- decorator of the public solvers and layouts.  The outermost public
  call opens a *scope*: each warning issued through :func:`warn` inside it is shown at most
  once (a 4-run layout reports "no ordinal information" once, not 4 times), and the dense
  algebra runs with the BLAS thread count the function chose (one by default).  Nested
  public calls (layout -> solver -> restarts) join the outer scope.
* :func:`warn` -- issue a warning whose ``stacklevel`` points at the first frame outside
  nx_ordinal (and outside networkx's decorators), i.e. the caller's own line, whatever the
  call depth.
* :func:`still_falling` -- the documented criterion of :func:`warn_not_converged`: a solver
  that ran out of iterations or time warns only when the result is likely poor.
* :class:`Progress` -- on a terminal, tqdm on stderr when installed, otherwise a single line
  on stderr rewritten in place (``\\r``), at most ten times a second; when stderr is not a
  terminal (:func:`is_terminal`: a file, a pipe), plain lines, at most one every ten seconds,
  and the final one; never one line per iteration, never stdout.
* :func:`blas_threads` / :func:`dense_blas` -- BLAS thread limits through threadpoolctl (a
  dependency), with a cached controller (0.05 ms per limit instead of 1 ms).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import math
import os
import sys
import time
import warnings
from typing import TYPE_CHECKING, Any, TypeVar, overload

from ..exceptions import ConvergenceWarning, InterruptedWarning
from .resources import DENSE_BLAS_MIN_N, blas_for, blas_threads, current_blas_threads

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterator, Sequence
    from contextlib import AbstractContextManager

    _F = TypeVar("_F", bound=Callable[..., Any])

__all__ = [
    "Progress",
    "is_terminal",
    "run_label",
    "public_call",
    "call_scope",
    "warn",
    "still_falling",
    "warn_not_converged",
    "warn_interrupted",
    "blas_threads",
    "dense_blas",
    "DENSE_BLAS_MIN_N",
    "FALLING_WINDOW",
    "FALLING_MIN_WINDOW",
    "FALLING_RATE",
]

# ---------------------------------------------------------------------------------------------
# where a warning points

_PKG_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_NX_DECORATORS = os.path.join("networkx", "utils", "decorators.py")
_WORKER_FILES = tuple(os.path.join(*parts) for parts in (
    ("concurrent", "futures", "thread.py"), ("concurrent", "futures", "process.py"),
    ("multiprocessing", "process.py"), ("threading.py",)))


def _internal(filename):
    """True for frames of nx_ordinal itself and of networkx's decorator machinery
    (``np_random_state`` compiles an ``argmap`` wrapper around every layout)."""
    return (filename.startswith(_PKG_DIR) or filename.endswith(_NX_DECORATORS)
            or filename.startswith("<class 'networkx.utils.decorators.argmap'>")
            or filename == contextlib.__file__)


def _caller_stacklevel():
    """``stacklevel`` for a ``warnings.warn`` called from the caller of this function's
    caller, such that the warning is attributed to the first frame outside the package.

    Counting: level 1 is the frame that calls ``warnings.warn`` (here: :func:`warn`), level 2
    its caller, and so on.  O(call depth).
    """
    frame = sys._getframe(2)  # the frame of warn()'s caller
    level = 2
    while frame is not None:
        name = frame.f_code.co_filename
        if name.endswith(_WORKER_FILES):
            break  # a worker thread or process: no caller's line to point at
        if not _internal(name):
            return level
        frame = frame.f_back
        level += 1
    return 2  # nothing outside the package: the package's own line


# ---------------------------------------------------------------------------------------------
# the scope of one public call

class _Scope:
    __slots__ = ("seen", "entry_threads")

    def __init__(self):
        self.seen = set()
        self.entry_threads = None


_SCOPE: contextvars.ContextVar[_Scope | None] = contextvars.ContextVar(
    "nx_ordinal_call_scope", default=None
)


@contextlib.contextmanager
def call_scope(blas: int | None = 1) -> Iterator[_Scope | None]:
    """Context of one public call (see :func:`public_call`).

    The outermost scope records the BLAS thread count in effect on entry (used by
    :func:`dense_blas` for large dense problems) and limits BLAS to ``blas`` threads
    (``None``: no limit) for its body; nested scopes join it and change nothing.
    """
    if _SCOPE.get() is not None:
        yield _SCOPE.get()
        return
    scope = _Scope()
    scope.entry_threads = current_blas_threads()
    token = _SCOPE.set(scope)
    try:
        with blas_threads(blas):
            yield scope
    finally:
        _SCOPE.reset(token)


@overload
def public_call(func: _F, *, blas: int | None = ...) -> _F: ...
@overload
def public_call(func: None = None, *, blas: int | None = ...) -> Callable[[_F], _F]: ...
def public_call(func: _F | None = None, *, blas: int | None = 1) -> _F | Callable[[_F], _F]:
    """Decorator of a public solver or layout: runs it in a :func:`call_scope`.

    ``functools.wraps`` keeps the name, docstring and signature (``inspect.signature``
    follows ``__wrapped__``).
    """
    if func is None:
        return functools.partial(public_call, blas=blas)  # type: ignore[return-value]

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with call_scope(blas):
            return func(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def warn(
    message: str,
    category: type[Warning] = UserWarning,
    key: Hashable | None = None,
    once: bool = True,
) -> None:
    """Issue ``message`` as ``category``, pointing at the caller's line, at most once per
    public call.

    Inside a public call, a second warning of the same ``category`` and ``key`` (default:
    the message) is dropped.  Outside any public call (a private helper called directly),
    every warning is issued; so is one re-issued with ``once=False`` (a warning recorded
    in a sub-computation, already deduplicated when it was first issued).
    """
    scope = _SCOPE.get()
    if scope is not None and once:
        ident = (category, message if key is None else key)
        if ident in scope.seen:
            return
        scope.seen.add(ident)
    warnings.warn(message, category, stacklevel=_caller_stacklevel())


# ---------------------------------------------------------------------------------------------
# when running out of budget deserves a warning

FALLING_WINDOW = 0.1
FALLING_MIN_WINDOW = 10
FALLING_RATE = 0.01


def still_falling(
    history: Sequence[float],
    window: float = FALLING_WINDOW,
    min_window: int = FALLING_MIN_WINDOW,
    rate: float = FALLING_RATE,
) -> bool:
    """Whether an objective history that ran out of budget was still falling fast.

    Criterion: over the last ``w = max(min_window, ceil(window * len(history)))`` recorded
    values (all but the first when there are fewer), the objective fell by more than
    ``rate`` times its final value, i.e. ``f[-1-w] - f[-1] > rate * f[-1]``: by default more
    than 1 % in the last 10 % of the iterations (at least 10).  Continuing as long again
    would then have lowered it by about as much, so the result is likely poor.  A final
    objective of 0 is never falling; a history of fewer than two values gives no evidence
    that the run had settled, so it counts as falling.  O(1).
    """
    h = history
    if len(h) < 2:
        return True
    new = float(h[-1])
    if new <= 0.0 or not math.isfinite(new):
        return False
    w = min(len(h) - 1, max(int(min_window), math.ceil(window * len(h))))
    old = float(h[-1 - w])
    return old - new > rate * new


def warn_not_converged(
    name: str, history: Sequence[float], progress: Progress | None = None
) -> None:
    """:class:`~nx_ordinal.exceptions.ConvergenceWarning` for a run that stopped on its
    budget (``max_time`` when ``progress`` is out of time, else ``max_iter``), only when
    :func:`still_falling` says its objective ``history`` was still falling fast; once per
    public call."""
    if not still_falling(history):
        return
    # a run stopped because its next step would have overrun the budget is past max_time
    # too, though the clock has not reached it
    why = "max_time" if progress is not None and progress.out_of_time() else "max_iter"
    n_iter = progress.count if progress is not None and progress.count else len(history)
    warn(f"{name} stopped on {why} after {n_iter} iterations with the objective still falling "
         f"(more than {FALLING_RATE:.0%} over the last {FALLING_WINDOW:.0%} of the iterations);"
         " the result is likely poor: increase max_iter/max_time",
         ConvergenceWarning, key=name)


def warn_interrupted(name: str, n_iter: int) -> None:
    """After a Ctrl-C: warn and let the solver return its best configuration so far, or,
    when the environment variable ``NX_ORDINAL_INTERRUPT`` is ``raise``, let the
    ``KeyboardInterrupt`` through (``nx-ordinal gallery`` sets it, so that an interrupted
    script stops instead of drawing a half-optimised figure)."""

    if os.environ.get("NX_ORDINAL_INTERRUPT", "").strip().lower() == "raise":
        raise KeyboardInterrupt
    warn(f"{name} interrupted after {n_iter} iterations; returning the best configuration so "
         "far", InterruptedWarning, key=name)


# ---------------------------------------------------------------------------------------------
# progress display

def run_label(name: str, run: int, n_runs: int) -> str:
    """``"name run 2/4"`` (``run`` counted from 0) for restarts, plain ``name`` for one run."""
    return f"{name} run {run + 1}/{n_runs}" if n_runs > 1 else name


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is an interactive terminal (its ``isatty()`` says so).

    Progress lines are redrawn in place (``\\r``) only there; a stream without ``isatty``,
    or a closed one, is not a terminal.

    Examples
    --------
    >>> import io
    >>> is_terminal(io.StringIO())
    False
    """
    isatty = getattr(stream, "isatty", None)
    if not callable(isatty):
        return False
    try:
        return bool(isatty())
    except (OSError, ValueError):  # closed or detached
        return False


class Progress:
    """Progress display of an iterative solver.

    ``Progress(total, verbose, desc)`` then ``update(objective)`` once per iteration and
    ``close()``.  ``verbose=False`` makes every call a no-op except the count.  When stderr
    is a terminal (:func:`is_terminal`): with tqdm installed, a tqdm bar; otherwise one line
    rewritten in place with ``\\r`` (``desc: count/total objective f``), at most every
    0.1 s, ended by a newline on ``close()``.  When stderr is not a terminal (redirected to
    a file or a pipe): no ``\\r``, but the same text as plain lines, at most one every
    :attr:`PLAIN_INTERVAL` seconds, and the final state on ``close()``.  ``max_time``
    (seconds) makes :meth:`out_of_time` true once the budget is spent.  Nothing is shown
    before :attr:`delay` seconds have passed (0 by default; the command line sets 1, so that
    only layouts running longer than a second show progress).
    """

    _INTERVAL = 0.1
    #: seconds between two plain lines when stderr is not a terminal
    PLAIN_INTERVAL = 10.0
    #: seconds before the display appears (class-wide; ``nx-ordinal`` sets 1.0)
    delay: float = 0.0

    def __init__(
        self,
        total: int | None,
        verbose: bool | int = False,
        desc: str = "",
        max_time: float | None = None,
    ) -> None:
        self.verbose = bool(verbose)
        self.total = total
        self.desc = desc
        self.start = time.perf_counter()
        self.max_time = max_time
        self.count = 0
        #: whether a check found the budget spent, or about to be (the solver then stops)
        self.timed_out = False
        self._bar = None
        self._last: float | None = None
        self._width = 0
        self._objective: float | None = None
        self._shown = 0  # the count of the last plain line written
        self._stream = sys.stderr
        self._tty = False
        if self.verbose:
            self._tty = is_terminal(self._stream)
            bar: Any = None
            if self._tty:
                with contextlib.suppress(ImportError):  # else a single updating line
                    import tqdm.auto

                    bar = tqdm.auto.tqdm
            if bar is not None:
                self._bar = bar(total=total, desc=desc, leave=False, file=self._stream,
                                 delay=self.delay)

    def _text(self) -> str:
        text = f"{self.desc}: {self.count}" + (f"/{self.total}" if self.total else "")
        if self._objective is not None:
            text += f" objective {self._objective:.6g}"
        return text

    def update(self, objective: float | None = None) -> None:
        self.count += 1
        if not self.verbose:
            return
        if self._bar is not None:
            if objective is not None:
                self._bar.set_postfix(objective=f"{objective:.6g}", refresh=False)
            self._bar.update(1)
            return
        self._objective = objective
        now = time.perf_counter()
        if now - self.start < self.delay:
            return
        if not self._tty:  # a file or a pipe: a plain line now and then
            if self._last is not None and now - self._last < self.PLAIN_INTERVAL:
                return
            self._last = now
            self._shown = self.count
            self._stream.write(self._text() + "\n")
            self._stream.flush()
            return
        if self._last is not None and now - self._last < self._INTERVAL \
                and self.count != self.total:
            return
        self._last = now
        text = self._text()
        pad = max(0, self._width - len(text))
        self._width = len(text)
        self._stream.write("\r" + text + " " * pad)
        self._stream.flush()

    def grow(self, more: int) -> None:
        """Raise the total by ``more`` iterations: work that shows itself only once running
        (``loe_layout``'s t-LOE takes one run per group of components)."""
        if self.total is None or more <= 0:
            return
        self.total += int(more)
        if self._bar is not None:
            self._bar.total = self.total
            self._bar.refresh()

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def out_of_time(self, ahead: float = 0.0) -> bool:
        """Whether the budget is spent, or would be after ``ahead`` more seconds (the
        expected cost of the next step); once it says so, :attr:`timed_out` holds."""
        if self.max_time is not None and self.elapsed() + ahead >= self.max_time:
            self.timed_out = True
        return self.timed_out

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._width:
            self._stream.write("\n")
            self._stream.flush()
            self._width = 0
        elif self._shown and self._shown != self.count:  # the final state, as a plain line
            self._shown = self.count
            self._stream.write(self._text() + "\n")
            self._stream.flush()


# ---------------------------------------------------------------------------------------------
# BLAS threads (the policy is in nx_ordinal._core.resources)


def dense_blas(n: int) -> AbstractContextManager[object]:
    """BLAS threads for dense algebra on ``n x n`` matrices inside a public call: one below
    :data:`DENSE_BLAS_MIN_N` rows (threads only add overhead there, badly so on a busy
    machine: a 34 x 34 ``eigh`` takes 9 ms with two contending threads, 0.15 ms with one),
    otherwise :func:`nx_ordinal._core.resources.blas_threads_for` of the count in effect when the
    outermost public call began."""
    scope = _SCOPE.get()
    return blas_for(n, scope.entry_threads if scope is not None else None)
