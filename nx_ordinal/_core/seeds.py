"""Random-state helpers shared by solvers and layouts."""

from __future__ import annotations

import contextlib
import numbers
from typing import TYPE_CHECKING, Any

import numpy as np

from .progress import blas_threads

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    import numpy as np

    from .typing import Seed

__all__ = ["as_generator", "as_seed_sequence", "draw_seed", "single_thread"]


def as_generator(seed: Seed | np.random.SeedSequence = None) -> np.random.Generator:
    """A :class:`numpy.random.Generator` from ``None``, an int, a Generator or a RandomState.

    A ``RandomState`` (what ``nx.utils.np_random_state`` hands to layouts) is turned into a
    Generator seeded from it, so the same seed gives the same stream.
    """


    if seed is None or isinstance(seed, (numbers.Integral, np.random.SeedSequence)):
        if isinstance(seed, bool):
            raise TypeError(f"seed must be None, an int or a random generator, got {seed!r}")
        if isinstance(seed, numbers.Integral) and seed < 0:
            raise ValueError(f"seed must be non-negative, got {seed}")
        return np.random.default_rng(seed)
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, np.random.RandomState):
        return np.random.default_rng(seed.randint(0, 2**31 - 1, size=4))
    if seed is np.random:
        return np.random.default_rng(np.random.randint(0, 2**31 - 1, size=4))  # noqa: NPY002
    raise TypeError(f"seed must be None, an int or a random generator, got {seed!r}")


def as_seed_sequence(seed: Any = None) -> np.random.SeedSequence:
    """The :class:`numpy.random.SeedSequence` a public call derives its streams from.

    ``None``: fresh entropy; an int >= 0: ``SeedSequence(seed)``; a SeedSequence: itself; a
    ``Generator``, ``RandomState`` or the ``numpy.random`` module: 128 bits drawn from it (so
    successive calls with one generator differ, and the same generator state gives the same
    result).  Bools, negative ints and other types raise.
    """

    if isinstance(seed, np.random.SeedSequence):
        return seed
    if seed is None:
        return np.random.SeedSequence()
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        if seed < 0:
            raise ValueError(f"seed must be non-negative, got {seed}")
        return np.random.SeedSequence(int(seed))
    if isinstance(seed, np.random.Generator):
        return np.random.SeedSequence(seed.integers(0, 2**32, size=4, dtype=np.uint64).tolist())
    if isinstance(seed, np.random.RandomState):
        return np.random.SeedSequence(seed.randint(0, 2**32, size=4, dtype=np.uint64).tolist())
    if seed is np.random:
        return np.random.SeedSequence(
            np.random.randint(0, 2**32, size=4, dtype=np.uint64).tolist())  # noqa: NPY002
    raise TypeError(f"seed must be None, an int or a random generator, got {seed!r}")


def draw_seed(rng: Any) -> int:
    """An int seed drawn from ``rng`` (Generator or RandomState) for a sub-computation.

    Annotated ``Any``: inside a function decorated with ``nx.utils.np_random_state`` the
    caller's ``seed`` is already a RandomState or Generator.
    """
    return int(rng.integers(0, 2**31 - 1)) if hasattr(rng, "integers") else int(
        rng.randint(0, 2**31 - 1)
    )


def single_thread(
    enabled: bool = True, user_api: str | None = None
) -> AbstractContextManager[object]:
    """Context limiting BLAS (and OpenMP, unless ``user_api="blas"``) to one thread.

    Small dense linear algebra and L-BFGS-B's level-1 vector updates only lose from extra
    threads, badly so on a busy machine.  A no-op when ``enabled`` is false.  threadpoolctl is
    a dependency, so the limit always applies.
    """

    if not enabled:
        return contextlib.nullcontext()
    return blas_threads(1, user_api=user_api)
