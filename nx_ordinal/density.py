"""Density from an unweighted kNN graph, and the density-reweighted shortest paths.

Supplement 3.5 of Terada & von Luxburg (2014): estimate the density ``p`` at every vertex
from the unweighted, directed kNN graph alone, weight each edge out of ``i`` by
``r_i = (1 / p_i)^{1/d}`` (proportional to i's kNN radius), and the shortest-path distances of
the reweighted graph approximate the Euclidean distances up to a constant; classical MDS of
them embeds the graph.
"""

import numpy as np

# TV-MPLE (Cucuringu & Woodworth, section 4) lives in its own module; re-exported here
from .tvmple import TVMPLEResult, tv_mple  # noqa: E402

__all__ = [
    "knn_density",
    "density_reweighted_distances",
    "density_embedding",
    "tv_mple",
    "TVMPLEResult",
]


def _adjacency(G_knn):
    from .embed.lp import _as_adjacency

    return _as_adjacency(G_knn)


def knn_density(G_knn, dim, *, max_iter=1000, tol=1e-10):
    """Relative density at each vertex of an unweighted directed kNN graph.

    Estimate in the spirit of von Luxburg & Alamgir [1]_: local differences in link
    numbers (in-degree minus out-degree k) measure a second-order function of the density,
    and integrating it over the graph recovers the density up to a constant.  Concretely, a
    second-order expansion gives, with ``r`` the kNN radius (``r^d ~ 1 / p``),
    ``Delta r^2 = 2 (d + 2) (indeg - k) / k``, and the graph Laplacian of the directed kNN
    graph applied to ``f = r^{2(d+1)}`` satisfies ``A f = diag(k + (d+1)(indeg - k)) f``; the
    positive (Perron) eigenvector of that generalised problem is the integrated estimate.

    Parameters
    ----------
    G_knn : networkx DiGraph or array_like / sparse (n, n)
        Directed kNN graph (row i: i's k nearest neighbours).
    dim : int
        Dimension ``d`` of the underlying space.
    max_iter : int, default 1000
        Power iterations.
    tol : float, default 1e-10

    Returns
    -------
    p : ndarray, shape (n,)
        Density estimate normalised to mean 1.

    Raises
    ------
    ValueError
        A graph with fewer than 2 vertices or no edges.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_adjacency
    >>> X = np.random.default_rng(0).standard_normal((400, 2))
    >>> p = knn_density(knn_adjacency(X, 30), 2)
    >>> r = np.linalg.norm(X, axis=1)
    >>> bool(p[r < 0.5].mean() > 2 * p[r > 1.5].mean())
    True

    Notes
    -----
    O(E) per power iteration for E edges.  This is our own derivation of a
    link-number estimate (the roadmap of [1]_ leaves the estimator open); it is biased near
    the boundary of the support, where in-degrees drop for lack of points outside.

    References
    ----------
    .. [1] von Luxburg, U. and Alamgir, M. "Density estimation from unweighted k-nearest
       neighbor graphs: a roadmap." NIPS 2013.
    .. [2] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014, supplement 3.5.
    """
    from ._validation import check_dim, check_int, check_positive

    d = check_dim(dim)
    max_iter = check_int(max_iter, "max_iter", minimum=1)
    tol = check_positive(tol, "tol")
    A = _adjacency(G_knn)
    n = A.shape[0]
    if n < 2 or A.nnz == 0:
        raise ValueError(f"knn_density needs a graph with at least 2 vertices and an edge, got "
                         f"{n} vertices and {A.nnz} edges")
    outdeg = np.asarray(A.sum(axis=1)).ravel()
    indeg = np.asarray(A.sum(axis=0)).ravel()
    k = float(outdeg.mean())
    Wd = k + (d + 1) * (indeg - outdeg)
    Wd = np.maximum(Wd, 0.25 * k)
    f = np.ones(n)
    for _ in range(max_iter):
        g = (A @ f) / Wd + 0.5 * f  # shifted power iteration (aperiodic)
        g /= g.mean()
        if np.abs(g - f).max() < tol:
            f = g
            break
        f = g
    f = np.maximum(f, 1e-300)
    r = f ** (1.0 / (2 * (d + 1)))
    p = r ** (-d)
    return p / p.mean()


def density_reweighted_distances(G_knn, dim, *, density=None):
    """Shortest-path distances in the kNN graph with each edge i -> j weighted by
    ``r_i = (1 / p_i)^{1/d}`` (supplement 3.5 of [1]_).

    Parameters
    ----------
    G_knn : networkx DiGraph or array_like / sparse (n, n)
    dim : int
    density : array_like, shape (n,), optional
        Density values to use instead of :func:`knn_density` (e.g. the true density).

    Returns
    -------
    S : ndarray, shape (n, n)
        Symmetric (minimum of both directions) shortest-path lengths, ``inf`` between
        components.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_adjacency
    >>> X = np.random.default_rng(0).random((50, 2))
    >>> S = density_reweighted_distances(knn_adjacency(X, 10), 2)
    >>> S.shape, bool(np.allclose(S, S.T))
    ((50, 50), True)

    Notes
    -----
    Dijkstra from every vertex: O(n (E + n log n)).

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014, supplement 3.5.
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import shortest_path

    from ._validation import check_dim

    d = check_dim(dim)
    A = _adjacency(G_knn)
    n = A.shape[0]
    if density is None:
        p = knn_density(A, d)
    else:
        p = np.asarray(density, dtype=np.float64)
        if p.shape != (n,):
            raise ValueError(f"density must have shape ({n},), got {p.shape}")
        if not np.isfinite(p).all() or (p <= 0).any():
            raise ValueError("density must be finite and positive")
    from ._resources import check_dense

    check_dense(n, "density-reweighted shortest-path distances", copies=3,
                suggestion="use loe_layout or asap_loe_layout on the kNN graph, which need "
                           "no distance matrix")
    r = p ** (-1.0 / d)
    Wt = sp.diags_array(r) @ A  # row i scaled by r_i
    S = shortest_path(sp.csr_array(Wt), directed=True)
    return np.minimum(S, S.T)


def density_embedding(G_knn, dim=2, *, density=None):
    """Classical MDS of the density-reweighted shortest-path distances (supplement 3.5).

    Parameters
    ----------
    G_knn : networkx DiGraph or array_like / sparse (n, n)
    dim : int, default 2
    density : array_like, optional
        See :func:`density_reweighted_distances`.

    Returns
    -------
    X : ndarray, shape (n, dim)

    Raises
    ------
    ValueError
        When the graph is not (weakly) connected.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_adjacency
    >>> X = np.random.default_rng(1).random((60, 2))
    >>> density_embedding(knn_adjacency(X, 12), 2).shape
    (60, 2)

    Notes
    -----
    O(n (E + n log n)) for the paths plus O(n^3) for classical MDS.

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014, supplement 3.5.
    """
    from .embed.mds import classical_mds

    S = density_reweighted_distances(G_knn, dim, density=density)
    if not np.isfinite(S).all():
        raise ValueError("the kNN graph is not connected; density_embedding needs one "
                         "component")
    return classical_mds(S, dim)

