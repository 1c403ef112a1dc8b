"""Exact LOE of large kNN graphs (paper 003's densities) on this machine.

For each data set (``pc``, ``pcs``, ``gauss``), n and k (sparse ``ceil(2 ln n)`` and 22) and
method, one run of :func:`nx_ordinal.embed.loe` in a fresh subprocess (so its peak memory is
its own): wall and CPU seconds, peak RSS, iterations, E_A (paper 003 eq. 7), GARI and the
Procrustes error against the planted points; then the scaling exponent of time against n
(least-squares slope in log-log) per data set, k and method.

Reference: paper 003, Table 2 (ASAP-LOE, n = 50,000, k = 22, 12 cores, < 4 hours):
E_A between 1.9e-4 and 5.8e-4.  Targets here: n = 50,000, k = 22 (pc): E_A <= 1.9e-4 in
<= 5 minutes with peak memory <= 4 GB; n = 10,000 in <= 60 s; n = 10^6, k = 28 (issue 19):
E_A <= 2e-4 in <= 30 minutes, peak memory <= 12 GB.  E_A is normalised by n^2, so its worst
value 2 k / n shrinks with n (5.6e-5 at n = 10^6, k = 28): the column ``wrong`` gives the
fraction of kNN edges misplaced, E_A n / (2 k), comparable across sizes.

Run: ``python benchmarks/bench_scale.py [--n 1000 5000 10000 50000] [--data pc pcs gauss]
[--k sparse 22] [--methods lbfgs mm] [--max-time 600] [--markdown FILE]``; the scaling
table of issue 19: ``--n 100000 300000 1000000 --data pc gauss --k sparse --methods lbfgs
--max-time 1800``.  MM gets the same time budget as L-BFGS's run at that size
(``--max-time`` caps both).  ``--layout N`` instead times ``loe_layout(G)`` on the
networkx kNN graph of N points against ``embed.loe`` on its adjacency (same defaults,
same budget) and prints the front door's overhead.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def one(data, n, k, method, max_iter, max_time, seed):
    import resource
    import warnings

    from nx_ordinal import datasets
    from nx_ordinal.constraints import knn_adjacency
    from nx_ordinal.embed import loe
    from nx_ordinal.metrics import adjacency_error, gari_array, procrustes_error

    X = getattr(datasets, data)(n, seed=seed)
    A = knn_adjacency(X, k)
    t0, c0 = time.perf_counter(), time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = loe(A, X.shape[1], method=method, max_iter=max_iter, max_time=max_time, seed=seed)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # MiB (Linux: KiB)
    ea = adjacency_error(A, res.embedding)
    return dict(data=data, n=n, k=k, method=method, wall=wall, cpu=cpu, peak_mib=peak,
                n_iter=res.n_iter, converged=bool(res.converged),
                objective=float(res.objective), EA=ea, wrong=ea * n / (2 * k),
                gari=gari_array(A, res.embedding),
                procrustes=procrustes_error(X, res.embedding),
                rebuilds=res.info.get("n_rebuilds"), candidates=res.info.get("n_candidates"))


def layout_vs_array(n, data, max_time, seed):
    """``loe_layout(G)`` on the networkx kNN graph of ``n`` points against ``embed.loe`` on
    its adjacency (each in this process, one after the other): wall seconds, peak RSS growth
    and E_A of both."""
    import resource
    import warnings

    from nx_ordinal import datasets, loe_layout
    from nx_ordinal.constraints import knn_adjacency, knn_graph
    from nx_ordinal.embed import loe
    from nx_ordinal.metrics import adjacency_error

    X = getattr(datasets, data)(n, seed=seed)
    k = math.ceil(2 * math.log(n))
    A = knn_adjacency(X, k)
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t0 = time.perf_counter()
        res = loe(A, X.shape[1], max_time=max_time, seed=seed)
        rows.append(("embed.loe(A)", time.perf_counter() - t0,
                     resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,
                     adjacency_error(A, res.embedding)))
        t0 = time.perf_counter()
        G = knn_graph(X, k)
        t_graph = time.perf_counter() - t0
        t0 = time.perf_counter()
        pos = loe_layout(G, max_time=max_time, seed=seed)
        rows.append(("loe_layout(G)", time.perf_counter() - t0,
                     resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,
                     adjacency_error(A, np.array([pos[v] for v in range(n)]))))
    print(f"n = {n}, k = {k}, {data}; networkx graph built in {t_graph:.1f} s (not counted)")
    for name, wall, peak, ea in rows:
        print(f"  {name:>14}: {wall:8.1f} s wall, peak RSS so far {peak:8.0f} MiB, E_A {ea:.2e}")
    print(f"  loe_layout / loe wall: {rows[1][1] / rows[0][1]:.2f}")


def run_child(args):
    env = dict(os.environ, OPENBLAS_NUM_THREADS=os.environ.get("OPENBLAS_NUM_THREADS", "1"),
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, __file__, "--one", json.dumps(args)], env=env,
                         capture_output=True, text=True)
    if out.returncode != 0:
        return dict(args, error=out.stderr.strip().splitlines()[-1] if out.stderr else "failed")
    return json.loads(out.stdout.strip().splitlines()[-1])


def fmt(r):
    if "error" in r:
        return f"{r['data']:>6} {r['n']:>6} {r['k']:>3} {r['method']:>6}  error: {r['error']}"
    return (f"{r['data']:>6} {r['n']:>7} {r['k']:>3} {r['method']:>6} {r['wall']:8.1f} "
            f"{r['cpu']:8.1f} {r['peak_mib']:8.0f} {r['n_iter']:>5} {str(r['converged']):>5} "
            f"{r['EA']:9.2e} {r['wrong']:7.4f} {r['gari']:6.3f} {r['procrustes']:7.4f}")


HEAD = (f"{'data':>6} {'n':>7} {'k':>3} {'method':>6} {'wall s':>8} {'cpu s':>8} "
        f"{'peak MiB':>8} {'iter':>5} {'conv':>5} {'E_A':>9} {'wrong':>7} {'GARI':>6} "
        f"{'procr':>7}")


def exponents(rows):
    groups = {}
    for r in rows:
        if "error" not in r:
            groups.setdefault((r["data"], r["k_label"], r["method"]), []).append(r)
    out = []
    for key, rs in sorted(groups.items()):
        if len(rs) >= 2:
            ns = np.log([r["n"] for r in rs])
            ts = np.log([max(r["cpu"], 1e-3) for r in rs])
            out.append((key, float(np.polyfit(ns, ts, 1)[0])))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--n", type=int, nargs="+", default=[1000, 5000, 10000, 50000])
    p.add_argument("--data", nargs="+", default=["pc", "pcs", "gauss"])
    p.add_argument("--k", nargs="+", default=["sparse", "22"])
    p.add_argument("--methods", nargs="+", default=["lbfgs", "mm"])
    p.add_argument("--max-iter", type=int, default=1000)
    p.add_argument("--max-time", type=float, default=600.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--markdown", help="append the table to this file")
    p.add_argument("--layout", type=int, metavar="N",
                   help="time loe_layout(G) against embed.loe(A) at n = N instead")
    args = p.parse_args(argv)
    if args.layout:
        layout_vs_array(args.layout, args.data[0], args.max_time, args.seed)
        return
    if args.one:
        a = json.loads(args.one)
        print(json.dumps(one(a["data"], a["n"], a["k"], a["method"], a["max_iter"],
                             a["max_time"], a["seed"])))
        return
    print(HEAD, flush=True)
    rows = []
    for data in args.data:
        for klab in args.k:
            for n in args.n:
                k = math.ceil(2 * math.log(n)) if klab == "sparse" else int(klab)
                budget = args.max_time
                for method in args.methods:
                    r = run_child(dict(data=data, n=n, k=k, method=method,
                                       max_iter=args.max_iter, max_time=budget,
                                       seed=args.seed))
                    r["k_label"] = klab
                    rows.append(r)
                    print(fmt(r), flush=True)
                    if method == "lbfgs" and "error" not in r:
                        budget = min(args.max_time, max(r["wall"], 1.0))
    print("\nscaling exponent of CPU time vs n (log-log slope):")
    for (data, klab, method), e in exponents(rows):
        print(f"  {data:>6} k={klab:<6} {method:>6}: {e:.2f}")
    if args.markdown:
        with open(args.markdown, "a") as fh:
            fh.write("\n```\n" + HEAD + "\n" + "\n".join(fmt(r) for r in rows) + "\n```\n")


if __name__ == "__main__":
    main()
