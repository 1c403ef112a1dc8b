"""What each stage of the default ``loe_layout(G)`` contributes (issue 33): NP1, NP2,
scale-normalised stress (published form, ``pairs="all"``) and the long-edge ratio of the
drawing after each stage that runs on a graph, seed 0:

1. ``start``: the pivot-MDS start refined by sparse stress (the graph's global shape);
   ``coarse start``: the same drawn on the graph coarsened to ``coarse_nodes`` nodes and
   carried back, where t-LOE starts from it (meshes beyond that size);
2. ``t-LOE``: t-LOE with edge springs from the start, its checkpoint of choice;
   ``untorn``: that drawing continued with stronger springs, where it ended torn
   (long-edge ratio above ``torn_tail``; connected graphs: a component's continuation
   is not shown);
3. ``leaf rings``: hubs' leaves on rings round them, and a hub's few leaves that t-LOE
   left at one point on a fan (2-D, undirected; only where it scores better than t-LOE's
   drawing);
4. ``Err_local``: its best checkpoint by GARI, where it runs (geometric graphs: from the
   start, before t-LOE; up to 100 nodes: the polish of t-LOE's drawing, after it);
5. ``default``: what ``loe_layout(G)`` returns (the choice between Err_local's and t-LOE's
   drawings, then the overlap removal).

The stages' drawings are read by wrapping, for the one call, the functions that
``nx_ordinal.layouts._loe`` calls (``pivot_mds``, ``solve_loe``, ``_tloe_run``,
``_untear``, ``ring_leaves``); nothing in the package changes.  The metrics are
scale-free, so the unscaled intermediate drawings compare with the final one.  A name
that is not in the folder is one of ``bench_unseen.py``'s graphs (``ws1000``, ...).

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_stages.py \\
        [--graphs dwt_1005,3elt,USPowerGrid,btree9,lesmis] [--data DIR] [--markdown PATH]
"""

import argparse
import contextlib
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_literature import default_data  # noqa: E402
from bench_unseen import make_graph  # noqa: E402

import nx_ordinal  # noqa: E402
import nx_ordinal.layouts._loe as loe_module  # noqa: E402
from nx_ordinal.io import read_graph  # noqa: E402
from nx_ordinal.metrics import (  # noqa: E402
    long_edge_ratio,
    neighbourhood_preservation,
    stress,
)

GRAPHS = ("dwt_1005", "3elt", "USPowerGrid", "btree9", "lesmis")
STAGES = ("start", "coarse start", "t-LOE", "untorn", "leaf rings", "Err_local", "default")


def _data_dir(given=None):
    """The drawing-benchmark folder: ``given`` (only it, when given), else
    :func:`bench_literature.default_data`; None when absent."""
    if given is not None:
        return given if os.path.isdir(os.path.join(given, "graphs")) else None
    found = default_data()
    return None if found is None else str(found)


@contextlib.contextmanager
def _recording(drawings):
    """Wrap the stages' functions in ``nx_ordinal.layouts._loe`` for the duration: each
    stage's drawing (an (n, dim) array) is appended to ``drawings[stage]``."""
    real = {name: getattr(loe_module, name)
            for name in ("pivot_mds", "solve_loe", "_tloe_run", "_untear", "ring_leaves")}

    def pivot_mds(*args, **kwargs):
        X = real["pivot_mds"](*args, **kwargs)
        stage = "start" if kwargs.get("coarse_n") is None else "coarse start"
        drawings.setdefault(stage, []).append(np.array(X))
        return X

    def solve_loe(*args, **kwargs):
        res = real["solve_loe"](*args, **kwargs)
        # the drawing the choice sees: the GARI tracker's best checkpoint (the callback)
        best = getattr(kwargs.get("callback"), "best_X", None)
        drawings.setdefault("Err_local", []).append(
            np.array(res.embedding if best is None else best))
        return res

    def tloe_run(*args, **kwargs):
        res = real["_tloe_run"](*args, **kwargs)
        drawings.setdefault("t-LOE", []).append(np.array(res.embedding))
        return res

    def untear(B, Y, *args, **kwargs):
        X = real["_untear"](B, Y, *args, **kwargs)
        if X is not Y:  # t-LOE's checkpoint, then the untorn drawing (whole graphs only)
            drawings.setdefault("torn", []).append((B.shape[0], np.array(Y), np.array(X)))
        return X

    def ring_leaves(X, *args, **kwargs):
        Y = real["ring_leaves"](X, *args, **kwargs)
        if Y is not None:
            drawings.setdefault("leaf rings", []).append(np.array(Y))
        return Y

    wrappers = {"pivot_mds": pivot_mds, "solve_loe": solve_loe, "_tloe_run": tloe_run,
                "_untear": untear, "ring_leaves": ring_leaves}
    try:
        for name, f in wrappers.items():
            setattr(loe_module, name, f)
        yield drawings
    finally:
        for name, f in real.items():
            setattr(loe_module, name, f)


def stages(G, seed=0):
    """``{stage: (NP1, NP2, stress, long-edge ratio)}`` for the stages that ran on ``G``
    (the last drawing of each: Err_local's best run is the one the choice compares)."""
    drawings = {}
    with _recording(drawings):
        pos = nx_ordinal.loe_layout(G, seed=seed)
    nodes = list(G)
    drawings["default"] = [np.array([pos[v] for v in nodes])]
    torn = [(Y, X) for n, Y, X in drawings.pop("torn", []) if n == len(nodes)]
    if torn:
        drawings["t-LOE"], drawings["untorn"] = [torn[-1][0]], [torn[-1][1]]
    out = {}
    for stage in STAGES:
        if stage not in drawings:
            continue
        X = drawings[stage][-1]
        P = dict(zip(nodes, X, strict=True))
        out[stage] = (neighbourhood_preservation(G, P), neighbourhood_preservation(G, P, 2),
                      stress(G, P, pairs="all"), long_edge_ratio(G, P))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--graphs", default=",".join(GRAPHS))
    ap.add_argument("--data", default=None, help="the drawing-benchmark folder")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--markdown", default=None, help="write the table as markdown")
    args = ap.parse_args(argv)
    data = _data_dir(args.data)
    if data is None:
        print("skipping: the drawing-benchmark folder (../shared/data) is not here")
        return 77
    rows = []
    for name in args.graphs.split(","):
        path = os.path.join(data, "graphs", f"{name}.mtx")
        G = read_graph(path) if os.path.exists(path) else make_graph(name)
        for stage, (np1, np2, se, tail) in stages(G, args.seed).items():
            rows.append((name, stage, np1, np2, se, tail))
            print(f"{name:12s} {stage:11s} NP1 {np1:.3f}  NP2 {np2:.3f}  SE {se:.3f}  "
                  f"long edges {tail:5.1f}", flush=True)
    if args.markdown:
        with open(args.markdown, "w") as fh:
            fh.write("| graph | stage | NP1 | NP2 | SE | long edges |\n")
            fh.write("|---|---|---:|---:|---:|---:|\n")
            for name, stage, np1, np2, se, tail in rows:
                fh.write(f"| {name} | {stage} | {np1:.3f} | {np2:.3f} | {se:.3f} | "
                         f"{tail:.1f} |\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
