"""Linear-program embedding of a kNN graph (LPEm, Cucuringu & Woodworth, section 6)."""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from .._core.estimates import check_plausible_sizes, lp_memory
from .._core.progress import public_call
from .._core.result import EmbeddingResult
from .._core.seeds import as_generator
from .._core.validation import check_dim, check_positive
from .._data.graph import graph_or_adjacency
from .mds import classical_mds

if TYPE_CHECKING:
    import networkx as nx
    import scipy.sparse as sp

    from .._core.result import EmbeddingResult
    from .._core.typing import Seed

__all__ = ["lp_embedding"]


def _pair_index(i, j, n):
    """Index of the unordered pair {i, j} (i != j) in the upper triangle, row major."""
    a = np.minimum(i, j)
    b = np.maximum(i, j)
    return a * n - a * (a + 1) // 2 + (b - a - 1)


def _as_adjacency(G_knn):

    return graph_or_adjacency(G_knn, "the kNN adjacency")


def _triangles(A, n, triangle, rng):
    """Unordered triples (a < b < c) whose triangle inequalities enter the LP."""
    if triangle == "all":
        i, j = np.triu_indices(n, 1)
        # all c > j
        reps = n - 1 - j
        a = np.repeat(i, reps)
        b = np.repeat(j, reps)
        start = np.repeat(np.cumsum(reps) - reps, reps)
        c = b + 1 + (np.arange(reps.sum()) - start)
        return np.column_stack([a, b, c])
    if isinstance(triangle, numbers.Real) and not isinstance(triangle, bool):
        T = _triangles(A, n, "all", rng)
        keep = rng.random(T.shape[0]) < float(triangle)
        return T[keep]
    # local: pairs of neighbours of a common vertex (1-hop triples)
    S = (A + A.T).tocsr()
    S.data[:] = 1.0
    S.sort_indices()
    deg = np.diff(S.indptr)
    centre = np.repeat(np.arange(n), deg * deg)
    first = np.repeat(S.indices, np.repeat(deg, deg))
    # second neighbour: for each centre, tile its neighbour list deg times
    second = np.concatenate([np.tile(S.indices[S.indptr[v]:S.indptr[v + 1]], deg[v])
                             for v in range(n)]) if n else np.zeros(0, dtype=np.int64)
    keep = first < second
    T = np.sort(np.column_stack([centre[keep], first[keep], second[keep]]), axis=1)
    T = T[(T[:, 0] != T[:, 1]) & (T[:, 1] != T[:, 2])]
    return np.unique(T, axis=0)


def triangle_count(A: sp.csr_array, triangle: str | float) -> int:
    """How many triangles :func:`lp_embedding` imposes for ``triangle`` (at most, for
    ``"local"``: pairs of neighbours of each node; 0 for a value ``lp_embedding`` refuses),
    for memory estimates: O(n) and nothing allocated beyond the degrees."""
    n = A.shape[0]
    if isinstance(triangle, str) and triangle == "local":
        deg = np.diff((A + A.T).tocsr().indptr).astype(np.int64)
        return int((deg * (deg - 1) // 2).sum())
    everything = n * (n - 1) * (n - 2) // 6
    if isinstance(triangle, str):
        return everything if triangle == "all" else 0  # bad names: lp_embedding's ValueError
    try:
        fraction = float(triangle)
    except (TypeError, ValueError):
        return 0
    return int(min(max(fraction, 0.0), 1.0) * everything)


@public_call
def lp_embedding(
    G_knn: nx.Graph,
    dim: int = 2,
    *,
    triangle: str | float = "local",
    margin: float = 0.1,
    total_radius: float | None = None,
    seed: Seed = None,
) -> EmbeddingResult:
    """Embed a kNN graph by a linear program on distances and radii, then classical MDS.

    Algorithm 3 of [1]_: find distances ``D`` and radii ``R`` (``R_i`` the radius of i's
    neighbourhood) with ``D_ij <= R_i + alpha_ij`` for edges i -> j,
    ``D_ij >= R_i + margin - beta_ij`` for non-edges, ``sum_i R_i = total_radius``, the triangle
    inequalities of a chosen set of triples, minimising the total slack
    ``sum alpha + sum beta``; then embed ``D`` by classical MDS.

    Parameters
    ----------
    G_knn : networkx graph or array_like / sparse matrix, shape (n, n)
        The (directed) kNN graph: row i marks i's neighbours.  Nodes are taken in
        ``list(G)`` order.
    dim : int, default 2
    triangle : {"local", "all"} or float, default "local"
        Triangle inequalities imposed: ``"local"`` on the triples made of a vertex and two of
        its (symmetrised) neighbours, ``"all"`` on every triple (O(n^3) rows), a float ``p``
        in (0, 1] on each triple independently with probability ``p`` (Erdős–Rényi).  Each
        triple adds its three inequalities.
    margin : float, default 0.1
        The strict inequality of the paper ``D_ij > R_i - beta_ij`` as a margin (without one
        the LP is solved by all distances equal).
    total_radius : float or None
        The normalisation ``V`` of ``sum_i R_i``; default ``n`` (mean radius 1).
    seed : int, Generator or None
        Sampling of the triples when ``triangle`` is a float.

    Returns
    -------
    EmbeddingResult
        ``embedding`` (n, dim), ``objective`` the total slack, ``info["D"]`` the LP distance
        matrix, ``info["R"]`` the radii, ``info["n_triangles"]``, ``info["status"]``.

    Raises
    ------
    ValueError
        Bad ``triangle`` or ``margin``, a non-square adjacency.
    RuntimeError
        When HiGHS fails.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import knn_adjacency
    >>> from nx_ordinal.embed.lp import lp_embedding
    >>> X = np.random.default_rng(0).random((25, 2))
    >>> res = lp_embedding(knn_adjacency(X, 8), 2)
    >>> res.embedding.shape
    (25, 2)

    Notes
    -----
    The LP has n(n-1)/2 + n + n(n-1) variables and n(n-1) + 3 ``|T|`` inequality rows, stored as
    sparse matrices and solved by HiGHS (``scipy.optimize.linprog``); the interior/simplex
    cost grows with ``|T|`` (O(n k^2) triples for ``"local"``, O(n^3) for ``"all"``).  The paper
    uses metric MDS on ``D``; we use classical MDS.

    References
    ----------
    .. [1] Cucuringu, M. and Woodworth, J. "Point localization and density estimation from
       ordinal kNN graphs using synchronization." Section 6, Algorithm 3.
    """


    dim = check_dim(dim)
    margin = check_positive(margin, "margin")
    if isinstance(triangle, str):
        if triangle not in ("local", "all"):
            raise ValueError(f"triangle must be 'local', 'all' or a float in (0, 1], got "
                             f"{triangle!r}")
    elif isinstance(triangle, bool) or not isinstance(triangle, numbers.Real) or not (
            0 < float(triangle) <= 1):
        raise ValueError(f"triangle must be 'local', 'all' or a float in (0, 1], got "
                         f"{triangle!r}")
    rng = as_generator(seed)
    A = _as_adjacency(G_knn)
    n = A.shape[0]
    if n < 3:
        raise ValueError(f"lp_embedding needs at least 3 nodes, got {n}")
    V = float(n) if total_radius is None else check_positive(total_radius, "total_radius")

    check_plausible_sizes("lp_embedding", n, dim)
    lp_memory(n, dim).check()

    m = n * (n - 1) // 2
    nvar = m + n + n * (n - 1)
    # one row per directed pair (i, j), i != j
    I, J = np.nonzero(~np.eye(n, dtype=bool))
    is_edge = np.asarray(A[I, J]).ravel() > 0
    P = I.size
    rows = np.arange(P)
    sgn = np.where(is_edge, 1.0, -1.0)
    pair = _pair_index(I, J, n)
    data = np.concatenate([sgn, -sgn, -np.ones(P)])
    r = np.concatenate([rows, rows, rows])
    c = np.concatenate([pair, m + I, m + n + rows])
    b = np.where(is_edge, 0.0, -margin)

    T = _triangles(A, n, triangle, rng)
    if T.size:
        a_, b_, c_ = T[:, 0], T[:, 1], T[:, 2]
        pab, pac, pbc = _pair_index(a_, b_, n), _pair_index(a_, c_, n), _pair_index(b_, c_, n)
        t = T.shape[0]
        base = P + 3 * np.arange(t)
        tri_rows = np.concatenate([base, base, base, base + 1, base + 1, base + 1,
                                   base + 2, base + 2, base + 2])
        tri_cols = np.concatenate([pab, pac, pbc, pac, pab, pbc, pbc, pab, pac])
        tri_data = np.concatenate([np.ones(t), -np.ones(t), -np.ones(t)] * 3)
        r = np.concatenate([r, tri_rows])
        c = np.concatenate([c, tri_cols])
        data = np.concatenate([data, tri_data])
        b = np.concatenate([b, np.zeros(3 * t)])
    A_ub = sp.csr_array((data, (r, c)), shape=(b.size, nvar))
    A_eq = sp.csr_array((np.ones(n), (np.zeros(n, dtype=np.int64), m + np.arange(n))),
                        shape=(1, nvar))
    cost = np.concatenate([np.zeros(m + n), np.ones(P)])
    sol = linprog(cost, A_ub=A_ub, b_ub=b, A_eq=A_eq, b_eq=[V], bounds=(0, None),
                  method="highs-ipm")
    if sol.x is None:
        raise RuntimeError(f"HiGHS failed: {sol.message}")
    x = sol.x
    Dm = np.zeros((n, n))
    iu = np.triu_indices(n, 1)
    Dm[iu] = x[:m]
    Dm = Dm + Dm.T
    X = classical_mds(Dm, dim)
    return EmbeddingResult(X, float(sol.fun), int(getattr(sol, "nit", 0) or 0),
                           bool(sol.status == 0), [], "lpem",
                           {"D": Dm, "R": x[m:m + n], "n_triangles": int(T.shape[0]),
                            "status": sol.message})
