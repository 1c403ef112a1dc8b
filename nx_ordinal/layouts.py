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

__all__ = ["asap_loe_layout", "loe_layout", "ree_layout", "soe_layout"]


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
        raise ValueError(
            f"loe_layout uses the unweighted adjacency; weight must be None, got {weight!r}"
        )
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


def _weighted_csr(G, nodes, weight):
    """Adjacency with edge lengths (attribute ``weight``, default 1; parallel edges: the
    shortest) as CSR, in node order; negative or non-finite lengths raise ValueError."""
    import numpy as np
    import scipy.sparse as sp

    index = {v: i for i, v in enumerate(nodes)}
    rows, cols, vals = [], [], []
    for u, v, w in G.edges(data=weight, default=1):
        if u == v:
            continue
        try:
            w = float(w)
        except (TypeError, ValueError):
            raise ValueError(f"edge ({u!r}, {v!r}) has a non-numeric {weight!r}: {w!r}") from None
        if not np.isfinite(w) or w < 0:
            raise ValueError(f"edge ({u!r}, {v!r}) has an invalid {weight!r}: {w!r}")
        rows.append(index[u])
        cols.append(index[v])
        vals.append(w)
    rows = np.asarray(rows, dtype=np.int64)
    cols = np.asarray(cols, dtype=np.int64)
    vals = np.asarray(vals, dtype=np.float64)
    if not G.is_directed():
        rows, cols, vals = (np.concatenate([rows, cols]), np.concatenate([cols, rows]),
                            np.concatenate([vals, vals]))
    n = len(nodes)
    if rows.size:  # keep the shortest of parallel edges
        order = np.lexsort((vals, cols, rows))
        rows, cols, vals = rows[order], cols[order], vals[order]
        first = np.ones(rows.size, dtype=bool)
        first[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
        rows, cols, vals = rows[first], cols[first], vals[first]
    # zero-length edges must survive as explicit entries: shift them by a tiny epsilon
    vals = np.where(vals == 0, np.finfo(float).tiny, vals)
    return sp.csr_array((vals, (rows, cols)), shape=(n, n))


def shortest_path_triplets(G, nodes, n_constraints, *, weight=None, rng=None,
                           max_entries=4_000_000):
    """Triplets ``(i, j, k)`` with ``d(i, j) < d(i, k)`` for shortest-path distances of ``G``.

    Anchors ``i`` are drawn from a set of at most ``max(20, max_entries // n)`` source nodes
    (all nodes for small graphs), whose distance rows are computed by BFS / Dijkstra
    (scipy.sparse.csgraph), so memory stays O(max_entries).  Ties are not constraints:
    tied draws are discarded.  Unreachable nodes are at distance ``inf`` (farther than any
    reachable node).  Returns an (m, 3) int64 array, m <= n_constraints (fewer when the
    graph has too few strict comparisons).
    """
    import numpy as np
    from scipy.sparse.csgraph import shortest_path

    n = len(nodes)
    A = _weighted_csr(G, nodes, weight)
    n_src = min(n, max(20, max_entries // max(n, 1)))
    src = np.arange(n) if n_src == n else np.sort(rng.choice(n, size=n_src, replace=False))
    Dsrc = shortest_path(A, method="D", directed=G.is_directed(), unweighted=weight is None,
                         indices=src)
    out = []
    have = 0
    for _ in range(20):
        size = max(64, 2 * (n_constraints - have))
        a = rng.integers(0, n_src, size=size)
        i = src[a]
        j = rng.integers(0, n - 1, size=size)
        j = j + (j >= i)
        k = rng.integers(0, n - 2, size=size)
        lo, hi = np.minimum(i, j), np.maximum(i, j)
        k = k + (k >= lo)
        k = k + (k >= hi)
        dj, dk = Dsrc[a, j], Dsrc[a, k]
        keep = dj != dk
        T = np.column_stack([i, j, k])[keep]
        swap = (dk < dj)[keep]
        T[swap, 1], T[swap, 2] = T[swap, 2], T[swap, 1].copy()
        out.append(T)
        have += T.shape[0]
        if have >= n_constraints:
            break
    T = np.concatenate(out)[:n_constraints] if out else np.empty((0, 3), dtype=np.int64)
    return T.astype(np.int64)


@nx.utils.np_random_state("seed")
def soe_layout(G, pos=None, *, n_constraints=None, weight=None, delta=0.1, method="lbfgs",
               n_init=1, max_iter=1000, tol=1e-4, max_time=None, scale=1, center=None, dim=2,
               seed=None, store_pos_as=None, verbose=False):
    """Position nodes by soft ordinal embedding of shortest-path distance comparisons.

    Triplets ``(i, j, k)`` -- "node i is closer to j than to k" in shortest-path distance --
    are sampled uniformly (ties are not constraints and are redrawn), and the drawing
    minimises the SOE objective of Terada & von Luxburg [1]_, the sum over triplets of
    ``max(0, d_ij + delta - d_ik)^2``.  Only the order of the graph distances is used, so
    the drawing is invariant to any increasing transformation of the edge lengths.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Directed graphs use directed (out-going) shortest paths.  Self-loops are ignored.
    pos : dict or None, optional
        Initial positions for some or all nodes (others random); default random Gaussian.
    n_constraints : int or None
        Number of triplets; default ``min(2_000_000, 20 n dim ceil(log n))``.
    weight : str or None, default None
        Edge attribute holding edge lengths for weighted shortest paths (missing: 1);
        ``None`` counts hops.
    delta : float, default 0.1
        Margin of the objective (only sets the scale; the drawing is rescaled anyway).
    method : {"lbfgs", "mm"}, default "lbfgs"
        Optimiser (see :func:`nx_ordinal.embed.soe`).
    n_init : int, default 1
        Number of runs; the lowest objective wins.  Ignored when ``pos`` is given.
    max_iter : int, default 1000
    tol : float, default 1e-4
        Relative decrease of the objective at which a run stops.
    max_time : float or None
        Seconds allowed per run.
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
        Bad parameter values or negative edge lengths.
    TypeError
        Parameters of the wrong type.

    Warns
    -----
    NoOrdinalInformationWarning
        When all sampled comparisons tie (e.g. a complete graph): the initial positions are
        returned.

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> G = nx.grid_2d_graph(5, 5)
    >>> pos = nx_ordinal.soe_layout(G, seed=1)
    >>> len(pos), pos[(0, 0)].shape
    (25, (2,))

    Notes
    -----
    Cost: shortest paths from at most ``max(20, 4e6 / n)`` source nodes (BFS, or Dijkstra
    with ``weight``), O(sources (n + E) log n); sampling O(m); then SOE at O(m dim + n dim)
    per iteration for m = ``n_constraints`` triplets.  No n x n array for large graphs.

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
    """
    import math
    import warnings

    import numpy as np

    from ._validation import check_int
    from .embed.soe import soe
    from .exceptions import NoOrdinalInformationWarning
    from .utils import as_generator

    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    n = len(nodes)
    if n_constraints is None:
        logn = max(1, math.ceil(math.log(max(n, 2))))
        n_constraints = min(2_000_000, 20 * max(n, 1) * dim * logn)
    n_constraints = check_int(n_constraints, "n_constraints", minimum=1)
    if weight is not None and not isinstance(weight, str):
        raise TypeError(f"weight must be an edge attribute name or None, got {weight!r}")
    if n <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    rng = as_generator(seed)
    init = initial_positions(pos, nodes, dim, seed)
    if init is not None:
        n_init = 1
    T = shortest_path_triplets(G, nodes, n_constraints, weight=weight, rng=rng) if n >= 3 else (
        np.empty((0, 3), dtype=np.int64))
    if T.shape[0] == 0:
        warnings.warn("no strict shortest-path comparisons (all distances tie); "
                      "returning the initial positions", NoOrdinalInformationWarning, stacklevel=2)
        X = init if init is not None else rng.standard_normal((n, dim))
        return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)
    res = soe(T, n, dim, delta=delta, method=method, init=init, n_init=n_init,
              max_iter=max_iter, tol=tol, max_time=max_time, seed=rng, verbose=verbose)
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


@nx.utils.np_random_state("seed")
def asap_loe_layout(G, pos=None, *, max_patch_size=300, prune=True, scale_sync=True,
                    executor=None, n_jobs=None, embedder=None, rigidity_test=None,
                    loe_kwargs=None, refine_iter=0, weight=None, scale=1, center=None, dim=2,
                    seed=None, store_pos_as=None, verbose=False):
    """Position nodes by ASAP-LOE: local ordinal embeddings of overlapping patches,
    synchronised over scale, rotation/reflection and translation.

    The divide-and-conquer method of Cucuringu & Woodworth [1]_ (Algorithm 1): the graph is
    cut into overlapping, globally rigid patches by spectral clustering, each patch is drawn
    by LOE on its own (in parallel), and the patch drawings are stitched together by scale
    synchronisation, O(dim) synchronisation and a least-squares solve for the translations.
    For large graphs (thousands of nodes and more) it is much faster than
    :func:`loe_layout`, whose cost grows with the whole graph.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Undirected graphs use neighbourhoods, directed graphs (e.g. kNN graphs)
        out-neighbourhoods.
    pos : dict or None, optional
        Initial positions (possibly partial; missing nodes random): each patch embedding
        starts from them.
    max_patch_size : int, default 300
        Largest patch size (MPS in the paper); graphs (components) no larger are embedded
        by LOE in one piece.
    prune : bool, default True
        Prune patches until globally rigid (section 3.1); needs
        ``nx_ordinal.rigidity`` or ``rigidity_test``.
    scale_sync : bool, default True
        Synchronise the patch scales (section 3.2); ``False`` reproduces the ablation of
        the paper's Figure 2.
    executor : concurrent.futures.Executor or None
        Runs the patch embeddings, e.g. ``dask.distributed.Client(...).get_executor()``.
        Default: a local process pool of ``n_jobs`` workers, one BLAS thread each.
    n_jobs : int or None
        Workers of the default pool (default all cores; 1 runs in-process).
    embedder : callable or None
        ``embedder(A_patch, dim, seed=int) -> (m, dim) array``; default LOE-BFGS.
    rigidity_test : callable or None
        ``rigidity_test(networkx.Graph, dim) -> bool``; default
        ``nx_ordinal.rigidity.is_globally_rigid``.
    loe_kwargs : dict or None
        Settings of the default LOE patch embedder (default ``max_iter=200, tol=1e-5``).
    refine_iter : int, default 0
        Iterations of LOE on the whole graph started at the synchronised drawing (an
        addition to the paper; see :func:`nx_ordinal.asap.asap_embed`).
    weight : None
        Accepted for signature compatibility; only the unweighted adjacency is used.
    scale : number, default 1
    center : array-like or None
    dim : int, default 2
    seed : int, RandomState instance or None
        Same seed, same layout, whatever the executor.
    store_pos_as : str or None
    verbose : bool
        Progress bar over patches.

    Returns
    -------
    pos : dict
        A dictionary of positions keyed by node.

    Raises
    ------
    ValueError, TypeError
        Bad parameter values or types.
    networkx.NetworkXError
        If the patches do not overlap enough to be synchronised (increase
        ``max_patch_size``).

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> G = nx.grid_2d_graph(12, 12)
    >>> pos = nx_ordinal.asap_loe_layout(G, max_patch_size=60, prune=False, n_jobs=1, seed=0)
    >>> len(pos), pos[(0, 0)].shape
    (144, (2,))

    Notes
    -----
    Cost: spectral clustering (sparse eigensolver), N patch embeddings of at most
    ``max_patch_size`` nodes (in parallel), then synchronisation in
    O(sum over overlapping patch pairs of |overlap|^2) plus a sparse eigenproblem of size
    N dim and one sparse factorisation of the n x n graph Laplacian.  Connected components
    are drawn separately and packed side by side.

    References
    ----------
    .. [1] Cucuringu, M. and Woodworth, J. "Point localization and density estimation from
       ordinal kNN graphs using synchronization."
    """
    import numpy as np

    from .asap.pipeline import asap_embed
    from .constraints import graph_to_csr
    from .utils import as_generator

    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    if weight is not None:
        raise ValueError(
            f"asap_loe_layout uses the unweighted adjacency; weight must be None, got {weight!r}"
        )
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    init = initial_positions(pos, nodes, dim, seed)
    A, _ = graph_to_csr(G, nodes)
    res = asap_embed(A, dim, max_patch_size=max_patch_size, prune=prune, scale_sync=scale_sync,
                     embedder=embedder, rigidity_test=rigidity_test, executor=executor,
                     n_jobs=n_jobs, init=init, seed=as_generator(seed), verbose=verbose,
                     loe_kwargs=loe_kwargs, refine_iter=refine_iter)
    X = np.asarray(res.embedding)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)
