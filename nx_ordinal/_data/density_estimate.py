"""The density estimate of an unweighted kNN graph (:func:`knn_density`, public as
:func:`nx_ordinal.density.knn_density`), in the data layer: ``embed.loe``'s pivot-MDS start
reads it, and :mod:`nx_ordinal.density` (which embeds through ``embed``) re-exports it, so
no import goes round in a circle."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import cg, spsolve

from .._core.resources import blas_for
from .._core.validation import check_dim, check_positive
from .graph import graph_or_adjacency

if TYPE_CHECKING:
    import networkx as nx

    from .._core.typing import FloatArray

__all__ = ["knn_density"]


def knn_adjacency_of(G_knn):
    """The (out-)adjacency of a kNN graph given as a graph or a matrix, checked."""
    return graph_or_adjacency(G_knn, "the kNN adjacency")


# above this many vertices knn_density solves its Poisson equation by CG instead of sparse LU
_CG_MIN_N = 20_000


def knn_density(G_knn: nx.Graph, dim: int, *, ridge: float = 1e-8) -> FloatArray:
    """Relative density at each vertex of an unweighted directed kNN graph.

    The estimate follows the route of von Luxburg & Alamgir [1]_: local differences in link
    numbers measure the change of the density between neighbours, and integrating these
    differences over the paths of the graph gives the density up to a constant.  Here the
    local difference is the (non-)reciprocity of a link.  Write ``r_i`` for the kNN radius
    of vertex i, so that ``r_i^d ~ k / (n p_i)``.  Two adjacent vertices i, j (at least one
    of the links i -> j, j -> i) lie within ``max(r_i, r_j)`` of each other; the link is
    mutual when they lie within ``min(r_i, r_j)``, which for a locally uniform sample
    happens with probability ``(min r / max r)^d = min p / max p``, and otherwise the single
    link points from the sparser to the denser vertex.  So with
    ``o_ij = A_ij - A_ji`` in {-1, 0, 1},

        ``E[o_ij] = sign(phi_j - phi_i) (1 - exp(-|phi_j - phi_i|)) ~ phi_j - phi_i``,

    ``phi = log p``.  The log-density is the least-squares potential of these edge
    differences, ``min_phi sum_{i~j} (phi_j - phi_i - o_ij)^2``, that is the Poisson equation
    ``L phi = div o`` on the symmetrised graph's Laplacian ``L``: the discrete
    integration of the local differences along all paths at once.  The estimate tracks
    ``-d log r_i`` (the sample's own kNN radii), the quantity the reweighting of
    :func:`density_reweighted_distances` needs.

    Parameters
    ----------
    G_knn : networkx DiGraph or array_like / sparse (n, n)
        Directed kNN graph (row i: i's k nearest neighbours).
    dim : int
        Dimension ``d`` of the underlying space (validated; the estimate of ``log p`` does
        not depend on it, the radii ``p^{-1/d}`` do).
    ridge : float, default 1e-8
        Tikhonov term (times the mean degree) that fixes the additive constant of ``phi``
        in each connected component.

    Returns
    -------
    p : ndarray, shape (n,)
        Density estimate normalised to geometric mean 1 (only ratios are identifiable).

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
    O(E) to build the system for E edges plus one sparse symmetric solve of the graph
    Laplacian (sparse LU up to 20,000 vertices, Jacobi-preconditioned conjugate gradients
    beyond: O(E sqrt(n)) for kNN graphs of points in the plane).  The linearisation
    ``E[o] ~ phi_j - phi_i`` slightly shrinks large density ratios between neighbours
    (``1 - exp(-x) < x``); we keep it because the
    shrunken potential matches ``-d log r_i`` of the sample (regression slope about 0.93 on
    the two-Gaussian mixture of supplement 3.5 of [2]_) better than the exact link function
    does (about 1.4), and the reweighting needs ``r_i``.  The reciprocity argument assumes
    the kNN balls lie inside the support; near a hard boundary it is biased.

    References
    ----------
    .. [1] von Luxburg, U. and Alamgir, M. "Density estimation from unweighted k-nearest
       neighbor graphs: a roadmap." NIPS 2013.
    .. [2] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014, supplement 3.5.
    """


    check_dim(dim)
    ridge = check_positive(ridge, "ridge")
    A = knn_adjacency_of(G_knn)
    n = A.shape[0]
    if n < 2 or A.nnz == 0:
        raise ValueError(f"knn_density needs a graph with at least 2 vertices and an edge, got "
                         f"{n} vertices and {A.nnz} edges")
    O = sp.csr_array(A - A.T)  # O_ij = +1: only i -> j, j is the denser end
    U = sp.csr_array((A + A.T) > 0, dtype=np.float64)  # adjacent pairs
    deg = np.asarray(U.sum(axis=1)).ravel()
    L = sp.diags_array(deg + ridge * deg.mean()) - U
    div = -np.asarray(O.sum(axis=1)).ravel()  # (L phi)_i = sum_j (phi_i - phi_j) = -sum_j O_ij
    if not div.any():  # every link mutual (an undirected graph): phi = 0, no solve needed
        return np.ones(n)
    if n > _CG_MIN_N:
        # Jacobi-preconditioned CG: the sparse LU's fill grows too fast on large kNN graphs
        # (43 s at n = 10^5 against 9 s of CG: 190 iterations at rtol 1e-4, an error of
        # 0.016 in log p against the LU's solution whose spread is 0.68; 1e-8 takes 3x the
        # iterations for an accuracy that the estimate itself does not have)

        Lc = sp.csr_array(L)
        phi, _ = cg(Lc, div, rtol=1e-4, maxiter=20 * int(np.sqrt(n)) + 1000,
                    M=sp.diags_array(1.0 / Lc.diagonal()))
    else:
        with blas_for(n):
            phi = spsolve(sp.csc_array(L), div)
    phi -= phi.mean()
    return np.exp(phi)
