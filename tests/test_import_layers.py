"""Import layering: every import inside nx_ordinal (module top and function bodies alike)
goes to the importing module's own layer or a lower one, and no private name is taken from
another subpackage.  The layers are defined once, in ``nx_ordinal/_layers.py``."""

import ast
import pathlib

import pytest

import nx_ordinal
from nx_ordinal._layers import FOLDERS, LAYERS, layer_of

ROOT = pathlib.Path(nx_ordinal.__file__).parent


def _modules():
    for path in sorted(ROOT.rglob("*.py")):
        parts = ("nx_ordinal",) + path.relative_to(ROOT).with_suffix("").parts
        is_pkg = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_pkg else parts)
        yield name, is_pkg, path


def _imports(name, is_pkg, path, tree=None):
    """``(line, target module, imported name or None)`` for every nx_ordinal import of the
    module at ``path`` (or of its parsed, possibly edited, ``tree``)."""
    package = name if is_pkg else name.rsplit(".", 1)[0]
    known = {m for m, _, _ in _modules()}
    if tree is None:
        tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "nx_ordinal":
                    yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "nx_ordinal":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:  # ``from . import module``
                    yield node.lineno, sub, None
                else:
                    yield node.lineno, target, alias.name


def _subpackage(module):
    """``nx_ordinal.embed`` for modules under embed, ``nx_ordinal`` for top-level modules."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 or (ROOT / parts[-1]).is_dir() else "nx_ordinal"


def _violations(modules=None):
    """One line per upward import and per private name taken from another subpackage."""
    found = []
    for name, is_pkg, path in _modules() if modules is None else modules:
        own = layer_of(name)
        for line, target, imported in _imports(name, is_pkg, path):
            where = f"{name}:{line}"
            if layer_of(target) > own:
                found.append(f"{where}: {name} (layer {own}) imports {target} "
                             f"(layer {layer_of(target)})")
            if (imported is not None and imported.startswith("_")
                    and not imported.startswith("__")
                    and _subpackage(target) != _subpackage(name)):
                found.append(f"{where}: {name} imports private {target}.{imported}")
    return found


def test_every_module_has_a_layer():
    for name, _, _ in _modules():
        layer_of(name)  # KeyError names the module


def test_no_upward_or_private_imports():
    assert _violations() == []


def test_the_check_catches_a_violation(tmp_path):
    # an upward import of a private name, planted in a function body of a layer-2 module,
    # is reported twice: once as upward, once as private from another subpackage
    planted = tmp_path / "graph.py"
    planted.write_text((ROOT / "_data" / "graph.py").read_text()
                       + "\n\ndef _f():\n    from ..embed.loe import _check_adjacency\n")
    found = _violations([("nx_ordinal._data.graph", False, planted)])
    assert len(found) == 2
    assert "nx_ordinal._data.graph (layer 1) imports nx_ordinal.embed.loe (layer 2)" in found[0]
    assert "imports private nx_ordinal.embed.loe._check_adjacency" in found[1]
    # and the package's own modules are what the real check walks
    assert {m for m, _, _ in _modules()} >= {"nx_ordinal", "nx_ordinal.embed.loe",
                                           "nx_ordinal.asap.pipeline", "nx_ordinal._data.graph"}


def test_validation_is_a_leaf():
    # _core.validation imports nothing from the package at run time (type hints aside)
    path = ROOT / "_core" / "validation.py"
    targets = {t for _, t, _ in _imports("nx_ordinal._core.validation", False, path)}
    assert targets <= {"nx_ordinal._core.typing"}


def test_folders_are_the_layers():
    # ``ls nx_ordinal`` reads as the architecture: every private module lives in the private
    # folder of its layer (the package-level tables aside), every module of a folder is in
    # that folder's layer, and every private key of the layer table is a folder
    package_level = {"nx_ordinal._exports", "nx_ordinal._layers", "nx_ordinal._methods"}
    top = {p.stem if p.is_file() else p.name for p in ROOT.iterdir()
           if (p.suffix == ".py" or (p / "__init__.py").is_file()) and p.name != "__init__.py"}
    private_top = {f"nx_ordinal.{name}" for name in top if name.startswith("_")}
    assert private_top - package_level == {k for k in FOLDERS if k.startswith("nx_ordinal._")}
    for name, _, _ in _modules():
        for folder, layer in FOLDERS.items():
            if name == folder or name.startswith(folder + "."):
                assert layer_of(name) == layer, name
    private_keys = {k for _, (_, ks) in LAYERS.items() for k in ks
                    if "._" in k and k not in package_level}
    assert private_keys == {k for k in FOLDERS if k.startswith("nx_ordinal._")}
    for folder, layer in FOLDERS.items():
        assert folder in LAYERS[layer][1], folder


def test_layers_are_disjoint_and_ordered():
    keys = [k for _, (_, ks) in sorted(LAYERS.items()) for k in ks]
    assert len(keys) == len(set(keys))
    assert layer_of("nx_ordinal._core.validation") < layer_of("nx_ordinal._data.graph")
    assert layer_of("nx_ordinal.embed.loe") < layer_of("nx_ordinal.layouts")
    with pytest.raises(KeyError, match="'elsewhere'"):
        layer_of("elsewhere")


def _runtime_imports(name, is_pkg, path):
    """The nx_ordinal modules that importing ``name`` may import, function bodies included
    (``if TYPE_CHECKING:`` blocks excluded: they never run), with the packages whose
    ``__init__`` an import of a submodule runs."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = [ast.Pass()]
    # the edited tree is read as it is: nothing is written next to the sources (a read-only
    # install, parallel runs)
    targets = {t for _, t, _ in _imports(name, is_pkg, path, tree)}
    out = set()
    for target in targets:
        parts = target.split(".")
        for i in range(2, len(parts) + 1):
            mod = ".".join(parts[:i])
            if mod != name and not name.startswith(mod + "."):
                out.add(mod)
    return out


def _import_cycles():
    graph = {name: _runtime_imports(name, is_pkg, path) for name, is_pkg, path in _modules()}
    graph = {m: {t for t in ts if t in graph} for m, ts in graph.items()}
    # Tarjan's strongly connected components, iteratively
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            u, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[u] = min(low[u], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[u])
                if low[u] == index[u]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == u:
                            break
                    if len(comp) > 1:
                        comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comps


def test_no_import_cycle_even_through_function_bodies():
    """No circle of imports among the package's modules, counting imports inside functions
    and the ``__init__`` of every package a submodule import runs (``nx_ordinal`` itself
    aside: its lazy names import on attribute access only)."""
    cycles = [c for c in _import_cycles()]
    assert cycles == [], cycles


def test_loe_path_imports_only_what_it_uses():
    """A first small loe_layout call in a fresh process does not import the ASAP pipeline,
    the landmark or LP solvers, Dask, scikit-learn or scipy.stats (issue 36: 1.2 s of
    imports a small drawing did not use)."""
    import subprocess
    import sys

    code = ("import sys, networkx as nx, nx_ordinal\n"
            "nx_ordinal.loe_layout(nx.path_graph(10), seed=0)\n"
            "print(' '.join(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    unwanted = [m for m in out if m.startswith(("nx_ordinal.asap", "nx_ordinal.embed.landmark",
                                                "nx_ordinal.embed.lp", "nx_ordinal.layouts._asap",
                                                "dask", "distributed", "sklearn", "scipy.stats"))]
    assert unwanted == []
    assert "nx_ordinal.layouts._loe" in out


def test_a_t_loe_drawing_does_not_import_scipy_optimize():
    """scipy.optimize (0.2-0.3 s to import) is imported when an L-BFGS run starts, not
    before: a first default call on a tree of 511 nodes, drawn by t-LOE alone, does not
    load it; one on a small graph, which Err_local polishes, does."""
    import subprocess
    import sys

    def loaded(graph):
        code = ("import sys, networkx as nx, nx_ordinal\n"
                f"nx_ordinal.loe_layout({graph}, seed=0)\n"
                "print('scipy.optimize' in sys.modules)\n")
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True).stdout.split()[-1]

    assert loaded("nx.balanced_tree(2, 8)") == "False"
    assert loaded("nx.path_graph(10)") == "True"


def test_components_have_one_home():
    # the split of a graph into its connected components is _data.components.split_components
    # and its packing pack_components / shelf_offsets; other calls of a connected-components
    # routine split something else, each named here with what it splits
    elsewhere = {
        "_data/components.py": "the one split",
        "layouts/_overlap.py": "clusters of coinciding nodes, not the graph",
        "layouts/_loe/shortcuts.py": "the graph without its candidate shortcuts",
        "rigidity.py": "connectivity of a rigidity test's graph",
        "asap/sync.py": "connectivity of the patch graph",
        "cli.py": "the --largest option, on the networkx graph",
    }
    found = {str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py")
             if "connected_components(" in p.read_text()}
    assert found <= set(elsewhere), sorted(found - set(elsewhere))
    shelves = {str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py")
               if "for c in order:" in p.read_text() or "x + w > width" in p.read_text()}
    assert shelves == {"_data/components.py"}
