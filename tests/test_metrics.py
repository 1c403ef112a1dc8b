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


@pytest.mark.parametrize("G", [nx.petersen_graph(), nx.star_graph(12), nx.gn_graph(60, seed=2),
                               nx.barabasi_albert_graph(150, 3, seed=1), nx.empty_graph(4),
                               nx.complete_graph(5), nx.path_graph(1)],
                         ids=["petersen", "star", "directed", "ba", "empty", "complete", "one"])
def test_the_repeated_scorer_counts_the_recovered_adjacency_exactly(G):
    """GariScorer (gari_array, and loe_layout's checkpoints) lists the edges once and counts
    each node's recovered true neighbours by binary search: exactly the count of the
    recovered adjacency's product with the graph's, ties and coincident points included
    (the same lists), and GARI by its formula (nan where undefined: every k_i 0 or
    n - 1); a drawing of the wrong shape is refused."""
    from nx_ordinal.metrics import GariScorer, recovered_adjacency

    A = nx.to_scipy_sparse_array(G, format="csr")
    A.data[:] = 1.0
    n = A.shape[0]
    k = np.diff(A.indptr).astype(np.float64)
    score = GariScorer(A)
    rng = np.random.default_rng(3)
    for trial in range(12):
        X = rng.standard_normal((n, 2))
        if trial % 3 == 0:
            X[: n // 2] = X[0]  # coincident points: ties broken by the tree
        if trial % 4 == 1:
            X = np.round(X, 1)  # equal distances
        m = np.asarray(A.multiply(recovered_adjacency(X, k.astype(np.int64))).sum(axis=1))
        EM = (n - 1) + 2.0 * k * (k - n + 1) / max(n - 1, 1)
        den = np.sum((n - 1) - EM)
        want = np.sum((n - 1) - 2.0 * (k - m.ravel()) - EM) / den if n > 1 and den > 0 \
            else np.nan
        got = score(X)
        assert got == pytest.approx(want, abs=1e-12) or (np.isnan(got) and np.isnan(want))
        assert gari_array(A, X) == got or np.isnan(got)
    with pytest.raises(ValueError, match="X must have shape"):
        score(np.zeros((n + 1, 2)))


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


# --- neighbourhood preservation (NP1, NP2) and scale-normalised stress ----------------------

from nx_ordinal.metrics import neighbourhood_preservation, stress  # noqa: E402


def np_by_definition(G, X, hops=1):
    """NP written out with dense arrays and a loop (stable sort: ties by index)."""
    nodes = list(G)
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    np.fill_diagonal(D, np.inf)
    sp_len = dict(nx.all_pairs_shortest_path_length(G, cutoff=hops))
    vals = []
    for i, v in enumerate(nodes):
        N = {nodes.index(u) for u, d in sp_len[v].items() if 0 < d <= hops}
        if not N:
            continue
        L = set(np.argsort(D[i], kind="stable")[: len(N)].tolist())
        vals.append(len(N & L) / len(N | L))
    return float(np.mean(vals)) if vals else float("nan")


def test_np_hand_computed_cases():
    P = nx.path_graph(5)
    line = {v: (float(v), 0.0) for v in P}
    assert neighbourhood_preservation(P, line) == 1.0
    assert neighbourhood_preservation(P, line, hops=2) == 1.0
    # the path drawn in the order 0 2 4 1 3 (positions 0..4):
    order = {0: 0, 2: 1, 4: 2, 1: 3, 3: 4}
    pos = {v: (float(order[v]), 0.0) for v in P}
    # vertex 0 (at 0): N={1}, L={2} -> 0; vertex 4 (at 2): N={3}, L={2 or 1} -> 0;
    # vertex 1 (at 3): N={0,2}, L={4,3} -> 0; vertex 3 (at 4): N={2,4}, L={1,4} -> 1/3;
    # vertex 2 (at 1): N={1,3}, L={0,4} -> 0
    assert neighbourhood_preservation(P, pos) == pytest.approx(1 / 15)
    # a cycle drawn as a regular polygon: each vertex's two nearest are its neighbours
    C = nx.cycle_graph(9)
    assert neighbourhood_preservation(C, nx.circular_layout(C)) == 1.0
    # complete graph: every vertex's k = n - 1 nearest are all the others, in any drawing
    K = nx.complete_graph(6)
    X = np.random.default_rng(0).normal(size=(6, 2))
    assert neighbourhood_preservation(K, X) == 1.0
    assert neighbourhood_preservation(K, X, hops=3) == 1.0


def test_np_matches_definition_on_random_graphs():
    rng = np.random.default_rng(1)
    for seed in range(4):
        G = nx.gnp_random_graph(40, 0.08, seed=seed)
        X = rng.normal(size=(40, 2))
        for hops in (1, 2, 3):
            assert neighbourhood_preservation(G, X, hops=hops) == pytest.approx(
                np_by_definition(G, X, hops), abs=1e-12)


def test_np_isolated_vertices_duplicates_and_errors():
    G = nx.Graph([(0, 1), (2, 3)])
    G.add_node(4)  # isolated: left out of the mean
    X = np.array([[0.0, 0], [0.1, 0], [5, 0], [5.1, 0], [0.05, 0]])
    assert neighbourhood_preservation(G, X) == 0.5  # 0 and 1 each see 4 first
    X[4] = [20, 0]
    assert neighbourhood_preservation(G, X) == 1.0
    # coincident points: distinct vertices at distance 0, every vertex still counted
    Z = np.zeros((5, 2))
    v = neighbourhood_preservation(G, Z)
    assert 0.0 <= v <= 1.0
    assert np.isnan(neighbourhood_preservation(nx.empty_graph(3), np.zeros((3, 2))))
    assert np.isnan(neighbourhood_preservation(nx.Graph(), {}))
    with pytest.raises(ValueError, match="hops must be >= 1, got 0"):
        neighbourhood_preservation(G, X, hops=0)
    with pytest.raises(nx.NetworkXError, match="node 4 has no position"):
        neighbourhood_preservation(G, {0: (0, 0), 1: (1, 0), 2: (2, 0), 3: (3, 0)})


def test_np_hubs_use_bounded_memory():
    # a star: the centre's k is n - 1, every leaf's is 1 (bucketed queries handle both)
    S = nx.star_graph(2000)
    pos = nx.circular_layout(S)
    pos[0] = np.zeros(2)
    # each leaf's nearest point is a neighbouring leaf, not the centre: leaves score 0
    assert neighbourhood_preservation(S, pos) == pytest.approx(1 / 2001)


def test_stress_exact_cases_and_invariance():
    P = nx.path_graph(7)
    assert stress(P, {v: (2.5 * v + 1, -3.0) for v in P}) == pytest.approx(0.0, abs=1e-15)
    # unit square drawing of C4: r = 1 on 4 edges, sqrt(2)/2 on 2 diagonals
    C = nx.cycle_graph(4)
    r = np.array([1, 1, 1, 1, 2**0.5 / 2, 2**0.5 / 2])
    expected = 1 - r.sum() ** 2 / (6 * (r @ r))
    assert stress(C, {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (0, 1)}) == pytest.approx(expected)
    G = nx.gnp_random_graph(60, 0.1, seed=3)
    X = np.random.default_rng(3).normal(size=(60, 2))
    R = np.array([[0.6, -0.8], [0.8, 0.6]])
    s = stress(G, X)
    assert 0 < s < 1
    assert stress(G, 7.5 * X @ R + [3, -2]) == pytest.approx(s, rel=1e-12)
    # by definition, with alpha minimising over a grid
    D = dict(nx.all_pairs_shortest_path_length(G))
    pairs = [(i, j) for i in range(60) for j in range(i + 1, 60) if j in D[i]]
    rr = np.array([np.linalg.norm(X[i] - X[j]) / D[i][j] for i, j in pairs])
    best = min(np.mean((a * rr - 1) ** 2) for a in np.linspace(0.01, 5, 20001))
    assert s == pytest.approx(best, rel=1e-4)
    # all pairs at one point; no connected pair
    assert stress(P, np.zeros((7, 2))) == 1.0
    assert np.isnan(stress(nx.empty_graph(4), np.eye(4)[:, :2]))


def test_stress_over_all_pairs_as_the_benchmark_publishes_it():
    """pairs="all": the sum over connected ordered pairs of (alpha r - 1)^2 divided by all
    n^2 ordered pairs, the benchmark authors' formula, on a graph of three components."""
    G = nx.disjoint_union_all([nx.path_graph(6), nx.cycle_graph(5), nx.star_graph(3)])
    G.add_node("lone")
    X = np.random.default_rng(5).normal(size=(len(G), 2))
    n = len(G)
    D = dict(nx.all_pairs_shortest_path_length(G))
    idx = {v: k for k, v in enumerate(G)}
    r = np.array([np.linalg.norm(X[idx[i]] - X[idx[j]]) / D[i][j]
                  for i in G for j in D[i] if j != i])
    alpha = r.sum() / (r @ r)
    published = np.sum((alpha * r - 1) ** 2) / n ** 2
    assert stress(G, X, pairs="all") == pytest.approx(published, rel=1e-12)
    connected = stress(G, X)
    assert connected == pytest.approx(np.mean((alpha * r - 1) ** 2), rel=1e-12)
    assert stress(G, X, pairs="all") == pytest.approx(connected * r.size / n ** 2, rel=1e-12)
    P = nx.path_graph(7)  # connected: the "connected" value times (n - 1) / n
    Y = np.random.default_rng(6).normal(size=(7, 2))
    assert stress(P, Y, pairs="all") == pytest.approx(stress(P, Y) * 6 / 7, rel=1e-12)
    with pytest.raises(ValueError, match='pairs must be "connected" or "all", got \'some\''):
        stress(P, Y, pairs="some")


def test_stress_pivot_estimate_close_to_exact():
    G = nx.random_geometric_graph(1500, 0.06, seed=2)
    G = G.subgraph(max(nx.connected_components(G), key=len)).copy()
    X = np.array([G.nodes[v]["pos"] for v in G]) + np.random.default_rng(0).normal(
        scale=0.02, size=(len(G), 2))
    exact = stress(G, X)
    est = stress(G, X, exact_max_n=100, n_pivots=100, seed=0)
    assert est != exact and est == pytest.approx(exact, rel=0.1)
    assert stress(G, X, exact_max_n=100, n_pivots=100, seed=0) == est  # seeded
    with pytest.raises(ValueError, match="n_pivots must be >= 1, got 0"):
        stress(G, X, n_pivots=0)


BENCHMARK_LAYOUTS = ["lesmis", "can_96", "jazz", "qh882", "dwt_1005", "1138_bus", "3elt",
                     "USPowerGrid"]


def test_np1_reproduces_published_values(shared_data):
    """NP1 of the published tsNET, DRGraph and t-FDP drawings (run 0 of five) against the
    published five-run means: tsNET's runs barely vary (within 0.01), every file within 0.03,
    and most within 0.01."""
    import csv

    from nx_ordinal.io import read_graph

    bench = shared_data / "drawing-benchmark"
    if not (bench / "published" / "layouts").is_dir():
        pytest.skip("drawing-benchmark is not available")
    with open(bench / "published" / "NP1.csv") as fh:
        published = {r[""]: r for r in csv.DictReader(fh)}
    diffs = {}
    for name in BENCHMARK_LAYOUTS:
        G = read_graph(bench / "graphs" / f"{name}.mtx")
        for method in ("tsNET", "DRGraph", "t-FDP"):
            X = np.loadtxt(bench / "published" / "layouts" / f"{name}.{method}_0.txt",
                           skiprows=1 if method == "DRGraph" else 0)
            assert X.shape == (len(G), 2)
            diffs[name, method] = neighbourhood_preservation(G, X) - float(
                published[name][method])
    d = np.abs(np.array(list(diffs.values())))
    assert max(abs(v) for (g, m), v in diffs.items() if m == "tsNET") <= 0.01, diffs
    assert d.max() <= 0.03, diffs
    assert (d <= 0.01).sum() >= 20, diffs


# --- long-edge ratio -----------------------------------------------------------------------

from nx_ordinal.metrics import long_edge_ratio, long_edge_ratio_array  # noqa: E402


def test_long_edge_ratio_whole_and_torn_grid():
    G = nx.grid_2d_graph(10, 10)
    pos = {v: np.array(v, dtype=float) for v in G}
    assert long_edge_ratio(G, pos) == pytest.approx(1.0)
    # invariant under scaling, rotation and shift
    R = np.array([[0.6, -0.8], [0.8, 0.6]])
    assert long_edge_ratio(G, {v: 3.0 * R @ p + 7.0 for v, p in pos.items()}) == pytest.approx(1.0)
    # tear the grid: the right half moved 20 units away; its 10 crossing edges (of 180)
    # become about 21 units long, beyond the 99th percentile's rank
    torn = {v: p + (np.array([20.0, 0.0]) if v[0] >= 5 else 0.0) for v, p in pos.items()}
    assert long_edge_ratio(G, torn) > 15
    assert long_edge_ratio(G, torn, percentile=90) == pytest.approx(1.0)


def test_long_edge_ratio_edge_cases_and_errors():
    assert np.isnan(long_edge_ratio(nx.empty_graph(3), {0: (0, 0), 1: (1, 0), 2: (2, 0)}))
    G = nx.path_graph(3)
    assert np.isnan(long_edge_ratio(G, {0: (0, 0), 1: (0, 0), 2: (0, 0)}))
    with pytest.raises(ValueError, match="percentile must be in \\(50, 100\\], got 40.0"):
        long_edge_ratio(G, {0: (0, 0), 1: (1, 0), 2: (2, 0)}, percentile=40)
    with pytest.raises(TypeError, match="percentile must be a real number"):
        long_edge_ratio_array(nx.to_scipy_sparse_array(G), np.zeros((3, 2)), percentile="99")
    with pytest.raises(nx.NetworkXError):
        long_edge_ratio(G, {0: (0, 0), 1: (1, 0)})


@pytest.mark.parametrize("G", [nx.star_graph(40), nx.wheel_graph(30), nx.barbell_graph(8, 2),
                               nx.complete_graph(12), nx.path_graph(20)])
def test_np2_of_a_vertex_that_sees_every_vertex_asks_no_query(G, monkeypatch):
    # a star's or a wheel's vertices have every other vertex within two hops: their
    # nearest points are all the others, counted without a k-d tree query of n points
    import nx_ordinal.metrics as metrics

    X = np.random.default_rng(3).random((len(G), 2))
    asked = []
    real = metrics.knn_lists

    def spy(X, k, *args, **kw):
        asked.append(int(np.max(k, initial=0)))
        return real(X, k, *args, **kw)

    monkeypatch.setattr(metrics, "knn_lists", spy)
    pos = dict(zip(G, X, strict=True))
    got = neighbourhood_preservation(G, pos, hops=2)
    assert got == pytest.approx(np_by_definition(G, X, 2), abs=1e-12)
    assert max(asked) < len(G) - 1
