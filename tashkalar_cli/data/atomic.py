"""Files read and written safely.

Writing: a temporary file in the same folder, then an atomic rename, so a reader never sees a
half-written file, and a full disk leaves the old file as it was. Reading the tool's own files
(its cache, the signature of a file it wrote): a regular file only, never through a link, never
waiting on a FIFO, and never more than a bound.
"""

from __future__ import annotations

import contextlib
import os
import stat
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


def read_bounded(path: str | os.PathLike[str], limit: int, *, head: bool = False) -> bytes | None:
    """The bytes of ``path`` when it is a regular file (not a link) of at most ``limit`` bytes,
    else None: a FIFO, a device, a folder or a link in its place is never read nor waited on.
    With ``head``, a larger file gives its first ``limit`` bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (st.st_size > limit and not head):
            return None
        chunks = []
        left = limit if head else limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        return data if head or len(data) <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)
