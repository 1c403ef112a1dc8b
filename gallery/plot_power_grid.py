"""
The US power grid: LOE, sfdp and t-FDP
======================================

Not a figure of the papers: the western US power grid (4,941 stations, 6,594 lines; the
``USPowerGrid`` graph of the graph-drawing benchmark of tsNET, DRGraph and t-FDP), drawn
three ways side by side: the default ``loe_layout(G)``, Graphviz's sfdp (``sfdp_layout``,
what many networkx users reach for) and t-FDP (Zhong et al., TVCG 2023), the leader of that
benchmark on this graph, read from its published drawing (run 0) rather than recomputed.

**What to look for:** the NP1 in each title, the fraction of each station's neighbours that
are also its nearest stations in the drawing (Jaccard, averaged; 1 best;
:func:`nx_ordinal.metrics.neighbourhood_preservation`).  The grid is sparse and tree-like
(mean degree 2.7): a drawing that folds subtrees into clumps or stretches long lines across
the page puts strangers next to each other, and its NP1 drops.  t-FDP's published drawing
scores 0.66 (its published five-run mean is 0.659).  The default ``loe_layout`` (t-LOE on a
graph like this) keeps more neighbourhoods than either, and like every neighbour embedding
it pays with global distances: the few long lines between regions cross the drawing.

Reads ``drawing-benchmark/graphs/USPowerGrid.mtx`` and
``drawing-benchmark/published/layouts/USPowerGrid.t-FDP_0.txt`` from ``--data`` (default
``$NX_ORDINAL_DATA`` or ``../shared/data`` next to the checkout); exits cleanly with a
message when they are absent.  Without Graphviz's ``sfdp`` program its panel says so and the
other two are drawn.  ``--small`` draws the 300 stations nearest (in hops) to station 0, with
t-FDP's positions of those stations.  Run::

    python gallery/plot_power_grid.py --out DIR
"""

import os
import shutil

import matplotlib

matplotlib.use("Agg")

import _common  # noqa: E402


def main(argv=None):
    p = _common.parser((__doc__ or "").strip().split("\n")[0])
    p.add_argument("--data", default=None,
                   help="folder holding drawing-benchmark/ (default: the shared data)")
    p.add_argument("--max-time", type=float, default=None,
                   help="seconds for loe_layout (default: no limit, its default call)")
    args = p.parse_args(argv)
    bench = os.path.join(args.data or _common.data_dir(), "drawing-benchmark")
    graph_path = os.path.join(bench, "graphs", "USPowerGrid.mtx")
    tfdp_path = os.path.join(bench, "published", "layouts", "USPowerGrid.t-FDP_0.txt")
    for path in (graph_path, tfdp_path):
        if not os.path.isfile(path):
            _common.skip(path)
            return
    import time
    import warnings

    import matplotlib.pyplot as plt
    import networkx as nx
    import numpy as np

    import nx_ordinal
    from nx_ordinal.exceptions import ConvergenceWarning
    from nx_ordinal.io import read_graph
    from nx_ordinal.metrics import neighbourhood_preservation
    from nx_ordinal.plot import draw_layout

    warnings.simplefilter("ignore", ConvergenceWarning)  # a --max-time stop is expected
    G = read_graph(graph_path)  # the file's indices, in file order, as the published drawing
    X = np.loadtxt(tfdp_path)
    tfdp = {v: X[k] for k, v in enumerate(G)}
    if args.small:
        dist = nx.single_source_shortest_path_length(G, next(iter(G)))
        keep = sorted(dist, key=lambda v: (dist[v], v))[:300]
        G = nx.Graph(G.subgraph(sorted(keep)))
        tfdp = {v: tfdp[v] for v in G}
    max_time = 5.0 if args.small and args.max_time is None else args.max_time

    panels = {}
    t0 = time.perf_counter()
    kw = {} if max_time is None else {"max_time": max_time}
    panels["loe_layout"] = (nx_ordinal.loe_layout(G, seed=args.seed, **kw),
                            f"{time.perf_counter() - t0:.1f} s")
    if shutil.which("sfdp"):
        t0 = time.perf_counter()
        panels["Graphviz sfdp"] = (nx_ordinal.layout(G, "sfdp", seed=args.seed),
                                   f"{time.perf_counter() - t0:.1f} s")
    else:
        print("sfdp panel left empty: Graphviz's sfdp program is not installed "
              "(install Graphviz, e.g. 'apt-get install graphviz')", flush=True)
        panels["Graphviz sfdp"] = (None, "")
    panels["t-FDP"] = (tfdp, "published drawing")

    fig, axes = plt.subplots(1, 3, figsize=(16, 5.8))
    for ax, (name, (pos, note)) in zip(axes, panels.items(), strict=True):
        if pos is None:
            ax.set_axis_off()
            ax.set_title(f"{name}: not installed")
            ax.text(0.5, 0.5, "Graphviz's sfdp program\nis not installed", ha="center",
                    va="center", transform=ax.transAxes)
            continue
        np1 = neighbourhood_preservation(G, pos)
        draw_layout(G, pos, ax, node_size=3 if len(G) > 1000 else 10, edge_width=0.3,
                    labels=False, title=f"{name}: NP1 {np1:.3f} ({note})")
        print(f"{name}: NP1 {np1:.3f} ({note})", flush=True)
    what = "300 stations around station 0" if args.small else (
        f"{G.number_of_nodes():,} stations, {G.number_of_edges():,} lines")
    fig.suptitle(f"US power grid ({what}); NP1: neighbourhood preservation, 1 best",
                 fontsize=10)
    fig.tight_layout()
    return _common.save(fig, args.out, "power_grid.png")


if __name__ == "__main__":
    main()
