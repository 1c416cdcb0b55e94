"""Files the tool writes (``--svg``, ``--out``, ``--record``): all checked first, then all written
or none.

An output path is refused when it is empty, a folder, one of the command's own input files (a
position written over by its drawing), named for two outputs of the same command, a symbolic
link (which would write somewhere else), or inside a protected folder (the installed package,
the data folders, the cache), or when a file is already there that the tool did not write.

Every file the tool writes is signed: its first line (after an XML declaration or a doctype, which
must come first) is exactly ``# written by tashkalar sha256:HEX`` (``<!-- ... -->`` in SVG and
HTML), HEX being the SHA-256 of every byte after that line. Only such a file is ever written over,
and only as the tool left it: one changed since (the digest no longer matches), or signed by an
older version with the bare line ``# written by tashkalar`` (whose changes cannot be told), is
replaced only with ``--force``; a file without the line never is. The line is a comment of the
file's format, so every file the tool writes reads back as an input.

Every output of a command is checked before the first is written, then they are written together
by :func:`~tashkalar_cli.data.atomic.replace_all`: a refusal, a full disk or an interruption leaves
every file as it was.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import NamedTuple

from tashkalar_cli.data.atomic import Identity, Planned, WriteFailed, open_regular, read_fd, replace_all
from tashkalar_cli.data.paths import checked_length, inside
from tashkalar_cli.errors import InputError

#: the words of the line that opens every file the tool writes
SIGNATURE = "written by tashkalar"
#: the line, in a YAML file, in an SVG or HTML one and in a PDF (after its header), with the digest of what follows it
_SIGNED = re.compile(rb"(?:# written by tashkalar sha256:([0-9a-f]{64})|"
                     rb"<!-- written by tashkalar sha256:([0-9a-f]{64}) -->|"
                     rb"% written by tashkalar sha256:([0-9a-f]{64}))\n")
#: the line of the versions before the digest
_OLD = (b"# written by tashkalar\n", b"<!-- written by tashkalar -->\n")
#: what may come before the line, on a line of its own
_FIRST = (b"<?xml", b"<!DOCTYPE", b"<!doctype", b"%PDF-")
#: how much of a file is read to find the line; the longest file whose digest is checked
_HEAD = 4096
_MAX_CHECKED = 256 << 20


class Made(Enum):
    """Who made the file found at an output's place."""

    TOOL = "tool"          # signed, and as the tool wrote it
    EDITED = "edited"      # signed, changed since
    OLD = "old"            # signed by an older version, without a digest
    OTHER = "other"        # not signed: never written over


class Target(NamedTuple):
    """An output checked: where it goes, and the file there when it was checked (None: none)."""

    path: Path
    was: Identity | None


def _first_line_end(data: bytes) -> int:
    """Where the signature line must start: after a declaration or a doctype, else at once (-1: nowhere)."""
    if data.startswith(_FIRST):
        end = data.find(b"\n")
        return -1 if end < 0 else end + 1
    return 0


def signed(text: str) -> str:
    """``text`` headed by its signature line (after an XML declaration or a doctype, which must
    come first): ``<!-- ... -->`` for SVG and HTML, ``# ...`` for YAML. A text already signed as
    it is stays as it is."""
    data = text.encode("utf-8")
    start = _first_line_end(data)
    match = _SIGNED.match(data, start) if start >= 0 else None
    if match is not None and hashlib.sha256(data[match.end():]).hexdigest() == (match[1] or match[2] or match[3]).decode():
        return text
    first, rest = ("", text)
    if text.startswith(tuple(f.decode() for f in _FIRST)):
        first, _, rest = text.partition("\n")
        first += "\n"
    digest = hashlib.sha256(rest.encode("utf-8")).hexdigest()
    line = f"<!-- {SIGNATURE} sha256:{digest} -->" if text.startswith("<") else f"# {SIGNATURE} sha256:{digest}"
    return f"{first}{line}\n{rest}"


def signed_pdf(data: bytes) -> bytes:
    """A PDF headed by its signature line, a PDF comment right after the ``%PDF-`` header: the byte offsets
    of its cross-reference table and of ``startxref`` move by the line's length, so that the file stays a
    valid PDF. A PDF without a plain cross-reference table (as a browser prints it) is an error."""
    if not data.startswith(b"%PDF-") or b"\n" not in data[:64]:
        raise InputError(key="pdf-not-pdf")
    start = data.index(b"\n") + 1
    width = len(f"% {SIGNATURE} sha256:{'0' * 64}\n")
    rest = _moved(data, width)[start:]
    line = f"% {SIGNATURE} sha256:{hashlib.sha256(rest).hexdigest()}\n".encode()
    return data[:start] + line + rest


_XREF_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)")
_XREF_SECTION = re.compile(rb"(\d+) (\d+)\s*\r?\n")


def _moved(data: bytes, by: int) -> bytes:
    """``data`` (a PDF) with every offset of its last cross-reference table and its ``startxref`` moved by ``by``."""
    found = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", data)
    if found is None:
        raise InputError(key="pdf-not-pdf")
    table = int(found[1])
    if not data.startswith(b"xref", table):
        raise InputError(key="pdf-not-pdf")
    out = bytearray(data)
    pos = table + len(b"xref")
    while data[pos:pos + 1] in (b"\r", b"\n", b" "):
        pos += 1
    while (section := _XREF_SECTION.match(data, pos)) is not None:
        pos = section.end()
        for _ in range(int(section[2])):
            entry = _XREF_ENTRY.match(data, pos)
            if entry is None:
                raise InputError(key="pdf-not-pdf")
            if entry[3] == b"n":
                out[pos:pos + 10] = b"%010d" % (int(entry[1]) + by)
            pos = entry.end()
    if not data.startswith(b"trailer", pos):
        raise InputError(key="pdf-not-pdf")
    return bytes(out[:found.start(1)]) + str(table + by).encode() + bytes(out[found.end(1):])


def made_by(target: str | os.PathLike[str]) -> tuple[Made, Identity | None]:
    """Who made the regular file ``target`` (never followed if a link, never waited on if a
    FIFO), and its identity as read (None: not a regular file)."""
    opened = open_regular(target)
    if opened is None:
        return Made.OTHER, None
    fd, st = opened
    try:
        head = read_fd(fd, _HEAD)
        start = _first_line_end(head)
        match = _SIGNED.match(head, start) if start >= 0 else None
        if match is None:
            return (Made.OLD if start >= 0 and head.startswith(_OLD, start) else Made.OTHER), Identity.of(st)
        if st.st_size > _MAX_CHECKED:   # larger than anything the tool writes
            return Made.EDITED, Identity.of(st)
        digest = hashlib.sha256(head[match.end():])
        while chunk := os.read(fd, 1 << 20):
            digest.update(chunk)
        same = digest.hexdigest() == (match[1] or match[2] or match[3]).decode() and os.fstat(fd).st_mtime_ns == st.st_mtime_ns
        return (Made.TOOL if same else Made.EDITED), Identity.of(st)
    except OSError:
        return Made.OTHER, None
    finally:
        os.close(fd)


def written_by_tool(path: str) -> bool:
    """Whether ``path`` is a regular file that carries the tool's signature line (as written, or
    changed since: :func:`check_output` tells them apart); a turn record updated in place among them."""
    return made_by(path)[0] is not Made.OTHER


def same_file(path: str, other: str) -> bool:
    """Whether two names are the same file (see :func:`_same`)."""
    return _same(path, other)


def _same(path: str, other: str) -> bool:
    """Whether two names are the same file: the same absolute name, or the same file on disk."""
    if os.path.abspath(path) == os.path.abspath(other):
        return True
    try:
        return os.path.exists(path) and os.path.exists(other) and os.path.samefile(path, other)
    except OSError:
        return False


def _replaceable(target: Path, path: str, force: bool) -> Identity | None:
    """The identity of the file at ``target`` when it may be written over, else an :class:`InputError`."""
    made, found = made_by(target)
    if made is Made.OTHER or found is None:
        raise InputError(key="output-exists", path=path)
    if made is Made.EDITED and not force:
        raise InputError(key="output-edited", path=path)
    if made is Made.OLD and not force:
        raise InputError(key="output-old-signature", path=path)
    return found


def check_output(path: str, inputs: Sequence[str] = (), protected: Sequence[Path] = (),
                 force: bool = False) -> Target:
    """The path to write to (with the file there now, if any), or an :class:`InputError` saying
    why it cannot be used; nothing is ever written inside ``protected`` folders (the tool's own
    data and code, its cache); ``force``: a file the tool wrote may be replaced even when it was
    changed since."""
    if not path or not path.strip():
        raise InputError(key="output-empty")
    target = Path(checked_length(path, output=True))
    if target.is_symlink():
        raise InputError(key="output-symlink", path=path)
    if target.is_dir():
        raise InputError(key="output-folder", path=path)
    if target.exists() and not target.is_file():
        raise InputError(key="output-not-regular", path=path)
    for other in inputs:
        if _same(path, other):
            raise InputError(key="output-is-input", path=path)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(key="output-no-folder", path=path, folder=str(parent))

    found = inside(parent, list(protected))
    if found is not None:
        raise InputError(key="output-in-data", path=path, folder=str(found))
    was = _replaceable(target, path, force) if target.exists() else None
    return Target(target, was)


def check_outputs(paths: Sequence[str], inputs: Sequence[str] = (), protected: Sequence[Path] = (),
                  force: bool = False) -> list[Target]:
    """:func:`check_output` for every output of a command, and no file named for two of them."""
    out = []
    for i, path in enumerate(paths):
        out.append(check_output(path, inputs, protected, force))
        if any(_same(path, earlier) for earlier in paths[:i]):
            raise InputError(key="output-twice", path=path)
    return out


def write_outputs(files: Sequence[tuple[str, str | bytes]], inputs: Sequence[str] = (),
                  protected: Sequence[Path] = (), force: bool = False) -> None:
    """Write every ``(path, text)``, signed, after checking all of them: all of them or none (a text, or the
    bytes of a PDF)."""
    targets = check_outputs([path for path, _ in files], inputs, protected, force)
    plans = [Planned(target.path, signed_pdf(text) if isinstance(text, bytes) else signed(text).encode("utf-8"),
                     target.was)
             for target, (_, text) in zip(targets, files, strict=True)]
    try:
        replace_all(plans)
    except WriteFailed as exc:
        path = next((p for t, (p, _) in zip(targets, files, strict=True) if t.path == exc.target), str(exc.target))
        if exc.changed:
            raise InputError(key="output-changed", path=path) from None
        raise InputError(key="output-cannot-write", path=path, reason=exc.strerror or "") from None


def write_output(path: str, text: str, inputs: Sequence[str] = (), protected: Sequence[Path] = (),
                 force: bool = False) -> None:
    """Write ``text`` to ``path`` atomically, after :func:`check_output`."""
    write_outputs([(path, text)], inputs, protected, force)
