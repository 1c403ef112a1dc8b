"""Time ``landmark_layout`` on a large graph (default: a 700 x 700 grid, ~980,000 edges) and
report the Procrustes error against the grid coordinates; ``--compare`` adds networkx's
spectral layout on the same graph (same machine, same run).

    PYTHONPATH=. python benchmarks/bench_landmark_layout.py [--side 700] [--compare]
"""

import argparse
import time

import networkx as nx
import numpy as np

import nx_ordinal
from nx_ordinal.metrics import procrustes_error


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--side", type=int, default=700)
    ap.add_argument("--compare", action="store_true")
    args = ap.parse_args()
    t = time.perf_counter()
    G = nx.grid_2d_graph(args.side, args.side)
    print(f"graph: {G.number_of_nodes()} nodes, {G.number_of_edges()} edges "
          f"(built in {time.perf_counter() - t:.1f}s)")
    truth = np.array(list(G), dtype=float)
    t = time.perf_counter()
    pos = nx_ordinal.landmark_layout(G, seed=0)
    t_lm = time.perf_counter() - t
    X = np.array([pos[v] for v in G])
    print(f"landmark_layout: {t_lm:.2f}s, Procrustes error {procrustes_error(truth, X):.4f}")
    if args.compare:
        t = time.perf_counter()
        pos = nx.spectral_layout(G)
        t_sp = time.perf_counter() - t
        X = np.array([pos[v] for v in G])
        print(f"nx.spectral_layout: {t_sp:.2f}s (x{t_sp / t_lm:.1f}), "
              f"Procrustes error {procrustes_error(truth, X):.4f}")


if __name__ == "__main__":
    main()
