import os
import pathlib

import pytest


def _default_data():
    """``../shared/data`` next to the repository (also found from a nested checkout)."""
    root = pathlib.Path(__file__).resolve().parents[1]
    for parent in [root, *root.parents]:
        candidate = parent.parent / "shared" / "data"
        if candidate.is_dir():
            return candidate
    return root.parent / "shared" / "data"


SHARED_DATA = pathlib.Path(os.environ.get("NX_ORDINAL_DATA") or _default_data())


#: NX_ORDINAL_REQUIRE=sfdp,chromium,data (CI sets it): a test that would skip because one of
#: these is missing fails instead; without the variable (a developer without the tools) it
#: skips as usual
_RESOURCES = {"data": ("shared/data", "shared data", "drawing-benchmark"),
              "sfdp": ("sfdp",), "chromium": ("chromium",)}
REQUIRED = {t.strip() for t in os.environ.get("NX_ORDINAL_REQUIRE", "").split(",") if t.strip()}


def pytest_configure(config):
    unknown = REQUIRED - set(_RESOURCES)
    if unknown:
        raise pytest.UsageError(f"NX_ORDINAL_REQUIRE names unknown resources {sorted(unknown)};"
                                f" known: {sorted(_RESOURCES)}")


def _skip_reason(report):
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not (REQUIRED and report.skipped):
        return
    reason = _skip_reason(report)
    missing = [r for r in sorted(REQUIRED)
               if any(word in reason.lower() for word in _RESOURCES[r])]
    if missing:
        report.outcome = "failed"
        report.longrepr = (f"NX_ORDINAL_REQUIRE requires {', '.join(missing)}, but the test "
                           f"skipped: {reason}")


@pytest.fixture
def shared_data():
    """Path of ../shared/data (real data sets); skips the test when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not available")
    return SHARED_DATA


@pytest.fixture
def ctrl_c_at_update(monkeypatch):
    """``ctrl_c_at_update(k)``: the k-th call of ``Progress.update`` (a solver's per-iteration
    progress) raises KeyboardInterrupt; returns the dict whose ``"n"`` counts the calls."""
    from nx_ordinal._core.progress import Progress

    def install(k):
        real, count = Progress.update, {"n": 0}

        def flaky(self, *args, **kw):
            count["n"] += 1
            if count["n"] == k:
                raise KeyboardInterrupt
            return real(self, *args, **kw)

        monkeypatch.setattr(Progress, "update", flaky)
        return count

    return install


@pytest.fixture
def count_calls(monkeypatch):
    """``count_calls(module, name)``: ``module.name`` replaced by a spy that calls it
    unchanged; returns the list that gets an entry at each call."""

    def install(module, name):
        real, calls = getattr(module, name), []

        def spy(*args, **kw):
            calls.append(1)
            return real(*args, **kw)

        monkeypatch.setattr(module, name, spy)
        return calls

    return install
