import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal.constraints import orient_triplets, random_triplets
from nx_ordinal.embed._gram import FactoredKernel, as_quadruplets, value_grad_K
from nx_ordinal.embed.ste import (
    _make_loss,
    generalization_error,
    gnmds,
    ste,
    triplet_objective,
    tste,
)
from nx_ordinal.metrics import procrustes_error

SOLVERS = [ste, tste, gnmds]


@pytest.fixture(scope="module")
def planted():
    P = np.random.default_rng(3).standard_normal((40, 2))
    T = orient_triplets(random_triplets(40, 4000, seed=4), P)
    Tt = orient_triplets(random_triplets(40, 4000, seed=5), P)
    return P, T, Tt


def _num_grad(f, X, eps=1e-6):
    g = np.zeros_like(X)
    for idx in np.ndindex(*X.shape):
        E = np.zeros_like(X)
        E[idx] = eps
        g[idx] = (f(X + E) - f(X - E)) / (2 * eps)
    return g


@pytest.mark.parametrize("kind,kw", [("ste", {}), ("tste", {"alpha": 1.5}),
                                     ("gnmds", {"margin": 0.3})])
@pytest.mark.parametrize("ncols", [3, 4])
def test_gradient_matches_central_differences(kind, kw, ncols):
    rng = np.random.default_rng(0)
    X = rng.standard_normal((8, 3))
    if ncols == 3:
        C = orient_triplets(random_triplets(8, 60, seed=1), rng.standard_normal((8, 3)))
    else:
        C = rng.integers(0, 8, size=(200, 4))
        C = C[(C[:, 0] != C[:, 1]) & (C[:, 2] != C[:, 3])
              & ~((C[:, 0] == C[:, 2]) & (C[:, 1] == C[:, 3]))
              & ~((C[:, 0] == C[:, 3]) & (C[:, 1] == C[:, 2]))][:60]
    f, g = triplet_objective(X, C, kind, lam=0.05, return_grad=True, **kw)
    num = _num_grad(lambda Y: triplet_objective(Y, C, kind, lam=0.05, **kw), X)
    np.testing.assert_allclose(g, num, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("kind,alpha,margin", [("ste", 1.0, 1.0), ("tste", 2.0, 1.0),
                                               ("gnmds", 1.0, 0.2)])
def test_gram_gradient_matches_central_differences(kind, alpha, margin):
    rng = np.random.default_rng(1)
    Y = rng.standard_normal((7, 3))
    K = Y @ Y.T
    Q = np.column_stack([random_triplets(7, 40, seed=2)[:, [0, 1, 0, 2]]])
    loss = _make_loss(kind, alpha, margin)
    _, g = value_grad_K(K, Q, loss, 0.1)
    np.testing.assert_allclose(g, g.T)
    # directional derivatives along symmetric perturbations (K stays symmetric)
    for t in range(5):
        E = rng.standard_normal((7, 7))
        E = E + E.T
        eps = 1e-6
        num = (value_grad_K(K + eps * E, Q, loss, 0.1)[0]
               - value_grad_K(K - eps * E, Q, loss, 0.1)[0]) / (2 * eps)
        assert np.sum(g * E) == pytest.approx(num, rel=1e-5, abs=1e-8), t


def _reference_value_grad(X, Q, kind, alpha, margin, lam):
    """Direct row-gather formulas (logaddexp / expit), the kernel's specification."""
    from scipy.special import expit

    a, b, c, d = Q.T
    u, v = X[a] - X[b], X[c] - X[d]
    d1, d2 = (u * u).sum(1), (v * v).sum(1)
    if kind == "gnmds":
        z = margin + d1 - d2
        loss, w1, w2 = np.maximum(z, 0), (z > 0) * 1.0, (z > 0) * 1.0
    else:
        cc = 0.5 * (alpha + 1.0) if kind == "tste" else 1.0
        z = (cc * (np.log1p(d1 / alpha) - np.log1p(d2 / alpha)) if kind == "tste"
             else d1 - d2)
        loss, s = np.logaddexp(0.0, z), expit(z)
        w1, w2 = (s * cc / (alpha + d1), s * cc / (alpha + d2)) if kind == "tste" else (s, s)
    m = Q.shape[0]
    G = np.zeros_like(X)
    for idx, vals in ((a, w1[:, None] * u), (b, -w1[:, None] * u), (c, -w2[:, None] * v),
                      (d, w2[:, None] * v)):
        np.add.at(G, idx, vals)
    return loss.sum() / m + lam * np.sum(X * X), 2.0 / m * G + 2.0 * lam * X


@pytest.mark.parametrize("kind", ["ste", "tste", "gnmds"])
@pytest.mark.parametrize("scale", [0.3, 1.0, 30.0])
@pytest.mark.parametrize("ncols", [3, 4])
def test_factored_kernel_matches_direct_formulas(kind, scale, ncols):
    # small scale: (almost) every GNMDS hinge active (dense path); large scale: few active
    # (scatter of the active ones only) and STE / t-STE exponents beyond the clipping floor
    rng = np.random.default_rng(2)
    P = rng.standard_normal((50, 3))
    T = orient_triplets(random_triplets(50, 2000, seed=3), P)
    T[:100] = T[:100, [0, 2, 1]]  # some violated constraints
    Q, _, _ = as_quadruplets(T, 50)
    if ncols == 4:  # genuine quadruplets: (i, j, k, l) with k != i
        Q = Q.copy()
        Q[:, 2] = np.where(Q[:, 2] + 1 == Q[:, 3], (Q[:, 2] + 2) % 50, (Q[:, 2] + 1) % 50)
        Q = Q[(Q[:, 2] != Q[:, 3]) & (Q[:, 0] != Q[:, 2])]
    X = scale * P
    kern = FactoredKernel(Q, _make_loss(kind, 1.5, 0.5), 0.01)
    assert kern.triplet == (ncols == 3)
    f, g = kern(X)
    f_ref, g_ref = _reference_value_grad(X, Q, kind, 1.5, 0.5, 0.01)
    assert f == pytest.approx(f_ref, rel=1e-12, abs=1e-14)
    np.testing.assert_allclose(g, g_ref, rtol=1e-10, atol=1e-13 * np.abs(g_ref).max())
    # the kernel reuses its work arrays: other calls in between change nothing
    kern(0.1 * X)
    kern(X[:, :2])
    f2, g2 = kern(X)
    assert f2 == f
    np.testing.assert_array_equal(g2, g)
    if kind == "gnmds":
        z = 0.5 + np.sum((X[Q[:, 0]] - X[Q[:, 1]]) ** 2, 1) - np.sum(
            (X[Q[:, 2]] - X[Q[:, 3]]) ** 2, 1)
        active = np.mean(z > 0)
        assert active > 0.5 if scale == 0.3 else active < 0.5  # both scatter paths run
    else:
        assert np.isfinite(f) and np.isfinite(g).all()


def test_objective_reference_values():
    X = np.array([[0.0], [1.0], [3.0]])
    assert triplet_objective(X, [[0, 1, 2]], "ste") == pytest.approx(np.log1p(np.exp(-8.0)))
    # t-STE, alpha = 1: log(1 + (1 + d1)/(1 + d2)) with d1 = 1, d2 = 9
    assert triplet_objective(X, [[0, 1, 2]], "tste", alpha=1.0) == pytest.approx(np.log(1.2))
    assert triplet_objective(X, [[0, 2, 1]], "gnmds", margin=0.5) == pytest.approx(8.5)
    # quadruplet (i, j, k, l) == triplet (i, j, l) when k == i
    assert triplet_objective(X, [[0, 1, 0, 2]], "ste") == triplet_objective(X, [[0, 1, 2]], "ste")


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("projected", [False, True])
def test_planted_configuration_recovered(planted, solver, projected):
    P, T, Tt = planted
    res = solver(T, dim=2, seed=0, projected=projected, max_iter=300, tol=1e-5)
    assert res.embedding.shape == (40, 2)
    assert np.isfinite(res.embedding).all()
    assert generalization_error(Tt, res.embedding) < 0.08
    assert procrustes_error(P, res.embedding) < 0.1
    if projected:
        assert np.linalg.matrix_rank(res.info["gram"], tol=1e-8) <= 2


@pytest.mark.parametrize("solver", SOLVERS)
def test_cblearn_list_order_and_quadruplets(solver):
    # cblearn list-order: row (i, j, k) means i is closer to j than to k
    X = np.array([[0.0, 0.0], [1.0, 0.0], [4.0, 0.0], [0.0, 6.0]])
    T = np.array([[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [2, 1, 0], [3, 0, 1]])
    T = np.vstack([T] * 5)
    assert generalization_error(T, X) == 0.0
    res = solver(T, dim=2, seed=1, lam=1e-3)
    assert generalization_error(T, res.embedding) == 0.0
    # the same constraints as quadruplets (i, j, i, k); a list of lists works too
    Q = np.column_stack([T[:, 0], T[:, 1], T[:, 0], T[:, 2]]).tolist()
    res_q = solver(Q, dim=2, seed=1, lam=1e-3)
    np.testing.assert_allclose(res_q.embedding, res.embedding, atol=1e-8)


def test_init_warm_start_and_determinism(planted):
    P, T, _ = planted
    X0 = P + 0.01
    X0_copy = X0.copy()
    res = ste(T, dim=2, init=X0, max_iter=5)
    np.testing.assert_array_equal(X0, X0_copy)  # not mutated
    assert procrustes_error(P, res.embedding) < 0.01
    a = tste(T, dim=2, seed=7, max_iter=20).embedding
    b = tste(T, dim=2, seed=7, max_iter=20).embedding
    np.testing.assert_array_equal(a, b)


def test_errors():
    T = [[0, 1, 2]]
    with pytest.raises(ValueError, match="negative index"):
        ste([[0, 1, -1]])
    with pytest.raises(ValueError, match="out of range for n_objects=2"):
        ste(T, n_objects=2)
    with pytest.raises(ValueError, match="constraints is empty"):
        gnmds(np.empty((0, 3), dtype=int), n_objects=4)
    with pytest.raises(ValueError, match=r"init must have shape \(3, 2\)"):
        ste(T, init=np.zeros((3, 3)))
    with pytest.raises(ValueError, match="alpha"):
        tste(T, alpha=-1.0)
    with pytest.raises(ValueError, match="margin"):
        gnmds(T, margin=0.0)
    with pytest.raises(TypeError, match="projected must be a bool"):
        ste(T, projected="yes")
    with pytest.raises(ValueError, match="kind must be one of"):
        triplet_objective(np.zeros((3, 2)), T, "soe")
    with pytest.raises(ValueError, match="dim"):
        ste(T, dim=0)


# ---------------------------------------------------------------------------------------------
# layouts

@pytest.mark.parametrize("name", ["ste", "tste", "gnmds"])
def test_layouts_networkx_conventions(name):
    layout = getattr(nx_ordinal, f"{name}_layout")
    G = nx.relabel_nodes(nx.frucht_graph(), {0: "a", 1: (1, 2)})
    pos = layout(G, seed=3, center=(1, 1), scale=2, store_pos_as="p")
    assert list(pos) == list(G)
    X = np.array(list(pos.values()))
    assert X.shape == (12, 2) and np.isfinite(X).all()
    np.testing.assert_allclose(X.mean(axis=0), (1, 1), atol=1e-12)
    assert np.abs(X - 1).max() == pytest.approx(2)
    assert all(np.array_equal(G.nodes[v]["p"], pos[v]) for v in G)
    again = layout(G, seed=3, center=(1, 1), scale=2)
    assert all(np.array_equal(pos[v], again[v]) for v in G)
    assert layout(nx.Graph()) == {}
    assert list(layout(nx.path_graph(1), center=(0.5, 0.5))[0]) == [0.5, 0.5]
    assert nx_ordinal.layout(G, method=name, seed=3).keys() == pos.keys()
    with pytest.raises(ValueError, match="weight must be None"):
        layout(G, weight="weight")


def test_layout_quality_and_sampling():
    G = nx_ordinal.knn_graph(np.random.default_rng(0).random((60, 2)), 6)
    # measured: STE on all local triplets 1.0, t-STE 0.848, STE on 2,000 sampled triplets
    # 0.802; classical drawers: spring 0.64-0.72 over seeds 0-4, Kamada-Kawai 0.923
    spring = max(nx_ordinal.gari(G, nx.spring_layout(G, seed=s)) for s in range(3))
    assert nx_ordinal.gari(G, nx_ordinal.ste_layout(G, seed=1)) >= 0.99
    pos = nx_ordinal.tste_layout(G, seed=1)
    assert nx_ordinal.gari(G, pos) > max(0.8, spring)
    pos_s = nx_ordinal.ste_layout(G, seed=1, max_triplets=2000)
    assert nx_ordinal.gari(G, pos_s) > max(0.75, spring)
    with pytest.warns(nx_ordinal.NoOrdinalInformationWarning):
        pos_c = nx_ordinal.gnmds_layout(nx.complete_graph(5), seed=0)
    assert np.isfinite(np.array(list(pos_c.values()))).all()
    with pytest.raises(ValueError, match="max_triplets"):
        nx_ordinal.ste_layout(G, max_triplets=0)


@pytest.mark.parametrize("method", ["ste", "gnmds", "dmoe"])
def test_projected_interrupt_returns_the_last_accepted_iterate(planted, method,
                                                               ctrl_c_at_update):
    """Ctrl-C in the "-p" solver shared by STE and DMOE: the last accepted iterate with its
    (finite) objective, below the start's, and the Gram matrix it factors."""
    from nx_ordinal.embed.dmoe import dmoe
    from nx_ordinal.exceptions import InterruptedWarning

    _, T, _ = planted
    solver = {"ste": ste, "gnmds": gnmds, "dmoe": dmoe}[method]
    start = solver(T, 40, 2, projected=True, seed=2, max_iter=0)
    count = ctrl_c_at_update(4)
    with pytest.warns(InterruptedWarning, match="-p interrupted after 3 iterations"):
        res = solver(T, 40, 2, projected=True, seed=2, max_iter=100)
    assert count["n"] == 4 and not res.converged
    assert np.isfinite(res.objective) and res.objective < start.objective
    np.testing.assert_allclose(res.embedding @ res.embedding.T, res.info["gram"], atol=1e-12)
