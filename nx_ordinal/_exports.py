"""The top-level names of :mod:`nx_ordinal`, for type checkers only.

``nx_ordinal/__init__.py`` imports its public names lazily (``__getattr__``), which a type
checker cannot follow; under ``TYPE_CHECKING`` it star-imports this module instead.  The
package never imports it at run time.  Keep it in step with ``_LAZY`` in ``__init__.py``
(tests/test_typing.py checks that).
"""

from ._core.resources import get_memory_limit, set_memory_limit
from .compare import compare_layouts
from .constraints import knn_graph
from .density import density_embedding
from .embed.landmark import landmark_embedding
from .exceptions import (
    ConvergenceWarning,
    InterruptedWarning,
    MemoryLimitError,
    NoOrdinalInformationWarning,
)
from .layouts import (
    asap_loe_layout,
    dmoe_layout,
    gnmds_layout,
    landmark_layout,
    landmark_ste_layout,
    loe_layout,
    lpem_layout,
    ree_layout,
    soe_layout,
    ste_layout,
    tste_layout,
)
from .metrics import adjacency_error, err_local, gari
from .oracle import TripletOracle
from .registry import available_layouts, layout, register_layout
from .rigidity import (
    is_globally_rigid,
    is_rigid,
    redundantly_rigid,
    rigid_components,
)
from .view import write_html

__all__ = [
    "ConvergenceWarning",
    "InterruptedWarning",
    "MemoryLimitError",
    "NoOrdinalInformationWarning",
    "TripletOracle",
    "adjacency_error",
    "asap_loe_layout",
    "available_layouts",
    "compare_layouts",
    "density_embedding",
    "dmoe_layout",
    "err_local",
    "gari",
    "get_memory_limit",
    "gnmds_layout",
    "is_globally_rigid",
    "is_rigid",
    "knn_graph",
    "landmark_embedding",
    "landmark_layout",
    "landmark_ste_layout",
    "layout",
    "loe_layout",
    "lpem_layout",
    "redundantly_rigid",
    "ree_layout",
    "register_layout",
    "rigid_components",
    "set_memory_limit",
    "soe_layout",
    "ste_layout",
    "tste_layout",
    "write_html",
]
