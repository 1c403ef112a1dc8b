"""The data layer's internals (layer 1): graphs turned into arrays (``graph``), random
sampling of queries and triplets (``sampling``), the kNN density estimate
(``density_estimate``) and connected components, split and packed (``components``).  The
public modules of this layer sit at the package's top level: ``constraints``, ``oracle``,
``tvmple``, ``rigidity`` and ``datasets``."""
