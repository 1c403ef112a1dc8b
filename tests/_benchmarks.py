"""Load a script of ``benchmarks/`` as a module (they are scripts, not a package; a script
may import the others beside it)."""

import importlib.util
import pathlib
import sys

BENCHMARKS = pathlib.Path(__file__).resolve().parents[1] / "benchmarks"


def load(name):
    """The module ``benchmarks/<name>.py``."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return mod


class StepClock:
    """A stand-in for ``time.perf_counter`` around timed calls: the clock is read before and
    after every call, and the calls take ``spans`` seconds, one after another."""

    def __init__(self, spans):
        self.spans, self.now, self.reads = list(spans), 0.0, 0

    def __call__(self):
        self.reads += 1
        if self.reads % 2 == 0:  # after a call: it took the next span
            self.now += self.spans.pop(0)
        return self.now
