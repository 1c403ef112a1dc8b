"""Patches for ASAP: spectral clustering, enlargement by graph neighbours, rigidity pruning.

Section 3.1 of Cucuringu & Woodworth [1]_: cluster the symmetrised graph into N clusters with
normalized spectral clustering (k-means on the top N eigenvectors of the random-walk
normalised Laplacian), enlarge every cluster by the graph neighbours of its nodes so that
patches overlap, then prune each patch until it is (generically) globally rigid: drop a
quarter of the added nodes, lowest degree first, per round; stop when the patch is rigid or
smaller than 4/3 of its cluster.

References
----------
.. [1] M. Cucuringu and J. Woodworth, "Point localization and density estimation from ordinal
   kNN graphs using synchronization", section 3.1.
"""

from __future__ import annotations

import math
import warnings
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.cluster.vq import kmeans2

from .._core.seeds import as_generator
from .._data.graph import symmetrize
from ..embed._spectral import random_walk_eigenvectors

if TYPE_CHECKING:
    from collections.abc import Callable

    import networkx as nx
    import numpy as np
    import scipy.sparse as sp

    from .._core.typing import IntArray, NDArray, Seed

__all__ = [
    "symmetrize",
    "n_clusters_for",
    "spectral_clusters",
    "plan_clusters",
    "ClusterJob",
    "run_cluster_job",
    "merge_clusters",
    "expand_clusters",
    "sub_adjacency",
    "prune_patch",
    "default_rigidity_test",
]

#: clusters with at most this many eigenvectors are found in one k-means; more clusters are
#: found hierarchically (see :func:`spectral_clusters`)
MAX_EIGENVECTORS = 48


def n_clusters_for(n: int, max_patch_size: int, degree: float, dim: int = 2) -> int:
    """Number of clusters N so that a cluster plus its neighbours has about
    ``max_patch_size`` nodes.

    A cluster of c nodes of a d-dimensional kNN-like graph of degree k, enlarged by one hop,
    holds about ``(c^(1/d) + k^(1/d))^d`` nodes; solving for c and clipping it to
    ``[max_patch_size / 4, max_patch_size]`` gives ``N = ceil(n / c)``.

    Examples
    --------
    >>> from nx_ordinal.asap.patches import n_clusters_for
    >>> n_clusters_for(5000, 300, 18)
    30
    """
    if n <= max_patch_size:
        return 1
    root = max_patch_size ** (1.0 / dim) - max(float(degree), 1.0) ** (1.0 / dim)
    c = root**dim if root > 0 else 0.0
    c = min(max(c, max_patch_size / 4.0), float(max_patch_size))
    return max(1, math.ceil(n / c))


def _spectral_embedding(S, nev, rng):
    """Top ``nev`` eigenvectors of the random-walk matrix D^{-1} S (generalised problem
    ``S v = mu D v``), i.e. the bottom ones of the random-walk Laplacian (dense up to 400
    vertices)."""
    return random_walk_eigenvectors(S, nev, rng, dense_max=400)


#: graphs with more nodes than this are coarsened before their top-level clustering
COARSEN_ABOVE = 20000


def _coarsen(S, target, rng):
    """Aggregate the nodes of the symmetric graph ``S`` into about ``target`` groups by rounds
    of mutual heaviest-edge matching (edge weight over the product of the group sizes, ties
    broken by a seeded random perturbation); each round is O(nnz) vectorised work.

    Returns ``(agg, W)``: the group of every node and the Galerkin coarse graph
    ``W = P^T S P`` *with* its diagonal, whose row sums are the groups' summed degrees, so
    that the random-walk eigenproblem of ``W`` is that of ``S`` restricted to vectors constant
    on each group.
    """

    n = S.shape[0]
    agg = np.arange(n)
    W = sp.csr_array(S, dtype=np.float64)
    size = np.ones(n)
    while W.shape[0] > target:
        m = W.shape[0]
        r = np.repeat(np.arange(m), np.diff(W.indptr))
        off = (W.indices != r) & (W.data != 0)  # the matching ignores the diagonal
        r, c, v = r[off], W.indices[off], W.data[off]
        if r.size == 0:
            break
        indptr = np.concatenate([[0], np.cumsum(np.bincount(r, minlength=m))])
        # symmetric pseudo-random tie-break from the (unordered) pair and the seed
        lo, hi = np.minimum(r, c).astype(np.uint64), np.maximum(r, c).astype(np.uint64)
        salt = np.uint64(rng.integers(1, 2**31))
        h = (lo * np.uint64(2654435761) + hi * np.uint64(40503) + salt) % np.uint64(1 << 20)
        score = v / (size[r] * size[c]) * (1.0 + 1e-3 * h.astype(np.float64) / (1 << 20))
        # each node's heaviest edge: row maxima of the CSR data, first column attaining it
        nonempty = np.flatnonzero(np.diff(indptr) > 0)
        rowmax = np.maximum.reduceat(score, indptr[nonempty])
        top = np.zeros(m)
        top[nonempty] = rowmax
        hit = np.flatnonzero(score == top[r])
        first = np.ones(hit.size, dtype=bool)
        first[1:] = r[hit[1:]] != r[hit[:-1]]
        best = np.full(m, -1)
        best[r[hit[first]]] = c[hit[first]]
        i = np.flatnonzero(best >= 0)
        mutual = i[(best[best[i]] == i) & (i < best[i])]
        if mutual.size == 0:
            break
        lab = np.arange(m)
        lab[best[mutual]] = mutual
        _, lab = np.unique(lab, return_inverse=True)
        mc = int(lab.max()) + 1
        P = sp.csr_array((np.ones(m), (np.arange(m), lab)), shape=(m, mc))
        W = sp.csr_array(P.T @ W @ P)
        W.sum_duplicates()
        size = np.bincount(lab, weights=size, minlength=mc)
        agg = lab[agg]
        if mc > 0.9 * m:  # matching stalls (e.g. star-like graphs): stop coarsening
            break
    if W.shape[0] < n:  # the diagonal (cleared for the matching) back: group-internal weight
        internal = np.bincount(agg, weights=np.asarray(S.sum(axis=1)).ravel(),
                               minlength=W.shape[0]) - np.asarray(W.sum(axis=1)).ravel()
        W = sp.csr_array(W + sp.diags_array(internal))
    return agg, W


def _kmeans(U, k, rng):

    if k >= U.shape[0]:
        return np.arange(U.shape[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, labels = kmeans2(U, k, minit="++", seed=rng)
    _, labels = np.unique(labels, return_inverse=True)  # drop empty clusters
    return labels.astype(np.int64)


def spectral_clusters(
    S: sp.csr_array, n_clusters: int, seed: Seed = None, *, max_eigenvectors: int = MAX_EIGENVECTORS
) -> IntArray:
    """Normalized spectral clustering (Shi-Malik) of the symmetric adjacency ``S``.

    k-means (k-means++ start) on the rows of the top ``n_clusters`` eigenvectors of
    ``D^{-1} S``.  When ``n_clusters > max_eigenvectors`` the same procedure is applied
    hierarchically: first into ``ceil(sqrt(n_clusters))`` clusters, then each of those into a
    number of clusters proportional to its size -- the one deviation from the paper, made so
    that thousands of clusters do not need thousands of eigenvectors.  On graphs of more than
    ``COARSEN_ABOVE`` (20,000) nodes that first, coarse level is computed on a coarsened
    graph (rounds of heaviest-edge matching, groups of about 16 nodes; the eigenvectors are
    those of ``S`` restricted to vectors constant on each group), the finer levels on the
    graph itself: a second deviation, which replaces a sparse factorisation of the whole
    graph's Laplacian (the driver's largest serial cost at n = 100,000) by O(nnz) work per
    matching round.
    The finer levels are independent jobs (:func:`plan_clusters`,
    :func:`run_cluster_job`), which :func:`nx_ordinal.asap.asap_embed` runs through its
    executor; here they run in turn.

    Cost: a dense eigendecomposition for graphs of at most 400 nodes, otherwise a sparse
    shift-invert Lanczos (one sparse factorisation of the Laplacian, minimum-degree ordering)
    per clustering, plus O(n N_level^2) for k-means.

    Returns
    -------
    labels : ndarray of int, shape (n,)
        Cluster of each node, ``0 .. N'-1`` with ``N' <= n_clusters`` (empty clusters are
        dropped).
    """
    labels, jobs, pieces = plan_clusters(S, n_clusters, seed, max_eigenvectors=max_eigenvectors)
    if not jobs:
        return labels
    return merge_clusters(S.shape[0], pieces, [run_cluster_job(j) for j in jobs])


class ClusterJob:
    """One sub-clustering of the hierarchy (small, picklable).

    It carries the piece's own sub-adjacency only, as its 0/1 pattern (``indptr`` and
    ``indices``, int32 where they fit: about a third of the pickled CSR array, so a piece of
    20,000 nodes of a kNN graph travels as ~3 MB rather than ~11 MB), with ``n_clusters``,
    ``seed`` and ``max_eigenvectors``.  :attr:`S` rebuilds the 0/1 CSR array.
    """

    def __init__(
        self, S: sp.csr_array, n_clusters: int, seed: int, max_eigenvectors: int
    ) -> None:
        S = sp.csr_array(S)
        idx_t = np.int32 if S.nnz < 2**31 - 1 and S.shape[0] < 2**31 - 1 else np.int64
        self.shape = S.shape
        self.indptr = S.indptr.astype(idx_t)
        self.indices = S.indices.astype(idx_t)
        # weights are kept only when the piece is not 0/1 (never in the pipeline)
        self.data = None if np.all(S.data == 1.0) else S.data.astype(np.float64)
        self.n_clusters = n_clusters
        self.seed = seed
        self.max_eigenvectors = max_eigenvectors

    @property
    def S(self) -> sp.csr_array:
        """The piece's symmetric adjacency (float64 CSR, sorted indices)."""
        data = np.ones(self.indices.size) if self.data is None else self.data
        S = sp.csr_array((data, self.indices, self.indptr), shape=self.shape)
        S.sort_indices()
        return S


def run_cluster_job(job: ClusterJob) -> IntArray:
    """Labels of one piece (:func:`spectral_clusters` of its sub-adjacency)."""
    return spectral_clusters(job.S, job.n_clusters, job.seed,
                             max_eigenvectors=job.max_eigenvectors)


def plan_clusters(
    S: sp.csr_array, n_clusters: int, seed: Seed = None, *, max_eigenvectors: int = MAX_EIGENVECTORS
) -> tuple[IntArray, list[ClusterJob], list[IntArray]]:
    """The first level of :func:`spectral_clusters` and the jobs of the next one.

    Returns ``(labels, jobs, pieces)``: when one level suffices, the final labels and no
    jobs; otherwise the coarse labels, one :class:`ClusterJob` per coarse cluster (its
    sub-adjacency, its number of clusters proportional to its size, its own seed drawn here,
    so results do not depend on where or in which order the jobs run) and the node indices
    of every piece.  :func:`merge_clusters` joins the jobs' labels.
    """


    rng = as_generator(seed)
    n = S.shape[0]
    if n_clusters <= 1 or n <= 1:
        return np.zeros(n, dtype=np.int64), [], []
    n_clusters = min(int(n_clusters), n)
    if n_clusters <= max_eigenvectors:
        U = _spectral_embedding(S, n_clusters, rng)
        return _kmeans(U, n_clusters, rng), [], []
    top = min(max_eigenvectors, math.ceil(math.sqrt(n_clusters)))
    if n > COARSEN_ABOVE:
        agg, W = _coarsen(sp.csr_array(S), max(n // 16, 40 * top), rng)
        U = _spectral_embedding(W, top, rng)[agg]
        coarse = _kmeans(U, top, rng)
    else:
        coarse = spectral_clusters(S, top, rng, max_eigenvectors=max_eigenvectors)
    n_top = int(coarse.max()) + 1
    seeds = rng.integers(0, 2**31 - 1, size=n_top)
    order = np.argsort(coarse, kind="stable")
    pieces: list[IntArray] = np.split(order, np.cumsum(np.bincount(coarse, minlength=n_top))[:-1])
    jobs = [ClusterJob(S[idx][:, idx], max(1, round(n_clusters * idx.size / n)), int(s),
                       max_eigenvectors) for idx, s in zip(pieces, seeds, strict=True)]
    return coarse, jobs, pieces


def merge_clusters(n: int, pieces: list[IntArray], results: list[IntArray]) -> IntArray:
    """Labels of all nodes from the labels of every piece (pieces in order, numbered on).

    The result runs from 0 to the number of clusters minus one.
    """
    labels = np.empty(n, dtype=np.int64)
    nxt = 0
    for idx, sub in zip(pieces, results, strict=True):
        labels[idx] = sub + nxt
        nxt += int(sub.max()) + 1 if sub.size else 0
    return labels


def sub_adjacency(A: sp.csr_array, p: IntArray, lookup: IntArray) -> sp.csr_array:
    """``A[p][:, p]`` for sorted ``p`` in time linear in the rows of p (not in n).

    The rows of p, their columns mapped through ``lookup``: an int array of length n, all
    -1, which is used as scratch and restored on return (allocate it once for many calls).
    """

    lookup[p] = np.arange(p.size)
    R = A[p]
    cols = lookup[R.indices]
    rows = np.repeat(np.arange(p.size), np.diff(R.indptr))
    inside = cols >= 0
    lookup[p] = -1
    sub = sp.csr_array((R.data[inside], (rows[inside], cols[inside])), shape=(p.size, p.size))
    sub.sort_indices()
    return sub


def expand_clusters(
    S: sp.csr_array, labels: IntArray, max_patch_size: int | None = None
) -> tuple[list[IntArray], list[NDArray[np.bool_]]]:
    """Enlarge each cluster by the graph neighbours of its nodes.

    When ``max_patch_size`` is given, a cluster of c nodes gains at most
    ``max(max_patch_size - c, ceil(c / 3))`` neighbours, those with the most edges into the
    cluster first (ties: lower index), so patches stay near the maximum size.

    One sparse product ``S M`` with the node-cluster membership matrix M counts every node's
    edges into every cluster: O(nnz(S) + sum of patch sizes).

    Returns
    -------
    patches : list of sorted int arrays
    cores : list of bool arrays
        ``cores[a][r]`` is True when row r of patch a is in the original cluster.
    """

    n = S.shape[0]
    N = int(labels.max()) + 1 if n else 0
    M = sp.csr_array((np.ones(n), (np.arange(n), labels)), shape=(n, N))
    C = (S @ M).tocsc()
    C.sort_indices()
    patches, cores = [], []
    for a in range(N):
        core = np.flatnonzero(labels == a)
        cand = C.indices[C.indptr[a]:C.indptr[a + 1]]
        cnt = C.data[C.indptr[a]:C.indptr[a + 1]]
        out = labels[cand] != a
        cand, cnt = cand[out], cnt[out]
        if max_patch_size is not None:
            budget = max(int(max_patch_size) - core.size, math.ceil(core.size / 3))
            if cand.size > budget:
                order = np.lexsort((cand, -cnt))[:budget]
                cand = cand[order]
        patch = np.concatenate([core, cand])
        order = np.argsort(patch, kind="stable")
        patch = patch[order]
        is_core = np.zeros(patch.size, dtype=bool)
        is_core[: core.size] = True
        patches.append(patch)
        cores.append(is_core[order])
    return patches, cores


def default_rigidity_test(G: nx.Graph, dim: int, seed: Seed = None) -> bool:
    """``nx_ordinal.rigidity.is_globally_rigid(G, dim=dim, seed=seed)``, imported lazily."""
    try:
        from ..rigidity import is_globally_rigid
    except ImportError as exc:  # pragma: no cover - depends on the rigidity module
        raise ImportError(
            "rigidity pruning needs nx_ordinal.rigidity.is_globally_rigid; pass prune=False or "
            "rigidity_test=<callable(G, dim) -> bool>"
        ) from exc
    return bool(is_globally_rigid(G, dim=dim, seed=seed))


def _call_test(test, H, dim, seed):
    if test is None:
        return default_rigidity_test(H, dim, seed=seed)
    return bool(test(H, dim))


def prune_patch(
    S_patch: sp.csr_array,
    core: NDArray[np.bool_],
    dim: int = 2,
    rigidity_test: Callable[..., bool] | None = None,
    seed: Seed = None,
) -> tuple[NDArray[np.bool_], dict[str, Any]]:
    """Prune a patch until generically globally rigid (section 3.1).

    Per round: if the patch subgraph is globally rigid in R^dim, stop; if it has fewer than
    4/3 as many nodes as its cluster, stop; otherwise drop ``ceil(1/4)`` of the remaining
    added (non-core) nodes, those of lowest degree inside the patch first (ties: higher row
    first).  Cluster nodes are never dropped.

    Parameters
    ----------
    S_patch : sparse (m, m) symmetric adjacency of the patch subgraph
    core : bool array (m,)
    dim : int
    rigidity_test : callable ``(networkx.Graph, dim) -> bool``, optional
        Default :func:`default_rigidity_test`.
    seed : int, optional
        Passed to the default test.

    Returns
    -------
    keep : bool array (m,)
        Rows kept.
    info : dict
        ``rounds`` (rigidity tests run), ``rigid`` (result of the last test).
    """

    S_patch = sp.csr_array(S_patch)
    m = S_patch.shape[0]
    core = np.asarray(core, dtype=bool)
    keep = np.ones(m, dtype=bool)
    rounds = 0
    rigid = False
    n_core = int(core.sum())
    while True:
        idx = np.flatnonzero(keep)
        sub = S_patch[idx][:, idx]
        H = nx.from_scipy_sparse_array(sub)
        rounds += 1
        rigid = _call_test(rigidity_test, H, dim, seed)
        if rigid or idx.size < 4.0 / 3.0 * n_core:
            break
        added = np.flatnonzero(keep & ~core)
        if added.size == 0:
            break
        deg = np.asarray(sub.sum(axis=1)).ravel()
        pos_in_idx = np.searchsorted(idx, added)
        d_added = deg[pos_in_idx]
        n_drop = math.ceil(added.size / 4)
        order = np.lexsort((-added, d_added))[:n_drop]
        keep[added[order]] = False
    return keep, dict(rounds=rounds, rigid=rigid)
