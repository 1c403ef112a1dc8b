import numpy as np
import pytest

from nx_ordinal.constraints import knn_adjacency
from nx_ordinal.density import density_embedding, density_reweighted_distances, knn_density
from nx_ordinal.metrics import procrustes_error


def test_density_tracks_gaussian():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((600, 2))
    p = knn_density(knn_adjacency(X, 40), 2)
    true = np.exp(-0.5 * (X ** 2).sum(1))
    assert np.corrcoef(np.log(p), np.log(true))[0, 1] > 0.6


def test_true_density_reweighting_recovers_points():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((400, 2))
    true = np.exp(-0.5 * (X ** 2).sum(1))
    Y = density_embedding(knn_adjacency(X, 30), 2, density=true)
    assert procrustes_error(X, Y) < 0.12


def test_uniform_density_near_constant_inside():
    X = np.random.default_rng(2).random((800, 2))
    p = knn_density(knn_adjacency(X, 30), 2)
    inner = (np.abs(X - 0.5) < 0.3).all(1)
    assert p[inner].std() / p[inner].mean() < 0.5


def test_errors():
    A = knn_adjacency(np.random.default_rng(3).random((10, 2)), 3)
    with pytest.raises(ValueError, match="density must have shape"):
        density_reweighted_distances(A, 2, density=np.ones(3))
    with pytest.raises(ValueError, match="dim must be >= 1"):
        knn_density(A, 0)
    with pytest.raises(ValueError, match="at least 2 vertices"):
        knn_density(np.zeros((1, 1)), 2)
