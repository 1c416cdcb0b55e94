"""Files read and written safely.

Writing (:func:`replace_all`): all or nothing. Every new content is first written to a temporary
file beside its target (created with ``O_EXCL``) and flushed to the disk; only then are the
temporary files renamed over their targets, one after the other. A target that did not exist when
it was checked is created without replacing anything (``renameat2(RENAME_NOREPLACE)``, else a hard
link, which fails on an existing name); one that existed is kept under a second name until every
rename has succeeded, and is replaced only if it is still the very file that was checked (device,
inode, size, time of change). When anything fails (a full disk, a target that changed, SIGINT,
SIGTERM or SIGHUP), the targets already replaced get their old file back, the new ones are
removed, and so is every temporary file: a reader never sees a half-written file, and a command
never leaves half of its outputs. A signal ends the command with the usual code 128 + its number,
after the clean-up.

Reading the tool's own files (its cache, the signature of a file it wrote): a regular file only,
never through a link, never waiting on a FIFO, and never more than a bound.
"""

from __future__ import annotations

import contextlib
import errno
import os
import platform
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple


class Identity(NamedTuple):
    """What tells a file from another one put in its place."""

    dev: int
    ino: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, st: os.stat_result) -> Identity:
        return cls(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class Planned(NamedTuple):
    """A file to write: its ``path``, its ``data``, and the file found there when it was checked
    (``was``; None: there was none, and none may appear before it is written)."""

    path: Path
    data: bytes
    was: Identity | None


class WriteFailed(OSError):
    """A write of several files that did not happen (nothing was changed): ``target`` is the file
    at fault; ``changed``: it appeared, or was changed, after it was checked."""

    def __init__(self, target: Path, cause: OSError | None, changed: bool = False) -> None:
        code = cause.errno if cause is not None else errno.EEXIST
        reason = (cause.strerror if cause is not None else None) or os.strerror(code or errno.EIO)
        super().__init__(code, reason, str(target))
        self.target = target
        self.changed = changed


def _mode_for(path: Path) -> int:
    """The rights of the file being replaced, or those a new file gets under the user's umask."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


# ---------------------------------------------------------------------------- signals
def _signals() -> list[int]:
    return [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None]


@contextlib.contextmanager
def _signals_end_the_write() -> Iterator[None]:
    """While files are written, SIGTERM and SIGHUP end the command as SIGINT does: by an exception
    (``SystemExit(128 + signal)``), so the clean-up runs; the handlers are those of before after it.
    A signal the process ignores (``nohup``) stays ignored; outside the main thread nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(signum: int, frame: Any) -> None:
        raise SystemExit(128 + signum)

    before: dict[int, Any] = {}
    try:
        for sig in _signals():
            previous = signal.getsignal(sig)
            if previous is not signal.SIG_IGN:
                before[sig] = signal.signal(sig, end)
        yield
    finally:
        for sig, previous in before.items():
            signal.signal(sig, previous if previous is not None else signal.SIG_DFL)


@contextlib.contextmanager
def _blocked() -> Iterator[None]:
    """No signal handled inside (they wait until after): a step and the record of it stay together."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    block = {*_signals(), signal.SIGINT}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, block)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# ---------------------------------------------------------------------------- renames
#: renameat2's flag that refuses an existing target, and the "current folder" of the *at calls
_RENAME_NOREPLACE = 1
_AT_FDCWD = -100
#: the number of the renameat2 system call, for a C library without the function
_SYS_RENAMEAT2 = {"x86_64": 316, "aarch64": 276, "arm64": 276, "riscv64": 276, "ppc64le": 357, "s390x": 347}


def _renameat2() -> Callable[[bytes, bytes], int] | None:
    """A call of renameat2 with RENAME_NOREPLACE (0, or -1 with errno set), or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # deferred: ctypes, for a write only

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    function = getattr(libc, "renameat2", None)
    if function is not None:
        return lambda src, dst: int(function(_AT_FDCWD, src, _AT_FDCWD, dst, _RENAME_NOREPLACE))
    number = _SYS_RENAMEAT2.get(platform.machine())
    syscall = getattr(libc, "syscall", None)
    if number is None or syscall is None:
        return None
    long = ctypes.c_long  # syscall() reads its arguments as longs: a negative int is widened here, not there
    return lambda src, dst: int(syscall(long(number), long(_AT_FDCWD), src, long(_AT_FDCWD), dst,
                                        long(_RENAME_NOREPLACE)))


def _rename_new(tmp: str, path: Path) -> None:
    """Rename ``tmp`` to ``path``, which must not exist: ``FileExistsError`` if it does."""
    import ctypes  # deferred: ctypes, for a write only

    call = _renameat2()
    if call is not None:
        if call(os.fsencode(tmp), os.fsencode(path)) == 0:
            return
        code = ctypes.get_errno()
        if code == errno.EEXIST:
            raise FileExistsError(code, os.strerror(code), str(path))
        # EINVAL or ENOSYS (a kernel or file system without it), or any other failure: the ways
        # below, which give the same refusal, or the real error
    try:  # a hard link is never made over an existing name either
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: the last check, then the rename
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(tmp, path)
        return
    with contextlib.suppress(OSError):  # else it stays a second name of the new file, removed with the others
        os.unlink(tmp)


def _backup(path: Path, was: Identity) -> str:
    """A second name for the file at ``path`` (the one checked), kept until every rename is done."""
    import secrets  # deferred: secrets (hmac, base64), for a backup's name only

    for _ in range(100):
        name = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.old")
        try:
            os.link(path, name, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:   # no hard links here: a copy of it
            return _copy(path)
        if Identity.of(os.lstat(name)) != was:
            os.unlink(name)
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
        return name
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))


def _copy(path: Path) -> str:
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out, open(path, "rb") as src:
            while chunk := src.read(1 << 20):
                out.write(chunk)
    except BaseException:
        os.unlink(name)
        raise
    return name


# ---------------------------------------------------------------------------- writing
@dataclass
class _Write:
    """One file of :func:`replace_all` on its way: its temporary file, the new file's (device,
    inode), the second name of the old file, whether the rename is done."""

    plan: Planned
    tmp: str | None = None
    made: tuple[int, int] | None = None
    backup: str | None = None
    done: bool = False
    leftovers: list[str] = field(default_factory=list)


def _write_temporary(w: _Write) -> None:
    path = w.plan.path
    with _blocked():  # the temporary file is never made without being known
        fd, w.tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "wb") as fh:
        os.chmod(w.tmp, _mode_for(path))  # mkstemp makes the file private; the result keeps ordinary rights
        fh.write(w.plan.data)
        fh.flush()
        os.fsync(fh.fileno())
        st = os.fstat(fh.fileno())
        w.made = (st.st_dev, st.st_ino)


def _changed(path: Path) -> FileExistsError:
    return FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))


def _put(w: _Write) -> None:
    """The rename of one temporary file over its target (see :func:`replace_all`)."""
    path, was, tmp = w.plan.path, w.plan.was, w.tmp
    assert tmp is not None
    if was is None:
        _rename_new(tmp, path)
    else:
        w.backup = _backup(path, was)
        try:
            now = Identity.of(os.lstat(path))
        except FileNotFoundError:
            raise _changed(path) from None
        if now != was:  # the last check: from here to the rename is the only window left
            raise _changed(path)
        os.replace(tmp, path)
    w.done = True
    w.tmp = None
    if os.path.lexists(tmp):  # the temporary name of a file linked to its target
        w.leftovers.append(tmp)


def _restore(w: _Write) -> None:
    """The target of a rename done given back its old file (or removed, when it had none), if it
    is still the file written: another one put there since stays, and so does the old one's copy."""
    path = w.plan.path
    try:
        st = os.lstat(path)
    except OSError:
        st = None
    if st is None or (st.st_dev, st.st_ino) != w.made:
        w.backup = None
        return
    if w.backup is not None:
        os.replace(w.backup, path)
        w.backup = None
    else:
        os.unlink(path)


def _undo(writes: Sequence[_Write]) -> None:
    for w in reversed(writes):
        if w.done:
            with contextlib.suppress(OSError):
                _restore(w)
        for name in (w.tmp, w.backup, *w.leftovers):
            if name is not None:
                with contextlib.suppress(OSError):
                    os.unlink(name)


def _sync_folders(writes: Sequence[_Write]) -> None:
    """The renames on the disk too (a folder's entries are flushed with the folder)."""
    for folder in {w.plan.path.parent for w in writes}:
        with contextlib.suppress(OSError, AttributeError):
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)


def replace_all(plans: Sequence[Planned]) -> None:
    """Write every file of ``plans``, or none (see the module's notes); :class:`WriteFailed` says
    which one could not be written, a ``SystemExit(128 + signal)`` that a signal came."""
    writes = [_Write(p) for p in plans]
    current: _Write | None = None
    with _signals_end_the_write():
        try:
            for current in writes:
                _write_temporary(current)
            with _blocked():  # the renames together: a signal now undoes them all, when they are done
                for current in writes:
                    _put(current)
                _sync_folders(writes)
        except BaseException as exc:
            with _blocked():
                _undo(writes)
            if isinstance(exc, OSError) and not isinstance(exc, WriteFailed) and current is not None:
                raise WriteFailed(current.plan.path, exc, isinstance(exc, FileExistsError)) from None
            raise
        with _blocked():
            for w in writes:
                for name in (w.backup, *w.leftovers):
                    if name is not None:
                        with contextlib.suppress(OSError):
                            os.unlink(name)


def identity(path: str | os.PathLike[str]) -> Identity | None:
    """The identity of the file at ``path`` (not followed if a link), or None when there is none."""
    try:
        return Identity.of(os.lstat(path))
    except FileNotFoundError:
        return None


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` (whatever is there now) with ``data`` in one step; ``OSError`` when it cannot be done."""
    replace_all([Planned(path, data, identity(path))])


# ---------------------------------------------------------------------------- reading
def open_regular(path: str | os.PathLike[str]) -> tuple[int, os.stat_result] | None:
    """An open descriptor of ``path`` and its status when it is a regular file (not a link, not a
    FIFO: never waited on), else None; the caller closes it."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        return None
    return fd, st


def read_fd(fd: int, limit: int) -> bytes:
    """The bytes of the open file ``fd`` from where it stands to its end, ``limit`` at most."""
    chunks = []
    while limit > 0 and (chunk := os.read(fd, min(limit, 1 << 20))):
        chunks.append(chunk)
        limit -= len(chunk)
    return b"".join(chunks)


def read_bounded(path: str | os.PathLike[str], limit: int, *, head: bool = False) -> bytes | None:
    """The bytes of ``path`` when it is a regular file (not a link) of at most ``limit`` bytes,
    else None: a FIFO, a device, a folder or a link in its place is never read nor waited on.
    With ``head``, a larger file gives its first ``limit`` bytes."""
    opened = open_regular(path)
    if opened is None:
        return None
    fd, st = opened
    try:
        if st.st_size > limit and not head:
            return None
        data = read_fd(fd, limit if head else limit + 1)
        return data if head or len(data) <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)
