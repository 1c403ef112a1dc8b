"""LOE solver: exact objective/gradient, majorization monotonicity, planted recovery."""

import warnings

import networkx as nx
import numpy as np
import pytest

from nx_ordinal._core.progress import Progress
from nx_ordinal.constraints import graph_to_csr, knn_adjacency
from nx_ordinal.embed import laplacian_eigenmaps, loe, loe_objective
from nx_ordinal.embed._local import CandidateList, LocalGraph, local_objective_dense, local_terms
from nx_ordinal.embed.loe import _Evaluator, _laplacian_matvec_factory, _mm_step, _run_mm
from nx_ordinal.metrics import gari_array


def brute_force_objective(X, A, delta):
    """Literal triple loop over (i, j, k) as written in the paper."""
    A = A.toarray() != 0
    n = A.shape[0]
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    total = 0.0
    for i in range(n):
        for j in range(n):
            if j == i or not A[i, j]:
                continue
            for k in range(n):
                if k == i or A[i, k]:
                    continue
                total += max(0.0, D[i, j] + delta - D[i, k]) ** 2
    return total


def random_graph(seed, n=14, directed=False):
    return nx.gnp_random_graph(n, 0.3, seed=seed, directed=directed)


@pytest.mark.parametrize("dim", [1, 2, 3])
@pytest.mark.parametrize("directed", [False, True])
def test_objective_matches_triple_loop(dim, directed):
    rng = np.random.default_rng(dim)
    for seed in range(3):
        A, _ = graph_to_csr(random_graph(seed, directed=directed))
        X = rng.normal(size=(A.shape[0], dim))
        for delta in (0.1, 1.0):
            ref = brute_force_objective(X, A, delta)
            assert loe_objective(X, A, delta) == pytest.approx(ref, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("dim", [1, 2, 3])
def test_gradient_matches_central_differences(dim):
    rng = np.random.default_rng(10 + dim)
    A, _ = graph_to_csr(random_graph(5, n=12, directed=True))
    X = rng.normal(size=(12, dim))
    delta = 0.7
    f, grad = loe_objective(X, A, delta, return_grad=True)
    eps = 1e-6
    num = np.zeros_like(X)
    for i in range(X.shape[0]):
        for s in range(dim):
            Xp, Xm = X.copy(), X.copy()
            Xp[i, s] += eps
            Xm[i, s] -= eps
            num[i, s] = (
                local_objective_dense(Xp, A, delta) - local_objective_dense(Xm, A, delta)
            ) / (2 * eps)
    np.testing.assert_allclose(grad, num, rtol=1e-6, atol=1e-6 * np.abs(num).max())


def test_all_pairs_of_a_small_graph_are_every_non_neighbour_and_exact():
    """Up to ALL_PAIRS_MAX_N vertices Err_local evaluates over every non-neighbour pair of
    the anchors with a constraint (an anchor adjacent to all, or to none, has none): the
    pairs are exactly those, and the objective and gradient over them are the exact list's
    at any positions."""
    from nx_ordinal.embed._local import ALL_PAIRS_MAX_N, AllPairs

    G = nx.gnp_random_graph(40, 0.15, seed=2, directed=True)
    G.add_edges_from((39, v) for v in range(39))  # adjacent to every other vertex
    G.remove_edges_from(list(G.out_edges(38)))  # no out-neighbour
    A, _ = graph_to_csr(G, list(range(40)))
    g = LocalGraph(A)
    pairs = AllPairs(g)
    dense = A.toarray() != 0
    want = {(i, k) for i in range(40) for k in range(40)
            if k != i and not dense[i, k] and 0 < dense[i].sum() < 39}
    assert set(zip(pairs.ci.tolist(), pairs.ck.tolist(), strict=True)) == want
    assert len(want) == pairs.ci.size  # each once
    rng = np.random.default_rng(0)
    for _ in range(3):
        X = rng.normal(size=(40, 2))
        f, grad = local_terms(X, g, *pairs.update(X), 0.3)
        f0, grad0 = local_terms(X, g, *CandidateList(g, 0.3, skin=0.0).update(X), 0.3)
        assert f == pytest.approx(f0, rel=1e-12)
        np.testing.assert_allclose(grad, grad0, rtol=1e-10, atol=1e-12)
    assert ALL_PAIRS_MAX_N >= 40


def test_candidate_list_with_skin_is_exact_after_moves():
    """The reused neighbour list gives the dense objective exactly as points move."""
    rng = np.random.default_rng(3)
    P = rng.random((150, 2))
    A = knn_adjacency(P, 7)
    g = LocalGraph(A)
    cl = CandidateList(g, 0.05)
    X = P.copy()
    for _step in range(12):
        ci, ck = cl.update(X)
        f, grad = local_terms(X, g, ci, ck, 0.05)
        assert f == pytest.approx(local_objective_dense(X, A, 0.05), rel=1e-9)
        # a similarity motion plus a small jitter: should not need a rebuild every time
        X = 1.01 * X + 0.0002 * rng.standard_normal(X.shape) + 0.1
    assert cl.n_builds < 12


def test_mm_never_increases_objective():
    P = np.random.default_rng(0).random((80, 2))
    A = knn_adjacency(P, 6)
    g = LocalGraph(A)
    ev = _Evaluator(g, 0.1, 2)
    X0 = laplacian_eigenmaps(A, 2, seed=0)
    X0 *= 0.5  # not at the optimal scale
    n_iter, conv, hist = _run_mm(ev, X0, 60, 0.0, Progress(60), cg_iter=10)
    f0 = loe_objective(X0, A, 0.1)
    seq = np.array([f0] + hist)
    assert np.all(np.diff(seq) <= 1e-9 * seq[:-1])
    assert seq[-1] < 0.5 * seq[0]


def test_mm_step_from_random_configuration_decreases():
    rng = np.random.default_rng(4)
    A, _ = graph_to_csr(random_graph(2, n=30, directed=True))
    g = LocalGraph(A)
    ev = _Evaluator(g, 0.3, 2)
    kw = 2.0 * g.deg.astype(float)
    mv, diag = _laplacian_matvec_factory(g, kw)
    Y = rng.normal(size=(30, 2)) * 0.05  # very small: the a + b < delta sub-case occurs
    f, _, pieces = ev(Y, want_pieces=True)
    for cg_iter in (1, 5, 50):
        X = _mm_step(ev, Y, f, pieces, mv, diag, cg_iter)
        assert loe_objective(X, A, 0.3) <= f * (1 + 1e-12)


def test_dense_laplacian_matvec_matches_explicit_matrix():
    A, _ = graph_to_csr(random_graph(1, n=20, directed=True))
    g = LocalGraph(A)
    kw = np.random.default_rng(0).random(20)
    mv, diag = _laplacian_matvec_factory(g, kw)
    Ad = A.toarray() != 0
    W = kw[:, None] * (~Ad & ~np.eye(20, dtype=bool))
    S = W + W.T
    L = np.diag(S.sum(1)) - S
    V = np.random.default_rng(1).normal(size=(20, 3))
    np.testing.assert_allclose(mv(V), L @ V, atol=1e-12)
    np.testing.assert_allclose(diag, np.diag(L))


@pytest.mark.parametrize("method", ["lbfgs", "mm"])
def test_planted_knn_graph_recovered(method):
    P = np.random.default_rng(7).random((300, 2))
    A = knn_adjacency(P, 10)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = loe(A, 2, method=method, seed=0, max_iter=1000 if method == "lbfgs" else 300)
    score = gari_array(A, res.embedding)
    if method == "lbfgs":
        assert score >= 0.99
    else:
        assert score >= 0.85  # majorization is monotone but slow (see bench_loe.py)
    assert res.embedding.shape == (300, 2)
    assert np.isfinite(res.embedding).all()


def test_scale_free_convergence():
    """delta only sets the scale (Proposition 1): results agree up to scaling."""
    P = np.random.default_rng(8).random((120, 2))
    A = knn_adjacency(P, 8)
    r1 = loe(A, 2, delta=0.1, seed=0)
    r2 = loe(A, 2, delta=10.0, seed=0)
    assert r1.n_iter == pytest.approx(r2.n_iter, abs=max(5, 0.2 * r1.n_iter))
    assert gari_array(A, r1.embedding) == pytest.approx(gari_array(A, r2.embedding), abs=0.02)


def test_restarts_keep_the_lowest_objective():
    G = nx.icosahedral_graph()
    A, _ = graph_to_csr(G)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = loe(A, 2, n_init=3, seed=1)
    objs = res.info["restart_objectives"]
    assert len(objs) == 3
    assert res.objective == pytest.approx(min(objs))


def test_loe_rejects_bad_arguments():
    A = knn_adjacency(np.random.default_rng(0).random((20, 2)), 3)
    with pytest.raises(ValueError, match="delta must be a finite number > 0, got -1.0"):
        loe(A, delta=-1)
    with pytest.raises(ValueError, match="method must be one of 'lbfgs', 'mm', got 'sgd'"):
        loe(A, method="sgd")
    with pytest.raises(TypeError, match="dim must be an integer, got 2.5"):
        loe(A, dim=2.5)
    with pytest.raises(ValueError, match=r"init must have shape \(20, 2\), got \(3, 2\)"):
        loe(A, init=np.zeros((3, 2)))
    with pytest.raises(ValueError, match="adjacency must be a square matrix"):
        loe(np.zeros((3, 4)))


def test_keyboard_interrupt_returns_best_so_far(monkeypatch):
    import sys

    loe_mod = sys.modules["nx_ordinal.embed.loe"]
    from nx_ordinal.exceptions import InterruptedWarning

    A = knn_adjacency(np.random.default_rng(0).random((60, 2)), 5)
    calls = {"n": 0}
    real = loe_mod.local_terms

    def flaky(*args, **kw):
        calls["n"] += 1
        if calls["n"] == 8:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(loe_mod, "local_terms", flaky)
    with pytest.warns(InterruptedWarning, match="interrupted"):
        res = loe(A, seed=0)
    assert np.isfinite(res.embedding).all()
    assert np.isfinite(res.objective)


def test_fast_evaluation_matches_dense_far_from_optimum():
    """Random and collapsed configurations: the candidate list must cover huge active sets."""
    from nx_ordinal.datasets import pc

    P = pc(300, seed=1)
    A = knn_adjacency(P, 8)
    rng = np.random.default_rng(2)
    for X in (rng.normal(size=(300, 2)), 1e-3 * rng.normal(size=(300, 2)), P[::-1].copy()):
        f, grad = loe_objective(X, A, 0.1, return_grad=True)
        assert f == pytest.approx(local_objective_dense(X, A, 0.1), rel=1e-9)


def test_planted_pc_sample_recovered_with_small_adjacency_error():
    """Paper 003's piecewise-constant density, n = 2000, k = ceil(2 ln n): E_A <= 0.0015."""
    from nx_ordinal.datasets import pc
    from nx_ordinal.metrics import adjacency_error

    n = 2000
    k = int(np.ceil(2 * np.log(n)))
    P = pc(n, seed=0)
    A = knn_adjacency(P, k)
    res = loe(A, 2, seed=0)
    assert adjacency_error(A, res.embedding) <= 0.0015
    assert res.converged


@pytest.mark.parametrize("directed_random", [False, True])
def test_gradient_paths_agree_and_match_differences(directed_random):
    """The difference-array gradient (value/grad path) equals the sorted-candidate gradient
    (majorization path) and central differences, on uniform-degree kNN graphs and on
    graphs of varying degree."""
    rng = np.random.default_rng(5)
    if directed_random:
        A, _ = graph_to_csr(random_graph(7, n=25, directed=True))
    else:
        A = knn_adjacency(rng.random((25, 2)), 4)
    g = LocalGraph(A)
    X = rng.normal(size=(A.shape[0], 2))
    cl = CandidateList(g, 0.4, skin=0.3)
    ci, ck = cl.update(X)
    f1, g1 = local_terms(X, g, ci, ck, 0.4)
    f2, g2, _ = local_terms(X, g, ci, ck, 0.4, want_pieces=True)
    assert f1 == pytest.approx(f2, rel=1e-13)
    np.testing.assert_allclose(g1, g2, rtol=1e-10, atol=1e-12)
    eps = 1e-6
    num = np.zeros_like(X)
    for i in range(X.shape[0]):
        for s in range(2):
            Xp, Xm = X.copy(), X.copy()
            Xp[i, s] += eps
            Xm[i, s] -= eps
            num[i, s] = (local_objective_dense(Xp, A, 0.4) - local_objective_dense(Xm, A, 0.4)) / (
                2 * eps
            )
    np.testing.assert_allclose(g1, num, rtol=1e-6, atol=1e-6 * np.abs(num).max())


def test_candidate_list_patched_for_fast_movers_is_exact():
    """A few points jumping far (movers) are re-queried instead of rebuilding the list; the
    objective and gradient stay equal to a fresh list's, and patches do happen."""
    from nx_ordinal.datasets import gauss

    rng = np.random.default_rng(1)
    P = gauss(400, seed=0)
    A = knn_adjacency(P, 9)
    g = LocalGraph(A)
    cl = CandidateList(g, 0.1, skin=0.05)
    X = 4.0 * P
    for step in range(30):
        jump = 0.0003 * rng.standard_normal(X.shape)
        fast = rng.random(X.shape[0]) < 0.005
        jump[fast] *= 1000.0
        X = X + jump
        if step == 15:  # a similarity motion of the whole drawing keeps the list valid
            X = 1.02 * X @ np.array([[0.6, 0.8], [-0.8, 0.6]]) + 3.0
        ci, ck = cl.update(X)
        assert len(set(zip(ci.tolist(), ck.tolist()))) == ci.size  # no pair twice
        f, grad = local_terms(X, g, ci, ck, 0.1)
        fresh = CandidateList(g, 0.1, skin=0.0)
        f0, grad0 = local_terms(X, g, *fresh.update(X), 0.1)
        assert f == pytest.approx(f0, rel=1e-12)
        np.testing.assert_allclose(grad, grad0, rtol=1e-9, atol=1e-12 * np.abs(grad0).max())
    assert cl.n_patches > 0
    assert cl.n_builds < 10


def test_landmark_mds_recovers_gaussian_up_to_similarity():
    """Density-reweighted pivot MDS keeps the Gaussian's tails outside (no fold back), unlike
    the spectral start; procrustes error against the planted sample."""
    from nx_ordinal.datasets import gauss
    from nx_ordinal.embed import pivot_mds
    from nx_ordinal.metrics import procrustes_error

    P = gauss(1500, seed=0)
    A = knn_adjacency(P, 15)
    Y = pivot_mds(A, 2, seed=0)
    assert procrustes_error(P, Y) < 0.1
    assert procrustes_error(P, laplacian_eigenmaps(A, 2, seed=0)) > 2 * procrustes_error(P, Y)
    np.testing.assert_array_equal(Y, pivot_mds(A, 2, seed=0))  # same seed, same output
    # components are embedded separately and packed apart
    two = knn_adjacency(np.vstack([P[:200], P[:200] + 50.0]), 8)
    Z = pivot_mds(two, 2, seed=1)
    assert np.isfinite(Z).all()
    assert np.linalg.norm(Z[:200].mean(0) - Z[200:].mean(0)) > 0


@pytest.mark.parametrize("G, count", [
    (nx.balanced_tree(3, 3), 20),  # 40 vertices: every search in one call (n <= 4 count)
    (nx.random_labeled_tree(150, seed=2), 20),  # 150: one search a pivot
    (nx.disjoint_union(nx.path_graph(12), nx.cycle_graph(9)), 15),  # unreached: inf
])
def test_farthest_first_picks_and_measures_by_its_rule(G, count):
    """farthest_first's pivots follow the rule (each the vertex farthest from those picked,
    one none reaches first, ties to the lowest index) and its distances are each pivot's
    shortest paths, whether it searches from every vertex in one call (small graphs) or
    from each pivot."""
    from scipy.sparse.csgraph import shortest_path

    from nx_ordinal.embed._starts import farthest_first

    W = nx.to_scipy_sparse_array(G, format="csr").astype(float)
    full = shortest_path(W, unweighted=True)
    pivots, D = farthest_first(W, count, 3)
    nearest = np.full(W.shape[0], np.inf)
    want = 3
    for t, p in enumerate(pivots):
        assert p == want
        np.testing.assert_array_equal(D[t], full[p])
        nearest = np.minimum(nearest, full[p])
        far = nearest.copy()
        far[pivots[:t + 1]] = -1.0
        want = int(np.argmax(far))


def test_sparse_stress_unfolds_what_pivot_mds_squashes():
    """pivot_mds(stress_iter=...) refines pivot MDS by sparse stress majorization: a binary
    tree's levels, squashed onto one another by the linear projection, unfold (stress
    halves); a grid, which pivot MDS already nearly recovers, comes out exactly (planted
    configuration up to similarity); the sparse model's own stress falls round by round."""
    from nx_ordinal.embed import pivot_mds
    from nx_ordinal.embed._starts import sparse_stress
    from nx_ordinal.metrics import procrustes_error, stress

    T = nx.balanced_tree(2, 8)
    A = nx.to_scipy_sparse_array(T, format="csr")
    raw, refined = pivot_mds(A, 2, seed=0), pivot_mds(A, 2, seed=0, stress_iter=30)
    s_raw = stress(T, dict(enumerate(raw)))
    s_ref = stress(T, dict(enumerate(refined)))
    assert s_ref < 0.6 * s_raw, (s_raw, s_ref)
    np.testing.assert_array_equal(refined, pivot_mds(A, 2, seed=0, stress_iter=30))

    G = nx.grid_2d_graph(20, 20)
    nodes = list(G)
    P = np.array(nodes, dtype=float)
    B = nx.to_scipy_sparse_array(G, nodelist=nodes, format="csr")
    assert procrustes_error(P, pivot_mds(B, 2, seed=0, stress_iter=30)) < 0.2 * procrustes_error(
        P, pivot_mds(B, 2, seed=0))

    # the model's stress (edges and pivot terms) after each round never rises
    from scipy.sparse.csgraph import dijkstra
    pivots = np.array([0, 200, 399, 19, 380])
    D = dijkstra(B, indices=pivots, unweighted=True)
    rng = np.random.default_rng(0)
    Y = P + rng.normal(scale=1.5, size=P.shape)

    def model_stress(Y):
        ei, ej = B.nonzero()
        e = (np.linalg.norm(Y[ei] - Y[ej], axis=1) - 1.0) ** 2
        dp = np.linalg.norm(Y[:, None] - Y[pivots][None], axis=2)
        region = np.argmin(D, axis=0)
        s = np.array([[np.sum(D[t, region == t] <= D[t, i] / 2) for i in range(400)]
                      for t in range(pivots.size)]).T
        with np.errstate(divide="ignore", invalid="ignore"):
            w = np.where(D.T > 0, s / D.T ** 2, 0.0)
        return e.sum() + np.sum(w * (dp - D.T) ** 2)

    values = [model_stress(Y)]
    for _ in range(4):
        Y = sparse_stress(B, Y, pivots, D, 1)
        values.append(model_stress(Y))
    assert all(b <= a * (1 + 1e-9) for a, b in zip(values, values[1:])), values
    with pytest.raises(ValueError, match="stress_iter"):
        pivot_mds(B, 2, stress_iter=-1)


@pytest.mark.slow
def test_planted_gauss_sample_recovered_from_the_large_graph_start():
    """n above the landmark threshold: the Gaussian's kNN graph is recovered to E_A <= 1e-4,
    in fewer than half the iterations the spectral start (which folds the tails back inside
    a rim) needs."""
    from nx_ordinal.datasets import gauss
    from nx_ordinal.metrics import adjacency_error

    n = 3000
    P = gauss(n, seed=0)
    A = knn_adjacency(P, 16)
    res = loe(A, 2, seed=0)
    assert res.converged
    assert adjacency_error(A, res.embedding) <= 1e-4
    spectral = loe(A, 2, seed=0, init="spectral")
    assert res.n_iter < 0.5 * spectral.n_iter


def test_stops_at_a_quarter_delta_squared_and_rescales_to_an_exact_minimiser():
    """Once f <= delta^2 / 4 every margin is >= delta / 2: the returned configuration is the
    iterate scaled by delta / (delta - sqrt(f)), with objective exactly 0 (the dense
    reference agrees)."""
    from nx_ordinal.datasets import gauss

    P = gauss(250, seed=3)
    A = knn_adjacency(P, 8)
    res = loe(A, 2, delta=0.1, seed=0)
    assert res.converged
    assert res.objective == 0.0
    assert local_objective_dense(res.embedding, A, 0.1) == 0.0
    # the solver stopped at the threshold, not after polishing to an exact zero
    assert 0.0 < res.history[-1] <= 0.25 * 0.1**2


def _random_mesh(n, seed):
    """A Delaunay mesh of n uniform random points in the unit square with two round holes
    (the edges longer than 0.06, across a hole or along the hull, dropped)."""
    from scipy.spatial import Delaunay
    rng = np.random.default_rng(seed)
    P = rng.random((2 * n, 2))
    keep = (np.hypot(*(P - [0.3, 0.3]).T) > 0.15) & (np.hypot(*(P - [0.7, 0.6]).T) > 0.2)
    P = P[keep][:n]
    T = Delaunay(P).simplices
    E = np.concatenate([T[:, [0, 1]], T[:, [1, 2]], T[:, [0, 2]]])
    E = E[np.hypot(*(P[E[:, 0]] - P[E[:, 1]]).T) < 0.06]
    G = nx.Graph()
    G.add_edges_from(map(tuple, E))
    G = G.subgraph(max(nx.connected_components(G), key=len))
    return nx.to_scipy_sparse_array(G, format="csr")


def test_two_hop_stress_straightens_a_twisted_strip():
    """The sparse stress model with every pair within two hops as a term straightens what
    the edges' model leaves twisted: a ring of a ladder (300 rungs), whose stress start
    keeps GARI 0.90, NP2 0.85, comes out nearly exact (0.99, 0.91); the same again from the
    same start; the edges' model alone, 30 rounds more, gains nothing."""
    from nx_ordinal.embed import pivot_mds
    from nx_ordinal.embed._starts import farthest_first, sparse_stress, two_hop_stress
    from nx_ordinal.metrics import neighbourhood_preservation_array

    A = nx.to_scipy_sparse_array(nx.circular_ladder_graph(300), format="csr")
    X = pivot_mds(A, 2, seed=0, stress_iter=30)
    Y, none = two_hop_stress(A, X, 30)
    assert none is None
    g0, g1 = gari_array(A, X), gari_array(A, Y)
    assert g0 < 0.93 and g1 > 0.98, (g0, g1)
    p0, p1 = (neighbourhood_preservation_array(A, Z, 2) for Z in (X, Y))
    assert p1 > p0 + 0.05, (p0, p1)
    np.testing.assert_array_equal(Y, two_hop_stress(A, X, 30)[0])
    W = A.astype(np.float64)
    piv, D = farthest_first(W, 50, int(np.argmax(np.diff(W.indptr))))
    assert gari_array(A, sparse_stress(W, X, piv, D, 30)) < 0.93


def test_two_hop_relaxation_is_returned_only_where_it_keeps_the_shape():
    """The rounds with one pivot's terms after the two-hop rounds straighten a ring of a
    ladder at the same stress (NP2 0.875 -> 0.99) and are returned; on a grid, whose shape
    they let drift (stress +6 %), they are not."""
    from nx_ordinal.embed import pivot_mds
    from nx_ordinal.embed._starts import two_hop_stress
    from nx_ordinal.metrics import neighbourhood_preservation_array

    A = nx.to_scipy_sparse_array(nx.circular_ladder_graph(500), format="csr")
    Y, R = two_hop_stress(A, pivot_mds(A, 2, seed=1, stress_iter=30), 30, relax_iter=10)
    assert R is not None
    p_y, p_r = (neighbourhood_preservation_array(A, Z, 2) for Z in (Y, R))
    assert p_r > p_y + 0.05, (p_y, p_r)
    G = nx.convert_node_labels_to_integers(nx.grid_2d_graph(70, 70))
    B = nx.to_scipy_sparse_array(G, format="csr")
    assert two_hop_stress(B, pivot_mds(B, 2, seed=1, stress_iter=30), 30, relax_iter=10)[1] \
        is None


def test_loe_layout_draws_ladders_straight():
    """A geometric graph whose stress start the two-hop rounds make exact (a ladder, a ring
    of a ladder) gets Err_local from that refined start: NP2 0.927 (ladder of 400 rungs),
    0.879 (ring of 300) and 0.826 (ring of 500) before, the strips twisted in places; the
    ring of 500 0.920 without the rounds of local terms after (``relax_iter``), where the
    pivots' hop distances, which its chords cannot keep, bend it."""
    from nx_ordinal import loe_layout
    from nx_ordinal.metrics import neighbourhood_preservation

    for G, floor in ((nx.ladder_graph(400), 0.97), (nx.circular_ladder_graph(300), 0.95),
                     (nx.circular_ladder_graph(500), 0.98)):
        pos = loe_layout(G, seed=0)
        assert neighbourhood_preservation(G, pos) > 0.99
        assert neighbourhood_preservation(G, pos, hops=2) > floor


def test_the_two_hop_refinement_yields_to_a_spent_max_time(count_calls):
    """With a max_time of which less than half is left after the start, the refinement is
    not run; with time to spare it is."""
    import nx_ordinal.layouts._loe as loe_module
    from nx_ordinal import loe_layout

    calls = count_calls(loe_module, "two_hop_stress")
    G = nx.ladder_graph(200)
    loe_layout(G, seed=0, max_time=1000.0)
    assert calls == [1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pos = loe_layout(G, seed=0, max_time=1e-6)
    assert calls == [1]
    assert all(np.isfinite(p).all() for p in pos.values())


def test_pivot_mds_on_a_coarsened_graph_keeps_a_large_mesh_flat():
    """pivot_mds(coarse_n=...) draws each component on a graph coarsened to at most
    coarse_n vertices and carries the drawing back: on a Delaunay mesh of 6,000 random
    points, whose hop distances the stress rounds ruffle (GARI 0.59), the start keeps its
    neighbourhoods (GARI 0.77); the same seed gives the same start; a component at or
    below coarse_n is drawn as without it; a bad coarse_n is refused."""
    from nx_ordinal.embed import pivot_mds
    from nx_ordinal.metrics import gari_array
    A = _random_mesh(6000, 1)
    plain = pivot_mds(A, 2, seed=0, stress_iter=30)
    coarse = pivot_mds(A, 2, seed=0, stress_iter=30, coarse_n=1500)
    assert gari_array(A, plain) < 0.65 and gari_array(A, coarse) > 0.72
    np.testing.assert_array_equal(coarse, pivot_mds(A, 2, seed=0, stress_iter=30,
                                                    coarse_n=1500))
    small = nx.to_scipy_sparse_array(nx.grid_2d_graph(20, 20))
    np.testing.assert_array_equal(pivot_mds(small, 2, seed=3, coarse_n=400),
                                  pivot_mds(small, 2, seed=3))
    with pytest.raises(ValueError, match="coarse_n"):
        pivot_mds(small, 2, coarse_n=2)


def test_a_random_mesh_with_holes_in_the_geometric_band_is_drawn_by_err_local(monkeypatch,
                                                                             count_calls):
    """A mesh of 2,000 random points with two holes whose stress start keeps GARI 0.777 at
    stress 0.007, below geometric_gari but in the band: the plan runs Err_local from that
    start, which nearly recovers the mesh (NP1 0.975), and no t-LOE.  (Broken on purpose:
    geometric_band_gari 0.8 draws it by t-LOE, NP1 0.900.)"""
    import nx_ordinal
    import nx_ordinal.layouts._loe as loe_module
    from nx_ordinal.layouts._loe.plan import GEOMETRIC_GARI, POLICY
    from nx_ordinal.metrics import neighbourhood_preservation, stress
    G = nx.from_scipy_sparse_array(_random_mesh(2000, 2))
    seen = []
    real_gari = loe_module._Call.pivot_gari

    def pivot_gari(self):  # the start's GARI, the fact the plan asks
        seen.append(real_gari(self))
        return seen[-1]

    monkeypatch.setattr(loe_module._Call, "pivot_gari", pivot_gari)
    calls = count_calls(loe_module, "_tloe_run")
    pos = nx_ordinal.loe_layout(G, seed=0)
    assert POLICY["geometric_band_gari"] <= seen[0] < GEOMETRIC_GARI
    assert calls == []
    assert neighbourhood_preservation(G, pos) > 0.96
    assert stress(G, pos) < 0.01


def test_loe_layout_starts_t_loe_on_the_coarsened_graph_of_a_large_road_network(monkeypatch):
    """Beyond coarse_nodes, where the stress start's stress is low but its GARI below
    geometric_gari (``bench_unseen.py``'s road network of 2,000 nodes: 0.64 at stress
    0.015; a mesh of random points with holes goes to Err_local from that start), the
    default call's t-LOE starts from pivot MDS drawn on the coarsened graph: the call asks
    pivot_mds for it (coarse_n), and the drawing keeps the network's neighbourhoods."""
    from _benchmarks import load

    import nx_ordinal
    import nx_ordinal.layouts._loe as loe_module
    from nx_ordinal.layouts._loe.plan import POLICY
    from nx_ordinal.metrics import neighbourhood_preservation_array
    G = load("bench_unseen").make_graph("road2000")
    assert G.number_of_nodes() > POLICY["coarse_nodes"]
    A = nx.to_scipy_sparse_array(G, format="csr")
    asked = []
    real = loe_module.pivot_mds

    def spy(*args, **kwargs):
        asked.append(kwargs.get("coarse_n"))
        return real(*args, **kwargs)

    monkeypatch.setattr(loe_module, "pivot_mds", spy)
    pos = nx_ordinal.loe_layout(G, seed=0)
    assert asked == [None, POLICY["coarse_nodes"]]  # the stress start, then the coarse one
    X = np.array([pos[v] for v in G])
    assert neighbourhood_preservation_array(A, X) > 0.8


def test_coarsening_merges_matched_pairs_and_keeps_the_graph_connected():
    """One level of coarsening: every coarse vertex stands for one or two adjacent
    vertices, the coarse graph is connected, and its edges are as long as the mean of the
    fine edges they stand for."""
    from nx_ordinal.embed.loe import _coarsen
    G = nx.random_geometric_graph(500, 0.09, seed=2)
    G = G.subgraph(max(nx.connected_components(G), key=len))
    W = nx.to_scipy_sparse_array(G, format="csr")
    W.data = np.random.default_rng(1).uniform(1.0, 3.0, W.nnz)
    W = ((W + W.T) / 2).tocsr()
    C, parent = _coarsen(W, np.random.default_rng(0))
    sizes = np.bincount(parent)
    assert sizes.max() == 2 and sizes.size < 0.75 * W.shape[0]
    for group in np.flatnonzero(sizes == 2)[:50]:
        u, v = np.flatnonzero(parent == group)
        assert W[u, v] > 0  # a pair is an edge
    assert nx.is_connected(nx.from_scipy_sparse_array(C))
    a, b = C.nonzero()[0][0], C.nonzero()[1][0]
    fine = W[np.flatnonzero(parent == a)][:, np.flatnonzero(parent == b)]
    assert C[a, b] == pytest.approx(fine.data.mean())


def test_pivot_mds_reads_density_only_from_knn_graphs():
    """pivot_mds reweights distances by the density that the reciprocity of links gives
    only on a kNN graph (every out-degree the same); a directed graph of other out-degrees
    -- a grid with each edge pointing right or up -- is placed by the hop distances of its
    undirected graph, as that graph itself: the grid comes out whole (read as a kNN graph,
    most of its vertices were crushed into one corner, stress 0.98), and so does
    loe_layout's default drawing (NP1 0.38, stress 0.013; was 0.06 at 0.55)."""
    import nx_ordinal
    from nx_ordinal.constraints import knn_adjacency
    from nx_ordinal.embed import pivot_mds
    from nx_ordinal.embed.loe import is_knn_adjacency
    from nx_ordinal.metrics import neighbourhood_preservation, procrustes_error, stress

    G = nx.grid_2d_graph(30, 30)
    nodes = list(G)
    D = nx.DiGraph()
    D.add_nodes_from(nodes)
    D.add_edges_from((u, v) if u < v else (v, u) for u, v in G.edges())
    A = nx.to_scipy_sparse_array(D, nodelist=nodes, format="csr")
    U = nx.to_scipy_sparse_array(G, nodelist=nodes, format="csr")
    assert not is_knn_adjacency(A) and not is_knn_adjacency(U)
    np.testing.assert_array_equal(pivot_mds(A, 2, seed=0), pivot_mds(U, 2, seed=0))
    P = np.array(nodes, dtype=float)
    assert procrustes_error(P, pivot_mds(A, 2, seed=0, stress_iter=30)) < 0.05
    pos = nx_ordinal.loe_layout(D, seed=0)
    assert stress(D, pos, pairs="all") < 0.05 and neighbourhood_preservation(D, pos) > 0.3
    K = knn_adjacency(np.random.default_rng(0).random((200, 2)), 6)
    assert is_knn_adjacency(K)
