"""Small dense kernels alone and beside a CPU-bound process, without and with the BLAS
thread policy of ``nx_ordinal._core.resources`` (issue 27).

Each kernel is a public call as a user makes it (outside any other nx_ordinal call).  For each
kernel the script takes the best of ``--repeat`` calls (the time least disturbed by other
load)

* alone, then
* while one CPU-bound process (``while True: pass``, started and killed by this script) runs,

first with the policy switched off (``_resources.blas_threads`` made a no-op: the BLAS
libraries keep their default thread count, which is how these functions ran before the
policy; the solvers' own one-thread scope stays as it was) and then with it.  It prints the
times and the ratio busy / alone; the goal is a ratio of at most 2 for every kernel.  A
control (pure Python, one thread) shows the ratio that plain time sharing gives on the
machine as it is: with other load already running it is above 1.

    python benchmarks/bench_threads.py [--repeat 7] [--kernels is_globally_rigid,...]

Do not set ``OPENBLAS_NUM_THREADS``: the point is OpenBLAS's default (one thread per core).
On a shared machine "alone" means "without this script's busy process"; the load average
printed first says how busy the machine was anyway.
"""

import argparse
import contextlib
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


#: one thread of pure Python: its ratio is what any single-threaded work suffers from sharing
#: the machine (other load included), the floor the kernels are judged against
CONTROL = "control: pure Python, one thread"


def kernels():
    """name -> zero-argument callable, each a public nx_ordinal call (built once)."""
    import networkx as nx
    import numpy as np

    import nx_ordinal
    from nx_ordinal import metrics, rigidity
    from nx_ordinal.asap.sync import synchronize
    from nx_ordinal.constraints import knn_adjacency, knn_graph
    from nx_ordinal.density import knn_density
    from nx_ordinal.embed import classical_mds

    rng = np.random.default_rng(0)
    X300 = rng.random((300, 2))
    patch = knn_graph(X300, 10).to_undirected()  # an ASAP patch: 300-vertex 10-NN graph
    small = knn_graph(rng.random((150, 2)), 8).to_undirected()
    X = rng.random((20_000, 2))
    Y = X @ np.array([[0.0, 1.0], [-1.0, 0.0]]) + 0.01 * rng.standard_normal(X.shape)
    D300 = np.sqrt(((X300[:, None] - X300[None]) ** 2).sum(-1))
    A1000 = knn_adjacency(rng.random((1000, 2)), 10)
    # synchronisation of 60 overlapping patches of 1,200 points in a strip
    P = rng.random((1200, 2)) * [6.0, 1.0]
    order = np.argsort(P[:, 0])
    patches = [np.sort(order[a:a + 60]) for a in range(0, 1200 - 60 + 1, 20)]
    embs = []
    for p in patches:
        t = rng.uniform(0, 2 * np.pi)
        R = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
        embs.append(rng.uniform(0.5, 2) * P[p] @ R + rng.normal(size=2))
    edges = np.array([(order[a], order[a + 1]) for a in range(1199)])
    frucht = nx.frucht_graph()
    M = rng.standard_normal((300, 300))
    S300 = M + M.T
    return {
        "is_globally_rigid (300-vertex patch)": lambda: rigidity.is_globally_rigid(patch, seed=0),
        "is_rigid (300-vertex patch)": lambda: rigidity.is_rigid(patch, seed=0),
        "redundantly_rigid (150 vertices)": lambda: rigidity.redundantly_rigid(small, seed=0),
        "procrustes_error (20,000 x 2)": lambda: metrics.procrustes_error(X, Y),
        "asap.sync.synchronize (58 patches)": lambda: synchronize(patches, embs, edges, 1200),
        "knn_density (1,000 nodes)": lambda: knn_density(A1000, 2),
        "classical_mds (300 points)": lambda: classical_mds(D300),
        "loe_layout (Frucht)": lambda: nx_ordinal.loe_layout(frucht, seed=0),
        "numpy eigvalsh 300 x 300 (no policy)": lambda: np.linalg.eigvalsh(S300),
        CONTROL: lambda: sum(i * i for i in range(600_000)),
    }


def best_time(f, repeat):
    """Smallest of ``repeat`` wall times (the least disturbed by other load), seconds."""
    f()  # warm up (imports, caches)
    ts = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    return min(ts)


@contextlib.contextmanager
def busy_process():
    p = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    time.sleep(0.3)
    try:
        yield
    finally:
        p.kill()
        p.wait()


@contextlib.contextmanager
def policy(on):
    import nx_ordinal._core.resources as res

    original = res.blas_threads
    if not on:
        res.blas_threads = lambda *a, **k: contextlib.nullcontext()
    try:
        yield
    finally:
        res.blas_threads = original


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--kernels", default=None, help="comma-separated substrings of names")
    args = ap.parse_args(argv)
    if "OPENBLAS_NUM_THREADS" in os.environ or "OMP_NUM_THREADS" in os.environ:
        print("note: OPENBLAS_NUM_THREADS / OMP_NUM_THREADS is set; the 'off' rows then do "
              "not show the library default")
    import warnings

    from threadpoolctl import threadpool_info

    from nx_ordinal._core.resources import blas_threads_for

    warnings.simplefilter("ignore")
    ks = kernels()
    if args.kernels:
        want = args.kernels.split(",")
        ks = {k: f for k, f in ks.items() if any(w in k for w in want)}
    blas = [(i["internal_api"], i["num_threads"]) for i in threadpool_info()
            if i["user_api"] == "blas"]
    print(f"cores {len(os.sched_getaffinity(0))}, BLAS {blas}, load average "
          f"{os.getloadavg()[0]:.2f}; policy: {blas_threads_for(300)} thread at n = 300, "
          f"{blas_threads_for(3000)} at n = 3000")
    rows = {}
    for k, f in ks.items():  # alone and busy back to back, so slow drifts of load cancel
        for on in (False, True):
            with policy(on):
                alone = best_time(f, args.repeat)
                with busy_process():
                    busy = best_time(f, args.repeat)
            rows.setdefault(k, []).append((alone, busy))
    w = max(len(k) for k in ks)
    print(f"{'kernel':<{w}}  {'policy off: alone  busy  ratio':>32}  "
          f"{'policy on: alone  busy  ratio':>31}")
    worst = 0.0
    for k, ((a0, b0), (a1, b1)) in rows.items():
        print(f"{k:<{w}}  {a0 * 1e3:9.2f} ms {b0 * 1e3:9.2f} ms {b0 / a0:5.1f}x  "
              f"{a1 * 1e3:9.2f} ms {b1 * 1e3:9.2f} ms {b1 / a1:5.1f}x")
        if "no policy" not in k and k != CONTROL:
            worst = max(worst, b1 / a1)
    c = rows[CONTROL][1][1] / rows[CONTROL][1][0] if CONTROL in rows else float("nan")
    print(f"worst ratio with the policy (package kernels): {worst:.1f}x; control {c:.1f}x "
          f"(load average now {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
