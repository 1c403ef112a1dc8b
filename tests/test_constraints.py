import networkx as nx
import numpy as np
import pytest

from nx_ordinal.constraints import (
    check_constraints,
    count_local_triplets,
    graph_to_csr,
    knn_adjacency,
    knn_graph,
    local_triplets,
    orient_triplets,
    random_triplets,
    triplets_to_quadruplets,
)


@pytest.mark.parametrize(
    "arr, exc, msg",
    [
        ([[0, 1, -2]], ValueError, r"constraints row 0 has a negative index: \[0, 1, -2\]"),
        ([[0, 1, 2], [0.5, 1, 2]], ValueError, r"row 1 has a non-integer index: \[0.5, 1.0, 2.0\]"),
        ([[0, 1, 2], [0, 1, 7]], ValueError, r"row 1 has an index out of range for n_objects=5"),
        ([[0, 1, 1]], ValueError, r"row 0 refers to the same object twice"),
        ([[0, 1, 1, 0]], ValueError, r"row 0 refers to the same object twice or compares"),
        ([[0, 1]], ValueError, r"must have 3 or 4 columns, got shape \(1, 2\)"),
        ([0, 1, 2], ValueError, r"must be a 2-d array"),
        ([[True, False, True]], TypeError, "dtype bool"),
        ([["a", "b", "c"]], TypeError, "integer array"),
    ],
)
def test_bad_constraint_arrays(arr, exc, msg):
    with pytest.raises(exc, match=msg):
        check_constraints(arr, 5)


def test_good_constraints_and_quadruplets():
    C, n = check_constraints(np.array([[0, 1, 2], [3, 2, 1]], dtype=np.int32))
    assert C.dtype == np.int64 and n == 4
    Q, n = check_constraints([[0, 1, 2, 3]], 10)
    assert n == 10
    assert triplets_to_quadruplets([[4, 5, 6]]).tolist() == [[4, 5, 4, 6]]
    C, _ = check_constraints(np.empty((0, 3)), 3)
    assert C.shape == (0, 3)


def test_graph_to_csr_conventions():
    G = nx.MultiDiGraph([(0, 1), (0, 1), (1, 2), (2, 2)])
    A, nodes = graph_to_csr(G)
    assert A.toarray().tolist() == [[0, 1, 0], [0, 0, 1], [0, 0, 0]]
    A, _ = graph_to_csr(nx.Graph([("a", "b")]), nodelist=["b", "a"])
    assert A.toarray().tolist() == [[0, 1], [1, 0]]
    with pytest.raises(nx.NetworkXError, match="node 'z' in nodelist is not in G"):
        graph_to_csr(nx.Graph([("a", "b")]), nodelist=["a", "z"])


@pytest.mark.parametrize("case", ["int", "shuffled", "strings", "subset", "reverse",
                                  "restricted", "undirected_view", "multi", "self_loops"])
def test_graph_to_csr_agrees_with_networkx(case):
    # the adjacency read straight from the graph's dicts (or its views') is networkx's own
    # matrix without the diagonal, as 0/1, with sorted indices
    D = nx.gnm_random_graph(60, 300, seed=4, directed=True)
    nodelist = None
    if case == "int":
        G = nx.Graph(D)
    elif case == "shuffled":
        G = nx.relabel_nodes(D, {i: (7 * i) % 60 for i in D})  # insertion order != labels
    elif case == "strings":
        G = nx.relabel_nodes(D, {i: f"v{i}" for i in D})
    elif case == "subset":
        G, nodelist = D, list(range(0, 60, 3))[::-1]
    elif case == "reverse":
        G = nx.reverse_view(D)
    elif case == "restricted":
        G = nx.restricted_view(D, [1, 2], [(3, 4), (5, 6)])
    elif case == "undirected_view":
        G = D.to_undirected(as_view=True)
    elif case == "multi":
        G = nx.MultiGraph(D)
        G.add_edges_from([(0, 1), (0, 1)])
    else:
        G = nx.Graph(D)
        G.add_edges_from([(3, 3), (8, 8)])
    A, nodes = graph_to_csr(G, nodelist)
    want = nx.to_scipy_sparse_array(G, nodelist=nodes, weight=None, format="csr")
    want.setdiag(0)
    want.eliminate_zeros()
    want.data[:] = 1.0
    assert A.has_sorted_indices
    assert (A != want).nnz == 0 and A.nnz == want.nnz


def test_knn_graph_and_errors():
    X = np.random.default_rng(0).random((50, 2))
    G = knn_graph(X, 5)
    assert G.is_directed() and all(d == 5 for _, d in G.out_degree())
    A = knn_adjacency(X, 5)
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    np.fill_diagonal(D, np.inf)
    nn = np.argsort(D, axis=1)[:, :5]
    for i in range(50):
        assert set(A.indices[A.indptr[i]:A.indptr[i + 1]]) == set(nn[i])
    with pytest.raises(ValueError, match="k must be smaller than the number of points"):
        knn_graph(X, 50)
    with pytest.raises(ValueError, match="k must be >= 1, got 0"):
        knn_graph(X, 0)
    with pytest.raises(ValueError, match="points row 1 is not finite"):
        knn_graph([[0.0, 0.0], [np.nan, 1.0], [2.0, 2.0]], 1)


def test_local_triplets_full_and_sampled():
    G = nx.petersen_graph()
    A, _ = graph_to_csr(G)
    T = local_triplets(A)
    assert T.shape[0] == count_local_triplets(A) == 10 * 3 * 6
    Ad = A.toarray() != 0
    assert Ad[T[:, 0], T[:, 1]].all() and not Ad[T[:, 0], T[:, 2]].any()
    assert (T[:, 0] != T[:, 2]).all()
    S = local_triplets(A, max_triplets=50, seed=0)
    assert S.shape == (50, 3)
    assert Ad[S[:, 0], S[:, 1]].all() and not Ad[S[:, 0], S[:, 2]].any()
    assert (S[:, 0] != S[:, 2]).all()
    np.testing.assert_array_equal(S, local_triplets(A, max_triplets=50, seed=0))


def test_random_and_oriented_triplets():
    T = random_triplets(10, 1000, seed=0)
    assert (T[:, 0] != T[:, 1]).all() and (T[:, 0] != T[:, 2]).all() and (T[:, 1] != T[:, 2]).all()
    assert T.min() >= 0 and T.max() <= 9
    X = np.random.default_rng(1).random((10, 2))
    O = orient_triplets(T, X)
    d = lambda a, b: np.sum((X[a] - X[b]) ** 2, axis=1)  # noqa: E731
    assert (d(O[:, 0], O[:, 1]) < d(O[:, 0], O[:, 2])).all()
