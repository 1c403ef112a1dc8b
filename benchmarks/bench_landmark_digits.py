"""Section 6.2 of Ghosh, Chen & Yue (2019) with scikit-learn's bundled digits (8x8) in place
of MNIST: n random digits, 200 n ln n uniformly random triplets on Euclidean pixel distances,
each flipped with probability 0.15, embedding in d = 5, k-means (10 clusters, 5 restarts,
100 iterations) purity and time.  Methods: landmark alone, STE, LOE-STE (eps = 0.5).

    PYTHONPATH=. python benchmarks/bench_landmark_digits.py [--n 100 500 1000]
"""

import argparse
import time
import warnings

import numpy as np
from _landmark_common import get_solver


def purity(labels, clusters):
    total = 0
    for c in np.unique(clusters):
        total += np.bincount(labels[clusters == c]).max()
    return total / labels.size


def main():
    from sklearn.cluster import KMeans
    from sklearn.datasets import load_digits

    from nx_ordinal.embed.landmark import landmark_embedding, landmark_ste
    from nx_ordinal.oracle import TripletOracle

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, nargs="+", default=[100, 500, 1000])
    ap.add_argument("--dim", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    X, y = load_digits(return_X_y=True)
    ste = get_solver("ste")
    print(f"{'n':>5} {'m':>8} {'method':>12} {'time s':>8} {'purity':>7}")
    for n in args.n:
        rng = np.random.default_rng(args.seed)
        idx = rng.choice(X.shape[0], size=n, replace=False)
        P, labels = X[idx] / 16.0, y[idx]
        m = int(200 * n * np.log(n))
        km = KMeans(n_clusters=10, n_init=5, max_iter=100, random_state=args.seed)

        def report(name, emb, dt, n=n, m=m, labels=labels, km=km):
            pur = purity(labels, km.fit_predict(emb))
            print(f"{n:>5} {m:>8} {name:>12} {dt:>8.2f} {pur:>7.3f}", flush=True)

        report("pixels", P, 0.0)
        t = time.perf_counter()
        res = landmark_embedding(TripletOracle(P, "flip", p=0.15, seed=1), n, args.dim,
                                 n_queries=m, seed=args.seed)
        report("landmark", res.embedding, time.perf_counter() - t)
        if ste is None:
            print(f"{n:>5} {m:>8} {'ste':>12}   (nx_ordinal.embed.ste unavailable)")
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            T = TripletOracle(P, "flip", p=0.15, seed=2).sample(m, seed=3)
            t = time.perf_counter()
            r = ste(T, n, args.dim, seed=args.seed)
            report("ste", r.embedding, time.perf_counter() - t)
            t = time.perf_counter()
            r = landmark_ste(TripletOracle(P, "flip", p=0.15, seed=2), n, args.dim, eps=0.5,
                             n_queries=m, seed=args.seed)
            report("landmark-ste", r.embedding, time.perf_counter() - t)


if __name__ == "__main__":
    main()
