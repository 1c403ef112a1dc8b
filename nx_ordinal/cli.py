"""The nx-ordinal command line: ``demo``, ``draw``, ``compare`` and ``gallery``.

Everything that can be checked before a layout runs is checked first (input file, output
folder and extension, ``--dim`` against the output format, the method and its ``-p``
parameters, the drawing options), so a mistake costs well under a second, not a layout.
Errors are one line ``nx-ordinal: error: ...`` with exit status 2; Ctrl-C leaves no output
file and exits with status 130.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["main", "build_parser", "parse_params"]

DESCRIPTION = ("Draw graphs from ordinal information: lay out a graph file with local "
               "ordinal embedding (LOE) and related methods or a classical layout, compare "
               "layouts by GARI, or run the gallery of paper figures.")
PICTURE_FORMATS = (".png", ".svg", ".pdf")
#: positions files of ``draw -o`` (:func:`nx_ordinal.io.write_layout`) and the interactive view
LAYOUT_OUTPUTS = (".json", ".gexf", ".graphml")
VIEW_FORMAT = ".html"
COLOR_CHOICES = ("gari", "degree", "component", "none")
#: the footnote of ``compare``'s table
ERR_LOCAL_NOTE = (
    "GARI: graph neighbours among the nearest nodes in the drawing, corrected for chance\n"
    "(1 = all of them, 0 = as by chance).  Long edges: the 99th-percentile drawn edge\n"
    "length over the median (a drawing torn into pieces joined by long edges: tens; one\n"
    "kept whole: below 10).  Err_local: the sum of Err_local's hinge losses over the\n"
    "graph's ordinal constraints (delta 0.1, drawing scaled to unit RMS radius); lower is\n"
    "better; it grows with the graph: compare it within one graph.  It is the objective of\n"
    "loe's Err_local stage only (objective='hinge'); loe's default drawing mostly comes\n"
    "from t-LOE (its own objective over the same comparisons; Err_local's on small,\n"
    "geometric and kNN graphs) and every other method minimises its own objective, so it\n"
    "is a common yardstick, not what each method optimised.")
#: exit status of a gallery script that skipped its figure (a data file is absent)
GALLERY_SKIPPED = 77


class _Interrupt:
    """Remembers a Ctrl-C that a solver caught (it then returns its best iterate with an
    ``InterruptedWarning``), so the command still stops before writing anything."""

    seen = False

    @classmethod
    def handler(cls, signum: int, frame: Any) -> None:
        cls.seen = True
        raise KeyboardInterrupt

    @classmethod
    def check(cls) -> None:
        if cls.seen:
            raise KeyboardInterrupt


class _Ticker:
    """For layouts without a progress display of their own: after the first second, one
    updating line ``nx-ordinal: <what> (N s)`` on stderr, cleared at the end; when stderr is
    not a terminal (a file, a pipe), a plain line every ten seconds instead, left as is."""

    #: seconds between two lines when stderr is not a terminal
    PLAIN_INTERVAL = 10.0

    def __init__(self, what: str, enabled: bool = True) -> None:
        self.what = what
        self.enabled = enabled
        self.width = 0

    def _run(self) -> None:
        import time

        start = time.monotonic()
        interval = 1.0 if self.tty else self.PLAIN_INTERVAL
        while not self._stop.wait(interval):
            text = f"nx-ordinal: {self.what} ({time.monotonic() - start:.0f} s)"
            if self.tty:
                self.width = max(self.width, len(text))
                self.stream.write("\r" + text)
            else:
                self.stream.write(text + "\n")
            self.stream.flush()

    def __enter__(self) -> _Ticker:
        import threading

        from ._core.progress import is_terminal

        if self.enabled:
            self.stream = sys.stderr
            self.tty = is_terminal(self.stream)
            self._stop = threading.Event()
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._stop.set()
            self._thread.join()
            if self.width:
                self.stream.write("\r" + " " * self.width + "\r")
                self.stream.flush()


def _version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("nx_ordinal")
    except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        from . import __version__

        return __version__


def parse_params(items: Sequence[str] | None) -> dict[str, Any]:
    """``-p KEY=VALUE`` options as a dict; values are Python literals (numbers, strings,
    tuples, None, True/False), anything else is taken as a plain string.

    Examples
    --------
    >>> parse_params(["max_iter=50", "init=spectral", "n_init=2", "delta=1e-2"])
    {'max_iter': 50, 'init': 'spectral', 'n_init': 2, 'delta': 0.01}
    """
    import ast

    out: dict[str, Any] = {}
    for item in items or ():
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise ValueError(f"-p expects KEY=VALUE with KEY a parameter name, got {item!r}")
        if key in out:
            raise ValueError(f"-p {key} given twice")
        try:
            value = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            value = text.strip()
        out[key] = value
    return out


#: method parameters the command line sets itself -> what to say when given with -p
_CLI_OWNED = {"dim": "use --dim instead", "seed": "use --seed instead",
              "verbose": "use --quiet instead",
              "pos": "initial positions cannot be given on the command line"}


#: registry wrappers that take ``**kw`` and hand them to a networkx drawer: their ``-p`` keys
#: and values are checked against that drawer's signature
_NX_TARGETS = {"spring": "spring_layout", "forceatlas2": "forceatlas2_layout",
               "kamada_kawai": "kamada_kawai_layout", "spectral": "spectral_layout",
               "arf": "arf_layout"}


def _parameters(name: str, func: Callable[..., Any]) -> tuple[dict[str, Any], bool]:
    """The keyword parameters (``inspect.Parameter`` by name) that ``-p`` may set for the
    layout ``name``, and whether it takes any other keyword too (``**kwargs`` handed on to
    something whose parameters are unknown here: igraph, Graphviz attributes, t-SNE)."""
    import inspect

    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):  # builtins without a signature: let the call decide
        return {}, True
    kinds = inspect.Parameter
    found = {p.name: p for i, p in enumerate(sig.parameters.values())
             if i > 0 and p.kind in (kinds.POSITIONAL_OR_KEYWORD, kinds.KEYWORD_ONLY)}
    if not any(p.kind is kinds.VAR_KEYWORD for p in sig.parameters.values()):
        return found, False
    target = _NX_TARGETS.get(name)
    if target is None or not getattr(func, "__module__", "").startswith("nx_ordinal."):
        return found, True
    import networkx as nx

    inner, other = _parameters(target, getattr(nx, target))
    return {**inner, **found}, other


def _annotation_types(param: Any) -> set[str] | None:
    """The simple types a parameter takes, from its annotation (``"float | None"``) or, for
    an unannotated one, from a numeric or boolean default; None when not known."""
    import inspect

    ann = param.annotation
    if ann is inspect.Parameter.empty:
        default = param.default
        if isinstance(default, bool):
            return {"bool"}
        if isinstance(default, (int, float)):
            return {"int", "float"}
        return None
    if not isinstance(ann, str):
        ann = getattr(ann, "__name__", str(ann))
    parts = {t.strip() for t in ann.split("|")}
    return parts if parts <= {"int", "float", "str", "bool", "None"} else None


def _value_fits(value: Any, types: set[str]) -> bool:
    if value is None:
        return "None" in types
    if isinstance(value, bool):
        return bool(types & {"bool", "int"})
    if isinstance(value, int):
        return bool(types & {"int", "float"})
    if isinstance(value, float):
        return "float" in types
    if isinstance(value, str):
        return "str" in types
    return False


def _check_value(name: str, param: Any, value: Any) -> None:
    types = _annotation_types(param)
    if types is None or _value_fits(value, types):
        return
    order = [t for t in ("bool", "int", "float", "str", "None") if t in types]
    wanted = " or ".join(order)
    raise ValueError(f"-p {param.name}={value!r}: layout {name!r} takes {wanted} for "
                     f"{param.name}, got {type(value).__name__}")


def _check_params(name: str, func: Callable[..., Any], params: dict[str, Any]) -> None:
    """Every ``-p`` key must be a keyword parameter of ``func`` (unless it takes
    ``**kwargs``), none of the keys the command line sets itself, and each value of a type
    the parameter takes (as far as its annotation or default says)."""
    _method_params([(name, func)], params, keep_going=False)


def _method_params(layouts: Sequence[tuple[str, Callable[..., Any]]], params: dict[str, Any],
                   keep_going: bool) -> dict[str, dict[str, Any]]:
    """The ``-p`` parameters of each layout (name, callable), checked before any work.

    A key that no layout takes, or a value of a type its parameter does not take, is an
    error.  A key that only some layouts take is an error naming the others, unless
    ``keep_going``: then it goes to those that take it, and a line on stderr says so.
    """
    for key in params:
        if key in _CLI_OWNED:
            raise ValueError(f"-p {key}=...: {_CLI_OWNED[key]}")
    known = {name: _parameters(name, func) for name, func in layouts}
    out: dict[str, dict[str, Any]] = {name: {} for name, _ in layouts}
    for key, value in params.items():
        takers = [name for name, (found, other) in known.items() if key in found or other]
        if not takers:
            if len(known) == 1:
                name, (found, _) = next(iter(known.items()))
                usable = ", ".join(n for n in found if n not in _CLI_OWNED)
                raise ValueError(f"layout {name!r} has no parameter {key!r}; its parameters: "
                                 f"{usable}")
            raise ValueError(f"-p {key}: none of the layouts {_names(list(known))} has a "
                             f"parameter {key!r}")
        for name in takers:
            param = known[name][0].get(key)
            if param is not None:
                _check_value(name, param, value)
            out[name][key] = value
        others = [name for name in known if name not in takers]
        if others and not keep_going:
            raise ValueError(f"-p {key}: {'layout' if len(others) == 1 else 'layouts'} "
                             f"{_names(others)} {'has' if len(others) == 1 else 'have'} no "
                             f"parameter {key!r}, only {_names(takers)}; --keep-going gives "
                             "it only to the layouts that take it")
        if others:
            print(f"nx-ordinal compare: -p {key} goes only to {_names(takers)} "
                  f"({_names(others)} {'has' if len(others) == 1 else 'have'} no such "
                  "parameter)", file=sys.stderr)
    return out


def _names(names: Sequence[str]) -> str:
    return ", ".join(repr(n) for n in names)


def _takes(func: Callable[..., Any], name: str) -> bool:
    import inspect

    try:
        return name in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


def _positive(text: str | float | None, option: str) -> float | None:
    import math

    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{option} must be a positive number, got {text!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{option} must be a positive number, got {text!r}")
    return value


def _figsize(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    parts = text.replace("x", ",").split(",")
    if len(parts) != 2:
        raise ValueError(f"--size expects WIDTH,HEIGHT in inches, got {text!r}")
    w, h = (_positive(p.strip(), "--size") for p in parts)
    return (float(w), float(h))  # type: ignore[arg-type]


def _check_output(path: str, allowed: Sequence[str], dim: int | None = None) -> str:
    """Extension, ``dim`` against the format, and a writable folder; returns the
    extension."""
    from .io import check_output_path

    ext = os.path.splitext(path)[1].lower()
    if ext not in allowed:
        names = ", ".join(allowed[:-1]) + " or " + allowed[-1] if len(allowed) > 1 else allowed[0]
        raise ValueError(f"output must end in {names}, got {path!r}")
    if dim is not None and ext in PICTURE_FORMATS and dim > 3:
        raise ValueError(f"can draw only dim <= 3 to {ext}, got --dim {dim}")
    if dim is not None and ext in (".gexf", ".graphml") and dim > 3:
        raise ValueError(f"{ext} stores only dim <= 3, got --dim {dim}")
    if dim is not None and ext == VIEW_FORMAT and dim > 2:
        raise ValueError(f"the {ext} view draws only dim <= 2, got --dim {dim}")
    check_output_path(path)
    return ext


def _check_dim(dim: int) -> int:
    from ._core.validation import check_dim

    return check_dim(dim)


def _read_input(path: str, largest: bool = False) -> Any:

    from .io import read_graph

    G = read_graph(path)
    if G.number_of_nodes() == 0:
        raise ValueError(f"graph in {path!r} has no nodes")
    if largest:
        G = _induced(G, _largest_component(G))
    return G


def _uses_direction(method: str) -> bool:
    """Whether a layout method reads edge direction (the package's ordinal methods use
    out-neighbourhoods; the classical drawers see an undirected graph)."""
    from .registry import get_entry

    return get_entry(method).ordinal


def _largest_component(G: Any) -> set[Any]:
    import networkx as nx

    conn = nx.weakly_connected_components if G.is_directed() else nx.connected_components
    return max(conn(G), key=len)


def _induced(G: Any, keep: set[Any]) -> Any:
    """The subgraph induced by ``keep``, a copy whose nodes and edges are in ``G``'s order.

    ``G.subgraph(keep)`` iterates ``keep`` (a set: hash order for string names) when it is
    less than half of ``G``, and a layout follows the node order.
    """
    H = G.copy()
    H.remove_nodes_from([v for v in G if v not in keep])
    return H


def _check_cmap(name: str | None, color: str | None = None) -> str | None:
    """A matplotlib colour map name for ``--cmap``, checked (with ``--color``)."""
    if name is None:
        return None
    import matplotlib

    if name not in matplotlib.colormaps:
        import difflib

        close = difflib.get_close_matches(name, list(matplotlib.colormaps), n=3)
        raise ValueError(f"unknown colour map {name!r} for --cmap"
                         + (f"; did you mean {', '.join(close)}?" if close
                            else "; e.g. viridis, plasma, RdYlBu, coolwarm"))
    if color is not None and color not in ("gari", "degree"):
        raise ValueError(f"--cmap colours --color gari or degree, got --color {color}")
    return name


def _drawing_options(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword arguments of :func:`nx_ordinal.plot.draw_layout` from the options, checked
    (``title`` is None unless ``--title`` is given)."""
    return {
        "figsize": _figsize(args.size),
        "node_size": _positive(args.node_size, "--node-size"),
        "labels": args.labels,
        "color_by": None if args.color == "none" else args.color,
        "cmap": _check_cmap(args.cmap, args.color),
        "colorbar": args.colorbar,
        "title": args.title,
    }


def _save(fig: Any, path: str, dpi: float | None) -> None:
    import matplotlib.pyplot as plt

    from .plot import save_figure

    _Interrupt.check()
    try:
        save_figure(fig, path, dpi=dpi or 150)
    finally:
        plt.close(fig)


def _demo(args: argparse.Namespace) -> int:
    import networkx as nx

    from . import gari
    from .layouts import loe_layout
    from .registry import layout

    if args.output:
        _check_output(args.output, PICTURE_FORMATS)
    graphs = [
        ("Frucht", nx.frucht_graph(), 2),
        ("Desargues", nx.LCF_graph(20, [5, -5, 9, -9], 5), 3),
    ]
    drawers = [
        ("loe", lambda G, d: loe_layout(G, dim=d, seed=args.seed)),
        ("spring", lambda G, d: nx.spring_layout(G, dim=d, seed=args.seed)),
        ("kamada_kawai", lambda G, d: layout(G, method="kamada_kawai", dim=d)),
    ]
    results = {}
    print(f"{'graph':<12}{'dim':>4}" + "".join(f"{name:>14}" for name, _ in drawers))
    for gname, G, d in graphs:
        row = []
        for name, f in drawers:
            pos = f(G, d)
            results[(gname, name)] = pos
            row.append(gari(G, pos))
        print(f"{gname:<12}{d:>4}" + "".join(f"{v:>14.3f}" for v in row))
    if args.output:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        from .plot import draw_layout

        fig = plt.figure(figsize=(12, 8))
        for r, (gname, G, d) in enumerate(graphs):
            for c, (name, _) in enumerate(drawers):
                pos = results[(gname, name)]
                ax = fig.add_subplot(len(graphs), len(drawers), r * len(drawers) + c + 1,
                                     projection="3d" if d == 3 else None)
                draw_layout(G, pos, ax, node_size=25, edge_width=0.8, labels=False,
                            title=f"{gname} {d}-D, {name}\nGARI {gari(G, pos):.2f}")
        if args.title:
            fig.suptitle(args.title)
        fig.tight_layout()
        _save(fig, args.output, 110)
        print(f"wrote {args.output}")
    return 0


def _prepare_layout(name: str, args: argparse.Namespace,
                    params: dict[str, Any]) -> tuple[Callable[..., Any], dict[str, Any]]:
    """The layout callable of ``name`` and its keyword arguments, checked."""
    from .registry import get_entry

    entry = get_entry(name)
    func = entry.load()
    _check_params(name, func, params)
    return func, _verbose(func, params, args)


def _verbose(func: Callable[..., Any], params: dict[str, Any],
             args: argparse.Namespace) -> dict[str, Any]:
    """``params`` plus ``verbose=True`` for a layout that takes it, unless ``--quiet``."""
    kw = dict(params)
    if not args.quiet and _takes(func, "verbose"):
        kw["verbose"] = True
    return kw


def _draw(args: argparse.Namespace) -> int:
    from .io import check_input_path
    from .metrics import gari
    from .registry import get_entry

    dim = _check_dim(args.dim)
    check_input_path(args.input)
    ext = _check_output(args.output, (*PICTURE_FORMATS, *LAYOUT_OUTPUTS, VIEW_FORMAT), dim)
    if ext == VIEW_FORMAT and args.color not in ("gari", "none"):
        raise ValueError(f"the {ext} view colours nodes by gari or none, got --color "
                         f"{args.color}")
    params = parse_params(args.param)
    func, kw = _prepare_layout(args.method, args, params)
    options = _drawing_options(args)
    dpi = _positive(args.dpi, "--dpi")
    G = _read_input(args.input, args.largest_component)
    kw["dim"] = dim
    if get_entry(args.method).takes_seed:
        kw["seed"] = args.seed
    ticker = not args.quiet and "verbose" not in kw and not _takes(func, "verbose")
    with _Ticker(f"{args.method} running", enabled=ticker):
        pos = func(G, **kw)
    _Interrupt.check()
    score = gari(G, pos)
    record = {k: v for k, v in kw.items() if k != "verbose"}
    if ext in LAYOUT_OUTPUTS:
        from .io import write_layout

        write_layout(args.output, pos, method=args.method, parameters=record,
                     metrics={"gari": score}, graph=G,
                     color_by=None if args.color == "none" else args.color)
    elif ext == VIEW_FORMAT:
        from .plot import GARI_CMAP
        from .view import write_html

        _Interrupt.check()
        title = options["title"]
        if title is None:
            title = f"{os.path.basename(args.input)}: {args.method}"
        write_html(G, pos, args.output, title=title, cmap=options["cmap"] or GARI_CMAP,
                   color_by=None if args.color == "none" else "gari")
    else:
        import matplotlib

        matplotlib.use("Agg")
        from .plot import display_name, draw_layout

        # the method's name, then what the drawing keeps (issue 34: formal titles)
        what = "largest component, " if args.largest_component else ""
        nodes = f"{G.number_of_nodes()} node{'s' * (G.number_of_nodes() != 1)}"
        title = display_name(args.method) + "\n"
        if math.isnan(score):  # no edges: no neighbourhood to keep
            title += f"{what}{nodes}, no edges"
        else:
            title += f"GARI {score:.3f}, {what}{nodes}"
            main = _largest_component(G)
            if len(main) < len(G):  # small components are easy: say how the main one fares
                title += (f" (largest component, {len(main)} nodes: "
                          f"{gari(_induced(G, main), pos):.3f})")
        if G.is_directed() and not _uses_direction(args.method):
            title += "\nedge direction ignored: drawn as undirected"
        if options["title"] is not None:  # --title replaces it
            title = options["title"]
        ax = draw_layout(G, pos, **{**options, "title": title})
        _save(ax.figure, args.output, dpi)
    print(f"wrote {args.output} ({args.method}, "
          + ("no edges)" if math.isnan(score) else f"GARI {score:.3f})"))
    return 0


def _compare(args: argparse.Namespace) -> int:
    from .compare import DEFAULT_METHODS, compare_layouts, format_table
    from .io import check_input_path

    dim = _check_dim(args.dim)
    check_input_path(args.input)
    if args.output:
        _check_output(args.output, PICTURE_FORMATS, dim)
    # -m a b, -m a,b and -m a -m b all name the same methods, in order, each once
    names = args.methods or list(DEFAULT_METHODS)
    methods = list(dict.fromkeys(m for arg in names for m in arg.split(",") if m))
    params = parse_params(args.param)
    from .registry import get_entry

    funcs = [(m, get_entry(m).load()) for m in methods]
    checked = _method_params(funcs, params, args.keep_going)
    per_method = {m: _verbose(f, checked[m], args) for m, f in funcs}
    options = _drawing_options(args)  # checked even without -o
    dpi = _positive(args.dpi, "--dpi")
    G = _read_input(args.input, args.largest_component)
    rows = compare_layouts(G, methods, dim=dim, seed=args.seed, n_init=args.n_init,
                           params=per_method, keep_positions=bool(args.output))
    for r in rows:
        r["directed"] = _uses_direction(r["method"])
    _Interrupt.check()
    print(format_table(rows))
    print(ERR_LOCAL_NOTE)
    failed = [r for r in rows if r.get("error")]
    for r in failed:  # one clear line each, on stderr
        print(f"nx-ordinal compare: {r['method']} failed: {r['error']}", file=sys.stderr)
    if args.output and len(failed) < len(rows):
        _compare_figure(G, rows, args.output, options, dpi)
        print(f"wrote {args.output}" + (f" (without {', '.join(r['method'] for r in failed)})"
                                       if failed else ""))
    if failed and not args.keep_going:
        return 1
    return 0


def _compare_figure(G: Any, rows: list[dict[str, Any]], path: str, options: dict[str, Any],
                    dpi: float | None) -> None:
    """One panel per method that succeeded, each with its GARI."""
    import math

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from .plot import _renderer, arrange_components, display_name, draw_layout, panel_grid

    done = [r for r in rows if r.get("pos") is not None]
    if not done:
        raise ValueError("no method produced a layout; nothing to draw")
    # each panel as wide as its drawing: the main component's square plus the strip of the
    # smaller components beside it (same for every panel: it depends on the graph only)
    wide = 1.0
    first = next(iter(done[0]["pos"].values()))
    if len(first) <= 2 and G.number_of_edges():
        X = np.array([np.resize(np.asarray(done[0]["pos"][v], float), 2) for v in G])
        strip = arrange_components(G, X)[1]
        if strip is not None:
            wide = 1.0 + 1.1 * (strip[1] - strip[0] + 0.08)
    options = dict(options)
    color_by = options.get("color_by")
    suptitle = options.pop("title", None)
    bar = color_by in ("gari", "degree") and options.pop("colorbar", None) is not False
    # a caption line on top (--title, else the graph's size, once), a two-line title over
    # each panel (method, GARI), the colour bar at the bottom
    side, top, head, foot, gap = 4.6, (0.5 if suptitle else 0.3), 0.5, (0.85 if bar else 0.2), 0.1
    figsize = options.pop("figsize", None)
    if figsize is None:
        ncols = min(3, len(done))
        nrows = math.ceil(len(done) / ncols)
        figsize = (side * wide * ncols, side * nrows + head * nrows + foot + top)
    else:  # the grid that gives the largest panels (one row of 5 at 7 x 3)
        nrows, ncols = panel_grid(len(done), figsize[0] * 0.98, figsize[1] - top - foot,
                                  head=head, aspect=wide * (1 + gap))
    fig = plt.figure(figsize=figsize)
    W, H = fig.get_figwidth(), fig.get_figheight()
    # fixed margins (no tight_layout afterwards: the labels are placed in the final axes)
    ax_h = max((H - top - foot - nrows * head) / nrows, 0.1)
    grid = fig.add_gridspec(nrows, ncols, left=0.01, right=0.99, top=1 - (top + head) / H,
                            bottom=foot / H, wspace=gap, hspace=head / ax_h)
    if suptitle:
        fig.suptitle(suptitle, y=1 - 0.1 / H, va="top", fontsize="x-large")
    else:
        n, m = G.number_of_nodes(), G.number_of_edges()
        name = G.graph.get("name") or ""
        fig.suptitle(f"{name + ': ' if name else ''}{n} node{'s' * (n != 1)}, "
                     f"{m} edge{'s' * (m != 1)}", y=1 - 0.06 / H, va="top", fontsize=10)
    mappable = None
    axes = []
    for i, r in enumerate(done):
        three = len(next(iter(r["pos"].values()))) == 3
        ax = fig.add_subplot(grid[i // ncols, i % ncols], projection="3d" if three else None)
        title = f"{display_name(r['method'])}\nGARI {r['gari']:.3f}"
        if G.is_directed() and not r.get("directed", True):
            title += " (ignores edge direction)"
        draw_layout(G, r["pos"], ax, colorbar=False,
                    **{k: v for k, v in options.items() if k != "colorbar"})
        ax.set_title(title, fontsize=9, linespacing=1.15)
        axes.append(ax)
        mappable = next((c for c in ax.collections if c.get_array() is not None), mappable)
    # a title wider than its column gets a smaller font (down to 6 pt): titles never overlap
    renderer = _renderer(fig)
    pitch = (0.98 * W / ncols) * fig.dpi
    for ax in axes:
        wide_px = ax.title.get_window_extent(renderer).width
        if wide_px > 0.95 * pitch:
            ax.title.set_fontsize(max(6.0, 9.0 * 0.95 * pitch / wide_px))
    if bar and mappable is not None:  # one colour bar for all: the scale is the same
        label = ("fraction of graph neighbours among nearest neighbours" if color_by == "gari"
                 else "degree")
        w = min(0.4, 5.0 / W)
        cax = fig.add_axes((0.5 - w / 2, 0.3 / H, w, 0.14 / H))
        fig.colorbar(mappable, cax=cax, orientation="horizontal", label=label)
    _save(fig, path, dpi)


def _gallery_dir() -> Any:
    """The gallery scripts: shipped inside the package (``nx_ordinal/_gallery`` in a wheel),
    else the checkout's top-level ``gallery/``."""
    import pathlib
    from importlib.resources import files

    packaged = files("nx_ordinal").joinpath("_gallery")
    if packaged.is_dir():
        return pathlib.Path(str(packaged))
    return pathlib.Path(__file__).resolve().parents[1] / "gallery"


def _run_script(cmd: list[str], env: dict[str, str]) -> int:
    """Run one gallery script; its stderr is passed on until a Ctrl-C, which is forwarded
    to the script (in its own session, so the terminal's signal reaches only us): the script
    stops without writing its figure, and its traceback is not shown."""
    import codecs
    import signal
    import subprocess
    import threading

    proc = subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE, start_new_session=True)
    stop = threading.Event()

    def forward() -> None:
        decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        fd = proc.stderr.fileno()  # type: ignore[union-attr]
        for chunk in iter(lambda: os.read(fd, 4096), b""):
            if not stop.is_set():
                sys.stderr.write(decode(chunk))
                sys.stderr.flush()

    thread = threading.Thread(target=forward, daemon=True)
    thread.start()
    try:
        return proc.wait()
    except KeyboardInterrupt:
        stop.set()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        raise
    finally:
        thread.join(timeout=5)


def _has_small(script: Any) -> bool:
    """Whether a gallery script has tiny ``--small`` settings."""
    text = script.read_text(encoding="utf-8")
    return "--small" in text or "_common.parser(" in text


def _script_title(script: Any) -> str:
    """The first line of a gallery script's docstring (its page title)."""
    import ast

    try:
        doc = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
    except (OSError, SyntaxError, UnicodeDecodeError):
        return ""
    return doc.strip().split("\n")[0].strip()


def _gallery(args: argparse.Namespace) -> int:
    folder = _gallery_dir()
    scripts = sorted(folder.glob("plot_*.py")) if folder.is_dir() else []
    if not scripts:
        raise OSError(f"no gallery scripts found in {str(folder)!r}")
    if args.list:
        names = [s.stem.removeprefix("plot_") for s in scripts]
        width = max(len(n) for n in names)
        for name, script in zip(names, scripts, strict=True):
            print(f"{name:<{width}}  {_script_title(script)}"
                  + ("" if _has_small(script) else "  [no --small]"))
        return 0
    if args.only:
        wanted = {args.only, f"{args.only}.py", f"plot_{args.only}.py",
                  f"plot_{args.only}"}
        scripts = [s for s in scripts if s.name in wanted or s.stem in wanted]
        if not scripts:
            known = ", ".join(s.stem.removeprefix("plot_")
                              for s in sorted(folder.glob("plot_*.py")))
            raise ValueError(f"no gallery script {args.only!r}; available: {known}")
    os.makedirs(args.out, exist_ok=True)
    env = dict(os.environ)
    # a Ctrl-C caught by a solver inside a script stops the script instead of letting it
    # write the half-optimised figure
    env["NX_ORDINAL_INTERRUPT"] = "raise"
    failed, skipped, ran = [], [], 0
    for script in scripts:
        cmd = [sys.executable, str(script), "--out", args.out]
        if args.small:
            if not _has_small(script):
                print(f"skipping {script.name} (no --small setting)", flush=True)
                skipped.append(script.name)
                continue
            cmd.append("--small")
        print(f"running {script.name}", flush=True)
        code = _run_script(cmd, env)
        _Interrupt.check()
        if code == GALLERY_SKIPPED:
            skipped.append(script.name)
        elif code != 0:
            failed.append(script.name)
        else:
            ran += 1
    which = f" ({', '.join(skipped)})" if skipped else ""
    print(f"gallery: {ran} made, {len(skipped)} skipped{which}, {len(failed)} failed",
          flush=True)
    if failed:
        print(f"nx-ordinal: error: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def _wrap(text: str) -> str:
    """A subcommand's description wrapped to the terminal's width (at most 79 columns): its
    parser keeps line breaks as written, for the epilog's table."""
    import shutil
    import textwrap

    width = max(40, min(79, shutil.get_terminal_size((80, 24)).columns - 2))
    return textwrap.fill(text, width)


def _methods_epilog() -> str:
    from .registry import describe_layouts

    lines = ["registered layout methods (-m):"]
    lines += [f"  {name:<13} {desc}" for name, desc, _ in describe_layouts()]
    lines.append("")
    lines.append("method parameters: -p KEY=VALUE (repeatable; Python literals), e.g. "
                 "-p max_iter=200 -p n_init=1 -p max_time=30")
    return "\n".join(lines)


def _add_drawing_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("drawing")
    g.add_argument("--size", metavar="W,H", help="figure size in inches (default: 7 high, "
                   "wider when small components get a strip)")
    g.add_argument("--dpi", help="resolution of PNG output (default 150)")
    g.add_argument("--node-size", metavar="AREA",
                   help="marker area in points^2 (default: shrinks with the number of nodes)")
    g.add_argument("--labels", action=argparse.BooleanOptionalAction, default=None,
                   help="node labels (default: only for graphs of up to 60 nodes)")
    g.add_argument("--color", choices=COLOR_CHOICES, default="gari",
                   help="node colours: gari = fraction of graph neighbours among the nearest "
                        "neighbours in the drawing (colour bar), degree (colour bar), "
                        "component (legend), none (default gari)")
    g.add_argument("--cmap", metavar="NAME",
                   help="matplotlib colour map of --color gari or degree (default: RdYlBu "
                        "for gari, viridis for degree)")
    g.add_argument("--colorbar", action=argparse.BooleanOptionalAction, default=None,
                   help="the colour bar of --color gari or degree (default: drawn when the "
                        "colours vary)")
    g.add_argument("--title", metavar="TEXT",
                   help="title of the picture, replacing the default (method and GARI); "
                        "'' for none")


def _add_layout_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dim", type=int, default=2, help="dimension of the layout (default 2)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE",
                   help="method parameter (repeatable), checked against the method's "
                        "signature before any work; compare gives it to every method")
    p.add_argument("--largest-component", action="store_true",
                   help="lay out and draw only the largest (weakly) connected component")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress display on stderr")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also state each solver's memory estimate on stderr")


def _graph_command(sub: Any, name: str, epilog: str, *, help: str,
                   description: str) -> argparse.ArgumentParser:
    """The parser of a subcommand that lays out a graph file (``draw``, ``compare``), with its
    ``input`` positional and the methods table as epilog; the command adds its own options,
    then :func:`_add_graph_options`."""
    p = sub.add_parser(name, help=help, description=_wrap(description), epilog=epilog,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", help="graph file: edge list, .adjlist, Pajek .net, .graphml, .gexf, "
                                 ".gml, node-link .json or Matrix Market .mtx")
    return p


def _add_graph_options(p: argparse.ArgumentParser,
                       func: Callable[[argparse.Namespace], int]) -> None:
    """The layout and drawing options of a :func:`_graph_command`, after its own; ``func``
    runs the command."""
    _add_layout_options(p)
    _add_drawing_options(p)
    p.set_defaults(func=func)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``nx-ordinal``."""
    parser = argparse.ArgumentParser(prog="nx-ordinal", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    epilog = _methods_epilog()

    p = sub.add_parser("demo", help="LOE vs spring/Kamada-Kawai on the Frucht and Desargues graphs",
                       description=_wrap("Lay out the Frucht graph (2-D) and the Desargues graph "
                                   "(3-D) with LOE, spring and Kamada-Kawai, print each "
                                   "layout's GARI and draw the six layouts into one picture."))
    p.add_argument("-o", "--output", default="nx_ordinal_demo.png",
                   help="picture to write: .png, .svg or .pdf (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--title", metavar="TEXT", help="title above the six drawings")
    p.set_defaults(func=_demo)

    p = _graph_command(sub, "draw", epilog,
                       help="lay out a graph file and write a picture, the positions or an "
                            "interactive view",
                       description="Lay out a graph file and write a picture (.png, .svg, "
                                   ".pdf), the positions (.json; .gexf for Gephi, .graphml "
                                   "for Cytoscape and yEd) or a self-contained interactive "
                                   "view (.html: pan, zoom, search, works offline).")
    p.add_argument("-m", "--method", default="loe", help="registered layout (default loe)")
    p.add_argument("-o", "--output", required=True,
                   help="OUT.png, .svg, .pdf, .json, .gexf, .graphml or .html")
    _add_graph_options(p, _draw)

    p = _graph_command(sub, "compare", epilog,
                       help="GARI / NP table (and figure) of several layouts of a graph",
                       description="Lay out a graph file with several methods, print GARI, "
                                   "NP1, NP2, stress, long edges, Err_local and time, and "
                                   "optionally draw them side by side.")
    p.add_argument("-m", "--methods", nargs="+", action="extend", default=None,
                   help="registered layouts, space- or comma-separated, -m repeatable "
                        "(default: LOE and the classical drawers)")
    p.add_argument("-o", "--output", help="also draw the layouts into OUT.png, .svg or .pdf")
    p.add_argument("--n-init", type=int, default=1, help="runs per seeded method")
    p.add_argument("--keep-going", action="store_true",
                   help="exit 0 even when some methods fail (each failure is still reported)")
    _add_graph_options(p, _compare)

    p = sub.add_parser("gallery", help="run the gallery scripts (the papers' figures)",
                       description=_wrap("Run the gallery scripts: each reproduces a figure of the "
                                   "papers (or draws a real network) and writes it as a PNG. "
                                   "--list names them; scripts whose data file is absent "
                                   "are skipped."))
    p.add_argument("--out", default="gallery_out",
                   help="folder for the PNGs (default: %(default)s, created if needed)")
    p.add_argument("--only", metavar="NAME", help="run one script (e.g. frucht)")
    p.add_argument("--small", action="store_true",
                   help="tiny settings (smoke test); scripts without them are skipped")
    p.add_argument("--list", action="store_true",
                   help="list the scripts with their titles and exit")
    p.set_defaults(func=_gallery)
    return parser


def _show_warning(message: Any, category: Any, filename: str, lineno: int, file: Any = None,
                  line: Any = None) -> None:
    """Warnings as one line each on stderr, each text once."""
    text = " ".join(str(message).split())
    if text in _SHOWN:
        return
    _SHOWN.add(text)
    print(f"nx-ordinal: warning: {text}", file=sys.stderr, flush=True)


_SHOWN: set[str] = set()


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``nx-ordinal`` with ``argv`` (default ``sys.argv[1:]``); returns the exit status:
    0 success, 1 a gallery script failed, 2 bad input, 130 interrupted (Ctrl-C)."""
    import signal
    import threading
    import warnings

    parser = build_parser()
    args = parser.parse_args(argv)  # --help and --version exit here, before the solvers load

    import networkx as nx

    from ._core import estimates as _memory
    from ._core.progress import Progress
    from .exceptions import InterruptedWarning

    _Interrupt.seen = False
    _SHOWN.clear()
    reports, _memory.SHOW_REPORTS = _memory.SHOW_REPORTS, bool(getattr(args, "verbose", False))
    handle = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, _Interrupt.handler) if handle else None
    delay, Progress.delay = Progress.delay, 1.0  # bars only for layouts longer than a second
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            warnings.simplefilter("error", InterruptedWarning)
            status = args.func(args)
    except (KeyboardInterrupt, InterruptedWarning):
        status = 130
    except (OSError, ValueError, TypeError, ImportError, nx.NetworkXException) as exc:
        msg = " ".join(str(exc).split()) or type(exc).__name__
        print(f"nx-ordinal: error: {msg}", file=sys.stderr)
        return 2
    finally:
        Progress.delay = delay
        _memory.SHOW_REPORTS = reports
        if handle:
            signal.signal(signal.SIGINT, previous)
    if status == 130:
        import gc

        gc.collect()  # progress bars held by the interrupted frames clear their line first
        print("nx-ordinal: interrupted", file=sys.stderr, flush=True)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
