"""Triplet embeddings: STE, t-STE and GNMDS, factored (L-BFGS on X) and Gram-projected ("-p").

A triplet ``(i, j, k)`` (cblearn's "list-order") says ``d(i, j) < d(i, k)``; a quadruplet
``(i, j, k, l)`` says ``d(i, j) < d(k, l)``.  Both are handled by one kernel: a triplet is the
quadruplet ``(i, j, i, k)``.  With squared distances ``d1 = |x_i - x_j|^2`` and
``d2 = |x_k - x_l|^2`` each method minimises

    f(X) = (1/m) sum_q loss(d1_q, d2_q) + lam * ||X||_F^2        (factored form)
    f(K) = (1/m) sum_q loss(d1_q, d2_q) + lam * trace(K)         (Gram form, K = X X^T)

with

* STE [1]_:   ``loss = log(1 + exp(d1 - d2))`` (minus the log-probability of the Gaussian
  kernel model),
* t-STE [1]_: ``loss = log(1 + ((1 + d1/alpha) / (1 + d2/alpha))^((alpha + 1)/2))`` (Student-t
  kernel with ``alpha`` degrees of freedom),
* GNMDS [2]_: ``loss = max(0, margin + d1 - d2)`` (hinge on squared distances).

The factored form optimises X with L-BFGS; value and gradient are vectorized over the
constraint array (1-D gathers per coordinate, three index columns for triplets) and
scattered with :func:`numpy.bincount`: O(m dim) time and memory per evaluation.  Exponents
below -300 are clipped (a loss or weight under 1e-130 per constraint is evaluated as
exp(-300)), which keeps numpy's ``exp`` off its slow underflow path.  The "-p" form
(``projected=True``) is the variant of Jain, Jamieson & Nowak [3]_ used as baseline in [4]_:
projected gradient descent with backtracking line search on the Gram matrix K, projecting
onto the top-``dim`` eigenvalues (clipped at 0) after each step: O(m + n^3) per step (one
dense eigendecomposition).  The three losses are defined here as loss objects; the kernels
that evaluate them and the "-p" solver are shared with DMOE in ``embed/_gram.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from scipy.special import expit

from .._core.estimates import check_constraint_sizes, triplet_memory
from .._core.optim import run_lbfgs
from .._core.progress import public_call
from .._core.result import EmbeddingResult
from .._core.runner import BestPoint, run_restarts
from .._core.seeds import as_generator
from .._core.validation import check_dim, check_int, check_nonnegative, check_positive
from ..constraints import triplet_error
from ._gram import FactoredKernel, ProjectedRun, TripletLoss, mean_loss_stop
from ._gram import as_quadruplets as _as_quadruplets
from ._gram import initial_embedding as _initial_X

if TYPE_CHECKING:
    from .._core.result import EmbeddingResult
    from .._core.typing import ArrayLike, FloatArray, Seed

__all__ = ["ste", "tste", "gnmds", "generalization_error", "triplet_objective"]

_KINDS = ("ste", "tste", "gnmds")


# ---------------------------------------------------------------------------------------------
# the losses (the kernels that evaluate them are in ._gram)

_EXP_FLOOR = 300.0  # exp(-300) ~ 5e-131: no underflow, no denormal products


def _softplus_sigmoid(z, B):
    """Sum of ``softplus(z)``; overwrites ``z`` (row 0 of the work array B) with
    ``sigmoid(z)``, using rows 1 and 4 as scratch.  O(m).

    softplus(z) = max(z, 0) + log1p(e), sigmoid(z) = exp(min(z, 0)) / (1 + e) with
    e = exp(-|z|).  Exponents are clipped at -_EXP_FLOOR: below it exp is no longer exact
    but tiny (< 1e-130 per constraint), while underflowing or denormal values would take
    numpy's exp and multiplications through a slow path (10-100x).
    """
    e = np.abs(z, out=B[1])
    np.minimum(e, _EXP_FLOOR, out=e)
    np.negative(e, out=e)
    np.exp(e, out=e)
    spare = B[4]
    total = float(np.maximum(z, 0.0, out=spare).sum())
    total += float(np.log1p(e, out=spare).sum())
    e += 1.0
    np.clip(z, -_EXP_FLOOR, 0.0, out=z)
    np.exp(z, out=z)
    z /= e
    return total


class _Ste(TripletLoss):
    """STE: ``log(1 + exp(d1 - d2))``."""

    def terms(self, d1, d2):

        z = d1 - d2
        s = expit(z)
        return np.logaddexp(0.0, z), s, -s

    def weights(self, d1, d2, B, mask):
        z = np.subtract(d1, d2, out=B[0])
        total = _softplus_sigmoid(z, B)
        return total, z, z


class _Tste(TripletLoss):
    """t-STE: ``log(1 + ((alpha + d1) / (alpha + d2))^c)``, ``c = (alpha + 1) / 2``."""

    def __init__(self, alpha):
        self.alpha = alpha

    def terms(self, d1, d2):

        alpha = self.alpha
        c = 0.5 * (alpha + 1.0)
        z = c * (np.log1p(d1 / alpha) - np.log1p(d2 / alpha))
        s = expit(z)
        return np.logaddexp(0.0, z), s * c / (alpha + d1), -s * c / (alpha + d2)

    def weights(self, d1, d2, B, mask):
        z = B[0]
        c = 0.5 * (self.alpha + 1.0)
        A1 = np.add(d1, self.alpha, out=d1)
        A2 = np.add(d2, self.alpha, out=d2)
        np.divide(A1, A2, out=z)
        np.log(z, out=z)
        if c != 1.0:
            z *= c
        total = _softplus_sigmoid(z, B)
        w2 = np.divide(z, A2, out=A2)  # c sigmoid(z) / (alpha + d2)
        w2 *= c
        z /= A1
        z *= c
        return total, z, w2


class _Gnmds(TripletLoss):
    """GNMDS: the hinge ``max(0, margin + d1 - d2)``."""

    def __init__(self, margin):
        self.margin = margin

    def terms(self, d1, d2):
        z = self.margin + d1 - d2
        s = (z > 0).astype(np.float64)
        return np.maximum(z, 0.0), s, -s

    def weights(self, d1, d2, B, mask):
        """With fewer than half of the hinges active, only their indices (the kernel then
        scatters those alone)."""
        z, tmp = B[0], B[1]
        np.subtract(d1, d2, out=z)
        z += self.margin
        np.greater(z, 0.0, out=mask)
        if 2 * np.count_nonzero(mask) < z.size:
            act = np.flatnonzero(mask)
            return float(z.take(act).sum()), None, act
        total = float(np.maximum(z, 0.0, out=tmp).sum())
        np.copyto(z, mask)
        return total, z, z


def _make_loss(kind, alpha=1.0, margin=1.0):
    """The loss object of ``kind`` ("ste", "tste" or "gnmds")."""
    if kind == "ste":
        return _Ste()
    if kind == "tste":
        return _Tste(alpha)
    return _Gnmds(margin)


def triplet_objective(
    X: ArrayLike,
    constraints: ArrayLike,
    kind: str = "ste",
    *,
    alpha: float = 1.0,
    margin: float = 1.0,
    lam: float = 0.0,
    return_grad: bool = False,
) -> float | tuple[float, FloatArray]:
    """Objective (and gradient) of STE / t-STE / GNMDS at configuration ``X``.

    Parameters
    ----------
    X : array_like, shape (n, dim)
    constraints : array_like, shape (m, 3) or (m, 4)
        Triplets ``(i, j, k)``: ``d(i,j) < d(i,k)``; quadruplets ``(i, j, k, l)``:
        ``d(i,j) < d(k,l)``.
    kind : {"ste", "tste", "gnmds"}
    alpha, margin, lam : float
        t-STE degrees of freedom, GNMDS margin, weight of ``||X||_F^2``.
    return_grad : bool

    Returns
    -------
    f : float
    grad : ndarray, shape (n, dim)
        Only with ``return_grad=True``.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed.ste import triplet_objective
    >>> X = np.array([[0.0], [1.0], [3.0]])
    >>> round(triplet_objective(X, [[0, 1, 2]], "ste"), 6)  # log(1 + exp(1 - 9))
    0.000335
    >>> triplet_objective(X, [[0, 2, 1]], "gnmds")  # max(0, 1 + 9 - 1)
    9.0
    """
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {_KINDS}, got {kind!r}")
    X = np.asarray(X, dtype=np.float64)
    if X.ndim == 1:
        X = X[:, None]
    Q, _, _ = _as_quadruplets(constraints, X.shape[0])
    if Q.shape[0] == 0:
        raise ValueError("constraints is empty")
    f, grad = FactoredKernel(Q, _make_loss(kind, float(alpha), float(margin)), float(lam))(X)
    return (f, grad) if return_grad else f


# ---------------------------------------------------------------------------------------------
# solvers

class _XEvaluator(BestPoint):
    def __init__(self, Q, loss, lam):
        super().__init__()
        self.kernel = FactoredKernel(Q, loss, lam)

    def __call__(self, X):
        f, grad = self.kernel(X)
        self.record(f, X)
        return f, grad


def _triplet_embed(kind, constraints, n_objects, dim, init, projected, max_iter, tol,
                   max_time, seed, verbose, alpha=1.0, margin=1.0, lam=0.0):

    dim = check_dim(dim)
    max_iter = check_int(max_iter, "max_iter", minimum=0)
    tol = check_nonnegative(tol, "tol")
    lam = check_nonnegative(lam, "lam")
    check_positive(max_time, "max_time", allow_none=True)
    if not isinstance(projected, (bool, np.bool_)):
        raise TypeError(f"projected must be a bool, got {projected!r}")
    Q, n, _ = _as_quadruplets(constraints, n_objects)
    if Q.shape[0] == 0:
        raise ValueError("constraints is empty: nothing to embed")
    check_constraint_sizes(kind, Q, n, dim, n_objects_given=n_objects is not None,
                           init_given=init is not None)
    triplet_memory(kind, n, dim, Q.shape[0], projected=projected).check(verbose)
    rng = as_generator(seed)
    X0 = _initial_X(init, n, dim, rng)
    name = f"{kind}-p" if projected else kind
    loss = _make_loss(kind, alpha, margin)

    class _Run:
        def __init__(self, r):
            self.ev = None if projected else _XEvaluator(Q, loss, lam)
            self.proj = ProjectedRun(X0, Q, loss, lam, dim, max_iter, tol) if projected else None

        def solve(self, progress):
            if self.proj is not None:
                return self.proj.solve(progress)
            # the mean-loss stopping rule; no "small objective" test; only a failed line
            # search (status 2) counts as a stationary end
            return run_lbfgs(self.ev, X0, max_iter, tol, progress, f_small=-np.inf,
                             stop=mean_loss_stop, stationary=(2,))

        def result(self, n_iter, conv, hist, interrupted):
            info = {"n_constraints": int(Q.shape[0])}
            ev, proj = self.ev, self.proj
            if proj is not None:  # the last accepted iterate (the start before the first)
                X, f = proj.Y, proj.f
                info["gram"] = proj.K
            elif ev.best_X is not None:  # the best evaluated configuration
                X, f = ev.best_X, ev.best_f
            elif interrupted:
                X, f = X0, np.nan
            else:
                X, f = X0, ev.kernel(X0)[0]
            if ev is not None and not interrupted:
                info["n_eval"] = ev.n_eval
            return EmbeddingResult(np.asarray(X, dtype=np.float64), float(f), int(n_iter),
                                   bool(conv), hist, name, info)

    return run_restarts(name, 1, _Run, max_iter=max_iter, verbose=verbose, max_time=max_time)


_COMMON_DOC = """
    Parameters
    ----------
    constraints : array_like of int, shape (m, 3) or (m, 4)
        Triplets ``(i, j, k)`` meaning ``d(i, j) < d(i, k)`` (cblearn's "list-order") or
        quadruplets ``(i, j, k, l)`` meaning ``d(i, j) < d(k, l)``.
    n_objects : int, optional
        Number of objects (default: largest index + 1).
    dim : int, default 2
        Embedding dimension (the rank ``p`` of the Gram matrix in the projected form).
    init : array_like, shape (n_objects, dim), optional
        Starting configuration (default: ``0.1 * N(0, I)``); never modified.
    projected : bool, default False
        ``False``: L-BFGS on X.  ``True``: the "-p" form, projected gradient with line
        search on the Gram matrix, projected onto its top-``dim`` eigenvalues each step.
    max_iter : int
    tol : float, default 1e-6
        The solver stops when the objective (a mean loss per constraint) decreased by less
        than ``10 * tol * max(f, 1)`` over the last 10 iterations.
    max_time : float, optional
        Seconds allowed.
    seed : int, numpy Generator or RandomState, optional
        Seed of the random initialisation.
    verbose : bool
        Show a progress bar.
"""

_RETURNS_DOC = """
    Returns
    -------
    EmbeddingResult
        ``embedding`` of shape (n_objects, dim); in the projected form ``info["gram"]`` holds
        the Gram matrix.

    Raises
    ------
    ValueError
        Malformed constraints (shape, negative / out-of-range index, repeated object), an
        empty constraint array, bad parameter values, an ``init`` of the wrong shape.
    TypeError
        Non-integer constraints or parameters of the wrong type.
"""


@public_call
def ste(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    init: ArrayLike | None = None,
    projected: bool = False,
    lam: float = 0.0,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    seed: Seed = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """Stochastic Triplet Embedding (STE) of van der Maaten & Weinberger [1]_.

    Minimises ``(1/m) sum log(1 + exp(d_ij^2 - d_ik^2)) + lam ||X||^2``, minus the mean
    log-likelihood of the Gaussian-kernel (Bradley-Terry) model
    ``P(d_ij < d_ik) = exp(-d_ij^2) / (exp(-d_ij^2) + exp(-d_ik^2))``.
    {common}
    lam : float, default 0
        Weight of ``||X||_F^2`` (``trace(K)`` in the projected form).
    {returns}
    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import random_triplets, orient_triplets
    >>> from nx_ordinal.embed.ste import ste, generalization_error
    >>> rng = np.random.default_rng(0)
    >>> P = rng.standard_normal((30, 2))
    >>> T = orient_triplets(random_triplets(30, 3000, seed=1), P)
    >>> res = ste(T, dim=2, seed=0)
    >>> res.embedding.shape, generalization_error(T, res.embedding) < 0.05
    ((30, 2), True)

    Notes
    -----
    Factored form: O(m dim) per L-BFGS evaluation (``np.bincount`` scatter of the
    per-constraint gradients).  Projected form: O(m + n^2 dim) per step plus a partial
    eigendecomposition, O(n^2) memory.

    References
    ----------
    .. [1] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding."
       IEEE MLSP 2012.
    .. [2] Jain, L., Jamieson, K. and Nowak, R. "Finite sample prediction and recovery bounds
       for ordinal embedding." NeurIPS 2016 (the projected "-p" optimiser).
    """
    return _triplet_embed("ste", constraints, n_objects, dim, init, projected, max_iter, tol,
                          max_time, seed, verbose, lam=lam)


@public_call
def tste(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    alpha: float | None = None,
    init: ArrayLike | None = None,
    projected: bool = False,
    lam: float = 0.0,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    seed: Seed = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """t-distributed Stochastic Triplet Embedding (t-STE) of van der Maaten & Weinberger [1]_.

    Student-t kernel ``k(d) = (1 + d^2/alpha)^(-(alpha+1)/2)``; minimises
    ``(1/m) sum -log(k(d_ij) / (k(d_ij) + k(d_ik))) + lam ||X||^2``.
    {common}
    alpha : float, optional
        Degrees of freedom of the Student-t kernel; default ``max(dim - 1, 1)`` as in [1]_.
    lam : float, default 0
        Weight of ``||X||_F^2`` (``trace(K)`` in the projected form).
    {returns}
    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import random_triplets, orient_triplets
    >>> from nx_ordinal.embed.ste import tste, generalization_error
    >>> rng = np.random.default_rng(0)
    >>> P = rng.standard_normal((30, 2))
    >>> T = orient_triplets(random_triplets(30, 3000, seed=1), P)
    >>> res = tste(T, dim=2, seed=0)
    >>> generalization_error(T, res.embedding) < 0.1
    True

    Notes
    -----
    Same costs as :func:`ste`.

    References
    ----------
    .. [1] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding."
       IEEE MLSP 2012.
    """
    dim_ = check_dim(dim)
    alpha = float(max(dim_ - 1, 1)) if alpha is None else check_positive(alpha, "alpha")
    return _triplet_embed("tste", constraints, n_objects, dim_, init, projected, max_iter, tol,
                          max_time, seed, verbose, alpha=float(alpha), lam=lam)


@public_call
def gnmds(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    margin: float = 1.0,
    lam: float = 0.0,
    init: ArrayLike | None = None,
    projected: bool = False,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    seed: Seed = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """Generalized Non-metric Multidimensional Scaling (GNMDS) of Agarwal et al. [1]_.

    Minimises ``(1/m) sum max(0, margin + d_ij^2 - d_ik^2) + lam ||X||^2`` (hinge on
    squared distances; in the projected form the regulariser is ``lam trace(K)``, the
    paper's convex relaxation with the rank constraint of [2]_).
    {common}
    margin : float, default 1
        Required gap between the squared distances.
    lam : float, default 0
        Weight of ``||X||_F^2`` (``trace(K)`` in the projected form); it trades the scale
        of the solution against the number of active hinges (0, as in cblearn: the margin
        alone sets the scale).
    {returns}
    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import random_triplets, orient_triplets
    >>> from nx_ordinal.embed.ste import gnmds, generalization_error
    >>> rng = np.random.default_rng(0)
    >>> P = rng.standard_normal((30, 2))
    >>> T = orient_triplets(random_triplets(30, 3000, seed=1), P)
    >>> res = gnmds(T, dim=2, seed=0)
    >>> generalization_error(T, res.embedding) < 0.05
    True

    Notes
    -----
    The hinge is not differentiable at the margin; L-BFGS uses its subgradient (the
    indicator of active constraints), which works well in practice.  Same costs as
    :func:`ste`.

    References
    ----------
    .. [1] Agarwal, S. et al. "Generalized non-metric multidimensional scaling." AISTATS 2007.
    .. [2] Jain, L., Jamieson, K. and Nowak, R. "Finite sample prediction and recovery bounds
       for ordinal embedding." NeurIPS 2016.
    """
    margin = check_positive(margin, "margin")
    return _triplet_embed("gnmds", constraints, n_objects, dim, init, projected, max_iter, tol,
                          max_time, seed, verbose, margin=float(margin), lam=lam)


for _f in (ste, tste, gnmds):
    _f.__doc__ = (_f.__doc__ or "").replace("{common}", "\n    " + _COMMON_DOC.strip()).replace(
        "{returns}", _RETURNS_DOC.strip() + "\n")
del _f


def generalization_error(constraints_test: ArrayLike, X: ArrayLike) -> float:
    """Fraction of held-out constraints violated by embedding ``X`` (ties count as violated).

    Parameters
    ----------
    constraints_test : array_like, shape (m, 3) or (m, 4)
        Test triplets / quadruplets in list-order.
    X : array_like, shape (n, dim)

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed.ste import generalization_error
    >>> generalization_error([[0, 1, 2], [2, 0, 1]], np.array([[0.0], [1.0], [3.0]]))
    0.5

    Notes
    -----
    O(m dim); the measure of Table 1 of Ma et al. (AAAI 2019).
    """

    return triplet_error(constraints_test, X)
