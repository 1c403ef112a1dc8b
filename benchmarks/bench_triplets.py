"""Time and held-out error of nx_ordinal's STE / t-STE / GNMDS against cblearn's.

Same triplets for both: n = 1,000 points in 2-D (standard normal), 10^5 random training
triplets oriented by the true distances, 10^5 other random triplets as the test set;
embedding dimension 2, default solver settings of each package (cblearn: scipy backend,
L-BFGS-B; nx_ordinal: factored form, L-BFGS).  Prints the best wall-clock and CPU
(``time.process_time``) fit times over ``--reps`` runs, training and test error and the speed
ratios cblearn / nx_ordinal.  t-STE (non-convex, its local minima differ by a few 1e-3 of
test error) runs three times on our side: default ``tol``; ``tol=--tight-tol`` ("nx tight":
our default stops on plateaus of the objective, cblearn's scipy ``ftol`` of 2.2e-9 runs on);
and tight from cblearn's own starting configuration (same start, only the solvers differ).
Run with OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1.

Needs cblearn (not a dependency of nx_ordinal):
    python -m venv V && V/bin/pip install numpy scipy networkx cblearn==0.4.0
    PYTHONPATH=. V/bin/python benchmarks/bench_triplets.py [--n 1000] [--m 100000] [--reps 1]
"""

import argparse
import time
import warnings

import numpy as np


def main(argv=None):
    from nx_ordinal.constraints import orient_triplets, random_triplets
    from nx_ordinal.embed.ste import generalization_error, gnmds, ste, tste

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--m", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--methods", nargs="+", default=["STE", "t-STE", "GNMDS"])
    ap.add_argument("--tight-tol", type=float, default=1e-9,
                    help="tol of our 'nx tight' t-STE runs (default 1e-9)")
    args = ap.parse_args(argv)
    try:
        from cblearn.embedding import GNMDS, STE, TSTE
    except ImportError:  # pragma: no cover
        raise SystemExit("this benchmark needs cblearn: pip install cblearn") from None
    warnings.simplefilter("ignore")

    rng = np.random.default_rng(args.seed)
    P = rng.standard_normal((args.n, 2))
    T = orient_triplets(random_triplets(args.n, args.m, seed=args.seed + 1), P)
    Tt = orient_triplets(random_triplets(args.n, 100_000, seed=args.seed + 2), P)
    print(f"n = {args.n}, 2-D, {T.shape[0]} training / {Tt.shape[0]} test triplets, "
          f"best of {args.reps} run(s)")
    print(f"{'method':8s} {'package':26s} {'time (s)':>9s} {'cpu (s)':>8s} {'train err':>9s} "
          f"{'test err':>9s}")
    # the solvers' start must not share the points' stream: default_rng(s) would give
    # 0.1 * P itself (our default init is 0.1 * default_rng(seed).standard_normal((n, dim)))
    s0 = args.seed + 1_000_003
    tight = args.tight_tol
    # cblearn's starting configuration (its fit draws it from RandomState(random_state) this
    # way): our t-STE from the very same start isolates the solver from the initialisation
    cb_init = np.random.RandomState(s0).multivariate_normal(np.zeros(2), np.eye(2), size=args.n)
    cases = [
        ("STE", {"nx_ordinal": lambda: ste(T, args.n, 2, seed=s0)},
         lambda: STE(2, random_state=s0)),
        ("t-STE", {"nx_ordinal": lambda: tste(T, args.n, 2, seed=s0),
                   "nx tight": lambda: tste(T, args.n, 2, seed=s0, tol=tight),
                   "nx tight, cblearn's init": lambda: tste(T, args.n, 2, init=cb_init,
                                                            tol=tight)},
         lambda: TSTE(2, random_state=s0)),
        ("GNMDS", {"nx_ordinal": lambda: gnmds(T, args.n, 2, seed=s0)},
         lambda: GNMDS(2, random_state=s0)),
    ]
    for name, ours, theirs in [c for c in cases if c[0] in args.methods]:
        rows = {}
        fits = [(pkg, lambda o=o: o().embedding) for pkg, o in ours.items()]
        fits.append(("cblearn", lambda t=theirs: t().fit(T).embedding_))
        for pkg, fit in fits:
            best, best_cpu = np.inf, np.inf
            for _ in range(args.reps):
                t0, c0 = time.perf_counter(), time.process_time()
                X = fit()
                best = min(best, time.perf_counter() - t0)
                best_cpu = min(best_cpu, time.process_time() - c0)
            rows[pkg] = best, best_cpu
            print(f"{name:8s} {pkg:26s} {best:9.2f} {best_cpu:8.2f} "
                  f"{generalization_error(T, X):9.4f} {generalization_error(Tt, X):9.4f}",
                  flush=True)
        for pkg in ours:
            ratio = rows["cblearn"][0] / rows[pkg][0]
            ratio_cpu = rows["cblearn"][1] / rows[pkg][1]
            print(f"{name:8s} speed-up cblearn / {pkg}: {ratio:.1f}x wall, "
                  f"{ratio_cpu:.1f}x cpu")

if __name__ == "__main__":
    main()
