"""Random-state helpers shared by solvers and layouts (public import path; they live in the
package's core, ``nx_ordinal._core.seeds``)."""

from ._core.seeds import *  # noqa: F403
from ._core.seeds import __all__  # noqa: F401
