"""Files the tool writes (``--svg``, ``--out``, ``--record``): all checked first, then written
atomically.

An output path is refused when it is empty, a folder, one of the command's own input files (a
position written over by its drawing), named for two outputs of the same command, a symbolic
link (which would write somewhere else), or inside a protected folder (the installed package,
the data folders, the cache), or when a file is already there that the tool did not write: every
file it writes is signed (:data:`SIGNATURE`, in a comment at its top), and only a signed file is
ever written over. Every output of a command is checked before the first is
written, so a refusal leaves no file behind. Each file is then written to a temporary file
beside it and renamed, so a full disk or an interruption leaves any old file as it was.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from tashkalar_cli.data.atomic import read_bounded, write_atomic
from tashkalar_cli.data.paths import checked_length
from tashkalar_cli.errors import InputError

#: the words every file the tool writes carries near its top: the tool writes over such a file
#: (a picture or a position it wrote before), never over any other
SIGNATURE = "written by tashkalar"
#: how much of an existing file is read to find the signature
_PEEK = 512


def signed(text: str) -> str:
    """``text`` with the signature as a comment of its format at the top (after an XML declaration
    or a doctype, which must come first): ``<!-- ... -->`` for SVG and HTML, ``# ...`` for YAML."""
    if SIGNATURE in text[:_PEEK]:
        return text
    if text.startswith(("<?xml", "<!DOCTYPE", "<!doctype")):
        first, _, rest = text.partition("\n")
        return f"{first}\n<!-- {SIGNATURE} -->\n{rest}"
    if text.startswith("<"):
        return f"<!-- {SIGNATURE} -->\n{text}"
    return f"# {SIGNATURE}\n{text}"


def _ours(target: Path) -> bool:
    """Whether the regular file ``target`` carries the signature near its top."""
    top = read_bounded(target, _PEEK, head=True)
    return top is not None and SIGNATURE.encode() in top


def written_by_tool(path: str) -> bool:
    """Whether ``path`` is a regular file the tool wrote (it carries the signature): only such a
    file is ever written over, a turn record updated in place among them."""
    target = Path(path)
    return target.is_file() and not target.is_symlink() and _ours(target)


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


def check_output(path: str, inputs: Sequence[str] = (), protected: Sequence[Path] = ()) -> Path:
    """The path to write to, or an :class:`InputError` saying why it cannot be used; nothing is
    ever written inside ``protected`` folders (the tool's own data and code, its cache)."""
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
    from tashkalar_cli.data.paths import inside

    found = inside(parent, list(protected))
    if found is not None:
        raise InputError(key="output-in-data", path=path, folder=str(found))
    if target.exists() and not _ours(target):
        raise InputError(key="output-exists", path=path)
    return target


def check_outputs(paths: Sequence[str], inputs: Sequence[str] = (), protected: Sequence[Path] = ()) -> list[Path]:
    """:func:`check_output` for every output of a command, and no file named for two of them."""
    out = []
    for i, path in enumerate(paths):
        out.append(check_output(path, inputs, protected))
        if any(_same(path, earlier) for earlier in paths[:i]):
            raise InputError(key="output-twice", path=path)
    return out


def write_outputs(files: Sequence[tuple[str, str]], inputs: Sequence[str] = (),
                  protected: Sequence[Path] = ()) -> None:
    """Write each ``(path, text)`` atomically, after checking all of them."""
    targets = check_outputs([path for path, _ in files], inputs, protected)
    for target, (path, text) in zip(targets, files, strict=True):
        try:
            write_atomic(target, signed(text).encode("utf-8"))
        except OSError as exc:
            raise InputError(key="output-cannot-write", path=path, reason=exc.strerror or "") from None


def write_output(path: str, text: str, inputs: Sequence[str] = (), protected: Sequence[Path] = ()) -> None:
    """Write ``text`` to ``path`` atomically, after :func:`check_output`."""
    write_outputs([(path, text)], inputs, protected)
