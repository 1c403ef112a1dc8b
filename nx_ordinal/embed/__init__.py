"""Solvers: arrays in, :class:`EmbeddingResult` out.  No networkx in this layer.

The solvers whose module has their name (``loe``, ``tloe``, ``soe``, ``ste``, ``ree``,
``dmoe``) are imported with the package (importing ``nx_ordinal.embed.loe`` elsewhere must
not leave the module where the function is expected); the landmark, linear-programming and
validation solvers, which pull in ``scipy.stats`` and ``scipy.optimize``'s LP, are imported
when first asked for (``import nx_ordinal`` and a first ``loe_layout`` stay fast).
"""

from typing import TYPE_CHECKING

from .._core.result import EmbeddingResult
from .dmoe import dmoe, dmoe_auto_settings
from .loe import laplacian_eigenmaps, loe, loe_objective, pivot_mds
from .mds import classical_mds
from .ree import ree
from .soe import soe, soe_objective
from .ste import generalization_error, gnmds, ste, tste
from .tloe import tloe

#: imported on first use: name -> module
_LAZY = {"landmark_embedding": "landmark", "lp_embedding": "lp",
         "select_by_validation": "validation"}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .landmark import landmark_embedding
    from .lp import lp_embedding
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
