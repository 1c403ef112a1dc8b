"""Front door: graphs in, positions out, with networkx's layout conventions."""

import networkx as nx

from ._layout_utils import (
    check_center,
    check_scale,
    finish_layout,
    initial_positions,
    process_graph,
    trivial_layout,
)
from ._validation import check_dim

__all__ = ["loe_layout", "ree_layout"]


@nx.utils.np_random_state("seed")
def loe_layout(G, pos=None, *, delta=0.1, method="lbfgs", n_init=4, max_iter=1000, tol=1e-6,
               max_time=None, weight=None, scale=1, center=None, dim=2, seed=None,
               store_pos_as=None, verbose=False):
    """Position nodes by local ordinal embedding: every node's graph neighbours become its
    nearest neighbours in the drawing.

    Minimises Err_local of Terada & von Luxburg [1]_: for each node i, neighbour j and
    non-neighbour k, the penalty ``max(0, d_ij + delta - d_ik)^2``.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Undirected graphs use neighbourhoods, directed graphs out-neighbourhoods.  Self-loops
        are ignored, parallel edges merged.
    pos : dict or None, optional
        Initial positions for some or all nodes (others random); default Laplacian eigenmaps.
    delta : float, default 0.1
        Scale parameter of the objective (only sets the scale of the optimum).
    method : {"lbfgs", "mm"}, default "lbfgs"
        Optimiser: L-BFGS on the exact objective, or the paper's majorization.
    n_init : int, default 4
        Number of runs (the first from the spectral start, the others from perturbed
        starts); the lowest objective wins.  Ignored when ``pos`` is given (one run).
    max_iter : int, default 1000
    tol : float, default 1e-6
        Relative decrease of the objective at which a run stops.
    max_time : float or None
        Seconds allowed per run.
    weight : None
        Accepted for signature compatibility with networkx layouts; LOE uses only the
        unweighted adjacency, so a value other than ``None`` raises ``ValueError``.
    scale : number, default 1
        Scale factor for positions (as :func:`networkx.rescale_layout`).
    center : array-like or None
        Coordinate pair around which to center the layout.
    dim : int, default 2
    seed : int, RandomState instance or None
        Same seed, same layout.
    store_pos_as : str or None
        Also store each position as the node attribute of that name.
    verbose : bool
        Show a progress bar.

    Returns
    -------
    pos : dict
        A dictionary of positions keyed by node.

    Raises
    ------
    ValueError
        Bad parameter values.
    TypeError
        Parameters of the wrong type.

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> G = nx.frucht_graph()
    >>> pos = nx_ordinal.loe_layout(G, seed=42)
    >>> len(pos), pos[0].shape
    (12, (2,))

    Notes
    -----
    Cost per iteration O((E + C) log(E + C)) for E edges and C candidate non-neighbour pairs
    near each node (see :func:`nx_ordinal.embed.loe`).  The drawing is rescaled afterwards,
    so ``delta`` does not change the result.

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
    """
    import numpy as np

    from .constraints import graph_to_csr
    from .embed.loe import loe

    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    if weight is not None:
        raise ValueError(f"loe_layout uses the unweighted adjacency; weight must be None, got {weight!r}")
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    init = initial_positions(pos, nodes, dim, seed)
    A, _ = graph_to_csr(G, nodes)
    if init is not None:
        n_init = 1
    res = loe(A, dim, delta=delta, method=method, init=init, n_init=n_init, max_iter=max_iter,
              tol=tol, max_time=max_time, seed=seed, verbose=verbose)
    X = np.asarray(res.embedding)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


@nx.utils.np_random_state("seed")
def ree_layout(G, pos=None, *, method="subgradient", max_iter=3000, step=0.2,
               weight=None, scale=1, center=None, dim=2, seed=None, store_pos_as=None,
               verbose=False):
    """Position nodes by a robust Euclidean embedding of the shortest-path distances.

    Runs REE [1]_ (l1 fit of squared distances, PSD-projected subgradient or SDP) on the
    matrix of shortest-path lengths, then keeps the ``dim`` principal components.  Pairs in
    different connected components get zero weight (missing entries), and each component is
    then placed side by side.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Directed graphs use the shortest-path lengths along out-edges, symmetrised by the
        minimum of both directions.
    pos : dict or None, optional
        Ignored except for validation (REE starts from the classical MDS Gram matrix).
    method : {"subgradient", "sdp"}, default "subgradient"
    max_iter : int, default 3000
    step : float, default 0.2
        Constant ``c`` of the step size ``c / sqrt(t)`` (see :func:`nx_ordinal.embed.ree.ree`).
    weight : str or None
        Edge attribute holding edge lengths (None: every edge has length 1).
    scale : number, default 1
    center : array-like or None
    dim : int, default 2
    seed : int, RandomState instance or None
    store_pos_as : str or None
    verbose : bool

    Returns
    -------
    pos : dict
        A dictionary of positions keyed by node.

    Raises
    ------
    ValueError
        Bad parameter values.

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> pos = nx_ordinal.ree_layout(nx.cycle_graph(6), seed=0)
    >>> len(pos), pos[0].shape
    (6, (2,))

    Notes
    -----
    O(n (n + m) log n) for the shortest paths plus O(n^3) per REE iteration.

    References
    ----------
    .. [1] Cayton, L. and Dasgupta, S. "Robust Euclidean Embedding." ICML 2006.
    """
    import numpy as np
    import scipy.sparse as sp
    from scipy.sparse.csgraph import connected_components, shortest_path

    from .embed.ree import ree

    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    initial_positions(pos, nodes, dim, seed)  # validation only
    n = len(nodes)
    index = {v: i for i, v in enumerate(nodes)}
    rows, cols, vals = [], [], []
    for u, v, d in G.edges(data=True):
        if u == v:
            continue
        w = 1.0 if weight is None else d.get(weight, 1.0)
        try:
            w = float(w)
        except (TypeError, ValueError):
            raise ValueError(f"edge ({u!r}, {v!r}) has a non-numeric {weight!r}: {w!r}") from None
        if not np.isfinite(w) or w <= 0:
            raise ValueError(f"edge ({u!r}, {v!r}) has a non-positive {weight!r}: {w!r}")
        rows.append(index[u])
        cols.append(index[v])
        vals.append(w)
    A = sp.csr_array((vals, (rows, cols)), shape=(n, n))
    if not G.is_directed():
        A = A.maximum(A.T) if A.nnz else A
    S = shortest_path(A, directed=G.is_directed())
    S = np.minimum(S, S.T)
    finite = np.isfinite(S)
    Wt = finite.astype(np.float64)
    D = np.where(finite, S, 0.0)
    res = ree(D, dim, weights=Wt, method=method, max_iter=max_iter, step=step, seed=seed,
              verbose=verbose)
    X = np.array(res.embedding)
    ncomp, labels = connected_components(finite, directed=False)
    if ncomp > 1:  # each component centred, then the components placed along the first axis
        offset = 0.0
        for c in range(ncomp):
            idx = labels == c
            X[idx] -= X[idx].mean(axis=0)
            width = float(np.ptp(X[idx, 0])) if idx.sum() > 1 else 0.0
            X[idx, 0] += offset + width / 2
            offset += width + 1.0
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)
