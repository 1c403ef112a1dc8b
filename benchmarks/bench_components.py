"""Many components in linear time (issue 35): the default ``loe_layout(G)`` on graphs made of
thousands of small components, against one connected tree of the same size, same run.

Cases: 20,000 isolated nodes; 10,000 disjoint edges; a forest of 2,000 stars (3 to 12
nodes); 5,000 random trees of 1 to 50 nodes; and one random tree with as many nodes as that
forest (the reference: the forest should take at most 1.5 times its time).  Prints seconds,
NP1 and the long-edge ratio of each, and the forest / tree time ratio.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_components.py [--seed 0]
"""

import argparse
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import nx_ordinal  # noqa: E402
from nx_ordinal.metrics import long_edge_ratio, neighbourhood_preservation  # noqa: E402


def forest(k, lo, hi, seed=0):
    """``k`` random labelled trees of ``lo`` to ``hi`` nodes (uniform sizes), disjoint."""
    rng = np.random.default_rng(seed)
    parts = [nx.random_labeled_tree(int(s), seed=int(rng.integers(1 << 30)))
             for s in rng.integers(lo, hi + 1, k)]
    return nx.disjoint_union_all(parts)


def cases(seed):
    rng = np.random.default_rng(seed)
    F = forest(5000, 1, 50, seed)
    return [
        ("20,000 isolated nodes", nx.empty_graph(20_000)),
        ("10,000 disjoint edges", nx.disjoint_union_all([nx.path_graph(2)] * 10_000)),
        ("2,000 stars", nx.disjoint_union_all([nx.star_graph(int(k))
                                               for k in rng.integers(2, 12, 2000)])),
        ("5,000 trees of 1-50 nodes", F),
        (f"one tree of {F.number_of_nodes():,} nodes",
         nx.random_labeled_tree(F.number_of_nodes(), seed=seed)),
    ]


def main(argv=None):
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    seconds = {}
    print(f"{'graph':<28}{'nodes':>9}{'seconds':>9}{'NP1':>7}{'long edges':>12}", flush=True)
    for name, G in cases(args.seed):
        t0 = time.perf_counter()
        pos = nx_ordinal.loe_layout(G, seed=args.seed)
        seconds[name] = dt = time.perf_counter() - t0
        np1 = neighbourhood_preservation(G, pos) if G.number_of_edges() else float("nan")
        long = long_edge_ratio(G, pos) if G.number_of_edges() else float("nan")
        print(f"{name:<28}{G.number_of_nodes():>9,}{dt:>9.2f}{np1:>7.3f}{long:>12.2f}",
              flush=True)
    names = list(seconds)
    print(f"\nforest / connected tree time: {seconds[names[3]] / seconds[names[4]]:.2f}")


if __name__ == "__main__":
    main()
