"""The documentation: every public name is on the API pages, and the site builds with -W.

The API pages (``docs/api/*.rst``) are written by hand; ``autosummary`` generates one page per
object listed there.  These tests read those sources (fast, no Sphinx needed).

The site build itself (``python -m sphinx -W ... -D plot_gallery=0``) is not a test here:
it needs the ``docs`` extra, which the README's test command (``pip install ".[test]"``)
does not install, so a test of it could only skip.  ``.ci/run`` installs ``.[docs]`` and
runs the build with warnings as errors as its own step, where a failure fails CI.
"""

import importlib
import pathlib
import pkgutil
import re
import types

import nx_ordinal
from nx_ordinal.layouts._loe.leaves import OUTER

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
API = DOCS / "api"


def _api_entries():
    """(module, name, in_toctree) for every autosummary entry, and the automodule'd modules."""
    entries, modules = [], set()
    for path in sorted(API.glob("*.rst")):
        current, in_autosummary, toctree = None, False, False
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\.\. (currentmodule|automodule|module):: (\S+)", line)
            if m:
                if m.group(1) != "currentmodule":
                    modules.add(m.group(2))
                else:
                    current = m.group(2)
                in_autosummary = False
                continue
            if line.startswith(".. autosummary::"):
                in_autosummary, toctree = True, False
                continue
            if not in_autosummary:
                continue
            if line.strip().startswith(":toctree:"):
                toctree = True
            elif line.strip().startswith(":") or not line.strip():
                continue
            elif line.startswith("   "):
                entries.append((current, line.strip(), toctree))
            else:
                in_autosummary = False
    return entries, modules


def _public_modules():
    names = {"nx_ordinal"}
    for info in pkgutil.walk_packages(nx_ordinal.__path__, "nx_ordinal."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.add(info.name)
    return names


def test_api_pages_parse():
    entries, modules = _api_entries()
    assert len(entries) > 100 and "nx_ordinal.layouts" in modules
    assert all(mod is not None for mod, _, _ in entries)


def test_every_public_module_has_an_api_section():
    _, modules = _api_entries()
    missing = sorted(_public_modules() - modules - {"nx_ordinal"})
    assert not missing, f"modules without an automodule section in docs/api: {missing}"


def test_every_public_name_is_on_the_api_pages():
    """Each name of ``nx_ordinal.__all__`` and of every public module's ``__all__`` (the
    subpackages ``embed``, ``asap``, ``datasets`` included) is listed under its module, and
    the object it names has its own generated page (a ``:toctree:`` entry) somewhere."""
    entries, modules = _api_entries()
    listed = {(mod, name) for mod, name, _ in entries}
    pages = set()
    for mod, name, toctree in entries:
        obj = getattr(importlib.import_module(mod), name)
        if toctree:
            pages.add(id(obj))
    missing, no_page = [], []
    for modname in sorted(_public_modules()):
        module = importlib.import_module(modname)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if isinstance(obj, types.ModuleType):
                if obj.__name__ not in modules:
                    missing.append(f"{modname}.{name} (module)")
                continue
            if (modname, name) not in listed:
                missing.append(f"{modname}.{name}")
            if id(obj) not in pages:
                no_page.append(f"{modname}.{name}")
    assert not missing, f"public names missing from docs/api/*.rst: {missing}"
    assert not no_page, f"public objects without a generated API page: {no_page}"


def test_top_level_names_are_on_the_api_index():
    text = (API / "index.rst").read_text(encoding="utf-8")
    for name in nx_ordinal.__all__:
        assert re.search(rf"\b{re.escape(name)}\b", text), name


def test_gallery_scripts_have_a_title_and_an_introduction():
    for script in sorted((ROOT / "gallery").glob("plot_*.py")):
        doc = script.read_text(encoding="utf-8").split('"""')[1]
        lines = doc.strip("\n").splitlines()
        assert len(lines) > 3 and set(lines[1]) == {"="}, script.name
        assert len(lines[1]) >= len(lines[0]), f"{script.name}: title underline too short"
        assert "What to look for" in doc, script.name


# --- docs/architecture.md read against the code ---------------------------------------------

ARCHITECTURE = pathlib.Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def _architecture_text():
    return " ".join(ARCHITECTURE.read_text().split())  # one line: lists wrap anywhere


def test_architecture_states_the_seed_stages_of_the_code():
    import ast
    import re

    from nx_ordinal.layouts import _frame

    m = re.search(r"`_frame\.STAGES = (\([^)]*\))`", _architecture_text())
    assert m, "architecture.md no longer states _frame.STAGES"
    assert tuple(ast.literal_eval(m.group(1))) == _frame.STAGES


def test_architecture_lists_every_function_level_import():
    """Every function that imports an nx_ordinal module inside its body is named in the
    paragraph on imports (by its module's file or its own name)."""
    import ast

    text = _architecture_text()
    root = pathlib.Path(nx_ordinal.__file__).parent
    unlisted = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        module = ".".join(rel.with_suffix("").parts)
        for fn in ast.walk(ast.parse(path.read_text())):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            inner = any(
                (isinstance(n, ast.ImportFrom) and (n.level or (n.module or "").startswith(
                    "nx_ordinal")))
                or (isinstance(n, ast.Import)
                    and any(a.name.startswith("nx_ordinal") for a in n.names))
                for n in ast.walk(fn))
            if inner and f"`{module}.{fn.name}`" not in text and f"`{rel}`" not in text \
                    and f"`{rel.name}`" not in text:
                unlisted.append(f"{module}.{fn.name}")
    assert unlisted == []


def test_loe_layout_docstring_numbers_match_the_code():
    """The numbers loe_layout's docstring states are those of the policy table."""
    from nx_ordinal.embed.tloe import ANCHOR_PIVOTS
    from nx_ordinal.layouts._loe.plan import POLICY as P

    doc = " ".join(nx_ordinal.loe_layout.__doc__.split())
    assert f"GARI >= {P['geometric_gari']:g}" in doc
    assert f"when that run reaches GARI >= {P['exact_gari']:g}, t-LOE is not run" in doc
    assert (f"already has GARI >= {P['geometric_gari']:g} and stress at most "
            f"{P['geometric_stress']:g}, or GARI >= {P['geometric_band_gari']:g} and stress at "
            f"most {P['geometric_band_stress']:g}") in doc
    assert f"when the start is exact already (GARI >= {P['exact_gari']:g}" in doc
    assert (f"from that start refined by {P['start_local_iter']} rounds of the same model with "
            "every pair within two hops as a term, ``start_local_iter``, where that "
            f"refinement has GARI >= {P['exact_gari']:g}") in doc
    assert f"continued by {P['start_relax_iter']} rounds with one pivot's" in doc
    assert f"refined by {P['stress_iter']} rounds of sparse stress" in doc
    assert (f"beyond {P['small_nodes']} nodes at its own size, a median edge of "
            f"{P['init_edge']:g}, with the early phase's attraction exaggerated "
            f"{P['edge_early_ex']:g} times") in doc
    assert (f"up to {P['anchor_max_nodes']:,} nodes, when the start's own stress is at most "
            f"{P['anchor_stress']:g} -- hop distances that embed well, as on meshes -- the "
            f"later phase also keeps the hop distances from {ANCHOR_PIVOTS} pivots, a stress "
            f"anchor of weight {P['anchor']:g}; there, beyond {P['coarse_nodes']:,} "
            f"nodes, the start is drawn on the graph coarsened to at most "
            f"{P['coarse_nodes']:,} nodes") in doc
    assert ("but on a forest there, a long spine, a lobster, the stress start at any size, "
            f"and the springs weigh {P['forest_spring']:g} unless ``spring`` is given") in doc
    assert (f"Err_local alone from the pivot-MDS start (its density may vary too much for "
            f"t-LOE's kernel) when that start has GARI >= {P['knn_planar_gari']:g}") in doc
    assert (f"from a start of GARI below {P['knn_tloe_gari']:g} (a thin or curved cloud, "
            "whose cross-sections that start folds; with the default ``init``, ``n_init`` "
            f"and no ``pos``) t-LOE draws it first, from that start, in "
            f"{P['knn_tloe_iter']} iterations, and Err_local then runs from t-LOE's "
            f"drawing, kept unless its mean of GARI and NP1 is {P['hinge_margin']:g} "
            "lower") in doc
    assert f"higher by {P['hinge_margin']:g}" in doc
    assert (f"first configuration of that GARI has an NP2 higher by more than "
            f"{P['tie_np2']:g} at no higher stress (compared beyond {P['small_nodes']} nodes "
            f"and up to {P['tie_shape_nodes']:,}") in doc
    assert f"at most {P['stress_slack']:g} times t-LOE's plus {P['stress_abs']:g}" in doc
    assert f"NP2 at most {P['np2_slack']:g} lower" in doc
    assert f"``None``: {P['spring']:g} with ``objective=\"auto\"``" in doc
    assert f"{P['forest_spring']:g} on a forest whose hop distances embed" in doc
    assert f"up to {P['small_nodes']} nodes Err_local then polishes" in doc
    assert f"from {P['stress_pivots']} evenly spaced pivots" in doc
    assert (f"t-LOE runs {P['tloe_iter']} iterations up to {P['tloe_large']} nodes and "
            f"{P['tloe_iter_large']} beyond, with GARI checkpoints every {P['tloe_every']} "
            "iterations") in doc
    assert (f"beyond {P['tloe_large']} nodes, or from the stress start at its own size (beyond "
            f"{P['small_nodes']} nodes under ``\"auto\"``: {P['tloe_iter_sized']} iterations "
            f"there, at any size, with steps of {P['sized_step']:g} n / alpha, t-SNE's "
            "learning rate, for the early exaggeration alpha), a run stops once "
            f"{P['tloe_patience']} checkpoints in a row") in doc
    assert f"components of up to {P['tloe_group']} nodes are embedded together" in doc
    assert (f"when they hold more than {P['small_many']:,} vertices in all" in doc)
    assert (f"of {P['component_polish_min']} to {P['component_polish_max']} vertices that is "
            "not a tree gets the guarded stress polish") in doc
    assert (f"among its checkpoints within {P['shape_tol']:g} of its best GARI, the one of "
            f"highest GARI - {P['shape_weight']:g} log(long-edge ratio)") in doc
    assert (f"a run whose drawing is still torn (long-edge ratio above {P['torn_tail']:g}) is "
            "not stopped past its GARI peak while that trade still rises") in doc
    assert (f"continued in up to {P['untear_stages']} stages of at most {P['untear_iter']} "
            f"iterations, each with springs {P['untear_factor']:g} times the last stage's, "
            f"until its long-edge ratio is within {P['torn_tail']:g} or stops falling (or "
            "falls so slowly that at its rate the stages left would not bring it within: a "
            "wheel's spokes are long by nature), and "
            f"not at a stage that keeps less than {P['untear_gari']:g} of its GARI, nor at "
            f"one that costs more than {P['untear_rate']:g} of GARI per unit of log "
            "long-edge ratio it removes (the tail is not bought at any price); the stage "
            f"that comes within {P['torn_tail']:g} runs on to its {P['untear_iter']} "
            f"iterations and its last drawing within {P['torn_tail']:g} is kept, and a "
            f"stage that stays above {P['torn_tail']:g} gives its last drawing where that "
            "is shorter than the stage's start") in doc
    assert ("On an undirected graph that is not a forest each stage first continues at the "
            f"exaggeration {P['untear_ex']:g} times the last stage's, then {P['untear_ex']:g} "
            "squared times, at the same springs, and only where neither shortens the tail "
            "with stronger springs; such a stage ends at its first drawing within "
            f"{P['torn_tail']:g}.") in doc
    assert (f"beyond {P['small_nodes']} nodes and up to {P['anchor_max_nodes']:,}, no stress "
            "anchor in its run, not a forest: "
            f"the standard deviation of its degrees at least {P['hub_cv']:g} times their "
            f"mean, and {P['hub_spread']:g} times without the highest {P['hub_top']:g} of "
            f"them, fewer than {P['hub_leaves']:g} of its nodes leaves, transitivity below "
            f"{P['hub_transitivity']:g}) the drawing, once within its long edges' line, is "
            f"continued for {P['hub_anchor_iter']} iterations with the stress anchor at "
            f"weight {P['hub_anchor']:g}, and kept unless its long-edge ratio then exceeds "
            f"{P['torn_tail']:g}") in doc
    assert (f"Beyond {P['small_nodes']} nodes and up to {P['tloe_starts_nodes']}, t-LOE "
            f"runs from {P['tloe_starts']} stress starts, each from pivots of its own, and "
            "the run of highest GARI is kept") in doc
    assert (f"and one on a graph of more than {P['tloe_starts_edges']:,} edges") in doc
    assert (f"On a tree of up to {P['two_hop_nodes']} nodes whose diameter is at most "
            f"{P['two_hop_depth']:g} times log2 of its size") in doc
    assert (f"t-LOE's 2-hop pairs also attract, with {P['two_hop']:g} times the weight of "
            "each node's edges") in doc
    assert (f"Beyond {P['two_hop_nodes']} nodes and up to {P['two_hop_max_nodes']:,} the "
            f"weight falls as ({P['two_hop_nodes']} / n)^{P['two_hop_decay']:g}") in doc
    assert (f"would hold its leaves less than {P['ring_gap']:g} median edges apart, those "
            "leaves on a disc of rings that far apart") in doc
    assert ("the rings with each outer leaf left where t-LOE drew it, at least "
            f"{OUTER:g} times the inner radius from the hub, kept only with a long-edge "
            f"ratio within {P['torn_tail']:g}") in doc
    assert (f"Up to {P['sized_second_nodes']} nodes (undirected) t-LOE starts from the "
            "stress start shrunk to a spread of 1e-2, and runs a second time from it at its "
            f"own size ({P['tloe_iter_sized']} iterations)") in doc
    assert (f"its stress at most {P['stress_slack']:g} times the first's plus "
            f"{P['stress_abs']:g}") in doc
    assert (f"Up to {P['anchor_max_nodes']:,} nodes, where the stress start keeps many "
            "neighbourhoods but not nearly all") in doc
    assert (f"(GARI >= {P['persp_gari']:g}, below {P['geometric_gari']:g}) and does not "
            f"embed the hop distances (stress at least {P['persp_stress']:g}), the start is "
            "also drawn in 3-D and seen in perspective along its axis of least spread, and "
            f"t-LOE starts from that view, with the stress anchor, where its GARI is higher by "
            f"{P['persp_margin']:g} and that axis's variance is at most {P['persp_flat']:g} "
            "of the largest") in doc
    assert f"(not asked where the mean degree exceeds {P['persp_degree']:g}: " in doc
    assert (f"the checkpoints continue every {P['err_every']} iterations from iteration "
            f"{P['err_patience']} on, and a run stops once its best GARI has not risen by "
            f"{P['gari_tol']:g} over the last {P['err_patience']} iterations") in doc
    assert (f"up to {P['small_nodes']} nodes, from iteration {P['err_small_from']} on, over "
            "the last half of its iterations") in doc
    assert (f"by {P['gari_tol_exact']:g} over the last {P['err_patience_exact']} while that "
            f"best is at least {P['exact_gari']:g}") in doc
    assert f"on a directed graph only while it is below {P['exact_band']:g}" in doc
    assert (f"a tenth of it (at least {P['finish_scores']:g} GARI scores' time)" in doc
            and P["finish_share"] == 0.1)
    assert f"Up to {P['small_nodes']} nodes:" in doc and f"Beyond {P['small_nodes']} nodes" in doc
    assert f"``candidate_cap={P['candidate_cap']:g}``" in doc
    assert (f"Up to {P['stress_polish_nodes']} nodes under ``\"auto\"``, and up to "
            f"{P['stress_polish_sparse_nodes']} where the mean squared degree is at most "
            f"{P['stress_polish_pairs']:g}") in doc
    assert (f"Up to {P['stress_polish_nodes']} nodes under ``\"auto\"`` ((weakly) "
            "connected; not with ``max_iter=0``, which returns the start) the chosen "
            f"drawing then takes {P['stress_polish_steps']} steps of "
            f"{P['stress_polish_rounds']} rounds of stress majorization of its hop "
            f"distances, and more while a step lowers the stress by at least "
            f"{P['stress_polish_tol']:g} of it, up to {P['stress_polish_max_steps']} steps; "
            f"each node's step is halved, up to {P['stress_polish_halvings']} "
            "times and then refused") in doc
    assert (f"is then moved out from its hub to {P['leaf_push_factor']:g} times its "
            "distance") in doc
    assert (f"a leaf's move is halved, up to {P['leaf_push_halvings']} times and then "
            "refused") in doc and P["leaf_push_rounds"] == 1
    assert f"more than {P['leaf_push_pairs']} points a node on average" in doc
    assert (f"Under ``\"auto\"`` beyond {P['leaf_push_nodes']} nodes (undirected; not with "
            f"``max_iter=0``; up to {P['leaf_push_nodes']} nodes the stress polish below "
            f"shapes the drawing, and up to {P['stress_polish_nodes']} it follows the push)"
            ) in doc
    assert "Kamada-Kawai starts" in doc and P["kk_max_nodes"] == P["small_nodes"]


def test_architecture_layer_table_is_the_layer_table_of_the_code():
    """The layer table of architecture.md names each layer of ``_layers.LAYERS`` with its
    number, its private folder (``_layers.FOLDERS``) and every module the code puts there."""
    import re

    from nx_ordinal._layers import FOLDERS, LAYERS

    rows = re.findall(r"^\| (\d) ([^|]+) \| ([^|]+) \| ([^\n]+) \|$", ARCHITECTURE.read_text(),
                      re.M)
    assert [(int(n), name.strip()) for n, name, _, _ in rows] == [
        (n, name) for n, (name, _) in sorted(LAYERS.items())]
    folder_of = {layer: key for key, layer in FOLDERS.items()}
    for n, _, folder, modules in rows:
        key = folder_of.get(int(n))
        expected = f"`{key.split('.', 1)[1]}/`" if key else "the top level"
        assert folder.strip() == expected, (n, folder)
        for module in LAYERS[int(n)][1]:
            if module == "nx_ordinal" or module == key:
                continue
            assert f"`{module.split('.', 1)[1]}`" in modules, (n, module)
