"""matplotlib drawings of layouts: edges and nodes in 2-D or 3-D, vertices coloured by how
many of their graph neighbours are their nearest neighbours in the drawing, and the
supplement Figure 3 panel (adjacency matrix + one drawing per method with its GARI) of [1]_.

matplotlib is imported inside the functions, so ``import nx_ordinal`` stays light.

References
----------
.. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
"""

__all__ = ["knn_agreement", "draw_layout", "plot_comparison", "save_figure"]


def _positions(G, pos):
    import numpy as np

    nodes = list(G)
    if hasattr(pos, "items"):
        missing = [v for v in nodes if v not in pos]
        if missing:
            raise ValueError(f"pos has no position for node {missing[0]!r}")
        X = np.array([np.asarray(pos[v], dtype=np.float64).ravel() for v in nodes])
    else:
        X = np.asarray(pos, dtype=np.float64)
    if X.ndim != 2 or X.shape[0] != len(nodes):
        raise ValueError(f"pos must give one position per node, got shape {X.shape}")
    if not np.isfinite(X).all():
        row = int(np.flatnonzero(~np.isfinite(X).all(axis=1))[0])
        raise ValueError(f"pos contains non-finite coordinates: node {nodes[row]!r} at "
                         f"{X[row].tolist()}")
    return nodes, X


def knn_agreement(G, pos):
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
    import numpy as np

    from .constraints import graph_to_csr
    from .metrics import recovered_adjacency

    nodes, X = _positions(G, pos)
    if not nodes:
        return {}
    A, _ = graph_to_csr(G, nodes)
    A = A.copy()
    A.setdiag(0)
    A.eliminate_zeros()
    A.data[:] = 1.0
    k = np.diff(A.indptr)
    B = recovered_adjacency(X, k)
    m = np.asarray(A.multiply(B).sum(axis=1)).ravel()
    return {v: int(round(c)) for v, c in zip(nodes, m, strict=True)}


def draw_layout(G, pos, ax=None, *, color=None, color_by_knn=False, node_size=25,
                edge_color="0.6", edge_width=0.8, cmap=None, title=None, colorbar=False):
    """Draw ``G`` at ``pos`` (2-D or 3-D) with edges.

    Parameters
    ----------
    G : networkx graph
    pos : dict node -> position (2 or 3 coordinates; 1-D drawings get y = 0)
    ax : matplotlib Axes or None
        A new figure is made when None (a 3-D axes for 3-D positions).
    color : dict, sequence or colour, optional
        Node colours (values are mapped through ``cmap``).
    color_by_knn : bool
        Colour each node by the fraction of its graph neighbours that are among its
        ``deg`` nearest neighbours in the drawing (:func:`knn_agreement` / degree), on a
        fixed red (none) to green (all) scale; overrides ``color``.
    node_size, edge_color, edge_width, title
        Styling.
    cmap : str or None
        Colour map for numeric colours (default "RdYlGn" with ``color_by_knn``, else
        "viridis").
    colorbar : bool
        Add a colour bar for numeric colours.

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import networkx as nx
    >>> from nx_ordinal.plot import draw_layout
    >>> G = nx.cycle_graph(5)
    >>> ax = draw_layout(G, nx.circular_layout(G), color_by_knn=True)
    >>> ax.name
    'rectilinear'
    """
    import matplotlib.pyplot as plt
    import numpy as np

    nodes, X = _positions(G, pos)
    dim = X.shape[1] if X.size else 2
    if dim == 1:
        X = np.column_stack([X, np.zeros(len(X))])
        dim = 2
    if dim > 3:
        raise ValueError(f"can draw only 1-, 2- or 3-D positions, got dim={dim}")
    if ax is None:
        fig = plt.figure(figsize=(5, 5))
        ax = fig.add_subplot(projection="3d" if dim == 3 else None)
    index = {v: i for i, v in enumerate(nodes)}
    E = np.array([(index[u], index[v]) for u, v in G.edges() if u != v], dtype=np.int64)
    if E.size:
        segs = np.stack([X[E[:, 0]], X[E[:, 1]]], axis=1)
        if dim == 3:
            from mpl_toolkits.mplot3d.art3d import Line3DCollection

            ax.add_collection3d(Line3DCollection(segs, colors=edge_color, linewidths=edge_width))
        else:
            from matplotlib.collections import LineCollection

            ax.add_collection(LineCollection(segs, colors=edge_color, linewidths=edge_width,
                                             zorder=1))
    c = "tab:blue"
    label = None
    norm = {}
    if color_by_knn:
        agree = knn_agreement(G, dict(zip(nodes, X, strict=True)))
        deg = np.array([max(len(set(G[v]) - {v}), 1) for v in nodes], dtype=float)
        c = np.array([agree[v] for v in nodes], dtype=float) / deg
        label = "fraction of graph neighbours among nearest neighbours"
        norm = dict(vmin=0.0, vmax=1.0)
        cmap = cmap or "RdYlGn"
    elif color is not None:
        c = np.array([color[v] for v in nodes]) if hasattr(color, "items") else color
    numeric = not isinstance(c, str)
    sc = ax.scatter(*X.T, s=node_size, c=c, cmap=(cmap or "viridis") if numeric else None,
                    zorder=3, edgecolors="k", linewidths=0.3, **norm)
    if colorbar and not isinstance(c, str):
        ax.figure.colorbar(sc, ax=ax, shrink=0.7, label=label)
    if dim == 2:
        ax.autoscale_view()
        ax.set_aspect("equal", adjustable="datalim")
        ax.set_xticks([])
        ax.set_yticks([])
    else:
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_zticks([])
    if title:
        ax.set_title(title, fontsize=9)
    return ax


def plot_comparison(G, layouts, *, name=None, ncols=None, color_by_knn=True, figsize=None,
                    axes=None):
    """Supplement Figure 3 of [1]_: the adjacency matrix and one drawing per method, with
    each drawing's GARI under it.

    Parameters
    ----------
    G : networkx graph
    layouts : dict method name -> pos
    name : str or None
        Title of the adjacency panel (default ``G.graph["name"]``).
    ncols : int or None
        Panels per row (default all in one row).
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
    import numpy as np

    from .metrics import gari

    npanel = 1 + len(layouts)
    if axes is None:
        ncols = npanel if ncols is None else int(ncols)
        nrows = -(-npanel // ncols)
        dims = {np.asarray(next(iter(p.values()))).size for p in layouts.values() if p}
        three = 3 in dims
        fig = plt.figure(figsize=figsize or (2.3 * ncols, 2.6 * nrows))
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
        draw_layout(G, pos, ax, color_by_knn=color_by_knn, node_size=14, edge_width=0.6)
        g = gari(G, pos)
        ax.set_title(method, fontsize=8)
        if ax.name == "3d":
            ax.text2D(0.5, -0.02, f"GARI {g:.2f}", transform=ax.transAxes, ha="center",
                      va="top", fontsize=8)
        else:
            ax.set_xlabel(f"GARI {g:.2f}", fontsize=8)
    return fig


def save_figure(fig, path, dpi=110):
    """Save ``fig`` to ``path`` atomically (temporary file in the same folder, then rename);
    the format follows the extension (png, svg, pdf)."""
    import os

    from .io import atomic_write

    fmt = os.path.splitext(os.fspath(path))[1].lstrip(".").lower() or "png"
    with atomic_write(path, "wb") as fh:
        fig.savefig(fh, format=fmt, dpi=dpi, bbox_inches="tight")
