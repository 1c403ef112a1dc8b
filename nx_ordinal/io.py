"""Reading graphs and reading/writing layouts.

Graphs: edge lists (networkx's default ``write_edgelist`` output with data dicts included),
adjacency lists, Pajek, GraphML, GML and JSON node-link files (:func:`read_graph`), never
pickle or ``eval`` (data dicts are read with ``ast.literal_eval``).  Layouts: JSON files
with node ids, positions, the method, its parameters and metrics (:func:`write_layout`;
:func:`read_layout` gives the positions, :func:`read_layout_record` everything), or the
graph with its positions, node colours and sizes as GEXF (``viz:position``, for Gephi) or
GraphML (``x``, ``y`` node attributes, for Cytoscape, and yFiles node graphics, for yEd),
in those tools' units and orientation, which networkx's readers read back; all written
atomically (temporary file in the same folder, then rename), so an interrupted write never
leaves a half-written file.  Written files honour the umask (0644 under the usual 022).

Examples
--------
>>> import os, tempfile
>>> import networkx as nx
>>> from nx_ordinal.io import read_layout, write_layout
>>> G = nx.path_graph(["a", "b", "c"])
>>> pos = nx.spring_layout(G, seed=0)
>>> path = os.path.join(tempfile.mkdtemp(), "p.json")
>>> write_layout(path, pos, method="spring", parameters={"seed": 0})
>>> sorted(read_layout(path))
['a', 'b', 'c']
>>> read_layout_record(path)["method"]
'spring'
"""

from __future__ import annotations

import ast
import json
import numbers
import os
import re
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from typing import IO, TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from ._core.files import atomic_write, check_input_path, check_output_path

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np

__all__ = ["read_graph", "read_layout", "read_layout_record", "write_layout", "atomic_write",
           "check_input_path", "check_output_path", "GRAPH_FORMATS", "LAYOUT_FORMATS"]

#: file extension -> graph format understood by :func:`read_graph`
GRAPH_FORMATS = {
    ".edgelist": "edgelist", ".edges": "edgelist", ".txt": "edgelist", ".el": "edgelist",
    ".tsv": "edgelist", ".csv": "edgelist",
    ".graphml": "graphml", ".xml": "graphml", ".gexf": "gexf",
    ".gml": "gml",
    ".json": "json",
    ".adjlist": "adjlist", ".adj": "adjlist",
    ".net": "pajek", ".paj": "pajek", ".pajek": "pajek",
    ".mtx": "mtx",
}
_FORMATS = ("edgelist", "adjlist", "pajek", "graphml", "gexf", "gml", "json", "mtx")
_FORMAT_TAG = "nx_ordinal.layout"


def _json_node(v):
    """JSON form of a node id: ints, floats, strings and bools as is, tuples as lists."""

    if isinstance(v, (str, bool)) or v is None:
        return v
    if isinstance(v, numbers.Integral):
        return int(v)
    if isinstance(v, numbers.Real):
        return float(v)
    if isinstance(v, (tuple, list)):
        return [_json_node(x) for x in v]
    raise TypeError(f"node {v!r} cannot be stored in JSON (use int, str or tuples of them)")


def _from_json_node(v):
    return tuple(_from_json_node(x) for x in v) if isinstance(v, list) else v


def _plain(value):
    """Parameters as plain JSON values (numpy scalars/arrays to Python)."""

    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value


#: file extension -> layout format written by :func:`write_layout` (any other: JSON)
LAYOUT_FORMATS = {".json": "json", ".gexf": "gexf", ".graphml": "graphml"}
# attribute names the GEXF writer gives a meaning of its own (never copied from the graph)
_GEXF_RESERVED = frozenset({"id", "label", "pid", "viz", "start", "end", "spells"})
_AXES = ("x", "y", "z")
_COLOR_BY = ("gari", "degree", "component", None)  # as nx_ordinal.plot.draw_layout


def _check_pos(pos: Mapping[Any, Any]) -> tuple[list[Any], list[np.ndarray], int]:
    """Nodes, coordinate rows and dimension of ``pos``, checked."""

    if not hasattr(pos, "items"):
        raise TypeError(f"pos must be a dict mapping nodes to coordinates, got "
                        f"{type(pos).__name__}")
    nodes = list(pos)
    try:
        X = [np.asarray(pos[v], dtype=np.float64).ravel() for v in nodes]
    except (TypeError, ValueError):
        raise TypeError("positions in pos must be numeric coordinates") from None
    dims = {x.size for x in X}
    if len(dims) > 1:
        raise ValueError(f"positions have mixed dimensions {sorted(dims)}")
    if any(not np.isfinite(x).all() for x in X):
        raise ValueError("positions must be finite")
    return nodes, X, dims.pop() if dims else 0


def _scalar_attrs(data: Mapping[Any, Any], skip: frozenset[str] = frozenset()
                  ) -> dict[str, Any]:
    """The attributes GEXF and GraphML can hold (str, bool, int, float; numpy scalars as
    Python scalars), string keys only; others are left out."""

    out: dict[str, Any] = {}
    for key, value in data.items():
        if not isinstance(key, str) or key in skip:
            continue
        if isinstance(value, np.generic):
            value = value.item()
        if isinstance(value, (str, bool, int, float)):
            out[key] = value
    return out


def _xml_graph(pos: Mapping[Any, Any], nodes: list[Any], X: list[np.ndarray], dim: int,
               graph: nx.Graph | None, format: str,
               color_by: str | None = "gari") -> tuple[nx.Graph, dict[str, Any]]:
    """A new graph for networkx's GEXF / GraphML writers: the nodes of ``pos`` (in its
    order) at their positions in the target tools' units and orientation
    (:func:`_canvas`), with the figure's colours and marker size (:func:`_figure_style`),
    the edges of ``graph`` and those of its attributes the format can hold.  ``graph``
    itself is not changed.  Also returns, for GraphML, each node id's yFiles box and fill
    (:func:`_add_yfiles`)."""

    if dim > 3:
        raise ValueError(f"{format} stores positions of at most 3 dimensions, got dim={dim}")
    names: dict[str, Any] = {}
    for v in nodes:
        name = str(v)
        if name in names:
            raise ValueError(f"nodes {names[name]!r} and {v!r} have the same name {name!r} "
                             f"in {format} (node ids are written as str(node))")
        names[name] = v
    H: nx.Graph
    if graph is None:
        H = nx.Graph()
    else:
        missing = next((v for v in graph if v not in pos), _MISSING)
        if missing is not _MISSING:
            raise nx.NetworkXError(f"node {missing!r} of the graph has no position")
        H = (nx.MultiDiGraph() if graph.is_multigraph() else nx.DiGraph()) \
            if graph.is_directed() else (nx.MultiGraph() if graph.is_multigraph()
                                         else nx.Graph())
        H.graph.update(_scalar_attrs(graph.graph))
    skip = _GEXF_RESERVED if format == "gexf" else frozenset((*_AXES, "color", "size"))
    U = _canvas(X, dim, format)
    colors, diameter = _figure_style(graph, nodes, X, color_by)
    boxes: dict[str, Any] = {}
    for v, u, color in zip(nodes, U, colors, strict=True):
        attrs = _scalar_attrs(graph.nodes[v], skip) if graph is not None and v in graph \
            else {}
        coords = [float(c) for c in u]
        if format == "gexf":  # z always: networkx's writer would write z="None"
            rgb = dict(zip("rgb", (int(color[i:i + 2], 16) for i in (1, 3, 5)), strict=True))
            attrs["viz"] = {"position": dict(zip(_AXES, coords, strict=True)),
                            "size": diameter / 2, "color": {**rgb, "a": 1.0}}
        else:
            attrs.update(zip(_AXES, coords[:max(dim, 2)], strict=False))
            attrs.update(color=color, size=diameter)
            boxes[str(v)] = (coords[0], coords[1], color)
        H.add_node(v, **attrs)
    if graph is not None:
        eskip = _GEXF_RESERVED if format == "gexf" else frozenset()
        if graph.is_multigraph():
            multi: Any = graph  # (the stubs type G.edges without keys=)
            H.add_edges_from((u, v, k, _scalar_attrs(d, eskip))  # type: ignore[misc]
                             for u, v, k, d in multi.edges(keys=True, data=True))
        else:
            H.add_edges_from((u, v, _scalar_attrs(d, eskip))
                             for u, v, d in graph.edges(data=True))
    return H, {"boxes": boxes, "diameter": diameter}


_MISSING = object()
#: the longest side of a GEXF / GraphML drawing, in the target tools' units (pixels in yEd
#: and Cytoscape; Gephi's canvas, whose default node size is 10)
_CANVAS = 1000.0
#: the longest side of a figure's drawing in points: the 5.3-inch axes of
#: :func:`nx_ordinal.plot.draw_layout` less matplotlib's 5% margins on each side
_FIGURE_SPAN_PT = 5.3 * 72 / 1.1
_ISOLATED = "0.72"  # draw_layout's isolated_color


def _canvas(X: list[np.ndarray], dim: int, format: str) -> np.ndarray:
    """Positions in the target tool's units and orientation, one row of 3 (GEXF) or 2-3
    (GraphML) per node: scaled uniformly so that the longest side of the bounding box is
    :data:`_CANVAS`; GEXF centred on the origin with y up (Gephi's canvas), GraphML from the
    origin with y down (yEd's and Cytoscape's screen).  A uniform scale, a shift and a
    mirror keep every distance ranking, hence GARI."""

    width = 3 if format == "gexf" else max(dim, 2)
    P = np.zeros((len(X), width))
    if not X:
        return P
    P[:, :dim] = np.array(X, dtype=np.float64).reshape(len(X), dim)
    lo, hi = P.min(axis=0), P.max(axis=0)
    span = float((hi - lo).max())
    f = _CANVAS / span if span > 0 else 1.0
    if format == "gexf":
        return (P - (lo + hi) / 2) * f
    U = (P - lo) * f
    U[:, 1] = (hi[1] - P[:, 1]) * f
    return U


def _figure_style(graph: nx.Graph | None, nodes: list[Any], X: list[np.ndarray],
                  color_by: str | None) -> tuple[list[str], float]:
    """The node colours (``"#rrggbb"``, in ``nodes``' order) and marker diameter (in
    :data:`_CANVAS` units) of the figure :func:`nx_ordinal.plot.draw_layout` draws with
    ``color_by``, measured on the positions as given: its colouring
    (``plot._node_colors``), nodes without neighbours in its neutral grey, and its default
    marker for the size of the largest component (of all nodes without edges), relative to
    the side of its drawing."""
    import matplotlib as mpl
    from matplotlib.colors import Normalize, to_hex

    from .plot import _components, _node_colors, default_node_size

    n = len(nodes)
    colors = [to_hex(_ISOLATED)] * n
    n_main = n
    if graph is not None and graph.number_of_nodes():
        gnodes = list(graph)
        index = {v: i for i, v in enumerate(gnodes)}
        row = {v: i for i, v in enumerate(nodes)}
        P = np.array([X[row[v]] for v in gnodes], dtype=np.float64).reshape(len(gnodes), -1)
        comps = _components(graph, index)
        if len(comps[0]) > 1:
            n_main = len(comps[0])
        c, _, norm, cmap, _ = _node_colors(graph, gnodes, P, comps, color_by, None,
                                           _ISOLATED, None)
        linked = np.zeros(len(gnodes), dtype=bool)
        for u, v in graph.edges():
            if u != v:
                linked[index[u]] = linked[index[v]] = True
        if isinstance(c, np.ndarray) and c.ndim == 1:  # numbers through the colour map
            shown = c[linked]  # the figure's scale: its own, else that of the nodes shown
            lo = norm.get("vmin", float(shown.min()) if shown.size else 0.0)
            hi = norm.get("vmax", float(shown.max()) if shown.size else 1.0)
            scale = Normalize(lo, hi)
            rgb = mpl.colormaps[cmap or "viridis"](scale(c))
        elif isinstance(c, np.ndarray):  # one RGB row per node
            rgb = c
        else:  # one colour for all
            rgb = [c] * len(gnodes)
        for i in np.flatnonzero(linked):
            colors[row[gnodes[i]]] = to_hex(rgb[i], keep_alpha=False)
    area = default_node_size(n_main, labels=n <= 60)  # points^2, as the figure's markers
    return colors, _CANVAS * float(np.sqrt(area)) / _FIGURE_SPAN_PT


#: yFiles' GraphML extension (yEd places nodes from its geometry, not from x / y keys)
_NS_Y = "http://www.yworks.com/xml/graphml"


def _write_graphml(H: nx.Graph, fh: IO[bytes], boxes: Mapping[str, Any],
                   diameter: float) -> None:
    """networkx's GraphML with, first in each node, the yFiles node graphics yEd reads (a
    ``y:ShapeNode``: ellipse, ``y:Geometry`` box of the marker around the position,
    ``y:Fill`` colour).  The plain ``x``, ``y`` keys come after it, so ``nx.read_graphml``,
    which reads the geometry's corner as ``x``, ``y``, ends with the centres."""

    writer = nx.readwrite.graphml.GraphMLWriter(encoding="utf-8", prettyprint=True)
    writer.add_graph_element(H)
    root = writer.xml
    root.set("xmlns:y", _NS_Y)
    root.insert(0, ET.Element("key", {"for": "node", "id": "nodegraphics",
                                      "yfiles.type": "nodegraphics"}))
    r = diameter / 2
    for element in root.iter("node"):
        x, y, color = boxes[element.get("id")]
        data = ET.Element("data", key="nodegraphics")
        shape = ET.SubElement(data, "y:ShapeNode")
        ET.SubElement(shape, "y:Geometry", x=repr(x - r), y=repr(y - r), width=repr(diameter),
                      height=repr(diameter))
        ET.SubElement(shape, "y:Fill", color=color.upper(), transparent="false")
        ET.SubElement(shape, "y:BorderStyle", color="#000000", type="line", width="1.0")
        ET.SubElement(shape, "y:Shape", type="ellipse")
        element.insert(0, data)
    writer.dump(fh)


def write_layout(path: str | os.PathLike[str], pos: Mapping[Any, Any], *,
                 method: str | None = None, parameters: Mapping[str, Any] | None = None,
                 metrics: Mapping[str, Any] | None = None,
                 graph: nx.Graph | None = None, format: str | None = None,
                 color_by: str | None = "gari") -> None:
    """Write a layout as JSON, GEXF or GraphML (atomically).

    Parameters
    ----------
    path : str or path-like
    pos : dict
        node -> coordinates (all of one dimension).
    method : str or None
        Registry name of the method that made it (JSON only).
    parameters : dict or None
        Keyword arguments (seed included) that reproduce it (JSON only).
    metrics : dict or None
        E.g. ``{"gari": 0.41}`` (JSON only).
    graph : networkx graph or None
        The graph drawn.  JSON stores its edges as a node-link edge list (``"edges"``), so
        the file is self-contained; GEXF and GraphML store its edges and those graph, node
        and edge attributes they can hold (strings, booleans, ints, floats).  Not changed.
    format : {"json", "gexf", "graphml"} or None
        Default: from the extension of ``path`` (:data:`LAYOUT_FORMATS`; any other
        extension is written as JSON).

        * ``"json"``: read back by :func:`read_layout` / :func:`read_layout_record`.
        * ``"gexf"`` (GEXF 1.2, Gephi's format): each position as the node's
          ``viz:position`` (``x``, ``y`` and ``z``, 0 below 3-D) in Gephi's convention:
          centred on the origin, y up; ``nx.read_gexf`` gives it as
          ``G.nodes[v]["viz"]["position"]``.  ``viz:color`` is the node's colour in the
          figure and ``viz:size`` the radius of its marker (Gephi sizes nodes by radius).
        * ``"graphml"``: the coordinates as float node attributes ``x``, ``y`` (and
          ``z``) from the origin with y down, as yEd and Cytoscape draw them, the node's
          colour as ``color`` (``"#rrggbb"``) and its marker diameter as ``size``; and,
          for yEd, which places nodes from yFiles graphics only, a ``y:ShapeNode`` per node
          (an ellipse: ``y:Geometry`` box of the marker around the position, ``y:Fill``
          colour).  ``nx.read_graphml`` gives ``x``, ``y``, ``color``, ``size`` and the
          yFiles shape as ``shape_type``.

        In GEXF and GraphML the drawing is scaled uniformly so that its longest side is
        1000 units (pixels in yEd and Cytoscape; Gephi draws nodes of size 10 by default),
        whatever the scale of ``pos``: the file holds the layout up to a uniform scale, a
        shift and, in GraphML, a mirror in y, which keep every distance ranking (hence
        GARI); :func:`read_layout` reads JSON only.  Node colours and marker sizes are
        those of :func:`nx_ordinal.plot.draw_layout` with ``color_by`` (computed on the
        positions as given), nodes without neighbours in its grey (all nodes, without
        ``graph``), markers of its default size for the largest component, relative to
        the side of the drawing.  A node's id is ``str(node)``: string names come back as
        they were, other names (ints, tuples) as their string (``1`` as ``"1"``,
        ``(1, 2)`` as ``"(1, 2)"``); ``nx.read_graphml(path, node_type=int)`` and
        ``nx.read_gexf(path, node_type=int)`` give int names back.  1-D positions get
        ``y = 0``.  Attributes of ``graph`` named like the layout's (``x``, ``y``, ``z``,
        ``color``, ``size`` in GraphML) or like a GEXF field (``id``, ``label``, ``viz``,
        ...) are left out.
    color_by : {"gari", "degree", "component"} or None
        GEXF / GraphML: the node colours of the figure drawn with this ``color_by``
        (:func:`nx_ordinal.plot.draw_layout`); default ``"gari"``, as ``nx-ordinal draw``.

    Raises
    ------
    ValueError
        Positions of mixed dimension or non-finite positions, an unknown ``format`` or
        ``color_by``, more than 3 dimensions for GEXF / GraphML, or two nodes with the same
        ``str`` there.
    TypeError
        Node ids that JSON cannot hold.
    networkx.NetworkXError
        GEXF / GraphML: a node of ``graph`` without a position.

    Examples
    --------
    >>> import os, tempfile
    >>> import networkx as nx
    >>> G = nx.path_graph(["a", "b", "c"])
    >>> pos = {"a": [0.0, 0.0], "b": [1.0, 0.5], "c": [2.0, 0.0]}
    >>> path = os.path.join(tempfile.mkdtemp(), "p.graphml")
    >>> write_layout(path, pos, graph=G)
    >>> H = nx.read_graphml(path)
    >>> H.nodes["b"]["x"], H.nodes["b"]["y"]  # 1000 units wide, y down
    (500.0, 0.0)
    >>> H.nodes["b"]["color"]  # the figure's: "b" keeps both its neighbours
    '#313695'
    >>> write_layout(path.replace(".graphml", ".gexf"), pos, graph=G)
    >>> nx.read_gexf(path.replace(".graphml", ".gexf")).nodes["b"]["viz"]["position"]
    {'x': 0.0, 'y': 125.0, 'z': 0.0}
    """

    if format is None:
        format = LAYOUT_FORMATS.get(os.path.splitext(os.fspath(path))[1].lower(), "json")
    if format not in ("json", "gexf", "graphml"):
        raise ValueError(f"format must be 'json', 'gexf' or 'graphml', got {format!r}")
    if color_by not in _COLOR_BY:
        raise ValueError(f"color_by must be one of 'gari', 'degree', 'component' or None, "
                         f"got {color_by!r}")
    nodes, X, dim = _check_pos(pos)
    if format != "json":
        H, style = _xml_graph(pos, nodes, X, dim, graph, format, color_by)
        with atomic_write(path, "wb") as fh:
            if format == "gexf":
                nx.write_gexf(H, fh)
            else:
                _write_graphml(H, fh, style["boxes"], style["diameter"])
        return
    record = {
        "format": _FORMAT_TAG,
        "version": 1,
        "method": method,
        "parameters": _plain(parameters or {}),
        "metrics": _plain(metrics or {}),
        "dim": dim,
        "nodes": [_json_node(v) for v in nodes],
        "positions": [[float(c) for c in x] for x in X],
    }
    if graph is not None:
        record["edges"] = [[_json_node(u), _json_node(v)] for u, v in graph.edges()]
        record["directed"] = graph.is_directed()
    with atomic_write(path, "w", encoding="utf-8") as fh:
        json.dump(record, fh, indent=1)
        fh.write("\n")


def read_layout_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a layout written by :func:`write_layout` with its metadata.

    Returns
    -------
    dict
        ``pos`` (node -> float64 array), ``method``, ``parameters``, ``metrics``, ``dim``
        and, when stored, ``graph`` (a networkx graph).

    Raises
    ------
    ValueError
        Not a layout file, or malformed.
    OSError
        The file cannot be read.

    See Also
    --------
    read_layout : the positions alone.
    """

    with open(path, encoding="utf-8") as fh:
        try:
            rec = json.load(fh)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{os.fspath(path)!r} is not valid JSON: {exc}") from None
    if not isinstance(rec, dict) or rec.get("format") != _FORMAT_TAG:
        raise ValueError(f"{os.fspath(path)!r} is not an nx_ordinal layout file")
    try:
        nodes = [_from_json_node(v) for v in rec["nodes"]]
        X = np.asarray(rec["positions"], dtype=np.float64)
        if X.shape != (len(nodes), int(rec["dim"])):
            raise ValueError(f"positions have shape {X.shape}, expected "
                             f"({len(nodes)}, {rec['dim']})")
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed layout file {os.fspath(path)!r}: {exc}") from None
    out = {
        "pos": dict(zip(nodes, X, strict=True)),
        "method": rec.get("method"),
        "parameters": rec.get("parameters", {}),
        "metrics": rec.get("metrics", {}),
        "dim": int(rec["dim"]),
    }
    if "edges" in rec:
        G: nx.Graph = nx.DiGraph() if rec.get("directed") else nx.Graph()
        G.add_nodes_from(nodes)
        G.add_edges_from((_from_json_node(u), _from_json_node(v)) for u, v in rec["edges"])
        out["graph"] = G
    return out


def read_layout(path: str | os.PathLike[str]) -> dict[Any, np.ndarray]:
    """Read the positions of a layout written by :func:`write_layout`.

    Returns
    -------
    dict
        node -> float64 coordinate array, in the stored node order: ready for
        ``nx.draw(G, pos)``.  The method, parameters, metrics and graph are read by
        :func:`read_layout_record`, which raises the same errors (``ValueError`` for a
        file that is not a well-formed layout, ``OSError`` when it cannot be read).
    """
    return read_layout_record(path)["pos"]


def _edge_data(rest: list[str], line: str, lineno: int) -> dict[str, Any]:
    """Edge attributes of an edge-list line after ``u v``: nothing, one weight, or a
    Python dict literal (networkx's default ``write_edgelist`` output)."""

    if not rest:
        return {}
    text = " ".join(rest)
    if text.startswith("{"):
        try:
            data = ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            data = None
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            raise ValueError(f"line {lineno}: cannot read the edge data {text!r}")
        return data
    if len(rest) == 1:
        try:
            return {"weight": float(rest[0])}
        except ValueError:
            pass
    raise ValueError(f"line {lineno}: expected 'u v [weight]' or 'u v {{data}}', got {line!r} "
                     "(adjacency lists need the extension .adjlist)")


def _lines(path: str) -> Iterator[tuple[int, str]]:
    """Numbered non-empty lines of a text file, ``#`` comments removed."""
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.split("#", 1)[0].strip()
            if line:
                yield lineno, line


def _read_edgelist(path: str) -> nx.Graph:

    G: nx.Graph = nx.Graph()
    for lineno, line in _lines(path):
        brace = line.find("{")
        head = line if brace < 0 else line[:brace]
        parts = head.replace(",", " ").split()
        if brace >= 0:
            parts.append(line[brace:])
        if len(parts) == 1:
            G.add_node(_token(parts[0]))
            continue
        G.add_edge(_token(parts[0]), _token(parts[1]), **_edge_data(parts[2:], line, lineno))
    return G


def _read_adjlist(path: str) -> nx.Graph:
    """networkx's ``write_adjlist`` format: each line a node and its neighbours."""

    G: nx.Graph = nx.Graph()
    for _, line in _lines(path):
        u, *nbrs = (_token(t) for t in line.split())
        G.add_node(u)
        G.add_edges_from((u, v) for v in nbrs)
    return G


def _read_pajek(path: str) -> nx.Graph:
    """Pajek ``.net``: parallel edges merged; ``*arcs`` give a directed graph."""

    with open(path, encoding="utf-8") as fh:
        M = nx.parse_pajek(fh.read())
    return nx.DiGraph(M) if M.is_directed() else nx.Graph(M)


def _read_mtx(path: str) -> nx.Graph:
    """Matrix Market coordinate file as an undirected simple graph on the file's own indices
    (``1 .. n``; ``0 .. n-1`` for a file that uses index 0)."""

    with open(path, encoding="utf-8") as fh:
        banner = fh.readline().split()
        if not banner or banner[0].lower() != "%%matrixmarket":
            raise ValueError("no '%%MatrixMarket' header line")
        if len(banner) < 3 or banner[2].lower() != "coordinate":
            raise ValueError(f"only coordinate matrices are graphs, got {' '.join(banner[1:])!r}")
        line = fh.readline()
        while line and (line.startswith("%") or not line.strip()):
            line = fh.readline()
        size = line.split()
        if len(size) != 3 or not all(t.isdigit() for t in size):
            raise ValueError(f"expected the size line 'rows columns entries', got {line.strip()!r}")
        rows, cols, nnz = (int(t) for t in size)
        if rows != cols:
            raise ValueError(f"the matrix is {rows} x {cols}, not square")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # loadtxt: "input contained no data"
            try:
                ij = np.loadtxt(fh, comments="%", usecols=(0, 1), ndmin=2)
            except ValueError:
                raise ValueError(_mtx_bad_line(path)) from None
    if ij.shape[0] != nnz:
        raise ValueError(f"the size line announces {nnz} entries, the file holds {ij.shape[0]}")
    if ij.size and (np.any(ij != np.round(ij)) or ij.min() < 0):
        raise ValueError("entry indices must be non-negative integers")
    ij = ij.astype(np.int64)
    # the standard is 1-indexed; some files of the graph-drawing benchmarks use index 0.
    # Nodes are named by the file's own indices: node 1 is the file's row 1
    first = 0 if ij.size and ij.min() == 0 else 1
    if ij.size and ij.max() >= rows + first:
        raise ValueError(f"an entry index exceeds the matrix size {rows}")
    G: nx.Graph = nx.Graph()
    G.add_nodes_from(range(first, rows + first))
    keep = ij[:, 0] != ij[:, 1]
    G.add_edges_from(ij[keep].tolist())
    return G


def _mtx_bad_line(path: str) -> str:
    """The message for an entry line of a Matrix Market file that does not hold two integer
    indices, naming its line number in the file (1-based, header and comments counted)."""
    with open(path, encoding="utf-8") as fh:
        seen_size = False
        for number, line in enumerate(fh, start=1):
            text = line.strip()
            if number == 1 or not text or text.startswith("%"):
                continue
            if not seen_size:
                seen_size = True
                continue
            tokens = text.split()
            if len(tokens) < 2 or not all(_is_int(t) for t in tokens[:2]):
                return (f"line {number}: expected an entry 'row column [value]', "
                        f"got {text[:60]!r}")
    return "malformed entry lines"


def _is_int(token: str) -> bool:
    try:
        return float(token) == int(float(token))
    except (ValueError, OverflowError):
        return False


def _reject_dtd(path: str, chunk: int = 1 << 16) -> None:
    """Refuse XML with a document type declaration: no DTD, hence no entity expansion
    ("billion laughs") and no external entities, whatever the XML parser would do."""

    pattern = re.compile(rb"<\s*!\s*(DOCTYPE|ENTITY)", re.I)
    tail = b""
    with open(path, "rb") as fh:
        while True:
            block = fh.read(chunk)
            if not block:
                return
            if b"\x00" in block[:200] and not tail:
                raise ValueError("only UTF-8 / ASCII GraphML is supported")
            if pattern.search(tail + block):
                raise ValueError("DTDs and entity declarations are not allowed "
                                 "(no XML entity expansion)")
            tail = block[-16:]


def _token(s: str) -> int | str:
    try:
        return int(s)
    except ValueError:
        return s


#: a GML string, or the key that opens the graph block (GML keys are separated by white space)
_GML_TOKEN = re.compile(r'"[^"]*"|(?<![^\s\[\]])graph\s*\[')


def _read_gml(path: str) -> nx.Graph:
    """A GML file by networkx's reader, nodes named by their labels (by their ids where
    labels are missing or repeated).  A file that lists an edge more than once, which
    networkx refuses unless the graph block says ``multigraph 1``, is read as a multigraph
    and its parallel edges merged, the last one's attributes kept (Newman's
    ``celegansneural.gml`` says ``multigraph 1`` above the graph block, where networkx does
    not look).  O(file size)."""
    try:
        return _gml_labels(lambda label: nx.read_gml(path, label=label))
    except nx.NetworkXError as exc:
        if not _duplicate_edge(exc):
            raise
    with open(path, "rb") as fh:
        text = fh.read().decode("ascii")
    # the first "graph [" that is not inside a string: declare the block a multigraph
    opening = next((m for m in _GML_TOKEN.finditer(text) if not m.group().startswith('"')),
                   None)
    if opening is None:
        raise nx.NetworkXError("no graph block")
    text = f"{text[:opening.end()]} multigraph 1 {text[opening.end():]}"
    M = _gml_labels(lambda label: nx.parse_gml(text, label=label))
    return nx.DiGraph(M) if M.is_directed() else nx.Graph(M)


def _gml_labels(read):
    """``read(label="label")``, or ``read(label="id")`` where networkx refuses the labels
    (missing or repeated)."""
    try:
        return read("label")
    except nx.NetworkXError as exc:
        if _duplicate_edge(exc):
            raise
        return read("id")


def _duplicate_edge(exc: Exception) -> bool:
    """Whether networkx's GML reader refused an edge listed twice ("edge #i (u->v) is
    duplicated")."""
    text = str(exc)
    return text.startswith("edge #") and text.endswith("is duplicated")


def read_graph(path: str | os.PathLike[str], format: str | None = None) -> nx.Graph:
    """Read a graph from an edge list, adjacency list, Pajek, GraphML, GML or JSON node-link
    file.

    Parameters
    ----------
    path : str or path-like
    format : {"edgelist", "adjlist", "pajek", "graphml", "gexf", "gml", "json", "mtx"} or None
        Default: from the file extension (see :data:`GRAPH_FORMATS`; unknown extensions are
        read as edge lists).  Edge lists hold ``u v``, ``u v weight`` or ``u v {data}`` per
        line (networkx's ``write_edgelist`` default), a lone node per line, ``#`` comments;
        adjacency lists (``write_adjlist``) a node and its neighbours per line.  Matrix
        Market coordinate files (``.mtx``, SuiteSparse's) give an undirected simple graph
        whose nodes are the file's own indices, ``1 .. n`` (n the matrix size, so unused
        indices are isolated nodes; node 1 is the file's row 1): the pattern is
        symmetrised, values and self-loops dropped; indices are 1-based as the format says,
        except in a file that uses index 0, whose nodes are ``0 .. n-1`` (as some files of
        the graph-drawing benchmarks are).  A malformed entry is reported with its line
        number in the file.  GEXF files (``.gexf``, Gephi's) are read by networkx's reader,
        with XML entities refused as for GraphML.  GML files too, nodes named by their
        labels (by their ids where labels are missing or repeated); one that lists an
        edge twice without declaring a multigraph inside its graph block (networkx refuses
        it) is read with the parallel edges merged.

    Returns
    -------
    networkx graph

    Raises
    ------
    ValueError
        Malformed file (a one-line message naming the file and the problem), including
        GraphML with a DTD or entity declarations (XML entities are never expanded).
    OSError
        The file does not exist, is a folder, or cannot be opened.

    Examples
    --------
    >>> import os, tempfile
    >>> from nx_ordinal.io import read_graph
    >>> path = os.path.join(tempfile.mkdtemp(), "g.edgelist")
    >>> _ = open(path, "w").write("1 2\\n2 3\\n# comment\\n")
    >>> sorted(read_graph(path).edges())
    [(1, 2), (2, 3)]
    """


    path = os.fspath(path)
    guessed = format is None and os.path.splitext(path)[1].lower() not in GRAPH_FORMATS
    if format is None:
        format = GRAPH_FORMATS.get(os.path.splitext(path)[1].lower(), "edgelist")
    if format not in _FORMATS:
        raise ValueError(f"unknown graph format {format!r}; known: {', '.join(_FORMATS)}")
    check_input_path(path)
    try:
        if format == "edgelist":
            return _read_edgelist(path)
        if format == "adjlist":
            return _read_adjlist(path)
        if format == "pajek":
            return _read_pajek(path)
        if format == "mtx":
            return _read_mtx(path)
        if format == "graphml":
            _reject_dtd(path)
            return nx.read_graphml(path)
        if format == "gexf":
            _reject_dtd(path)
            return nx.read_gexf(path)
        if format == "gml":
            return _read_gml(path)
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict) or "nodes" not in data:
            raise ValueError("not a node-link JSON object")
        edges = "links" if "links" in data and "edges" not in data else "edges"
        return nx.node_link_graph(data, edges=edges)
    except UnicodeDecodeError:
        raise ValueError(f"cannot read {format} graph {path!r}: not a text file") from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, nx.NetworkXError,
            ET.ParseError, RecursionError, OverflowError) as exc:
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        hint = ""
        if guessed:  # an extension that names no format: read as an edge list
            hint = (f" (its extension names no format, so it was read as an edge list; "
                    f"formats: {', '.join(sorted(set(GRAPH_FORMATS)))}, or pass format=)")
        raise ValueError(f"cannot read {format} graph {path!r}: {msg}{hint}") from None
