"""The rules of ``loe_layout``'s ``"auto"`` settings, in one module: which objectives run
(:func:`auto_objectives`), how many runs (:func:`auto_n_init`), from which starts
(:func:`auto_layout_starts`), and the size thresholds they read."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["KK_MAX_NODES", "SMALL_NODES", "GEOMETRIC_GARI", "auto_objectives", "auto_n_init",
           "auto_layout_starts"]

#: loe_layout's "auto" starts its Err_local runs from Kamada-Kawai (besides the spectral
#: start) up to this size, from pivot MDS beyond (Kamada-Kawai costs O(n^2) per iteration)
KK_MAX_NODES = 100
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


def auto_layout_starts(n: int, n_init: int) -> tuple[tuple[str, ...], str | None]:
    """``loe_layout``'s ``init="auto"`` on ``n`` nodes with ``n_init`` runs, as ``(inits,
    solver_init)``: up to :data:`KK_MAX_NODES` the layout draws the spectral and Kamada-Kawai
    starts itself (``solver_init=None``); beyond, the solver starts from pivot MDS for one run,
    else from its own ``"auto"`` (:func:`auto_solver_start`)."""
    if n <= KK_MAX_NODES:
        return ("spectral", "kamada_kawai"), None
    return ("auto",), ("pivot" if n_init == 1 else "auto")
