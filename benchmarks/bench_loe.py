"""LOE on the two-squares data of Terada & von Luxburg (2014), section 6.2.

Directed kNN graph (k = 14) of n = 500 and n = 1000 points (40 % uniform on [-1, 1]^2, 30 % in
each of two small squares), delta = 0.1, both methods, default spectral start.  Prints wall
time, CPU time, iterations, objective and GARI, next to the reference figures measured with
R ``loe`` 1.1 on a 2-core machine of this kind (same data recipe, its own spectral start):

    n=500  BFGS converged in 145 s -> GARI 1.00;  MM 1000 iterations 59 s -> GARI 0.877
    n=1000 BFGS 1000 iterations 574 s -> GARI 0.965;  MM 1000 iterations 576 s -> GARI 0.800

Run: ``python benchmarks/bench_loe.py [--n 500 1000] [--mm-iter 1000] [--seeds 0]``.
Set OPENBLAS_NUM_THREADS=1 for a fair single-threaded comparison.
"""

import argparse
import time
import warnings

from nx_ordinal.constraints import knn_adjacency
from nx_ordinal.datasets import two_squares
from nx_ordinal.embed import loe
from nx_ordinal.metrics import gari_array, procrustes_error

R_REFERENCE = {  # (n, method) -> (seconds, iterations, GARI) of R loe 1.1
    (500, "lbfgs"): (145.0, "conv", 1.00),
    (500, "mm"): (59.0, 1000, 0.877),
    (1000, "lbfgs"): (574.0, 1000, 0.965),
    (1000, "mm"): (576.0, 1000, 0.800),
}


def run(n, method, seed, max_iter):
    X = two_squares(n, seed=seed)
    A = knn_adjacency(X, 14)
    t0, c0 = time.perf_counter(), time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = loe(A, 2, delta=0.1, method=method, seed=seed, max_iter=max_iter)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return dict(n=n, method=method, seed=seed, wall=wall, cpu=cpu, n_iter=res.n_iter,
                converged=res.converged, objective=res.objective,
                gari=gari_array(A, res.embedding),
                procrustes=procrustes_error(X, res.embedding))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, nargs="+", default=[500, 1000])
    p.add_argument("--methods", nargs="+", default=["lbfgs", "mm"])
    p.add_argument("--seeds", type=int, nargs="+", default=[0])
    p.add_argument("--max-iter", type=int, default=1000)
    args = p.parse_args(argv)
    head = (f"{'n':>5} {'method':>6} {'seed':>4} {'wall s':>8} {'cpu s':>7} {'iter':>5} "
            f"{'conv':>5} {'objective':>11} {'GARI':>6} {'procr':>7}   R loe: s / GARI / speed-up")
    print(head)
    for n in args.n:
        for method in args.methods:
            for seed in args.seeds:
                r = run(n, method, seed, args.max_iter)
                ref = R_REFERENCE.get((n, method))
                refs = (f"{ref[0]:6.0f} / {ref[2]:.3f} / x{ref[0] / r['wall']:.0f}" if ref
                        else "")
                print(f"{n:>5} {method:>6} {seed:>4} {r['wall']:8.2f} {r['cpu']:7.2f} "
                      f"{r['n_iter']:>5} {str(r['converged']):>5} {r['objective']:11.4g} "
                      f"{r['gari']:6.3f} {r['procrustes']:7.4f}   {refs}", flush=True)


if __name__ == "__main__":
    main()
