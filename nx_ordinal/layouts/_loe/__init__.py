"""Local ordinal embedding of the adjacency: :func:`loe_layout` (its starts, runs and GARI
selection)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from ..._core.estimates import (
    loe_layout_memory,
)
from ..._core.progress import Progress, public_call, warn
from ..._core.result import EmbeddingResult
from ..._core.validation import check_choice
from ..._data.components import (
    SMALL_COMPONENT,
    batch_components,
    cliques,
    draw_small_components,
    hop_scales,
    pack_components,
    pack_in_hop_units,
    split_components,
)
from ...constraints import count_local_triplets
from ...embed._starts import start_configurations, two_hop_stress
from ...embed.loe import (
    NO_TRIPLETS_KEY,
    is_knn_adjacency,
    laplacian_eigenmaps,
    pivot_mds,
    solve_loe,
)
from ...embed.tloe import ANCHOR_PIVOTS, EXAGGERATION, tloe
from ...exceptions import ConvergenceWarning, NoOrdinalInformationWarning
from ...metrics import (
    edge_pairs,
    gari_array,
    hop_neighbourhoods,
    neighbourhood_preservation_array,
    preserved_neighbourhoods,
    stress_array,
)
from .._common import networkx_start
from .._frame import (
    Frame,
    choice_rule,
    int_rule,
    layout_frame,
    nonnegative_rule,
    positive_rule,
    unweighted_rule,
)
from .guarded import push_leaves, stress_polish
from .leaves import INNER, ring_leaves
from .plan import KK_MAX_NODES, POLICY, SMALL_NODES, Plan, make_plan
from .selection import (
    EdgeTail,
    GariTracker,
    shape_checkpoint,
    shape_value,
    untear_pays,
    whole_checkpoint,
)
from .shortcuts import drop_shortcuts

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..._core.typing import ArrayLike, FloatArray, PosLike, Seed


__all__ = ['loe_layout']


def _loe_memory(frame, kw):
    """The memory estimate of the plan with every stage that may run (Err_local as on a
    geometric graph)."""
    plan = make_plan(frame.n, directed=frame.directed, knn=lambda: False,
                     has_pos=frame.has_pos, objective=kw["objective"], select=kw["select"],
                     n_init=kw["n_init"], init=kw["init"], max_iter=kw["max_iter"],
                     spring=kw["spring"], limited=False, start_gari=lambda: 1.0,
                     start_stress=lambda: 0.0)
    return loe_layout_memory(frame.n, frame.dim, frame.G.number_of_edges(), plan.n_init,
                             kamada_kawai=frame.n <= KK_MAX_NODES and any(
                                 i in ("kamada_kawai", "spring") for i in plan.inits),
                             anchor_pivots=ANCHOR_PIVOTS if plan.anchor else 0)


@public_call
@layout_frame(rules={
    "weight": unweighted_rule(),
    "delta": positive_rule(),
    "method": choice_rule("lbfgs", "mm"),
    "init": lambda v, f, k: _check_inits(v),
    "select": lambda v, f, k: _check_select(v),
    "objective": choice_rule("auto", "hinge", "t"),
    "spring": nonnegative_rule(none=True),
    "n_init": lambda v, f, k: v if isinstance(v, str) and v == "auto" else int_rule(1)(v, f, k),
    "max_iter": int_rule(0),
    "tol": nonnegative_rule(),
    "max_time": positive_rule(none=True),
}, memory=_loe_memory)
def loe_layout(
    frame: Frame,
    pos: PosLike | None = None,
    *,
    delta: float = 0.1,
    method: str = "lbfgs",
    n_init: int | str = "auto",
    init: str | Sequence[str] = "auto",
    select: str = "gari",
    objective: str = "auto",
    spring: float | None = None,
    max_iter: int = 1000,
    tol: float = 1e-6,
    max_time: float | None = None,
    weight: None = None,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    verbose: bool = False,
    remove_overlap: bool = True,
) -> FloatArray:
    """Position nodes by local ordinal embedding: every node's graph neighbours become its
    nearest neighbours in the drawing.

    LOE's data are the comparisons "neighbour j of node i is nearer to i than non-neighbour
    k".  Two objectives score them: Err_local of Terada & von Luxburg [1]_, the penalty
    ``max(0, d_ij + delta - d_ik)^2`` for each comparison, and t-LOE
    (:func:`nx_ordinal.embed.tloe`), each node's comparisons scored together by a Student-t
    soft-max (the heavy-tailed neighbour embedding of t-SNE [2]_ and t-STE [3]_ applied to
    LOE's comparisons).  By default both are tried on small graphs and the better drawing
    is kept; larger graphs get the one that suits them (``objective``).

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Undirected graphs use neighbourhoods, directed graphs out-neighbourhoods.  Self-loops
        are ignored, parallel edges merged.
    pos : dict or None, optional
        Initial positions for some or all nodes (others random); default Laplacian eigenmaps.
    delta : float, default 0.1
        Scale parameter of the objective (only sets the scale of the optimum).
    method : {"lbfgs", "mm"}, default "lbfgs"
        Optimiser: L-BFGS on the exact objective, or the paper's majorization.
    n_init : int or "auto", default "auto"
        Number of runs.  The first run of each start in ``init`` begins from it as is, the
        others from perturbed copies; ``select`` picks the winner.  Ignored when ``pos`` is
        given (one run).  ``"auto"``: with ``objective="hinge"`` (or ``select="loss"``)
        4 up to 100 nodes, 1 beyond (a perturbed copy of a large start begins far from
        anything useful, and one run costs what the solver costs); with
        ``objective="auto"`` 1 (up to 100 nodes it starts from t-LOE's drawing: the polish
        below).
    init : str or sequence of str, default "auto"
        Start(s) of the runs, cycled over the ``n_init`` runs: ``"spectral"`` (Laplacian
        eigenmaps), ``"pivot"`` (:func:`nx_ordinal.embed.pivot_mds`, pivot MDS of
        density-reweighted graph distances), ``"kamada_kawai"``, ``"spring"`` (networkx
        drawers) or ``"random"``.  ``"auto"`` (alone): ``("spectral", "kamada_kawai")`` up to
        100 nodes (Kamada-Kawai costs O(n^2) memory and time), ``"pivot"`` beyond (hop
        distances on an undirected graph; on a directed kNN graph they are reweighted by the
        estimated density, which keeps the global shape).
    select : {"gari", "loss"}, default "gari"
        How the result is chosen.  ``"loss"``: the run with the lowest Err_local (the
        paper's LOE; ``"objective"``, its former name, is still accepted with a
        ``FutureWarning``: it read as a value of ``objective``).
        ``"gari"``: every run is followed (through :func:`nx_ordinal.embed.loe`'s callback)
        at iterations 0, 1, 2, 4, 8, ... and at its end, and the configuration with the
        highest GARI is returned; ties go to the lowest objective, unless the first
        configuration of that GARI has an NP2 higher by more than 0.002 at no higher
        stress (compared beyond 100 nodes and up to 20,000: Err_local from an exact start
        only widens its margins, and on a ring of 100 cliques of 4 it kept GARI 1 while NP2
        fell 1.0 -> 0.968).  The minimum of Err_local is not always the drawing of best GARI
        (Desargues in 2-D: 0.29 at the minimum against 0.41 near the Kamada-Kawai start),
        and GARI is what a drawing is judged by here.  Beyond 100 nodes the checkpoints
        continue every 16 iterations from iteration 32 on, and a run stops once its best
        GARI has not risen by 0.002 over the last 32 iterations (the objective's slow tail
        moves no node's nearest neighbours; up to 100 nodes, from iteration 128 on, over
        the last half of its iterations: a windmill graph's polish ran 500-900 iterations
        around the GARI of its start), by 0.005 over the last 16 while that best is at
        least 0.96 (nearly every neighbourhood kept: meshes of random points, random
        geometric graphs of thin or uneven domains), on a directed graph only while it is
        below 0.99 (above, a kNN graph of data on its way to an exact drawing).  These
        rules count iterations, never seconds: only ``max_time`` reads the clock.
    objective : {"auto", "hinge", "t"}, default "auto"
        ``"hinge"``: Err_local (the paper's LOE), as ``n_init``, ``init`` and ``select``
        say. ``"t"``: t-LOE alone, one run of 500 iterations (300 beyond 600 nodes; at most
        ``max_iter``) from a random start (or ``pos``), each connected component embedded as
        if alone, GARI checkpoints every 25 iterations after its early phase (beyond 600
        nodes the run stops once 3 checkpoints in a row stay below its best GARI), the
        checkpoint of best GARI kept; in 2-D, each hub with six or more leaves then gets
        five of them on a ring close round it (each with the hub as its nearest point, the
        most the plane allows) and the rest on a ring of 2.2 times the radius, where t-LOE
        drew them unless another point is near, and a hub's two to five leaves, where
        t-LOE drew them as twins at one point, a fan 72 degrees apart at their distance
        from it; kept when the mean of GARI and NP1 rises, and then, where a hub's outer
        ring would hold its leaves less than 0.08 median edges apart, those leaves on a
        disc of rings that far apart (where the one ring is not kept, the disc is offered
        in its place; where neither is, the rings with the inner one where t-LOE drew the
        leaves and the outer 2.2 times farther, then the rings with each outer leaf left
        where t-LOE drew it, at least 2.2 times the inner radius from the hub, kept only
        with a long-edge ratio within 10).
        ``"auto"``: the drawing keeps the graph's shape and its neighbourhoods.  t-LOE with
        edge springs (``spring``) from the stress start
        (:func:`nx_ordinal.embed.pivot_mds` refined by 30 rounds of sparse stress
        majorization, ``stress_iter``: the graph's global shape; beyond 100 nodes at its
        own size, a median edge of 2, with the early phase's attraction exaggerated 2
        times, so that the run refines the shape instead of re-expanding it from a
        point; and up to 20,000 nodes, when the start's own stress is at most 0.06 --
        hop distances that embed well, as on meshes -- the later phase also keeps the hop
        distances from 20 pivots, a stress anchor of weight 0.3; there, beyond 1,500
        nodes, the start is drawn on the graph coarsened to at most 1,500 nodes by
        matching and carried back level by level, ``coarse_n`` of ``pivot_mds``: hop
        distances ruffle a large irregular mesh; but on a forest there, a long spine, a
        lobster, the stress start at any size, and the springs weigh 0.1 unless ``spring``
        is given: with the whole graph's t-LOE crumples the spine into a meander, or from
        the coarse start crushes the legs), as above otherwise; up
        to 100 nodes Err_local then polishes that drawing (one run from it, when ``init``
        and ``n_init`` are ``"auto"`` and no ``pos`` is given; else the runs ``init`` and
        ``n_init`` say); beyond 100 nodes Err_local runs from the stress start when
        that start already has GARI >= 0.8 and stress at most 0.06, or GARI >= 0.75 and
        stress at most 0.01 (hop distances that nearly embed in the plane: geometric
        graphs, which Err_local recovers almost exactly; the second line: meshes of random
        points with holes, whose start's GARI falls with the size) -- connected and
        undirected, from that start refined by 30 rounds of the same model with every
        pair within two hops as a term, ``start_local_iter``, where
        that refinement has GARI >= 0.96 (a lattice; a strip the start drew twisted, which
        the pairs two hops apart straighten), continued by 10 rounds with one pivot's
        terms only where that keeps its stress (a ring of a ladder, whose chords the
        pivots' hop distances bend); when that run reaches GARI >= 0.96, t-LOE is
        not run (it could at best tie).  Up to 100 nodes it runs from that start first
        when the start is exact already (GARI >= 0.96: a ladder, a path; no two nodes at
        one point, as a clique's members can be), and then the polish is not run.
        Err_local's drawing is kept only when it wins on both axes: the mean of GARI and
        NP1 (:func:`nx_ordinal.metrics.neighbourhood_preservation`: GARI alone favours
        hubs' neighbourhoods, NP1 weighs every node's alike) higher by 0.01, its stress
        (:func:`nx_ordinal.metrics.stress`, from 100 evenly spaced pivots beyond 100 nodes)
        at most 1.1 times t-LOE's plus 0.015, and its NP2 at most 0.05 lower -- or when it
        is no worse on any of the three and better on one.  A kNN graph
        (directed, every out-degree the same, not symmetric) beyond 100 nodes gets
        Err_local alone from the pivot-MDS start (its density may vary too much for t-LOE's
        kernel) when that start has GARI >= 0.4: data that nearly lie in the plane, which
        Err_local recovers exactly -- but from a start of GARI below 0.65 (a thin or
        curved cloud, whose cross-sections that start folds; with the default ``init``,
        ``n_init`` and no ``pos``) t-LOE draws it first, from that start, in 150
        iterations, and Err_local then runs from t-LOE's drawing, kept unless its mean of
        GARI and NP1 is 0.01 lower; a kNN graph of data in three or more dimensions (its
        start's GARI 0.05-0.38 beyond a few hundred points) is drawn as any other graph.
        With ``select="loss"``, ``"auto"`` is ``"hinge"``.
    spring : float or None, default None
        Weight of t-LOE's edge springs (:func:`nx_ordinal.embed.tloe`): the one knob
        between neighbourhoods and the whole graph.  Larger values shorten the long edges
        and lower the stress, at the price of some nearest neighbours; 0 is pure t-LOE
        (neighbourhoods only: the drawing may tear into pieces joined by long edges).
        ``None``: 0.03 with ``objective="auto"`` (the balanced point on the graph-drawing
        benchmark: stress within 1.25 times t-FDP's on most of its graphs while NP1 stays
        above the best published; 0.1 on a forest whose hop distances embed, above), 0
        with ``objective="t"``.
    max_iter : int, default 1000
    tol : float, default 1e-6
        Relative decrease of the objective at which a run stops.
    max_time : float or None
        Seconds allowed for the whole call, from reading the graph to the final overlap
        removal, which gets the last tenth (more on large graphs: four times a measured
        GARI score).  The time is checked between the stages, before every evaluation and
        after every iteration; when it is spent the best configuration seen so far is
        returned (the start, with a ``ConvergenceWarning``, when not one iteration fitted).
        The steps that cannot be cut (reading the graph, the start) take their time even
        past it (n = 10^6, k = 28: about 70 s on a 2-core machine); the 2-hop refinement of
        a geometric graph's start runs only while more than half of it is left.
    weight : None
        Accepted for signature compatibility with networkx layouts; LOE uses only the
        unweighted adjacency, so a value other than ``None`` raises ``ValueError``.
    {scale}
    {center}
    {dim}
    {seed}
    {store_pos_as}
    verbose : bool
        Show one progress bar for the whole call (all runs; with ``select="loss"``,
        the solver's bar per run).
    {remove_overlap}

    Returns
    -------
    pos : dict
        A dictionary of positions keyed by node.

    Raises
    ------
    ValueError
        Bad parameter values.
    TypeError
        Parameters of the wrong type.

    Warns
    -----
    NoOrdinalInformationWarning
        A graph of two or more nodes whose every node is adjacent to all others or to none
        (complete, edgeless): no comparison to keep; the drawing is still finite.
    ConvergenceWarning
        A run stopped on ``max_iter`` or ``max_time`` with its objective still falling, or
        ``max_time`` left no time for one iteration (the start is returned).

    Examples
    --------
    >>> import networkx as nx
    >>> import nx_ordinal
    >>> G = nx.frucht_graph()
    >>> pos = nx_ordinal.loe_layout(G, seed=42)
    >>> len(pos), pos[0].shape
    (12, (2,))
    >>> G = nx.desargues_graph()
    >>> pos = nx_ordinal.loe_layout(G, init=("spectral", "kamada_kawai"), select="gari",
    ...                             n_init=2, seed=0)
    >>> nx_ordinal.gari(G, pos) > 0.4  # 0.29 at Err_local's minimum
    True

    Notes
    -----
    What each stage of ``objective="auto"`` contributes, on the graph-drawing benchmark of
    tsNET, DRGraph and t-FDP (seed 0; NP1 and NP2 neighbourhood preservation, higher is
    better; SE scale-normalised stress and the long-edge ratio, lower is better;
    ``benchmarks/README.md`` has all 26 graphs).  The pivot-MDS start has the graph's
    global shape where hop distances embed linearly, and few of its neighbourhoods; the
    sparse-stress rounds unfold what it squashes (a tree's levels); t-LOE gathers the
    neighbourhoods, and from a random start tears the graph (long edges); from the start
    it keeps more of the shape (most when the start keeps its size instead of being shrunk
    to a point and re-expanded), and its edge springs keep the rest:

    =========== ===================== ===== ===== ===== ==========
    graph       stage                 NP1   NP2   SE    long edges
    =========== ===================== ===== ===== ===== ==========
    dwt_1005    pivot-MDS start       0.298 0.465 0.030 1.6
    dwt_1005    + sparse stress       0.392 0.534 0.022 1.6
    dwt_1005    t-LOE, random start   0.735 0.636 0.170 8.3
    dwt_1005    default               0.633 0.648 0.029 2.7
    3elt        pivot-MDS start       0.316 0.357 0.061 2.2
    3elt        + sparse stress       0.453 0.476 0.040 2.1
    3elt        t-LOE, random start   0.892 0.787 0.256 19.4
    3elt        default               0.819 0.737 0.049 3.1
    USPowerGrid pivot-MDS start       0.063 0.181 0.117 3.6
    USPowerGrid + sparse stress       0.029 0.153 0.072 2.2
    USPowerGrid t-LOE, random start   0.777 0.606 0.322 52.6
    USPowerGrid default               0.709 0.559 0.083 7.3
    btree9      pivot-MDS start       0.006 0.066 0.314 1.4
    btree9      + sparse stress       0.013 0.134 0.142 2.2
    btree9      t-LOE, random start   0.935 0.823 0.253 27.3
    btree9      default               0.894 0.780 0.151 7.8
    =========== ===================== ===== ===== ===== ==========

    ("default": t-LOE with springs from the sparse-stress start at its own size, each
    spring at least as strong as the median edge's; on dwt_1005 and 3elt, whose start's
    stress is 0.022 and 0.040, with the stress anchor, 3elt from the coarse start; then
    the leaf rings and fans, USPowerGrid 0.671 -> 0.709.)
    (t-FDP, published: NP1 0.549, 0.795, 0.659, 0.875 and SE 0.028, 0.049, 0.080, 0.151 on
    these four.) t-LOE's early phase (attraction exaggerated 2 times from the stress start,
    4 from a random one) gathers neighbourhoods, its later phase (exaggeration falling from
    1 to 0.4) lets the repulsion between non-neighbours unfold them. The Err_local runs add
    what a hinge does best: graphs that embed (nearly) exactly (Frucht: GARI 1.0 against
    t-LOE's 0.89; a random geometric graph of 10,000 nodes: 0.998 against 0.90). The
    stress anchor keeps a mesh's shape where the springs alone let it drift (the 3-D mesh
    "data": stress 1.51 -> 1.12 times t-FDP's, NP1 0.756 -> 0.745 against its 0.731).
    Where a trade-off remains, ``spring`` moves along it.

    The plan. Every threshold is in one table (``layouts/_loe/plan.py``, ``POLICY``) and one
    function turns the graph's facts and the arguments into the stages to run: the starts,
    Err_local, t-LOE, the polish, the choice, the leaf push, the stress polish. t-LOE runs 500
    iterations up to 600 nodes and 300 beyond, with GARI checkpoints every 25 iterations after
    its early phase; beyond 600 nodes, or from the stress start at its own size (beyond 100
    nodes under ``"auto"``: 250 iterations there, at any size, with steps of 1 n / alpha,
    t-SNE's learning rate, for the early exaggeration alpha), a run stops once 3 checkpoints in
    a row stay below its best, and components of up to 600 nodes are embedded together. With
    the springs a run returns, among its checkpoints within 0.01 of its best GARI, the one of
    highest GARI - 0.09 log(long-edge ratio): the late iterations shorten the long edges while
    GARI drifts down, and a shorter tail is taken where it is worth the GARI; and a run whose
    drawing is still torn (long-edge ratio above 10) is not stopped past its GARI peak while
    that trade still rises.  Where that checkpoint is torn but a later one of the run is
    within 10 and pays for its shorter tail as a stage below must (at least 0.6 of the
    GARI, at most 0.3 of GARI per unit of log long-edge ratio), the later one is kept
    (``selection.whole_checkpoint``: the benchmark's cage8 at seed 5 NP1 0.273 -> 0.312,
    where the stronger springs had jolted it to a tail of 5.3).  A drawing still torn at
    the end is continued in up to 8 stages
    of at most 50 iterations, each with springs 1.5 times the last stage's, until its
    long-edge ratio is within 10 or stops falling (or falls so slowly that at its rate the
    stages left would not bring it within: a wheel's spokes are long by nature), and not
    at a stage that keeps less than
    0.6 of its GARI, nor at one that costs more than 0.3 of GARI per unit of log long-edge
    ratio it removes (the tail is not bought at any price); the stage that comes within 10
    runs on to its 50 iterations and its last drawing within 10 is kept, and a stage that
    stays above 10 gives its last drawing where that is shorter than the stage's start,
    the neighbourhoods settling under the stronger springs.  On an undirected graph that
    is not a forest each stage first continues at the exaggeration 0.8 times the last
    stage's, then 0.8 squared times, at the same springs, and only where neither shortens
    the tail with stronger springs; such a stage ends at its first drawing within 10.  The
    weaker t-kernel pull loosens the tight clusters that make the median edge short while
    the springs hold the long edges (small-world, community and co-authorship graphs,
    whose shortcuts t-LOE draws across the page: a Watts-Strogatz graph of 1,000 nodes,
    long-edge ratio 22.7 -> 9.97, NP1 0.80 -> 0.648, sfdp's 3.3 and 0.24, t-FDP's 11.8 and
    0.62, where the springs alone stopped at 11.2; random 3-regular graphs of 1,000 nodes
    16.8 -> 8.5-9.8 at NP1 0.25-0.27, t-FDP's about 0.25; ca-GrQc 32.8 -> 9.0 at NP1 0.561
    against the best published 0.495, where the springs alone stopped at 16.4, and at seed
    1 eight of their stages had crushed the drawing to 9.9 at NP1 0.35).  On a hub-heavy
    graph (undirected, connected, beyond 100 nodes and up to 20,000, no stress anchor in
    its run, not a forest: the standard deviation of its degrees at least 1 times their
    mean, and 0.4 times without the highest 0.05 of them, fewer than 0.1 of its nodes leaves,
    transitivity below 0.1) the drawing, once within its long edges' line, is continued
    for 30 iterations with the stress anchor at weight 0.3, and kept unless its long-edge
    ratio then exceeds 10: t-LOE packs each hub's neighbours
    around it and the hubs' clouds drift apart (preferential-attachment graphs of
    500-3,000 nodes: stress 1.21-1.28 -> 1.11-1.22 times t-FDP's, NP1 still 1.2-2.0 times
    t-FDP's; BA(1000, 2) 0.218 -> 0.205, NP1 0.325 -> 0.262).  Beyond 100 nodes and
    up to 200, t-LOE runs from 3 stress starts, each from pivots of its own, and the run
    of highest GARI is kept: from one start the seed picks one of a few local optima
    (rajat11, seeds 0-9: NP2 0.641-0.644 at four of them against t-FDP's 0.678; from three
    starts at one); one run where Err_local has run first, from the stress start (a
    geometric graph: random meshes of 150-300 points took up to 0.73 s with three), and
    one on a graph of more than 5,000 edges (each run costs O(E) an iteration: the Turan
    graph T(200, 5) took 0.66 s with three, 0.30 s with one, the same drawing).
    On a tree of up to 600 nodes whose diameter is at most 2.5 times log2 of its size
    (shallow and bushy: a balanced tree's is about 2 times, a random tree's several), and
    no node of which has more than 5 leaves (those the leaf rings part),
    t-LOE's 2-hop pairs also attract, with 0.6 times the weight of each node's edges
    (``two_hop`` of :func:`nx_ordinal.embed.tloe`: attraction, not comparisons): each
    family -- a node's parent, grandparent, siblings and grandchildren -- gathers round
    it, as t-FDP draws it (balanced binary trees of 127-511 nodes: NP2 0.74-0.76 ->
    0.82-0.83 against t-FDP's 0.81-0.83, NP1 0.88-0.92 -> 0.87-0.90).  Beyond 600 nodes
    and up to 2,000 the weight falls as (600 / n)^3 (a binary tree of 1,023 nodes: 0.12,
    NP2 0.77-0.78 -> 0.80-0.81; at full weight a ternary tree's long edges grew past 10).
    Not on deeper trees: a random tree's or a caterpillar's paths fold under the pull
    (NP1 -0.02 to -0.05).
    Up to 100 nodes (undirected) t-LOE starts from the stress start shrunk to a spread of
    1e-2, and runs a second time from it at its own size (250 iterations); the second
    drawing is kept where its GARI is higher, its long-edge ratio no higher and its stress
    at most 1.1 times the first's plus 0.015: from a spread of 1e-2 a ring can come out
    crossing itself (can_96: at seven seeds of ten, long-edge ratio 2.1-2.7; with the second
    run 1.73-1.76 at all ten, NP1 0.804).  Up to 20,000 nodes, where the stress start keeps
    many neighbourhoods but not nearly all (GARI >= 0.3, below 0.8) and does not embed the
    hop distances (stress at least 0.03), the start is also drawn in 3-D and seen in
    perspective along its axis of least spread, and t-LOE starts from that view, with the
    stress anchor, where its GARI is higher by 0.25 and that axis's variance is at most 0.5
    of the largest (not asked where the mean degree exceeds 8: a surface's is below 6): a
    surface that the plane folds over itself, such as a short tube, whose flat start is two
    layers that t-LOE would part into an annulus twisted at two points, is drawn as an
    annulus (a tube of 12 rings of 36 vertices: long-edge ratio 3.1-4.0 ->
    2.0-2.1 over seeds 0-7, NP1 0.83-0.84 -> 0.85-0.86).  With a ``max_time``, a tenth of it
    (at least 4 GARI scores' time) is kept for the final overlap removal.

    The guarded leaf push.  Under ``"auto"`` beyond 100 nodes (undirected; not with
    ``max_iter=0``; up to 100 nodes the stress polish below shapes the drawing, and up to
    150 it follows the push) each leaf of the chosen drawing (a node of degree 1 on a node
    of degree 2 or more) is then moved out from its hub to 1.5 times its distance, along the
    same ray; a leaf's move is halved, up to 2 times and then refused, where any node would
    count fewer of its graph neighbours among its nearest points, or fewer of its 2-hop
    neighbours, so GARI, NP1 and NP2 never fall.
    t-LOE holds leaves close to their hubs, and where most edges end in a leaf they made the
    median edge: a preferential-attachment tree of 1,000 nodes had its 99th-percentile edge
    11.4 times its median (long edges, :func:`nx_ordinal.metrics.long_edge_ratio`), 8.8 after
    the push; a balanced ternary tree of 1,093 nodes 11.9 -> 9.3.  Not where the 2-hop lists
    would hold more than 40 points a node on average (the sum of the squared degrees over n:
    the checks' cost).

    The guarded stress polish.  Up to 150 nodes under ``"auto"``, and up to 300 where the
    mean squared degree is at most 60 (the 2-hop lists its guard checks: rajat11 NP1 0.751 ->
    0.770, NP2 0.677 -> 0.697; grid17 NP2 0.961 -> 1.0; on denser graphs it gained little
    at up to 0.25 s more).  Up to 150 nodes under ``"auto"`` ((weakly) connected; not with
    ``max_iter=0``, which returns the start) the chosen drawing then takes 4 steps of 10 rounds
    of stress majorization of its hop distances, and more while a step lowers the stress by
    at least 0.005 of it, up to 32 steps; each node's step is halved, up to 5 times and
    then refused, where any node would count fewer of its graph neighbours (out-neighbours)
    among its nearest points, or fewer of its 2-hop neighbours: GARI, NP1 and NP2 never fall and
    stress does (t-LOE and Err_local place each node by its neighbours alone, and bend the path
    of a barbell graph into a U: stress 0.074 -> 0.016 on barbell(10, 20); over 33 graphs of
    10-100 nodes 0.83 times on average, higher on none; K(5, 100) 0.240 -> 0.184, below
    t-FDP's 0.186, where its 100 twins were spread unevenly round hubs left apart).

    A disconnected graph.  t-LOE embeds each component as if alone, Err_local the graph
    whole; in either drawing isolated nodes, single edges and cliques of up to 50 vertices
    (no comparison inside) are drawn by stress majorization of their hop distances (a
    triangle equilateral), and so is every component of up to 50 vertices when they hold
    more than 1,000 vertices in all (thousands of small trees, in time linear in their
    number).  Under ``"auto"`` each component of t-LOE's drawing of 20 to 100 vertices that
    is not a tree gets the guarded stress polish below, as a connected graph of that size
    does (five copies of the karate club: stress 1.42 -> 1.07 times t-FDP's, NP1 0.541 ->
    0.569).  Each component is then put in hop units (scaled by the
    factor at which its drawn distances fit its hop distances best, from up to 20 pivots:
    stress's own scale) and the components are packed side by side in rows, largest
    first, each box padded by its own longest edge, so that GARI and NP1 are unchanged and
    the components compare as the graph's distances do.

    Size rules of the Err_local runs.  Up to 100 nodes: with ``objective="hinge"`` four runs
    (spectral and Kamada-Kawai starts and a perturbed copy of each), with ``"auto"`` one
    from t-LOE's drawing; every run followed to its end, the exact objective.  Beyond 100
    nodes: one run from the pivot-MDS start (O(L (E + n log n)) for L = 50 landmarks;
    under ``"auto"`` the stress-refined one; on a kNN graph whose start has GARI below
    0.65, from t-LOE's drawing).
    Beyond 100 nodes, GARI checkpoints with the early stop above and the solver's candidate
    cap (``candidate_cap=4`` of :func:`nx_ordinal.embed.loe`: an anchor counts at most its
    4 (k_i + 8) nearest non-neighbours, so hubs of degree in the hundreds do not make the
    candidate list quadratic); an undirected small-world graph is then drawn without its
    shortcuts (edges on no triangle and no 4-cycle whose ends are far apart without them):
    LOE would fold the drawing to bring their ends together (Watts-Strogatz); GARI is still
    measured on the whole graph.

    Cost per iteration of Err_local O((E + C) log(E + C)) for E edges and C candidate
    non-neighbour pairs near each node (see :func:`nx_ordinal.embed.loe`), C <= 4 (E + 8 n)
    beyond 100 nodes; of t-LOE O(n^2) up to 600 nodes, beyond O(E + 16 n + G^2 log G) for a
    grid of G = 1.4 sqrt(n) cells a side (at most 512; see :func:`nx_ordinal.embed.tloe`); a
    GARI checkpoint costs O(n k_max log n).  The drawing is rescaled afterwards, so
    ``delta`` does not change the result.

    References
    ----------
    .. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
    .. [2] van der Maaten, L. and Hinton, G. "Visualizing data using t-SNE." JMLR 9, 2008.
    .. [3] van der Maaten, L. and Weinberger, K. "Stochastic triplet embedding." IEEE MLSP
       2012.
    """
    run = _Call(frame, delta=delta, method=method, tol=tol, max_iter=max_iter,
                objective=objective, verbose=verbose)
    if run.n >= 2 and count_local_triplets(run.A) == 0:  # whichever stages run
        warn("loe_layout: the graph implies no local triplets (every node is adjacent to all "
             "others or to none), so any drawing keeps every neighbourhood",
             NoOrdinalInformationWarning, key=NO_TRIPLETS_KEY)
    plan = run.make_plan(select=select, n_init=n_init, init=init, spring=spring)
    run.prepare(plan)  # 1. the starts, the time budget, the GARI tracker
    runs: list[EmbeddingResult] = []
    tloe_run = None
    try:
        if plan.err_local and run.err_start != "polish":
            runs = run.err_local_runs()  # 2. Err_local from its starts
        tloe_on, exact = run.tloe_wanted(runs)  # not when Err_local is exact already
        if tloe_on:
            tloe_run = run.tloe(second=not exact)  # 3. t-LOE, from the stress start
            if plan.polish and not exact:
                runs.append(run.polish(tloe_run, len(runs)))  # 4. Err_local from t-LOE's drawing
    finally:
        run.progress.close()
    X = run.choose(runs, tloe_run)  # 5. the choice
    X = run.push_leaves(X)  # 6. leaves moved out from their hubs, every neighbour kept
    return run.stress_polish(X)  # 7. stress majorization that keeps every neighbour


class _Call:
    """One :func:`loe_layout` call: the frame, the arguments, the facts the plan asks of
    the graph (each computed once, only when a rule asks: whether it looks like a kNN graph,
    its stress start, that start's GARI), and the plan's stages as methods, in the order
    the body runs them."""

    def __init__(self, frame: Frame, *, delta: float, method: str, tol: float, max_iter: int,
                 objective: str, verbose: bool) -> None:
        self.frame = frame
        self.A = frame.adjacency()
        self.n, self.dim = frame.n, frame.dim
        self.delta, self.method, self.tol = delta, method, tol
        self.max_iter, self.objective, self.verbose = max_iter, objective, verbose
        self.call = frame.budget  # max_time from the start of the call
        self._knn: list[bool] = []
        self._pivot: list[FloatArray] = []  # the (stress-refined) pivot-MDS start
        self._view: tuple[FloatArray, float] | None = None  # _perspective's (view, flatness)
        self._ncomp: int | None = None  # the number of components
        self._n2: Any = None  # the 2-hop neighbourhoods, for NP2 (hop_neighbourhoods)
        self._edges: int | None = None  # the number of edges
        self.scored: list[float] = []  # its GARI, and the seconds that score took
        self._offered = 0  # Err_local results offered to the tracker so far
        self._meter: EdgeTail | None = None  # the long-edge ratio, edges listed once
        # t-LOE's drawing's long-edge ratio and NP2 (None: not yet asked), for the rings
        self._ring_base: tuple[FloatArray, float, float | None] | None = None

    # --- the graph's facts ------------------------------------------------------------------
    def is_knn(self) -> bool:
        if not self._knn:
            self._knn.append(_is_knn_graph(self.frame))
        return self._knn[0]

    def _stress_start(self, stream: int, coarse_n: int | None = None) -> FloatArray:
        # the stress rounds unfold what pivot MDS squashes; a kNN graph's density-reweighted
        # pivot MDS is already near-isometric (and at 10^6 nodes the rounds would add ~45 s)
        rounds = 0 if self.is_knn() else int(POLICY["stress_iter"])
        return pivot_mds(self.A, self.dim, seed=self.frame.stream("tloe", stream),
                         stress_iter=rounds, coarse_n=coarse_n)

    def pivot_start(self) -> FloatArray:
        if not self._pivot:
            self._pivot.append(self._stress_start(1))
        return self._pivot[0]

    def coarse_start(self) -> FloatArray:
        """The stress start drawn on the graph coarsened to ``coarse_nodes`` nodes (the
        plan's "coarse" t-LOE start), from its own random stream."""
        return self._stress_start(2, int(POLICY["coarse_nodes"]))

    def perspective_start(self) -> FloatArray:
        """The stress start drawn in 3-D and seen in perspective (:func:`_perspective`), from
        its own random stream; computed once."""
        if self._view is None:
            Y = pivot_mds(self.A, 3, seed=self.frame.stream("tloe", 5),
                          stress_iter=int(POLICY["stress_iter"]))
            self._view = _perspective(Y, POLICY["persp_view"])
        return self._view[0]

    def perspective_gari(self) -> float:
        """The GARI of :meth:`perspective_start`; -inf where the plan cannot use it (a
        drawing of other than 2 dimensions, a disconnected graph, a kNN graph) or where the
        3-D drawing has no axis of clearly least spread (its variance along it above
        ``persp_flat`` times the largest: a closed surface, a long tube)."""
        if self.dim != 2 or self.is_knn() or self.n_components() != 1:
            return float("-inf")
        X = self.perspective_start()
        assert self._view is not None
        if self._view[1] > POLICY["persp_flat"]:
            return float("-inf")
        return self._gari(X)

    def _gari(self, X: FloatArray) -> float:
        """GARI of the drawing ``X``, -1 where it is undefined (nan), so that comparisons
        rank such a drawing last."""
        return float(np.nan_to_num(gari_array(self.A, X), nan=-1.0))

    def pivot_gari(self) -> float:
        if self.scored:
            return self.scored[0]
        self.pivot_start()
        call = self.call
        t = call.elapsed() if call.limited else 0.0  # the clock only for a max_time
        self.scored.append(gari_array(self.A, self._pivot[0]))
        self.scored.append(call.elapsed() - t if call.limited else 0.0)
        return self.scored[0]

    def make_plan(self, *, select, n_init, init, spring) -> Plan:
        f = self.frame
        return make_plan(f.n, directed=f.directed, knn=self.is_knn, has_pos=f.has_pos,
                         objective=self.objective, select=select, n_init=n_init, init=init,
                         max_iter=self.max_iter, spring=spring, limited=self.call.limited,
                         start_gari=self.pivot_gari,
                         start_stress=lambda: _stress(self.A, self.pivot_start()),
                         start_distinct=lambda: _distinct(self.pivot_start()),
                         start_perspective=self.perspective_gari, forest=self.is_forest,
                         tree_depth=self.tree_depth,
                         pairs=self.pairs, hubs=lambda: _hub_heavy(self.A),
                         edges=self.edges)

    def edges(self) -> int:
        """The number of edges, each pair of nodes joined either way counted once (self-loops
        left out: :func:`~nx_ordinal.metrics.edge_pairs`); computed once, where a rule asks
        (small graphs).  O(E)."""
        if self._edges is None:
            self._edges = int(edge_pairs(self.A)[0].size)
        return self._edges

    def n_components(self) -> int:
        """The number of (weakly) connected components; computed once.  O(n + E)."""
        if self._ncomp is None:
            self._ncomp = split_components(self.A)[0]
        return self._ncomp

    @property
    def meter(self) -> EdgeTail:
        """The long-edge ratio of a drawing (:class:`selection.EdgeTail`), its edges listed
        once for the call."""
        if self._meter is None:
            self._meter = EdgeTail(self.A)
        return self._meter

    def np2(self, X: FloatArray) -> float:
        """NP2 of the drawing ``X`` (:func:`~nx_ordinal.metrics.neighbourhood_preservation_array`
        with ``hops=2``), the 2-hop neighbourhoods built once for the call (the leaf rings'
        check, the choice and the tie-break score several drawings).  O(sum_i |N2(i)| log
        n) a drawing."""
        if X.shape[0] < 2:
            return float("nan")
        if self._n2 is None:
            self._n2 = hop_neighbourhoods(self.A, 2)
        return preserved_neighbourhoods(self._n2, X)

    def pairs(self) -> float:
        """The mean squared degree (rows of the adjacency: out-degrees of a directed
        graph), the mean length of the 2-hop lists the guarded polish checks.  O(n)."""
        deg = np.diff(self.A.indptr).astype(np.float64)
        return float(np.mean(deg * deg)) if deg.size else 0.0

    def is_forest(self) -> bool:
        """Whether the (undirected) graph is a forest: as many edges as nodes less its
        components (the adjacency has no self-loops and each edge once each way)."""
        return self.A.nnz // 2 == self.n - self.n_components()

    def tree_depth(self) -> float:
        """A tree's diameter over log2 of its size (asked only of a forest): about 2 for a
        balanced binary tree, 1 or less for bushier ones, the square root of the size
        over its log for a random tree, and more for a caterpillar's or a lobster's
        spine; inf for a forest of several trees, and for a tree with a hub of more than
        ``INNER`` leaves (the leaf rings' graphs, whose leaves the rings part: gathered,
        they hide the hub's other neighbours).  Two breadth-first searches, O(n)."""
        if self.n_components() > 1:
            return float("inf")
        deg = np.diff(self.A.indptr)
        hubs = self.A.indices[self.A.indptr[:-1][deg == 1]]
        if hubs.size and np.bincount(hubs).max() > INNER:
            return float("inf")
        return _tree_diameter(self.A) / max(float(np.log2(self.n)), 1.0)

    # --- 1. starts --------------------------------------------------------------------------
    def prepare(self, plan: Plan) -> None:
        """The starts of the plan's runs (the Err_local solver sees the graph without its
        shortcuts; GARI is always measured on the whole graph), the algorithm's share of
        ``max_time``, the progress bar and the GARI tracker."""
        frame, A = self.frame, self.A
        self.plan = plan
        self.X0 = frame.start(frame.stream("start"))
        self.A_solve = drop_shortcuts(A)[0] if plan.drop_shortcuts else A
        err_start = plan.err_start
        if err_start == "pivot" and self.A_solve is not A:
            err_start = "solver"  # a start for another graph: the solver's own
        if plan.score_pivot_first and self.A_solve is A and not self.scored:
            self.pivot_gari()  # the start (shared below), scored: the price of what follows
            err_start = "pivot"
        self.err_start = err_start
        by_start: dict[str, list[Any] | None] = {"none": [], "polish": [], "pos": [self.X0],
                                                  "pivot": self._pivot[:1], "solver": None}
        self.starts = by_start.get(err_start)
        call = self.call
        if (err_start == "pivot" and self.objective == "auto" and not frame.directed
                and POLICY["start_local_iter"] > 0 and self.n > SMALL_NODES
                and self.n_components() == 1
                and (not call.limited or (call.left() or 0.0) > 0.5 * (call.total or 0.0))):
            # Err_local from the stress start of a geometric graph: from the start refined
            # by rounds with every pair within two hops where that is exact (a lattice, a
            # strip drawn twisted and now straight); with a max_time, only while more than
            # half of it is left
            S, R = two_hop_stress(A, self._pivot[0], int(POLICY["start_local_iter"]),
                                  relax_iter=int(POLICY["start_relax_iter"]),
                                  relax_stress=float(POLICY["start_relax_stress"]))
            if self._gari(S) >= POLICY["exact_gari"] and _distinct(S):
                self.starts = [S]  # (twins at one point would score as exact)
                # the rounds of local terms after, where they keep the whole graph's shape
                if R is not None and _distinct(R):
                    self.starts = [R]
        if err_start == "layout":
            self.starts = _run_starts(frame.G, frame.nodes, self.A_solve, plan.inits,
                                      plan.n_init, self.dim, frame.stream("start"))
        # one score of the whole drawing (a k-d tree query of every node's list) prices the
        # final overlap removal and an evaluation of Err_local, where it has been measured;
        # the algorithm's share of max_time, the rest the overlap removal's
        self.t_score = self.scored[1] if self.scored else 0.0
        self.budget = self.call.reserve(POLICY["finish_share"],
                                        POLICY["finish_scores"] * self.t_score)
        n_runs = plan.n_init if self.starts is None else len(self.starts) + plan.polish
        # select="loss" runs without a callback (one would change the solver's
        # trajectory): the solver shows its own bar per run
        self.progress = Progress(n_runs * self.max_iter + plan.tloe_starts * plan.tloe_iter
                                 + plan.tloe_sized_iter,
                                 self.verbose and plan.select_gari, "loe_layout")
        self.tracker = (GariTracker(A, large=plan.large, progress=self.progress,
                                    budget=self.budget, directed=self.frame.directed)
                        if plan.select_gari else None)
        if self.tracker is not None and self.scored:
            self.tracker.remember(self._pivot[0], self.scored[0])
        self.kw: dict[str, Any] = dict(delta=self.delta, method=self.method, tol=self.tol,
                                       verbose=self.verbose and self.tracker is None)
        if plan.err_local and plan.large:
            self.kw["candidate_cap"] = POLICY["candidate_cap"]

    # --- 2. Err_local -----------------------------------------------------------------------
    def err_local(self, S, runs: int, i: int) -> EmbeddingResult:
        """Err_local's ``runs`` runs from the start ``S`` (an array, or the solver's own start
        by name), seeded by stream ``("run", i)``, within what is left of the budget."""
        left = self.budget.left()
        if (left is not None and not isinstance(S, str)
                and left < POLICY["eval_scores"] * self.t_score):
            # not even one evaluation fits in what is left: the start, unevaluated
            warn(f"loe_layout: max_time={self.call.total:g} s left no time for an iteration "
                 f"after the start ({self.call.elapsed():.1f} s on {self.n} nodes); the "
                 "result is the start: increase max_time", ConvergenceWarning)
            return EmbeddingResult(np.array(S, dtype=np.float64), np.inf, 0, False, [],
                                   f"loe-{self.method}", {"max_time": "no iteration"})
        iters = self.max_iter if left is None or left > 1e-9 else 0
        return solve_loe(self.A_solve, self.dim, init=S, n_init=runs, max_iter=iters,
                         seed=self.frame.stream("run", i), callback=self.tracker,
                         max_time=left, **self.kw)

    def err_local_runs(self) -> list[EmbeddingResult]:
        """The plan's Err_local runs from their starts: the solver's own (``n_init`` runs in
        one call) or one run from each start."""
        if self.starts is None:
            return [self.err_local(self.plan.solver_init, self.plan.n_init, 0)]
        return [self.err_local(S, 1, i) for i, S in enumerate(self.starts)]

    def offer(self, runs: list[EmbeddingResult]) -> None:
        """Err_local's results to the GARI tracker, each once."""
        assert self.tracker is not None  # select="gari"
        for r in runs[self._offered:]:
            self.tracker.offer(r.embedding, r.objective)
        self._offered = len(runs)

    def tloe_wanted(self, runs: list[EmbeddingResult]) -> tuple[bool, bool]:
        """Whether t-LOE runs after Err_local's ``runs``, and whether those are exact already
        (best GARI at least ``exact_gari`` under ``"auto"``)."""
        plan = self.plan
        if not plan.tloe:
            return False, False
        if runs and (plan.tloe_iter == 0 or self.budget.expired()):
            return False, False  # no t-LOE iteration fits: Err_local's result (its start) stands
        exact = False
        if runs and self.tracker is not None and self.objective == "auto":
            self.offer(runs)
            best = self.tracker.best
            exact = best is not None and best[0] >= POLICY["exact_gari"]
            # Err_local kept (nearly) every neighbourhood (meshes, geometric graphs): beyond
            # small_nodes t-LOE could at best tie, and would take most of the call's time;
            # up to it t-LOE is cheap and the choice weighs its shape, but the polish could
            # at best tie (and on a ladder ran 1,000 iterations without converging)
            if exact and not plan.polish:
                return False, True
        return True, exact

    # --- 3. t-LOE ---------------------------------------------------------------------------
    def tloe(self, second: bool = True) -> EmbeddingResult:
        """t-LOE from the stress start under "auto" (the graph's global shape: t-LOE refines
        neighbourhoods locally and keeps it), from ``pos``, or random; where the plan has
        ``tloe_starts`` > 1, one run from each of that many stress starts (the shared one,
        then others from pivot streams of their own), the run of highest GARI kept (ties:
        the earlier), no further run once the budget is spent or a run was cut short; where
        it has ``tloe_sized_iter`` (small undirected graphs) and ``second`` (not when an
        Err_local run is exact already), then a run from the stress start at its own size,
        returned where it wins (:func:`sized_wins`) and the first run's GARI is below 1.
        Each run O(its t-LOE), plus one GARI score a run (and two stresses and long-edge
        ratios where the second run's GARI is higher)."""
        plan = self.plan
        S = (self.pivot_start() if plan.tloe_start == "pivot"
             else self.coarse_start() if plan.tloe_start == "coarse"
             else self.perspective_start() if plan.tloe_start == "perspective"
             else {"pos": self.X0, "random": None}.get(plan.tloe_start))
        best: tuple[float, EmbeddingResult] | None = None
        whole = True  # the last run went to its end (not cut short: Ctrl-C, the time)
        for k in range(plan.tloe_starts):
            if best is not None:  # another stress start, from pivots of a stream of its own
                if self.budget.expired() or not whole:
                    break
                S = self._stress_start(2 + k)
            res = self._tloe_from(S, plan.tloe_iter, plan.init_edge,
                                  plan.early_exaggeration, plan.tloe_step)
            if plan.tloe_starts == 1 and not plan.tloe_sized_iter:
                return res
            whole = res.converged
            g = self._gari(res.embedding)
            if best is None or g > best[0]:  # ties: the earlier run
                best = (g, res)
        assert best is not None
        if (second and plan.tloe_sized_iter and whole and best[0] < 1.0
                and not self.budget.expired()):
            # a small graph: the stress start at its own size as well (from a spread of 1e-2
            # a ring can come out crossing itself), kept where it wins (sized_wins)
            first = best[1]
            sized = self._tloe_from(self.pivot_start(), plan.tloe_sized_iter,
                                    POLICY["init_edge"], POLICY["edge_early_ex"],
                                    POLICY["sized_step"])
            g = self._gari(sized.embedding)

            def shapes():
                tail = self.meter
                return (tail(first.embedding), tail(sized.embedding),
                        _stress(self.A, first.embedding), _stress(self.A, sized.embedding))

            if sized.converged and sized_wins(best[0], g, shapes):
                return sized
        return best[1]

    def _tloe_from(self, S: FloatArray | None, iters: int, init_edge: float | None,
                   early_exaggeration: float | None, step: float | None) -> EmbeddingResult:
        """One t-LOE run of the plan (:func:`_tloe_run`: its springs and anchor) from ``S``,
        ``iters`` iterations, at ``init_edge`` (None: a spread of 1e-2)."""
        tracked = self.tracker is not None
        return _tloe_run(self.A, self.dim, S, iters, self.frame.stream("tloe", 0), self.budget,
                         self.verbose and not tracked, select_gari=tracked,
                         progress=self.progress if tracked else None,
                         spring=self.plan.spring, init_edge=init_edge,
                         early_exaggeration=early_exaggeration, step=step,
                         anchor=self.plan.anchor, polish=self.plan.component_polish,
                         hub_anchor=self.plan.hub_anchor, two_hop=self.plan.two_hop,
                         untear_ex=self.plan.untear_ex)

    # --- 4. polish --------------------------------------------------------------------------
    def polish(self, tloe_run: EmbeddingResult, i: int) -> EmbeddingResult:
        """One Err_local run from t-LOE's drawing, at unit size (the scale of ``delta``), seeded by
        stream ``("run", i)``."""
        S = tloe_run.embedding - tloe_run.embedding.mean(axis=0)
        return self.err_local(S / max(float(np.abs(S).max()), 1e-300), 1, i)

    # --- 5. the choice ----------------------------------------------------------------------
    def choose(self, runs: list[EmbeddingResult],
               tloe_run: EmbeddingResult | None) -> FloatArray:
        """The drawing returned: with ``select="loss"`` the lowest objective (one
        objective only, see ``plan.auto_objectives``); else the best configuration of each
        objective by GARI (t-LOE's with its leaf rings where they raise the mean of GARI and
        NP1), and between the two, under "auto", Err_local's only where it wins on both axes
        (:func:`keep_err_local`), otherwise the higher mean of GARI and NP1."""
        A, tracker = self.A, self.tracker
        if tracker is None:
            r = min([*runs, *([tloe_run] if tloe_run is not None else [])],
                    key=lambda r: r.objective)
            X = np.asarray(r.embedding)
            return X if r is tloe_run else _packed(A, X)
        best = []
        self.offer(runs)
        if runs:
            assert tracker.best_X is not None  # every run was offered
            # Err_local embeds a disconnected graph whole, from a start whose components sit
            # on a grid of cells as wide as the largest (its comparisons only push them
            # apart): a random geometric graph's giant component of 792 nodes drew over
            # 0.47 of the drawing's box, its three small ones on cells round it.  Its
            # components in hop units and packed in rows, as t-LOE's are (GARI and NP1
            # unchanged; that giant then 0.86), its small cliques drawn as t-LOE's are
            best.append(_packed(A, self.err_local_best()))

        # the mean of GARI and NP1: GARI alone favours the neighbourhoods of hubs, NP1 weighs
        # every vertex's neighbourhood alike (Les Miserables: Err_local 0.757 / 0.519, t-LOE
        # 0.733 / 0.667)
        def score(X):
            return float(np.nan_to_num(
                0.5 * (tracker.score(X) + neighbourhood_preservation_array(A, X)), nan=-1.0))

        scores: list[float | None] = [None] * len(best)
        if tloe_run is not None:
            X = tloe_run.embedding  # already its checkpoint of best GARI
            # hubs with six leaves or more: five leaves each can have the hub as nearest
            # point (the plane allows no more); the t-LOE drawing, one ring of leaves, gives
            # them none.  Hubs with two to five leaves: t-LOE can leave them at one point
            # (open twins), each with its twin as nearest point; a fan parts them
            rings = self.dim == 2 and not self.frame.directed
            Y = ring_leaves(X, A) if rings else None
            if Y is not None:
                # a hub's outer leaves that one ring would crowd on a disc of rings ring_gap
                # apart, which the overlap removal would otherwise spread pair by pair:
                # taken where the rings are kept (its score then only where it is asked),
                # and offered as the rings are where they are not
                D = ring_leaves(X, A, gap=POLICY["ring_gap"])
                disc = D if D is not None and not np.array_equal(D, Y) else None

                def wide(X: FloatArray = X) -> FloatArray | None:
                    # where both are refused: the outer leaves as far from their hubs as
                    # t-LOE drew them, which the rings drew nearer (every leaf edge shorter
                    # and the median edge with them, the long-edge ratio past its line: an
                    # internet AS graph of 1,000 nodes, 9.1 -> 11.8)
                    W = ring_leaves(X, A, wide=True)
                    return None if W is None or (D is not None and np.array_equal(W, D)) else W

                def inner(X: FloatArray = X) -> FloatArray | None:
                    # where the rings and their disc are refused: the inner ring at the
                    # leaves' median distance, the outer 2.2 times farther (hubs of six to
                    # nine leaves, most of them on the inner ring: the rings drew most leaf
                    # edges 2.2 times shorter, and the long-edge ratio past its line, a
                    # balanced 7-ary tree of 57 nodes 4.3 -> 10.1)
                    V = ring_leaves(X, A, inner_median=True)
                    return None if V is None or np.array_equal(V, Y) else V

                def inner_disc(X: FloatArray = X) -> FloatArray | None:
                    return ring_leaves(X, A, gap=POLICY["ring_gap"], inner_median=True)

                sx = score(X)
                # each offer (made when it is its turn), whether its tail must be within
                # torn_tail itself (the wide rings), and what takes its place where it is
                # kept (a one ring's disc, where there is one)
                offers: list[tuple[Callable[[], FloatArray | None], bool,
                                   Callable[[], FloatArray | None] | None]] = [
                    (lambda: Y, False, lambda: disc), (lambda: disc, False, None),
                    (inner, False, inner_disc), (wide, True, None)]
                for offer, within, then in offers:
                    Z = offer()
                    if Z is None:
                        continue
                    sz = score(Z)
                    if sz > sx and not self.rings_refused(X, Z, within=within):
                        R = then() if then is not None else None
                        X, sx = (R, None) if R is not None else (Z, sz)
                        break
                scores.append(sx)
            else:
                scores.append(None)
            best.append(X)
        if len(best) == 1:
            return best[0]
        final = [score(X) if v is None else v for X, v in zip(best, scores)]
        if self.plan.knn_polish:
            # Err_local from t-LOE's drawing: LOE's own objective finishing the neighbourhoods
            # of points, kept unless it lost some (stress is no judge here: hop distances
            # are not the points' distances)
            return best[0] if final[0] >= final[1] - POLICY["hinge_margin"] else best[1]
        if self.objective == "auto":
            # Err_local's drawing only where it wins on both axes: neighbourhoods (by more
            # than the noise of the score) and the whole graph (its stress at most a tenth
            # above, and stress_abs: on a dozen nodes one moved node changes stress by that
            # much), or where it is no worse on any axis and better on one
            (Xh, Xt), (sh, st) = best, final

            def shapes():
                return (_stress(A, Xh), _stress(A, Xt),
                        self.np2(Xh), self.np2(Xt))

            return Xh if keep_err_local(sh, st, shapes) else Xt
        return best[int(np.argmax(final))]

    def rings_refused(self, X: FloatArray, Y: FloatArray, within: bool = False) -> bool:
        """Whether the leaf rings ``Y`` of t-LOE's drawing ``X``, though they score better,
        lose what they must not: more than ``ring_np2_drop`` of NP2 (asked where the sum of
        the squared degrees is at most ``ring_np2_pairs``: hubs of many leaves whose
        siblings, on rings, fall beyond other hubs' leaves -- eight hubs of 30 leaves on a
        cycle under the rings' earlier form, NP1 0.129 -> 0.190, NP2 0.849 -> 0.551,
        against t-FDP's 0.137 and 0.813), or a whole drawing, its long-edge ratio taken
        from within ``torn_tail`` to above it (the inner ring, close round the hub,
        shortens the median edge: a balanced 6-ary tree of 259 nodes 8.6 -> 18.7), or a
        torn one's raised more than ``ring_tail_rise`` times (a balanced 7-ary tree of
        400 nodes: t-LOE's 10.9, 25.4 under the rings, the leaf push then 17.8); with
        ``within`` (the wide rings, offered where the others were refused), a long-edge
        ratio above ``torn_tail`` at all.  O(E) for the two tails, then
        O(sum_i |N2(i)| log n) for the two NP2s (``X``'s once for the candidates of a call)."""
        if self._ring_base is None or self._ring_base[0] is not X:
            self._ring_base = (X, self.meter(X), None)
        _, tail_x, np2_x = self._ring_base
        limit = POLICY["torn_tail"]
        tail_y = self.meter(Y)
        if tail_y > limit and (within or tail_x <= limit
                               or tail_y > POLICY["ring_tail_rise"] * tail_x):
            return True
        if self.n * self.pairs() <= POLICY["ring_np2_pairs"]:
            if np2_x is None:
                np2_x = self.np2(X)
                self._ring_base = (X, tail_x, np2_x)
            return np2_x - self.np2(Y) > POLICY["ring_np2_drop"]
        return False

    def err_local_best(self) -> FloatArray | None:
        """Err_local's configuration of best GARI (:meth:`GariTracker.tie_break`: of a tie,
        the first where its NP2 is higher by more than ``tie_np2`` at no higher stress;
        O(sum_i |N2(i)| log n) for the two NP2s, O(P (n + E) log n) for the stresses, P =
        ``stress_pivots``), the tie looked at only beyond ``small_nodes`` (the polish and
        the stress polish follow there, and judge the drawing anew: dwt_72's first tied
        configuration, NP2 0.918 against 0.909, ended at 0.922 against 0.934) up to
        ``tie_shape_nodes``, and while ``max_time`` lasts."""
        tracker, A = self.tracker, self.A
        assert tracker is not None
        if not SMALL_NODES < self.n <= POLICY["tie_shape_nodes"] or self.budget.expired():
            return tracker.best_X
        return tracker.tie_break(self.np2,
                                 lambda X: _stress(A, X))

    # --- 6. the guarded leaf push ---------------------------------------------------------
    def push_leaves(self, X: FloatArray) -> FloatArray:
        """The chosen drawing's leaves moved out from their hubs where the plan has it
        (:func:`~nx_ordinal.layouts._loe.guarded.push_leaves`: undirected graphs beyond
        ``stress_polish_nodes`` under ``"auto"``), unless a ``max_time`` has run out."""
        if not self.plan.leaf_push or self.budget.expired():
            return X
        return push_leaves(self.A, X, expired=self.budget.expired if self.call.limited
                           else None)

    # --- 7. the guarded stress polish ----------------------------------------------------
    def stress_polish(self, X: FloatArray) -> FloatArray:
        """The guarded stress polish of the chosen drawing where the plan has it
        (:func:`~nx_ordinal.layouts._loe.guarded.stress_polish`: small connected graphs
        under ``"auto"``, sparse ones up to ``stress_polish_sparse_nodes``), unless a
        ``max_time`` has run out."""
        if not self.plan.stress_polish or self.budget.expired():
            return X
        return stress_polish(self.A, X)


def _tree_diameter(A) -> int:
    """The diameter of the tree ``A`` (connected, undirected): the farthest node from any
    node is an end of a longest path, and the farthest from that end is the other.  Two
    breadth-first searches, O(n)."""
    d = shortest_path(A, unweighted=True, directed=False, indices=0)
    d = shortest_path(A, unweighted=True, directed=False, indices=int(np.argmax(d)))
    return int(d.max())


def _is_knn_graph(frame):
    """Whether the frame's graph looks like a kNN graph: directed, every node with the same
    out-degree (at least 1), and some link without its reverse
    (:func:`nx_ordinal.embed.loe.is_knn_adjacency`).  O(E)."""
    return frame.directed and is_knn_adjacency(frame.adjacency())


def _tloe_run(A, dim, X0, max_iter, rng, budget, verbose, *, select_gari=False,
              progress=None, spring=0.0, init_edge=None, early_exaggeration=None,
              anchor=0.0, step=None, polish=False, hub_anchor=0.0, two_hop=0.0,
              untear_ex=0.0):
    """t-LOE (:func:`nx_ordinal.embed.tloe`) from ``X0`` or random starts drawn from ``rng``.

    A connected graph is one run; with ``select_gari`` the result is its configuration of
    best GARI among the checkpoints (every ``tloe_every`` iterations after the early phase;
    the names are ``plan.POLICY``'s) and the end (beyond ``tloe_large`` nodes a run stops
    once ``tloe_patience`` checkpoints in a row have stayed below its best), each iteration
    counts on ``progress`` and the end of ``budget`` (the call's ``Budget``) ends it.
    Otherwise each component is embedded as if alone (the soft-max of a vertex runs over
    its own component: a small component embedded beside a large one would shrink to a
    point): components of more than ``tloe_group`` vertices one run each, smaller ones
    together in runs of about ``tloe_group`` vertices (``labels``: no interaction across
    components), isolated nodes, single edges and cliques of up to ``SMALL_COMPONENT``
    vertices (every component of up to that size when they hold more than ``small_many``
    vertices in all) drawn by stress majorization (``draw_small_components``, in hop
    units); each run keeps its checkpoint of best GARI, with ``polish`` (the plan's
    ``component_polish``) each of its components of ``component_polish_min`` to
    ``component_polish_max`` vertices but trees gets the guarded stress polish
    (:func:`_polish_components`), each is put in hop units (``hop_scales``) and the
    components are packed side by side at that scale (``pack_components``).  ``step``:
    each run's learning rate is ``step * n / early_exaggeration`` for its own size n (the
    plan's ``tloe_step``); None: tloe's own.  ``hub_anchor`` (the plan's): a connected
    graph's drawing, once untorn, continued with the stress anchor at that weight
    (:func:`_hub_stage`; 0: not).  ``untear_ex`` (the plan's): the untearing stages lower
    the exaggeration by that factor before they strengthen the springs (:func:`_untear`;
    0: the springs alone).
    """
    ncomp, labels, groups = split_components(A)
    early = min(100, max_iter // 4)

    def run(B, S, lab, seed):
        local = GariTracker(B) if select_gari else None
        scores: list[float] = []
        kept: list[FloatArray] = []  # with springs: every checkpoint's configuration
        tails: list[float] = []  # ... and its long-edge ratio
        meter = EdgeTail(B) if spring and local is not None else None
        # small graphs from a random start: every run to the end
        patient = B.shape[0] > POLICY["tloe_large"] or init_edge is not None

        def callback(_run, it, X, f):
            if progress is not None:
                progress.update(f)
            if local is not None and it > early and (it - early) % POLICY["tloe_every"] == 0:
                scores.append(local.offer(X, f))
                if meter is not None:
                    kept.append(np.array(X, dtype=np.float64))
                    tails.append(meter(X))
                # GARI past its peak for POLICY["tloe_patience"] checkpoints: the falling
                # exaggeration now only spreads the clusters of a dense graph apart -- unless
                # the drawing is still torn (long-edge ratio above torn_tail) and its trade
                # of GARI against the tail (shape_checkpoint's) is still rising (a caveman
                # graph's cliques still drawing together: 20.8, 15.1, 11.7 at the stop)
                torn = (meter is not None and tails[-1] > POLICY["torn_tail"]
                        and int(np.argmax(shape_value(scores, tails)[::-1])) == 0)
                if (patient and not torn
                        and len(scores) - 1 - int(np.argmax(scores)) >= POLICY["tloe_patience"]):
                    return True
            return budget.expired()

        kw = {} if early_exaggeration is None else {"early_exaggeration": early_exaggeration}
        if two_hop:  # the continuations (untearing, the hub stage) keep the same pull
            kw["two_hop"] = two_hop
        if step is not None:  # the learning rate step * n / alpha (tloe's own: n / (4 alpha))
            kw["learning_rate"] = max(step * B.shape[0] / (early_exaggeration or 4.0), 1.0)
        res = tloe(B, dim, init=S, max_iter=max_iter, early_iter=early,
                   seed=seed, callback=callback, max_time=budget.left(), verbose=verbose,
                   labels=lab, spring=spring, init_edge=init_edge,
                   anchor=anchor if lab is None else 0.0, **kw)
        if local is not None:
            scores.append(local.offer(res.embedding, res.objective))
            if meter is not None:
                # with springs a later checkpoint has the more relaxed shape (a cylinder:
                # long-edge ratio 2.5 at the end, 4.7 at the checkpoint of best GARI, NP1
                # 0.79 against 0.80): GARI traded against the edge-length tail, within
                # shape_tol of the best GARI (shape_checkpoint)
                kept.append(res.embedding)
                tails.append(meter(res.embedding))
                c = whole_checkpoint(scores, tails,
                                     shape_checkpoint(B, kept, scores, tails=tails))
                # a run cut short (Ctrl-C, or the call's time) is not continued
                res.embedding = kept[c] if not res.converged else _untear(
                    B, kept[c], tails[c], meter, budget, scores[c],
                    local.score, seed=seed, labels=lab, spring=spring, ex_factor=untear_ex,
                    anchor=anchor if lab is None else 0.0, **kw)
                if hub_anchor and res.converged and lab is None:
                    res.embedding = _hub_stage(B, res.embedding, meter, budget,
                                               weight=hub_anchor, seed=seed, spring=spring,
                                               **kw)
            else:
                res.embedding = local.best_X
        return res

    if ncomp == 1:
        return run(A, X0, None, rng)
    X = np.zeros((A.shape[0], dim))
    # isolated nodes, single edges and small cliques are drawn by stress majorization of
    # their hop distances (draw_small_components: a triangle equilateral, a clique round):
    # a clique has no comparison inside (every vertex's out-neighbours are all the others)
    # and t-LOE drew its members at nearly one point, so that its jitter, scaled up to hop
    # units, left some of 40 triangles as lines.  Other small components keep t-LOE: drawn
    # so, twin leaves coincide (binary trees of 31 nodes: NP1 0.935 by t-LOE and its leaf
    # fans, 0.742 so).  When the small components hold more than small_many vertices in
    # all (thousands of small trees: each batch of t-LOE costs O(tloe_group^2) an
    # iteration), all are drawn so, in time linear in their number
    sizes = np.array([g.size for g in groups])
    many = sizes[(sizes > 2) & (sizes <= SMALL_COMPONENT)].sum() > POLICY["small_many"]
    direct = (sizes <= 2) | ((sizes <= SMALL_COMPONENT) & (cliques(A, labels, sizes) | many))
    small = [g for g, d in zip(groups, direct, strict=True) if d]
    for g, Y in zip(small, draw_small_components(A, small, dim), strict=True):
        X[g] = Y
    units = batch_components(groups, POLICY["tloe_group"], skip=direct)
    if progress is not None:  # the call's total counted one run
        progress.grow((len(units) - 1) * max_iter)
    f, whole = 0.0, True
    for comps in units:
        idx = np.concatenate(comps)
        B = A[idx][:, idx]
        lab = labels[idx] if len(comps) > 1 else None
        S = None if X0 is None else X0[idx]
        res = run(B, S, lab, rng.spawn(1)[0])
        # t-LOE draws each component at a scale of its own (a tree's leaves short and its
        # inner edges long, a mesh evenly): each is put in hop units, as the small ones
        # are drawn, so that the components compare as the graph's distances do (a 15 x 15
        # grid beside a ternary tree of 121 nodes, each at one median edge: the tree spread
        # over three times the grid's width, stress 0.137; in hop units 0.015)
        Y = _polish_components(B, res.embedding, comps, budget) if polish else res.embedding
        X[idx] = Y * hop_scales(B, Y, lab)[:, None]
        f += res.objective
        whole = whole and res.converged  # a run cut short (Ctrl-C, the time) says so
    X = pack_components([(g, X[g]) for g in groups], dim, A.shape[0],
                        edges=(np.repeat(np.arange(A.shape[0]), np.diff(A.indptr)), A.indices),
                        style="given")
    return EmbeddingResult(X, f, max_iter, whole, [], "tloe", {"units": len(units)})


def _polish_components(B, Y, comps, budget):
    """The guarded stress polish (:func:`~nx_ordinal.layouts._loe.guarded.stress_polish`)
    of each component of ``component_polish_min`` to ``component_polish_max`` vertices in
    ``Y``, t-LOE's drawing of the batch ``comps`` (adjacency ``B``, the components' vertices
    in that order), each in its own coordinates, as a connected graph of that size gets it
    at the end of the pipeline (a batch's run has no stress polish of its own: five copies
    of the karate club, stress 1.42 -> 1.07 times t-FDP's, NP1 0.541 -> 0.569).  Smaller
    components and trees are left as they are: the polish costs 5-15 ms a call whatever
    the size, a batch can hold hundreds of small components, and it barely moves a tree
    (25 random trees of 3-200 nodes: NP1 +0.001, the same stress, 0.1 s more).  None once
    ``budget`` has run out.
    O(s^3) a component of s vertices (its hop distances), O(s^2) a round."""
    lo, hi = POLICY["component_polish_min"], POLICY["component_polish_max"]
    ends = np.cumsum([g.size for g in comps])
    out = None
    for stop, g in zip(ends, comps, strict=True):  # a loop over components
        if not lo <= g.size <= hi or budget.expired():
            continue
        part = slice(stop - g.size, stop)
        C = B[part][:, part]
        if C.nnz < 2 * g.size:
            continue  # a tree (2 (s - 1) entries): the polish barely moves it
        view = Y[part]
        Z = stress_polish(C, view)
        if Z is not view:  # the polish returns its input where nothing moves
            if out is None:
                out = np.array(Y, dtype=np.float64)
            out[part] = Z
    return Y if out is None else out


def _untear(B, Y, tail, meter, budget, gari=None, score=None, *, spring, ex_factor=0.0,
            **kw):
    """t-LOE's drawing ``Y`` of adjacency ``B``, whose long-edge ratio is ``tail``, or, when
    that is above ``torn_tail``, a drawing that continues it in stages that shorten its
    long edges.

    Each stage continues the last drawing kept, at its own scale
    (``tloe(keep_scale=True)``), without early phase (:func:`_untear_stage`), in the first
    of these ways whose tail falls below the stage's start at a price that pays (below):
    with ``ex_factor`` (the plan's
    ``untear_ex``; 0: not) the exaggeration, where the last stage left it (the run's
    schedule ended at ``EXAGGERATION[1]``), times ``ex_factor``, then times its square,
    both at the last stage's springs, and last the springs ``untear_factor`` times the
    last stage's at the last stage's exaggeration.  A lower exaggeration weakens the
    t-kernel's pull, which holds clusters tight and makes the median edge short, while the
    springs still hold the long edges: the tail falls at a smaller price in neighbourhoods
    than under stronger springs, which shorten every edge (the co-authorship network
    ca-GrQc, 32.8 at the checkpoint: springs alone stopped at 16.4, NP1 0.642; now 9.0,
    NP1 0.561, against t-FDP's 14.9 and the line's 0.475; an LFR graph of 1,000 nodes
    12.97 -> 9.80 at NP1 0.229, where the springs' stage was refused and at other seeds
    reached 9.9 at NP1 0.199, against t-FDP's 9.55 and 0.231).  Not on forests (the
    plan): a tree's tail falls so too, but its families spread (NP2 0.02-0.1 lower) and
    the leaf push shortens a tree's tail later anyway.
    A stage with a lowered exaggeration ends at its first drawing within ``torn_tail``
    (the pull, once weaker, keeps loosening the neighbourhoods); one with stronger springs
    that comes within ``torn_tail`` runs on to ``untear_iter``, and its last drawing
    within is taken (the neighbourhoods settle under the stronger springs: a random
    3-regular graph of 1,000 nodes, GARI 0.53 before the stage, 0.32 at its first drawing
    within 10, 0.39 at the end of the stage with the tail at 6.7).  A stage that ends
    without coming within ``torn_tail`` gives its last drawing where that is shorter than
    where the stage began (a Watts-Strogatz graph of 1,000 nodes at seed 3: the shortest
    tail, 10.4, came at the stage's 6th iteration at GARI 0.72; its end, 10.9 at 0.76);
    otherwise its drawing of shortest tail.  That drawing is kept if, with ``gari``
    (``Y``'s GARI) and ``score`` (a drawing's GARI), it keeps at least ``untear_gari`` of
    that GARI and has lost at most ``untear_rate`` of GARI per unit of log tail since the
    last drawing kept (ca-GrQc at seed 1 went 33 -> 19.5 in its first springs' stage at
    0.13 of GARI per unit, then 19.5 -> 9.9 in seven more at 0.15-0.46, GARI 0.59 -> 0.40:
    the second was refused; a Watts-Strogatz graph of 5,000 nodes pays 0.26 for its first
    stage, 39.9 -> 21.8, and its second is refused); otherwise, where that drawing came
    within ``torn_tail``, the stage's springs' way is tried, which settles within (a
    random 3-regular graph of 1,000 nodes at seed 6: the lowered exaggeration took 15.3 ->
    9.9 at a price that did not pay, the stronger springs 6.4 at one that did, NP1 0.396
    -> 0.274 against t-FDP's 0.255), and where no way pays, the last kept drawing is
    returned.
    At most ``untear_stages`` stages, none once ``budget`` has run out, none after a
    stage cut short (Ctrl-C: its drawing is not taken), and none after a stage whose
    rate, kept up over the stages left, would not bring the tail within ``torn_tail`` (it
    is kept where it pays: wheel_graph(1500), 19.7 -> 19.4 in its first stage, took 8
    stages to 16.9 in 0.65 s of its 1.0).
    ``kw``: tloe's arguments (seed, labels, anchor, learning rate).  At most
    O(3 untear_stages untear_iter) iterations of t-LOE, each with an O(E) tail (the
    percentile by selection, not a sort), and one GARI score a stage."""
    limit = POLICY["torn_tail"]
    ex = EXAGGERATION[1]  # where the run's schedule ended
    kept = gari  # the GARI of the drawing kept so far
    judged = score is not None and gari is not None and np.isfinite(gari)
    for stage in range(POLICY["untear_stages"]):
        if tail <= limit or not np.isfinite(tail) or budget.expired():
            break  # whole, or no tail to measure (the median edge at a point), or no time
        # (springs, exaggeration, whether a stage within torn_tail runs on and settles)
        ways = ([(spring, ex * ex_factor, False), (spring, ex * ex_factor ** 2, False)]
                if ex_factor else [])
        ways.append((spring * POLICY["untear_factor"], ex, True))
        taken, i = False, 0
        while i < len(ways):
            k, e, settle = ways[i]
            t, X, finished = _untear_stage(B, Y, tail, meter, budget, k, e, settle, **kw)
            if not finished:
                return Y  # cut short: its drawing is not taken
            i += 1
            if not t < tail:
                continue  # the tail did not fall this way
            if judged:
                g = score(X)
                # too dear in neighbourhoods, or more GARI than its tail is worth; where it
                # came within torn_tail, the springs' way may come within at a price that
                # pays (it settles there; a lower exaggeration would loosen the
                # neighbourhoods further), else the untearing ends
                if not untear_pays(gari, kept, g, tail, t):
                    if t <= limit and i < len(ways):
                        i = len(ways) - 1
                        continue
                    break
                kept = g
            taken = True
            break
        if not taken:
            break  # no way shortens the tail at a price it pays
        # at this stage's rate, would the stages left bring the tail within the limit?
        left = POLICY["untear_stages"] - stage - 1
        stuck = t * (t / tail) ** left > limit
        Y, tail, spring, ex = X, t, k, e
        if stuck:
            break  # kept, and the last: the tail falls too slowly to come within
    return Y


def _untear_stage(B, Y, tail, meter, budget, spring, ex, settle, **kw):
    """One stage of :func:`_untear`: ``Y`` (long-edge ratio ``tail``) continued for at most
    ``untear_iter`` iterations with springs ``spring`` at exaggeration ``ex``, its tail
    (``meter``) measured every ``untear_every`` iterations, and ended once it has risen
    above ``tail`` before any drawing came within ``torn_tail`` (a tree, whose leaves the
    springs draw in), or, without ``settle``, at its first drawing within.  Returns
    ``(t, X, finished)``: the stage's last drawing within ``torn_tail`` (with ``settle``;
    else its first), or else its end where that is shorter than ``tail`` (a stage not cut
    short), or else its drawing of shortest tail (the first of ties), with its tail, and
    whether the stage was not cut short (Ctrl-C, the call's time)."""
    limit, every = POLICY["torn_tail"], POLICY["untear_every"]
    # the stage's drawing of shortest tail, its drawing within torn_tail, and its last tail
    stage = {"tail": np.inf, "X": None, "whole": None, "end": np.inf}

    def look(X, copy):
        t = stage["end"] = meter(X)
        if t < stage["tail"]:
            stage.update(tail=t, X=np.array(X, dtype=np.float64) if copy else X)
        if t <= limit and (settle or stage["whole"] is None):
            stage["whole"] = (t, np.array(X, dtype=np.float64) if copy else X)
        return t

    def watch(_run, it, X, f):
        if it % every:
            return budget.expired()
        t = look(X, copy=True)
        if stage["whole"] is not None and not settle:
            return True  # the first drawing within: taken as it is
        # once whole, a stage with stronger springs runs on: the neighbourhoods settle
        return (stage["whole"] is None and t > tail) or budget.expired()

    res = _continued(B, Y, budget, POLICY["untear_iter"], ex=ex, spring=spring,
                     callback=watch, **kw)
    if stage["X"] is None or res.n_iter % every:
        look(res.embedding, copy=False)  # now every stage's end has been measured
    t, X = stage["tail"], stage["X"]
    if stage["whole"] is not None:
        t, X = stage["whole"]
    elif res.converged and stage["end"] < tail:
        # not within torn_tail: the stage's end where it is shorter than the start.  The
        # stronger springs jolt the drawing, and its shortest tail can come in the first
        # steps, before the neighbourhoods settle (a Watts-Strogatz graph of 1,000
        # nodes: 19.3 -> 10.4 at the 6th iteration, GARI 0.86 -> 0.72; at the end
        # 10.9 at 0.76, NP1 0.625 -> 0.672)
        t, X = stage["end"], res.embedding
    return t, X, res.converged


def _continued(B, Y, budget, iters, ex=None, **kw):
    """t-LOE (:func:`nx_ordinal.embed.tloe`) continuing its drawing ``Y`` of ``B`` for
    ``iters`` iterations: at its own scale, without early phase, at the exaggeration ``ex``
    (None: the end of the run's schedule), within what is left of ``budget``; ``kw``:
    tloe's other arguments.  The untearing stages and the hub stage run so."""
    if ex is None:
        ex = EXAGGERATION[1]  # where the run's schedule ended
    return tloe(B, Y.shape[1], init=Y, keep_scale=True, max_iter=int(iters), early_iter=0,
                exaggeration=(ex, ex), max_time=budget.left(), **kw)


def _hub_stage(B, Y, meter, budget, *, weight, **kw):
    """t-LOE's drawing ``Y`` of the connected graph ``B`` continued for ``hub_anchor_iter``
    iterations with the stress anchor at ``weight`` (:func:`nx_ordinal.embed.tloe`'s
    ``anchor``), at its own scale, without early phase, at the end of the exaggeration
    schedule; ``kw``: tloe's arguments (seed, springs, learning rate).  The continuation is
    returned unless it was cut short (Ctrl-C, the call's time) or its long-edge ratio
    (``meter``, :class:`selection.EdgeTail`) is above ``torn_tail``; otherwise ``Y``.
    On a preferential-attachment graph t-LOE packs each hub's neighbours around it and the
    hubs' clouds drift apart: the anchor draws the hop distances back (BA(1000, 2):
    stress 1.27 -> 1.20 times t-FDP's, NP1 0.325 -> 0.262 against t-FDP's 0.181).
    O(hub_anchor_iter) iterations of t-LOE with the anchor (O(anchor_pivots (n + E)) once,
    O(anchor_pivots n) an iteration) and one O(E) long-edge ratio."""
    if budget.expired():
        return Y
    res = _continued(B, Y, budget, POLICY["hub_anchor_iter"], anchor=weight, **kw)
    if not res.converged or not meter(res.embedding) <= POLICY["torn_tail"]:
        return Y
    return res.embedding


def _hub_heavy(A):
    """Whether the undirected graph ``A`` (symmetric CSR, no self-loops) is hub-heavy with
    few leaves and triangles, the graphs of the hub stage (:func:`_hub_stage`): the
    standard deviation of its degrees at least ``hub_cv`` times their mean and, without
    the highest ``hub_top`` of them, at least ``hub_spread`` times their mean (hubs at
    every scale: a preferential-attachment graph 0.47-0.68; a wheel or a grid with one
    vertex joined to all 0-0.1), fewer than ``hub_leaves`` of its nodes of degree 1, and
    transitivity (closed paths of two edges over all of them) below ``hub_transitivity``,
    counted from the paths of two edges of up to ``hub_sample`` evenly spaced nodes (every
    node on smaller graphs); False, not counted, where those hold more than ``hub_paths``
    paths.  O(n log n) for the degrees,
    then O(P) for those P paths (a sparse product of the sampled rows)."""
    A = sp.csr_array(A)
    n = A.shape[0]
    deg = np.diff(A.indptr).astype(np.float64)
    if n < 3 or deg.mean() <= 0 or deg.std() < POLICY["hub_cv"] * deg.mean():
        return False
    # hubs at every scale (a heavy tail), not a few hubs on a near-regular graph (a wheel, a
    # grid with one vertex joined to all: the anchor's hop distances of 1 and 2 then crush
    # the grid that t-LOE drew)
    rest = np.sort(deg)[:n - int(np.ceil(POLICY["hub_top"] * n))]
    if rest.size < 2 or rest.std() < POLICY["hub_spread"] * rest.mean():
        return False
    if np.mean(deg == 1) >= POLICY["hub_leaves"]:
        return False
    rows = np.unique(np.linspace(0, n - 1, min(n, int(POLICY["hub_sample"]))).astype(np.int64))
    B = (A != 0).astype(np.float64)
    S = B[rows]
    if float((S @ deg).sum()) > POLICY["hub_paths"]:
        return False
    wedges = float(np.sum(deg[rows] * (deg[rows] - 1.0)))
    closed = float((S @ B).multiply(S).sum())
    return bool(wedges > 0 and closed < POLICY["hub_transitivity"] * wedges)


def _packed(A, X):
    """Err_local's drawing ``X`` of a disconnected graph (adjacency ``A``) as ``_tloe_run``
    draws one: each clique of 3 to ``SMALL_COMPONENT`` vertices (a component without a
    comparison inside, which Err_local draws in any shape: a triangle as a sliver) drawn by
    stress majorization of its hop distances (``draw_small_components``: a triangle
    equilateral), then every component in hop units and packed in rows
    (``pack_in_hop_units``).  ``X`` itself when the graph is connected.  O(n log n + E)
    for the one split, plus the cliques' drawing and the packing."""
    split = split_components(A)
    ncomp, labels, groups = split
    if ncomp == 1:
        return X
    sizes = np.array([g.size for g in groups])
    pick = np.flatnonzero((sizes > 2) & (sizes <= SMALL_COMPONENT) & cliques(A, labels, sizes))
    if pick.size:
        X = np.array(X, dtype=np.float64)
        chosen = [groups[c] for c in pick]
        for g, Y in zip(chosen, draw_small_components(A, chosen, X.shape[1]), strict=True):
            X[g] = Y
    return pack_in_hop_units(A, X, split=split)


def keep_err_local(score_h, score_t, shapes):
    """objective="auto"'s choice between Err_local's drawing and t-LOE's: Err_local's only
    when it wins on both axes, its mean of GARI and NP1 (``score_h`` against ``score_t``)
    higher by ``hinge_margin``, its stress at most ``stress_slack`` times t-LOE's plus
    ``stress_abs`` and its NP2 at most ``np2_slack`` below (``plan.POLICY``) -- or when it is
    no worse on any of the three and better on one, scores within the margin counting as
    equal (the score's noise: Zachary's karate club, score 0.576-0.577 against 0.572-0.578,
    stress 0.095 against 0.136, NP2 0.854-0.870 against 0.816-0.819); ``shapes()`` gives
    ``(stress_h, stress_t, np2_h, np2_t)``, asked only when the scores leave the question
    open."""
    if not score_h > score_t - POLICY["hinge_margin"]:
        return False
    s_h, s_t, np2_h, np2_t = shapes()
    if score_h >= score_t + POLICY["hinge_margin"]:
        return bool(s_h <= POLICY["stress_slack"] * s_t + POLICY["stress_abs"]
                    and np2_h >= np2_t - POLICY["np2_slack"])
    return bool(s_h <= s_t and np2_h >= np2_t
                and (score_h > score_t or s_h < s_t or np2_h > np2_t))


def sized_wins(g_first, g_second, shapes):
    """Whether the second t-LOE run of a small graph (from the stress start at its own size)
    replaces the first (from a spread of 1e-2): its GARI ``g_second`` higher than
    ``g_first``, its long-edge ratio no higher and its stress at most ``stress_slack`` times
    the first's plus ``stress_abs`` (``plan.POLICY``); ``shapes()`` gives ``(tail_first,
    tail_second, stress_first, stress_second)``, asked only when the GARI says yes.  More
    neighbourhoods kept without a worse shape: can_96's untwisted annulus against the
    first run's ring crossing itself (GARI 0.871 against 0.807-0.815, long edges 1.71
    against 2.6-2.7), not the Tutte graph's sized drawing (GARI 0.736-0.752 against
    0.697-0.721, but long edges 3.9-5.8 against 2.7-3.2 and stress 0.11-0.13 against
    0.08-0.09)."""
    if not g_second > g_first:
        return False
    tail_1, tail_2, stress_1, stress_2 = shapes()
    return bool(tail_2 <= tail_1
                and stress_2 <= POLICY["stress_slack"] * stress_1 + POLICY["stress_abs"])


def _perspective(Y, view):
    """The 3-D drawing ``Y`` seen in perspective along its axis of least spread: with z
    the coordinate along that axis and u the other two (about the centroid), each point at
    ``u * e / (e - z)``, the eye at ``e = max z + view * r`` (r the RMS of |u|) beyond the
    near end.  A tube drawn in 3-D, seen down its axis, is an annulus whose near end is
    the outer ring (orthogonally its rings would coincide); a flat drawing (z near 0)
    keeps its shape.  Returns that view and the variance along the axis over the largest
    one's (0: flat; near 1: no axis of least spread).  O(n)."""
    Y = np.asarray(Y, dtype=np.float64)
    Y = Y - Y.mean(axis=0)
    w, V = np.linalg.eigh(Y.T @ Y)  # ascending: the first axis has the least spread
    z, U = Y @ V[:, 0], Y @ V[:, 1:]
    ratio = float(w[0] / w[-1]) if w[-1] > 0 else 1.0
    r = float(np.sqrt(np.mean(np.einsum("ij,ij->i", U, U))))
    if r == 0.0:
        return U, ratio
    eye = float(z.max()) + view * r
    return U * (eye / (eye - z))[:, None], ratio


def _distinct(X):
    """Whether no two rows of ``X`` are equal.  O(n log n)."""
    return bool(np.unique(X, axis=0).shape[0] == X.shape[0])


def _stress(A, X):
    """Scale-normalised stress of the drawing ``X`` (:func:`nx_ordinal.metrics.stress`), from
    every vertex up to ``stress_pivots`` vertices, else from ``stress_pivots`` evenly spaced
    ones (no random draw: the choice depends on nothing but n); 1 (the worst) without a
    connected pair.  O(P (n + E) log n)."""
    value = stress_array(A, X, POLICY["stress_pivots"])
    return 1.0 if np.isnan(value) else value


def _check_select(select):
    """``select``: "gari" or "loss"; "objective", the former name of "loss", still accepted,
    with a ``FutureWarning`` (beside ``objective=`` it read as one of that argument's values)."""
    if isinstance(select, str) and select == "objective":
        warn("loe_layout: select='objective' is now called select='loss' (the run of lowest "
             "Err_local); the old name will stop working in a future release", FutureWarning)
        return "loss"
    return check_choice(select, "select", ("gari", "loss"))


_INITS = ("auto", "spectral", "pivot", "kamada_kawai", "spring", "random")


def _check_inits(init):
    inits = (init,) if isinstance(init, str) else init
    try:
        inits = tuple(inits)
    except TypeError:
        raise TypeError(f"init must be a string or a sequence of strings, got {init!r}") from None
    if not inits:
        raise ValueError("init must name at least one start")
    for name in inits:
        check_choice(name, "init", _INITS)
    if "auto" in inits and len(inits) > 1:
        raise ValueError(f"init='auto' stands alone (it chooses the starts), got {init!r}")
    return inits


def _run_starts(G, nodes, A, inits, n_init, dim, rng):
    """``n_init`` start configurations cycling over ``inits``; repeats are perturbed
    (``embed._starts.start_configurations``, with the solvers' starts filled in),
    all drawn from the Generator ``rng``."""


    def base(name):
        if name == "spectral":
            return laplacian_eigenmaps(A, dim, seed=rng)
        if name == "pivot":
            return pivot_mds(A, dim, seed=rng)
        return networkx_start(G, nodes, name, dim, rng)

    return list(start_configurations(inits, n_init, rng, base, shape=(len(nodes), dim)))
