"""The graph -> array adapters of ``nx_ordinal._data.graph``: one rule for edge lengths, one for
``pos``, shared by every caller."""

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal._data.components import pack_components
from nx_ordinal._data.graph import (
    graph_or_adjacency,
    graph_to_csr,
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



def test_hop_scales_recover_planted_scales():
    # a path drawn straight 3.7 apart, a cycle drawn as a regular polygon 0.2 apart, a
    # 6 x 6 grid drawn as a lattice 50 apart, a component drawn at one point and an isolated
    # node: the path and the grid embed their hop distances exactly (the grid's are its
    # lattice's l1 distances: not exactly), so their factors are 1 / 3.7 and, within the
    # grid's sqrt(2) spread, near 1 / 50; the point and the single node keep 1
    from nx_ordinal._data.components import hop_scales

    path, cycle, grid = nx.path_graph(30), nx.cycle_graph(12), nx.grid_2d_graph(6, 6)
    G = nx.disjoint_union_all([path, cycle, grid, nx.complete_graph(4), nx.empty_graph(1)])
    A = nx.to_scipy_sparse_array(G, format="csr")
    angle = 2 * np.pi * np.arange(12) / 12
    polygon = np.column_stack([np.cos(angle), np.sin(angle)]) * 0.1 / np.sin(np.pi / 12)
    Y = np.vstack([np.column_stack([3.7 * np.arange(30), np.zeros(30)]), polygon,
                   50.0 * np.array(list(grid.nodes()), dtype=float),
                   np.ones((4, 2)), np.zeros((1, 2))])
    labels = np.repeat(np.arange(5), [30, 12, 36, 4, 1])
    s = hop_scales(A, Y, labels)
    assert np.allclose(s[:30], 1 / 3.7)  # every pair exact, through 20 of the 30 pivots
    # the polygon: chords of h hops over h, h = 1..6 (twice each from every vertex, 6 once)
    h = np.arange(1, 7)
    r = 2 * (0.1 / np.sin(np.pi / 12)) * np.sin(np.pi * h / 12) / h
    w = np.array([2, 2, 2, 2, 2, 1])
    assert np.allclose(s[labels == 1], (w * r).sum() / (w * r * r).sum())  # 5.66: 1 / 0.2 at h = 1
    assert 1 / 50 < s[42] < np.sqrt(2) / 50
    assert np.all(s[-5:] == 1.0)
    # one component without labels: the same factor as with them
    assert np.allclose(hop_scales(A[:30][:, :30], Y[:30]), 1 / 3.7)
    # pivots in chunks (one hop distance row at a time): the same factors
    import nx_ordinal._data.components as components

    old = components._HOP_ENTRIES
    components._HOP_ENTRIES = 1
    try:
        assert np.allclose(hop_scales(A, Y, labels), s)
    finally:
        components._HOP_ENTRIES = old


def test_hop_scales_of_a_large_component_from_few_pivots(monkeypatch):
    # beyond _HOP_LARGE vertices a component's pivots shrink (one scalar needs no more than
    # a few searches' pairs): here a path of 100 vertices with _HOP_LARGE = 10 gets 2
    # pivots, a path of 8 all of its vertices, and the factors are still exact
    import scipy.sparse.csgraph as csgraph

    import nx_ordinal._data.components as components

    sources = []
    search = csgraph.shortest_path

    def counted(*args, **kwargs):
        sources.extend(np.atleast_1d(kwargs["indices"]).tolist())
        return search(*args, **kwargs)

    monkeypatch.setattr(csgraph, "shortest_path", counted)
    monkeypatch.setattr(components, "_HOP_LARGE", 10)
    G = nx.disjoint_union(nx.path_graph(100), nx.path_graph(8))
    A = nx.to_scipy_sparse_array(G, format="csr")
    Y = np.column_stack([np.r_[3.7 * np.arange(100), 0.5 * np.arange(8)], np.zeros(108)])
    labels = np.repeat([0, 1], [100, 8])
    s = components.hop_scales(A, Y, labels)
    assert np.allclose(s, np.repeat([1 / 3.7, 2.0], [100, 8]))
    assert len(sources) == 2 + 8 and sum(v < 100 for v in sources) == 2


def test_batch_components_keeps_order_and_puts_big_ones_alone():
    from nx_ordinal._data.components import batch_components

    groups = [np.arange(s) for s in (3, 700, 4, 300, 350, 2, 1)]
    units = batch_components(groups, 600, skip=[False, False, False, False, False, True,
                                                 False])
    assert [[g.size for g in u] for u in units] == [[700], [3, 4, 300, 350], [1]]
    assert batch_components([], 600) == []


def test_cliques_are_the_components_without_a_comparison_inside():
    # K4 with a self-loop, a triangle, a path of three, a directed pair both ways and a
    # directed edge one way (its head has no out-neighbour: a comparison-free pair only
    # both ways), an isolated node
    from nx_ordinal._data.components import cliques, split_components

    G = nx.DiGraph()
    G.add_edges_from(nx.complete_graph(4).to_directed().edges())
    G.add_edge(0, 0)
    G.add_edges_from(nx.complete_graph(range(4, 7)).to_directed().edges())
    G.add_edges_from(nx.path_graph(range(7, 10)).to_directed().edges())
    G.add_edges_from([(10, 11), (11, 10), (12, 13)])
    G.add_node(14)
    A = nx.to_scipy_sparse_array(G, nodelist=range(15), format="csr")
    _, labels, parts = split_components(A)
    sizes = np.array([p.size for p in parts])
    assert cliques(A, labels, sizes).tolist() == [True, True, False, True, False, True]


def test_pack_components_given_scale_keeps_each_block():
    # style="given": each block only shifted (not scaled), boxes padded by their own longest
    # edge (at least one unit)
    from scipy.spatial.distance import cdist

    G = nx.disjoint_union_all([nx.cycle_graph(6), nx.path_graph(4), nx.empty_graph(1)])
    A = nx.to_scipy_sparse_array(G, format="csr")
    rng = np.random.default_rng(1)
    parts = [np.arange(0, 6), np.arange(6, 10), np.array([10])]
    blocks = [(idx, s * rng.random((idx.size, 2)))
              for idx, s in zip(parts, (1.0, 10.0, 1.0), strict=True)]
    rows = np.repeat(np.arange(11), np.diff(A.indptr))
    X = pack_components(blocks, 2, 11, edges=(rows, A.indices), style="given")
    for idx, Y in blocks:
        assert np.allclose(cdist(X[idx], X[idx]), cdist(Y, Y))
    path = X[parts[1]]
    assert cdist(path, X[parts[0]]).min() >= 1.05 * np.linalg.norm(
        np.diff(path, axis=0), axis=1).max() - 1e-9


def test_pack_components_at_one_edge_length():
    # three components drawn at scales 1, 10 and 0.1, an isolated node among them: packed,
    # each has median edge length 1 and no node is nearer another component's node than
    # its own longest edge
    from scipy.spatial.distance import cdist

    G = nx.disjoint_union_all([nx.cycle_graph(6), nx.path_graph(4), nx.star_graph(5),
                               nx.empty_graph(1)])
    A = nx.to_scipy_sparse_array(G, format="csr")
    rng = np.random.default_rng(0)
    parts = [np.arange(0, 6), np.arange(6, 10), np.arange(10, 16), np.array([16])]
    blocks = [(idx, s * rng.random((idx.size, 2)))
              for idx, s in zip(parts, (1.0, 10.0, 0.1, 1.0), strict=True)]
    rows = np.repeat(np.arange(17), np.diff(A.indptr))
    X = pack_components(blocks, 2, 17, edges=(rows, A.indices))
    label = np.repeat(np.arange(4), [p.size for p in parts])
    for c, idx in enumerate(parts[:3]):
        E = np.array([(u, v) for u, v in G.edges() if label[u] == c])
        lengths = np.linalg.norm(X[E[:, 0]] - X[E[:, 1]], axis=1)
        assert np.sort(lengths)[(lengths.size - 1) // 2] == pytest.approx(1.0)  # (lower) median
        others = np.flatnonzero(label != c)
        assert cdist(X[idx], X[others]).min() >= 1.05 * lengths.max() - 1e-9
        # the drawing of each component is only scaled and shifted
        Y = blocks[c][1]
        D0, D1 = cdist(Y, Y), cdist(X[idx], X[idx])
        assert np.allclose(D1 * D0.max(), D0 * D1.max())
    assert np.isfinite(X).all()


def test_shelf_rows_keep_small_boxes_below_a_large_one():
    """A box less than half as high as its row's tallest box starts a new row: a small
    component goes below a large one, not into the corner beside it; boxes of like height
    share a row while it has room."""
    from nx_ordinal._data.components import shelf_offsets

    ext = np.array([[10.0, 10.0], [1.0, 1.0], [1.0, 1.0]])
    off = shelf_offsets(ext, np.arange(3), width=30.0)
    assert off[0].tolist() == [0.0, -10.0]
    assert off[1].tolist() == [0.0, -11.0] and off[2].tolist() == [1.0, -11.0]
    like = shelf_offsets(np.array([[10.0, 10.0], [8.0, 6.0], [8.0, 6.0]]), np.arange(3),
                         width=26.0)
    assert like[:, 1].tolist() == [-10.0, -6.0, -6.0] and like[:, 0].tolist() == [0, 10, 18]
    # a row that is full still wraps
    assert shelf_offsets(np.array([[10.0, 10.0], [8.0, 6.0], [8.0, 6.0]]), np.arange(3),
                         width=20.0)[2].tolist() == [0.0, -16.0]


def test_shelf_rows_of_equal_boxes_are_about_square():
    """k equal boxes fill rows of about sqrt(k), rounded: five boxes a little wider than
    high go two to a row (4 x 4.5), not one (a column 2 x 7.5, as the rows were cut to the
    square's side); five copies of the karate club drawn about as wide as high."""
    from nx_ordinal._data.components import shelf_offsets

    ext = np.tile([2.0, 1.5], (5, 1))
    off = shelf_offsets(ext, np.arange(5))
    assert off[:, 0].tolist() == [0.0, 2.0, 0.0, 2.0, 0.0]
    width, height = (off[:, 0] + ext[:, 0]).max(), -off[:, 1].min()
    assert (width, height) == (4.0, 4.5)
    G = nx.disjoint_union_all([nx.karate_club_graph()] * 5)
    X = np.array(list(nx_ordinal.loe_layout(G, seed=0).values()))
    w, h = np.ptp(X, axis=0)
    assert max(w, h) / min(w, h) < 1.5


def test_auto_start_rule_is_decided_in_one_place(monkeypatch):
    import nx_ordinal.embed._starts as graph_module
    from nx_ordinal.embed import loe
    from nx_ordinal.layouts._loe import plan

    assert graph_module.auto_solver_start(2000) == "spectral"
    assert graph_module.auto_solver_start(2001) == "pivot"
    assert plan.auto_layout_starts(100, 4) == (("spectral", "kamada_kawai"), None)
    assert plan.auto_layout_starts(101, 1) == (("auto",), "pivot")
    assert plan.auto_layout_starts(101, 2) == (("auto",), "auto")
    # the solver asks embed._starts: lowering the threshold there switches loe's "auto" to pivot MDS
    A, _ = graph_to_csr(nx.connected_watts_strogatz_graph(60, 6, 0.1, seed=0))
    pivot = loe(A, 2, init="pivot", max_iter=0, seed=0).embedding
    spectral = loe(A, 2, init="spectral", max_iter=0, seed=0).embedding
    assert not np.allclose(pivot, spectral)
    assert np.array_equal(loe(A, 2, max_iter=0, seed=0).embedding, spectral)
    monkeypatch.setattr(graph_module, "PIVOT_MIN_N", 10)
    assert np.array_equal(loe(A, 2, max_iter=0, seed=0).embedding, pivot)


def test_start_configurations_cycle_build_once_and_perturb():
    from nx_ordinal.embed._starts import perturbed_start, start_configurations

    built = []
    bases = {"a": np.arange(12.0).reshape(6, 2), "b": np.ones((6, 2))}

    def base(name):
        built.append(name)
        return bases[name]

    rng = np.random.default_rng(3)
    starts = start_configurations(("a", "b"), 5, rng, base)
    first = [next(starts), next(starts)]
    assert first[0] is bases["a"] and first[1] is bases["b"]
    # lazy: the unperturbed starts drew nothing from rng
    assert rng.bit_generator.state == np.random.default_rng(3).bit_generator.state
    rest = list(starts)
    assert built == ["a", "b"]  # each start built once
    ref = np.random.default_rng(3)
    expect = [perturbed_start(bases["a"], ref), perturbed_start(bases["b"], ref),
              perturbed_start(bases["a"], ref)]
    for got, want in zip(rest, expect, strict=True):
        assert np.array_equal(got, want)
    # the rule: Gaussian noise of 0.3 times the RMS spread (1 for coincident points)
    X = bases["a"]
    spread = np.sqrt(np.mean(np.sum((X - X.mean(0)) ** 2, axis=1)))
    noise = perturbed_start(X, np.random.default_rng(0)) - X
    assert np.allclose(noise, 0.3 * spread * np.random.default_rng(0).standard_normal(X.shape),
                       rtol=1e-12, atol=1e-12)
    assert np.allclose(perturbed_start(bases["b"], np.random.default_rng(0)) - 1.0,
                       0.3 * np.random.default_rng(0).standard_normal((6, 2)), rtol=1e-12,
                       atol=1e-12)
    rand = list(start_configurations(("random",), 2, np.random.default_rng(1), base, (4, 3)))
    assert np.array_equal(rand[1], np.random.default_rng(1).standard_normal((2, 4, 3))[1])
    with pytest.raises(ValueError, match="needs shape"):
        next(start_configurations(("random",), 1, rng, base))


@pytest.mark.filterwarnings("ignore::nx_ordinal.exceptions.ConvergenceWarning")
def test_restart_perturbation_is_one_function(monkeypatch):
    """loe_layout's starts and embed.loe's restarts both perturb through
    embed._starts.perturbed_start: replacing it there changes both."""
    import nx_ordinal.embed._starts as graph_module
    from nx_ordinal.embed import loe

    calls = []

    def unperturbed(X, rng):
        calls.append(X.shape)
        return X.copy()

    def run_starts():
        seen = []

        def callback(run, it, X, f):
            if it == 0:
                seen.append(X.copy())

        loe(A, 2, n_init=2, max_iter=1, seed=0, callback=callback)
        return seen

    G = nx.frucht_graph()
    A, _ = graph_to_csr(G)
    first, second = run_starts()
    assert not np.allclose(first, second)  # the second run starts from a perturbed copy
    monkeypatch.setattr(graph_module, "perturbed_start", unperturbed)
    first, second = run_starts()
    assert np.array_equal(first, second) and calls == [(12, 2)]
    nx_ordinal.loe_layout(G, init="kamada_kawai", n_init=3, max_iter=0, seed=0)
    assert calls == [(12, 2)] * 3


def test_auto_n_init_rule():
    from nx_ordinal.layouts._loe.plan import auto_n_init

    assert [auto_n_init(n) for n in (2, 100, 101, 500, 501, 10**6)] == [4, 4, 1, 1, 1, 1]
    # objective="auto": one Err_local run (up to 100 nodes, the polish of t-LOE's drawing)
    assert [auto_n_init(n, "auto") for n in (2, 100, 101)] == [1, 1, 1]


def test_networkx_start_in_node_order():
    from nx_ordinal.layouts._common import networkx_start

    G = nx.relabel_nodes(nx.petersen_graph(), {i: f"v{9 - i}" for i in range(10)})
    nodes = sorted(G)
    X = networkx_start(G, nodes, "kamada_kawai", 2, np.random.default_rng(0))
    kk = nx.kamada_kawai_layout(G)
    assert np.array_equal(X, np.array([kk[v] for v in nodes]))
    for name in ("kamada_kawai", "spring"):
        a = networkx_start(G, nodes, name, 3, np.random.default_rng(5))
        b = networkx_start(G, nodes, name, 3, np.random.default_rng(5))
        assert a.shape == (10, 3) and np.array_equal(a, b)
    with pytest.raises(ValueError, match="'kamada_kawai' or 'spring', got 'spectral'"):
        networkx_start(G, nodes, "spectral", 2, np.random.default_rng(0))


def test_loe_layout_init_auto_stands_alone():
    with pytest.raises(ValueError, match="init='auto' stands alone"):
        nx_ordinal.loe_layout(nx.frucht_graph(), init=("auto", "spring"), seed=0)


def test_shortest_path_triplets_small_graph_draws_nothing():
    from nx_ordinal._data.sampling import shortest_path_triplets

    rng = np.random.default_rng(0)
    for G in (nx.empty_graph(1), nx.path_graph(2)):
        T = shortest_path_triplets(G, list(G), 10, rng=rng)
        assert T.shape == (0, 3) and T.dtype == np.int64
    assert rng.bit_generator.state == np.random.default_rng(0).bit_generator.state


def test_bad_pos_refused_by_the_frame_before_any_work():
    nodes = [0, 1, 2]
    G = nx.path_graph(nodes)
    for bad, exc in (([0, 1], TypeError), ({0: (0, "a")}, ValueError), ({0: (0, 1, 2)}, ValueError),
                     ({0: (np.nan, 0)}, ValueError)):
        with pytest.raises(exc):
            nx_ordinal.loe_layout(G, pos=bad)
    # landmark_layout accepts a partial pos without using it: same layout as without
    G = nx.grid_2d_graph(8, 8)
    a = nx_ordinal.landmark_layout(G, seed=4)
    b = nx_ordinal.landmark_layout(G, pos={(0, 0): (5.0, 5.0)}, seed=4)
    assert all(np.array_equal(a[v], b[v]) for v in G)


def test_path_distances_symmetric_with_missing_pairs():
    from nx_ordinal._data.graph import path_distances

    G = nx.DiGraph([(0, 1, {"w": 2.0}), (1, 2, {"w": 0.5}), (2, 0, {"w": 4.0})])
    G.add_node(3)
    D, finite = path_distances(weighted_csr(G, [0, 1, 2, 3], "w"), directed=True)
    # 0 -> 2 is 2.5 along the cycle, 2 -> 0 is 4: the shorter direction counts
    assert D[0, 2] == D[2, 0] == 2.5 and D[0, 1] == D[1, 0] == 2.0
    assert np.array_equal(D, D.T) and not finite[3, :3].any() and not D[3, :3].any()
    assert finite[:3, :3].all() and finite[3, 3]


def test_draw_small_components_shapes():
    from nx_ordinal._data.components import draw_small_components
    from nx_ordinal.metrics import neighbourhood_preservation_array

    parts = [nx.path_graph(6), nx.cycle_graph(9), nx.star_graph(4), nx.path_graph(2),
             nx.empty_graph(1), nx.balanced_tree(2, 3), nx.path_graph(6)]
    G = nx.disjoint_union_all(parts)
    A = nx.to_scipy_sparse_array(G, format="csr")
    bounds = np.cumsum([0] + [len(H) for H in parts])
    groups = [np.arange(a, b) for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
    drawn = draw_small_components(A, groups, 2)
    assert [Y.shape for Y in drawn] == [(len(H), 2) for H in parts]
    assert np.array_equal(drawn[4], np.zeros((1, 2)))
    assert np.linalg.norm(drawn[3][0] - drawn[3][1]) == pytest.approx(1.0)
    # a path drawn straight at unit spacing, a cycle round: every neighbourhood kept
    path = drawn[0]
    assert np.allclose(np.linalg.norm(np.diff(path, axis=0), axis=1), 1.0, atol=1e-6)
    for c in (0, 1, 5):
        B = nx.to_scipy_sparse_array(parts[c], format="csr")
        assert neighbourhood_preservation_array(B, drawn[c]) == 1.0
    # the star's leaves round the hub, about evenly
    leaves = drawn[2][1:] - drawn[2][0]
    r = np.linalg.norm(leaves, axis=1)
    assert r.std() < 0.05 * r.mean()
    # same input, same bytes; equal components the same drawing
    again = draw_small_components(A, groups, 2)
    assert all(np.array_equal(a, b) for a, b in zip(drawn, again, strict=True))
    assert np.array_equal(drawn[0], drawn[6])
    with pytest.raises(ValueError, match="a component of 60 vertices is not small"):
        draw_small_components(nx.to_scipy_sparse_array(nx.path_graph(60)), [np.arange(60)], 2)


def test_many_components_layout():
    # 20,000 isolated nodes, 3,000 single edges, a forest of small trees: each node finite
    # and distinct, each small tree drawn whole, no node of one component among another's
    from nx_ordinal.metrics import long_edge_ratio, neighbourhood_preservation

    pos = nx_ordinal.loe_layout(nx.empty_graph(20_000), seed=0)
    X = np.array(list(pos.values()))
    assert np.isfinite(X).all() and len(np.unique(X.round(12), axis=0)) == 20_000
    pos = nx_ordinal.loe_layout(nx.disjoint_union_all([nx.path_graph(2)] * 3000), seed=0)
    assert nx_ordinal.gari(nx.disjoint_union_all([nx.path_graph(2)] * 3000), pos) == 1.0
    rng = np.random.default_rng(2)
    trees = [nx.random_labeled_tree(int(s), seed=int(rng.integers(1 << 30)))
             for s in rng.integers(3, 40, 400)]
    F = nx.disjoint_union_all(trees)
    pos = nx_ordinal.loe_layout(F, seed=0)
    assert neighbourhood_preservation(F, pos) > 0.6
    assert long_edge_ratio(F, pos) < 3
