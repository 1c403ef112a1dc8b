"""Layouts of the graph's local triplets: :func:`ste_layout`, :func:`tste_layout`,
:func:`gnmds_layout`, :func:`dmoe_layout`."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

import numpy as np

from .._core.estimates import (
    triplet_layout_memory,
)
from .._core.progress import public_call, warn
from .._data.components import pack_components
from ..constraints import count_local_triplets, local_triplets
from ..embed.dmoe import dmoe
from ..embed.loe import laplacian_eigenmaps
from ..embed.ste import gnmds, ste, tste
from ..exceptions import ConvergenceWarning, NoOrdinalInformationWarning
from ._common import _component_parts
from ._frame import (
    Frame,
    fill_doc,
    layout_frame,
    unweighted_rule,
)

if TYPE_CHECKING:

    from .._core.typing import ArrayLike, FloatArray, PosLike, Seed


__all__ = ['ste_layout', 'tste_layout', 'gnmds_layout', 'dmoe_layout']


def _check_max_triplets(value, frame, name):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"max_triplets must be a positive int or None, got {value!r}")
    return value


def _triplet_rules():
    return {"weight": unweighted_rule(), "max_triplets": _check_max_triplets}


def _triplet_memory(kind):
    def memory(frame, kw):
        A = frame.adjacency()
        return triplet_layout_memory(kind, frame.n, frame.dim, A.nnz, min(
            kw["max_triplets"] or 2**62, count_local_triplets(A)), projected=kw["projected"])
    return memory


def _triplet_layout(kind, frame, kw, *, max_triplets):
    """The local-triplet layouts: Laplacian-eigenmaps start (or ``pos``) scaled to unit RMS,
    the graph's local triplets (sampled when more than ``max_triplets``), the solver.  On a
    disconnected graph each component is solved on its own triplets (``"run"`` stream
    numbered by component) and the components are packed."""

    A = frame.adjacency()
    n, dim = frame.n, frame.dim
    init = frame.start(frame.stream("start"))
    if init is None:
        init = laplacian_eigenmaps(A, dim, seed=frame.stream("start", 1))
    init = init - init.mean(axis=0)
    rms = np.sqrt(np.mean(np.sum(init * init, axis=1)))
    if rms > 0:
        init = init / rms
    T = local_triplets(A, max_triplets, seed=frame.stream("sample"))
    parts, labels = _component_parts(A)
    if parts is not None:
        # a non-neighbour in another component says nothing about the drawing of either, and
        # a joint solve lets a component shrink to a point (DMOE, t-STE): each component is
        # embedded on its own triplets, then the components are packed
        T = T[labels[T[:, 0]] == labels[T[:, 2]]]
    if T.shape[0] == 0:
        warn(f"{frame.name}: the graph implies no local triplets (empty or complete); "
             "returning the initial positions", NoOrdinalInformationWarning)
        X = init
    else:
        solver = {"ste": ste, "tste": tste, "gnmds": gnmds, "dmoe": _dmoe}[kind]
        if parts is None:  # max_time: what is left of the call's budget
            kw = dict(kw, max_time=frame.budget.left()) if frame.budget.limited else kw
            return solver(T, n, dim, init=init, seed=frame.stream("run"), **kw).embedding
        X = init.copy()
        T = T[np.argsort(labels[T[:, 0]], kind="stable")]
        local = np.empty(n, dtype=np.int64)
        bounds = np.searchsorted(labels[T[:, 0]], np.arange(len(parts) + 1))
        budget = frame.budget  # max_time bounds the whole call, not each component's solve
        for c, idx in enumerate(parts):  # one solve per component with triplets
            Tc = T[bounds[c]:bounds[c + 1]]
            if Tc.shape[0] == 0 or (dim > 3 and idx.size < dim):
                continue  # no information (or too few nodes for dim): the start
            kw_c = kw
            if budget.limited:
                if budget.expired():
                    continue  # the time is spent: this component keeps its start
                kw_c = dict(kw, max_time=budget.left())
            local[idx] = np.arange(idx.size)
            X[idx] = solver(local[Tc], idx.size, dim, init=init[idx],
                            seed=frame.stream("run", c), **kw_c).embedding
    if parts is not None:  # the components side by side (the package's one packing rule)
        X = pack_components([(idx, X[idx]) for idx in parts], dim, n)
    return X


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
        Bad parameter values.
    TypeError
        Parameters of the wrong type.
"""


@public_call
@layout_frame(rules=_triplet_rules(), memory=_triplet_memory("ste"))
def ste_layout(
    frame: Frame,
    pos: PosLike | None = None,
    *,
    lam: float = 0.0,
    max_triplets: int = 100_000,
    projected: bool = False,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: str | None = None,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> FloatArray:
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
              verbose=verbose)
    return _triplet_layout("ste", frame, kw, max_triplets=max_triplets)


@public_call
@layout_frame(rules=_triplet_rules(), memory=_triplet_memory("tste"))
def tste_layout(
    frame: Frame,
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
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> FloatArray:
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
              max_time=max_time, verbose=verbose)
    return _triplet_layout("tste", frame, kw, max_triplets=max_triplets)


@public_call
@layout_frame(rules=_triplet_rules(), memory=_triplet_memory("gnmds"))
def gnmds_layout(
    frame: Frame,
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
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> FloatArray:
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
              max_time=max_time, verbose=verbose)
    return _triplet_layout("gnmds", frame, kw, max_triplets=max_triplets)


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
    _f.__doc__ = fill_doc((_f.__doc__ or "").replace(
        "{doc}", "\n    " + _TRIPLET_LAYOUT_DOC.strip().replace("{extra}", _EXTRA[_k]) + "\n"))
del _k, _f


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
@layout_frame(rules=_triplet_rules(), memory=_triplet_memory("dmoe"))
def dmoe_layout(
    frame: Frame,
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
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool = False,
    remove_overlap: bool = True,
) -> FloatArray:
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
    {scale}
    {center}
    {dim}
    seed : int, RandomState instance, Generator or None
        Samples the triplets (and the projected form's start).  Same seed, same layout.
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
              max_time=max_time, verbose=verbose)
    return _triplet_layout("dmoe", frame, kw, max_triplets=max_triplets)
