"""
The netscience co-authorship network
====================================

Not a figure of the papers: a real network, the largest connected component (379 authors)
of Newman's network-science co-authorship graph, drawn by LOE and by spring, vertices
coloured by degree.

**What to look for:** the GARI in each panel's title (how many of each author's
co-authors are among the authors drawn nearest, corrected for chance; the script also
prints both): LOE's is the higher, it puts more authors next to their co-authors, while
spring packs each clique of co-authors into a tight blob.

Reads ``netscience.gml`` from ``--data`` (default: ``$NX_ORDINAL_DATA/netscience`` or
``shared/data/netscience`` beside the checkout); exits cleanly with a message when the
file is absent.  Run::

    python gallery/plot_netscience.py --out DIR
"""

import os

import matplotlib

matplotlib.use("Agg")

import _common  # noqa: E402


def default_data():
    return os.path.join(_common.data_dir(), "netscience")


def main(argv=None):
    p = _common.parser((__doc__ or "").strip().split("\n")[0])
    p.add_argument("--data", default=None, help="folder holding netscience.gml")
    p.add_argument("--max-time", type=float, default=None,
                   help="seconds for LOE (default: no limit; the default call takes 0.3 s)")
    args = p.parse_args(argv)
    path = os.path.join(args.data or default_data(), "netscience.gml")
    if not os.path.isfile(path):
        _common.skip(path)
        return
    import warnings

    import matplotlib.pyplot as plt
    import networkx as nx

    import nx_ordinal
    from nx_ordinal.exceptions import ConvergenceWarning

    # under a time budget (--max-time) LOE may stop on it: expected here
    warnings.simplefilter("ignore", ConvergenceWarning)
    from nx_ordinal.plot import draw_layout

    G = nx.read_gml(path, label="id")
    G = nx.Graph(G.subgraph(max(nx.connected_components(G), key=len)))
    G.remove_edges_from(nx.selfloop_edges(G))
    if args.small:
        G = nx.Graph(G.subgraph(list(nx.bfs_tree(G, next(iter(G))))[:60]))
    layouts = {
        "LOE": nx_ordinal.loe_layout(G, seed=args.seed, max_time=args.max_time),
        "spring": nx.spring_layout(G, seed=args.seed),
    }
    degree = dict(G.degree())
    fig, axes = plt.subplots(1, 2, figsize=(11, 5.5))
    scores = {name: float(nx_ordinal.gari(G, pos)) for name, pos in layouts.items()}
    for ax, (name, pos) in zip(axes, layouts.items(), strict=True):
        draw_layout(G, pos, ax, color=degree, cmap="plasma", node_size=12, edge_width=0.4,
                    title=f"{name}: GARI {scores[name]:.2f}", colorbar=True, labels=False)
    print("GARI: " + ", ".join(f"{name} {g:.2f}" for name, g in scores.items()))
    fig.suptitle(f"netscience co-authorship, largest component ({G.number_of_nodes()} "
                 f"authors); colour: degree", fontsize=10)
    fig.tight_layout()
    return _common.save(fig, args.out, "netscience.png")


if __name__ == "__main__":
    main()
