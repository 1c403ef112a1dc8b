"""The off-benchmark script (benchmarks/bench_unseen.py): its graphs and its checks."""

import json

import networkx as nx
import pytest
from _benchmarks import load


@pytest.fixture(scope="module")
def bench():
    return load("bench_unseen")


def test_each_graph_is_its_own_seeded_connected_graph(bench):
    """A graph does not depend on which others were made; the meshes drop the hull's long
    edges (an L-shape keeps its notch)."""
    a = bench.make_graph("lshape_rand", 0)
    bench.make_graph("annulus_rand", 0)
    b = bench.make_graph("lshape_rand", 0)
    assert list(a.edges()) == list(b.edges()) and nx.is_connected(a)
    assert list(bench.make_graph("lshape_rand", 1).edges()) != list(a.edges())
    assert 1400 < a.number_of_nodes() <= 1500 and nx.check_planarity(a)[0]
    full = bench.delaunay_mesh(bench.random_points(bench._l_shape, 400,
                                                   bench.np.random.default_rng(0)), None)
    cut = bench.delaunay_mesh(bench.random_points(bench._l_shape, 400,
                                                  bench.np.random.default_rng(0)))
    assert cut.number_of_edges() < full.number_of_edges()


def test_checks_name_each_miss(bench):
    base = dict(np1=0.8, np2=0.7, stress=0.10, long=3.0, seconds=0.4)
    sfdp = dict(np1=0.5, np2=0.6, stress=0.10, long=2.0, seconds=0.3)
    assert bench.checks(900, {"loe": base, "sfdp": sfdp}) == []
    worse = dict(base, stress=0.13, long=12.0, seconds=0.7)
    assert bench.checks(1500, {"loe": worse, "sfdp": sfdp}) == ["long edges", "stress", "time"]
    assert bench.checks(900, {"loe": dict(base, seconds=0.6)}) == ["time"]
    hinge = dict(base, np1=0.82, stress=0.09)
    t = dict(base, np1=0.85, stress=0.2)  # higher NP1 at higher stress: no miss
    assert bench.checks(900, {"loe": base, "hinge": hinge, "t": t}) == ["hinge alone better"]


def test_a_small_run_writes_its_records(bench, tmp_path, capsys):
    out = tmp_path / "r.json"
    records = bench.main(["--graphs", "hex_lattice", "--methods", "loe,hinge", "--out",
                          str(out), "--sheet", str(tmp_path / "s.png")])
    assert [r["graph"] for r in records] == ["hex_lattice"]
    res = records[0]["results"]
    assert res["loe"]["np1"] > 0.95 and set(res) == {"loe", "hinge"}
    assert json.loads(out.read_text())[0]["n"] == 880
    assert (tmp_path / "s.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "meets every check on" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench.main(["--graphs", "nope"])
