"""The line's shared options as Click reads them (issue 30): --lang, --data, --json and --game are
options of the root and of the commands, written into the line's state as Click processes them; the
one reading before that (a usage error Click's parser raises, a --help processed before --lang) is
done by Click's own parser, so every form Click accepts counts (``-lfr``, ``--lang=fr``)."""

from __future__ import annotations

import json

import pytest


def _ui(dataset, lang: str, key: str) -> str:
    from tashkalar_cli.text.typography import typeset

    return typeset(dataset.locales[lang]["ui"][key], lang)


@pytest.mark.parametrize("written", [["-lfr"], ["--lang=fr"], ["-l", "fr"]])
def test_every_form_of_the_language_option_names_the_language_of_usage_errors(cli, dataset, written):
    missing = _ui(dataset, "fr", "cli.missing_argument")
    before = cli(*written, "card", "show")                 # the root's option, processed by Click
    after = cli("card", "show", "--typ", *written)         # after the word Click's parser stops at
    assert before.code == after.code == 2
    assert missing in before.err, before.err
    assert _ui(dataset, "fr", "cli.error_line").split("{")[0] in after.err and "--typ" in after.err, after.err
    assert "No such option" not in after.err


def test_a_shared_option_a_command_lacks_still_names_the_language_of_its_refusal(cli, dataset):
    r = cli("board", "--data", "x", "--lang", "fr")   # board reads no data folder: --data is refused, in French
    assert r.code == 2 and _ui(dataset, "fr", "cli.error_line").split("{")[0] in r.err, r.err


@pytest.mark.parametrize("written", [["-lit"], ["--lang=it"], ["--lang", "it"]])
def test_help_before_the_language_is_in_that_language(cli, dataset, written):
    """Click processes the eager --help before an eager --lang written after it."""
    for path in (["card", "show"], ["summon"], []):
        r = cli(*path, "--help", *written)
        assert r.code == 0, r.err
        assert _ui(dataset, "it", "cli.usage").rstrip(":").strip() in r.out, (path, r.out[:200])


def test_json_after_the_error_is_still_json(cli):
    for args in (["card", "list", "--typ", "being", "--json"], ["card", "show", "--json", "--player"],
                 ["sumon", "x", "--json"], ["card", "shw", "x", "--json"], ["board", "--json"]):
        r = cli(*args)
        assert r.code == 2 and r.out == ""
        assert "error" in json.loads(r.err), (args, r.err)


def test_json_before_the_command_is_the_commands_json(cli):
    assert cli("--json", "card", "show", "knight").json == cli("card", "show", "knight", "--json").json
    r = cli("--json", "board")          # a command without a JSON answer refuses it wherever it is written
    assert r.code == 2 and json.loads(r.err)["error"]["kind"] == "NoSuchOption"


def test_the_game_anywhere_on_the_line(cli):
    for args in (["card", "--game", "letal", "show", "knight"], ["card", "show", "knight", "--game", "letal"],
                 ["--game", "letal", "card", "show", "knight"], ["--game", "letal", "plan"]):
        r = cli(*args)
        assert r.code == 2 and "tash-kalar" in r.err and len(r.err.strip().splitlines()) == 1, (args, r.err)
    shown = cli("--game", "letal", "card", "show", "--help")   # a command of another game still shows its help
    assert shown.code == 0 and "card show" in shown.out
    assert cli("letal", "area", "c3", "--adjacent", "--game", "letal", "--json").code == 0
    assert "--game" not in cli("card", "show", "--help").out   # the root's help names it, once


def test_the_line_is_read_by_click_alone():
    """No hand-written reading of the line before Click: the one reading of Click's parser is
    :func:`_written_options`, which uses the command's own parser."""
    import inspect

    from tashkalar_cli.cli import app

    for gone in ("_read_line", "_take_game", "_move_json", "_before_command", "_option_value", "_words"):
        assert not hasattr(app, gone), gone
    assert "make_parser" in inspect.getsource(app._written_options)
