"""
Seven famous graphs: classical drawers against LOE
==================================================

Reproduces supplement Figure 3 of Terada & von Luxburg (2014): the Frucht, Icosahedral,
Chvatal, Folkman, Thomassen, Meredith and Desargues graphs drawn by the classical drawers and
by LOE, each drawing with its GARI under it.  Columns: adjacency matrix, networkx spring,
Kamada-Kawai, spectral, ForceAtlas2, igraph FR, igraph KK, plain LOE (spectral start, lowest
Err_local) and the default ``loe_layout`` (Err_local from spectral and Kamada-Kawai starts,
GARI-selected checkpoints, and a t-LOE run; the better drawing kept).

**What to look for:** the two LOE columns have the highest GARI in every row (1.0 where a
perfect drawing exists in 2-D); blue vertices have all their graph neighbours among their
nearest neighbours in the drawing, red ones none.  Run::

    python gallery/plot_classic_graphs.py --out DIR
"""

import matplotlib

matplotlib.use("Agg")

import _common  # noqa: E402

METHODS = ("spring", "kamada_kawai", "spectral", "forceatlas2", "ig_fr", "ig_kk")
LABELS = {"spring": "spring", "kamada_kawai": "Kamada-Kawai", "spectral": "spectral",
          "forceatlas2": "ForceAtlas2", "ig_fr": "igraph FR", "ig_kk": "igraph KK"}


def main(argv=None):
    args = _common.parser((__doc__ or "").strip().split("\n")[0]).parse_args(argv)
    import matplotlib.pyplot as plt

    import nx_ordinal
    from nx_ordinal.datasets import FAMOUS_GRAPHS, famous_graph
    from nx_ordinal.plot import plot_comparison

    names = FAMOUS_GRAPHS[:2] if args.small else FAMOUS_GRAPHS
    ncol = 1 + len(METHODS) + 2
    fig = plt.figure(figsize=(1.9 * ncol, 2.1 * len(names)))
    for r, name in enumerate(names):
        G = famous_graph(name)
        layouts = {LABELS[m]: nx_ordinal.layout(G, m, seed=args.seed) for m in METHODS}
        layouts["plain LOE"] = nx_ordinal.loe_layout(G, seed=args.seed, **_common.LOE_PLAIN)
        layouts["LOE (default)"] = nx_ordinal.loe_layout(G, seed=args.seed)
        axes = [fig.add_subplot(len(names), ncol, r * ncol + c + 1) for c in range(ncol)]
        plot_comparison(G, layouts, name=name, axes=axes)
        for ax in axes[1:] if r else []:
            ax.set_title("")
    fig.tight_layout()
    return _common.save(fig, args.out, "classic_graphs.png")


if __name__ == "__main__":
    main()
