import concurrent.futures as cf

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal.asap import asap_embed
from nx_ordinal.asap.patches import (
    expand_clusters,
    n_clusters_for,
    prune_patch,
    spectral_clusters,
    symmetrize,
)
from nx_ordinal.asap.sync import (
    PatchGraph,
    pairwise_rotations,
    patch_graph,
    scale_ratios,
    synchronize,
    synchronize_reflections,
    synchronize_rotations,
    synchronize_scales,
    synchronize_translations,
)
from nx_ordinal.constraints import knn_adjacency
from nx_ordinal.datasets import pc
from nx_ordinal.metrics import adjacency_error, procrustes_error

FAST_LOE = dict(max_iter=40)


def _random_orthogonal(rng, d):
    Q, R = np.linalg.qr(rng.standard_normal((d, d)))
    Q = Q * np.sign(np.diag(R))
    if rng.random() < 0.5:  # include reflections
        Q[:, 0] *= -1
    return Q


@pytest.fixture(scope="module", params=[2, 3])
def planted(request):
    """Noise-free patches of a kNN graph: Y_i = s_i X[P_i] O_i + t_i."""
    d = request.param
    rng = np.random.default_rng(d)
    n = 400
    X = rng.random((n, d))
    A = knn_adjacency(X, 10)
    S = symmetrize(A)
    labels = spectral_clusters(S, 8, seed=0)
    patches, _ = expand_clusters(S, labels)
    N = len(patches)
    s = np.exp(rng.normal(scale=0.7, size=N))
    O = np.stack([_random_orthogonal(rng, d) for _ in range(N)])
    t = rng.normal(scale=5.0, size=(N, d))
    embs = [s[a] * X[p] @ O[a] + t[a] for a, p in enumerate(patches)]
    coo = __import__("scipy.sparse", fromlist=["triu"]).triu(S, k=1).tocoo()
    edges = np.stack([coo.row, coo.col], axis=1)
    return dict(X=X, d=d, patches=patches, s=s, O=O, t=t, embs=embs, edges=edges, n=n)


def test_scale_sync_recovers_planted_scales(planted):
    pg = patch_graph(planted["patches"], planted["d"] + 1)
    assert len(pg.pairs) >= len(planted["patches"]) - 1
    v = synchronize_scales(planted["embs"], pg)
    ratio = v / planted["s"]
    np.testing.assert_allclose(ratio, ratio[0], rtol=1e-9)


def test_scale_sync_weights_pairs(planted):
    # a wrong ratio on a pair of low weight barely moves the scales; unweighted, it does
    pg = patch_graph(planted["patches"], planted["d"] + 1)
    ratios = scale_ratios(planted["embs"], pg)
    e = int(np.argmax([c.size for c in pg.common]))
    ratios[e] *= 3.0
    w = np.ones(len(ratios))
    w[e] = 1e-9
    for weights, ok in ((w, True), (None, False)):
        ratio = synchronize_scales(planted["embs"], pg, ratios, weights=weights) / planted["s"]
        assert np.allclose(ratio, ratio[0], rtol=1e-6) == ok
    with pytest.raises(ValueError, match="weights must be 'overlap', None or an array"):
        synchronize_scales(planted["embs"], pg, weights="size")
    with pytest.raises(ValueError, match=f"weights must be {len(ratios)} positive finite"):
        synchronize_scales(planted["embs"], pg, weights=-w)


def test_scale_sync_on_a_large_patch_graph():
    # 1,600 patches: the weighted log least squares (a sparse Laplacian solve) recovers
    # planted scales exactly, with weights too
    rng = np.random.default_rng(7)
    pg = _triangulated_grid(40)
    s = np.exp(rng.normal(scale=2.0, size=pg.n_patches))
    ratios = s[pg.pairs[:, 0]] / s[pg.pairs[:, 1]]
    for weights in (None, rng.uniform(1, 50, size=len(ratios))):
        v = synchronize_scales([], pg, ratios, weights=weights)
        np.testing.assert_allclose(v / s, (v / s)[0], rtol=1e-8)
        assert abs(np.mean(np.log(v))) < 1e-12


def test_rotation_sync_recovers_planted_rotations(planted):
    d = planted["d"]
    pg = patch_graph(planted["patches"], d + 1)
    embs = [Y / s for Y, s in zip(planted["embs"], planted["s"], strict=True)]
    H = pairwise_rotations(embs, pg)
    # pairwise estimates are exact: H_ij = O_i^T O_j
    O = planted["O"]
    for e, (i, j) in enumerate(pg.pairs):
        np.testing.assert_allclose(H[e], O[i].T @ O[j], atol=1e-9)
    G = synchronize_rotations(H, pg)
    # O_i G_i is the same orthogonal matrix for every patch
    Q = np.einsum("aij,ajk->aik", O, G)
    np.testing.assert_allclose(Q, np.broadcast_to(Q[0], Q.shape), atol=1e-9)
    np.testing.assert_allclose(Q[0] @ Q[0].T, np.eye(d), atol=1e-9)


def test_translation_sync_recovers_positions(planted):
    X, t = planted["X"], planted["t"]
    embs = [X[p] + t[a] for a, p in enumerate(planted["patches"])]
    Y = synchronize_translations(planted["patches"], embs, planted["edges"], planted["n"])
    shift = Y - X
    np.testing.assert_allclose(shift, np.broadcast_to(shift[0], shift.shape), atol=1e-8)


def test_translation_sync_iterative_solver(planted, monkeypatch):
    import nx_ordinal.asap.sync as sync

    monkeypatch.setattr(sync, "_DIRECT_MAX", 0)  # conjugate gradients as for large graphs
    X, t = planted["X"], planted["t"]
    embs = [X[p] + t[a] for a, p in enumerate(planted["patches"])]
    Y = synchronize_translations(planted["patches"], embs, planted["edges"], planted["n"])
    shift = Y - X
    np.testing.assert_allclose(shift, np.broadcast_to(shift[0], shift.shape), atol=1e-7)


def test_full_sync_recovers_similarity(planted):
    Y, info = synchronize(planted["patches"], planted["embs"], planted["edges"], planted["n"])
    assert procrustes_error(planted["X"], Y) < 1e-16
    assert info["scales"].shape == (len(planted["patches"]),)
    # without scale synchronisation the patches no longer fit together
    Z, _ = synchronize(planted["patches"], planted["embs"], planted["edges"], planted["n"],
                       scale_sync=False)
    assert procrustes_error(planted["X"], Z) > 1e-3


def test_full_sync_reports_reflections_and_rotations(planted):
    # the returned rotations include each patch's reflection: O_i G_i is one orthogonal
    # matrix; the reflections are the handedness of O_i relative to patch 0
    _, info = synchronize(planted["patches"], planted["embs"], planted["edges"], planted["n"])
    O, G = planted["O"], info["rotations"]
    Q = np.einsum("aij,ajk->aik", O, G)
    np.testing.assert_allclose(Q, np.broadcast_to(Q[0], Q.shape), atol=1e-9)
    det = np.sign(np.linalg.det(O))
    np.testing.assert_array_equal(info["reflections"], det * det[0])
    assert info["n_inconsistent"] == 0


def _triangulated_grid(m):
    """Pairs of an m x m grid of patches with one diagonal per cell (many triangles)."""
    idx = np.arange(m * m).reshape(m, m)
    pairs = np.concatenate([
        np.stack([idx[:, :-1].ravel(), idx[:, 1:].ravel()], 1),
        np.stack([idx[:-1, :].ravel(), idx[1:, :].ravel()], 1),
        np.stack([idx[:-1, :-1].ravel(), idx[1:, 1:].ravel()], 1),
    ])
    return PatchGraph(m * m, pairs, [], [], [])


@pytest.mark.parametrize("m", [12, 40])  # dense and sparse eigensolver paths
def test_reflection_sync_drops_wrong_measurements(m):
    # planted handedness z, pair measurements z_i z_j with 4 % of them wrong (as from a
    # folded patch): the triangle test finds them and the reflections come out exact
    rng = np.random.default_rng(m)
    pg = _triangulated_grid(m)
    z = rng.choice([-1.0, 1.0], size=pg.n_patches)
    i, j = pg.pairs[:, 0], pg.pairs[:, 1]
    signs = z[i] * z[j]
    # wrong measurements far apart (no two in one triangle)
    far = np.flatnonzero(((i % m) % 3 == 0) & ((i // m) % 2 == 0))
    wrong = rng.choice(far, size=min(far.size, len(signs) // 25), replace=False)
    wrong = wrong[np.unique(i[wrong], return_index=True)[1]]
    signs[wrong] *= -1
    got, consistent = synchronize_reflections(signs, pg)
    np.testing.assert_array_equal(got, z * z[0])
    np.testing.assert_array_equal(np.flatnonzero(~consistent), np.sort(wrong))


def test_reflection_sync_recovers_mirrored_patches_of_a_large_patch_graph():
    # a long strip of 900 patches: each pair's measured handedness is right except for a
    # few, and the spectral O(d) step alone used to mirror whole stretches of such graphs
    rng = np.random.default_rng(5)
    m, N = 3, 900
    idx = np.arange(N).reshape(-1, m)
    pairs = np.concatenate([
        np.stack([idx[:, :-1].ravel(), idx[:, 1:].ravel()], 1),
        np.stack([idx[:-1, :].ravel(), idx[1:, :].ravel()], 1),
        np.stack([idx[:-1, :-1].ravel(), idx[1:, 1:].ravel()], 1),
    ])
    pg = PatchGraph(N, pairs, [], [], [])
    z = rng.choice([-1.0, 1.0], size=N)
    signs = z[pairs[:, 0]] * z[pairs[:, 1]]
    wrong = np.arange(0, len(signs), 97)
    signs[wrong] *= -1
    got, consistent = synchronize_reflections(signs, pg)
    np.testing.assert_array_equal(got, z * z[0])
    assert set(np.flatnonzero(~consistent)) == set(wrong)


def test_disconnected_patch_graph_raises():
    rng = np.random.default_rng(0)
    X = rng.random((40, 2))
    patches = [np.arange(0, 20), np.arange(19, 40)]  # one shared node < d + 1
    embs = [X[p] for p in patches]
    edges = np.array([(a, a + 1) for a in range(39)])
    with pytest.raises(nx.NetworkXError, match="patch graph is disconnected"):
        synchronize(patches, embs, edges, 40)


def test_sync_input_errors():
    with pytest.raises(ValueError, match="2 patches but 1"):
        synchronize([np.arange(3), np.arange(3)], [np.zeros((3, 2))], np.empty((0, 2)), 3)
    with pytest.raises(ValueError, match="shape"):
        synchronize([np.arange(3)], [np.zeros((2, 2))], np.empty((0, 2)), 3)


# ------------------------------------------------------------------ patches


def test_n_clusters_for():
    assert n_clusters_for(100, 300, 10) == 1
    assert n_clusters_for(5000, 300, 18) > 5000 // 300
    # a cluster is never asked to be smaller than a quarter of the patch size
    assert n_clusters_for(5000, 100, 90) == 5000 // 25


def test_spectral_clusters_partition_and_determinism():
    X = pc(800, seed=1)
    S = symmetrize(knn_adjacency(X, 10))
    lab = spectral_clusters(S, 6, seed=3)
    assert lab.shape == (800,) and lab.min() == 0 and lab.max() <= 5
    np.testing.assert_array_equal(lab, spectral_clusters(S, 6, seed=3))
    # clusters are spatially compact: far smaller spread than the whole square
    spread = np.mean([X[lab == c].std(axis=0).mean() for c in range(lab.max() + 1)])
    assert spread < 0.6 * X.std(axis=0).mean()
    # hierarchical path (more clusters than eigenvectors)
    lab2 = spectral_clusters(S, 30, seed=0, max_eigenvectors=8)
    assert 20 <= lab2.max() + 1 <= 30


def test_coarsening_is_a_galerkin_projection():
    from nx_ordinal.asap.patches import _coarsen

    X = pc(3000, seed=2)
    S = symmetrize(knn_adjacency(X, 10))
    agg, W = _coarsen(S, 3000 // 16, np.random.default_rng(0))
    nc = int(agg.max()) + 1
    assert agg.shape == (3000,) and 3000 // 32 <= nc <= 3000 // 8
    # W = P^T S P with its diagonal: row sums are the groups' summed degrees, symmetric
    deg = np.asarray(S.sum(axis=1)).ravel()
    np.testing.assert_allclose(np.asarray(W.sum(axis=1)).ravel(),
                               np.bincount(agg, weights=deg, minlength=nc))
    assert abs(W - W.T).max() < 1e-12
    # groups are connected in S (built by matching along edges) and spatially small
    from scipy.sparse.csgraph import connected_components

    for g in range(0, nc, 7):
        idx = np.flatnonzero(agg == g)
        assert connected_components(S[idx][:, idx], directed=False)[0] == 1
    # same seed, same groups
    np.testing.assert_array_equal(agg, _coarsen(S, 3000 // 16, np.random.default_rng(0))[0])


def test_coarsened_top_level_clusters(monkeypatch):
    import nx_ordinal.asap.patches as patches

    X = pc(3000, seed=1)
    S = symmetrize(knn_adjacency(X, 10))
    monkeypatch.setattr(patches, "COARSEN_ABOVE", 1000)  # the path of graphs > 20,000 nodes
    lab = spectral_clusters(S, 60, seed=0, max_eigenvectors=16)
    assert lab.shape == (3000,) and 40 <= lab.max() + 1 <= 64
    np.testing.assert_array_equal(lab, spectral_clusters(S, 60, seed=0, max_eigenvectors=16))
    spread = np.mean([X[lab == c].std(axis=0).mean() for c in range(lab.max() + 1)])
    assert spread < 0.25 * X.std(axis=0).mean()


def test_two_components_are_separate_clusters():
    X = np.concatenate([pc(150, seed=0), pc(150, seed=1) + 5.0])
    S = symmetrize(knn_adjacency(X, 8))
    lab = spectral_clusters(S, 2, seed=0)
    assert len(set(lab[:150])) == 1 and len(set(lab[150:])) == 1 and lab[0] != lab[-1]


def test_expand_clusters_adds_neighbours_and_respects_size():
    X = pc(600, seed=2)
    S = symmetrize(knn_adjacency(X, 8))
    lab = spectral_clusters(S, 5, seed=0)
    patches, cores = expand_clusters(S, lab)
    for a, (p, c) in enumerate(zip(patches, cores, strict=True)):
        np.testing.assert_array_equal(np.sort(p[c]), np.flatnonzero(lab == a))
        nbrs = np.unique(S[np.flatnonzero(lab == a)].indices)
        np.testing.assert_array_equal(p, np.union1d(nbrs, np.flatnonzero(lab == a)))
    capped, ccores = expand_clusters(S, lab, max_patch_size=150)
    for p, c in zip(capped, ccores, strict=True):
        assert p.size <= max(150, c.sum() + int(np.ceil(c.sum() / 3)))


def test_prune_patch_with_stub_test():
    rng = np.random.default_rng(0)
    X = rng.random((60, 2))
    S = symmetrize(knn_adjacency(X, 6))
    core = np.zeros(60, dtype=bool)
    core[:30] = True
    calls = []

    def never(G, dim):
        calls.append(G.number_of_nodes())
        return False

    keep, info = prune_patch(S, core, 2, never)
    assert keep[:30].all()  # cluster nodes are never dropped
    # rounds drop ceil(1/4) of the remaining added nodes until < 4/3 of the cluster
    assert calls == [60, 52, 46, 42, 39]
    assert keep.sum() == 39 and not info["rigid"] and info["rounds"] == 5
    deg = np.asarray(S.sum(axis=1)).ravel()

    def small_is_rigid(G, dim):
        return G.number_of_nodes() <= 52

    keep, info = prune_patch(S, core, 2, small_is_rigid)
    assert keep.sum() == 52 and info["rigid"] and info["rounds"] == 2
    dropped = np.flatnonzero(~keep)
    kept_added = np.flatnonzero(keep[30:]) + 30
    assert deg[dropped].max() <= deg[kept_added].min()


def _patch_with_floppy_additions(seed=0):
    """A globally rigid cluster of 30 nodes, 12 added nodes tied to 6 cluster nodes each and
    8 added nodes of degree 2 (a degree-2 vertex is never globally rigid in the plane)."""
    import scipy.sparse as sp

    rng = np.random.default_rng(seed)
    m = 50
    S = sp.lil_array((m, m))
    S[:30, :30] = symmetrize(knn_adjacency(rng.random((30, 2)), 8))
    for a in range(30, 50):
        for b in rng.choice(30, 6 if a < 42 else 2, replace=False):
            S[a, b] = S[b, a] = 1
    core = np.zeros(m, dtype=bool)
    core[:30] = True
    return S.tocsr(), core


def test_prune_patch_with_rigidity_module():
    from nx_ordinal.rigidity import is_globally_rigid

    S, core = _patch_with_floppy_additions()
    assert is_globally_rigid(nx.from_scipy_sparse_array(S[:42][:, :42]))
    assert not is_globally_rigid(nx.from_scipy_sparse_array(S))
    keep, info = prune_patch(S, core, 2, seed=0)
    # 50 -> drop 5 (degree 2) -> 45, not rigid -> drop 4 (3 of degree 2 + 1) -> 41, rigid
    assert info == dict(rounds=3, rigid=True)
    assert keep[:30].all() and not keep[42:].any() and keep[30:42].sum() == 11
    assert is_globally_rigid(nx.from_scipy_sparse_array(S[keep][:, keep]))


class _OneBlasThreadRigidity:
    """Real rigidity test that fails unless BLAS runs on one thread (picklable)."""

    def __call__(self, G, dim):
        import threadpoolctl

        from nx_ordinal.rigidity import is_globally_rigid

        blas = [i for i in threadpoolctl.threadpool_info() if i["user_api"] == "blas"]
        assert blas and all(i["num_threads"] == 1 for i in blas), blas
        return is_globally_rigid(G, dim=dim, seed=0)


@pytest.mark.parametrize("n_jobs", [1, 2])
def test_pruning_runs_with_one_blas_thread(knn600, n_jobs):
    pytest.importorskip("threadpoolctl")
    _, A = knn600
    res = asap_embed(A, max_patch_size=200, n_jobs=n_jobs, seed=0, loe_kwargs=FAST_LOE,
                     rigidity_test=_OneBlasThreadRigidity())
    assert (res.info["prune_rounds"] >= 1).all()


def test_default_pipeline_prunes_to_rigid_patches(knn600):
    from nx_ordinal.rigidity import is_globally_rigid

    X, A = knn600
    S = symmetrize(A)
    res = asap_embed(A, max_patch_size=150, n_jobs=1, seed=0, loe_kwargs=FAST_LOE)
    assert (res.info["prune_rounds"] >= 1).all()
    cores = res.info["core_sizes"]
    for p, c in zip(res.info["patches"], cores, strict=True):
        # the stopping rule of section 3.1: rigid, or pruned below 4/3 of the cluster
        assert (is_globally_rigid(nx.from_scipy_sparse_array(S[p][:, p]), seed=0)
                or p.size < 4 / 3 * c)
    assert np.isfinite(res.embedding).all() and procrustes_error(X, res.embedding) < 0.2


# ------------------------------------------------------------------ pipeline and layout


@pytest.fixture(scope="module")
def knn600():
    X = pc(600, seed=0)
    return X, knn_adjacency(X, 10)


def test_asap_embed_quality_and_every_node(knn600):
    X, A = knn600
    res = asap_embed(A, max_patch_size=200, prune=False, n_jobs=1, seed=0)
    Y = res.embedding
    assert Y.shape == (600, 2) and np.isfinite(Y).all()
    covered = np.zeros(600, dtype=bool)
    for p in res.info["patches"]:
        covered[p] = True
    assert covered.all()
    assert res.info["n_clusters"] > 1
    assert procrustes_error(X, Y) < 0.05
    # far better than a random drawing (worst case 2 k / n = 0.033)
    assert adjacency_error(A, Y) < 0.01


def test_refine_iterations_lower_adjacency_error(knn600):
    X, A = knn600
    kw = dict(max_patch_size=200, prune=False, n_jobs=1, seed=0, loe_kwargs=FAST_LOE)
    base = asap_embed(A, **kw)
    ref = asap_embed(A, refine_iter=20, **kw)
    assert "refine" in ref.info["timings"] and "refine" not in base.info["timings"]
    assert adjacency_error(A, ref.embedding) < adjacency_error(A, base.embedding)
    with pytest.raises(ValueError, match="refine_iter"):
        asap_embed(A, refine_iter=-1, **kw)


def test_executors_give_identical_results(knn600):
    _, A = knn600
    kw = dict(max_patch_size=200, prune=False, seed=4, loe_kwargs=FAST_LOE)
    ref = asap_embed(A, n_jobs=1, **kw).embedding
    with cf.ThreadPoolExecutor(2) as ex:
        np.testing.assert_array_equal(asap_embed(A, executor=ex, **kw).embedding, ref)
    np.testing.assert_array_equal(asap_embed(A, n_jobs=2, **kw).embedding, ref)


class _RecordingExecutor(cf.ThreadPoolExecutor):
    """Thread pool that records the pickled size of every job it is given."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.jobs = []

    def submit(self, fn, job):
        import pickle

        self.jobs.append((type(job).__name__, len(pickle.dumps(job)), job))
        return super().submit(fn, job)


@pytest.mark.filterwarnings("ignore::nx_ordinal.exceptions.ConvergenceWarning")
def test_jobs_carry_their_own_sub_adjacency_only():
    # a patch job pickles to O(patch size x degree) bytes whatever the size of the graph
    sizes = {}
    for n in (600, 2400):
        A = knn_adjacency(pc(n, seed=0), 10)
        with _RecordingExecutor(2) as ex:
            res = asap_embed(A, max_patch_size=150, prune=False, seed=0, executor=ex,
                             loe_kwargs=dict(max_iter=2))
        patch_jobs = [(b, j) for name, b, j in ex.jobs if name == "PatchJob"]
        assert len(patch_jobs) == len(res.info["patches"]) > 4
        for b, job in patch_jobs:
            m = job.A.shape[0]
            assert m <= 2 * 150 and job.A.nnz <= 10 * m
            assert b < 4096 + 24 * (job.A.nnz + m), (b, m)  # not O(n): A alone is 120 n bytes
        sizes[n] = max(b for b, _ in patch_jobs)
    assert sizes[2400] < 1.5 * sizes[600]


class _Eigenmaps:
    """Cheap deterministic patch embedder (Laplacian eigenmaps of the patch)."""

    def __call__(self, A, dim, seed=None):
        from nx_ordinal.embed import laplacian_eigenmaps

        return laplacian_eigenmaps(A, dim, seed=seed)


def test_cluster_jobs_run_through_the_executor():
    # beyond MAX_EIGENVECTORS clusters the finer clustering levels are executor jobs, each
    # with its piece's sub-adjacency; the result does not depend on where they run
    from nx_ordinal.asap.patches import MAX_EIGENVECTORS

    A = knn_adjacency(pc(2500, seed=1), 6)
    kw = dict(max_patch_size=50, prune=False, seed=1, embedder=_Eigenmaps())
    with _RecordingExecutor(2) as ex:
        res = asap_embed(A, executor=ex, **kw)
    cluster_jobs = [j for name, _, j in ex.jobs if name == "ClusterJob"]
    assert res.info["n_clusters"] > MAX_EIGENVECTORS and len(cluster_jobs) >= 2
    assert sum(j.S.shape[0] for j in cluster_jobs) == 2500
    np.testing.assert_array_equal(asap_embed(A, n_jobs=1, **kw).embedding, res.embedding)


def test_cluster_job_travels_as_its_pattern():
    # a clustering job pickles its piece's 0/1 pattern in int32 (no values): under a third
    # of the CSR array's pickle, and the piece comes back exactly (same labels)
    import pickle

    from nx_ordinal.asap.patches import ClusterJob, run_cluster_job, symmetrize

    S = symmetrize(knn_adjacency(pc(3000, seed=2), 8))
    job = ClusterJob(S, 5, 3, 48)
    back = pickle.loads(pickle.dumps(job))
    assert len(pickle.dumps(job)) < len(pickle.dumps(S)) / 3
    assert (back.S != S).nnz == 0 and back.S.dtype == np.float64
    np.testing.assert_array_equal(run_cluster_job(back), spectral_clusters(S, 5, 3))
    W = S.copy()
    W.data[:] = 2.0  # weighted pieces keep their weights
    assert (ClusterJob(W, 5, 3, 48).S != W).nnz == 0


def test_ctrl_c_during_clustering_jobs_propagates(monkeypatch):
    # nothing to keep before the patches exist: the interrupt reaches the caller
    import nx_ordinal.asap.pipeline as pipeline

    def interrupted(job):
        raise KeyboardInterrupt

    # the pipeline runs the clustering jobs it imported from asap.patches
    monkeypatch.setattr(pipeline, "run_cluster_job", interrupted)
    A = knn_adjacency(pc(2500, seed=1), 6)
    with pytest.raises(KeyboardInterrupt):
        asap_embed(A, max_patch_size=50, prune=False, n_jobs=1, seed=1, embedder=_Eigenmaps())


def test_sub_adjacency_matches_fancy_indexing(knn600):
    from nx_ordinal.asap.patches import sub_adjacency

    _, A = knn600
    lookup = np.full(600, -1)
    p = np.sort(np.random.default_rng(0).choice(600, 90, replace=False))
    sub = sub_adjacency(A, p, lookup)
    assert (sub != A[p][:, p]).nnz == 0 and (lookup == -1).all()


@pytest.fixture(scope="module")
def dask_client():
    """A 2-worker process LocalCluster shared by the dask tests of this module."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster, timeout="60s") as client:
            yield client


def test_dask_executor_identical(knn600, dask_client):
    _, A = knn600
    kw = dict(max_patch_size=200, prune=False, seed=4, loe_kwargs=FAST_LOE)
    ref = asap_embed(A, n_jobs=2, **kw).embedding
    Y = asap_embed(A, executor=dask_client.get_executor(), **kw).embedding
    np.testing.assert_array_equal(Y, ref)


def test_dask_progress_and_stage_report(knn600, dask_client, capsys):
    _, A = knn600
    res = asap_embed(A, max_patch_size=200, prune=False, seed=4, loe_kwargs=FAST_LOE,
                     executor=dask_client.get_executor(), verbose=True)
    err = capsys.readouterr().err
    n = len(res.info["patches"])
    assert "asap patches" in err and f"/{n}" in err
    assert "estimated peak memory" in err and "per worker" in err
    assert "asap_embed: graph" in err and "sync" in err


def test_dask_ctrl_c_cancels_outstanding_tasks(dask_client, monkeypatch):
    import time

    from nx_ordinal._core import progress as _progress
    from nx_ordinal.exceptions import InterruptedWarning

    A = knn_adjacency(pc(1500, seed=2), 10)
    real = _progress.Progress.update
    calls = {"n": 0}

    def interrupt_on_second_patch(self, *args, **kw):
        real(self, *args, **kw)
        if self.desc == "asap patches":
            calls["n"] += 1
            if calls["n"] == 2:
                raise KeyboardInterrupt

    monkeypatch.setattr(_progress.Progress, "update", interrupt_on_second_patch)
    with pytest.warns(InterruptedWarning, match=r"with \d+ of \d+ patches embedded"):
        res = asap_embed(A, max_patch_size=100, prune=False, seed=0,
                         loe_kwargs=dict(max_iter=100), executor=dask_client.get_executor())
    assert res.info["interrupted"] and np.isfinite(res.embedding).all()
    # every outstanding task was cancelled: the scheduler forgets them all
    deadline = time.monotonic() + 30
    while dask_client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
        assert time.monotonic() < deadline, "tasks still held by the scheduler"
        time.sleep(0.1)


def test_memory_guard_states_estimates_and_refuses_before_any_job(knn600, capsys):
    from nx_ordinal._core.resources import memory_limit
    from nx_ordinal.exceptions import MemoryLimitError

    _, A = knn600
    with _RecordingExecutor(1) as ex, memory_limit("2M"):
        with pytest.raises(MemoryLimitError, match=r"asap_embed: .*max_patch_size=200"):
            asap_embed(A, max_patch_size=200, seed=0, executor=ex, verbose=True)
    assert ex.jobs == []  # refused before clustering, before any job
    err = capsys.readouterr().err
    assert "asap_embed: estimated peak memory" in err and "limit 2.0 MiB" in err
    # a graph of a million vertices: the driver's estimate is refused in microseconds,
    # without building anything (the adjacency here is empty)
    import scipy.sparse as sp

    big = sp.csr_array((10**6, 10**6))
    with memory_limit("100M"), pytest.raises(MemoryLimitError, match="n_edges"):
        asap_embed(big, seed=0, verbose=True)
    assert "per worker" not in capsys.readouterr().err.split("\n")[-1]


class _SlowLOE:
    """Patch embedder: LOE after a pause, so that a run lasts a few seconds (picklable by
    value: dask's cloudpickle ships the class, the workers need not import this module)."""

    def __init__(self, pause, log=None):
        from nx_ordinal.asap import LOEEmbedder

        self.pause = pause
        self.log = log  # a file each call appends "pid seed size" to as it starts
        self.loe = LOEEmbedder(max_iter=30)

    def __call__(self, A, dim, seed=None):
        import os
        import time

        if self.log is not None:
            with open(self.log, "a") as fh:
                fh.write(f"{os.getpid()} {seed} {A.shape[0]}\n")
        time.sleep(self.pause)
        return self.loe(A, dim, seed=seed)


@pytest.fixture
def _by_value():
    import sys

    cloudpickle = pytest.importorskip("cloudpickle")
    mod = sys.modules[__name__]
    cloudpickle.register_pickle_by_value(mod)
    yield
    cloudpickle.unregister_pickle_by_value(mod)


@pytest.mark.filterwarnings("ignore:Port .* is already in use")
def test_dask_worker_killed_mid_run_same_result(_by_value, tmp_path):
    """SIGKILL one worker process of a 2-worker LocalCluster while patch jobs run on it: the
    run was still going when the worker died, the scheduler ran the killed worker's patch
    job again on another worker, and the embedding is the same, bit for bit."""
    import os
    import signal
    import threading
    import time

    distributed = pytest.importorskip("dask.distributed")
    A = knn_adjacency(pc(800, seed=3), 8)
    log = tmp_path / "calls.log"
    kw = dict(max_patch_size=60, prune=False, seed=3, embedder=_SlowLOE(0.15, str(log)))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster, timeout="60s") as client:
            ref = asap_embed(A, executor=client.get_executor(), **kw)
            n_patches = len(ref.info["patches"])
            assert n_patches >= 15, n_patches
            pids = client.run(os.getpid)
            # the reference run's tasks are released, so the same jobs (same keys) run again
            import gc

            gc.collect()
            deadline = time.monotonic() + 30
            while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
                assert time.monotonic() < deadline, "reference tasks still held"
                time.sleep(0.05)
            log.write_text("")  # the calls of the second run only
            out = {}

            def run():
                try:
                    out["res"] = asap_embed(A, executor=client.get_executor(), **kw)
                except BaseException as exc:  # pragma: no cover - reported below
                    out["exc"] = exc

            th = threading.Thread(target=run, daemon=True)
            th.start()
            victim, deadline = None, time.monotonic() + 60
            while victim is None:  # wait until a patch job runs on a worker, then kill it
                assert time.monotonic() < deadline and th.is_alive(), "no patch job started"
                for addr, keys in client.processing().items():
                    if any("run_patch_job" in str(k) for k in keys) and addr in pids:
                        victim = addr
                        break
                time.sleep(0.02)
            assert th.is_alive() and not out, "the run ended before the worker was killed"
            os.kill(pids[victim], signal.SIGKILL)
            th.join(timeout=120)
            assert not th.is_alive(), "the run did not finish after the worker died"
            assert "exc" not in out, out.get("exc")
            client.wait_for_workers(2, timeout=60)
            assert pids[victim] not in client.run(os.getpid).values()  # it really died
    np.testing.assert_array_equal(out["res"].embedding, ref.embedding)
    assert out["res"].info["interrupted"] is False
    # a patch job that had started on the killed worker ran again on another process
    calls = [line.split() for line in log.read_text().splitlines()]
    assert len(calls) >= n_patches
    on_victim = {(seed, size) for pid, seed, size in calls if int(pid) == pids[victim]}
    again = {(seed, size) for pid, seed, size in calls if int(pid) != pids[victim]} & on_victim
    assert on_victim and again, (on_victim, calls)


def test_pruning_through_pipeline_with_stub(knn600):
    _, A = knn600
    res = asap_embed(A, max_patch_size=200, prune=True, n_jobs=1, seed=0,
                     rigidity_test=lambda G, dim: False, loe_kwargs=FAST_LOE)
    assert (res.info["prune_rounds"] >= 1).all()
    assert (res.info["patch_sizes"] <= res.info["enlarged_sizes"]).all()
    assert (res.info["patch_sizes"] < res.info["enlarged_sizes"]).any()
    assert np.isfinite(res.embedding).all()


def test_custom_embedder(knn600):
    _, A = knn600

    calls = []

    def spectral(Ap, dim, seed=None):
        from nx_ordinal.embed import laplacian_eigenmaps

        calls.append(Ap.shape[0])
        return laplacian_eigenmaps(Ap, dim, seed=seed)

    res = asap_embed(A, max_patch_size=200, prune=False, n_jobs=1, seed=0, embedder=spectral)
    assert np.isfinite(res.embedding).all()
    # the embedder ran once per patch, on the patch's own sub-adjacency
    assert len(calls) == len(res.info["patches"]) > 1
    assert all(0 < size < A.shape[0] for size in calls)


def test_layout_every_node_components_and_labels():
    G = nx.relabel_nodes(nx.grid_2d_graph(10, 10), lambda v: f"{v[0]}-{v[1]}")
    G.add_edges_from(nx.cycle_graph(["a", "b", "c", "d"]).edges())
    G.add_node("lonely")
    pos = nx_ordinal.asap_loe_layout(G, max_patch_size=40, prune=False, n_jobs=1, seed=1,
                                     loe_kwargs=FAST_LOE, store_pos_as="p", center=(1, 2))
    assert list(pos) == list(G)
    X = np.array(list(pos.values()))
    assert X.shape == (105, 2) and np.isfinite(X).all()
    np.testing.assert_allclose(np.abs(X - X.mean(axis=0)).max(), 1.0)
    assert np.allclose(G.nodes["lonely"]["p"], pos["lonely"])
    pos2 = nx_ordinal.asap_loe_layout(G, max_patch_size=40, prune=False, n_jobs=1, seed=1,
                                      loe_kwargs=FAST_LOE, center=(1, 2))
    for v in G:
        np.testing.assert_array_equal(pos[v], pos2[v])


def test_layout_trivial_and_registry():
    assert nx_ordinal.asap_loe_layout(nx.Graph()) == {}
    assert list(nx_ordinal.asap_loe_layout([7])) == [7]
    assert "asap_loe" in nx_ordinal.available_layouts()
    G = nx.path_graph(12)
    pos = nx_ordinal.layout(G, method="asap_loe", prune=False, n_jobs=1, seed=0, dim=3)
    assert len(pos) == 12 and pos[0].shape == (3,)


def test_layout_argument_errors():
    G = nx.path_graph(20)
    with pytest.raises(ValueError, match="max_patch_size"):
        nx_ordinal.asap_loe_layout(G, max_patch_size=2)
    with pytest.raises(TypeError, match="executor"):
        nx_ordinal.asap_loe_layout(G, executor="dask", prune=False)
    with pytest.raises(TypeError, match="embedder"):
        nx_ordinal.asap_loe_layout(G, embedder=3, prune=False)
    with pytest.raises(ValueError, match="weight"):
        nx_ordinal.asap_loe_layout(G, weight="w")
    with pytest.raises(ValueError, match="n_jobs"):
        nx_ordinal.asap_loe_layout(G, n_jobs=0)


@pytest.mark.slow
def test_figure2_scale_sync_helps():
    """Figure 2 of the paper: pc, n = 1,000, k = 14, E_A with and without scale sync."""
    X = pc(1000, seed=0)
    A = knn_adjacency(X, 14)
    ea = {ss: adjacency_error(A, asap_embed(A, max_patch_size=300, scale_sync=ss, n_jobs=1,
                                            seed=0).embedding)
          for ss in (True, False)}
    assert ea[True] < 0.007  # the paper's value with scale synchronisation
    assert ea[True] < 0.6 * ea[False]
