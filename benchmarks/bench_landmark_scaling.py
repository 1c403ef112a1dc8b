"""Figure 2 of Ghosh, Chen & Yue (2019): landmark ordinal embedding against STE and GNMDS.

x_i ~ N(0, I/(2d)), BTL oracle, m = c n ln n triplets.  For each n: time and Procrustes error
of ``landmark_embedding`` (m queries, all anchored at the d + 3 landmarks), then the time STE
and GNMDS (on m uniformly random triplets) need to reach the same error, and the ratio.

    PYTHONPATH=. python benchmarks/bench_landmark_scaling.py [--n 20000 40000 ...] [--c 50]
"""

import argparse
import time

import numpy as np
from _landmark_common import error_trace, get_solver, time_to

from nx_ordinal.embed.landmark import landmark_embedding
from nx_ordinal.metrics import procrustes_error
from nx_ordinal.oracle import TripletOracle


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, nargs="+", default=[20000, 40000, 60000, 80000, 100000])
    ap.add_argument("--c", type=float, default=50.0)
    ap.add_argument("--dim", type=int, default=2)
    ap.add_argument("--baselines", action="store_true", help="also time STE and GNMDS")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    d = args.dim
    # wall time and CPU time of this process (the CPU time is robust to a busy machine)
    print(f"{'n':>7} {'m':>10} {'landmark s':>10} {'cpu s':>8} {'err':>7} {'iters':>5}  baselines")
    for n in args.n:
        rng = np.random.default_rng(args.seed)
        P = rng.normal(scale=np.sqrt(1 / (2 * d)), size=(n, d))
        m = int(args.c * n * np.log(n))
        oracle = TripletOracle(P, "btl", seed=args.seed + 1)
        t, c = time.perf_counter(), time.process_time()
        res = landmark_embedding(oracle, n, d, n_queries=m, seed=args.seed)
        t_lm, c_lm = time.perf_counter() - t, time.process_time() - c
        err = procrustes_error(P, res.embedding)
        line = f"{n:>7} {m:>10} {t_lm:>10.2f} {c_lm:>8.2f} {err:>7.4f} {res.n_iter:>5}"
        if args.baselines:
            T = TripletOracle(P, "btl", seed=args.seed + 2).sample(m, seed=args.seed + 3)
            for name in ("ste", "gnmds"):
                solver = get_solver(name)
                if solver is None:
                    line += f"  {name}: unavailable"
                    continue
                trace = error_trace(solver, T, n, d, P, target=err, max_total=20 * t_lm)
                tt = time_to(trace, err)
                line += (f"  {name}: {tt:.1f}s (x{tt / t_lm:.1f}, best err "
                         f"{min(e for _, e in trace):.4f})")
            del T
        print(line, flush=True)


if __name__ == "__main__":
    main()
