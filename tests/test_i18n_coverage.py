"""Coverage at a glance (issue 32): ``i18n check`` counts, per language and per file, the texts translated,
missing, whose English changed since they were reviewed, and never recorded; ``--coverage`` shows that
table, ``--json`` always holds it."""

from __future__ import annotations

import shutil

from conftest import REPO


def test_coverage_by_file_counts_missing_and_changed_texts(cli, tmp_path):
    locales = tmp_path / "locales"
    for code in ("en", "it"):
        shutil.copytree(REPO / "locales" / code, locales / code)
    english = locales / "en" / "cards" / "nethervoid.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("Destroy 1 common piece",
                                                                   "Destroy exactly 1 common piece", 1), encoding="utf-8")
    italian = locales / "it" / "cards" / "imperial.yaml"
    lines = italian.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln == "  swordmaster:\n")
    end = next(i for i, ln in enumerate(lines) if i > start and ln.startswith("  ") and not ln.startswith("   "))
    italian.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    r = cli("--game", "tash-kalar", "i18n", "check", "--locales", str(locales), "--json")
    rows = {row["file"]: row for row in r.json["coverage"]}
    assert rows["it/cards/imperial.yaml"]["missing"] == 1
    assert rows["it/cards/imperial.yaml"]["translated"] == rows["it/cards/imperial.yaml"]["entries"] - 1
    assert rows["it/cards/nethervoid.yaml"]["source_changed"] == 1
    assert all(row["missing"] == 0 for name, row in rows.items() if name != "it/cards/imperial.yaml")
    assert sum(row["entries"] for row in rows.values()) > 1000
    r = cli("--game", "tash-kalar", "i18n", "check", "--locales", str(locales), "--coverage")
    assert r.code == 1   # the missing entry is an error
    row = next(ln for ln in r.out.splitlines() if "cards/imperial.yaml" in ln)
    assert [cell.strip() for cell in row.split("│")[1:-1]][1:] == [
        str(rows["it/cards/imperial.yaml"]["translated"]), "1", "0", "0"]
    assert "swordmaster" not in r.out   # the table, not the findings
