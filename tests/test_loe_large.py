"""The large-graph path of LOE (issue 19): the sort-free kernel for constant degree, the
candidate list's shortcuts, the margin stopping rule, the CG density solve and the memory
guard at n = 10^6.  The size thresholds are lowered with monkeypatch so that small graphs
exercise the code that large ones take."""

import importlib
import tracemalloc

import numpy as np
import pytest
import scipy.sparse as sp

from nx_ordinal._core.resources import memory_limit
from nx_ordinal.constraints import knn_adjacency
from nx_ordinal.exceptions import MemoryLimitError

L = importlib.import_module("nx_ordinal.embed._local")
LOE = importlib.import_module("nx_ordinal.embed.loe")


def _knn(n, k, seed=0):
    X = np.random.default_rng(seed).random((n, 2))
    return X, knn_adjacency(X, k)


def _config(X, scale, noise, seed=1):
    return scale * X + noise * np.random.default_rng(seed).standard_normal(X.shape)


@pytest.mark.parametrize("scale, noise", [(30.0, 0.3), (300.0, 0.01)])
def test_uniform_kernel_matches_sorted_kernel(monkeypatch, scale, noise):
    """Far from and near a solution: same objective, gradient and statistics as the
    sorted-prefix-sum kernel (to rounding)."""
    X, A = _knn(1500, 9)
    g = L.LocalGraph(A)
    Y = _config(X, scale, noise)
    ci, ck = L.CandidateList(g, 0.1, skin=0.0).update(Y)
    out = {}
    for name, threshold in (("sorted", 10**9), ("uniform", 0)):
        monkeypatch.setattr(L, "UNIFORM_MIN_N", threshold)
        st = {}
        f, grad = L.local_terms(Y, g, ci, ck, 0.1, stats=st)
        f0, none = L.local_terms(Y, g, ci, ck, 0.1, want_grad=False)
        assert none is None and f0 == pytest.approx(f, rel=1e-12)
        out[name] = (f, grad, st)
    (f1, g1, s1), (f2, g2, s2) = out["sorted"], out["uniform"]
    assert f1 > 0
    # (the sorted kernel's prefix-sum form loses about 1e-9 to cancellation near a solution)
    assert f2 == pytest.approx(f1, rel=1e-7)
    np.testing.assert_allclose(g2, g1, rtol=1e-8, atol=1e-9 * np.abs(g1).max())
    assert s1["n_violating"] == s2["n_violating"] > 0
    assert s2["max_violation"] == pytest.approx(s1["max_violation"], rel=1e-12)


def test_uniform_kernel_small_blocks_and_gradient(monkeypatch):
    """The objective is the brute-force one; blocks of a few pairs give the same result,
    and the gradient matches central differences of the objective."""
    monkeypatch.setattr(L, "UNIFORM_MIN_N", 0)
    X, A = _knn(120, 6)
    g = L.LocalGraph(A)
    Y = _config(X, 10.0, 0.2)
    ci, ck = L.CandidateList(g, 0.1, skin=1.0).update(Y)
    f, grad = L.local_terms(Y, g, ci, ck, 0.1)
    assert f > 0 and f == pytest.approx(L.local_objective_dense(Y, A, 0.1), rel=1e-12)
    monkeypatch.setattr(L, "_BLOCK", 13)
    f_b, grad_b = L.local_terms(Y, g, ci, ck, 0.1)
    assert f_b == pytest.approx(f, rel=1e-12)
    np.testing.assert_allclose(grad_b, grad, rtol=1e-10, atol=1e-12)
    rng = np.random.default_rng(3)
    eps = 1e-6
    for p, s in zip(rng.integers(0, 120, 12), rng.integers(0, 2, 12)):
        Yp, Ym = Y.copy(), Y.copy()
        Yp[p, s] += eps
        Ym[p, s] -= eps
        fd = (L.local_terms(Yp, g, ci, ck, 0.1, want_grad=False)[0]
              - L.local_terms(Ym, g, ci, ck, 0.1, want_grad=False)[0]) / (2 * eps)
        assert fd == pytest.approx(grad[p, s], rel=1e-5, abs=1e-6)


def test_row_search_is_edge(monkeypatch):
    X, A = _knn(2000, 11)
    g = L.LocalGraph(A)
    rng = np.random.default_rng(0)
    i = np.concatenate([rng.integers(0, 2000, 5000), g.ei[::3]])
    k = np.concatenate([rng.integers(0, 2000, 5000), g.ej[::3]])
    monkeypatch.setattr(L, "UNIFORM_MIN_N", 10**9)
    expected = g.is_edge(i, k)
    monkeypatch.setattr(L, "UNIFORM_MIN_N", 0)
    got = g.is_edge(i, k)
    assert got.sum() >= g.ei[::3].size
    np.testing.assert_array_equal(got, expected)


def test_candidate_list_is_exact_with_count_rule_and_threads(monkeypatch):
    """The listed pairs are exactly the non-neighbours within each anchor's farthest
    neighbour + delta (brute force), whether or not edges are dropped by the count rule and
    queries are split over two threads."""
    from scipy.spatial.distance import cdist

    X, A = _knn(400, 7)
    Y = _config(X, 20.0, 0.4)
    D = cdist(Y, Y)
    Ad = A.toarray() > 0
    rmax = np.where(Ad, D, 0).max(axis=1)
    want = (D <= (rmax + 0.1)[:, None]) & ~Ad
    np.fill_diagonal(want, False)
    for thread_min in (10**9, 50):
        monkeypatch.setattr(L, "_THREAD_MIN", thread_min)
        ci, ck = L.CandidateList(L.LocalGraph(A), 0.1, skin=0.0).update(Y)
        got = np.zeros_like(want)
        got[ci, ck] = True
        assert ci.size == want.sum()
        np.testing.assert_array_equal(got, want)


def test_margin_stop_gives_exact_solution_sooner(monkeypatch):
    """Above _MARGIN_STOP_MIN_N a run stops once no violation exceeds 0.9 delta: the
    rescaled result has objective 0 and the drawing's kNN graph is the given one."""
    from nx_ordinal.embed import loe, loe_objective
    from nx_ordinal.metrics import adjacency_error

    X, A = _knn(600, 8, seed=4)
    plain = loe(A, 2, seed=0, init="pivot")
    monkeypatch.setattr(LOE, "_MARGIN_STOP_MIN_N", 100)
    res = loe(A, 2, seed=0, init="pivot")
    assert res.converged and res.objective == 0.0
    assert loe_objective(res.embedding, A, 0.1) == 0.0
    assert adjacency_error(A, res.embedding) == 0.0
    assert res.info["max_violation"] <= 0.09
    assert res.n_iter < plain.n_iter


def test_knn_density_cg_matches_lu(monkeypatch):
    density = importlib.import_module("nx_ordinal.density")
    estimate = importlib.import_module("nx_ordinal._data.density_estimate")  # where it is solved
    _, A = _knn(3000, 12, seed=5)
    lu = np.log(density.knn_density(A, 2))
    monkeypatch.setattr(estimate, "_CG_MIN_N", 100)
    cg = np.log(density.knn_density(A, 2))
    assert np.abs(cg - lu).max() < 0.05 * lu.std()


def test_memory_guard_at_a_million_vertices_refuses_before_allocating(capsys):
    """n = 10^6: verbose states the estimate, and a limit below it refuses with
    MemoryLimitError while allocating nothing of the solver's size.

    What may be allocated before the check is the validated copy of the adjacency (a
    directed cycle: 23 MiB) and, for a moment, its diagonal (measured peak 1.33 copies;
    5.7 copies while the diagonal was removed with ``setdiag``).  The bound,
    1.7 copies, is below the retained copy plus the smallest array group the solver
    allocates afterwards (start and best configuration, 2 x 8 n d = 31 MiB), a group that
    fits under the limit (300 MiB) and so would not be caught by the limit alone."""
    from nx_ordinal._core.estimates import loe_memory
    from nx_ordinal.embed import loe

    n = 10**6
    rows = np.arange(n)
    A = sp.csr_array((np.ones(n), (rows, (rows + 1) % n)), shape=(n, n))
    size = A.data.nbytes + A.indices.nbytes + A.indptr.nbytes
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        with memory_limit("300M"), pytest.raises(MemoryLimitError) as info:
            loe(A, 2, verbose=True)
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    assert str(info.value).startswith("loe: ")
    assert "n_objects=1000000, dim=2" in str(info.value)
    err = capsys.readouterr().err
    assert "loe: estimated peak memory" in err and "limit 300.0 MiB" in err
    est = dict((name, b) for name, b, _ in loe_memory(n, 2, n).parts)
    assert peak < 1.7 * size, f"peak {peak / 2**20:.0f} MiB before the refusal"
    # tight enough that any one of the solver's array groups, allocated before the check
    # and kept beside the validated copy, breaks it
    assert size + min(est.values()) > 1.7 * size


@pytest.mark.parametrize("query_pairs", [0, 2000, 10**12])
@pytest.mark.parametrize("with_targets", [False, True])
def test_pairs_within_is_exact_however_levels_are_grouped(monkeypatch, query_pairs,
                                                          with_targets):
    """_pairs_within lists exactly the pairs within each anchor's own radius (brute force),
    whether each level of radii is queried alone (0), levels are grouped by the cost rule
    (2,000) or by the factor-2 bound alone (10^12)."""
    from scipy.spatial.distance import cdist

    rng = np.random.default_rng(3)
    X = rng.random((500, 2)) * 20.0
    anchors = np.sort(rng.choice(500, 300, replace=False))
    radii = np.exp(rng.uniform(np.log(0.05), np.log(8.0), anchors.size))  # 160x apart
    targets = np.sort(rng.choice(500, 200, replace=False)) if with_targets else None
    monkeypatch.setattr(L, "_QUERY_PAIRS", query_pairs)
    ci, ck, d = L._pairs_within(X, anchors, radii, targets=targets)
    cols = np.arange(500) if targets is None else targets
    D = cdist(X[anchors], X[cols])
    want = D <= radii[:, None]
    pos = np.searchsorted(anchors, ci)
    got = np.zeros_like(want)
    got[pos, np.searchsorted(cols, ck)] = True
    assert ci.size == want.sum()  # no pair twice
    np.testing.assert_array_equal(got, want)
    np.testing.assert_allclose(d, np.linalg.norm(X[ci] - X[ck], axis=1), rtol=1e-12)


def test_pairs_within_groups_sparse_levels_only(monkeypatch):
    """Levels of a few anchors join the query before them (a thousand points with radii
    over a factor 16: 17 levels, a handful of queries), while levels of many anchors, whose
    pairs at a larger radius would cost more than a query, keep queries of their own."""
    rng = np.random.default_rng(0)
    calls = []
    ball = L._ball_pairs

    def counting(Y, tree, r):
        calls.append(len(Y))
        return ball(Y, tree, r)

    monkeypatch.setattr(L, "_ball_pairs", counting)
    X = rng.random((1000, 2)) * 30.0
    radii = np.exp(rng.normal(0.0, 0.6, 1000)) * 0.8  # most in a few levels, thin tails
    levels = np.unique(np.floor(4.0 * np.log2(radii / radii.max())))
    L._pairs_within(X, np.arange(1000), radii)
    assert levels.size >= 12 and len(calls) <= levels.size // 2
    calls.clear()
    # two dense levels of 20,000 anchors each, radii 2^(1/4) apart: merging would add
    # some 28,000 pairs, more than a query costs
    X = rng.random((40_000, 2)) * 200.0
    radii = np.where(np.arange(40_000) % 2 == 0, 1.0, 1.0 / 2 ** 0.3)
    L._pairs_within(X, np.arange(40_000), radii)
    assert calls == [20_000, 20_000]


def test_pairs_within_does_not_group_a_dense_level_with_a_far_radius(monkeypatch):
    """Two anchors far from the rest with long radii over empty space (stretched edges):
    the first query finds almost no pairs and makes the density look low, and the second
    far anchor's group still does not take a dense level of small radii (the factor-2
    bound), whose anchors would each return every point (5,000,000 pairs instead of some
    14,000)."""
    rng = np.random.default_rng(1)
    returned = []
    ball = L._ball_pairs

    def counting(Y, tree, r):
        res = ball(Y, tree, r)
        returned.append((len(Y), res.size))
        return res

    monkeypatch.setattr(L, "_ball_pairs", counting)
    X = np.vstack([[[500.0, 500.0], [-500.0, -500.0]], rng.random((5000, 2)) * 10.0])
    anchors = np.arange(1002)  # the two far points and 1,000 of the cloud
    radii = np.where(anchors == 0, 20.0, np.where(anchors == 1, 17.0, 0.3))
    L._pairs_within(X, anchors, radii)
    assert [m for m, _ in returned] == [1, 1, 1000]
    assert sum(p for _, p in returned) < 50_000
