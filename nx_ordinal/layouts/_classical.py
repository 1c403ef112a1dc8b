"""Classical drawers behind the registry: igraph's layouts, Graphviz's sfdp and t-SNE, with
networkx's conventions (dict in ``G``'s node order, rescaled like :func:`networkx.rescale_layout`).

igraph draws its random numbers from Python's :mod:`random` module; every wrapper here seeds
it from ``seed`` and restores the caller's :mod:`random` state afterwards, so the same seed
gives the same layout and the caller's random stream is left untouched.

Examples
--------
>>> import networkx as nx
>>> from nx_ordinal.classical import igraph_layout
>>> G = nx.cycle_graph(["a", "b", "c", "d"])
>>> pos = igraph_layout(G, "fr", seed=1)
>>> list(pos) == list(G)
True
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
import scipy.sparse.csgraph as csg

from .._core.estimates import tsne_memory
from .._core.seeds import draw_seed
from .._core.validation import check_dim, check_positive
from .._data.components import pack_components, split_components
from .._data.graph import graph_to_csr
from ._utils import (
    check_center,
    check_scale,
    finish_layout,
    process_graph,
    trivial_layout,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable

    from .._core.typing import ArrayLike, GraphLike, NDArray, PosDict, Seed

__all__ = ["igraph_layout", "sfdp_layout", "tsne_layout", "arf_layout", "by_components",
           "IGRAPH_METHODS"]

#: igraph method name -> (igraph Graph method, supported dimensions or None for any)
IGRAPH_METHODS = {
    "fr": ("layout_fruchterman_reingold", (2, 3)),
    "kk": ("layout_kamada_kawai", (2, 3)),
    "drl": ("layout_drl", (2, 3)),
    "mds": ("layout_mds", None),
    "graphopt": ("layout_graphopt", (2,)),
}


def _to_igraph(G, nodes):
    import igraph as ig

    index = {v: i for i, v in enumerate(nodes)}
    edges = [(index[u], index[v]) for u, v in G.edges() if u != v]
    g = ig.Graph(n=len(nodes), edges=edges, directed=False)
    g.simplify()
    return g


@nx.utils.np_random_state("seed")
def igraph_layout(
    G: GraphLike,
    method: str = "fr",
    *,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    **kwargs: Any,
) -> PosDict:
    """Lay out ``G`` with one of igraph's drawers.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Directed graphs are drawn as undirected; self-loops and parallel edges are dropped.
        A disconnected graph is drawn one component at a time, the components packed side
        by side (:func:`by_components`); DrL, whose fixed schedule costs the same on any
        size, draws them in one call, each component's part then packed the same way.
    method : {"fr", "kk", "drl", "mds", "graphopt"}
        Fruchterman-Reingold, Kamada-Kawai, DrL, multidimensional scaling of shortest-path
        distances, graphopt.
    scale, center, dim, store_pos_as
        As in :func:`networkx.spring_layout`.
    seed : int, RandomState or None
        Seeds Python's :mod:`random` (igraph's generator) for the call only; the caller's
        :mod:`random` state is restored afterwards.
    **kwargs
        Passed to the igraph method.

    Returns
    -------
    dict
        Positions keyed by node, in ``G``'s node order.

    Raises
    ------
    ValueError
        Unknown method or a dimension the method does not support.
    ImportError
        igraph is missing (a dependency of nx_ordinal: ``pip install igraph``).

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.classical import igraph_layout
    >>> G = nx.frucht_graph()
    >>> a = igraph_layout(G, "kk", seed=3)
    >>> b = igraph_layout(G, "kk", seed=3)
    >>> all((a[v] == b[v]).all() for v in G)
    True

    Notes
    -----
    Cost is igraph's: O(n^2) per iteration for FR/KK on small graphs, O(n^3) for MDS.
    """



    if method not in IGRAPH_METHODS:
        raise ValueError(f"unknown igraph method {method!r}; choose from "
                         f"{', '.join(IGRAPH_METHODS)}")
    G, nodes = process_graph(G)
    dim = check_dim(dim)
    dims = IGRAPH_METHODS[method][1]
    if dims is not None and dim not in dims:
        raise ValueError(f"igraph {method!r} layout supports dim in {dims}, got dim={dim}")
    center = check_center(center, dim)
    scale = check_scale(scale)
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    try:
        import igraph  # noqa: F401
    except ImportError as exc:  # pragma: no cover - igraph is a dependency
        raise ImportError("igraph layouts need igraph, a dependency of nx_ordinal that is "
                          "missing; pip install igraph") from exc
    if not _connected(G) and method == "drl":
        # DrL's fixed schedule costs about 0.6 s a call whatever the size (a 50-node graph
        # of 8 parts took 5.5 s one component at a time): one call draws every component,
        # each then packed as by_components packs its own drawings
        X = _igraph_coords(G, nodes, method, dim, seed, kwargs)
        row = {v: i for i, v in enumerate(nodes)}
        return by_components(lambda sub, **_: {v: X[row[v]] for v in sub})(
            G, scale=scale, center=center, dim=dim, store_pos_as=store_pos_as)
    if not _connected(G):  # one component at a time, packed side by side
        return by_components(igraph_layout)(G, method=method, scale=scale, center=center,
                                            dim=dim, seed=seed, store_pos_as=store_pos_as,
                                            **kwargs)
    H = G.to_undirected(as_view=True) if G.is_directed() else G
    if method == "kk" and dim == 3 and _is_path(H):
        # igraph 1.0 aborts the interpreter (an assertion in its layout alignment) on some
        # straight 3-D Kamada-Kawai results, e.g. the 6-node path; KK draws a path straight
        start = next(v for v in nodes if H.degree(v) - (v in H[v]) <= 1)
        index = {v: i for i, v in enumerate(nodes)}
        X = np.zeros((len(nodes), 3))
        for k, v in enumerate(nx.dfs_preorder_nodes(H, start)):
            X[index[v], 0] = k
        return finish_layout(G, nodes, X, scale=scale, center=center,
                             store_pos_as=store_pos_as)
    X = _igraph_coords(G, nodes, method, dim, seed, kwargs)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


def _igraph_coords(G: Any, nodes: list[Any], method: str, dim: int, seed: Any,
                   kwargs: dict[str, Any]) -> NDArray[np.float64]:
    """igraph's ``method`` layout of ``G`` as an (n, dim) array in the order of ``nodes``,
    Python's ``random`` (igraph's generator) seeded from ``seed`` and restored after."""
    g = _to_igraph(G, nodes)
    kwargs = dict(kwargs)
    if method in ("fr", "kk", "drl", "mds"):
        kwargs.setdefault("dim", dim)
    state = random.getstate()
    try:
        random.seed(draw_seed(seed))
        coords = getattr(g, IGRAPH_METHODS[method][0])(**kwargs).coords
    finally:
        random.setstate(state)
    return np.asarray(coords, dtype=np.float64).reshape(len(nodes), dim)


def _ig(method: str) -> Callable[..., PosDict]:
    def f(G: GraphLike, **kw: Any) -> PosDict:
        return igraph_layout(G, method, **kw)

    f.__name__ = f"ig_{method}_layout"
    f.__doc__ = f"igraph {IGRAPH_METHODS[method][0]} (see :func:`igraph_layout`)."
    return f


ig_fr_layout = _ig("fr")
ig_kk_layout = _ig("kk")
ig_drl_layout = _ig("drl")
ig_mds_layout = _ig("mds")
ig_graphopt_layout = _ig("graphopt")


#: what to install when the sfdp program is missing
_GRAPHVIZ_HINT = ("install Graphviz (e.g. 'apt-get install graphviz', 'brew install graphviz' "
                  "or 'conda install graphviz')")


def _dot_source(A: sp.csr_array, n: int) -> str:
    """The undirected simple graph of adjacency ``A`` as DOT text, nodes named 0 .. n-1."""
    U = sp.triu(A + A.T, k=1).tocoo()
    out = ["graph G {", ";".join(map(str, range(n))) + ";"]
    out += [f"{u} -- {v};" for u, v in zip(U.row.tolist(), U.col.tolist(), strict=True)]
    out.append("}")
    return "\n".join(out)


def _plain_positions(text: str, n: int) -> NDArray[Any]:
    """Node positions from Graphviz's ``-Tplain`` output (``node NAME X Y ...`` lines)."""
    X = np.full((n, 2), np.nan)
    for line in text.splitlines():
        if line.startswith("node "):
            parts = line.split()
            X[int(parts[1])] = float(parts[2]), float(parts[3])
    if not np.isfinite(X).all():
        raise RuntimeError("sfdp's output lacks the position of some nodes")
    return X


@nx.utils.np_random_state("seed")
def sfdp_layout(
    G: GraphLike,
    *,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    timeout: float | None = None,
    **graph_attributes: Any,
) -> PosDict:
    """Lay out ``G`` with Graphviz's sfdp (scalable multilevel force-directed placement).

    Runs the ``sfdp`` program of a Graphviz installation (no Python binding needed): the graph
    goes in as DOT text with the nodes numbered in ``G``'s order, positions come back from
    its plain-text output.  What many networkx users call as
    ``nx.nx_agraph.graphviz_layout(G, prog="sfdp")``.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
        Drawn as undirected and simple (directions, self-loops, parallel edges and weights
        are dropped).
    scale, center, store_pos_as
        As in :func:`networkx.spring_layout`.
    dim : int, default 2
        Only 2 (sfdp draws in the plane).
    seed : int, RandomState or None
        An integer drawn from it becomes sfdp's ``start`` attribute (the seed of its random
        initial placement): the same seed gives the same layout.
    timeout : float or None
        Seconds sfdp may run (default: no limit).
    **graph_attributes
        Graphviz graph attributes passed as ``-GNAME=VALUE`` (e.g. ``overlap="false"``,
        ``K=0.5``); Graphviz's defaults otherwise.

    Returns
    -------
    dict
        Positions keyed by node, in ``G``'s node order.

    Raises
    ------
    ImportError
        Graphviz's ``sfdp`` program is not on the ``PATH`` (the message says what to
        install).
    ValueError
        ``dim`` is not 2, a bad ``timeout``, or an attribute name that is not a Graphviz
        identifier.
    TimeoutError
        sfdp ran longer than ``timeout``.
    RuntimeError
        sfdp failed (its first line of error output is in the message).

    Examples
    --------
    >>> import shutil
    >>> import networkx as nx
    >>> from nx_ordinal.classical import sfdp_layout
    >>> G = nx.cycle_graph(["a", "b", "c", "d"])
    >>> if shutil.which("sfdp"):
    ...     pos = sfdp_layout(G, seed=1)
    ... else:  # Graphviz is not installed here: the same result, spelled out
    ...     pos = dict.fromkeys(G)
    >>> list(pos) == list(G)
    True

    Notes
    -----
    sfdp's multilevel scheme with Barnes-Hut repulsion costs about O((n + E) log n); writing
    and parsing the text adds O(n + E).  Graphviz's default node size and overlap removal
    apply (set ``overlap`` to change the latter).
    """

    G, nodes = process_graph(G)
    dim = check_dim(dim)
    if dim != 2:
        raise ValueError(f"sfdp layout supports only dim=2, got dim={dim}")
    center = check_center(center, dim)
    scale = check_scale(scale)
    if timeout is not None:
        timeout = check_positive(timeout, "timeout")
    options = []
    for name, value in graph_attributes.items():
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or name == "start":
            raise ValueError(f"bad sfdp graph attribute {name!r} (the seed sets 'start')")
        options.append(f"-G{name}={value}")
    n = len(nodes)
    if n <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    exe = shutil.which("sfdp")
    if exe is None:
        raise ImportError("sfdp layout needs Graphviz's sfdp program on the PATH; "
                          + _GRAPHVIZ_HINT)
    A, _ = graph_to_csr(G, nodes)
    cmd = [exe, "-Tplain", f"-Gstart={draw_seed(seed)}", *options]
    try:
        proc = subprocess.run(cmd, input=_dot_source(A, n), capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise TimeoutError(f"sfdp did not finish within timeout={timeout} s") from None
    if proc.returncode != 0:
        msg = proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else ""
        raise RuntimeError(f"sfdp failed with exit status {proc.returncode}: {msg}")
    X = _plain_positions(proc.stdout, n)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


@nx.utils.np_random_state("seed")
def tsne_layout(
    G: GraphLike,
    *,
    perplexity: float | None = None,
    scale: float | None = 1,
    center: ArrayLike | None = None,
    dim: int = 2,
    seed: Seed = None,
    store_pos_as: str | None = None,
    **kwargs: Any,
) -> PosDict:
    """t-SNE (scikit-learn) on the graph's shortest-path distances.

    Parameters
    ----------
    G : NetworkX graph or list of nodes
    perplexity : float or None
        Default ``min(30, (n - 1) / 3)``.
    scale, center, dim, seed, store_pos_as
        As in :func:`networkx.spring_layout`.
    **kwargs
        Passed to :class:`sklearn.manifold.TSNE` (default ``method="exact"`` up to 500
        nodes, Barnes-Hut above).

    Returns
    -------
    dict

    Raises
    ------
    ImportError
        scikit-learn is missing (install ``nx_ordinal[learn]``).

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.classical import tsne_layout
    >>> len(tsne_layout(nx.cycle_graph(12), seed=0))
    12

    Notes
    -----
    Forms the dense n x n shortest-path matrix (BFS from every node, O(n (n + E))): meant
    for the small graphs of the comparisons.  A disconnected graph is embedded one
    component at a time, the components packed side by side (:func:`by_components`).
    """


    try:
        from sklearn.manifold import TSNE
    except ImportError as exc:
        raise ImportError("tsne_layout needs scikit-learn; install nx_ordinal[learn]") from exc
    G, nodes = process_graph(G)
    dim = check_dim(dim)
    center = check_center(center, dim)
    scale = check_scale(scale)
    n = len(nodes)
    if n <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    if not _connected(G):  # one component at a time, packed side by side
        return by_components(tsne_layout)(G, perplexity=perplexity, scale=scale, center=center,
                                          dim=dim, seed=seed, store_pos_as=store_pos_as,
                                          **kwargs)
    tsne_memory(n, dim).check()
    A, _ = graph_to_csr(G, nodes)
    D = csg.shortest_path(A, directed=False, unweighted=True)
    finite = np.isfinite(D)
    D[~finite] = (D[finite].max() if finite.any() else 0.0) + 1.0
    if perplexity is None:
        perplexity = max(min(30.0, (n - 1) / 3.0), 1.0)
    # exact gradients for small graphs (Barnes-Hut's thread start-up dominates there) and
    # for dim > 3, which Barnes-Hut does not support
    kwargs.setdefault("method", "exact" if (n <= 500 or dim > 3) else "barnes_hut")
    model = TSNE(n_components=dim, metric="precomputed", init="random", perplexity=perplexity,
                 random_state=draw_seed(seed), **kwargs)
    X = model.fit_transform(D)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


def arf_layout(G: nx.Graph, *, dim: int = 2, **kwargs: Any) -> dict[Hashable, NDArray[Any]]:
    """:func:`networkx.arf_layout` (2-D only), rejecting other dimensions with ValueError; a
    disconnected graph is drawn one component at a time, packed (:func:`by_components`).

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.classical import arf_layout
    >>> len(arf_layout(nx.cycle_graph(5), seed=0))
    5
    """
    dim = check_dim(dim)
    if dim != 2:
        raise ValueError(f"arf layout supports only dim=2, got dim={dim}")
    return by_components(nx.arf_layout)(G, **kwargs)


def _is_path(H: nx.Graph) -> bool:
    """Whether the connected undirected graph ``H`` (self-loops and parallel edges aside)
    is a path."""
    simple: nx.Graph = nx.Graph(H)
    simple.remove_edges_from(nx.selfloop_edges(simple))
    degrees = [d for _, d in simple.degree()]
    return simple.number_of_edges() == len(simple) - 1 and max(degrees, default=0) <= 2


def _connected(G: Any) -> bool:
    return nx.is_weakly_connected(G) if G.is_directed() else nx.is_connected(G)


def _component_graph(G: Any, members: list[Any]) -> Any:
    """The subgraph of ``G`` on the connected component ``members``, a copy whose nodes and
    edges are in the order of ``members`` (``G.subgraph`` iterates a set, hash order for
    string names, when the component is less than half of ``G``, and a drawer follows the
    node order).  O(size of the component)."""

    H = G.__class__()
    H.graph.update(G.graph)
    H.add_nodes_from((v, G.nodes[v]) for v in members)
    if G.is_multigraph():
        H.add_edges_from(G.edges(members, keys=True, data=True))
    else:
        H.add_edges_from(G.edges(members, data=True))
    return H


def by_components(func: Any) -> Any:
    """Wrap the layout function ``func`` so that a disconnected graph is laid out one
    (weakly) connected component at a time and the components are packed side by side in
    rows, largest first, each scaled to an RMS radius of sqrt(its size) (one density for
    all, as in the ordinal layouts), their bounding boxes apart.  A connected graph goes to
    ``func`` unchanged.

    Drawers that see the whole graph at once either pile the components on top of each
    other (Kamada-Kawai with its "infinite" distances, the spectral layout, whose leading
    eigenvectors are constant on components) or mix them; packed, each component is drawn
    as well as it would be alone.

    Parameters
    ----------
    func : callable
        ``func(G, **kwargs) -> dict``, a layout with networkx's conventions (``pos``,
        ``dim``, ``scale``, ``center``, ``store_pos_as`` handled here when given).

    Returns
    -------
    callable
        The wrapped layout, with ``func``'s name and docstring.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal import gari
    >>> from nx_ordinal.classical import by_components
    >>> G = nx.disjoint_union_all([nx.cycle_graph(5), nx.complete_graph(4), nx.path_graph(6)])
    >>> round(gari(G, nx.kamada_kawai_layout(G)), 3)
    0.476
    >>> gari(G, by_components(nx.kamada_kawai_layout)(G))
    1.0

    Notes
    -----
    ``func``'s cost summed over the components, plus O(n dim) for the packing.
    """
    import functools

    @functools.wraps(func)
    def packed(G: GraphLike, *args: Any, **kwargs: Any) -> PosDict:
        G, nodes = process_graph(G)
        A = graph_to_csr(G, nodes)[0] if len(nodes) > 1 else None
        comps = split_components(A)[2] if A is not None else []
        if args or len(comps) <= 1:
            return func(G, *args, **kwargs)
        dim = check_dim(kwargs.get("dim", 2))
        scale = check_scale(kwargs.pop("scale", 1))
        center = check_center(kwargs.pop("center", None), dim)
        store_pos_as = kwargs.pop("store_pos_as", None)
        pos = kwargs.pop("pos", None)
        blocks = []
        for idx in comps:
            sub = _component_graph(G, [nodes[i] for i in idx])
            if pos is not None:
                given = {v: pos[v] for v in sub if v in pos}
                kwargs["pos"] = given or None
            if len(idx) == 1:
                Y = np.zeros((1, dim))
            else:
                got = func(sub, **kwargs)
                Y = np.array([got[nodes[i]] for i in idx], dtype=np.float64).reshape(len(idx), dim)
            blocks.append((idx, Y))
        assert A is not None  # more than one component: more than one node
        edges = (np.repeat(np.arange(len(nodes)), np.diff(A.indptr)), A.indices)
        X = pack_components(blocks, dim, len(nodes), edges=edges, style="boxes")
        return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)

    return packed
