"""Front door: graphs in, positions out, with networkx's layout conventions."""

from __future__ import annotations

import math
import time
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np
from scipy.sparse.csgraph import connected_components

from ._graph import (
    KK_MAX_NODES,
    SMALL_NODES,
    auto_layout_starts,
    auto_n_init,
    drop_shortcuts,
    networkx_start,
    pack_components,
    path_distances,
    shortest_path_triplets,
    start_configurations,
    weighted_csr,
)
from ._layout_utils import (
    GariTracker,
    check_center,
    check_pos,
    check_scale,
    finish_layout,
    initial_positions,
    np_random_state,
    process_graph,
    trivial_layout,
)
from ._memory import (
    landmark_layout_memory,
    loe_layout_memory,
    lpem_layout_memory,
    ree_layout_memory,
    soe_layout_memory,
    triplet_layout_memory,
)
from ._validation import check_choice, check_dim, check_int, check_positive
from .asap.pipeline import asap_embed
from .constraints import count_local_triplets, graph_to_csr, local_triplets
from .embed._progress import Progress, public_call, warn
from .embed.dmoe import dmoe
from .embed.landmark import hop_rank_embedding, landmark_ste
from .embed.loe import laplacian_eigenmaps, loe, pivot_mds
from .embed.lp import lp_embedding, triangle_count
from .embed.ree import ree
from .embed.soe import soe
from .embed.ste import gnmds, ste, tste
from .exceptions import ConvergenceWarning, NoOrdinalInformationWarning
from .utils import as_generator, draw_seed

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from concurrent.futures import Executor

    from ._typing import ArrayLike, FloatArray, GraphLike, PosDict, PosLike, Seed

__all__ = [
    "asap_loe_layout",
    "gnmds_layout",
    "landmark_layout",
    "loe_layout",
    "ree_layout",
    "soe_layout",
    "ste_layout",
    "tste_layout",
]


@public_call
@np_random_state("seed")
def loe_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    delta: float = 0.1,
    method: str = "lbfgs",
    n_init: int | str = "auto",
    init: str | Sequence[str] = "auto",
    select: str = "gari",
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool = False,
    remove_overlap: bool = True,
) -> PosDict:
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
    n_init : int or "auto", default "auto"
        Number of runs.  The first run of each start in ``init`` begins from it as is, the
        others from perturbed copies; ``select`` picks the winner.  Ignored when ``pos`` is
        given (one run).  ``"auto"``: 4 up to 100 nodes, 2 (one from each start) up to 500,
        1 beyond (a perturbed copy of a large start begins far from anything useful, and one
        run costs what the solver costs).
    init : str or sequence of str, default "auto"
        Start(s) of the runs, cycled over the ``n_init`` runs: ``"spectral"`` (Laplacian
        eigenmaps), ``"pivot"`` (:func:`nx_ordinal.embed.pivot_mds`, pivot MDS of
        density-reweighted graph distances), ``"kamada_kawai"``, ``"spring"`` (networkx
        drawers) or ``"random"``.  ``"auto"`` (alone): ``("spectral", "kamada_kawai")`` up to
        500 nodes (Kamada-Kawai costs O(n^2) memory), ``"pivot"`` beyond (hop distances on an
        undirected graph; on a directed kNN graph they are reweighted by the estimated
        density, which keeps the global shape).
    select : {"gari", "objective"}, default "gari"
        How the result is chosen.  ``"objective"``: the run with the lowest Err_local.
        ``"gari"``: every run is followed (through :func:`nx_ordinal.embed.loe`'s callback)
        at iterations 0, 1, 2, 4, 8, ... and at its end, and the configuration with the
        highest GARI (ties: lowest objective) is returned.  The minimum of Err_local is not
        always the drawing of best GARI (Desargues in 2-D: 0.29 at the minimum against 0.41
        near the Kamada-Kawai start), and GARI is what a drawing is judged by here.  Beyond
        500 nodes the checkpoints continue every 16 iterations from iteration 64 on, are
        skipped while they have taken more than a tenth of the time spent, and a run stops
        once its best GARI has not risen by 0.001 over the last 64 iterations (the
        objective's slow tail moves no node's nearest neighbours).
    max_iter : int, default 1000
    tol : float, default 1e-6
        Relative decrease of the objective at which a run stops.
    max_time : float or None
        Seconds allowed for the whole call (starts and all runs; it is checked between the
        starts and after every iteration); when it is spent the best configuration seen so
        far is returned.
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
        Show one progress bar for the whole call (all runs; with ``select="objective"``,
        the solver's bar per run).
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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
    >>> G = nx.desargues_graph()
    >>> pos = nx_ordinal.loe_layout(G, init=("spectral", "kamada_kawai"), select="gari",
    ...                             n_init=2, seed=0)
    >>> nx_ordinal.gari(G, pos) > 0.4  # 0.29 at Err_local's minimum
    True

    Notes
    -----
    Size rules of the defaults.  Up to 500 nodes: four runs (spectral and Kamada-Kawai
    starts and a perturbed copy of each), every run followed to its end, the exact
    objective.  Beyond 500 nodes: one run from the pivot-MDS start (O(L (E + n log n)) for
    L = 50 landmarks), GARI checkpoints with the early stop above, and the solver's
    candidate cap (``candidate_cap=4`` of :func:`nx_ordinal.embed.loe`: an anchor counts at
    most its 4 (k_i + 8) nearest non-neighbours, so hubs of degree in the hundreds do not
    make the candidate list quadratic).  Beyond 100 nodes an undirected small-world graph
    is drawn without its shortcuts (edges on no triangle and no 4-cycle whose ends are far
    apart without them, see ``nx_ordinal._graph.drop_shortcuts``): LOE would fold the
    drawing to bring their ends together (Watts-Strogatz); GARI is still measured on the
    whole graph.

    Cost per iteration O((E + C) log(E + C)) for E edges and C candidate non-neighbour pairs
    near each node (see :func:`nx_ordinal.embed.loe`), C <= 4 (E + 8 n) beyond 500 nodes; a
    GARI checkpoint costs O(n k_max log n).  The drawing is rescaled afterwards, so
    ``delta`` does not change the result.

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
    """



    t_start = time.perf_counter()
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
    inits = _check_inits(init)
    select = check_choice(select, "select", ("objective", "gari"))
    n = len(nodes)
    large = n > SMALL_NODES  # bounded candidate lists and GARI early stop
    if isinstance(n_init, str) and n_init == "auto":
        n_init = auto_n_init(n)
    n_init = check_int(n_init, "n_init", minimum=1)
    max_iter = check_int(max_iter, "max_iter", minimum=0)
    max_time = check_positive(max_time, "max_time", allow_none=True)
    solver_init = None
    if inits == ("auto",):
        inits, solver_init = auto_layout_starts(n, n_init)
    elif inits in (("spectral",), ("pivot",)):
        solver_init = inits[0]

    loe_layout_memory(len(nodes), dim, G.number_of_edges(), n_init, kamada_kawai=len(nodes) <= (
        KK_MAX_NODES) and any(i in ("kamada_kawai", "spring") for i in inits)).check()
    X0 = initial_positions(pos, nodes, dim, seed)
    A, _ = graph_to_csr(G, nodes)
    kw = dict(delta=delta, method=method, tol=tol)
    A_solve = A  # what the solver sees; GARI is always measured on A
    if large:
        kw["candidate_cap"] = _CANDIDATE_CAP
        if not G.is_directed():
            A_solve, _ = drop_shortcuts(A)
    if X0 is not None:
        starts = [X0]
    elif solver_init is not None:
        starts = None  # the solver's own start and restarts (start + perturbations)
    else:
        starts = _starts(G, nodes, A_solve, inits, n_init, dim, seed)
    n_runs = n_init if starts is None else len(starts)
    # select="objective" runs without a callback (one would change the solver's trajectory):
    # the solver shows its own bar per run
    progress = Progress(n_runs * max_iter, verbose and select == "gari", "loe_layout")
    deadline = None if max_time is None else t_start + max_time
    tracker = (GariTracker(A, large=large, progress=progress, deadline=deadline)
               if select == "gari" else None)
    kw["verbose"] = verbose and tracker is None

    def remaining():
        if max_time is None:
            return None
        return max(max_time - (time.perf_counter() - t_start), 1e-9)

    def run(S, n):
        left = remaining()
        iters = max_iter if left is None or left > 1e-9 else 0
        return loe(A_solve, dim, init=S, n_init=n, max_iter=iters, seed=seed,
                   callback=tracker, max_time=left, **kw)

    try:
        runs = [run(solver_init, n_init)] if starts is None else [run(S, 1) for S in starts]
    finally:
        progress.close()
    if tracker is None:
        X = np.asarray(min(runs, key=lambda r: r.objective).embedding)
    else:
        for r in runs:
            tracker.offer(r.embedding, r.objective)
        assert tracker.best_X is not None  # every run was offered
        X = tracker.best_X
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as,
                         remove_overlap=remove_overlap, seed=seed)


_INITS = ("auto", "spectral", "pivot", "kamada_kawai", "spring", "random")
_CANDIDATE_CAP = 4.0


def _check_inits(init):
    inits = (init,) if isinstance(init, str) else init
    try:
        inits = tuple(inits)
    except TypeError:
        raise TypeError(f"init must be a string or a sequence of strings, got {init!r}") from None
    if not inits:
        raise ValueError("init must name at least one start")
    for name in inits:
        check_choice(name, "init", _INITS)
    if "auto" in inits and len(inits) > 1:
        raise ValueError(f"init='auto' stands alone (it chooses the starts), got {init!r}")
    return inits


def _starts(G, nodes, A, inits, n_init, dim, seed):
    """``n_init`` start configurations cycling over ``inits``; repeats are perturbed
    (:func:`nx_ordinal._graph.start_configurations`, with the solvers' starts filled in)."""

    rng = as_generator(seed)

    def base(name):
        if name == "spectral":
            return laplacian_eigenmaps(A, dim, seed=rng)
        if name == "pivot":
            return pivot_mds(A, dim, seed=rng)
        return networkx_start(G, nodes, name, dim, rng)

    return list(start_configurations(inits, n_init, rng, base, shape=(len(nodes), dim)))


@public_call
@np_random_state("seed")
def soe_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    n_constraints: int | None = None,
    weight: str | None = None,
    delta: float = 0.1,
    method: str = "lbfgs",
    n_init: int = 1,
    max_iter: int = 1000,
    tol: float = 1e-4,
    max_time: float | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> PosDict:
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
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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


    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    n = len(nodes)
    n_constraints = _check_sampling(n_constraints, weight, n, dim)
    if n <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)

    soe_layout_memory(n, dim, G.number_of_edges(), n_constraints, method=method).check()
    rng = as_generator(seed)
    init = initial_positions(pos, nodes, dim, seed)
    if init is not None:
        n_init = 1
    T = shortest_path_triplets(G, nodes, n_constraints, weight=weight, rng=rng)
    if T.shape[0] == 0:
        warn("no strict shortest-path comparisons (all distances tie); "
             "returning the initial positions", NoOrdinalInformationWarning)
        X = init if init is not None else rng.standard_normal((n, dim))
        return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)
    res = soe(T, n, dim, delta=delta, method=method, init=init, n_init=n_init,
              max_iter=max_iter, tol=tol, max_time=max_time, seed=rng, verbose=verbose)
    X = np.asarray(res.embedding)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as,
                         remove_overlap=remove_overlap, seed=rng)


@public_call
@np_random_state("seed")
def ree_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    method: str = "subgradient",
    max_iter: int = 3000,
    step: float = 0.2,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
) -> PosDict:
    """Position nodes by a robust Euclidean embedding of the shortest-path distances.

    Runs REE [1]_ (l1 fit of squared distances, PSD-projected subgradient or SDP) on the
    matrix of shortest-path lengths, then keeps the ``dim`` principal components.  Pairs in
    different connected components get zero weight (missing entries), and the components are
    then packed side by side as by every layout of the package (each centred and scaled to RMS
    radius sqrt(size), on a grid, largest first: ``nx_ordinal._graph.pack_components``).

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
        Constant ``c`` of the restarted step length ``c R / sqrt(t)`` (see
        :func:`nx_ordinal.embed.ree.ree`).
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


    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    initial_positions(pos, nodes, dim, seed)  # validation only
    n = len(nodes)

    A = weighted_csr(G, nodes, weight)

    ree_layout_memory(n, dim).check(verbose)
    D, finite = path_distances(A, G.is_directed())
    res = ree(D, dim, weights=finite.astype(np.float64), method=method, max_iter=max_iter,
              step=step, seed=seed, verbose=verbose)
    X = np.array(res.embedding)
    ncomp, labels = connected_components(finite, directed=False)
    if ncomp > 1:  # the components side by side (the package's one packing rule)
        order = np.argsort(labels, kind="stable")
        parts = np.split(order, np.cumsum(np.bincount(labels))[:-1])
        X = pack_components([(idx, X[idx]) for idx in parts], dim, n)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


@public_call
@np_random_state("seed")
def asap_loe_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    max_patch_size: int = 300,
    prune: bool = True,
    scale_sync: bool = True,
    executor: Executor | None = None,
    n_jobs: int | None = None,
    embedder: Callable[..., FloatArray] | None = None,
    rigidity_test: Callable[..., bool] | None = None,
    loe_kwargs: Mapping[str, Any] | None = None,
    refine_iter: int = 0,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> PosDict:
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
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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
    O(sum over overlapping patch pairs of ``|overlap|^2``) plus a sparse eigenproblem of size
    N dim and one sparse factorisation of the n x n graph Laplacian.  Connected components
    are drawn separately and packed side by side.

    References
    ----------
    .. [1] Cucuringu, M. and Woodworth, J. "Point localization and density estimation from
       ordinal kNN graphs using synchronization."
    """


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
                     n_jobs=n_jobs, init=init, seed=seed, verbose=verbose,
                     loe_kwargs=loe_kwargs, refine_iter=refine_iter)
    X = np.asarray(res.embedding)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as,
                         remove_overlap=remove_overlap, seed=seed)


def _component_parts(A):
    """Node indices of each weakly connected component of adjacency ``A`` (in order of
    their smallest index), or ``None`` for a connected graph.  O(n + E)."""
    ncomp, labels = connected_components(A, directed=True, connection="weak")
    if ncomp == 1:
        return None, labels
    order = np.argsort(labels, kind="stable")
    return np.split(order, np.cumsum(np.bincount(labels))[:-1]), labels


def _triplet_layout(kind, G, pos, kw, *, max_triplets, weight, scale, center, dim, seed,
                    store_pos_as, remove_overlap=True):


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

    triplet_layout_memory(kind, len(nodes), dim, A.nnz, min(
        max_triplets or 2**62, count_local_triplets(A)), projected=kw["projected"]).check()
    init = initial_positions(pos, nodes, dim, seed)
    if init is None:
        init = laplacian_eigenmaps(A, dim, seed=draw_seed(seed))
    init = init - init.mean(axis=0)
    rms = np.sqrt(np.mean(np.sum(init * init, axis=1)))
    if rms > 0:
        init = init / rms
    T = local_triplets(A, max_triplets, seed=draw_seed(seed))
    parts, labels = _component_parts(A)
    if parts is not None:
        # a non-neighbour in another component says nothing about the drawing of either, and
        # a joint solve lets a component shrink to a point (DMOE, t-STE): each component is
        # embedded on its own triplets, then the components are packed
        T = T[labels[T[:, 0]] == labels[T[:, 2]]]
    if T.shape[0] == 0:
        warn(f"{name}: the graph implies no local triplets (empty or complete); "
             "returning the initial positions", NoOrdinalInformationWarning)
        X = init
    else:
        solver = {"ste": ste, "tste": tste, "gnmds": gnmds, "dmoe": _dmoe}[kind]
        if parts is None:
            X = solver(T, len(nodes), dim, init=init, **kw).embedding
        else:
            X = init.copy()
            T = T[np.argsort(labels[T[:, 0]], kind="stable")]
            local = np.empty(len(nodes), dtype=np.int64)
            bounds = np.searchsorted(labels[T[:, 0]], np.arange(len(parts) + 1))
            budget = kw.get("max_time")  # bounds the whole call, not each component's solve
            deadline = (time.monotonic() + budget if isinstance(budget, (int, float))
                        and not isinstance(budget, bool) and budget > 0 else None)
            for c, idx in enumerate(parts):  # one solve per component with triplets
                Tc = T[bounds[c]:bounds[c + 1]]
                if Tc.shape[0] == 0 or (dim > 3 and idx.size < dim):
                    continue  # no information (or too few nodes for dim): the start
                kw_c = kw
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        continue  # the time is spent: this component keeps its start
                    kw_c = dict(kw, max_time=left)
                local[idx] = np.arange(idx.size)
                X[idx] = solver(local[Tc], idx.size, dim, init=init[idx], **kw_c).embedding
    if parts is not None:  # the components side by side (the package's one packing rule)
        X = pack_components([(idx, X[idx]) for idx in parts], dim, len(nodes))
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as,
                         remove_overlap=remove_overlap, seed=seed)


_TRIPLET_LAYOUT_DOC = """
    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Undirected graphs use neighbourhoods, directed graphs out-neighbourhoods.  Each
        (weakly) connected component is embedded on its own triplets, and the components are
        placed side by side (each centred and scaled to RMS radius sqrt(size), largest first).
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
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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


@public_call
@np_random_state("seed")
def ste_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    lam: float = 0.0,
    max_triplets: int = 100_000,
    projected: bool = False,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> PosDict:
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
                           store_pos_as=store_pos_as, remove_overlap=remove_overlap)


@public_call
@np_random_state("seed")
def tste_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    alpha: float | None = None,
    lam: float = 0.0,
    max_triplets: int = 100_000,
    projected: bool = False,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> PosDict:
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
                           store_pos_as=store_pos_as, remove_overlap=remove_overlap)


@public_call
@np_random_state("seed")
def gnmds_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    margin: float = 1.0,
    lam: float = 0.0,
    max_triplets: int = 100_000,
    projected: bool = False,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> PosDict:
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
                           store_pos_as=store_pos_as, remove_overlap=remove_overlap)


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
    _f.__doc__ = (_f.__doc__ or "").replace(
        "{doc}", "\n    " + _TRIPLET_LAYOUT_DOC.strip().replace("{extra}", _EXTRA[_k]) + "\n")
del _k, _f


@public_call
@np_random_state("seed")
def landmark_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    n_landmarks: int | None = None,
    ties: str = "random",
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    remove_overlap: bool = True,
) -> PosDict:
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
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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
    for the rankings, then O(n l dim + l^3): seconds for a million edges.  The connected
    components of a disconnected graph are embedded one by one and placed side by side
    (largest first).  Graphs (components) with at most ``l + 1`` nodes are drawn by
    classical MDS of hop distances.

    References
    ----------
    .. [1] Ghosh, N., Chen, Y. and Yue, Y. "Landmark Ordinal Embedding." NeurIPS 2019.
    """


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

    landmark_layout_memory(n, dim, G.number_of_edges(), ell).check()
    check_pos(pos, nodes, dim)  # validation only: nothing is drawn from the seed
    rng = as_generator(seed)
    A, _ = graph_to_csr(G, nodes)
    A = (A + A.T).tocsr()
    _warn_no_local_triplets("landmark_layout", A, "hop distances carry")
    parts, _ = _component_parts(A)
    if parts is None:
        X = hop_rank_embedding(A, dim, ell, ties=ties, rng=rng)  # (classical MDS when small)
    else:  # each component on its own (hop ranks across components are all ties), packed
        X = pack_components([(idx, hop_rank_embedding(A[idx][:, idx], dim, ell, ties=ties,
                                                      rng=rng) if idx.size > 1
                              else np.zeros((1, dim))) for idx in parts], dim, n)
    if not np.isfinite(X).all():  # pragma: no cover - defensive
        X = np.nan_to_num(X)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as,
                         remove_overlap=remove_overlap, seed=rng)


# --- layouts added with the method table (issue 20) -------------------------------------------

_DMOE_LAYOUT_ITER = 100


def _dmoe(T, n, dim, *, max_iter=None, **kw):
    """:func:`nx_ordinal.embed.dmoe.dmoe` for :func:`_triplet_layout` (imported on use);
    ``max_iter=None`` is the layout's early stop at ``_DMOE_LAYOUT_ITER`` iterations, an
    intended budget that does not warn."""

    if max_iter is not None:
        return dmoe(T, n, dim, max_iter=max_iter, **kw)


    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=ConvergenceWarning)
        return dmoe(T, n, dim, max_iter=_DMOE_LAYOUT_ITER, **kw)


@public_call
@np_random_state("seed")
def dmoe_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    lam: float | str = "auto",
    p: int | None = None,
    nu: float = 0.1,
    max_triplets: int = 20_000,
    projected: bool = False,
    max_iter: int | None = None,
    tol: float = 1e-4,
    max_time: float | None = None,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool = False,
    remove_overlap: bool = True,
) -> PosDict:
    """Position nodes by margin-distribution ordinal embedding (DMOE) of the graph's local
    triplets.

    Each node's neighbours should be nearer to it than its non-neighbours: for node i,
    neighbour j and non-neighbour k, the triplet ``d(i, j) < d(i, k)``.  DMOE [1]_ fits a
    Gram matrix whose margins ``d_ik^2 - d_ij^2`` follow a distribution centred at a fixed
    mean, with a nuclear-norm penalty for low rank (convex ADMM,
    :func:`nx_ordinal.embed.dmoe.dmoe`), and the drawing is its top-``dim`` factor.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Undirected graphs use neighbourhoods, directed graphs out-neighbourhoods.
    pos : dict or None, optional
        Initial positions for some or all nodes (others random), used by the projected form;
        the ADMM starts from ``G = 0`` and only validates them.  Default: Laplacian
        eigenmaps.
    lam : float or "auto", default "auto"
        Nuclear-norm weight (see :func:`nx_ordinal.embed.dmoe.dmoe`); ``"auto"`` is the
        setting tuned on the paper's Table 1 (by constraints per object).
    p : {1, 2} or None
        Power of the hinge terms (default 2 with ``lam="auto"``).
    nu : float, default 0.1
        Weight of the margins above the mean.
    max_triplets : int or None, default 20000
        The local triplets number ``sum_i k_i (n - 1 - k_i)``; above this many, a uniform
        sample of this size is used.
    projected : bool, default False
        Solve the rank-constrained problem by projected gradient instead of the ADMM.
    max_iter : int or None
        Iterations.  Default (``None``): 100, an intended early stop that does not warn.  On
        graphs it draws better than the Table 1 budget of ``lam="auto"`` (up to 3000
        iterations at many triplets per node) and in a fraction of the time: GARI of a
        6-NN graph of 60 uniform points 0.69 in 1.1 s against 0.58 in 22 s; 10 x 10 grid
        0.49 against 0.45.
    tol : float, default 1e-4
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
        Samples the triplets (and the projected form's start).  Same seed, same layout.
    store_pos_as : str or None
        Also store each position as the node attribute of that name.
    verbose : bool
        Show a progress bar.
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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
    MemoryLimitError
        When the n x n matrices of the ADMM exceed the memory limit (see
        :func:`nx_ordinal.set_memory_limit`).

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> pos = nx_ordinal.dmoe_layout(nx.frucht_graph(), seed=42)
    >>> len(pos), pos[0].shape
    (12, (2,))

    Notes
    -----
    For small graphs, up to a few hundred nodes: each ADMM iteration costs O(m + n^3) (two
    dense n x n eigendecompositions) for m sampled triplets, and the iterates take about
    14 n^2 floats (n = 1000: 110 MB; the memory guard refuses what does not fit).  Use
    :func:`ste_layout`, :func:`gnmds_layout` or :func:`loe_layout` for larger graphs, which
    also draw better (DMOE's drawings of the grid and kNN graphs above score below
    spring's).

    References
    ----------
    .. [1] Ma, K., Xu, Q., Yang, Z. and Cao, X. "Less but Better: Generalization
       Enhancement of Ordinal Embedding via Distributional Margin." AAAI.
    """
    kw = dict(lam=lam, p=p, nu=nu, projected=projected, max_iter=max_iter, tol=tol,
              max_time=max_time, verbose=verbose, seed=seed)
    return _triplet_layout("dmoe", G, pos, kw, max_triplets=max_triplets, weight=weight,
                           scale=scale, center=center, dim=dim, seed=seed,
                           store_pos_as=store_pos_as, remove_overlap=remove_overlap)


_LPEM_ALL_TRIANGLES = 60  # up to this many nodes triangle="auto" imposes every triangle


@public_call
@np_random_state("seed")
def lpem_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    triangle: str | float = "auto",
    margin: float = 1.0,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    remove_overlap: bool = True,
) -> PosDict:
    """Position nodes by LPEm, a linear program on distances and neighbourhood radii.

    Algorithm 3 of Cucuringu & Woodworth [1]_ (:func:`nx_ordinal.embed.lp.lp_embedding`):
    distances ``D`` and a radius ``R_i`` per node such that each node's neighbours lie within
    its radius and its non-neighbours beyond it (up to slacks, whose sum is minimised), with
    triangle inequalities; the drawing is the classical MDS of ``D``.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Undirected graphs use neighbourhoods, directed graphs (kNN graphs)
        out-neighbourhoods.
    pos : dict or None, optional
        Accepted for signature compatibility; the method is not iterative and only
        validates it.
    triangle : {"auto", "local", "all"} or float, default "auto"
        Triangle inequalities imposed (see :func:`nx_ordinal.embed.lp.lp_embedding`):
        ``"auto"`` is ``"all"`` up to 60 nodes and ``"local"`` beyond.  All triangles
        constrain the distances far better (GARI of a 6-NN graph of 60 uniform points 0.77
        against 0.39 with the local ones; 6 x 6 grid 0.82 against 0.59) but add
        3 C(n, 3) rows: seconds at n = 60.
    margin : float, default 1
        Gap between a node's radius and its non-neighbours' distances, relative to the mean
        radius 1.  Smaller gaps let the LP's distances nearly tie (Frucht graph with the
        local triangles: GARI 0.01 at ``margin=0.1``, 0.66 at 1; 6 x 6 grid with all
        triangles: 0.29 and 0.82).
    weight : None
        Accepted for signature compatibility; must be ``None``.
    scale : number, default 1
        Scale factor for positions (as :func:`networkx.rescale_layout`).
    center : array-like or None
        Coordinate pair around which to center the layout.
    dim : int, default 2
    seed : int, RandomState instance or None
        Samples the triangles when ``triangle`` is a float.  Same seed, same layout.
    store_pos_as : str or None
        Also store each position as the node attribute of that name.
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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
    MemoryLimitError
        When the linear program exceeds the memory limit.

    Warns
    -----
    NoOrdinalInformationWarning
        When every node is adjacent to all others or to none.

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> pos = nx_ordinal.lpem_layout(nx.frucht_graph())
    >>> len(pos), pos[0].shape
    (12, (2,))

    Notes
    -----
    Small graphs only, up to about 100 nodes: the LP has about 1.5 n^2 variables and n^2
    rows plus three per triangle (O(n^3) with all triangles, O(n k^2) with the local ones),
    solved by HiGHS; memory about 16 n^2 words plus the triangle rows.  Graphs with two
    nodes are drawn as a segment.

    References
    ----------
    .. [1] Cucuringu, M. and Woodworth, J. "Point localization and density estimation from
       ordinal kNN graphs using synchronization." Section 6, Algorithm 3.
    """


    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    if weight is not None:
        raise ValueError(f"lpem_layout uses the unweighted adjacency; weight must be None, "
                         f"got {weight!r}")
    n = len(nodes)
    if n <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    initial_positions(pos, nodes, dim, seed)  # validation only
    A, _ = graph_to_csr(G, nodes)
    _warn_no_local_triplets("lpem_layout", A)
    if n == 2:
        X = np.zeros((2, dim))
        X[:, 0] = (-1.0, 1.0)
    else:
        if isinstance(triangle, str) and triangle == "auto":
            triangle = "all" if n <= _LPEM_ALL_TRIANGLES else "local"

        lpem_layout_memory(n, dim, triangle_count(A, triangle), triangle).check()
        X = lp_embedding(A, dim, triangle=triangle, margin=margin, seed=seed).embedding
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as,
                         remove_overlap=remove_overlap, seed=seed)


def _warn_no_local_triplets(name, A, what="the graph carries"):
    """Warn (at the caller's caller) when adjacency ``A`` implies no local triplets."""

    if count_local_triplets(A) == 0:

        warn(f"{name}: every node is adjacent to all others or to none, so {what} "
             "no ordinal information", NoOrdinalInformationWarning)


@public_call
@np_random_state("seed")
def landmark_ste_layout(
    G: GraphLike,
    pos: PosLike | None = None,
    *,
    n_constraints: int | None = None,
    n_landmarks: int | None = None,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: str | None = None,
    scale: float = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool = False,
    remove_overlap: bool = True,
) -> PosDict:
    """Position nodes by STE of shortest-path comparisons, warm-started by a landmark ordinal
    embedding ("LOE-STE").

    Triplets ``(i, j, k)`` -- "node i is closer to j than to k" in shortest-path distance --
    are sampled as in :func:`soe_layout`.  The landmark embedding of Ghosh et al. [1]_ ranks
    the nodes by their comparisons at a few landmark anchors and places them by landmark MDS
    (linear in n); STE then refines that start on all triplets
    (:func:`nx_ordinal.embed.landmark.landmark_ste`).

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Directed graphs use directed (out-going) shortest paths.  Self-loops are ignored.
    pos : dict or None, optional
        Accepted for signature compatibility; the start is the landmark embedding, and
        ``pos`` is only validated.
    n_constraints : int or None
        Number of triplets; default ``min(2_000_000, 20 n dim ceil(log n))``.
    n_landmarks : int or None
        Landmarks of the warm start (default ``dim + 3``).  Graphs with at most
        ``n_landmarks + 1`` nodes get STE from a random start.
    max_iter : int, default 1000
        STE iterations.
    tol : float, default 1e-6
    max_time : float or None
        Seconds allowed for STE.
    weight : str or None, default None
        Edge attribute holding edge lengths for weighted shortest paths (missing: 1);
        ``None`` counts hops.
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
    remove_overlap : bool, default True
        Finally separate nodes closer than a tenth of the median edge length (coincident
        ones included) without changing how many of its neighbours each node's nearest
        points recover (GARI is unchanged; see
        ``nx_ordinal._layout_utils.separate_overlaps``).  ``False``: the solver's drawing.

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
        When all sampled comparisons tie (e.g. a complete graph): random positions are
        returned.

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> G = nx.grid_2d_graph(6, 6)
    >>> pos = nx_ordinal.landmark_ste_layout(G, seed=1)
    >>> len(pos), pos[(0, 0)].shape
    (36, (2,))

    Notes
    -----
    Shortest paths and sampling as in :func:`soe_layout`; the landmark stage costs
    O((m + n l) k) for k ranking iterations, then STE O(m dim) per L-BFGS evaluation for
    m = ``n_constraints`` triplets.  No n x n array.  The warm start saves STE iterations;
    on small graphs STE from a random start often reaches the same drawing (6-NN graph of 60
    uniform points: the same configuration, Procrustes error 0.058 to the points, after 24
    instead of 32 iterations).

    References
    ----------
    .. [1] Ghosh, N., Chen, Y. and Yue, Y. "Landmark Ordinal Embedding." NeurIPS 2019.
    """


    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    n = len(nodes)
    ell = dim + 3 if n_landmarks is None else check_int(n_landmarks, "n_landmarks", minimum=3)
    n_constraints = _check_sampling(n_constraints, weight, n, dim)
    if n <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)

    soe_layout_memory(n, dim, G.number_of_edges(), n_constraints).check()
    initial_positions(pos, nodes, dim, seed)  # validation only
    rng = as_generator(seed)
    T = shortest_path_triplets(G, nodes, n_constraints, weight=weight, rng=rng)
    kw: dict[str, Any] = dict(max_iter=max_iter, tol=tol, max_time=max_time, verbose=verbose)
    anchors = np.unique(T[:, 0]).size
    if T.shape[0] == 0:

        warn("landmark_ste_layout: no strict shortest-path comparisons (all distances tie); "
             "returning random positions", NoOrdinalInformationWarning)
        X = rng.standard_normal((n, dim))
    elif n <= ell + 1 or anchors < ell:
        X = ste(T, n, dim, seed=draw_seed(rng), **kw).embedding
    else:
        X = landmark_ste(T, n, dim, n_landmarks=ell, seed=draw_seed(rng), **kw).embedding
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as,
                         remove_overlap=remove_overlap, seed=rng)


def _check_sampling(n_constraints, weight, n, dim):
    """``n_constraints`` of the shortest-path triplet layouts (``soe_layout``,
    ``landmark_ste_layout``), checked, default ``min(2e6, 20 n dim ceil(log n))``; ``weight``
    must be an edge attribute name or ``None``."""

    if n_constraints is None:
        logn = max(1, math.ceil(math.log(max(n, 2))))
        n_constraints = min(2_000_000, 20 * max(n, 1) * dim * logn)
    n_constraints = check_int(n_constraints, "n_constraints", minimum=1)
    if weight is not None and not isinstance(weight, str):
        raise TypeError(f"weight must be an edge attribute name or None, got {weight!r}")
    return n_constraints


__all__ += ["dmoe_layout", "landmark_ste_layout", "lpem_layout"]
