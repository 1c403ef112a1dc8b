"""The sort-based set operations that replace numpy's hash-based ``np.unique`` of integer
arrays in hot paths: the same answers as numpy's."""

import numpy as np
import pytest

from nx_ordinal._core.arrays import sorted_union, sorted_unique


@pytest.mark.parametrize("size,high", [(0, 5), (1, 5), (2, 1), (1000, 7), (5000, 10**12)])
def test_sorted_unique_is_numpys_unique(size, high):
    a = np.random.default_rng(size).integers(-high, high, size)
    got = sorted_unique(a)
    np.testing.assert_array_equal(got, np.unique(a))
    assert got.dtype == a.dtype


def test_sorted_unique_flattens_and_sorted_union():
    a = np.array([[3, 1], [1, 9]])
    np.testing.assert_array_equal(sorted_unique(a), [1, 3, 9])
    np.testing.assert_array_equal(sorted_union(np.array([5, 2, 2]), a), [1, 2, 3, 5, 9])
