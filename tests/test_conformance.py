"""Conformance checks of every method in the method table (``nx_ordinal/_methods.py``), in the
manner of scikit-learn's estimator checks.

Every registered layout is run through networkx's layout conventions and every registered solver
through the array conventions, with the table's cheap settings.  The parametrization comes from
the table itself (``method_cases``), so a method cannot be left out; checks that do not apply to
a method (a solver without ``max_iter``, an LP that cannot be interrupted) are reported as
skipped with the reason.  The last tests show that deleting a method's table entry removes its
layout everywhere at once.
"""

import copy
import importlib.util
import inspect
import pathlib
import sys
import warnings

import networkx as nx
import numpy as np
import pytest
from method_cases import cheap_layouts, layout_functions, solvers, table

import nx_ordinal
from nx_ordinal import _methods, registry
from nx_ordinal.constraints import sample_triplets
from nx_ordinal.embed import EmbeddingResult
from nx_ordinal.exceptions import InterruptedWarning

LAYOUTS = cheap_layouts()
SOLVERS = solvers()
NAMES = sorted(table())


def _run(f, G, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence / no-information warnings are documented
        return f(G, **kw)


def _array(pos, nodes, dim=2):
    assert list(pos) == list(nodes)
    X = np.array([pos[v] for v in nodes], dtype=np.float64).reshape(len(nodes), dim)
    assert all(isinstance(pos[v], np.ndarray) and pos[v].dtype == np.float64 for v in nodes)
    assert np.isfinite(X).all()
    return X


def _grid():
    return nx.grid_2d_graph(3, 4)


# ------------------------------------------------------------------------------ layouts
@pytest.mark.parametrize("method", NAMES)
def test_empty_graph(method):
    assert LAYOUTS[method](nx.Graph()) == {}
    assert LAYOUTS[method]([]) == {}


@pytest.mark.parametrize("method", NAMES)
def test_one_node_at_center(method):
    pos = LAYOUTS[method](nx.Graph([("x", "x")]), center=(1, 2))
    assert list(pos) == ["x"] and np.array_equal(pos["x"], [1.0, 2.0])
    pos = LAYOUTS[method](["y"], dim=3)
    assert np.array_equal(pos["y"], np.zeros(3))


RELABEL = {
    "ints": lambda v: 10 * v[0] + v[1],
    "strings": lambda v: f"n{v[0]}-{v[1]}",
    "tuples": lambda v: v,
    "mixed": lambda v: (v if v[0] == 0 else f"s{v}" if v[0] == 1 else 100 + v[1]),
}


@pytest.mark.parametrize("method", NAMES)
@pytest.mark.parametrize("labels", sorted(RELABEL))
def test_any_hashable_labels(method, labels):
    """Labels do not matter: the same graph under other labels gets the same drawing."""
    G = _grid()
    H = nx.relabel_nodes(G, {v: RELABEL[labels](v) for v in G})
    assert len(set(H)) == len(G)
    pos_g = _run(LAYOUTS[method], G, seed=3)
    pos_h = _run(LAYOUTS[method], H, seed=3)
    Xg = _array(pos_g, list(G))
    Xh = _array(pos_h, list(H))
    np.testing.assert_array_equal(Xg, Xh)


@pytest.mark.parametrize("method", NAMES)
def test_directed_graph(method):
    G = nx.DiGraph(nx.cycle_graph(9, create_using=nx.DiGraph))
    G.add_edges_from([(0, 4), (4, 0), (2, 7)])
    pos = _run(LAYOUTS[method], G, seed=0)
    X = _array(pos, list(G))
    assert np.ptp(X) > 0


@pytest.mark.parametrize("method", NAMES)
@pytest.mark.parametrize("dim", [1, 2, 3])
def test_dim(method, dim):
    G = _grid()
    pos = _run(LAYOUTS[method], G, dim=dim, seed=0)
    X = _array(pos, list(G), dim)
    assert np.abs(X).max() == pytest.approx(1.0)


@pytest.mark.parametrize("method", NAMES)
def test_scale_and_center(method):
    G = _grid()
    pos = _run(LAYOUTS[method], G, seed=1, scale=2.5)
    X = _array(pos, list(G))
    np.testing.assert_allclose(X.mean(axis=0), 0.0, atol=1e-12)  # centred
    assert np.abs(X).max() == pytest.approx(2.5)  # largest |coordinate| == scale
    shifted = _run(LAYOUTS[method], G, seed=1, scale=2.5, center=(3.0, -1.0))
    np.testing.assert_allclose(_array(shifted, list(G)), X + [3.0, -1.0], atol=1e-12)


@pytest.mark.parametrize("method", NAMES)
def test_store_pos_as_and_graph_unchanged(method):
    G = _grid()
    nx.set_node_attributes(G, "t", "tag")
    G.graph["name"] = "grid"
    before = copy.deepcopy(G)
    pos = _run(LAYOUTS[method], G, seed=0)
    assert nx.utils.graphs_equal(G, before)  # not mutated
    assert dict(G.nodes(data=True)) == dict(before.nodes(data=True))
    pos = _run(LAYOUTS[method], G, seed=0, store_pos_as="xy")
    for v in G:
        assert np.array_equal(G.nodes[v]["xy"], pos[v])
        assert G.nodes[v]["tag"] == "t"
    assert set(G.edges) == set(before.edges) and G.graph == before.graph


@pytest.mark.parametrize("method", NAMES)
def test_same_seed_same_bits(method):
    G = nx.petersen_graph()
    a = _run(LAYOUTS[method], G, seed=7)
    b = _run(LAYOUTS[method], G, seed=7)
    c = _run(LAYOUTS[method], G, seed=np.random.RandomState(7))
    d = _run(LAYOUTS[method], G, seed=np.random.RandomState(7))
    for v in G:
        assert np.array_equal(a[v], b[v]) and np.array_equal(c[v], d[v])


def _hull_contains(P, Q):
    """Which points of ``Q`` lie in the convex hull of the 2-D points ``P`` (a segment or
    a point when ``P`` is degenerate)."""
    from scipy.spatial import Delaunay

    if P.shape[0] >= 3 and np.linalg.matrix_rank(P - P.mean(axis=0), tol=1e-9) == 2:
        return Delaunay(P).find_simplex(Q) >= 0
    return np.zeros(len(Q), dtype=bool)  # a point or segment contains no other node


@pytest.mark.parametrize("method", NAMES)
@pytest.mark.parametrize("seed", [0, 1])
def test_disconnected_graph_with_isolated_node(method, seed):
    """Every component is drawn with spread (none collapses to a point or to a speck beside
    the others), its nodes apart, and no component overlaps another: no node lies in
    another component's convex hull."""
    G = nx.disjoint_union(nx.cycle_graph(6), nx.path_graph(5))
    G.add_node("lonely")
    pos = _run(LAYOUTS[method], G, seed=seed)
    X = _array(pos, list(G))
    index = {v: i for i, v in enumerate(G)}
    comps = [np.array(sorted(index[v] for v in c)) for c in nx.connected_components(G)]
    rms = {len(c): float(np.sqrt(((X[c] - X[c].mean(axis=0)) ** 2).sum(axis=1).mean()))
           for c in comps}
    assert rms[6] > 0.3 * rms[5] and rms[5] > 0.3 * rms[6], rms
    assert rms[6] > 0.1 and rms[5] > 0.1, rms  # of a drawing whose largest |coordinate| is 1
    for c in comps:  # the nodes of a component are apart: at least a fifth of its spread
        d = np.sqrt(((X[c][:, None] - X[c][None]) ** 2).sum(-1))[np.triu_indices(c.size, 1)]
        assert c.size == 1 or d.min() > 0.2 * rms[c.size] / np.sqrt(c.size), (c, d.min())
    for a in comps:
        others = np.setdiff1d(np.arange(len(G)), a)
        inside = _hull_contains(X[a], X[others])
        assert not inside.any(), f"nodes {others[inside]} inside the hull of component {a}"


# ------------------------------------------------------------------------------ solvers
N_POINTS = 30
_P = np.random.default_rng(0).random((N_POINTS, 2))


def _solver_call(name, dim=2, **extra):
    """Run solver ``name`` on cheap data of its kind; returns (result, n)."""
    solver, entry = SOLVERS[name]
    kw = {**entry["solver_test_kwargs"], **extra}
    params = inspect.signature(solver).parameters
    if "seed" in params:
        kw.setdefault("seed", 0)
    if entry["data"] == "adjacency":
        A = nx.to_scipy_sparse_array(nx.grid_2d_graph(6, 6), format="csr")
        return solver(A, dim, **kw), A.shape[0]
    if entry["data"] == "triplets":
        T = sample_triplets(_P, n_triplets=600, seed=0)
        return solver(T, N_POINTS, dim, **kw), N_POINTS
    assert entry["data"] == "distances", entry["data"]
    D = np.sqrt(((_P[:, None] - _P[None]) ** 2).sum(-1))
    D[0, 1] = D[1, 0] = 3.0  # an outlier: no exact embedding, so the solver has work to do
    return solver(D, dim, **kw), N_POINTS


def _takes(name, parameter):
    params = inspect.signature(SOLVERS[name][0]).parameters.values()
    return any(p.name == parameter or p.kind is p.VAR_KEYWORD for p in params)


def _check_result(res, n, dim):
    assert isinstance(res, EmbeddingResult)
    X = np.asarray(res.embedding)
    assert X.shape == (n, dim) and X.dtype == np.float64
    assert np.isfinite(X).all()
    return X


@pytest.mark.parametrize("method", NAMES)
@pytest.mark.parametrize("dim", [1, 3])
def test_solver_result_fields(method, dim):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res, n = _solver_call(method, dim)
    _check_result(res, n, dim)
    assert isinstance(res.objective, float)
    assert isinstance(res.n_iter, int) and res.n_iter >= 0
    assert isinstance(res.converged, bool)
    assert isinstance(res.history, (list, np.ndarray))
    assert isinstance(res.method, str) and res.method
    assert isinstance(res.info, dict)


@pytest.mark.parametrize("method", NAMES)
@pytest.mark.parametrize("budget", [("max_iter", 0), ("max_time", 1e-9)],
                         ids=["max_iter=0", "max_time=1e-9"])
def test_solver_no_budget_returns_finite_start_or_best(method, budget):
    """``max_iter=0``: the finite start, no iteration; a tiny ``max_time``: the finite best
    configuration so far, not converged."""
    parameter, value = budget
    if not _takes(method, parameter):
        pytest.skip(f"{SOLVERS[method][0].__name__} takes no {parameter}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res, n = _solver_call(method, **{parameter: value})
    _check_result(res, n, 2)
    assert not res.converged
    if parameter == "max_iter":
        assert res.n_iter == 0


_NO_START = {
    "landmark": "max_iter bounds the ranking stage only; the landmark pipeline has no start "
                "configuration of its own to return",
    "landmark_ste": "its start is the landmark embedding it computes itself; the STE stage "
                    "is the ste case",
}


@pytest.mark.parametrize("method", NAMES)
def test_solver_max_iter_zero_returns_its_start(method):
    """``max_iter=0`` returns the start it documents, compared by position: a given ``init``
    as is (LOE: rescaled by its documented halving search, a positive multiple; the "-p"
    Gram forms: the same Gram matrix), REE's classical-MDS start, and the objective of what
    it returns (never ``inf``)."""
    if not _takes(method, "max_iter"):
        pytest.skip(f"{SOLVERS[method][0].__name__} takes no max_iter")
    if method in _NO_START:
        pytest.skip(f"{method}: {_NO_START[method]}")
    solver, entry = SOLVERS[method]
    n = 36 if entry["data"] == "adjacency" else N_POINTS
    X0 = np.random.default_rng(5).normal(size=(n, 2))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if method == "ree":  # the default start, init="cmds"
            res, _ = _solver_call(method, max_iter=0)
        elif method == "dmoe":  # init is the projected form's (the ADMM starts from G = 0)
            res, _ = _solver_call(method, max_iter=0, init=X0, projected=True)
        else:
            res, _ = _solver_call(method, max_iter=0, init=X0)
    X = _check_result(res, n, 2)
    assert res.n_iter == 0 and not res.converged
    assert np.isfinite(res.objective), res.objective
    if method == "ree":
        from nx_ordinal.embed import classical_mds

        D = np.sqrt(((_P[:, None] - _P[None]) ** 2).sum(-1))
        D[0, 1] = D[1, 0] = 3.0
        Y = classical_mds(D, 2)
        np.testing.assert_allclose(X @ X.T, Y @ Y.T, rtol=0, atol=1e-10)
    elif method == "dmoe":
        np.testing.assert_allclose(X @ X.T, X0 @ X0.T, rtol=0, atol=1e-10)
    elif method == "loe":
        from nx_ordinal.embed import loe_objective

        s = float((X * X0).sum() / (X0 * X0).sum())
        assert s > 0
        np.testing.assert_allclose(X, s * X0, rtol=0, atol=1e-15 * np.abs(X).max() + 1e-300)
        A = nx.to_scipy_sparse_array(nx.grid_2d_graph(6, 6), format="csr")
        assert res.objective == pytest.approx(loe_objective(X, A), rel=1e-12)
    else:  # (SOE works in units of delta: X0 / delta * delta, one rounding)
        np.testing.assert_allclose(X, X0, rtol=0, atol=1e-15 * np.abs(X0).max())


@pytest.fixture
def interrupt(monkeypatch):
    """``interrupt(entry, k)``: the k-th call of the entry's interrupt point raises
    KeyboardInterrupt (``"progress"``: the per-iteration progress update)."""

    def install(entry, k):
        if entry["interrupt"] == "progress":
            from nx_ordinal._core.progress import Progress

            owner, attr = Progress, "update"
        else:
            module, attr = entry["interrupt"].split(":")
            owner = importlib.import_module(module)
        real = getattr(owner, attr)
        count = {"n": 0}

        def flaky(*args, **kw):
            count["n"] += 1
            if count["n"] == k:
                raise KeyboardInterrupt
            return real(*args, **kw)

        monkeypatch.setattr(owner, attr, flaky)
        return count

    return install


@pytest.mark.parametrize("method", NAMES)
def test_solver_interrupt_keeps_best_so_far(method, interrupt):
    entry = SOLVERS[method][1]
    if entry["interrupt"] is None:
        pytest.skip(f"{method}: {entry['interrupt_reason']}")
    extra = {"max_iter": 200} if _takes(method, "max_iter") else {}
    count = interrupt(entry, 3)
    with pytest.warns(InterruptedWarning, match="interrupted"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", category=UserWarning)
            warnings.simplefilter("always", category=InterruptedWarning)
            res, n = _solver_call(method, **extra)
    assert count["n"] >= 3  # the interrupt really happened
    _check_result(res, n, 2)
    assert not res.converged
    if _takes(method, "max_iter"):  # best so far: no worse than the start
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            start, _ = _solver_call(method, max_iter=0)
        assert res.objective <= start.objective, (res.objective, start.objective)


# ------------------------------------------------------------------------------ the table
def test_every_layout_function_is_in_the_table():
    """A layout in ``nx_ordinal.layouts`` without a table entry would escape these checks."""
    from nx_ordinal import layouts

    in_table = {f.__name__ for f in layout_functions().values()}
    assert set(layouts.__all__) == in_table
    assert {n for n, e in registry._REGISTRY.items() if e.ordinal} <= set(table())
    for name, entry in table().items():
        assert registry.get_layout(name) is layout_functions()[name]
        assert entry["description"] in dict((r[0], r[1]) for r in registry.describe_layouts())[
            name]


@pytest.fixture
def table_without(monkeypatch):
    """``table_without(name)``: the method table without ``name``, with everything derived
    from it rebuilt; the real table is restored afterwards."""

    def remove(name):
        edited = {k: v for k, v in _methods.METHODS.items() if k != name}
        monkeypatch.setattr(_methods, "METHODS", edited)
        registry.rebuild()

    yield remove
    monkeypatch.undo()
    registry.rebuild()


def _fresh(test_file):
    """A fresh copy of a test module (its module-level method lists recomputed)."""
    path = pathlib.Path(__file__).with_name(test_file)
    spec = importlib.util.spec_from_file_location(f"_fresh_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("method", ["ste", "dmoe"])
def test_deleting_a_table_entry_removes_the_method_everywhere(method, table_without):
    attr = f"{method}_layout"
    getattr(nx_ordinal, attr)  # imported and cached before the deletion
    derived = {f: _fresh(f) for f in ("test_conformance.py", "test_fuzz.py",
                                      "test_reliability.py")}
    assert all(method in m.LAYOUTS for m in derived.values())
    table_without(method)
    assert method not in nx_ordinal.available_layouts()
    assert method not in [r[0] for r in registry.describe_layouts()]  # the CLI's --help
    with pytest.raises(ValueError, match=f"unknown layout method '{method}'"):
        nx_ordinal.layout(nx.path_graph(4), method=method)
    with pytest.raises(AttributeError, match=attr):
        getattr(nx_ordinal, attr)
    assert attr not in dir(nx_ordinal) and attr not in nx_ordinal.__all__
    assert method not in cheap_layouts() and method not in solvers()
    for name, module in {f: _fresh(f) for f in derived}.items():
        assert method not in module.LAYOUTS, name
    assert method not in _fresh("test_conformance.py").NAMES
    sys.modules.pop("_fresh_test_conformance", None)


def test_table_restored_after_deletion():
    assert set(table()) <= set(nx_ordinal.available_layouts())
    assert nx_ordinal.ste_layout is layout_functions()["ste"]
