"""Hyperparameter selection for ordinal embeddings by k-fold validation on the constraints."""

from __future__ import annotations

import inspect
import itertools
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.seeds import as_generator
from .._core.validation import check_int
from ._gram import as_quadruplets
from .ste import generalization_error

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from .._core.result import EmbeddingResult
    from .._core.typing import ArrayLike, FloatArray, Seed

__all__ = ["select_by_validation"]


def _grid_points(grid):
    if isinstance(grid, dict):
        if not grid:
            raise ValueError("grid is empty: give at least one parameter value")
        names = list(grid)
        values = []
        for name in names:
            vals = list(grid[name]) if np.ndim(grid[name]) else [grid[name]]
            if not vals:
                raise ValueError(f"grid[{name!r}] is empty")
            values.append(vals)
        return [dict(zip(names, combo)) for combo in itertools.product(*values)]
    points = [dict(p) for p in grid]
    if not points:
        raise ValueError("grid is empty: give at least one parameter value")
    return points


def select_by_validation(
    method: Callable[..., EmbeddingResult],
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    grid: Mapping[str, Sequence[Any]],
    n_folds: int = 3,
    seed: Seed = None,
    embedding: Callable[[EmbeddingResult], FloatArray] | None = None,
    **fixed: Any,
) -> tuple[dict[str, Any], list[tuple[dict[str, Any], float]]]:
    """Pick the parameters of an ordinal-embedding solver by k-fold validation.

    The constraints are split at random into ``n_folds`` folds; for every grid point the
    solver is fitted on all folds but one and scored by the fraction of the held-out fold's
    constraints it violates (:func:`~nx_ordinal.embed.generalization_error`); the point with
    the lowest mean error wins (the first one in grid order on ties).  Only the training
    constraints are used: no test data enters the choice.

    Parameters
    ----------
    method : callable
        A solver with the signature ``method(constraints, n_objects, dim, **params)``
        returning an :class:`~nx_ordinal.embed.EmbeddingResult` (``dmoe``, ``ste``,
        ``tste``, ``gnmds``, ``soe``, ...).
    constraints : array_like of int, shape (m, 3) or (m, 4)
        Triplets or quadruplets in list-order.
    n_objects : int, optional
        Number of objects (default: largest index + 1).
    dim : int, default 2
    grid : dict of lists, or list of dicts
        ``{"lam": [1, 4], "nu": [0.1]}`` (Cartesian product) or an explicit list of
        parameter dicts.
    n_folds : int, default 3
        Number of folds (>= 2, <= m).
    seed : int, optional
        Seed of the fold split; also passed as ``seed`` to every fit when ``method`` takes a
        ``seed`` parameter (so the selection is deterministic for a given seed).
    embedding : callable, optional
        ``embedding(result) -> (n, d) array`` scored on the held-out fold (default
        ``result.embedding``).
    **fixed
        Parameters passed unchanged to every fit.

    Returns
    -------
    best : dict
        The selected grid point.
    scores : list of (dict, float)
        Every grid point with its mean validation error, in grid order.

    Raises
    ------
    ValueError
        Empty grid, ``n_folds`` < 2 or larger than the number of constraints.
    TypeError
        ``method`` not callable.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import orient_triplets, random_triplets
    >>> from nx_ordinal.embed import gnmds
    >>> from nx_ordinal.embed.validation import select_by_validation
    >>> P = np.random.default_rng(0).standard_normal((15, 2))
    >>> T = orient_triplets(random_triplets(15, 300, seed=1), P)
    >>> best, scores = select_by_validation(gnmds, T, 15, 2, grid={"lam": [0.0, 0.1]},
    ...                                     seed=0, max_iter=200)
    >>> best["lam"] in (0.0, 0.1), len(scores)
    (True, 2)

    Notes
    -----
    Cost: ``n_folds * len(grid)`` fits on ``(1 - 1/n_folds) m`` constraints each, plus
    O(m dim) per score.
    """


    if not callable(method):
        raise TypeError(f"method must be callable, got {method!r}")
    C = np.asarray(constraints)
    _, n, _ = as_quadruplets(C, n_objects)
    m = C.shape[0]
    n_folds = check_int(n_folds, "n_folds", minimum=2)
    if n_folds > m:
        raise ValueError(f"n_folds must be <= the number of constraints ({m}), got {n_folds}")
    points = _grid_points(grid)
    rng = as_generator(seed)
    fold = np.empty(m, dtype=np.int64)
    fold[rng.permutation(m)] = np.arange(m) % n_folds
    try:
        takes_seed = "seed" in inspect.signature(method).parameters
    except (TypeError, ValueError):
        takes_seed = False
    if takes_seed and seed is not None:
        fixed = {"seed": seed, **fixed}
    get = embedding if embedding is not None else (lambda res: res.embedding)
    scores = []
    for params in points:
        errs = []
        for f in range(n_folds):
            train, held = C[fold != f], C[fold == f]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # short budgets are part of the grid
                res = method(train, n, dim, **fixed, **params)
            errs.append(generalization_error(held, get(res)))
        scores.append((params, float(np.mean(errs))))
    best = min(range(len(scores)), key=lambda i: scores[i][1])
    return dict(scores[best][0]), scores
