"""
Eurodist: soft ordinal embedding of 1,000 distance comparisons
==============================================================

Reproduces supplement section 3.4 / Figure 4 of Terada & von Luxburg (2014): out of all
~21,900 comparisons ``d(a, b) < d(c, d)`` of R's ``eurodist`` road distances between 21
European cities, 1,000 are drawn at random and embedded in 2-D by SOE (10 restarts, the
lowest Err_soft kept).  Left: classical (metric) MDS of the true distances; middle: the SOE
embedding of draw 0, Procrustes-aligned to it; right: the violated comparisons over
``--draws`` independent draws of the 1,000 comparisons (the paper reports one draw: 35/1000
for SOE, 94/1000 for GNMDS).

**What to look for:** from 1,000 comparisons alone SOE draws the map of Europe (Lisbon to
Athens, Stockholm at the top) about as well as metric MDS of the full distance matrix; the
violated comparisons of most draws are at or below the paper's 35.  Draw 0 is one of the
harder draws: 45 violations at the global minimum of Err_soft (200 restarts reach the same
objective).

Reads ``eurodist/`` from ``--data`` (default: ``$NX_ORDINAL_DATA`` or ``../shared/data``
next to the checkout) and skips cleanly when it is absent.  Run::

    python gallery/plot_eurodist.py --out DIR
"""

import argparse
import csv
import pathlib

import numpy as np


def load(data_dir):
    path = pathlib.Path(data_dir) / "eurodist" / "eurodist_matrix_21x21.csv"
    with open(path) as fh:
        rows = list(csv.reader(fh))
    return rows[0][1:], np.array([[float(v) for v in r[1:]] for r in rows[1:]])


def default_data():
    """``$NX_ORDINAL_DATA`` or ``../shared/data`` next to the checkout (searched upwards)."""
    import _common

    return pathlib.Path(_common.data_dir())


def main():
    ap = argparse.ArgumentParser(description=(__doc__ or "").strip().split("\n")[0])
    ap.add_argument("--out", default=".")
    ap.add_argument("--data", default=str(default_data()))
    ap.add_argument("--seed", type=int, default=2014)
    ap.add_argument("--draws", type=int, default=20)
    ap.add_argument("--small", action="store_true", help="5 draws instead of --draws")
    args = ap.parse_args()

    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nx_ordinal.constraints import all_quadruplets
    from nx_ordinal.embed import classical_mds, soe
    from nx_ordinal.metrics import procrustes_align, triplet_error

    if args.small:
        args.draws = 5
    csv_path = pathlib.Path(args.data) / "eurodist" / "eurodist_matrix_21x21.csv"
    if not csv_path.is_file():
        import _common

        _common.skip(csv_path)
        return
    names, D = load(args.data)
    allq = all_quadruplets(D)
    rng = np.random.default_rng(args.seed)
    counts, rates = [], []
    for d in range(max(args.draws, 1)):
        Qd = allq[rng.choice(allq.shape[0], size=1000, replace=False)]
        rd = soe(Qd, len(names), 2, n_init=10, seed=d)
        counts.append(int(round(1000 * triplet_error(Qd, rd.embedding))))
        rates.append(triplet_error(allq, rd.embedding))
        if d == 0:
            Q, res = Qd, rd
    M = classical_mds(D, 2)
    # orient the map: Lisbon -> Vienna points east, Stockholm lies north of Athens
    u = M[names.index("Vienna")] - M[names.index("Lisbon")]
    u /= np.linalg.norm(u)
    v = np.array([-u[1], u[0]])
    M = M @ np.column_stack([u, v])
    if M[names.index("Stockholm"), 1] < M[names.index("Athens"), 1]:
        M[:, 1] *= -1
    S = procrustes_align(M, res.embedding)
    v_s = int(round(1000 * triplet_error(Q, S)))
    r_s = triplet_error(allq, S)
    r_m = triplet_error(allq, M)
    fig, axes = plt.subplots(1, 3, figsize=(18, 6.2), width_ratios=(1, 1, 0.6))
    for ax, Y, title in [
        (axes[0], M, f"classical MDS of the road distances\n"
                     f"violates {100 * r_m:.1f}% of all {allq.shape[0]} comparisons"),
        (axes[1], S, f"SOE of 1,000 comparisons, draw 0 (Procrustes-aligned)\n{v_s}/1000 "
                     f"violated; {100 * r_s:.1f}% of all {allq.shape[0]} comparisons"),
    ]:
        ax.scatter(Y[:, 0], Y[:, 1], s=18, color="tab:blue")
        for (x, y), name in zip(Y, names, strict=True):
            ax.annotate(name, (x, y), fontsize=8, xytext=(3, 3), textcoords="offset points")
        ax.set_title(title, fontsize=10)
        ax.set_aspect("equal")
        ax.set_xticks([])
        ax.set_yticks([])
    ax = axes[2]
    ax.hist(counts, bins=np.arange(min(counts) - 0.5, max(counts) + 1.5, 2), color="tab:blue")
    ax.axvline(35, color="tab:red", ls="--", label="paper: 35/1000")
    ax.set_xlabel("violated comparisons out of 1,000")
    ax.set_ylabel("draws")
    ax.yaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    n_ok = sum(c <= 35 for c in counts)
    ax.set_title(f"{len(counts)} draws: median {np.median(counts):g}, {n_ok} with <= 35\n"
                 f"all comparisons: median {100 * np.median(rates):.1f}% violated", fontsize=10)
    ax.legend(fontsize=8)
    fig.suptitle("eurodist (Terada & von Luxburg 2014, supplement 3.4)")
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / "eurodist.png", dpi=110)
    print(f"SOE over {len(counts)} draws: violated/1000 {counts}, median {np.median(counts):g}, "
          f"{n_ok} draws <= 35; rate on all comparisons median {100 * np.median(rates):.2f}% "
          f"(min {100 * min(rates):.2f}%, max {100 * max(rates):.2f}%)")
    print(f"draw 0: {v_s}/1000 violated, {100 * r_s:.2f}% of all comparisons; "
          f"classical MDS: {100 * r_m:.2f}%")
    import _common

    _common.wrote(out / "eurodist.png")


if __name__ == "__main__":
    main()
