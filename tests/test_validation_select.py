import numpy as np
import pytest

from nx_ordinal.constraints import orient_triplets, random_triplets
from nx_ordinal.embed import dmoe, gnmds
from nx_ordinal.embed.validation import select_by_validation


@pytest.fixture(scope="module")
def planted():
    P = np.random.default_rng(0).standard_normal((20, 2))
    return orient_triplets(random_triplets(20, 600, seed=1), P)


def test_selects_a_grid_point_and_scores_every_point(planted):
    grid = {"lam": [0.0, 0.1], "max_iter": [10, 40]}
    best, scores = select_by_validation(gnmds, planted, 20, 2, grid=grid, seed=3)
    assert len(scores) == 4
    assert [p for p, _ in scores] == [{"lam": a, "max_iter": b} for a in grid["lam"]
                                      for b in grid["max_iter"]]
    assert best in [p for p, _ in scores]
    errs = np.array([e for _, e in scores])
    assert dict(scores[int(np.argmin(errs))][0]) == best


def test_scores_are_mean_held_out_errors(planted):
    """A stub method returning the planted points (every held-out triplet satisfied) or a
    row permutation of them: the scores are exactly the held-out errors, and the folds
    partition the constraints."""
    from types import SimpleNamespace

    P = np.random.default_rng(0).standard_normal((20, 2))
    perm = np.random.default_rng(5).permutation(20)
    trains = []

    def method(train, n, dim, *, which):
        trains.append(train)
        return SimpleNamespace(embedding=P if which == "truth" else P[perm])

    best, scores = select_by_validation(method, planted, 20, 2, n_folds=3,
                                        grid={"which": ["shuffled", "truth"]}, seed=1)
    assert best == {"which": "truth"}
    assert scores[1] == ({"which": "truth"}, 0.0)
    assert 0.3 < scores[0][1] < 0.7  # a random configuration: about half violated
    # three folds per grid point; each row held out exactly once
    assert len(trains) == 6
    held = [len(planted) - len(t) for t in trains[:3]]
    assert sum(held) == len(planted) and max(held) - min(held) <= 1
    rows = {tuple(r) for t in trains[:3] for r in t}
    assert rows == {tuple(r) for r in planted}


def test_deterministic_with_seed(planted):
    grid = {"lam": [0.0, 0.05]}
    a = select_by_validation(gnmds, planted, 20, 2, grid=grid, seed=7, max_iter=30)
    b = select_by_validation(gnmds, planted, 20, 2, grid=grid, seed=7, max_iter=30)
    assert a == b


def test_prefers_a_fitted_model_over_no_fit(planted):
    # max_iter=0 leaves DMOE's Gram matrix at 0 (every held-out triplet tied: error 1);
    # a converged fit generalises: validation must tell them apart.
    best, scores = select_by_validation(
        dmoe, planted, 20, 2, grid=[{"max_iter": 0}, {"max_iter": 300}], seed=0, lam=3.0,
        embedding=lambda res: res.embedding)
    assert best == {"max_iter": 300}
    assert scores[0][1] == 1.0
    assert scores[1][1] < 0.2


def test_bad_arguments(planted):
    with pytest.raises(ValueError, match="grid is empty"):
        select_by_validation(gnmds, planted, 20, 2, grid={})
    with pytest.raises(ValueError, match="grid\\['lam'\\] is empty"):
        select_by_validation(gnmds, planted, 20, 2, grid={"lam": []})
    with pytest.raises(ValueError, match="n_folds"):
        select_by_validation(gnmds, planted, 20, 2, grid={"lam": [0.0]}, n_folds=1)
    with pytest.raises(ValueError, match="n_folds must be <= the number of constraints"):
        select_by_validation(gnmds, planted[:4], 20, 2, grid={"lam": [0.0]}, n_folds=5)
    with pytest.raises(TypeError, match="method must be callable"):
        select_by_validation("gnmds", planted, 20, 2, grid={"lam": [0.0]})
