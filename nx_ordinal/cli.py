"""The ``nx-ordinal`` command line."""

import argparse
import sys

__all__ = ["main"]


def _demo(args):
    import networkx as nx

    from . import gari
    from .layouts import loe_layout

    graphs = [
        ("Frucht", nx.frucht_graph(), 2),
        ("Desargues", nx.LCF_graph(20, [5, -5, 9, -9], 5), 3),
    ]
    drawers = [
        ("loe", lambda G, d: loe_layout(G, dim=d, seed=args.seed)),
        ("spring", lambda G, d: nx.spring_layout(G, dim=d, seed=args.seed)),
        ("kamada_kawai", lambda G, d: nx.kamada_kawai_layout(G, dim=d)),
    ]
    results = {}
    print(f"{'graph':<12}{'dim':>4}" + "".join(f"{name:>14}" for name, _ in drawers))
    for gname, G, d in graphs:
        row = []
        for name, f in drawers:
            pos = f(G, d)
            results[(gname, name)] = pos
            row.append(gari(G, pos))
        print(f"{gname:<12}{d:>4}" + "".join(f"{v:>14.3f}" for v in row))
    if args.output:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig = plt.figure(figsize=(12, 8))
        for r, (gname, G, d) in enumerate(graphs):
            for c, (name, _) in enumerate(drawers):
                pos = results[(gname, name)]
                proj = "3d" if d == 3 else None
                ax = fig.add_subplot(len(graphs), len(drawers), r * len(drawers) + c + 1,
                                     projection=proj)
                for u, v in G.edges():
                    pts = list(zip(pos[u], pos[v]))
                    ax.plot(*pts, color="0.6", lw=0.8)
                xs = list(zip(*[pos[v] for v in G]))
                ax.scatter(*xs, s=25, color="tab:blue", zorder=3)
                ax.set_title(f"{gname} {d}-D, {name}\nGARI {gari(G, pos):.2f}", fontsize=9)
                ax.set_xticks([])
                ax.set_yticks([])
                if d == 3:
                    ax.set_zticks([])
        fig.tight_layout()
        _save_figure(fig, args.output)
        plt.close(fig)
        print(f"wrote {args.output}")
    return 0


def _save_figure(fig, path):
    """Write to a temporary file next to ``path`` and rename, so no half-written file stays."""
    import os
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    suffix = os.path.splitext(path)[1] or ".png"
    fd, tmp = tempfile.mkstemp(suffix=suffix, dir=directory)
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=110)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def build_parser():
    parser = argparse.ArgumentParser(prog="nx-ordinal", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("demo", help="LOE vs spring/Kamada-Kawai on the Frucht and Desargues graphs")
    p.add_argument("-o", "--output", default="nx_ordinal_demo.png", help="PNG to write")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=_demo)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("nx-ordinal: interrupted", file=sys.stderr)
        return 130
    except (OSError, ValueError) as exc:
        print(f"nx-ordinal: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
