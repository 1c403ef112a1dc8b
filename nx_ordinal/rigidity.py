"""Generic local and global rigidity of graphs in any dimension.

A *framework* is a graph with a point ``p_v`` in R^dim for every vertex.  It is (infinitesimally)
*rigid* when every motion preserving all edge lengths to first order is a Euclidean motion, and
*globally rigid* when every framework with the same edge lengths is congruent to it.  Both are
generic properties of the graph: all generic frameworks agree (Gluck, Asimow--Roth for rigidity;
Connelly and Gortler--Healy--Thurston for global rigidity), so the tests below evaluate one
framework at random coordinates.

Two arithmetic back ends are offered:

``method="numeric"`` (default)
    float64 at standard-normal coordinates.  Ranks are decided relative to the largest
    eigenvalue of the matrix at hand, never with an absolute tolerance, so the answer does not
    depend on the scale of anything.  The rigidity test is one sparse Gram product and one
    sparse Cholesky-type factorisation (SuperLU, minimum-degree ordering) of an
    ``(n*dim - D) x (n*dim - D)`` matrix, ``D = dim(dim+1)/2``, whose pivots decide the rank;
    the stress test adds two sparse solves and one symmetric eigenvalue problem of size
    ``n``.  It is the default because it is fast: a 300-vertex kNN patch is decided in a few
    tens of milliseconds, 3 to 10 times faster than the modular method
    (``benchmarks/bench_rigidity.py``), and its thresholds sit orders of magnitude away from
    the values observed on random kNN patches (see ``_GRAM_RTOL``, ``_STRESS_RTOL``).
``method="modular"``
    Exact arithmetic modulo the prime ``p = 2**31 - 1`` at coordinates drawn uniformly from
    ``Z_p``, with Gaussian elimination vectorized over rows in int64 numpy (every product of two
    residues is < 2**62 and is reduced at once, so nothing overflows).  There is no tolerance:
    a rank mod p never exceeds the generic rank, so a "rigid" / "globally rigid" answer is
    certain and a negative answer is wrong with probability at most about ``n*dim / p``
    (Schwartz--Zippel).  It costs O(n^3 dim^3) integer operations in the worst case, so it is
    slower than the numeric method on large patches; use it to certify answers.

Graphs: the underlying simple undirected graph is used, i.e. edge directions are ignored,
parallel edges of multigraphs merged and self-loops dropped.  Isolated vertices and
disconnected graphs are allowed: on two or more vertices they are simply not rigid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, reverse_cuthill_mckee
from scipy.sparse.linalg import splu

from ._core.estimates import rigidity_memory
from ._core.resources import blas_for, check_dense
from ._core.seeds import as_generator
from ._core.validation import check_choice, check_dim
from ._data.graph import check_graph, graph_to_csr, pos_array

if TYPE_CHECKING:
    from collections.abc import Hashable

    import networkx as nx
    import scipy.sparse as sp

    from ._core.typing import ArrayLike, PosLike, Seed

__all__ = [
    "rigidity_edges",
    "rigidity_matrix",
    "stress_matrix",
    "is_rigid",
    "is_globally_rigid",
    "redundantly_rigid",
    "rigid_components",
    "PRIME",
]

#: The prime used by ``method="modular"`` (a Mersenne prime, just below 2**31).
PRIME = 2_147_483_647

_METHODS = ("numeric", "modular")


# ---------------------------------------------------------------------------------------------
# graph -> arrays
# ---------------------------------------------------------------------------------------------
def _edge_array(G):
    """Nodes of ``G`` and the ``(m, 2)`` int64 array of its underlying simple undirected edges,
    ``i < j`` in node order, sorted lexicographically (the row order of the rigidity matrix)."""


    nodes = list(G)
    A, _ = graph_to_csr(G, nodes)  # self-loops dropped, parallel edges merged
    U = sp.csr_array(sp.triu(A + A.T, k=1))  # antiparallel edges merged
    U.sort_indices()
    rows = np.repeat(np.arange(len(nodes), dtype=np.int64), np.diff(U.indptr))
    return nodes, np.stack([rows, U.indices.astype(np.int64)], axis=1)


def rigidity_edges(G: nx.Graph) -> list[tuple[Hashable, Hashable]]:
    """The edges of ``G`` in the row order of :func:`rigidity_matrix`.

    One pair ``(u, v)`` per edge of the underlying simple undirected graph (self-loops dropped,
    parallel and antiparallel edges merged), ``u`` before ``v`` in ``G``'s node order, sorted
    by the node positions of ``(u, v)``.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph([(2, 1), (1, 2), (1, 1), (0, 1)])
    >>> rigidity_edges(G)
    [(2, 1), (1, 0)]
    """
    check_graph(G)
    nodes, E = _edge_array(G)
    return [(nodes[i], nodes[j]) for i, j in E.tolist()]


def _positions(G, nodes, pos):

    return pos_array(pos, nodes)


def _rigidity_csr(E, X):
    """Rigidity matrix of the framework with edges ``E`` and points ``X`` (any dtype)."""

    n, d = X.shape
    m = E.shape[0]
    diff = X[E[:, 0]] - X[E[:, 1]]  # (m, d)
    rows = np.repeat(np.arange(m), 2 * d)
    ar = np.arange(d)
    cols = np.concatenate([E[:, :1] * d + ar, E[:, 1:] * d + ar], axis=1).ravel()
    data = np.concatenate([diff, -diff], axis=1).ravel()
    return sp.csr_array((data, (rows, cols)), shape=(m, n * d))


def rigidity_matrix(G: nx.Graph, pos: PosLike) -> sp.csr_array:
    """Rigidity matrix of the framework ``(G, pos)``, a sparse ``m x (n*dim)`` matrix.

    Row ``e = (u, v)`` holds ``p_u - p_v`` in the ``dim`` columns of ``u`` and ``p_v - p_u`` in
    those of ``v``; ``R @ x`` is the first-order change of the squared edge lengths (halved) under
    the velocities ``x``.  Rows follow :func:`rigidity_edges`, column ``i*dim + a`` is coordinate
    ``a`` of the ``i``-th node of ``G``.

    Parameters
    ----------
    G : networkx graph
        Directions, parallel edges and self-loops are ignored (see :func:`rigidity_edges`).
    pos : dict or array_like of shape (n, dim)
        Node -> coordinates, or one row per node in ``G``'s order.

    Returns
    -------
    R : scipy.sparse.csr_array of float64, shape (m, n*dim)

    Raises
    ------
    TypeError
        If ``G`` is not a networkx graph.
    networkx.NetworkXError
        If a node has no position.
    ValueError
        If the positions are not one finite vector of one length per node.

    Examples
    --------
    >>> import networkx as nx
    >>> R = rigidity_matrix(nx.path_graph(3), {0: (0, 0), 1: (1, 0), 2: (1, 2)})
    >>> R.toarray().astype(int).tolist()
    [[-1, 0, 1, 0, 0, 0], [0, 0, 0, -2, 0, 2]]
    """
    check_graph(G)
    nodes, E = _edge_array(G)
    X = _positions(G, nodes, pos)
    return _rigidity_csr(E, X)


def stress_matrix(G: nx.Graph, stress: ArrayLike) -> sp.csr_array:
    """Stress matrix ``Omega`` of an edge weighting: ``Omega[u, v] = -w_uv`` for each edge and
    ``Omega[u, u] = sum_v w_uv``.

    ``w`` is an *equilibrium stress* of a framework ``p`` exactly when ``Omega @ p = 0``
    (equivalently ``R.T @ w = 0`` for the rigidity matrix ``R``).

    Parameters
    ----------
    G : networkx graph
    stress : array_like of shape (m,) or dict
        One weight per edge in the order of :func:`rigidity_edges`, or a dict ``{(u, v): w}``
        (either orientation; edges not mentioned weigh 0).

    Returns
    -------
    Omega : scipy.sparse.csr_array of float64, shape (n, n), in ``G``'s node order

    Raises
    ------
    ValueError
        If the array has the wrong length or non-finite entries.
    networkx.NetworkXError
        If a dict key is not an edge of ``G``.

    Examples
    --------
    >>> import networkx as nx
    >>> stress_matrix(nx.path_graph(3), [1.0, 2.0]).toarray().tolist()
    [[1.0, -1.0, 0.0], [-1.0, 3.0, -2.0], [0.0, -2.0, 2.0]]
    """

    check_graph(G)
    nodes, E = _edge_array(G)
    n, m = len(nodes), E.shape[0]
    if isinstance(stress, dict):
        index = {v: i for i, v in enumerate(nodes)}
        row_of = {(int(i), int(j)): r for r, (i, j) in enumerate(E.tolist())}
        w = np.zeros(m)
        for (u, v), val in stress.items():
            iu, iv = index.get(u), index.get(v)
            key = None if iu is None or iv is None else (min(iu, iv), max(iu, iv))
            if key not in row_of:
                raise nx.NetworkXError(f"stress key {(u, v)!r} is not an edge of G")
            w[row_of[key]] = float(val)
    else:
        w = np.asarray(stress, dtype=float).ravel()
        if w.shape != (m,):
            raise ValueError(f"stress must have one entry per edge ({m}), got shape {w.shape}")
    if not np.all(np.isfinite(w)):
        raise ValueError("stress contains non-finite values")
    return _stress_csr(E, w, n)


def _stress_csr(E, w, n):

    i, j = E[:, 0], E[:, 1]
    diag = np.bincount(i, weights=w, minlength=n) + np.bincount(j, weights=w, minlength=n)
    rows = np.concatenate([i, j, np.arange(n)])
    cols = np.concatenate([j, i, np.arange(n)])
    data = np.concatenate([-w, -w, diag])
    return sp.csr_array((data, (rows, cols)), shape=(n, n))


# ---------------------------------------------------------------------------------------------
# argument handling and combinatorial shortcuts
# ---------------------------------------------------------------------------------------------
def _prepare(G, dim, method, seed):

    check_graph(G)
    dim = check_dim(dim)
    check_choice(method, "method", _METHODS)
    rng = as_generator(seed)
    nodes, E = _edge_array(G)

    rigidity_memory(len(nodes), dim, len(E), method=method).check()
    return nodes, E, dim, rng


def _is_complete(n, m):
    return m == n * (n - 1) // 2


def _is_connected(E, n):

    if n <= 1:
        return True
    A = sp.coo_array((np.ones(E.shape[0]), (E[:, 0], E[:, 1])), shape=(n, n))
    return connected_components(A, directed=False, return_labels=False) == 1


def _pinned_columns(E, n, d):
    """Columns tying down the trivial motions: coordinates ``t..d-1`` of the ``t``-th of ``d``
    distinct vertices.  At generic positions the trivial motions restricted to these
    ``d(d+1)/2`` columns are independent, so the remaining columns of a rigid framework's
    rigidity matrix are linearly independent."""

    keep = np.ones(n * d, dtype=bool)
    for t in range(d):
        keep[t * d + t : (t + 1) * d] = False
    return np.flatnonzero(keep)


def _rigid_shortcut(E, n, d):
    """True/False when counting decides generic rigidity, else None."""
    m = E.shape[0]
    if n <= d + 1:
        return _is_complete(n, m)
    if m < n * d - d * (d + 1) // 2:
        return False
    if not _is_connected(E, n):
        return False
    return None


# ---------------------------------------------------------------------------------------------
# numeric kernels
# ---------------------------------------------------------------------------------------------
_EPS = 2.220446049250313e-16


def _random_points(rng, n, d):
    """Generic coordinates of the numeric method: standard normal, O(1)."""
    return rng.standard_normal((n, d))


def _numeric_factor(E, n, d, rng):
    """Pinned rigidity matrix ``Rp`` at random points and a sparse Cholesky-type factorisation
    of its Gram matrix ``Rp^T Rp``.  Returns ``(Rp, solve, full_rank)``.

    The Gram matrix is factorised by SuperLU with a symmetric minimum-degree ordering and no
    row pivoting, so the diagonal of ``U`` holds the Cholesky pivots.  For a positive definite
    matrix every pivot is at least its smallest eigenvalue; for a singular positive
    semi-definite one some pivot vanishes in exact arithmetic.  Full column rank is decided by
    ``min pivot > _GRAM_RTOL * k * max diagonal`` (a relative test: the largest diagonal entry
    is within a factor k of the largest eigenvalue).
    """

    X = _random_points(rng, n, d)
    R = _rigidity_csr(E, X)
    cols = _pinned_columns(E, n, d)
    Rp = R[:, cols].tocsc()
    k = cols.size
    Gs = (Rp.T @ Rp).tocsc()
    scale = float(Gs.diagonal().max()) if k else 0.0
    if scale == 0.0:
        return Rp, None, False
    try:
        lu = splu(
            Gs,
            permc_spec="MMD_AT_PLUS_A",
            diag_pivot_thresh=0.0,
            options={"SymmetricMode": True},
        )
    except RuntimeError:  # exactly singular
        return Rp, None, False
    piv = lu.U.diagonal()
    full = piv.size == k and bool(np.all(piv > _GRAM_RTOL * k * scale))
    return Rp, lu.solve, full


#: Relative threshold on the Cholesky pivots of the Gram matrix R^T R (units of its largest
#: diagonal entry times its order k): smaller pivots count as zero.  On 119 random kNN graphs
#: (n = 20..300, dim 2 and 3, the exact answer from the modular method) the smallest
#: normalised pivot was >= 4.7e-9 for every rigid graph and <= 2.9e-15 for every flexible one;
#: 1e4 * eps = 2.2e-12 sits between with margins of about 2000 and 760.
_GRAM_RTOL = 1e4 * _EPS

#: Relative threshold for eigenvalues of the stress matrix (units of the largest |eigenvalue|).
#: Same experiment: the d+1 trivial eigenvalues and those of non-globally-rigid graphs were
#: <= 3.7e-16, the (d+2)-th eigenvalue of globally rigid ones >= 1.0e-6.
_STRESS_RTOL = 1e-11


def _numeric_random_stress(Rp, solve, rng):
    """A random equilibrium stress: the orthogonal projection of a Gaussian vector onto the
    left null space of ``Rp`` (full column rank), with one step of iterative refinement."""
    w = rng.standard_normal(Rp.shape[0])
    for _ in range(2):
        w = w - Rp @ solve(Rp.T @ w)
    return w


def _numeric_stress_rank(E, w, n):


    check_dense(n, "the global rigidity test (dense stress matrix)", copies=3,
                suggestion="use is_rigid (sparse) or test subgraphs such as ASAP patches")
    Om = _stress_csr(E, w, n).toarray()
    lam = np.abs(np.linalg.eigvalsh(Om))
    top = lam.max()
    if top == 0:
        return 0
    return int(np.count_nonzero(lam > _STRESS_RTOL * top))


# ---------------------------------------------------------------------------------------------
# modular kernels (exact arithmetic mod PRIME, int64)
# ---------------------------------------------------------------------------------------------
def _vertex_order(E, n):
    """Reverse Cuthill--McKee order of the vertices: keeps the rigidity matrix banded so that
    elimination creates little fill-in."""

    A = sp.csr_array(
        (np.ones(2 * E.shape[0]), (np.r_[E[:, 0], E[:, 1]], np.r_[E[:, 1], E[:, 0]])),
        shape=(n, n),
    )
    return np.asarray(reverse_cuthill_mckee(A, symmetric_mode=True), dtype=np.int64)


def _eliminate_mod_p(M, p=PRIME, *, record=False):
    """Forward Gaussian elimination of the int64 matrix ``M`` (entries in [0, p)) in place,
    column by column, each step vectorized over the rows that have a non-zero in the pivot
    column; only the non-zero span of the pivot row is updated, so banded matrices stay cheap.

    Every product of two residues is < 2**62 and reduced before the subtraction, so int64
    never overflows.  Returns ``(pivot_rows, pivot_cols, L)``: the rank is their length; when
    ``record`` is true, ``L[r, t]`` is the multiplier with which pivot ``t`` was subtracted from
    row ``r`` (so that the original pivot rows are ``L @ U`` with ``U = M[pivot_rows]``), else
    ``L`` is None.  Cost O(rank * rows * cols) in the worst case.
    """

    r, c = M.shape
    free = np.ones(r, dtype=bool)
    L = np.zeros((r, min(r, c)), dtype=np.int64) if record else None
    prow, pcol = [], []
    for col in range(c):
        t = len(prow)
        if t == r:
            break
        colv = M[:, col]
        nz = np.flatnonzero((colv != 0) & free)
        if nz.size == 0:
            continue
        pr = int(nz[0])
        others = nz[1:]
        if others.size:
            hi = col + int(np.flatnonzero(M[pr, col:])[-1]) + 1
            inv = pow(int(M[pr, col]), p - 2, p)
            f = M[others, col] * inv % p
            M[others, col:hi] = (M[others, col:hi] - (f[:, None] * M[pr, col:hi]) % p) % p
            if record:
                L[others, t] = f
        free[pr] = False
        prow.append(pr)
        pcol.append(col)
    return np.asarray(prow, dtype=np.int64), np.asarray(pcol, dtype=np.int64), L


def _dot_mod_p(a, b, p=PRIME):
    """``a @ b mod p`` for residue vectors without overflow (reduce each product first)."""
    return int(((a * b) % p).sum() % p)


def _modular_rigidity(E, n, d, rng, p=PRIME):
    """Pinned rigidity matrix mod p at random points, vertices in banded (RCM) order.

    Returns ``(En, Rp, prow, pcol, U, L, k)``: relabelled edges, the dense int64 pinned
    matrix (rows = edges, unmodified), the pivot rows/columns of its elimination and the
    factors ``Rp[prow] = L @ U`` (pivot order)."""

    order = _vertex_order(E, n)
    new = np.empty(n, dtype=np.int64)
    new[order] = np.arange(n)
    En = np.sort(new[E], axis=1)
    En = En[np.lexsort((En[:, 1], En[:, 0]))]
    X = rng.integers(0, p, size=(n, d), dtype=np.int64)
    R = _rigidity_csr(En, X)
    cols = _pinned_columns(En, n, d)
    Rp = np.mod(R[:, cols].toarray(), p).astype(np.int64)
    M = Rp.copy()
    prow, pcol, Lfull = _eliminate_mod_p(M, p, record=True)
    U = M[prow]
    L = Lfull[prow][:, : prow.size]
    L[np.arange(prow.size), np.arange(prow.size)] = 1
    return En, Rp, prow, pcol, U, L, cols.size


def _modular_random_stress(Rp, prow, pcol, U, L, rng, p=PRIME):
    """A uniformly random element of the left null space of ``Rp`` (full column rank k):
    random weights ``w_N`` on the non-pivot rows, then ``B^T w_B = -N^T w_N`` for the pivot
    rows ``B = L U`` by one forward (``U^T``) and one backward (``L^T``) substitution,
    O(k^2)."""

    m, k = Rp.shape
    w = np.zeros(m, dtype=np.int64)
    basis = np.zeros(m, dtype=bool)
    basis[prow] = True
    other = np.flatnonzero(~basis)
    w[other] = rng.integers(1, p, size=other.size, dtype=np.int64)
    # b = -N^T w_N mod p, each product reduced before summing (at most m terms < 2**31)
    N = Rp[other]
    b = np.zeros(k, dtype=np.int64)
    nz_r, nz_c = np.nonzero(N)
    np.add.at(b, nz_c, N[nz_r, nz_c] * w[other][nz_r] % p)
    b = (-b) % p
    # U^T y = b: column pcol[t] of U involves pivots s <= t only
    y = np.zeros(k, dtype=np.int64)
    for t in range(k):
        c = pcol[t]
        acc = (b[c] - _dot_mod_p(U[:t, c], y[:t], p)) % p
        y[t] = acc * pow(int(U[t, c]), p - 2, p) % p
    # L^T x = y, L unit lower triangular
    x = np.zeros(k, dtype=np.int64)
    for s in range(k - 1, -1, -1):
        x[s] = (y[s] - _dot_mod_p(L[s + 1 :, s], x[s + 1 :], p)) % p
    w[prow] = x
    return w


def _modular_stress_rank(En, w, n, p=PRIME):


    check_dense(n, "the global rigidity test (dense stress matrix)", copies=3,
                suggestion="use is_rigid (sparse) or test subgraphs such as ASAP patches")
    Om = np.zeros((n, n), dtype=np.int64)
    i, j = En[:, 0], En[:, 1]
    neg = (-w) % p
    Om[i, j] = neg
    Om[j, i] = neg
    diag = np.zeros(n, dtype=np.int64)
    np.add.at(diag, i, w)
    np.add.at(diag, j, w)
    Om[np.arange(n), np.arange(n)] = diag % p
    pr, _, _ = _eliminate_mod_p(Om, p)
    return pr.size


# ---------------------------------------------------------------------------------------------
# public tests
# ---------------------------------------------------------------------------------------------
def _rigid_core(E, n, d, method, rng):
    """Decide generic rigidity; returns ``(rigid, state)`` where state feeds the stress test."""
    short = _rigid_shortcut(E, n, d)
    if short is not None:
        return short, None
    if method == "numeric":
        Rp, solve, full = _numeric_factor(E, n, d, rng)
        return full, (Rp, solve)
    En, Rp, prow, pcol, U, L, k = _modular_rigidity(E, n, d, rng)
    return prow.size == k, (En, Rp, prow, pcol, U, L)


def is_rigid(G: nx.Graph, dim: int = 2, *, method: str = "numeric", seed: Seed = None) -> bool:
    """Whether ``G`` is generically (infinitesimally) rigid in R^dim.

    The rigidity matrix at random coordinates has, with probability one, the generic rank; the
    graph is rigid when that rank is ``n*dim - dim(dim+1)/2`` (``n >= dim + 1``) — for
    ``n <= dim + 1`` vertices exactly the complete graphs are rigid [1]_, [2]_.

    Parameters
    ----------
    G : networkx graph
        Its underlying simple undirected graph is tested (directions ignored, parallel edges
        merged, self-loops dropped).  Graphs with an isolated vertex or several components on
        two or more vertices are not rigid; the empty graph and a single vertex are.
    dim : int, default 2
    method : {"numeric", "modular"}, default "numeric"
        Floating point with rank decisions relative to the largest eigenvalue (fast), or exact
        arithmetic modulo :data:`PRIME` (certain when it answers True).  See the module notes.
    seed : int, numpy Generator or RandomState, optional
        Random coordinates; the same seed gives the same answer.

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        If ``G`` is not a networkx graph or ``dim`` is not an integer.
    ValueError
        If ``dim < 1`` or ``method`` is unknown.

    Examples
    --------
    >>> import networkx as nx
    >>> is_rigid(nx.complete_graph(4)), is_rigid(nx.cycle_graph(4))
    (True, False)
    >>> is_rigid(nx.octahedral_graph(), dim=3, method="modular", seed=0)
    True

    Notes
    -----
    Counting shortcuts (too few edges, disconnected, ``n <= dim + 1``) answer first.  Otherwise
    the trivial motions are tied down by deleting ``dim(dim+1)/2`` columns and the remaining
    ``k = n*dim - dim(dim+1)/2`` columns must be independent.  Numeric: sparse factorisation
    of the Gram matrix (minimum-degree ordering; at most O(k^3 / 3), far less on planar-like
    kNN patches), pivots compared with the largest diagonal entry.  Modular: elimination of
    the banded (reverse Cuthill--McKee order) ``m x k`` matrix, O(m k^2) worst case.

    References
    ----------
    .. [1] Asimow, L. and Roth, B. "The rigidity of graphs", Trans. AMS 245 (1978) 279-289.
    .. [2] M. Cucuringu and J. Woodworth, "Point localization and density estimation from
       ordinal kNN graphs using synchronization", appendix "Rigidity Theory".
    """
    nodes, E, d, rng = _prepare(G, dim, method, seed)
    with blas_for(len(nodes)):
        rigid, _ = _rigid_core(E, len(nodes), d, method, rng)
    return bool(rigid)


def _hendrickson_rigid(E, n, d, method, rng):
    """:func:`_rigid_core` behind Hendrickson's necessary conditions for global (and
    redundant) rigidity: one edge more than minimal rigidity needs, minimum degree ``d + 1``
    (which (d+1)-connectivity needs).  ``(False, None)`` when one fails."""

    if E.shape[0] < n * d - d * (d + 1) // 2 + 1:
        return False, None
    if np.bincount(E.ravel(), minlength=n).min() < d + 1:
        return False, None
    return _rigid_core(E, n, d, method, rng)


def _globally_rigid_core(E, n, d, method, rng):
    m = E.shape[0]
    if n <= d + 1 or _is_complete(n, m):
        return _is_complete(n, m)
    rigid, state = _hendrickson_rigid(E, n, d, method, rng)
    if not rigid:
        return False
    if method == "numeric":
        Rp, solve = state
        w = _numeric_random_stress(Rp, solve, rng)
        return _numeric_stress_rank(E, w, n) == n - d - 1
    En, Rp, prow, pcol, U, L = state
    if prow.size == Rp.shape[0]:  # independent rows: no stress
        return False
    w = _modular_random_stress(Rp, prow, pcol, U, L, rng)
    return _modular_stress_rank(En, w, n) == n - d - 1


def is_globally_rigid(
    G: nx.Graph, dim: int = 2, *, method: str = "numeric", seed: Seed = None
) -> bool:
    """Whether ``G`` is generically globally rigid in R^dim (Gortler--Healy--Thurston test).

    A graph on ``n >= dim + 2`` vertices is generically globally rigid exactly when, at a
    generic framework, it is rigid and some equilibrium stress has a stress matrix of rank
    ``n - dim - 1`` (Connelly [1]_ for sufficiency, Gortler, Healy and Thurston [2]_ for
    necessity); a random stress achieves the maximal rank with probability one, which gives the
    randomized test of [2]_ (Algorithm 3.3) used by the ASAP patch pruning of [3]_.  On
    ``n <= dim + 1`` vertices exactly the complete graphs (simplices) are globally rigid, and a
    minimally rigid graph (no stress) is not globally rigid unless it is a simplex.

    Parameters
    ----------
    G : networkx graph
        Underlying simple undirected graph, as in :func:`is_rigid`.
    dim : int, default 2
    method : {"numeric", "modular"}, default "numeric"
    seed : int, numpy Generator or RandomState, optional

    Returns
    -------
    bool

    Raises
    ------
    TypeError, ValueError
        As :func:`is_rigid`.

    Examples
    --------
    >>> import networkx as nx
    >>> is_globally_rigid(nx.complete_graph(4)), is_globally_rigid(nx.wheel_graph(7))
    (True, True)
    >>> G = nx.complete_graph(4); G.remove_edge(0, 1)  # two triangles sharing an edge
    >>> is_rigid(G), is_globally_rigid(G, method="modular", seed=0)
    (True, False)

    Notes
    -----
    Cheap necessary conditions answer first (Hendrickson: at least ``n*dim - D + 1`` edges,
    minimum degree ``dim + 1``).  Then :func:`is_rigid`'s factorisation is reused: numeric, the
    random stress is the projection of a Gaussian vector onto the left null space of the
    rigidity matrix (two triangular solves per refinement step) and the rank of the ``n x n``
    stress matrix is read from its eigenvalues relative to the largest, O(n^3); modular, the
    stress is a uniformly random solution of ``R^T w = 0 (mod p)`` and the rank of the stress
    matrix is found by elimination mod p.

    References
    ----------
    .. [1] Connelly, R. "Generic global rigidity", Discrete Comput. Geom. 33 (2005) 549-563.
    .. [2] S. J. Gortler, A. D. Healy and D. P. Thurston, "Characterizing generic global
       rigidity", Amer. J. Math. 132 (2010) 897-939.
    .. [3] M. Cucuringu and J. Woodworth, "Point localization and density estimation from
       ordinal kNN graphs using synchronization", section 3.1 and appendix "Rigidity Theory".
    """
    nodes, E, d, rng = _prepare(G, dim, method, seed)
    with blas_for(len(nodes)):
        return bool(_globally_rigid_core(E, len(nodes), d, method, rng))


#: Relative threshold for the entries of random stresses in the redundancy test.  A stress is
#: the projection ``P z`` of a standard normal ``z`` onto the left null space, so ``w_e**2`` has
#: mean ``P[e, e]`` in [0, 1] whatever the scale of the coordinates; coloops give ``P[e, e] = 0``.
#: On 110 rigid random kNN graphs (n = 20..300, dim 2 and 3) the mean of three ``w_e**2`` was
#: <= 2.2e-28 on the 38 coloops and >= 2.4e-11 on the 36032 other edges.
_COLOOP_RTOL = 1e-18


def redundantly_rigid(
    G: nx.Graph, dim: int = 2, *, method: str = "numeric", seed: Seed = None
) -> bool:
    """Whether ``G`` stays generically rigid in R^dim after deleting any one edge.

    Redundant rigidity is Hendrickson's second necessary condition for generic global rigidity
    [1]_ (with (dim+1)-connectivity; in the plane the two together are sufficient [2]_).

    Parameters
    ----------
    G : networkx graph
        Underlying simple undirected graph, as in :func:`is_rigid`.
    dim : int, default 2
    method : {"numeric", "modular"}, default "numeric"
    seed : int, numpy Generator or RandomState, optional

    Returns
    -------
    bool
        The empty graph and a single vertex (no edge to delete) count as redundantly rigid.

    Raises
    ------
    TypeError, ValueError
        As :func:`is_rigid`.

    Examples
    --------
    >>> import networkx as nx
    >>> redundantly_rigid(nx.wheel_graph(5)), redundantly_rigid(nx.circular_ladder_graph(3))
    (True, False)
    >>> redundantly_rigid(nx.complete_bipartite_graph(5, 5), 3, method="modular", seed=0)
    True

    Notes
    -----
    An edge can be deleted without losing rigidity exactly when it lies in a circuit of the
    rigidity matroid, i.e. when some equilibrium stress is non-zero on it; a random stress is
    non-zero on every such edge with probability one.  So the test is :func:`is_rigid` plus
    random stresses: numeric, three projections of Gaussian vectors on the left null space (the
    mean of ``w_e**2`` estimates the projector's diagonal, compared with a relative threshold);
    modular, one uniformly random stress mod p, exact up to a false negative of probability at
    most ``m / p``.  Cost as :func:`is_rigid` plus O(k^2) per stress.

    References
    ----------
    .. [1] B. Hendrickson, "Conditions for unique graph realizations", SIAM J. Comput. 21
       (1992) 65-84.
    .. [2] B. Jackson and T. Jordan, "Connected rigidity matroids and unique realizations of
       graphs", J. Combin. Theory Ser. B 94 (2005) 1-29.
    """

    nodes, E, d, rng = _prepare(G, dim, method, seed)
    with blas_for(len(nodes)):
        return _redundantly_rigid_core(E, len(nodes), d, method, rng)


def _redundantly_rigid_core(E, n, d, method, rng):
    if n <= 1:
        return True
    if n <= d + 1:  # rigid only when complete, and K_n minus an edge is not complete
        return False
    # (minimum degree d + 1: deleting an edge of a vertex of degree <= d leaves it < d)
    rigid, state = _hendrickson_rigid(E, n, d, method, rng)
    if not rigid:
        return False
    if method == "numeric":
        Rp, solve = state
        W = np.stack([_numeric_random_stress(Rp, solve, rng) for _ in range(3)])
        return bool(np.all(np.mean(W**2, axis=0) > _COLOOP_RTOL))
    En, Rp, prow, pcol, U, L = state
    if prow.size == Rp.shape[0]:
        return False
    w = _modular_random_stress(Rp, prow, pcol, U, L, rng)
    return bool(np.all(w != 0))


def _modular_random_motion(E, X, rng, p=PRIME):
    """A uniformly random infinitesimal motion ``x`` (``R x = 0 mod p``) of the framework with
    edges ``E`` and integer points ``X``: free coordinates random, pivot coordinates by back
    substitution in the echelon form.  Returns ``x`` of shape ``(n, d)``."""

    n, d = X.shape
    R = _rigidity_csr(E, X)
    M = np.mod(R.toarray(), p).astype(np.int64)
    prow, pcol, _ = _eliminate_mod_p(M, p)
    U = M[prow]
    x = np.zeros(n * d, dtype=np.int64)
    free = np.ones(n * d, dtype=bool)
    free[pcol] = False
    x[free] = rng.integers(0, p, size=int(free.sum()), dtype=np.int64)
    for s in range(prow.size - 1, -1, -1):
        c = pcol[s]
        acc = _dot_mod_p(U[s, c + 1 :], x[c + 1 :], p)
        x[c] = (-acc) % p * pow(int(U[s, c]), p - 2, p) % p
    return x.reshape(n, d)


def rigid_components(G: nx.Graph, dim: int = 2, *, seed: Seed = None) -> list[set[Hashable]]:
    """The generic rigid components of ``G`` in R^dim, for ``dim`` 1 or 2.

    A rigid component is a maximal vertex set inducing a generically rigid subgraph; every edge
    lies in exactly one, two components share at most one vertex (in the plane), and a vertex
    without edges is a component of its own.

    Parameters
    ----------
    G : networkx graph
        Underlying simple undirected graph, as in :func:`is_rigid`.
    dim : {1, 2}, default 2
    seed : int, numpy Generator or RandomState, optional

    Returns
    -------
    list of sets of nodes
        Ordered by their first node in ``G``'s order.

    Raises
    ------
    ValueError
        If ``dim`` is not 1 or 2.
    TypeError
        If ``G`` is not a networkx graph.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (2, 4), (4, 5)])
    >>> sorted(sorted(c) for c in rigid_components(G))
    [[0, 1, 2], [2, 3, 4], [4, 5]]

    Notes
    -----
    Two vertices ``u, v`` lie in a common rigid component exactly when the distance between
    them is fixed to first order, i.e. ``(p_u - p_v) . (x_u - x_v) = 0`` for every
    infinitesimal motion ``x``; one uniformly random motion decides this for all pairs with
    probability ``1 - O(n^2 / p)``.  In the plane three rigid bodies pairwise sharing distinct
    vertices form a rigid body, so the component of an edge ``ab`` is ``{a, b}`` plus every
    ``v`` fixed to both ``a`` and ``b``; that fails in 3-D (the "double banana"), hence the
    restriction.  Exact arithmetic mod :data:`PRIME` throughout (no tolerance): one elimination
    of the ``m x n*dim`` rigidity matrix, O(m (n dim)^2) worst case, plus O(n^2) pair tests and
    O(n) per component.
    """


    check_graph(G)
    d = check_dim(dim)
    if d > 2:
        raise ValueError(f"rigid_components supports dim 1 or 2, got {dim}")
    rng = as_generator(seed)
    nodes, E = _edge_array(G)
    n, m = len(nodes), E.shape[0]
    p = PRIME
    X = rng.integers(1, p, size=(n, d), dtype=np.int64)
    comps = []
    if m:
        # eliminate in banded (RCM) vertex order, then read the motion back in node order
        order = _vertex_order(E, n)
        new = np.empty(n, dtype=np.int64)
        new[order] = np.arange(n)
        x = _modular_random_motion(new[E], X[order], rng, p)[new]

        check_dense(n, "rigid_components", copies=4,
                    suggestion="use is_rigid on the subgraphs of interest")
        a = np.zeros(n, dtype=np.int64)
        C = np.zeros((n, n), dtype=np.int64)  # C[u, v] = p_u . x_v
        for t in range(d):
            a = (a + X[:, t] * x[:, t] % p) % p
            C = (C + X[:, t, None] * x[None, :, t] % p) % p
        # D[u, v] = (p_u - p_v) . (x_u - x_v) = a_u + a_v - C[u, v] - C[v, u]
        D = (a[:, None] + a[None, :] - C - C.T) % p
        fixed = D == 0
        done = np.zeros(m, dtype=bool)
        for e in range(m):
            if done[e]:
                continue
            i, j = E[e]
            mask = fixed[i] & fixed[j]
            mask[i] = mask[j] = True
            done |= mask[E[:, 0]] & mask[E[:, 1]]
            comps.append(np.flatnonzero(mask))
    deg = np.bincount(E.ravel(), minlength=n)
    comps.extend(np.array([v]) for v in np.flatnonzero(deg == 0))
    comps.sort(key=lambda c: int(c.min()))
    return [{nodes[v] for v in c.tolist()} for c in comps]
