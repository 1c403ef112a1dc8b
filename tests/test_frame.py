"""The layout frame (``nx_ordinal.layouts._frame``): one opening and closing for every layout."""

import inspect
import re

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal._methods import METHODS


def _layouts():
    return {name: getattr(nx_ordinal, f"{name}_layout") for name in METHODS}


@pytest.mark.parametrize("name", sorted(METHODS))
def test_public_signature_and_filled_docstring(name):
    f = _layouts()[name]
    sig = inspect.signature(f)
    params = list(sig.parameters)
    assert params[:2] == ["G", "pos"]
    # what the call returns (a dict of positions), not the algorithm's array
    assert sig.return_annotation == "PosDict"
    assert f.__annotations__["return"] == "PosDict"
    for p in ("scale", "center", "dim", "store_pos_as"):
        assert p in params
    doc = f.__doc__
    assert not re.search(r"^\s*\{[a-z_]+\}\s*$", doc, re.MULTILINE), doc
    assert "scale : number or None, default 1" in doc


@pytest.mark.parametrize("name", ["landmark_ste", "ree", "lpem", "landmark"])
def test_pos_only_validated_draws_nothing(name):
    """A layout that only validates ``pos`` gives the same drawing with a partial ``pos``
    as without one (validation draws nothing from the seed)."""
    G = nx.frucht_graph()
    f = _layouts()[name]
    kw = dict(METHODS[name]["test_kwargs"])
    a = f(G, seed=3, **kw)
    b = f(G, pos={0: (0.5, 0.5), 1: (0.1, 0.9)}, seed=3, **kw)
    assert all(np.array_equal(a[v], b[v]) for v in G)


def test_n_landmarks_minimum_is_the_same_in_both_landmark_layouts():
    G = nx.grid_2d_graph(5, 5)
    for f in (nx_ordinal.landmark_layout, nx_ordinal.landmark_ste_layout):
        with pytest.raises(ValueError, match="n_landmarks must be >= 5, got 4"):
            f(G, n_landmarks=4, seed=0)


def test_bad_arguments_raise_on_trivial_graphs_too():
    """Arguments are checked once, before the 0/1-node shortcut."""
    with pytest.raises(ValueError, match="select must be one of"):
        nx_ordinal.loe_layout(nx.empty_graph(1), select="nope")
    with pytest.raises(ValueError, match=r"pos\[0\] has 3 coordinates"):
        nx_ordinal.loe_layout(nx.empty_graph(1), pos={0: (1, 2, 3)})


_PRIVATE_REF = re.compile(
    r"(?:``|`)~?(?:[\w.]*\.)?_[a-z]\w*(?:\.\w+)*(?:\(\))?(?:``|`)"  # ``_x`` / ``_mod.f``
    r"|nx_ordinal\.(?:\w+\.)*_[a-z]\w*")  # nx_ordinal._mod, nx_ordinal.embed._x


def test_the_private_name_pattern():
    found = _PRIVATE_REF.findall("see ``_graph.drop_shortcuts``, :func:`~nx_ordinal._core."
                                 "runner.run_restarts` and ``nx_ordinal.embed.loe``")
    assert found == ["``_graph.drop_shortcuts``", "`~nx_ordinal._core.runner.run_restarts`"]


def test_public_docstrings_name_no_private_helper():
    """Public functions, classes and their public methods (every public module's
    ``__all__``) document themselves without naming private helpers or modules (``_x``) that
    a reader cannot call."""
    import importlib
    import pkgutil

    bad = []
    for info in pkgutil.walk_packages(nx_ordinal.__path__, "nx_ordinal."):
        if "._" in info.name:
            continue
        mod = importlib.import_module(info.name)
        for name in getattr(mod, "__all__", ()):
            obj = getattr(mod, name, None)
            if not callable(obj):
                continue
            docs = {name: inspect.getdoc(obj)}
            if inspect.isclass(obj):
                docs.update({f"{name}.{a}": inspect.getdoc(m) for a, m in vars(obj).items()
                             if inspect.isfunction(m) and not a.startswith("_")})
            for where, doc in docs.items():
                for ref in _PRIVATE_REF.findall(doc or ""):
                    bad.append(f"{info.name}.{where}: {ref}")
    assert not bad, bad


def test_stage_streams_are_independent_children_of_one_seed():
    from nx_ordinal.layouts._frame import STAGES, Frame
    from nx_ordinal.utils import as_seed_sequence

    G = nx.path_graph(3)
    f1 = Frame("x", G, list(G), 2, as_seed_sequence(5))
    f2 = Frame("x", G, list(G), 2, as_seed_sequence(5))
    f1.stream("start").random(1000)  # drawing from one stage ...
    assert f1.stream("run").random() == f2.stream("run").random()  # ... shifts no other
    draws = {s: Frame("x", G, list(G), 2, as_seed_sequence(5)).stream(s).random() for s in STAGES}
    assert len(set(draws.values())) == len(STAGES)
    assert f1.stream("run", 0).random() != f1.stream("run", 1).random()


def test_starting_positions_do_not_shift_the_sampled_triplets(monkeypatch):
    """The start stream and the sampling stream are separate: a partial ``pos`` (random
    draws for the missing nodes) leaves the sampled triplets exactly as without ``pos``
    (with one stream consumed in order, the start's draws shifted the sample)."""
    import nx_ordinal.layouts._triplets as triplets

    samples = []
    real = triplets.local_triplets

    def recording(*args, **kwargs):
        samples.append(real(*args, **kwargs))
        return samples[-1]

    monkeypatch.setattr(triplets, "local_triplets", recording)
    G = nx.karate_club_graph()
    nx_ordinal.ste_layout(G, seed=1, max_triplets=500, max_iter=1)
    nx_ordinal.ste_layout(G, pos={0: (0.0, 0.0)}, seed=1, max_triplets=500, max_iter=1)
    nx_ordinal.ste_layout(G, seed=2, max_triplets=500, max_iter=1)
    assert np.array_equal(samples[0], samples[1])
    assert not np.array_equal(samples[0], samples[2])


def test_generator_seed_and_int_seed():
    G = nx.frucht_graph()
    a = nx_ordinal.ste_layout(G, seed=np.random.default_rng(4), max_iter=20)
    b = nx_ordinal.ste_layout(G, seed=np.random.default_rng(4), max_iter=20)
    c = nx_ordinal.ste_layout(G, seed=np.random.RandomState(4), max_iter=20)
    assert all(np.array_equal(a[v], b[v]) for v in G)
    assert all(np.isfinite(c[v]).all() for v in G)
    with pytest.raises(ValueError, match="seed must be non-negative, got -1"):
        nx_ordinal.ste_layout(G, seed=-1)
    with pytest.raises(TypeError, match="seed must be None, an int or a random generator"):
        nx_ordinal.ste_layout(G, seed="x")


def test_same_bits_in_a_new_process_with_another_hash_seed():
    import os
    import subprocess
    import sys

    code = ("import networkx as nx, nx_ordinal, numpy as np\n"
            "G = nx.relabel_nodes(nx.disjoint_union(nx.cycle_graph(9), nx.path_graph(4)), str)\n"
            "for f in (nx_ordinal.loe_layout, nx_ordinal.soe_layout, nx_ordinal.ste_layout):\n"
            "    p = f(G, seed=3, max_iter=20)\n"
            "    print(np.array([p[v] for v in G]).tobytes().hex())\n")
    outs = []
    for h in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=h, OPENBLAS_NUM_THREADS="1")
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, timeout=300)
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1]


def test_one_time_budget_from_the_call_start(monkeypatch):
    """The frame makes one Budget from max_time and the call's start; reserve keeps the
    finish's share back; without max_time it never reads the clock."""
    import time as time_module

    from nx_ordinal._core.budget import Budget

    now = [100.0]
    reads = []

    def clock():
        reads.append(now[0])
        return now[0]

    monkeypatch.setattr(time_module, "perf_counter", clock)
    b = Budget(10.0)
    assert (b.start, b.deadline, b.limited) == (100.0, 110.0, True)
    now[0] = 104.0
    assert b.left() == 6.0 and not b.expired() and b.elapsed() == 4.0
    algo = b.reserve(0.1, floor=2.0)  # max(1 s, 2 s) kept for the finish
    assert algo.start == 100.0 and algo.deadline == 108.0 and b.reserve(0.3).deadline == 107.0
    now[0] = 108.0
    assert algo.expired() and algo.left() == 1e-9 and not b.expired()
    reads.clear()
    free = Budget(None, start=0.0)
    assert free.left() is None and not free.expired() and free.reserve(0.5) is free
    assert reads == []  # an unlimited budget reads no clock
    monkeypatch.undo()

    seen = {}

    from nx_ordinal.layouts._frame import layout_frame

    @layout_frame()
    def probe(frame, pos=None, *, max_time=None, dim=2, scale=1, center=None,
              store_pos_as=None):
        seen["budget"] = frame.budget
        return np.zeros((frame.n, dim))

    probe(nx.path_graph(3), max_time=5)
    assert seen["budget"].total == 5.0 and seen["budget"].deadline > seen["budget"].start
    probe(nx.path_graph(3))
    assert not seen["budget"].limited
    with pytest.raises(ValueError, match="max_time"):
        probe(nx.path_graph(3), max_time=-1)
