"""Divide and conquer: :func:`asap_loe_layout` (LOE of patches, synchronised)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.progress import public_call
from ..asap.pipeline import asap_embed
from ._frame import (
    Frame,
    layout_frame,
    unweighted_rule,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from concurrent.futures import Executor

    from .._core.typing import ArrayLike, FloatArray, PosLike, Seed


__all__ = ['asap_loe_layout']


@public_call
@layout_frame(rules={"weight": unweighted_rule()})
def asap_loe_layout(
    frame: Frame,
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
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool | int = False,
    remove_overlap: bool = True,
) -> FloatArray:
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
    {scale}
    {center}
    {dim}
    seed : int, RandomState instance, Generator or None
        Same seed, same layout, whatever the executor.
    {store_pos_as}
    verbose : bool
        Progress bar over patches.
    {remove_overlap}

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


    init = frame.start(frame.stream("start"))
    A = frame.adjacency()
    res = asap_embed(A, dim, max_patch_size=max_patch_size, prune=prune, scale_sync=scale_sync,
                     embedder=embedder, rigidity_test=rigidity_test, executor=executor,
                     n_jobs=n_jobs, init=init, seed=frame.stream("run"), verbose=verbose,
                     loe_kwargs=loe_kwargs, refine_iter=refine_iter)
    return np.asarray(res.embedding)
