"""The guarded stress polish on small graphs (issue 33): the default ``loe_layout(G)`` on 44
graphs of 10-100 nodes (33 undirected, 11 directed) with and without its last stage
(``layouts/_loe/guarded.py``), same process, seed 0.  Prints NP1, GARI, NP2 and stress
(published form) before and after the polish, the polish's own time, and Graphviz sfdp's
stress where sfdp is installed; then the geometric mean of the stress ratios and the graphs
where any measure fell (none expected: the polish keeps every node's counts).

The graphs: networkx's social graphs (karate club, Davis's southern women, Florentine
families, Les Miserables), classic graphs (Petersen, dodecahedron, Tutte, Heawood, Frucht,
Desargues, Mobius-Kantor, icosahedron, Chvatal, hypercube Q5, K(5, 8)), paths and cliques
(barbells, a lollipop, a windmill, a caveman graph), regular pieces (ladder, path, cycle,
star, wheel, grids, triangular lattice, circular ladder, binary tree), where the
drawing-benchmark folder is found its dwt_72 and can_96, and directed graphs: the kNN
graphs of random points in the square (30-100 points, k = 3-8) and in the cube, of 100
points on two moons, GN and GNR trees, a scale-free digraph, a directed cycle and grid.

With ``--tfdp``, each graph is also drawn by t-FDP as ``_tfdp.py`` writes it (seeds 0-2,
its three drawings' mean measures: a small graph's t-FDP drawing depends on its seed) and
the default drawing is checked as ``bench_unseen.py`` checks its graphs against t-FDP:
NP1 at least t-FDP's minus 0.02, NP2 at least its minus 0.03, stress at most 1.25 times
its; the graphs that miss a check are listed at the end.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_small.py [--data DIR] [--tfdp]
"""

import argparse
import os
import shutil
import sys
import time
import warnings

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nx_ordinal  # noqa: E402
import nx_ordinal.layouts._loe as loe_module  # noqa: E402
from nx_ordinal.io import read_graph  # noqa: E402
from nx_ordinal.metrics import gari, neighbourhood_preservation, stress  # noqa: E402


def directed_graphs():
    """``(name, graph)`` pairs: the 11 directed graphs."""
    from bench_unseen import knn_directed as knn_digraph
    from bench_unseen import two_moons

    def square(n, seed):
        return np.random.default_rng(seed).random((n, 2))

    return [
        ("knn80 k5", knn_digraph(square(80, 1), 5)), ("knn100 k8", knn_digraph(square(100, 2), 8)),
        ("knn60 k4", knn_digraph(square(60, 3), 4)), ("knn30 k3", knn_digraph(square(30, 4), 3)),
        ("moons100 k7", knn_digraph(two_moons(100, 0.05, np.random.default_rng(0)), 7)),
        ("gn100", nx.gn_graph(100, seed=1)), ("gnr80", nx.gnr_graph(80, 0.3, seed=2)),
        ("scale_free80", nx.DiGraph(nx.scale_free_graph(80, seed=2))),
        ("dcycle40", nx.cycle_graph(40, create_using=nx.DiGraph)),
        ("dgrid8", nx.DiGraph(nx.grid_2d_graph(8, 8))),
        ("knn90 3-D k6", knn_digraph(np.random.default_rng(5).random((90, 3)), 6)),
    ]


def graphs(data=None):
    """``(name, graph)`` pairs: the 31 generated undirected graphs, dwt_72 and can_96 from
    the drawing-benchmark folder ``data`` where it is found, then the directed ones."""
    lab = nx.convert_node_labels_to_integers
    hole = nx.grid_2d_graph(10, 10)
    hole.remove_nodes_from([(i, j) for i in range(3, 7) for j in range(3, 7)])
    out = [
        ("karate", nx.karate_club_graph()), ("davis", lab(nx.davis_southern_women_graph())),
        ("florentine", lab(nx.florentine_families_graph())),
        ("lesmis", lab(nx.les_miserables_graph())), ("petersen", nx.petersen_graph()),
        ("dodecahedron", nx.dodecahedral_graph()), ("tutte", nx.tutte_graph()),
        ("heawood", nx.heawood_graph()), ("frucht", nx.frucht_graph()),
        ("desargues", nx.desargues_graph()), ("barbell(10,5)", nx.barbell_graph(10, 5)),
        ("barbell(30,40)", nx.barbell_graph(30, 40)), ("barbell(10,20)", nx.barbell_graph(10, 20)),
        ("lollipop(15,30)", nx.lollipop_graph(15, 30)), ("ladder30", nx.ladder_graph(30)),
        ("path80", nx.path_graph(80)), ("cycle60", nx.cycle_graph(60)),
        ("star40", nx.star_graph(40)), ("wheel40", nx.wheel_graph(40)),
        ("grid8", lab(nx.grid_2d_graph(8, 8))), ("btree5", nx.balanced_tree(2, 5)),
        ("caveman", lab(nx.connected_caveman_graph(6, 7))),
        ("windmill", nx.windmill_graph(6, 4)), ("K(5,8)", nx.complete_bipartite_graph(5, 8)),
        ("Q5", lab(nx.hypercube_graph(5))), ("tri6", lab(nx.triangular_lattice_graph(6, 8))),
        ("mobius-kantor", nx.moebius_kantor_graph()), ("icosahedron", nx.icosahedral_graph()),
        ("chvatal", nx.chvatal_graph()), ("circular_ladder", nx.circular_ladder_graph(25)),
        ("grid_hole", lab(hole)),
    ]
    if data is None:
        from bench_literature import default_data

        data = default_data()
    for name in ("dwt_72", "can_96"):
        path = None if data is None else os.path.join(str(data), "graphs", f"{name}.mtx")
        if path is not None and os.path.exists(path):
            out.append((name, read_graph(path)))
    return out + directed_graphs()


def measures(G, pos):
    return (neighbourhood_preservation(G, pos), gari(G, pos),
            neighbourhood_preservation(G, pos, hops=2), stress(G, pos, pairs="all"))


def polished(G, seed=0):
    """The default drawing, the same call's drawing without its stress polish (the stage
    replaced by the identity: every other stage, the final overlap removal included, as in
    the default call), and the polish's seconds in the default call."""
    seen = {}
    real = loe_module.stress_polish

    def spy(A, X):
        t0 = time.perf_counter()
        Y = real(A, X)
        seen["seconds"] = time.perf_counter() - t0
        return Y

    try:
        loe_module.stress_polish = spy
        pos = nx_ordinal.loe_layout(G, seed=seed)
        loe_module.stress_polish = lambda A, X: X
        before = nx_ordinal.loe_layout(G, seed=seed)
    finally:
        loe_module.stress_polish = real
    return before, pos, seen.get("seconds", 0.0)


def tfdp_reference(G, seeds=(0, 1, 2)):
    """The mean NP1, NP2 and stress (published form) of t-FDP's drawings of ``G`` from
    ``seeds`` (``_tfdp.py``)."""
    from _tfdp import tfdp_layout

    rows = []
    for s in seeds:
        pos = tfdp_layout(G, seed=s)
        rows.append((neighbourhood_preservation(G, pos),
                     neighbourhood_preservation(G, pos, hops=2), stress(G, pos, pairs="all")))
    return tuple(float(v) for v in np.mean(rows, axis=0))


def tfdp_misses(after, ref):
    """The checks the default drawing's measures ``after`` (:func:`measures`) miss against
    t-FDP's ``ref`` (:func:`tfdp_reference`), as in ``bench_unseen.py``."""
    miss = []
    if after[0] < ref[0] - 0.02:
        miss.append("NP1")
    if after[2] < ref[1] - 0.03:
        miss.append("NP2")
    if after[3] > 1.25 * ref[2]:
        miss.append("stress")
    return miss


def main(argv=None):
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--data", default=None, help="the drawing-benchmark folder")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tfdp", action="store_true",
                    help="also check each drawing against t-FDP's (seeds 0-2, _tfdp.py)")
    args = ap.parse_args(argv)
    has_sfdp = shutil.which("sfdp") is not None
    ratios, fell, missed = [], [], []
    print(f"{'graph':16s} {'n':>3s}  NP1 before/after  GARI  NP2  stress  (x)  polish ms"
          + ("  sfdp stress" if has_sfdp else "")
          + ("  t-FDP NP1 NP2 stress  misses" if args.tfdp else ""))
    for name, G in graphs(args.data):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", nx_ordinal.ConvergenceWarning)
            before, after, seconds = polished(G, args.seed)
        b, a = measures(G, before), measures(G, after)
        ratio = a[3] / b[3] if b[3] > 0 else 1.0
        ratios.append(ratio)
        if any(y < x - 1e-12 for x, y in zip(b[:3], a[:3])) or a[3] > b[3] + 1e-12:
            fell.append(name)
        line = (f"{name:16s} {G.number_of_nodes():3d}  {b[0]:.3f}/{a[0]:.3f}  "
                f"{b[1]:.3f}/{a[1]:.3f}  {b[2]:.3f}/{a[2]:.3f}  {b[3]:.4f}/{a[3]:.4f}  "
                f"({ratio:.2f})  {1000 * seconds:5.1f}")
        if has_sfdp:
            line += f"  {stress(G, nx_ordinal.layout(G, 'sfdp', seed=args.seed), pairs='all'):.4f}"
        if args.tfdp:
            ref = tfdp_reference(G)
            miss = tfdp_misses(a, ref)
            if miss:
                missed.append(f"{name} ({', '.join(miss)})")
            line += f"  {ref[0]:.3f} {ref[1]:.3f} {ref[2]:.4f}  {', '.join(miss) or '-'}"
        print(line, flush=True)
    print(f"\nstress after / before: geometric mean {np.exp(np.mean(np.log(ratios))):.3f}, "
          f"max {max(ratios):.3f} over {len(ratios)} graphs; a measure worse on: "
          f"{', '.join(fell) or 'none'}")
    if args.tfdp:
        print(f"against t-FDP: every check met on {len(ratios) - len(missed)} of "
              f"{len(ratios)} graphs; missed: {'; '.join(missed) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
