"""Solvers: arrays in, :class:`EmbeddingResult` out.  No networkx in this layer."""

from ._result import EmbeddingResult
from .dmoe import dmoe
from .loe import laplacian_eigenmaps, loe, loe_objective, pivot_mds
from .mds import classical_mds
from .ree import ree
from .soe import soe, soe_objective
from .ste import generalization_error, gnmds, ste, tste
from .validation import select_by_validation

__all__ = [
    "EmbeddingResult",
    "classical_mds",
    "dmoe",
    "generalization_error",
    "gnmds",
    "pivot_mds",
    "laplacian_eigenmaps",
    "loe",
    "loe_objective",
    "ree",
    "select_by_validation",
    "soe",
    "soe_objective",
    "ste",
    "tste",
]
