"""The solvers' starting configurations, in one module: the ``init="auto"`` rule of
:func:`nx_ordinal.embed.loe` (:func:`auto_solver_start`), the start configurations of runs
and restarts (named starts cycled over the runs, :func:`start_configurations`), and the one
perturbation rule of a restart (:func:`perturbed_start`).

The spectral and pivot-MDS starts themselves are solvers (:func:`nx_ordinal.embed.
laplacian_eigenmaps`, :func:`nx_ordinal.embed.pivot_mds`): callers pass them in as ``base``.
The starts drawn by networkx (Kamada-Kawai, spring) are with the layouts
(``nx_ordinal.layouts._common.networkx_start``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from .._core.typing import FloatArray

__all__ = ["PIVOT_MIN_N", "auto_solver_start", "perturbed_start", "start_configurations"]

#: embed.loe's "auto" starts from pivot MDS beyond this many vertices (spectral up to it)
PIVOT_MIN_N = 2000


def auto_solver_start(n: int) -> str:
    """The start :func:`nx_ordinal.embed.loe` takes for ``init="auto"`` on ``n`` vertices:
    ``"spectral"`` up to :data:`PIVOT_MIN_N`, ``"pivot"`` beyond (see ``loe``'s Notes)."""
    return "pivot" if n > PIVOT_MIN_N else "spectral"

def perturbed_start(X: FloatArray, rng: np.random.Generator) -> FloatArray:
    """``X`` plus Gaussian noise of 0.3 times its RMS spread about the centroid (1 when all
    points coincide): the start of a restart, the one perturbation rule of the package.
    Draws ``X.size`` normals from ``rng``; O(n dim)."""

    spread = float(np.sqrt(np.mean(np.sum((X - X.mean(0)) ** 2, axis=1)))) or 1.0
    return X + 0.3 * spread * rng.standard_normal(X.shape)


def start_configurations(
    inits: Sequence[str], n_init: int, rng: np.random.Generator,
    base: Callable[[str], FloatArray], shape: tuple[int, int] | None = None,
) -> Iterator[FloatArray]:
    """The start configurations of ``n_init`` runs, cycling over the named starts ``inits``.

    The first run of a name begins from ``base(name)`` (built once, when first needed), its
    later runs from a :func:`perturbed_start` of it; ``"random"`` is a fresh standard normal
    configuration of ``shape`` for every run.  Lazy: each start, and each draw from ``rng``,
    is made when the next run asks for it, so ``rng``'s stream is consumed in run order
    whether the caller runs them all or stops early.  Used by ``loe_layout`` (several named
    starts) and :func:`nx_ordinal.embed.loe` (one start and its restarts).  O(n dim) per
    start besides ``base``.
    """
    built: dict[str, FloatArray] = {}
    for r in range(n_init):
        name = inits[r % len(inits)]
        if name == "random":
            if shape is None:
                raise ValueError('start_configurations needs shape for init="random"')
            yield rng.standard_normal(shape)
        elif name not in built:
            built[name] = base(name)
            yield built[name]
        else:
            yield perturbed_start(built[name], rng)
