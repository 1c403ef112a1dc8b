"""The literature benchmark script (benchmarks/bench_literature.py) on small settings."""

import csv
import importlib.util
import json
import pathlib
import shutil

import networkx as nx
import numpy as np
import pytest
from _benchmarks import StepClock

PATH = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "bench_literature.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_literature", PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_road_network_is_a_planar_sparse_connected_graph(bench):
    G = bench.road_network(3000, seed=1)
    assert G.number_of_nodes() == 3000 and G.number_of_edges() == 3750  # mean degree 2.5
    assert nx.is_connected(G) and nx.check_planarity(G)[0]
    deg = np.bincount([d for _, d in G.degree()])
    assert deg[2] + deg[3] > 0.7 * 3000 and deg[:1].sum() == 0
    # edges join near points: no edge longer than a few typical spacings
    P = np.array([G.nodes[v]["pos"] for v in G])
    lengths = np.array([np.linalg.norm(P[u] - P[v]) for u, v in G.edges()])
    assert lengths.max() < 8 / np.sqrt(3000)
    assert list(G.edges()) == list(bench.road_network(3000, seed=1).edges())  # seeded


@pytest.mark.skipif(shutil.which("sfdp") is None, reason="Graphviz's sfdp is not installed")
def test_bench_literature_small_run(bench, shared_data, tmp_path, capsys):
    if not (shared_data / "drawing-benchmark" / "graphs").is_dir():
        pytest.skip("drawing-benchmark is not available")
    extra = tmp_path / "path.mtx"
    extra.write_text("%%MatrixMarket matrix coordinate pattern symmetric\n5 5 4\n2 1\n3 2\n"
                     "4 3\n5 4\n")
    outs = [tmp_path / "r.json", tmp_path / "r.csv"]
    records = bench.main(["--graphs", "lesmis,dwt_72", "--methods", "loe,sfdp",
                          "--extra-graph", str(extra), "--out", str(outs[0]), "--out",
                          str(outs[1]), "--markdown", str(tmp_path / "t.md")])
    out = capsys.readouterr().out
    assert [r["graph"] for r in records] == ["dwt_72", "lesmis", "path"]  # smallest first
    lesmis = records[1]
    assert (lesmis["n"], lesmis["m"]) == (77, 254)
    assert lesmis["best_published_method"] == "DRGraph"
    assert lesmis["best_published_np1"] == pytest.approx(0.5695, abs=1e-4)
    loe = lesmis["results"]["loe"]
    assert loe["error"] is None and 0 < loe["np1"] <= 1 and 0 <= loe["stress"] <= 1
    assert lesmis["loe_minus_best"] == pytest.approx(loe["np1"] - 0.5695131659461953)
    assert lesmis["loe_over_sfdp"] == pytest.approx(
        loe["seconds"] / lesmis["results"]["sfdp"]["seconds"])
    assert records[2]["published"] == {} and records[2]["results"]["loe"]["np1"] == 1.0
    assert "best published NP1 0.570 (DRGraph)" in out
    assert "loe NP1 >= best published - 0.02 on" in out and "of 2 graphs" in out
    saved = json.loads(outs[0].read_text())
    assert [r["graph"] for r in saved] == ["dwt_72", "lesmis", "path"]
    with open(outs[1], newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert {(r["graph"], r["method"]) for r in rows} >= {("lesmis", "loe"), ("lesmis", "t-FDP")}
    md = (tmp_path / "t.md").read_text()
    assert md.startswith("| graph | n | m | loe NP1 | sfdp NP1 |")
    assert "| lesmis | 77 | 254 |" in md and "0.570 (DRGraph)" in md
    with pytest.raises(SystemExit, match="unknown graph\\(s\\) nope"):
        bench.main(["--graphs", "nope"])


def test_contact_sheet_is_a_small_palette_png(bench, tmp_path):
    """The sheet is written in a palette of SHEET_COLORS colours (the docs keep a copy:
    the 26-graph sheet in RGBA was 2.3 MB), one cell a drawing, the drawings drawn."""
    from PIL import Image

    G, H = nx.cycle_graph(12), nx.path_graph(8)
    items = [("ring", G, {"loe": nx.circular_layout(G), "sfdp": nx.spring_layout(G, seed=0)}),
             ("path", H, {"loe": {v: (v, 0.0) for v in H}})]
    path = tmp_path / "sheet.png"
    bench.contact_sheet(items, str(path), ["loe", "sfdp"])
    image = Image.open(path)
    assert image.mode == "P" and len(image.getcolors()) <= bench.SHEET_COLORS
    rgb = np.asarray(image.convert("RGB"))
    assert rgb.shape[:2] == (528, 528)  # two rows of two cells, 2.4 inches at 110 dpi
    red = (rgb[..., 0] > 150) & (rgb[..., 1] < 100)  # the dots
    assert red.sum() > 50


def test_seconds_are_the_fastest_of_the_repeated_calls(bench, monkeypatch):
    """``--repeat`` calls of one method: its seconds are the fastest call's, its drawing the
    first call's (the same seed draws the same); one call by default in the function."""
    G = nx.path_graph(4)
    drawings = [{v: (float(v), k) for v in G} for k in range(3)]
    calls = []

    def layout(graph, method, seed=None, **kw):
        calls.append((method, seed))
        return drawings[len(calls) - 1]

    monkeypatch.setattr(bench.nx_ordinal, "layout", layout)
    monkeypatch.setattr(bench.time, "perf_counter", StepClock([0.9, 0.4, 0.6]))
    res, pos = bench.run_method(G, "sfdp", 3, {}, repeat=3)
    assert calls == [("sfdp", 3)] * 3 and res["seconds"] == pytest.approx(0.4)
    assert pos is drawings[0] and res["error"] is None
    calls.clear()
    monkeypatch.setattr(bench.time, "perf_counter", StepClock([0.9]))
    assert bench.run_method(G, "sfdp", 3, {})[0]["seconds"] == pytest.approx(0.9)
    assert len(calls) == 1
