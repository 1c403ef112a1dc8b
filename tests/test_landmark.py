"""Tests of the triplet oracle, the landmark ordinal embedding and landmark_layout."""

import importlib.util

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal.embed.landmark import (
    _columns_to_embedding,
    estimate_shifts,
    landmark_embedding,
    landmark_mds,
    project_edm,
    rank_columns,
    refine_columns,
)
from nx_ordinal.metrics import procrustes_error
from nx_ordinal.oracle import TripletOracle, sample_anchor_queries

HAS_STE = importlib.util.find_spec("nx_ordinal.embed.ste") is not None


def sqdist(P, Q=None):
    Q = P if Q is None else Q
    return ((P[:, None, :] - Q[None, :, :]) ** 2).sum(-1)


def gauss(n, d, seed):
    return np.random.default_rng(seed).normal(scale=np.sqrt(1 / (2 * d)), size=(n, d))


# --- oracle ---------------------------------------------------------------------------------

def test_oracle_noiseless_matches_truth():
    P = gauss(200, 2, 0)
    o = TripletOracle(P, "none")
    Q = sample_anchor_queries(np.arange(10), np.full(10, 300), 200, seed=1)
    y = o(Q)
    D = sqdist(P)
    assert np.array_equal(y, D[Q[:, 0], Q[:, 1]] < D[Q[:, 0], Q[:, 2]])
    T = o.triplets(Q)
    assert np.all(D[T[:, 0], T[:, 1]] < D[T[:, 0], T[:, 2]])
    assert o.n_queries == 2 * Q.shape[0]


def test_oracle_btl_frequencies_follow_link():
    P = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.5]])
    o = TripletOracle(P, "btl", seed=3)
    Q = np.tile([[0, 1, 2]], (200000, 1))
    # P(j closer) = f(D_ik - D_ij) = f(2.25 - 1)
    expected = 1 / (1 + np.exp(-1.25))
    assert abs(o(Q).mean() - expected) < 4e-3
    assert np.allclose(o.probability(Q[:1]), expected)


def test_oracle_flip_rate_and_seed():
    P = gauss(100, 2, 1)
    Q = sample_anchor_queries([0, 1, 2], [20000] * 3, 100, seed=0)
    truth = TripletOracle(P, "none")(Q)
    y = TripletOracle(P, "flip", p=0.15, seed=5)(Q)
    assert abs((y != truth).mean() - 0.15) < 0.01
    assert np.array_equal(y, TripletOracle(P, "flip", p=0.15, seed=5)(Q))


@pytest.mark.parametrize(
    "kwargs, match",
    [({"noise": "gauss"}, "noise must be one of"), ({"noise": "flip", "p": 0.7}, "p must be in"),
     ({"noise": "btl", "p": 0.1}, "p is only used"), ({"scale": -1.0}, "scale must be")],
)
def test_oracle_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        TripletOracle(np.zeros((4, 2)), **kwargs)


def test_oracle_bad_queries():
    o = TripletOracle(np.zeros((4, 2)), "none")
    with pytest.raises(ValueError, match="shape"):
        o([[0, 1]])
    with pytest.raises(ValueError, match=r"in \[0, 3\]"):
        o([[0, 1, 4]])


def test_anchor_queries_are_distinct_and_uniform():
    Q = sample_anchor_queries([3], [60000], 6, seed=0)
    assert np.all(Q[:, 0] == 3)
    assert np.all((Q[:, 1] != Q[:, 0]) & (Q[:, 2] != Q[:, 0]) & (Q[:, 1] != Q[:, 2]))
    freq = np.bincount(Q[:, 1], minlength=6) / Q.shape[0]
    assert freq[3] == 0 and np.allclose(np.delete(freq, 3), 0.2, atol=0.01)


# --- EDM pieces -----------------------------------------------------------------------------

@pytest.mark.parametrize("d", [1, 2, 3])
def test_shift_recovery_exact(d):
    rng = np.random.default_rng(d)
    n, ell = 300, d + 3
    P = rng.normal(size=(n, d))
    D = sqdist(P, P[:ell])                      # landmark columns
    s_true = (D.sum(axis=0)) / (n - 1)          # column mean over the other objects
    theta = D - s_true                          # exact rankings, centred
    W = theta[:ell].copy()
    s = estimate_shifts(W)
    assert np.max(np.abs(s - s_true)) < 1e-8
    X, s2, E = _columns_to_embedding(theta, np.arange(ell), d)
    assert np.allclose(E, sqdist(P[:ell]), atol=1e-8)
    assert procrustes_error(P, X) < 1e-12


def test_project_edm_valid_and_nearest():
    rng = np.random.default_rng(0)
    P = rng.normal(size=(6, 2))
    E0 = sqdist(P)
    assert np.allclose(project_edm(E0), E0, atol=1e-9)
    M = E0 + rng.normal(scale=0.5, size=E0.shape)
    E = project_edm(M)
    assert np.allclose(E, E.T) and np.all(np.diag(E) == 0) and np.all(E >= 0)
    H = np.eye(6) - 1 / 6
    assert np.linalg.eigvalsh(-0.5 * H @ E @ H).min() > -1e-9
    # nearest point: no worse than the true EDM, nor than a few other EDMs
    Ms = 0.5 * (M + M.T)
    dist = np.linalg.norm(E - Ms)
    assert dist <= np.linalg.norm(E0 - Ms) + 1e-9
    for _ in range(5):
        Q = rng.normal(size=(6, 3))
        assert dist <= np.linalg.norm(sqdist(Q) - Ms) + 1e-9


def test_landmark_mds_exact_and_errors():
    P = gauss(100, 3, 2)
    D = sqdist(P)
    X = landmark_mds(D[:6, :6], D[6:, :6], dim=3)
    assert X.shape == (100, 3) and procrustes_error(P, X) < 1e-12
    with pytest.raises(ValueError, match="F must have shape"):
        landmark_mds(D[:6, :6], D[6:, :5], dim=3)


def test_rank_columns_recovers_btl_scores():
    rng = np.random.default_rng(0)
    n, m = 300, 120000
    theta_true = rng.normal(size=n)
    theta_true -= theta_true.mean()
    j, k = rng.integers(0, n, m), rng.integers(0, n, m)
    keep = j != k
    j, k = j[keep], k[keep]
    farther_j = rng.random(j.size) < 1 / (1 + np.exp(-(theta_true[j] - theta_true[k])))
    near, far = np.where(farther_j, k, j), np.where(farther_j, j, k)
    theta, info = rank_columns(near, far, np.zeros(j.size, int), n, 1)
    assert info["converged"]
    assert abs(theta.sum()) < 1e-6 * n
    assert np.max(np.abs(theta[:, 0] - theta_true)) < 0.5
    assert np.sqrt(np.mean((theta[:, 0] - theta_true) ** 2)) < 0.12


# --- landmark embedding ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def btl_2000():
    P = gauss(2000, 2, 0)
    res = landmark_embedding(TripletOracle(P, "btl", seed=1), 2000, 2,
                             n_queries=int(100 * 2000 * np.log(2000)), seed=0)
    return P, res


def test_landmark_btl_recovery(btl_2000):
    P, res = btl_2000
    assert res.embedding.shape == (2000, 2)
    assert procrustes_error(P, res.embedding) <= 0.05
    # BTL fixes the scale: the estimate is right up to rotation, without rescaling
    Xc, Pc = res.embedding - res.embedding.mean(0), P - P.mean(0)
    assert 0.9 < np.linalg.norm(Xc) / np.linalg.norm(Pc) < 1.1
    assert res.info["n_comparisons"] == int(100 * 2000 * np.log(2000))
    assert res.method == "landmark"


def test_landmark_noiseless_oracle():
    # a noiseless oracle gives separable data: the MLE keeps the order of each landmark column
    # but the ridge alone spaces the scores; the ordinal refinement restores the metric
    P = gauss(2000, 2, 0)
    m = int(50 * 2000 * np.log(2000))
    res = landmark_embedding(TripletOracle(P, "none"), dim=2, n_queries=m, seed=0)
    assert res.info["refine"] == "ordinal" and res.info["violated"] < 0.02
    assert procrustes_error(P, res.embedding) <= 0.05
    raw = landmark_embedding(TripletOracle(P, "none"), dim=2, n_queries=m, seed=0, refine=False)
    assert raw.info["refine"] is False
    assert procrustes_error(P, raw.embedding) > 2 * procrustes_error(P, res.embedding)


def test_landmark_btl_metric_refinement():
    # under BTL the scores are the squared distances up to a shift: "auto" fits them metrically,
    # which beats the landmark MDS from the l^2 landmark entries alone
    P = gauss(1000, 2, 3)
    kw = dict(dim=2, n_queries=int(50 * 1000 * np.log(1000)), seed=0)
    res = landmark_embedding(TripletOracle(P, "btl", seed=1), **kw)
    raw = landmark_embedding(TripletOracle(P, "btl", seed=1), refine=False, **kw)
    assert res.info["refine"] == "metric" and res.info["violated"] > 0.1
    assert procrustes_error(P, res.embedding) < procrustes_error(P, raw.embedding)
    assert procrustes_error(P, res.embedding) < 0.1
    # flips at a fixed rate contradict the scores at every gap: no metric fit
    flip = landmark_embedding(TripletOracle(P, "flip", p=0.15, seed=1), **kw)
    assert not flip.info["graded"] and flip.info["refine"] is False
    assert res.info["graded"]


def test_refine_columns_ordinal_recovers_planted_points_from_orders():
    P = gauss(600, 2, 5)
    L = np.array([3, 50, 100, 250, 400])
    D = ((P[:, None, :] - P[L][None, :, :]) ** 2).sum(-1)
    scores = np.sqrt(D) ** 0.5                     # any increasing transform: order only
    start = P + np.random.default_rng(0).normal(scale=0.15, size=P.shape)
    X, info = refine_columns(start, scores, np.ones(D.shape, bool), L, mode="ordinal")
    assert procrustes_error(P, X) < 0.02 < procrustes_error(P, start)
    assert info["loss"] < 1e-3
    # the metric mode fits shifted exact squared distances to machine precision
    X, info = refine_columns(start, D - 3.0, np.ones(D.shape, bool), L, mode="metric",
                             max_iter=2000)
    assert procrustes_error(P, X) < 1e-4


class _PlainOracle:
    """An oracle without the anchored fast path."""

    def __init__(self, oracle):
        self.oracle = oracle
        self.n_objects = oracle.n_objects

    def __call__(self, Q):
        return self.oracle(Q)


def test_anchored_fast_path_matches_generic_queries():
    P = gauss(300, 2, 1)
    Q = sample_anchor_queries([7], [5000], 300, seed=2)
    a = TripletOracle(P, "btl", seed=4)(Q)
    b = TripletOracle(P, "btl", seed=4).answer_anchored(7, Q[:, 1], Q[:, 2])
    assert np.array_equal(a, b)
    kw = dict(dim=2, n_queries=40000, seed=3)
    r1 = landmark_embedding(TripletOracle(P, "btl", seed=5), **kw)
    r2 = landmark_embedding(_PlainOracle(TripletOracle(P, "btl", seed=5)), **kw)
    assert np.array_equal(r1.embedding, r2.embedding)
    with pytest.raises(ValueError, match="anchor must be in"):
        TripletOracle(P, "none").answer_anchored(300, Q[:, 1], Q[:, 2])
    with pytest.raises(ValueError, match="query indices must be in"):
        TripletOracle(P, "none").answer_anchored(0, np.array([1]), np.array([300]))


def test_landmark_refine_argument():
    P = gauss(100, 2, 0)
    msg = "refine must be 'auto', 'metric', 'ordinal' or False, got 'yes'"
    with pytest.raises(ValueError, match=msg):
        landmark_embedding(TripletOracle(P, "none"), dim=2, n_queries=5000, refine="yes")
    with pytest.raises(ValueError, match="mode must be one of"):
        refine_columns(P, np.zeros((100, 3)), np.ones((100, 3), bool), [0, 1, 2], mode="x")


def test_landmark_from_triplet_array_and_determinism():
    P = gauss(400, 2, 4)
    o = TripletOracle(P, "btl", seed=2)
    anchors = np.array([5, 17, 33, 120, 301])
    T = o.triplets(sample_anchor_queries(anchors, [20000] * 5, 400, seed=3))
    noise = o.sample(3000, seed=4)                      # a few triplets with other anchors
    T_all = np.vstack([T, noise])
    r1 = landmark_embedding(T_all, 400, 2, seed=0)
    assert set(r1.info["landmarks"].tolist()) == set(anchors.tolist())
    assert r1.info["n_comparisons"] == T.shape[0] + np.isin(noise[:, 0], anchors).sum()
    assert procrustes_error(P, r1.embedding) < 0.15
    r2 = landmark_embedding(T_all, 400, 2, seed=0)
    assert np.array_equal(r1.embedding, r2.embedding)
    assert np.array_equal(T_all[:5], np.vstack([T, noise])[:5])  # input not mutated


def test_landmark_errors():
    P = gauss(50, 2, 0)
    o = TripletOracle(P, "none")
    with pytest.raises(ValueError, match="n_landmarks"):
        landmark_embedding(o, dim=2, n_landmarks=60)
    with pytest.raises(ValueError, match="n_objects=40 differs"):
        landmark_embedding(o, 40, 2)
    with pytest.raises(TypeError, match="n_landmarks must be an integer"):
        landmark_embedding(o, dim=2, n_landmarks=5.0)
    with pytest.raises(ValueError, match="anchors of triplets"):
        landmark_embedding(np.array([[0, 1, 2], [1, 2, 3]]), 10, 2)
    with pytest.raises(ValueError, match="landmarks must be"):
        landmark_embedding(o, dim=2, landmarks=[1, 1, 2, 3, 4])


# --- warm start (needs nx_ordinal.embed.ste) --------------------------------------------------

@pytest.mark.skipif(not HAS_STE, reason="nx_ordinal.embed.ste is not available")
def test_landmark_ste_improves_on_its_start():
    from nx_ordinal.embed.landmark import landmark_ste

    P = gauss(300, 2, 0)
    o = TripletOracle(P, "btl", seed=1)
    res = landmark_ste(o, dim=2, eps=0.5, n_queries=int(100 * 300 * np.log(300)), seed=0,
                       max_iter=200)
    lm = res.info["landmark_result"]
    assert res.embedding.shape == (300, 2)
    assert procrustes_error(P, res.embedding) < procrustes_error(P, lm.embedding)
    assert res.method.startswith("landmark-")
    with pytest.raises(ValueError, match="eps must be in"):
        landmark_ste(o, dim=2, eps=1.5)


# --- layout ---------------------------------------------------------------------------------

def test_layout_grid_quality_and_conventions():
    G = nx.grid_2d_graph(30, 30)
    pos = nx_ordinal.landmark_layout(G, seed=0, scale=2, center=(1, 1), store_pos_as="p")
    X = np.array([pos[v] for v in G])
    assert list(pos) == list(G) and X.dtype == np.float64 and X.shape == (900, 2)
    assert np.isclose(np.abs(X - 1).max(), 2) and np.allclose(X.mean(0), 1)
    assert procrustes_error(np.array(list(G), float), X) < 0.2
    assert np.array_equal(G.nodes[(3, 4)]["p"], pos[(3, 4)])
    pos2 = nx_ordinal.landmark_layout(G, seed=0, scale=2, center=(1, 1))
    assert all(np.array_equal(pos[v], pos2[v]) for v in G)
    pos3 = nx_ordinal.layout(G, method="landmark", seed=0, scale=2, center=(1, 1))
    assert all(np.array_equal(pos[v], pos3[v]) for v in G)


@pytest.mark.parametrize("dim", [2, 3])
@pytest.mark.parametrize("ties", ["random", "average"])
def test_layout_smoke_labels_disconnected(dim, ties):
    labels = {i: (f"v{i}" if i % 2 else (i, "t")) for i in range(40)}
    G = nx.relabel_nodes(nx.cycle_graph(40), labels)
    G.add_edges_from(nx.path_graph(["a", "b", "c"]).edges)
    G.add_node(99)
    G = nx.DiGraph(G)
    pos = nx_ordinal.landmark_layout(G, dim=dim, ties=ties, seed=3)
    X = np.array([pos[v] for v in G])
    assert X.shape == (44, dim) and np.isfinite(X).all()
    assert np.isclose(np.abs(X).max(), 1.0)


def test_layout_small_and_errors():
    assert nx_ordinal.landmark_layout(nx.Graph()) == {}
    assert np.array_equal(nx_ordinal.landmark_layout([7], center=(2, 3))[7], [2.0, 3.0])
    pos = nx_ordinal.landmark_layout(nx.path_graph(5), seed=0)
    X = np.array([pos[v] for v in range(5)])
    assert np.isfinite(X).all() and np.linalg.norm(X[0] - X[4]) > np.linalg.norm(X[0] - X[1])
    with pytest.raises(ValueError, match="weight must be None"):
        nx_ordinal.landmark_layout(nx.path_graph(5), weight="weight")
    with pytest.raises(ValueError, match="ties must be one of"):
        nx_ordinal.landmark_layout(nx.path_graph(5), ties="min")
    with pytest.raises(ValueError, match="n_landmarks must be >= 5"):
        nx_ordinal.landmark_layout(nx.path_graph(50), n_landmarks=3)
    assert "landmark" in nx_ordinal.available_layouts()


def test_rank_objective_matches_reference_and_finite_differences():
    from scipy.special import expit, log_expit

    from nx_ordinal.embed.landmark import _rank_objective

    rng = np.random.default_rng(0)
    N, m, lam = 40, 3000, 0.3
    win = rng.integers(0, N, m).astype(np.int32)
    lose = rng.integers(0, N, m).astype(np.int32)
    th = rng.normal(scale=5.0, size=N)          # large margins: both softplus branches
    f, g = _rank_objective(th, win, lose, lam)
    t = th[win] - th[lose]
    assert abs(f - (-log_expit(-t).sum() + 0.5 * lam * th @ th)) < 1e-6 * abs(f)
    g_ref = np.bincount(win, expit(t), N) - np.bincount(lose, expit(t), N) + lam * th
    assert np.allclose(g, g_ref, atol=1e-4)
    h = 1e-3
    for i in rng.choice(N, 5, replace=False):
        e = np.zeros(N)
        e[i] = h
        fd = (_rank_objective(th + e, win, lose, lam)[0]
              - _rank_objective(th - e, win, lose, lam)[0]) / (2 * h)
        assert abs(fd - g[i]) < 1e-2 * max(1.0, abs(g[i]))


@pytest.mark.parametrize("seed", [0, 3])
def test_landmark_ste_layout_recovers_knn_points(seed):
    import warnings

    from nx_ordinal.constraints import knn_graph
    from nx_ordinal.metrics import procrustes_error

    P = np.random.default_rng(0).random((60, 2))
    G = knn_graph(P, 6)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pos = nx_ordinal.landmark_ste_layout(G, seed=seed)
    X = np.array([pos[v] for v in G])
    # seeds 0-4: GARI 0.83-0.87, Procrustes error 0.055-0.066; spring 0.64-0.72
    assert nx_ordinal.gari(G, pos) > 0.78
    assert nx_ordinal.gari(G, pos) > nx_ordinal.gari(G, nx_ordinal.layout(G, "spring",
                                                                            seed=seed)) + 0.05
    assert procrustes_error(P, X) < 0.1


def test_hop_rank_embedding_small_graph_is_mds_of_hop_distances():
    # at most n_landmarks + 1 nodes: classical MDS of all hop distances (unreachable pairs one
    # hop beyond the farthest), nothing drawn from rng
    from scipy.sparse.csgraph import shortest_path

    from nx_ordinal.constraints import graph_to_csr
    from nx_ordinal.embed.landmark import hop_rank_embedding
    from nx_ordinal.embed.mds import classical_mds

    G = nx.disjoint_union(nx.cycle_graph(8), nx.path_graph(3))
    A, _ = graph_to_csr(G)
    rng = np.random.default_rng(0)
    X = hop_rank_embedding(A, 2, 10, rng=rng)
    assert rng.bit_generator.state == np.random.default_rng(0).bit_generator.state
    H = shortest_path(A, unweighted=True, directed=False)
    H[~np.isfinite(H)] = 5.0  # the farthest reachable pair is 4 hops apart
    assert np.array_equal(X, classical_mds(H, 2))
    # an octagon alone is drawn as a regular octagon
    C, _ = graph_to_csr(nx.cycle_graph(8))
    Y = hop_rank_embedding(C, 2, 7, rng=rng)
    r = np.linalg.norm(Y - Y.mean(0), axis=1)
    assert np.ptp(r) < 1e-9 * r.mean()
