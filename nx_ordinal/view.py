"""A self-contained interactive view of a layout: one HTML file with an inline SVG drawing
that works offline.

Each node is an SVG ``<circle>`` whose ``<title>`` is the node's name (a browser's find,
accessibility tools and tests see every node); the edges are one ``<path>``.  The page pans
(drag), zooms (wheel, about the pointer), draws the names that have room beside their nodes
(more as it zooms in), shows a label on hover (the node nearest the pointer, within its
radius or 6 px), highlights a node and its neighbours from a search box (or a click), and
colours nodes by their share of GARI, as :func:`nx_ordinal.plot.draw_layout` does with
``color_by="gari"``, with a legend.  Nothing is
loaded from the network: the style and the script are inline and the page's content security
policy forbids any other source.
"""

from __future__ import annotations

import html
import json
import math
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from ._core.files import atomic_write
from ._data.graph import check_graph, pos_array
from .metrics import gari
from .plot import GARI_CMAP, _agreement, _components, arrange_components, default_node_size

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np

__all__ = ["write_html", "layout_html"]

#: colour classes of the GARI scale: share of recovered neighbours 0, 0.1, ..., 1
_N_CLASSES = 11
_ISOLATED = "#b8b8b8"
_PLAIN = "#3b75af"
#: beyond this many nodes the circles have no outline (it halves the time of a repaint at
#: 20,000 nodes, and markers of a pixel or two show no outline anyway)
_MANY = 5000
#: directed graphs up to this many edges get arrowheads (redrawn when the zoom changes)
_MAX_ARROWS = 50_000


def _scale_colors(cmap: str) -> list[str]:
    """Hex colours of ``cmap`` at 0, 0.1, ..., 1 (the colour map of ``plot.draw_layout``)."""
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    cm = colormaps[cmap]
    return [to_hex(cm(i / (_N_CLASSES - 1))) for i in range(_N_CLASSES)]


def _edge_array(G: nx.Graph, nodes: list[Any]) -> np.ndarray:
    """Edges as index pairs (no self-loops)."""

    index = {v: i for i, v in enumerate(nodes)}
    E = np.fromiter((i for u, v in G.edges() if u != v for i in (index[u], index[v])),
                    dtype=np.int64)
    return E.reshape(-1, 2)


def layout_html(G: nx.Graph, pos: Mapping[Any, Any], *, title: str | None = None,
                color_by: str | None = "gari", cmap: str = GARI_CMAP,
                node_radius: float | None = None, components: str = "strip") -> str:
    """The interactive view of a 2-D layout as one self-contained HTML document.

    Parameters
    ----------
    G : networkx graph
        Directed graphs get an arrowhead at each edge's target (up to 50,000 edges; beyond,
        the legend says they are drawn without); their search highlights predecessors and
        successors.
    pos : dict
        node -> 1- or 2-D coordinates, for every node of ``G``.
    title : str or None
        Shown in the page's header and tab (default: ``"nx_ordinal layout"``).
    color_by : {"gari"} or None
        ``"gari"``: each node coloured by the fraction of its graph neighbours (a directed
        graph's in- and out-neighbours) among its nearest neighbours in the drawing, as
        :func:`nx_ordinal.plot.draw_layout` colours it, in eleven classes 0, 0.1, ..., 1
        of ``cmap``, with a legend; nodes without neighbours grey.  ``None``: one colour.
    cmap : str
        matplotlib colour map of the GARI scale (default "RdYlBu", red = none recovered,
        blue = all; colour-blind safe).
    node_radius : float or None
        Node radius in screen pixels at the initial zoom (default: from the number of
        nodes of the largest component, as the markers of
        :func:`nx_ordinal.plot.draw_layout`).  Zooming in moves nodes apart faster than it
        grows them, so clumps open up.
    components : {"strip", "keep"}
        ``"strip"`` (default): a disconnected graph is shown as
        :func:`nx_ordinal.plot.draw_layout` shows it, the largest component filling the
        view and the others packed in a strip to its right, each component keeping its
        shape (:func:`nx_ordinal.plot.arrange_components`); the colours are those of the
        positions as given.  ``"keep"``: the positions as given.

    Returns
    -------
    str
        An HTML5 document: inline CSS, an inline SVG with one ``<circle>`` per node (its
        ``<title>`` the node's name, ``str(node)``) in ``G``'s node order, the edges as
        compact JSON drawn by the inline script into one ``<path>``.  Opening the file with
        ``#search=NAME`` at the end of its address runs that search.

    Raises
    ------
    ValueError
        Positions of more than 2 dimensions, an unknown ``color_by`` or ``components``.
    networkx.NetworkXError
        A node without a finite position.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.view import layout_html
    >>> G = nx.karate_club_graph()
    >>> page = layout_html(G, nx.circular_layout(G))
    >>> page.count("<circle ")
    34
    >>> "://" in page  # nothing is fetched from anywhere
    False

    Notes
    -----
    O(n k log n) for the colours (k the largest degree) and O(n + E) for the document,
    about 60 bytes per node plus its name and 10 bytes per edge.  Pan and zoom change the
    SVG's ``viewBox`` and one CSS variable (the radius), never the nodes; the end of a
    gesture redraws the names, O(n + screen pixels) (a grid of 2-px cells; about 6 ms at
    20,000 nodes).  Hover looks in a grid of the nodes, O(1) per move.
    """

    if color_by not in ("gari", None):
        raise ValueError(f"color_by must be 'gari' or None, got {color_by!r}")
    if components not in ("strip", "keep"):
        raise ValueError(f"components must be 'strip' or 'keep', got {components!r}")
    check_graph(G)
    nodes = list(G)
    X = pos_array(pos, nodes)
    if X.ndim != 2 or (len(nodes) and X.shape[1] > 2):
        raise ValueError(f"the html view draws 1- or 2-D positions, got dim={X.shape[-1]}")
    if len(nodes) and X.shape[1] == 1:
        X = np.column_stack([X, np.zeros(len(X))])
    n = len(nodes)
    title = "nx_ordinal layout" if title is None else str(title)
    E = _edge_array(G, nodes)
    has_edge = np.zeros(n, dtype=bool)
    has_edge[E.ravel()] = True
    sizes = [len(c) for c in _components(G, {v: i for i, v in enumerate(nodes)})] or [0]
    drawn = X  # the positions shown; the colours measure X itself
    if components == "strip" and len(sizes) > 1 and sizes[0] > 1:
        drawn = arrange_components(G, X)[0]

    # coordinates: y up as in matplotlib, integers in a box of about 10^4 per 10^4 nodes
    extent = 1e4 * max(1.0, math.sqrt(n / 1e4))
    if n:
        lo, hi = drawn.min(axis=0), drawn.max(axis=0)
        span = float((hi - lo).max()) or 1.0
        U = np.column_stack([(drawn[:, 0] - lo[0]) / span,
                             (hi[1] - drawn[:, 1]) / span]) * extent
        U = np.rint(U).astype(np.int64)
        box = [int(U[:, 0].min()), int(U[:, 1].min()), int(np.ptp(U[:, 0])),
               int(np.ptp(U[:, 1]))]
    else:
        U = np.zeros((0, 2), dtype=np.int64)
        box = [0, 0, 1, 1]

    data: dict[str, Any] = {"e": E.ravel().tolist(), "box": box,
                            "directed": G.is_directed()}
    if node_radius is None:
        area = default_node_size(sizes[0])  # points^2, as the matplotlib markers
        node_radius = math.sqrt(area / math.pi) * 96 / 72
    if not (math.isfinite(node_radius) and node_radius > 0):
        raise ValueError(f"node_radius must be a positive number, got {node_radius!r}")
    data["r"] = round(float(node_radius), 2)

    legend: list[str] = []
    css_colors = f"#nodes circle{{fill:{_PLAIN}}}"
    if color_by == "gari" and n:
        m, k = _agreement(G, nodes, X)  # a directed graph's in- and out-neighbours
        share = m / np.maximum(k, 1)
        classes = [f"g{c}" for c in np.rint(share * (_N_CLASSES - 1)).astype(int)]
        for i in np.flatnonzero(~has_edge):
            classes[i] = "iso"
        colors = _scale_colors(cmap)
        css_colors += "".join(f"#nodes .g{i}{{fill:{c}}}" for i, c in enumerate(colors))
        css_colors += f"#nodes .iso{{fill:{_ISOLATED}}}"
        data["m"] = m.tolist()
        data["k"] = k.tolist()
        score = float(gari(G, dict(zip(nodes, X, strict=True))))
        finite = math.isfinite(score)  # GARI is undefined on some tiny graphs
        data["gari"] = round(score, 4) if finite else None
        swatches = "".join(
            f'<span class="sw" style="background:{c}" title="{i / 10:.1f}"></span>'
            for i, c in enumerate(colors))
        iso = (f'<div><span class="sw" style="background:{_ISOLATED}"></span> no neighbours'
               f' ({int((~has_edge).sum())})</div>' if (~has_edge).any() else "")
        shown = f"{score:.3f}" if finite else "undefined"
        inout = " (in and out)" if G.is_directed() else ""
        legend += [f'<summary><b>GARI {shown}</b></summary><div class="lg">node colour: '
                   f'share of its graph neighbours{inout} among its nearest neighbours in '
                   f'the drawing</div>'
                   f'<div class="scale"><span>0</span>{swatches}<span>1</span></div>{iso}']
        cls = [f" class={c}" for c in classes]
    else:
        cls = [""] * n
    if G.is_directed():
        data["arrows"] = len(E) <= _MAX_ARROWS
        if not data["arrows"]:
            if not legend:
                legend.append("<summary>legend</summary>")
            legend.append(f'<div class="lg">directed graph: drawn without arrows (more than '
                          f'{_MAX_ARROWS:,} edges)</div>')

    circles = "".join(
        f"<circle cx={x} cy={y}{c}><title>{html.escape(str(v), quote=False)}</title></circle>"
        for v, (x, y), c in zip(nodes, U.tolist(), cls, strict=True))
    payload = json.dumps(data, separators=(",", ":"), allow_nan=False).replace("</", "<\\/")
    counts = f"{n} nodes, {G.number_of_edges()} edges"
    return _TEMPLATE.format(
        title=html.escape(title), counts=counts, colors=css_colors,
        legend=f'<details id="legend" open>{"".join(legend)}</details>' if legend else "",
        viewbox=" ".join(str(b) for b in box), circles=circles, data=payload,
        many=' class="many"' if n > _MANY else "",
        script=_SCRIPT)


def write_html(G: nx.Graph, pos: Mapping[Any, Any], path: str | os.PathLike[str], *,
               title: str | None = None, color_by: str | None = "gari",
               cmap: str = GARI_CMAP, node_radius: float | None = None,
               components: str = "strip") -> None:
    """Write the interactive view of a 2-D layout to one self-contained HTML file.

    The file works offline in any current browser: drag to pan, wheel to zoom, hover for a
    node's name and GARI share (the node nearest the pointer, within its radius or 6 px),
    type in the search box (or click a node) to highlight it and its neighbours and zoom to
    them, clear of the legend; Escape clears.  Names are drawn beside their nodes: a search
    hit's always, the others, highest degree first, where they cover no other name or node
    (zooming in makes room).  See :func:`layout_html` for the parameters and the
    document.

    Parameters
    ----------
    G : networkx graph
    pos : dict
        node -> 1- or 2-D coordinates, for every node of ``G``.
    path : str or path-like
        Written atomically (a temporary file, then renamed).
    title, color_by, cmap, node_radius, components
        As in :func:`layout_html`.

    Raises
    ------
    ValueError, networkx.NetworkXError
        As :func:`layout_html`.
    OSError
        The folder does not exist or is not writable.

    Examples
    --------
    >>> import os, tempfile
    >>> import networkx as nx
    >>> from nx_ordinal.view import write_html
    >>> G = nx.les_miserables_graph()
    >>> path = os.path.join(tempfile.mkdtemp(), "lesmis.html")
    >>> write_html(G, nx.spring_layout(G, seed=1), path, title="Les Miserables")
    >>> open(path, encoding="utf-8").read().count("<title>Valjean</title>")
    1

    Notes
    -----
    Size and time as :func:`layout_html`: at 20,000 nodes about 2 MB.
    """
    page = layout_html(G, pos, title=title, color_by=color_by, cmap=cmap,
                       node_radius=node_radius, components=components)
    with atomic_write(path, "w", encoding="utf-8") as fh:
        fh.write(page)


_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
html,body{{margin:0;height:100%;overflow:hidden;font:13px system-ui,sans-serif;color:#222;\
background:#fff}}
#bar{{position:absolute;top:0;left:0;right:0;height:38px;display:flex;align-items:center;\
gap:12px;padding:0 12px;background:#f4f4f4;border-bottom:1px solid #ddd;white-space:nowrap}}
#bar h1{{font-size:14px;margin:0;overflow:hidden;text-overflow:ellipsis}}
#bar .muted,#info{{color:#666}}
#q{{width:16em;padding:3px 6px}}
#stage{{position:absolute;top:39px;left:0;right:0;bottom:0;overflow:hidden}}
#view{{display:block;width:100%;height:100%;cursor:grab;touch-action:none;user-select:none;\
transform-origin:0 0;will-change:transform}}
#view.over{{cursor:pointer}}
#view.drag{{cursor:grabbing}}
#edges{{fill:none;stroke:#8c8c8c;stroke-opacity:.55;stroke-width:.7px;\
vector-effect:non-scaling-stroke}}
#hl{{fill:none;stroke:#111;stroke-width:1.6px;vector-effect:non-scaling-stroke}}
#nodes circle{{r:var(--r,4px);stroke:#333;stroke-width:calc(var(--r,4px)*.15)}}
#view.many #nodes circle:not(.hit):not(.hov){{stroke:none}}
#nodes circle.hov{{stroke:#000;stroke-width:calc(var(--r,4px)*.35)}}
{colors}
#arrows{{fill:#8c8c8c;fill-opacity:.8}}
#labels{{font-family:system-ui,sans-serif;fill:#222;stroke:#fff;stroke-linejoin:round;\
paint-order:stroke;pointer-events:none;dominant-baseline:central}}
#labels .hit{{font-weight:bold;fill:#000}}
#view.searching #edges{{stroke-opacity:.12}}
#view.searching #arrows{{fill-opacity:.12}}
#view.searching circle{{opacity:.18}}
#view.searching circle.nb,#view.searching circle.hit{{opacity:1}}
#nodes circle.hit{{r:calc(var(--r,4px)*1.7);stroke:#000;stroke-width:calc(var(--r,4px)*.45)}}
#legend{{position:absolute;right:10px;bottom:10px;max-width:250px;padding:8px 10px;\
background:rgba(255,255,255,.92);border:1px solid #ccc;border-radius:4px;line-height:1.4}}
#legend summary{{cursor:pointer}}
#legend .lg{{color:#555;font-size:12px}}
#legend .scale{{display:flex;align-items:center;gap:1px;margin-top:4px}}
#legend .scale span:first-child{{margin-right:4px}}
#legend .scale span:last-child{{margin-left:4px}}
.sw{{display:inline-block;width:14px;height:12px;vertical-align:middle}}
#tip{{position:fixed;display:none;pointer-events:none;padding:3px 7px;background:#fffff0;\
border:1px solid #999;border-radius:3px;font-size:12px;box-shadow:0 1px 3px rgba(0,0,0,.2)}}
button{{font:inherit}}
</style></head>
<body>
<div id="bar"><h1>{title}</h1><span class="muted">{counts}</span>
<input id="q" type="search" placeholder="search a node" aria-label="search a node">
<button id="home" type="button" title="show the whole drawing">reset view</button>
<span id="info"></span>
<span class="muted">drag: pan &middot; wheel: zoom &middot; click: neighbours</span></div>
<div id="stage"><svg id="view"{many} viewBox="{viewbox}" preserveAspectRatio="xMidYMid meet" \
role="img" aria-label="{title}">
<path id="edges" d=""/><path id="arrows" d=""/><path id="hl" d=""/>
<g id="nodes">{circles}</g><g id="labels"></g></svg></div>
{legend}
<div id="tip"></div>
<script type="application/json" id="data">{data}</script>
<script>{script}</script>
</body></html>
"""

_SCRIPT = r"""
(function () {
"use strict";
var t0 = performance.now();
document.addEventListener("securitypolicyviolation", function (ev) {
  document.body.setAttribute("data-blocked", ev.blockedURI || "inline");
});
var D = JSON.parse(document.getElementById("data").textContent);
var svg = document.getElementById("view"), g = document.getElementById("nodes");
var C = g.children, n = C.length, E = D.e, i, j;
var X = new Float64Array(n), Y = new Float64Array(n);
for (i = 0; i < n; i++) { X[i] = +C[i].getAttribute("cx"); Y[i] = +C[i].getAttribute("cy"); }
// the nodes in a grid of about one node per cell (drawing coordinates): the node nearest
// the pointer is found among a few cells, however many nodes there are
var gx = D.box[0], gy = D.box[1], gcs = Math.max(D.box[2], D.box[3], 1) /
  Math.max(Math.ceil(Math.sqrt(n)), 1);
var gw = Math.floor(D.box[2] / gcs) + 1, gh = Math.floor(D.box[3] / gcs) + 1;
var cell0 = new Int32Array(gw * gh + 1), cells = new Int32Array(n), at = new Int32Array(n);
for (i = 0; i < n; i++) {
  at[i] = Math.floor((Y[i] - gy) / gcs) * gw + Math.floor((X[i] - gx) / gcs);
  cell0[at[i] + 1]++;
}
for (i = 0; i < gw * gh; i++) cell0[i + 1] += cell0[i];
var cfill = cell0.slice(0, gw * gh);
for (i = 0; i < n; i++) cells[cfill[at[i]]++] = i;
var isHit = new Uint8Array(n), rScreen = D.r;  // rScreen: node radius on screen (px)
function inBox(x0, y0, x1, y1, fn) {  // fn(v) for the nodes of the cells meeting a box,
  var a0 = Math.max(0, Math.floor((x0 - gx) / gcs));  // until fn returns false
  var a1 = Math.min(gw - 1, Math.floor((x1 - gx) / gcs));
  var b0 = Math.max(0, Math.floor((y0 - gy) / gcs));
  var b1 = Math.min(gh - 1, Math.floor((y1 - gy) / gcs)), a, b, t, e;
  for (b = b0; b <= b1; b++) for (a = a0; a <= a1; a++)
    for (t = cell0[b * gw + a], e = cell0[b * gw + a + 1]; t < e; t++)
      if (fn(cells[t]) === false) return false;
  return true;
}
function nodeAt(cx, cy) {  // the node nearest a client point within max(its radius, 6 px)
  var c = client(), s = vb.w / c.w, px = vb.x + (cx - c.l) * s, py = vb.y + (cy - c.t) * s;
  var best = -1, bd = Infinity;
  var R = Math.max(1.7 * rScreen, 6) * s;
  inBox(px - R, py - R, px + R, py + R, function (v) {
    var dx = X[v] - px, dy = Y[v] - py, d = dx * dx + dy * dy;
    var lim = Math.max(isHit[v] ? 1.7 * rScreen : rScreen, 6) * s;
    if (d <= lim * lim && d < bd) { bd = d; best = v; }
  });
  return best;
}
function segments(list) {
  var out = new Array(list.length >> 1), u, v;
  for (j = 0; j < list.length; j += 2) {
    u = list[j]; v = list[j + 1];
    out[j >> 1] = "M" + X[u] + " " + Y[u] + "L" + X[v] + " " + Y[v];
  }
  return out.join("");
}
document.getElementById("edges").setAttribute("d", segments(E));

// view: the viewBox follows the window's aspect, so screen -> drawing is one scale.  During
// a gesture the drawing already rendered is moved by a CSS transform (the browser composites
// it, nothing is redrawn); the gesture's end sets the viewBox and the radius: one redraw.
var stage = document.getElementById("stage");
var home = D.box, pad = 0.04, vb = {x: 0, y: 0, w: 1, h: 1}, rv = vb, homeScale = 1;
var pending = false, timer = 0, radius = "";
// the places of the stage and of the legend (stage coordinates, null: no legend), read
// once per resize or legend toggle: reading them forces a layout of every node
var stageRect = null, legendBox;
function client() {
  if (!stageRect) {
    var r = stage.getBoundingClientRect(), lg = document.getElementById("legend");
    stageRect = {l: r.left, t: r.top, w: Math.max(r.width, 1), h: Math.max(r.height, 1)};
    var L = lg && lg.offsetWidth ? lg.getBoundingClientRect() : null;
    legendBox = L && [L.left - r.left, L.top - r.top, L.right - r.left, L.bottom - r.top];
  }
  return stageRect;
}
if (document.getElementById("legend"))
  document.getElementById("legend").addEventListener("toggle", function () {
    stageRect = null; labels();
  });
function fit(b) {  // box b into the part of the canvas the legend leaves free
  var c = client(), bw = Math.max(b[2], 1), bh = Math.max(b[3], 1);
  var free = [[0, 0, c.w, c.h]], L = legendBox, f, k, best = 0;
  if (L) {  // the strips left, right, above and below the legend
    var x0 = L[0] - 10, x1 = L[2] + 10, y0 = L[1] - 10, y1 = L[3] + 10;
    if (x0 < c.w && x1 > 0 && y0 < c.h && y1 > 0)
      free = [[0, 0, x0, c.h], [x1, 0, c.w - x1, c.h], [0, 0, c.w, y0], [0, y1, c.w, c.h - y1]];
  }
  f = [0, 0, c.w, c.h];
  for (var a = 0; a < free.length; a++) {
    k = Math.min(free[a][2] / bw, free[a][3] / bh);
    if (free[a][2] >= 40 && free[a][3] >= 40 && k > best) { best = k; f = free[a]; }
  }
  var s = Math.max(bw / f[2], bh / f[3]) * (1 + 2 * pad);
  vb = {w: c.w * s, h: c.h * s, x: b[0] + bw / 2 - (f[0] + f[2] / 2) * s,
        y: b[1] + bh / 2 - (f[1] + f[3] / 2) * s};
}
function apply() {  // commit: the real viewBox
  clearTimeout(timer); pending = false;
  rv = {x: vb.x, y: vb.y, w: vb.w, h: vb.h, cw: client().w}; vb.cw = rv.cw;
  svg.style.transform = "";
  svg.setAttribute("viewBox", vb.x + " " + vb.y + " " + vb.w + " " + vb.h);
  var s = vb.w / vb.cw, z = homeScale / s;
  var rs = D.r * Math.min(Math.sqrt(Math.max(z, 1)), 4), r = (rs * s).toPrecision(4) + "px";
  rScreen = rs;
  if (r !== radius) {  // not when panning
    radius = r; svg.style.setProperty("--r", r);
    if (D.arrows) arrows(rs * s, Math.max(2.2 * rs, 7) * s);
  }
  labels();
}
// names on the canvas: the search hits' always; then, highest degree first (then node
// order), each name that fits beside its node (right, else left) inside the canvas, clear
// of the legend, of the names placed and of every other node (while searching, only the
// hits' neighbours).  Zooming in makes room, so more names appear.
var labelG = null, deg = null, byDegree = null, widths = null, ctx = null;
function degreeFirst(a, b) { return deg[b] - deg[a] || a - b; }
function labels() {
  if (!labelG) {
    labelG = document.getElementById("labels");
    deg = new Int32Array(n);
    for (j = 0; j < E.length; j++) deg[E[j]]++;
    byDegree = Array.prototype.slice.call(new Int32Array(n).map(function (_, v) { return v; }));
    byDegree.sort(degreeFirst);
    widths = new Float32Array(n).fill(-1);
    ctx = document.createElement("canvas").getContext("2d");
    ctx.font = "11px system-ui,sans-serif";
  }
  // what is taken on the screen, in cells of 2 px: the legend, the nodes, the names placed
  var c = client(), s = vb.w / c.w, out = [], bw = Math.ceil(c.w / 2) + 1, v, x, y, r;
  var bh = Math.ceil(c.h / 2) + 1, busy = new Uint8Array(bw * bh);
  var searching = svg.classList.contains("searching");
  function fill(x0, y0, x1, y1, test) {  // test: is the box free; else: mark it taken
    var a0 = Math.max(0, Math.floor(x0 / 2)), a1 = Math.min(bw - 1, Math.floor(x1 / 2));
    var b0 = Math.max(0, Math.floor(y0 / 2)), b1 = Math.min(bh - 1, Math.floor(y1 / 2)), a, b;
    for (b = b0; b <= b1; b++) for (a = b * bw + a0; a <= b * bw + a1; a++) {
      if (!test) busy[a] = 1; else if (busy[a]) return false;
    }
    return true;
  }
  if (legendBox) fill(legendBox[0], legendBox[1], legendBox[2], legendBox[3], false);
  for (v = 0; v < n; v++) {
    x = (X[v] - vb.x) / s; y = (Y[v] - vb.y) / s; r = (isHit[v] ? 1.7 : 1) * rScreen;
    if (x >= -r && y >= -r && x <= c.w + r && y <= c.h + r) fill(x - r, y - r, x + r, y + r);
  }
  function place(v, force) {  // beside its node, right else left, where the box is free
    var x = (X[v] - vb.x) / s, y = (Y[v] - vb.y) / s, k, b, w;
    if (x < 0 || y < 0 || x > c.w || y > c.h) return;
    var off = (isHit[v] ? 1.7 : 1) * rScreen + 3;
    if (!force && !fill(x + off, y - 7, x + off + 6, y + 7, true) &&
        !fill(x - off - 6, y - 7, x - off, y + 7, true)) return;  // no room for a letter
    if (widths[v] < 0) widths[v] = ctx.measureText(allNames()[v]).width;
    w = widths[v] + 2;
    var sides = [[x + off, y - 7, x + off + w, y + 7], [x - off - w, y - 7, x - off, y + 7]];
    for (k = 0; k < 2; k++) {
      b = sides[k];
      if (b[0] < 0 || b[2] > c.w || b[1] < 0 || b[3] > c.h) continue;
      if (force || fill(b[0], b[1], b[2], b[3], true)) break;
    }
    if (k === 2) { if (!force) return; k = x + off + w > c.w ? 1 : 0; b = sides[k]; }
    fill(b[0], b[1], b[2], b[3], false);
    out.push([v, k]);
  }
  var order = searching ? marked.slice().sort(degreeFirst) : byDegree, h;
  for (h = 0; h < order.length; h++) if (isHit[order[h]]) place(order[h], true);
  for (h = 0; h < order.length; h++) if (!isHit[order[h]]) place(order[h], false);
  var parts = new Array(out.length);
  for (h = 0; h < out.length; h++) {
    var u = out[h][0], dx = ((isHit[u] ? 1.7 : 1) * rScreen + 4) * s;
    parts[h] = "<text x=\"" + (out[h][1] ? X[u] - dx : X[u] + dx).toFixed(1) + "\" y=\"" +
      Y[u] + "\"" + (out[h][1] ? " text-anchor=\"end\"" : "") +
      (isHit[u] ? " class=\"hit\"" : "") + ">" + C[u].firstChild.innerHTML + "</text>";
  }
  labelG.setAttribute("font-size", (11 * s).toPrecision(4));
  labelG.style.strokeWidth = (3 * s).toPrecision(4) + "px";
  labelG.innerHTML = parts.join("");
}
function arrows(r, len) {  // directed: a head at each edge's target, outside its circle
  var out = new Array(E.length >> 1), u, v, dx, dy, d, tx, ty, bx, by, w = 0.4 * len;
  for (j = 0; j < E.length; j += 2) {
    u = E[j]; v = E[j + 1]; dx = X[v] - X[u]; dy = Y[v] - Y[u];
    d = Math.sqrt(dx * dx + dy * dy);
    if (d <= r + len) { out[j >> 1] = ""; continue; }
    dx /= d; dy /= d; tx = X[v] - dx * r; ty = Y[v] - dy * r;
    bx = tx - dx * len; by = ty - dy * len;
    out[j >> 1] = "M" + tx.toFixed(1) + " " + ty.toFixed(1) + "L" + (bx - dy * w).toFixed(1) +
      " " + (by + dx * w).toFixed(1) + "L" + (bx + dy * w).toFixed(1) + " " +
      (by - dx * w).toFixed(1) + "Z";
  }
  document.getElementById("arrows").setAttribute("d", out.join(""));
}
function move() {  // in a gesture: the rendered drawing, transformed
  pending = false;
  var k = client().w / vb.w;
  svg.style.transform = "translate(" + (rv.x - vb.x) * k + "px," + (rv.y - vb.y) * k +
    "px) scale(" + rv.w / vb.w + ")";
}
function schedule() {
  if (!pending) { pending = true; requestAnimationFrame(move); }
  clearTimeout(timer); timer = setTimeout(apply, 180);
}
function goHome() { fit(home); homeScale = vb.w / client().w; apply(); }
goHome();
window.addEventListener("resize", function () {  // keep the centre and the zoom
  stageRect = null;
  var cx = vb.x + vb.w / 2, cy = vb.y + vb.h / 2, z = homeScale / (vb.w / vb.cw);
  fit(home); homeScale = vb.w / client().w;
  var c = client(), k = homeScale / z;
  vb.w = c.w * k; vb.h = c.h * k; vb.x = cx - vb.w / 2; vb.y = cy - vb.h / 2;
  apply();
});
svg.addEventListener("wheel", function (ev) {
  ev.preventDefault();
  var c = client(), f = Math.exp(ev.deltaY * (ev.deltaMode ? 0.05 : 0.002));
  var w = Math.min(Math.max(vb.w * f, homeScale * c.w / 4000), homeScale * c.w * 8);
  var fx = (ev.clientX - c.l) / c.w, fy = (ev.clientY - c.t) / c.h;
  var px = vb.x + fx * vb.w, py = vb.y + fy * vb.h, h = w * c.h / c.w;
  vb = {x: px - fx * w, y: py - fy * h, w: w, h: h};
  schedule();
}, {passive: false});
var drag = null, moved = false;
svg.addEventListener("pointerdown", function (ev) {
  if (ev.button !== 0) return;
  drag = {x: ev.clientX, y: ev.clientY, vx: vb.x, vy: vb.y}; moved = false;
  svg.setPointerCapture(ev.pointerId);
});
svg.addEventListener("pointermove", function (ev) {
  if (!drag) return;
  var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
  if (!moved && dx * dx + dy * dy < 9) return;
  if (!moved) { moved = true; svg.classList.add("drag"); tip.style.display = "none"; }
  var k = vb.w / client().w;
  vb.x = drag.vx - dx * k; vb.y = drag.vy - dy * k;
  schedule();
});
function endDrag(ev) {
  if (!drag) return;
  drag = null; svg.classList.remove("drag");
  if (moved) apply();
  if (!moved && ev.type === "pointerup") {
    var v = nodeAt(ev.clientX, ev.clientY);
    if (v >= 0) { q.value = name(v); select([v], true); } else { clear(); q.value = ""; }
  }
}
svg.addEventListener("pointerup", endDrag);
svg.addEventListener("pointercancel", endDrag);
document.getElementById("home").addEventListener("click", goHome);

// names, adjacency (both directions), built on first use
var names = null, ptr = null, adj = null;
function name(v) { return C[v].firstChild.textContent; }
function allNames() {
  if (!names) { names = new Array(n); for (i = 0; i < n; i++) names[i] = name(i); }
  return names;
}
function adjacency() {
  if (ptr) return;
  ptr = new Int32Array(n + 1); adj = new Int32Array(E.length);
  for (j = 0; j < E.length; j++) ptr[E[j] + 1]++;
  for (i = 0; i < n; i++) ptr[i + 1] += ptr[i];
  var fill = ptr.slice(0, n);
  for (j = 0; j < E.length; j += 2) { adj[fill[E[j]]++] = E[j + 1]; adj[fill[E[j + 1]]++] = E[j]; }
}

// hover label: the node nearest the pointer (within max(its radius, 6 px)), outlined
var tip = document.getElementById("tip"), hover = -1;
function hoverAt(ev) {
  var v = ev && !(drag && moved) ? nodeAt(ev.clientX, ev.clientY) : -1, text;
  if (v !== hover) {
    if (hover >= 0) C[hover].classList.remove("hov");
    if (v >= 0) C[v].classList.add("hov");
    hover = v; svg.classList.toggle("over", v >= 0);
  }
  if (v < 0) { tip.style.display = "none"; return; }
  text = name(v);
  if (D.m) text += D.k[v] ? "  \u2014  " + D.m[v] + " of " + D.k[v] + " neighbours nearest"
                          : "  \u2014  no neighbours";
  tip.textContent = text; tip.style.display = "block";
  tip.style.left = (ev.clientX + 12) + "px"; tip.style.top = (ev.clientY + 12) + "px";
}
svg.addEventListener("pointermove", hoverAt);
svg.addEventListener("pointerleave", function () { hoverAt(null); });

// search: exact name, else case-insensitive substring (at most 500 matches)
var q = document.getElementById("q"), info = document.getElementById("info"), marked = [];
function clear() {
  for (i = 0; i < marked.length; i++) {
    C[marked[i]].classList.remove("hit", "nb"); isHit[marked[i]] = 0;
  }
  marked = []; svg.classList.remove("searching");
  if (labelG) labels();
  document.getElementById("hl").setAttribute("d", ""); info.textContent = "";
}
function select(hits, keepView) {
  clear(); adjacency();
  if (!hits.length) { info.textContent = "no match"; return; }
  var lines = [], seen = new Uint8Array(n), h, a, v;
  var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  function mark(v, cls) {
    if (!seen[v]) { seen[v] = 1; marked.push(v); }
    C[v].classList.add(cls);
    x0 = Math.min(x0, X[v]); x1 = Math.max(x1, X[v]);
    y0 = Math.min(y0, Y[v]); y1 = Math.max(y1, Y[v]);
  }
  for (h = 0; h < hits.length; h++) {
    v = hits[h]; mark(v, "hit"); isHit[v] = 1;
    for (a = ptr[v]; a < ptr[v + 1]; a++) { mark(adj[a], "nb"); lines.push(v, adj[a]); }
  }
  svg.classList.add("searching");
  document.getElementById("hl").setAttribute("d", segments(lines));
  info.textContent = hits.length === 1
    ? name(hits[0]) + ": " + (ptr[hits[0] + 1] - ptr[hits[0]]) + " neighbours"
    : hits.length + " matches";
  if (!keepView) {
    var m = Math.max(x1 - x0, y1 - y0, home[2] / 40, home[3] / 40);
    fit([(x0 + x1 - m) / 2, (y0 + y1 - m) / 2, m, m]); apply();
  } else labels();
}
function search(text) {
  text = text.trim();
  if (!text) { clear(); return; }
  var N = allNames(), hits = [], low = text.toLowerCase();
  for (i = 0; i < n; i++) if (N[i] === text) hits.push(i);
  if (!hits.length) for (i = 0; i < n; i++) if (N[i].toLowerCase() === low) hits.push(i);
  if (!hits.length) for (i = 0; i < n && hits.length < 500; i++)
    if (N[i].toLowerCase().indexOf(low) >= 0) hits.push(i);
  select(hits, false);
}
var typing = 0;
q.addEventListener("input", function () {
  clearTimeout(typing); typing = setTimeout(function () { search(q.value); }, 200);
});
q.addEventListener("keydown", function (ev) {
  if (ev.key === "Enter") { clearTimeout(typing); search(q.value); }
  if (ev.key === "Escape") { q.value = ""; clear(); }
});
var hash = /^#search=(.*)$/.exec(location.hash);
if (hash) { q.value = decodeURIComponent(hash[1]); search(q.value); }
document.body.setAttribute("data-ready-ms", Math.round(performance.now() - t0));
})();
"""
