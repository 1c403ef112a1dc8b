"""Section 6.1 of Cayton & Dasgupta (2006): robustness of REE vs classical MDS.

20 random points in [0,1]^20, squared distances D, two entries (and their mirror) raised by a
random constant in [0, ||D||_F]; count the distances (ordered off-diagonal pairs) distorted by
more than 1 % after embedding, for REE (subgradient, full dimension) and cMDS (all positive
eigenpairs).  Paper: REE 12.0 +- 3.4, cMDS 144.2 +- 17.8.

    python benchmarks/ree_robustness.py --reps 1000
"""

import argparse
import time

import numpy as np

from nx_ordinal._core.progress import Progress
from nx_ordinal.embed.ree import _dist_from_gram, _psd_project, _subgradient


def run(reps=1000, seed=0, n=20, max_iter=3000, step=0.2, restart=250, batch=100):
    rng = np.random.default_rng(seed)
    off = ~np.eye(n, dtype=bool)
    iu = np.triu_indices(n, 1)
    J = np.eye(n) - 1.0 / n
    c_ree, c_cm = [], []
    for start in range(0, reps, batch):
        b = min(batch, reps - start)
        P = rng.random((b, n, n))
        D2 = ((P[:, :, None] - P[:, None]) ** 2).sum(-1)
        C = D2.copy()
        for r in range(b):
            fro = np.linalg.norm(D2[r])
            for p in rng.choice(iu[0].size, 2, replace=False):
                i, j = iu[0][p], iu[1][p]
                c = rng.uniform(0, fro)
                C[r, i, j] += c
                C[r, j, i] += c
        W = np.broadcast_to(off.astype(float), C.shape).copy()
        Bc = _psd_project(-0.5 * J @ C @ J)  # cMDS Gram (full dimension)
        B, *_ = _subgradient(C, W, Bc.copy(), max_iter, step, 1e-6, 10**9,
                             Progress(max_iter), restart)
        true = np.sqrt(D2[:, off])
        for E, out in ((_dist_from_gram(B), c_ree), (_dist_from_gram(Bc), c_cm)):
            est = np.sqrt(np.maximum(E[:, off], 0))
            out.extend((np.abs(est - true) > 0.01 * true).sum(-1).tolist())
    return (np.mean(c_ree), np.std(c_ree)), (np.mean(c_cm), np.std(c_cm))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    t = time.perf_counter()
    (mr, sr), (mc, sc) = run(a.reps, a.seed)
    print(f"reps={a.reps}  REE {mr:.1f} +- {sr:.1f} (paper 12.0 +- 3.4)   "
          f"cMDS {mc:.1f} +- {sc:.1f} (paper 144.2 +- 17.8)   {time.perf_counter() - t:.0f}s")
