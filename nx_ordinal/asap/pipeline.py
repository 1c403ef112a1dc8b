"""ASAP-LOE pipeline: patches -> parallel patch embeddings -> synchronisation.

Arrays in, arrays out (Algorithm 1 of Cucuringu & Woodworth [1]_).  Two kinds of jobs run
through any :class:`concurrent.futures.Executor` -- a local process pool by default, or
``client.get_executor()`` of a ``dask.distributed`` client: the finer levels of the
hierarchical spectral clustering (:class:`~nx_ordinal.asap.patches.ClusterJob`) and the patch
jobs (:class:`PatchJob`: symmetrisation, rigidity pruning and ordinal embedding of one
patch).  Every job carries only its own sub-adjacency and its own seed, never the whole
graph, so that what crosses the network is O(patch size x degree) per job and a job re-run
after a worker failure gives the same bits.

References
----------
.. [1] M. Cucuringu and J. Woodworth, "Point localization and density estimation from ordinal
   kNN graphs using synchronization", Algorithm 1.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import sys
import time
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp

from .._core.estimates import asap_memory, asap_worker_memory, check_plausible_sizes
from .._core.progress import Progress, public_call, warn
from .._core.resources import format_bytes
from .._core.result import EmbeddingResult
from .._core.seeds import as_generator, single_thread
from .._core.validation import as_adjacency, check_dim, check_init, check_int
from .._data.components import pack_components, split_components
from ..embed.loe import laplacian_eigenmaps, loe
from ..exceptions import ConvergenceWarning, InterruptedWarning, NoOrdinalInformationWarning
from .patches import (
    expand_clusters,
    merge_clusters,
    n_clusters_for,
    plan_clusters,
    prune_patch,
    run_cluster_job,
    sub_adjacency,
    symmetrize,
)
from .sync import synchronize

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from concurrent.futures import Executor

    import numpy as np
    import scipy.sparse as sp

    from .._core.result import EmbeddingResult
    from .._core.typing import ArrayLike, FloatArray, NDArray, Seed, SparseLike

__all__ = ["asap_embed", "LOEEmbedder", "PatchJob", "run_patch_job"]

#: LOE settings for patch embeddings (a patch has a few hundred nodes; the paper's ASAP runs
#: LOE-BFGS with a bounded number of iterations)
DEFAULT_LOE = dict(max_iter=200, tol=1e-5, n_init=1, method="lbfgs")


class LOEEmbedder:
    """Picklable default patch embedder: :func:`nx_ordinal.embed.loe` with fixed settings.

    ``LOEEmbedder(**loe_kwargs)(A_patch, dim, seed=..., init=None)`` returns the
    ``(m, dim)`` embedding.
    """

    def __init__(self, **loe_kwargs: Any) -> None:
        self.loe_kwargs = {**DEFAULT_LOE, **loe_kwargs}

    def __call__(
        self, A: sp.csr_array, dim: int, seed: Seed = None, init: ArrayLike | None = None
    ) -> FloatArray:


        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            kw = dict(self.loe_kwargs)
            if init is not None:
                kw["init"] = init
                kw["n_init"] = 1
            return loe(A, dim, seed=seed, **kw).embedding

    def __repr__(self):
        return f"LOEEmbedder({self.loe_kwargs})"


class PatchJob:
    """Everything one worker needs for one patch (small, picklable).

    A job carries its patch's own sub-adjacency, never the whole graph: pickled, it is
    O(m x degree) bytes for a patch of m nodes, whatever the size of the graph (the
    symmetric adjacency that the rigidity pruning needs is derived from it on the worker).

    Attributes
    ----------
    A : csr (m, m) directed adjacency of the patch subgraph
    core : bool (m,) rows in the original cluster
    dim, seed, prune, rigidity_test, embedder, init
    """

    def __init__(
        self,
        A: sp.csr_array,
        core: NDArray[np.bool_],
        dim: int,
        seed: int,
        prune: bool,
        rigidity_test: Callable[..., bool],
        embedder: Callable[..., FloatArray],
        init: FloatArray | None = None,
    ) -> None:
        self.A = A
        self.core = core
        self.dim = dim
        self.seed = seed
        self.prune = prune
        self.rigidity_test = rigidity_test
        self.embedder = embedder
        self.init = init


def _limit_threads():
    """One BLAS/OpenMP thread (without threadpoolctl the pool initializer's environment
    variables suffice)."""

    return single_thread()


def run_patch_job(job: PatchJob) -> tuple[NDArray[np.bool_], FloatArray, dict[str, Any]]:
    """Prune (optional) and embed one patch; returns ``(keep, embedding, info)``.

    ``keep`` is a bool mask over the patch rows, ``embedding`` is ``(keep.sum(), dim)``.
    Runs with one BLAS thread so that workers do not oversubscribe the cores.
    """

    t0, c0 = time.perf_counter(), time.thread_time()
    info = {}
    with _limit_threads():
        m = job.A.shape[0]
        keep = np.ones(m, dtype=bool)
        if job.prune and m > job.dim + 1:

            keep, pinfo = prune_patch(symmetrize(job.A), job.core, job.dim, job.rigidity_test,
                                      seed=job.seed)
            info.update(pinfo)
        t1, c1 = time.perf_counter(), time.thread_time()
        idx = np.flatnonzero(keep)
        A = job.A[idx][:, idx]
        init = None if job.init is None else job.init[idx]
        if idx.size <= 1:
            Y = np.zeros((idx.size, job.dim))
        elif init is not None:
            Y = job.embedder(A, job.dim, seed=job.seed, init=init)
        else:
            Y = job.embedder(A, job.dim, seed=job.seed)
        Y = np.asarray(getattr(Y, "embedding", Y), dtype=np.float64)
        if Y.shape != (idx.size, job.dim):
            raise ValueError(
                f"embedder returned shape {Y.shape} for a patch of {idx.size} nodes in "
                f"dimension {job.dim}"
            )
    # wall and CPU seconds (this thread; BLAS runs on it alone)
    info["prune_time"] = t1 - t0
    info["embed_time"] = time.perf_counter() - t1
    info["prune_cpu"] = c1 - c0
    info["embed_cpu"] = time.thread_time() - c1
    return keep, Y, info


def _init_worker():

    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                "BLIS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS"):
        os.environ[var] = "1"
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(limits=1)
    except ImportError:  # pragma: no cover
        pass


def _fallback_result(job):
    """Stand-in for a patch whose embedding was interrupted: its initial positions (given
    ``init`` or Laplacian eigenmaps of the patch), no pruning."""

    m = job.A.shape[0]
    if job.init is not None:
        Y = np.asarray(job.init, dtype=np.float64)
    elif m <= 1:
        Y = np.zeros((m, job.dim))
    else:
        Y = laplacian_eigenmaps(job.A, job.dim, seed=job.seed)
    return np.ones(m, dtype=bool), Y, {"prune_time": 0.0, "embed_time": 0.0,
                                       "prune_cpu": 0.0, "embed_cpu": 0.0,
                                       "interrupted": True}


def _run_sequential(fn, jobs, results, progress):
    """Run jobs in-process; True when interrupted (Ctrl-C, caught here or inside a solver)."""


    for a, job in enumerate(jobs):
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                results[a] = fn(job)
            progress.update()
        except KeyboardInterrupt:
            return True
        hit = False
        for w in caught:  # re-issue everything but the solver's own interruption notice
            if issubclass(w.category, InterruptedWarning):
                hit = True
            else:
                warn(str(w.message), w.category, once=False)  # (deduplicated when issued)
        if hit:
            return True
    return False


class _JobRunner:
    """Runs lists of independent jobs through the caller's executor, a local process pool of
    ``n_jobs`` workers (created on first use, shared by every job list of one call) or, with
    one worker, in this process.  Results come back in job order."""

    def __init__(self, executor, n_jobs, max_workers):

        self.executor = executor
        workers = n_jobs if n_jobs is not None else (os.cpu_count() or 1)
        self.workers = max(1, min(int(workers), int(max_workers)))
        self.own = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.own is not None:
            self.own.shutdown(wait=True, cancel_futures=True)
            self.own = None

    def _executor(self):

        if self.executor is not None:
            return self.executor
        if self.workers == 1:
            return None
        if self.own is None:
            self.own = cf.ProcessPoolExecutor(max_workers=self.workers,
                                              initializer=_init_worker)
        return self.own

    def run(self, fn, jobs, verbose, desc):
        """``(results, interrupted)``.  On Ctrl-C the finished results are kept, every
        outstanding future is cancelled (on a dask cluster: its task is released) and the
        unfinished entries stay ``None``.  ``verbose`` shows ``desc: done/total``."""


        progress = Progress(len(jobs), verbose, desc)
        results = [None] * len(jobs)
        interrupted = False
        futures = {}
        try:
            executor = self._executor() if jobs else None
            if executor is None:
                interrupted = _run_sequential(fn, jobs, results, progress)
            else:
                try:
                    for a, job in enumerate(jobs):
                        futures[executor.submit(fn, job)] = a
                    for fut in cf.as_completed(futures):
                        results[futures[fut]] = fut.result()
                        progress.update()
                except KeyboardInterrupt:
                    interrupted = True
                    for fut, a in futures.items():
                        if fut.done() and not fut.cancelled() and fut.exception() is None:
                            results[a] = fut.result()
                        else:
                            fut.cancel()
        finally:
            progress.close()
        return results, interrupted


def _pack(blocks, dim):
    """Place component embeddings side by side on a grid (largest first), each centred and
    scaled to RMS radius sqrt(size), as :func:`nx_ordinal.embed.laplacian_eigenmaps` does."""

    n = sum(b[0].size for b in blocks)
    if len(blocks) == 1:  # one component: kept as embedded
        X = np.zeros((n, dim))
        X[blocks[0][0]] = blocks[0][1]
        return X
    return pack_components(blocks, dim, n)


@public_call
def asap_embed(
    A: SparseLike,
    dim: int = 2,
    *,
    max_patch_size: int = 300,
    prune: bool = True,
    scale_sync: bool = True,
    embedder: Callable[..., FloatArray] | None = None,
    rigidity_test: Callable[..., bool] | None = None,
    executor: Executor | None = None,
    n_jobs: int | None = None,
    init: ArrayLike | None = None,
    seed: Seed = None,
    verbose: bool | int = False,
    loe_kwargs: Mapping[str, Any] | None = None,
    refine_iter: int = 0,
) -> EmbeddingResult:
    """ASAP-LOE: divide-and-conquer ordinal embedding of a graph's adjacency.

    1. Patches (:mod:`nx_ordinal.asap.patches`): normalized spectral clustering of the
       symmetrised graph into N clusters (N from ``max_patch_size``, see
       :func:`~nx_ordinal.asap.patches.n_clusters_for`), each enlarged by its graph
       neighbours, then pruned until globally rigid.
    2. Each patch subgraph is embedded on its own (LOE by default), in parallel.
    3. Synchronisation (:mod:`nx_ordinal.asap.sync`): scale, O(d), translation.

    Connected components of the symmetrised graph are handled separately (a component no
    larger than ``max_patch_size`` is a single patch) and packed side by side.

    Parameters
    ----------
    A : sparse matrix or array, shape (n, n)
        (Out-)adjacency, e.g. a kNN graph; row i marks the neighbours of i.
    dim : int, default 2
    max_patch_size : int, default 300
        Largest patch size (a cluster larger than it keeps a third of its size in added
        neighbours).
    prune : bool, default True
        Rigidity pruning of section 3.1; ``False`` keeps the enlarged clusters as they are.
    scale_sync : bool, default True
        Scale synchronisation of section 3.2; ``False`` is the paper's Figure 2 ablation.
    embedder : callable, optional
        ``embedder(A_patch, dim, seed=int) -> (m, dim) array or EmbeddingResult``; must be
        picklable for process executors.  Default :class:`LOEEmbedder` (LOE-BFGS).
    rigidity_test : callable, optional
        ``rigidity_test(networkx.Graph, dim) -> bool``; default
        ``nx_ordinal.rigidity.is_globally_rigid``.
    executor : concurrent.futures.Executor, optional
        Where the patch jobs run, e.g. ``dask.distributed.Client(...).get_executor()``.
        Default: a local process pool of ``n_jobs`` workers with one BLAS thread each
        (in-process when ``n_jobs=1``).
    n_jobs : int, optional
        Workers of the default pool (default: all cores).
    init : array (n, dim), optional
        Initial configuration; patches start from its rows (passed to the embedder as
        ``init=``).
    seed : int, Generator, RandomState or None
        Clustering and per-patch seeds; results do not depend on the executor.
    verbose : bool
        State the memory estimates up front (the driver's, and one patch job's: what each
        worker holds at a time), show progress over the clustering jobs and the patches
        (done / total) and the wall time of every stage at the end.
    loe_kwargs : dict, optional
        Settings of the default LOE embedder (default ``max_iter=200, tol=1e-5``).
    refine_iter : int, default 0
        After synchronisation, run this many iterations of LOE-BFGS on the whole graph
        started at the synchronised configuration (not part of the paper's Algorithm 1).
        Nodes near patch borders, whose kNN lie partly outside their patches, are the least
        constrained in the patch embeddings; a few global iterations repair them (n = 5,000,
        k = 22: E_A 7.3e-4 -> 1.7e-4 with 30 iterations, about 4 s of CPU).  Each iteration
        costs O(n k) like one patch iteration per node.

    Returns
    -------
    EmbeddingResult
        ``embedding`` (n, dim); ``info`` holds ``patches`` (list of node-index arrays),
        ``scales``, ``n_clusters``, ``patch_sizes``, ``enlarged_sizes`` (before pruning),
        ``core_sizes`` (the clusters), ``prune_rounds``, and ``timings``: wall seconds of
        the driver's stages ``graph``, ``clustering``, ``expand``, ``build_jobs``,
        ``sync`` (with ``sync_patch_graph``, ``sync_reflections``, ``sync_scales``,
        ``sync_rotations``, ``sync_translations``) and ``pack``; of the job phases
        ``cluster_jobs`` and
        ``embed``; ``patches`` (everything before the patch jobs), ``total`` and ``driver``
        (total minus the job phases); ``prune_cpu`` and ``embed_cpu``, CPU seconds summed
        over patch jobs; ``prune_wall``, ``embed_wall``.

    Raises
    ------
    networkx.NetworkXError
        If the patches of a component do not overlap enough to be synchronised.
    nx_ordinal.exceptions.MemoryLimitError
        If the driver's or one patch job's memory estimate exceeds the limit (checked before
        anything sized by n is allocated).

    Notes
    -----
    Cost: clustering as in :func:`~nx_ordinal.asap.patches.spectral_clusters`; N patch
    embeddings of at most ``max_patch_size`` nodes each (in parallel); synchronisation
    O(sum over overlapping pairs of ``|common|^2`` + N d^3) plus one sparse eigenproblem of size
    N d; translations by one sparse factorisation of an n x n graph Laplacian (beyond
    2,000 nodes: conjugate gradients with a two-level preconditioner, warm-started by
    patch-level translations).  The calling process, like the workers, runs BLAS on one
    thread.

    What runs where: this process (the driver) symmetrises the graph, finds its components,
    computes the first clustering level (on a coarsened graph beyond 20,000 nodes), expands
    the clusters and synchronises; the finer clustering levels and the patch jobs (pruning +
    embedding) run through the executor.  Every job carries only its own sub-adjacency and
    seed (:class:`PatchJob`, :class:`~nx_ordinal.asap.patches.ClusterJob`), never the whole
    graph, so results do not depend on the executor, the number of workers or the order
    of completion, and a job that a ``dask.distributed`` scheduler re-runs after a worker
    died gives the same bits.  ``info["timings"]["driver"]`` is the driver's own wall time
    (the serial part).

    Ctrl-C (KeyboardInterrupt) while the patches are embedded cancels the outstanding jobs
    (on a dask cluster: releases their tasks), keeps the finished patches,
    gives the others their initial positions, synchronises, and returns with an
    :class:`~nx_ordinal.exceptions.InterruptedWarning` (``info["interrupted"]`` is True).

    Examples
    --------
    >>> import numpy as np
    >>> from nx_ordinal.asap import asap_embed
    >>> from nx_ordinal.constraints import knn_adjacency
    >>> X = np.random.default_rng(0).random((200, 2))
    >>> res = asap_embed(knn_adjacency(X, 10), max_patch_size=80, prune=False, n_jobs=1,
    ...                  seed=0, loe_kwargs=dict(max_iter=30))
    >>> res.embedding.shape
    (200, 2)
    """


    t_start = time.perf_counter()
    A = as_adjacency(A, "adjacency")
    dim = check_dim(dim)
    max_patch_size = check_int(max_patch_size, "max_patch_size", minimum=dim + 2)
    if n_jobs is not None:
        n_jobs = check_int(n_jobs, "n_jobs", minimum=1)
    refine_iter = check_int(refine_iter, "refine_iter", minimum=0)
    if embedder is None:
        embedder = LOEEmbedder(**(loe_kwargs or {}))
    elif loe_kwargs:
        raise ValueError("loe_kwargs applies to the default embedder only; got an embedder too")
    elif not callable(embedder):
        raise TypeError(f"embedder must be callable, got {embedder!r}")
    if rigidity_test is not None and not callable(rigidity_test):
        raise TypeError(f"rigidity_test must be callable, got {rigidity_test!r}")
    if executor is not None and not hasattr(executor, "submit"):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    n = A.shape[0]
    check_plausible_sizes("asap_embed", n, dim)
    # before anything sized by n is allocated: the driver's estimate (the graph, clustering,
    # synchronisation and the patch jobs of a local pool) and one patch job's, which is what
    # every worker holds at a time (stated with verbose)
    asap_memory(n, dim, A.nnz, max_patch_size, n_jobs=n_jobs or os.cpu_count() or 1,
                prune=prune).check(verbose)
    worker = asap_worker_memory(n, dim, A.nnz, max_patch_size, prune=prune).check()
    if verbose:

        print(f"asap_embed: per worker (one patch job at a time) about "
              f"{format_bytes(worker.total)}", file=sys.stderr, flush=True)
    if init is not None:
        init = check_init(init, n, dim)
    rng = as_generator(seed)
    if n >= 2 and A.nnz == 0:  # (complete graphs are reported by the LOE patch embedding)

        warn("the graph has no edges, so no ordinal information: every node is "
             "placed on its own", NoOrdinalInformationWarning)
    # clustering and synchronisation are sparse and vector-level work: extra BLAS threads
    # only add overhead (and oversubscribe a loaded machine), so this process uses one too
    with _limit_threads():
        res = _asap_embed(A, dim, max_patch_size, prune, scale_sync, embedder, rigidity_test,
                          executor, n_jobs, init, rng, verbose, t_start)
        if refine_iter:


            t0 = time.perf_counter()
            delta = (loe_kwargs or {}).get("delta", 0.1)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                ref = loe(A, dim, delta=delta, init=res.embedding, max_iter=refine_iter,
                          seed=int(rng.integers(2**31 - 1)))
            res.embedding = ref.embedding
            res.info["timings"]["refine"] = time.perf_counter() - t0
            res.info["timings"]["total"] = time.perf_counter() - t_start
        return res


def _asap_embed(A, dim, max_patch_size, prune, scale_sync, embedder, rigidity_test, executor,
                n_jobs, init, rng, verbose, t_start):



    timings = {}
    t0 = time.perf_counter()
    S = symmetrize(A)
    ncomp, comp, comp_nodes = split_components(S)
    timings["graph"] = time.perf_counter() - t0

    # ---- 1. clustering: the first level here, the finer levels as jobs
    t0 = time.perf_counter()
    plans = []
    n_total = 0
    for idx in comp_nodes:
        m = idx.size
        if m <= max_patch_size:
            plans.append(None)
            n_total += 1
            continue
        Sc = S[idx][:, idx]
        deg = float(np.median(np.diff(A[idx].indptr)))
        N = n_clusters_for(m, max_patch_size, deg, dim)
        n_total += N
        plans.append((Sc, plan_clusters(Sc, N, rng)))
    timings["clustering"] = time.perf_counter() - t0
    with _JobRunner(executor, n_jobs, n_total) as runner:
        t0 = time.perf_counter()
        cjobs = [j for plan in plans if plan is not None for j in plan[1][1]]
        if verbose and executor is not None:
            print(f"asap_embed: {len(cjobs)} clustering jobs, then about {n_total} patch jobs "
                  f"through {type(executor).__name__}", file=sys.stderr, flush=True)
        cres, interrupted = runner.run(run_cluster_job, cjobs, verbose, "asap clustering")
        if interrupted:
            raise KeyboardInterrupt
        timings["cluster_jobs"] = time.perf_counter() - t0

        t0 = time.perf_counter()
        patches, cores, owner = [], [], []
        n_clusters = 0
        it = iter(cres)
        for c, (idx, plan) in enumerate(zip(comp_nodes, plans, strict=True)):
            if plan is None:
                patches.append(idx)
                cores.append(np.ones(idx.size, dtype=bool))
                owner.append(c)
                n_clusters += 1
                continue
            Sc, (labels, jobs_c, pieces) = plan
            if jobs_c:
                labels = merge_clusters(idx.size, pieces, [next(it) for _ in jobs_c])
            n_clusters += int(labels.max()) + 1
            P, C = expand_clusters(Sc, labels, max_patch_size)
            patches.extend(idx[p] for p in P)
            cores.extend(C)
            owner.extend([c] * len(P))
        del plans
        timings["expand"] = time.perf_counter() - t0

        # ---- 2. patch embeddings through the executor
        t0 = time.perf_counter()
        seeds = rng.integers(0, 2**31 - 1, size=len(patches))
        lookup = np.full(A.shape[0], -1, dtype=np.int64)
        A = sp.csr_array(A)
        jobs = []
        for a, (p, core, s) in enumerate(zip(patches, cores, seeds, strict=True)):
            single = comp_nodes[owner[a]].size == p.size
            jobs.append(PatchJob(
                sub_adjacency(A, p, lookup), core, dim, int(s),
                bool(prune) and not single, rigidity_test, embedder,
                None if init is None else init[p],
            ))
        timings["build_jobs"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        results, interrupted = runner.run(run_patch_job, jobs, verbose, "asap patches")
    if interrupted:

        done = sum(r is not None for r in results)
        results = [r if r is not None else _fallback_result(job)
                   for r, job in zip(results, jobs, strict=True)]
        warn(f"asap-loe interrupted with {done} of {len(results)} patches embedded; "
             "the others keep their initial positions", InterruptedWarning)
    del jobs
    timings["embed"] = time.perf_counter() - t0

    # ---- 3. synchronisation per component
    t0 = time.perf_counter()
    final_patches = [p[keep] for p, (keep, _, _) in zip(patches, results, strict=True)]
    embs = [Y for (_, Y, _) in results]
    blocks = []
    scales = np.ones(len(patches))
    edges_all = sp.triu(S, k=1).tocoo()
    sync_times: dict[str, float] = {}
    by_comp = np.split(np.argsort(owner, kind="stable"),
                       np.cumsum(np.bincount(owner, minlength=ncomp))[:-1])
    for c in range(ncomp):
        idx = comp_nodes[c]
        mine = by_comp[c]
        if len(mine) == 1:
            a = mine[0]
            Y = np.zeros((idx.size, dim))
            Y[np.searchsorted(idx, final_patches[a])] = embs[a]
            blocks.append((idx, Y))
            continue
        local = [np.searchsorted(idx, final_patches[a]) for a in mine]
        if ncomp == 1:
            e = np.stack([edges_all.row, edges_all.col], axis=1)
        else:
            in_c = comp[edges_all.row] == c
            e = np.stack([np.searchsorted(idx, edges_all.row[in_c]),
                          np.searchsorted(idx, edges_all.col[in_c])], axis=1)
        Y, sinfo = synchronize(local, [embs[a] for a in mine], e, idx.size,
                               scale_sync=scale_sync, seed=int(seeds[mine[0]]))
        scales[mine] = sinfo["scales"]
        for key, val in sinfo["timings"].items():
            sync_times[key] = sync_times.get(key, 0.0) + val
        blocks.append((idx, Y))
    t1 = time.perf_counter()
    X = _pack(blocks, dim)
    timings["pack"] = time.perf_counter() - t1
    timings["sync"] = time.perf_counter() - t0
    timings.update({f"sync_{k}": v for k, v in sync_times.items()})
    timings["patches"] = (timings["graph"] + timings["clustering"] + timings["cluster_jobs"]
                          + timings["expand"] + timings["build_jobs"])
    timings["total"] = time.perf_counter() - t_start
    timings.update(
        embed_wall=float(sum(r[2]["embed_time"] for r in results)),
        prune_wall=float(sum(r[2]["prune_time"] for r in results)),
        embed_cpu=float(sum(r[2]["embed_cpu"] for r in results)),
        prune_cpu=float(sum(r[2]["prune_cpu"] for r in results)),
    )
    timings["driver"] = timings["total"] - timings["cluster_jobs"] - timings["embed"]
    if verbose:
        print("asap_embed: " + ", ".join(f"{k} {timings[k]:.2f}s" for k in (
            "graph", "clustering", "cluster_jobs", "expand", "build_jobs", "embed", "sync",
            "total")), file=sys.stderr, flush=True)

    info = dict(
        patches=final_patches,
        n_clusters=n_clusters,
        n_components=int(ncomp),
        patch_sizes=np.array([p.size for p in final_patches]),
        enlarged_sizes=np.array([p.size for p in patches]),
        core_sizes=np.array([int(c.sum()) for c in cores]),
        prune_rounds=np.array([r[2].get("rounds", 0) for r in results]),
        scales=scales,
        timings=timings,
    )
    info["interrupted"] = bool(interrupted)
    return EmbeddingResult(X, float("nan"), len(patches), not interrupted, [], "asap-loe", info)
