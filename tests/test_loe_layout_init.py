"""The ``init=`` and ``select=`` options of loe_layout."""

import networkx as nx
import numpy as np
import pytest

import nx_ordinal


def _X(pos):
    return np.array(list(pos.values()))


@pytest.mark.parametrize("kw", [dict(init="random", n_init=2),
                                dict(init=("spring", "kamada_kawai"), select="gari", n_init=3),
                                dict(init=["random"], select="gari", n_init=1, dim=3)])
def test_init_and_select_deterministic_and_conventions(kw):
    G = nx.relabel_nodes(nx.petersen_graph(), str)
    a = nx_ordinal.loe_layout(G, seed=5, max_iter=100, **kw)
    b = nx_ordinal.loe_layout(G, seed=5, max_iter=100, **kw)
    assert list(a) == list(G)
    X = _X(a)
    np.testing.assert_array_equal(X, _X(b))
    assert np.isfinite(X).all() and np.isclose(np.abs(X).max(), 1.0)
    assert X.shape[1] == kw.get("dim", 2)


def test_select_gari_respects_pos_and_max_iter_zero():
    G = nx.desargues_graph()
    kk = nx.kamada_kawai_layout(G)
    pos = nx_ordinal.loe_layout(G, pos=kk, select="gari", max_iter=0)
    # no iterations: the start itself, rescaled
    assert nx_ordinal.gari(G, pos) == nx_ordinal.gari(G, kk)


def test_bad_init_and_select():
    G = nx.cycle_graph(5)
    with pytest.raises(ValueError, match="init"):
        nx_ordinal.loe_layout(G, init="circular")
    with pytest.raises(ValueError, match="init must name at least one start"):
        nx_ordinal.loe_layout(G, init=())
    with pytest.raises(TypeError, match="init must be a string or a sequence"):
        nx_ordinal.loe_layout(G, init=3)
    with pytest.raises(ValueError, match="select"):
        nx_ordinal.loe_layout(G, select="best")
    with pytest.raises(ValueError, match="n_init must be >= 1"):
        nx_ordinal.loe_layout(G, n_init=0, select="gari")


def test_pivot_start_through_loe_layout():
    # "pivot" reaches the solver (pivot MDS of density-reweighted distances) and draws a
    # planted kNN graph well; same seed, same layout
    from nx_ordinal.constraints import knn_graph
    from nx_ordinal.datasets import gauss
    from nx_ordinal.metrics import gari

    G = knn_graph(gauss(400, seed=0), 10)
    a = nx_ordinal.loe_layout(G, seed=1, init="pivot", select="loss")
    b = nx_ordinal.loe_layout(G, seed=1, init="pivot", select="loss")
    assert all(np.array_equal(a[v], b[v]) for v in G)
    assert gari(G, a) > 0.9


def test_select_loss_and_its_former_name():
    # select="loss" is the paper's choice (the run of lowest Err_local); "objective", its
    # former name, read as a value of objective= and still works with a FutureWarning that
    # points at the caller's line
    G = nx.petersen_graph()
    loss = nx_ordinal.loe_layout(G, seed=3, select="loss")
    with pytest.warns(FutureWarning, match=r"select='objective' is now called select='loss'") \
            as record:
        old = nx_ordinal.loe_layout(G, seed=3, select="objective")
    assert record[0].filename == __file__
    assert all(np.array_equal(loss[v], old[v]) for v in G)
    gari_pick = nx_ordinal.loe_layout(G, seed=3, select="gari")
    assert not all(np.array_equal(loss[v], gari_pick[v]) for v in G)
    with pytest.raises(ValueError, match=r"select must be one of 'gari', 'loss', got 'best'"):
        nx_ordinal.loe_layout(G, select="best")
