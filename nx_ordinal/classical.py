"""Classical drawers behind the registry: igraph's layouts and t-SNE, with networkx's
conventions (dict in ``G``'s node order, rescaled like :func:`networkx.rescale_layout`).

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
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
import scipy.sparse.csgraph as csg

from ._graph import graph_to_csr
from ._layout_utils import (
    check_center,
    check_scale,
    finish_layout,
    process_graph,
    trivial_layout,
)
from ._memory import tsne_memory
from ._validation import check_dim
from .utils import draw_seed

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable

    from ._typing import ArrayLike, GraphLike, NDArray, PosDict, Seed

__all__ = ["igraph_layout", "tsne_layout", "arf_layout", "IGRAPH_METHODS"]

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
    scale: float = 1,
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
        igraph is missing (install ``nx_ordinal[igraph]``).

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
    attr, dims = IGRAPH_METHODS[method]
    if dims is not None and dim not in dims:
        raise ValueError(f"igraph {method!r} layout supports dim in {dims}, got dim={dim}")
    center = check_center(center, dim)
    scale = check_scale(scale)
    if len(nodes) <= 1:
        return trivial_layout(G, nodes, dim, center, store_pos_as)
    try:
        import igraph  # noqa: F401
    except ImportError as exc:  # pragma: no cover - igraph is a dependency
        raise ImportError("igraph layouts need igraph; install nx_ordinal[igraph]") from exc
    g = _to_igraph(G, nodes)
    if method in ("fr", "kk", "drl"):
        kwargs.setdefault("dim", dim)
    elif method == "mds":
        kwargs.setdefault("dim", dim)
    state = random.getstate()
    try:
        random.seed(draw_seed(seed))
        coords = getattr(g, attr)(**kwargs).coords
    finally:
        random.setstate(state)
    X = np.asarray(coords, dtype=np.float64).reshape(len(nodes), dim)
    return finish_layout(G, nodes, X, scale=scale, center=center, store_pos_as=store_pos_as)


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


@nx.utils.np_random_state("seed")
def tsne_layout(
    G: GraphLike,
    *,
    perplexity: float | None = None,
    scale: float = 1,
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
    for the small graphs of the comparisons.  Unreachable pairs get the largest finite
    distance plus one.
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
    """:func:`networkx.arf_layout` (2-D only), rejecting other dimensions with ValueError.

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
    return nx.arf_layout(G, **kwargs)
