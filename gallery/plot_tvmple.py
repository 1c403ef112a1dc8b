"""
TV-MPLE densities of embeddings
===============================

Reproduces Figures 11-12 of Cucuringu & Woodworth at a smaller size: points from the PC
(half-planes) and PCS (squares) densities, their kNN graph with dense
``k = ceil(sqrt(n log n))``; embeddings by Laplacian eigenmaps (LE), LOE-BFGS with few
iterations, ASAP-LOE, and the ground truth; every embedding is Procrustes-aligned to the
truth and its density estimated by TV-MPLE (split Bregman, section 4) on the truth's box.
Paper: n = 1,000, LOE maxIt = 100, ASAP maximum patch size 400, lambda = 1e-4 in its units.

**What to look for:** the densities estimated from the LOE and ASAP-LOE embeddings show the
truth's dense half-plane (PC) and dense square (PCS) like the ground-truth column, whereas
Laplacian eigenmaps squash the points onto a rim and lose them; the E_A in each title ranks
the embeddings.  Run::

    python gallery/plot_tvmple.py --out DIR [--n 500 --lam 0.05 --grid 32]
"""

import argparse
import math
import pathlib
import sys
import time
import warnings

if "__file__" in globals():  # sphinx-gallery runs the script from its folder, without it
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))


def main(argv=None):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from _asap_common import aligned

    from nx_ordinal.asap import asap_embed
    from nx_ordinal.constraints import knn_adjacency
    from nx_ordinal.datasets import pc, pcs
    from nx_ordinal.embed import laplacian_eigenmaps, loe
    from nx_ordinal.metrics import adjacency_error
    from nx_ordinal.tvmple import tv_mple

    ap = argparse.ArgumentParser(description=(__doc__ or "").strip().split("\n")[0])
    ap.add_argument("--out", default=".")
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--mps", type=int, default=250)
    ap.add_argument("--loe-iter", type=int, default=50)
    ap.add_argument("--lam", type=float, default=0.05)
    ap.add_argument("--grid", type=int, default=32)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-jobs", type=int, default=None)
    args = ap.parse_args(argv)
    n = args.n
    k = math.ceil(math.sqrt(n * math.log(n)))
    prune = True
    bounds = [(-0.05, 1.05), (-0.05, 1.05)]
    fig, axes = plt.subplots(2, 4, figsize=(14, 7))
    for row, (name, gen) in enumerate((("PC", pc), ("PCS", pcs))):
        X = gen(n, seed=args.seed)
        A = knn_adjacency(X, k)
        embs = {}
        t = time.perf_counter()
        embs["LE"] = laplacian_eigenmaps(A, 2, seed=args.seed)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            embs[f"LOE-BFGS {args.loe_iter} it."] = loe(A, 2, max_iter=args.loe_iter,
                                                        seed=args.seed).embedding
            embs[f"ASAP-LOE MPS {args.mps}"] = asap_embed(
                A, 2, max_patch_size=args.mps, prune=prune, n_jobs=args.n_jobs,
                seed=args.seed).embedding
        embs["ground truth"] = X
        for col, (label, Y) in enumerate(embs.items()):
            Y = aligned(X, Y)
            res = tv_mple(Y, lam=args.lam, grid=args.grid, bounds=bounds)
            ea = adjacency_error(A, Y)
            ax = axes[row, col]
            ax.imshow(res.density.T, origin="lower", extent=res.extent, cmap="viridis",
                      vmin=0, vmax=np.percentile(res.density, 99.5))
            ax.set_title(f"{name}: {label}\nE_A={ea:.4f}", fontsize=9)
            ax.set_xticks([])
            ax.set_yticks([])
            print(f"{name} {label}: E_A={ea:.5f} TV-MPLE iters={res.n_iter}")
        print(f"{name}: {time.perf_counter() - t:.1f}s (n={n}, k={k})")
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(out / "tvmple.png", dpi=100)
    import _common

    _common.wrote(out / "tvmple.png")


if __name__ == "__main__":
    main()
