"""The layouts and solvers that cross-cutting tests run, derived from the method table.

``tests/test_conformance.py``, ``tests/test_fuzz.py`` and ``tests/test_reliability.py`` take
their method lists from here, and this module reads :data:`nx_ordinal._methods.METHODS` when
called: a method in the table is tested everywhere, a method not in it nowhere.
"""

import importlib


def _load(target):
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


def table():
    """The method table as it is now (looked up on every call, so tests can swap it)."""
    from nx_ordinal import _methods

    return _methods.METHODS


def cheap_layouts(methods=None):
    """``{name: f(G, **kw)}``: each table layout with its cheap ``test_kwargs`` (``kw``
    overrides them)."""
    methods = table() if methods is None else methods

    def make(entry):
        def f(G, **kw):
            return _load(entry["layout"])(G, **{**entry["test_kwargs"], **kw})

        return f

    return {name: make(entry) for name, entry in methods.items()}


def layout_functions(methods=None):
    """``{name: layout function}`` of the table."""
    methods = table() if methods is None else methods
    return {name: _load(entry["layout"]) for name, entry in methods.items()}


def solvers(methods=None):
    """``{name: (solver, entry)}`` of the table."""
    methods = table() if methods is None else methods
    return {name: (_load(entry["solver"]), entry) for name, entry in methods.items()}
