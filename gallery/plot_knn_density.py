"""
A kNN graph with two dense squares
==================================

Reproduces main Figure 2 of Terada & von Luxburg (2014): a kNN graph of points with two
dense squares, drawn by LOE and by spring, Kamada-Kawai and spectral layouts.  Points
(n = 500): 40% uniform on [-1, 1]^2, 30% in each of [-0.7, -0.3] x [-0.2, 0.2] and
[0.3, 0.7] x [-0.2, 0.2]; kNN graph with k = 14 (directed: each point's 14 nearest).
Colour: the region of the original point (left square, right square, outside).

**What to look for:** LOE keeps the density -- the squares stay small and dense, as in the
original points; the classical drawers spread the vertices evenly.  Run::

    python gallery/plot_knn_density.py --out DIR
"""

import matplotlib

matplotlib.use("Agg")

import _common  # noqa: E402


def two_squares(n, seed):
    """The two-squares sample (``nx_ordinal.datasets.two_squares`` when available)."""
    import numpy as np

    try:
        from nx_ordinal.datasets import two_squares as ts

        return np.asarray(ts(n, seed=seed), dtype=np.float64)
    except (ImportError, AttributeError):
        pass
    rng = np.random.default_rng(seed)
    n1 = int(round(0.4 * n))
    n2 = (n - n1) // 2
    n3 = n - n1 - n2
    return np.vstack([
        rng.uniform(-1, 1, (n1, 2)),
        np.column_stack([rng.uniform(-0.7, -0.3, n2), rng.uniform(-0.2, 0.2, n2)]),
        np.column_stack([rng.uniform(0.3, 0.7, n3), rng.uniform(-0.2, 0.2, n3)]),
    ])


def regions(X):
    """0 outside the squares, 1 in the left square, 2 in the right one."""
    import numpy as np

    in_y = np.abs(X[:, 1]) <= 0.2
    left = in_y & (X[:, 0] >= -0.7) & (X[:, 0] <= -0.3)
    right = in_y & (X[:, 0] >= 0.3) & (X[:, 0] <= 0.7)
    return np.where(left, 1, np.where(right, 2, 0))


def main(argv=None):
    p = _common.parser((__doc__ or "").strip().split("\n")[0])
    p.add_argument("--n", type=int, default=500)
    p.add_argument("--k", type=int, default=14)
    p.add_argument("--max-time", type=float, default=None,
                   help="seconds for LOE (default: no limit; the default call takes 0.6 s)")
    args = p.parse_args(argv)
    import warnings

    import matplotlib.pyplot as plt
    import networkx as nx
    import numpy as np

    import nx_ordinal
    from nx_ordinal.exceptions import ConvergenceWarning

    # under a time budget (--max-time) LOE may stop on it: expected here
    warnings.simplefilter("ignore", ConvergenceWarning)
    from nx_ordinal.constraints import knn_graph
    from nx_ordinal.metrics import procrustes_error
    from nx_ordinal.plot import draw_layout

    n, k = (80, 6) if args.small else (args.n, args.k)
    X = two_squares(n, args.seed)
    labels = regions(X)
    G = knn_graph(X, k)
    U = G.to_undirected() if G.is_directed() else G
    layouts = {
        "original points": dict(zip(range(n), X, strict=True)),
        "LOE": nx_ordinal.loe_layout(G, seed=args.seed, max_time=args.max_time),
        "spring": nx.spring_layout(U, seed=args.seed),
        "Kamada-Kawai": nx.kamada_kawai_layout(U),
        "spectral": nx.spectral_layout(U),
    }
    fig, axes = plt.subplots(1, len(layouts), figsize=(3.2 * len(layouts), 3.6))
    colour = dict(zip(range(n), labels, strict=True))
    for ax, (name, pos) in zip(axes, layouts.items(), strict=True):
        draw_layout(G, pos, ax, color=colour, cmap="brg", node_size=6, edge_width=0.1,
                    edge_color="0.8", title=name, components="keep", labels=False)
        Y = np.array([pos[v] for v in range(n)])
        ax.set_xlabel(f"GARI {nx_ordinal.gari(G, pos):.2f}, Procrustes "
                      f"{procrustes_error(X, Y):.2f}", fontsize=8)
    fig.suptitle(f"two-squares kNN graph (n={n}, k={k})", fontsize=10)
    fig.tight_layout()
    return _common.save(fig, args.out, "knn_density.png")


if __name__ == "__main__":
    main()
