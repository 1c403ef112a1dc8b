"""Layouts of shortest-path distances: :func:`soe_layout` and :func:`landmark_ste_layout`
(sampled comparisons), :func:`ree_layout` (the distances themselves)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.estimates import (
    ree_layout_memory,
    soe_layout_memory,
)
from .._core.progress import public_call, warn
from .._core.validation import check_int
from .._data.components import pack_components
from .._data.graph import path_distances, weighted_csr
from .._data.sampling import shortest_path_triplets
from ..embed.landmark import landmark_ste
from ..embed.ree import ree
from ..embed.soe import soe
from ..embed.ste import ste
from ..exceptions import NoOrdinalInformationWarning
from ._frame import (
    Frame,
    edge_attribute_rule,
    layout_frame,
)

if TYPE_CHECKING:

    from .._core.typing import ArrayLike, FloatArray, PosLike, Seed

from ._common import _component_parts, _n_landmarks_rule

__all__ = ['soe_layout', 'ree_layout', 'landmark_ste_layout']


def _sampling_rules(**more):
    """Rules of the shortest-path triplet layouts (``soe_layout``, ``landmark_ste_layout``):
    ``n_constraints`` default ``min(2e6, 20 n dim ceil(log n))``; ``weight`` an edge
    attribute name or ``None``."""
    return {"n_constraints": lambda v, f, k: _default_constraints(v, f.n, f.dim),
            **more, "weight": edge_attribute_rule()}


def _default_constraints(n_constraints, n, dim):
    if n_constraints is None:
        logn = max(1, math.ceil(math.log(max(n, 2))))
        n_constraints = min(2_000_000, 20 * max(n, 1) * dim * logn)
    return check_int(n_constraints, "n_constraints", minimum=1)


@public_call
@layout_frame(rules=_sampling_rules(), memory=lambda f, kw: soe_layout_memory(
    f.n, f.dim, f.G.number_of_edges(), kw["n_constraints"], method=kw["method"]))
def soe_layout(
    frame: Frame,
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
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> FloatArray:
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
    {scale}
    {center}
    {dim}
    {seed}
    {store_pos_as}
    {verbose}
    {remove_overlap}

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


    G, nodes, n = frame.G, frame.nodes, frame.n
    assert n_constraints is not None  # the default filled in by the frame's rule
    init = frame.start(frame.stream("start"))
    if init is not None:
        n_init = 1
    T = shortest_path_triplets(G, nodes, n_constraints, weight=weight,
                               rng=frame.stream("sample"))
    if T.shape[0] == 0:
        warn("no strict shortest-path comparisons (all distances tie); "
             "returning the initial positions", NoOrdinalInformationWarning)
        frame.remove_overlap = False
        return init if init is not None else frame.stream("start", 1).standard_normal((n, dim))
    res = soe(T, n, dim, delta=delta, method=method, init=init, n_init=n_init,
              max_iter=max_iter, tol=tol, max_time=frame.budget.left(), seed=frame.stream("run"),
              verbose=verbose)
    return np.asarray(res.embedding)


@public_call
@layout_frame(memory=lambda f, kw: ree_layout_memory(f.n, f.dim).check(kw["verbose"]) and None)
def ree_layout(
    frame: Frame,
    pos: PosLike | None = None,
    *,
    method: str = "subgradient",
    max_iter: int = 3000,
    step: float = 0.2,
    weight: str | None = None,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
) -> FloatArray:
    """Position nodes by a robust Euclidean embedding of the shortest-path distances.

    Runs REE [1]_ (l1 fit of squared distances, PSD-projected subgradient or SDP) on the
    matrix of shortest-path lengths, then keeps the ``dim`` principal components.  Each
    connected component is embedded on its own (its own principal components: one embedding
    of all of them could take one component's long axis and another's, and flatten a cycle
    beside a path to a line), and the components are then packed side by side as by every
    layout of the package (each centred and scaled to RMS radius sqrt(size), on a grid,
    largest first).

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
    {scale}
    {center}
    {dim}
    {seed}
    {store_pos_as}
    {verbose}

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
    O(n (n + m) log n) for the shortest paths plus O(sum_c n_c^3) per REE iteration over
    components of n_c nodes.

    References
    ----------
    .. [1] Cayton, L. and Dasgupta, S. "Robust Euclidean Embedding." ICML 2006.
    """


    G, nodes, n = frame.G, frame.nodes, frame.n
    A = weighted_csr(G, nodes, weight)
    D, finite = path_distances(A, G.is_directed())

    def embed(idx, rng):
        sub = np.ix_(idx, idx)
        return np.array(ree(D[sub], dim, weights=finite[sub].astype(np.float64),
                            method=method, max_iter=max_iter, step=step, seed=rng,
                            verbose=verbose).embedding)

    parts, _ = _component_parts(finite)
    if parts is None:
        return embed(np.arange(n), frame.stream("run"))
    # each component embedded on its own: one REE of them all leaves their relative places
    # free, and the principal components of that configuration could be one component's
    # long axis and another's -- a 6-cycle beside a path came out as a line, pairs of its
    # nodes coincident; then the components side by side (the package's one packing rule)
    return pack_components([(idx, embed(idx, frame.stream("run", c)) if idx.size > 1
                             else np.zeros((1, dim))) for c, idx in enumerate(parts)], dim, n)


@public_call
@layout_frame(rules=_sampling_rules(n_landmarks=_n_landmarks_rule(lambda dim: dim + 3)),
              memory=lambda f, kw: soe_layout_memory(f.n, f.dim, f.G.number_of_edges(),
                                                     kw["n_constraints"]))
def landmark_ste_layout(
    frame: Frame,
    pos: PosLike | None = None,
    *,
    n_constraints: int | None = None,
    n_landmarks: int | None = None,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: str | None = None,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool = False,
    remove_overlap: bool = True,
) -> FloatArray:
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
    {scale}
    {center}
    {dim}
    {seed}
    {store_pos_as}
    {verbose}
    {remove_overlap}

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


    G, nodes, n, ell = frame.G, frame.nodes, frame.n, n_landmarks
    assert n_constraints is not None and ell is not None  # defaults filled in by the frame
    T = shortest_path_triplets(G, nodes, n_constraints, weight=weight,
                               rng=frame.stream("sample"))
    kw: dict[str, Any] = dict(max_iter=max_iter, tol=tol, max_time=frame.budget.left(),
                              verbose=verbose)
    anchors = np.unique(T[:, 0]).size
    if T.shape[0] == 0:

        warn("landmark_ste_layout: no strict shortest-path comparisons (all distances tie); "
             "returning random positions", NoOrdinalInformationWarning)
        X = frame.stream("start").standard_normal((n, dim))
    elif n <= ell + 1 or anchors < ell:
        X = ste(T, n, dim, seed=frame.stream("run"), **kw).embedding
    else:
        X = landmark_ste(T, n, dim, n_landmarks=ell, seed=frame.stream("run"), **kw).embedding
    return X
