"""Graph -> array adapters shared by the whole package (layer 0: imports nothing from it).

The one place that turns a networkx graph into the CSR adjacency the solvers read
(:func:`graph_to_csr`, re-exported by :mod:`nx_ordinal.constraints`).  Networkx, numpy and
scipy are imported inside the function so that ``import nx_ordinal`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Hashable, Iterable

    import networkx as nx
    import scipy.sparse as sp

__all__ = ["graph_to_csr"]


def graph_to_csr(
    G: nx.Graph, nodelist: Iterable[Hashable] | None = None
) -> tuple[sp.csr_array, list[Hashable]]:
    """Adjacency of ``G`` as a CSR matrix in node order.

    Undirected graphs give symmetric neighbourhoods, directed graphs out-neighbourhoods;
    self-loops are dropped, parallel edges of multigraphs merged, weights ignored (the data
    array holds ones).

    Parameters
    ----------
    G : networkx graph
    nodelist : list, optional
        Node order (default ``list(G)``).

    Returns
    -------
    A : scipy.sparse.csr_array of float64, shape (n, n), sorted indices, no explicit zeros
    nodelist : list

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal.constraints import graph_to_csr
    >>> A, nodes = graph_to_csr(nx.path_graph(3))
    >>> A.toarray().astype(int).tolist()
    [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
    """
    import networkx as nx
    import numpy as np
    import scipy.sparse as sp

    if not isinstance(G, nx.Graph):
        raise TypeError(f"G must be a networkx graph, got {type(G).__name__}")
    if nodelist is None:
        nodelist = list(G)
    else:
        nodelist = list(nodelist)
        if len(set(nodelist)) != len(nodelist):
            raise nx.NetworkXError("nodelist contains duplicate nodes")
        missing = [v for v in nodelist if v not in G]
        if missing:
            raise nx.NetworkXError(f"node {missing[0]!r} in nodelist is not in G")
    n = len(nodelist)
    index = {v: i for i, v in enumerate(nodelist)}
    rows: Any = []  # lists of ints, then int64 arrays
    cols: Any = []
    for u, v in G.edges():
        iu = index.get(u)
        iv = index.get(v)
        if iu is None or iv is None or iu == iv:
            continue
        rows.append(iu)
        cols.append(iv)
    rows = np.asarray(rows, dtype=np.int64)
    cols = np.asarray(cols, dtype=np.int64)
    if not G.is_directed():
        rows, cols = np.concatenate([rows, cols]), np.concatenate([cols, rows])
    A = sp.csr_array((np.ones(rows.size), (rows, cols)), shape=(n, n))
    A.sum_duplicates()
    A.data[:] = 1.0
    A.sort_indices()
    return A, nodelist
