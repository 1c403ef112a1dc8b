"""The method table: every embedding method of nx_ordinal, in one place.

Each entry names a method's layout function and its solver (lazy ``"module:function"``
strings, imported on first use), a one-line description and the cheap settings that tests use.
Everything that lists methods is derived from this table: the lazy names of
:mod:`nx_ordinal` (``nx_ordinal.<method>_layout``), the registry entries of the ordinal layouts
(:func:`nx_ordinal.available_layouts`, :func:`nx_ordinal.layout`, the CLI's ``--help``) and
the layouts and solvers that the conformance, fuzz and reliability tests run.  Adding a method
means writing its solver and layout function and adding one entry here.

The module holds plain literals only (no imports), so ``import nx_ordinal`` stays fast.

Keys of an entry
----------------
``ordinal``, ``test_kwargs``, ``solver_test_kwargs`` and ``interrupt`` take the values of
``_DEFAULTS`` unless the entry gives them.

layout : str
    ``"module:function"`` of the ``<name>_layout`` function (networkx conventions:
    ``f(G, pos=None, *, ..., scale=1, center=None, dim=2, seed=None, store_pos_as=None)``).
solver : str
    ``"module:function"`` of the array-level solver returning an
    :class:`~nx_ordinal.embed.EmbeddingResult`.
data : {"adjacency", "triplets", "distances"}
    What the solver's first argument is: a graph's (sparse) adjacency matrix, list-order
    triplets ``(i, j, k)`` (called as ``solver(T, n_objects, dim, ...)``) or a dissimilarity
    matrix.
description : str
    One line, shown by :func:`nx_ordinal.registry.describe_layouts` and ``nx-ordinal --help``.
ordinal : bool
    Whether the method uses only ordinal information (comparisons of distances).
test_kwargs : dict
    Cheap settings of the layout for tests (small iteration budgets).
solver_test_kwargs : dict
    Cheap settings of the solver for tests.
interrupt : str or None
    Where tests simulate Ctrl-C in the solver: ``"progress"`` (the k-th per-iteration
    progress update raises ``KeyboardInterrupt``), a ``"module:function"`` whose k-th call
    raises it, or ``None`` when the solver cannot be interrupted (``interrupt_reason`` says
    why).

Examples
--------
>>> from nx_ordinal._methods import METHODS, lazy_exports
>>> METHODS["loe"]["layout"]
'nx_ordinal.layouts:loe_layout'
>>> lazy_exports()["ste_layout"]
'layouts'
"""

__all__ = ["METHODS", "lazy_exports", "PACKAGE"]

PACKAGE = "nx_ordinal"

# what an entry holds unless it says otherwise
_DEFAULTS: dict[str, object] = {
    "ordinal": True,
    "test_kwargs": {"max_iter": 30},
    "solver_test_kwargs": {"max_iter": 30},
    "interrupt": "progress",
}

_ENTRIES: dict[str, dict[str, object]] = {
    "loe": {
        "layout": "nx_ordinal.layouts:loe_layout",
        "solver": "nx_ordinal.embed.loe:loe",
        "data": "adjacency",
        "description": "local ordinal embedding (Terada & von Luxburg 2014)",
        "test_kwargs": {"max_iter": 30, "n_init": 1},
    },
    "landmark": {
        "layout": "nx_ordinal.layouts:landmark_layout",
        "solver": "nx_ordinal.embed.landmark:landmark_embedding",
        "data": "triplets",
        "description": "landmark ordinal embedding of hop-distance rankings (Ghosh et al. "
                       "2019); large graphs",
        "test_kwargs": {},
        "interrupt": "nx_ordinal.embed.landmark:_rank_objective",
    },
    "asap_loe": {
        "layout": "nx_ordinal.layouts:asap_loe_layout",
        "solver": "nx_ordinal.asap.pipeline:asap_embed",
        "data": "adjacency",
        "description": "ASAP-LOE: patch-wise LOE with scale/rotation/translation "
                       "synchronisation (Cucuringu & Woodworth)",
        "test_kwargs": {"n_jobs": 1, "prune": False, "loe_kwargs": {"max_iter": 30}},
        "solver_test_kwargs": {"n_jobs": 1, "prune": False, "max_patch_size": 15,
                               "loe_kwargs": {"max_iter": 30}},
    },
    "soe": {
        "layout": "nx_ordinal.layouts:soe_layout",
        "solver": "nx_ordinal.embed.soe:soe",
        "data": "triplets",
        "description": "soft ordinal embedding of shortest-path distance comparisons "
                       "(Terada & von Luxburg 2014)",
    },
    "ree": {
        "layout": "nx_ordinal.layouts:ree_layout",
        "solver": "nx_ordinal.embed.ree:ree",
        "data": "distances",
        "description": "robust Euclidean embedding of shortest-path distances (Cayton & "
                       "Dasgupta 2006)",
        "ordinal": False,
    },
    "ste": {
        "layout": "nx_ordinal.layouts:ste_layout",
        "solver": "nx_ordinal.embed.ste:ste",
        "data": "triplets",
        "description": "stochastic triplet embedding of local triplets (van der Maaten & "
                       "Weinberger 2012)",
    },
    "tste": {
        "layout": "nx_ordinal.layouts:tste_layout",
        "solver": "nx_ordinal.embed.ste:tste",
        "data": "triplets",
        "description": "t-distributed stochastic triplet embedding of local triplets",
    },
    "gnmds": {
        "layout": "nx_ordinal.layouts:gnmds_layout",
        "solver": "nx_ordinal.embed.ste:gnmds",
        "data": "triplets",
        "description": "generalized non-metric MDS of local triplets (Agarwal et al. 2007)",
    },
    "dmoe": {
        "layout": "nx_ordinal.layouts:dmoe_layout",
        "solver": "nx_ordinal.embed.dmoe:dmoe",
        "data": "triplets",
        "description": "distributional-margin ordinal embedding (DMOE) of local triplets "
                       "(Ma et al.); small graphs",
    },
    "lpem": {
        "layout": "nx_ordinal.layouts:lpem_layout",
        "solver": "nx_ordinal.embed.lp:lp_embedding",
        "data": "adjacency",
        "description": "linear-program embedding of the neighbourhoods, then classical MDS "
                       "(LPEm, Cucuringu & Woodworth); small graphs",
        "test_kwargs": {},
        "solver_test_kwargs": {},
        "interrupt": None,
        "interrupt_reason": "one HiGHS linear program, which keeps no intermediate solution",
    },
    "landmark_ste": {
        "layout": "nx_ordinal.layouts:landmark_ste_layout",
        "solver": "nx_ordinal.embed.landmark:landmark_ste",
        "data": "triplets",
        "description": "STE of shortest-path comparisons warm-started by a landmark "
                       "ordinal embedding (Ghosh et al. 2019)",
    },
}

METHODS = {name: {**_DEFAULTS, **entry} for name, entry in _ENTRIES.items()}
del _ENTRIES


def lazy_exports(table: dict[str, dict[str, object]] | None = None) -> dict[str, str]:
    """``{public name: submodule}`` of the layout functions in ``table`` (default
    :data:`METHODS`), for :mod:`nx_ordinal`'s lazy attributes."""
    out = {}
    for entry in (METHODS if table is None else table).values():
        module, name = str(entry["layout"]).split(":")
        out[name] = module[len(PACKAGE) + 1:]
    return out
