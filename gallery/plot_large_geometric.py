"""
A 10,000-node geometric graph: LOE, igraph FR and igraph DrL
=============================================================

The giant component of a random geometric graph in the unit square (mean degree 10), drawn
by ``loe_layout`` with its default arguments (one run from the pivot-MDS start, stopped
once GARI stops rising) and by igraph's Fruchterman-Reingold and DrL, each panel titled with
its GARI and seconds; vertices coloured by their true x coordinate, so a drawing that keeps
the geometry shows a smooth colour ramp.  Run ``python gallery/plot_large_geometric.py
--out DIR`` (``--n`` sets the size, ``--small`` a tiny one for smoke tests).

**What to look for:** LOE's panel shows the unit square (rotated or reflected: only
neighbourhoods are given) with a smooth colour ramp across it and GARI near 1, in less time
than DrL, whose drawing breaks the square into tangled strands (GARI about 0.65); FR's is a
ball with the colours mixed (about 0.17).  This is the drawing of issue 16's
benchmark (``benchmarks/bench_layouts.py``), not a figure of the papers.
"""

import matplotlib

matplotlib.use("Agg")

import _common  # noqa: E402


def main(argv=None):
    p = _common.parser("A 10,000-node geometric graph: LOE, igraph FR and igraph DrL")
    p.add_argument("--n", type=int, default=10_000, help="points before the giant component")
    args = p.parse_args(argv)
    import time
    import warnings

    import matplotlib.pyplot as plt
    import networkx as nx
    import numpy as np

    import nx_ordinal
    from nx_ordinal.classical import igraph_layout
    from nx_ordinal.plot import draw_layout

    n = 600 if args.small else args.n
    G = nx.random_geometric_graph(n, np.sqrt(10 / (np.pi * n)), seed=args.seed)
    G = nx.Graph(G.subgraph(max(nx.connected_components(G), key=len)))
    x = {v: G.nodes[v]["pos"][0] for v in G}
    drawers = {
        "LOE (loe_layout)": lambda: nx_ordinal.loe_layout(G, seed=args.seed),
        "igraph FR": lambda: igraph_layout(G, "fr", seed=args.seed),
        "igraph DrL": lambda: igraph_layout(G, "drl", seed=args.seed),
    }
    fig, axes = plt.subplots(1, 3, figsize=(15, 5.3))
    for ax, (name, draw) in zip(axes, drawers.items(), strict=True):
        t = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pos = draw()
        sec = time.perf_counter() - t
        draw_layout(G, pos, ax, color=x, cmap="viridis",  # sizes scale with n by default
                    title=f"{name}: GARI {nx_ordinal.gari(G, pos):.3f}, {sec:.1f} s")
    fig.suptitle(f"random geometric graph, giant component: {G.number_of_nodes()} nodes, "
                 f"{G.number_of_edges()} edges; colour: true x coordinate", fontsize=10)
    fig.tight_layout()
    return _common.save(fig, args.out, "large_geometric.png")


if __name__ == "__main__":
    main()
