import os
import pathlib

import pytest

SHARED_DATA = pathlib.Path(
    os.environ.get(
        "NX_ORDINAL_DATA", pathlib.Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
    )
)


@pytest.fixture
def shared_data():
    """Path of ../shared/data (real data sets); skips the test when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not available")
    return SHARED_DATA
