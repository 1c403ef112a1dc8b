"""ASAP-LOE against exact LOE on the same kNN graphs (Cucuringu & Woodworth, Table 2).

For each n in --sizes and each max patch size in --mps: points from PC (and PCS with
--datasets pc,pcs), kNN graph with k = 22, ASAP-LOE time, E_A (eq. 7) and Procrustes error;
exact LOE (``nx_ordinal.embed.loe``, L-BFGS, --loe-iter iterations) on the same graph for the
sizes up to --loe-max-n.  Prints one line per run and the ratios ASAP / LOE.

Paper, n = 50,000, k = 22 (12 cores, under 4 hours): E_A 5.1e-4 / 5.6e-4 / 1.9e-4 (PCS) and
5.8e-4 / 4.7e-4 / 3.0e-4 (PC) for MPS 100 / 300 / 500.

    python benchmarks/bench_asap.py [--sizes 5000,50000] [--mps 100,300,500] [--n-jobs N]

On a dask.distributed LocalCluster (one fresh cluster of w single-threaded worker processes
per entry of --workers), with the driver's per-stage times, the fit T(w) = S + P/w over the
worker counts (S, P and S/T(1)), E_A, GARI, Procrustes error, wall and CPU time (driver and
workers) and the peak resident memory of the driver and of every worker:

    python benchmarks/bench_asap.py --sizes 100000 --k auto --mps 300 --workers 1,2

Measured on the shared 2-core machine under heavy load (load average 5-10; wall times are
several times the CPU times), --n-jobs 2, pruning on, default patch LOE, seed 0 (PC):

    n       method         wall s   cpu s   E_A       Procrustes
    5,000   LOE-BFGS 1000     82.1    37.9   0         0.034
    5,000   ASAP mps=100      13.2    10.0   6.3e-3    0.92   (k = 22 too dense for 100)
    5,000   ASAP mps=300      10.3     8.5   7.7e-4    0.055
    5,000   ASAP mps=500      17.1    10.8   5.0e-4    0.014
    50,000  ASAP mps=100     351     124     2.7e-4    0.19
    50,000  ASAP mps=300     226     105     8.4e-5    0.052
    50,000  ASAP mps=500     201     119     6.9e-5    0.018
    50,000  mps=300, --refine-iter 30   740   234   4.3e-5   0.051
"""

import argparse
import math
import os
import resource
import time
import warnings


def _cpu():
    """CPU seconds of this process and its finished children (the pool workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _peak_rss():
    """Peak resident bytes of this process: VmHWM on Linux (ru_maxrss of a process started
    by fork + exec also counts its parent's memory at the fork, so it would charge the
    driver's graph to every worker), else ru_maxrss."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _worker_stats():
    """(CPU seconds, peak resident bytes) of the calling process (run on every worker)."""
    t = os.times()
    return t.user + t.system, _peak_rss()


def _fit(ws, ts):
    """Least-squares fit T(w) = S + P / w; returns (S, P)."""
    import numpy as np

    M = np.stack([np.ones(len(ws)), 1.0 / np.asarray(ws, dtype=float)], axis=1)
    (S, P), *_ = np.linalg.lstsq(M, np.asarray(ts, dtype=float), rcond=None)
    return float(S), float(P)


STAGES = ("graph", "clustering", "cluster_jobs", "expand", "build_jobs", "embed",
          "sync_patch_graph", "sync_reflections", "sync_scales", "sync_rotations",
          "sync_translations", "pack")


def run_cluster(args, prune, loe_kwargs):
    """ASAP-LOE through a fresh LocalCluster of w workers for each w in --workers."""
    from dask.distributed import Client, LocalCluster

    from nx_ordinal.asap import asap_embed
    from nx_ordinal.constraints import knn_adjacency
    from nx_ordinal.datasets import gauss, pc, pcs
    from nx_ordinal.metrics import adjacency_error, gari_array, procrustes_error

    gens = {"pc": pc, "pcs": pcs, "gauss": gauss}
    workers = [int(w) for w in args.workers.split(",")]
    for name in args.datasets.split(","):
        for n in [int(v) for v in args.sizes.split(",")]:
            k = math.ceil(2 * math.log(n)) if args.k == "auto" else int(args.k)
            X = gens[name](n, seed=args.seed)
            t = time.perf_counter()
            A = knn_adjacency(X, k)
            print(f"# {name} n={n} k={k}: kNN graph {time.perf_counter() - t:.1f} s", flush=True)
            for mps in [int(v) for v in args.mps.split(",")]:
                totals = []
                for w in workers:
                    with LocalCluster(n_workers=w, threads_per_worker=1, processes=True,
                                      dashboard_address=None,
                                      memory_limit=args.worker_memory) as cluster, \
                            Client(cluster) as client:
                        before = client.run(_worker_stats)
                        load = os.getloadavg()[0]
                        t, c = time.perf_counter(), _cpu()
                        res = asap_embed(A, 2, max_patch_size=mps, prune=prune, seed=args.seed,
                                         executor=client.get_executor(),
                                         loe_kwargs=loe_kwargs, verbose=args.verbose)
                        wall, cpu = time.perf_counter() - t, _cpu() - c
                        after = client.run(_worker_stats)
                    wcpu = sum(after[a][0] - before[a][0] for a in after if a in before)
                    wmem = [after[a][1] / 2**30 for a in sorted(after)]
                    drv = _peak_rss() / 2**30
                    Y = res.embedding
                    ea = adjacency_error(A, Y)
                    tm = res.info["timings"]
                    totals.append(tm["total"])
                    print(f"{name:6s} n={n} k={k} mps={mps} workers={w}: wall {wall:.1f} s, "
                          f"CPU driver {cpu:.1f} s + workers {wcpu:.1f} s; "
                          f"E_A {ea:.3e} (misplaced {ea * n / (2 * k):.4f}), "
                          f"GARI {gari_array(A, Y):.4f}, "
                          f"Procrustes {procrustes_error(X, Y):.4f}; "
                          f"{len(res.info['patches'])} patches; peak RSS driver {drv:.2f} GiB, "
                          f"workers {', '.join(f'{m:.2f}' for m in wmem)} GiB; "
                          f"load average before {load:.1f}", flush=True)
                    print("    driver stages (s): " + ", ".join(
                        f"{s} {tm.get(s, 0.0):.2f}" for s in STAGES)
                          + f"; driver alone {tm['driver']:.2f}, total {tm['total']:.2f}",
                          flush=True)
                if len(workers) >= 2:
                    S, P = _fit(workers, totals)
                    print(f"    fit T(w) = S + P/w over w = {args.workers}: S = {S:.1f} s, "
                          f"P = {P:.1f} s, S/T(1) = {S / (S + P):.3f}", flush=True)


def main(argv=None):
    from nx_ordinal.asap import asap_embed
    from nx_ordinal.constraints import knn_adjacency
    from nx_ordinal.datasets import pc, pcs
    from nx_ordinal.embed import loe
    from nx_ordinal.metrics import adjacency_error, procrustes_error

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="5000,50000")
    ap.add_argument("--mps", default="100,300,500")
    ap.add_argument("--k", default="22", help="neighbours, or 'auto' for ceil(2 ln n)")
    ap.add_argument("--datasets", default="pc")
    ap.add_argument("--loe-iter", type=int, default=1000)
    ap.add_argument("--loe-max-n", type=int, default=5000)
    ap.add_argument("--no-prune", action="store_true")
    ap.add_argument("--patch-iter", type=int, default=None,
                    help="max_iter of the patch LOE (default: the pipeline's)")
    ap.add_argument("--refine-iter", type=int, default=0,
                    help="global LOE iterations after synchronisation (asap_embed refine_iter)")
    ap.add_argument("--patch-tol", type=float, default=None,
                    help="tol of the patch LOE (default: the pipeline's)")
    ap.add_argument("--n-jobs", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", default=None,
                    help="comma-separated worker counts: run on a dask LocalCluster of each size")
    ap.add_argument("--worker-memory", default="4GiB",
                    help="memory_limit of every LocalCluster worker (dask's pause/restart)")
    ap.add_argument("--verbose", action="store_true", help="asap_embed(verbose=True)")
    args = ap.parse_args(argv)
    gens = {"pc": pc, "pcs": pcs}
    prune = not args.no_prune
    if prune:
        try:
            from nx_ordinal.rigidity import is_globally_rigid  # noqa: F401
        except ImportError:
            print("# nx_ordinal.rigidity not available: running without pruning")
            prune = False
    loe_kwargs = {}
    if args.patch_iter is not None:
        loe_kwargs["max_iter"] = args.patch_iter
    if args.patch_tol is not None:
        loe_kwargs["tol"] = args.patch_tol
    print(f"# {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"prune={prune}, patch LOE {loe_kwargs or 'defaults'}, "
          f"refine_iter={args.refine_iter}")
    if args.workers:
        run_cluster(args, prune, loe_kwargs)
        return
    print("dataset      n    k  method           time_s   cpu_s    E_A        procrustes")
    for name in args.datasets.split(","):
        for n in [int(s) for s in args.sizes.split(",")]:
            X = gens[name](n, seed=args.seed)
            k = math.ceil(2 * math.log(n)) if args.k == "auto" else int(args.k)
            A = knn_adjacency(X, k)
            worst = 2.0 * k / n
            loe_t = loe_ea = None
            if n <= args.loe_max_n:
                t, c = time.perf_counter(), _cpu()
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    Y = loe(A, 2, max_iter=args.loe_iter, seed=args.seed).embedding
                loe_t = time.perf_counter() - t
                loe_ea = adjacency_error(A, Y)
                print(f"{name:6s} {n:7d} {k:3d}  LOE-BFGS         {loe_t:8.1f}  "
                      f"{_cpu() - c:6.1f}  "
                      f"{loe_ea:.3e}  {procrustes_error(X, Y):.4f}", flush=True)
            for mps in [int(s) for s in args.mps.split(",")]:
                t, c = time.perf_counter(), _cpu()
                res = asap_embed(A, 2, max_patch_size=mps, prune=prune, n_jobs=args.n_jobs,
                                 seed=args.seed, loe_kwargs=loe_kwargs,
                                 refine_iter=args.refine_iter)
                dt = time.perf_counter() - t
                cpu = _cpu() - c
                tm = res.info["timings"]
                Y = res.embedding
                ea = adjacency_error(A, Y)
                line = (f"{name:6s} {n:7d} {k:3d}  ASAP-LOE mps={mps:<4d} {dt:8.1f}  "
                        f"{cpu:6.1f}  {ea:.3e}  {procrustes_error(X, Y):.4f}  "
                        f"(worst E_A {worst:.1e}; {len(res.info['patches'])} patches; "
                        f"clustering {tm['patches']:.1f}s, embed {tm['embed']:.1f}s "
                        f"[prune cpu {tm['prune_cpu']:.1f}s, LOE cpu {tm['embed_cpu']:.1f}s], "
                        f"sync {tm['sync']:.1f}s)")
                if loe_t:
                    line += f"  time ratio ASAP/LOE {dt / loe_t:.2f}"
                    if loe_ea > 0:
                        line += f", E_A ratio {ea / loe_ea:.2f}"
                    else:
                        line += f", E_A difference {ea - loe_ea:.2e}"
                print(line, flush=True)


if __name__ == "__main__":
    main()
