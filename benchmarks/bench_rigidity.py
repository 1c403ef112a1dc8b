"""Per-call time of the generic rigidity tests on kNN patches, against pyrigi.

For kNN graphs of n uniform points in the unit square / cube (n = 15, 50, 150, 300) it times
``is_rigid`` and ``is_globally_rigid`` with both methods (median of ``--repeat`` calls with
fresh seeds) and, when ``pyrigi`` is importable, pyrigi's ``Graph.is_rigid`` and
``Graph.is_globally_rigid`` (default algorithms) on the same graph in a subprocess killed after
``--pyrigi-timeout`` seconds; once pyrigi times out at some size, larger sizes are skipped.

    python benchmarks/bench_rigidity.py [--repeat 7] [--pyrigi-timeout 60] [--threads 1]

pyrigi is never needed by nx_ordinal; install it in a separate environment to compare.
"""

import argparse
import json
import os
import subprocess
import sys
import time

PYRIGI_SNIPPET = r"""
import json, sys, time
import networkx as nx
import pyrigi
pyrigi.Graph.silence_rand_alg_warns = True
edges, n, dim, what = json.loads(sys.argv[1])
G = nx.Graph(); G.add_nodes_from(range(n)); G.add_edges_from(map(tuple, edges))
P = pyrigi.Graph(G)
t = time.perf_counter()
ans = P.is_rigid(dim=dim) if what == "rigid" else P.is_globally_rigid(dim=dim)
print(json.dumps([time.perf_counter() - t, bool(ans)]))
"""


def have_pyrigi():
    try:
        import pyrigi  # noqa: F401
    except ImportError:
        return False
    return True


def pyrigi_time(G, dim, what, timeout):
    payload = json.dumps([[list(e) for e in G.edges()], G.number_of_nodes(), dim, what])
    try:
        out = subprocess.run(
            [sys.executable, "-c", PYRIGI_SNIPPET, payload],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None, None
    t, ans = json.loads(out.stdout.strip().splitlines()[-1])
    return t, ans


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[15, 50, 150, 300])
    ap.add_argument("--dims", type=int, nargs="+", default=[2, 3])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--pyrigi-timeout", type=float, default=60.0)
    ap.add_argument("--threads", type=int, default=1, help="BLAS threads (0: leave as is)")
    args = ap.parse_args(argv)
    if args.threads:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[var] = str(args.threads)

    import numpy as np

    from nx_ordinal.constraints import knn_graph
    from nx_ordinal.rigidity import is_globally_rigid, is_rigid

    use_pyrigi = have_pyrigi()
    print(f"pyrigi available: {use_pyrigi}; BLAS threads: {args.threads or 'default'}")
    header = (
        f"{'dim':>3} {'n':>4} {'k':>3} {'m':>5} | {'what':<6} {'ans':<5} "
        f"{'numeric ms':>10} {'modular ms':>10} {'pyrigi ms':>10} {'pyrigi/num':>10}"
    )
    print(header)
    print("-" * len(header))
    for dim in args.dims:
        pyrigi_gave_up = set()
        k = 3 * dim + 2
        for n in args.sizes:
            rng = np.random.default_rng(n + 1000 * dim)
            G = knn_graph(rng.random((n, dim)), min(k, n - 1))
            U = G.to_undirected()
            for what, f in (("rigid", is_rigid), ("global", is_globally_rigid)):
                times = {}
                answers = {}
                for method in ("numeric", "modular"):
                    ts = []
                    for r in range(args.repeat):
                        t = time.perf_counter()
                        answers[method] = f(G, dim, method=method, seed=r)
                        ts.append(time.perf_counter() - t)
                    times[method] = 1e3 * float(np.median(ts))
                assert answers["numeric"] == answers["modular"], (dim, n, what)
                py = "n/a"
                ratio = ""
                if use_pyrigi and what not in pyrigi_gave_up:
                    t, ans = pyrigi_time(U, dim, what, args.pyrigi_timeout)
                    if t is None:
                        py = f">{args.pyrigi_timeout:.0f}s"
                        pyrigi_gave_up.add(what)
                    else:
                        py = f"{1e3 * t:10.1f}"
                        ratio = f"{t * 1e3 / times['numeric']:10.1f}"
                        if ans != answers["numeric"]:
                            py += " (disagrees!)"
                elif use_pyrigi:
                    py = "skipped"
                print(
                    f"{dim:>3} {n:>4} {k:>3} {U.number_of_edges():>5} | {what:<6} "
                    f"{answers['numeric']!s:<5} {times['numeric']:10.2f} "
                    f"{times['modular']:10.2f} {py:>10} {ratio:>10}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
