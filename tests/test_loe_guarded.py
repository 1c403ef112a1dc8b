"""The guarded stress polish, loe_layout's last stage on small graphs, and the guarded leaf
push before it (layouts/_loe/guarded.py): stress falls, leaves move out, no node loses a
recovered neighbour."""

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal.layouts._loe import guarded
from nx_ordinal.layouts._loe import plan as P
from nx_ordinal.layouts._loe.guarded import stress_polish
from nx_ordinal.metrics import (
    gari_array,
    neighbourhood_preservation_array,
    recovered_adjacency,
    stress_array,
)


def _adjacency(G):
    return nx.to_scipy_sparse_array(G, nodelist=list(G), format="csr")


def _counts(A, X, hops):
    """Each node's count of its ``hops``-hop (out-)neighbours among its as many nearest
    points (the metrics' own lists)."""
    B = (A != 0).astype(np.int64)
    N = B
    for _ in range(hops - 1):
        N = ((N + N @ B) != 0).astype(np.int64)
    N = N.tolil()
    N.setdiag(0)
    N = N.tocsr()
    N.eliminate_zeros()
    R = recovered_adjacency(X, np.diff(N.indptr))
    return np.asarray(N.multiply(R).sum(axis=1)).ravel()


def _u_barbell():
    """barbell(10, 20) drawn as t-LOE bends it: the path a half circle, each clique a small
    ring at one end."""
    G = nx.barbell_graph(10, 20)
    X = np.zeros((G.number_of_nodes(), 2))
    t = np.linspace(np.pi, 2 * np.pi, 22)
    X[9:31] = 10 * np.column_stack([np.cos(t), np.sin(t)])  # nodes 9..30: the path
    ring = np.linspace(0, 2 * np.pi, 10, endpoint=False)
    X[:10] = X[9] + 0.8 * np.column_stack([np.cos(ring), 1 + np.sin(ring)])
    X[30:] = X[30] + 0.8 * np.column_stack([np.cos(ring), 1 + np.sin(ring)])
    return G, X


def test_a_bent_path_is_straightened_and_every_neighbour_kept():
    G, X = _u_barbell()
    A = _adjacency(G)
    Y = stress_polish(A, X)
    assert stress_array(A, Y) < 0.75 * stress_array(A, X)
    for hops in (1, 2):
        assert (_counts(A, Y, hops) >= _counts(A, X, hops)).all()
    # the U opened: the cliques farther apart, in units of the path's mean edge
    def span(Z):
        path = np.linalg.norm(np.diff(Z[9:31], axis=0), axis=1).mean()
        return np.linalg.norm(Z[:10].mean(axis=0) - Z[30:].mean(axis=0)) / path
    assert span(Y) > 1.2 * span(X)


def test_steps_go_on_while_they_gain():
    """The U-bent barbell straightens over more than the first 4 steps: the polish goes on
    while a step lowers the stress by stress_polish_tol of it (up to stress_polish_max_steps),
    below what 4 steps reach, every neighbour kept; with a gain no step can make (tol 1)
    it stops after the first steps, as max_steps 4 does.  (Broken on purpose: max_steps 4
    stops at the fourth.)"""
    G, X = _u_barbell()
    A = _adjacency(G)
    four = stress_polish(A, X, max_steps=4)
    more = stress_polish(A, X)
    assert stress_array(A, more) < 0.85 * stress_array(A, four)
    for hops in (1, 2):
        assert (_counts(A, more, hops) >= _counts(A, X, hops)).all()
    assert np.array_equal(stress_polish(A, X, tol=1.0), four)


@pytest.mark.parametrize("name", ["frucht", "petersen", "karate_club", "dodecahedral"])
def test_no_node_loses_a_recovered_neighbour_from_any_drawing(name):
    """From random drawings (where plain stress majorization moves most neighbourhoods)
    no node's 1-hop or 2-hop count falls, so GARI, NP1 and NP2 cannot; stress falls."""
    G = getattr(nx, f"{name}_graph")()
    A = _adjacency(G)
    rng = np.random.default_rng(3)
    for _ in range(3):
        X = rng.normal(size=(G.number_of_nodes(), 2))
        Y = stress_polish(A, X)
        assert Y is not X  # it moved (the last check did not have to undo it)
        for hops in (1, 2):
            assert (_counts(A, Y, hops) >= _counts(A, X, hops)).all()
        assert gari_array(A, Y) >= gari_array(A, X)
        assert neighbourhood_preservation_array(A, Y, 2) >= neighbourhood_preservation_array(
            A, X, 2)
        assert stress_array(A, Y) <= stress_array(A, X)


def test_a_directed_knn_graph_keeps_its_out_neighbourhoods_and_gains_shape():
    """On a directed kNN graph the guard counts out-neighbours (GARI's lists) and the
    2-hop out-neighbourhoods (NP2's); from t-LOE's drawing stress falls and GARI rises
    (the 8-NN graph of 100 random points)."""
    from scipy.spatial import cKDTree

    P = np.random.default_rng(2).random((100, 2))
    _, idx = cKDTree(P).query(P, 9)
    G = nx.DiGraph((i, int(j)) for i in range(100) for j in idx[i, 1:])
    A = _adjacency(G)
    X = np.array([p for p in nx_ordinal.loe_layout(G, seed=0, objective="t").values()])
    Y = stress_polish(A, X)
    for hops in (1, 2):
        assert (_counts(A, Y, hops) >= _counts(A, X, hops)).all()
    assert gari_array(A, Y) > gari_array(A, X)
    assert stress_array(A, Y) < 0.95 * stress_array(A, X)


def test_the_guard_is_what_keeps_the_neighbours(monkeypatch):
    """Without the guard (every step taken whole) the same steps lose neighbours: the
    guard, not the steps, keeps them."""
    G = nx.frucht_graph()
    A = _adjacency(G)
    X = np.random.default_rng(3).normal(size=(12, 2))
    monkeypatch.setattr(guarded, "_lists", lambda Z, ks: [np.zeros((12, 12), bool)] * len(ks))
    monkeypatch.setattr(guarded, "_metric_counts", lambda N, Z: np.zeros(12, np.int64))
    Y = stress_polish(A, X)
    lost = (_counts(A, Y, 1) < _counts(A, X, 1)).any() or (
        _counts(A, Y, 2) < _counts(A, X, 2)).any()
    assert lost


def test_nothing_to_polish_returns_the_drawing_itself():
    X = np.random.default_rng(0).normal(size=(8, 2))
    # disconnected: the packing of the components is not the polish's to change
    A = _adjacency(nx.disjoint_union(nx.cycle_graph(4), nx.path_graph(4)))
    assert stress_polish(A, X) is X
    two = X[:2]
    assert stress_polish(_adjacency(nx.path_graph(2)), two) is two
    # a path drawn straight and evenly: already stress-optimal
    line = np.column_stack([np.arange(8.0), np.zeros(8)])
    assert stress_polish(_adjacency(nx.path_graph(8)), line) is line


def _plan(n, **kw):
    """The plan of an undirected graph of ``n`` nodes under the default call, ``kw``
    changed."""
    args = dict(directed=False, knn=lambda: False, has_pos=False, objective="auto",
                select="gari", n_init="auto", init=("auto",), max_iter=1000,
                spring=None, limited=False, start_gari=lambda: 0.5)
    args.update(kw)
    return P.make_plan(n, **args)


def test_the_plan_polishes_small_graphs_under_auto_only():
    nmax = P.POLICY["stress_polish_nodes"]
    assert _plan(nmax).stress_polish and _plan(10).stress_polish
    assert not _plan(nmax + 1).stress_polish
    assert _plan(50, directed=True).stress_polish
    assert not _plan(50, objective="t").stress_polish
    assert not _plan(50, objective="hinge").stress_polish
    assert not _plan(50, select="loss").stress_polish
    assert not _plan(50, max_iter=0).stress_polish  # max_iter=0: the start, unpolished
    # beyond: sparse graphs only (the guard's 2-hop lists: its cost), asked only there
    asked = []

    def pairs(value):
        def fact():
            asked.append(value)
            return value
        return fact

    big, cap = P.POLICY["stress_polish_sparse_nodes"], P.POLICY["stress_polish_pairs"]
    assert _plan(big, pairs=pairs(cap)).stress_polish
    assert not _plan(big, pairs=pairs(cap + 1)).stress_polish
    assert not _plan(nmax + 1).stress_polish  # no fact: never sparse
    assert asked == [cap, cap + 1]
    assert not _plan(big + 1, pairs=pairs(1.0)).stress_polish
    assert _plan(nmax, pairs=pairs(1e9)).stress_polish
    assert asked == [cap, cap + 1]
    assert not _plan(big, pairs=pairs(1.0), objective="t").stress_polish


def test_a_sparse_graph_of_300_nodes_gets_the_polish():
    """A 15 x 20 grid: t-LOE's drawing keeps every neighbour (NP1 1.0) but bends (NP2
    0.96); the polish, now up to stress_polish_sparse_nodes on sparse graphs, makes it 1.0."""
    from nx_ordinal.metrics import neighbourhood_preservation

    G = nx.grid_2d_graph(15, 20)
    pos = nx_ordinal.loe_layout(G, seed=0)
    assert neighbourhood_preservation(G, pos) == 1.0
    assert neighbourhood_preservation(G, pos, hops=2) > 0.99


def test_a_dense_graph_of_105_nodes_gets_the_polish():
    """K(5, 100), beyond leaf_push_nodes and up to stress_polish_nodes, dense (mean squared
    degree 500): its 100 open twins spread unevenly round hubs drawn apart, stress 0.240
    unpolished; polished 0.184, below t-FDP's 0.186, NP1 and NP2 no lower."""
    from nx_ordinal.metrics import neighbourhood_preservation, stress

    G = nx.complete_bipartite_graph(5, 100)
    assert P.POLICY["leaf_push_nodes"] < 105 <= P.POLICY["stress_polish_nodes"]
    pos = nx_ordinal.loe_layout(G, seed=0)
    assert stress(G, pos, pairs="all") < 0.2
    assert neighbourhood_preservation(G, pos) >= 0.08
    assert neighbourhood_preservation(G, pos, hops=2) == 1.0


def test_loe_layout_ends_with_the_polish(monkeypatch):
    """The default call on barbell(10, 20): stress below the unpolished drawing's, GARI
    and NP1 the same or higher."""
    G = nx.barbell_graph(10, 20)
    A = _adjacency(G)
    seen = []
    real = guarded.stress_polish

    from nx_ordinal.layouts import _loe

    def spy(B, X):
        seen.append(np.array(X))
        return real(B, X)

    monkeypatch.setattr(_loe, "stress_polish", spy)
    pos = nx_ordinal.loe_layout(G, seed=0)
    assert len(seen) == 1
    X = np.array([pos[v] for v in G])
    assert stress_array(A, X) < 0.8 * stress_array(A, seen[0])
    assert gari_array(A, X) >= gari_array(A, seen[0])
    assert neighbourhood_preservation_array(A, X) >= neighbourhood_preservation_array(
        A, seen[0])


def test_the_plan_polishes_the_components_under_auto_only():
    assert _plan(50).component_polish and _plan(5000).component_polish
    assert _plan(500, directed=True).component_polish
    assert not _plan(500, objective="t").component_polish
    assert not _plan(500, objective="hinge").component_polish
    assert not _plan(500, select="loss").component_polish
    assert not _plan(500, max_iter=0).component_polish


def _karate_copies(k, monkeypatch=None):
    """The default drawing of k disjoint copies of the karate club: (G, pos)."""
    G = nx.disjoint_union_all([nx.karate_club_graph()] * k)
    return G, nx_ordinal.loe_layout(G, seed=0)


def test_each_component_of_a_disconnected_graph_gets_the_stress_polish(monkeypatch):
    """Five copies of the karate club: t-LOE draws them in one batch, whose run had no stress
    polish (a connected graph of that size gets it at the end): stress 0.146, 1.42 times
    t-FDP's.  Each component (20 to 100 nodes, not a tree) polished in its own coordinates:
    0.109 (t-FDP's 0.103), NP1 0.541 -> 0.569."""
    from nx_ordinal.layouts import _loe
    from nx_ordinal.metrics import neighbourhood_preservation, stress

    G, pos = _karate_copies(5)
    assert stress(G, pos) < 0.12
    assert neighbourhood_preservation(G, pos) > 0.55
    seen = []
    real = _loe._polish_components

    def spy(B, Y, comps, budget):
        seen.append(sorted(g.size for g in comps))
        return real(B, Y, comps, budget)

    monkeypatch.setattr(_loe, "_polish_components", spy)
    nx_ordinal.loe_layout(G, seed=0)
    assert seen and seen[0] == [34] * 5
    monkeypatch.setattr(_loe, "_polish_components", lambda B, Y, comps, budget: Y)
    G, pos = _karate_copies(5)
    assert stress(G, pos) > 0.14


def test_small_components_are_drawn_by_t_loe_up_to_small_many():
    """Twenty copies of the karate club (680 nodes in components of 34): t-LOE's batches
    and the polish, NP1 0.572 at stress 0.108; drawn from their hop distances (the rule
    for thousands of small trees, once taken beyond 600 vertices), NP1 0.337."""
    from nx_ordinal.metrics import neighbourhood_preservation, stress

    assert 20 * 34 <= P.POLICY["small_many"]
    G, pos = _karate_copies(20)
    assert neighbourhood_preservation(G, pos) > 0.55
    assert stress(G, pos) < 0.12


# --- the guarded leaf push (push_leaves) ------------------------------------------------------


def _unpushed(G, monkeypatch):
    """The default drawing of ``G`` without its leaf push (the stage the identity)."""
    from nx_ordinal.layouts import _loe

    with monkeypatch.context() as m:
        m.setattr(_loe, "push_leaves", lambda A, X, **kw: X)
        pos = nx_ordinal.loe_layout(G, seed=0)
    return np.array([pos[v] for v in G])


def _leaf_lengths(A, X):
    r, c = A.nonzero()
    leaf = np.diff(A.indptr)[r] == 1  # each leaf's one edge, once
    return np.linalg.norm(X[r[leaf]] - X[c[leaf]], axis=1)


def test_leaves_move_out_and_no_node_loses_a_neighbour(monkeypatch):
    """A balanced ternary tree as t-LOE draws it, leaves held close to their hubs (the
    median edge, so a long-edge ratio near 10): the push lengthens the leaf edges and lowers
    the ratio, and no node's 1-hop or 2-hop count falls.  (Broken on purpose: every move
    accepted without its check loses neighbours.)"""
    from nx_ordinal.metrics import long_edge_ratio

    G = nx.balanced_tree(3, 5)
    A = _adjacency(G)
    X = _unpushed(G, monkeypatch)
    Y = guarded.push_leaves(A, X)
    for hops in (1, 2):
        assert (_counts(A, Y, hops) >= _counts(A, X, hops)).all()
    assert np.median(_leaf_lengths(A, Y)) > 1.15 * np.median(_leaf_lengths(A, X))
    assert long_edge_ratio(G, Y) < 0.85 * long_edge_ratio(G, X)
    # the hubs stay where they were
    inner = np.diff(A.indptr) > 1
    assert np.array_equal(Y[inner], X[inner])


def test_nothing_to_push_returns_the_drawing_itself():
    """No leaf (a cycle), a single edge (leaves of a leaf), or 2-hop lists beyond
    leaf_push_pairs points a node on average (a star of 100 leaves: each leaf's 2-hop list
    is the whole star): the input itself."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(10, 2))
    assert guarded.push_leaves(_adjacency(nx.cycle_graph(10)), X) is X
    two = X[:2]
    assert guarded.push_leaves(_adjacency(nx.path_graph(2)), two) is two
    S = rng.normal(size=(101, 2))
    assert guarded.push_leaves(_adjacency(nx.star_graph(100)), S) is S


def test_the_plan_pushes_leaves_under_auto_on_undirected_graphs():
    assert _plan(5000).leaf_push
    # up to leaf_push_nodes the stress polish shapes the drawing instead; beyond it and up
    # to stress_polish_nodes the push comes first, then the polish
    assert not _plan(P.POLICY["leaf_push_nodes"]).leaf_push
    both = _plan(P.POLICY["leaf_push_nodes"] + 1)
    assert both.leaf_push and both.stress_polish
    assert P.POLICY["leaf_push_nodes"] < P.POLICY["stress_polish_nodes"]
    assert not _plan(5000, directed=True).leaf_push
    assert not _plan(5000, objective="t").leaf_push
    assert not _plan(5000, objective="hinge").leaf_push
    assert not _plan(5000, select="loss").leaf_push
    assert not _plan(5000, max_iter=0).leaf_push


def test_loe_layout_pushes_the_leaves_of_a_tree(monkeypatch):
    """The default call on a balanced ternary tree of 364 nodes: its long-edge ratio falls
    (9.8 -> 7.7 at seed 0), NP1 and NP2 the same or higher."""
    from nx_ordinal.metrics import long_edge_ratio, neighbourhood_preservation

    G = nx.balanced_tree(3, 5)
    X = _unpushed(G, monkeypatch)
    pos = nx_ordinal.loe_layout(G, seed=0)
    before = {v: X[i] for i, v in enumerate(G)}
    assert long_edge_ratio(G, pos) < 0.85 * long_edge_ratio(G, before)
    for hops in (1, 2):
        assert (neighbourhood_preservation(G, pos, hops=hops)
                >= neighbourhood_preservation(G, before, hops=hops))
