"""The layout frame: the opening and closing that every ``<method>_layout`` shares, once.

A layout is its algorithm plus a declaration::

    @public_call
    @layout_frame(rules={"max_iter": int_rule(0)}, memory=lambda f, kw: ...)
    def foo_layout(frame, pos=None, *, max_iter=100, weight=None, scale=1, center=None,
                   dim=2, seed=None, store_pos_as=None, remove_overlap=True):
        '''... {scale} {center} {dim} {seed} {store_pos_as} {remove_overlap} ...'''
        X = solve(frame.adjacency(), frame.dim, init=frame.start(), ...)
        return X

The decorated function is the public ``foo_layout(G, pos=None, *, ...)``: same parameters,
``G`` (a graph or a list of nodes) in place of ``frame``.  The frame, in this order:

1. turns ``G`` into a graph and its node order (:func:`process_graph`), checks ``dim``,
   ``center`` and ``scale``, then every parameter named in ``rules`` (each rule returns the
   checked value, which the algorithm receives): the one place a layout's arguments are
   checked;
2. validates ``pos`` without drawing anything (:meth:`Frame.start` fills the missing nodes
   when the algorithm asks for a start, from the stream it is given);
3. returns ``{}`` / ``{node: center}`` for graphs of 0 or 1 node;
4. checks the memory estimate ``memory(frame, kwargs)`` (an ``_memory.Estimate``, or
   ``None``) before anything sized by an argument is allocated;
5. runs the algorithm on the :class:`Frame` (graph, nodes, ``dim``, the adjacency built once,
   the seed), which returns an ``(n, dim)`` array;
6. finishes (:meth:`Frame.finish`): non-finite rows replaced, overlaps separated with the
   adjacency the frame already holds (``remove_overlap``, where the layout has that
   parameter), rescaled like :func:`networkx.rescale_layout`, shifted by ``center``, stored
   under ``store_pos_as``.

Shared docstring paragraphs are written once (:data:`DOC_PARTS`): a line ``{name}`` of a
layout's docstring (``name`` one of ``scale``, ``center``, ``dim``, ``seed``,
``store_pos_as``, ``remove_overlap``, ``verbose``) is replaced by that parameter's entry at
import time.
"""

from __future__ import annotations

import functools
import inspect
import re
import time
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

import numpy as np

from .._core.budget import Budget
from .._core.seeds import as_seed_sequence
from .._core.validation import (
    check_choice,
    check_dim,
    check_int,
    check_nonnegative,
    check_positive,
)
from .._data.graph import graph_to_csr
from ._utils import (
    _given_positions,
    check_center,
    check_scale,
    fill_positions,
    finish_layout,
    process_graph,
    trivial_layout,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Mapping

    import networkx as nx

    from .._core.estimates import Estimate
    from .._core.typing import FloatArray, GraphLike, PosDict, SparseLike

    Rule = Callable[[Any, "Frame", str], Any]

P = ParamSpec("P")

__all__ = [
    "Frame",
    "layout_frame",
    "fill_doc",
    "DOC_PARTS",
    "int_rule",
    "positive_rule",
    "nonnegative_rule",
    "choice_rule",
    "unweighted_rule",
    "edge_attribute_rule",
    "STAGES",
]

#: the stages of a layout that draw random numbers, each from its own child stream of the
#: call's seed (:meth:`Frame.stream`); the index of a stage is its place here, fixed forever
STAGES = ("start", "run", "finish", "sample", "tloe")


# ---------------------------------------------------------------------------------------------
# parameter rules: ``rule(value, frame, name) -> checked value``, raising on bad input

def int_rule(minimum: int | Callable[[Frame], int] | None = None, *,
             auto: Any = None, none: bool = False) -> Rule:
    """An integer ``>= minimum`` (a number, or a function of the frame, e.g. of ``dim``).
    ``auto``: the string ``"auto"`` is allowed and replaced by ``auto(frame)``; ``none``:
    ``None`` passes unchanged."""

    def rule(value: Any, frame: Frame, name: str) -> Any:
        if value is None and none:
            return None
        if auto is not None and isinstance(value, str) and value == "auto":
            value = auto(frame)
        low = minimum(frame) if callable(minimum) else minimum
        return check_int(value, name, minimum=low)

    return rule


def positive_rule(*, none: bool = False) -> Rule:
    """A finite number > 0 (``none``: or ``None``)."""

    def rule(value: Any, frame: Frame, name: str) -> Any:
        return check_positive(value, name, allow_none=none)

    return rule


def nonnegative_rule(none: bool = False) -> Rule:
    """A finite number >= 0 (or ``None`` when ``none``)."""

    def rule(value: Any, frame: Frame, name: str) -> Any:
        if none and value is None:
            return None
        return check_nonnegative(value, name)

    return rule


def choice_rule(*choices: Any) -> Rule:
    """One of ``choices``."""

    def rule(value: Any, frame: Frame, name: str) -> Any:
        return check_choice(value, name, choices)

    return rule


def unweighted_rule(what: str = "uses the unweighted adjacency") -> Rule:
    """``weight`` of a layout that ignores edge weights: only ``None``."""

    def rule(value: Any, frame: Frame, name: str) -> Any:
        if value is not None:
            raise ValueError(f"{frame.name} {what}; weight must be None, got {value!r}")
        return value

    return rule


def edge_attribute_rule() -> Rule:
    """``weight`` naming an edge attribute, or ``None``."""

    def rule(value: Any, frame: Frame, name: str) -> Any:
        if value is not None and not isinstance(value, str):
            raise TypeError(f"weight must be an edge attribute name or None, got {value!r}")
        return value

    return rule


# ---------------------------------------------------------------------------------------------
# the frame


class Frame:
    """What a layout's algorithm works on: the graph in node order and the checked common
    arguments.

    Attributes
    ----------
    name : str
        The layout's name (``"loe_layout"``), for messages.
    G : networkx.Graph
    nodes : list
        The node order: rows of every array.
    n, dim : int
    seed : numpy.random.SeedSequence
        The call's seed, converted once (:func:`nx_ordinal.utils.as_seed_sequence`); the
        stages draw from its children (:meth:`stream`).
    remove_overlap : bool
        Whether :meth:`finish` separates nearly coincident nodes; an algorithm may turn it
        off for its result (e.g. a fallback that returns its start).
    overlap_seed : Generator
        Where that separation draws its random choices (the ``"finish"`` stream).
    budget : Budget
        The call's time budget (``_core.budget.Budget``): its ``max_time`` (when the
        layout has one) from the moment the public call began, before the graph was read.
        The algorithm hands it (or a :meth:`~Budget.reserve` of it) to its solvers and
        trackers; :meth:`finish` separates no more overlaps past its deadline.
    """

    def __init__(self, name: str, G: nx.Graph, nodes: list[Hashable], dim: int,
                 seed: np.random.SeedSequence | None = None, pos: Any = None,
                 t_start: float | None = None) -> None:
        self.name = name
        self.G = G
        self.nodes = nodes
        self.n = len(nodes)
        self.dim = dim
        self.seed = np.random.SeedSequence(0) if seed is None else seed  # unseeded layouts
        self.remove_overlap = False
        self.overlap_seed = self.stream("finish")
        self.budget = Budget(None, t_start)  # given its max_time once the rules checked it
        self._pos = pos
        self._given: tuple[FloatArray, np.ndarray] | None = None
        self._A: SparseLike | None = None

    def stream(self, stage: str, *index: int) -> np.random.Generator:
        """A new Generator for ``stage`` (one of :data:`STAGES`; ``index`` numbers its parts,
        e.g. runs): the child of :attr:`seed` with spawn key ``(STAGES.index(stage),
        *index)``.  The same call gives the same stream whatever the other stages drew, so
        no stage's draws shift another's.  O(1)."""
        key = (*self.seed.spawn_key, STAGES.index(stage), *index)
        child = np.random.SeedSequence(self.seed.entropy, spawn_key=key,
                                       pool_size=self.seed.pool_size)
        return np.random.default_rng(child)

    @property
    def directed(self) -> bool:
        return bool(self.G.is_directed())

    def adjacency(self) -> Any:
        """The CSR (out-)adjacency in node order, built once (``constraints.graph_to_csr``):
        the matrix the algorithm and :meth:`finish` share."""
        if self._A is None:
            self._A = graph_to_csr(self.G, self.nodes)[0]
        return self._A

    def validate_pos(self) -> None:
        """Check ``pos`` (types, shapes, finiteness of the given rows); draws nothing."""
        self._given = _given_positions(self._pos, self.nodes, self.dim)

    @property
    def has_pos(self) -> bool:
        return self._given is not None

    def start(self, rng: Any = None, *, fill_scale: float = 1.0) -> FloatArray | None:
        """The ``(n, dim)`` start that ``pos`` gives, or ``None`` without ``pos``.  Nodes
        missing from ``pos`` get uniform random positions spread like the given ones (in
        ``[0, fill_scale)^dim`` when none are given), drawn from ``rng`` -- only then is
        anything drawn."""
        if self._given is None:
            return None
        X, given = self._given
        return fill_positions(X, given, rng, fill_scale=fill_scale)

    def finish(self, X: Any, *, scale: float | None = 1.0, center: FloatArray | None = None,
               store_pos_as: str | None = None) -> PosDict:
        """The layout's positions from the ``(n, dim)`` array ``X``: non-finite rows
        replaced by the mean of the finite ones, nearly coincident nodes separated (when
        :attr:`remove_overlap`; random choices from :attr:`overlap_seed`), rescaled, shifted by
        ``center``, in node order, stored under ``store_pos_as`` if asked."""
        return finish_layout(self.G, self.nodes, X, scale=scale, center=center,
                             store_pos_as=store_pos_as, remove_overlap=self.remove_overlap,
                             seed=self.overlap_seed,
                             A=self.adjacency() if self.remove_overlap else None,
                             deadline=self.budget.deadline)


# ---------------------------------------------------------------------------------------------
# shared docstring paragraphs

DOC_PARTS: dict[str, str] = {
    "scale": """scale : number or None, default 1
    Scale factor for positions (as :func:`networkx.rescale_layout`): the largest
    absolute coordinate after centring.  None: no rescaling (the layout's own units,
    shifted by ``center``), as in :func:`networkx.spring_layout`.""",
    "center": """center : array-like or None
    Coordinates around which to center the layout (default the origin).""",
    "dim": """dim : int, default 2
    Dimension of the layout.""",
    "seed": """seed : int, RandomState instance, Generator or None
    Random state.  Same seed, same layout, in any process.""",
    "store_pos_as": """store_pos_as : str or None
    Also store each position as the node attribute of that name.""",
    "remove_overlap": """remove_overlap : bool, default True
    Finally separate nodes closer than a tenth of the median edge length (coincident
    ones included; the edges between closed twins, nodes that see the same nodes, left
    out of the median) without changing how many of its neighbours each node's nearest
    points recover (GARI is unchanged).  ``False``: the solver's drawing.""",
    "verbose": """verbose : bool
    Show a progress bar.""",
}

_TOKEN = re.compile(r"^(?P<indent>[ ]*)\{(?P<name>[a-z_]+)\}[ ]*$", re.MULTILINE)


def fill_doc(doc: str | None, parts: Mapping[str, str] | None = None) -> str | None:
    """``doc`` with every line that is only ``{name}`` (a key of ``parts``, default
    :data:`DOC_PARTS`) replaced by that paragraph, indented like the line.  ``None`` (docstrings
    stripped by ``python -OO``) stays ``None``."""
    if doc is None:
        return None
    table = DOC_PARTS if parts is None else parts

    def sub(m: re.Match[str]) -> str:
        name = m.group("name")
        if name not in table:
            return m.group(0)
        ind = m.group("indent")
        return "\n".join(ind + line if line else line for line in table[name].splitlines())

    return _TOKEN.sub(sub, doc)


# ---------------------------------------------------------------------------------------------
# the decorator

_COMMON = ("scale", "center", "dim", "store_pos_as")


def layout_frame(
    *,
    rules: Mapping[str, Rule] | None = None,
    memory: Callable[[Frame, dict[str, Any]], Estimate | None] | None = None,
) -> Callable[[Callable[Concatenate[Frame, P], Any]], Callable[Concatenate[GraphLike, P], PosDict]]:
    """Turn ``algorithm(frame, pos=None, *, ...) -> (n, dim) array`` into the public layout
    ``f(G, pos=None, *, ...) -> dict`` (see the module docstring for what it does around the
    algorithm).  ``rules``: ``{parameter: rule}``, checked in this order after ``dim``,
    ``center`` and ``scale``; ``memory(frame, kwargs)``: the layout's memory estimate."""

    rules = dict(rules or {})

    def decorate(algorithm: Callable[..., Any]) -> Callable[..., PosDict]:
        sig = inspect.signature(algorithm)
        params = list(sig.parameters.values())
        if [p.name for p in params[:2]] != ["frame", "pos"]:
            raise TypeError(f"{algorithm.__name__}: the algorithm takes (frame, pos, ...)")
        missing = [p for p in (*_COMMON, *rules) if p not in sig.parameters]
        if missing:
            raise TypeError(f"{algorithm.__name__}: no parameter {missing[0]!r}")
        # the public call takes a graph and returns {node: position}, whatever the
        # algorithm's own (frame, ...) -> array signature says
        public = sig.replace(parameters=[
            inspect.Parameter("G", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                              annotation="GraphLike"), *params[1:]],
            return_annotation="PosDict")
        name = algorithm.__name__
        has_overlap = "remove_overlap" in sig.parameters

        @functools.wraps(algorithm)
        def layout(*args: Any, **kwargs: Any) -> PosDict:
            t_start = time.perf_counter()
            bound = public.bind(*args, **kwargs)
            bound.apply_defaults()
            kw = dict(bound.arguments)
            G, nodes = process_graph(kw.pop("G"))
            dim = kw["dim"] = check_dim(kw["dim"])
            center = kw["center"] = check_center(kw["center"], dim)
            scale = kw["scale"] = check_scale(kw["scale"])
            if "seed" in kw:  # converted once, here; the stages draw from its children
                kw["seed"] = as_seed_sequence(kw["seed"])
            frame = Frame(name, G, nodes, dim, kw.get("seed"), kw["pos"], t_start)
            for key, rule in rules.items():
                kw[key] = rule(kw[key], frame, key)
            if "max_time" in kw:  # the call's budget, from its start (checked once, here)
                kw["max_time"] = check_positive(kw["max_time"], "max_time", allow_none=True)
                frame.budget = Budget(kw["max_time"], t_start)
            frame.validate_pos()
            if frame.n <= 1:
                return trivial_layout(G, nodes, dim, center, kw["store_pos_as"])
            if memory is not None:
                est = memory(frame, kw)
                if est is not None:
                    est.check()
            frame.remove_overlap = bool(has_overlap and kw["remove_overlap"])
            X = algorithm(frame, **kw)
            return frame.finish(X, scale=scale, center=center, store_pos_as=kw["store_pos_as"])

        layout.__signature__ = public  # type: ignore[attr-defined]
        # networkx's argmap (np_random_state) compiles a wrapper from the signature and
        # copies the defaults from here
        layout.__defaults__ = algorithm.__defaults__  # type: ignore[attr-defined]
        layout.__kwdefaults__ = algorithm.__kwdefaults__  # type: ignore[attr-defined]
        layout.__doc__ = fill_doc(algorithm.__doc__)
        layout.__annotations__ = {**{k: v for k, v in algorithm.__annotations__.items()
                                     if k != "frame"}, "G": "GraphLike", "return": "PosDict"}
        return layout

    return decorate  # type: ignore[return-value]

