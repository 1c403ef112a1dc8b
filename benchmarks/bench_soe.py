"""Benchmark: nx_ordinal SOE against cblearn's SOE (n_init=1 and default 10), STE and GNMDS.

Same triplets for every package, in one run.  Cases (issue 4):

* A: n = 100 points from N(0, I/20) in 10-D, embedding dim 10;
* B: n = 1,000 points uniform in [0, 1]^2, embedding dim 2;

each with 10^4 and 10^5 noise-free training triplets and a disjoint set of 10^4 held-out
triplets (data seed != estimator seeds).  Every estimator is fitted with ``--seeds``
estimator seeds (default 5) on the same triplets; prints the median CPU seconds
(``time.process_time``, all threads of the process), the median and range of the held-out
triplet error, and the CPU ratio against nx_ordinal SOE with the same number of restarts.
With 10^4 triplets the comparisons underdetermine the configuration (the objective reaches
0), so single runs of either package vary a lot with the seed: compare medians.  Then 10^7
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


def estimators(n, dim, with_cblearn):
    """(name, n_init, fit(T, seed) -> embedding); n_init pairs rows for the CPU ratio."""
    rows = [
        ("nx_ordinal SOE n_init=1", 1, lambda T, s: soe(T, n, dim, n_init=1, seed=s).embedding),
        ("nx_ordinal SOE n_init=10", 10,
         lambda T, s: soe(T, n, dim, n_init=10, seed=s).embedding),
    ]
    if with_cblearn:
        import cblearn.embedding as cbe

        def cb(make):
            return lambda T, s: make(s).fit_transform(T, n_objects=n)

        rows += [
            ("cblearn SOE n_init=1", 1, cb(lambda s: cbe.SOE(dim, n_init=1, random_state=s))),
            ("cblearn SOE n_init=10", 10, cb(lambda s: cbe.SOE(dim, random_state=s))),
            ("cblearn STE", 1, cb(lambda s: cbe.STE(dim, random_state=s))),
            ("cblearn GNMDS", 1, cb(lambda s: cbe.GNMDS(dim, random_state=s))),
        ]
    return rows


def run_case(case, m, seeds, with_cblearn=True):
    X, dim, T, H = make_case(case, m)
    n = X.shape[0]
    # warm-up: the first call pays one-time imports (scipy.optimize, scipy.sparse) that the
    # cblearn rows do not pay (importing cblearn loads them before its timer starts)
    soe(T[:100], n, dim, seed=0)
    rows = []
    for name, n_init, fit in estimators(n, dim, with_cblearn):
        errs, cpus, walls = [], [], []
        for s in seeds:
            Y, cpu, wall = timed(lambda fit=fit, s=s: fit(T, s))
            errs.append(100 * triplet_error(H, Y))
            cpus.append(cpu)
            walls.append(wall)
        rows.append((name, n_init, np.median(cpus), np.median(walls), np.median(errs),
                     min(errs), max(errs)))
    ref = {n_init: cpu for name, n_init, cpu, *_ in rows if name.startswith("nx_ordinal")}
    print(f"\ncase {case}: n={n}, dim={dim}, {m} training triplets, {H.shape[0]} held-out; "
          f"estimator seeds {list(seeds)} (medians; error min-max in brackets)")
    print(f"  {'method':<26}{'CPU s':>8}{'wall s':>8}{'held-out err %':>16}{'[min, max]':>15}"
          f"{'CPU / nx same n_init':>22}")
    for name, n_init, cpu, wall, med, lo, hi in rows:
        print(f"  {name:<26}{cpu:8.2f}{wall:8.2f}{med:16.2f}{f'[{lo:.2f}, {hi:.2f}]':>15}"
              f"{cpu / ref[n_init]:22.2f}")
    return rows


def run_big(m=10_000_000, n=10_000):
    rng = np.random.default_rng(DATA_SEED)
    X = rng.random((n, 2))
    T = sample_triplets(X, n_triplets=m, seed=rng)
    H = sample_triplets(X, n_triplets=10_000, seed=rng)
    res, cpu, wall = timed(lambda: soe(T, n, 2, n_init=1, seed=EST_SEED))
    print(f"\n10^7 case: n={n}, dim=2, {m} triplets: CPU {cpu:.1f} s, wall {wall:.1f} s, "
          f"{res.n_iter} iterations, {res.info['n_eval']} evaluations, "
          f"held-out error {100 * triplet_error(H, res.embedding):.2f}%")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-cblearn", action="store_true")
    ap.add_argument("--no-big", action="store_true")
    ap.add_argument("--cases", default="A,B")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--seeds", type=int, default=5, help="estimator seeds per row")
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    for case in args.cases.split(","):
        for m in (int(s) for s in args.sizes.split(",")):
            run_case(case, m, range(EST_SEED, EST_SEED + args.seeds),
                     with_cblearn=not args.no_cblearn)
    if not args.no_big:
        run_big()


if __name__ == "__main__":
    main()
