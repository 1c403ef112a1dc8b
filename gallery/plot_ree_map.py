"""
Robust Euclidean Embedding of a corrupted city map
==================================================

Reproduces section 6.2 of Cayton & Dasgupta (2006): the distances between the 10 largest US
cities, with the Los Angeles - New York distance doubled, embedded by classical MDS and by
REE (+ PCA).  Each embedding is Procrustes-aligned onto the true map; a segment joins each
city to its embedded position.

**What to look for:** the one corrupted distance drags every city in classical MDS (left),
whereas REE (an L1 cost on squared distances) ignores it and recovers the true map: every
printed displacement is 0.0 km at seed 0.

Reads ``us_cities/us-cities-top-1k.csv`` from ``$NX_ORDINAL_DATA`` (default
``../shared/data`` next to the checkout) and skips cleanly when it is absent.  Run::

    python gallery/plot_ree_map.py --out DIR
"""

import argparse
import csv
import pathlib

import matplotlib

matplotlib.use("Agg")
import _common  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from nx_ordinal.embed.mds import classical_mds  # noqa: E402
from nx_ordinal.embed.ree import ree  # noqa: E402
from nx_ordinal.metrics import procrustes_align  # noqa: E402

DATA = pathlib.Path(_common.data_dir()) / "us_cities" / "us-cities-top-1k.csv"


def main(out):
    if not DATA.is_file():
        _common.skip(DATA)
        return
    rows = list(csv.DictReader(open(DATA)))
    rows.sort(key=lambda r: -int(r["Population"]))
    rows = rows[:10]
    names = [r["City"] for r in rows]
    lat = np.radians([float(r["lat"]) for r in rows])
    lon = np.radians([float(r["lon"]) for r in rows])
    # equirectangular projection around the mean latitude (km)
    P = 6371 * np.column_stack([(lon - lon.mean()) * np.cos(lat.mean()), lat - lat.mean()])
    D = np.sqrt(((P[:, None] - P[None]) ** 2).sum(-1))
    la, ny = names.index("Los Angeles"), names.index("New York")
    D[la, ny] = D[ny, la] = 2 * D[la, ny]
    Xc = procrustes_align(P, classical_mds(D, 2))
    Xr = procrustes_align(P, ree(D, 2, seed=0).embedding)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, X, title in ((axes[0], Xc, "classical MDS"), (axes[1], Xr, "REE + PCA")):
        ax.scatter(*P.T, c="k", s=12, label="truth")
        ax.scatter(*X.T, c="C3", s=12, label="embedding")
        for i, name in enumerate(names):
            ax.plot([P[i, 0], X[i, 0]], [P[i, 1], X[i, 1]], c="C3", lw=0.8)
            ax.annotate(name, P[i], fontsize=7)
        ax.set_title(f"{title}: LA-NY doubled")
        ax.set_aspect("equal")
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    path = pathlib.Path(out) / "ree_map.png"
    fig.savefig(path, dpi=110)
    print(f"{'city':15s} {'cMDS km':>9s} {'REE km':>9s}")
    for i, name in enumerate(names):
        print(f"{name:15s} {np.linalg.norm(Xc[i] - P[i]):9.1f} {np.linalg.norm(Xr[i] - P[i]):9.1f}")
    _common.wrote(path)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".")
    main(ap.parse_args().out)
