"""The root of the command line: what the global options alone do (review interface-translations-2)."""

from __future__ import annotations

import pytest

from conftest import spread

LANGS = ["en", "fr", "es", "it"]


def _ui(dataset, lang: str, key: str) -> str:
    from tashkalar_cli.text.typography import typeset

    return typeset(dataset.locales[lang]["ui"][key], lang)


#: two languages in the default run (English and one other, the same help page said from each language's texts), all four
#: in the slow run
@pytest.mark.parametrize("lang", spread(LANGS, keep=2, start=0))
def test_the_language_alone_shows_the_help_in_that_language(cli, dataset, lang):
    """SH9: ``tashkalar --lang fr`` shows the help, as ``tashkalar`` does, not "Missing command";
    and neither adds an empty error line to it."""
    bare = cli()
    chosen = cli("--lang", lang)
    assert chosen.code == bare.code == 2, chosen.err
    assert chosen.err == "" and bare.err == "", (chosen.err, bare.err)
    usage = _ui(dataset, lang, "cli.usage").rstrip(":").strip()
    assert usage in chosen.out and "tashkalar [" in chosen.out, chosen.out[:300]
    assert _ui(dataset, lang, "help.tashkalar").split()[0] in chosen.out
    group = cli("--lang", lang, "card")   # a group without its command: its help, no empty error line
    assert group.code == 2 and group.err == "" and "card" in group.out, group.err


@pytest.mark.parametrize("lang", LANGS)
def test_json_alone_is_still_a_missing_command(cli, lang):
    """With --json a program gets one JSON error, not a help page (unchanged)."""
    r = cli("--lang", lang, "--json")
    import json

    assert r.code == 2 and r.out == "" and json.loads(r.err)["error"]["code"] == "usage"
