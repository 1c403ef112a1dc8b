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
from ._validation import check_choice, check_dim, check_int

__all__ = ["loe_layout"]


@nx.utils.np_random_state("seed")
def loe_layout(G, pos=None, *, delta=0.1, method="lbfgs", n_init=4, init="spectral",
               select="objective", max_iter=1000, tol=1e-6, max_time=None, weight=None, scale=1,
               center=None, dim=2, seed=None, store_pos_as=None, verbose=False):
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
        Number of runs.  The first run of each start in ``init`` begins from it as is, the
        others from perturbed copies; ``select`` picks the winner.  Ignored when ``pos`` is
        given (one run).
    init : str or sequence of str, default "spectral"
        Start(s) of the runs, cycled over the ``n_init`` runs: ``"spectral"`` (Laplacian
        eigenmaps), ``"kamada_kawai"``, ``"spring"`` (networkx drawers) or ``"random"``.
    select : {"objective", "gari"}, default "objective"
        How the result is chosen.  ``"objective"``: the run with the lowest Err_local.
        ``"gari"``: every run is followed at checkpoints (iterations 0, 1, 2, 4, 8, ...)
        and the checkpoint with the highest GARI (ties: lowest objective) is returned -- LOE
        refinement stopped where the drawing recovers the adjacency best.  The minimum of
        Err_local is not always the drawing of best GARI (e.g. the Desargues graph in 2-D),
        so use ``select="gari"`` with ``init=("spectral", "kamada_kawai")`` for the best
        drawings of small graphs (about ``log2(max_iter)`` times the cost of one run).
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
    >>> G = nx.desargues_graph()
    >>> pos = nx_ordinal.loe_layout(G, init=("spectral", "kamada_kawai"), select="gari",
    ...                             n_init=2, seed=0)
    >>> round(nx_ordinal.gari(G, pos), 2)
    0.41

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
            f"loe_layout uses the unweighted adjacency; weight must be None, got {weight!r}")
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    inits = _check_inits(init)
    select = check_choice(select, "select", ("objective", "gari"))
    n_init = check_int(n_init, "n_init", minimum=1)
    max_iter = check_int(max_iter, "max_iter", minimum=0)
    X0 = initial_positions(pos, nodes, dim, seed)
    A, _ = graph_to_csr(G, nodes)
    kw = dict(delta=delta, method=method, tol=tol, max_time=max_time, verbose=verbose)
    if X0 is not None:
        starts = [X0]
    elif inits == ("spectral",) and select == "objective":
        starts = None  # the solver's own restarts (spectral start + perturbations)
    else:
        starts = _starts(G, nodes, A, inits, n_init, dim, seed)
    if select == "objective":
        if starts is None:
            res = loe(A, dim, init=None, n_init=n_init, max_iter=max_iter, seed=seed, **kw)
        else:
            res = min((loe(A, dim, init=S, n_init=1, max_iter=max_iter, seed=seed, **kw)
                       for S in starts), key=lambda r: r.objective)
        X = np.asarray(res.embedding)
    else:
        best = None
        for S in starts:
            cand = _gari_checkpoints(A, dim, S, max_iter, seed, kw)
            if best is None or cand[:2] > best[:2]:
                best = cand
        X = best[2]
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


_INITS = ("spectral", "kamada_kawai", "spring", "random")


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
    return inits


def _starts(G, nodes, A, inits, n_init, dim, seed):
    """``n_init`` start configurations cycling over ``inits``; repeats are perturbed."""
    import numpy as np

    from .embed.loe import laplacian_eigenmaps
    from .utils import as_generator, draw_seed

    rng = as_generator(seed)
    base = {}
    starts = []
    for r in range(n_init):
        name = inits[r % len(inits)]
        if name == "random":
            starts.append(rng.standard_normal((len(nodes), dim)))
            continue
        if name not in base:
            if name == "spectral":
                X = laplacian_eigenmaps(A, dim, seed=rng)
            elif name == "kamada_kawai":
                p = nx.kamada_kawai_layout(G, dim=dim)
                X = np.array([p[v] for v in nodes], dtype=np.float64)
            else:
                p = nx.spring_layout(G, dim=dim, seed=draw_seed(rng))
                X = np.array([p[v] for v in nodes], dtype=np.float64)
            base[name] = X
            starts.append(X)
            continue
        X = base[name]
        spread = float(np.sqrt(np.mean(np.sum((X - X.mean(0)) ** 2, axis=1)))) or 1.0
        starts.append(X + 0.3 * spread * rng.standard_normal(X.shape))
    return starts


def _gari_checkpoints(A, dim, X0, max_iter, seed, kw):
    """Run LOE from ``X0`` in doubling chunks; return ``(gari, -objective, X)`` of the best
    checkpoint (iteration 0 included)."""
    import warnings

    from .embed.loe import loe, loe_objective
    from .exceptions import ConvergenceWarning
    from .metrics import gari_array

    # iteration 0: the start, scaled to delta as the solver scales it
    X = loe(A, dim, init=X0, n_init=1, max_iter=0, seed=seed, **kw).embedding
    best = (gari_array(A, X), -loe_objective(X, A, kw["delta"]), X)
    done, chunk = 0, 1
    while done < max_iter:
        step = min(chunk, max_iter - done)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            res = loe(A, dim, init=X, n_init=1, max_iter=step, seed=seed, **kw)
        X = res.embedding
        done += step
        chunk *= 2
        cand = (gari_array(A, X), -res.objective, X)
        if cand[:2] > best[:2]:
            best = cand
        if res.converged:
            break
    return best
