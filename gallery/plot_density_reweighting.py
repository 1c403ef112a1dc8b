"""
Density-reweighted shortest paths of a kNN graph
================================================

Reproduces supplement section 3.5 of Terada & von Luxburg (2014), Figures 5-6.  Two unit
Gaussians in the plane (weights 0.6 / 0.4, means (-1.5, 0) and (1.5, 0)), n = 1,000,
unweighted directed kNN graph with k = 50.  The density is estimated from the graph alone
(:func:`nx_ordinal.density.knn_density`), each edge out of i is weighted by ``p_i^(-1/2)``,
and the shortest paths of the reweighted graph approximate the Euclidean distances up to a
constant.  Panels: the true density; the true distances from a fixed point; the reweighted
shortest-path distances from it; the classical MDS embedding of the reweighted paths
(coloured by the estimated density) against that of the unweighted hop distances.

**What to look for:** the reweighted paths (third panel) reproduce the circles of the true
distances (second panel), and their MDS embedding keeps the two Gaussians' shapes, whereas
the unweighted hops inflate the sparse regions; the printed Procrustes errors say by how
much.  Run::

    python gallery/plot_density_reweighting.py --out DIR
"""

import argparse
import pathlib
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from scipy.sparse.csgraph import shortest_path  # noqa: E402

from nx_ordinal.constraints import knn_adjacency  # noqa: E402
from nx_ordinal.density import density_reweighted_distances, knn_density  # noqa: E402
from nx_ordinal.embed.mds import classical_mds  # noqa: E402
from nx_ordinal.metrics import procrustes_align, procrustes_error  # noqa: E402


def two_gaussians(n, seed):
    rng = np.random.default_rng(seed)
    first = rng.random(n) < 0.6
    X = np.where(first[:, None], [-1.5, 0.0], [1.5, 0.0]) + rng.standard_normal((n, 2))
    dens = (0.6 * np.exp(-0.5 * ((X - [-1.5, 0]) ** 2).sum(1))
            + 0.4 * np.exp(-0.5 * ((X - [1.5, 0]) ** 2).sum(1))) / (2 * np.pi)
    return X, dens


def main(out, n=1000, k=50, seed=0):
    t0 = time.perf_counter()
    X, dens = two_gaussians(n, seed)
    A = knn_adjacency(X, k)
    p = knn_density(A, 2)
    S = density_reweighted_distances(A, 2, density=p)
    H = shortest_path(A, directed=False)
    Y = procrustes_align(X, classical_mds(S, 2))
    Yh = procrustes_align(X, classical_mds(H, 2))
    Yt = classical_mds(density_reweighted_distances(A, 2, density=dens), 2)
    e_est, e_hop = procrustes_error(X, Y), procrustes_error(X, Yh)
    e_true = procrustes_error(X, Yt)
    src = int(np.argmin(((X - [-2.5, 1.0]) ** 2).sum(1)))  # a fixed point on the left
    true_d = np.linalg.norm(X - X[src], axis=1)
    scale = np.dot(S[src], true_d) / np.dot(S[src], S[src])  # the unknown global constant
    fig, axes = plt.subplots(1, 5, figsize=(22, 4.4))
    panels = (
        (X, dens, "true density", "viridis"),
        (X, true_d, "true distance from *", "magma"),
        (X, scale * S[src], "reweighted shortest paths from *", "magma"),
        (Y, np.log(p), f"cMDS, reweighted paths\n(colour: estimated log p) err {e_est:.4f}",
         "viridis"),
        (Yh, np.log(p), f"cMDS, unweighted hops\nerr {e_hop:.4f}",
         "viridis"),
    )
    for ax, (P, c, title, cmap) in zip(axes, panels):
        sc = ax.scatter(*P.T, c=c, s=5, cmap=cmap)
        if "from *" in title:
            ax.scatter(*X[src], marker="*", s=300, c="c", edgecolors="k", zorder=3)
            sc.set_clim(0, true_d.max())
        ax.set_title(title, fontsize=10)
        ax.set_aspect("equal")
        fig.colorbar(sc, ax=ax, shrink=0.7)
    fig.suptitle(f"two-Gaussian mixture, n = {n}, unweighted kNN graph k = {k}")
    fig.tight_layout()
    path = pathlib.Path(out) / "density_reweighting.png"
    fig.savefig(path, dpi=90)
    rel = np.abs(scale * S[src] - true_d)[true_d > 0] / true_d[true_d > 0]
    print(f"Procrustes error: reweighted (estimated density) {e_est:.4f}, "
          f"true density {e_true:.4f}, unweighted hops {e_hop:.4f}")
    print(f"paths from the fixed point: median relative error {np.median(rel):.3f}; "
          f"corr(log p_est, log p_true) {np.corrcoef(np.log(p), np.log(dens))[0, 1]:.3f}")
    import _common

    _common.wrote(path, f" in {time.perf_counter() - t0:.1f}s")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".")
    main(ap.parse_args().out)
