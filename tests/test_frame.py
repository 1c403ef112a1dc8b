"""The layout frame (``nx_ordinal._frame``): one opening and closing for every layout."""

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
    params = list(inspect.signature(f).parameters)
    assert params[:2] == ["G", "pos"]
    for p in ("scale", "center", "dim", "store_pos_as"):
        assert p in params
    doc = f.__doc__
    assert not re.search(r"^\s*\{[a-z_]+\}\s*$", doc, re.MULTILINE), doc
    assert "scale : number, default 1" in doc


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


def test_public_docstrings_name_no_private_helper():
    """Public layouts, solvers and the package's public functions document themselves without
    naming private helpers (``_x``) a reader cannot call."""
    import importlib
    import pkgutil

    bad = []
    for info in pkgutil.walk_packages(nx_ordinal.__path__, "nx_ordinal."):
        if "._" in info.name:
            continue
        mod = importlib.import_module(info.name)
        for name in getattr(mod, "__all__", ()):
            obj = getattr(mod, name, None)
            doc = inspect.getdoc(obj) if callable(obj) else None
            if doc and re.search(r"nx_ordinal\.(?:\w+\.)*_\w+", doc):
                bad.append(f"{info.name}.{name}")
    assert not bad, bad
