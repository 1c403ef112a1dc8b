"""Landmark ordinal embedding of hop distances: :func:`landmark_layout`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._core.estimates import (
    landmark_layout_memory,
)
from .._core.progress import public_call
from .._data.components import pack_components
from ..embed.landmark import hop_rank_embedding
from ._frame import (
    Frame,
    choice_rule,
    layout_frame,
    unweighted_rule,
)

if TYPE_CHECKING:

    from .._core.typing import ArrayLike, FloatArray, PosLike, Seed

from ._common import _component_parts, _n_landmarks_rule, _warn_no_local_triplets

__all__ = ['landmark_layout']


@public_call
@layout_frame(rules={
    "ties": choice_rule("random", "average"),
    "weight": unweighted_rule("uses hop distances"),
    "n_landmarks": _n_landmarks_rule(lambda dim: max(dim + 3, 20)),
}, memory=lambda f, kw: landmark_layout_memory(f.n, f.dim, f.G.number_of_edges(),
                                               kw["n_landmarks"]))
def landmark_layout(
    frame: Frame,
    pos: PosLike | None = None,
    *,
    n_landmarks: int | None = None,
    ties: str = "random",
    weight: str | None = None,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    remove_overlap: bool = True,
) -> FloatArray:
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
    {scale}
    {center}
    {dim}
    seed : int, RandomState instance, Generator or None
        Chooses the landmarks and breaks ties.  Same seed, same layout.
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


    A = frame.adjacency()
    A = (A + A.T).tocsr()
    _warn_no_local_triplets("landmark_layout", A, "hop distances carry")
    ell = n_landmarks
    assert ell is not None  # the default filled in by the frame's rule
    parts, _ = _component_parts(A)
    if parts is None:  # (classical MDS when small)
        X = hop_rank_embedding(A, dim, ell, ties=ties, rng=frame.stream("run"))
    else:  # each component on its own (hop ranks across components are all ties), packed
        X = pack_components([(idx, hop_rank_embedding(A[idx][:, idx], dim, ell, ties=ties,
                                                      rng=frame.stream("run", c))
                               if idx.size > 1 else np.zeros((1, dim)))
                              for c, idx in enumerate(parts)], dim, frame.n)
    if not np.isfinite(X).all():  # pragma: no cover - defensive
        X = np.nan_to_num(X)
    return X
