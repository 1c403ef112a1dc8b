"""Runtime of every public solver and layout (layer 1): the run policy of a public call
(warnings, progress, BLAS threads: ``progress``), the result object (``result``), the
optimiser drivers (``optim``: L-BFGS with a scale-free stopping rule, block PCG, the
majorization loop) and the restart runner (``runner``).  Knows no graph and no method."""
