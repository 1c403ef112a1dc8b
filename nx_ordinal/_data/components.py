"""Connected components, in one module: their split (:func:`split_components`), the
drawing of many small ones without an optimiser each (:func:`draw_small_components`), the
scale that puts a component's drawing in hop units (:func:`hop_scales`) and the packing of
per-component drawings side by side (:func:`pack_components`, rows of boxes by
:func:`shelf_offsets`): the one packing rule of every start and layout that draws components
separately."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .._core.typing import FloatArray, IntArray

__all__ = ["split_components", "pack_components", "shelf_offsets", "draw_small_components",
           "hop_scales", "pack_in_hop_units", "cliques", "batch_components",
           "SMALL_COMPONENT", "HOP_PIVOTS"]


def split_components(A: Any) -> tuple[int, Any, list[Any]]:
    """The (weakly) connected components of the adjacency ``A`` (sparse or dense, read as
    undirected), the one split of the package: ``(count, labels, parts)``, ``labels[i]`` the
    component of node ``i`` and ``parts[c]`` the sorted node indices of component ``c``;
    components are numbered in the order of their smallest node.  O(n + E).

    Examples
    --------
    >>> import numpy as np
    >>> A = np.array([[0, 1, 0], [0, 0, 0], [0, 0, 0]])
    >>> count, labels, parts = split_components(A)
    >>> count, labels.tolist(), [p.tolist() for p in parts]
    (2, [0, 0, 1], [[0, 1], [2]])
    """
    from scipy.sparse.csgraph import connected_components

    count, labels = connected_components(A, directed=True, connection="weak")
    order = np.argsort(labels, kind="stable")
    parts = np.split(order, np.cumsum(np.bincount(labels, minlength=count))[:-1])
    return int(count), labels, parts


def pack_components(
    blocks: list[tuple[IntArray, FloatArray]], dim: int, n: int,
    edges: tuple[IntArray, IntArray] | None = None, style: str | None = None,
) -> FloatArray:
    """Place the embeddings of connected components side by side: the one packing rule.

    ``blocks`` holds ``(idx, Y)`` pairs, node indices and their ``(len(idx), dim)``
    embedding.  Without ``edges`` each block is centred and scaled to RMS radius
    ``sqrt(len(idx))``; with more than one block they go on a grid of cells ``2.5 sqrt(largest
    size)`` wide, largest first (stable for equal sizes).  With ``edges`` (the graph's edges
    as two arrays of node indices) each block is scaled so that its (lower) median edge has
    length 1, the median over the block's edges that do not join closed twins
    (:func:`closed_twin_edges`; over all its edges where every one does), so that twins
    drawn at one point do not blow the block up (a drawing's edges then have one length
    scale across components, as a reader
    compares them; a block without edges, a single node, stays a point), and the blocks'
    bounding boxes, each padded by its own longest edge (at least one edge length), are
    packed in rows about as wide as the whole is high, largest first.  ``style="boxes"``
    (with ``edges``; the look of the classical drawers, ``classical.by_components``): each
    block centred and scaled to RMS radius ``sqrt(len(idx))`` (one density for all), the
    boxes kept the longest edge of all apart (at least 1) in the same rows, further axes
    centred.  ``style="given"`` (with ``edges``): as with ``edges``, but each block at the
    scale it comes in (:func:`hop_scales`: blocks already in one unit), the gap two of
    those units.  Returns the ``(n, dim)`` array with ``X[idx] = Y``.  O(n dim + E) plus
    O(k log k) for k blocks.
    """

    X = np.zeros((n, dim))
    k = len(blocks)
    if k == 0:
        return X
    sizes = np.array([b[0].size for b in blocks])
    order = np.argsort(-sizes, kind="stable")
    if style == "boxes":
        if edges is None:
            raise ValueError('pack_components(style="boxes") needs edges')
        return _pack_boxes(blocks, dim, n, edges, order)
    if style not in (None, "edges", "grid", "given"):
        raise ValueError(f"style must be 'grid', 'edges', 'given' or 'boxes', got {style!r}")
    if edges is not None and style != "grid":
        return _pack_by_edges(blocks, dim, n, edges, order, normalise=style != "given")
    cell = 2.5 * np.sqrt(max(sizes.max(), 1))
    ncols = int(np.ceil(k ** (1.0 / dim))) if k > 1 else 1
    for slot, c in enumerate(order):
        idx, Y = blocks[c]
        Y = Y - Y.mean(axis=0)
        rms = np.sqrt(np.mean(np.sum(Y * Y, axis=1)))
        if rms > 0:
            Y = Y * (np.sqrt(idx.size) / rms)
        if k > 1:
            offs = np.array([(slot // ncols**t) % ncols for t in range(dim)], dtype=float)
            Y = Y + cell * offs
        X[idx] = Y
    return X


def closed_twin_edges(rows: IntArray, cols: IntArray, n: int) -> Any:
    """Which of the edges ``(rows, cols)`` (a graph's adjacency rows, ``rows`` sorted, no
    self-loops) join closed twins: nodes whose closed out-neighbourhoods ``N(i) + {i}`` are
    equal -- a windmill graph's blade members, a paper's co-authors, alike to every
    comparison, which ordinal drawings often put at one point.  Each set is hashed as a
    wrapping sum of fixed 64-bit numbers, one per node (drawn from a constant seed: no
    dependence on a call's seed); equal sets give equal sums, distinct sets agree with
    probability about 2^-64.  O(n + E)."""
    rows = np.asarray(rows, dtype=np.int64)
    cols = np.asarray(cols, dtype=np.int64)
    keys = np.random.default_rng(_TWIN_KEY_SEED).integers(
        0, np.iinfo(np.int64).max, size=n, dtype=np.int64).view(np.uint64)
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=n))])
    with np.errstate(over="ignore"):
        acc = np.concatenate([np.zeros(1, dtype=np.uint64), np.cumsum(keys[cols], dtype=np.uint64)])
        closed = acc[indptr[1:]] - acc[indptr[:-1]] + keys
    deg = np.diff(indptr)
    return (closed[rows] == closed[cols]) & (deg[rows] == deg[cols])


_TWIN_KEY_SEED = 0x6E786F7264


#: gap between packed components, in median edge lengths
_PACK_GAP = 2.0


def _pack_by_edges(blocks, dim, n, edges, order, normalise=True):
    """:func:`pack_components` with ``edges``: one edge length for all blocks (without
    ``normalise``: each block at its given scale), shelf rows."""
    k = len(blocks)
    label = np.zeros(n, dtype=np.int64)
    Y = np.zeros((n, dim))
    for c, (idx, Yc) in enumerate(blocks):
        label[idx] = c
        Y[idx] = Yc
    rows, cols = (np.asarray(e, dtype=np.int64) for e in edges)
    keep = (label[rows] == label[cols]) & (rows != cols)
    rows, cols = rows[keep], cols[keep]
    lengths = np.linalg.norm(Y[rows] - Y[cols], axis=1)
    lab = label[rows]
    # the median over the edges that do not join closed twins (drawn at one point, a
    # windmill's blades made its spokes the longest edges of the page), all where every
    # edge of a block does
    by_row = np.argsort(rows, kind="stable")
    twin = np.empty(rows.size, dtype=bool)
    twin[by_row] = closed_twin_edges(rows[by_row], cols[by_row], n)
    plain = np.bincount(lab, ~twin, minlength=k) > 0
    use = ~twin | ~plain[lab]
    ml, mlab = lengths[use], lab[use]
    srt = np.lexsort((ml, mlab))
    counts = np.bincount(mlab, minlength=k)
    first = np.concatenate([[0], np.cumsum(counts)[:-1]])
    med = np.ones(k)
    has = counts > 0
    med[has] = ml[srt][first[has] + (counts[has] - 1) // 2]
    med = np.where(med > 0, med, 1.0) if normalise else np.ones(k)
    size = np.bincount(label, minlength=k).astype(np.float64)
    centre = np.stack([np.bincount(label, Y[:, t], minlength=k) for t in range(dim)], 1)
    centre /= size[:, None]
    Y = (Y - centre[label]) / med[label, None]
    lo = np.full((k, dim), np.inf)
    hi = np.full((k, dim), -np.inf)
    for t in range(dim):
        np.minimum.at(lo[:, t], label, Y[:, t])
        np.maximum.at(hi[:, t], label, Y[:, t])
    # each box padded by its own longest edge (at least half the gap) on every side: no node
    # is nearer a node of another component than its own neighbours (what GARI and NP1
    # count), and one torn component does not spread all the others apart
    longest = np.zeros(k)
    if lengths.size:
        np.maximum.at(longest, lab, lengths / med[lab])
    pad = np.maximum(_PACK_GAP / 2, 1.05 * longest)
    lo -= pad[:, None]
    hi += pad[:, None]
    ext = hi - lo
    if k == 1:
        return Y
    return Y - lo[label] + shelf_offsets(ext, order)[label]


def _pack_boxes(blocks, dim, n, edges, order):
    """:func:`pack_components` with ``style="boxes"``."""
    X = np.zeros((n, dim))
    label = np.zeros(n, dtype=np.int64)
    scaled = []
    for c, (idx, Y) in enumerate(blocks):
        Y = Y - Y.mean(axis=0)
        rms = np.sqrt(np.mean(np.sum(Y * Y, axis=1)))
        Y = Y * (np.sqrt(idx.size) / rms) if rms > 0 else Y
        X[idx] = Y
        label[idx] = c
        scaled.append((idx, Y))
    rows, cols = (np.asarray(e, dtype=np.int64) for e in edges)
    keep = label[rows] == label[cols]
    gap = 1.0
    if keep.any():
        gap = max(gap, float(np.linalg.norm(X[rows[keep]] - X[cols[keep]], axis=1).max()))
    gap *= 1.05
    lo = np.array([Y.min(axis=0) for _, Y in scaled])
    ext = np.array([Y.max(axis=0) for _, Y in scaled]) - lo + gap
    offset = shelf_offsets(ext, order)
    for c, (idx, Y) in enumerate(scaled):  # a loop over components, not vertices
        if dim == 1:
            X[idx] = Y - lo[c] + offset[c]
        else:  # rows in the first two axes; further axes stay centred
            X[idx] = Y
            X[idx, :2] += offset[c, :2] - lo[c, :2]
    return X


def shelf_offsets(ext: FloatArray, order: Any, width: float | None = None) -> FloatArray:
    """Where to put boxes of extents ``ext`` (k, dim) side by side, in ``order``: the
    ``(k, dim)`` offset of each box's lower corner.  In 2-D and above, rows (shelves) of
    ``width`` (default: the side of a square of the boxes' total area plus half the median
    box's width, at least the widest box: about as wide as the whole is high, and k equal
    boxes in rows of about sqrt(k) rounded, not cut down), going down from 0, the first
    two axes only; a box less than half as high as its row's tallest box starts a new row (a
    small component is not set in the corner beside a large one, but in the rows below it);
    in 1-D one after the other.  A loop over boxes, O(k)."""
    k, dim = ext.shape
    offset = np.zeros((k, dim))
    if dim == 1:
        offset[order, 0] = np.concatenate([[0.0], np.cumsum(ext[order, 0])[:-1]])
        return offset
    if width is None:
        # the side of a square of the boxes' area, and half a box more (the median's): k
        # equal boxes fill rows of round(sqrt(k)), not of floor(sqrt(k)) -- five boxes a
        # little wider than high went in one column, 3.8 times as high as wide
        width = max(float(ext[:, 0].max()),
                    float(np.sqrt((ext[:, 0] * ext[:, 1]).sum()) + 0.5 * np.median(ext[:, 0])))
    x = y = row = 0.0
    for c in order:  # a loop over components, not vertices
        w, h = ext[c, 0], ext[c, 1]
        if x > 0 and (x + w > width or 2.0 * h < row):
            x, y, row = 0.0, y + row, 0.0
        offset[c, :2] = (x, -y - h)
        x += w
        row = max(row, h)
    return offset


#: pivots per component of :func:`hop_scales` (every vertex of a smaller component)
HOP_PIVOTS = 20
#: :func:`hop_scales` holds at most this many hop distances at a time
_HOP_ENTRIES = 1 << 22
#: beyond this many vertices a component's pivots shrink so that they see about
#: HOP_PIVOTS times this many pairs (at least 2 pivots): each search costs O(n + E), and
#: one scalar needs no more (a component of 200,000 vertices: 20 searches 3.7 s, 2 0.4 s)
_HOP_LARGE = 20_000


def hop_scales(A: Any, Y: FloatArray, labels: Any = None,
               pivots: int = HOP_PIVOTS) -> FloatArray:
    """The factor that puts each component's drawing in hop units, by vertex.

    For component c, ``s_c = sum r / sum r^2`` over the ratios ``r = |y_p - y_j| / D_pj`` of
    its pairs (``D`` the hop distance): the scale at which ``s_c |y_p - y_j|`` fits
    ``D_pj`` best in stress's own weighting, ``sum (s d / D - 1)^2`` (the scale-normalised
    stress of the graph-drawing benchmark).  Drawings so scaled compare across components as
    the graph's distances do.  The pairs: from each of up to ``pivots`` vertices of the
    component (evenly spaced in index order; every vertex of a smaller component) to every
    vertex of it; beyond ``_HOP_LARGE`` vertices fewer pivots, ``pivots * _HOP_LARGE /
    size`` (at least 2), whose pairs still number hundreds of thousands.  ``A``: the
    adjacency of the vertices of ``Y`` (read as undirected); ``labels``: their components
    (None: one).  A component drawn at one point, or of one vertex, gets factor 1.  O(m (n
    + E)) time for the m <= pivots * components pivots, one search each, and O(n +
    ``_HOP_ENTRIES``) memory (the searches in chunks).
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import shortest_path

    n = Y.shape[0]
    if n == 0:
        return np.ones(0)
    lab = np.zeros(n, dtype=np.int64) if labels is None else np.asarray(labels)
    _, lab = np.unique(lab, return_inverse=True)
    lab = lab.ravel()
    k = int(lab.max()) + 1
    order = np.argsort(lab, kind="stable")
    size = np.bincount(lab, minlength=k)
    first = np.concatenate([[0], np.cumsum(size)[:-1]])
    m = np.minimum(size, int(pivots))
    big = size > _HOP_LARGE
    m[big] = np.clip(int(pivots) * _HOP_LARGE // size[big], min(2, int(pivots)), int(pivots))
    comp = np.repeat(np.arange(k), m)
    rank = np.arange(int(m.sum())) - np.repeat(np.cumsum(m) - m, m)
    piv = order[first[comp] + (rank * size[comp]) // m[comp]]
    B = sp.csr_array(A)
    B = ((B + B.T) != 0).astype(np.float64).tocsr()
    sr = np.zeros(k)
    srr = np.zeros(k)
    step = max(1, _HOP_ENTRIES // n)
    for lo in range(0, piv.size, step):  # chunks of pivots (memory), not a loop over vertices
        p, c = piv[lo:lo + step], comp[lo:lo + step]
        D = shortest_path(B, indices=p, unweighted=True, directed=False)
        pi, j = np.nonzero((lab[None, :] == c[:, None]) & np.isfinite(D) & (D > 0))
        diff = Y[p[pi]] - Y[j]
        r = np.sqrt(np.einsum("ij,ij->i", diff, diff)) / D[pi, j]
        sr += np.bincount(c[pi], r, minlength=k)
        srr += np.bincount(c[pi], r * r, minlength=k)
    scale = np.divide(sr, srr, out=np.ones(k), where=srr > 0)
    return scale[lab]


def pack_in_hop_units(A: Any, X: FloatArray, batch: int = 600,
                      split: tuple[int, Any, list[Any]] | None = None) -> FloatArray:
    """The drawing ``X`` of the graph of adjacency ``A`` (read as undirected) with each
    connected component put in hop units (:func:`hop_scales`) and the components packed side
    by side at that scale (:func:`pack_components`, ``style="given"``): shelf rows, largest
    first, each box padded by its own longest edge, so no vertex is nearer another
    component's vertex than its own neighbours (GARI and NP1 unchanged).  ``X`` itself when
    the graph is connected.  The factors are found over batches of whole components of
    about ``batch`` vertices (a larger component alone; single vertices keep theirs), so
    that the searches' rows span a batch, not the graph.  O(n log n + E) for the split
    (all a connected graph costs; ``split``: that of :func:`split_components`, when the
    caller has it), then O(P (n + E) + batch n) for the ``HOP_PIVOTS`` pivots P."""
    count, labels, groups = split_components(A) if split is None else split
    if count == 1:
        return X
    import scipy.sparse as sp

    A = sp.csr_array(A)
    n, dim = X.shape
    X = np.array(X, dtype=np.float64)
    units = batch_components(groups, batch, skip=[g.size < 2 for g in groups])
    for unit in units:  # batches of components
        idx = np.concatenate(unit)
        X[idx] *= hop_scales(A[idx][:, idx], X[idx], labels[idx])[:, None]
    rows = np.repeat(np.arange(n), np.diff(A.indptr))
    return pack_components([(g, X[g]) for g in groups], dim, n, edges=(rows, A.indices),
                           style="given")


def batch_components(groups: Sequence[IntArray], limit: int,
                     skip: Sequence[bool] | None = None) -> list[list[IntArray]]:
    """Whole components (``groups``, vertex index arrays) in batches of about ``limit``
    vertices, in the order given: one of more than ``limit`` alone, the others together
    until a batch holds ``limit`` or more (the last one may hold fewer); those marked in
    ``skip`` left out.  A loop over components, O(k)."""
    units: list[list[IntArray]] = []
    batch: list[IntArray] = []
    size = 0
    for c, g in enumerate(groups):  # a loop over components, not vertices
        if skip is not None and skip[c]:
            continue
        if g.size > limit:
            units.append([g])
            continue
        batch.append(g)
        size += g.size
        if size >= limit:
            units.append(batch)
            batch, size = [], 0
    if batch:
        units.append(batch)
    return units


def cliques(A: Any, labels: Any, sizes: Any) -> Any:
    """Which components are cliques: every vertex's out-neighbours (self-loops aside) are all
    the other vertices of its component.  ``A``: the adjacency (CSR); ``labels`` and
    ``sizes``: each vertex's component and each component's size (:func:`split_components`).
    A clique has no comparison inside (no non-neighbour to be farther than a neighbour),
    so the ordinal solvers draw it as they please -- t-LOE its members at nearly one
    point.  O(n + E)."""
    import scipy.sparse as sp

    A = sp.csr_array(A)
    deg = np.diff(A.indptr) - (A.diagonal() != 0)
    sizes = np.asarray(sizes)
    return np.bincount(labels, deg == sizes[labels] - 1, minlength=sizes.size) == sizes


#: components of at most this many vertices are drawn by :func:`draw_small_components`
SMALL_COMPONENT = 50
#: iterations of its stress majorization
_SMACOF_ITER = 60


def draw_small_components(A: Any, groups: Sequence[IntArray], dim: int) -> list[FloatArray]:
    """Drawings of small connected components (each of at most :data:`SMALL_COMPONENT`
    vertices), without an optimiser per component: the ``(len(g), dim)`` drawing of each
    group ``g`` of vertex indices of the (out-)adjacency ``A`` (read as undirected).

    A single vertex is a point and two vertices are one unit apart.  A larger component is
    drawn by stress majorization (SMACOF, unit weights) of its hop distances from classical
    MDS, ``_SMACOF_ITER`` Guttman transforms: the drawing of a small graph that keeps its
    hop distances (a star's leaves round the hub, a path straight, a cycle round).  The
    components are processed together, grouped by size: one batched eigendecomposition and
    batched transforms per size, no loop over vertices.  Deterministic (no random draw).

    Cost: one shortest-path search per component (O(s E_c) for a component of s vertices
    and E_c edges), then O(c s^3) for the c components of size s; linear in the number of
    components.  Used by ``loe_layout``'s t-LOE stage for isolated nodes, single edges and
    small cliques (whose members, closed twins, t-LOE draws at nearly one point), and for
    every small component when there are many (20,000 isolated nodes in t-LOE runs:
    minutes).
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import shortest_path

    A = sp.csr_array(A)
    A = ((A + A.T) != 0).astype(np.float64).tocsr()
    out: list[FloatArray | None] = [None] * len(groups)
    by_size: dict[int, list[int]] = {}
    for c, g in enumerate(groups):  # a loop over components, not vertices
        by_size.setdefault(int(g.size), []).append(c)
    for s, members in sorted(by_size.items()):
        if s > SMALL_COMPONENT:
            raise ValueError(f"a component of {s} vertices is not small")
        if s <= 2:
            Y = np.zeros((s, dim))
            if s == 2:
                Y[1, 0] = 1.0
            for c in members:
                out[c] = Y.copy()
            continue
        D = np.stack([shortest_path(A[groups[c]][:, groups[c]], unweighted=True)
                      for c in members])  # (m, s, s); one search per component
        for c, Y in zip(members, _smacof(D, dim), strict=True):
            out[c] = Y
    return out  # type: ignore[return-value]


def _smacof(D: FloatArray, dim: int) -> FloatArray:
    """Stress majorization of a batch of distance matrices ``D`` (m, s, s), weights
    ``1 / D^2``, from classical MDS; returns (m, s, dim).  O(m s^3 + _SMACOF_ITER m s^2 dim)."""
    m, s, _ = D.shape
    J = np.eye(s) - 1.0 / s
    Bc = -0.5 * J @ (D * D) @ J  # double-centred squared distances, batched
    w, V = np.linalg.eigh(Bc)  # ascending
    top = min(dim, s)
    X = np.zeros((m, s, dim))
    scale = np.sqrt(np.maximum(w[:, ::-1][:, :top], 0.0))
    X[:, :, :top] = V[:, :, ::-1][:, :, :top] * scale[:, None, :]
    # a degenerate spectrum (a star's leaves) leaves dimensions empty: a fixed tiny spread
    X += 1e-3 * np.cos(np.arange(s)[:, None] * (1.0 + np.arange(dim))[None, :])[None]
    # weights 1 / d^2 (Kamada-Kawai's): near pairs count most, so each vertex's neighbours
    # come out nearest; the Guttman transform X <- V^+ B(X) X with V^+ from one batched solve
    off = ~np.eye(s, dtype=bool)
    Wt = np.where(off, 1.0 / np.where(off, D, 1.0) ** 2, 0.0)
    V = -Wt
    V[:, np.arange(s), np.arange(s)] = Wt.sum(axis=2)
    ones = np.full((s, s), 1.0 / s)
    Vp = np.linalg.inv(V + ones) - ones  # the pseudo-inverse (V's null space: the constants)
    for _ in range(_SMACOF_ITER):
        diff = X[:, :, None, :] - X[:, None, :, :]
        E = np.sqrt(np.einsum("mijd,mijd->mij", diff, diff))
        ratio = np.where(off & (E > 1e-12), Wt * D / np.where(E > 1e-12, E, 1.0), 0.0)
        Bm = -ratio
        Bm[:, np.arange(s), np.arange(s)] = ratio.sum(axis=2)
        X = Vp @ (Bm @ X)
    return X
