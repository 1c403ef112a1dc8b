"""Starting configurations, in one module: the ``init="auto"`` rules of ``loe_layout`` and
:func:`nx_ordinal.embed.loe`, the start configurations of runs and restarts (named starts
cycled over the runs, repeats perturbed by the one perturbation rule), networkx's drawers as
starts, and the packing of per-component embeddings side by side (the one packing rule of
every start and layout that embeds components separately).

The spectral and pivot-MDS starts themselves are solvers (:func:`nx_ordinal.embed.
laplacian_eigenmaps`, :func:`nx_ordinal.embed.pivot_mds`): callers pass them in as ``base``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from .utils import draw_seed

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterator, Sequence

    from ._typing import FloatArray, IntArray

__all__ = [
    "KK_MAX_NODES", "PIVOT_MIN_N", "SMALL_NODES", "auto_solver_start", "auto_layout_starts",
    "auto_n_init", "perturbed_start", "start_configurations", "networkx_start",
    "pack_components", "draw_small_components", "SMALL_COMPONENT",
]

# --- init="auto": decided here only -----------------------------------------------------------

#: loe_layout's "auto" starts its Err_local runs from Kamada-Kawai (besides the spectral
#: start) up to this size, from pivot MDS beyond (Kamada-Kawai costs O(n^2) per iteration)
KK_MAX_NODES = 100
#: embed.loe's "auto" starts from pivot MDS beyond this many vertices (spectral up to it)
PIVOT_MIN_N = 2000
#: up to this size loe_layout follows four Err_local runs to their end (the path of
#: layouts/*.json) besides t-LOE
SMALL_NODES = 100


#: beyond SMALL_NODES, loe_layout's objective="auto" also runs Err_local (from the pivot-MDS
#: start) when that start already has at least this GARI: hop distances then nearly embed in
#: the plane (a random geometric graph of 10,000 nodes: 0.78; the 26 graphs of the
#: graph-drawing benchmark: 0.59 at most), and Err_local recovers such graphs almost
#: perfectly (GARI 0.998 against 0.90 for t-LOE on that geometric graph)
GEOMETRIC_GARI = 0.7


def auto_objectives(n: int, select: str, start_gari: Callable[[], float] | None = None,
                    knn: bool = False) -> tuple[bool, bool]:
    """``loe_layout``'s ``objective="auto"`` on ``n`` nodes as ``(hinge, t)``: which
    objectives get runs.  t-LOE (with its edge springs) always, but for a kNN graph beyond
    :data:`SMALL_NODES` (``knn``: directed, every out-degree the same, not symmetric -- the
    graphs LOE was made for, which Err_local alone draws: 1,000 US cities, pivot-MDS start
    GARI 0.67, Err_local 0.987 against t-LOE's 0.872); Err_local besides up to
    :data:`SMALL_NODES`, and beyond when ``start_gari()`` (the GARI of the pivot-MDS start)
    is at least :data:`GEOMETRIC_GARI`; ``select="objective"`` (the plain paper method:
    objectives that cannot be compared across the two) Err_local alone."""
    if select == "objective":
        return True, False
    if n <= SMALL_NODES:
        return True, True
    if knn:
        return True, False
    return bool(start_gari is not None and start_gari() >= GEOMETRIC_GARI), True


def auto_n_init(n: int, objective: str = "hinge") -> int:
    """``loe_layout``'s ``n_init="auto"`` on ``n`` nodes: Err_local alone (``objective``
    ``"hinge"``) 4 runs up to :data:`SMALL_NODES` (two from each start of
    :func:`auto_layout_starts`), 1 beyond; ``objective="auto"`` 1 (up to
    :data:`SMALL_NODES` from t-LOE's drawing: Err_local polishes it)."""
    return 4 if n <= SMALL_NODES and objective == "hinge" else 1


def auto_solver_start(n: int) -> str:
    """The start :func:`nx_ordinal.embed.loe` takes for ``init="auto"`` on ``n`` vertices:
    ``"spectral"`` up to :data:`PIVOT_MIN_N`, ``"pivot"`` beyond (see ``loe``'s Notes)."""
    return "pivot" if n > PIVOT_MIN_N else "spectral"


def auto_layout_starts(n: int, n_init: int) -> tuple[tuple[str, ...], str | None]:
    """``loe_layout``'s ``init="auto"`` on ``n`` nodes with ``n_init`` runs, as ``(inits,
    solver_init)``: up to :data:`KK_MAX_NODES` the layout draws the spectral and Kamada-Kawai
    starts itself (``solver_init=None``); beyond, the solver starts from pivot MDS for one run,
    else from its own ``"auto"`` (:func:`auto_solver_start`)."""
    if n <= KK_MAX_NODES:
        return ("spectral", "kamada_kawai"), None
    return ("auto",), ("pivot" if n_init == 1 else "auto")


def perturbed_start(X: FloatArray, rng: np.random.Generator) -> FloatArray:
    """``X`` plus Gaussian noise of 0.3 times its RMS spread about the centroid (1 when all
    points coincide): the start of a restart, the one perturbation rule of the package.
    Draws ``X.size`` normals from ``rng``; O(n dim)."""

    spread = float(np.sqrt(np.mean(np.sum((X - X.mean(0)) ** 2, axis=1)))) or 1.0
    return X + 0.3 * spread * rng.standard_normal(X.shape)


def start_configurations(
    inits: Sequence[str], n_init: int, rng: np.random.Generator,
    base: Callable[[str], FloatArray], shape: tuple[int, int] | None = None,
) -> Iterator[FloatArray]:
    """The start configurations of ``n_init`` runs, cycling over the named starts ``inits``.

    The first run of a name begins from ``base(name)`` (built once, when first needed), its
    later runs from a :func:`perturbed_start` of it; ``"random"`` is a fresh standard normal
    configuration of ``shape`` for every run.  Lazy: each start, and each draw from ``rng``,
    is made when the next run asks for it, so ``rng``'s stream is consumed in run order
    whether the caller runs them all or stops early.  Used by ``loe_layout`` (several named
    starts) and :func:`nx_ordinal.embed.loe` (one start and its restarts).  O(n dim) per
    start besides ``base``.
    """
    built: dict[str, FloatArray] = {}
    for r in range(n_init):
        name = inits[r % len(inits)]
        if name == "random":
            if shape is None:
                raise ValueError('start_configurations needs shape for init="random"')
            yield rng.standard_normal(shape)
        elif name not in built:
            built[name] = base(name)
            yield built[name]
        else:
            yield perturbed_start(built[name], rng)


def networkx_start(G: nx.Graph, nodes: list[Hashable], name: str, dim: int,
                   rng: np.random.Generator) -> FloatArray:
    """A start configuration drawn by networkx, ``name`` ``"kamada_kawai"`` or ``"spring"``,
    as an ``(n, dim)`` array in the order of ``nodes``.  Seeded from ``rng`` (one int drawn;
    networkx starts Kamada-Kawai from an unseeded random layout when ``dim >= 3``, so that
    start is drawn here).  Kamada-Kawai costs O(n^2) memory and O(n^2) per iteration, spring
    O(n^2) per iteration (networkx's dense solver below 500 nodes)."""


    if name == "kamada_kawai":
        p0 = nx.random_layout(G, dim=dim, seed=draw_seed(rng)) if dim >= 3 else None
        p = nx.kamada_kawai_layout(G, pos=p0, dim=dim)
    elif name == "spring":
        p = nx.spring_layout(G, dim=dim, seed=draw_seed(rng))
    else:
        raise ValueError(f"networkx_start draws 'kamada_kawai' or 'spring', got {name!r}")
    return np.array([p[v] for v in nodes], dtype=np.float64)


def pack_components(
    blocks: list[tuple[IntArray, FloatArray]], dim: int, n: int,
    edges: tuple[IntArray, IntArray] | None = None,
) -> FloatArray:
    """Place the embeddings of connected components side by side: the one packing rule.

    ``blocks`` holds ``(idx, Y)`` pairs, node indices and their ``(len(idx), dim)``
    embedding.  Without ``edges`` each block is centred and scaled to RMS radius
    ``sqrt(len(idx))``; with more than one block they go on a grid of cells ``2.5 sqrt(largest
    size)`` wide, largest first (stable for equal sizes).  With ``edges`` (the graph's edges
    as two arrays of node indices) each block is scaled so that its (lower) median edge has
    length 1 (a drawing's edges then have one length scale across components, as a reader
    compares them; a block without edges, a single node, stays a point), and the blocks'
    bounding boxes, each padded by its own longest edge (at least one edge length), are
    packed in rows about as wide as the whole is high, largest first.  Returns the
    ``(n, dim)`` array with ``X[idx] = Y``.  O(n dim + E) plus
    O(k log k) for k blocks.
    """

    X = np.zeros((n, dim))
    k = len(blocks)
    if k == 0:
        return X
    sizes = np.array([b[0].size for b in blocks])
    order = np.argsort(-sizes, kind="stable")
    if edges is not None:
        return _pack_by_edges(blocks, dim, n, edges, order)
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


#: gap between packed components, in median edge lengths
_PACK_GAP = 2.0


def _pack_by_edges(blocks, dim, n, edges, order):
    """:func:`pack_components` with ``edges``: one edge length for all blocks, shelf rows."""
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
    srt = np.lexsort((lengths, lab))
    counts = np.bincount(lab, minlength=k)
    first = np.concatenate([[0], np.cumsum(counts)[:-1]])
    med = np.ones(k)
    has = counts > 0
    med[has] = lengths[srt][first[has] + (counts[has] - 1) // 2]
    med = np.where(med > 0, med, 1.0)
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


def shelf_offsets(ext: FloatArray, order: Any) -> FloatArray:
    """Where to put boxes of extents ``ext`` (k, dim) side by side, in ``order``: the
    ``(k, dim)`` offset of each box's lower corner.  In 2-D and above, rows (shelves) about
    as wide as the whole is high, going down, the first two axes only; in 1-D one after the
    other.  A loop over boxes, O(k)."""
    k, dim = ext.shape
    offset = np.zeros((k, dim))
    if dim == 1:
        offset[order, 0] = np.concatenate([[0.0], np.cumsum(ext[order, 0])[:-1]])
        return offset
    width = max(float(ext[:, 0].max()), float(np.sqrt((ext[:, 0] * ext[:, 1]).sum())))
    x = y = row = 0.0
    for c in order:  # a loop over components, not vertices
        w, h = ext[c, 0], ext[c, 1]
        if x > 0 and x + w > width:
            x, y, row = 0.0, y + row, 0.0
        offset[c, :2] = (x, -y - h)
        x += w
        row = max(row, h)
    return offset


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
    components.  Used by ``loe_layout``'s t-LOE stage, where a disconnected graph's small
    components would otherwise each need a t-LOE run (20,000 isolated nodes: minutes).
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
