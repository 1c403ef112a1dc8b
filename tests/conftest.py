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
    from nx_ordinal._runtime.progress import Progress

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
