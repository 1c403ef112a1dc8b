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

__all__ = ["loe_layout", "landmark_layout"]


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
def landmark_layout(G, pos=None, *, n_landmarks=None, ties="random", weight=None, scale=1,
                    center=None, dim=2, seed=None, store_pos_as=None):
    """Position nodes by landmark ordinal embedding of breadth-first hop distances: fast
    drawings of large graphs.

    A few landmark nodes are drawn at random; every node is ranked by its hop distance to
    each landmark (ties broken at random, or averaged).  Each ranking is turned into a
    squared-distance estimate up to an unknown per-landmark constant (rank ``r`` of ``n``
    becomes ``(r / n)^(2 / dim)``, the squared radius of a ball holding ``r`` of ``n``
    uniformly spread points), the constants are recovered from Euclidean-distance-matrix
    structure and the nodes placed by landmark MDS, as in the landmark ordinal embedding of
    Ghosh et al. [1]_ (:func:`nx_ordinal.embed.landmark.landmark_embedding`).

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Hop distances ignore edge directions; self-loops and parallel edges do not matter.
    pos : dict or None, optional
        Accepted for signature compatibility; the method is not iterative and ignores it.
    n_landmarks : int or None
        Number of landmarks, default ``max(dim + 3, 20)``; at least ``dim + 3``.
    ties : {"random", "average"}, default "random"
        How nodes at the same hop distance from a landmark are ranked.
    weight : None
        Hop distances are unweighted; a value other than ``None`` raises ``ValueError``.
    scale : number, default 1
        Scale factor for positions (as :func:`networkx.rescale_layout`).
    center : array-like or None
        Coordinate pair around which to center the layout.
    dim : int, default 2
    seed : int, RandomState instance or None
        Chooses the landmarks and breaks ties.  Same seed, same layout.
    store_pos_as : str or None
        Also store each position as the node attribute of that name.

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
    >>> G = nx.grid_2d_graph(10, 10)
    >>> pos = nx_ordinal.landmark_layout(G, seed=1)
    >>> len(pos), pos[(0, 0)].shape
    (100, (2,))

    Notes
    -----
    O(l (n + E)) for the breadth-first searches (Dijkstra with unit weights), O(l n log n)
    for the rankings, then O(n l dim + l^3): seconds for a million edges.  Nodes that cannot
    be reached from the landmarks (landmarks are drawn in the largest connected component)
    are ranked beyond the farthest reachable node.  Graphs with at most ``l + 1`` nodes are
    drawn by classical MDS of hop distances.

    References
    ----------
    .. [1] Ghosh, N., Chen, Y. and Yue, Y. "Landmark Ordinal Embedding." NeurIPS 2019.
    """
    import numpy as np
    from scipy.sparse.csgraph import connected_components, shortest_path

    from ._validation import check_choice, check_int
    from .constraints import graph_to_csr
    from .embed.landmark import _columns_to_embedding
    from .embed.mds import classical_mds
    from .utils import as_generator

    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    ties = check_choice(ties, "ties", ("random", "average"))
    if weight is not None:
        raise ValueError(f"landmark_layout uses hop distances; weight must be None, got {weight!r}")
    ell = max(dim + 3, 20) if n_landmarks is None else check_int(n_landmarks, "n_landmarks",
                                                                  minimum=dim + 3)
    if pos is not None and not hasattr(pos, "items"):
        raise TypeError(
            f"pos must be a dict mapping nodes to coordinates, got {type(pos).__name__}")
    n = len(nodes)
    if n <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    rng = as_generator(seed)
    A, _ = graph_to_csr(G, nodes)
    A = (A + A.T).tocsr()
    if n <= ell + 1:
        H = shortest_path(A, unweighted=True, directed=False)
        fin = np.isfinite(H)
        H[~fin] = H[fin].max() + 1.0
        X = classical_mds(H, dim)
        return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)
    _, labels = connected_components(A, directed=False)
    big = np.flatnonzero(labels == np.bincount(labels).argmax())
    if big.size < ell:  # tiny components everywhere: landmarks anywhere
        big = np.arange(n)
    landmarks = np.sort(rng.choice(big, size=ell, replace=False))
    H = shortest_path(A, unweighted=True, directed=False, indices=landmarks)  # (l, n)
    finite = np.isfinite(H)
    far = H[finite].max() + 1.0
    H[~finite] = far
    if ties == "random":
        key = H + 0.5 * rng.random(H.shape)
        order = np.argsort(key, axis=1)
        ranks = np.empty(H.shape)
        np.put_along_axis(ranks, order, np.broadcast_to(np.arange(n, dtype=np.float64), H.shape),
                          axis=1)
    else:
        from scipy.stats import rankdata

        ranks = rankdata(H, method="average", axis=1) - 1.0
    # landmark a has hop distance 0 to itself: rank 0; squared-distance proxy of the others
    D = (ranks.T / (n - 1)) ** (2.0 / dim)
    rest_mean = (D.sum(axis=0) - D[landmarks, np.arange(ell)]) / (n - 1)
    theta = D - rest_mean[None, :]
    X, _, _ = _columns_to_embedding(theta, landmarks, dim)
    if not np.isfinite(X).all():  # pragma: no cover - defensive
        X = np.nan_to_num(X)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)
