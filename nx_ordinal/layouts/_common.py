"""Rules and checks that several layout families share, and the starts drawn by networkx
(:func:`networkx_start`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx
import numpy as np

from .._core.progress import warn
from .._core.seeds import draw_seed
from .._core.validation import check_int
from .._data.components import split_components
from ..constraints import count_local_triplets
from ..exceptions import NoOrdinalInformationWarning

if TYPE_CHECKING:
    from collections.abc import Hashable

    from .._core.typing import FloatArray

__all__ = ["networkx_start"]


def _n_landmarks_rule(default):
    """``n_landmarks``: at least ``dim + 3``, in both landmark layouts; ``None``:
    ``default(dim)``."""

    def rule(value, frame, name):
        if value is None:
            return default(frame.dim)
        return check_int(value, name, minimum=frame.dim + 3)

    return rule


def _warn_no_local_triplets(name, A, what="the graph carries"):
    """Warn (at the caller's caller) when adjacency ``A`` implies no local triplets."""

    if count_local_triplets(A) == 0:

        warn(f"{name}: every node is adjacent to all others or to none, so {what} "
             "no ordinal information", NoOrdinalInformationWarning)


def _component_parts(A):
    """Node indices of each weakly connected component of adjacency ``A`` (in order of
    their smallest index) and the component labels; ``(None, labels)`` for a connected
    graph.  O(n + E)."""

    ncomp, labels, parts = split_components(A)
    return (None if ncomp == 1 else parts), labels


def networkx_start(G: nx.Graph, nodes: list[Hashable], name: str, dim: int,
                   rng: np.random.Generator) -> FloatArray:
    """A start configuration drawn by networkx, ``name`` ``"kamada_kawai"`` or ``"spring"``,
    as an ``(n, dim)`` array in the order of ``nodes``.  Seeded from ``rng`` (one int drawn;
    networkx starts Kamada-Kawai from an unseeded random layout when ``dim >= 3``, so that
    start is drawn here).  Kamada-Kawai costs O(n^2) memory and O(n^2) per iteration, spring
    O(n^2) per iteration (networkx's dense solver below 500 nodes)."""


    if name == "kamada_kawai":
        p0 = nx.random_layout(G, dim=dim, seed=draw_seed(rng)) if dim >= 3 else None
        p = nx.kamada_kawai_layout(G, pos=p0, dim=dim)
    elif name == "spring":
        p = nx.spring_layout(G, dim=dim, seed=draw_seed(rng))
    else:
        raise ValueError(f"networkx_start draws 'kamada_kawai' or 'spring', got {name!r}")
    return np.array([p[v] for v in nodes], dtype=np.float64)
