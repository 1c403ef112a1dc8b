"""Public import path of the classical drawers (igraph's layouts, Graphviz sfdp, t-SNE, ARF
and ``by_components``), which live with the other layouts in
``nx_ordinal.layouts._classical``."""

from .layouts._classical import *  # noqa: F403
from .layouts._classical import __all__  # noqa: F401
