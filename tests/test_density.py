import numpy as np
import pytest
from scipy.sparse.csgraph import shortest_path
from scipy.spatial import cKDTree

from nx_ordinal.constraints import knn_adjacency
from nx_ordinal.density import density_embedding, density_reweighted_distances, knn_density
from nx_ordinal.embed.mds import classical_mds
from nx_ordinal.metrics import procrustes_error


def _two_gaussians(n, seed):
    """Supplement 3.5's toy set: two unit Gaussians in R^2, weights 0.6 / 0.4."""
    rng = np.random.default_rng(seed)
    first = rng.random(n) < 0.6
    mu = np.where(first[:, None], [-1.5, 0.0], [1.5, 0.0])
    X = mu + rng.standard_normal((n, 2))
    dens = (0.6 * np.exp(-0.5 * ((X - [-1.5, 0]) ** 2).sum(1))
            + 0.4 * np.exp(-0.5 * ((X - [1.5, 0]) ** 2).sum(1)))
    return X, dens


def test_reweighting_beats_hop_distances_on_mixture():
    X, dens = _two_gaussians(1000, 0)
    A = knn_adjacency(X, 50)
    p = knn_density(A, 2)
    assert np.corrcoef(np.log(p), np.log(dens))[0, 1] > 0.85
    hop = procrustes_error(X, classical_mds(shortest_path(A, directed=False), 2))
    est = procrustes_error(X, density_embedding(A, 2))
    true = procrustes_error(X, density_embedding(A, 2, density=dens))
    # measured: hop 0.075, estimated density 0.0025, true density 0.006
    assert est < 0.25 * hop
    assert est < 0.02 and true < 0.02


def test_estimate_tracks_knn_radii():
    X, _ = _two_gaussians(800, 1)
    A = knn_adjacency(X, 40)
    rk = cKDTree(X).query(X, 41)[0][:, -1]
    logp = np.log(knn_density(A, 2))
    slope = np.polyfit(-2 * np.log(rk), logp, 1)[0]
    assert np.corrcoef(logp, -np.log(rk))[0, 1] > 0.9
    assert 0.7 < slope < 1.2


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
