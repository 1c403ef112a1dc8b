"""Type aliases shared by the annotations of the package (imported under ``TYPE_CHECKING`` only).

Nothing here is imported at run time, so ``import nx_ordinal`` stays as fast as before.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TypeAlias

import networkx as nx
import numpy as np
import scipy.sparse as sp
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "AdjacencyLike",
    "ArrayLike",
    "FloatArray",
    "GraphLike",
    "IntArray",
    "NDArray",
    "PosDict",
    "PosLike",
    "Seed",
    "SparseLike",
]

#: a float64 array (positions, distances, Gram matrices)
FloatArray: TypeAlias = NDArray[np.float64]
#: an integer array (constraints, indices, labels)
IntArray: TypeAlias = NDArray[np.integer]
#: what ``seed=`` accepts everywhere (networkx's ``np_random_state`` conventions)
Seed: TypeAlias = "int | np.random.Generator | np.random.RandomState | None"
#: a networkx graph, or a list of nodes (networkx's layout convention)
GraphLike: TypeAlias = "nx.Graph | Iterable[Hashable]"
#: a layout: node -> position
PosDict: TypeAlias = dict[Hashable, FloatArray]
#: positions as given by a caller (a mapping node -> coordinates)
PosLike: TypeAlias = Mapping[Hashable, ArrayLike]
#: an adjacency: a scipy sparse array or matrix, a dense array, or (where accepted) a graph
AdjacencyLike: TypeAlias = "sp.sparray | sp.spmatrix | ArrayLike | nx.Graph"
#: a scipy sparse adjacency (array or matrix)
SparseLike: TypeAlias = "sp.sparray | sp.spmatrix"
