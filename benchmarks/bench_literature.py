"""The graph-drawing benchmark of the neighbourhood-preservation literature (issue 26):
``loe_layout(G)`` (default call), Graphviz sfdp, igraph DrL and networkx ForceAtlas2 on
every graph of ``../shared/data/drawing-benchmark``, next to the published tsNET, DRGraph
and t-FDP values.

Every method runs in this one process, one after another, with ``seed`` (default 0) and one
BLAS thread (``OPENBLAS_NUM_THREADS=1`` unless set); sfdp is Graphviz's program run through
``subprocess`` by :func:`nx_ordinal.classical.sfdp_layout`.  Seconds are the layout call
only, the fastest of ``--repeat`` calls (default 3; the same seed gives the same drawing),
as ``timeit`` reports: on this 2-core machine five calls of one layout in one process
differed by up to 1.6 times (the slowest over the fastest, loe and sfdp alike, on six of the
benchmark's graphs of about 1,000 vertices), enough to move a ratio across a target.
Measures (:mod:`nx_ordinal.metrics`): NP1 and NP2 (neighbourhood preservation at 1 and 2
hops), GARI, and scale-normalised stress (exact up to 10,000 vertices, beyond it estimated
from 200 pivots drawn with seed 0) in the published values' form, ``stress(G, pos,
pairs="all")``: the sum over connected pairs divided by all n^2 ordered pairs, as the
authors' code computes SE (on the two disconnected graphs, EVA and ca-GrQc, 0.28 and 0.63
times the mean over connected pairs).  The published values are the five-run means of the
t-FDP paper's tables (``published/NP1.csv``, ``NP2.csv``, ``SE.csv``).

Per graph it prints one block (each method's NP1, NP2, GARI, stress, long-edge ratio -- the
99th-percentile drawn edge length over the median, :func:`nx_ordinal.metrics.long_edge_ratio`
-- and seconds, the published rows, then the best published NP1 of tsNET / DRGraph / t-FDP,
``loe - best``, ``loe s / sfdp s``, loe's stress over t-FDP's published stress, loe's NP2
minus t-FDP's, and loe's long-edge ratio next to that of t-FDP's published drawing where the
folder has it), and at the end a summary table and the summary lines: the targets of issue
33 (NP1 at least the best published minus 0.02; stress at most 1.25 times t-FDP's; NP2 at
least t-FDP's minus 0.03; long-edge ratio at most 1.25 times that of t-FDP's drawing, or 10
where the folder has none; loe within twice sfdp's time from 1,000 vertices, within 0.5 s
below) and on how many graphs each holds.  ``--sheet PATH.png`` also writes a contact sheet:
a row per graph with the drawings of loe, sfdp and, where the folder has it, t-FDP.

Besides the benchmark's 26 graphs: ``--extra-graph PATH.mtx`` (repeatable; any file
:func:`nx_ordinal.io.read_graph` reads) and ``--road N``, a synthetic road-like network of
N vertices (:func:`road_network`: random points in the unit square, their Euclidean minimum
spanning tree plus random further short Delaunay edges up to mean degree 2.5; planar,
connected, mostly degree 2-3, like a road map) for the target "a 100,000-vertex road network
within 2x sfdp's time".

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_literature.py \\
        [--graphs lesmis,can_96,...] [--methods loe,sfdp,ig_drl,forceatlas2] [--max-n 5000] \\
        [--repeat 3] \\
        [--road 100000] [--extra-graph g.mtx] [--param loe:max_time=60] \\
        [--out results.json] [--out results.csv] [--markdown table.md] [--sheet sheet.png]
"""

import argparse
import csv
import io
import json
import math
import os
import pathlib
import sys
import time
import warnings

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import nx_ordinal  # noqa: E402
from nx_ordinal.cli import parse_params  # noqa: E402
from nx_ordinal.io import atomic_write, read_graph  # noqa: E402
from nx_ordinal.metrics import (  # noqa: E402
    gari,
    long_edge_ratio,
    neighbourhood_preservation,
    stress,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]
METHODS = ("loe", "sfdp", "ig_drl", "forceatlas2")
PUBLISHED = ("tsNET", "DRGraph", "t-FDP")
#: short column names of the methods in the tables
SHORT = {"loe": "loe", "sfdp": "sfdp", "ig_drl": "DrL", "forceatlas2": "FA2"}


def default_data():
    """``drawing-benchmark`` under ``$NX_ORDINAL_DATA`` or ``../shared/data`` (searched
    upwards from the checkout), or ``None``."""
    if os.environ.get("NX_ORDINAL_DATA"):
        p = pathlib.Path(os.environ["NX_ORDINAL_DATA"]) / "drawing-benchmark"
        return p if p.is_dir() else None
    for base in (ROOT, *ROOT.parents):
        p = base.parent / "shared" / "data" / "drawing-benchmark"
        if p.is_dir():
            return p
    return None


def road_network(n, mean_degree=2.5, seed=0):
    """A synthetic road-like network of ``n`` vertices: ``n`` uniform random points in the
    unit square, the Euclidean minimum spanning tree of their Delaunay triangulation (mean
    degree 2 - 2/n), plus uniformly chosen further Delaunay edges no longer than twice the
    median Delaunay edge until the mean degree is ``mean_degree``.  Planar (a subgraph of the
    triangulation), connected, edges between near points only; most vertices have degree 2
    or 3 (at n = 100,000: 10 % degree 1, 42 % degree 2, 37 % degree 3).  Nodes
    ``0 .. n-1``, positions in the node attribute ``"pos"``."""
    import scipy.sparse as sp
    from scipy.sparse.csgraph import minimum_spanning_tree
    from scipy.spatial import Delaunay

    rng = np.random.default_rng(seed)
    P = rng.random((n, 2))
    tri = Delaunay(P).simplices
    e = np.concatenate([tri[:, [0, 1]], tri[:, [1, 2]], tri[:, [0, 2]]])
    e = np.unique(np.sort(e, axis=1), axis=0)
    w = np.linalg.norm(P[e[:, 0]] - P[e[:, 1]], axis=1)
    W = sp.coo_array((w, (e[:, 0], e[:, 1])), shape=(n, n)).tocsr()
    T = minimum_spanning_tree(W).tocoo()
    tree = np.sort(np.column_stack([T.row, T.col]), axis=1)
    in_tree = np.zeros(len(e), bool)
    key = e[:, 0].astype(np.int64) * n + e[:, 1]
    in_tree[np.searchsorted(key, tree[:, 0].astype(np.int64) * n + tree[:, 1])] = True
    extra = max(int(round(mean_degree * n / 2)) - len(tree), 0)
    # no long hull edges: only Delaunay edges up to twice the median length are added
    rest = np.flatnonzero(~in_tree & (w <= 2 * np.median(w)))
    add = e[rng.choice(rest, size=min(extra, rest.size), replace=False)]
    G = nx.Graph()
    G.add_nodes_from((i, {"pos": P[i]}) for i in range(n))
    G.add_edges_from(tree.tolist())
    G.add_edges_from(add.tolist())
    return G


def read_published(data):
    """``{graph: {method: {"np1", "np2", "stress"}}}`` from the published CSV tables."""
    out = {}
    for key, fname in (("np1", "NP1.csv"), ("np2", "NP2.csv"), ("stress", "SE.csv")):
        path = data / "published" / fname
        if not path.is_file():
            continue
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                for m in PUBLISHED:
                    text = (row.get(m) or "").strip()
                    value = float(text) if text else math.nan
                    out.setdefault(row[""], {}).setdefault(m, {})[key] = value
    return out


def measure(G, pos, seconds):
    return dict(np1=neighbourhood_preservation(G, pos),
                np2=neighbourhood_preservation(G, pos, hops=2),
                gari=gari(G, pos), stress=stress(G, pos, seed=0, pairs="all"),
                long=long_edge_ratio(G, pos), seconds=seconds, error=None)


def published_drawing(data, name, G, method="t-FDP"):
    """``{node: (x, y)}`` of a published run-0 drawing (``published/layouts``), or None.  The
    file lists the vertices in file order, which :func:`read_graph` keeps as the node
    order of a Matrix Market file (names 1..n or 0..n-1)."""
    if data is None:
        return None
    path = data / "published" / "layouts" / f"{name}.{method}_0.txt"
    if not path.is_file():
        return None
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    if len(rows) == G.number_of_nodes() + 1:  # DRGraph's header line "n 2"
        rows = rows[1:]
    if len(rows) != G.number_of_nodes():
        return None
    order = sorted(G, key=int)
    return {v: (float(r[0]), float(r[1])) for v, r in zip(order, rows, strict=True)}


def fastest_call(call, repeat=1, errors=()):
    """``call()`` made ``repeat`` times: its first result and the fastest call's seconds, as
    ``timeit`` reports (a call with a seed draws the same each time, and one call slowed by
    the machine does not decide a ratio), and None.  An exception of the classes ``errors``
    ends the calls: ``(None, that call's seconds, the exception)``."""
    first, best = None, math.inf
    for k in range(max(int(repeat), 1)):
        t0 = time.perf_counter()
        try:
            out = call()
        except errors as exc:
            return None, time.perf_counter() - t0, exc
        best = min(best, time.perf_counter() - t0)
        if k == 0:
            first = out
    return first, best, None


def run_method(G, method, seed, params, repeat=1):
    """One layout of ``G`` by registry ``method`` and its measures (or the error): the
    call made ``repeat`` times (:func:`fastest_call`), the first call's drawing measured."""
    with warnings.catch_warnings():
        # loe_layout stops on its own time / stagnation rules; say nothing about it here
        warnings.simplefilter("ignore", nx_ordinal.ConvergenceWarning)
        pos, seconds, exc = fastest_call(
            lambda: nx_ordinal.layout(G, method, seed=seed, **params), repeat,
            (ImportError, ValueError, TypeError, RuntimeError, TimeoutError, MemoryError))
    if exc is not None:
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        nan = math.nan
        return dict(np1=nan, np2=nan, gari=nan, stress=nan, long=nan,
                    seconds=seconds, error=msg), None
    return measure(G, pos, seconds), pos


def summarise(rec):
    """Add ``best_published_np1``, its method, ``loe_minus_best`` and ``loe_over_sfdp``."""
    pub = rec["published"]
    vals = [(pub[m]["np1"], m) for m in PUBLISHED
            if m in pub and not math.isnan(pub[m].get("np1", math.nan))]
    best = max(vals) if vals else (math.nan, None)
    rec["best_published_np1"], rec["best_published_method"] = best
    res = rec["results"]
    loe = res.get("loe", {})
    rec["loe_minus_best"] = loe.get("np1", math.nan) - best[0]
    sfdp = res.get("sfdp", {})
    ok = (loe.get("error") is None and sfdp.get("error") is None and "seconds" in loe
          and sfdp.get("seconds", 0) > 0)
    rec["loe_over_sfdp"] = loe["seconds"] / sfdp["seconds"] if ok else math.nan
    tfdp = pub.get("t-FDP", {})
    rec["loe_stress_over_tfdp"] = loe.get("stress", math.nan) / tfdp.get("stress", math.nan)
    rec["loe_np2_minus_tfdp"] = loe.get("np2", math.nan) - tfdp.get("np2", math.nan)
    return rec


def targets(rec):
    """Issue 33's targets on one graph: ``{name: True / False / None (not measured)}``."""
    def test(cond, *xs):
        return None if any(x is None or math.isnan(x) for x in xs) else bool(cond())

    loe = rec["results"].get("loe", {})
    d, sr, n2 = rec["loe_minus_best"], rec["loe_stress_over_tfdp"], rec["loe_np2_minus_tfdp"]
    long, ref = loe.get("long", math.nan), rec.get("tfdp_long", math.nan)
    ratio, sec = rec["loe_over_sfdp"], loe.get("seconds", math.nan)
    return {
        "NP1": test(lambda: d >= -0.02, d),
        "stress": test(lambda: sr <= 1.25, sr),
        "NP2": test(lambda: n2 >= -0.03, n2),
        "long edges": (test(lambda: long <= 1.25 * ref, long, ref) if not math.isnan(ref)
                       else test(lambda: long <= 10, long)),
        "time": (test(lambda: ratio <= 2, ratio) if rec["n"] >= 1000
                 else test(lambda: sec <= 0.5, sec)),
    }


def f3(x, signed=False):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:+.3f}" if signed else f"{x:.3f}"


def fs(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.2f}" if x < 100 else f"{x:.0f}"


def print_block(rec):
    print(f"\n{rec['graph']}  n={rec['n']:,}  m={rec['m']:,}  ({rec['source']})", flush=True)
    print(f"  {'method':<20}{'NP1':>7}{'NP2':>7}{'GARI':>7}{'stress':>8}{'long':>7}"
          f"{'seconds':>9}")
    for m, r in rec["results"].items():
        line = (f"  {m:<20}{f3(r['np1']):>7}{f3(r['np2']):>7}{f3(r['gari']):>7}"
                f"{f3(r['stress']):>8}{fs(r['long']):>7}{fs(r['seconds']):>9}")
        print(line + (f"  ({r['error']})" if r["error"] else ""))
    for m in PUBLISHED:
        p = rec["published"].get(m)
        if p:
            long = fs(rec.get("tfdp_long")) if m == "t-FDP" else "-"
            print(f"  {m + ' (published)':<20}{f3(p['np1']):>7}{f3(p['np2']):>7}{'-':>7}"
                  f"{f3(p['stress']):>8}{long:>7}{'-':>9}")
    print(f"  best published NP1 {f3(rec['best_published_np1'])} "
          f"({rec['best_published_method'] or '-'}); loe - best "
          f"{f3(rec['loe_minus_best'], signed=True)}; loe s / sfdp s "
          f"{fs(rec['loe_over_sfdp'])}")
    missed = [k for k, v in targets(rec).items() if v is False]
    print(f"  loe stress / t-FDP's {fs(rec['loe_stress_over_tfdp'])}; loe NP2 - t-FDP's "
          f"{f3(rec['loe_np2_minus_tfdp'], signed=True)}; long edges loe "
          f"{fs(rec['results'].get('loe', {}).get('long'))}, t-FDP drawing "
          f"{fs(rec.get('tfdp_long'))}; targets missed: {', '.join(missed) or 'none'}",
          flush=True)


def summary_counts(records):
    """``(at_least, above, compared, fast, large)``: graphs with loe NP1 >= best - 0.02,
    > best, with a published best at all; graphs of 1,000+ vertices with loe s <= 2 sfdp s,
    and with both timed."""
    d = [r["loe_minus_best"] for r in records if not math.isnan(r["loe_minus_best"])]
    ratio = [r["loe_over_sfdp"] for r in records
             if r["n"] >= 1000 and not math.isnan(r["loe_over_sfdp"])]
    return (sum(x >= -0.02 for x in d), sum(x > 0 for x in d), len(d),
            sum(x <= 2 for x in ratio), len(ratio))


def summary_line(records):
    at_least, above, compared, fast, large = summary_counts(records)
    line = (f"loe NP1 >= best published - 0.02 on {at_least} of {compared} graphs, above it on "
            f"{above}; loe within 2x sfdp's time on {fast} of {large} graphs with n >= 1,000")
    met = {}
    for r in records:
        for k, v in targets(r).items():
            if v is not None:
                met.setdefault(k, []).append(v)
    if met:
        line += "\ntargets met (of graphs measured): " + ", ".join(
            f"{k} {sum(v)}/{len(v)}" for k, v in met.items())
    return line


def summary_table(records, methods):
    cols = ["graph", "n", *(f"{SHORT.get(m, m)} NP1" for m in methods), "best pub",
            "loe-best", "loe NP2-tFDP", "loe SE/tFDP", "loe long", "tFDP long",
            *(f"{SHORT.get(m, m)} s" for m in methods), "loe/sfdp"]
    rows = []
    for r in records:
        res = r["results"]
        rows.append([r["graph"], f"{r['n']:,}",
                     *(f3(res.get(m, {}).get("np1")) for m in methods),
                     f"{f3(r['best_published_np1'])} {r['best_published_method'] or ''}".strip(),
                     f3(r["loe_minus_best"], signed=True),
                     f3(r["loe_np2_minus_tfdp"], signed=True), fs(r["loe_stress_over_tfdp"]),
                     fs(res.get("loe", {}).get("long")), fs(r.get("tfdp_long")),
                     *(fs(res.get(m, {}).get("seconds")) for m in methods),
                     fs(r["loe_over_sfdp"])])
    widths = [max(len(c), *(len(row[i]) for row in rows)) for i, c in enumerate(cols)]
    lines = ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in
                       enumerate(zip(cols, widths, strict=True)))]
    for row in rows:
        lines.append("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in
                               enumerate(zip(row, widths, strict=True))))
    return "\n".join(lines)


def markdown(records, methods):
    """Two markdown tables (NP1 and time; NP2 and stress) and the summary line, for
    ``benchmarks/README.md``."""
    names = [SHORT.get(m, m) for m in methods]
    out = ["| graph | n | m | " + " | ".join(f"{x} NP1" for x in names)
           + " | tsNET | DRGraph | t-FDP | best published | loe − best | "
           + " | ".join(f"{x} s" for x in names) + " | loe s / sfdp s |"]
    out.append("|---|" + "---:|" * (2 + len(names) + 5 + len(names) + 1))
    for r in records:
        res, pub = r["results"], r["published"]
        best = r["best_published_np1"]
        loe_np1 = res.get("loe", {}).get("np1", math.nan)
        cells = []
        for m in methods:
            c = f3(res.get(m, {}).get("np1"))
            if m == "loe" and not math.isnan(best) and loe_np1 >= best - 0.02:
                c = f"**{c}**"
            cells.append(c)
        out.append(
            f"| {r['graph']} | {r['n']:,} | {r['m']:,} | " + " | ".join(cells) + " | "
            + " | ".join(f3(pub.get(m, {}).get("np1")) for m in PUBLISHED) + " | "
            + (f"{f3(best)} ({r['best_published_method']})" if r["best_published_method"]
               else "-") + f" | {f3(r['loe_minus_best'], signed=True)} | "
            + " | ".join(fs(res.get(m, {}).get("seconds")) for m in methods)
            + f" | {fs(r['loe_over_sfdp'])} |")
    out += ["", "| graph | " + " | ".join(f"{x} NP2" for x in names)
            + " | tsNET NP2 | DRGraph NP2 | t-FDP NP2 | "
            + " | ".join(f"{x} stress" for x in names)
            + " | tsNET stress | DRGraph stress | t-FDP stress | loe stress / t-FDP's | "
            + " | ".join(f"{x} long edges" for x in names) + " | t-FDP drawing long edges |"]
    out.append("|---|" + "---:|" * (3 * len(names) + 8))
    for r in records:
        res, pub = r["results"], r["published"]
        out.append(
            f"| {r['graph']} | "
            + " | ".join(f3(res.get(m, {}).get("np2")) for m in methods) + " | "
            + " | ".join(f3(pub.get(m, {}).get("np2")) for m in PUBLISHED) + " | "
            + " | ".join(f3(res.get(m, {}).get("stress")) for m in methods) + " | "
            + " | ".join(f3(pub.get(m, {}).get("stress")) for m in PUBLISHED) + " | "
            + fs(r["loe_stress_over_tfdp"]) + " | "
            + " | ".join(fs(res.get(m, {}).get("long")) for m in methods) + " | "
            + fs(r.get("tfdp_long")) + " |")
    out += ["", summary_line(records) + "."]
    return "\n".join(out) + "\n"


def _plain(x):
    """``x`` with every nan float replaced by ``None`` (JSON null), recursively."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return None if isinstance(x, float) and math.isnan(x) else x


def write_outputs(records, outs, md_path, methods):
    for path in outs:
        if path.endswith(".csv"):
            with atomic_write(path, newline="") as fh:
                w = csv.writer(fh)
                w.writerow(["graph", "n", "m", "source", "method", "published", "np1", "np2",
                            "gari", "stress", "long_edge_ratio", "seconds", "error"])
                for r in records:
                    for m, x in r["results"].items():
                        w.writerow([r["graph"], r["n"], r["m"], r["source"], m, False,
                                    *(_plain(x[k]) for k in ("np1", "np2", "gari", "stress",
                                                             "long", "seconds")),
                                    x["error"] or ""])
                    for m, x in r["published"].items():
                        w.writerow([r["graph"], r["n"], r["m"], r["source"], m, True,
                                    _plain(x.get("np1")), _plain(x.get("np2")), None,
                                    _plain(x.get("stress")),
                                    _plain(r.get("tfdp_long")) if m == "t-FDP" else None,
                                    None, ""])
        else:
            with atomic_write(path) as fh:
                fh.write(json.dumps(_plain(records), indent=1, allow_nan=False) + "\n")
    if md_path:
        with atomic_write(md_path) as fh:
            fh.write(markdown(records, methods))


def graph_list(args, data):
    """``(name, source, loader)`` for every graph to run, smallest first."""
    items = []
    if data is not None:
        files = sorted((data / "graphs").glob("*.mtx"))
        sizes = {}
        for p in files:  # n from the size line, to sort and filter without reading edges
            with open(p) as fh:
                for line in fh:
                    if not line.startswith("%"):
                        sizes[p.stem] = int(line.split()[0])
                        break
        wanted = None if args.graphs is None else args.graphs.split(",")
        if wanted is not None:
            unknown = [g for g in wanted if g not in sizes]
            if unknown:
                raise SystemExit(f"unknown graph(s) {', '.join(unknown)}; available: "
                                 f"{', '.join(sorted(sizes, key=str.lower))}")
        for name in sorted(sizes, key=lambda g: (sizes[g], g)):
            if wanted is not None and name not in wanted:
                continue
            if args.max_n is not None and sizes[name] > args.max_n:
                continue
            path = data / "graphs" / f"{name}.mtx"
            items.append((name, "drawing-benchmark", lambda p=path: read_graph(p)))
    elif args.graphs or not (args.extra_graph or args.road):
        raise SystemExit("drawing-benchmark data not found (set NX_ORDINAL_DATA or --data)")
    for path in args.extra_graph or []:
        p = pathlib.Path(path)
        items.append((p.stem, str(p), lambda p=p: read_graph(p)))
    if args.road:
        items.append((f"road{args.road}", f"road_network({args.road}, seed={args.seed})",
                      lambda: road_network(args.road, seed=args.seed)))
    return items


def main(argv=None):
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--data", default=None, help="the drawing-benchmark folder")
    p.add_argument("--graphs", default=None, help="comma-separated graph names (default all)")
    p.add_argument("--methods", default=",".join(METHODS),
                   help=f"comma-separated registry names (default {','.join(METHODS)})")
    p.add_argument("--max-n", type=int, default=None, help="skip benchmark graphs above n")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeat", type=int, default=3, metavar="K",
                   help="calls of each method per graph; its seconds are the fastest "
                        "call's (default 3)")
    p.add_argument("--extra-graph", action="append", metavar="PATH",
                   help="another graph file (.mtx or any read_graph format); repeatable")
    p.add_argument("--road", type=int, default=None, metavar="N",
                   help="add the synthetic road-like network of N vertices (road_network)")
    p.add_argument("--param", action="append", default=[], metavar="METHOD:KEY=VALUE",
                   help="a keyword argument for one method, e.g. loe:max_time=60; repeatable")
    p.add_argument("--out", action="append", default=[], metavar="PATH",
                   help="write the results as .json or .csv (rewritten after every graph)")
    p.add_argument("--markdown", default=None, metavar="PATH",
                   help="write the markdown tables for benchmarks/README.md")
    p.add_argument("--sheet", default=None, metavar="PATH",
                   help="write a contact sheet (.png): loe, sfdp and t-FDP's drawing per graph")
    args = p.parse_args(argv)
    methods = [m for m in args.methods.split(",") if m]
    for m in methods:
        nx_ordinal.registry.get_entry(m)  # unknown names fail before any work
    params = {m: [] for m in methods}
    for item in args.param:
        m, sep, kv = item.partition(":")
        if not sep or m not in params:
            raise SystemExit(f"--param expects METHOD:KEY=VALUE with METHOD in --methods, "
                             f"got {item!r}")
        params[m].append(kv)
    params = {m: parse_params(v) for m, v in params.items()}
    data = pathlib.Path(args.data) if args.data else default_data()
    if data is not None and not (data / "graphs").is_dir():
        raise SystemExit(f"no graphs folder in {data}")
    published = read_published(data) if data is not None else {}
    print(f"bench_literature: methods {', '.join(methods)}; seed {args.seed}; "
          f"seconds the fastest of {max(args.repeat, 1)} call(s); "
          f"OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS')}; "
          f"data {data}", flush=True)
    records, sheet = [], []
    for name, source, load in graph_list(args, data):
        G = load()
        rec = dict(graph=name, source=source, n=G.number_of_nodes(), m=G.number_of_edges(),
                   results={}, published=published.get(name, {}) if source ==
                   "drawing-benchmark" else {})
        drawings = {}
        for m in methods:
            rec["results"][m], drawings[m] = run_method(G, m, args.seed, params[m],
                                                        args.repeat)
        tfdp = published_drawing(data, name, G) if source == "drawing-benchmark" else None
        if tfdp is not None:
            drawings["t-FDP (published)"] = tfdp
        rec["tfdp_long"] = long_edge_ratio(G, tfdp) if tfdp is not None else math.nan
        sheet.append((name, G, drawings))
        records.append(summarise(rec))
        print_block(rec)
        write_outputs(records, args.out, args.markdown, methods)
    if not records:
        raise SystemExit("no graph to run")
    if args.sheet:
        contact_sheet(sheet, args.sheet, [m for m in ("loe", "sfdp") if m in methods]
                      + ["t-FDP (published)"])
    print("\n" + summary_table(records, methods))
    print("\n" + summary_line(records), flush=True)
    return records


#: colours of the contact sheet's palette
SHEET_COLORS = 64


def contact_sheet(items, path, columns, cell=2.4):
    """A grid of drawings, a row per graph (``items``: ``(name, G, {column: pos})``) and a
    column per name in ``columns`` (an empty cell where a row lacks one); thin grey edges,
    small dots, each drawing at equal aspect.  Written as PNG at 110 dpi, in a palette of
    ``SHEET_COLORS`` colours (the sheet is grey lines and red dots on white: the full
    26-graph sheet 2.3 MB in RGBA, 0.6 MB so, the same picture; the docs keep a copy)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    fig, axes = plt.subplots(len(items), len(columns), squeeze=False,
                             figsize=(cell * len(columns), cell * len(items)))
    for i, (name, G, drawings) in enumerate(items):
        for j, col in enumerate(columns):
            ax = axes[i, j]
            ax.set_axis_off()
            pos = drawings.get(col)
            if pos is None:
                continue
            X = np.array([pos[v] for v in G], dtype=float)[:, :2]
            index = {v: k for k, v in enumerate(G)}
            E = np.array([(index[u], index[v]) for u, v in G.edges() if u != v], dtype=int)
            if len(E):
                ax.add_collection(LineCollection(np.stack([X[E[:, 0]], X[E[:, 1]]], 1),
                                                 linewidths=0.25, colors="0.35", alpha=0.7))
            ax.scatter(X[:, 0], X[:, 1], s=max(0.2, 30.0 / np.sqrt(len(X))), c="#b2182b",
                       linewidths=0)
            ax.set_aspect("equal")
            ax.autoscale_view()
            ax.set_title(f"{name}: {col}", fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    plt.close(fig)
    buf.seek(0)
    from PIL import Image  # matplotlib's own dependency

    image = Image.open(buf).convert("RGB").quantize(colors=SHEET_COLORS,
                                                    method=Image.Quantize.MEDIANCUT)
    with atomic_write(path, mode="wb") as fh:
        image.save(fh, format="png", optimize=True)


if __name__ == "__main__":
    main()
