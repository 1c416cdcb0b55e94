"""Writing files safely: a temporary file in the same folder, then an atomic rename.

A reader never sees a half-written file, and a full disk leaves the old file as it was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def _mode_for(path: Path) -> int:
    """The rights of the file being replaced, or those a new file gets under the user's umask."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; ``OSError`` when it cannot be done."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, _mode_for(path))  # mkstemp makes the file private; the result keeps ordinary rights
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
