"""Front door: graphs in, positions out, with networkx's layout conventions.

One module per method family, each layout its algorithm on a ``_frame.Frame`` plus its
declared parameter rules (the layout frame, ``_frame.layout_frame``):

* ``_loe`` -- :func:`loe_layout`;
* ``_asap`` -- :func:`asap_loe_layout`;
* ``_triplets`` -- :func:`ste_layout`, :func:`tste_layout`,
  :func:`gnmds_layout`, :func:`dmoe_layout` (local triplets of the adjacency);
* ``_shortest_paths`` -- :func:`soe_layout`,
  :func:`landmark_ste_layout`, :func:`ree_layout`;
* ``_landmark`` -- :func:`landmark_layout`;
* ``_lp`` -- :func:`lpem_layout`.

Every layout is importable from here, ``nx_ordinal.layouts.<name>_layout``, and from the
package, ``nx_ordinal.<name>_layout``.
"""

from typing import TYPE_CHECKING

#: each layout's module: imported when the layout is first asked for, so a script that
#: draws with loe_layout does not import the ASAP pipeline, the landmark solvers or Dask
_MODULES = {
    "asap_loe_layout": "_asap",
    "dmoe_layout": "_triplets",
    "gnmds_layout": "_triplets",
    "landmark_layout": "_landmark",
    "landmark_ste_layout": "_shortest_paths",
    "loe_layout": "_loe",
    "lpem_layout": "_lp",
    "ree_layout": "_shortest_paths",
    "soe_layout": "_shortest_paths",
    "ste_layout": "_triplets",
    "tste_layout": "_triplets",
}

__all__ = [
    "asap_loe_layout",
    "dmoe_layout",
    "gnmds_layout",
    "landmark_layout",
    "landmark_ste_layout",
    "loe_layout",
    "lpem_layout",
    "ree_layout",
    "soe_layout",
    "ste_layout",
    "tste_layout",
]


def __getattr__(name: str):
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
    value.__module__ = __name__  # documented, pickled and shown as nx_ordinal.layouts.<name>
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:  # what type checkers see
    from ._asap import asap_loe_layout
    from ._landmark import landmark_layout
    from ._loe import loe_layout
    from ._lp import lpem_layout
    from ._shortest_paths import landmark_ste_layout, ree_layout, soe_layout
    from ._triplets import dmoe_layout, gnmds_layout, ste_layout, tste_layout
