import warnings

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal.constraints import (
    all_quadruplets,
    sample_quadruplets,
    sample_triplets,
    triplets_to_quadruplets,
)
from nx_ordinal.embed import soe, soe_objective
from nx_ordinal.embed.soe import _Constraints, _mm_weights, _terms
from nx_ordinal.exceptions import ConvergenceWarning, NoOrdinalInformationWarning
from nx_ordinal.metrics import procrustes_align, procrustes_error, triplet_error


@pytest.fixture
def planted():
    return np.random.default_rng(0).random((100, 2))


def _brute(X, C, delta):
    Q = triplets_to_quadruplets(np.asarray(C))
    a = np.linalg.norm(X[Q[:, 0]] - X[Q[:, 1]], axis=1)
    b = np.linalg.norm(X[Q[:, 2]] - X[Q[:, 3]], axis=1)
    return float(np.sum(np.maximum(0.0, a + delta - b) ** 2))


# ---------------------------------------------------------------------------------------------
# kernel

@pytest.mark.parametrize("kind", ["triplets", "quadruplets"])
@pytest.mark.parametrize("dim", [1, 2, 3])
def test_gradient_central_differences(kind, dim):
    rng = np.random.default_rng(dim)
    n = 12
    X = rng.standard_normal((n, dim))
    P = rng.standard_normal((n, dim))  # the constraints come from other points: many active
    if kind == "triplets":
        C = sample_triplets(P, n_triplets=300, seed=1)
    else:
        C = sample_quadruplets(P, n_quadruplets=300, seed=1)
    delta = 0.3
    f, g = soe_objective(X, C, delta, return_grad=True)
    assert f == pytest.approx(_brute(X, C, delta), rel=1e-12)
    assert f > 0
    h = 1e-6
    num = np.zeros_like(X)
    for p in range(n):
        for s in range(dim):
            E = np.zeros_like(X)
            E[p, s] = h
            num[p, s] = (soe_objective(X + E, C, delta) - soe_objective(X - E, C, delta)) / (2 * h)
    np.testing.assert_allclose(g, num, rtol=1e-5, atol=1e-6)


def test_triplet_equals_quadruplet_form(planted):
    T = sample_triplets(planted, n_triplets=500, seed=2)
    X = np.random.default_rng(1).standard_normal(planted.shape)
    f3, g3 = soe_objective(X, T, 0.2, return_grad=True)
    f4, g4 = soe_objective(X, triplets_to_quadruplets(T), 0.2, return_grad=True)
    assert f3 == pytest.approx(f4, rel=1e-12)
    np.testing.assert_allclose(g3, g4, atol=1e-10)


def test_kernel_chunks_agree(monkeypatch, planted):
    import sys

    soe_mod = sys.modules["nx_ordinal.embed.soe"]
    T = sample_triplets(planted, n_triplets=1000, seed=3)
    X = np.random.default_rng(3).standard_normal(planted.shape)
    f, g = soe_objective(X, T, 0.1, return_grad=True)
    monkeypatch.setattr(soe_mod, "_CHUNK", 77)
    f2, g2 = soe_objective(X, T, 0.1, return_grad=True)
    assert f == pytest.approx(f2, rel=1e-12)
    np.testing.assert_allclose(g, g2, atol=1e-10)


# ---------------------------------------------------------------------------------------------
# majorization

def _majorizer(X, Y, C, delta):
    """Sum of the per-constraint majorizers of eq. (8) at X, built around Y (reference)."""
    C = np.asarray(C)
    cs = _Constraints(C, X.shape[0])
    _, _, (a, b) = _terms(np.ascontiguousarray(Y.T), cs, delta, want_grad=False, want_pieces=True)
    al, als, be, bes = _mm_weights(a, b, delta)
    inactive = a + delta < b
    small = ~inactive & (a + b < delta)
    gamma = np.where(inactive, 2 * (a**2 + b**2),
                     np.where(small, (a + b) * b + (a + delta) * delta, (a + b) ** 2 + delta**2))
    xij, xkl = X[cs.i] - X[cs.j], X[cs.k] - X[cs.l]
    yij, ykl = Y[cs.i] - Y[cs.j], Y[cs.k] - Y[cs.l]
    return float(np.sum(al * np.sum(xij**2, 1) + als * np.sum(xkl**2, 1)
                        - 2 * be * np.sum(xij * yij, 1) - 2 * bes * np.sum(xkl * ykl, 1) + gamma))


@pytest.mark.parametrize("kind", ["triplets", "quadruplets"])
def test_majorizer_touches_and_bounds(kind):
    rng = np.random.default_rng(7)
    P = rng.random((15, 2))
    C = (sample_triplets(P, n_triplets=400, seed=1) if kind == "triplets"
         else sample_quadruplets(P, n_quadruplets=400, seed=1))
    delta = 0.5  # comparable to the distances: all three cases of the majorizer occur
    Y = rng.random((15, 2))
    assert _majorizer(Y, Y, C, delta) == pytest.approx(soe_objective(Y, C, delta), rel=1e-10)
    for _ in range(20):
        X = Y + 0.3 * rng.standard_normal(Y.shape)
        assert _majorizer(X, Y, C, delta) >= soe_objective(X, C, delta) - 1e-9


@pytest.mark.parametrize("kind", ["triplets", "quadruplets"])
def test_mm_monotone(planted, kind):
    C = (sample_triplets(planted, n_triplets=3000, seed=4, noise="flip", noise_level=0.1)
         if kind == "triplets" else
         sample_quadruplets(planted, n_quadruplets=3000, seed=4, noise="flip", noise_level=0.1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        res = soe(C, 100, 2, method="mm", max_iter=60, seed=0)
    h = np.asarray(res.history)
    assert h.size == res.n_iter > 10
    assert np.all(np.diff(h) <= 1e-9 * h[:-1])
    assert h[-1] < 0.5 * h[0]


# ---------------------------------------------------------------------------------------------
# recovery

def test_planted_triplets_recovered(planted):
    T = sample_triplets(planted, n_triplets=20_000, seed=1)
    res = soe(T, dim=2, seed=3)
    assert res.embedding.shape == (100, 2)
    assert procrustes_error(planted, res.embedding) <= 0.01
    assert triplet_error(T, res.embedding) <= 0.01
    assert res.converged


def test_planted_quadruplets_recovered(planted):
    Q = sample_quadruplets(planted, n_quadruplets=20_000, seed=1)
    res = soe(Q, dim=2, seed=3)
    assert procrustes_error(planted, res.embedding) <= 0.01
    assert triplet_error(Q, res.embedding) <= 0.01


def test_mm_recovers(planted):
    T = sample_triplets(planted, n_triplets=20_000, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        res = soe(T, dim=2, method="mm", max_iter=200, seed=3)
    assert procrustes_error(planted, res.embedding) <= 0.01
    assert triplet_error(T, res.embedding) <= 0.02


def test_convergence_is_scale_free(planted):
    """Scaling delta and the initial configuration together scales the objective by s^2
    (Proposition 1); the relative stopping rule must then take the same path."""
    T = sample_triplets(planted, n_triplets=3000, seed=5, noise="flip", noise_level=0.1)
    X0 = np.random.default_rng(0).standard_normal((100, 2))
    for method in ("lbfgs", "mm"):
        ref = soe(T, dim=2, delta=0.1, init=X0, tol=1e-3, method=method, max_iter=300)
        assert ref.converged
        for s in (2.0**-20, 2.0**20, 1e3):
            res = soe(T, dim=2, delta=0.1 * s, init=X0 * s, tol=1e-3, method=method,
                      max_iter=300)
            assert res.n_iter == ref.n_iter
            assert res.converged
            assert res.objective == pytest.approx(ref.objective * s * s, rel=1e-6)
            np.testing.assert_allclose(res.embedding / s, ref.embedding, rtol=1e-6, atol=1e-6)


def test_restarts_and_determinism(planted):
    T = sample_triplets(planted, n_triplets=2000, seed=6, noise="btl", noise_level=0.01)
    a = soe(T, dim=2, n_init=3, seed=11, tol=1e-3)
    b = soe(T, dim=2, n_init=3, seed=11, tol=1e-3)
    np.testing.assert_array_equal(a.embedding, b.embedding)
    assert len(a.info["restart_objectives"]) == 3
    assert a.objective == min(a.info["restart_objectives"])


def test_unused_objects_and_empty():
    res = soe(np.empty((0, 3), dtype=int), n_objects=4, dim=3, seed=0)
    assert res.embedding.shape == (4, 3) and res.converged and res.objective == 0.0
    X0 = np.arange(10.0).reshape(5, 2)
    res = soe([[0, 1, 2]], n_objects=5, init=X0, seed=0)
    np.testing.assert_array_equal(res.embedding[3:], X0[3:])


def test_input_not_mutated(planted):
    T = sample_triplets(planted, n_triplets=500, seed=1)
    T0 = T.copy()
    X0 = np.random.default_rng(0).standard_normal((100, 2))
    X00 = X0.copy()
    with pytest.warns(ConvergenceWarning):
        soe(T, dim=2, init=X0, max_iter=5, tol=0)
    np.testing.assert_array_equal(T, T0)
    np.testing.assert_array_equal(X0, X00)


# ---------------------------------------------------------------------------------------------
# errors

@pytest.mark.parametrize(
    "C, match",
    [
        ([[0, 1, 2], [0, -1, 2]], "row 1 has a negative index"),
        ([[0, 1, 2], [1, 1, 2]], "row 1 refers to the same object twice"),
        ([[0, 1, 2, 3], [0, 1, 1, 0]], "row 1 refers to the same object twice"),
        ([[0, 1, 2], [0, 1.5, 2]], r"row 1 has a non-integer index: \[0.0, 1.5, 2.0\]"),
        ([[0, 1, 2], [0, 1, 9]], "row 1 has an index out of range for n_objects=5"),
        ([[0, 1]], "must have 3 or 4 columns"),
    ],
)
def test_bad_constraints(C, match):
    with pytest.raises(ValueError, match=match):
        soe(C, n_objects=5)


@pytest.mark.parametrize(
    "kw, exc, match",
    [
        (dict(dim=0), ValueError, "dim must be >= 1"),
        (dict(delta=0), ValueError, "delta must be a finite number > 0"),
        (dict(method="sgd"), ValueError, "method must be one of"),
        (dict(n_init=0), ValueError, "n_init must be >= 1"),
        (dict(tol=-1.0), ValueError, "tol must be"),
        (dict(init=np.zeros((2, 2))), ValueError, r"init must have shape \(3, 2\)"),
        (dict(max_iter=1.5), TypeError, "max_iter must be an integer"),
    ],
)
def test_bad_parameters(kw, exc, match):
    with pytest.raises(exc, match=match):
        soe([[0, 1, 2]], **kw)


def test_sampling_helpers():
    X = np.random.default_rng(0).random((40, 2))
    T = sample_triplets(X, n_triplets=5000, seed=0)
    assert T.shape == (5000, 3) and triplet_error(T, X) == 0.0
    D = np.linalg.norm(X[:, None] - X[None], axis=-1)
    np.testing.assert_array_equal(sample_triplets(D=D, n_triplets=100, seed=3),
                                  sample_triplets(X, n_triplets=100, seed=3))
    Tf = sample_triplets(X, n_triplets=20000, seed=1, noise="flip", noise_level=0.2)
    assert triplet_error(Tf, X) == pytest.approx(0.2, abs=0.015)
    Tb = sample_triplets(X, n_triplets=20000, seed=1, noise="btl", noise_level=0.05)
    a = np.sum((X[Tb[:, 0]] - X[Tb[:, 1]]) ** 2, 1)
    b = np.sum((X[Tb[:, 0]] - X[Tb[:, 2]]) ** 2, 1)
    # BTL: a reported order of gap g = b - a arises with probability 1 / (1 + exp(-g / s))
    big = np.abs(b - a) > 0.3  # almost always reported correctly
    assert np.mean(b[big] > a[big]) > 0.99
    assert 0.05 < triplet_error(Tb, X) < 0.4
    Q = sample_quadruplets(X, n_quadruplets=3000, seed=2)
    assert triplet_error(Q, X) == 0.0
    with pytest.raises(ValueError, match="exactly one of X"):
        sample_triplets(n_triplets=3)
    with pytest.raises(ValueError, match="noise must be one of"):
        sample_triplets(X, n_triplets=3, noise="gauss")
    with pytest.raises(ValueError, match="noise_level must be a probability"):
        sample_triplets(X, n_triplets=3, noise="flip", noise_level=2.0)
    Dt = np.ones((4, 4)) - np.eye(4)
    with pytest.raises(ValueError, match="all sampled comparisons are ties"):
        sample_triplets(D=Dt, n_triplets=3, seed=0)


def test_all_quadruplets_count():
    rng = np.random.default_rng(0)
    D = rng.random((7, 7))
    D = D + D.T
    np.fill_diagonal(D, 0)
    Q = all_quadruplets(D)
    assert Q.shape == (21 * 20 // 2, 4)
    assert np.all(D[Q[:, 0], Q[:, 1]] < D[Q[:, 2], Q[:, 3]])


# ---------------------------------------------------------------------------------------------
# eurodist (supplement 3.4)

def _eurodist(shared_data):
    import csv

    path = shared_data / "eurodist" / "eurodist_matrix_21x21.csv"
    if not path.exists():
        pytest.skip("eurodist data not available")
    with open(path) as fh:
        rows = list(csv.reader(fh))
    names = rows[0][1:]
    D = np.array([[float(v) for v in r[1:]] for r in rows[1:]])
    return names, D


def _eurodist_draws(allq, k):
    """The first ``k`` draws of 1,000 comparisons (the gallery shows draw 0)."""
    rng = np.random.default_rng(2014)
    return [allq[rng.choice(allq.shape[0], size=1000, replace=False)] for _ in range(k)]


def _eurodist_fits(shared_data, k):
    names, D = _eurodist(shared_data)
    assert len(names) == 21
    allq = all_quadruplets(D)
    assert 20_000 < allq.shape[0] <= 21_945
    fits = []
    for d, Q in enumerate(_eurodist_draws(allq, k)):
        res = soe(Q, 21, 2, n_init=10, seed=d)
        fits.append((int(round(triplet_error(Q, res.embedding) * 1000)),
                     triplet_error(allq, res.embedding), res))
    return D, allq, fits


def test_eurodist_soe(shared_data):
    # supplement 3.4: the paper reports one draw with 35/1000 violated for SOE (94 for GNMDS).
    # The count at the minimum of Err_soft depends on the draw: over 20 draws, with 10 restarts
    # each, 16 give <= 35 (median 29.5); draw 0 gives 45 at the global minimum (200 restarts
    # reach the same objective 1.54595), a genuinely harder draw, not an optimisation failure.
    D, allq, fits = _eurodist_fits(shared_data, 5)
    counts = [c for c, _, _ in fits]
    assert sum(c <= 35 for c in counts) >= 4, counts
    assert np.median(counts) <= 30, counts
    assert max(r for _, r, _ in fits) < 0.065  # violation rate over all ~21,900 comparisons
    assert fits[0][2].objective == pytest.approx(1.54595, rel=1e-4)  # draw 0: global minimum
    from nx_ordinal.embed import classical_mds

    for _, _, res in fits:  # and each resembles the metric (classical MDS) map
        assert procrustes_error(classical_mds(D, 2), res.embedding) < 0.1
    assert procrustes_align(classical_mds(D, 2), fits[0][2].embedding).shape == (21, 2)


@pytest.mark.slow
def test_eurodist_soe_twenty_draws(shared_data):
    _, _, fits = _eurodist_fits(shared_data, 20)
    counts = [c for c, _, _ in fits]
    assert sum(c <= 35 for c in counts) >= 16, counts
    assert np.median(counts) <= 31, counts


# ---------------------------------------------------------------------------------------------
# soe_layout

@pytest.mark.parametrize(
    "G",
    [
        nx.grid_2d_graph(4, 5),
        nx.relabel_nodes(nx.cycle_graph(9), {i: f"v{i}" for i in range(9)}),
        nx.relabel_nodes(nx.path_graph(6), {0: "a", 1: (1, 2), 2: 3.5}),
        nx.DiGraph(nx.cycle_graph(8)),
        nx.disjoint_union(nx.path_graph(5), nx.path_graph(4)),
    ],
)
def test_soe_layout_conventions(G):
    G.add_node("isolated")
    pos = nx_ordinal.soe_layout(G, seed=3, n_constraints=2000)
    assert list(pos) == list(G)
    X = np.array(list(pos.values()))
    assert X.dtype == np.float64 and X.shape == (len(G), 2)
    assert np.isfinite(X).all()
    np.testing.assert_allclose(X.mean(axis=0), 0, atol=1e-12)
    assert np.abs(X).max() == pytest.approx(1.0)
    pos2 = nx_ordinal.soe_layout(G, seed=3, n_constraints=2000)
    for v in G:
        np.testing.assert_array_equal(pos[v], pos2[v])


def test_soe_layout_trivial_and_options():
    assert nx_ordinal.soe_layout(nx.Graph()) == {}
    p = nx_ordinal.soe_layout(nx.empty_graph(["x"]), center=(1, 2))
    np.testing.assert_array_equal(p["x"], [1.0, 2.0])
    G = nx.path_graph(8)
    pos = nx_ordinal.soe_layout(G, seed=0, scale=3, center=(1, -1, 0), dim=3, store_pos_as="p")
    X = np.array(list(pos.values()))
    assert X.shape == (8, 3)
    np.testing.assert_allclose(X.mean(0), [1, -1, 0], atol=1e-12)
    assert np.abs(X - X.mean(0)).max() == pytest.approx(3.0)
    np.testing.assert_array_equal(G.nodes[5]["p"], pos[5])
    # a path is drawn as a path: the order along the main axis is monotone
    pos = nx_ordinal.soe_layout(G, seed=0)
    X = np.array([pos[v] for v in G])
    Xc = X - X.mean(0)
    axis = np.linalg.svd(Xc, full_matrices=False)[2][0]
    t = Xc @ axis
    assert np.all(np.diff(t) > 0) or np.all(np.diff(t) < 0)
    # registry and partial initial positions
    pos = nx_ordinal.layout(G, method="soe", seed=1, pos={0: (0.0, 0.0)})
    assert len(pos) == 8
    with pytest.raises(ValueError, match="dim must be >= 1"):
        nx_ordinal.soe_layout(G, dim=0)
    with pytest.raises(ValueError, match="n_constraints must be >= 1"):
        nx_ordinal.soe_layout(G, n_constraints=0)


def test_soe_layout_weighted():
    # a path whose middle edge is long: the weighted layout places the long gap in the middle
    G = nx.path_graph(6)
    for u, v in G.edges():
        G.edges[u, v]["length"] = 1.0
    G.edges[2, 3]["length"] = 10.0
    pos = nx_ordinal.soe_layout(G, weight="length", seed=0)
    d = [np.linalg.norm(pos[u] - pos[v]) for u, v in G.edges()]
    assert np.argmax(d) == 2
    G.edges[0, 1]["length"] = -1.0
    with pytest.raises(ValueError, match="invalid 'length'"):
        nx_ordinal.soe_layout(G, weight="length")


def test_soe_layout_complete_graph_warns():
    with pytest.warns(NoOrdinalInformationWarning):
        pos = nx_ordinal.soe_layout(nx.complete_graph(5), seed=0)
    assert np.isfinite(np.array(list(pos.values()))).all()


@pytest.mark.parametrize("cols", [3, 4])
def test_pair_and_chunk_kernels_agree(cols):
    # 15 objects, 300 constraints: 105 pairs <= 300, so the condensed-pair kernel is used;
    # padding with 2,000 unused objects (2 million pairs > 300) switches to the chunked one
    rng = np.random.default_rng(5)
    X = rng.standard_normal((15, 3))
    C = (sample_quadruplets(X, n_quadruplets=300, seed=1) if cols == 4
         else sample_triplets(X, n_triplets=300, seed=1))
    f1, g1 = soe_objective(X, C, 0.3, return_grad=True)
    Xp = np.vstack([X, rng.standard_normal((2000, 3))])
    f2, g2 = soe_objective(Xp, C, 0.3, return_grad=True)
    assert f1 > 0 and f1 == pytest.approx(f2, rel=1e-12)
    np.testing.assert_allclose(g1, g2[:15], rtol=1e-10, atol=1e-12)
    np.testing.assert_array_equal(g2[15:], 0)
