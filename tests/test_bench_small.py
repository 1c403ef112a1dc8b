"""The small-graph script (benchmarks/bench_small.py): its checks against t-FDP."""

import math

import networkx as nx
import pytest
from _benchmarks import load


@pytest.fixture(scope="module")
def bench():
    return load("bench_small")


def test_tfdp_misses_name_each_line(bench):
    """The lines of bench_unseen.py: NP1 0.02 and NP2 0.03 below t-FDP's, stress 1.25
    times; ``after`` is (NP1, GARI, NP2, stress), the reference (NP1, NP2, stress)."""
    ref = (0.60, 0.70, 0.10)
    assert bench.tfdp_misses((0.585, 0.5, 0.675, 0.124), ref) == []
    assert bench.tfdp_misses((0.57, 0.5, 0.68, 0.12), ref) == ["NP1"]
    assert bench.tfdp_misses((0.59, 0.5, 0.66, 0.12), ref) == ["NP2"]
    assert bench.tfdp_misses((0.50, 0.5, 0.60, 0.13), ref) == ["NP1", "NP2", "stress"]


def test_tfdp_reference_is_the_mean_of_its_seeds(bench):
    G = nx.petersen_graph()
    one = [bench.tfdp_reference(G, seeds=(s,)) for s in (0, 1)]
    both = bench.tfdp_reference(G, seeds=(0, 1))
    for k in range(3):
        assert math.isclose(both[k], 0.5 * (one[0][k] + one[1][k]), rel_tol=1e-12)
    assert 0.0 <= both[0] <= 1.0 and 0.0 <= both[1] <= 1.0 and both[2] > 0.0
