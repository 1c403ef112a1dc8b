"""
ASAP-LOE with and without rigidity pruning
==========================================

Reproduces the rigidity ablation of Cucuringu & Woodworth (appendix 7.1): ASAP-LOE with and
without pruning each patch until it is globally rigid, on points from the PC density with
k = 18 and a maximum patch size of 300.  Paper (n = 5,000): with pruning E_A = 0.00107,
Procrustes 0.0585, 107 s; without, E_A = 0.00154, Procrustes 0.176, 193 s (12 cores).

**What to look for:** both drawings sit on the truth and their E_A values are close.  With
k = 18 every enlarged patch is already generically globally rigid at the first test, so
pruning removes no node here; it costs one rigidity test per patch.

The default is a smaller n (1,500) so the script runs in well under a minute; ``--n 5000``
is the paper's setting.  Measured here (``--n 5000 --n-jobs 2``, seed 0): all 30 patches
rigid at once, both runs give E_A = 0.00043, Procrustes 0.0081 -- below the paper's pruned
figures; pruning costs 0.8 s CPU in all.  Run::

    python gallery/plot_asap_rigidity.py --out DIR [--n 1500 --k 18 --mps 300 --n-jobs 2]
"""

import argparse
import pathlib
import sys
import time

if "__file__" in globals():  # sphinx-gallery runs the script from its folder, without it
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))


def main(argv=None):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from _asap_common import aligned

    from nx_ordinal.asap import asap_embed
    from nx_ordinal.constraints import knn_adjacency
    from nx_ordinal.datasets import pc
    from nx_ordinal.metrics import adjacency_error, procrustes_error

    ap = argparse.ArgumentParser(description=(__doc__ or "").strip().split("\n")[0])
    ap.add_argument("--out", default=".")
    ap.add_argument("--n", type=int, default=1500)
    ap.add_argument("--k", type=int, default=18)
    ap.add_argument("--mps", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-jobs", type=int, default=None)
    args = ap.parse_args(argv)

    X = pc(args.n, seed=args.seed)
    A = knn_adjacency(X, args.k)
    runs = [True, False]
    if len(runs) == 1:
        print("nx_ordinal.rigidity is not available: running without pruning only")
    fig, axes = plt.subplots(1, len(runs) + 1, figsize=(4 * (len(runs) + 1), 4.6))
    axes[0].scatter(X[:, 0], X[:, 1], s=2, c=X[:, 0] < 0.5, cmap="coolwarm")
    axes[0].set_title(f"ground truth, n={args.n}, k={args.k}")
    for ax, prune in zip(axes[1:], runs, strict=True):
        t = time.perf_counter()
        res = asap_embed(A, 2, max_patch_size=args.mps, prune=prune, n_jobs=args.n_jobs,
                         seed=args.seed)
        dt = time.perf_counter() - t
        Y = aligned(X, res.embedding)
        ea, pe = adjacency_error(A, Y), procrustes_error(X, Y)
        info = res.info
        print(f"prune={prune}: E_A={ea:.5f} procrustes={pe:.4f} time={dt:.1f}s "
              f"patches={len(info['patches'])} mean size={info['patch_sizes'].mean():.0f} "
              f"(enlarged {info['enlarged_sizes'].mean():.0f}) "
              "timings: " + ", ".join(f"{k} {float(v):.1f}s"
                                      for k, v in info["timings"].items()))
        ax.scatter(Y[:, 0], Y[:, 1], s=2, c=X[:, 0] < 0.5, cmap="coolwarm")
        ax.set_title(f"{'with' if prune else 'without'} pruning: E_A={ea:.5f}\n"
                     f"Procrustes {pe:.3f}, {dt:.0f} s")
    for ax in axes:
        ax.set_aspect("equal")
        ax.set_xticks([])
        ax.set_yticks([])
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(out / "asap_rigidity.png", dpi=110)
    import _common

    _common.wrote(out / "asap_rigidity.png")


if __name__ == "__main__":
    main()
