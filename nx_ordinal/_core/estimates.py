"""Memory estimates of every solver and layout, and the guard they call before allocating.

Each public solver and layout calls one function of this module at entry, after argument
validation and before any array whose size follows from its arguments: the function adds up
the bytes of the arrays the method will hold at its peak (coordinates and optimiser state,
constraint columns and kernel work arrays, Gram matrices, dense eigenproblems, candidate
lists, ...) and :meth:`Estimate.check` compares the sum with the limit of
:mod:`nx_ordinal._core.resources`.  Above it, :class:`~nx_ordinal.exceptions.MemoryLimitError`
names the arguments behind the largest parts, the estimate and the limit, e.g.::

    soe: n_objects=10000000, dim=2 need an estimated 7.7 GiB (> limit 1.0 GiB; ...

so a wrong size (an index read as a count, a typo with extra zeros) is refused in
microseconds instead of reaching the kernel's out-of-memory killer.  ``verbose=True``
prints the estimate (:meth:`Estimate.report`), and ``docs/reliability.md`` lists the
formulas.  Sizes that are implausible on their face are refused earlier with a
``ValueError`` by :func:`check_plausible_sizes`.

The estimates are upper-bound-ish models of the real peaks (kept honest by
``tests/test_memory_guard.py``, which compares them with ``tracemalloc`` peaks of real
runs): they are for refusing absurd requests, not for accounting to the byte.  All
arithmetic is on Python integers, so absurd sizes cannot overflow.
"""

from __future__ import annotations

import math
import sys
from typing import TYPE_CHECKING, Any

from ..exceptions import MemoryLimitError
from .resources import format_bytes, get_memory_limit

#: whether ``verbose`` runs print their memory estimate (the command line turns it off
#: unless ``--verbose``: there ``verbose`` stands for the progress display)
SHOW_REPORTS = True

if TYPE_CHECKING:
    from .typing import NDArray

__all__ = [
    "Estimate",
    "check_plausible_sizes",
    "check_constraint_sizes",
    "PLAUSIBLE_SLACK",
    "LBFGS_FLOATS",
    "soe_memory",
    "triplet_memory",
    "dmoe_memory",
    "loe_memory",
    "laplacian_eigenmaps_memory",
    "pivot_mds_memory",
    "landmark_memory",
    "ree_memory",
    "classical_mds_memory",
    "lp_memory",
    "asap_memory",
    "asap_worker_memory",
    "constraint_sampler_memory",
    "local_triplets_memory",
    "knn_memory",
    "rigidity_memory",
    "tv_mple_memory",
    "adjacency_error_memory",
    "loe_layout_memory",
    "soe_layout_memory",
    "triplet_layout_memory",
    "ree_layout_memory",
    "tsne_memory",
    "landmark_layout_memory",
    "lpem_layout_memory",
    "default_n_queries",
]

F8 = 8  # bytes of a float64 / int64
# L-BFGS-B with 20 correction pairs: 2 * 20 history vectors, about 5 work vectors in the
# Fortran/C core, x, g, the start, the best iterate and the caller's reshaped copies
LBFGS_FLOATS = 52
# n_objects may exceed 2 (max index + 1) + this many before it counts as implausible
PLAUSIBLE_SLACK = 1000
_LIMIT_HINT = ("or raise the limit with nx_ordinal.set_memory_limit() or the "
               "NX_ORDINAL_MEMORY_LIMIT environment variable")


class Estimate:
    """Bytes a method will hold at its peak, as a sum of named parts.

    ``Estimate("soe").add("optimiser state", bytes, n_objects=n, dim=d)``: each part records
    the arguments it grows with, so a refusal names the arguments behind the largest parts.
    """

    def __init__(self, method: str, suggestion: str | None = None) -> None:
        self.method = method
        self.suggestion = suggestion
        self.parts: list[tuple[str, int, dict[str, Any]]] = []

    def add(self, label: str, n_bytes: float, **args: Any) -> Estimate:
        """Add a part of ``n_bytes`` that grows with the sizes ``args`` (name=value)."""
        self.parts.append((label, max(int(n_bytes), 0), args))
        return self

    def extend(self, other: Estimate, prefix: str = "") -> Estimate:
        """Add the parts of another estimate (a sub-solver's), labels prefixed."""
        for label, n_bytes, args in other.parts:
            self.parts.append((prefix + label, n_bytes, args))
        return self

    @property
    def total(self) -> int:
        """Estimated peak in bytes (an int)."""
        return sum(p[1] for p in self.parts)

    def responsible(self) -> dict[str, Any]:
        """``{name: value}`` of the arguments behind the parts holding at least a quarter of
        the total (the largest part first)."""
        total = self.total
        names: dict[str, Any] = {}
        for _, n_bytes, args in sorted(self.parts, key=lambda p: -p[1]):
            if names and 4 * n_bytes < total:
                break
            for k, v in args.items():
                names.setdefault(k, v)
        return names

    def _largest(self):
        return max(self.parts, key=lambda p: p[1]) if self.parts else ("nothing", 0, {})

    def report(self) -> str:
        """One line: the estimate, its largest part and the limit (printed by verbose=True)."""

        label, n_bytes, _ = self._largest()
        return (f"{self.method}: estimated peak memory {format_bytes(self.total)} (largest part: "
                f"{label}, {format_bytes(n_bytes)}); limit {format_bytes(get_memory_limit())}")

    def check(self, verbose: bool | int = False) -> Estimate:
        """Print :meth:`report` when ``verbose``; raise
        :class:`~nx_ordinal.exceptions.MemoryLimitError` when the estimate exceeds the limit.
        O(number of parts): nothing is allocated."""

        if verbose and SHOW_REPORTS:
            print(self.report(), file=sys.stderr, flush=True)
        limit = get_memory_limit()
        total = self.total
        if total <= limit:
            return self
        args = ", ".join(f"{k}={v}" for k, v in self.responsible().items())
        label, n_bytes, _ = self._largest()
        verb = "need" if "," in args else "needs"
        msg = (f"{self.method}: {args} {verb} an estimated {format_bytes(total)} (> limit "
               f"{format_bytes(limit)}; largest part: {label}, {format_bytes(n_bytes)}); "
               "check these sizes")
        if self.suggestion:
            msg += f", or {self.suggestion}"
        msg += f" ({_LIMIT_HINT})"
        raise MemoryLimitError(msg)


def check_plausible_sizes(
    method: str,
    n_objects: int,
    dim: int | None = None,
    *,
    max_index: int | None = None,
    init_given: bool = False,
) -> None:
    """``ValueError`` for sizes that are wrong on their face, before any estimate.

    * ``n_objects`` far above the largest index used by the constraints: more than
      ``2 (max_index + 1) + PLAUSIBLE_SLACK``.  Objects in no constraint get arbitrary
      positions, so a few trailing isolated objects are fine (a graph's isolated nodes), but
      ten times as many as the constrained ones is an index read as a count or a typo.  Not
      checked when ``init`` is given: its rows confirm the count.
    * ``dim`` above both ``n_objects`` and 3: n points span at most n - 1 dimensions (up to
      3 is accepted for tiny inputs, so 3-D drawings of two nodes work).
    """
    if max_index is not None and not init_given:
        if n_objects > 2 * (max_index + 1) + PLAUSIBLE_SLACK:
            raise ValueError(
                f"{method}: n_objects={n_objects} is far above the largest index used in the "
                f"constraints ({max_index}); objects in no constraint get arbitrary positions "
                "(pass n_objects=None to use max index + 1)")
    if dim is not None and dim > max(n_objects, 3):
        raise ValueError(
            f"{method}: dim={dim} is larger than the number of objects "
            f"(n_objects={n_objects}); n points span at most n - 1 dimensions")


def check_constraint_sizes(
    method: str,
    C: NDArray[Any],
    n_objects: int,
    dim: int,
    *,
    n_objects_given: bool,
    init_given: bool = False,
) -> None:
    """:func:`check_plausible_sizes` for a solver of a validated constraint array ``C``
    (the largest index is only looked up, O(m), when ``n_objects`` was given)."""
    max_index = (int(C.max()) if C.size else -1) if n_objects_given else None
    check_plausible_sizes(method, int(n_objects), dim, max_index=max_index,
                          init_given=init_given)


def _lbfgs(n_vars):
    return LBFGS_FLOATS * F8 * n_vars


# --------------------------------------------------------------------------- ordinal solvers
def soe_memory(
    n_objects: int, dim: int, n_constraints: int, *, ncols: int = 3, method: str = "lbfgs"
) -> Estimate:
    """SOE (:func:`nx_ordinal.embed.soe`): O(n dim + m) bytes.

    Coordinates and L-BFGS state 52 n dim floats (MM: 20 n dim for PCG); constraint columns
    (ncols + 4) m; the chunked kernel (2 dim + 16) min(m, 2^20) floats per evaluation, or the
    pair kernel (n(n-1)/2 <= m) two m-long pair indices and n^2 + 5 n(n-1)/2 floats; MM adds
    two sparse Laplacians of 2m entries each (about 30 m words).
    """
    n, d, m = int(n_objects), int(dim), int(n_constraints)
    est = Estimate("soe")
    est.add("coordinates and optimiser state",
            _lbfgs(n * d) if method == "lbfgs" else 20 * F8 * n * d, n_objects=n, dim=d)
    est.add("constraint columns", (ncols + 4) * F8 * m, **{"len(constraints)": m})
    pairs = n * (n - 1) // 2
    if 0 < pairs <= m:
        est.add("pair kernel", F8 * (2 * m + n * n + 5 * pairs), n_objects=n)
    else:
        est.add("chunked kernel work arrays", F8 * (2 * d + 16) * min(m, 1 << 20),
                dim=d, **{"len(constraints)": m})
    if method == "mm":
        est.add("majorizer Laplacians", 30 * F8 * m, **{"len(constraints)": m})
    return est


def triplet_memory(
    kind: str, n_objects: int, dim: int, n_constraints: int, *, projected: bool = False
) -> Estimate:
    """STE / t-STE / GNMDS (:mod:`nx_ordinal.embed.ste`).

    Factored: O(n dim + m dim) bytes -- L-BFGS 52 n dim floats, the quadruplet array and its
    index columns 8 m words, the kernel's work arrays (2 dim + 5) m floats.  Projected
    ("-p"): O(n^2 + m) -- six n x n Gram iterates and eigen-projections.
    """
    n, d, m = int(n_objects), int(dim), int(n_constraints)
    name = f"{kind} with projected=True" if projected else kind
    sugg = "use projected=False (L-BFGS on the coordinates, O(n dim))" if projected else None
    est = Estimate(name, suggestion=sugg)
    est.add("quadruplets and index columns", 8 * F8 * m, **{"len(constraints)": m})
    if projected:
        est.add("Gram matrix iterates (6 dense n x n)", 6 * F8 * n * n, n_objects=n)
        est.add("margins and weights", 6 * F8 * m, **{"len(constraints)": m})
    else:
        est.add("coordinates and optimiser state", _lbfgs(n * d), n_objects=n, dim=d)
        est.add("kernel work arrays", F8 * (2 * d + 5) * m + m, dim=d, **{"len(constraints)": m})
    return est


def dmoe_memory(
    n_objects: int, dim: int, n_constraints: int, *, projected: bool = False
) -> Estimate:
    """DMOE (:func:`nx_ordinal.embed.dmoe`): O(n^2 + m) bytes.

    ADMM: 14 dense n x n floats (G, G1, G2, Z3, Z4, the eigendecomposition work and its
    temporaries) and the sparse margin operator and its LU over the touched Gram entries
    (about 60 m words).
    Projected: as ``triplet_memory(projected=True)``.
    """
    n, m = int(n_objects), int(n_constraints)
    if projected:
        est = triplet_memory("dmoe", n, dim, m, projected=True)
        est.suggestion = "use ste/tste/gnmds (O(n dim) memory) or soe"
        return est
    est = Estimate("dmoe", suggestion="use ste/tste/gnmds (O(n dim) memory) or soe")
    est.add("ADMM Gram matrices (14 dense n x n)", 14 * F8 * n * n, n_objects=n)
    est.add("margin operator and its LU", 60 * F8 * m, **{"len(constraints)": m})
    return est


def laplacian_eigenmaps_memory(n: int, dim: int, n_edges: int) -> Estimate:
    """Laplacian eigenmaps (:func:`nx_ordinal.embed.laplacian_eigenmaps`).

    Components up to 600 vertices: dense ``eigh``, 3 n^2 floats; larger: shift-invert
    ``eigsh`` with about 2 dim + 22 Lanczos vectors of n floats and an LU of the Laplacian
    (about 8 E words for kNN-like graphs).  Bounded by the larger of the two.
    """
    n, d, e = int(n), int(dim), int(n_edges)
    est = Estimate("laplacian_eigenmaps")
    small = min(n, 600)
    est.add("dense eigenproblem", 3 * F8 * small * small, n=small)
    if n > 600:
        est.add("Lanczos vectors", F8 * n * (2 * d + 22), n=n, dim=d)
        est.add("sparse Laplacian and its LU", 8 * F8 * (e + n), n_edges=e)
    est.add("embedding", 2 * F8 * n * d, n=n, dim=d)
    return est


def pivot_mds_memory(n: int, dim: int, n_edges: int, n_landmarks: int,
                     stress_iter: int = 0) -> Estimate:
    """Pivot MDS (:func:`nx_ordinal.embed.pivot_mds`): O(n L + E) bytes for
    L = min(n, n_landmarks): the L x n distance block and its centred copy (3 n L floats;
    with ``stress_iter`` rounds of sparse stress the copy's place is taken by the pivot
    terms' weights, plus row blocks of 4M entries), the weighted graph (about 10 E
    words)."""
    n, d, e = int(n), int(dim), int(n_edges)
    L = min(n, max(int(n_landmarks), d + 1))
    est = Estimate("pivot_mds")
    est.add("landmark distance blocks", 3 * F8 * n * L + (F8 << 23 if stress_iter else 0),
            n=n, n_landmarks=int(n_landmarks))
    est.add("weighted graph", 10 * F8 * (e + n), n_edges=e)
    est.add("embedding", 2 * F8 * n * d, n=n, dim=d)
    return est


def loe_memory(
    n: int, dim: int, n_edges: int, *, method: str = "lbfgs", init: Any = "auto"
) -> Estimate:
    """LOE (:func:`nx_ordinal.embed.loe`): O(n dim + E + C) bytes for E edges and C
    candidate pairs.

    Coordinates and L-BFGS state (52 n dim floats; MM 20 n dim), the local graph and the
    candidate list (modelled as about 30 E words, plus 8 n words of k-d tree: the checked
    adjacency and the edge arrays, per-evaluation edge values, the list and the k-d tree
    pairs of a rebuild, with C up to about E), the start and the best configuration
    (restarts do not add memory).  The start (Laplacian eigenmaps up to 2000 vertices,
    pivot MDS beyond; ``init=None`` is ``"auto"``) is freed before the solver's arrays
    exist, so it counts only by what it needs beyond them.  Measured at n = 10^6, k = 28:
    peak RSS of 5.1 and 6.4 GiB (two runs) for the whole benchmark process against
    7.2 GiB estimated; at n = 10^5, k = 24: 684 MiB against 644 MiB.
    """
    n, d, e = int(n), int(dim), int(n_edges)
    est = Estimate("loe", suggestion="use asap_loe_layout (patches) for large graphs")
    est.add("coordinates and optimiser state",
            (_lbfgs(n * d) if method == "lbfgs" else 20 * F8 * n * d), n_objects=n, dim=d)
    est.add("start and best configuration", 2 * F8 * n * d, n_objects=n, dim=d)
    solver = F8 * (30 * e + 8 * n + 4 * n * d)
    est.add("local graph and candidate list", solver, n_edges=e)
    if init is None or isinstance(init, str):
        if init == "pivot" or (init in ("auto", None) and n > 2000):
            start = pivot_mds_memory(n, d, e, 50)
        else:
            start = laplacian_eigenmaps_memory(n, d, e)
        label, n_bytes, args = max(start.parts, key=lambda p: p[1])
        est.add(f"start: {start.method} beyond the solver's arrays (largest part: {label})",
                max(0, start.total - solver), **args)
    return est


def landmark_memory(
    n_objects: int, dim: int, n_landmarks: int, n_comparisons: int, *, m_name: str = "n_queries"
) -> Estimate:
    """Landmark ordinal embedding (:func:`nx_ordinal.embed.landmark.landmark_embedding`):
    O(m + n l) bytes for m comparisons and l landmarks.

    The comparisons (near, far, column and the ranking stage's per-comparison arrays: about
    5 words each), the n x l score matrix with its L-BFGS state (52 n l
    floats), and the refinement (about 12 n l + 8 n dim floats).
    """
    n, d, ell, m = int(n_objects), int(dim), int(n_landmarks), int(n_comparisons)
    est = Estimate("landmark_embedding", suggestion="use fewer n_landmarks or n_queries")
    est.add("comparisons", 5 * F8 * m, **{m_name: m})
    est.add("scores and ranking optimiser state", _lbfgs(n * ell) + 12 * F8 * n * ell,
            n_objects=n, n_landmarks=ell)
    est.add("embedding and refinement", 8 * F8 * n * d, n_objects=n, dim=d)
    return est


# ------------------------------------------------------------------------------ metric solvers
def ree_memory(n: int, dim: int, *, n_landmarks: int | None = None) -> Estimate:
    """REE (:func:`nx_ordinal.embed.ree`): O(n^2) bytes.  Without landmarks 10 dense n x n
    floats (dissimilarities, weights, the Gram iterate, its best copy, the subgradient and the
    eigendecomposition work); with ``n_landmarks=l`` the validation of the full matrix
    (6 dense n x n) plus 6 dense l x l iterates and the O(n l) Nystrom extension."""
    n = int(n)
    est = Estimate("ree", suggestion="pass n_landmarks for the Nystrom variant on a landmark "
                                     "subset, or use an ordinal layout (soe_layout, "
                                     "asap_loe_layout)")
    if n_landmarks is not None and int(n_landmarks) < n:
        ell = int(n_landmarks)
        est.add("dissimilarities, weights and their validation (6 dense n x n)",
                6 * F8 * n * n, n=n)
        est.add("landmark Gram iterates (6 dense l x l)", 6 * F8 * ell * ell,
                n_landmarks=ell)
        est.add("Nystrom extension", 4 * F8 * n * ell, n=n, n_landmarks=ell)
    else:
        est.add("dissimilarities, weights and Gram iterates (10 dense n x n)",
                10 * F8 * n * n, n=n)
    if dim is not None:
        est.add("embedding", 2 * F8 * n * int(dim), dim=int(dim))
    return est


def classical_mds_memory(n: int, dim: int) -> Estimate:
    """Classical MDS (:func:`nx_ordinal.embed.classical_mds`): 4 dense n x n floats (squared
    distances, double centring, eigenvectors)."""
    n, d = int(n), int(dim)
    est = Estimate("classical_mds", suggestion="use landmark MDS (nx_ordinal.embed.ree(D, "
                   "n_landmarks=...)) or an ordinal layout that needs no distance matrix "
                   "(loe_layout, asap_loe_layout)")
    est.add("dense n x n matrices (4)", 4 * F8 * n * n, n=n)
    est.add("embedding", F8 * n * d, dim=d)
    return est


def lp_memory(n: int, dim: int = 2) -> Estimate:
    """LPEm (:func:`nx_ordinal.embed.lp.lp_embedding`): one LP variable and row per pair,
    about 16 n^2 words for the constraint matrix and HiGHS."""
    n = int(n)
    est = Estimate("lp_embedding",
                   suggestion="use loe / asap_loe_layout for large kNN graphs")
    est.add("LP (one variable and row per pair of points)", 16 * F8 * n * n, n=n)
    est.add("embedding", 2 * F8 * n * int(dim), dim=int(dim))
    return est


def asap_memory(
    n: int, dim: int, n_edges: int, max_patch_size: int, *, n_jobs: int = 1, prune: bool = True
) -> Estimate:
    """ASAP-LOE (:func:`nx_ordinal.asap.asap_embed`): O(n dim + E) for the whole graph plus,
    per concurrent job, the LOE of one patch of p = min(n, 2 max_patch_size) vertices (and,
    with pruning, a dense p x p stress matrix)."""
    n, d, e = int(n), int(dim), int(n_edges)
    mps = int(max_patch_size)
    jobs = max(1, min(int(n_jobs), -(-n // max(mps, 1))))
    est = Estimate("asap_embed", suggestion="use a smaller max_patch_size")
    # calibrated on the driver's peak resident memory of 2-worker dask runs on kNN graphs
    # (pc, k = ceil(2 ln n)): 1.08 / 3.14 / 10.74 GiB at n = 10^5 / 3 x 10^5 / 10^6
    est.add("graph, clustering and synchronisation", F8 * (48 * e + 40 * n * d + 30 * n),
            n_edges=e, dim=d)
    patch = asap_worker_memory(n, d, e, mps, prune=prune).total
    est.add("patch embeddings", jobs * patch, max_patch_size=mps, n_jobs=jobs)
    return est


def asap_worker_memory(
    n: int, dim: int, n_edges: int, max_patch_size: int, *, prune: bool = True
) -> Estimate:
    """One ASAP-LOE patch job (what each worker holds at once): the LOE of one patch of
    p = min(n, 2 max_patch_size) vertices and, with pruning, a dense p x p stress matrix."""
    n, d, e, mps = int(n), int(dim), int(n_edges), int(max_patch_size)
    p = min(n, 2 * mps)
    e_patch = e * p // max(n, 1)
    est = Estimate("asap patch job", suggestion="use a smaller max_patch_size")
    est.extend(loe_memory(p, d, e_patch, init="spectral"), prefix="patch LOE: ")
    if prune:
        est.add("rigidity pruning", 4 * F8 * p * p, max_patch_size=mps)
    return est


# ------------------------------------------------------------------------ samplers and tools
def constraint_sampler_memory(
    method: str,
    n_rows: int,
    *,
    ncols: int = 3,
    n_objects: int | None = None,
    arg: str = "n_triplets",
) -> Estimate:
    """Constraint samplers (``random_triplets``, ``sample_triplets``, ``sample_quadruplets``,
    ``TripletOracle.sample``, ``all_quadruplets``): the index columns, the stacked output and
    the redraw / distance work arrays, about (3 ncols + 6) words per row."""
    m = int(n_rows)
    est = Estimate(method, suggestion=f"use a smaller {arg}")
    est.add(f"{ncols}-column constraint array and work arrays", (3 * ncols + 6) * F8 * m,
            **{arg: m})
    return est


def local_triplets_memory(n: int, n_edges: int, n_triplets: int, *, full: bool) -> Estimate:
    """:func:`nx_ordinal.constraints.local_triplets`: sampling O(m) (about 16 words per row);
    full enumeration a dense boolean n x n mask, the E x n non-neighbour mask and the output."""
    n, e, m = int(n), int(n_edges), int(n_triplets)
    est = Estimate("local_triplets", suggestion="pass max_triplets to sample them")
    if full:
        est.add("dense adjacency mask", 2 * n * n, n=n)
        est.add("edge x node mask", e * n, n_edges=e)
        est.add("triplets", 8 * F8 * m, n_triplets=m)
    else:
        est.add("sampled triplets and work arrays", 16 * F8 * m + 4 * F8 * e,
                max_triplets=m)
    return est


def knn_memory(method: str, n: int, k: int, *, graph: bool = False) -> Estimate:
    """kNN graphs (``knn_adjacency``, ``knn_graph``): the k-d tree's distance and index
    answers and the CSR matrix, about 5 n k words (a networkx graph adds about 300 bytes per
    edge)."""
    n, k = int(n), int(k)
    est = Estimate(method, suggestion="use a smaller k")
    est.add("neighbour lists", 5 * F8 * n * k, n=n, k=k)
    if graph:
        est.add("networkx graph", 300 * n * k, n=n, k=k)
    return est


def rigidity_memory(n: int, dim: int, n_edges: int, *, method: str = "numeric") -> Estimate:
    """Rigidity tests (``is_rigid``, ``is_globally_rigid``, ``redundantly_rigid``): random
    coordinates (n dim); numeric: the sparse E x n dim rigidity matrix (2 dim entries per row),
    its Gram matrix and LU (modelled as 20 (E dim^2 + n dim) words); exact (modular): dense
    E x n dim integer matrices (4 copies).  The global test's dense n x n stress matrix is
    guarded where it is built."""
    n, d, e = int(n), int(dim), int(n_edges)
    est = Estimate("rigidity test", suggestion="use a smaller dim")
    est.add("coordinates", 4 * F8 * n * d, n=n, dim=d)
    if method == "numeric":
        est.add("rigidity matrix, Gram matrix and LU", 20 * F8 * (e * d * d + n * d),
                n_edges=e, dim=d)
    else:
        est.add("dense modular rigidity matrices (4 copies)", 4 * F8 * e * n * d,
                n_edges=e, n=n, dim=d)
    return est


def tv_mple_memory(n: int, dim: int, grid: int) -> Estimate:
    """TV-MPLE (:func:`nx_ordinal.density.tv_mple`): about 24 floats per grid cell
    (grid^dim cells) plus the binned points."""
    n, d, g = int(n), int(dim), int(grid)
    est = Estimate("tv_mple", suggestion="use a smaller grid")
    est.add("grid arrays", 24 * F8 * g**d, grid=g, dim=d)
    est.add("points", 4 * F8 * n * d, n=n)
    return est


def adjacency_error_memory(n: int, k: int) -> Estimate:
    """:func:`nx_ordinal.metrics.adjacency_error`: the recovered and given kNN lists,
    about 10 n k words."""
    n, k = int(n), int(k)
    return Estimate("adjacency_error", suggestion="use a smaller k").add(
        "neighbour lists", 10 * F8 * n * k, n=n, k=k)


# ------------------------------------------------------------------------------------ layouts
def loe_layout_memory(
    n: int, dim: int, n_edges: int, n_init: int, *, kamada_kawai: bool = False,
    anchor_pivots: int = 0,
) -> Estimate:
    """:func:`nx_ordinal.loe_layout`: the ``n_init`` starts and results it compares
    (2 n_init n dim floats), networkx's Kamada-Kawai start on small graphs (about 4 n^2 dim
    floats: its pairwise differences), t-LOE's stress anchor from ``anchor_pivots`` pivots
    (about (dim + 6) P n floats), then :func:`loe_memory`."""
    n, d, k = int(n), int(dim), int(n_init)
    est = Estimate("loe_layout", suggestion="use fewer n_init or a smaller dim")
    est.add("starts and runs compared (n_init)", 2 * F8 * n * d * k, n_init=k, dim=d)
    if anchor_pivots:
        est.add("t-LOE's stress anchor (pivots x n)", (d + 6) * F8 * int(anchor_pivots) * n,
                n=n, dim=d)
    if kamada_kawai:
        est.add("Kamada-Kawai start (n x n x dim differences)", 4 * F8 * n * n * d, n=n,
                dim=d)
    est.extend(loe_memory(n, d, n_edges), "loe: ")
    return est


def soe_layout_memory(
    n: int, dim: int, n_edges: int, n_constraints: int, *, method: str = "lbfgs"
) -> Estimate:
    """:func:`nx_ordinal.soe_layout`: the shortest-path rows (at most 4e6 entries, 2 words
    each) and the triplet sampling (about 12 words per triplet), then :func:`soe_memory`."""
    n, m = int(n), int(n_constraints)
    est = Estimate("soe_layout", suggestion="use a smaller n_constraints")
    est.add("shortest-path rows", 2 * F8 * min(4_000_000, n * n) + 10 * F8 * int(n_edges),
            n=n)
    est.add("triplet sampling", 12 * F8 * m, n_constraints=m)
    est.extend(soe_memory(n, dim, m, method=method), "soe: ")
    return est


def ree_layout_memory(n: int, dim: int) -> Estimate:
    """:func:`nx_ordinal.ree_layout`: all-pairs shortest paths, their weights and REE,
    14 dense n x n floats."""
    n = int(n)
    est = Estimate("ree_layout", suggestion="use soe_layout, landmark_layout or "
                                            "asap_loe_layout, which need no n x n matrix")
    est.add("all-pairs shortest paths and REE (14 dense n x n)", 14 * F8 * n * n, n=n)
    est.add("embedding", 2 * F8 * n * int(dim), dim=int(dim))
    return est


def triplet_layout_memory(
    kind: str, n: int, dim: int, n_edges: int, n_triplets: int, *, projected: bool = False
) -> Estimate:
    """``ste_layout``, ``tste_layout``, ``gnmds_layout``, ``dmoe_layout``: the start
    (Laplacian eigenmaps), the local triplets (:func:`local_triplets_memory`) and the solver
    (:func:`triplet_memory`, or :func:`dmoe_memory` for ``kind="dmoe"``, whose n x n
    matrices dominate)."""
    if kind == "dmoe":
        solver = dmoe_memory(n, dim, n_triplets, projected=projected)
        suggestion = "use ste_layout, gnmds_layout or loe_layout (no n x n matrix)"
    else:
        solver = triplet_memory(kind, n, dim, n_triplets, projected=projected)
        suggestion = "use projected=False" if projected else "use a smaller max_triplets"
    est = Estimate(f"{kind}_layout", suggestion=suggestion)
    est.extend(laplacian_eigenmaps_memory(n, dim, n_edges), "start: ")
    est.extend(local_triplets_memory(n, n_edges, n_triplets, full=False), "sampling: ")
    est.extend(solver, f"{kind}: ")
    return est


def lpem_layout_memory(n: int, dim: int, n_triangles: int, triangle: str | float) -> Estimate:
    """:func:`nx_ordinal.lpem_layout`: the LP of :func:`lp_memory` plus, per imposed triangle,
    its three rows (nine sparse entries built by concatenation, then the CSR matrix and the
    solver's copy: about 170 words), which :func:`lp_memory` leaves out; with
    ``triangle="all"`` they grow as n^3."""
    t = int(n_triangles)
    est = Estimate("lpem_layout", suggestion='use triangle="local" or loe_layout')
    est.extend(lp_memory(n, dim))
    est.add("triangle inequality rows (about 170 words per triangle)", 170 * F8 * t,
            n=int(n), triangle=triangle)
    return est


def landmark_layout_memory(n: int, dim: int, n_edges: int, n_landmarks: int) -> Estimate:
    """:func:`nx_ordinal.landmark_layout`: one BFS row per landmark, the ranks and the
    embedding (about 20 n l + 8 n dim floats); with n <= l + 1 all-pairs hop distances and
    classical MDS instead (6 dense n x n)."""
    n, d, e, ell = int(n), int(dim), int(n_edges), int(n_landmarks)
    est = Estimate("landmark_layout", suggestion="use fewer n_landmarks")
    if n <= ell + 1:
        est.add("all-pairs hop distances and classical MDS (6 dense n x n)", 6 * F8 * n * n,
                n=n, n_landmarks=ell)
    else:
        est.add("landmark distance rows and scores", 20 * F8 * n * ell, n=n, n_landmarks=ell)
    est.add("graph and embedding", F8 * (4 * e + 8 * n * d), n_edges=e, dim=d)
    return est


def tsne_memory(n: int, dim: int) -> Estimate:
    """:func:`nx_ordinal.classical.tsne_layout`: all-pairs hop distances and scikit-learn's
    t-SNE on them (affinities, gradients: about 6 dense n x n floats; the exact method for
    dim > 3 also n^2 dim differences)."""
    n, d = int(n), int(dim)
    est = Estimate("tsne_layout", suggestion="use loe_layout or asap_loe_layout, which need "
                                             "no n x n matrix")
    est.add("hop distances and t-SNE affinities (6 dense n x n)", 6 * F8 * n * n, n=n)
    if d > 3:
        est.add("exact t-SNE pairwise differences", F8 * n * n * d, n=n, dim=d)
    est.add("embedding", 4 * F8 * n * d, dim=d)
    return est


def default_n_queries(n: int) -> int:
    """The landmark solvers' default oracle budget, ceil(50 n ln n)."""
    return int(math.ceil(50 * n * math.log(max(n, 2))))
