"""The import layers of nx_ordinal, defined once (read by ``tests/test_import_layers.py`` and
shown in ``docs/architecture.md``).

A module may import from its own layer or a lower one, never from a higher one; a private
name (``_x``) may be imported only from the module's own subpackage.  Keys are module names
or subpackage prefixes (``"nx_ordinal.embed"`` covers every module under it); the longest
matching key decides.  Plain data, imported by nothing at run time.
"""

from __future__ import annotations

#: layer number -> (name, modules or subpackages); lower numbers are lower layers.
LAYERS: dict[int, tuple[str, tuple[str, ...]]] = {
    0: ("core", ("nx_ordinal._typing", "nx_ordinal.exceptions")),
    1: ("support", ("nx_ordinal._resources", "nx_ordinal._memory", "nx_ordinal._validation",
                    "nx_ordinal.utils", "nx_ordinal._runtime", "nx_ordinal.embed._local")),
    2: ("data", ("nx_ordinal._graph", "nx_ordinal._starts", "nx_ordinal._shortcuts",
                 "nx_ordinal._sampling", "nx_ordinal._density_estimate",
                 "nx_ordinal.constraints", "nx_ordinal.oracle", "nx_ordinal.tvmple",
                 "nx_ordinal.rigidity", "nx_ordinal.datasets")),
    3: ("solvers", ("nx_ordinal.embed", "nx_ordinal.density")),
    4: ("analysis", ("nx_ordinal.metrics", "nx_ordinal.asap")),
    5: ("front door", ("nx_ordinal._layout_utils", "nx_ordinal._frame", "nx_ordinal._overlap",
                       "nx_ordinal._leaves",
                       "nx_ordinal._selection", "nx_ordinal.classical",
                       "nx_ordinal.layouts", "nx_ordinal._methods", "nx_ordinal._layers")),
    # the registry refreshes the package's lazy names, so it sits with the package itself
    6: ("package and tools", ("nx_ordinal.registry", "nx_ordinal.compare", "nx_ordinal.io",
                              "nx_ordinal.plot", "nx_ordinal.view", "nx_ordinal.cli",
                              "nx_ordinal._exports",
                              "nx_ordinal")),
}


def layer_of(module: str) -> int:
    """Layer number of ``module`` (the longest key of :data:`LAYERS` that is the module or a
    package above it); ``KeyError`` for a module no key covers."""
    best, best_len = -1, -1
    for number, (_, keys) in LAYERS.items():
        for key in keys:
            if (module == key or module.startswith(key + ".")) and len(key) > best_len:
                best, best_len = number, len(key)
    if best < 0:
        raise KeyError(f"module {module!r} is in no layer of nx_ordinal._layers.LAYERS")
    return best
