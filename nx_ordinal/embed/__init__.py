"""Solvers: arrays in, :class:`EmbeddingResult` out.  No networkx in this layer."""

from ._result import EmbeddingResult
from .loe import laplacian_eigenmaps, loe, loe_objective
from .mds import classical_mds
from .ree import ree
from .soe import soe, soe_objective

__all__ = [
    "EmbeddingResult",
    "classical_mds",
    "laplacian_eigenmaps",
    "loe",
    "loe_objective",
    "ree",
    "soe",
    "soe_objective",
]
