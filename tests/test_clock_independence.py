"""No decision of a layout depends on the clock, except ``max_time``'s.

Each drawing is made twice with the same seed: once as is, once with every quality score
(GARI, NP1 and stress, the measures the selection rules use) slowed down by a sleep, as on
a slow or busy machine.  The bytes must be the same.  The graphs reach the rules that used to
read the clock or could: the periodic GARI checkpoints and early stop of Err_local runs
beyond 100 nodes (a 600-node tree with ``objective="hinge"``, a kNN graph), and t-LOE's
checkpoint schedule and early stop beyond 600 nodes with the choice between the two
objectives (a tree and a mesh).
"""

import time

import networkx as nx
import numpy as np
import pytest

import nx_ordinal

SLOW = 0.02  # seconds added to every score


def _slowed(monkeypatch):
    import nx_ordinal.layouts._loe as loe_module
    import nx_ordinal.layouts._loe.selection as selection

    def slow(f):
        def wrapped(*args, **kwargs):
            time.sleep(SLOW)
            return f(*args, **kwargs)
        return wrapped

    for module, name in ((selection.GariScorer, "__call__"), (loe_module, "gari_array"),
                         (loe_module, "neighbourhood_preservation_array"),
                         (loe_module, "stress_array")):
        monkeypatch.setattr(module, name, slow(getattr(module, name)))


def _knn_graph(n=1500, k=8):
    from nx_ordinal.constraints import knn_adjacency

    X = np.random.default_rng(5).random((n, 2))
    return nx.from_scipy_sparse_array(knn_adjacency(X, k), create_using=nx.DiGraph)


CASES = {
    "tree-600-hinge": (lambda: nx.random_labeled_tree(600, seed=1), {"objective": "hinge"}),
    "knn-1500": (_knn_graph, {}),
    "tree-800": (lambda: nx.random_labeled_tree(800, seed=2), {}),
    "mesh-700": (lambda: nx.convert_node_labels_to_integers(nx.grid_2d_graph(28, 25)), {}),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_same_bytes_when_scoring_is_slow(monkeypatch, case):
    make, kw = CASES[case]
    G = make()

    def draw():
        pos = nx_ordinal.loe_layout(G, seed=3, **kw)
        return np.array([pos[v] for v in G]).tobytes()

    fast = draw()
    with monkeypatch.context() as m:
        _slowed(m)
        slow = draw()
    assert slow == fast
