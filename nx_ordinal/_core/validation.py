"""Small argument checks shared by every public entry point.

Each check raises ``ValueError`` or ``TypeError`` with a lower-case message that names the
offending argument and value, so bad input never reaches numpy.
"""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np
import scipy.sparse as sp

if TYPE_CHECKING:

    from collections.abc import Collection

    import scipy.sparse as sp

    from .typing import ArrayLike, FloatArray

__all__ = [
    "check_init",
    "check_dim",
    "check_positive",
    "check_nonnegative",
    "check_int",
    "check_choice",
    "check_bool",
    "as_float_array",
    "check_square_matrix",
]


def check_int(value: Any, name: str, *, minimum: int | None = None) -> int:
    """Return ``value`` as a Python int; reject bools, floats and out-of-range values."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def check_dim(dim: Any) -> int:
    """``dim`` must be an integer >= 1."""
    return check_int(dim, "dim", minimum=1)


@overload
def check_positive(
    value: float, name: str, *, allow_none: Literal[False] = ...
) -> float: ...
@overload
def check_positive(
    value: float | None, name: str, *, allow_none: bool = ...
) -> float | None: ...
def check_positive(value: Any, name: str, *, allow_none: bool = False) -> float | None:
    """A finite real number > 0."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {value!r}")
    value = float(value)
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0, got {value!r}")
    return value


def check_nonnegative(value: float, name: str) -> float:
    """A finite real number >= 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {value!r}")
    value = float(value)
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
    return value


def check_choice(value: Any, name: str, choices: Collection[Any]) -> Any:
    """``value`` must be one of ``choices``."""
    if value not in choices:
        opts = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {opts}, got {value!r}")
    return value


def check_bool(value: Any, name: str) -> bool:
    if not isinstance(value, (bool, numbers.Integral)) or value not in (0, 1):
        raise TypeError(f"{name} must be a bool, got {value!r}")
    return bool(value)


def _first_bad(mask):

    idx = np.unravel_index(int(np.flatnonzero(mask)[0]), mask.shape)
    return tuple(int(i) for i in idx)


def as_float_array(
    X: ArrayLike,
    name: str,
    *,
    ndim: int | None = None,
    finite: bool = True,
    min_rows: int | None = None,
) -> FloatArray:
    """``X`` as a float64 ndarray: ``TypeError`` if it is not numeric, ``ValueError`` (naming
    the first offending index) for a wrong number of dimensions or a non-finite entry."""

    if isinstance(X, (str, bytes)) or X is None or isinstance(X, dict):
        raise TypeError(f"{name} must be a numeric array, got {type(X).__name__}")
    try:
        arr = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be a numeric array ({exc})") from None
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{name} must be a {ndim}-d array, got shape {arr.shape}")
    if min_rows is not None and (arr.ndim == 0 or arr.shape[0] < min_rows):
        raise ValueError(f"{name} must have at least {min_rows} rows, got shape {arr.shape}")
    if finite and arr.size and not np.isfinite(arr).all():
        at = _first_bad(~np.isfinite(arr))
        raise ValueError(f"{name} has a non-finite entry at index {at}: {float(arr[at])!r}")
    return arr


def check_square_matrix(
    D: Any,
    name: str = "D",
    *,
    symmetric: bool = True,
    nonnegative: bool = True,
    finite: bool = True,
    zero_diagonal: bool = False,
) -> FloatArray:
    """A dense dissimilarity matrix: numeric, square, and as asked finite, symmetric
    (relative tolerance 1e-8), non-negative and with a zero diagonal.  Returns float64."""

    if hasattr(D, "toarray") and not isinstance(D, np.ndarray):
        D = D.toarray()
    D = as_float_array(D, name, finite=finite)
    if D.ndim != 2 or D.shape[0] != D.shape[1]:
        raise ValueError(f"{name} must be a square matrix, got shape {D.shape}")
    fin = None if finite else np.isfinite(D)
    if nonnegative and (D < 0).any():  # NaN compares False
        at = _first_bad(D < 0)
        raise ValueError(f"{name} must be non-negative, got {float(D[at])!r} at index {at}")
    if zero_diagonal and D.size and (np.diagonal(D) != 0).any():
        i = int(np.flatnonzero(np.diagonal(D) != 0)[0])
        raise ValueError(f"{name} must have a zero diagonal, got {float(D[i, i])!r} at "
                         f"index ({i}, {i})")
    if symmetric and D.size:
        Dc = D if fin is None else np.where(fin & fin.T, D, 0.0)
        scale = float(np.abs(Dc).max())
        diff = np.abs(Dc - Dc.T)
        if fin is not None:
            diff = np.where(fin == fin.T, diff, np.inf)
        bad = diff > 1e-8 * max(scale, 1e-300) + 1e-12 * max(1.0, scale)
        if bad.any():
            i, j = _first_bad(bad)
            raise ValueError(f"{name} must be symmetric, got {float(D[i, j])!r} at ({i}, {j}) and "
                             f"{float(D[j, i])!r} at ({j}, {i})")
    return D


def as_adjacency(A: Any, name: str = "adjacency") -> sp.csr_array:
    """A binary CSR adjacency (float64 ones, sorted indices, no diagonal) from a scipy sparse
    matrix or a dense array (graphs too through :func:`nx_ordinal._data.graph.graph_or_adjacency`).
    ``TypeError`` for a non-numeric input, ``ValueError`` for a non-square shape or a negative
    or non-finite entry.  Nonzero off-diagonal entries are edges."""

    if sp.issparse(A):
        try:
            A = sp.csr_array(A, dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"{name} must be a numeric matrix ({exc})") from None
        data = A.data
    else:
        A = as_float_array(A, name, finite=False)
        if A.ndim != 2:
            raise ValueError(f"{name} must be a square matrix, got shape {A.shape}")
        data = A[A != 0]
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"{name} must be a square matrix, got shape {A.shape}")
    if data.size and not np.isfinite(data).all():
        raise ValueError(f"{name} has non-finite entries: {float(data[~np.isfinite(data)][0])!r}")
    if data.size and (data < 0).any():
        raise ValueError(f"{name} has negative entries: {float(data[data < 0][0])!r}")
    A = sp.csr_array(A, dtype=np.float64, copy=True)
    # drop the diagonal and explicit zeros by one mask, only when there are any (``setdiag(0)``
    # would first insert n explicit zeros into the structure: a peak of ~5 copies of the
    # matrix at n = 10^6; the checks below cost one float per row)
    if A.diagonal().any() or not A.data.all():
        n = A.shape[0]
        row = np.repeat(np.arange(n, dtype=A.indices.dtype), np.diff(A.indptr))
        keep = (A.indices != row) & (A.data != 0)
        indptr = np.zeros(n + 1, dtype=A.indptr.dtype)
        np.cumsum(np.bincount(row[keep], minlength=n), out=indptr[1:])
        A = sp.csr_array((np.ones(int(indptr[-1])), A.indices[keep], indptr), shape=A.shape)
    else:
        A.data[:] = 1.0
    A.sort_indices()
    return A


def check_init(init: ArrayLike, n: int, dim: int) -> FloatArray:
    """An initial configuration as a new float64 ``(n, dim)`` array (the caller's array is
    never mutated); wrong shape or non-finite entries raise ``ValueError``."""

    X = np.array(init, dtype=np.float64)
    if X.shape != (n, dim):
        raise ValueError(f"init must have shape ({n}, {dim}), got {X.shape}")
    if not np.isfinite(X).all():
        raise ValueError("init contains non-finite values")
    return X
