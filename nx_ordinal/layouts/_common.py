"""Rules and checks that several layout families share."""

from __future__ import annotations

import numpy as np
from scipy.sparse.csgraph import connected_components

from .._runtime.progress import warn
from .._validation import check_int
from ..constraints import count_local_triplets
from ..exceptions import NoOrdinalInformationWarning

__all__ = []


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

    ncomp, labels = connected_components(A, directed=True, connection="weak")
    if ncomp == 1:
        return None, labels
    order = np.argsort(labels, kind="stable")
    return np.split(order, np.cumsum(np.bincount(labels))[:-1]), labels
