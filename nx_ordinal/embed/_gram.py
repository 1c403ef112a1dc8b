"""Helpers shared by the Gram-form triplet solvers (STE/t-STE/GNMDS in :mod:`.ste` and
DMOE in :mod:`.dmoe`): constraint input as quadruplets, the start configuration and the BLAS
thread count of the dense eigendecompositions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .._validation import check_init

if TYPE_CHECKING:
    from .._typing import ArrayLike, FloatArray, IntArray

__all__ = ["as_quadruplets", "initial_embedding", "small_blas"]


def as_quadruplets(
    constraints: ArrayLike, n_objects: int | None, name: str = "constraints"
) -> tuple[IntArray, int, bool]:
    """Validate and return ``(Q, n, was_triplets)`` with Q of shape (m, 4)."""
    from ..constraints import check_constraints, triplets_to_quadruplets

    C, n = check_constraints(constraints, n_objects, name=name)
    was_triplets = C.shape[1] == 3
    Q = triplets_to_quadruplets(C) if was_triplets else C
    return np.ascontiguousarray(Q, dtype=np.int64), n, was_triplets


def initial_embedding(
    init: ArrayLike | None, n: int, dim: int, rng: np.random.Generator, scale: float = 0.1
) -> FloatArray:
    """Start configuration: ``init`` checked to shape (n, dim), else ``scale`` times a
    standard normal draw from ``rng``."""
    if init is None:
        return scale * rng.standard_normal((n, dim))
    return check_init(init, n, dim)


def small_blas(n: int) -> Any:
    """BLAS threads for the dense eigendecompositions of the Gram forms: one below a few
    hundred rows (threads only add overhead there), else the caller's count
    (:func:`nx_ordinal.embed._progress.dense_blas`)."""
    from ._progress import dense_blas

    return dense_blas(n)
