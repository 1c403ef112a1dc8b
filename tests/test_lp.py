import networkx as nx
import numpy as np
import pytest

from nx_ordinal.constraints import knn_adjacency, knn_graph
from nx_ordinal.embed.lp import _triangles, lp_embedding
from nx_ordinal.metrics import procrustes_error


def test_all_triangles_count():
    T = _triangles(None, 6, "all", None)
    assert T.shape == (20, 3) and len({tuple(t) for t in T}) == 20
    assert (T[:, 0] < T[:, 1]).all() and (T[:, 1] < T[:, 2]).all()


def test_lp_constraints_hold_and_recovery():
    X = np.random.default_rng(0).random((30, 2))
    A = knn_adjacency(X, 8)
    res = lp_embedding(A, 2, triangle="all")
    D, R = res.info["D"], res.info["R"]
    assert R.sum() == pytest.approx(30)
    i, j, k = _triangles(None, 30, "all", None).T
    assert (D[i, j] <= D[i, k] + D[k, j] + 1e-6).all()
    # measured 0.095; points collapsed onto one axis score 0.57
    assert procrustes_error(X, res.X) < 0.2


def test_graph_input_and_fraction():
    X = np.random.default_rng(1).random((20, 2))
    res = lp_embedding(knn_graph(X, 5), 2, triangle=0.3, seed=0)
    # each of the C(20, 3) = 1140 triangles is kept with probability 0.3: 342 expected,
    # standard deviation 15.5 (measured 324 with this seed); the bounds are about 5 sd
    assert res.embedding.shape == (20, 2) and 265 < res.info["n_triangles"] < 420
    again = lp_embedding(knn_graph(X, 5), 2, triangle=0.3, seed=0)
    assert again.info["n_triangles"] == res.info["n_triangles"]


@pytest.mark.parametrize("tri", ["bogus", 0.0, 1.5, True])
def test_bad_triangle(tri):
    with pytest.raises(ValueError, match="triangle must be"):
        lp_embedding(nx.path_graph(4), 2, triangle=tri)


def test_too_small():
    with pytest.raises(ValueError, match="at least 3 nodes"):
        lp_embedding(nx.path_graph(2), 2)


def test_lpem_layout_recovers_knn_points():
    import warnings

    import nx_ordinal

    P = np.random.default_rng(0).random((30, 2))
    G = knn_graph(P, 8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pos = nx_ordinal.lpem_layout(G)
    X = np.array([pos[v] for v in G])
    # all triangles (the default up to 60 nodes): measured GARI 0.735, Procrustes error
    # 0.164; with the local triangles only 0.637 and 0.359; points collapsed onto one axis 0.57
    assert nx_ordinal.gari(G, pos) > 0.68
    assert procrustes_error(P, X) < 0.25


def test_triangle_count_matches_the_triangles_imposed():
    from nx_ordinal.embed.lp import triangle_count

    A = knn_adjacency(np.random.default_rng(0).random((30, 2)), 4)
    for tri in ("all", "local"):
        imposed = _triangles(A, 30, tri, np.random.default_rng(0)).shape[0]
        count = triangle_count(A, tri)
        # "all": exact; "local": pairs of neighbours of each node, an upper bound
        assert count == imposed if tri == "all" else count >= imposed
    assert triangle_count(A, 0.25) == int(0.25 * 30 * 29 * 28 // 6)
    assert triangle_count(A, "nonsense") == 0
