"""The package type-checks: ``mypy nx_ordinal`` (configured in pyproject.toml) reports no error."""

import importlib.util
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_clean():
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "nx_ordinal"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success: no issues found" in proc.stdout


def test_type_checker_view_of_the_lazy_top_level_names():
    """``nx_ordinal._exports`` (what ``if TYPE_CHECKING`` star-imports in ``__init__``) lists
    exactly the lazily imported names, each bound to the object ``nx_ordinal.<name>`` gives."""
    import nx_ordinal
    from nx_ordinal import _exports

    lazy = nx_ordinal._LAZY if nx_ordinal._LAZY is not None else nx_ordinal._build_lazy()
    assert sorted(_exports.__all__) == sorted(lazy), (
        "nx_ordinal/_exports.py is out of step with _LAZY in nx_ordinal/__init__.py"
    )
    for name in _exports.__all__:
        assert getattr(_exports, name) is getattr(nx_ordinal, name), name


def test_modules_import_without_docstrings():
    """Found by mypy (``__doc__`` is ``str | None``): under ``python -OO`` docstrings are
    stripped, and the modules that fill in shared docstring parts must still import."""
    code = "import nx_ordinal.layouts, nx_ordinal.embed.ste"
    proc = subprocess.run([sys.executable, "-OO", "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
