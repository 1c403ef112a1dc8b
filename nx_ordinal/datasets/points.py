"""Synthetic point sets of the papers, as seeded ``(n, d)`` float64 arrays.

The 2-D densities PC, PCS and Gauss and the 3-D densities halfcube and donut are the test
sets of Cucuringu & Woodworth [1]_ (section 5, Table 1); ``two_squares`` is the "two uniform
high-density squares surrounded by a uniform low density region" of Terada & von Luxburg [2]_
(section 6.2).  The papers show these densities only as pictures, so the parameters below
were chosen once, documented in each docstring, and are fixed:

===============  ===  =======================================================================
name             dim  density
===============  ===  =======================================================================
``pc``           2    uniform on [0, 1]^2 with 3x the density on the left half x < 1/2
                      (mass 3/4 on the left half-plane, 1/4 on the right)
``pcs``          2    uniform on [0, 1]^2 with 3x the density on the central square
                      [1/4, 3/4]^2 (mass 1/2 inside it, 1/2 on the surrounding frame)
``gauss``        2    standard normal N(0, I_2)
``halfcube``     3    uniform on [0, 1]^3 with 3x the density on the half x < 1/2
``donut``        3    uniform on the solid torus of major radius 1 and tube radius 0.4
                      about the z axis
``two_squares``  2    40% uniform on [-1, 1]^2, 30% on each of [-0.7, -0.3] x [-0.2, 0.2]
                      and [0.3, 0.7] x [-0.2, 0.2]
===============  ===  =======================================================================

Every generator takes ``n`` and ``seed`` (``None``, an int, a ``numpy.random.Generator`` or a
``RandomState``); the same seed gives the same points.  Mixture components are drawn with a
multinomial count so the output order is random, not grouped by component.

References
----------
.. [1] M. Cucuringu and J. Woodworth, "Point localization and density estimation from ordinal
   kNN graphs using synchronization", section 5.
.. [2] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding", ICML 2014, section 6.2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._core.seeds import as_generator
from .._core.validation import check_int

if TYPE_CHECKING:
    from .._core.typing import FloatArray, Seed

__all__ = ["pc", "pcs", "gauss", "halfcube", "donut", "two_squares", "DENSITIES"]

# density ratio of the dense part to the sparse part in pc, pcs and halfcube
_RATIO = 3.0
# donut: major radius and tube radius
_DONUT_R = 1.0
_DONUT_TUBE = 0.4


def _check_n(n):

    return check_int(n, "n", minimum=0)


def _rng(seed):

    return as_generator(seed)


def _mixture(n, rng, weights, boxes):
    """Uniform mixture over axis-aligned boxes ``(lo, hi)``; output rows in random order."""

    weights = np.asarray(weights, dtype=np.float64)
    counts = rng.multinomial(n, weights / weights.sum())
    d = len(boxes[0][0])
    parts = []
    for c, (lo, hi) in zip(counts, boxes, strict=True):
        lo = np.asarray(lo, dtype=np.float64)
        hi = np.asarray(hi, dtype=np.float64)
        parts.append(lo + (hi - lo) * rng.random((int(c), d)))
    X = np.concatenate(parts, axis=0) if parts else np.empty((0, d))
    return X[rng.permutation(n)]


def pc(n: int, seed: Seed = None) -> FloatArray:
    """Piecewise-constant half-planes (PC): [0, 1]^2, density 3x higher where x < 1/2.

    Parameters
    ----------
    n : int
        Number of points.
    seed : None, int, numpy.random.Generator or RandomState

    Returns
    -------
    X : ndarray, shape (n, 2)

    Examples
    --------
    >>> from nx_ordinal.datasets import pc
    >>> X = pc(1000, seed=0)
    >>> X.shape, bool((X >= 0).all() and (X <= 1).all())
    ((1000, 2), True)
    """
    n = _check_n(n)
    r = _RATIO
    return _mixture(n, _rng(seed), [r, 1.0], [((0, 0), (0.5, 1)), ((0.5, 0), (1, 1))])


def pcs(n: int, seed: Seed = None) -> FloatArray:
    """Piecewise-constant squares (PCS): [0, 1]^2, density 3x higher on [1/4, 3/4]^2.

    The central square has area 1/4 and the frame around it 3/4, so with a 3:1 density ratio
    each holds half of the points.  The frame is drawn by rejection from the unit square.

    Parameters
    ----------
    n : int
    seed : None, int, numpy.random.Generator or RandomState

    Returns
    -------
    X : ndarray, shape (n, 2)

    Examples
    --------
    >>> from nx_ordinal.datasets import pcs
    >>> pcs(5, seed=1).shape
    (5, 2)
    """

    n = _check_n(n)
    rng = _rng(seed)
    inner_area = 0.25
    w_in = _RATIO * inner_area
    w_out = 1.0 - inner_area
    n_in = int(rng.binomial(n, w_in / (w_in + w_out)))
    inner = 0.25 + 0.5 * rng.random((n_in, 2))
    frame = np.empty((0, 2))
    while frame.shape[0] < n - n_in:
        m = 2 * (n - n_in - frame.shape[0]) + 8
        Y = rng.random((m, 2))
        keep = ~((Y >= 0.25) & (Y <= 0.75)).all(axis=1)
        frame = np.concatenate([frame, Y[keep]], axis=0)
    X = np.concatenate([inner, frame[: n - n_in]], axis=0)
    return X[rng.permutation(n)]


def gauss(n: int, seed: Seed = None) -> FloatArray:
    """Gaussian (Gauss): standard normal N(0, I_2) in the plane.

    Examples
    --------
    >>> from nx_ordinal.datasets import gauss
    >>> gauss(3, seed=0).shape
    (3, 2)
    """
    n = _check_n(n)
    return _rng(seed).standard_normal((n, 2))


def halfcube(n: int, seed: Seed = None) -> FloatArray:
    """Piecewise-constant half-cubes (halfcube): [0, 1]^3, density 3x higher where x < 1/2.

    Examples
    --------
    >>> from nx_ordinal.datasets import halfcube
    >>> halfcube(4, seed=0).shape
    (4, 3)
    """
    n = _check_n(n)
    r = _RATIO
    return _mixture(
        n, _rng(seed), [r, 1.0], [((0, 0, 0), (0.5, 1, 1)), ((0.5, 0, 0), (1, 1, 1))]
    )


def donut(n: int, seed: Seed = None) -> FloatArray:
    """Uniform points in a solid torus (Donut) about the z axis.

    Major radius 1 (centre of the tube to the z axis), tube radius 0.4; drawn by rejection
    from the bounding box [-1.4, 1.4]^2 x [-0.4, 0.4] (acceptance about 0.4).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.datasets import donut
    >>> X = donut(500, seed=0)
    >>> rho = np.hypot(X[:, 0], X[:, 1])
    >>> bool(((rho - 1) ** 2 + X[:, 2] ** 2 <= 0.4 ** 2).all())
    True
    """

    n = _check_n(n)
    rng = _rng(seed)
    R, a = _DONUT_R, _DONUT_TUBE
    lo = np.array([-(R + a), -(R + a), -a])
    hi = -lo
    out = np.empty((0, 3))
    while out.shape[0] < n:
        m = 3 * (n - out.shape[0]) + 16
        Y = lo + (hi - lo) * rng.random((m, 3))
        rho = np.hypot(Y[:, 0], Y[:, 1])
        keep = (rho - R) ** 2 + Y[:, 2] ** 2 <= a * a
        out = np.concatenate([out, Y[keep]], axis=0)
    return out[:n]


def two_squares(n: int, seed: Seed = None) -> FloatArray:
    """Two dense squares in a sparse square (Terada & von Luxburg 2014, section 6.2).

    40% of the points uniform on [-1, 1]^2, 30% uniform on [-0.7, -0.3] x [-0.2, 0.2] and 30%
    uniform on [0.3, 0.7] x [-0.2, 0.2].

    Examples
    --------
    >>> from nx_ordinal.datasets import two_squares
    >>> two_squares(10, seed=0).shape
    (10, 2)
    """
    n = _check_n(n)
    return _mixture(
        n,
        _rng(seed),
        [0.4, 0.3, 0.3],
        [((-1, -1), (1, 1)), ((-0.7, -0.2), (-0.3, 0.2)), ((0.3, -0.2), (0.7, 0.2))],
    )


#: name -> generator, for scripts that loop over the papers' densities
DENSITIES = {
    "pc": pc,
    "pcs": pcs,
    "gauss": gauss,
    "halfcube": halfcube,
    "donut": donut,
    "two_squares": two_squares,
}
