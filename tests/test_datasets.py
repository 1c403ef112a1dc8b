import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from nx_ordinal import datasets
from nx_ordinal.constraints import knn_adjacency, knn_graph
from nx_ordinal.datasets.points import DENSITIES
from nx_ordinal.metrics import adjacency_error

DIMS = {"pc": 2, "pcs": 2, "gauss": 2, "halfcube": 3, "donut": 3, "two_squares": 2}


@pytest.mark.parametrize("name", sorted(DENSITIES))
def test_shape_dtype_determinism(name):
    f = getattr(datasets, name)
    X = f(300, seed=7)
    assert X.shape == (300, DIMS[name])
    assert X.dtype == np.float64
    assert np.isfinite(X).all()
    np.testing.assert_array_equal(X, f(300, seed=7))
    np.testing.assert_array_equal(X, f(300, seed=np.random.default_rng(7)))
    assert not np.array_equal(X, f(300, seed=8))
    assert f(0, seed=0).shape == (0, DIMS[name])


@pytest.mark.parametrize("name", sorted(DENSITIES))
def test_bad_n(name):
    f = DENSITIES[name]
    with pytest.raises(ValueError, match="n"):
        f(-1)
    with pytest.raises(TypeError, match="n"):
        f(2.5)


def test_pc_support_and_ratio():
    X = datasets.pc(20000, seed=0)
    assert ((X >= 0) & (X <= 1)).all()
    left = np.mean(X[:, 0] < 0.5)
    assert abs(left - 0.75) < 0.015
    # uniform in y, and uniform within each half
    assert abs(np.mean(X[:, 1] < 0.5) - 0.5) < 0.015
    assert abs(np.mean(X[X[:, 0] < 0.5, 0] < 0.25) - 0.5) < 0.02


def test_pcs_support_and_ratio():
    X = datasets.pcs(20000, seed=0)
    assert ((X >= 0) & (X <= 1)).all()
    inside = ((X >= 0.25) & (X <= 0.75)).all(axis=1)
    assert abs(inside.mean() - 0.5) < 0.015
    # the frame is uniform: each of its four 1/4-wide strips (corners excluded) has equal mass
    strip = X[~inside]
    left = np.mean((strip[:, 0] < 0.25) & (strip[:, 1] >= 0.25) & (strip[:, 1] <= 0.75))
    assert abs(left - (0.25 * 0.5) / 0.75) < 0.02


def test_gauss_moments():
    X = datasets.gauss(20000, seed=0)
    assert np.abs(X.mean(axis=0)).max() < 0.03
    np.testing.assert_allclose(np.cov(X.T), np.eye(2), atol=0.04)


def test_halfcube_support_and_ratio():
    X = datasets.halfcube(20000, seed=0)
    assert ((X >= 0) & (X <= 1)).all()
    assert abs(np.mean(X[:, 0] < 0.5) - 0.75) < 0.015
    assert abs(np.mean(X[:, 2] < 0.5) - 0.5) < 0.015


def test_donut_support():
    X = datasets.donut(5000, seed=0)
    rho = np.hypot(X[:, 0], X[:, 1])
    assert ((rho - 1.0) ** 2 + X[:, 2] ** 2 <= 0.16 + 1e-12).all()
    # uniform in the solid torus: the angle about the z axis is uniform
    theta = np.arctan2(X[:, 1], X[:, 0])
    counts = np.histogram(theta, bins=4, range=(-np.pi, np.pi))[0]
    assert counts.min() > 0.9 * 5000 / 4
    # the tube is full, not a surface
    r_tube = np.hypot(rho - 1.0, X[:, 2])
    assert np.mean(r_tube < 0.2) > 0.15


def test_two_squares_support_and_masses():
    X = datasets.two_squares(20000, seed=0)
    assert ((X >= -1) & (X <= 1)).all()
    in_l = (X[:, 0] >= -0.7) & (X[:, 0] <= -0.3) & (np.abs(X[:, 1]) <= 0.2)
    in_r = (X[:, 0] >= 0.3) & (X[:, 0] <= 0.7) & (np.abs(X[:, 1]) <= 0.2)
    # 30% in each square plus the background's share (area 0.16 of 4)
    expected = 0.3 + 0.4 * 0.16 / 4
    assert abs(in_l.mean() - expected) < 0.015
    assert abs(in_r.mean() - expected) < 0.015


def test_rows_are_shuffled():
    # mixture components are not returned in blocks
    X = datasets.pc(2000, seed=3)
    left = X[:, 0] < 0.5
    assert 0.6 < left[:1000].mean() < 0.9 and 0.6 < left[1000:].mean() < 0.9


# ------------------------------------------------------------------ adjacency_error


def test_adjacency_error_zero_for_similarity_transform():
    X = datasets.pc(200, seed=1)
    G = knn_graph(X, 8)
    R = np.array([[0.0, -1.0], [1.0, 0.0]])
    assert adjacency_error(G, 3.0 * X @ R + 2.0) == 0.0
    pos = {v: X[v] for v in G}
    assert adjacency_error(G, pos) == 0.0
    assert adjacency_error(knn_adjacency(X, 8), X) == 0.0
    assert adjacency_error(knn_adjacency(X, 8).toarray(), X) == 0.0


def test_adjacency_error_counts_disagreements():
    X = datasets.pc(150, seed=2)
    k = 6
    A = knn_adjacency(X, k)
    Y = X + np.random.default_rng(0).normal(scale=0.05, size=X.shape)
    B = knn_adjacency(Y, k)
    expected = np.abs(A.toarray() - B.toarray()).sum() / 150**2
    assert adjacency_error(A, Y) == pytest.approx(expected)
    assert 0 < expected <= 2 * k / 150
    # random drawing: close to the worst value 2 k / n
    Z = np.random.default_rng(1).random((150, 2))
    assert adjacency_error(A, Z) > 0.8 * 2 * k / 150


def test_adjacency_error_graph_labels_and_k():
    X = datasets.gauss(60, seed=0)
    G = nx.relabel_nodes(knn_graph(X, 4), {i: f"v{i}" for i in range(60)})
    pos = {f"v{i}": X[i] for i in range(60)}
    assert adjacency_error(G, pos) == 0.0
    # explicit k different from the out-degree: the extra neighbours count as errors
    assert adjacency_error(G, pos, k=5) == pytest.approx(60 / 60**2)


def test_adjacency_error_errors():
    X = datasets.pc(20, seed=0)
    A = knn_adjacency(X, 3)
    with pytest.raises(ValueError, match="rows"):
        adjacency_error(A, X[:10])
    with pytest.raises(ValueError, match="square"):
        adjacency_error(np.ones((3, 4)), X[:3])
    with pytest.raises(ValueError, match="k must be at most"):
        adjacency_error(A, X, k=20)
    assert np.isnan(adjacency_error(sp.csr_array((0, 0)), np.empty((0, 2))))
