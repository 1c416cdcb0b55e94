"""The Rich output people read: it says the right things, in the chosen language."""

from __future__ import annotations

import pytest

from conftest import spread, write

LANGS = ("en", "fr", "es", "it")
PIECES = "a5=blue,c3=red:heroic,c4=red:heroic,c5=red:heroic,c6=red,c7=red,d3=red,d4=red"


@pytest.mark.parametrize("lang", spread(LANGS, start=3))
def test_flare_check_text(cli, dataset, lang):
    r = cli("flare", "check", "flare-3-5", "--player", "blue", "--pieces", PIECES, "--lang", lang)
    assert r.code == 0, r.err
    ui = dataset.locales[lang]["ui"]
    assert ui["flare.half.upper"] in r.out and ui["flare.half.lower"] in r.out
    upper = dataset.locales[lang]["flares"]["flare-3-5"]["upper"]
    assert upper.split()[0] in r.out


def test_flare_check_all_text(cli):
    r = cli("flare", "check", "--all", "--player", "blue", "--pieces", "a5=blue,c3=red")
    assert r.code == 0 and "No flare can be invoked" in r.out


@pytest.mark.parametrize("lang", spread(LANGS, start=0))
def test_task_check_text(cli, dataset, lang, tmp_path):
    f = write(tmp_path / "p.yaml", "mode: high-form\npieces:\n  e5: blue\n  d5: blue\n  f5: blue\n  e4: blue\n  e6: blue\n")
    r = cli("task", "check", "center-cross", "--player", "blue", "--position", str(f), "--lang", lang)
    assert r.code == 0, r.err
    name = dataset.locales[lang]["tasks"]["center-cross"]["name"]
    assert name in r.out
    assert "(b)" in r.out, "the pieces that satisfy the task are drawn on the board"
    r = cli("task", "check", "--all", "--player", "blue", "--position", str(f), "--lang", lang)
    assert r.code == 0 and dataset.locales[lang]["ui"]["task.needs_turn"] in r.out


def test_task_details_are_translated(cli, tmp_path):
    f = write(tmp_path / "p.yaml", "mode: high-form\npieces:\n  e5: blue\n")
    r = cli("task", "check", "side-chain", "--player", "blue", "--position", str(f), "--lang", "fr")
    assert "sud" in r.out and "nord" in r.out and "south" not in r.out
    r = cli("task", "check", "line-dominance", "--player", "blue", "--position", str(f), "--lang", "es")
    assert "columna" in r.out or "fila" in r.out


@pytest.mark.parametrize("lang", spread(LANGS, start=1))
def test_score_text(cli, dataset, lang, tmp_path):
    f = write(tmp_path / "t.yaml", "player: blue\nmode: melee\nplayers: 4\ndestroyed: [red, red, yellow, green, blue]\n"
              "summoned: [titan e5]\nflares: [{flare: flare-3-6, against: red}]\nscores: {blue: {red: 11}}\n")
    r = cli("score", "--turn", str(f), "--lang", lang)
    assert r.code == 0, r.err
    ui = dataset.locales[lang]["ui"]
    for key in ("score.reason.common-pair", "score.reason.unpaired-commons", "score.reason.legend-summoned",
                "score.reason.flare"):
        assert ui[key][:12] in r.out.replace("\n", " "), key
    assert ui["score.end"].split("{")[0].strip()[:15] in r.out.replace("\n", " ")


def test_lists_and_tables(cli, dataset):
    r = cli("keyword", "list", "--lang", "it")
    assert r.code == 0 and dataset.locales["it"]["keywords"]["flare"]["term"] in r.out
    r = cli("rule", "list", "--mode", "duel", "--lang", "es")
    assert r.code == 0 and dataset.locales["es"]["sections"]["setup"]["title"] in r.out
    r = cli("keyword", "list", "--json")
    assert len(r.json["keywords"]) == len(dataset.facts["glossary"])
    r = cli("validate")
    assert r.code == 0 and "Beings" in r.out and "108" in r.out


def test_summon_text_with_shortage_and_enemy(cli, tmp_path):
    short = "mode: duel\nsupply:\n  blue: {common: 0}\npieces:\n  e4: blue\n  e6: blue\n"
    r = cli("summon", "swordmaster", "--position", str(write(tmp_path / "a.yaml", short + "  a5: blue\n")), "--player", "blue")
    assert r.code == 0, r.err
    assert "piece shortage: take back one of a5" in r.out
    r = cli("summon", "swordmaster", "--position", str(write(tmp_path / "b.yaml", short)), "--player", "blue")
    assert r.code == 0 and "cannot be summoned" in r.out
    assert "piece shortage: no piece of the needed kind is left, and none can be taken back" in r.out
    r = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=red,e5=blue,d4=blue", "--player", "blue",
            "--allow-enemy", "red")
    assert r.code == 0 and "<r>" in r.out, "the enemy piece used is marked"
    assert "shortage" not in r.out
    r = cli("summon", "swordmaster", "--pieces", "e4=blue,e6=blue,e5=red:heroic", "--player", "blue")
    assert "outranks" in r.out and "higher rank" in r.out
    r = cli("summonable", "--pieces", "e4=blue,e6=blue", "--player", "blue", "--all")
    assert r.code == 0 and "Swordmaster" in r.out and "no group of your pieces" in r.out


def test_position_show_svg(cli, tmp_path):
    out = tmp_path / "p.svg"
    r = cli("position", "show", "--pieces", "e5=blue:legendary,d4=red", "--svg", str(out))
    assert r.code == 0 and "*B*" in r.out
    svg = out.read_text()
    assert svg.count("<circle") == 2 and ">L</text>" in svg
    r = cli("position", "show", "--pieces", "e5=blue", "--json")
    assert r.json["pieces"] == {"e5": {"color": "blue", "rank": "common"}}
