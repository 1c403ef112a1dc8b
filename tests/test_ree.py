import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal.embed.mds import classical_mds
from nx_ordinal.embed.ree import _dist_from_gram, ree, ree_objective


def _sq(X):
    return ((X[:, None] - X[None]) ** 2).sum(-1)


def _brute(B, D2, W):
    n = len(D2)
    total = 0.0
    for i in range(n):
        for j in range(n):
            total += W[i, j] * abs(D2[i, j] - (B[i, i] + B[j, j] - B[i, j] - B[j, i]))
    return total


def test_objective_matches_brute_force():
    rng = np.random.default_rng(0)
    X = rng.random((7, 3))
    D2 = _sq(rng.random((7, 2)))
    W = rng.random((7, 7))
    assert ree_objective(X @ X.T, D2, W) == pytest.approx(_brute(X @ X.T, D2, W))


def test_subgradient_objective_is_brute_force_of_result():
    rng = np.random.default_rng(1)
    D = np.sqrt(_sq(rng.random((10, 2))))
    D[0, 3] = D[3, 0] = 2.0
    res = ree(D, seed=0, max_iter=500)
    B = res.info["gram"]
    assert res.objective == pytest.approx(_brute(B, D * D, 1 - np.eye(10)), rel=1e-9)
    assert res.history[0] >= min(res.history) == pytest.approx(res.objective)


def test_planted_recovery_exact_edm():
    rng = np.random.default_rng(2)
    P = rng.random((12, 3))
    res = ree(np.sqrt(_sq(P)), 3, seed=0)
    assert np.allclose(_sq(res.X), _sq(P), atol=1e-6)


def test_robust_to_one_corrupted_entry():
    rng = np.random.default_rng(3)
    P = rng.random((15, 15))
    D2 = _sq(P)
    C = D2.copy()
    C[2, 9] += 20 * D2.mean()
    C[9, 2] = C[2, 9]
    off = ~np.eye(15, dtype=bool)
    E = _sq(ree(C, squared=True, seed=0, max_iter=3000).info["full"])
    Ec = _sq(classical_mds(C, 15, squared=True))
    bad_ree = (np.abs(np.sqrt(E) - np.sqrt(D2))[off] > 0.01 * np.sqrt(D2)[off]).sum()
    bad_cmds = (np.abs(np.sqrt(Ec) - np.sqrt(D2))[off] > 0.01 * np.sqrt(D2)[off]).sum()
    assert bad_ree <= 20 < bad_cmds


def test_missing_entries_zero_weight():
    rng = np.random.default_rng(4)
    P = rng.random((12, 2))
    D = np.sqrt(_sq(P))
    W = np.ones_like(D)
    D[1, 5] = D[5, 1] = np.nan
    W[1, 5] = W[5, 1] = 0
    res = ree(D, 2, weights=W, seed=0)
    assert np.sqrt(_sq(res.X))[1, 5] == pytest.approx(np.sqrt(_sq(P))[1, 5], rel=0.02)


def test_full_and_pca_reduction():
    rng = np.random.default_rng(5)
    D = np.sqrt(_sq(rng.random((10, 4))))
    res = ree(D, 2, seed=0)
    assert res.embedding.shape == (10, 2)
    assert np.allclose(res.info["full"][:, :2], res.embedding)
    assert np.allclose(_dist_from_gram(res.info["gram"]), _sq(res.info["full"]), atol=1e-8)


def test_nystrom_landmarks():
    rng = np.random.default_rng(6)
    P = rng.random((60, 2))
    res = ree(np.sqrt(_sq(P)), 2, n_landmarks=15, seed=0)
    assert res.info["landmarks"].size == 15
    assert nx_ordinal.metrics.procrustes_error(P, res.X) < 1e-3


def test_seed_determinism_random_init():
    D = np.sqrt(_sq(np.random.default_rng(7).random((8, 2))))
    a = ree(D, 2, init="random", seed=3, max_iter=200).X
    b = ree(D, 2, init="random", seed=3, max_iter=200).X
    assert np.array_equal(a, b)


@pytest.mark.parametrize("kw, exc, msg", [
    ({"method": "x"}, ValueError, "method must be one of"),
    ({"dim": 0}, ValueError, "dim must be >= 1"),
    ({"step": -1.0}, ValueError, "step must be a finite number > 0"),
    ({"weights": -np.ones((4, 4))}, ValueError, "weights must be finite and non-negative"),
    ({"n_landmarks": 9}, ValueError, "n_landmarks must be <="),
])
def test_errors(kw, exc, msg):
    D = np.sqrt(_sq(np.random.default_rng(0).random((4, 2))))
    with pytest.raises(exc, match=msg):
        ree(D, **kw)


def test_not_square():
    with pytest.raises(ValueError, match="D must be a square matrix"):
        ree(np.ones((3, 4)))


def test_sdp_too_large():
    with pytest.raises(ValueError, match="n <= 100"):
        ree(np.zeros((101, 101)), method="sdp")


def test_sdp_missing_cvxpy_message(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "cvxpy", None)
    with pytest.raises(ImportError, match="convex"):
        ree(np.zeros((3, 3)), method="sdp")


def test_sdp_agrees_with_subgradient():
    pytest.importorskip("cvxpy")
    rng = np.random.default_rng(8)
    P = rng.random((30, 5))
    D2 = _sq(P)
    iu = np.triu_indices(30, 1)
    for p in rng.choice(len(iu[0]), 4, replace=False):
        i, j = iu[0][p], iu[1][p]
        D2[i, j] = D2[j, i] = D2[i, j] + rng.uniform(0, 5)
    f_sdp = ree(D2, squared=True, method="sdp").objective
    f_sg = ree(D2, squared=True, max_iter=2000, seed=0).objective
    # the SDP solver's tolerance allows it to sit a hair above the subgradient's optimum
    assert f_sdp <= f_sg * (1 + 1e-3)
    assert f_sg <= 1.01 * f_sdp


@pytest.mark.slow
def test_section_6_1_reproduction():
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "ree_robustness.py"
    spec = importlib.util.spec_from_file_location("ree_robustness", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    (m_ree, s_ree), (m_cm, s_cm) = mod.run(reps=200, seed=0)
    assert abs(m_ree - 12.0) <= 3.4
    assert abs(m_cm - 144.2) <= 17.8


def test_ree_layout_conventions():
    G = nx.Graph([("a", 1), (1, (2, 3)), ((2, 3), "a"), ("a", "z")])
    G.add_node("iso")
    pos = nx_ordinal.layout(G, method="ree", seed=1, center=(1, 1), store_pos_as="p")
    assert list(pos) == list(G)
    X = np.array(list(pos.values()))
    assert np.isfinite(X).all() and X.shape == (5, 2)
    assert G.nodes["a"]["p"] is pos["a"]
    assert nx_ordinal.ree_layout([]) == {}
    assert np.allclose(nx_ordinal.ree_layout(["x"], center=(2, 3))["x"], [2, 3])


def test_ree_layout_recovers_grid():
    G = nx.grid_2d_graph(4, 4)
    pos = nx_ordinal.ree_layout(G, seed=0)
    X = np.array([pos[v] for v in G])
    P = np.array(list(G), dtype=float)
    # Manhattan distances are not Euclidean; the layout still keeps the grid's shape
    assert nx_ordinal.metrics.procrustes_error(P, X) < 0.1


def test_ree_layout_packs_components_by_the_one_rule():
    # two cycles and an isolated node: each component embedded on its own (a joint embedding
    # kept the principal axes of all of them together, and flattened the smaller cycle),
    # then packed like every other layout's
    # (nx_ordinal._data.components.pack_components):
    # separated, each centred with RMS radius proportional to sqrt(size)
    G = nx.disjoint_union(nx.cycle_graph(7), nx.cycle_graph(5))
    G.add_node(99)
    pos = nx_ordinal.ree_layout(G, seed=0)
    X = np.array([pos[v] for v in G])
    parts = [np.arange(7), np.arange(7, 12), np.array([12])]
    rms = [np.sqrt(np.mean(np.sum((X[p] - X[p].mean(0)) ** 2, axis=1))) for p in parts]
    assert rms[1] / rms[0] == pytest.approx(np.sqrt(5 / 7), rel=1e-9)  # not collapsed
    for p in parts[:2]:  # each cycle a regular polygon: its edges of one length
        sides = [np.linalg.norm(X[i] - X[j]) for i, j in G.subgraph(p.tolist()).edges()]
        assert max(sides) < 1.05 * min(sides), sides
    edge = np.median([np.linalg.norm(pos[u] - pos[v]) for u, v in G.edges()])
    for a in range(3):
        for b in range(a + 1, 3):
            gap = np.linalg.norm(X[parts[a]][:, None] - X[parts[b]][None], axis=2).min()
            assert gap > edge / 4, (a, b, gap, edge)
