"""``--install-completion``: the completion script and the line of the shell's start-up file that
loads it, written together, all or nothing (:func:`~tashkalar_cli.data.atomic.replace_all`).

The start-up file (``~/.bashrc``, ``~/.zshrc``) is the user's: it is read and written as bytes, so
whatever its encoding every byte stays as it was, and the lines are added at its end, once (a
second install changes nothing). It must be a regular file: a symbolic link, a folder or a FIFO
in its place is left alone (exit 2, one line), and a full disk leaves it whole. The script itself
(``~/.bash_completions/tashkalar.sh``, ``~/.zfunc/_tashkalar``, fish's completions folder) is
written over only when it is a completion script of this tool (it names its variable
``_TASHKALAR_COMPLETE``). PowerShell is not installed here: its profile is found by running the
shell, and its execution policy would have to be changed; ``--show-completion`` gives the script.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tashkalar_cli.command.shells import SHELLS as SCRIPTED
from tashkalar_cli.command.shells import script as script_of
from tashkalar_cli.errors import InputError, quote

if TYPE_CHECKING:
    from tashkalar_cli.data.atomic import Identity

#: the shells whose completion is installed
SHELLS = ("bash", "zsh", "fish")
#: the lines added to ~/.zshrc, as Typer's installer added them (the second only when the file has no zstyle of its own)
_ZSH_LINES = (b"fpath+=~/.zfunc; autoload -Uz compinit; compinit", b"zstyle ':completion:*' menu select")


def _read_start_up(path: Path) -> tuple[bytes | None, Identity | None]:
    """The bytes of the start-up file and its identity (None, None: there is none), or an
    :class:`InputError` when something else than a regular file is there."""
    # deferred: --install-completion only (--show-completion loads none)
    from tashkalar_cli.data.atomic import Identity, open_regular, read_fd

    if not os.path.lexists(path):
        return None, None
    opened = open_regular(path)
    if opened is None:
        raise InputError(key="completion-not-regular", path=quote(str(path), 200))
    fd, st = opened
    try:
        data = read_fd(fd, sys.maxsize)   # all of it: the file is written back whole
    finally:
        os.close(fd)
    return data, Identity.of(st)


def with_lines(data: bytes | None, lines: tuple[bytes, ...]) -> bytes | None:
    """``data`` with each of ``lines`` it does not hold yet added at its end (every other byte as
    it was), or None when it holds them all already."""
    text = data or b""
    held = set(text.splitlines())
    missing = [line for line in lines if line not in held]
    if not missing:
        return None
    if text and not text.endswith(b"\n"):
        text += b"\n"
    return text + b"".join(line + b"\n" for line in missing)


def _plan(shell: str, home: Path, prog: str) -> tuple[Path, tuple[bytes, ...], Path | None]:
    """Where the script goes, the lines the start-up file needs, and that file (None: none)."""
    if shell == "bash":
        script = home / ".bash_completions" / f"{prog}.sh"
        return script, (f"source '{script}'".encode(),), home / ".bashrc"
    if shell == "zsh":
        return home / ".zfunc" / f"_{prog}", _ZSH_LINES, home / ".zshrc"
    return home / ".config" / "fish" / "completions" / f"{prog}.fish", (), None


def _script_target(path: Path, var: str) -> Identity | None:
    """The identity of the script file to replace (None: there is none), or an :class:`InputError`
    when a file is there that is not a completion script of this tool."""
    # deferred: --install-completion only (--show-completion loads none)
    from tashkalar_cli.data.atomic import Identity, open_regular, read_fd

    if not os.path.lexists(path):
        return None
    opened = open_regular(path)
    if opened is None:
        raise InputError(key="completion-not-regular", path=quote(str(path), 200))
    fd, st = opened
    try:
        ours = var.encode() in read_fd(fd, 1 << 16)
    finally:
        os.close(fd)
    if not ours:
        raise InputError(key="output-exists", path=quote(str(path), 200))
    return Identity.of(st)


def current_shell() -> str | None:
    """The shell the command runs in (``bash``, ``zsh``...), or None when it cannot be told:
    ``shellingham``'s public ``detect_shell`` (Typer installs it; typer-slim does not)."""
    try:
        shellingham = importlib.import_module("shellingham")
    except ImportError:  # typer-slim: no detection, the shell must be named
        return None
    try:
        name, _ = shellingham.detect_shell()
    except shellingham.ShellDetectionFailure:
        return None
    return str(name).lower() if name else None


def _named_or_current(shell: str | None) -> str | None:
    """``shell``, else the shell the command runs in; not looked for when
    ``_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION`` is set (the variable Typer's own options read,
    which the tests set: what they do then never depends on the shell that runs them)."""
    if shell is None and not os.environ.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"):
        return current_shell()
    return shell


def shown_script(shell: str | None, prog: str, var: str) -> str:
    """``--show-completion``: the completion script of ``prog`` for ``shell`` (None: the shell running
    it), or an :class:`InputError` for a shell without one."""
    shell = _named_or_current(shell)
    if shell not in SCRIPTED:
        raise InputError(key="completion-show-shell", shell=quote(shell or "?", 40), shells=", ".join(SCRIPTED))
    return script_of(shell, prog, var)


def install(shell: str | None, prog: str, var: str) -> tuple[str, Path]:
    """Install the completion of ``prog`` for ``shell`` (None: the shell running it) under HOME:
    the shell's name and the script's path, or an :class:`InputError` (nothing written)."""
    # deferred: --install-completion only (--show-completion loads none)
    from tashkalar_cli.data.atomic import Planned, WriteFailed, replace_all

    shell = _named_or_current(shell)
    if shell not in SHELLS:
        raise InputError(key="completion-shell", shell=quote(shell or "?", 40), shells=", ".join(SHELLS))
    home = Path(os.environ["HOME"])
    script, lines, start_up = _plan(shell, home, prog)
    text = script_of(shell, prog, var)
    plans = []
    if start_up is not None:
        data, was = _read_start_up(start_up)
        if shell == "zsh" and data is not None and b"zstyle" in data:
            lines = lines[:1]   # the user's own completion style stays theirs
        new = with_lines(data, lines)
        if new is not None:
            plans.append(Planned(start_up, new, was))
    plans.append(Planned(script, (text + "\n").encode(), _script_target(script, var)))
    script.parent.mkdir(parents=True, exist_ok=True)   # only once every check has passed
    try:
        replace_all(plans)
    except WriteFailed as exc:
        if exc.changed:
            raise InputError(key="output-changed", path=quote(str(exc.target), 200)) from None
        raise InputError(key="completion-cannot-write", reason=f"{exc.target}: {exc.strerror}") from None
    return shell, script
