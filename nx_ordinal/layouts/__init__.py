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

from ._asap import asap_loe_layout
from ._landmark import landmark_layout
from ._loe import loe_layout
from ._lp import lpem_layout
from ._shortest_paths import landmark_ste_layout, ree_layout, soe_layout
from ._triplets import dmoe_layout, gnmds_layout, ste_layout, tste_layout

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

# documented, pickled and shown as nx_ordinal.layouts.<name>
for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
