"""Shell completion: commands, options, card names and ids, keyword terms, rule numbers, decks,
colors and languages, in the user's language, through Click's and Typer's own completion machinery
(the environment variables the shell scripts set), and through a real bash."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys

import pytest

#: the tool runs in processes here: they read the data from the session's cache, filled first
pytestmark = pytest.mark.usefixtures("warm_cache")


@pytest.fixture
def complete(cli, monkeypatch):
    """Ask for the completions of the last word of ``line``, as the shell script of ``shell`` does."""

    def run(line: str, shell: str = "bash", **env: str) -> list[str]:
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("_TASHKALAR_COMPLETE", f"complete_{shell}")
        if shell == "bash":
            words = shlex.split(line) + ([""] if line.endswith(" ") else [])
            monkeypatch.setenv("COMP_WORDS", " ".join(shlex.quote(w) for w in words))
            monkeypatch.setenv("COMP_CWORD", str(len(words) - 1))
        else:
            monkeypatch.setenv("_TYPER_COMPLETE_ARGS", line)
            monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "get-args")
        r = cli()
        monkeypatch.delenv("_TASHKALAR_COMPLETE")
        assert r.code == 0 and "Traceback" not in r.err, r.err
        return [line for line in r.out.splitlines() if line]

    return run


def bash_words(lines: list[str]) -> list[str]:
    """What bash makes of each completion once it is on the command line (one word each)."""
    out = []
    for line in lines:
        words = shlex.split(line)
        assert len(words) == 1, f"{line!r} would be several words"
        out.append(words[0])
    return out


# ------------------------------------------------------------------ card names in two languages

def test_ours_completes_to_the_hungry_bear_in_french(complete, cli):
    found = bash_words(complete("tashkalar card show ours", TASHKALAR_LANG="fr"))
    assert "Ours Affamé" in found
    assert all(w.lower().startswith("ours") for w in found)
    r = cli("card", "show", "Ours Affamé", "--json")          # the completed word names the card
    assert r.code == 0 and '"hungry-bear"' in r.out


def test_espad_completes_to_the_swordmaster_in_spanish(complete):
    # the word matches the start of a word of the name, not only of the name
    found = bash_words(complete("tashkalar --lang es card show espad"))
    assert found == ["Maestro de la Espada"]
    raw = complete("tashkalar --lang es card show espad")
    assert raw == ["Maestro\\ de\\ la\\ Espada"]               # escaped as bash reads it


def test_the_language_comes_from_the_command_line_first(complete):
    assert "Ours Affamé" in bash_words(complete("tashkalar --lang fr card show ours", TASHKALAR_LANG="es"))
    assert "Oso Hambriento" not in bash_words(complete("tashkalar --lang fr card show ours", TASHKALAR_LANG="es"))
    english = bash_words(complete("tashkalar --lang en card show hung"))
    assert english == ["Hungry Bear"]


def test_ids_complete_too(complete):
    found = bash_words(complete("tashkalar card show hungry-", TASHKALAR_LANG="it"))
    assert found == ["hungry-bear"]


def test_zsh_and_fish_get_names_with_their_help(complete):
    zsh = "\n".join(complete("tashkalar card show ours", shell="zsh", TASHKALAR_LANG="fr"))
    assert zsh.startswith("_arguments") and '"Ours Affamé":"hungry-bear"' in zsh
    fish = complete("tashkalar summon espad", shell="fish", TASHKALAR_LANG="es")
    assert fish == ["Maestro de la Espada\tswordmaster"]


def test_summon_completes_beings_only(complete):
    found = bash_words(complete("tashkalar summon flare"))
    assert found == []                                           # flares are not summoned
    assert bash_words(complete("tashkalar card show 'Flare 3/6'")) == ["Flare 3/6", "Flare 3/6 (b)"]
    assert bash_words(complete("tashkalar card show 3/6")) == ["Flare 3/6", "Flare 3/6 (b)"]   # words inside
    hand = bash_words(complete("tashkalar summonable --hand knight,sword"))
    assert hand == ["knight,Swordmaster"]


def test_flares_and_tasks(complete):
    assert bash_words(complete("tashkalar --lang it flare check 'impeto 3/6'")) == ["Impeto 3/6", "Impeto 3/6 (b)"]
    assert "Conquista Rossa" in bash_words(complete("tashkalar --lang it task check conq"))


# ------------------------------------------------------------------ other values

def test_commands_and_options(complete):
    assert complete("tashkalar su") == ["summon", "summonable"]
    assert complete("tashkalar sh") == ["sheet"]
    assert "--lang" in complete("tashkalar card show --l")
    root = complete("tashkalar --")
    assert {"--install-completion", "--show-completion", "--lang", "--version"} <= set(root)


def test_keyword_terms_in_the_users_language(complete):
    assert "Ruse" in bash_words(complete("tashkalar --lang fr keyword show Ru"))
    assert "impeto" in bash_words(complete("tashkalar --lang it keyword show imp"))
    assert "déplacement de combat" in bash_words(complete("tashkalar --lang fr keyword show dépl"))


def test_rule_numbers(complete):
    found = complete("tashkalar rule show 5.1")
    assert "5.1" in found and "5.10" in found and all(n.startswith("5.1") for n in found)
    zsh = "\n".join(complete("tashkalar --lang fr rule show 5.1", shell="zsh"))
    assert '"5.1":' in zsh                                       # with the rule's title as help


def test_decks_colors_and_languages(complete):
    assert bash_words(complete("tashkalar card list --deck sy")) == ["Sylvan Creatures"]
    assert bash_words(complete("tashkalar sheet --deck ")) == ["Etherweave", "Everfrost", "Highland Clans", "Imperial",
                                                               "Legends", "Nethervoid", "Sylvan Creatures"]
    assert complete("tashkalar summon knight --player bl") == ["blue"]
    assert complete("tashkalar --lang it summon knight --player bl") == ["blue"]   # 'blu'
    assert complete("tashkalar --lang es summon knight --allow-enemy roj") == ["red"]
    assert complete("tashkalar card show --lang ") == ["en", "es", "fr", "it"]


# ------------------------------------------------------------------ decks, modes, ranks, types by name

@pytest.mark.parametrize("command", [["card", "list"], ["summonable"], ["plan"], ["sheet"]])
def test_deck_names_complete_in_french(complete, command):
    line = "tashkalar --lang fr " + " ".join(command) + " --deck "
    assert complete(line + "Impér") == ["Impériaux"]
    assert complete(line + "imper") == ["Impériaux"]                  # case and accents do not count
    assert bash_words(complete(line + "hautes")) == ["Clans des Hautes Terres"]   # a word inside the name
    assert complete(line + "highl") == ["Clans\\ des\\ Hautes\\ Terres"]  # an id offers the name
    assert complete(line + "imperial") == ["Impériaux"]


def test_deck_names_in_each_language(complete):
    assert bash_words(complete("tashkalar --lang es card list --deck tierras")) == ["Clanes de las Tierras Altas"]
    assert bash_words(complete("tashkalar --lang it card list --deck crea", TASHKALAR_LANG="fr")) == ["Creature silvane"]
    assert bash_words(complete("tashkalar card list --deck cré", TASHKALAR_LANG="fr")) == ["Créatures sylvestres"]
    zsh = "\n".join(complete("tashkalar --lang fr card list --deck imp", shell="zsh"))
    assert '"Impériaux":"imperial"' in zsh                            # the id as help


def test_plan_deck_lists_complete_their_last_name(complete):
    assert bash_words(complete("tashkalar --lang it plan --deck imperial,crea")) == ["imperial,Creature silvane"]
    assert complete("tashkalar --lang es plan --threats --deck red=imp") == ["red=Imperiales"]


def listed(r) -> set[tuple[str, str, str]]:
    """(deck, rank, type) of the cards ``card list --json`` listed."""
    assert r.code == 0, r.err
    return {(c["deck"], c["rank"], c["type"]) for c in json.loads(r.out)["cards"]}


@pytest.mark.parametrize("deck", ["Impériaux", "imperial"])    # the completed name, or the id
def test_the_completed_deck_names_are_accepted(cli, deck, tmp_path):
    assert {d for d, _, _ in listed(cli("--lang", "fr", "card", "list", "--deck", deck, "--json"))} == {"imperial"}
    out = tmp_path / "sheet.svg"
    r = cli("--lang", "fr", "sheet", "--deck", deck, "--deck", "Clans des Hautes Terres", "--out", str(out))
    assert r.code == 0 and out.is_file(), r.err
    assert {d for d, _, _ in listed(cli("--lang", "fr", "card", "list", "--deck", "Clans des Hautes Terres",
                                        "--json"))} == {"highland"}


def test_modes_ranks_and_types_complete_by_name(complete):
    assert complete("tashkalar --lang fr card list --rank h") == ["héroïque"]
    assert complete("tashkalar --lang fr card list --rank heroi") == ["héroïque"]
    assert complete("tashkalar --lang it card list --type ") == ["compito", "creatura", "impeto", "leggenda"]
    assert complete("tashkalar --lang fr summon knight --mode m") == ["Match-à-mort", "Mêlée-à-mort"]
    assert bash_words(complete("tashkalar --lang fr rule list --mode ")) == ["Duel Ancestral", "Jeu par équipe",
                                                                           "Match-à-mort", "Mêlée-à-mort"]
    assert bash_words(complete("tashkalar card list --rank ")) == ["common", "heroic", "legendary"]
    assert complete("tashkalar --lang es card list --rank heroic") == ["heroica"]


def test_the_completed_modes_ranks_and_types_are_accepted(cli):
    found = listed(cli("--lang", "fr", "card", "list", "--rank", "héroïque", "--type", "créature", "--json"))
    assert found and {(r, t) for _, r, t in found} == {("heroic", "being")}
    assert {t for _, _, t in listed(cli("--lang", "it", "card", "list", "--type", "compito", "--json"))} == {"task"}

    def rules(mode: str) -> int:
        r = cli("--lang", "fr", "rule", "list", "--mode", mode, "--json")
        assert r.code == 0, r.err
        return len(json.loads(r.out)["rules"])

    assert rules("Jeu par équipe") == rules("team") != rules("Duel Ancestral") == rules("high-form")


def test_broken_data_completes_nothing_quietly(complete, tmp_path):
    assert complete(f"tashkalar card show --data {tmp_path} ours") == []


# ------------------------------------------------------------------ the shell scripts

@pytest.mark.parametrize(("shell", "marker"), [("bash", "complete_bash"), ("zsh", "compdef"), ("fish", "complete_fish")])
def test_show_completion_for_each_shell(cli, monkeypatch, shell, marker):
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    r = cli("--show-completion", shell)
    assert r.code == 0 and marker in r.out and "_TASHKALAR_COMPLETE" in r.out


def test_install_completion_for_bash(cli, monkeypatch, tmp_path):
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    monkeypatch.setenv("HOME", str(tmp_path))
    r = cli("--install-completion", "bash")
    assert r.code == 0
    script = tmp_path / ".bash_completions" / "tashkalar.sh"
    assert "_TASHKALAR_COMPLETE=complete_bash" in script.read_text()
    assert str(script) in (tmp_path / ".bashrc").read_text()


#: the bash script earlier versions installed (Typer's, in ~/.bash_completions/tashkalar.sh), which still works
INSTALLED_BEFORE = """
_tashkalar_completion() {
    local IFS=$'\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   _TASHKALAR_COMPLETE=complete_bash $1 ) )
    return 0
}

complete -o default -F _tashkalar_completion tashkalar
"""


@pytest.mark.parametrize("loaded", ["source <(tashkalar --show-completion bash)", INSTALLED_BEFORE])
def test_a_real_bash_completes_the_hungry_bear(tmp_path, loaded):
    """Through the script the tool shows, and through the one earlier versions installed."""
    bash, exe = shutil.which("bash"), shutil.which("tashkalar")
    if not bash or not exe:
        pytest.skip("needs bash and the installed tashkalar command on PATH")
    # the session's cache (filled first: warm_cache), as every process of this module reads it: a cache of its own
    # made each of the two processes build the whole data (seconds) for a completion
    env = dict(os.environ, TASHKALAR_LANG="fr", _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    script = (loaded + '\n'
              'COMP_WORDS=(tashkalar card show ours); COMP_CWORD=3\n'
              '_tashkalar_completion tashkalar\n'
              'printf "%s\\n" "${COMPREPLY[@]}"\n')
    out = subprocess.run([bash, "-c", script], env=env, capture_output=True, text=True, timeout=120, check=True).stdout
    assert "Ours\\ Affamé" in out.splitlines()


def test_normal_start_up_does_not_load_completion():
    """The completion module is imported only while the shell asks for completions."""
    env = {k: v for k, v in os.environ.items() if k != "_TASHKALAR_COMPLETE"}   # the session's warm cache
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "tashkalar_cli", "card", "show", "swordmaster"],
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0
    assert "tashkalar_cli.command.common" in r.stderr                # the import log is there...
    assert "tashkalar_cli.command.completion" not in r.stderr        # ...without the completion module


def test_completion_options_belong_to_the_root(cli):
    assert "--install-completion" in cli("--help").out
    for command in (["summon", "--help"], ["sheet", "--help"], ["card", "show", "--help"]):
        assert "--install-completion" not in cli(*command).out


def test_errata_complete_rulebooks_and_errata(complete, cli):
    """errata --book completes the rulebooks' languages; errata ERRATUM the errata's ids, and a
    completed id names the erratum."""
    assert bash_words(complete("tashkalar errata --book ")) == ["en", "es", "fr", "it"]
    found = bash_words(complete("tashkalar errata melee"))
    assert found and all(w.startswith("melee") for w in found)
    zsh = "\n".join(complete("tashkalar --lang fr errata high-form-c", shell="zsh"))
    assert "high-form-current-tasks" in zsh and "objectifs en cours" in zsh   # the French title as help
    assert cli("errata", found[0], "--json").json["errata"][0]["id"] == found[0]


# ------------------------------------------------------------------ each shell's protocol

def test_powershell_gets_names_with_their_help(cli, monkeypatch):
    """PowerShell passes the line and the word to complete; each offer is ``value:::help``."""
    monkeypatch.setenv("_TASHKALAR_COMPLETE", "complete_powershell")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", "tashkalar --lang es summon espad")
    monkeypatch.setenv("_TYPER_COMPLETE_WORD_TO_COMPLETE", "espad")
    r = cli()
    assert r.code == 0 and r.out.splitlines() == ["Maestro de la Espada:::swordmaster"], r.err
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", "tashkalar card ")
    monkeypatch.setenv("_TYPER_COMPLETE_WORD_TO_COMPLETE", "")
    assert "show:::" in cli().out


@pytest.mark.parametrize(("line", "code"), [("tashkalar summon espad", 0), ("tashkalar summon qqqzz", 1)])
def test_fish_is_told_whether_there_is_anything_to_offer(cli, monkeypatch, line, code):
    """fish asks first (``is-args``): exit 0 when there are offers (then no file names), else 1."""
    monkeypatch.setenv("_TASHKALAR_COMPLETE", "complete_fish")
    monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "is-args")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", line)
    monkeypatch.setenv("TASHKALAR_LANG", "es")
    r = cli()
    assert r.code == code and r.out == "", (r.out, r.err)


@pytest.mark.parametrize(("shell", "marker"), [("bash", "complete -o default"), ("zsh", "#compdef tashkalar"),
                                               ("fish", "complete --command tashkalar"),
                                               ("powershell", "Register-ArgumentCompleter")])
def test_a_source_request_is_answered_with_the_script(cli, monkeypatch, shell, marker):
    monkeypatch.setenv("_TASHKALAR_COMPLETE", f"source_{shell}")
    r = cli()
    assert r.code == 0 and marker in r.out and "_TASHKALAR_COMPLETE" in r.out, r.err
    assert r.out.strip() == cli("--show-completion", shell).out.strip()


def test_the_completion_options_name_a_shell_or_find_it(cli, monkeypatch):
    """``--show-completion`` alone: the shell the command runs in; followed by a shell: that one
    (even when another runs it)."""
    monkeypatch.setattr("tashkalar_cli.command.shellrc.current_shell", lambda: "zsh")
    assert "#compdef tashkalar" in cli("--show-completion").out
    assert "#compdef tashkalar" in cli("--show-completion", "--lang", "fr").out   # an option after it is no shell
    assert "Register-ArgumentCompleter" in cli("--show-completion", "pwsh").out
    assert "complete --command tashkalar" in cli("--show-completion", "fish").out


def test_a_shell_without_a_script_is_said_in_one_line(cli, monkeypatch):
    import json

    monkeypatch.setattr("tashkalar_cli.command.shellrc.current_shell", lambda: None)   # (none found)
    for args in (["--show-completion", "tcsh"], ["--show-completion"]):
        r = cli("--lang", "fr", *args)
        assert r.code == 2 and r.out == "" and len(r.err.strip().splitlines()) == 1, r.err
        assert "aucun script de complétion" in r.err and "powershell" in r.err
    r = cli("--json", "--show-completion", "tcsh")
    assert r.code == 2 and json.loads(r.err)["error"]["key"] == "completion-show-shell"


def test_install_completion_for_the_shell_named(cli, monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr("tashkalar_cli.command.shellrc.current_shell", lambda: "bash")   # the shell running it: not this one
    r = cli("--install-completion", "zsh")
    assert r.code == 0, r.err
    assert "compdef" in (tmp_path / ".zfunc" / "_tashkalar").read_text() and not (tmp_path / ".bashrc").exists()


def test_the_completion_options_complete_shell_names(complete):
    assert complete("tashkalar --install-completion ") == ["bash", "fish", "zsh"]
    assert complete("tashkalar --show-completion p") == ["powershell", "pwsh"]


def test_the_kit_completes_only_the_lines_own_commands_and_each_pack_its_own():
    """The kit's table names only the line's own commands (or any command, or the root); the parameters of a game's
    commands come from its pack, by the registry's hook ``parameters``."""
    from tashkalar_cli.cli.app import OWN_COMMANDS
    from tashkalar_cli.command.completion import TABLE, kinds
    from tashkalar_cli.data.paths import GAMES

    assert {path.split(" ")[0] for path, _ in TABLE} <= set(OWN_COMMANDS) | {"*", ""}
    for pack in GAMES.values():
        for name in pack.commands:
            assert not any(path.split(" ")[0] == name for path, _ in TABLE), name
    assert kinds()[("summon", "card")] == "being" and kinds()[("rule show", "rule")] == "rule"
