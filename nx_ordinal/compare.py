"""GARI table of many layouts of one graph (supplement Figure 3 of [1]_).

References
----------
.. [1] Terada, Y. and von Luxburg, U. "Local Ordinal Embedding." ICML 2014.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from ._validation import check_dim, check_int
from .metrics import err_local, gari
from .registry import get_entry

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    import networkx as nx

    from ._typing import Seed

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
        One row per method: ``method``, ``gari``, ``err_local`` (Err_local with delta 0.1
        after rescaling the drawing to unit RMS radius, so drawings are comparable),
        ``seconds`` and ``error`` (``None``, or the message when the method failed, e.g. a
        dimension it does not support; then the numbers are ``nan``).

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
            except (ValueError, TypeError, ImportError) as exc:
                error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                break
            g = gari(G, pos)
            if best is None or g > best[0]:
                best = (g, pos)
        seconds = time.perf_counter() - t0
        if error is not None or best is None:
            rows.append(dict(method=name, gari=math.nan, err_local=math.nan, seconds=seconds,
                             error=error))
        else:
            rows.append(dict(method=name, gari=float(best[0]),
                             err_local=float(err_local(G, best[1], normalize=True)),
                             seconds=seconds, error=None))
        if keep_positions:
            rows[-1]["pos"] = None if best is None or error is not None else best[1]
    return rows


def format_table(rows: Iterable[Mapping[str, Any]]) -> str:
    """Rows of :func:`compare_layouts` as an aligned text table.

    Examples
    --------
    >>> from nx_ordinal.compare import format_table
    >>> print(format_table([dict(method="loe", gari=1.0, err_local=0.5, seconds=0.1,
    ...                          error=None)]))
    method   GARI  Err_local  seconds
    loe     1.000     0.5000     0.10
    """
    headers = ("method", "GARI", "Err_local", "seconds")
    body = []
    for r in rows:
        if r.get("error"):
            body.append((str(r["method"]), "-", "-", f"{r['seconds']:.2f}", r["error"]))
        else:
            g = r["gari"] if abs(r["gari"]) >= 5e-4 else 0.0  # no "-0.000"
            body.append((str(r["method"]), f"{g:.3f}", f"{r['err_local']:.4f}",
                         f"{r['seconds']:.2f}", ""))
    w0 = max([len(headers[0])] + [len(b[0]) for b in body])
    widths = [max([len(headers[i])] + [len(b[i]) for b in body]) for i in range(1, 4)]
    cells = zip(headers[1:], widths, strict=True)
    lines = [headers[0].ljust(w0) + "".join("  " + h.rjust(w) for h, w in cells)]
    for b in body:
        cells = zip(b[1:4], widths, strict=True)
        line = b[0].ljust(w0) + "".join("  " + c.rjust(w) for c, w in cells)
        if b[4]:
            line += "  (" + b[4] + ")"
        lines.append(line)
    return "\n".join(lines)
