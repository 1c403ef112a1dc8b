"""Density from an unweighted kNN graph, and the density-reweighted shortest paths.

Supplement 3.5 of Terada & von Luxburg (2014): estimate the density ``p`` at every vertex
from the unweighted, directed kNN graph alone, weight each edge out of ``i`` by
``r_i = (1 / p_i)^{1/d}`` (proportional to i's kNN radius), and the shortest-path distances of
the reweighted graph approximate the Euclidean distances up to a constant; classical MDS of
them embeds the graph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from ._core.resources import check_dense
from ._core.validation import check_dim
from ._data.density_estimate import knn_adjacency_of, knn_density
from .embed.mds import classical_mds

# TV-MPLE (Cucuringu & Woodworth, section 4) lives in its own module; re-exported here
from .tvmple import TVMPLEResult, tv_mple  # noqa: E402

if TYPE_CHECKING:
    import networkx as nx

    from ._core.typing import ArrayLike, FloatArray

__all__ = [
    "knn_density",
    "density_reweighted_distances",
    "density_embedding",
    "tv_mple",
    "TVMPLEResult",
]


def density_reweighted_distances(
    G_knn: nx.Graph, dim: int, *, density: ArrayLike | None = None
) -> FloatArray:
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


    d = check_dim(dim)
    A = knn_adjacency_of(G_knn)
    n = A.shape[0]
    if density is None:
        p = knn_density(A, d)
    else:
        p = np.asarray(density, dtype=np.float64)
        if p.shape != (n,):
            raise ValueError(f"density must have shape ({n},), got {p.shape}")
        if not np.isfinite(p).all() or (p <= 0).any():
            raise ValueError("density must be finite and positive")

    check_dense(n, "density-reweighted shortest-path distances", copies=3,
                suggestion="use loe_layout or asap_loe_layout on the kNN graph, which need "
                           "no distance matrix")
    r = p ** (-1.0 / d)
    Wt = sp.diags_array(r) @ A  # row i scaled by r_i
    S = shortest_path(sp.csr_array(Wt), directed=True)
    return np.minimum(S, S.T)


def density_embedding(
    G_knn: nx.Graph, dim: int = 2, *, density: ArrayLike | None = None
) -> FloatArray:
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

    S = density_reweighted_distances(G_knn, dim, density=density)
    if not np.isfinite(S).all():
        raise ValueError("the kNN graph is not connected; density_embedding needs one "
                         "component")
    return classical_mds(S, dim)

