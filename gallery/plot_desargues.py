"""
The Desargues graph in 2-D and 3-D
==================================

Reproduces main Figure 4 of Terada & von Luxburg (2014).

**What to look for:** in 3-D LOE recovers every neighbourhood (GARI 1); in 2-D no drawing
does, and the plain LOE minimum (GARI 0.29) loses to Kamada-Kawai (0.41); the default
``loe_layout`` (Err_local from spectral and Kamada-Kawai starts with GARI-selected
checkpoints, and a t-LOE run; the better drawing kept) beats both.  Run::

    python gallery/plot_desargues.py --out DIR
"""

import matplotlib

matplotlib.use("Agg")

import _common  # noqa: E402


def main(argv=None):
    args = _common.parser((__doc__ or "").strip().split("\n")[0]).parse_args(argv)
    import matplotlib.pyplot as plt
    import networkx as nx

    import nx_ordinal
    from nx_ordinal.datasets import famous_graph
    from nx_ordinal.plot import plot_comparison

    G = famous_graph("Desargues")
    s = args.seed
    rows = [
        {"LOE 2-D (default)": nx_ordinal.loe_layout(G, seed=s),
         "plain LOE 2-D": nx_ordinal.loe_layout(G, seed=s, **_common.LOE_PLAIN),
         "Kamada-Kawai 2-D": nx.kamada_kawai_layout(G),
         "spring 2-D": nx.spring_layout(G, seed=s)},
        {"LOE 3-D": nx_ordinal.loe_layout(G, dim=3, seed=s),
         "Kamada-Kawai 3-D": nx.kamada_kawai_layout(G, dim=3),
         "spring 3-D": nx.spring_layout(G, dim=3, seed=s),
         "spectral 3-D": nx.spectral_layout(G, dim=3)},
    ]
    fig = plt.figure(figsize=(13, 6))
    for r, layouts in enumerate(rows):
        axes = [fig.add_subplot(2, 5, 5 * r + 1)]
        for c in range(len(layouts)):
            axes.append(fig.add_subplot(2, 5, 5 * r + c + 2,
                                        projection="3d" if r == 1 else None))
        plot_comparison(G, layouts, name="Desargues graph", axes=axes)
    fig.suptitle("Desargues graph, 2-D (top) and 3-D (bottom); colour: graph neighbours "
                 "among the nearest neighbours (red none, blue all)", fontsize=9)
    return _common.save(fig, args.out, "desargues.png")


if __name__ == "__main__":
    main()
