"""Sphinx configuration of the nx_ordinal documentation.

Build: ``pip install ".[docs]"`` then ``python -m sphinx -W -b html docs docs/_build/html``
(add ``-D plot_gallery=0`` to skip running the gallery scripts).
"""

import os
import pathlib
import sys
import warnings

DOCS = pathlib.Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # the checkout's package, even when not installed
sys.path.insert(0, str(DOCS / "_ext"))

import nx_ordinal_docs  # noqa: E402

import nx_ordinal  # noqa: E402

project = "nx_ordinal"
author = "the nx_ordinal developers"
copyright = "the nx_ordinal developers"
release = version = nx_ordinal.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
    "sphinx_design",
    "matplotlib.sphinxext.plot_directive",
    "numpydoc",
    "myst_parser",
    "sphinx_gallery.gen_gallery",
    "nx_ordinal_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
templates_path = ["_templates"]
exclude_patterns = ["_build", "architecture.md", "reliability.md", "auto_examples/*.ipynb",
                    "auto_examples/*.py", "auto_examples/*.zip", "auto_examples/*.json",
                    "auto_examples/*.md5", "auto_examples/*.codeobj.json", "**/*.pickle"]
suppress_warnings = [
    "myst.header",  # the included markdown pages start at level 2
    "ref.citation",  # a docstring's reference list may hold papers it does not cite
]
default_role = "code"  # `x` in docstrings is code, not a reference
myst_heading_anchors = 3

# -- autodoc / autosummary / numpydoc ------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_attributes_as_param_list = False
numpydoc_xref_param_type = False

# every reference must resolve (-W fails the build), except those to the other projects
# below: they resolve when intersphinx has their inventory (see nx_ordinal_docs.py) and
# render as plain code otherwise
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(numpy|scipy|networkx|matplotlib|sklearn|igraph|random|concurrent)(\..*)?"),
]

# -- intersphinx: inventories fetched into docs/_build/intersphinx when the sites answer,
# else docs/_intersphinx/NAME.inv when present, else none (see nx_ordinal_docs.py)
intersphinx_mapping = nx_ordinal_docs.intersphinx_mapping(
    DOCS / "_intersphinx", DOCS / "_build" / "intersphinx")
intersphinx_timeout = 10

# -- sphinx-gallery -------------------------------------------------------------------------
# the gallery scripts read the real data sets from ../shared/data (searched upwards, as the
# tests do) unless NX_ORDINAL_DATA says otherwise
if not os.environ.get("NX_ORDINAL_DATA"):
    for parent in [ROOT, *ROOT.parents]:
        if (parent.parent / "shared" / "data").is_dir():
            os.environ["NX_ORDINAL_DATA"] = str(parent.parent / "shared" / "data")
            break
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

sphinx_gallery_conf = {
    "examples_dirs": str(ROOT / "gallery"),
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"[\\/]plot_",
    "ignore_pattern": r"(^|[\\/])_[^\\/]*\.py$|__init__\.py$",
    "reset_argv": "nx_ordinal_docs.reset_argv",
    "within_subsection_order": "FileNameSortKey",
    "download_all_examples": False,
    "remove_config_comments": True,
    "matplotlib_animations": False,
    "image_scrapers": ("matplotlib",),
    "show_memory": False,
    "min_reported_time": 1,
}

warnings.filterwarnings("ignore", category=UserWarning,
                        message="Matplotlib is currently using agg")

# -- matplotlib's plot directive (the home page's figure) -----------------------------------
plot_include_source = False
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 144)]

# -- HTML -----------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "nx_ordinal"
html_static_path = ["_static"]
html_css_files = ["nx_ordinal.css"]
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": []}
html_show_sourcelink = False
