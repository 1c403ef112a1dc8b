"""ASAP-LOE: divide-and-conquer ordinal embedding with scale synchronisation.

Cucuringu & Woodworth, "Point localization and density estimation from ordinal kNN graphs
using synchronization": :mod:`~nx_ordinal.asap.patches` (spectral clustering, enlargement,
rigidity pruning), :mod:`~nx_ordinal.asap.sync` (scale, O(d) and translation
synchronisation) and :mod:`~nx_ordinal.asap.pipeline` (patch embeddings through any
``concurrent.futures.Executor``).
"""

from .pipeline import LOEEmbedder, asap_embed
from .sync import synchronize

__all__ = ["asap_embed", "LOEEmbedder", "synchronize"]
