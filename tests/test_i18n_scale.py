"""``i18n check`` on large inputs (issue 29): the work grows with the input, never with the input
times itself. Bounds on WORK (rows drawn, findings made, files read and validated), never on time;
the timings are in benchmarks/i18n_scale.py."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from conftest import REPO

#: one worker: these tests read whole language folders
pytestmark = pytest.mark.xdist_group("locales-check")


def _findings(n: int, file: str = "de/ui.yaml"):
    from tashkalar_cli.text.i18ncheck.model import WARNING, Finding, Report, said

    report = Report("en", ["de"])
    report.findings = [Finding("de", file, f"extra.key{i}", "obsolete", WARNING,
                               said("not-in-reference", "'{key}' ({field}) is not in the reference language",
                                    key=f"extra.key{i}", field="text"), None, "text", None, f"text {i}")
                       for i in range(n)]
    return report


def _rows(renderable) -> int:
    from rich.table import Table

    return sum(part.row_count for part in renderable.renderables if isinstance(part, Table) and part.title == "de/ui.yaml")


@pytest.mark.parametrize("n", [10, 1_000, 5_000])
def test_the_text_report_draws_a_bounded_number_of_rows_per_file(n: int) -> None:
    from rich.console import Console

    from tashkalar_cli.render.i18n import MOST_ROWS, report_renderable
    from tashkalar_cli.text.i18ncheck.model import Coverage

    report = _findings(n)
    report.coverage["de"] = Coverage()
    shown = report_renderable(report)
    assert _rows(shown) == min(n, MOST_ROWS)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(shown)
    text = console.export_text()
    if n > MOST_ROWS:
        assert f"… and {n - MOST_ROWS} more findings in this file" in text
    assert f"{n} warning(s)" in text  # every finding counted, shown or not


def test_the_more_line_is_said_in_the_language(tk) -> None:
    from rich.console import Console

    from tashkalar_cli.render.i18n import MOST_ROWS, report_renderable

    loc = tk.localizer("fr")
    report = _findings(MOST_ROWS + 1)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(report_renderable(report, loc=loc))
    assert "1 autre constat dans ce fichier" in console.export_text()


@pytest.mark.parametrize("langs", [2, 4])
def test_an_empty_language_folder_makes_one_finding_per_file_not_per_entry(tmp_path: Path, dataset, langs: int) -> None:
    from tashkalar_cli.text.i18ncheck import check_locales

    root = tmp_path / "locales"
    for i in range(langs):
        (root / f"l{i}").mkdir(parents=True)
    report = check_locales(root, dataset.facts, builtin=REPO / "locales")
    reference_files = {f.file.split("/", 1)[1] for f in report.findings} or {"?"}
    per_lang = [sum(f.lang == lang for f in report.findings) for lang in report.languages]
    # one finding per file of the reference (a few dozen), the same for every language: linear in
    # the number of languages, whatever the number of entries (1,300 findings each before)
    assert per_lang == [per_lang[0]] * langs and per_lang[0] == len(reference_files) < 60
    assert all(f.code == "missing-file" for f in report.findings)
    assert sum(int(str(f.message).rsplit(": ", 1)[1].rstrip(")")) for f in report.findings if f.lang == "l0") \
        == report.coverage["l0"].missing > 1000   # every entry still counted, in the message and the coverage


def test_a_file_missing_from_a_language_is_one_finding(tmp_path: Path, dataset) -> None:
    from tashkalar_cli.text.i18ncheck import check_locales

    root = tmp_path / "locales"
    shutil.copytree(REPO / "locales" / "it", root / "it")
    (root / "it" / "cards" / "imperial.yaml").unlink()
    report = check_locales(root, dataset.facts, builtin=REPO / "locales")
    missing = [f for f in report.findings if f.check == "missing"]
    assert [(f.file, f.code) for f in missing] == [("it/cards/imperial.yaml", "missing-file")]
    assert report.exit_code() == 1


def test_the_shared_ui_file_is_read_and_validated_once_for_all_games(cli, monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    from tashkalar_cli.data import locales as reader

    shutil.copytree(REPO / "locales" / "fr", tmp_path / "mine" / "fr")
    seen: list[str] = []
    original = reader.LocaleReader._read_ui

    def counted(self, out, data, lines, shown, damaged):  # type: ignore[no-untyped-def]
        seen.append(shown)
        return original(self, out, data, lines, shown, damaged)

    monkeypatch.setattr(reader.LocaleReader, "_read_ui", counted)
    r = cli("i18n", "check", "--locales", str(tmp_path / "mine"), "--json")
    assert r.code in (0, 1), r.err
    assert sorted(seen) == ["en/ui.yaml", "fr/ui.yaml"]   # not once per game (twice before)


def test_a_ui_file_of_many_messages_is_validated_without_them_when_they_are_valid(monkeypatch) -> None:
    from tashkalar_cli.data import locales as reader
    from tashkalar_cli.data.schemas import schema_errors
    from tashkalar_cli.data.yamlio import LineMap

    good = {"language": {"name": "x"}, "messages": {f"k.{i}": "text" for i in range(1000)}}
    assert reader._lighter("locale-ui", good)["messages"] == {}
    for bad in ({"Bad Key": "x"}, {"k": ""}, {"k": 3}, {"k\n": "x"}):
        data = {"language": {"name": "x"}, "messages": {**good["messages"], **bad}}
        assert reader._lighter("locale-ui", data) is data          # validated whole: same verdict
    data = {"language": {"name": "x"}, "messages": {**good["messages"], "k": ""}}
    assert schema_errors("locale-ui", reader._lighter("locale-ui", data), LineMap(), "ui.yaml")


def test_a_reference_folder_that_holds_no_locales_is_refused(cli, tmp_path: Path) -> None:
    empty = tmp_path / "nothing"
    empty.mkdir()
    (empty / "notes.txt").write_text("x", encoding="utf-8")
    for args in (("--reference", str(empty)), ("--locales", str(tmp_path), "--reference", "nothing")):
        r = cli("i18n", "check", *args)
        assert r.code == 2, (args, r.out[-500:], r.err)
        assert len(r.err.strip().splitlines()) == 1 and "holds no locale file" in r.err and str(empty) in r.err
        assert r.out == ""
    r = cli("--lang", "es", "i18n", "check", "--reference", str(empty))
    assert r.code == 2 and "no contiene ningún archivo de idioma" in r.err
