"""The small result object every solver returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .typing import FloatArray

__all__ = ["EmbeddingResult"]


@dataclass
class EmbeddingResult:
    """Outcome of an embedding solver.

    Attributes
    ----------
    embedding : ndarray, shape (n, dim)
        The configuration found (also available as ``X``).
    objective : float
        Final objective value (the solver's own loss).
    n_iter : int
        Iterations of the best run.
    converged : bool
        Whether the stopping rule was met before the budget ran out.
    history : list of float
        Objective value after each iteration of the best run.
    method : str
        Name of the algorithm that produced it.
    info : dict
        Solver-specific extras (timings, restarts' objectives, ...).
    """

    embedding: FloatArray
    objective: float
    n_iter: int
    converged: bool
    history: list[float] = field(default_factory=list)
    method: str = ""
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def X(self) -> FloatArray:
        return self.embedding

    def __repr__(self):
        shape = getattr(self.embedding, "shape", None)
        return (
            f"EmbeddingResult(method={self.method!r}, shape={shape}, "
            f"objective={self.objective:.6g}, n_iter={self.n_iter}, converged={self.converged})"
        )
