import numpy as np
import pytest

from nx_ordinal.datasets import pc, pcs
from nx_ordinal.tvmple import tv_mple


def _mass(res):
    vol = np.prod([np.diff(e)[0] for e in res.edges])
    return float(res.density.sum() * vol)


def test_pc_density_recovered():
    X = pc(4000, seed=0)
    res = tv_mple(X, lam=1e-2, grid=40, bounds=[(0, 1), (0, 1)])
    assert _mass(res) == pytest.approx(1.0, abs=1e-3)
    D = res.density
    left, right = D[2:18, 2:38].mean(), D[22:38, 2:38].mean()
    assert left == pytest.approx(1.5, rel=0.1)
    assert right == pytest.approx(0.5, rel=0.15)
    # TV flattens each half: far less variation than the raw histogram
    hist = np.histogram2d(X[:, 0], X[:, 1], bins=40, range=[(0, 1), (0, 1)], density=True)[0]
    assert D[2:18, 2:38].std() < 0.5 * hist[2:18, 2:38].std()
    # evaluation at points
    vals = res(np.array([[0.25, 0.5], [0.75, 0.5], [2.0, 2.0]]))
    assert vals[0] > 2 * vals[1] and vals[2] == 0.0


def test_pcs_central_square_denser():
    X = pcs(4000, seed=1)
    res = tv_mple(X, lam=1e-3, grid=40, bounds=[(0, 1), (0, 1)])
    D = res.density
    assert D[14:26, 14:26].mean() > 2.0 * D[:8, :].mean()


def test_units_do_not_matter():
    X = pc(1500, seed=2)
    a = tv_mple(X, lam=1e-3, grid=32)
    b = tv_mple(10.0 * X + 3.0, lam=1e-3, grid=32)
    np.testing.assert_allclose(b.density * 100.0, a.density, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(b.extent, 10.0 * np.array(a.extent) + 3.0)


def test_objective_does_not_depend_on_rho():
    X = pc(1000, seed=3)
    a = tv_mple(X, lam=1e-3, grid=24, rho=0.1, max_iter=2000)
    b = tv_mple(X, lam=1e-3, grid=24, rho=10.0, max_iter=2000)
    assert a.history[-1] == pytest.approx(b.history[-1], rel=1e-3)


def test_errors():
    with pytest.raises(ValueError, match="non-empty"):
        tv_mple(np.empty((0, 2)))
    with pytest.raises(ValueError, match="lam"):
        tv_mple(np.zeros((3, 2)), lam=-1)
    with pytest.raises(ValueError, match="bounds"):
        tv_mple(np.zeros((3, 2)), bounds=[(0, 1)])
