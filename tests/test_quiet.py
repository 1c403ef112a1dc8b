"""Quiet by default: warnings only when the result is likely poor, pointing at the caller's
line, once per public call; progress on stderr only; BLAS threads chosen by the package."""

import builtins
import io
import math
import pathlib
import sys
import warnings

import networkx as nx
import numpy as np
import pytest

import nx_ordinal
from nx_ordinal._core.progress import (
    FALLING_RATE,
    Progress,
    blas_threads,
    dense_blas,
    is_terminal,
    public_call,
    still_falling,
    warn,
    warn_not_converged,
)
from nx_ordinal.constraints import graph_to_csr, knn_adjacency, sample_triplets
from nx_ordinal.embed import loe, soe
from nx_ordinal.exceptions import ConvergenceWarning, NoOrdinalInformationWarning

HERE = str(pathlib.Path(__file__).resolve())


def _record(fn, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn(*args, **kwargs)
    return out, caught


# ---------------------------------------------------------------------------- no warnings
def test_default_loe_layout_on_netscience_is_silent(shared_data):
    G = nx.read_gml(shared_data / "netscience" / "netscience.gml", label="id")
    G = G.subgraph(max(nx.connected_components(G), key=len)).copy()
    assert G.number_of_nodes() == 379
    pos, caught = _record(nx_ordinal.loe_layout, G, seed=0)
    assert [str(w.message) for w in caught] == []
    assert len(pos) == 379


@pytest.mark.slow
def test_default_loe_layout_on_2000_node_geometric_graph_is_silent():
    n = 2000
    G = nx.random_geometric_graph(n, math.sqrt(8 / (math.pi * n)), seed=1)
    pos, caught = _record(nx_ordinal.loe_layout, G, seed=0)
    assert [str(w.message) for w in caught] == []
    assert len(pos) == n


# ------------------------------------------------------------------ the "likely poor" rule
def test_still_falling_criterion():
    # 1 % over the last 10 % of the iterations (at least 10) is the boundary
    flat = [100.0 - 0.001 * t for t in range(1000)]
    assert not still_falling(flat)
    steep = [100.0 * 0.999**t for t in range(1000)]  # -10 % over the last 100 iterations
    assert still_falling(steep)
    # window of 10 values for short runs; exactly at the rate is not "falling"
    assert not still_falling([1.0 + 0.5 * FALLING_RATE] + [1.0] * 10)
    assert still_falling([1.0 + 2 * FALLING_RATE] + [1.0] * 10)
    assert not still_falling([5.0, 0.0])  # an exact minimiser
    assert still_falling([3.0])  # one value: no evidence the run had settled
    assert still_falling([3.0, 2.0])


def test_convergence_warning_only_when_still_falling():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((80, 2))
    T = sample_triplets(X, n_triplets=2000, noise="flip", noise_level=0.1, seed=1)
    # five iterations from a random start: still falling fast, a warning
    _, caught = _record(soe, T, dim=2, max_iter=5, tol=0, seed=0)
    assert [w.category for w in caught] == [ConvergenceWarning]
    assert "soe-lbfgs stopped on max_iter after 5 iterations with the objective still " \
        "falling" in str(caught[0].message)
    _, caught = _record(soe, T, dim=2, max_iter=10**6, max_time=1e-4, tol=0, seed=0)
    assert "stopped on max_time" in str(caught[0].message)
    # stopped because the next evaluation would have overrun max_time (the clock short of
    # it): still a stop on max_time, not on max_iter
    progress = Progress(100, False, "run", max_time=60.0)
    assert progress.out_of_time(ahead=120.0) and progress.timed_out
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warn_not_converged("loe-lbfgs", [4.0, 3.0, 2.0], progress)
    assert "loe-lbfgs stopped on max_time after 3 iterations" in str(caught[0].message)
    # tol=0 never converges by the relative rule, but after many iterations the objective
    # (noisy triplets: never 0) is flat: out of budget without a warning
    res, caught = _record(soe, T, dim=2, max_iter=300, tol=0, seed=0)
    assert not res.converged
    assert not still_falling(res.history)
    assert caught == []


# -------------------------------------------------------------------------- stacklevel
def test_warning_points_at_the_callers_line_for_solvers_and_layouts():
    rng = np.random.default_rng(0)
    T = sample_triplets(rng.standard_normal((60, 2)), n_triplets=1500, seed=1)
    _, caught = _record(soe, T, dim=2, max_iter=3, tol=0, seed=0)
    assert caught and all(w.filename == HERE for w in caught)
    # layout -> solver -> restarts: still this file
    G = nx.grid_2d_graph(12, 12)
    _, caught = _record(nx_ordinal.loe_layout, G, max_iter=2, tol=0, n_init=2, seed=0)
    assert [w.category for w in caught] == [ConvergenceWarning]
    assert caught[0].filename == HERE
    _, caught = _record(nx_ordinal.soe_layout, nx.complete_graph(5), seed=0)
    assert [w.category for w in caught] == [NoOrdinalInformationWarning]
    assert caught[0].filename == HERE
    with pytest.warns(NoOrdinalInformationWarning) as rec:
        line = sys._getframe().f_lineno + 1
        nx_ordinal.ste_layout(nx.complete_graph(6), seed=0)
    assert (rec[0].filename, rec[0].lineno) == (HERE, line)


def test_each_warning_once_per_public_call():
    # default loe_layout on K6: 4 runs (spectral and Kamada-Kawai starts), one warning
    _, caught = _record(nx_ordinal.loe_layout, nx.complete_graph(6), seed=0)
    assert [w.category for w in caught] == [NoOrdinalInformationWarning]
    # beyond 100 nodes loe_layout takes t-LOE alone, which has no such check of its own: the
    # layout's check at its start says it, once, at the caller's line, whatever path it takes
    for G in (nx.complete_graph(150), nx.empty_graph(300), nx.complete_graph(6)):
        with pytest.warns(NoOrdinalInformationWarning) as rec:
            line = sys._getframe().f_lineno + 1
            nx_ordinal.loe_layout(G, seed=0)
        assert len(rec) == 1
        assert (rec[0].filename, rec[0].lineno) == (HERE, line)
        assert str(rec[0].message).startswith("loe_layout: the graph implies no local triplets")
    # the solver's own restarts: once
    A, _ = graph_to_csr(nx.complete_graph(6))
    _, caught = _record(loe, A, n_init=4, seed=0)
    assert len(caught) == 1
    # a second call warns again (the scope ends with the call)
    _, caught = _record(nx_ordinal.loe_layout, nx.complete_graph(6), seed=0)
    assert len(caught) == 1
    # ConvergenceWarning of several runs: once
    _, caught = _record(nx_ordinal.loe_layout, nx.grid_2d_graph(10, 10), max_iter=2, tol=0,
                        n_init=4, seed=0)
    assert [w.category for w in caught] == [ConvergenceWarning]


def test_warn_outside_a_public_call_is_not_deduplicated():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warn("a", UserWarning)
        warn("a", UserWarning)
    assert len(caught) == 2 and caught[0].filename == HERE

    @public_call
    def twice():
        warn("b", UserWarning)
        warn("b", UserWarning)
        warn("c", UserWarning)

    _, caught = _record(twice)
    assert [str(w.message) for w in caught] == ["b", "c"]


# ----------------------------------------------------------------------------- progress
@pytest.fixture
def no_tqdm(monkeypatch):
    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name == "tqdm" or name.startswith("tqdm."):
            raise ImportError("no tqdm here")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)


class FakeTTY(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self):
        return True


def tty_stderr(monkeypatch):
    """sys.stderr replaced by a terminal-like stream (in the test's body: pytest's capture
    sets sys.stderr again when the test's call begins)."""
    stream = FakeTTY()
    monkeypatch.setattr(sys, "stderr", stream)
    return stream


def test_is_terminal():
    assert is_terminal(FakeTTY())
    assert not is_terminal(io.StringIO())
    assert not is_terminal(object())  # no isatty at all
    closed = io.StringIO()
    closed.close()  # isatty() raises ValueError
    assert not is_terminal(closed)


def test_progress_without_tqdm_is_one_updating_line_on_stderr(no_tqdm, monkeypatch, capsys):
    stream = tty_stderr(monkeypatch)
    A = knn_adjacency(np.random.default_rng(0).random((150, 2)), 6)
    loe(A, n_init=2, max_iter=300, verbose=True, seed=0)
    out, _ = capsys.readouterr()
    err = stream.getvalue()
    assert out == ""
    assert err.count("\r") >= 2  # rewritten in place...
    # ...one finished line per run, not one per iteration (besides the memory estimate that
    # verbose runs state once, up front)
    assert err.count("\n") - err.count("estimated peak memory") == 2
    assert "loe-lbfgs run 1/2" in err and "loe-lbfgs run 2/2" in err and "objective" in err


def test_progress_with_tqdm_goes_to_stderr(monkeypatch, capsys):
    pytest.importorskip("tqdm")
    stream = tty_stderr(monkeypatch)
    A = knn_adjacency(np.random.default_rng(0).random((60, 2)), 5)
    loe(A, max_iter=50, verbose=True, seed=0)
    out, _ = capsys.readouterr()
    assert out == ""
    assert "loe-lbfgs" in stream.getvalue() and "\r" in stream.getvalue()


@pytest.mark.parametrize("tqdm", [True, False], ids=["tqdm", "no-tqdm"])
def test_progress_not_on_a_terminal_is_plain_lines(tqdm, request, capsys, monkeypatch):
    """stderr redirected to a file: no carriage returns (tqdm's neither), the first line,
    then at most one every PLAIN_INTERVAL seconds, and the final state."""
    if not tqdm:
        request.getfixturevalue("no_tqdm")
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    p = Progress(500, True, "solver")
    for k in range(500):
        p.update(1.0 / (k + 1))
    p.close()
    assert stream.getvalue() == "solver: 1/500 objective 1\nsolver: 500/500 objective 0.002\n"
    monkeypatch.setattr(Progress, "PLAIN_INTERVAL", 0.0)  # a line at every update
    stream.seek(0)
    stream.truncate()
    p = Progress(3, True, "s")
    for _ in range(3):
        p.update()
    p.close()  # the final state was the last line: not repeated
    assert stream.getvalue() == "s: 1/3\ns: 2/3\ns: 3/3\n"


def test_progress_quiet_by_default(capsys):
    p = Progress(10)
    for _ in range(10):
        p.update(1.0)
    p.close()
    assert p.count == 10
    assert capsys.readouterr() == ("", "")


# ------------------------------------------------------------------------------- threads
def _blas_threads_now():
    import threadpoolctl

    info = [i for i in threadpoolctl.threadpool_info() if i["user_api"] == "blas"]
    return {i["num_threads"] for i in info}


def test_threadpoolctl_is_a_dependency():
    import tomllib

    root = pathlib.Path(__file__).resolve().parents[1]
    deps = tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.startswith("threadpoolctl") for d in deps)


def test_public_calls_run_with_the_blas_threads_they_chose(monkeypatch):
    seen = {}

    @public_call
    def solver():
        seen["inside"] = _blas_threads_now()
        with dense_blas(10):
            seen["small"] = _blas_threads_now()

    with blas_threads(2):
        before = _blas_threads_now()
        solver()
        after = _blas_threads_now()
    assert seen["inside"] == {1} and seen["small"] == {1}
    assert before == after

    # a layout's dense algebra (REE's eigendecompositions) runs on one thread
    import nx_ordinal.embed.ree  # noqa: F401

    ree_mod = sys.modules["nx_ordinal.embed.ree"]
    real = ree_mod._subgradient

    def spy(*args, **kwargs):
        seen["ree"] = _blas_threads_now()
        return real(*args, **kwargs)

    monkeypatch.setattr(ree_mod, "_subgradient", spy)
    with blas_threads(2):
        nx_ordinal.ree_layout(nx.karate_club_graph(), max_iter=20, seed=0)
    assert seen["ree"] == {1}


def test_thread_policy_by_size(monkeypatch):
    """One BLAS thread below 600 rows, then one per 600 rows, capped by the caller's count
    and by the cores less one; the dense kernels outside the solvers follow it."""
    from nx_ordinal._core import resources as _resources
    from nx_ordinal.constraints import knn_graph

    monkeypatch.setattr(_resources, "_usable_cpus", lambda: 16)
    assert [_resources.blas_threads_for(n, 8) for n in (2, 599, 600, 1199, 1200, 3000, 10**6)] \
        == [1, 1, 1, 1, 2, 5, 8]
    assert _resources.blas_threads_for(10**6, 64) == 15  # a core kept for other work
    monkeypatch.setattr(_resources, "_usable_cpus", lambda: 2)
    assert _resources.blas_threads_for(10**6, 2) == 1

    seen = {}

    def spy(name, real):
        def f(*args, **kwargs):
            seen[name] = _blas_threads_now()
            return real(*args, **kwargs)

        return f

    monkeypatch.setattr(np.linalg, "eigvalsh", spy("eigvalsh", np.linalg.eigvalsh))
    monkeypatch.setattr(np.linalg, "svd", spy("svd", np.linalg.svd))
    G = knn_graph(np.random.default_rng(0).random((120, 2)), 8).to_undirected()
    X = np.random.default_rng(1).random((500, 2))
    with blas_threads(2):
        assert nx_ordinal.is_globally_rigid(G, seed=0) in (True, False)
        nx_ordinal.metrics.procrustes_error(X, X[:, ::-1])
        after = _blas_threads_now()
    assert seen == {"eigvalsh": {1}, "svd": {1}}
    assert after == {2}  # restored


def test_warning_in_a_worker_thread_points_at_the_package_line():
    import concurrent.futures as cf

    def job():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            warn("from a worker", UserWarning)
        return caught

    with cf.ThreadPoolExecutor(1) as ex:
        caught = ex.submit(job).result()
    # the test's job() is the first frame outside the package
    assert caught[0].filename == HERE
    with cf.ThreadPoolExecutor(1) as ex:
        A = knn_adjacency(np.random.default_rng(0).random((40, 2)), 4)
        fut = ex.submit(_record, loe, A, max_iter=2, tol=0, seed=0)
        _, caught = fut.result()
    assert caught and caught[0].filename == HERE  # _record, in this file, made the call


def test_interrupt_env_lets_keyboard_interrupt_through(monkeypatch):
    """NX_ORDINAL_INTERRUPT=raise (set by ``nx-ordinal gallery`` for its scripts): a Ctrl-C
    inside a solver propagates instead of returning the best configuration so far."""
    import numpy as np

    from nx_ordinal.constraints import knn_adjacency
    from nx_ordinal.embed import loe

    A = knn_adjacency(np.random.default_rng(0).random((60, 2)), 6)

    def stop(run, it, X, f):
        if it == 3:
            raise KeyboardInterrupt

    with pytest.warns(nx_ordinal.InterruptedWarning):
        res = loe(A, seed=0, callback=stop)
    assert np.isfinite(res.embedding).all()
    monkeypatch.setenv("NX_ORDINAL_INTERRUPT", "raise")
    with pytest.raises(KeyboardInterrupt):
        loe(A, seed=0, callback=stop)


def test_progress_delay_hides_short_runs(no_tqdm, capsys, monkeypatch):
    """``Progress.delay`` (the command line sets 1 s): nothing is drawn for a run shorter than
    the delay, the display appears once it has passed."""
    from nx_ordinal._core.progress import Progress

    monkeypatch.setattr(Progress, "delay", 1.0)
    p = Progress(50, True, "quick")
    for _ in range(50):
        p.update(1.0)
    p.close()
    assert capsys.readouterr() == ("", "")
    monkeypatch.setattr(Progress, "delay", 0.0)
    p = Progress(5, True, "slow")
    p.update(1.0)
    p.close()
    assert "slow: 1/5" in capsys.readouterr().err
