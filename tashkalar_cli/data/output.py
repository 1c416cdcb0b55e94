"""Files the tool writes (``--svg``): checked first, then written atomically.

An output path is refused when it is empty, a folder, one of the command's own input files (a
position written over by its drawing), or a symbolic link (which would write somewhere else).
The file is then written to a temporary file beside it and renamed, so a full disk or an
interruption leaves any old file as it was.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from tashkalar_cli.data.atomic import write_atomic
from tashkalar_cli.errors import InputError


def check_output(path: str, inputs: Sequence[str] = (), protected: Sequence[Path] = ()) -> Path:
    """The path to write to, or an :class:`InputError` saying why it cannot be used; nothing is
    ever written inside ``protected`` folders (the tool's own data, its cache)."""
    if not path or not path.strip():
        raise InputError(key="output-empty")
    target = Path(path)
    if target.is_symlink():
        raise InputError(key="output-symlink", path=path)
    if target.is_dir():
        raise InputError(key="output-folder", path=path)
    if target.exists() and not target.is_file():
        raise InputError(key="output-not-regular", path=path)
    for other in inputs:
        try:
            if target.exists() and Path(other).exists() and os.path.samefile(target, other):
                raise InputError(key="output-is-input", path=path)
        except OSError:
            continue
        if os.path.abspath(path) == os.path.abspath(other):
            raise InputError(key="output-is-input", path=path)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(key="output-no-folder", path=path, folder=str(parent))
    where = parent.resolve()
    for folder in protected:
        if where == folder.resolve() or folder.resolve() in where.parents:
            raise InputError(key="output-in-data", path=path, folder=str(folder))
    return target


def write_output(path: str, text: str, inputs: Sequence[str] = (), protected: Sequence[Path] = ()) -> None:
    """Write ``text`` to ``path`` atomically, after :func:`check_output`."""
    target = check_output(path, inputs, protected)
    try:
        write_atomic(target, text.encode("utf-8"))
    except OSError as exc:
        raise InputError(key="output-cannot-write", path=path, reason=exc.strerror or "") from None
