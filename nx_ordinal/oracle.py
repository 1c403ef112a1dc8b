"""Triplet comparison oracles: answer batches of queries ``(i, j, k)`` about hidden points.

A query ``(i, j, k)`` asks "is ``j`` closer to ``i`` than ``k`` is?".  The oracle looks at the
squared distances ``D_ij = ||x_i - x_j||^2`` and ``D_ik`` of its hidden points and answers

* ``noise="none"``: truthfully, ``D_ij < D_ik``;
* ``noise="btl"``: by the Bradley-Terry-Luce model of eq. (3.1) of Ghosh et al. [1]_ --
  "``j`` is farther" with probability ``f(D_ij - D_ik)``, ``f(t) = 1 / (1 + exp(-t))``
  (optionally ``f(scale * t)``);
* ``noise="flip"``: truthfully, except that each answer is flipped independently with
  probability ``p``.

Answers are vectorized over the batch and drawn from the oracle's own seeded generator, so
the same seed and the same sequence of batches give the same answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._core.seeds import as_generator
from ._core.validation import check_choice
from ._data.sampling import random_pairs, random_triplets, sample_anchor_queries

if TYPE_CHECKING:
    import numpy as np

    from ._core.typing import ArrayLike, FloatArray, IntArray, NDArray, Seed

__all__ = ["TripletOracle", "sample_anchor_queries", "random_pairs"]

_NOISES = ("none", "btl", "flip")


class TripletOracle:
    """Noisy triplet oracle over hidden points.

    Parameters
    ----------
    X : array_like, shape (n, d)
        The hidden points (copied).
    noise : {"none", "btl", "flip"}, default "btl"
        Noise model (see the module docstring).
    p : float, default 0.0
        Flip probability for ``noise="flip"``, in ``[0, 0.5]``.
    scale : float, default 1.0
        Slope of the BTL link: ``P(j farther) = f(scale * (D_ij - D_ik))``.  ``1`` is the
        model of [1]_.
    seed : int, numpy Generator, RandomState or None
        Seed of the oracle's random answers.

    Attributes
    ----------
    n_objects : int
    n_queries : int
        Number of queries answered so far (the budget used).

    Raises
    ------
    ValueError
        Bad ``X``, ``noise``, ``p`` or ``scale``.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.oracle import TripletOracle
    >>> X = np.array([[0.0, 0.0], [1.0, 0.0], [3.0, 0.0]])
    >>> oracle = TripletOracle(X, noise="none")
    >>> oracle([[0, 1, 2], [0, 2, 1]]).tolist()
    [True, False]
    >>> oracle.triplets([[0, 2, 1]]).tolist()
    [[0, 1, 2]]
    >>> oracle.n_queries
    3

    Notes
    -----
    O(m d) time for a batch of m queries, done in chunks of ``2**20`` rows to bound memory.

    References
    ----------
    .. [1] Ghosh, N., Chen, Y. and Yue, Y. "Landmark Ordinal Embedding." NeurIPS 2019.
    """

    _CHUNK = 1 << 20

    def __init__(
        self,
        X: ArrayLike,
        noise: str = "btl",
        *,
        p: float = 0.0,
        scale: float = 1.0,
        seed: Seed = None,
    ) -> None:

        X = np.array(X, dtype=np.float64)
        if X.ndim != 2 or X.shape[0] < 1:
            raise ValueError(f"X must be a non-empty 2-d array of points, got shape {X.shape}")
        if not np.isfinite(X).all():
            raise ValueError("X contains non-finite entries")
        self.X = X
        self.noise = check_choice(noise, "noise", _NOISES)
        p = float(p)
        if not 0.0 <= p <= 0.5:
            raise ValueError(f"p must be in [0, 0.5], got {p}")
        if noise != "flip" and p != 0.0:
            raise ValueError(f"p is only used with noise='flip', got p={p} with noise={noise!r}")
        self.p = p
        scale = float(scale)
        if not (np.isfinite(scale) and scale > 0):
            raise ValueError(f"scale must be a positive finite number, got {scale}")
        self.scale = scale
        self.rng = as_generator(seed)
        self.n_queries = 0

    @property
    def n_objects(self) -> int:
        return self.X.shape[0]

    def __repr__(self):
        extra = f", p={self.p}" if self.noise == "flip" else ""
        return f"TripletOracle(n_objects={self.n_objects}, noise={self.noise!r}{extra})"

    def _check_queries(self, queries):
        Q = np.asarray(queries)
        if Q.ndim != 2 or Q.shape[1] != 3:
            raise ValueError(f"queries must have shape (m, 3), got {Q.shape}")
        if Q.size and not np.issubdtype(Q.dtype, np.integer):
            raise ValueError(f"queries must be integer indices, got dtype {Q.dtype}")
        if Q.size and (Q.min() < 0 or Q.max() >= self.n_objects):
            raise ValueError(
                f"query indices must be in [0, {self.n_objects - 1}], "
                f"got range [{Q.min()}, {Q.max()}]"
            )
        return Q

    def margins(self, queries: ArrayLike) -> FloatArray:
        """``D_ik - D_ij`` for each query (positive where ``j`` is truly closer).  O(m d)."""
        Q = self._check_queries(queries)
        out = np.empty(Q.shape[0])
        X = self.X
        for a in range(0, Q.shape[0], self._CHUNK):
            q = Q[a:a + self._CHUNK]
            xi = X[q[:, 0]]
            dij = np.einsum("ij,ij->i", xi - X[q[:, 1]], xi - X[q[:, 1]])
            dik = np.einsum("ij,ij->i", xi - X[q[:, 2]], xi - X[q[:, 2]])
            out[a:a + q.shape[0]] = dik - dij
        return out

    def probability(self, queries: ArrayLike) -> FloatArray:
        """Probability that the oracle answers ``True`` ("``j`` is closer") to each query."""
        t = self.margins(queries)
        if self.noise == "btl":
            # P(j closer) = 1 - f(scale (D_ij - D_ik)) = f(scale (D_ik - D_ij))
            return 0.5 * (1.0 + np.tanh(0.5 * self.scale * t))
        truth = (t > 0).astype(np.float64)
        if self.noise == "flip":
            return truth * (1.0 - self.p) + (1.0 - truth) * self.p
        return truth

    def _answer(self, t):
        """Noisy answers from the margins ``t = D_ik - D_ij``."""
        m = t.shape[0]
        self.n_queries += m
        if self.noise == "none":
            return t > 0
        u = self.rng.random(m)
        if self.noise == "btl":
            return u < 0.5 * (1.0 + np.tanh(0.5 * self.scale * t))
        return (t > 0) ^ (u < self.p)

    def __call__(self, queries: ArrayLike) -> NDArray[np.bool_]:
        """Answer a batch of queries: boolean array, ``True`` where ``j`` is judged closer to
        ``i`` than ``k``."""
        Q = self._check_queries(queries)
        return self._answer(self.margins(Q))

    def answer_anchored(self, anchor: int, j: ArrayLike, k: ArrayLike) -> NDArray[np.bool_]:
        """Answer the queries ``(anchor, j[c], k[c])`` that share one anchor.

        The same answers (and the same draws from the oracle's generator) as calling the
        oracle on ``np.column_stack([np.full(m, anchor), j, k])``, at O(n d + m) instead of
        O(m d): the squared distances from the anchor are computed once and gathered.

        Examples
        --------
        >>> import numpy as np
        >>> from nx_ordinal.oracle import TripletOracle
        >>> o = TripletOracle([[0.0, 0.0], [1.0, 0.0], [3.0, 0.0]], "none")
        >>> o.answer_anchored(0, np.array([1, 2]), np.array([2, 1])).tolist()
        [True, False]
        """
        n = self.n_objects
        a = int(anchor)
        if not 0 <= a < n:
            raise ValueError(f"anchor must be in [0, {n - 1}], got {anchor}")
        j, k = np.asarray(j), np.asarray(k)
        if j.shape != k.shape or j.ndim != 1:
            raise ValueError("j and k must be 1-d arrays of the same length")
        if j.size:
            if not (np.issubdtype(j.dtype, np.integer) and np.issubdtype(k.dtype, np.integer)):
                raise ValueError("j and k must be integer indices")
            lo, hi = min(j.min(), k.min()), max(j.max(), k.max())
            if lo < 0 or hi >= n:
                raise ValueError(f"query indices must be in [0, {n - 1}], got range [{lo}, {hi}]")
        diff = self.X[a] - self.X
        d2 = np.einsum("ij,ij->i", diff, diff)
        return self._answer(d2[k] - d2[j])

    def triplets(self, queries: ArrayLike) -> IntArray:
        """Answer queries and return them as constraints in list-order: row ``(i, j, k)``
        with ``j`` swapped with ``k`` where the oracle said ``k`` is closer, so every row
        reads "d(i, j) < d(i, k)" (possibly wrongly, under noise)."""
        Q = np.array(self._check_queries(queries), dtype=np.int64)
        y = self(Q)
        swap = ~y
        Q[swap, 1], Q[swap, 2] = Q[swap, 2], Q[swap, 1].copy()
        return Q

    def sample(self, n_triplets: int, seed: Seed = None) -> IntArray:
        """``n_triplets`` uniformly random queries of distinct objects, answered, as
        list-order constraints (see :meth:`triplets`).  O(m d)."""
        rng = self.rng if seed is None else seed
        return self.triplets(random_triplets(self.n_objects, n_triplets, seed=rng))


