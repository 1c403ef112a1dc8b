"""GARI table of many layouts of one graph (supplement Figure 3 of [1]_), with the
graph-drawing literature's neighbourhood preservation (NP1, NP2), stress and the long-edge
ratio.

References
----------
.. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

import networkx as nx

from ._core.validation import check_dim, check_int
from .metrics import err_local, gari, long_edge_ratio, neighbourhood_preservation, stress
from .registry import get_entry

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    import networkx as nx

    from ._core.typing import Seed

__all__ = ["compare_layouts", "format_table", "DEFAULT_METHODS"]

#: methods compared by default: the paper's classical drawers and LOE
DEFAULT_METHODS = ("loe", "spring", "kamada_kawai", "spectral", "forceatlas2", "ig_fr",
                   "ig_kk", "ig_drl", "ig_mds")


def compare_layouts(
    G: nx.Graph,
    methods: Iterable[str] | None = None,
    *,
    dim: int = 2,
    seed: Seed = None,
    n_init: int = 1,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    keep_positions: bool = False,
) -> list[dict[str, Any]]:
    """Lay out ``G`` with several registered methods and measure each drawing.

    Parameters
    ----------
    G : networkx graph
    methods : sequence of str or None
        Registry names (see :func:`nx_ordinal.registry.describe_layouts`); default
        :data:`DEFAULT_METHODS`.
    dim : int, default 2
    seed : int or None
        Seed of every seeded method (run ``r`` of ``n_init`` uses ``seed + r``).
    n_init : int, default 1
        Runs per seeded method; the row reports the run with the best GARI and the total
        time.  Deterministic methods run once.
    params : dict or None
        Method name -> dict of further keyword arguments for that method.
    keep_positions : bool
        Add each row's best positions as ``"pos"`` (None when the method failed).

    Returns
    -------
    list of dict
        One row per method: ``method``, ``gari``, ``np1`` and ``np2`` (neighbourhood
        preservation at 1 and 2 hops, :func:`~nx_ordinal.metrics.neighbourhood_preservation`),
        ``stress`` (scale-normalised stress, :func:`~nx_ordinal.metrics.stress`: exact up to
        10,000 nodes, estimated from 200 pivots drawn with seed 0 beyond),
        ``long_edge_ratio`` (the 99th-percentile drawn edge length over the median,
        :func:`~nx_ordinal.metrics.long_edge_ratio`: large when the drawing is torn into
        pieces joined by long edges), ``err_local``
        (Err_local with delta 0.1 after rescaling the drawing to unit RMS radius, so drawings
        are comparable), ``seconds`` (the layout's time only, not the measures') and
        ``error`` (``None``, or the message when the method failed, e.g. a dimension it does
        not support; then the numbers are ``nan``).

    Raises
    ------
    ValueError
        Unknown method name or bad ``n_init``/``dim``.

    Examples
    --------
    >>> import networkx as nx
    >>> from nx_ordinal import compare_layouts
    >>> rows = compare_layouts(nx.frucht_graph(), ["loe", "kamada_kawai"], seed=0)
    >>> [(r["method"], round(r["gari"], 2)) for r in rows]
    [('loe', 1.0), ('kamada_kawai', 0.73)]
    >>> [round(r["np1"], 2) for r in rows]
    [1.0, 0.71]

    Notes
    -----
    Besides the layouts, each row costs the measures: GARI and NP in O(E log n), stress one
    shortest-path search per node, O(n (n + E) log n) up to 10,000 nodes.
    """


    dim = check_dim(dim)
    n_init = check_int(n_init, "n_init", minimum=1)
    if seed is not None:
        seed = check_int(seed, "seed", minimum=0)
    if isinstance(methods, str):  # one name, not a sequence of one-letter names
        methods = [methods]
    methods = list(DEFAULT_METHODS if methods is None else methods)
    entries = [get_entry(m) for m in methods]  # unknown names fail before any work
    rows = []
    for name, entry in zip(methods, entries, strict=True):
        func = entry.load()
        runs = n_init if entry.takes_seed else 1
        best, error = None, None
        t0 = time.perf_counter()
        for r in range(runs):
            kw = {**(params or {}).get(name, {}), "dim": dim}
            if entry.takes_seed:
                kw["seed"] = None if seed is None else seed + r
            try:
                pos = func(G, **kw)
            except (ValueError, TypeError, ImportError, nx.NetworkXException) as exc:
                error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                break
            g = gari(G, pos)
            if best is None or g > best[0]:
                best = (g, pos)
        seconds = time.perf_counter() - t0
        if error is not None or best is None:
            rows.append(dict(method=name, gari=math.nan, np1=math.nan, np2=math.nan,
                             stress=math.nan, long_edge_ratio=math.nan,
                             err_local=math.nan, seconds=seconds,
                             error=error))
        else:
            pos = best[1]
            rows.append(dict(method=name, gari=float(best[0]),
                             np1=neighbourhood_preservation(G, pos),
                             np2=neighbourhood_preservation(G, pos, hops=2),
                             stress=stress(G, pos, seed=0),
                             long_edge_ratio=long_edge_ratio(G, pos),
                             err_local=float(err_local(G, pos, normalize=True)),
                             seconds=seconds, error=None))
        if keep_positions:
            rows[-1]["pos"] = None if best is None or error is not None else best[1]
    return rows


def _cell(value: Any, fmt: str) -> str:
    """A number as text: ``"-"`` when absent or nan, never ``"-0.000"``."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    text = format(value, fmt)
    return text[1:] if text.startswith("-") and float(text) == 0 else text


#: columns of :func:`format_table`: header, row key, number format
_COLUMNS = (("GARI", "gari", ".3f"), ("NP1", "np1", ".3f"), ("NP2", "np2", ".3f"),
            ("stress", "stress", ".3f"), ("long edges", "long_edge_ratio", ".1f"),
            ("Err_local", "err_local", ".4f"),
            ("seconds", "seconds", ".2f"))


def format_table(rows: Iterable[Mapping[str, Any]]) -> str:
    """Rows of :func:`compare_layouts` as an aligned text table (``-`` for a measure a row
    lacks).

    Examples
    --------
    >>> from nx_ordinal.compare import format_table
    >>> print(format_table([dict(method="loe", gari=1.0, np1=1.0, np2=0.75, stress=0.1,
    ...                          long_edge_ratio=1.5, err_local=0.5, seconds=0.1,
    ...                          error=None)]))
    method   GARI    NP1    NP2  stress  long edges  Err_local  seconds
    loe     1.000  1.000  0.750   0.100         1.5     0.5000     0.10
    """
    headers = ("method", *(c[0] for c in _COLUMNS))
    body = []
    for r in rows:
        failed = bool(r.get("error"))
        cells = [_cell(r.get(key), fmt) if not failed or key == "seconds" else "-"
                 for _, key, fmt in _COLUMNS]
        body.append((str(r["method"]), *cells, r["error"] if failed else ""))
    ncol = len(headers)
    widths = [max([len(headers[i])] + [len(b[i]) for b in body]) for i in range(ncol)]
    lines = [headers[0].ljust(widths[0])
             + "".join("  " + h.rjust(w) for h, w in zip(headers[1:], widths[1:], strict=True))]
    for b in body:
        line = b[0].ljust(widths[0]) + "".join(
            "  " + c.rjust(w) for c, w in zip(b[1:ncol], widths[1:], strict=True))
        if b[ncol]:
            line += "  (" + b[ncol] + ")"
        lines.append(line)
    return "\n".join(lines)
