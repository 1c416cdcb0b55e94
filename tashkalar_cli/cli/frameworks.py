"""Every change this tool makes to Click, Typer or Rich, in one place, each with its reason.

The rest of the command line uses the frameworks through their public interfaces (a group
class, exceptions' attributes, Rich's rendering protocols). What is here has
no public interface in the versions ``pyproject.toml`` admits; each piece says why, and what would
replace it. Nothing here runs at import: each function is called by ``cli.app`` when it is needed
(help shown, an error said, the shell asking for completions), and only then are the frameworks'
modules touched.

The count: 3 functions change a framework's behaviour (:func:`speak`, :func:`escaped_bash`,
:func:`install_completion_with`), in one module (``click.types``, :data:`GETTEXT_MODULES`), Click's
registry of completion classes (through its public ``add_completion_class``) and one option object;
3 private names are used (``typer._completion_classes``, ``typer._completion_shared``, and
``click.utils._PacifyFlushWrapper``, compared only: :func:`stdout_pacified`). It was 5 functions,
8 modules and 4 private names: the usage errors are now said from their exceptions' attributes
(:mod:`tashkalar_cli.cli.usage`, so Click's parser and exceptions need no words of ours), the help
is drawn by the tool's own formatter, which a context subclass gives Click
(:mod:`tashkalar_cli.cli.helptext`: ``typer.rich_utils`` is no longer touched), and the shell's
completions come from a parameter type that completes (``cli/completion.Completing``, Click's public
``ParamType.shell_complete``), not from ``Parameter._custom_shell_complete``.
Nothing of Rich is changed or used privately. What :func:`speak` binds is a gettext catalog
(:class:`~tashkalar_cli.cli.localize.ClickCatalog`, made from ``ui.yaml``), not a function of the
tool's own; the shell is detected with ``shellingham``'s public ``detect_shell``
(``cli/shellrc.current_shell``), no longer with Typer's private ``_get_shell_name``.

Nor is the process's environment changed for the frameworks: ``COLUMNS`` and ``LINES`` that hold no
terminal's size are no longer deleted, the consoles take the terminal's own size through Rich's
public ``width`` and ``height`` (:class:`~tashkalar_cli.render.terminal.PipeConsole`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from gettext import NullTranslations


#: the module of Click whose words the user still reads: its parameter types' sentences (``'x' is
#: not a valid integer.``, inside a ``BadParameter``); the usage errors themselves are said from
#: their exceptions' attributes (:mod:`tashkalar_cli.cli.usage`), the help by the tool's formatter
#: (:mod:`tashkalar_cli.cli.helptext`)
GETTEXT_MODULES = ("click.types",)

def speak(catalog: NullTranslations | None) -> None:
    """Let Click's parameter types say their words (``'x' is not a valid integer.``, inside a usage
    error) in the user's language, from ``catalog`` (a gettext catalog generated from ``ui.yaml``:
    :class:`~tashkalar_cli.cli.localize.ClickCatalog`); ``None``: their own English (``--json``,
    whose messages are English).

    Why a patch: Click and Typer bind ``gettext.gettext`` at import (``from gettext import gettext
    as _``), and Python's ``gettext`` chooses the catalog's language from the environment only
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; unset or ``C``: no catalog at all, see
    ``gettext.find``). A catalog bound with ``gettext.bindtextdomain`` would therefore ignore
    ``--lang`` (and ``TASHKALAR_LANG``) unless the process's environment were rewritten, which the
    tool does not do; and ``gettext.install`` binds the builtins' ``_``, which Click does not read.
    So each module's ``_`` and ``ngettext`` is given the catalog's own methods (the catalog is bound,
    not the text replaced), which goes when Click takes a translator of its own."""
    import gettext

    translate: Callable[[str], str] = catalog.gettext if catalog is not None else gettext.gettext
    plural: Callable[[str, str, int], str] = catalog.ngettext if catalog is not None else gettext.ngettext
    for name in GETTEXT_MODULES:
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "_"):
            module._ = translate  # type: ignore[attr-defined]
        if module is not None and hasattr(module, "ngettext"):
            module.ngettext = plural  # type: ignore[attr-defined]


def escaped_bash(bash_escape: Callable[[str], str]) -> None:
    """Bash completions escaped as bash reads a word (``Ours\\ affamé``) by ``bash_escape``.

    Why a private class: the completion script Typer gives bash (and that users have installed)
    speaks Typer's protocol, implemented by ``typer._completion_classes.BashComplete``; Click's
    public ``add_completion_class`` registers the class, but the one to extend with
    ``format_completion`` is Typer's, which it does not export."""
    from click.shell_completion import CompletionItem, add_completion_class
    from typer._completion_classes import BashComplete

    class EscapedBash(BashComplete):
        def format_completion(self, item: CompletionItem) -> str:
            return bash_escape(item.value)

    add_completion_class(EscapedBash, "bash")


def install_completion_with(command: click.Command, callback: Callable[[click.Context, click.Parameter, Any], Any]) -> None:
    """``--install-completion`` done by ``callback`` (:mod:`tashkalar_cli.cli.shellrc`: all or nothing,
    the start-up file's bytes kept, and said in the user's language).

    Why a replaced callback: Typer makes the option (``add_completion=True``) with its own
    installer, which rewrites the start-up file in place, as text, and prints English; it offers
    no hook for the installer. The option itself, its help and its shell detection stay Typer's:
    only the callback of the parameter object this command line built is replaced."""
    for param in command.params:
        if param.name == "install_completion":
            param.callback = callback


def completion_script(prog: str, var: str, shell: str) -> str:
    """The completion script of ``prog`` for ``shell``, as Typer writes it (its protocol is the one
    :func:`escaped_bash` speaks).

    Why a private module: Typer's ``typer.completion`` re-exports ``get_completion_script`` from
    ``typer._completion_shared`` without documenting either; the function's own module is named
    here so that a move in Typer fails here, in one place."""
    from typer import _completion_shared

    return _completion_shared.get_completion_script(prog_name=prog, complete_var=var, shell=shell)


def stdout_pacified() -> bool:
    """Whether Click has wrapped standard output to silence a broken pipe (it does so, then exits 1).

    Why a private name: Click keeps the wrapper's class private (``_PacifyFlushWrapper``; the old
    public name is only a deprecated alias, gone in Click 9) and says the broken pipe in no other
    way; the class is only compared, never used."""
    import click.utils

    wrapper = getattr(click.utils, "_PacifyFlushWrapper", None)
    return isinstance(wrapper, type) and isinstance(sys.stdout, wrapper)


__all__ = [
    "GETTEXT_MODULES",
    "completion_script",
    "escaped_bash",
    "install_completion_with",
    "speak",
    "stdout_pacified",
]
