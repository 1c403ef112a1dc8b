"""The linear-program embedding of the neighbourhoods: :func:`lpem_layout`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._core.estimates import (
    lpem_layout_memory,
)
from .._core.progress import public_call
from ..embed.lp import lp_embedding, triangle_count
from ._frame import (
    Frame,
    layout_frame,
    unweighted_rule,
)

if TYPE_CHECKING:

    from .._core.typing import ArrayLike, FloatArray, PosLike, Seed

from ._common import _warn_no_local_triplets

__all__ = ['lpem_layout']


_LPEM_ALL_TRIANGLES = 60  # up to this many nodes triangle="auto" imposes every triangle


@public_call
@layout_frame(rules={
    "weight": unweighted_rule(),
    "triangle": lambda v, f, k: (("all" if f.n <= _LPEM_ALL_TRIANGLES else "local")
                                 if isinstance(v, str) and v == "auto" else v),
}, memory=lambda f, kw: None if f.n <= 2 else lpem_layout_memory(
    f.n, f.dim, triangle_count(f.adjacency(), kw["triangle"]), kw["triangle"]))
def lpem_layout(
    frame: Frame,
    pos: PosLike | None = None,
    *,
    triangle: str | float = "auto",
    margin: float = 1.0,
    weight: str | None = None,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    remove_overlap: bool = True,
) -> FloatArray:
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
    {scale}
    {center}
    {dim}
    seed : int, RandomState instance, Generator or None
        Samples the triangles when ``triangle`` is a float.  Same seed, same layout.
    {store_pos_as}
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


    n = frame.n
    A = frame.adjacency()
    _warn_no_local_triplets("lpem_layout", A)
    if n == 2:
        X = np.zeros((2, dim))
        X[:, 0] = (-1.0, 1.0)
    else:
        X = lp_embedding(A, dim, triangle=triangle, margin=margin,
                         seed=frame.stream("sample")).embedding
    return X
