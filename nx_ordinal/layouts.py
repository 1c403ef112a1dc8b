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

__all__ = ["loe_layout", "ste_layout", "tste_layout", "gnmds_layout"]


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


# ---------------------------------------------------------------------------------------------
# triplet-embedding layouts (STE, t-STE, GNMDS on the graph's local triplets)

def _triplet_layout(kind, G, pos, kw, *, max_triplets, weight, scale, center, dim, seed,
                    store_pos_as):
    import warnings

    import numpy as np

    from .constraints import graph_to_csr, local_triplets
    from .embed.loe import laplacian_eigenmaps
    from .embed.ste import gnmds, ste, tste
    from .exceptions import NoOrdinalInformationWarning
    from .utils import draw_seed

    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    name = f"{kind}_layout"
    if weight is not None:
        raise ValueError(
            f"{name} uses the unweighted adjacency; weight must be None, got {weight!r}")
    if max_triplets is not None and (isinstance(max_triplets, bool)
                                     or not isinstance(max_triplets, int) or max_triplets < 1):
        raise ValueError(f"max_triplets must be a positive int or None, got {max_triplets!r}")
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    A, _ = graph_to_csr(G, nodes)
    init = initial_positions(pos, nodes, dim, seed)
    if init is None:
        init = laplacian_eigenmaps(A, dim, seed=draw_seed(seed))
    init = init - init.mean(axis=0)
    rms = np.sqrt(np.mean(np.sum(init * init, axis=1)))
    if rms > 0:
        init = init / rms
    T = local_triplets(A, max_triplets, seed=draw_seed(seed))
    if T.shape[0] == 0:
        warnings.warn(f"{name}: the graph implies no local triplets (empty or complete); "
                      "returning the initial positions", NoOrdinalInformationWarning,
                      stacklevel=3)
        X = init
    else:
        solver = {"ste": ste, "tste": tste, "gnmds": gnmds}[kind]
        X = solver(T, len(nodes), dim, init=init, **kw).embedding
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


_TRIPLET_LAYOUT_DOC = """
    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Undirected graphs use neighbourhoods, directed graphs out-neighbourhoods.
    pos : dict or None, optional
        Initial positions for some or all nodes (others random); default Laplacian eigenmaps.
    {extra}
    max_triplets : int or None, default 100000
        The local triplets ``(i, j, k)`` (j a neighbour of i, k not) number
        ``sum_i k_i (n - 1 - k_i)``; above this many, a uniform sample of this size is used.
    projected : bool, default False
        Use the Gram-projected ("-p") optimiser instead of L-BFGS (O(n^2) memory).
    max_iter : int, default 1000
    tol : float, default 1e-6
    max_time : float or None
        Seconds allowed.
    weight : None
        Accepted for signature compatibility; must be ``None``.
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
"""


@nx.utils.np_random_state("seed")
def ste_layout(G, pos=None, *, lam=0.0, max_triplets=100_000, projected=False, max_iter=1000,
               tol=1e-6, max_time=None, weight=None, scale=1, center=None, dim=2, seed=None,
               store_pos_as=None, verbose=False):
    """Position nodes by Stochastic Triplet Embedding of the graph's local triplets.

    Each node's neighbours should be nearer to it than its non-neighbours; STE [1]_
    maximises the likelihood of these triplets under a Gaussian-kernel choice model.
    {doc}
    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> pos = nx_ordinal.ste_layout(nx.frucht_graph(), seed=42)
    >>> len(pos), pos[0].shape
    (12, (2,))

    Notes
    -----
    O(T dim) per L-BFGS evaluation for T triplets (see :func:`nx_ordinal.embed.ste.ste`).

    References
    ----------
    .. [1] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding." MLSP 2012.
    """
    kw = dict(lam=lam, projected=projected, max_iter=max_iter, tol=tol, max_time=max_time,
              verbose=verbose, seed=seed)
    return _triplet_layout("ste", G, pos, kw, max_triplets=max_triplets, weight=weight,
                           scale=scale, center=center, dim=dim, seed=seed,
                           store_pos_as=store_pos_as)


@nx.utils.np_random_state("seed")
def tste_layout(G, pos=None, *, alpha=None, lam=0.0, max_triplets=100_000, projected=False,
                max_iter=1000, tol=1e-6, max_time=None, weight=None, scale=1, center=None,
                dim=2, seed=None, store_pos_as=None, verbose=False):
    """Position nodes by t-distributed Stochastic Triplet Embedding of the local triplets.

    As :func:`ste_layout` with the heavy-tailed Student-t kernel of t-STE [1]_, which
    separates clusters more strongly.
    {doc}
    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> pos = nx_ordinal.tste_layout(nx.frucht_graph(), seed=42)
    >>> len(pos)
    12

    Notes
    -----
    O(T dim) per L-BFGS evaluation for T triplets.

    References
    ----------
    .. [1] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding." MLSP 2012.
    """
    kw = dict(alpha=alpha, lam=lam, projected=projected, max_iter=max_iter, tol=tol,
              max_time=max_time, verbose=verbose, seed=seed)
    return _triplet_layout("tste", G, pos, kw, max_triplets=max_triplets, weight=weight,
                           scale=scale, center=center, dim=dim, seed=seed,
                           store_pos_as=store_pos_as)


@nx.utils.np_random_state("seed")
def gnmds_layout(G, pos=None, *, margin=1.0, lam=0.0, max_triplets=100_000, projected=False,
                 max_iter=1000, tol=1e-6, max_time=None, weight=None, scale=1, center=None,
                 dim=2, seed=None, store_pos_as=None, verbose=False):
    """Position nodes by Generalized Non-metric MDS of the graph's local triplets.

    Hinge loss ``max(0, margin + d_ij^2 - d_ik^2)`` of Agarwal et al. [1]_ for each node i,
    neighbour j and non-neighbour k.
    {doc}
    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> pos = nx_ordinal.gnmds_layout(nx.frucht_graph(), seed=42)
    >>> len(pos)
    12

    Notes
    -----
    O(T dim) per L-BFGS evaluation for T triplets.

    References
    ----------
    .. [1] Agarwal, S. et al. "Generalized non-metric multidimensional scaling." AISTATS 2007.
    """
    kw = dict(margin=margin, lam=lam, projected=projected, max_iter=max_iter, tol=tol,
              max_time=max_time, verbose=verbose, seed=seed)
    return _triplet_layout("gnmds", G, pos, kw, max_triplets=max_triplets, weight=weight,
                           scale=scale, center=center, dim=dim, seed=seed,
                           store_pos_as=store_pos_as)


_EXTRA = {
    "ste": """lam : float, default 0
        Weight of ``||X||_F^2``.""",
    "tste": """alpha : float or None
        Degrees of freedom of the Student-t kernel (default ``max(dim - 1, 1)``).
    lam : float, default 0
        Weight of ``||X||_F^2``.""",
    "gnmds": """margin : float, default 1
        Required gap between squared distances.
    lam : float, default 0
        Weight of ``||X||_F^2``.""",
}
for _k, _f in (("ste", ste_layout), ("tste", tste_layout), ("gnmds", gnmds_layout)):
    _f.__doc__ = _f.__doc__.replace(
        "{doc}", "\n    " + _TRIPLET_LAYOUT_DOC.strip().replace("{extra}", _EXTRA[_k]))
del _k, _f
