"""DMOE: ordinal embedding by optimising the margin distribution (Ma et al., AAAI 2019).

For constraints ``q`` saying ``d(i,j) < d(k,l)`` the margin on the Gram matrix G is the linear
function ``gamma_q = <K_q, G> = d_kl^2 - d_ij^2`` (a triplet ``(i, j, k)`` is the quadruplet
``(i, j, i, k)``).  DMOE fixes the margin mean at ``gamma0`` and penalises deviations from
it asymmetrically, with a nuclear-norm surrogate of the rank:

    min_G  sum_q (gamma0 - gamma_q)_+ + nu * (gamma_q - gamma0)_+ + lam * ||G||_*,  G PSD.

Solved by the ADMM of the paper's Algorithm 1 on the split (23): ``e1 = e_Q``,
``e2 = -e_Q`` (with ``e_Q = gamma0 - 𝒦 vec(G)``), ``G = G1`` (nuclear norm), ``G = G2``
(PSD cone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import splu

from .._core.estimates import check_constraint_sizes, dmoe_memory
from .._core.progress import public_call
from .._core.result import EmbeddingResult
from .._core.runner import run_restarts
from .._core.seeds import as_generator
from .._core.validation import check_dim, check_int, check_nonnegative, check_positive
from ._gram import ProjectedRun, TripletLoss, as_quadruplets, initial_embedding, small_blas

if TYPE_CHECKING:
    from .._core.result import EmbeddingResult
    from .._core.typing import ArrayLike, FloatArray, Seed

__all__ = ["dmoe", "dmoe_auto_settings", "dmoe_lam_max", "dmoe_objective", "gram_margins"]


class _MarginOperator:
    """The constraint operator 𝒦 restricted to symmetric matrices.

    G is parametrised by its upper triangle h (``G_ab = G_ba = h_ab``), so
    ``gamma = Ks @ h`` where ``Ks`` is an (m, N) sparse matrix with at most 6 non-zeros per
    row (4 for triplets: the ``G_ii`` terms cancel).  Only the N touched entries of the
    triangle are kept as unknowns; the others decouple.
    """

    def __init__(self, Q, n):

        m = Q.shape[0]
        a, b, c, d = Q.T
        rows = np.repeat(np.arange(m), 6)
        # gamma = G_cc + G_dd - 2 G_cd - G_aa - G_bb + 2 G_ab
        ent_r = np.column_stack([c, d, np.minimum(c, d), a, b, np.minimum(a, b)]).ravel()
        ent_c = np.column_stack([c, d, np.maximum(c, d), a, b, np.maximum(a, b)]).ravel()
        coef = np.tile(np.array([1.0, 1.0, -2.0, -1.0, -1.0, 2.0]), m)
        flat = ent_r * n + ent_c
        cols, inv = np.unique(flat, return_inverse=True)
        Ks = sp.csr_array((coef, (rows, inv.ravel())), shape=(m, cols.size))
        Ks.sum_duplicates()
        Ks.eliminate_zeros()
        self.n = n
        self.m = m
        self.Ks = Ks
        self.r, self.c = np.divmod(cols, n)
        self.offdiag = self.r != self.c
        # W: ||G||_F^2 = sum_N W h^2 over the triangle (2 for off-diagonal entries)
        self.w = np.where(self.offdiag, 2.0, 1.0)

    def margins(self, G):
        return self.Ks @ G[self.r, self.c]

    def factor(self):
        """Sparse LU of ``Ks^T Ks + diag(W)`` (symmetric positive definite), once."""

        A = (self.Ks.T @ self.Ks + sp.diags_array(self.w)).tocsc()
        self._lu = splu(A, permc_spec="MMD_AT_PLUS_A")
        self.nnz_factor = int(self._lu.L.nnz + self._lu.U.nnz)

    def solve_G(self, v, B):
        """argmin_G  1/2 ||Ks h - v||^2 + 1/2 ||G - B||_F^2 over symmetric G.

        Normal equations ``(Ks^T Ks + W) h = Ks^T v + P(B)`` on the touched entries; the
        untouched entries are ``(B + B^T)/2``.
        """
        Bs = 0.5 * (B + B.T)
        rhs = self.Ks.T @ v + self.w * Bs[self.r, self.c]
        h = self._lu.solve(rhs)
        G = Bs.copy()
        G[self.r, self.c] = h
        G[self.c, self.r] = h
        return G


def _check_power(p):
    if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, np.integer)) or p not in (1, 2):
        raise ValueError(f"p must be 1 or 2 (the power of the hinge terms), got {p!r}")
    return int(p)


def gram_margins(G: FloatArray, Q: ArrayLike) -> FloatArray:
    """Margins ``gamma_q = d_kl^2 - d_ij^2`` of quadruplets ``Q`` (rows ``(i, j, k, l)``,
    ``d(i,j) < d(k,l)``) read from a symmetric matrix G as a Gram matrix (eq. 4), O(m).
    G may be indefinite (e.g. DMOE's ``info["G"]`` before convergence); a constraint is
    satisfied when its margin is positive.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed.dmoe import gram_margins
    >>> X = np.array([[0.0], [1.0], [3.0]])
    >>> gram_margins(X @ X.T, [[0, 1, 0, 2]]).tolist()  # d(0,2)^2 - d(0,1)^2 = 9 - 1
    [8.0]
    """
    a, b, c, d = np.asarray(Q).T
    return (G[c, c] + G[d, d] - 2 * G[c, d]) - (G[a, a] + G[b, b] - 2 * G[a, b])


def _eig_sym(M):
    return np.linalg.eigh(0.5 * (M + M.T))


def dmoe_objective(
    G: ArrayLike,
    constraints: ArrayLike,
    *,
    gamma0: float = 1.0,
    nu: float = 0.5,
    lam: float = 1.0,
    p: int = 1,
) -> float:
    """The DMOE objective ``sum_q (gamma0 - gamma_q)_+^p + nu (gamma_q - gamma0)_+^p``
    ``+ lam ||G||_*``.

    Parameters
    ----------
    G : array_like, shape (n, n)
        Gram matrix (symmetric).
    constraints : array_like, shape (m, 3) or (m, 4)
    gamma0, nu, lam : float
    p : {1, 2}
        Power of the two hinge terms (eq. 23's ``||.||_p^p``).

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.embed.dmoe import dmoe_objective
    >>> X = np.array([[0.0], [1.0], [2.0]])
    >>> dmoe_objective(X @ X.T, [[0, 1, 2]], gamma0=3.0, nu=0.5, lam=0.0)  # margin 4 - 1
    0.0
    """

    p = _check_power(p)
    G = np.asarray(G, dtype=np.float64)
    Q, n, _ = as_quadruplets(constraints, G.shape[0])
    gam = gram_margins(G, Q)
    return float(_loss_sum(gamma0 - gam, nu, p) + lam * np.abs(_eig_sym(G)[0]).sum())


class _MarginLoss(TripletLoss):
    """DMOE's margin-distribution loss (16) per constraint, ``z = gamma0 - gamma`` with the
    margin ``gamma = d2 - d1``: ``(z)_+ + nu (-z)_+`` (the projected form's loss)."""

    def __init__(self, gamma0, nu):
        self.gamma0, self.nu = gamma0, nu

    def terms(self, d1, d2):
        z = self.gamma0 + d1 - d2  # gamma0 - gamma
        s = np.where(z > 0, 1.0, -self.nu)
        return np.maximum(z, 0.0) + self.nu * np.maximum(-z, 0.0), s, -s


def _loss_sum(eQ, nu, p):
    """``sum (e_Q)_+^p + nu (-e_Q)_+^p`` for ``e_Q = gamma0 - gamma`` (the ADMM's loss)."""
    return np.sum(np.maximum(eQ, 0) ** p) + nu * np.sum(np.maximum(-eQ, 0) ** p)


def _dmoe_projected(Q, n, dim, gamma0, nu, lam, init, seed, max_iter, tol, max_time,
                    verbose):
    """Problem (15) with rank(G) <= dim by projected gradient (the "-p" solver)."""

    m = Q.shape[0]
    X0 = initial_embedding(init, n, dim, as_generator(seed))
    loss = _MarginLoss(gamma0, nu)

    class _Run(ProjectedRun):
        def __init__(self, r):
            super().__init__(X0, Q, loss, lam / m, dim, max_iter, tol)

        def result(self, n_iter, conv, hist, interrupted):
            return EmbeddingResult(np.asarray(self.Y, dtype=np.float64), float(self.f),
                                   int(n_iter), bool(conv), hist, "dmoe-p",
                                   dict(gram=self.K, rank=int(min(dim, n))))

    return run_restarts("dmoe-p", 1, _Run, max_iter=max_iter, verbose=verbose,
                        max_time=max_time)


def dmoe_lam_max(constraints: ArrayLike, n_objects: int | None = None) -> float:
    """Smallest nuclear-norm weight ``lam`` for which DMOE's solution is ``G = 0``.

    At ``G = 0`` every margin is 0 < ``gamma0``, so the loss is locally
    ``sum_q (gamma0 - <K_q, G>)`` and, on the PSD cone (where ``||G||_* = trace G``),
    ``G = 0`` is optimal iff ``lam I - sum_q K_q`` is PSD: ``lam_max`` is the largest
    eigenvalue of ``S = sum_q K_q`` (independent of ``gamma0`` and ``nu``; for the
    squared hinge, ``p=2``, the threshold is ``2 * gamma0`` times this).  Useful to give
    ``lam`` relative to it (``lam = c * lam_max``, ``0 < c < 1``), a scale that carries over
    between constraint sets of different sizes (e.g. validation folds and the full set).

    Parameters
    ----------
    constraints : array_like of int, shape (m, 3) or (m, 4)
    n_objects : int, optional

    Returns
    -------
    float

    Examples
    --------
    >>> from nx_ordinal.embed.dmoe import dmoe_lam_max
    >>> round(dmoe_lam_max([[0, 1, 2]]), 6)  # S = K_t: eigenvalues -sqrt(3), 0, sqrt(3)
    1.732051

    Notes
    -----
    O(m + n^3): S is accumulated with one bincount, then one dense symmetric eigenvalue
    problem (DMOE itself is O(n^3) per iteration).
    """

    Q, n, _ = as_quadruplets(constraints, n_objects)
    a, b, c, d = Q.T
    rows = np.concatenate([c, d, c, d, a, b, a, b])
    cols = np.concatenate([c, d, d, c, a, b, b, a])
    m = Q.shape[0]
    vals = np.repeat(np.array([1.0, 1.0, -1.0, -1.0, -1.0, -1.0, 1.0, 1.0]), m)
    S = np.bincount(rows * n + cols, weights=vals, minlength=n * n).reshape(n, n)
    return float(np.linalg.eigvalsh(S)[-1])


# Paper 001's Table 1 setting (100 points in R^10, 200 / 1,000 / 10,000 triplets, i.e. 2, 10
# and 100 constraints per object): the nuclear-norm weight (relative to the collapse threshold)
# and the iteration budget that ``benchmarks/table1_dmoe.py`` chose on tuning instances
# (seeds 100+) with p = 2; lam="auto" interpolates between them in log(m / n).
_AUTO_RATIO = (2.0, 10.0, 100.0)
_AUTO_C = (0.8, 0.4, 0.1)
_AUTO_BUDGET = (40, 80, 3000)
# the projected form's tuned weight of trace(G), per constraint (DMOE-p in Table 1)
_AUTO_LAM_PROJECTED = 1e-4


def dmoe_auto_settings(m: int, n: int) -> tuple[float, int]:
    """The settings ``lam="auto"`` uses for ``m`` constraints on ``n`` objects.

    Returns ``(c, max_iter)``: the nuclear-norm weight ``lam = c * gamma0 * dmoe_lam_max``
    (``p=2``, where ``G = 0`` from ``c = 2`` on; the factor ``gamma0`` keeps ``c`` free of
    the scale ``gamma0`` sets) and the iteration budget, both
    interpolated in ``log(m / n)`` between the values tuned on paper 001's Table 1 setting
    (c = 0.8, 0.4, 0.1 and budgets 40, 80, 3000 at 2, 10, 100 constraints per object; held
    constant outside that range).  Fewer constraints per object want a heavier weight and an
    earlier stop (both regularise).

    Examples
    --------
    >>> from nx_ordinal.embed.dmoe import dmoe_auto_settings
    >>> dmoe_auto_settings(1000, 100)
    (0.4, 80)
    """
    x = np.log(np.clip(m / max(n, 1), _AUTO_RATIO[0], _AUTO_RATIO[-1]))
    xs = np.log(_AUTO_RATIO)
    c = float(np.interp(x, xs, _AUTO_C))
    budget = int(round(float(np.exp(np.interp(x, xs, np.log(_AUTO_BUDGET))))))
    return round(c, 12), budget


@public_call
def dmoe(
    constraints: ArrayLike,
    n_objects: int | None = None,
    dim: int = 2,
    *,
    gamma0: float = 1.0,
    nu: float = 0.1,
    lam: float | str = "auto",
    p: int | None = None,
    rho: float = 1.01,
    mu: float = 0.1,
    mu_max: float = 1e6,
    rank_constraint: bool = False,
    projected: bool = False,
    init: ArrayLike | None = None,
    seed: Seed = None,
    max_iter: int | None = None,
    tol: float = 1e-4,
    max_time: float | None = None,
    verbose: bool | int = False,
) -> EmbeddingResult:
    """Distributional Margin based Ordinal Embedding (DMOE) of Ma et al. [1]_ by ADMM.

    Finds a Gram matrix G minimising the margin-distribution loss (eq. 16) of the constraints
    plus a nuclear-norm surrogate of the rank, then returns the top-``dim`` factor of G.

    Parameters
    ----------
    constraints : array_like of int, shape (m, 3) or (m, 4)
        Triplets ``(i, j, k)``: ``d(i,j) < d(i,k)`` (cblearn's "list-order"), or
        quadruplets ``(i, j, k, l)``: ``d(i,j) < d(k,l)``.
    n_objects : int, optional
        Number of objects (default: largest index + 1).
    dim : int, default 2
        Dimension of the returned embedding (top eigenvectors of G).
    gamma0 : float, default 1
        The fixed margin mean (the paper's tilde-gamma_0); only sets the scale of G.
    nu : float, default 0.1
        Weight of margins *above* ``gamma0`` (dispersion) relative to those below it.
    lam : float or "auto", default "auto"
        Weight of the nuclear norm ``||G||_*`` (the loss is a sum over the constraints).
        From :func:`dmoe_lam_max` on, the solution is ``G = 0``; ``c * dmoe_lam_max(...)``
        with ``0 < c < 1`` is a size-independent way to set it.  For ``p=2`` the
        threshold is ``2 * gamma0 * dmoe_lam_max(...)`` (the squared loss has slope
        ``2 gamma0`` at ``G = 0``).  ``"auto"``: the best settings known on the paper's
        own experiment (Table 1 of [1]_): ``p=2``, ``c`` and the iteration budget from
        :func:`dmoe_auto_settings` (by the number of constraints per object), i.e. a
        regularised fit stopped early when constraints are few; with ``projected=True``,
        ``1e-4 * m``.
    p : {1, 2} or None, default None
        Power of the two hinge terms, eq. 23's ``||(.)_+||_p^p``: 1 is the loss (16), 2 its
        squared form (margins pulled to ``gamma0`` by least squares from both sides, the
        upper side weighted by ``nu``).  ``None``: 2 with ``lam="auto"`` in the ADMM form,
        1 otherwise (the projected form supports only 1).
    rho : float, default 1.01
        Growth factor (> 1) of the penalty parameter ``mu`` per iteration (eq. 33).
    mu : float, default 0.1
        Initial penalty parameter.
    mu_max : float, default 1e6
        Cap of the penalty parameter.
    rank_constraint : bool, default False
        Also impose the constraint ``rank(G) <= dim`` of the paper's problem (15) in the
        G2 projection (top-``dim`` eigenvalues of the PSD projection).  This makes the
        problem non-convex (the ADMM becomes a heuristic, as the "-p" baselines are), but
        the Gram matrix then has the embedding's rank.
    projected : bool, default False
        ``False``: the ADMM above (convex: nuclear norm, no rank constraint).  ``True``:
        problem (15) itself, with ``rank(G) <= dim``, by the solver of the paper's "-p"
        baselines (projected gradient with line search on G, projected onto its top-``dim``
        eigenvalues each step, from a random start): minimises
        ``(1/m) sum_q l(gamma_q) + (lam / m) trace(G)`` (the same objective as the ADMM's
        divided by m; ``||G||_* = trace G`` on the PSD cone).  Non-convex, like GNMDS-p,
        which is its ``nu = 0`` case.  ``rho``, ``mu``, ``mu_max``, ``rank_constraint`` are
        then unused; ``tol`` is the objective-decrease rule of :func:`~nx_ordinal.embed.ste`.
    init : array_like, shape (n_objects, dim), optional
        Projected form only: starting configuration (default ``0.1 * N(0, I)``).
    seed : int or numpy Generator, optional
        Projected form only: seed of the random start.
    max_iter : int or None, default None
        ``None``: with ``lam="auto"`` in the ADMM form, the budget of
        :func:`dmoe_auto_settings` (an intended early stop, so no ``ConvergenceWarning``
        when it runs out); 1000 otherwise.
    tol : float, default 1e-4
        Stop when the primal residual ``||(e1 - e_Q, e2 + e_Q, G - G1, G - G2)||`` and the
        dual residual ``mu ||G^{t+1} - G^t||``, both relative to ``max(1, ||G||_F)``
        (``sqrt(m) gamma0`` for the margins), fall below ``tol``.
    max_time : float, optional
        Seconds allowed.
    verbose : bool
        Show a progress bar.

    Returns
    -------
    EmbeddingResult
        ``embedding`` (n, dim); ``history`` the objective per iteration; ``info`` holds
        ``gram`` (the PSD iterate G2), ``primal_residual`` / ``dual_residual`` (per
        iteration), ``rank`` (numerical rank of G) and ``G`` (the last G-update iterate, eq.
        29: symmetric, equal to ``gram`` at convergence but possibly indefinite before; the
        paper measures its generalization error on it).

    Raises
    ------
    ValueError
        Malformed or empty constraints, bad parameter values (``rho <= 1``, ...).
    TypeError
        Non-integer constraints.

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.constraints import random_triplets, orient_triplets
    >>> from nx_ordinal.embed.dmoe import dmoe
    >>> from nx_ordinal.embed.ste import generalization_error
    >>> P = np.random.default_rng(0).standard_normal((20, 2))
    >>> T = orient_triplets(random_triplets(20, 1000, seed=1), P)
    >>> res = dmoe(T, dim=2, lam=3.0, nu=0.0)
    >>> res.converged, generalization_error(T, res.embedding) < 0.15
    (True, True)

    Notes
    -----
    Sub-problems (paper's eqs. 25-33, our sign convention ``e_Q = gamma0 - gamma``):
    ``e1``/``e2`` by the one-sided soft-thresholding of eq. 26 (thresholds ``1/mu`` and
    ``nu/mu``; for ``p=2`` the one-sided shrinkage ``s / (1 + 2/mu)``, ``s / (1 + 2 nu/mu)``);
    the G-update solves ``(𝒦^T𝒦 + I) vec(G) = w`` of eq. 29 over symmetric G,
    restricted to the N <= min(n(n+1)/2, 4m + n) Gram entries that the constraints touch:
    the matrix is sparse (each constraint touches at most 6 entries of the triangle) and
    does not depend on ``mu``, so it is factored once by sparse LU and each iteration costs
    two triangular solves; ``G1`` by singular-value thresholding (eq. 31), ``G2`` by
    projection on the PSD cone (eq. 32), each one dense symmetric eigendecomposition,
    O(n^3).  Per iteration O(m + nnz(LU) + n^3); memory O(m + nnz(LU) + n^2), never
    n^2 x n^2.  The paper's eq. (23) omits ``nu``; we weight the ``e2`` term by it, which is
    what its loss (16) requires.  In this convex form few margins end above ``gamma0`` (the
    nuclear norm shrinks them), so ``nu`` has little effect; with ``projected=True`` (the
    rank-constrained problem (15)) it matters.  The projected form costs
    O(m + n^2 dim) per step (a partial eigendecomposition), O(n^2) memory.

    ``max_iter`` also regularises: while ``mu`` is small, the iterates from ``G = 0`` are
    close to a ridge least-squares fit of the margins to ``gamma0``, projected on the PSD
    cone, which generalises better than the converged solution when constraints are few
    (paper 001's Table 1 at 200 triplets: .39 after 40 iterations, .41-.45 converged; the
    paper's reference code also runs a fixed number of iterations).  A run stopped this way
    warns that it did not converge; ``info["G"]`` is then indefinite in general, and the
    embedding is taken from the PSD iterate ``gram``.

    References
    ----------
    .. [1] Ma, K., Xu, Q. and Cao, X. "Robust ordinal embedding from contaminated relative
       comparisons" / "Margin distribution ordinal embedding", AAAI 2019.
    """

    dim = check_dim(dim)
    gamma0 = check_positive(gamma0, "gamma0")
    nu = check_nonnegative(nu, "nu")
    auto = isinstance(lam, str) and lam == "auto"
    if not auto:
        if isinstance(lam, str):
            raise ValueError(f"lam must be a non-negative number or 'auto', got {lam!r}")
        lam = check_nonnegative(lam, "lam")
    rho = float(rho)
    if not rho >= 1.0:
        raise ValueError(f"rho must be >= 1, got {rho!r}")
    mu_max = check_positive(mu_max, "mu_max")
    if max_iter is not None:
        max_iter = check_int(max_iter, "max_iter", minimum=0)
    tol = check_nonnegative(tol, "tol")
    check_positive(max_time, "max_time", allow_none=True)
    Q, n, _ = as_quadruplets(constraints, n_objects)
    m = Q.shape[0]
    if m == 0:
        raise ValueError("constraints is empty: nothing to embed")
    mu = check_positive(mu, "mu")
    if not isinstance(projected, (bool, np.bool_)):
        raise TypeError(f"projected must be a bool, got {projected!r}")
    p = (2 if auto and not projected else 1) if p is None else _check_power(p)
    if projected and p != 1:
        raise ValueError("p=2 is available in the ADMM form only (projected=False)")
    check_constraint_sizes("dmoe", Q, n, dim, n_objects_given=n_objects is not None,
                           init_given=init is not None)
    dmoe_memory(n, dim, m, projected=projected).check(verbose)
    early_stop = False  # the budget is an intended regulariser, not a convergence failure
    if auto and projected:
        lam = _AUTO_LAM_PROJECTED * m
    elif auto:
        c, budget = dmoe_auto_settings(m, n)
        lam = c * (gamma0 if p == 2 else 1.0) * dmoe_lam_max(Q, n)
        if max_iter is None:
            max_iter, early_stop = budget, True
    if max_iter is None:
        max_iter = 1000
    assert not isinstance(lam, str)  # resolved above
    if projected:
        return _dmoe_projected(Q, n, dim, gamma0, nu, lam, init, seed, max_iter, tol,
                               max_time, verbose)

    op = _MarginOperator(Q, n)
    op.factor()

    def attempt(r):
        return _AdmmRun(op, dim, gamma0, nu, lam, p, rho, mu, mu_max, rank_constraint,
                        max_iter, tol)

    return run_restarts("dmoe", 1, attempt, max_iter=max_iter, verbose=verbose,
                        max_time=max_time, budget_stop=early_stop)


class _AdmmRun:
    """One run of Algorithm 1 for :func:`~nx_ordinal._core.runner.run_restarts`, from
    ``G = 0``; the iterates are attributes, updated after each iteration (what an interrupt
    returns).  O(m + nnz(LU) + n^3) per iteration."""

    def __init__(self, op, dim, gamma0, nu, lam, p, rho, mu, mu_max, rank_constraint,
                 max_iter, tol):
        n, m = op.n, op.m
        self.op, self.dim, self.gamma0, self.nu, self.lam, self.p = op, dim, gamma0, nu, lam, p
        self.rho, self.mu, self.mu_max = rho, mu, mu_max
        self.rank_constraint, self.max_iter, self.tol = rank_constraint, max_iter, tol
        self.G = np.zeros((n, n))
        self.G1 = np.zeros((n, n))
        self.G2 = np.zeros((n, n))
        self.Z3 = np.zeros((n, n))
        self.Z4 = np.zeros((n, n))
        self.z1 = np.zeros(m)
        self.z2 = np.zeros(m)
        self.eQ = gamma0 - op.margins(self.G)
        self.history, self.prim_hist, self.dual_hist = [], [], []

    def solve(self, progress):
        with small_blas(self.op.n):
            return self._iterate(progress)

    def _iterate(self, progress):
        op, gamma0, nu, lam, p = self.op, self.gamma0, self.nu, self.lam, self.p
        m = op.m
        G, G1, G2, Z3, Z4 = self.G, self.G1, self.G2, self.Z3, self.Z4
        z1, z2, eQ, mu = self.z1, self.z2, self.eQ, self.mu
        history, prim_hist, dual_hist = self.history, self.prim_hist, self.dual_hist
        converged = False
        t = 0
        for t in range(1, self.max_iter + 1):  # noqa: B007
            # e1, e2 sub-problems (25)-(27): prox of (.)_+ / mu and nu (.)_+ / mu
            s1 = eQ - z1 / mu
            s2 = -eQ - z2 / mu
            if p == 1:
                e1 = np.where(s1 > 1.0 / mu, s1 - 1.0 / mu, np.minimum(s1, 0.0))
                e2 = np.where(s2 > nu / mu, s2 - nu / mu, np.minimum(s2, 0.0))
            else:
                e1 = np.where(s1 > 0.0, s1 / (1.0 + 2.0 / mu), s1)
                e2 = np.where(s2 > 0.0, s2 / (1.0 + 2.0 * nu / mu), s2)
            # G sub-problem (28)-(29): with gamma = Ks h and e_Q = gamma0 - gamma,
            # 2 (Ks^T Ks + W) h = Ks^T v2 + P(G1 + G2 - (Z3 + Z4) / mu)
            v = 0.5 * ((gamma0 - e1 - z1 / mu) + (gamma0 + e2 + z2 / mu))
            B = 0.5 * (G1 + G2 - (Z3 + Z4) / mu)
            G_old = G
            G = op.solve_G(v, B)
            # G1 (31): singular value thresholding; G2 (32): nearest PSD matrix
            w, V = _eig_sym(G + Z3 / mu)
            ws = np.sign(w) * np.maximum(np.abs(w) - lam / mu, 0.0)
            G1 = (V * ws) @ V.T
            w, V = _eig_sym(G + Z4 / mu)
            w = np.maximum(w, 0.0)
            if self.rank_constraint:  # the rank(G) <= dim constraint of (15), non-convex
                w[:-self.dim] = 0.0
            G2 = (V * w) @ V.T
            gam = op.margins(G)
            eQ = gamma0 - gam
            # multipliers (33)
            r1, r2, r3, r4 = e1 - eQ, e2 + eQ, G - G1, G - G2
            z1 = z1 + mu * r1
            z2 = z2 + mu * r2
            Z3 = Z3 + mu * r3
            Z4 = Z4 + mu * r4
            scale_G = max(1.0, np.linalg.norm(G))
            scale_e = max(1.0, np.sqrt(m) * gamma0)
            primal = max(np.sqrt(r1 @ r1 + r2 @ r2) / scale_e,
                         np.sqrt(np.sum(r3 * r3) + np.sum(r4 * r4)) / scale_G)
            dual = mu * np.linalg.norm(G - G_old) / scale_G
            obj = _loss_sum(eQ, nu, p) + lam * np.abs(ws).sum()
            history.append(float(obj))
            prim_hist.append(float(primal))
            dual_hist.append(float(dual))
            self.G, self.G1, self.G2, self.Z3, self.Z4 = G, G1, G2, Z3, Z4
            self.z1, self.z2, self.eQ = z1, z2, eQ
            progress.update(obj)
            mu = self.mu = min(self.rho * mu, self.mu_max)
            if primal < self.tol and dual < self.tol:
                converged = True
                break
            if progress.out_of_time():
                break
        return t, converged, history

    def result(self, n_iter, conv, hist, interrupted):
        # embedding: top-dim factor of the PSD iterate
        w, V = _eig_sym(self.G2)
        idx = np.argsort(w)[::-1][:self.dim]
        X = V[:, idx] * np.sqrt(np.maximum(w[idx], 0.0))
        rank = int(np.sum(w > 1e-8 * max(w.max(), 1e-300)))
        op, history = self.op, self.history
        info = dict(gram=self.G2, G=self.G, primal_residual=self.prim_hist,
                    dual_residual=self.dual_hist, rank=rank, n_unknowns=int(op.r.size),
                    nnz_factor=op.nnz_factor, mu=self.mu, lam=self.lam, p=self.p,
                    max_iter=self.max_iter)
        # no finished iteration: the objective of the start G = 0 (nuclear norm 0)
        objective = history[-1] if history else float(_loss_sum(self.eQ, self.nu, self.p))
        return EmbeddingResult(X, objective, len(history), conv, history, "dmoe", info)
