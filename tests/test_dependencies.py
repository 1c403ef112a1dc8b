"""The declared dependencies and the messages about them agree (issue 34, item 19).

igraph is a core dependency (``compare``'s default methods, ``famous_graph`` and the gallery
need it after a plain ``pip install .``), so there is no ``[igraph]`` extra, and no message
tells users to install one.
"""

import pathlib
import re
import sys

import networkx as nx
import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _name(requirement):
    return re.split(r"[\s<>=!~\[;]", requirement, maxsplit=1)[0].lower()


def test_igraph_is_core_and_not_an_extra():
    project = _pyproject()
    assert "igraph" in {_name(r) for r in project["dependencies"]}
    extras = project["optional-dependencies"]
    assert "igraph" not in extras
    for name, reqs in extras.items():  # no extra names one that does not exist
        for r in reqs:
            for used in re.findall(r"nx_ordinal\[([^\]]*)\]", r):
                assert set(used.split(",")) <= set(extras), (name, r)


def test_no_message_names_an_igraph_extra():
    sources = [p for p in (ROOT / "nx_ordinal").rglob("*.py")]
    sources += [ROOT / "README.md", *(ROOT / "docs").rglob("*.rst")]
    bad = [str(p.relative_to(ROOT)) for p in sources
           if "[igraph]" in p.read_text(encoding="utf-8")]
    assert bad == []


def test_missing_igraph_message(monkeypatch):
    from nx_ordinal.classical import igraph_layout
    from nx_ordinal.datasets.famous import _igraph_famous

    monkeypatch.setitem(sys.modules, "igraph", None)  # `import igraph` raises ImportError
    with pytest.raises(ImportError, match=r"dependency of nx_ordinal .*; pip install igraph$"):
        igraph_layout(nx.cycle_graph(5), "fr")
    with pytest.raises(ImportError, match=r"dependency of nx_ordinal .*; pip install igraph$"):
        _igraph_famous("Meredith")
