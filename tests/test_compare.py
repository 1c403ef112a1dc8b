import math

import networkx as nx
import pytest

import nx_ordinal
from nx_ordinal.compare import compare_layouts, format_table


def test_compare_layouts_rows():
    G = nx.frucht_graph()
    rows = compare_layouts(G, ["loe", "spring", "kamada_kawai", "ig_kk"], seed=0)
    assert [r["method"] for r in rows] == ["loe", "spring", "kamada_kawai", "ig_kk"]
    for r in rows:
        assert set(r) == {"method", "gari", "np1", "np2", "stress", "long_edge_ratio",
                          "err_local", "seconds", "error"}
        assert r["long_edge_ratio"] >= 1
        assert r["error"] is None and r["seconds"] >= 0
        assert -1 <= r["gari"] <= 1 and r["err_local"] >= 0
        assert 0 <= r["np1"] <= 1 and 0 <= r["np2"] <= 1 and 0 <= r["stress"] <= 1
    loe, _, kk, _ = rows
    assert loe["gari"] == 1.0 and kk["gari"] == pytest.approx(0.733, abs=1e-3)
    # LOE keeps every neighbourhood (NP1 1); Kamada-Kawai, a stress method, has less stress
    assert loe["np1"] == 1.0 and kk["np1"] < 0.8 and kk["stress"] < loe["stress"]
    kk_pos = nx.kamada_kawai_layout(G)
    assert kk["np2"] == nx_ordinal.metrics.neighbourhood_preservation(G, kk_pos, hops=2)
    assert kk["stress"] == pytest.approx(nx_ordinal.metrics.stress(G, kk_pos))
    assert kk["long_edge_ratio"] == pytest.approx(
        nx_ordinal.metrics.long_edge_ratio(G, kk_pos))
    # Err_local at a common scale: LOE minimises it, so it beats Kamada-Kawai's drawing
    assert loe["err_local"] < kk["err_local"]
    assert kk["err_local"] == pytest.approx(
        nx_ordinal.err_local(G, nx.kamada_kawai_layout(G), normalize=True))


def test_compare_layouts_n_init_keeps_best_and_reports_failures():
    G = nx.desargues_graph()
    # run r uses seed + r; the row reports the best of the three runs, which here is not
    # the first one (so code ignoring n_init fails)
    singles = [nx_ordinal.gari(G, nx.spring_layout(G, seed=s)) for s in range(3)]
    assert max(singles) > singles[0]
    best = compare_layouts(G, ["spring"], seed=0, n_init=3)[0]["gari"]
    assert best == pytest.approx(max(singles))
    rows = compare_layouts(G, ["ig_graphopt", "spectral"], dim=3, seed=0)
    assert math.isnan(rows[0]["gari"]) and "dim" in rows[0]["error"]
    assert rows[1]["error"] is None
    table = format_table(rows)
    assert "ig_graphopt" in table and "(igraph" in table



def test_compare_layouts_a_graph_error_is_a_failed_row(monkeypatch):
    # a method that raises networkx's own error (a graph it cannot draw) gets its failed
    # row; the other methods are still compared
    from nx_ordinal import registry

    def planar_only(G, dim=2, seed=None):
        return nx.planar_layout(G, dim=dim)

    monkeypatch.setitem(registry._REGISTRY, "planar_test",
                        registry.LayoutEntry("planar_test", planar_only, "planar", True, False))
    rows = compare_layouts(nx.complete_graph(6), ["planar_test", "spring"], seed=0)
    assert math.isnan(rows[0]["gari"]) and "not planar" in rows[0]["error"]
    assert rows[1]["error"] is None


def test_compare_layouts_errors():
    G = nx.path_graph(4)
    with pytest.raises(ValueError, match="unknown layout method 'nope'"):
        compare_layouts(G, ["spring", "nope"])
    with pytest.raises(ValueError, match="n_init must be >= 1"):
        compare_layouts(G, ["spring"], n_init=0)


def test_format_table_alignment():
    rows = [dict(method="a", gari=1.0, np1=0.5, np2=0.25, stress=0.125, long_edge_ratio=2.25,
                 err_local=0.0, seconds=0.5, error=None),
            dict(method="longer_name", gari=-1e-9, err_local=12.25, seconds=10.0, error=None)]
    lines = format_table(rows).splitlines()
    assert len(lines) == 3
    assert len({len(line) for line in lines}) == 1  # aligned columns
    assert lines[0].split() == ["method", "GARI", "NP1", "NP2", "stress", "long", "edges",
                                "Err_local", "seconds"]
    assert lines[1].split() == ["a", "1.000", "0.500", "0.250", "0.125", "2.2", "0.0000",
                                "0.50"]
    assert lines[2].split()[1:5] == ["0.000", "-", "-", "-"]  # never "-0.000"; absent "-"


def _title_boxes(fig):
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    titles = [a.title for a in fig.axes if a.title.get_text()]
    if fig._suptitle is not None:
        titles.append(fig._suptitle)
    return [(t.get_text(), t.get_window_extent(r)) for t in titles]


def test_compare_figure_5_methods_at_7x3_titles_apart(monkeypatch, tmp_path):
    # before: 2 rows of 3 squashed panels whose titles ran into each other and into the
    # first row ("kamada_kawai: GARI 0.511, NP1 0.304"); now one row of 5 square-ish panels,
    # formal two-line titles, the graph's size once on top, no box frames
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nx_ordinal import cli

    G = nx.les_miserables_graph()
    methods = ["loe", "spring", "kamada_kawai", "spectral", "circular"]
    rows = compare_layouts(G, methods[:4], seed=0, keep_positions=True)
    rows.append(dict(rows[1], method="circular", pos=nx.circular_layout(G)))
    kept = []
    monkeypatch.setattr(cli, "_save", lambda fig, path, dpi: kept.append(fig))
    cli._compare_figure(G, rows, str(tmp_path / "c.png"),
                        {"figsize": (7.0, 3.0), "color_by": "gari", "labels": None,
                         "node_size": None}, None)
    (fig,) = kept
    boxes = _title_boxes(fig)
    texts = [t for t, _ in boxes]
    names = ["LOE", "spring", "Kamada\u2013Kawai"]
    assert texts[:3] == [f"{m}\nGARI {r['gari']:.3f}" for m, r in zip(names, rows, strict=False)]
    assert texts[-1] == "77 nodes, 254 edges"
    assert not any(a.overlaps(b) for i, (_, a) in enumerate(boxes) for _, b in boxes[:i])
    panels = [a for a in fig.axes if a.title.get_text()]
    assert len(panels) == 5
    ys = {round(a.get_position().y0, 6) for a in panels}
    assert len(ys) == 1  # one row
    for a in panels:
        w, h = a.get_window_extent().width, a.get_window_extent().height
        assert 0.7 < w / h < 1.4  # square-ish, not squashed
        assert not any(s.get_visible() for s in a.spines.values())
    plt.close(fig)


def test_plot_comparison_grid_from_aspect_and_titles_apart():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nx_ordinal.plot import display_name, panel_grid, plot_comparison

    assert panel_grid(5, 7.0, 3.0, head=0.5) == (1, 5)
    assert panel_grid(6, 7.0, 7.0, head=0.5) == (2, 3)
    G = nx.frucht_graph()
    layouts = {m: p for m, p in [("loe", nx.circular_layout(G)),
                                 ("spring", nx.spring_layout(G, seed=0)),
                                 ("kamada_kawai", nx.kamada_kawai_layout(G)),
                                 ("spectral", nx.spectral_layout(G)),
                                 ("sfdp", nx.shell_layout(G))]}
    for figsize in ((7.0, 3.0), (7.0, 7.0)):
        fig = plot_comparison(G, layouts, name="Frucht graph", figsize=figsize)
        boxes = _title_boxes(fig)
        assert [t for t, _ in boxes][1:] == [display_name(m) for m in layouts]
        assert [t for t, _ in boxes][3] == "Kamada\u2013Kawai"
        assert not any(a.overlaps(b) for i, (_, a) in enumerate(boxes) for _, b in boxes[:i])
        plt.close(fig)
