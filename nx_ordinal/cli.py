"""The ``nx-ordinal`` command line."""

import argparse
import sys

__all__ = ["main"]


def _demo(args):
    import networkx as nx

    from . import gari
    from .layouts import loe_layout
    from .registry import layout

    graphs = [
        ("Frucht", nx.frucht_graph(), 2),
        ("Desargues", nx.LCF_graph(20, [5, -5, 9, -9], 5), 3),
    ]
    drawers = [
        ("loe", lambda G, d: loe_layout(G, dim=d, seed=args.seed)),
        ("spring", lambda G, d: nx.spring_layout(G, dim=d, seed=args.seed)),
        ("kamada_kawai", lambda G, d: layout(G, method="kamada_kawai", dim=d)),
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


def _read_input(path):
    from .io import read_graph

    G = read_graph(path)
    if G.number_of_nodes() == 0:
        raise ValueError(f"graph in {path!r} has no nodes")
    return G


def _draw(args):
    import os

    from .metrics import gari
    from .registry import get_entry

    ext = os.path.splitext(args.output)[1].lower()
    if ext not in (".png", ".svg", ".pdf", ".json"):
        raise ValueError(f"output must end in .png, .svg, .pdf or .json, got {args.output!r}")
    G = _read_input(args.input)
    entry = get_entry(args.method)
    kw = {"dim": args.dim}
    if entry.takes_seed:
        kw["seed"] = args.seed
    pos = entry.load()(G, **kw)
    score = gari(G, pos)
    if ext == ".json":
        from .io import write_layout

        write_layout(args.output, pos, method=args.method, parameters=kw,
                     metrics={"gari": score}, graph=G)
    else:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        from .plot import draw_layout, save_figure

        if args.dim > 3:
            raise ValueError(f"can draw only dim <= 3 to {ext}, got dim={args.dim}")
        ax = draw_layout(G, pos, color_by_knn=True,
                         title=f"{args.method}: GARI {score:.3f}",
                         node_size=max(4, min(30, 3000 // max(G.number_of_nodes(), 1))))
        save_figure(ax.figure, args.output)
        plt.close(ax.figure)
    print(f"wrote {args.output} ({args.method}, GARI {score:.3f})")
    return 0


def _compare(args):
    from .compare import compare_layouts, format_table

    G = _read_input(args.input)
    rows = compare_layouts(G, args.methods or None, dim=args.dim, seed=args.seed,
                           n_init=args.n_init)
    print(format_table(rows))
    return 0


def _gallery_dir():
    import pathlib

    return pathlib.Path(__file__).resolve().parents[1] / "gallery"


def _gallery(args):
    import os
    import subprocess

    folder = _gallery_dir()
    scripts = sorted(folder.glob("plot_*.py")) if folder.is_dir() else []
    if not scripts:
        raise OSError(f"no gallery scripts found in {str(folder)!r} (run from a checkout)")
    os.makedirs(args.out, exist_ok=True)
    failed = []
    for script in scripts:
        cmd = [sys.executable, str(script), "--out", args.out]
        if args.small:
            text = script.read_text(encoding="utf-8")
            if "--small" not in text and "_common.parser(" not in text:
                print(f"skipping {script.name} (no --small setting)", flush=True)
                continue
            cmd.append("--small")
        print(f"running {script.name}", flush=True)
        if subprocess.run(cmd).returncode != 0:
            failed.append(script.name)
    if failed:
        print(f"nx-ordinal: error: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def build_parser():
    parser = argparse.ArgumentParser(prog="nx-ordinal", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("demo", help="LOE vs spring/Kamada-Kawai on the Frucht and Desargues graphs")
    p.add_argument("-o", "--output", default="nx_ordinal_demo.png", help="PNG to write")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=_demo)

    p = sub.add_parser("draw", help="lay out a graph file and write a picture or a layout JSON")
    p.add_argument("input", help="graph file: edge list, .graphml, .gml or node-link .json")
    p.add_argument("-m", "--method", default="loe", help="registered layout (default loe)")
    p.add_argument("--dim", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("-o", "--output", required=True, help="OUT.png, .svg, .pdf or .json")
    p.set_defaults(func=_draw)

    p = sub.add_parser("compare", help="GARI table of several layouts of a graph file")
    p.add_argument("input", help="graph file: edge list, .graphml, .gml or node-link .json")
    p.add_argument("-m", "--methods", nargs="+", default=None, help="registered layouts")
    p.add_argument("--dim", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--n-init", type=int, default=1, help="runs per seeded method")
    p.set_defaults(func=_compare)

    p = sub.add_parser("gallery", help="run every gallery script")
    p.add_argument("--out", default="gallery_out", help="folder for the PNGs")
    p.add_argument("--small", action="store_true",
                   help="tiny settings (smoke test); scripts without them are skipped")
    p.set_defaults(func=_gallery)
    return parser


def main(argv=None):
    import networkx as nx

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("nx-ordinal: interrupted", file=sys.stderr)
        return 130
    except (OSError, ValueError, TypeError, ImportError, nx.NetworkXException) as exc:
        msg = " ".join(str(exc).split()) or type(exc).__name__
        print(f"nx-ordinal: error: {msg}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
