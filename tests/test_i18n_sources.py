"""Knowing what changed in English (issue 32): each translation is held to the English it was made
from (the language's sources.yaml); an English text that changes makes each of its translations
source-changed until it is marked reviewed (``i18n reviewed``)."""

from __future__ import annotations

import re
import shutil

import pytest

from tashkalar_cli.text.i18ncheck.sources import changes, marked

from conftest import REPO

OLD = "Destroy 1 common piece"
#: the English changed, with no number, term or placeholder changed: only its source is what changed
NEW = "Destroy exactly 1 common piece"


@pytest.fixture
def copy(tmp_path):
    """A copy of the tool's locales (English, French, Italian), with the English of one card changed."""
    folder = tmp_path / "locales"
    for code in ("en", "fr", "it"):
        shutil.copytree(REPO / "locales" / code, folder / code)
    return folder


def _edit_english(folder, old: str, new: str) -> None:
    path = folder / "en" / "cards" / "nethervoid.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _changed(cli, folder, *more, code=(0, 1)):
    r = cli("--game", "tash-kalar", "i18n", "check", "--locales", str(folder), "--json", *more)
    assert r.code in code, r.err
    return [f for f in r.json["findings"] if f["code"] == "source-changed"]


def test_an_english_edit_is_source_changed_in_each_language_until_reviewed(cli, copy):
    _edit_english(copy, OLD, NEW)
    found = _changed(cli, copy, code=(0,))   # a warning: exit 0 without --strict (the check of every language)
    assert sorted((f["lang"], f["key"], f["field"]) for f in found) == [
        ("fr", "acolyte-of-destruction", "effect"), ("it", "acolyte-of-destruction", "effect")]
    one = found[0]
    assert OLD in one["previous"] and NEW in one["reference"] and NEW not in one["previous"]
    assert one["severity"] == "warning" and one["line"] is not None and one["file"].endswith("nethervoid.yaml")
    assert "--target" in one["message"] and "cards/acolyte-of-destruction/effect" in one["message"]
    # and 1 with it
    assert cli("--game", "tash-kalar", "i18n", "check", "--locales", str(copy), "--target", "fr",
               "--strict").code == 1
    r = cli("--game", "tash-kalar", "i18n", "reviewed", "--locales", str(copy), "--target", "fr",
            "cards/acolyte-of-destruction")
    assert r.code == 0, r.err
    assert [f["lang"] for f in _changed(cli, copy)] == ["it"]
    assert cli("--game", "tash-kalar", "i18n", "reviewed", "--locales", str(copy), "--all").code == 0
    assert _changed(cli, copy) == []


def test_the_text_report_shows_the_old_and_the_new_english_with_the_change_marked(cli, copy, monkeypatch):
    _edit_english(copy, OLD, NEW)
    monkeypatch.setenv("COLUMNS", "200")
    r = cli("--game", "tash-kalar", "i18n", "check", "--locales", str(copy), "--target", "it")
    flat = " ".join(r.out.replace("│", " ").split())
    assert re.search(r"Destroy ?\{\+ ?exactly ?\+\} ?1 common piece", flat), flat[-900:]
    assert "was: Destroy 1 common piece" in flat, flat[-900:]


def test_editing_a_translation_by_hand_keeps_its_record(cli, copy):
    path = copy / "fr" / "cards" / "nethervoid.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Détruisez", "Détruisez donc", 1), encoding="utf-8")
    assert _changed(cli, copy, "--target", "fr") == []


def test_a_translation_never_recorded_is_source_unrecorded(cli, copy):
    record = copy / "fr" / "sources.yaml"
    lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("    acolyte-of-destruction:"))
    del lines[at:at + 4]   # the card's name and its effect (folded on two lines)
    record.write_text("".join(lines), encoding="utf-8")
    r = cli("--game", "tash-kalar", "i18n", "check", "--locales", str(copy), "--target", "fr", "--json")
    found = [(f["key"], f["field"]) for f in r.json["findings"] if f["code"] == "source-unrecorded"]
    assert ("acolyte-of-destruction", "name") in found


def test_reviewed_refuses_what_it_cannot_do_and_writes_nothing(cli, copy, monkeypatch):
    monkeypatch.delenv("TASHKALAR_LOCALES", raising=False)
    before = (copy / "fr" / "sources.yaml").read_bytes()
    for args in ((), ("--all", "swordmaster"), ("no-such-entry",), ("cards/swordmaster", "cards/nowhere")):
        r = cli("--game", "tash-kalar", "i18n", "reviewed", "--locales", str(copy), *args)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1, (args, r.err)
    r = cli("--game", "tash-kalar", "i18n", "reviewed", "--all")   # the tool's own folder is never written
    assert r.code == 2 and "--locales" in r.err
    assert (copy / "fr" / "sources.yaml").read_bytes() == before


def test_a_record_not_written_by_the_tool_is_never_replaced(cli, copy):
    record = copy / "it" / "sources.yaml"
    text = record.read_text(encoding="utf-8").split("\n", 1)[1]   # the signature line gone: not the tool's
    record.write_text(text, encoding="utf-8")
    _edit_english(copy, OLD, NEW)
    r = cli("--game", "tash-kalar", "i18n", "reviewed", "--locales", str(copy), "--all")
    assert r.code == 2
    assert record.read_text(encoding="utf-8") == text
    assert NEW not in (copy / "fr" / "sources.yaml").read_text(encoding="utf-8"), "all of them or none"


def test_the_tools_own_languages_are_all_recorded(dataset):
    from tashkalar_cli.data.locales import LocaleReader

    reader = LocaleReader(strict=False)
    english = reader.read(REPO / "locales" / "en", "")
    for code in ("fr", "es", "it"):
        texts = reader.read(REPO / "locales" / code, "")
        assert texts.recorded and not texts.problems
        stale = [unit for unit in texts.units if texts.sources.get(unit) != english.units[unit].text]
        assert stale == [], (code, stale[:5])


@pytest.mark.parametrize(("old", "new", "said"), [
    ("Destroy 1 common piece.", "Destroy 2 common pieces.", "Destroy [-1-]{+2+} common [-piece-]{+pieces+}."),
    ("a b c", "a b c", "a b c"),
    ("", "new text", "{+new text+}"),
    ("gone", "", "[-gone-]"),
])
def test_marked_says_what_was_removed_and_added(old, new, said):
    assert marked(old, new) == said
    assert "".join(p.text for p in changes(old, new) if p.kind != "added") == old
    assert "".join(p.text for p in changes(old, new) if p.kind != "removed") == new


def test_every_finding_code_is_documented():
    from tashkalar_cli.text.i18ncheck.model import CODES

    page = (REPO / "docs" / "i18n-codes.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1] for line in page.splitlines() if line.startswith("| `")}
    assert rows == set(CODES)
    for code, meaning in CODES.items():
        assert f"| `{code}` | {meaning} |" in page, code
