"""
LPEm: embedding a kNN graph by a linear program
===============================================

Reproduces Figure 15 of Cucuringu & Woodworth (LPEm, section 6): PC, PCS and Gauss point sets
(n = 100) with k = 22 and k = 50; the LPEm embedding after Procrustes alignment onto the
truth, with a segment from each true point to its embedded position.  Triangle inequalities
on a random 10 % of all triples (the Erdos-Renyi choice the paper suggests; the "local" set
of a k = 50 graph has ~93,000 triples and takes minutes).

**What to look for:** short segments: the linear program alone places every point close to
its true position (printed Procrustes errors 0.03-0.07 at seed 0).  Run::

    python gallery/plot_lpem.py --out DIR
"""

import argparse
import pathlib
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from nx_ordinal.constraints import knn_adjacency  # noqa: E402
from nx_ordinal.datasets import gauss, pc, pcs  # noqa: E402
from nx_ordinal.embed.lp import lp_embedding  # noqa: E402
from nx_ordinal.metrics import procrustes_align, procrustes_error  # noqa: E402


def main(out, n=100, ks=(22, 50), seed=0, triangle=0.1):
    sets = (("PC", pc), ("PCS", pcs), ("Gauss", gauss))
    fig, axes = plt.subplots(len(ks), len(sets), figsize=(4 * len(sets), 4 * len(ks)))
    t0 = time.perf_counter()
    for c, (name, make) in enumerate(sets):
        P = make(n, seed=seed)
        for r, k in enumerate(ks):
            res = lp_embedding(knn_adjacency(P, k), 2, triangle=triangle, seed=seed)
            X = procrustes_align(P, res.embedding)
            err = procrustes_error(P, res.embedding)
            ax = axes[r, c]
            ax.plot(np.stack([P[:, 0], X[:, 0]]), np.stack([P[:, 1], X[:, 1]]), c="0.6",
                    lw=0.7, zorder=1)
            ax.scatter(*P.T, s=10, c="k", zorder=2, label="truth")
            ax.scatter(*X.T, s=10, c="C3", zorder=3, label="LPEm")
            ax.set_title(f"{name}, k = {k}: Procrustes {err:.3f}", fontsize=10)
            ax.set_aspect("equal")
            print(f"{name:6s} k={k:3d}  Procrustes error {err:.4f}  slack {res.objective:.2f}")
    axes[0, 0].legend(fontsize=8, loc="lower left")
    fig.suptitle(f"LPEm, n = {n}, triangle inequalities on {triangle:.0%} of the triples")
    fig.tight_layout()
    path = pathlib.Path(out) / "lpem.png"
    fig.savefig(path, dpi=100)
    import _common

    _common.wrote(path, f" in {time.perf_counter() - t0:.1f}s")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".")
    main(ap.parse_args().out)
