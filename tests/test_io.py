import json
import os

import networkx as nx
import numpy as np
import pytest

from nx_ordinal.io import (
    atomic_write,
    read_graph,
    read_layout,
    read_layout_record,
    write_layout,
)


def _edges(G):
    return sorted(tuple(sorted(map(str, e))) for e in G.edges())


@pytest.fixture
def G():
    return nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])


def test_read_formats_roundtrip(tmp_path, G):
    nx.write_graphml(G, tmp_path / "g.graphml")
    nx.write_gml(G, tmp_path / "g.gml")
    (tmp_path / "g.json").write_text(json.dumps(nx.node_link_data(G, edges="edges")))
    (tmp_path / "old.json").write_text(json.dumps(nx.node_link_data(G, edges="links")))
    (tmp_path / "g.edgelist").write_text("# comment\na b\nb,c 2.0\nc a\nc d\n\ne\n")
    for name in ("g.graphml", "g.gml", "g.json", "old.json", "g.edgelist"):
        H = read_graph(tmp_path / name)
        assert _edges(H) == _edges(G), name
    assert "e" in read_graph(tmp_path / "g.edgelist")  # isolated node line
    ints = tmp_path / "ints.txt"
    ints.write_text("1 2\n2 3\n")
    assert sorted(read_graph(ints).edges()) == [(1, 2), (2, 3)]


def test_read_gml_without_labels(tmp_path):
    (tmp_path / "nolabel.gml").write_text("graph [\n node [ id 0 ]\n node [ id 1 ]\n"
                                          " edge [ source 0 target 1 ]\n]\n")
    assert list(read_graph(tmp_path / "nolabel.gml").edges()) == [(0, 1)]


def test_read_gml_with_an_edge_listed_twice(tmp_path):
    # Newman's files (celegansneural.gml) put "multigraph 1" above the graph block, where
    # networkx does not see it, and list some edges twice: read with the edges merged
    text = ('Creator "graph [ in a string"\nmultigraph 1\ngraph\n[\n  directed 1\n'
            '  node\n  [\n    id 0\n    label "1"\n  ]\n'
            '  node\n  [\n    id 1\n    label "2"\n  ]\n'
            '  node\n  [\n    id 2\n    label "3"\n  ]\n'
            '  edge\n  [\n    source 0\n    target 1\n    value 1\n  ]\n'
            '  edge\n  [\n    source 0\n    target 1\n    value 2\n  ]\n'
            '  edge\n  [\n    source 1\n    target 2\n    value 1\n  ]\n]\n')
    (tmp_path / "neural.gml").write_text(text)
    with pytest.raises(nx.NetworkXError, match="is duplicated"):
        nx.read_gml(tmp_path / "neural.gml")
    H = read_graph(tmp_path / "neural.gml")
    assert type(H) is nx.DiGraph
    assert sorted(H.edges(data="value")) == [("1", "2", 2), ("2", "3", 1)]
    # an undirected file with the edge listed both ways, no multigraph line at all
    (tmp_path / "twice.gml").write_text(
        "graph [\n node [ id 0 label \"a\" ]\n node [ id 1 label \"b\" ]\n"
        " edge [ source 0 target 1 ]\n edge [ source 1 target 0 ]\n]\n")
    H = read_graph(tmp_path / "twice.gml")
    assert type(H) is nx.Graph and sorted(H.edges()) == [("a", "b")]
    # a multigraph that repeats an edge key stays an error, named as networkx names it
    (tmp_path / "keys.gml").write_text(
        "graph [\n multigraph 1\n node [ id 0 ]\n node [ id 1 ]\n"
        " edge [ source 0 target 1 key 0 ]\n edge [ source 0 target 1 key 0 ]\n]\n")
    with pytest.raises(ValueError, match="cannot read gml graph .*is duplicated"):
        read_graph(tmp_path / "keys.gml")


@pytest.mark.parametrize("name, text, match", [
    ("bad.graphml", "<graphml><graph", "cannot read graphml graph"),
    ("bad.gml", "graph [ node [ id 0 ", "cannot read gml graph"),
    ("bad.json", "{not json", "cannot read json graph"),
    ("list.json", "[1, 2]", "not a node-link JSON object"),
    ("bad.edgelist", "a b c d\n", "line 1: expected 'u v \\[weight\\]'"),
])
def test_malformed_graph_files(tmp_path, name, text, match):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ValueError, match=match):
        read_graph(path)


def test_binary_and_missing_files(tmp_path):
    path = tmp_path / "bin.edgelist"
    path.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(ValueError, match="not a text file"):
        read_graph(path)
    with pytest.raises(OSError, match="no such file"):
        read_graph(tmp_path / "missing.gml")
    with pytest.raises(ValueError, match="unknown graph format 'pickle'"):
        read_graph(path, format="pickle")


def test_layout_roundtrip_keeps_node_types(tmp_path):
    G = nx.Graph([(("x", 1), "s"), ("s", 3)])
    pos = {("x", 1): np.array([0.5, -1.0]), "s": np.array([0.0, 0.25]), 3: np.array([1, 2.0])}
    path = tmp_path / "lay.json"
    write_layout(path, pos, method="loe", parameters={"seed": np.int64(3), "init": ("a", "b")},
                 metrics={"gari": np.float64(0.5)}, graph=G)
    rec = read_layout_record(path)
    assert list(rec["pos"]) == [("x", 1), "s", 3]
    for v in pos:
        np.testing.assert_array_equal(rec["pos"][v], pos[v])
    assert rec["method"] == "loe" and rec["dim"] == 2
    assert rec["parameters"] == {"seed": 3, "init": ["a", "b"]}
    assert rec["metrics"] == {"gari": 0.5}
    assert nx.utils.graphs_equal(rec["graph"], G)
    assert [p.name for p in tmp_path.iterdir()] == ["lay.json"]  # no temp files left


def test_write_layout_errors_leave_old_file(tmp_path):
    path = tmp_path / "lay.json"
    write_layout(path, {0: [0.0, 1.0]})
    before = path.read_text()
    with pytest.raises(ValueError, match="mixed dimensions"):
        write_layout(path, {0: [0.0, 1.0], 1: [0.0]})
    with pytest.raises(ValueError, match="finite"):
        write_layout(path, {0: [np.nan, 1.0]})
    with pytest.raises(TypeError, match="cannot be stored in JSON"):
        write_layout(path, {frozenset([1]): [0.0, 1.0]})
    assert path.read_text() == before
    assert sorted(os.listdir(tmp_path)) == ["lay.json"]


def test_read_layout_errors(tmp_path):
    p = tmp_path / "x.json"
    p.write_text('{"format": "other"}')
    with pytest.raises(ValueError, match="not an nx_ordinal layout file"):
        read_layout(p)
    p.write_text('{"format": "nx_ordinal.layout", "nodes": [1, 2], "positions": [[0, 0]], '
                 '"dim": 2}')
    with pytest.raises(ValueError, match="malformed layout file"):
        read_layout(p)


def test_atomic_write_failure(tmp_path):
    path = tmp_path / "out.txt"
    with pytest.raises(RuntimeError), atomic_write(path) as fh:
        fh.write("partial")
        raise RuntimeError("boom")
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_networkx_default_writers_are_read(tmp_path):
    """networkx's own edge list (data dicts), adjacency list and Pajek files."""
    G = nx.Graph()
    G.add_edge(0, 1, weight=4)
    G.add_edge(1, "x", weight=0.5, label="a b")
    G.add_edge("x", 2)
    G.add_node(7)  # isolated: lost by edge lists, kept by the adjacency list
    nx.write_edgelist(G, tmp_path / "g.edgelist")  # "0 1 {'weight': 4}"
    assert "{'weight': 4}" in (tmp_path / "g.edgelist").read_text()
    H = read_graph(tmp_path / "g.edgelist")
    assert _edges(H) == _edges(nx.Graph(G.edges()))
    assert H.edges[0, 1] == {"weight": 4} and H.edges[1, "x"] == {"weight": 0.5, "label": "a b"}
    (tmp_path / "w.txt").write_text("a b 2.5\nb c\n")
    assert read_graph(tmp_path / "w.txt").edges["a", "b"] == {"weight": 2.5}
    nx.write_adjlist(G, tmp_path / "g.adjlist")
    A = read_graph(tmp_path / "g.adjlist")
    assert _edges(A) == _edges(G) and 7 in A
    nx.write_pajek(G, tmp_path / "g.net")
    P = read_graph(tmp_path / "g.net")
    assert not P.is_multigraph() and not P.is_directed()
    assert _edges(P) == _edges(G) and "7" in P
    D = nx.DiGraph([(0, 1), (1, 2)])
    nx.write_pajek(D, tmp_path / "d.net")
    assert read_graph(tmp_path / "d.net").is_directed()
    assert read_graph(tmp_path / "g.adjlist", format="adjlist").number_of_nodes() == 5


@pytest.mark.parametrize("text, match", [
    ("0 1 {'weight': 4\n", "line 1: cannot read the edge data"),
    ("0 1 {1: 2}\n", "line 1: cannot read the edge data"),
    ("0 1 __import__('os')\n", "line 1: expected 'u v \\[weight\\]' or 'u v {data}'"),
    ("0 1 {'w': __import__('os')}\n", "line 1: cannot read the edge data"),
    ("0 1 2 3\n", "adjacency lists need the extension .adjlist"),
])
def test_edge_data_errors(tmp_path, text, match):
    path = tmp_path / "g.edgelist"
    path.write_text(text)
    with pytest.raises(ValueError, match=match):
        read_graph(path)


def test_read_layout_gives_positions_for_nx_draw(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    G = nx.karate_club_graph()
    path = tmp_path / "k.json"
    write_layout(path, nx.spring_layout(G, seed=1), method="spring", graph=G)
    pos = read_layout(path)
    assert isinstance(pos, dict) and list(pos) == list(G)
    assert all(isinstance(p, np.ndarray) and p.shape == (2,) for p in pos.values())
    fig, ax = plt.subplots()
    nx.draw(G, pos, ax=ax)
    plt.close(fig)
    rec = read_layout_record(path)
    assert rec["method"] == "spring" and rec["pos"].keys() == pos.keys()


def test_paths_are_checked_with_clear_messages(tmp_path):
    with pytest.raises(OSError, match="is a directory, not a graph file"):
        read_graph(tmp_path)
    target = tmp_path / "no" / "such" / "x.json"
    with pytest.raises(OSError) as info:
        write_layout(target, {0: [0.0, 0.0]})
    assert str(info.value) == f"output directory '{tmp_path}/no/such' does not exist"
    with pytest.raises(OSError, match="is a directory"), atomic_write(tmp_path):
        pass
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_atomic_write_honours_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        write_layout(tmp_path / "a.json", {0: [0.0, 1.0]})
        with atomic_write(tmp_path / "b.bin", "wb") as fh:
            fh.write(b"x")
        (tmp_path / "b.bin").chmod(0o600)  # an existing file is replaced by a fresh one
        with atomic_write(tmp_path / "b.bin", "wb") as fh:
            fh.write(b"y")
    finally:
        os.umask(old)
    assert os.stat(tmp_path / "a.json").st_mode & 0o777 == mode
    assert os.stat(tmp_path / "b.bin").st_mode & 0o777 == mode


def test_read_mtx_graph(tmp_path):
    one = ("%%MatrixMarket matrix coordinate real symmetric\n% a comment\n5 5 4\n"
           "2 1 1.5\n3 2 1\n3 3 1\n1 2 7\n")
    (tmp_path / "one.mtx").write_text(one)
    G = read_graph(tmp_path / "one.mtx")
    # named by the file's own indices (1-based): unused indices 4, 5 are isolated nodes
    assert list(G) == [1, 2, 3, 4, 5]
    assert sorted(G.edges()) == [(1, 2), (2, 3)]  # symmetrised, self-loop and values dropped
    zero = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n0 1\n2 1\n"
    (tmp_path / "zero.mtx").write_text(zero)
    assert sorted(read_graph(tmp_path / "zero.mtx").edges()) == [(0, 1), (1, 2)]
    bad = {"a.mtx": ("%%MatrixMarket matrix array real general\n2 2\n1\n0\n1\n0\n",
                     "only coordinate matrices are graphs"),
           "b.mtx": ("%%MatrixMarket matrix coordinate real general\n2 3 1\n1 2 1\n",
                     "the matrix is 2 x 3, not square"),
           "c.mtx": ("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 1\n",
                     "the size line announces 2 entries, the file holds 1"),
           "d.mtx": ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 3 1\n",
                     "an entry index exceeds the matrix size 2"),
           "e.mtx": ("1 2\n", "no '%%MatrixMarket' header line"),
           "f.mtx": ("%%MatrixMarket matrix coordinate real general\n% c\n3 3 2\n1 2 1\n"
                     "2 x 1\n", "line 5: expected an entry 'row column \\[value\\]', "
                     "got '2 x 1'")}
    for name, (text, msg) in bad.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(ValueError, match=f"cannot read mtx graph .*{name}.*: {msg}"):
            read_graph(tmp_path / name)


def test_read_gexf_and_unknown_extensions(tmp_path):
    G = nx.Graph([("a", "b"), ("b", "c")])
    nx.write_gexf(G, tmp_path / "g.gexf")
    H = read_graph(tmp_path / "g.gexf")
    assert sorted(H.edges()) == [("a", "b"), ("b", "c")]
    (tmp_path / "g.weird").write_text("<gexf>not an edge list</gexf>\n")
    with pytest.raises(ValueError, match="extension names no format, so it was read as an edge "
                                         "list; formats: .*\\.gexf.*\\.mtx"):
        read_graph(tmp_path / "g.weird")
    with pytest.raises(ValueError, match="unknown graph format 'xls'; known: edgelist, "):
        read_graph(tmp_path / "g.gexf", format="xls")
    (tmp_path / "dtd.gexf").write_text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>'
                                       "<gexf/>")
    with pytest.raises(ValueError, match="DTDs and entity declarations are not allowed"):
        read_graph(tmp_path / "dtd.gexf")


def test_read_mtx_benchmark_graphs(shared_data):
    path = shared_data / "drawing-benchmark" / "graphs"
    if not path.is_dir():
        pytest.skip("drawing-benchmark is not available")
    G = read_graph(path / "USPowerGrid.mtx")  # 1-indexed
    assert (G.number_of_nodes(), G.number_of_edges()) == (4941, 6594)
    assert nx.is_connected(G)
    L = read_graph(path / "lesmis.mtx")  # 0-indexed
    assert (L.number_of_nodes(), L.number_of_edges()) == (77, 254) and min(L) == 0
    assert min(G) == 1 and max(G) == 4941  # the file's own 1-based indices


# --- GEXF and GraphML layouts (issue 28) -------------------------------------------------

def _mixed_graph():
    """String, int and tuple node names, a weighted edge, attributes GEXF/GraphML can and
    cannot hold."""
    G = nx.Graph()
    G.add_edge("Valjean", 7, weight=2.5, kind="friend")
    G.add_edge(7, (1, 2), weight=np.float64(0.5))
    G.add_node("lonely")
    G.nodes["Valjean"]["group"] = 3
    G.nodes[7]["vec"] = np.ones(2)  # not storable: left out
    G.nodes[(1, 2)]["x"] = "not a coordinate"  # GraphML: the position wins
    G.graph["name"] = "mixed"
    return G


def _mixed_pos(G, dim=2):
    rng = np.random.default_rng(4)
    return {v: rng.normal(size=dim) / 3 for v in G}


@pytest.mark.parametrize("ext", [".gexf", ".graphml"])
@pytest.mark.parametrize("dim", [1, 2, 3])
def test_xml_layout_roundtrip_through_networkx_readers(tmp_path, ext, dim):
    G = _mixed_graph()
    before = {v: dict(d) for v, d in G.nodes(data=True)}
    pos = _mixed_pos(G, dim)
    path = tmp_path / f"lay{ext}"
    write_layout(path, pos, graph=G)
    H = nx.read_gexf(path) if ext == ".gexf" else nx.read_graphml(path)
    # node ids are str(node): strings as they were, ints and tuples as their str
    assert list(H) == ["Valjean", "7", "(1, 2)", "lonely"]
    assert sorted(map(sorted, H.edges())) == [["(1, 2)", "7"], ["7", "Valjean"]]
    P = np.array([pos[v] for v in G]).reshape(len(G), dim)
    lo, hi = P.min(0), P.max(0)
    f = 1000 / (hi - lo).max()  # the longest side 1000 units
    for i, v in enumerate(G):
        data = H.nodes[str(v)]
        got = data["viz"]["position"] if ext == ".gexf" else data
        if ext == ".gexf":  # centred on the origin, y up (Gephi)
            want = list((P[i] - (lo + hi) / 2) * f) + [0.0] * (3 - dim)
        else:  # from the origin, y down (yEd, Cytoscape)
            want = list((P[i] - lo) * f) + [0.0] * (2 - dim)
            if dim > 1:
                want[1] = (hi[1] - P[i, 1]) * f
        for axis, value in zip("xyz", want):
            assert isinstance(got[axis], float) and got[axis] == pytest.approx(value, abs=1e-9)
        if ext == ".graphml" and dim < 3:
            assert "z" not in got
    # markers as in the figure: 4000/n points^2 for n nodes in 5.3 inches less margins
    d = 1000 * np.sqrt(min(160, 4000 / 3)) / (5.3 * 72 / 1.1)
    if ext == ".gexf":  # Gephi's node size is a radius
        assert H.nodes["7"]["viz"]["size"] == pytest.approx(d / 2)
    else:
        assert H.nodes["7"]["size"] == pytest.approx(d)
    assert H.nodes["Valjean"]["group"] == 3 and "vec" not in H.nodes["7"]
    assert H.edges["Valjean", "7"]["weight"] == 2.5
    assert H.edges["7", "(1, 2)"]["weight"] == 0.5
    # the input graph is not changed
    assert {v: dict(d) for v, d in G.nodes(data=True)}.keys() == before.keys()
    assert G.nodes[(1, 2)]["x"] == "not a coordinate" and "viz" not in G.nodes["Valjean"]
    assert "y" not in G.nodes["Valjean"]


@pytest.mark.parametrize("ext", [".gexf", ".graphml"])
def test_xml_layout_int_names_back_with_node_type(tmp_path, ext):
    G = nx.cycle_graph(5, create_using=nx.DiGraph)
    pos = nx.circular_layout(G)
    path = tmp_path / f"c{ext}"
    write_layout(path, pos, graph=G)
    reader = nx.read_gexf if ext == ".gexf" else nx.read_graphml
    H = reader(path, node_type=int)
    assert H.is_directed() and sorted(H.edges()) == sorted(G.edges())
    got = {v: (H.nodes[v]["viz"]["position"] if ext == ".gexf" else H.nodes[v]) for v in H}
    P = np.array([pos[v] for v in G])
    Q = np.array([[got[v]["x"], got[v]["y"]] for v in G])
    flip = [1, 1] if ext == ".gexf" else [1, -1]  # GraphML: y down
    f = 1000 / np.ptp(P, axis=0).max()
    assert np.allclose(Q - Q.mean(0), f * (P - P.mean(0)) * flip)


def test_xml_layout_multigraph_keeps_parallel_edges(tmp_path):
    G = nx.MultiGraph([(0, 1), (0, 1), (1, 2)])
    write_layout(tmp_path / "m.graphml", nx.circular_layout(G), graph=G)
    H = nx.read_graphml(tmp_path / "m.graphml")
    assert H.is_multigraph() and H.number_of_edges() == 3


def test_write_layout_format_argument_and_positions_only(tmp_path):
    pos = {"a": [0.0, 1.0], "b": [2.0, 3.0]}
    path = tmp_path / "lay.txt"
    write_layout(path, pos, format="graphml")  # no graph: the nodes alone
    H = nx.read_graphml(path)
    assert H.number_of_edges() == 0
    assert (H.nodes["a"]["x"], H.nodes["a"]["y"], H.nodes["b"]["x"], H.nodes["b"]["y"]) == \
        (0.0, 1000.0, 1000.0, 0.0)
    write_layout(tmp_path / "plain.dat", pos)  # other extensions: JSON as before
    assert read_layout(tmp_path / "plain.dat")["b"].tolist() == [2.0, 3.0]
    with pytest.raises(ValueError, match="format must be 'json', 'gexf' or 'graphml', got 'svg'"):
        write_layout(path, pos, format="svg")


def test_xml_layout_errors_leave_old_file(tmp_path):
    path = tmp_path / "lay.gexf"
    write_layout(path, {0: [0.0, 1.0]})
    old = path.read_bytes()
    with pytest.raises(ValueError, match="nodes 1 and '1' have the same name '1' in gexf"):
        write_layout(path, {1: [0.0, 1.0], "1": [1.0, 0.0]})
    with pytest.raises(ValueError, match="at most 3 dimensions, got dim=4"):
        write_layout(path, {0: [0.0, 1.0, 2.0, 3.0]})
    with pytest.raises(nx.NetworkXError, match="node 'c' of the graph has no position"):
        write_layout(path, {"a": [0.0, 1.0], "b": [1.0, 1.0]}, graph=nx.path_graph("abc"))
    assert path.read_bytes() == old
    assert os.listdir(tmp_path) == ["lay.gexf"]  # no temporary file left


# --- GEXF and GraphML in the tools' units, orientation and colours (issue 34) -------------

def _figure_colors(G, pos, color_by):
    """node -> "#rrggbb" as draw_layout paints it (positions as given)."""
    import matplotlib
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from nx_ordinal.plot import draw_layout

    matplotlib.use("Agg")
    ax = draw_layout(G, pos, color_by=color_by, components="keep", labels=False)
    ax.figure.canvas.draw()
    colors = {}
    for sc in ax.collections[-2:]:  # the linked nodes, then those without neighbours
        offsets = [tuple(p) for p in sc.get_offsets()]
        faces = sc.get_facecolors()
        for v in G:
            if tuple(pos[v]) in offsets:
                colors[v] = to_hex(faces[offsets.index(tuple(pos[v]))] if len(faces) > 1
                                   else faces[0], keep_alpha=False)
    plt.close(ax.figure)
    return colors


@pytest.mark.parametrize("color_by", ["gari", "degree", "component", None])
def test_xml_layout_has_the_figure_colours(tmp_path, color_by):
    G = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (4, 5)])
    G.add_node(6)  # no neighbours: the figure's grey
    rng = np.random.default_rng(3)
    pos = {v: tuple(rng.random(2)) for v in G}
    want = _figure_colors(G, pos, color_by)
    assert want[6] == "#b8b8b8" and len(set(want.values())) >= (2 if color_by is None else 3)
    write_layout(tmp_path / "c.gexf", pos, graph=G, color_by=color_by)
    write_layout(tmp_path / "c.graphml", pos, graph=G, color_by=color_by)
    gexf = nx.read_gexf(tmp_path / "c.gexf", node_type=int)
    graphml = nx.read_graphml(tmp_path / "c.graphml", node_type=int)
    for v in G:
        c = gexf.nodes[v]["viz"]["color"]
        assert "#{:02x}{:02x}{:02x}".format(c["r"], c["g"], c["b"]) == want[v]
        assert graphml.nodes[v]["color"] == want[v]


def test_xml_layout_scale_and_orientation(tmp_path):
    # "c" above "a" in the figure (y up); "b" to the right
    pos = {"a": (0.0, 0.0), "b": (2.0, 0.0), "c": (0.0, 1.0)}
    G = nx.Graph([("a", "b"), ("a", "c")])
    for scale in (1.0, 1e-3):  # the layout's own scale does not matter
        small = {v: (scale * x, scale * y) for v, (x, y) in pos.items()}
        write_layout(tmp_path / "s.gexf", small, graph=G)
        write_layout(tmp_path / "s.graphml", small, graph=G)
        gexf = nx.read_gexf(tmp_path / "s.gexf")
        xy = {v: (d["viz"]["position"]["x"], d["viz"]["position"]["y"])
              for v, d in gexf.nodes(data=True)}
        # Gephi: centred on the origin, y up, 1000 units wide
        want = {"a": (-500, -250), "b": (500, -250), "c": (-500, 250)}
        assert {v: xy[v] == pytest.approx(w) for v, w in want.items()} == dict.fromkeys(want, True)
        graphml = nx.read_graphml(tmp_path / "s.graphml")
        xy = {v: (d["x"], d["y"]) for v, d in graphml.nodes(data=True)}
        # yEd / Cytoscape: y down, so "c" (above "a") has the smaller y
        want = {"a": (0, 500), "b": (1000, 500), "c": (0, 0)}
        assert {v: xy[v] == pytest.approx(w) for v, w in want.items()} == dict.fromkeys(want, True)
        # markers as in the figure: 160 points^2 (3 nodes, labels) in a 5.3-inch drawing
        d = 1000 * np.sqrt(160) / (5.3 * 72 / 1.1)
        assert 30 < d < 40
        assert [n["viz"]["size"] for n in gexf.nodes.values()] == [pytest.approx(d / 2)] * 3
        assert [n["size"] for n in graphml.nodes.values()] == [pytest.approx(d)] * 3


def test_graphml_layout_has_yfiles_geometry_for_yed(tmp_path):
    import xml.etree.ElementTree as ET

    G = nx.Graph([("a", "b")])
    G.add_node("c")
    pos = {"a": (0.0, 0.0), "b": (2.0, 0.0), "c": (0.0, 1.0)}
    write_layout(tmp_path / "y.graphml", pos, graph=G)
    H = nx.read_graphml(tmp_path / "y.graphml")
    ns = {"g": "http://graphml.graphdrawing.org/xmlns", "y": "http://www.yworks.com/xml/graphml"}
    root = ET.parse(tmp_path / "y.graphml").getroot()
    key = root.find("g:key[@yfiles.type='nodegraphics']", ns)
    assert key is not None and key.get("for") == "node"
    for node in root.iter(f"{{{ns['g']}}}node"):
        v = node.get("id")
        shape = node.find(f"g:data[@key='{key.get('id')}']/y:ShapeNode", ns)
        geometry = shape.find("y:Geometry", ns)
        x, y, w, h = (float(geometry.get(a)) for a in ("x", "y", "width", "height"))
        # the box around the marker, centred on the plain x, y (y down)
        assert w == h == pytest.approx(H.nodes[v]["size"])
        assert (x + w / 2, y + h / 2) == pytest.approx((H.nodes[v]["x"], H.nodes[v]["y"]))
        assert shape.find("y:Fill", ns).get("color").lower() == H.nodes[v]["color"]
        assert shape.find("y:Shape", ns).get("type") == "ellipse"
    assert H.nodes["c"]["color"] == "#b8b8b8" and H.nodes["a"]["color"] != "#b8b8b8"


def test_write_layout_color_by_is_checked(tmp_path):
    with pytest.raises(ValueError, match="color_by must be one of 'gari', 'degree', "
                                         "'component' or None, got 'knn'"):
        write_layout(tmp_path / "x.gexf", {0: (0.0, 0.0)}, color_by="knn")
    assert not os.listdir(tmp_path)
