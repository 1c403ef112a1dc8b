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
