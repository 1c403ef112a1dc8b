"""Resources: the memory guard and the BLAS thread policy.

Memory guard: refuse dense ``n x n`` work that would not fit, before allocating it.

Every code path that allocates an array quadratic in the number of nodes (dense distance or
Gram matrices, dense adjacency, all pairs of an LP) first calls :func:`check_dense` (or
:func:`check_memory`) with its estimate.  Above the limit it raises
:class:`~nx_ordinal.exceptions.MemoryLimitError` -- a ``MemoryError`` that is also a
``ValueError`` -- whose message gives the estimate, the limit and the scalable alternative.

The limit is, in order of precedence: the value set by :func:`set_memory_limit`; the
environment variable ``NX_ORDINAL_MEMORY_LIMIT`` (bytes, or a number with a ``K``/``M``/``G``/
``T`` suffix, e.g. ``"8G"``); half of the machine's physical memory (4 GiB when it cannot be
read).

BLAS threads (:func:`blas_threads_for`, :func:`blas_for`): dense work on matrices of fewer than
:data:`DENSE_BLAS_MIN_N` rows runs on one BLAS thread; larger work on at most one thread per
:data:`ROWS_PER_THREAD` rows, never more than the count in effect (the caller's setting) and
never more than the usable cores less one.  OpenBLAS's worker threads spin while they wait, so
a thread that shares its core with another busy process stalls every call: on 2 loaded cores
beside one CPU-bound process, a 300 x 300 ``eigvalsh`` on OpenBLAS's default of 2 threads took
2.3 ms alone and 22 ms beside it, ASAP's synchronisation of 58 patches 22 and 101 ms
(``benchmarks/bench_threads.py``).
"""

from __future__ import annotations

import contextlib
import numbers
import os
import re
from typing import TYPE_CHECKING

from ..exceptions import MemoryLimitError

if TYPE_CHECKING:
    from collections.abc import Iterator
    from contextlib import AbstractContextManager

__all__ = [
    "ENV_VAR",
    "set_memory_limit",
    "get_memory_limit",
    "memory_limit",
    "check_memory",
    "check_dense",
    "format_bytes",
    "DENSE_BLAS_MIN_N",
    "ROWS_PER_THREAD",
    "blas_threads",
    "current_blas_threads",
    "blas_threads_for",
    "blas_for",
]

ENV_VAR = "NX_ORDINAL_MEMORY_LIMIT"
_limit: int | None = None
_UNITS = {"": 1, "B": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _parse(value, source):
    if isinstance(value, bool):
        raise TypeError(f"memory limit must be a number of bytes, got {value!r}")
    if isinstance(value, numbers.Real):
        v = float(value)
    elif isinstance(value, str):
        m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([KMGT]?)(I?B)?\s*", value.upper())
        if not m:
            raise ValueError(f"{source} must be a number of bytes such as 4000000000 or '4G', "
                             f"got {value!r}")
        v = float(m.group(1)) * _UNITS[m.group(2)]
    else:
        raise TypeError(f"memory limit must be a number of bytes, got {value!r}")
    if not (v > 0) or v == float("inf"):
        raise ValueError(f"{source} must be a finite number of bytes > 0, got {value!r}")
    return int(v)


def _default_limit():
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        if total > 0:
            return int(total // 2)
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX
        pass
    return 4 * 2**30  # pragma: no cover


def set_memory_limit(limit: float | str | None) -> int | None:
    """Set the largest dense allocation (in bytes) nx_ordinal may attempt.

    Parameters
    ----------
    limit : int, float, str or None
        Bytes (``4e9``), a string with a unit (``"4G"``, ``"512M"``), or ``None`` to go back to
        the default (``NX_ORDINAL_MEMORY_LIMIT`` or half the physical memory).

    Returns
    -------
    previous : int or None
        The previous explicit setting (``None`` when the default was in force), so
        ``set_memory_limit(previous)`` restores it.

    Raises
    ------
    TypeError, ValueError
        If ``limit`` is not a positive number of bytes.

    Examples
    --------
    >>> import nx_ordinal
    >>> old = nx_ordinal.set_memory_limit("2G")
    >>> nx_ordinal.get_memory_limit()
    2147483648
    >>> _ = nx_ordinal.set_memory_limit(old)
    """
    global _limit
    previous = _limit
    _limit = None if limit is None else _parse(limit, "memory limit")
    return previous


def get_memory_limit() -> int:
    """The memory limit in force, in bytes (see :func:`set_memory_limit`)."""
    if _limit is not None:
        return _limit
    env = os.environ.get(ENV_VAR)
    if env:
        return _parse(env, ENV_VAR)
    return _default_limit()


@contextlib.contextmanager
def memory_limit(limit: float | str | None) -> Iterator[None]:
    """Context manager: ``with memory_limit("100M"): ...`` sets the limit temporarily."""
    previous = set_memory_limit(limit)
    try:
        yield
    finally:
        set_memory_limit(previous)


def format_bytes(n: float) -> str:
    n = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"  # pragma: no cover


def check_memory(n_bytes: float, what: str, suggestion: str | None = None) -> None:
    """Raise :class:`~nx_ordinal.exceptions.MemoryLimitError` when ``n_bytes`` exceeds the
    limit; ``what`` names the allocation, ``suggestion`` the scalable alternative."""

    limit = get_memory_limit()
    if n_bytes > limit:
        msg = (f"{what} needs about {format_bytes(n_bytes)}, more than the memory limit of "
               f"{format_bytes(limit)}")
        if suggestion:
            msg += f"; {suggestion}"
        msg += (f" (or raise the limit with nx_ordinal.set_memory_limit() or the {ENV_VAR} "
                "environment variable)")
        raise MemoryLimitError(msg)


def check_dense(
    n: int, what: str, *, copies: int = 1, itemsize: int = 8, suggestion: str | None = None
) -> None:
    """Guard ``copies`` dense ``n x n`` arrays of ``itemsize``-byte entries."""
    n = int(n)
    check_memory(copies * n * n * itemsize, f"{what} ({copies} dense {n} x {n} array"
                 f"{'s' if copies != 1 else ''})", suggestion)


# ---------------------------------------------------------------------------------------------
# BLAS threads

#: Below this many rows dense algebra runs on one BLAS thread.
DENSE_BLAS_MIN_N = 600
#: Above :data:`DENSE_BLAS_MIN_N`, at most one BLAS thread per this many rows.
ROWS_PER_THREAD = 600
_CONTROLLER = None


def _controller():
    """One cached ``threadpoolctl.ThreadpoolController`` (built after numpy's and scipy's
    BLAS are loaded): 0.05 ms per limit instead of 1 ms."""
    global _CONTROLLER
    if _CONTROLLER is None:
        from threadpoolctl import ThreadpoolController

        _CONTROLLER = ThreadpoolController()
    return _CONTROLLER


def current_blas_threads() -> int | None:
    """The BLAS thread count in effect now (the largest over the loaded BLAS libraries;
    ``None`` when none is loaded)."""
    libs = _controller().select(user_api="blas").lib_controllers
    counts = [lib.num_threads for lib in libs]
    return max(counts) if counts else None


def blas_threads(
    n_threads: int | None = 1, user_api: str | None = "blas"
) -> AbstractContextManager[object]:
    """Context limiting BLAS (``user_api=None``: also OpenMP) to ``n_threads`` threads;
    ``None`` leaves the libraries as they are."""
    if n_threads is None:
        return contextlib.nullcontext()
    return _controller().limit(limits=int(n_threads), user_api=user_api)


def _usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - non-Linux
        return os.cpu_count() or 1


def blas_threads_for(n: int, available: int | None = None) -> int:
    """BLAS threads for dense algebra on ``n x n`` matrices (see the module docstring).

    ``available`` is the caller's thread count (default: the count in effect now).  One
    thread below :data:`DENSE_BLAS_MIN_N` rows; above, ``n // ROWS_PER_THREAD`` threads,
    capped by ``available`` and by the usable cores less one (a machine with another busy
    process keeps a core for it).
    """
    if n < DENSE_BLAS_MIN_N:
        return 1
    if available is None:
        available = current_blas_threads() or 1
    return max(1, min(int(available), _usable_cpus() - 1, int(n) // ROWS_PER_THREAD))


def blas_for(n: int, available: int | None = None) -> AbstractContextManager[object]:
    """Context running its body with :func:`blas_threads_for` ``(n, available)`` BLAS
    threads."""
    return blas_threads(blas_threads_for(n, available))
