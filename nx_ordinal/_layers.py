"""The import layers of nx_ordinal, defined once (read by ``tests/test_import_layers.py`` and
shown in ``docs/architecture.md``).

A module may import from its own layer or a lower one, never from a higher one; a private
name (``_x``) may be imported only from the module's own subpackage.  Keys are module names
or subpackage prefixes (``"nx_ordinal.embed"`` covers every module under it); the longest
matching key decides.  Plain data, imported by nothing at run time.
"""

from __future__ import annotations

#: layer number -> (name, modules or subpackages); lower numbers are lower layers.  Each
#: private folder is one layer (its key is the folder), and so is each public subpackage;
#: the public modules at the top level (kept there so that their import paths stay) are
#: named one by one.
LAYERS: dict[int, tuple[str, tuple[str, ...]]] = {
    0: ("core", ("nx_ordinal._core", "nx_ordinal.exceptions", "nx_ordinal.utils")),
    1: ("data", ("nx_ordinal._data", "nx_ordinal.constraints", "nx_ordinal.oracle",
                 "nx_ordinal.tvmple", "nx_ordinal.rigidity", "nx_ordinal.datasets")),
    2: ("solvers", ("nx_ordinal.embed", "nx_ordinal.density")),
    3: ("analysis", ("nx_ordinal.metrics", "nx_ordinal.asap")),
    4: ("front door", ("nx_ordinal.layouts", "nx_ordinal.classical")),
    # the registry refreshes the package's lazy names, so it sits with the package itself
    5: ("package and tools", ("nx_ordinal.registry", "nx_ordinal.compare", "nx_ordinal.io",
                              "nx_ordinal.plot", "nx_ordinal.view", "nx_ordinal.cli",
                              "nx_ordinal._exports", "nx_ordinal._methods",
                              "nx_ordinal._layers", "nx_ordinal")),
}

#: the folder of each layer but the top one: ``ls nx_ordinal`` reads as the architecture
#: (every private module lives in one of them; the public modules of a layer sit beside)
FOLDERS: dict[str, int] = {"nx_ordinal._core": 0, "nx_ordinal._data": 1, "nx_ordinal.embed": 2,
                           "nx_ordinal.asap": 3, "nx_ordinal.layouts": 4}


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
