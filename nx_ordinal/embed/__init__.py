"""Solvers: arrays in, :class:`EmbeddingResult` out.  No networkx in this layer."""

from ._result import EmbeddingResult
from .loe import laplacian_eigenmaps, loe, loe_objective
from .mds import classical_mds
from .soe import soe, soe_objective

__all__ = ["EmbeddingResult", "loe", "loe_objective", "laplacian_eigenmaps", "classical_mds", "soe",
           "soe_objective"]
