"""Safe files, in one module: checks of input and output paths before any work
(:func:`check_input_path`, :func:`check_output_path`) and :func:`atomic_write`, which
leaves the target as it was when anything fails.  Public as ``nx_ordinal.io``'s names of the
same name; used by ``io``, ``plot`` and ``view``."""

from __future__ import annotations

import contextlib
import os
import tempfile
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["atomic_write", "check_input_path", "check_output_path"]


def _umask() -> int:
    """The process umask, read without changing it where Linux allows (``/proc``)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # no way to read it without setting it
    os.umask(mask)
    return mask


def check_input_path(path: str | os.PathLike[str]) -> None:
    """Check that ``path`` is an existing, readable file (not a folder).

    Raises
    ------
    OSError
        One-line message naming the path and the problem.
    """
    path = os.fspath(path)
    if os.path.isdir(path):
        raise OSError(f"{path!r} is a directory, not a graph file")
    if not os.path.isfile(path):
        raise OSError(f"no such file: {path!r}")
    if not os.access(path, os.R_OK):
        raise OSError(f"cannot read {path!r}: permission denied")


def check_output_path(path: str | os.PathLike[str]) -> str:
    """Check that ``path`` can be written: its folder exists and is writable, and it is not
    itself a folder.  Cheap; meant to run before expensive work.

    Returns
    -------
    str
        The absolute path of the folder.

    Raises
    ------
    OSError
        One-line message naming the path and the problem.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise OSError(f"output {path!r} is a directory")
    if not os.path.isdir(directory):
        raise OSError(f"output directory {directory!r} does not exist")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise OSError(f"output directory {directory!r} is not writable")
    return directory


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w",
                 **kwargs: Any) -> Iterator[IO[Any]]:
    """Open a temporary file next to ``path``; on success rename it to ``path``.

    On any exception (Ctrl-C included) the temporary file is removed and ``path`` is left as
    it was.  The file gets the permissions a plain ``open`` would give it (``0o666`` minus
    the umask), not ``mkstemp``'s private ``0o600``.

    Raises
    ------
    OSError
        The folder does not exist or is not writable, or ``path`` is a folder (checked by
        :func:`check_output_path`, so the message names ``path``, not the temporary file).
    """

    path = os.fspath(path)
    directory = check_output_path(path)
    base = os.path.basename(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=directory)
    try:
        try:
            os.chmod(tmp, 0o666 & ~_umask())
            fh = os.fdopen(fd, mode, **kwargs)
        except BaseException:
            os.close(fd)
            raise
        with fh:
            yield fh
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise
