"""Famous graphs of the LOE papers' comparisons (supplement Figure 3, main Figure 4).

Examples
--------
>>> from nx_ordinal.datasets import famous_graph
>>> G = famous_graph("Desargues")
>>> G.number_of_nodes(), G.number_of_edges()
(20, 30)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx

if TYPE_CHECKING:
    from collections.abc import Callable

    import networkx as nx

__all__ = ["famous_graph", "FAMOUS_GRAPHS"]

#: names accepted by :func:`famous_graph`, in the order of the supplement's Figure 3
FAMOUS_GRAPHS = ("Frucht", "Icosahedral", "Chvatal", "Folkman", "Thomassen", "Meredith",
                 "Desargues")


def _igraph_famous(name):
    try:
        import igraph as ig
    except ImportError as exc:  # pragma: no cover - igraph is a dependency
        raise ImportError(
            f"famous_graph({name!r}) needs igraph, a dependency of nx_ordinal that is missing; "
            "pip install igraph"
        ) from exc

    g = ig.Graph.Famous(name)
    G = nx.Graph()
    G.add_nodes_from(range(g.vcount()))
    G.add_edges_from(g.get_edgelist())
    return G


def famous_graph(name: str) -> nx.Graph:
    """One of the seven famous graphs as an undirected networkx graph on nodes ``0..n-1``.

    Parameters
    ----------
    name : str
        ``"Frucht"`` (12 nodes), ``"Icosahedral"`` (12), ``"Chvatal"`` (12), ``"Folkman"``
        (20), ``"Thomassen"`` (34), ``"Meredith"`` (70) or ``"Desargues"`` (20); case is
        ignored.

    Returns
    -------
    networkx.Graph

    Raises
    ------
    ValueError
        Unknown name.
    TypeError
        ``name`` is not a string.

    Examples
    --------
    >>> from nx_ordinal.datasets import famous_graph
    >>> [famous_graph(n).number_of_nodes() for n in ("Frucht", "Folkman", "Meredith")]
    [12, 20, 70]

    Notes
    -----
    Frucht, Icosahedral, Chvatal and Desargues come from networkx's generators, Folkman from
    its LCF notation ``[5, -7, -7, 5]^5``; Thomassen and Meredith from igraph's
    ``Graph.Famous``.
    """

    if not isinstance(name, str):
        raise TypeError(f"graph name must be a string, got {name!r}")
    key = name.strip().lower()
    builders: dict[str, Callable[[], nx.Graph]] = {
        "frucht": nx.frucht_graph,
        "icosahedral": nx.icosahedral_graph,
        "chvatal": nx.chvatal_graph,
        "folkman": lambda: nx.LCF_graph(20, [5, -7, -7, 5], 5),
        "thomassen": lambda: _igraph_famous("Thomassen"),
        "meredith": lambda: _igraph_famous("Meredith"),
        "desargues": nx.desargues_graph,
    }
    if key not in builders:
        raise ValueError(f"unknown famous graph {name!r}; choose from {', '.join(FAMOUS_GRAPHS)}")
    B = builders[key]()
    G: nx.Graph = nx.Graph()
    G.add_nodes_from(sorted(B))
    G.add_edges_from(B.edges())
    G.graph["name"] = next(n for n in FAMOUS_GRAPHS if n.lower() == key)
    return G
