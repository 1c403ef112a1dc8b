"""Bad input at every public entry point: exact exception types and message fragments, the
documented results for degenerate graphs, Ctrl-C during the iterative solvers, the memory
guard, and no unsafe deserialisation anywhere.  ``docs/reliability.md`` is the table of these
behaviours; keep the two in step."""

import copy
import inspect
import pathlib
import re
import warnings

import networkx as nx
import numpy as np
import pytest
from method_cases import cheap_layouts, layout_functions, table

import nx_ordinal
from nx_ordinal import constraints as C
from nx_ordinal import density, layouts, metrics, rigidity, tvmple
from nx_ordinal.datasets import pc
from nx_ordinal.embed import classical_mds, laplacian_eigenmaps, loe, ree, soe
from nx_ordinal.embed.dmoe import dmoe
from nx_ordinal.embed.landmark import landmark_embedding
from nx_ordinal.embed.lp import lp_embedding
from nx_ordinal.embed.ste import gnmds, ste, tste
from nx_ordinal.exceptions import (
    InterruptedWarning,
    MemoryLimitError,
    NoOrdinalInformationWarning,
)

pytestmark = pytest.mark.filterwarnings("ignore::nx_ordinal.exceptions.ConvergenceWarning")

P6 = nx.path_graph(6)
A6 = nx.to_scipy_sparse_array(P6)
X5 = np.random.default_rng(0).random((5, 2))
POS6 = {v: (float(v), 0.0) for v in P6}
ASYM = np.array([[0.0, 1.0, 2.0], [2.0, 0.0, 1.0], [1.0, 1.0, 0.0]])

# every layout of the method table with its cheap test settings, so that the valid-input tests
# stay cheap; the iterative ones (an iteration budget of their own or of their patch solver)
# are also interrupted
LAYOUTS = cheap_layouts()
ITERATIVE = sorted(name for name, f in layout_functions().items()
                   if {"max_iter", "loe_kwargs"} & set(inspect.signature(f).parameters))

def _case(f, exc, match, id):
    return pytest.param(f, exc, match, id=id)


# --------------------------------------------------------------------------- layouts (shared)
LAYOUT_CASES = []
for _name, _f in LAYOUTS.items():
    LAYOUT_CASES += [
        _case(lambda f=_f: f(P6, dim=0), ValueError, "dim must be >= 1, got 0", f"{_name}-dim0"),
        _case(lambda f=_f: f(P6, dim=1.5), TypeError, "dim must be an integer, got 1.5",
              f"{_name}-dim-float"),
        _case(lambda f=_f: f(P6, scale=float("nan")), ValueError, "scale must be a finite",
              f"{_name}-scale-nan"),
        _case(lambda f=_f: f(P6, center=(0, 0, 0)), ValueError, "center coordinates",
              f"{_name}-center"),
        _case(lambda f=_f: f(5), TypeError, "G must be a networkx graph or a list of nodes",
              f"{_name}-G-int"),
        _case(lambda f=_f: f(P6, pos={0: (np.nan, 0.0)}), ValueError, r"pos\[0\] is not finite",
              f"{_name}-pos-nan"),
        _case(lambda f=_f: f(P6, pos=[(0, 0)]), TypeError, "pos must be a dict",
              f"{_name}-pos-list"),
        _case(lambda f=_f: f(P6, pos={0: (0, 0, 0)}), ValueError, "expected dim=2",
              f"{_name}-pos-dim"),
    ]

BAD_INPUT = LAYOUT_CASES + [
    # ---------------------------------------------------------------- layout-specific
    _case(lambda: layouts.loe_layout(P6, delta=float("nan")), ValueError,
          "delta must be a finite number > 0, got nan", "loe_layout-delta-nan"),
    _case(lambda: layouts.loe_layout(P6, n_init=0), ValueError, "n_init must be >= 1",
          "loe_layout-n_init"),
    _case(lambda: layouts.loe_layout(P6, max_iter=-1), ValueError, "max_iter must be >= 0",
          "loe_layout-max_iter"),
    _case(lambda: layouts.loe_layout(P6, tol=float("inf")), ValueError, "tol must be a finite",
          "loe_layout-tol-inf"),
    _case(lambda: layouts.loe_layout(P6, max_time=0), ValueError, "max_time must be a finite",
          "loe_layout-max_time"),
    _case(lambda: layouts.loe_layout(P6, method="x"), ValueError, "method must be one of",
          "loe_layout-method"),
    _case(lambda: layouts.loe_layout(P6, weight="w"), ValueError, "weight must be None",
          "loe_layout-weight"),
    _case(lambda: layouts.soe_layout(P6, n_constraints=0), ValueError,
          "n_constraints must be >= 1", "soe_layout-n_constraints"),
    _case(lambda: layouts.soe_layout(nx.Graph([(0, 1, {"w": -1}), (1, 2, {"w": 1})]),
                                     weight="w"), ValueError, "edge (0, 1) has an invalid 'w'",
          "soe_layout-negative-weight"),
    _case(lambda: layouts.soe_layout(nx.Graph([(0, 1, {"w": "x"}), (1, 2)]), weight="w"),
          ValueError, "non-numeric 'w'", "soe_layout-string-weight"),
    _case(lambda: layouts.ree_layout(nx.Graph([(0, 1, {"w": -1.0}), (1, 2)]), weight="w"),
          ValueError, "edge (0, 1) has an invalid 'w'", "ree_layout-negative-weight"),
    _case(lambda: layouts.ree_layout(P6, step=0), ValueError, "step must be a finite",
          "ree_layout-step"),
    _case(lambda: layouts.asap_loe_layout(P6, max_patch_size=0), ValueError,
          "max_patch_size must be >= 4", "asap-max_patch_size"),
    _case(lambda: layouts.asap_loe_layout(P6, n_jobs=0), ValueError, "n_jobs must be >= 1",
          "asap-n_jobs"),
    _case(lambda: layouts.asap_loe_layout(P6, embedder=3), TypeError,
          "embedder must be callable", "asap-embedder"),
    _case(lambda: layouts.loe_layout(P6, seed=-1), ValueError, "seed must be non-negative, got -1",
          "loe_layout-seed-negative"),
    _case(lambda: nx_ordinal.layout(P6, method="nope"), ValueError, "unknown layout method",
          "registry-unknown"),
    _case(lambda: nx_ordinal.layout(P6, method=3), TypeError,
          "layout method must be a string, got 3", "registry-method-int"),
    # ---------------------------------------------------------------- solvers
    _case(lambda: loe(np.ones((3, 4))), ValueError, "adjacency must be a square matrix",
          "loe-nonsquare"),
    _case(lambda: loe(np.array([[0, np.nan], [1, 0]])), ValueError,
          "adjacency has non-finite entries: nan", "loe-nan"),
    _case(lambda: loe(np.array([[0, -1.0], [1, 0]])), ValueError,
          "adjacency has negative entries: -1.0", "loe-negative"),
    _case(lambda: loe("abc"), TypeError, "adjacency must be a numeric array", "loe-str"),
    _case(lambda: loe(A6, init=np.full((6, 2), np.nan)), ValueError,
          "init contains non-finite", "loe-init-nan"),
    _case(lambda: loe(A6, init=np.zeros((5, 2))), ValueError, r"init must have shape \(6, 2\)",
          "loe-init-shape"),
    _case(lambda: laplacian_eigenmaps(A6, 0), ValueError, "dim must be >= 1",
          "laplacian_eigenmaps-dim"),
    _case(lambda: soe([[0, 1, -1]], 3), ValueError, "row 0 has a negative index: [0, 1, -1]",
          "soe-negative-index"),
    _case(lambda: soe([[0, 1, 1.5]], 3), ValueError, "non-integer index",
          "soe-float-index"),
    _case(lambda: soe([[0, 1, 5]], 3), ValueError, "out of range for n_objects=3",
          "soe-out-of-range"),
    _case(lambda: soe([[0, 0, 1]], 3), ValueError, "refers to the same object twice",
          "soe-self-reference"),
    _case(lambda: soe([[0, 1, 2, 1, 0]], 3), ValueError, "must have 3 or 4 columns",
          "soe-columns"),
    _case(lambda: soe([["a", "b", "c"]], 3), TypeError, "must be an integer array",
          "soe-strings"),
    _case(lambda: soe([[True, False, True]], 3), TypeError, "dtype bool", "soe-bool"),
    _case(lambda: soe([[0, 1, 2]], 3.0), TypeError, "n_objects must be an integer",
          "soe-n_objects-float"),
    _case(lambda: soe([[0, 1, 2], [0, 1]], 3), ValueError, "could not be read as an array",
          "soe-ragged"),
    _case(lambda: soe([[0, 1, 2]], 3, delta=-1), ValueError, "delta must be a finite number",
          "soe-delta"),
    _case(lambda: classical_mds(np.ones((3, 4))), ValueError, "D must be a square matrix",
          "cmds-nonsquare"),
    _case(lambda: classical_mds(ASYM), ValueError,
          "D must be symmetric, got 1.0 at (0, 1) and 2.0 at (1, 0)", "cmds-asymmetric"),
    _case(lambda: classical_mds(np.array([[0, np.inf], [np.inf, 0]])), ValueError,
          "D has a non-finite entry at index (0, 1): inf", "cmds-inf"),
    _case(lambda: classical_mds(np.array([[0, -1.0], [-1.0, 0]])), ValueError,
          "D must be non-negative, got -1.0", "cmds-negative"),
    _case(lambda: classical_mds(np.ones((2, 2))), ValueError, "D must have a zero diagonal",
          "cmds-diagonal"),
    _case(lambda: classical_mds("abc"), TypeError, "D must be a numeric array", "cmds-str"),
    _case(lambda: ree(ASYM, 2), ValueError, "D must be symmetric", "ree-asymmetric"),
    _case(lambda: ree(np.array([[0, np.nan], [np.nan, 0]]), 1), ValueError,
          "non-finite entries with non-zero weight", "ree-nan"),
    _case(lambda: ree(np.zeros((3, 3)), 1, weights=-np.ones((3, 3))), ValueError,
          "weights must be finite and non-negative", "ree-weights"),
    _case(lambda: ree(np.zeros((3, 3)), 1, n_landmarks=5), ValueError,
          "n_landmarks must be <= the number of points", "ree-landmarks"),
    _case(lambda: lp_embedding(np.array([[0, 1], [1, 0]])), ValueError,
          "needs at least 3 nodes, got 2", "lp-two-nodes"),
    _case(lambda: lp_embedding("x"), TypeError, "the kNN adjacency must be a numeric array",
          "lp-str"),
    _case(lambda: lp_embedding(A6, triangle=2.0), ValueError, "triangle must be",
          "lp-triangle"),
    # ---------------------------------------------------------------- constraints
    _case(lambda: C.knn_graph(X5, 5), ValueError,
          "k must be smaller than the number of points (5), got 5", "knn-k-equals-n"),
    _case(lambda: C.knn_graph(X5, 0), ValueError, "k must be >= 1, got 0", "knn-k-zero"),
    _case(lambda: C.knn_graph(X5, 1.5), TypeError, "k must be an integer, got 1.5",
          "knn-k-float"),
    _case(lambda: C.knn_graph(np.array([[0, np.nan], [1, 1], [2, 2]]), 1), ValueError,
          "points row 0 is not finite", "knn-nan"),
    _case(lambda: C.knn_adjacency("abc", 1), TypeError, "points must be a numeric array",
          "knn-str"),
    _case(lambda: C.local_triplets(A6, -1), ValueError, "max_triplets must be >= 0",
          "local_triplets-negative"),
    _case(lambda: C.local_triplets("abc"), TypeError, "A must be a numeric array",
          "local_triplets-str"),
    _case(lambda: C.random_triplets(2, 5), ValueError, "need at least 3 objects",
          "random_triplets-n"),
    _case(lambda: C.random_triplets(5, -1), ValueError, "n_triplets must be >= 0",
          "random_triplets-m"),
    _case(lambda: C.orient_triplets([[0, 1, 5]], X5[:3]), ValueError,
          "out of range for n_objects=3", "orient-out-of-range"),
    _case(lambda: C.orient_triplets([[0, 1, 2]]), ValueError, "give exactly one of X",
          "orient-no-source"),
    _case(lambda: C.sample_triplets(D=np.full((3, 3), np.nan), n_triplets=5), ValueError,
          "D contains NaN entries", "sample_triplets-nan"),
    _case(lambda: C.sample_triplets(X5, D=np.zeros((5, 5)), n_triplets=5), ValueError,
          "give exactly one of X", "sample_triplets-both"),
    _case(lambda: C.all_quadruplets(np.ones((3, 4))), ValueError, "D must be a square matrix",
          "all_quadruplets-nonsquare"),
    _case(lambda: C.graph_to_csr("abc"), TypeError, "G must be a networkx graph, got str",
          "graph_to_csr-str"),
    _case(lambda: C.graph_to_csr(P6, [0, 1, 99]), nx.NetworkXError,
          "node 99 in nodelist is not in G", "graph_to_csr-missing"),
    _case(lambda: C.graph_to_csr(P6, [0, 0, 1]), nx.NetworkXError, "duplicate nodes",
          "graph_to_csr-duplicate"),
    _case(lambda: C.check_constraints([[0, 1, 2]], -1), ValueError, "n_objects must be >= 0",
          "check_constraints-n"),
    _case(lambda: C.check_constraints(None), TypeError, "must be an integer array",
          "check_constraints-none"),
    _case(lambda: C.check_quadruplets([[0, 1, 1, 0]]), ValueError,
          "compares a distance with itself", "quadruplet-self"),
    _case(lambda: C.find_contradictions([[0, 1, np.inf]]), ValueError, "non-integer index",
          "find_contradictions-inf"),
    # ---------------------------------------------------------------- metrics
    _case(lambda: metrics.gari(P6, {0: (0, 0)}), nx.NetworkXError,
          "node 1 has no position in pos", "gari-missing"),
    _case(lambda: metrics.gari(P6, {v: (np.nan, 0) for v in P6}), ValueError,
          "pos contains non-finite coordinates: node 0", "gari-nan"),
    _case(lambda: metrics.gari("abc", {}), TypeError, "G must be a networkx graph",
          "gari-G-str"),
    _case(lambda: metrics.gari(P6, "abc"), TypeError, "pos must be a numeric array",
          "gari-pos-str"),
    _case(lambda: metrics.gari(P6, {v: (0.0,) * (1 + v % 2) for v in P6}), ValueError,
          "same dimension", "gari-ragged"),
    _case(lambda: metrics.gari(P6, {v: ("a", "b") for v in P6}), TypeError,
          "pos[0] is not a numeric coordinate", "gari-pos-strings"),
    _case(lambda: metrics.gari_array(A6, np.zeros((5, 2))), ValueError,
          r"X must have shape \(6, dim\)", "gari_array-shape"),
    _case(lambda: metrics.err_local(P6, POS6, delta=0), ValueError,
          "delta must be a finite number > 0", "err_local-delta"),
    _case(lambda: metrics.triplet_error([[0, 1, 2]], np.array([[0.0], [np.nan], [1.0]])),
          ValueError, "X has a non-finite entry at index (1, 0): nan", "triplet_error-nan"),
    _case(lambda: metrics.procrustes_error(np.zeros((3, 2)), np.zeros((4, 2))), ValueError,
          "different numbers of points: 3 and 4", "procrustes-shape"),
    _case(lambda: metrics.procrustes_error(np.full((3, 2), np.nan), np.zeros((3, 2))),
          ValueError, "X has a non-finite entry", "procrustes-nan"),
    _case(lambda: metrics.procrustes_error(np.zeros((3, 2, 2)), np.zeros((3, 2, 2))),
          ValueError, "must be 2-d arrays", "procrustes-3d"),
    _case(lambda: metrics.adjacency_error(P6, POS6, k=6), ValueError,
          "k must be at most n - 1 = 5, got 6", "adjacency_error-k"),
    _case(lambda: metrics.adjacency_error(np.ones((2, 3)), np.zeros((2, 1))), ValueError,
          "adjacency must be a square matrix", "adjacency_error-nonsquare"),
    # ---------------------------------------------------------------- rigidity, density, data
    _case(lambda: rigidity.is_rigid(P6, 0), ValueError, "dim must be >= 1", "is_rigid-dim"),
    _case(lambda: rigidity.is_rigid("abc"), TypeError, "G must be a networkx graph",
          "is_rigid-str"),
    _case(lambda: rigidity.is_globally_rigid(P6, method="x"), ValueError,
          "method must be one of", "is_globally_rigid-method"),
    _case(lambda: rigidity.rigidity_matrix(P6, {0: (0, 0)}), nx.NetworkXError,
          "node 1 has no position", "rigidity_matrix-pos"),
    _case(lambda: density.knn_density(C.knn_graph(X5, 2), 0), ValueError,
          "dim must be >= 1", "knn_density-dim"),
    _case(lambda: density.knn_density("abc", 2), TypeError,
          "the kNN adjacency must be a numeric array", "knn_density-str"),
    _case(lambda: density.knn_density(nx.DiGraph(), 2), ValueError,
          "at least 2 vertices and an edge", "knn_density-empty"),
    _case(lambda: density.density_reweighted_distances(C.knn_graph(X5, 2), 2,
                                                       density=-np.ones(5)),
          ValueError, "density must be finite and positive", "density-negative"),
    _case(lambda: tvmple.tv_mple(X5, lam=-1), ValueError, "lam must be a finite number > 0",
          "tv_mple-lam"),
    _case(lambda: tvmple.tv_mple(np.full((5, 2), np.nan)), ValueError,
          "X contains non-finite values", "tv_mple-nan"),
    _case(lambda: tvmple.tv_mple(np.zeros((0, 2))), ValueError, "non-empty",
          "tv_mple-empty"),
    _case(lambda: pc(-1), ValueError, "n must be >= 0, got -1", "datasets-n-negative"),
    _case(lambda: pc(1.5), TypeError, "n must be an integer, got 1.5", "datasets-n-float"),
    # ---------------------------------------------------------------- memory limit, fixed
    _case(lambda: nx_ordinal.set_memory_limit(-5), ValueError,
          "must be a finite number of bytes > 0", "memory-limit-negative"),
    _case(lambda: nx_ordinal.set_memory_limit("lots"), ValueError, "'4G'",
          "memory-limit-string"),
    _case(lambda: nx_ordinal.set_memory_limit(True), TypeError, "number of bytes",
          "memory-limit-bool"),
    # ---------------------------------------------------------------- triplet family, landmark
    _case(lambda: ste([[0, 1, -1]], 3), ValueError, "row 0 has a negative index", "ste-negative"),
    _case(lambda: ste(np.empty((0, 3), dtype=int), 3), ValueError, "constraints is empty",
          "ste-empty"),
    _case(lambda: ste([[0, 1, 2]], 3, init=np.full((3, 2), np.nan)), ValueError,
          "init contains non-finite", "ste-init-nan"),
    _case(lambda: ste([[0, 1, 2]], 3, projected="yes"), TypeError,
          "projected must be a bool", "ste-projected"),
    _case(lambda: tste([[0, 1, 2]], 3, alpha=-1), ValueError, "alpha must be a finite number",
          "tste-alpha"),
    _case(lambda: gnmds([[0, 1, 2]], 3, margin=0), ValueError, "margin must be a finite",
          "gnmds-margin"),
    _case(lambda: dmoe([[0, 1, 2]], 3, rho=0.5), ValueError, "rho must be >= 1", "dmoe-rho"),
    _case(lambda: dmoe([[0, 1, 2.5]], 3), ValueError, "non-integer index", "dmoe-float-index"),
    _case(lambda: landmark_embedding(np.array([[0, 1, 2]]), 3, n_landmarks=5), ValueError,
          "n_landmarks=5 must be < n_objects=3", "landmark-n_landmarks"),
    _case(lambda: layouts.landmark_layout(P6, n_landmarks=1), ValueError,
          "n_landmarks must be >= 5", "landmark_layout-n_landmarks"),
    _case(lambda: layouts.landmark_layout(P6, ties="x"), ValueError, "ties must be one of",
          "landmark_layout-ties"),
    _case(lambda: layouts.landmark_layout(P6, pos={0: (np.nan, 0)}), ValueError,
          r"pos\[0\] is not finite", "landmark_layout-pos-nan"),
    _case(lambda: layouts.ste_layout(P6, max_triplets=0), ValueError,
          "max_triplets must be a positive int", "ste_layout-max_triplets"),
    _case(lambda: layouts.gnmds_layout(P6, weight="w"), ValueError, "weight must be None",
          "gnmds_layout-weight"),
    # ---------------------------------------------------------------- compare, plot
    _case(lambda: _compare("abc", ["spring"]), TypeError, "G must be a networkx graph",
          "compare-G-str"),
    _case(lambda: _compare(P6, ["nope"]), ValueError, "unknown layout method 'nope'",
          "compare-unknown"),
    _case(lambda: _compare(P6, ["spring"], dim=0), ValueError, "dim must be >= 1",
          "compare-dim"),
    _case(lambda: _draw(P6, {0: (0.0, 0.0)}), nx.NetworkXError, "node 1 has no position in pos",
          "draw_layout-missing"),
    _case(lambda: _draw(P6, {v: (np.nan, 0.0) for v in P6}), ValueError,
          "pos contains non-finite coordinates: node 0", "draw_layout-nan"),
    _case(lambda: _draw(P6, {v: (0.0,) * 4 for v in P6}), ValueError,
          "can draw only 1-, 2- or 3-D positions", "draw_layout-dim"),
]


def _compare(*args, **kw):
    from nx_ordinal.compare import compare_layouts

    return compare_layouts(*args, **kw)


def _draw(G, pos):
    import matplotlib

    matplotlib.use("Agg")
    from nx_ordinal.plot import draw_layout

    return draw_layout(G, pos)


def test_compare_accepts_a_single_method_name():
    rows = _compare(P6, "spectral")
    assert [r["method"] for r in rows] == ["spectral"]


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


BILLION_LAUGHS = ('<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aaaaaaaaaa">'
                  '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
                  '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
                  '<graph edgedefault="undirected"><node id="&b;"/></graph></graphml>')
READER_CASES = [
    ("g.edgelist", "1 2 3 4 5\n", "line 1: expected 'u v [weight]'"),
    ("g.graphml", "<graphml><node", "cannot read graphml graph"),
    ("h.graphml", BILLION_LAUGHS, "entity declarations are not allowed"),
    ("g.gml", "graph [ node [ id 1 ] edge [ source 1 target 9 ] ]", "undefined target 9"),
    ("g.json", "{not json", "cannot read json graph"),
    ("h.json", "[1, 2]", "not a node-link JSON object"),
    ("i.json", "[" * 100_000 + "]" * 100_000, "cannot read json graph"),
]


@pytest.mark.parametrize("name, text, match", READER_CASES,
                         ids=[c[0] + "-" + c[2][:20] for c in READER_CASES])
def test_readers_give_one_line_errors(tmp_path, name, text, match):
    from nx_ordinal.io import read_graph

    with pytest.raises(ValueError, match=re.escape(match)) as info:
        read_graph(_write(tmp_path, name, text))
    assert "\n" not in str(info.value)


def test_reader_bad_format_and_missing_file(tmp_path):
    from nx_ordinal.io import read_graph, read_layout, write_layout

    with pytest.raises(ValueError, match="unknown graph format 'pickle'"):
        read_graph(_write(tmp_path, "a.txt", "1 2"), format="pickle")
    with pytest.raises(OSError, match="no such file"):
        read_graph(tmp_path / "missing.edgelist")
    (tmp_path / "b.edgelist").write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(ValueError, match="not a text file"):
        read_graph(tmp_path / "b.edgelist")
    with pytest.raises(ValueError, match="is not an nx_ordinal layout file"):
        read_layout(_write(tmp_path, "l.json", '{"a": 1}'))
    with pytest.raises(ValueError, match="positions must be finite"):
        write_layout(tmp_path / "w.json", {0: np.array([np.nan, 0.0])})
    with pytest.raises(TypeError, match="pos must be a dict"):
        write_layout(tmp_path / "w.json", "abc")
    assert not (tmp_path / "w.json").exists()


@pytest.mark.parametrize("output", ["out.png", "out.json"])
def test_cli_draw_never_leaves_a_half_written_file(tmp_path, monkeypatch, output):
    import json

    import matplotlib.figure

    from nx_ordinal import cli

    graph = _write(tmp_path, "g.edgelist", "1 2\n2 3\n3 4\n4 1\n1 3\n")
    out = tmp_path / output
    out.write_bytes(b"previous result")

    def broken_savefig(self, fh, **kw):
        fh.write(b"\x89PNG half")
        raise KeyboardInterrupt

    def broken_dump(obj, fh, **kw):
        fh.write('{"format": "nx_ordinal.lay')
        raise KeyboardInterrupt

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", broken_savefig)
    monkeypatch.setattr(json, "dump", broken_dump)
    assert cli.main(["draw", str(graph), "-m", "spectral", "-o", str(out)]) == 130
    assert out.read_bytes() == b"previous result"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["g.edgelist", output])




def test_enough_bad_input_cases():
    assert len(BAD_INPUT) >= 40


@pytest.mark.parametrize("call, exc, match", BAD_INPUT)
def test_bad_input(call, exc, match):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(exc) as info:
            call()
    message = str(info.value)
    assert re.search(match, message) or match in message, message
    assert "\n" not in message.strip()  # one-line errors


# --------------------------------------------------------------------------- documented results
def _finite(pos, nodes):
    assert list(pos) == list(nodes)
    X = np.array([pos[v] for v in nodes])
    assert X.shape == (len(nodes), 2) and np.isfinite(X).all()
    return X


DEGENERATE = {
    "self-loops": nx.Graph([(0, 0), (0, 1), (1, 2), (2, 3), (3, 3)]),
    "multigraph": nx.MultiGraph([(0, 1), (0, 1), (1, 2), (2, 3), (3, 4)]),
    "directed-with-sinks": nx.DiGraph([(0, 1), (1, 2), (0, 3), (4, 3)]),
    "isolated-nodes": nx.Graph([(0, 1), (1, 2), (2, 3)]),
    "disconnected": nx.disjoint_union(nx.path_graph(4), nx.cycle_graph(5)),
    "mixed-labels": nx.relabel_nodes(nx.path_graph(6), {0: "a", 1: (1, 2), 2: 3.5,
                                                        3: frozenset([1]), 4: b"x", 5: 7}),
    "two-nodes": nx.path_graph(2),
}
DEGENERATE["isolated-nodes"].add_nodes_from(["lonely", 99])


@pytest.mark.parametrize("method", sorted(LAYOUTS))
@pytest.mark.parametrize("kind", sorted(DEGENERATE))
def test_degenerate_graphs_get_finite_positions(method, kind):
    G = DEGENERATE[kind]
    before = copy.deepcopy(G)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pos = LAYOUTS[method](G, seed=1)
    X = _finite(pos, list(G))
    assert np.abs(X).max() == pytest.approx(1.0)
    assert nx.utils.graphs_equal(G, before)


@pytest.mark.parametrize("method", sorted(n for n, e in table().items() if e["ordinal"]))
@pytest.mark.parametrize("G", [nx.complete_graph(6), nx.empty_graph(5)],
                         ids=["complete", "edgeless"])
def test_no_ordinal_information_warns(method, G):
    with pytest.warns(NoOrdinalInformationWarning):
        pos = LAYOUTS[method](G, seed=0)
    _finite(pos, list(G))


def test_no_ordinal_information_solver_level():
    with pytest.warns(NoOrdinalInformationWarning, match="no local triplets"):
        res = loe(nx.to_scipy_sparse_array(nx.complete_graph(5)), seed=0)
    assert res.embedding.shape == (5, 2) and np.isfinite(res.embedding).all()
    assert res.info["no_ordinal_information"]


@pytest.mark.parametrize("method", sorted(LAYOUTS))
def test_pos_with_extra_nodes_is_ignored(method):
    pos = LAYOUTS[method](P6, pos={**POS6, "ghost": (5.0, 5.0)}, seed=0)
    _finite(pos, list(P6))
    assert "ghost" not in pos


def test_contradictory_constraints_are_accepted_and_found():
    T = np.array([[0, 1, 2], [0, 2, 1], [1, 0, 2], [3, 1, 2]])
    assert C.find_contradictions(T).tolist() == [0, 1]
    Q = np.array([[0, 1, 2, 3], [3, 2, 1, 0], [0, 2, 1, 3]])
    assert C.find_contradictions(Q).tolist() == [0, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = soe(T, 4, max_iter=50, seed=0)
    assert np.isfinite(res.embedding).all()
    # at most one of a contradictory pair can hold; SOE's optimum ties the pair
    # (d01 = d02 minimises (d01 + delta - d02)^2 + (d02 + delta - d01)^2), and a tie counts
    # as violated, so the error on the pair is 0.5 or 1.0 depending on rounding
    X = res.embedding
    d01, d02 = np.linalg.norm(X[0] - X[1]), np.linalg.norm(X[0] - X[2])
    assert metrics.triplet_error(T[:2], X) >= 0.5
    assert abs(d01 - d02) <= 1e-6 * max(d01, d02)
    assert res.objective == pytest.approx(2 * 0.1**2, rel=1e-3)
    # the consistent constraints hold
    assert metrics.triplet_error(T[2:], X) == 0.0


def test_empty_inputs_have_documented_results():
    assert np.isnan(metrics.gari(nx.Graph(), {}))
    assert classical_mds(np.zeros((0, 0)), 2).shape == (0, 2)
    assert loe(np.zeros((0, 0))).embedding.shape == (0, 2)
    assert C.local_triplets(np.zeros((3, 3))).shape == (0, 3)
    assert C.find_contradictions(np.empty((0, 3), dtype=int)).size == 0


# --------------------------------------------------------------------------- Ctrl-C
@pytest.fixture
def interrupt_after(monkeypatch):
    """``interrupt_after(k)``: the k-th progress update of any solver raises KeyboardInterrupt."""
    from nx_ordinal._core import progress as _progress

    real = _progress.Progress.update

    def install(k):
        count = {"n": 0}

        def update(self, objective=None):
            count["n"] += 1
            if count["n"] == k:
                raise KeyboardInterrupt
            return real(self, objective)

        monkeypatch.setattr(_progress.Progress, "update", update)

    return install


@pytest.mark.parametrize("method", ITERATIVE)
@pytest.mark.parametrize("k", [1, 4])
def test_ctrl_c_returns_positions_with_warning(method, k, interrupt_after):
    G = nx.grid_2d_graph(6, 6)
    kw = {"max_patch_size": 15} if method == "asap_loe" else {"max_iter": 200}
    if method == "asap_loe":
        kw["loe_kwargs"] = {"max_iter": 200}
    interrupt_after(k)
    with pytest.warns(InterruptedWarning, match="interrupted"):
        pos = LAYOUTS[method](G, seed=0, **kw)
    _finite(pos, list(G))


def test_ree_ctrl_c_keeps_best_not_initial(interrupt_after):
    rng = np.random.default_rng(0)
    Y = rng.random((12, 2))
    D = np.sqrt(((Y[:, None] - Y[None]) ** 2).sum(-1))
    D[0, 1] = D[1, 0] = 3.0  # an outlier, so the cMDS start is not optimal
    full = ree(D, 2, max_iter=40, init="random", seed=0)
    interrupt_after(30)
    with pytest.warns(InterruptedWarning):
        cut = ree(D, 2, max_iter=40, init="random", seed=0)
    start = ree(D, 2, max_iter=1, init="random", seed=0)
    assert cut.objective < start.objective
    assert cut.objective >= full.objective - 1e-9


def test_asap_ctrl_c_reports_patches(interrupt_after):
    G = nx.grid_2d_graph(8, 8)
    interrupt_after(1)
    with pytest.warns(InterruptedWarning, match=r"of \d+ patches embedded"):
        res = nx_ordinal.asap.pipeline.asap_embed(
            nx.to_scipy_sparse_array(G), 2, max_patch_size=20, prune=False, n_jobs=1, seed=0)
    assert res.info["interrupted"] and not res.converged
    assert np.isfinite(res.embedding).all()


def test_dmoe_ctrl_c(interrupt_after):
    T = C.sample_triplets(np.random.default_rng(0).random((15, 2)), n_triplets=300, seed=0)
    interrupt_after(3)
    with pytest.warns(InterruptedWarning):
        res = dmoe(T, 15, max_iter=100)
    assert np.isfinite(res.embedding).all()


def test_landmark_ctrl_c_keeps_best_ranking(monkeypatch):
    import sys

    lm = sys.modules["nx_ordinal.embed.landmark"]
    T = C.sample_triplets(np.random.default_rng(0).random((60, 2)), n_triplets=6000, seed=0)
    full = landmark_embedding(T, 60, seed=0)
    real = lm._rank_objective
    calls = {"n": 0}

    def flaky(*args, **kw):
        calls["n"] += 1
        if calls["n"] == 6:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(lm, "_rank_objective", flaky)
    with pytest.warns(InterruptedWarning, match="landmark ranking interrupted"):
        cut = landmark_embedding(T, 60, seed=0)
    assert np.isfinite(cut.embedding).all() and not cut.converged
    assert full.objective <= cut.objective < np.inf


# --------------------------------------------------------------------------- memory guard
def test_memory_limit_refuses_dense_work_with_a_suggestion(monkeypatch):
    from nx_ordinal._core.resources import memory_limit

    monkeypatch.delenv("NX_ORDINAL_MEMORY_LIMIT", raising=False)
    D = np.zeros((300, 300))
    A = C.knn_adjacency(np.random.default_rng(0).random((300, 2)), 5)
    with memory_limit("100K"):
        with pytest.raises(MemoryLimitError, match="landmark"):
            classical_mds(D)
        with pytest.raises(MemoryError, match="n_landmarks"):
            ree(D, 2)
        with pytest.raises(ValueError, match="loe_layout or asap_loe_layout"):
            density.density_reweighted_distances(A, 2)
        with pytest.raises(MemoryLimitError, match="pass max_triplets"):
            C.local_triplets(A)
        with pytest.raises(MemoryLimitError, match="asap_loe_layout"):
            lp_embedding(A)
        with pytest.raises(MemoryLimitError, match="set_memory_limit"):
            rigidity.is_globally_rigid(nx.random_regular_graph(6, 300, seed=0))
        with pytest.raises(MemoryLimitError, match="soe_layout, landmark_layout"):
            layouts.ree_layout(nx.path_graph(300))
        T = C.random_triplets(300, 50, seed=0)
        with pytest.raises(MemoryLimitError, match="projected=False"):
            ste(T, 300, projected=True)
        with pytest.raises(MemoryLimitError, match="ste/tste/gnmds"):
            dmoe(T, 300)
    with memory_limit("1M"):  # below one dense 300 x 300 array
        with pytest.raises(MemoryLimitError, match="landmark"):
            classical_mds(D)
        # scalable methods still run (L-BFGS on 300 x 2 coordinates needs about 250 KiB)
        assert np.isfinite(ste(T, 300, max_iter=5).embedding).all()
        assert C.local_triplets(A, max_triplets=100, seed=0).shape == (100, 3)
    assert classical_mds(np.zeros((3, 3))).shape == (3, 2)  # limit restored


def test_memory_limit_settings(monkeypatch):
    from nx_ordinal._core.resources import get_memory_limit, set_memory_limit

    monkeypatch.setenv("NX_ORDINAL_MEMORY_LIMIT", "1.5G")
    old = set_memory_limit(None)
    try:
        assert get_memory_limit() == int(1.5 * 2**30)
        set_memory_limit(12345)
        assert get_memory_limit() == 12345
        set_memory_limit("2MiB")
        assert get_memory_limit() == 2 * 2**20
        set_memory_limit(None)
        monkeypatch.setenv("NX_ORDINAL_MEMORY_LIMIT", "plenty")
        with pytest.raises(ValueError, match="NX_ORDINAL_MEMORY_LIMIT"):
            get_memory_limit()
        monkeypatch.delenv("NX_ORDINAL_MEMORY_LIMIT")
        assert get_memory_limit() > 2**28  # half the physical memory by default
    finally:
        set_memory_limit(old)


# --------------------------------------------------------------------------- unsafe code
def test_no_pickle_eval_or_exec_in_the_package():
    root = pathlib.Path(nx_ordinal.__file__).parent
    bad = re.compile(r"^\s*(import pickle|from pickle|import marshal|import shelve)|"
                     r"(?<![\w.])(eval|exec)\(|pickle\.loads?\(|yaml\.load\(", re.M)
    hits = [f"{p.relative_to(root)}: {m.group(0).strip()}"
            for p in root.rglob("*.py") for m in bad.finditer(p.read_text())]
    assert hits == []


CLI_CASES = [
    (["draw", "{missing}", "-o", "{out}.png"], "no such file"),
    (["draw", "{bad}", "-o", "{out}.png"], "cannot read graphml graph"),
    (["draw", "{good}", "-m", "nope", "-o", "{out}.png"], "unknown layout method 'nope'"),
    (["draw", "{good}", "-o", "{out}.exe"], "output must end in .png"),
    (["draw", "{good}", "--dim", "0", "-o", "{out}.json"], "dim must be >= 1, got 0"),
    (["compare", "{good}", "-m", "nope"], "unknown layout method 'nope'"),
]


@pytest.mark.parametrize("argv, match", CLI_CASES, ids=[c[1][:24] for c in CLI_CASES])
def test_cli_errors_are_one_line(tmp_path, capsys, argv, match):
    from nx_ordinal import cli

    paths = {"missing": tmp_path / "missing.edgelist", "out": tmp_path / "out",
             "bad": _write(tmp_path, "bad.graphml", "<graphml><node"),
             "good": _write(tmp_path, "good.edgelist", "1 2\n2 3\n3 1\n3 4\n")}
    assert cli.main([a.format(**paths) for a in argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("nx-ordinal: error:") and match in err and "\n" not in err
    assert not any(p.name.startswith("out") for p in tmp_path.iterdir())


@pytest.mark.parametrize("method", ["loe", "kamada_kawai"])
def test_three_dimensional_layouts_are_deterministic(method):
    # networkx starts Kamada-Kawai from an unseeded random layout when dim >= 3; loe_layout
    # uses Kamada-Kawai starts on small graphs (found by tests/test_fuzz.py)
    G = nx.DiGraph([(0, 2), (1, 0)]) if method == "loe" else nx.petersen_graph()
    a = nx_ordinal.layout(G, method=method, dim=3, seed=5)
    b = nx_ordinal.layout(G, method=method, dim=3, seed=5)
    assert all(np.array_equal(a[v], b[v]) for v in G)
