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


#: the word of a card in each language: the quick reference's entries are glossary terms, not cards
CARD_WORDS = {"en": "card", "fr": "carte", "es": "carta", "it": "carta"}


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
@pytest.mark.parametrize("suffix", ["html", "svg"])
def test_the_sheet_counts_no_cards(cli, tmp_path, lang, suffix):
    out = tmp_path / f"letal.{suffix}"
    r = cli("--lang", lang, "--game", "letal", "sheet", "--out", str(out))
    assert r.code == 0, r.err
    text = out.read_text(encoding="utf-8").lower()
    assert f"13 {CARD_WORDS[lang]}" not in text
    counted = {"en": "13 terms", "fr": "13 termes", "es": "13 términos", "it": "13 termini"}[lang]
    assert counted in text


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it"])
def test_the_sheets_grids_mark_their_sides_files_and_ranks_as_letal_area_svg_does(cli, tmp_path, lang):
    import xml.etree.ElementTree as ET

    out = tmp_path / "letal.svg"
    assert cli("--lang", lang, "--game", "letal", "sheet", "--out", str(out)).code == 0
    ns = {"s": "http://www.w3.org/2000/svg"}
    grids = ET.parse(out).getroot().findall(".//s:svg[@class='letal-grid']", ns)
    assert len(grids) == 4   # adjacent, reach, range, radius
    picture = tmp_path / "area.svg"
    area = cli("--lang", lang, "--game", "letal", "letal", "area", "c3", "--reach", "2", "--svg", str(picture))
    assert area.code == 0, area.err
    drawn = ET.parse(picture).getroot()

    def marks(svg):
        sides = [t.text for t in svg.findall(".//s:g[@class='sides']/s:text", ns)]
        coordinates = [t.text for t in svg.findall(".//s:g[@class='coordinates']/s:text", ns)]
        return sides, sorted(coordinates)

    for grid in grids:
        assert marks(grid) == marks(drawn)
    assert marks(drawn)[0][0] and len(marks(drawn)[1]) == 12


#: an unknown option and the one near it: two sentences, the first ended before the question
NEAR = {"en": "--degats. Did you mean --damage?", "fr": "--degats. Vouliez-vous dire --damage\u202f?",
        "es": "--degats. ¿Quisiste decir --damage?", "it": "--degats. Forse intendevi --damage?"}


@pytest.mark.parametrize("lang", list(NEAR))
def test_an_unknown_option_ends_its_sentence_before_the_option_near(cli, lang):
    r = cli("--lang", lang, *LETAL, "attack", "--degats", "7")
    assert r.code == 2 and NEAR[lang] in r.err, r.err
    r = cli("--lang", lang, *LETAL, "attack", "--degats", "7", "--json")
    assert json.loads(r.err)["error"]["message"] == "No such option: --degats Did you mean --damage?"   # Click's
