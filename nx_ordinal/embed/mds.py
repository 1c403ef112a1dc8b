"""Classical (Torgerson) multidimensional scaling."""

import numpy as np

__all__ = ["classical_mds"]


def classical_mds(D, dim=2, *, squared=False):
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
    from .._validation import check_dim

    dim = check_dim(dim)
    D = np.asarray(D, dtype=np.float64)
    if D.ndim != 2 or D.shape[0] != D.shape[1]:
        raise ValueError(f"D must be a square matrix, got shape {D.shape}")
    if not np.isfinite(D).all():
        raise ValueError("D contains non-finite entries")
    if not np.allclose(D, D.T, rtol=1e-8, atol=1e-12 * max(1.0, float(np.abs(D).max(initial=0)))):
        raise ValueError("D must be symmetric")
    n = D.shape[0]
    D2 = D if squared else D * D
    # double centring -1/2 J D2 J through row / column means: O(n^2), no n x n products
    D2 = (D2 + D2.T) / 2
    row = D2.mean(axis=1)
    B = -0.5 * (D2 - row[:, None] - row[None, :] + row.mean())
    from scipy.linalg import eigh

    top = min(dim, n)
    w, V = eigh(B, subset_by_index=(n - top, n - 1))  # only the top eigenpairs
    idx = np.argsort(w)[::-1]
    w = np.clip(w[idx], 0.0, None)
    X = V[:, idx] * np.sqrt(w)
    if X.shape[1] < dim:
        X = np.hstack([X, np.zeros((n, dim - X.shape[1]))])
    return X
