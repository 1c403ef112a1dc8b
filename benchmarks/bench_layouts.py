"""``loe_layout(G)`` with default arguments against the classical drawers on graphs of
realistic size: GARI, seconds and the ratio of seconds to igraph DrL's in the same run.

Drawers: ``loe_layout`` (default call), igraph FR and DrL, networkx spring and
forceatlas2.  Graphs: random geometric graphs (n = 2,000 / 10,000 / 100,000, mean degree
10, giant component), Barabasi-Albert (n = 3,000, m = 2), Watts-Strogatz (n = 2,000, k = 6,
p = 0.05), a 100 x 100 grid, a random tree of 5,000 nodes and the netscience co-authorship
network from ``../shared/data`` (largest component and whole; skipped when absent).

Every drawing runs in a forked child process with a wall-clock budget (``--budget``
seconds, ``--budget-large`` for graphs above 50,000 nodes); a drawer that exceeds it is
killed and reported as ``>budget``, and skipped on the larger graphs of the same family.
The child reports its peak resident memory (``resource.getrusage``; it includes the pages
inherited from the parent).  ``--extra`` adds two checks of the issue's targets: the kNN
graph (k = 19) of 10,000 ``datasets.pc`` points (default ``loe_layout`` against one
``embed.loe`` run, E_A) and the 10-NN graph of the US cities (default ``loe_layout``
against ``asap_loe_layout``, Procrustes disparity against the map, as
:func:`scipy.spatial.procrustes`).

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_layouts.py \\
        [--graphs rgg2k,rgg10k,...] [--drawers loe,ig_drl,...] [--budget 300] [--extra]
"""

import argparse
import multiprocessing as mp
import os
import pathlib
import resource
import sys
import time
import warnings

import networkx as nx
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import nx_ordinal  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
DRAWERS = ("loe", "ig_fr", "ig_drl", "spring", "forceatlas2")
GRAPHS = ("rgg2k", "rgg10k", "rgg100k", "ba3k", "ws2k", "grid100", "tree5k",
          "netscience_lcc", "netscience")


def shared_data():
    """``../shared/data`` relative to the checkout (or a parent of it), or ``None``."""
    for base in (ROOT, *ROOT.parents):
        p = base.parent / "shared" / "data"
        if p.is_dir():
            return p
        p = base / "shared" / "data"
        if p.is_dir():
            return p
    return None


def rgg(n, mean_degree=10, seed=0):
    """Random geometric graph in the unit square with the given mean degree, giant
    component, nodes relabelled 0..n'-1."""
    r = np.sqrt(mean_degree / (np.pi * n))
    G = nx.random_geometric_graph(n, r, seed=seed)
    cc = max(nx.connected_components(G), key=len)
    return nx.convert_node_labels_to_integers(G.subgraph(cc).copy())


def netscience(lcc):
    data = shared_data()
    path = None if data is None else data / "netscience" / "netscience.gml"
    if path is None or not path.is_file():
        return None
    G = nx.Graph(nx.read_gml(path, label="id"))
    G.remove_edges_from(nx.selfloop_edges(G))
    if lcc:
        G = G.subgraph(max(nx.connected_components(G), key=len)).copy()
    return G


def make_graph(name):
    if name.startswith("rgg"):
        return rgg({"rgg2k": 2000, "rgg10k": 10000, "rgg100k": 100000}[name])
    if name == "ba3k":
        return nx.barabasi_albert_graph(3000, 2, seed=0)
    if name == "ws2k":
        return nx.watts_strogatz_graph(2000, 6, 0.05, seed=0)
    if name == "grid100":
        return nx.grid_2d_graph(100, 100)
    if name == "tree5k":
        return nx.random_labeled_tree(5000, seed=0)
    if name in ("netscience_lcc", "netscience"):
        return netscience(name == "netscience_lcc")
    raise ValueError(f"unknown graph {name!r}")


def _child(conn, G, drawer, seed):
    warnings.simplefilter("ignore")
    t = time.perf_counter()
    if drawer == "loe":
        pos = nx_ordinal.loe_layout(G, seed=seed)
    else:
        pos = nx_ordinal.layout(G, method=drawer, seed=seed)
    sec = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # MiB (Linux: KiB)
    conn.send((sec, nx_ordinal.gari(G, pos), rss))
    conn.close()


def timed(G, drawer, budget, seed=0):
    """``(seconds, GARI, peak MiB)`` of one drawing in a forked child, ``None`` past the
    budget."""
    ctx = mp.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(send, G, drawer, seed))
    p.start()
    send.close()
    out = recv.recv() if recv.poll(budget) else None
    if out is None:
        p.kill()
    p.join()
    return out


def main_table(args):
    drawers = args.drawers.split(",")
    over = set()  # (family, drawer) that ran out of budget on a smaller graph
    print(f"load average: {os.getloadavg()}")
    head = f"{'graph':<16}{'n':>8}{'m':>9}  " + "".join(f"{d:>28}" for d in drawers)
    print(head)
    print(f"{'':<35}" + "".join(f"{'GARI / s / xDrL / MiB':>28}" for _ in drawers))
    for name in args.graphs.split(","):
        G = make_graph(name)
        if G is None:
            print(f"{name:<16} skipped (../shared/data absent)")
            continue
        n, m = G.number_of_nodes(), G.number_of_edges()
        budget = args.budget_large if n > 50_000 else args.budget
        family = name.rstrip("0123456789k")
        res = {}
        for d in drawers:
            if (family, d) in over:
                res[d] = "skipped"
                continue
            r = timed(G, d, budget)
            if r is None:
                over.add((family, d))
                res[d] = f">{budget:.0f}s"
            else:
                res[d] = r
        drl = res.get("ig_drl")
        cells = []
        for d in drawers:
            r = res[d]
            if isinstance(r, str):
                cells.append(f"{r:>28}")
                continue
            ratio = f"{r[0] / drl[0]:.2f}" if isinstance(drl, tuple) else "-"
            cells.append(f"{f'{r[1]:.3f} / {r[0]:.1f} / {ratio} / {r[2]:.0f}':>28}")
        print(f"{name:<16}{n:>8}{m:>9}  " + "".join(cells), flush=True)
        print(f"  load average after: {os.getloadavg()}", flush=True)


def extra():
    """The kNN-graph and US-cities targets of the issue."""
    from scipy.spatial import procrustes

    from nx_ordinal.constraints import knn_graph
    from nx_ordinal.datasets.points import pc
    from nx_ordinal.embed import loe
    from nx_ordinal.metrics import adjacency_error

    warnings.simplefilter("ignore")
    print(f"load average: {os.getloadavg()}")
    pts = pc(10_000, seed=0)
    G = knn_graph(pts, 19)
    A = nx.to_scipy_sparse_array(G, nodelist=list(G), format="csr")
    t = time.perf_counter()
    res = loe(A, 2, seed=0)
    t_loe = time.perf_counter() - t
    t = time.perf_counter()
    pos = nx_ordinal.loe_layout(G, seed=0)
    t_lay = time.perf_counter() - t
    print(f"kNN pc n=10000 k=19: embed.loe {t_loe:.1f}s E_A {adjacency_error(A, res.embedding):.2e}"
          f" | loe_layout {t_lay:.1f}s E_A {adjacency_error(G, pos):.2e}"
          f" | ratio {t_lay / t_loe:.2f}", flush=True)
    data = shared_data()
    path = None if data is None else data / "us_cities" / "us-cities-top-1k.csv"
    if path is None or not path.is_file():
        print("US cities: skipped (../shared/data absent)")
        return
    truth, G = us_cities_knn(path, 10)
    for name, f in (("loe_layout", nx_ordinal.loe_layout),
                    ("asap_loe_layout", nx_ordinal.asap_loe_layout)):
        t = time.perf_counter()
        pos = f(G, seed=0)
        sec = time.perf_counter() - t
        X = np.array([pos[v] for v in G])
        print(f"US cities 10-NN ({G.number_of_nodes()} nodes): {name} {sec:.1f}s, Procrustes "
              f"disparity {procrustes(truth, X)[2]:.3f}, GARI {nx_ordinal.gari(G, pos):.3f}",
              flush=True)
    print(f"load average: {os.getloadavg()}")


def us_cities_knn(path, k):
    """Planar coordinates of the US cities (longitude scaled by cos of the mean latitude,
    duplicates removed) and their directed k-NN graph."""
    import csv

    from nx_ordinal.constraints import knn_graph

    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    ll = np.array([(float(r["lon"]), float(r["lat"])) for r in rows])
    ll = np.unique(ll, axis=0)
    xy = np.column_stack([ll[:, 0] * np.cos(np.radians(ll[:, 1].mean())), ll[:, 1]])
    return xy, knn_graph(xy, k)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--graphs", default=",".join(GRAPHS))
    ap.add_argument("--drawers", default=",".join(DRAWERS))
    ap.add_argument("--budget", type=float, default=300.0)
    ap.add_argument("--budget-large", type=float, default=900.0)
    ap.add_argument("--extra", action="store_true", help="also the kNN and US-cities targets")
    ap.add_argument("--only-extra", action="store_true")
    args = ap.parse_args()
    if not args.only_extra:
        main_table(args)
    if args.extra or args.only_extra:
        extra()


if __name__ == "__main__":
    main()
