"""Classical (Torgerson) multidimensional scaling."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from scipy.linalg import eigh

from .._core.estimates import check_plausible_sizes, classical_mds_memory
from .._core.progress import public_call
from .._core.validation import check_dim, check_square_matrix

if TYPE_CHECKING:
    from .._core.typing import ArrayLike, FloatArray

__all__ = ["classical_mds"]


@public_call
def classical_mds(D: ArrayLike, dim: int = 2, *, squared: bool = False) -> FloatArray:
    """Classical MDS of a dissimilarity matrix.

    Parameters
    ----------
    D : array_like, shape (n, n)
        Symmetric dissimilarities with zero diagonal: plain distances (default) or squared
        distances when ``squared=True``.
    dim : int
    squared : bool
        Whether ``D`` already holds squared distances.

    Returns
    -------
    X : ndarray, shape (n, dim)
        Coordinates from the top ``dim`` eigenpairs of ``B = -1/2 J D^2 J`` (negative
        eigenvalues clipped to 0).  O(n^2) for the centring plus a partial symmetric
        eigensolve of the top ``dim`` pairs (O(n^3) worst case, far less in practice), O(n^2)
        memory.

    Raises
    ------
    TypeError
        ``D`` is not numeric.
    ValueError
        ``D`` is not square, finite, symmetric and non-negative with a zero diagonal.
    nx_ordinal.exceptions.MemoryLimitError
        The dense work would exceed :func:`nx_ordinal.set_memory_limit`.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed.mds import classical_mds
    >>> P = np.array([[0.0, 0.0], [3.0, 0.0], [0.0, 4.0]])
    >>> D = np.sqrt(((P[:, None] - P[None]) ** 2).sum(-1))
    >>> X = classical_mds(D, 2)
    >>> bool(np.allclose(np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1)), D))
    True
    """

    dim = check_dim(dim)
    D = check_square_matrix(D, "D", symmetric=True, nonnegative=True, zero_diagonal=True)
    n = D.shape[0]
    if n == 0:
        return np.zeros((0, dim))
    check_plausible_sizes("classical_mds", n, dim)
    classical_mds_memory(n, dim).check()
    D2 = D if squared else D * D
    # double centring -1/2 J D2 J through row / column means: O(n^2), no n x n products
    D2 = (D2 + D2.T) / 2
    row = D2.mean(axis=1)
    B = -0.5 * (D2 - row[:, None] - row[None, :] + row.mean())

    top = min(dim, n)
    w, V = eigh(B, subset_by_index=(n - top, n - 1))  # only the top eigenpairs
    idx = np.argsort(w)[::-1]
    w = np.clip(w[idx], 0.0, None)
    X = V[:, idx] * np.sqrt(w)
    if X.shape[1] < dim:
        X = np.hstack([X, np.zeros((n, dim - X.shape[1]))])
    return X
