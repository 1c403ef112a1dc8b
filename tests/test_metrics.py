import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal.metrics import gari, gari_array, procrustes_error, triplet_error


def gari_by_definition(A, X):
    """Section 6.1 of the paper, written out with dense arrays."""
    A = np.asarray(A) != 0
    n = A.shape[0]
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    np.fill_diagonal(D, np.inf)
    k = A.sum(1)
    Ahat = np.zeros_like(A)
    for i in range(n):
        Ahat[i, np.argsort(D[i], kind="stable")[: k[i]]] = True
    off = ~np.eye(n, dtype=bool)
    M = ((A == Ahat) & off).sum(1)
    EM = (n - 1) + 2 * k * (k - n + 1) / (n - 1)
    return (M - EM).sum() / ((n - 1) - EM).sum()


def test_gari_matches_definition_on_random_drawings():
    rng = np.random.default_rng(0)
    for seed in range(5):
        G = nx.gnp_random_graph(25, 0.2, seed=seed, directed=bool(seed % 2))
        A = nx.to_numpy_array(G)
        X = rng.normal(size=(25, 2))
        assert gari_array(A, X) == pytest.approx(gari_by_definition(A, X), abs=1e-12)


def test_gari_perfect_and_dict_form():
    G = nx.cycle_graph(10)
    pos = nx.circular_layout(G)
    assert gari(G, pos) == pytest.approx(1.0)
    assert nx_ordinal.gari(G, np.array([pos[v] for v in G])) == pytest.approx(1.0)
    with pytest.raises(nx.NetworkXError, match="node 3 has no position"):
        gari(G, {v: pos[v] for v in G if v != 3})


def test_err_local_zero_for_perfect_drawing_and_scale():
    G = nx.cycle_graph(12)
    pos = nx.circular_layout(G)
    assert nx_ordinal.err_local(G, pos, delta=1e-3) == 0.0
    assert nx_ordinal.err_local(G, pos, delta=10.0) > 0


def test_triplet_and_procrustes_errors():
    X = np.random.default_rng(0).random((30, 2))
    T = np.array([[0, 1, 2], [3, 4, 5]])
    e = triplet_error(T, X)
    flipped = triplet_error(T[:, [0, 2, 1]], X)
    assert e + flipped == pytest.approx(1.0)
    R = np.array([[0.0, 1.0], [1.0, 0.0]])  # a reflection
    assert procrustes_error(X, 0.3 * X @ R - 2) == pytest.approx(0.0, abs=1e-20)
    assert procrustes_error(X, np.zeros_like(X)) == pytest.approx(1.0)
