"""matplotlib drawings of layouts: edges and nodes in 2-D or 3-D, vertices coloured by how
many of their graph neighbours are their nearest neighbours in the drawing, and the
supplement Figure 3 panel (adjacency matrix + one drawing per method with its GARI) of [1]_.

matplotlib is imported inside the functions, so ``import nx_ordinal`` stays light.

References
----------
.. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from ._core.files import atomic_write
from ._data.components import shelf_offsets, split_components
from ._data.graph import pos_array
from .constraints import graph_to_csr
from .metrics import gari, recovered_adjacency

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["knn_agreement", "draw_layout", "arrange_components", "default_node_size",
           "default_edge_width", "plot_comparison", "save_figure", "display_name",
           "panel_grid"]


def _positions(G: nx.Graph, pos: Any) -> tuple[list[Any], np.ndarray]:

    nodes = list(G)
    return nodes, pos_array(pos, nodes)


def knn_agreement(G: nx.Graph, pos: Any) -> dict[Any, int]:
    """For each node, how many of its graph neighbours are among its ``deg`` nearest
    neighbours in the drawing (the ``m_i`` of GARI).

    Parameters
    ----------
    G : networkx graph
    pos : dict or array in ``G``'s node order

    Returns
    -------
    dict node -> int

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.plot import knn_agreement
    >>> G = nx.path_graph(3)
    >>> knn_agreement(G, {0: [0.0, 0], 1: [1.0, 0], 2: [2.0, 0]})
    {0: 1, 1: 2, 2: 1}

    Notes
    -----
    O(n k log n) with a k-d tree (k the largest degree).
    """


    nodes, X = _positions(G, pos)
    if not nodes:
        return {}
    m, _ = _agreement(G, nodes, X, both=False)
    return {v: int(c) for v, c in zip(nodes, m, strict=True)}


def _agreement(G: nx.Graph, nodes: list[Any], X: np.ndarray, *, both: bool = True
               ) -> tuple[np.ndarray, np.ndarray]:
    """``(m, k)``: each node's number ``k`` of graph neighbours other than itself, and how
    many of them ``m`` are among its ``k`` nearest nodes in ``X``.

    ``both``: a directed graph's neighbours are its in- and out-neighbours (the node
    colours of :func:`draw_layout` and of the HTML view: a sink is scored by its
    in-neighbours); ``both=False``: its out-neighbours (GARI's ``m_i``).
    """
    A, _ = graph_to_csr(G, nodes)
    if both and G.is_directed():
        A = (A + A.T).tocsr()
    A = A.copy()
    A.setdiag(0)
    A.eliminate_zeros()
    A.data[:] = 1.0
    k = np.diff(A.indptr)
    B = recovered_adjacency(X, k)
    m = np.rint(np.asarray(A.multiply(B).sum(axis=1)).ravel()).astype(np.int64)
    return m, k


def default_node_size(n: int, labels: bool = False) -> float:
    """Marker area (points²) for a drawing whose main component has ``n`` nodes: large for
    small graphs, shrinking like 1/n, between 4 and 120 (160 with labels inside)."""
    top = 160.0 if labels else 120.0
    return float(min(top, max(4.0, 4000.0 / max(n, 1))))


def default_edge_width(n: int) -> float:
    """Edge line width (points) for a drawing whose main component has ``n`` nodes."""
    return float(min(1.5, max(0.25, 1.5 * (40.0 / max(n, 1)) ** 0.5)))


#: share of the drawing the edges may cover (ink) before they are drawn lighter and thinner
_EDGE_INK = 0.1


def _edge_density_style(ink: float) -> tuple[float, float]:
    """Edge alpha and width factor for edges that cover ``ink`` of the drawing (number of
    edges x mean drawn length x width / area): 1 and 1 up to :data:`_EDGE_INK`, then
    alpha falling like the inverse square root of the excess (down to 0.15) and width like
    its inverse fourth root (down to half), so that a dense graph is not a grey hairball of
    opaque edges.

    Examples
    --------
    >>> _edge_density_style(0.05)
    (1.0, 1.0)
    >>> [round(v, 2) for v in _edge_density_style(0.56)]  # jazz, 2,742 edges, at 7 inches
    [0.42, 0.65]
    """
    ratio = _EDGE_INK / max(ink, 1e-12)
    return float(np.clip(ratio ** 0.5, 0.15, 1.0)), float(np.clip(ratio ** 0.25, 0.5, 1.0))


def _components(G: nx.Graph, index: dict[Any, int]) -> list[np.ndarray]:
    """Node indices (in ``index``'s node order) of each (weakly) connected component,
    largest first (the package's one split, ``_data.components.split_components``)."""

    nodes = sorted(index, key=index.__getitem__)
    parts = split_components(graph_to_csr(G, nodes)[0])[2] if nodes else []
    return sorted(parts, key=lambda c: (-len(c), int(c[0])))


def _unit_box(Y: np.ndarray) -> np.ndarray:
    """Translate and scale 2-D points uniformly into [0, 1]², centred."""

    lo, hi = Y.min(axis=0), Y.max(axis=0)
    span = float((hi - lo).max())
    if span <= 0:
        return np.full_like(Y, 0.5)
    return (Y - (lo + hi) / 2) / span + 0.5


def _shelf_pack(sides: np.ndarray, width: float) -> tuple[np.ndarray, float]:
    """Place squares of the given sides (sorted decreasing) in rows of ``width`` (the
    package's one shelf rule, ``_data.components.shelf_offsets``); return the lower-left
    corners (in rows going down from y = 0) and the total height."""

    sides = np.asarray(sides, dtype=np.float64)
    if not sides.size:
        return np.zeros((0, 2)), 0.0
    corners = shelf_offsets(np.stack([sides, sides], axis=1), np.arange(sides.size),
                            width=width + 1e-12)
    return corners, float(-(corners[:, 1]).min())


def _strip_width(sizes: Any, n_main: int) -> float:
    """Width of the strip of smaller components (in units of the main component's square):
    room for the ``sizes`` nodes at about the main component's density, between 0.2 (one
    isolated node) and 0.4.

    Examples
    --------
    >>> _strip_width([1], 1000), _strip_width([5] * 200, 300)
    (0.2, 0.4)
    """
    total = float(np.sum(sizes))
    return float(min(0.4, max(0.2, 1.5 * total / max(n_main, 1))))


def arrange_components(G: nx.Graph, X: np.ndarray, *, strip_width: float | None = None,
                       gap: float = 0.08,
                       head: float = 0.0) -> tuple[np.ndarray, tuple[float, float] | None]:
    """2-D drawing positions: the largest component fills the unit square, the smaller
    components are packed in a strip to its right.

    Parameters
    ----------
    G : networkx graph
    X : array of shape (n, 2)
        Positions in ``G``'s node order.
    strip_width : float or None
        Width of the strip in units of the main square; default sized by what it holds:
        room for its nodes at about the main component's density, 0.2 to 0.4.
    gap : float
        Width of the gap before the strip.
    head : float
        Height kept free at the top of the strip (for its caption).

    Returns
    -------
    Y : array of shape (n, 2)
        Each component keeps its shape (uniform scaling and translation only); the main
        component lies in [0, 1]², the others in
        ``[1 + gap, 1 + gap + strip_width] x [0, 1 - head]``, a component of s nodes in a
        square cell of side proportional to sqrt(s).
    strip : (float, float) or None
        ``(x0, x1)`` of the strip, None when ``G`` is connected.

    Notes
    -----
    O(n + c log c) for c components, plus a bisection over the cell scale.
    """

    index = {v: i for i, v in enumerate(G)}
    comps = _components(G, index)
    Y = np.empty_like(X, dtype=np.float64)
    if not comps:
        return Y, None
    Y[comps[0]] = _unit_box(X[comps[0]])
    if len(comps) == 1:
        return Y, None
    small = comps[1:]
    root = np.sqrt(np.array([len(c) for c in small], dtype=np.float64))
    if strip_width is None:
        strip_width = _strip_width(root ** 2, len(comps[0]))
    height = 1.0 - head
    # largest cell scale a (side a*sqrt(s), capped at the strip width) whose rows fit in
    # the height of the main square
    lo, hi = 0.0, strip_width / root[0]
    for _ in range(40):
        a = (lo + hi) / 2
        if _shelf_pack(np.minimum(a * root, strip_width), strip_width)[1] <= height:
            lo = a
        else:
            hi = a
    sides = np.minimum(lo * root, strip_width)
    corners, _ = _shelf_pack(sides, strip_width)
    x0 = 1.0 + gap
    for c, side, (cx, cy) in zip(small, sides, corners, strict=True):
        Y[c] = _unit_box(X[c]) * (0.8 * side) + (x0 + cx + 0.1 * side, height + cy + 0.1 * side)
    return Y, (x0, x0 + strip_width)


_COLOR_BY = ("gari", "degree", "component", None)

#: default colour map of the GARI colours (``color_by="gari"``, the HTML view, the command
#: line): ColorBrewer's red-yellow-blue, safe for colour-blind readers, red where none of a
#: node's graph neighbours are among its nearest drawn neighbours (what should stand out),
#: a calm blue where all are
GARI_CMAP = "RdYlBu"


def _node_colors(G: nx.Graph, nodes: list[Any], X: np.ndarray, comps: list[np.ndarray],
                 color_by: str | None, color: Any, isolated_color: Any,
                 cmap: str | None) -> tuple[Any, str | None, dict[str, float], str | None,
                                            list[Any]]:
    """Node colours of :func:`draw_layout` (computed on the positions drawn): colours,
    colour-bar label, normalisation, colour map and legend handles.  ``"gari"`` counts a
    directed graph's in- and out-neighbours (:func:`_agreement`, as the HTML view)."""
    import matplotlib.pyplot as plt

    n = len(nodes)
    c: Any = "tab:blue"
    label = None
    norm: dict[str, float] = {}
    handles: list[Any] = []
    if color_by == "gari":
        m, k = _agreement(G, nodes, X)
        c = m / np.maximum(k, 1).astype(float)
        label = "fraction of graph neighbours among nearest neighbours"
        norm = dict(vmin=0.0, vmax=1.0)
        cmap = cmap or GARI_CMAP
    elif color_by == "degree":
        c = np.array([d for _, d in G.degree(nodes)], dtype=float)
        label = "degree"
    elif color_by == "component":
        from matplotlib.colors import to_rgb
        from matplotlib.lines import Line2D

        tab10 = plt.get_cmap("tab10")
        palette = [tab10(i)[:3] for i in range(10)]
        c = np.tile(to_rgb(isolated_color), (n, 1))
        multi = [comp for comp in comps if len(comp) > 1]
        for i, comp in enumerate(multi[:10]):
            c[comp] = palette[i]
            handles.append(Line2D([], [], ls="", marker="o", color=palette[i],
                                  label=f"{len(comp)} nodes"))
        if len(multi) > 10:
            handles.append(Line2D([], [], ls="", marker="o", color=isolated_color,
                                  label=f"{len(multi) - 10} smaller components"))
    elif color is not None:
        c = np.array([color[v] for v in nodes]) if hasattr(color, "items") else color
    return c, label, norm, cmap, handles


def draw_layout(G: nx.Graph, pos: Mapping[Any, Any], ax: Axes | None = None, *,
                color: Any = None, color_by: str | None = None, color_by_knn: bool = False,
                node_size: float | None = None, edge_color: Any = "0.6",
                edge_width: float | None = None, edge_alpha: float | None = None,
                cmap: str | None = None,
                title: str | None = None, colorbar: bool | None = None,
                labels: bool | Mapping[Any, Any] | None = None,
                components: str = "strip", isolated_color: Any = "0.72",
                figsize: tuple[float, float] | None = None) -> Axes:
    """Draw ``G`` at ``pos`` (2-D or 3-D) with edges.

    The defaults aim at a readable picture of any graph: in 2-D the largest component gets
    the canvas and the smaller ones a strip beside it (``components``), node size and edge
    width shrink with the number of nodes and with the size of the axes, isolated nodes
    are drawn in a neutral grey, directed graphs get arrows (up to 5,000 edges), and
    graphs of up to 60 nodes get their labels.

    Parameters
    ----------
    G : networkx graph
    pos : dict node -> position (2 or 3 coordinates; 1-D drawings get y = 0)
    ax : matplotlib Axes or None
        A new figure is made when None (a 3-D axes for 3-D positions).
    color : dict, sequence or colour, optional
        Node colours (values are mapped through ``cmap``).
    color_by : {"gari", "degree", "component"} or None
        ``"gari"``: the fraction of each node's graph neighbours that are among its ``deg``
        nearest neighbours in the drawing shown (:func:`knn_agreement` / degree; a
        directed graph's in- and out-neighbours; with the strip, each component among its
        own nodes) on a fixed red (none) to blue (all) scale (``GARI_CMAP``,
        colour-blind safe) with a colour bar; ``"degree"``: degree with a colour bar;
        ``"component"``: the ten largest components in distinct colours with a legend.
        Overrides ``color``.  Isolated nodes get ``isolated_color`` in every mode.
    color_by_knn : bool
        Same as ``color_by="gari"`` (kept for old callers).
    node_size, edge_width : float or None
        Default: :func:`default_node_size`, :func:`default_edge_width` of the main
        component's size, for an axes 5.3 inches high or wide (a 7-inch figure); smaller
        axes get markers smaller by the square of the ratio (down to 0.3) and edges
        thinner by the ratio (down to half).  Dense drawings, whose edges cover more
        than a tenth of the axes (number of edges x mean drawn length x width / area), get
        edges thinner by the fourth root of the excess (down to half).  Markers are drawn
        apart: nodes closer than their markers' diameter in the axes as drawn (2-D; in 3-D
        within the axes' box) are moved that far apart in the drawing
        (``pos`` and the colours are unchanged).
    edge_alpha : float or None
        Edge opacity; default 1 while the edges cover up to a tenth of the axes, then
        falling with the square root of the excess (down to 0.15): about 0.4 for the 2,742
        edges of the jazz network in a 7-inch figure, so that a dense graph is not a grey
        hairball.
    edge_color, title
        Styling.
    cmap : str or None
        Colour map for numeric colours (default ``GARI_CMAP``, "RdYlBu", for ``"gari"``,
        else "viridis").
    colorbar : bool or None
        Colour bar for numeric colours (default: with ``color_by``, when the colours vary:
        none when every node has the same value or none has one).
    labels : bool, dict or None
        Node labels: True (``str(node)``), a dict node -> text, False; default True up to
        60 nodes.  Short labels (up to 3 characters) sit inside the markers, at 7 points,
        when every one of them fits in its marker at that size (no smaller text: it would
        blur at 150 dpi); otherwise all labels are placed beside their marker, in the
        final axes (draw into an axes whose size is settled: a later ``tight_layout`` may
        move labels onto each other), each at one of 12 positions around its marker or,
        with a leader line, further out, so that no two labels overlap, no label covers a
        marker and every label stays inside the axes.  Labels are placed by degree, highest
        first (then in node order); a label that finds no free place is left out.  Every
        label has a white halo, so it stays readable over edges.
    components : {"strip", "keep"}
        ``"strip"`` (2-D only): the largest component fills the canvas and the others are
        packed, each with its own shape, in a strip to its right (:func:`arrange_components`;
        not for a graph without edges);
        ``"keep"``: positions as given (e.g. an embedding of points).
    isolated_color : colour
        Colour of nodes without neighbours (unless ``color`` gives every node's colour).
    figsize : (float, float) or None
        Size of the new figure in inches (default 7 high; wider with a strip).

    Returns
    -------
    matplotlib Axes

    Raises
    ------
    ValueError
        Missing or non-finite positions, more than 3 dimensions, an unknown ``color_by`` or
        ``components``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import networkx as nx
    >>> from nx_ordinal.plot import draw_layout
    >>> G = nx.cycle_graph(5)
    >>> ax = draw_layout(G, nx.circular_layout(G), color_by="gari")
    >>> ax.name
    'rectilinear'

    Notes
    -----
    O(n + E) drawing work plus O(n k log n) for ``color_by="gari"``; label placement
    O(L (L + n_near)) for L labels (each candidate checked against the labels placed so
    far and the markers near it).
    """
    import matplotlib.pyplot as plt

    if color_by_knn:
        color_by = "gari"
    if color_by not in _COLOR_BY:
        raise ValueError(f"color_by must be one of 'gari', 'degree', 'component' or None, "
                         f"got {color_by!r}")
    if components not in ("strip", "keep"):
        raise ValueError(f"components must be 'strip' or 'keep', got {components!r}")
    nodes, X = _positions(G, pos)
    dim = X.shape[1] if X.size else 2
    if dim == 1:
        X = np.column_stack([X, np.zeros(len(X))])
        dim = 2
    if dim > 3:
        raise ValueError(f"can draw only 1-, 2- or 3-D positions, got dim={dim}")
    n = len(nodes)
    index = {v: i for i, v in enumerate(nodes)}
    comps = _components(G, index) if n else []
    E = np.array([(index[u], index[v]) for u, v in G.edges() if u != v], dtype=np.int64)
    isolated = np.ones(n, dtype=bool)
    if E.size:
        isolated[E.ravel()] = False
    strip = None
    n_iso = int(isolated.sum())
    if dim == 2 and components == "strip" and len(comps) > 1 and len(comps[0]) > 1:
        # room at the top of the strip for its caption (two lines with isolated nodes)
        X, strip = arrange_components(G, X, head=0.1 if n_iso else 0.06)
    # colours measure the drawing shown; with the strip each component on its own (set
    # apart for the measure: a strip cell's nodes are not near the main component's)
    Xm = X
    if strip is not None:
        Xm = X.copy()
        for k, comp in enumerate(comps):
            Xm[comp, 0] += 10.0 * k
    c, label, norm, cmap, handles = _node_colors(G, nodes, Xm, comps, color_by, color,
                                                 isolated_color, cmap)
    n_main = len(comps[0]) if comps else 0
    if labels is None:
        labels = n <= 60
    show_labels = labels is not False and n > 0
    if ax is None:
        gap = (strip[1] - strip[0] + 0.08) * 1.1 if strip else 0.0
        fig = plt.figure(figsize=figsize or (7.0 * (1.0 + gap), 7.0))
        ax = fig.add_subplot(projection="3d" if dim == 3 else None)
    ax3: Any = ax  # a 2-D or 3-D Axes
    # the defaults are for the axes of a 7-inch figure (5.4 inches high): smaller axes get
    # smaller markers and thinner edges, so the drawing keeps its proportions
    box, fig = ax3.get_position(), ax3.figure
    inches = min(box.width * fig.get_figwidth(), box.height * fig.get_figheight())
    shrink = float(np.clip(inches / 5.3, 0.3, 1.0))
    if node_size is None:
        node_size = default_node_size(n_main, labels=show_labels) * shrink ** 2
    # a dense drawing gets lighter, thinner edges: by the share of the axes the edges cover
    # (number x mean length, relative to the drawing's extent, x width / area)
    width = default_edge_width(n_main) * max(shrink, 0.5) if edge_width is None else edge_width
    alpha, thin = 1.0, 1.0
    if E.size:
        span = float(np.ptp(X, axis=0).max())
        rel = float(np.linalg.norm(X[E[:, 0]] - X[E[:, 1]], axis=1).mean()) / span if span else 0
        side = float(np.sqrt(box.width * fig.get_figwidth() * box.height * fig.get_figheight()))
        alpha, thin = _edge_density_style(len(E) * rel * width / 72.0 / max(side, 1e-9))
    if edge_alpha is None:
        edge_alpha = alpha
    if edge_width is None:
        edge_width = width * thin
    sizes = np.full(n, float(node_size))
    if strip is not None:  # smaller markers for the small components' cells
        sizes[np.concatenate(comps[1:])] = max(2.0, 0.4 * node_size)
    # no marker on another in the drawing (the positions drawn, not the layout given)
    X = _separate_markers(ax3, X, sizes, dim, box.width * fig.get_figwidth(),
                          box.height * fig.get_figheight(),
                          None if strip is None else np.array([[0.0, 0.0], [strip[1], 1.0]]))
    if E.size:
        segs = np.stack([X[E[:, 0]], X[E[:, 1]]], axis=1)
        if dim == 3:
            from mpl_toolkits.mplot3d.art3d import Line3DCollection  # type: ignore[import-untyped]

            ax3.add_collection3d(Line3DCollection(segs, colors=edge_color, linewidths=edge_width,
                                                  alpha=edge_alpha))
        else:
            from matplotlib.collections import LineCollection

            ax3.add_collection(LineCollection(list(segs), colors=edge_color, linewidths=edge_width,
                                             alpha=edge_alpha, zorder=1))
    if G.is_directed() and dim == 2 and 0 < len(E) <= _MAX_ARROWS:
        _draw_arrowheads(ax3, X, E, edge_color, edge_width, node_size, edge_alpha)
    numeric = isinstance(c, np.ndarray) and c.ndim == 1 and c.dtype.kind in "fiu"
    auto_bar = colorbar is None
    if colorbar is None:
        colorbar = color_by in ("gari", "degree")
    # isolated nodes in the neutral colour, unless the caller gave the colours
    neutral = isolated.any() and (color_by is not None or color is None)
    keep = ~isolated if neutral else np.ones(n, bool)
    if isinstance(c, np.ndarray) and c.shape[:1] == (n,):
        c_main = c[keep]
    else:
        c_main = c
    sc = ax3.scatter(*X[keep].T, s=sizes[keep], c=c_main,
                     cmap=(cmap or "viridis") if numeric else None, zorder=3,
                     edgecolors="k", linewidths=0.3, **norm)
    if not keep.all():
        from matplotlib.lines import Line2D

        ax3.scatter(*X[~keep].T, s=sizes[~keep], c=[isolated_color], zorder=3,
                    edgecolors="k", linewidths=0.3)
        if strip is None:
            handles.append(Line2D([], [], ls="", marker="o", color=isolated_color,
                                  markeredgecolor="k", markeredgewidth=0.3,
                                  label=f"isolated ({n_iso} nodes, no neighbours)"))
    if colorbar and numeric and auto_bar:
        # by default no bar that says nothing: every value the same (all neighbourhoods
        # kept), or none to show (an edgeless graph)
        shown = np.asarray(c_main, dtype=float)
        shown = shown[np.isfinite(shown)]
        colorbar = shown.size > 0 and float(np.ptp(shown)) > 0
    if colorbar and numeric:
        bar = ax3.figure.colorbar(sc, ax=ax, shrink=0.6, pad=0.02, fraction=0.04,
                                  orientation="horizontal" if strip else "vertical")
        bar.set_label(label, fontsize=10 if shrink > 0.9 else 8)  # no longer than the axes
        bar.ax.tick_params(labelsize=10 if shrink > 0.9 else 8)
    if dim == 2:
        if strip is not None:  # the caption in the room kept at the top of the strip
            x0, x1 = strip
            ax3.axvline(x0 - 0.04, color="0.85", lw=0.8, zorder=0)
            k = len(comps) - 1
            head = f"{k} smaller\ncomponent{'s' * (k > 1)}"
            if n_iso and neutral:  # the isolated nodes are the strip's last cells
                head = (f"{k} smaller component{'s' * (k > 1)}\ngrey: {n_iso} isolated "
                        f"node{'s' * (n_iso > 1)}")
            ax3.text((x0 + x1) / 2, 1.0, head, ha="center", va="top", fontsize=7,
                     color="0.35", linespacing=1.1)
            ax3.update_datalim([(0.0, 0.0), (x1, 1.0)])  # the caption inside the axes
        ax3.autoscale_view()
        ax3.set_aspect("equal", adjustable="datalim")
        ax3.set_xticks([])
        ax3.set_yticks([])
        for spine in ax3.spines.values():  # no box frame: the drawing stands on its own
            spine.set_visible(False)
    else:
        ax3.set_xticks([])
        ax3.set_yticks([])
        ax3.set_zticks([])
    if handles and strip is not None:  # below the drawing, off the nodes
        ax3.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.04),
                   ncol=min(4, len(handles)), fontsize=8, frameon=False)
    elif handles:
        ax3.legend(handles=handles, loc="best", fontsize=8, framealpha=0.8)
    if title:
        ax3.set_title(title, fontsize=10)
    if show_labels:  # last: placed around what the axes already hold
        degree = np.array([d for _, d in G.degree(nodes)], dtype=np.float64)
        _draw_labels(ax3, nodes, X, labels, sizes, dim, degree)
    return ax3


#: what a colour bar may take of the axes' width or height (``fraction + pad``, with room)
_BAR_SHARE = 0.07
#: 3-D axes limits over the data's extent: matplotlib's margins (5 % each side) and its
#: 3-D view margin (1/48 each side)
_LIM3D = 1.1 * (1 + 2 / 48)
#: gap (points) kept between two markers' edges, for their outlines
_MARKER_GAP = 0.5


def _separate_markers(ax: Any, X: np.ndarray, sizes: np.ndarray, dim: int, width: float,
                      height: float, extra: np.ndarray | None = None) -> np.ndarray:
    """The positions to draw: ``X`` with no two markers overlapping in the figure.

    Markers of ``sizes`` points² (diameter ``sqrt(size)`` points) are held apart by the sum
    of their radii plus :data:`_MARKER_GAP` points, in the units they are drawn in, for an
    axes ``width`` x ``height`` inches (less :data:`_BAR_SHARE` for a colour bar):

    - 2-D (equal aspect): points per data unit ``72 min(w / (x extent), h / (y extent))``,
      the extents (of ``X`` and the ``extra`` points the axes also hold) widened by the
      axes' margins;
    - 3-D: the axis k of extent ``e_k`` fills ``a_k`` of the box (the box aspect,
      normalised) and the box about ``min(w, h)``: ``72 min(w, h) a_k / (e_k``
      :data:`_LIM3D` ``)`` points per data unit along axis k; two markers are apart when
      their centres are, in these units, in 3-D (the projection may still bring markers at
      different depths onto each other).

    The pushes (:func:`nx_ordinal.layouts._overlap.separate_disks`, seed 0) are repeated up to three
    times, the scale measured again on what they moved.  ``X`` is returned unchanged when no
    markers overlap.
    """
    from .layouts._overlap import separate_disks

    if len(X) < 2 or not np.isfinite(X).all():
        return X
    radius = np.sqrt(sizes) / 2 + _MARKER_GAP / 2
    w, h = width * (1 - _BAR_SHARE), height * (1 - _BAR_SHARE)
    for _ in range(3):
        pts = X if extra is None else np.vstack([X, extra])
        span = np.ptp(pts, axis=0)
        top = float(span.max())
        span = np.where(span > 0, span, top if top > 0 else 1.0)
        if dim == 2:
            margin = 1 + 2 * np.asarray(ax.margins()[:2], dtype=np.float64)
            scale = 72.0 * min(w / (span[0] * margin[0]), h / (span[1] * margin[1]))
        else:
            aspect = np.asarray(ax.get_box_aspect(), dtype=np.float64)
            scale = 72.0 * min(w, h) * aspect / np.linalg.norm(aspect) / (span * _LIM3D)
        S = X * scale
        T = separate_disks(S, radius, seed=0)
        if T is S:
            break
        X = T / scale
    return X


#: label candidate directions around a marker, in order of preference: right, left, above,
#: below, the diagonals, then above and below shifted sideways
_DIRECTIONS = np.array([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1),
                        (0.3, 1), (-0.3, 1), (0.3, -1), (-0.3, -1)], dtype=np.float64)
_RINGS = (1, 2, 3, 4)


def _renderer(fig: Any) -> Any:
    get = getattr(fig.canvas, "get_renderer", None)
    return get() if get is not None else fig._get_renderer()


def _label_boxes(P: np.ndarray, r: np.ndarray, wh: np.ndarray, ring: int,
                 pad: float) -> np.ndarray:
    """Candidate label boxes ``(8, 4)`` (x0, y0, x1, y1) around a marker at ``P`` of radius
    ``r`` for a label of size ``wh``: the box's nearest side (or corner) at
    ``r * ring + pad`` from the centre, in each of :data:`_DIRECTIONS`."""
    d = _DIRECTIONS
    gap = r * ring + pad * ring
    diag = np.abs(d).sum(axis=1) == 2
    reach = np.where(diag, gap / np.sqrt(2), gap)[:, None] * d
    # the box corner nearest the marker sits at P + reach; the box extends away from it
    # (centred on the marker along an axis it does not move on; the 0.3 directions are
    # above or below with the box shifted a little sideways)
    side = np.where(np.abs(d) == 1, 0.0, 0.5 - np.sign(d) * 0.5)
    lo = P + reach - wh * (d < 0) * (np.abs(d) == 1) - wh * side * (np.abs(d) < 1)
    return np.hstack([lo, lo + wh])


def _place_labels(ax: Any, order: np.ndarray, P: np.ndarray, R: np.ndarray, WH: np.ndarray,
                  obstacles: np.ndarray, frame: np.ndarray, pad: float,
                  markers: tuple[np.ndarray, np.ndarray] | None = None,
                  own: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Greedy label placement in display units.

    Labels are placed one by one in ``order`` (most important first), each at the first
    free candidate box: the 12 positions around its marker (:data:`_DIRECTIONS`), then the
    same one, two and three marker radii further out (drawn with a leader line).  A candidate is
    free when it lies inside ``frame`` and overlaps no label placed before it, no
    ``obstacles`` box and no marker; among free candidates the nearest ring wins, then the
    direction order.  A label without a free candidate is not shown (labels are dropped,
    least important first, rather than drawn over each other or over a marker).
    ``markers`` (centres, radii; default ``P``, ``R``) are all the markers drawn, ``own[i]``
    the index of label i's marker among them (default ``i``).  Returns the lower-left
    corners ``(n, 2)`` and the ring (0 = not shown).
    """
    from scipy.spatial import cKDTree

    n = len(P)
    corner = np.full((n, 2), np.nan)
    ring_of = np.zeros(n, dtype=np.int64)
    M, RM = (P, R) if markers is None else markers
    own = np.arange(n) if own is None else own
    tree = cKDTree(M) if len(M) else None
    rmax = float(RM.max()) if len(M) else 0.0
    placed = np.empty((n + len(obstacles), 4))
    placed[:len(obstacles)] = obstacles
    m = len(obstacles)
    for i in order:
        cands = np.vstack([_label_boxes(P[i], R[i], WH[i], ring, pad) for ring in _RINGS])
        rings = np.repeat(_RINGS, len(_DIRECTIONS))
        ok = ((cands[:, 0] >= frame[0]) & (cands[:, 1] >= frame[1])
              & (cands[:, 2] <= frame[2]) & (cands[:, 3] <= frame[3]))
        if m:
            B = placed[:m]
            hit = ((cands[:, None, 0] < B[None, :, 2]) & (cands[:, None, 2] > B[None, :, 0])
                   & (cands[:, None, 1] < B[None, :, 3]) & (cands[:, None, 3] > B[None, :, 1]))
            ok &= ~hit.any(axis=1)
        if not ok.any():
            continue
        # no free candidate covers a marker (circle against box)
        mid = (cands[:, :2] + cands[:, 2:]) / 2
        half = (cands[:, 2:] - cands[:, :2]) / 2
        assert tree is not None  # n > 0 here
        near = tree.query_ball_point(mid, np.hypot(*half.T) + rmax)
        for c in np.flatnonzero(ok):
            js = np.array([j for j in near[c] if j != own[i]], dtype=np.int64)
            if js.size:
                q = np.clip(M[js], cands[c, :2], cands[c, 2:])
                ok[c] = not np.any(np.hypot(*(q - M[js]).T) < RM[js])
        if not ok.any():
            continue
        score = np.where(ok, rings, np.inf)
        best = int(np.argmin(score))  # first minimum: the preferred direction
        corner[i] = cands[best, :2]
        ring_of[i] = rings[best]
        placed[m] = cands[best]
        m += 1
    return corner, ring_of


#: directed graphs with up to this many edges are drawn with arrowheads (beyond, the heads
#: would cover the drawing)
_MAX_ARROWS = 5000
#: arrowhead length and half-width over its size (points), matplotlib's "-|>" proportions
_HEAD_LENGTH, _HEAD_HALF_WIDTH = 0.4, 0.2


def _draw_arrowheads(ax: Any, X: np.ndarray, E: np.ndarray, color: Any, width: float,
                     node_size: float, alpha: float = 1.0) -> None:
    """The heads of directed edges whose shafts are drawn from centre to centre (under the
    markers, which hide their ends), 2-D, equal aspect: one collection of triangles sized in
    points at the targets' positions, each pointing along its edge (the data's directions
    are the display's under the equal aspect), its tip half a point outside the marker.
    One ``FancyArrowPatch`` per edge took about 2 ms each to draw (a 480-edge kNN graph 2 s
    a panel).  O(edges).
    """
    from matplotlib.collections import PolyCollection
    from matplotlib.transforms import Affine2D

    E = np.asarray(E, dtype=np.int64).reshape(-1, 2)
    D = X[E[:, 1]] - X[E[:, 0]]
    length = np.hypot(D[:, 0], D[:, 1])
    keep = length > 0  # a self-loop or two nodes on one spot has no direction
    if not keep.any():
        return
    U = D[keep] / length[keep, None]  # unit directions
    P = np.stack([-U[:, 1], U[:, 0]], axis=1)  # their normals
    size = max(4.0, 4.0 * width + 2.0)  # points
    tip = float(np.sqrt(node_size) / 2) + 0.5  # marker radius plus half a point
    back = tip + _HEAD_LENGTH * size
    half = _HEAD_HALF_WIDTH * size
    heads = np.stack([-tip * U, -back * U + half * P, -back * U - half * P], axis=1)
    fig = ax.figure
    ax.add_collection(PolyCollection(list(heads), offsets=X[E[keep, 1]],
                                     offset_transform=ax.transData,
                                     transform=Affine2D().scale(1 / 72) + fig.dpi_scale_trans,
                                     facecolors=color, edgecolors=color, linewidths=width,
                                     alpha=alpha, zorder=1), autolim=False)


#: font size (points) of labels inside the markers: smaller text blurs at 150 dpi; labels
#: that do not all fit in their markers at this size are placed beside them instead
_INSIDE_LABEL_PT = 7.0


def _draw_labels(ax: Any, nodes: list[Any], X: np.ndarray,
                 labels: bool | Mapping[Any, Any], sizes: np.ndarray, dim: int,
                 degree: np.ndarray) -> None:
    """Node labels: inside the markers when every label fits at 7 pt; beside them
    otherwise, placed around the marker so that no two labels overlap and every label stays
    inside the axes (:func:`_place_labels`; by degree, labels that find no room are left
    out)."""
    given = labels if isinstance(labels, Mapping) else None
    text = [str(v) if given is None else str(given[v]) if v in given else "" for v in nodes]
    from matplotlib.patheffects import withStroke

    size = 7 if len(nodes) <= 30 else 6
    halo = [withStroke(linewidth=2, foreground="white", alpha=0.8)]  # readable on any colour
    show = np.array([bool(t) for t in text], dtype=bool)
    # inside the markers only when every label fits in its marker at a readable size
    inside = show.any() and max(len(t) for t in text) <= 3 and dim == 2
    if inside:
        from matplotlib.textpath import TextPath

        widest = max(TextPath((0, 0), t, size=_INSIDE_LABEL_PT).get_extents().width
                     for t in text if t)
        inside = widest <= 0.9 * float(np.sqrt(sizes[show].min()))  # marker diameter, pt
    if dim == 3:
        for t, x in zip(text, X, strict=True):
            if t:
                ax.text(*x, t, fontsize=size, zorder=4, path_effects=halo)
        return
    if inside:
        for t, x in zip(text, X, strict=True):
            if t:
                ax.annotate(t, x, ha="center", va="center", fontsize=_INSIDE_LABEL_PT,
                            zorder=4, path_effects=halo)
        return
    fig = ax.figure
    ax.apply_aspect()
    renderer = _renderer(fig)
    obstacles = [t.get_window_extent(renderer) for t in ax.texts if t.get_visible()]
    idx = np.flatnonzero(show)
    arts = [ax.annotate(text[i], X[i], xytext=(0, 0), textcoords="offset points",
                        ha="left", va="bottom", fontsize=size, zorder=4, color="0.15",
                        path_effects=halo, annotation_clip=False) for i in idx]
    WH = np.array([[b.width, b.height] for b in
                   (a.get_window_extent(renderer) for a in arts)]).reshape(-1, 2)
    P = ax.transData.transform(X[idx])
    px = fig.dpi / 72.0
    R = np.sqrt(sizes[idx]) / 2 * px  # marker radius in pixels (size is the area in pt^2)
    box = ax.get_window_extent(renderer)
    frame = np.array([box.x0, box.y0, box.x1, box.y1]) + np.array([2, 2, -2, -2]) * px
    obs = np.array([[b.x0, b.y0, b.x1, b.y1] for b in obstacles]).reshape(-1, 4)
    # most important first: degree, then the node order
    order = np.lexsort((np.arange(len(idx)), -degree[idx]))
    markers = (ax.transData.transform(X), np.sqrt(sizes) / 2 * px)  # every marker drawn
    corner, ring = _place_labels(ax, order, P, R, WH, obs, frame, pad=1.5 * px,
                                 markers=markers, own=idx)
    for k, a in enumerate(arts):
        if not ring[k]:
            a.remove()
            continue
        offset = tuple((corner[k] - P[k]) / px)
        if ring[k] == 1:
            a.xyann = offset
            continue
        a.remove()  # away from its marker: drawn with a leader line to it
        ax.annotate(text[idx[k]], X[idx[k]], xytext=offset, textcoords="offset points",
                    ha="left", va="bottom", fontsize=size, zorder=4, color="0.15",
                    path_effects=halo, annotation_clip=False,
                    arrowprops=dict(arrowstyle="-", color="0.4", lw=0.5, shrinkA=0,
                                    shrinkB=float(np.sqrt(sizes[idx[k]]) / 2)))


def plot_comparison(G: nx.Graph, layouts: Mapping[str, Mapping[Any, Any]], *,
                    name: str | None = None, ncols: int | None = None,
                    color_by_knn: bool = True, figsize: tuple[float, float] | None = None,
                    axes: Any = None) -> Figure:
    """Supplement Figure 3 of [1]_: the adjacency matrix and one drawing per method, with
    each drawing's GARI under it.  Methods are titled by :func:`display_name`.

    Parameters
    ----------
    G : networkx graph
    layouts : dict method name -> pos
    name : str or None
        Title of the adjacency panel (default ``G.graph["name"]``).
    ncols : int or None
        Panels per row (default: all in one row; with ``figsize``, the grid that makes the
        panels largest, :func:`panel_grid`).
    color_by_knn : bool
        Colour vertices by :func:`knn_agreement`.
    figsize : tuple or None
    axes : sequence of Axes or None
        ``1 + len(layouts)`` axes to draw into (e.g. a row of a bigger figure).

    Returns
    -------
    matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import networkx as nx
    >>> from nx_ordinal.plot import plot_comparison
    >>> G = nx.frucht_graph()
    >>> fig = plot_comparison(G, {"circular": nx.circular_layout(G)})
    >>> len(fig.axes)
    2
    """
    import matplotlib.pyplot as plt


    npanel = 1 + len(layouts)
    if axes is None:
        if ncols is None and figsize is not None:  # the grid with the largest panels
            nrows, ncols = panel_grid(npanel, figsize[0], figsize[1], head=0.5)
        else:
            ncols = npanel if ncols is None else int(ncols)
            nrows = -(-npanel // ncols)
        dims = {np.asarray(next(iter(p.values()))).size for p in layouts.values() if p}
        three = 3 in dims
        # constrained layout: titles and GARI lines never run into each other
        fig = plt.figure(figsize=figsize or (2.3 * ncols, 2.6 * nrows), layout="constrained")
        axes = [fig.add_subplot(nrows, ncols, 1)]
        for i, pos in enumerate(layouts.values(), start=2):
            d = np.asarray(next(iter(pos.values()))).size if pos else 2
            axes.append(fig.add_subplot(nrows, ncols, i,
                                        projection="3d" if (three and d == 3) else None))
    else:
        axes = list(axes)
        if len(axes) != npanel:
            raise ValueError(f"need {npanel} axes, got {len(axes)}")
        fig = axes[0].figure
    nodes = list(G)
    A = np.zeros((len(nodes), len(nodes)))
    index = {v: i for i, v in enumerate(nodes)}
    for u, v in G.edges():
        A[index[u], index[v]] = A[index[v], index[u]] = 1
    axes[0].imshow(A, cmap="Greys", interpolation="nearest")
    axes[0].set_xticks([])
    axes[0].set_yticks([])
    axes[0].set_title(name or G.graph.get("name", "") or "adjacency", fontsize=9)
    for ax, (method, pos) in zip(axes[1:], layouts.items(), strict=True):
        draw_layout(G, pos, ax, color_by="gari" if color_by_knn else None, node_size=14,
                    edge_width=0.6, labels=False, colorbar=False)
        g = gari(G, pos)
        ax.set_title(display_name(method), fontsize=8)
        if ax.name == "3d":
            ax.text2D(0.5, -0.02, f"GARI {g:.2f}", transform=ax.transAxes, ha="center",
                      va="top", fontsize=8)
        else:
            ax.set_xlabel(f"GARI {g:.2f}", fontsize=8)
    return fig


#: how figures name the methods (formal display names); others: underscores as spaces
_DISPLAY_NAMES = {
    "loe": "LOE", "asap_loe": "ASAP-LOE", "landmark": "landmark LOE", "soe": "SOE",
    "ree": "REE", "ste": "STE", "tste": "t-STE", "gnmds": "GNMDS", "dmoe": "DMOE",
    "lpem": "LPEM", "landmark_ste": "landmark STE", "tsne": "t-SNE",
    "kamada_kawai": "Kamada\u2013Kawai", "arf": "ARF", "forceatlas2": "ForceAtlas2",
    "ig_fr": "FR (igraph)", "ig_kk": "KK (igraph)", "ig_drl": "DrL (igraph)",
    "ig_graphopt": "GraphOpt (igraph)", "ig_mds": "MDS (igraph)",
}


def display_name(method: str) -> str:
    """The name a figure gives a layout method: ``"LOE"``, ``"Kamada–Kawai"``, ``"spring"``,
    ``"sfdp"``; an unknown name with its underscores as spaces.

    Examples
    --------
    >>> display_name("kamada_kawai"), display_name("sfdp"), display_name("my_layout")
    ('Kamada–Kawai', 'sfdp', 'my layout')
    """
    return _DISPLAY_NAMES.get(method, method.replace("_", " "))


def panel_grid(n: int, width: float, height: float, *, head: float = 0.0,
               aspect: float = 1.0) -> tuple[int, int]:
    """Rows and columns for ``n`` panels on a ``width`` x ``height`` area (inches) that
    make the panels largest: each panel ``aspect`` times as wide as high, under a title
    band ``head`` inches high; on a tie, fewer rows.

    Examples
    --------
    >>> panel_grid(5, 7.0, 3.0, head=0.45), panel_grid(5, 7.0, 7.0, head=0.45)
    ((1, 5), (2, 3))
    """
    if n < 1:
        raise ValueError(f"need at least one panel, got {n}")
    best, grid = -1.0, (1, n)
    for rows in range(1, n + 1):
        cols = -(-n // rows)
        if rows > 1 and -(-n // (rows - 1)) == cols:
            continue  # the same columns with fewer rows
        side = min(width / cols / aspect, max(height / rows - head, 0.0))
        if side > best + 1e-9:
            best, grid = side, (rows, cols)
    return grid


#: rcParams in force while a figure is written (print requirements): TrueType (Type 42)
#: fonts in PDF and PostScript, which the IEEE and ACM font checks accept (Type 3 fonts are
#: rejected), and SVG text kept as ``<text>`` elements, which can be edited
_PRINT_RC: Any = {"pdf.fonttype": 42, "ps.fonttype": 42, "svg.fonttype": "none"}


def save_figure(fig: Figure, path: str | os.PathLike[str], dpi: float = 110) -> None:
    """Save ``fig`` to ``path`` atomically (temporary file in the same folder, then rename);
    the format follows the extension (png, svg, pdf).  The file honours the umask.

    PDF and PostScript embed their fonts as TrueType (Type 42), not Type 3, and SVG keeps
    its text as text (set only while saving: the caller's rcParams are
    left as they were)."""
    import matplotlib as mpl

    fmt = os.path.splitext(os.fspath(path))[1].lstrip(".").lower() or "png"
    with atomic_write(path, "wb") as fh, mpl.rc_context(_PRINT_RC):
        fig.savefig(fh, format=fmt, dpi=dpi, bbox_inches="tight")
