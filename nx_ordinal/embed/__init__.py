"""Solvers: arrays in, :class:`EmbeddingResult` out.  No networkx in this layer."""

from .._runtime.result import EmbeddingResult
from .dmoe import dmoe, dmoe_auto_settings
from .landmark import landmark_embedding
from .loe import laplacian_eigenmaps, loe, loe_objective, pivot_mds
from .lp import lp_embedding
from .mds import classical_mds
from .ree import ree
from .soe import soe, soe_objective
from .ste import generalization_error, gnmds, ste, tste
from .tloe import tloe
from .validation import select_by_validation

__all__ = [
    "EmbeddingResult",
    "classical_mds",
    "dmoe",
    "dmoe_auto_settings",
    "generalization_error",
    "gnmds",
    "pivot_mds",
    "laplacian_eigenmaps",
    "landmark_embedding",
    "loe",
    "loe_objective",
    "lp_embedding",
    "ree",
    "select_by_validation",
    "soe",
    "soe_objective",
    "ste",
    "tloe",
    "tste",
]
