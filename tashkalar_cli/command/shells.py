"""The shells' side of completion: the script each shell loads, how it asks for completions, and
how the answer is written for it (bash, zsh, fish, PowerShell).

Each shell is a subclass of Click's public ``click.shell_completion.ShellComplete``: its script
(``source_template``, which ``source()`` fills), how it passes the words typed
(``get_completion_args``) and how an offer is written for it (``format_completion``,
``complete``); the offers themselves are Click's (``get_completions``: command and option names,
and the values the parameters' types complete, :mod:`tashkalar_cli.command.completion`).

The protocol is the one of the scripts Typer wrote for this tool, which users have installed
(``~/.bash_completions/tashkalar.sh``, ``~/.zfunc/_tashkalar``, fish's ``tashkalar.fish``, a
PowerShell profile): they keep working as they are. The request is ``_TASHKALAR_COMPLETE=
complete_SHELL`` (``source_SHELL``: the script itself); bash passes its ``COMP_WORDS`` and
``COMP_CWORD``; zsh, fish and PowerShell pass the line typed in ``_TYPER_COMPLETE_ARGS``, fish its
question in ``_TYPER_COMPLETE_FISH_ACTION`` (``get-args``: the offers; ``is-args``: whether there
are any, as the exit code) and PowerShell the word to complete in
``_TYPER_COMPLETE_WORD_TO_COMPLETE``. Nothing here is imported unless the shell asks for
completions or a script is shown or installed.
"""

from __future__ import annotations

import os
import re
from typing import ClassVar

import click
from click.shell_completion import CompletionItem, ShellComplete, split_arg_string

#: the variables the scripts set: the line typed (zsh, fish, PowerShell), fish's question, PowerShell's word
LINE = "_TYPER_COMPLETE_ARGS"
FISH_ACTION = "_TYPER_COMPLETE_FISH_ACTION"
WORD = "_TYPER_COMPLETE_WORD_TO_COMPLETE"
#: characters bash reads specially in a word, escaped with a backslash in bash completions
_BASH_SPECIAL = re.compile(r"""([\s'"\\$`!&|;()<>*?\[\]{}#~])""")
#: a line break or tab in a help, which fish would read as the end of the offer
_SPACE = re.compile(r"\s")

_BASH_SCRIPT = """\
%(complete_func)s() {
    local IFS=$'\\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   %(complete_var)s=complete_bash $1 ) )
    return 0
}

complete -o default -F %(complete_func)s %(prog_name)s"""

_ZSH_SCRIPT = f"""\
#compdef %(prog_name)s

%(complete_func)s() {{
  eval $(env {LINE}="${{words[1,$CURRENT]}}" %(complete_var)s=complete_zsh %(prog_name)s)
}}

compdef %(complete_func)s %(prog_name)s"""



def _fish_asks(action: str) -> str:
    return f"env %(complete_var)s=complete_fish {FISH_ACTION}={action} {LINE}=(commandline -cp) %(prog_name)s"


_FISH_SCRIPT = (f'complete --command %(prog_name)s --no-files --arguments "({_fish_asks("get-args")})" '
                f'--condition "{_fish_asks("is-args")}"')

_POWERSHELL_SCRIPT = f"""\
Import-Module PSReadLine
Set-PSReadLineKeyHandler -Chord Tab -Function MenuComplete
$scriptblock = {{
    param($wordToComplete, $commandAst, $cursorPosition)
    $Env:%(complete_var)s = "complete_powershell"
    $Env:{LINE} = $commandAst.ToString()
    $Env:{WORD} = $wordToComplete
    %(prog_name)s | ForEach-Object {{
        $commandArray = $_ -Split ":::"
        $command = $commandArray[0]
        $helpString = $commandArray[1]
        [System.Management.Automation.CompletionResult]::new(
            $command, $command, 'ParameterValue', $helpString)
    }}
    $Env:%(complete_var)s = ""
    $Env:{LINE} = ""
    $Env:{WORD} = ""
}}
Register-ArgumentCompleter -Native -CommandName %(prog_name)s -ScriptBlock $scriptblock"""


def bash_escape(value: str) -> str:
    """``value`` as one word of bash (``Ours\\ affamé``)."""
    return _BASH_SPECIAL.sub(r"\\\1", value)


def _typed_line() -> tuple[list[str], str]:
    """The words before the one being completed, and that word ("" after a space), from the line
    the script passes in :data:`LINE` (its first word, the command's name, left out)."""
    line = os.environ.get(LINE, "")
    words = split_arg_string(line)[1:]
    if words and not line.endswith(" "):
        return words[:-1], words[-1]
    return words, ""


class Bash(ShellComplete):
    """bash: one offer a line, each escaped as a word of bash."""

    name: ClassVar[str] = "bash"
    source_template: ClassVar[str] = _BASH_SCRIPT

    def get_completion_args(self) -> tuple[list[str], str]:
        words = split_arg_string(os.environ["COMP_WORDS"])
        cword = int(os.environ["COMP_CWORD"])
        return words[1:cword], (words[cword] if cword < len(words) else "")

    def format_completion(self, item: CompletionItem) -> str:
        return bash_escape(item.value)


def _zsh_quoted(text: str) -> str:
    """``text`` inside the double quotes of zsh's ``_arguments`` specification."""
    return text.replace('"', '""').replace("'", "''").replace("$", "\\$").replace("`", "\\`").replace(":", r"\\:")


class Zsh(ShellComplete):
    """zsh: an ``_arguments`` specification of the offers with their help (none: ``_files``)."""

    name: ClassVar[str] = "zsh"
    source_template: ClassVar[str] = _ZSH_SCRIPT

    def get_completion_args(self) -> tuple[list[str], str]:
        return _typed_line()

    def format_completion(self, item: CompletionItem) -> str:
        value = f'"{_zsh_quoted(item.value)}"'
        return f'{value}:"{_zsh_quoted(item.help)}"' if item.help else value

    def complete(self) -> str:
        offers = super().complete()
        return f"_arguments '*: :(({offers}))'" if offers else "_files"


class Fish(ShellComplete):
    """fish: one offer a line, its help after a tab; or, asked whether there are offers, the answer
    as the exit code (:meth:`offers`)."""

    name: ClassVar[str] = "fish"
    source_template: ClassVar[str] = _FISH_SCRIPT

    def get_completion_args(self) -> tuple[list[str], str]:
        return _typed_line()

    def format_completion(self, item: CompletionItem) -> str:
        return f"{item.value}\t{_SPACE.sub(' ', item.help)}" if item.help else item.value

    def complete(self) -> str:
        return super().complete() if os.environ.get(FISH_ACTION) == "get-args" else ""

    def offers(self) -> bool:
        """Whether there is anything to offer (fish then offers no file names)."""
        return bool(self.get_completions(*self.get_completion_args()))


class PowerShell(ShellComplete):
    """PowerShell: one offer a line, ``value:::help``."""

    name: ClassVar[str] = "powershell"
    source_template: ClassVar[str] = _POWERSHELL_SCRIPT

    def get_completion_args(self) -> tuple[list[str], str]:
        words = split_arg_string(os.environ.get(LINE, ""))
        incomplete = os.environ.get(WORD, "")
        return (words[1:-1] if incomplete else words[1:]), incomplete

    def format_completion(self, item: CompletionItem) -> str:
        return f"{item.value}:::{item.help or ' '}"


#: each shell completed, by the name it is asked by (``pwsh``: PowerShell's own program name)
SHELLS: dict[str, type[ShellComplete]] = {"bash": Bash, "zsh": Zsh, "fish": Fish, "powershell": PowerShell,
                                           "pwsh": PowerShell}


def script(shell: str, prog: str, var: str) -> str:
    """The completion script of ``prog`` for ``shell`` (one of :data:`SHELLS`), asking through the
    variable ``var``."""
    return SHELLS[shell](click.Command(prog), {}, prog, var).source()


__all__ = ["FISH_ACTION", "LINE", "SHELLS", "WORD", "Bash", "Fish", "PowerShell", "Zsh", "bash_escape", "script"]
