"""The time budget of one public call (:class:`Budget`): the one object that reads the clock
for a ``max_time``.  Made once by the layout frame from ``max_time`` and the call's start,
and handed to the solvers (as the seconds :meth:`Budget.left`), the GARI trackers and the
final overlap removal.  Without a ``max_time`` it never reads the clock, so no decision of
a call without one depends on the machine's speed."""

from __future__ import annotations

import time

__all__ = ["Budget"]


class Budget:
    """The time budget of one call: ``max_time`` seconds from ``start``.

    Parameters
    ----------
    max_time : float or None
        Seconds the call may take; ``None``: no limit (nothing reads the clock).
    start : float or None
        ``time.perf_counter()`` when the call began; default now.

    Attributes
    ----------
    start : float
    total : float or None
        ``max_time``.
    deadline : float or None
        ``start + max_time``: the ``time.perf_counter()`` reading at which the budget is
        spent.

    Examples
    --------
    >>> b = Budget(10.0, start=0.0)
    >>> b.deadline, b.reserve(0.1, floor=2.0).deadline  # 2 s kept back for the finish
    (10.0, 8.0)
    >>> Budget(None).left() is None, Budget(None).expired()
    (True, False)
    """

    __slots__ = ("start", "total", "deadline")

    def __init__(self, max_time: float | None = None, start: float | None = None) -> None:
        self.start = time.perf_counter() if start is None else float(start)
        self.total = None if max_time is None else float(max_time)
        self.deadline = None if self.total is None else self.start + self.total

    @property
    def limited(self) -> bool:
        """Whether there is a ``max_time``."""
        return self.deadline is not None

    def left(self) -> float | None:
        """Seconds left (at least 1e-9: a solver given it stops at once), ``None`` without
        a limit."""
        if self.deadline is None:
            return None
        return max(self.deadline - time.perf_counter(), 1e-9)

    def expired(self) -> bool:
        """Whether the deadline has passed (never, without a limit)."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def elapsed(self) -> float:
        """Seconds since the start."""
        return time.perf_counter() - self.start

    def reserve(self, share: float, floor: float = 0.0) -> Budget:
        """The budget of the work that comes before a reserved tail: the same start, with
        ``max(share * total, floor)`` seconds of the total kept back (for the finish).  An
        unlimited budget stays unlimited."""
        if self.total is None:
            return self
        return Budget(self.total - max(share * self.total, floor), self.start)
