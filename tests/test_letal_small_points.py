"""L.E.T.A.L.'s small points (issue 33): a misspelt option suggests only a near option, read by the one word reader
(``--degats`` is no ``--data``), an option typed by its name in the user's language points to it (``--dégâts``:
``--damage``), and ``letal sheet`` announces a quick reference, not cards."""

from __future__ import annotations

import json

import pytest

LETAL = ("--game", "letal", "letal")


def _hints(cli, *args):
    r = cli(*args, "--json")
    assert r.code == 2 and r.out == ""
    return json.loads(r.err)["error"]["hints"]


@pytest.mark.parametrize(("lang", "typed", "meant"), [("fr", "--degats", "--damage"), ("fr", "--dégâts", "--damage"),
                                                      ("fr", "--cachees", "--hidden"), ("es", "--danos", "--damage"),
                                                      ("it", "--danni", "--damage"), ("en", "--damag", "--damage"),
                                                      ("en", "--dmaage", "--damage")])
def test_an_option_in_the_users_words_points_to_the_option(cli, lang, typed, meant):
    assert _hints(cli, "--lang", lang, *LETAL, "attack", typed, "7") == [meant]


@pytest.mark.parametrize(("lang", "typed", "meant"), [("fr", "--portee", "--reach"), ("es", "--radio", "--radius"),
                                                      ("it", "--distanza", "--range")])
def test_area_options_in_the_users_words(cli, lang, typed, meant):
    assert _hints(cli, "--lang", lang, *LETAL, "area", "c3", typed, "2") == [meant]


def test_a_far_option_suggests_nothing(cli):
    assert _hints(cli, *LETAL, "attack", "--degats", "7") == ["--damage"]   # a French word, in any language
    assert _hints(cli, *LETAL, "attack", "--dxyz", "7") == []
    assert _hints(cli, *LETAL, "attack", "--dat", "7") == ["--data"]       # a part of one option


def test_the_line_in_french(cli):
    r = cli("--lang", "fr", *LETAL, "attack", "--degats", "7")
    assert r.code == 2 and "--damage" in r.err and "--data" not in r.err


def test_the_sheet_announces_a_quick_reference(cli, tmp_path):
    out = tmp_path / "letal.html"
    r = cli("--lang", "fr", "--game", "letal", "sheet", "--out", str(out))
    assert r.code == 0 and out.exists()
    said = (r.out + r.err).replace(str(out), "FILE")   # the path is the test's folder: it may hold any number
    assert "FILE" in said
    assert "L.E.T.A.L." in said and "cartes" not in said and "13" not in said
