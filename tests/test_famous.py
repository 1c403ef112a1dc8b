import networkx as nx
import pytest

from nx_ordinal.datasets import FAMOUS_GRAPHS, famous_graph

# (nodes, edges, degree set, girth) from the graphs' standard descriptions
EXPECTED = {
    "Frucht": (12, 18, {3}, 3),
    "Icosahedral": (12, 30, {5}, 3),
    "Chvatal": (12, 24, {4}, 4),
    "Folkman": (20, 40, {4}, 4),
    "Thomassen": (34, 52, {3, 4}, None),
    "Meredith": (70, 140, {4}, None),
    "Desargues": (20, 30, {3}, 6),
}


@pytest.mark.parametrize("name", FAMOUS_GRAPHS)
def test_famous_graph_invariants(name):
    G = famous_graph(name)
    n, m, degs, girth = EXPECTED[name]
    assert (G.number_of_nodes(), G.number_of_edges()) == (n, m)
    assert set(dict(G.degree()).values()) == degs
    assert nx.is_connected(G)
    assert list(G) == list(range(n))
    if girth is not None:
        assert nx.girth(G) == girth
    assert G.graph["name"] == name


def test_famous_graph_isomorphic_to_networkx_and_case_insensitive():
    assert nx.is_isomorphic(famous_graph("desargues"), nx.LCF_graph(20, [5, -5, 9, -9], 5))
    assert nx.is_isomorphic(famous_graph(" FRUCHT "), nx.frucht_graph())
    # Folkman graph is semi-symmetric: edge-transitive, regular, bipartite, not vertex-transitive
    assert nx.is_bipartite(famous_graph("Folkman"))


def test_famous_graph_errors():
    with pytest.raises(ValueError, match="unknown famous graph 'petersen2'"):
        famous_graph("petersen2")
    with pytest.raises(TypeError, match="graph name must be a string"):
        famous_graph(3)
