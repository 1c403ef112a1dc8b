"""Shared helpers of the landmark benchmarks: STE lookup and time-to-error runs."""

import importlib
import time

import numpy as np

from nx_ordinal.metrics import procrustes_error


def get_solver(name):
    """``nx_ordinal.embed.ste.<name>`` or None while the STE module is missing."""
    try:
        mod = importlib.import_module("nx_ordinal.embed.ste")
    except ImportError:
        return None
    return getattr(mod, name, None)


def error_trace(solver, T, n, dim, P, *, init=None, max_iters=(1, 2, 4, 8, 16, 32, 64, 128, 256),
                target=None, max_total=600.0, seed=0, **kw):
    """Run ``solver`` from scratch with growing ``max_iter``; return [(seconds, error)].

    Each run restarts with the same seed, so run k is a prefix of run k+1; its wall time is the
    time that solver needs to reach its error.  Stops once ``target`` is reached or the total
    time passes ``max_total``.
    """
    import warnings

    out = []
    spent = 0.0
    for it in max_iters:
        t = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = solver(T, n, dim, init=init, max_iter=it, seed=seed, **kw)
        dt = time.perf_counter() - t
        spent += dt
        err = procrustes_error(P, res.embedding)
        out.append((dt, err))
        if (target is not None and err <= target) or spent > max_total or res.converged:
            break
    return out


def time_to(trace, target):
    for t, e in trace:
        if e <= target:
            return t
    return np.inf
