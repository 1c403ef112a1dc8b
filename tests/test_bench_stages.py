"""benchmarks/bench_stages.py: the drawing after each stage of the default loe_layout."""

import networkx as nx
import pytest
from _benchmarks import load

import nx_ordinal
from nx_ordinal.metrics import neighbourhood_preservation, stress


def test_stages_of_a_small_graph_end_at_the_default_drawing():
    bench = load("bench_stages")
    G = nx.les_miserables_graph()
    got = bench.stages(G, seed=0)
    # up to 100 nodes: the start, t-LOE, its leaf rings (hubs with many leaves), the
    # Err_local polish, and the call's own result
    assert list(got) == ["start", "t-LOE", "leaf rings", "Err_local", "default"]
    pos = nx_ordinal.loe_layout(G, seed=0)
    assert got["default"][0] == pytest.approx(neighbourhood_preservation(G, pos), abs=1e-12)
    assert got["default"][2] == pytest.approx(stress(G, pos, pairs="all"), abs=1e-12)
    # the start has the shape (low stress), t-LOE the neighbourhoods
    assert got["start"][2] < got["t-LOE"][2] and got["t-LOE"][0] > got["start"][0] + 0.2
    # the wrappers are gone after the call
    import nx_ordinal.layouts._loe as loe_module
    assert loe_module.pivot_mds.__module__ == "nx_ordinal.embed.loe"


def test_a_graph_with_no_polish_has_no_err_local_stage():
    bench = load("bench_stages")
    got = bench.stages(nx.balanced_tree(2, 7), seed=0)  # 255 nodes, not geometric
    assert "Err_local" not in got and {"start", "t-LOE", "default"} <= set(got)


def test_without_the_data_it_skips(tmp_path, capsys):
    bench = load("bench_stages")
    assert bench.main(["--data", str(tmp_path / "absent"), "--graphs", "lesmis"]) == 77
    assert "skipping" in capsys.readouterr().out


def test_the_table_from_the_data(shared_data, tmp_path):
    bench = load("bench_stages")
    out = tmp_path / "stages.md"
    assert bench.main(["--data", str(shared_data / "drawing-benchmark"), "--graphs", "dwt_72",
                       "--markdown", str(out)]) == 0
    rows = out.read_text().splitlines()[2:]
    # dwt_72: Err_local (from its stress start, exact already, before t-LOE) keeps every
    # neighbourhood (NP1 1.0) and is the default drawing
    assert [r.split(" | ")[1] for r in rows] == ["start", "t-LOE", "Err_local", "default"]
    assert rows[-1].split(" | ")[2] == "1.000"


def test_a_torn_drawing_shows_its_untorn_stage():
    """A small-world graph whose t-LOE drawing ends torn: t-LOE's checkpoint, then the
    drawing continued with stronger springs, within torn_tail, which the call returns
    (after the overlap removal)."""
    bench = load("bench_stages")
    G = nx.connected_watts_strogatz_graph(400, 6, 0.1, seed=7)
    got = bench.stages(G, seed=0)
    assert list(got) == ["start", "t-LOE", "untorn", "default"]
    assert got["t-LOE"][3] > 12 and got["untorn"][3] <= 10
    # (the overlap removal after it moves points a little)
    assert got["untorn"] == pytest.approx(got["default"], abs=0.01)
