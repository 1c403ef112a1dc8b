"""Helpers of the nx_ordinal documentation build (a tiny local Sphinx extension).

* :func:`resolve_alias` -- ``nx_ordinal.loe_layout`` is documented once, on the page of the
  module that defines it (``nx_ordinal.layouts.loe_layout``); references to a re-exported
  name (``nx_ordinal.X``, ``nx_ordinal.embed.X``, ``nx_ordinal.asap.X``,
  ``nx_ordinal.datasets.X``) resolve to that page.
* :func:`reset_argv` -- the command line the gallery scripts get under sphinx-gallery: their
  PNGs go to ``docs/_build/gallery_out`` and slow scripts get the reduced settings of
  :data:`GALLERY_ARGS`.
* :func:`intersphinx_mapping` -- intersphinx entries that cannot fail an offline ``-W``
  build (see its docstring).
"""

import importlib
import os
import pathlib
import re

#: extra command-line arguments per gallery script under sphinx-gallery (reduced defaults of
#: scripts that take more than a minute with their own defaults; documented in the gallery
#: header and in each script's docstring)
GALLERY_ARGS = {}

#: documentation sites cross-referenced through intersphinx
INTERSPHINX = {
    "python": "https://docs.python.org/3/",
    "numpy": "https://numpy.org/doc/stable/",
    "scipy": "https://docs.scipy.org/doc/scipy/",
    "matplotlib": "https://matplotlib.org/stable/",
    "networkx": "https://networkx.org/documentation/stable/",
    "igraph": "https://python.igraph.org/en/stable/api/",
    "sklearn": "https://scikit-learn.org/stable/",
}


def reset_argv(gallery_conf, script_vars):
    """``sys.argv[1:]`` for a gallery script run by sphinx-gallery."""
    out = os.path.join(gallery_conf["src_dir"], "_build", "gallery_out")
    src = script_vars["src_file"]
    # relative to the script's folder, where sphinx-gallery runs it: the rendered output
    # ("wrote ../docs/_build/gallery_out/x.png") shows no path of the building machine
    out = os.path.relpath(out, os.path.dirname(src))
    return ["--out", out, *GALLERY_ARGS.get(os.path.basename(src), [])]


def _download_inventory(url, path, timeout=5.0):
    """Fetch ``url + "objects.inv"`` into ``path``; False on any failure."""
    import urllib.request

    try:
        with urllib.request.urlopen(url + "objects.inv", timeout=timeout) as response:
            data = response.read()
    except Exception:  # no network, DNS failure, proxy refusal, HTTP error, time-out
        return False
    if not data.startswith(b"# Sphinx inventory version"):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def intersphinx_mapping(local_dir, cache_dir, max_age=86400):
    """Intersphinx entries that cannot fail an offline ``-W`` build.

    Sphinx's intersphinx emits a warning (an error under ``-W``) when none of a project's
    inventory locations can be read, so the inventories are fetched here first and
    intersphinx only ever reads local files: ``cache_dir/NAME.inv``, downloaded from the
    project's site when missing or older than ``max_age`` seconds (5 s time-out), else
    ``local_dir/NAME.inv`` when that file exists (drop ``objects.inv`` files there to build
    offline with links).  A project with neither is left out: references to it render as
    plain code instead of links, and the build stays warning-free.
    ``NX_ORDINAL_DOCS_OFFLINE=1`` skips the downloads.
    """
    import time

    offline = os.environ.get("NX_ORDINAL_DOCS_OFFLINE", "") not in ("", "0")
    mapping = {}
    for name, url in INTERSPHINX.items():
        cached = pathlib.Path(cache_dir) / f"{name}.inv"
        fresh = cached.is_file() and time.time() - cached.stat().st_mtime < max_age
        if not offline and not fresh:
            _download_inventory(url, cached)
        for path in (cached, pathlib.Path(local_dir) / f"{name}.inv"):
            if path.is_file():
                mapping[name] = (url, str(path))
                break
    return mapping


def _canonical(target):
    """``module.qualname`` of the object a dotted ``nx_ordinal`` name refers to, or None."""
    parts = target.split(".")
    if parts[0] != "nx_ordinal" or len(parts) < 2:
        return None
    obj = None
    for i in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for attr in parts[i:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        break
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if not module or not qualname or module.split(".")[0] != "nx_ordinal":
        return None
    # private modules re-exported by a public one: nx_ordinal.embed._gram -> nx_ordinal.embed;
    # the runtime's public names (EmbeddingResult) are documented under nx_ordinal.embed
    public = ".".join(p for p in module.split(".") if not p.startswith("_"))
    if module.startswith("nx_ordinal._core."):
        public = "nx_ordinal.embed"
    name = f"{public}.{qualname}"
    return None if name == target else name


def resolve_alias(app, env, node, contnode):
    """``missing-reference`` handler: re-exported names resolve to their defining module."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    candidates = [target]
    modname = node.get("py:module")
    if modname and not target.startswith("nx_ordinal."):
        candidates.insert(0, f"{modname}.{target}")
    domain = env.get_domain("py")
    for cand in candidates:
        name = _canonical(cand)
        if name is None:
            continue
        node["reftarget"] = name
        ref = domain.resolve_any_xref(env, node["refdoc"], app.builder, name, node, contnode)
        if ref:
            return ref[0][1]
        node["reftarget"] = target
    return None


_CITE_REF = re.compile(r"\[([A-Za-z0-9-]+)\]_")


def dangling_citations(app, what, name, obj, options, lines):
    """``autodoc-process-docstring`` (after numpydoc): ``[1]_`` without ``.. [1]`` -> ``[1]``.

    Also turns the numpydoc-style section headers of module docstrings into rubrics.
    Module docstrings cite the papers listed in their functions' References sections; a
    citation without its definition in the same docstring would be a docutils error.
    """
    if what == "module":
        # numpydoc leaves module docstrings alone: their "Examples / ------" sections would
        # become page sections (and entries of the page's table of contents)
        for i in range(len(lines) - 1):
            title, rule = lines[i].strip(), lines[i + 1].strip()
            if title and rule and set(rule) == {"-"} and len(rule) == len(title):
                lines[i], lines[i + 1] = f".. rubric:: {title}", ""
    text = "\n".join(lines)
    defined = set(re.findall(r"^\s*\.\. \[([A-Za-z0-9-]+)\]", text, flags=re.M))
    for i, line in enumerate(lines):
        lines[i] = _CITE_REF.sub(
            lambda m: m.group(0) if m.group(1) in defined else f"[{m.group(1)}]", line)


def plain_citations_in_tables(app, doctree):
    """``doctree-read``: citations in autosummary tables (a docstring's first sentence,
    whose reference list is on the object's own page) become plain text ``[1]``."""
    from docutils import nodes
    from sphinx.addnodes import pending_xref
    from sphinx.ext.autosummary import autosummary_table

    for table in doctree.findall(autosummary_table):
        for ref in list(table.findall(pending_xref)):
            if ref.get("refdomain") == "citation":
                label = ref.get("reftarget", "").rsplit("-", 1)[-1]
                ref.parent.replace(ref, nodes.Text(f"[{label}]"))


def setup(app):
    app.connect("missing-reference", resolve_alias)
    app.connect("autodoc-process-docstring", dangling_citations, priority=600)
    app.connect("doctree-read", plain_citations_in_tables)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
