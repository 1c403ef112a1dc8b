"""Benchmark: nx_ordinal SOE against cblearn's SOE (n_init=1 and default 10), STE and GNMDS.

Same triplets for every package, in one run.  Cases (issue 4):

* A: n = 100 points from N(0, I/20) in 10-D, embedding dim 10;
* B: n = 1,000 points uniform in [0, 1]^2, embedding dim 2;

each with 10^4 and 10^5 noise-free training triplets and a disjoint set of 10^4 held-out
triplets (data seed != estimator seed).  Prints CPU seconds (``time.process_time``, all
threads of the process), held-out triplet error and ratios against nx_ordinal.  Then 10^7
triplets for n = 10,000 in 2-D with nx_ordinal alone (``--big``; skipped with ``--no-big``).

BLAS is limited to one thread (set before numpy is imported) for both packages, so CPU
seconds are not inflated by spinning BLAS threads.

Run: ``PYTHONPATH=. python benchmarks/bench_soe.py`` in an environment with cblearn
(``pip install cblearn==0.4.0``).
"""

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402

import numpy as np  # noqa: E402

from nx_ordinal.constraints import sample_triplets  # noqa: E402
from nx_ordinal.embed import soe  # noqa: E402
from nx_ordinal.metrics import triplet_error  # noqa: E402

DATA_SEED = 20240
EST_SEED = 7


def make_case(case, m):
    rng = np.random.default_rng(DATA_SEED)
    if case == "A":
        X = rng.normal(0.0, np.sqrt(1 / 20), size=(100, 10))
        dim = 10
    else:
        X = rng.random((1000, 2))
        dim = 2
    T = sample_triplets(X, n_triplets=m + 10_000, seed=rng)
    # disjoint held-out set: drop held-out rows that also occur in training (as sets)
    train, held = T[:m], T[m:]
    n = X.shape[0]

    def key(A):
        return A[:, 0] * n**2 + np.minimum(A[:, 1], A[:, 2]) * n + np.maximum(A[:, 1], A[:, 2])

    held = held[~np.isin(key(held), key(train))]
    return X, dim, train, held


def timed(fn):
    c = time.process_time()
    w = time.perf_counter()
    Y = fn()
    return Y, time.process_time() - c, time.perf_counter() - w


def run_case(case, m, with_cblearn=True):
    X, dim, T, H = make_case(case, m)
    n = X.shape[0]
    rows = []
    # warm-up: the first call pays one-time imports (scipy.optimize, scipy.sparse) that the
    # cblearn rows do not pay (importing cblearn loads them before its timer starts)
    soe(T[:100], n, dim, seed=0)
    Y, cpu, wall = timed(lambda: soe(T, n, dim, seed=EST_SEED).embedding)
    rows.append(("nx_ordinal SOE (lbfgs)", cpu, wall, triplet_error(H, Y)))
    if with_cblearn:
        import cblearn.embedding as cbe

        ests = [
            ("cblearn SOE n_init=1", lambda: cbe.SOE(dim, n_init=1, random_state=EST_SEED)),
            ("cblearn SOE n_init=10", lambda: cbe.SOE(dim, random_state=EST_SEED)),
            ("cblearn STE", lambda: cbe.STE(dim, random_state=EST_SEED)),
            ("cblearn GNMDS", lambda: cbe.GNMDS(dim, random_state=EST_SEED)),
        ]
        for name, make in ests:
            Y, cpu, wall = timed(lambda make=make: make().fit_transform(T, n_objects=n))
            rows.append((name, cpu, wall, triplet_error(H, Y)))
    ref = rows[0][1]
    print(f"\ncase {case}: n={n}, dim={dim}, {m} training triplets, {H.shape[0]} held-out")
    print(f"  {'method':<24}{'CPU s':>9}{'wall s':>9}{'held-out err':>14}{'CPU / nx_ordinal':>18}")
    for name, cpu, wall, err in rows:
        print(f"  {name:<24}{cpu:9.2f}{wall:9.2f}{100 * err:13.2f}%{cpu / ref:18.2f}")
    return rows


def run_big(m=10_000_000, n=10_000):
    rng = np.random.default_rng(DATA_SEED)
    X = rng.random((n, 2))
    T = sample_triplets(X, n_triplets=m, seed=rng)
    H = sample_triplets(X, n_triplets=10_000, seed=rng)
    res, cpu, wall = timed(lambda: soe(T, n, 2, seed=EST_SEED))
    print(f"\n10^7 case: n={n}, dim=2, {m} triplets: CPU {cpu:.1f} s, wall {wall:.1f} s, "
          f"{res.n_iter} iterations, {res.info['n_eval']} evaluations, "
          f"held-out error {100 * triplet_error(H, res.embedding):.2f}%")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-cblearn", action="store_true")
    ap.add_argument("--no-big", action="store_true")
    ap.add_argument("--cases", default="A,B")
    ap.add_argument("--sizes", default="10000,100000")
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    for case in args.cases.split(","):
        for m in (int(s) for s in args.sizes.split(",")):
            run_case(case, m, with_cblearn=not args.no_cblearn)
    if not args.no_big:
        run_big()


if __name__ == "__main__":
    main()
