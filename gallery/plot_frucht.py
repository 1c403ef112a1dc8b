"""
The Frucht graph: LOE against the classical drawers
===================================================

The Frucht graph row of supplement Figure 3 of Terada & von Luxburg (2014), larger: LOE,
spring, Kamada-Kawai and spectral drawings with their GARI.

**What to look for:** LOE recovers every neighbourhood (GARI 1, all vertices blue); the
classical drawers do not.  Vertices are coloured by how many of their 3 graph neighbours are
among their 3 nearest neighbours in the drawing.  Run::

    python gallery/plot_frucht.py --out DIR
"""

import matplotlib

matplotlib.use("Agg")

import _common  # noqa: E402


def main(argv=None):
    args = _common.parser((__doc__ or "").strip().split("\n")[0]).parse_args(argv)
    import networkx as nx

    import nx_ordinal
    from nx_ordinal.datasets import famous_graph
    from nx_ordinal.plot import plot_comparison

    G = famous_graph("Frucht")
    layouts = {
        "LOE": nx_ordinal.loe_layout(G, seed=args.seed),
        "spring": nx.spring_layout(G, seed=args.seed),
        "Kamada-Kawai": nx.kamada_kawai_layout(G),
        "spectral": nx.spectral_layout(G),
    }
    fig = plot_comparison(G, layouts, name="Frucht graph")
    fig.suptitle("colour: fraction of graph neighbours among the nearest neighbours in the "
                 "drawing (red none, blue all)",
                 fontsize=8, y=1.03)
    return _common.save(fig, args.out, "frucht.png")


if __name__ == "__main__":
    main()
