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


def _public_functions():
    import importlib
    import inspect
    import pkgutil

    import nx_ordinal

    seen = {}
    for info in pkgutil.walk_packages(nx_ordinal.__path__, "nx_ordinal."):
        if "._gallery" in info.name:
            continue
        mod = importlib.import_module(info.name)
        for name in getattr(mod, "__all__", ()):
            obj = getattr(mod, name, None)
            if inspect.isclass(obj) and obj.__module__.startswith("nx_ordinal"):
                for attr, member in vars(obj).items():
                    if inspect.isfunction(member) and (not attr.startswith("_")
                                                       or attr in ("__init__", "__call__")):
                        seen[f"{obj.__module__}.{obj.__qualname__}.{attr}"] = member
            elif inspect.isfunction(obj) and obj.__module__.startswith("nx_ordinal"):
                seen[f"{obj.__module__}.{obj.__qualname__}"] = obj
    # every function a registry name dispatches to (the networkx and igraph wrappers
    # included, which no __all__ lists), and the registry's own public functions
    from nx_ordinal import registry

    for name in registry.available_layouts():
        func = registry.get_entry(name).load()
        if func.__module__.startswith("nx_ordinal"):
            seen[f"registry[{name!r}] = {func.__module__}.{func.__qualname__}"] = func
    for name, obj in vars(registry).items():
        if (inspect.isfunction(obj) and not name.startswith("_")
                and obj.__module__ == registry.__name__):
            seen[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return seen


def test_every_public_function_is_annotated():
    """Type hints on every public function and method (every module's ``__all__``, every
    function the registry dispatches to, every public function of the registry): each
    parameter and the return value."""
    import inspect

    missing = []
    functions = _public_functions()
    assert len(functions) > 150
    for qualname, func in sorted(functions.items()):
        sig = inspect.signature(inspect.unwrap(func))
        for p in sig.parameters.values():
            if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty:
                missing.append(f"{qualname}({p.name})")
        if sig.return_annotation is inspect.Signature.empty:
            missing.append(f"{qualname} -> ?")
    assert not missing, missing
