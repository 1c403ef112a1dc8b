"""Property-based tests (hypothesis) of every public layout and of the constraint checks.

Over random small graphs of every networkx class, with self-loops, parallel edges, isolated
nodes and labels of mixed types, every layout must: raise nothing; give every node a finite
position of the right dimension, rescaled to ``scale``; leave the input graph unchanged
(unless ``store_pos_as`` is given, which then holds the positions); and give bit-identical
output for the same seed.  Random constraint arrays must either be rejected with the
documented ``ValueError``/``TypeError`` or embed to finite coordinates.

The default profile runs 100 examples per entry point on graphs of at most 8 nodes with small
iteration budgets (deterministic: ``derandomize=True``); the ``slow`` tests repeat the graph
properties on larger graphs with 30.  ``NX_ORDINAL_FUZZ_EXAMPLES=N`` runs N examples per entry
point (and 0.3 N, at least 10, on the larger graphs), e.g. 1000 before a release.
"""

import copy
import inspect
import os
import warnings

import networkx as nx
import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402
from method_cases import layout_functions, table  # noqa: E402

from nx_ordinal import constraints as C  # noqa: E402
from nx_ordinal import metrics  # noqa: E402
from nx_ordinal.embed import classical_mds, soe  # noqa: E402

N_EXAMPLES = int(os.environ.get("NX_ORDINAL_FUZZ_EXAMPLES", 100))
FAST = settings(max_examples=N_EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=max(10, 3 * N_EXAMPLES // 10), deadline=None, derandomize=True,
                database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

LABELS = st.one_of(
    st.integers(-3, 40),
    st.text(alphabet="abcxyz", max_size=3),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.floats(min_value=-5, max_value=5, allow_nan=False, width=16),
    st.frozensets(st.integers(0, 3), max_size=2),
)
KINDS = [nx.Graph, nx.DiGraph, nx.MultiGraph, nx.MultiDiGraph]


@st.composite
def graphs(draw, max_nodes=8):
    nodes = draw(st.lists(LABELS, unique=True, max_size=max_nodes))
    G = draw(st.sampled_from(KINDS))()
    G.graph["name"] = "fuzz"
    for v in nodes:
        G.add_node(v, tag=str(v))
    n = len(nodes)
    if n:
        pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                              max_size=3 * n))
        for a, b in pairs:  # self-loops and parallel edges included
            G.add_edge(nodes[a], nodes[b], weight=draw(st.floats(0.5, 3.0)))
    return G


@pytest.fixture(autouse=True, scope="module")
def _one_blas_thread():
    """Tiny problems: one BLAS thread (multi-threaded OpenBLAS spins badly on a loaded machine,
    making each L-BFGS step ~10x slower)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover
        yield
        return
    with threadpool_limits(limits=1):
        yield


# every layout of the method table, with its cheap test settings; every function takes
# (G, seed=..., dim=..., **kw).  Hypothesis runs many examples, so budgets are cut further by
# parameter name (whatever the method): a few iterations, few sampled comparisons, the fewest
# landmarks.
FUZZ_CAPS = {"max_iter": 6, "n_constraints": 60, "max_triplets": 60}


def _fuzz_layout(name, f, cheap):
    params = inspect.signature(f).parameters
    caps = {k: v for k, v in FUZZ_CAPS.items() if k in params}
    loe_kwargs = cheap.get("loe_kwargs")

    def run(G, **kw):
        extra = dict(caps)
        if "n_landmarks" in params:
            extra["n_landmarks"] = kw.get("dim", 2) + 3
        if loe_kwargs is not None:
            extra["loe_kwargs"] = {**loe_kwargs, "max_iter": FUZZ_CAPS["max_iter"]}
        return f(G, **{**cheap, **extra, **kw})

    return run


LAYOUTS = {name: _fuzz_layout(name, layout_functions()[name], entry["test_kwargs"])
           for name, entry in table().items()}
# larger graphs: ASAP really cuts them into patches
SLOW_KW = {"asap_loe": {"max_patch_size": 12}}


def _run(f, G, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence / no-information warnings are documented
        return f(G, **kw)


def _check_layout_properties(method, G, dim, seed, store, extra=None):
    base = LAYOUTS[method]
    extra = extra or {}

    def f(G, **kw):
        return base(G, **extra, **kw)

    before = copy.deepcopy(G)
    kw = {"seed": seed, "dim": dim, "scale": 2.0}
    if store:
        kw["store_pos_as"] = "xy"
    pos = _run(f, G, **kw)
    nodes = list(G)
    assert list(pos) == nodes
    X = np.array([pos[v] for v in nodes]).reshape(len(nodes), dim)
    assert X.dtype == np.float64 and np.isfinite(X).all()
    if len(nodes) >= 2 and np.ptp(X) > 0:
        assert np.abs(X).max() == pytest.approx(2.0)
    if store:
        for v in nodes:
            assert np.array_equal(G.nodes[v].pop("xy"), pos[v])
    assert nx.utils.graphs_equal(G, before)
    again = _run(f, G, seed=seed, dim=dim, scale=2.0)
    assert all(np.array_equal(pos[v], again[v]) for v in nodes)


@pytest.mark.parametrize("method", sorted(LAYOUTS))
@FAST
@given(G=graphs(), dim=st.integers(1, 3), seed=st.integers(0, 2**31 - 1), store=st.booleans())
def test_layout_properties(method, G, dim, seed, store):
    _check_layout_properties(method, G, dim, seed, store)


@pytest.mark.slow
@pytest.mark.parametrize("method", sorted(LAYOUTS))
@SLOW
@given(G=graphs(max_nodes=40), dim=st.integers(1, 3), seed=st.integers(0, 2**31 - 1),
       store=st.booleans())
def test_layout_properties_larger_graphs(method, G, dim, seed, store):
    try:
        _check_layout_properties(method, G, dim, seed, store, SLOW_KW.get(method))
    except nx.NetworkXError as exc:  # documented: patches too small to overlap
        assert method == "asap_loe" and "increase max_patch_size" in str(exc)


@FAST
@given(G=graphs(), data=st.data())
def test_metrics_on_random_graphs(G, data):
    nodes = list(G)
    pos = {v: np.array(data.draw(st.tuples(st.floats(-9, 9), st.floats(-9, 9))))
           for v in nodes}
    before = copy.deepcopy(G)
    g = metrics.gari(G, pos)
    assert np.isnan(g) or -1.0 - 1e-9 <= g <= 1.0 + 1e-9
    assert metrics.err_local(G, pos) >= 0
    e = metrics.adjacency_error(G, pos)
    assert np.isnan(e) or e >= 0
    assert nx.utils.graphs_equal(G, before)


INDEX_ARRAYS = st.one_of(
    hnp.arrays(np.int64, st.tuples(st.integers(0, 12), st.sampled_from([2, 3, 4])),
               elements=st.integers(-2, 9)),
    hnp.arrays(np.float64, st.tuples(st.integers(0, 12), st.sampled_from([3, 4])),
               elements=st.one_of(st.integers(0, 7).map(float),
                                  st.sampled_from([0.5, np.nan, np.inf, -1.0]))),
)


@FAST
@given(T=INDEX_ARRAYS, n=st.one_of(st.none(), st.integers(0, 10)), seed=st.integers(0, 99))
def test_random_constraint_arrays(T, n, seed):
    original = T.copy()
    try:
        Cv, n_obj = C.check_constraints(T, n)
    except (ValueError, TypeError) as exc:
        assert str(exc) and "\n" not in str(exc)
        with pytest.raises(type(exc)):
            soe(T, n, max_iter=5, seed=seed)
    else:
        assert Cv.dtype == np.int64 and (Cv >= 0).all() and (Cv < max(n_obj, 1)).all()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = soe(T, n, max_iter=5, seed=seed)
            again = soe(T, n, max_iter=5, seed=seed)
        assert res.embedding.shape == (n_obj, 2) and np.isfinite(res.embedding).all()
        assert np.array_equal(res.embedding, again.embedding)
        # row r is contradicted iff some row states the reverse comparison (pairs unordered);
        # checked against a direct O(m^2) reading of the definition
        Q = C.triplets_to_quadruplets(Cv)
        pairs = [(frozenset(q[:2]), frozenset(q[2:])) for q in Q.tolist()]
        expected = [r for r, (p1, p2) in enumerate(pairs) if (p2, p1) in pairs]
        assert C.find_contradictions(Cv).tolist() == expected
    np.testing.assert_array_equal(T, original)  # input never mutated


@FAST
@given(D=hnp.arrays(np.float64, st.tuples(st.integers(0, 6), st.integers(0, 6)),
                    elements=st.one_of(st.floats(0, 10), st.sampled_from([np.nan, np.inf,
                                                                            -1.0]))),
       sym=st.booleans())
def test_random_distance_matrices(D, sym):
    if sym and D.shape[0] == D.shape[1]:
        D = np.triu(D, 1) + np.triu(D, 1).T
    original = D.copy()
    try:
        X = classical_mds(D, 2)
    except ValueError as exc:
        assert str(exc).startswith("D ")
    else:
        assert X.shape == (D.shape[0], 2) and np.isfinite(X).all()
    np.testing.assert_array_equal(D, original)
