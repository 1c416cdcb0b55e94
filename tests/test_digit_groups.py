"""Quantities in sentences are written with each language's digit groups (review 2, SH16): French and
Italian as CLDR writes them, Spanish as the RAE asks (a hard space, from five digits), English with its
digits as they are (a value the user may type back). Line numbers and values as typed are never grouped."""

from __future__ import annotations

import pytest

from tashkalar_cli.text.i18n import grouped

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize(("n", "sep", "least", "said"), [
    (0, ".", 4, "0"), (999, ".", 4, "999"), (1000, ".", 4, "1.000"), (2000, NBSP, 5, "2000"),
    (50000, NBSP, 5, f"50{NBSP}000"), (123456, ".", 4, "123.456"), (1234567, NNBSP, 4, f"1{NNBSP}234{NNBSP}567"),
    (-50000, ".", 4, "-50.000"), (10**12, ",", 4, "1,000,000,000,000"),
])
def test_grouped_puts_the_separator_between_groups_of_three(n, sep, least, said):
    assert grouped(n, sep, least) == said


EXPECTED = {"en": "123456", "fr": f"123{NNBSP}456", "es": f"123{NBSP}456", "it": "123.456"}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_a_quantity_in_a_note_is_grouped_as_the_language_writes_it(tk, lang):
    said = tk.localizer(lang).msg("plan.goal.truncated", states=123456)
    assert EXPECTED[lang] in said
    assert "123456" not in said or lang == "en"


def test_french_and_italian_agree_with_cldr_where_babel_is_installed(tk):
    pytest.importorskip("babel")
    from babel.numbers import format_decimal

    for lang in ("fr", "it"):
        loc = tk.localizer(lang)
        for n in (7, 999, 1000, 2000, 50000, 123456, 1000000, 98765432):
            assert loc.number(n) == format_decimal(n, locale=lang, group_separator=True), (lang, n)


def test_spanish_leaves_four_digits_whole(tk):
    loc = tk.localizer("es")
    assert loc.number(2000) == "2000" and loc.number(20000) == f"20{NBSP}000"


def test_a_line_number_is_never_grouped(tk):
    said = tk.localizer("it").msg("error.duplicate-key", name="k", first=12345)
    assert "12345" in said and "12.345" not in said


@pytest.mark.parametrize(("lang", "shown"), [("en", "50000"), ("fr", f"50{NNBSP}000"), ("it", "50.000")])
def test_a_default_in_the_help_is_grouped_in_the_help_language(cli, lang, shown):
    r = cli("--lang", lang, "summon", "--help")
    assert r.code == 0 and shown in r.out


# ---- errors too (issue 33): a limit, a size, a range's bound grouped as the language's sentences group them


NNBSP_FR = {"fr": f"1{NNBSP}000{NNBSP}000", "es": f"1{NBSP}000{NBSP}000", "it": "1.000.000", "en": "1000000"}


@pytest.mark.parametrize("lang", sorted(NNBSP_FR))
def test_a_limit_in_an_error_is_grouped_as_the_language_writes_it(cli, tmp_path, lang):
    big = tmp_path / "big.yaml"
    big.write_text("x: " + "a" * 1_100_000, encoding="utf-8")
    r = cli("score", "--turn", str(big), "--lang", lang)
    assert r.code == 2 and NNBSP_FR[lang] in r.err and "1,000,000" not in r.err, r.err
    r = cli("letal", "attack", "--damage", "7", "--hidden", "2", "--endurance", "-5", "--lose", "1", "--lang", lang)
    assert r.code == 2 and NNBSP_FR[lang] in r.err and "-5" in r.err, r.err


def test_an_errors_value_as_typed_is_never_grouped(tk):
    from tashkalar_cli.errors import InputError

    said = tk.error_message(InputError(key="letal-distance", what="--reach", value=5000, most=1000), "it")
    assert "5000" in said and "1.000" in said, said
    for key in ("effects-limit", "plan-limit"):   # --limit as typed
        said = tk.error_message(InputError(key=key, value=-12000), "it")
        assert "-12000" in said, said


def test_the_coverage_tables_count_as_their_titles_do(cli):
    r = cli("i18n", "check", "--locales", "locales", "--lang", "it")
    rows = [line for line in r.out.splitlines() if "italiano" in line and "│" in line]
    assert rows and any("." in cell and cell.strip().replace(".", "").isdigit() for cell in rows[0].split("│")), r.out
