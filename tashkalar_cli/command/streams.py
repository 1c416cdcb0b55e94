"""Standard output and standard error, written so that no short or failed write goes unseen.

Python's own ``sys.stdout`` loses data without a word when the system writes part of a large
write (a disk that fills part-way, a file-size limit): its buffer reports the part, and the text
layer above it drops the rest. :func:`install`, called once by the command line's entry (never
by the library, which leaves the process as it is), puts a text stream over file descriptors 1
and 2 whose every write goes out whole, in as many system calls as it takes, or fails:

- standard output raises the ``OSError`` (``ENOSPC``, ``EFBIG``, ``EIO``, ``EDQUOT``, ``EPIPE``...)
  at the write that failed, whatever wrote it (``sys.stdout.write``, ``typer.echo``, a Rich console,
  the last flush at exit), and :class:`Guard` keeps it, so the exit code says the output is cut
  even when some code swallowed the error;
- standard error never raises: a full one cannot change the exit code (there is nowhere left to
  say anything), what it failed to take is dropped;
- once the reader of standard output has gone away (``EPIPE``), standard error is silent too.

``SIGXFSZ`` is ignored, so a write past ``RLIMIT_FSIZE`` fails with ``EFBIG`` rather than killing
the process.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import select
import signal
import sys
from typing import TextIO


class Guard:
    """What happened to the two streams while the command ran, and the streams it replaced."""

    def __init__(self, stdout: TextIO, stderr: TextIO) -> None:
        self.saved = (stdout, stderr)
        #: the first failed write to standard output
        self.failure: OSError | None = None
        #: standard output drops what it is given (its failure is settled: see :meth:`finish`)
        self.dropping = False
        #: standard error drops what it is given (the reader went away, or it cannot be written)
        self.silent = False
        self.out: TextIO | None = None
        self.err: TextIO | None = None

    def failed(self, sink: Sink, exc: OSError) -> None:
        if sink.fd == 2:
            self.silent = True
            return
        if self.failure is None:
            self.failure = exc
        if exc.errno == errno.EPIPE:
            self.silent = True  # the reader went away: nothing more is said, on either stream

    @property
    def broken_pipe(self) -> bool:
        return self.failure is not None and self.failure.errno == errno.EPIPE

    def finish(self) -> OSError | None:
        """Flush standard output a last time (its failure is kept), then let both streams drop
        what they cannot write: the interpreter's own flush at exit never fails. Returns the
        first failure of standard output, if any."""
        for stream in (self.out, self.err):
            if stream is not None:
                with contextlib.suppress(OSError):  # kept by failed()
                    stream.flush()
        if self.failure is not None:
            self.dropping = True
            if self.out is not None:
                self.out.flush()  # the rest of the buffer, dropped
        return self.failure

    def restore(self) -> None:
        """Put back the streams :func:`install` replaced (after :meth:`finish`)."""
        for stream in (self.out, self.err):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.flush()
        sys.stdout, sys.stderr = self.saved


class Sink(io.RawIOBase):
    """File descriptor ``fd``, written whole or not at all: every write loops until all its bytes
    are out; a failure is told to the guard, then raised (standard output) or dropped (error)."""

    def __init__(self, fd: int, guard: Guard) -> None:
        super().__init__()
        self.fd = fd
        self.guard = guard

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        try:
            return os.isatty(self.fd)
        except OSError:
            return False

    def _dropping(self) -> bool:
        return self.guard.silent if self.fd == 2 else self.guard.dropping

    def write(self, data: object) -> int:
        view = memoryview(data).cast("B")  # type: ignore[arg-type]
        size = len(view)
        if self._dropping():
            return size
        done = 0
        try:
            while done < size:
                try:
                    written = os.write(self.fd, view[done:])
                except BlockingIOError:  # a descriptor left non-blocking by whoever opened it
                    select.select([], [self.fd], [])
                    continue
                if written <= 0:  # nothing taken and no error: never looped on
                    raise OSError(errno.EIO, os.strerror(errno.EIO))
                done += written
        except OSError as exc:
            self.guard.failed(self, exc)
            if self.fd == 2:
                return size
            raise
        return size

    def close(self) -> None:  # the descriptor is the process's: it stays open
        super().close()


def _checked(fd: int, like: TextIO, guard: Guard, line_buffering: bool) -> TextIO:
    buffer = io.BufferedWriter(Sink(fd, guard))
    return io.TextIOWrapper(buffer, encoding=like.encoding, errors=like.errors, line_buffering=line_buffering)


def install() -> Guard | None:
    """Put checked streams over descriptors 1 and 2 (see the module's documentation), or nothing
    when standard output or error is not the process's own (a test captures it, a caller replaced
    it, a descriptor is closed): returns the :class:`Guard`, or ``None``."""
    out: TextIO | None = sys.stdout
    err: TextIO | None = sys.stderr
    if out is None or err is None or id(out) != id(sys.__stdout__) or id(err) != id(sys.__stderr__):
        return None
    try:
        if out.fileno() != 1 or err.fileno() != 2:
            return None
        out.flush()
        err.flush()
    except (OSError, ValueError, AttributeError):
        return None
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file-size limit: EFBIG, not death
    guard = Guard(out, err)
    guard.out = _checked(1, out, guard, getattr(out, "line_buffering", False))
    guard.err = _checked(2, err, guard, True)
    sys.stdout, sys.stderr = guard.out, guard.err
    return guard


__all__ = ["Guard", "Sink", "install"]
