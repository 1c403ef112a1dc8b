"""Solvers: arrays in, :class:`EmbeddingResult` out.  No networkx in this layer."""

from ._result import EmbeddingResult
from .dmoe import dmoe
from .loe import laplacian_eigenmaps, loe, loe_objective
from .mds import classical_mds
from .ste import generalization_error, gnmds, ste, tste

__all__ = ["EmbeddingResult", "loe", "loe_objective", "laplacian_eigenmaps", "classical_mds",
           "ste", "tste", "gnmds", "dmoe", "generalization_error"]
