"""Readable default drawings: components, sizes, isolated nodes, labels, colours."""

import matplotlib
import networkx as nx
import numpy as np
import pytest
from scipy.spatial.distance import pdist

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from nx_ordinal.plot import (  # noqa: E402
    arrange_components,
    default_edge_width,
    default_node_size,
    draw_layout,
    knn_agreement,
    save_figure,
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _many_components():
    """A 40-node main component, 30 small ones (2 to 6 nodes) and 12 isolated nodes."""
    G = nx.connected_watts_strogatz_graph(40, 4, 0.2, seed=1)
    rng = np.random.default_rng(0)
    for s in rng.integers(2, 7, size=30):
        G = nx.disjoint_union(G, nx.path_graph(int(s)))
    G.add_nodes_from(range(len(G), len(G) + 12))
    return G


def test_arrange_components_main_on_canvas_small_ones_in_strip():
    G = _many_components()
    pos = nx.spring_layout(G, seed=0)  # networkx mixes everything in one square
    nodes = list(G)
    X = np.array([pos[v] for v in nodes])
    Y, strip = arrange_components(G, X)
    comps = sorted(nx.connected_components(G), key=len, reverse=True)
    idx = {v: i for i, v in enumerate(nodes)}
    main = [idx[v] for v in comps[0]]
    # the main component fills the unit square (its longer side spans it)
    lo, hi = Y[main].min(axis=0), Y[main].max(axis=0)
    assert lo.min() >= -1e-12 and hi.max() <= 1 + 1e-12
    assert max(hi - lo) == pytest.approx(1.0)
    x0, x1 = strip
    assert x0 > 1.0 and x1 - x0 == pytest.approx(0.4)  # 138 small nodes: the widest strip
    boxes = []
    for comp in comps[1:]:
        rows = [idx[v] for v in comp]
        assert (Y[rows, 0] >= x0 - 1e-12).all() and (Y[rows, 0] <= x1 + 1e-12).all()
        assert (Y[rows, 1] >= -1e-12).all() and (Y[rows, 1] <= 1 + 1e-12).all()
        if len(rows) > 1:  # each component keeps its shape (similarity transform)
            ratio = pdist(Y[rows]) / pdist(X[rows])
            np.testing.assert_allclose(ratio, ratio[0], rtol=1e-9)
        boxes.append((Y[rows].min(axis=0), Y[rows].max(axis=0)))
    # the components' bounding boxes do not overlap
    for i in range(len(boxes)):
        for j in range(i):
            (a0, a1), (b0, b1) = boxes[i], boxes[j]
            assert (a1 < b0).any() or (b1 < a0).any(), (i, j)
    # connected graph: unchanged layout up to scale, no strip
    C = nx.petersen_graph()
    Xc = np.array(list(nx.circular_layout(C).values()))
    Yc, none = arrange_components(C, Xc)
    assert none is None
    np.testing.assert_allclose(pdist(Yc) / pdist(Xc), pdist(Yc)[0] / pdist(Xc)[0])


def test_isolated_nodes_neutral_and_colours_of_the_drawing():
    G = nx.Graph([(0, 1), (2, 3)])
    G.add_node(4)
    # components far apart: every node's nearest neighbour is its partner
    pos = {0: (0, 0), 1: (0.1, 0), 2: (5, 5), 3: (5.1, 5), 4: (9, 9)}
    ax = draw_layout(G, pos, color_by="gari")
    main, iso = ax.collections[-2:]  # after the edges: connected nodes, isolated nodes
    np.testing.assert_array_equal(main.get_array(), [1.0, 1.0, 1.0, 1.0])  # all recovered
    assert np.allclose(iso.get_facecolors()[0][:3], matplotlib.colors.to_rgb("0.72"))
    assert "2 smaller components\ngrey: 1 isolated node" in [t.get_text() for t in ax.texts]
    ax = draw_layout(G, pos, color_by="gari", components="keep")
    assert ax.get_legend().get_texts()[0].get_text() == "isolated (1 nodes, no neighbours)"
    assert knn_agreement(G, pos) == {0: 1, 1: 1, 2: 1, 3: 1, 4: 0}


def test_sizes_scale_with_n_and_labels_up_to_60_nodes():
    sizes = [default_node_size(n) for n in (10, 100, 1000, 10000)]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] >= 4 and sizes[0] <= 160
    widths = [default_edge_width(n) for n in (10, 100, 1000, 10000)]
    assert widths == sorted(widths, reverse=True) and widths[-1] >= 0.25
    small = nx.karate_club_graph()
    ax = draw_layout(small, nx.spring_layout(small, seed=0))
    assert sorted(t.get_text() for t in ax.texts) == sorted(str(v) for v in small)
    big = nx.cycle_graph(61)
    ax = draw_layout(big, nx.circular_layout(big))
    assert len(ax.texts) == 0
    ax = draw_layout(big, nx.circular_layout(big), labels={0: "start"})
    assert [t.get_text() for t in ax.texts] == ["start"]
    ax = draw_layout(small, nx.spring_layout(small, seed=0), labels=False)
    assert len(ax.texts) == 0
    dots = ax.collections[-1]
    assert dots.get_sizes()[0] == pytest.approx(default_node_size(34))


def test_color_modes_and_errors(tmp_path):
    G = _many_components()
    pos = nx.spring_layout(G, seed=0)
    ax = draw_layout(G, pos, color_by="component")
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts[0] == "40 nodes" and texts[-1] == "21 smaller components"  # 31, 10 shown
    assert "42 smaller components\ngrey: 12 isolated nodes" in [t.get_text() for t in ax.texts]
    ax = draw_layout(G, pos, color_by="degree")
    assert len(ax.figure.axes) == 2  # the colour bar
    save_figure(ax.figure, tmp_path / "d.svg")
    assert b"<svg" in (tmp_path / "d.svg").read_bytes()[:500]
    ax3 = draw_layout(G, nx.spring_layout(G, dim=3, seed=0), color_by="gari")
    assert ax3.name == "3d"
    with pytest.raises(ValueError, match="color_by must be one of"):
        draw_layout(G, pos, color_by="rainbow")
    with pytest.raises(ValueError, match="components must be 'strip' or 'keep'"):
        draw_layout(G, pos, components="grid")


def test_netscience_main_component_gets_the_canvas(shared_data):
    from nx_ordinal.io import read_graph

    G = read_graph(shared_data / "netscience" / "netscience.gml")
    # a packed-grid layout like the ordinal layouts' (components side by side)
    pos = {}
    for k, comp in enumerate(sorted(nx.connected_components(G), key=len, reverse=True)):
        sub = nx.circular_layout(G.subgraph(comp))
        for v, p in sub.items():
            pos[v] = p * 0.3 + (k % 20, k // 20)
    ax = draw_layout(G, pos)
    nodes = list(G)
    main_comp = max(nx.connected_components(G), key=len)
    from matplotlib.collections import PathCollection

    dots = [c for c in ax.collections if isinstance(c, PathCollection)]
    pts = max(dots, key=lambda c: len(c.get_offsets())).get_offsets()
    keep = [v for v in nodes if set(G[v]) - {v}]
    main_pts = np.array([p for v, p in zip(keep, pts, strict=True) if v in main_comp])
    # the whole main square (markers held apart may push its edge out by a marker or so)
    assert np.ptp(main_pts, axis=0).max() == pytest.approx(1.0, abs=0.02)
    w, h = ax.figure.get_size_inches()
    assert w > h >= 7


def test_edgeless_graph_keeps_its_positions():
    G = nx.empty_graph(5)
    pos = {v: (float(v), float(v % 2)) for v in G}
    ax = draw_layout(G, pos)
    np.testing.assert_array_equal(ax.collections[-1].get_offsets(), list(pos.values()))
    assert "isolated (5 nodes" in ax.get_legend().get_texts()[0].get_text()


def _label_boxes(ax, G):
    from matplotlib.text import Text

    fig = ax.figure
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    names = {str(v) for v in G}
    # the text's own box (an annotation's extent also covers its leader line)
    return [Text.get_window_extent(t, r) for t in ax.texts if t.get_text() in names]


@pytest.mark.parametrize("graph", ["les_miserables_graph", "davis_southern_women_graph"])
@pytest.mark.parametrize("layout", ["loe", "spring"])
def test_labels_inside_the_figure_and_apart(graph, layout):
    # before: 38 of the 77 Les Miserables labels overlapped (spring: 40), three were cut at
    # the right edge by the colour bar; davis: 2 overlapping pairs
    import nx_ordinal

    G = getattr(nx, graph)()
    pos = (nx_ordinal.loe_layout(G, seed=0) if layout == "loe"
           else nx.spring_layout(G, seed=0))
    for figsize in (None, (4.0, 4.0)):
        ax = draw_layout(G, pos, labels=True, color_by="gari", figsize=figsize)
        boxes = _label_boxes(ax, G)
        # at least 80 % shown at 7 inches; in 4 inches the low-degree ones give way (a
        # label never covers a marker: Les Miserables keeps about two thirds)
        assert len(boxes) >= (0.8 if figsize is None else 0.6) * len(G)
        overlaps = sum(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[:i])
        assert overlaps == 0
        frame = ax.get_window_extent()  # inside the axes, so inside the figure
        assert all(frame.x0 <= b.x0 and b.x1 <= frame.x1 and frame.y0 <= b.y0
                   and b.y1 <= frame.y1 for b in boxes)
        plt.close(ax.figure)


def _markers_px(ax):
    """Centres (display units) and radii (pixels) of every marker drawn in a 2-D axes."""
    from matplotlib.collections import PathCollection

    P, R = [], []
    for c in ax.collections:
        if isinstance(c, PathCollection):
            P.append(ax.transData.transform(c.get_offsets()))
            R.append(np.broadcast_to(np.sqrt(c.get_sizes()) / 2 * ax.figure.dpi / 72,
                                     (len(P[-1]),)))
    return np.vstack(P), np.concatenate(R)


@pytest.mark.parametrize("graph", ["les_miserables_graph", "karate_club_graph"])
def test_single_column_labels_cover_no_label_and_no_marker(graph):
    # issue 34 item 4: at 3.5 x 3 inches Les Miserables' labels covered each other and
    # markers (of 77 labels, 20 covered a marker); now low-degree labels are left out
    import nx_ordinal

    G = getattr(nx, graph)()
    ax = draw_layout(G, nx_ordinal.loe_layout(G, seed=0), labels=True, figsize=(3.5, 3))
    boxes = _label_boxes(ax, G)  # the renderer's text extents, after drawing
    assert len(boxes) >= 0.4 * len(G)
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[:i])
    P, R = _markers_px(ax)
    for b in boxes:  # the nearest point of the box to each marker's centre is outside it
        q = np.clip(P, [b.x0, b.y0], [b.x1, b.y1])
        assert (np.hypot(*(q - P).T) >= R - 1e-6).all(), b


def _karate_squashed(dim, squash):
    """Karate's default LOE layout, the nodes ``squash`` moved within 5e-5 of the first."""
    import nx_ordinal

    G = nx.karate_club_graph()
    pos = nx_ordinal.loe_layout(G, dim=dim, seed=0)
    for k, v in enumerate(squash[1:], start=1):
        pos[v] = np.asarray(pos[squash[0]]) + 1e-5 * k
    return G, pos


@pytest.mark.parametrize("squash", [(), (32, 20), (30, 32, 33), (0, 1, 3, 13)])
def test_no_marker_drawn_on_another_2d(squash):
    # issue 34 item 1: karate's node 20 was hidden under 32; the drawing now holds markers
    # apart by their diameter in the figure as drawn, whatever the layout gave
    G, pos = _karate_squashed(2, squash)
    for figsize in (None, (3.5, 3)):
        ax = draw_layout(G, pos, figsize=figsize)
        ax.figure.canvas.draw()
        P, R = _markers_px(ax)  # display units, after the colour bar took its share
        assert len(P) == len(G)
        i, j = np.triu_indices(len(P), 1)
        assert (np.hypot(*(P[i] - P[j]).T) >= R[i] + R[j]).all()
        plt.close(ax.figure)


@pytest.mark.parametrize("squash", [(), (30, 32, 33), (0, 1, 3, 13)])
def test_no_marker_drawn_on_another_3d(squash):
    # the 3-D karate: nodes 0, 1, 3 and 13 coincided within 5e-5, so did 30, 32, 33.
    # Apart in the drawing's box: each axis scaled to its share of the 3-D box (limits and
    # box aspect as drawn), the box as wide as the axes' smaller side
    G, pos = _karate_squashed(3, squash)
    ax = draw_layout(G, pos)
    fig = ax.figure
    fig.canvas.draw()
    sc = ax.collections[-1]
    X = np.column_stack(sc._offsets3d)
    assert len(X) == len(G)
    lo = np.array([ax.get_xlim()[0], ax.get_ylim()[0], ax.get_zlim()[0]])
    hi = np.array([ax.get_xlim()[1], ax.get_ylim()[1], ax.get_zlim()[1]])
    aspect = np.asarray(ax.get_box_aspect())
    box = ax.get_position()
    side = 72 * min(box.width * fig.get_figwidth(), box.height * fig.get_figheight())
    B = (X - lo) / (hi - lo) * aspect / np.linalg.norm(aspect) * side  # points
    diam = np.sqrt(sc.get_sizes()[0])
    assert pdist(B).min() >= diam


def test_labels_thinned_by_degree():
    # a star whose leaves are too crowded to all be labelled: the hub keeps its label
    G = nx.star_graph(60)
    G = nx.relabel_nodes(G, {v: f"node-{v:02d}" for v in G})
    pos = {v: (0.0, 0.0) if v == "node-00" else (np.cos(i / 9), np.sin(i / 9))
           for i, v in enumerate(G)}
    ax = draw_layout(G, pos, labels=True, figsize=(3, 3))
    shown = [t.get_text() for t in ax.texts]
    assert "node-00" in shown and len(shown) < len(G)
    boxes = _label_boxes(ax, G)
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[:i])


def _texts_collide(fig):
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    boxes = []
    for a in fig.axes:
        arts = [*a.texts, a.title, a.xaxis.label, a.yaxis.label]
        boxes += [(t.get_text(), t.get_window_extent(r)) for t in arts if t.get_text()]
        if a.get_legend() is not None:
            boxes.append(("legend", a.get_legend().get_window_extent(r)))
    boxes += [("colour bar", a.get_window_extent(r)) for a in fig.axes[1:]]
    return [(p, q) for i, (p, a) in enumerate(boxes) for q, b in boxes[:i] if a.overlaps(b)]


@pytest.mark.parametrize("color_by", ["gari", "component"])
def test_no_two_texts_collide_and_strip_sized_by_content(color_by):
    long_title = "loe (2005 nodes): GARI 0.512 (largest component, 2000 nodes: 0.498)"
    G = _many_components()
    ax = draw_layout(G, nx.spring_layout(G, seed=0), color_by=color_by, title=long_title)
    assert _texts_collide(ax.figure) == []
    caption = [t for t in ax.texts if "smaller components" in t.get_text()][0]
    r = ax.figure.canvas.get_renderer()
    assert ax.get_window_extent(r).contains(*caption.get_window_extent(r).p1)  # inside
    # a 2000-node component and two tiny ones: a narrow strip, the caption off the title
    H = nx.disjoint_union_all([nx.connected_watts_strogatz_graph(2000, 4, 0.1, seed=1),
                               nx.path_graph(3), nx.path_graph(2)])
    pos = nx.circular_layout(H)
    X = np.array([pos[v] for v in H])
    _, (x0, x1) = arrange_components(H, X)
    assert x1 - x0 == pytest.approx(0.2)
    ax = draw_layout(H, pos, color_by=color_by, title=long_title)
    assert _texts_collide(ax.figure) == []
    assert ax.figure.get_figwidth() < 7.0 * 1.35


def test_directed_graphs_get_arrows_and_small_axes_smaller_markers():
    from matplotlib.collections import PolyCollection

    D = nx.gn_graph(20, seed=1)
    ax = draw_layout(D, nx.spring_layout(D, seed=0))
    heads = [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert len(heads) == 1 and len(heads[0].get_paths()) == D.number_of_edges()
    # each head points along its edge, its tip half a point outside the target's marker
    # (in the figure as drawn, at another dpi too)
    fig = ax.figure
    fig.set_dpi(150)
    fig.canvas.draw()
    markers = ax.collections[-1]
    centres = ax.transData.transform(markers.get_offsets())
    radius = np.sqrt(markers.get_sizes()[0]) / 2 * fig.dpi / 72  # pixels
    index = {v: i for i, v in enumerate(D)}
    paths = heads[0].get_paths()
    tips = heads[0].get_transform().transform(np.array([p.vertices[0] for p in paths]))
    tips += heads[0].get_offset_transform().transform(heads[0].get_offsets())
    for (u, v), tip in zip(D.edges(), tips, strict=True):
        a, b = centres[index[u]], centres[index[v]]
        assert np.linalg.norm(tip - b) == pytest.approx(radius + 0.5 * fig.dpi / 72, rel=1e-6)
        cos = np.dot(b - tip, b - a) / np.linalg.norm(b - tip) / np.linalg.norm(b - a)
        assert cos == pytest.approx(1.0, abs=1e-9)
    ax = draw_layout(D.to_undirected(), nx.spring_layout(D, seed=0))
    assert not [c for c in ax.collections if isinstance(c, PolyCollection)]
    G = nx.karate_club_graph()
    big = draw_layout(G, nx.spring_layout(G, seed=0), labels=False).collections[-1]
    small = draw_layout(G, nx.spring_layout(G, seed=0), labels=False,
                        figsize=(3.5, 3.5)).collections[-1]
    assert small.get_sizes()[0] < 0.5 * big.get_sizes()[0]


def test_label_placement_prefers_the_nearest_ring_and_uncovered_markers():
    """_place_labels directly (display units): a lone marker's label goes on the nearest
    ring, in the first direction (right of the marker); a marker sitting where that box
    would be moves the label to a box that covers no marker, still on the nearest ring."""
    from nx_ordinal.plot import _label_boxes as boxes
    from nx_ordinal.plot import _place_labels

    frame = np.array([-500.0, -500.0, 500.0, 500.0])
    P = np.array([[0.0, 0.0]])
    R = np.array([5.0])
    WH = np.array([[40.0, 10.0]])
    corner, ring = _place_labels(None, np.array([0]), P, R, WH, np.empty((0, 4)), frame, 2.0)
    assert ring[0] == 1
    assert np.allclose(corner[0], boxes(P[0], R[0], WH[0], 1, 2.0)[0, :2])
    # a second marker inside that first box (to the right of marker 0)
    first = boxes(P[0], R[0], WH[0], 1, 2.0)[0]
    P2 = np.array([[0.0, 0.0], [(first[0] + first[2]) / 2, (first[1] + first[3]) / 2]])
    R2 = np.array([5.0, 5.0])
    WH2 = np.array([[40.0, 10.0], [1.0, 1.0]])
    corner, ring = _place_labels(None, np.array([0]), P2, R2, WH2, np.empty((0, 4)), frame, 2.0)
    box = np.r_[corner[0], corner[0] + WH2[0]]
    q = np.clip(P2[1], box[:2], box[2:])
    assert np.hypot(*(q - P2[1])) >= R2[1]  # the label does not cover marker 1
    assert ring[0] == 1  # and it did not go further out than it had to


def test_colour_bar_only_when_the_colours_say_something():
    # every node keeps all its neighbours (a path drawn along a line): one colour, no bar;
    # an edgeless graph: nothing to colour, no bar; varied scores: a bar; asked for: a bar
    P = nx.path_graph(6)
    line = {v: (float(v), 0.0) for v in P}
    for G, pos in ((P, line), (nx.empty_graph(4), {v: (float(v), 1.0) for v in range(4)})):
        ax = draw_layout(G, pos, color_by="gari")
        assert len(ax.figure.axes) == 1
        plt.close(ax.figure)
    ax = draw_layout(P, line, color_by="gari", colorbar=True)
    assert len(ax.figure.axes) == 2
    plt.close(ax.figure)
    G = nx.les_miserables_graph()
    ax = draw_layout(G, nx.circular_layout(G), color_by="gari")
    assert len(ax.figure.axes) == 2
    plt.close(ax.figure)


def test_saved_pdf_has_truetype_fonts_and_svg_keeps_text(tmp_path):
    # print requirements: Type 3 fonts fail the IEEE / ACM font checks; SVG text must stay
    # editable; the caller's rcParams are not changed
    G = nx.path_graph(4)
    ax = draw_layout(G, {v: (float(v), float(v % 2)) for v in G}, title="path")
    before = {k: matplotlib.rcParams[k] for k in ("pdf.fonttype", "ps.fonttype", "svg.fonttype")}
    save_figure(ax.figure, tmp_path / "d.pdf")
    pdf = (tmp_path / "d.pdf").read_bytes()
    assert b"/Subtype /Type3" not in pdf
    assert b"/Subtype /TrueType" in pdf or b"/Subtype /CIDFontType2" in pdf
    save_figure(ax.figure, tmp_path / "d.svg")
    svg = (tmp_path / "d.svg").read_text()
    assert "<text" in svg and ">path</text>" in svg
    assert {k: matplotlib.rcParams[k] for k in before} == before


def test_default_gari_colour_map_is_colour_blind_safe_everywhere():
    # red-green (RdYlGn) is unreadable for colour-blind readers: red-yellow-blue by default,
    # red for a node none of whose graph neighbours are drawn near it, blue for all, in the
    # drawing and in the HTML view
    from matplotlib.colors import to_hex

    from nx_ordinal.plot import GARI_CMAP
    from nx_ordinal.view import layout_html

    assert GARI_CMAP == "RdYlBu"
    G = nx.les_miserables_graph()
    pos = nx.circular_layout(G)
    ax = draw_layout(G, pos, color_by="gari", labels=False)
    dots = ax.collections[-1]
    assert dots.get_cmap().name == "RdYlBu"
    assert to_hex(dots.get_cmap()(1.0)) == to_hex(matplotlib.colormaps["RdYlBu"](1.0))
    page = layout_html(G, pos)
    blue = to_hex(matplotlib.colormaps["RdYlBu"](1.0))
    red = to_hex(matplotlib.colormaps["RdYlBu"](0.0))
    assert f"#nodes .g10{{fill:{blue}}}" in page and f"#nodes .g0{{fill:{red}}}" in page


def test_edge_alpha_and_width_follow_the_edge_density():
    # the same 60 nodes with 90 and with 1200 edges in a 4-inch figure: the dense drawing's
    # edges are lighter and thinner (before: opaque grey at one width, a hairball); a cycle
    # of 60 covers little of the axes: opaque
    from matplotlib.collections import LineCollection

    pos = nx.circular_layout(nx.empty_graph(60))
    style = []
    for m in (90, 1200):
        G = nx.gnm_random_graph(60, m, seed=1)
        ax = draw_layout(G, pos, labels=False, figsize=(4, 4))
        (lines,) = [c for c in ax.collections if isinstance(c, LineCollection)]
        style.append((lines.get_alpha(), lines.get_linewidths()[0]))
        plt.close(ax.figure)
    (a_sparse, w_sparse), (a_dense, w_dense) = style
    assert a_dense < 0.5 * a_sparse and a_dense < 0.3
    assert w_dense < 0.8 * w_sparse
    C = nx.cycle_graph(60)  # short edges, little ink: opaque
    ax = draw_layout(C, pos, labels=False, figsize=(4, 4))
    (lines,) = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert lines.get_alpha() == 1.0
    # a given alpha and width are kept
    G = nx.gnm_random_graph(60, 1200, seed=1)
    ax = draw_layout(G, pos, labels=False, figsize=(4, 4), edge_alpha=0.9, edge_width=1.0)
    (lines,) = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert lines.get_alpha() == 0.9 and lines.get_linewidths()[0] == 1.0


def test_labels_have_a_halo_and_a_readable_size_inside_markers():
    # labels over edges need a white halo (2-D beside or inside, 3-D); labels inside the
    # markers are at least 7 pt (before: 6 pt, blurry at 150 dpi), and labels that do not
    # fit in their marker at 7 pt go beside it
    from matplotlib.patheffects import withStroke

    def halo(t):
        return any(isinstance(e, withStroke) for e in t.get_path_effects())

    G = nx.petersen_graph()
    pos = nx.spring_layout(G, seed=0)
    ax = draw_layout(G, pos, node_size=160)  # one-character labels: inside
    assert len(ax.texts) == 10
    for t in ax.texts:
        assert t.get_fontsize() >= 7 and halo(t)
        assert t.get_ha() == "center" and t.xyann == t.xy  # on its marker
    C = nx.cycle_graph(40)  # more than 30 nodes: was 6 pt
    ax = draw_layout(C, nx.circular_layout(C), node_size=160)
    assert {t.get_fontsize() for t in ax.texts} == {7.0}
    assert all(t.get_ha() == "center" for t in ax.texts)
    H = nx.relabel_nodes(G, {v: 100 + v for v in G})  # three digits: too wide at 7 pt
    ax = draw_layout(H, {100 + v: p for v, p in pos.items()}, node_size=160)
    assert len(ax.texts) == 10 and all(halo(t) for t in ax.texts)
    assert all(t.get_ha() == "left" and t.xyann != (0, 0) for t in ax.texts)  # beside
    ax3 = draw_layout(G, nx.spring_layout(G, dim=3, seed=0))
    assert len(ax3.texts) == 10 and all(halo(t) for t in ax3.texts)


def test_single_drawing_has_no_box_frame():
    # like the netscience figure: no frame around a drawing, with or without the strip
    for G in (nx.path_graph(4), nx.disjoint_union(nx.path_graph(4), nx.path_graph(2))):
        ax = draw_layout(G, nx.circular_layout(G))
        assert not any(s.get_visible() for s in ax.spines.values())
        plt.close(ax.figure)


def test_gari_colours_of_a_directed_graph_use_in_and_out_neighbours():
    """Issue 34 item 2: a sink is scored by its in-neighbours (before: red, no out-neighbour
    recovered), a node by all its neighbours; knn_agreement stays GARI's out-neighbour m_i."""
    D = nx.DiGraph([(0, 1), (1, 2)])
    pos = {0: (0.0, 0.0), 1: (1.0, 0.0), 2: (2.5, 0.0)}
    ax = draw_layout(D, pos, color_by="gari", components="keep", labels=False)
    np.testing.assert_array_equal(ax.collections[-1].get_array(), [1.0, 1.0, 1.0])
    assert knn_agreement(D, pos) == {0: 1, 1: 0, 2: 0}
    # a sink with two in-neighbours, one of them among its two nearest nodes: 0.5
    D = nx.DiGraph([(0, 2), (1, 2), (3, 4)])
    pos = {0: (1.0, 0.0), 1: (10.0, 0.0), 2: (0.0, 0.0), 3: (2.5, 0.0), 4: (2.7, 0.0)}
    ax = draw_layout(D, pos, color_by="gari", components="keep", labels=False)
    assert list(D) == [0, 2, 1, 3, 4]
    np.testing.assert_array_equal(ax.collections[-1].get_array(), [1.0, 0.5, 0.0, 1.0, 1.0])
