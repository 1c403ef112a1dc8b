"""The graph -> array adapters of ``nx_ordinal._graph``: one rule for edge lengths, one for
``pos``, shared by every caller."""

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal._graph import (
    graph_or_adjacency,
    graph_to_csr,
    pack_components,
    pos_array,
    weighted_csr,
)
from nx_ordinal.plot import draw_layout
from nx_ordinal.rigidity import rigidity_matrix


def test_weighted_csr_length_rule():
    G = nx.MultiGraph()
    G.add_edge(0, 1, w=2.0)
    G.add_edge(0, 1, w=0.5)  # parallel: the shortest counts
    G.add_edge(1, 2, w=0.0)  # zero length: an edge, kept explicitly
    G.add_edge(2, 2, w=7.0)  # self-loop: dropped
    G.add_edge(2, 3)  # no attribute: length 1
    A = weighted_csr(G, [0, 1, 2, 3], "w")
    assert A.nnz == 6
    D = A.toarray()
    assert D[0, 1] == D[1, 0] == 0.5
    assert D[1, 2] == D[2, 1] == np.finfo(float).tiny
    assert D[2, 3] == D[3, 2] == 1.0
    assert D[2, 2] == 0.0
    unweighted = weighted_csr(G, [0, 1, 2, 3], None).toarray()
    assert np.array_equal(unweighted != 0, D != 0) and set(np.unique(unweighted)) == {0.0, 1.0}


@pytest.mark.parametrize("bad", [-1.0, np.nan, np.inf])
def test_weighted_csr_rejects_negative_and_non_finite(bad):
    G = nx.Graph([(0, 1, {"w": bad}), (1, 2)])
    with pytest.raises(ValueError, match=r"edge \(0, 1\) has an invalid 'w'"):
        weighted_csr(G, list(G), "w")


@pytest.mark.parametrize("layout", [nx_ordinal.soe_layout, nx_ordinal.ree_layout])
def test_layouts_share_the_length_rule(layout):
    # one rule for every layout that reads lengths: zero is a length, negative is not
    P = nx.path_graph(6)
    nx.set_edge_attributes(P, 1.0, "w")
    P.edges[2, 3]["w"] = 0.0
    kw = {"max_iter": 20}
    pos = layout(P, weight="w", seed=0, **kw)
    assert set(pos) == set(P)
    assert all(np.isfinite(p).all() for p in pos.values())
    P.edges[2, 3]["w"] = -1.0
    with pytest.raises(ValueError, match=r"edge \(2, 3\) has an invalid 'w': -1.0"):
        layout(P, weight="w", seed=0, **kw)


def test_graph_or_adjacency():
    G = nx.cycle_graph(5)
    A = graph_or_adjacency(G)
    assert (A != graph_to_csr(G)[0]).nnz == 0
    B = graph_or_adjacency(nx.to_numpy_array(G) * 3.0)
    assert (A != B).nnz == 0
    with pytest.raises(TypeError, match="adjacency"):
        graph_or_adjacency("abc")


def test_pos_array_one_rule_for_a_missing_node():
    P = nx.path_graph(3)
    partial = {0: (0.0, 0.0), 1: (1.0, 0.0)}
    for call in (lambda: nx_ordinal.gari(P, partial), lambda: rigidity_matrix(P, partial),
                 lambda: draw_layout(P, partial), lambda: pos_array(partial, list(P))):
        with pytest.raises(nx.NetworkXError, match="node 2 has no position in pos"):
            call()
    X = pos_array({2: (2, 0), 0: (0, 0), 1: (1, 0)}, [0, 1, 2])
    assert X.tolist() == [[0, 0], [1, 0], [2, 0]]
    with pytest.raises(ValueError, match="pos has 2 rows for a graph with 3 nodes"):
        pos_array(np.zeros((2, 2)), [0, 1, 2])


def test_pack_components():
    rng = np.random.default_rng(0)
    small, big = np.array([0, 2, 4]), np.array([1, 3, 5, 6, 7])
    X = pack_components([(small, rng.random((3, 2))), (big, 5 + rng.random((5, 2)))], 2, 8)
    # largest first at the origin cell, the other one cell (2.5 sqrt(5)) along the first axis
    assert np.allclose(X[big].mean(axis=0), 0.0)
    assert np.allclose(X[small].mean(axis=0), [2.5 * np.sqrt(5), 0.0])
    for idx in (small, big):  # RMS radius sqrt(size)
        Y = X[idx] - X[idx].mean(axis=0)
        assert np.isclose(np.sqrt(np.mean(np.sum(Y * Y, axis=1))), np.sqrt(idx.size))
    one = pack_components([(np.arange(3), np.array([[0.0], [1.0], [5.0]]))], 1, 3)
    assert np.allclose(one.mean(), 0.0) and np.isclose(np.sqrt(np.mean(one**2)), np.sqrt(3))
    assert pack_components([], 2, 0).shape == (0, 2)


def test_auto_start_rule_is_decided_in_one_place(monkeypatch):
    import nx_ordinal._graph as graph_module
    from nx_ordinal.embed import loe

    assert graph_module.auto_solver_start(2000) == "spectral"
    assert graph_module.auto_solver_start(2001) == "pivot"
    assert graph_module.auto_layout_starts(500, 4) == (("spectral", "kamada_kawai"), None)
    assert graph_module.auto_layout_starts(501, 1) == (("auto",), "pivot")
    assert graph_module.auto_layout_starts(501, 2) == (("auto",), "auto")
    # the solver asks _graph: lowering the threshold there switches loe's "auto" to pivot MDS
    A, _ = graph_to_csr(nx.connected_watts_strogatz_graph(60, 6, 0.1, seed=0))
    pivot = loe(A, 2, init="pivot", max_iter=0, seed=0).embedding
    spectral = loe(A, 2, init="spectral", max_iter=0, seed=0).embedding
    assert not np.allclose(pivot, spectral)
    assert np.array_equal(loe(A, 2, max_iter=0, seed=0).embedding, spectral)
    monkeypatch.setattr(graph_module, "PIVOT_MIN_N", 10)
    assert np.array_equal(loe(A, 2, max_iter=0, seed=0).embedding, pivot)
