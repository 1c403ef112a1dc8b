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
