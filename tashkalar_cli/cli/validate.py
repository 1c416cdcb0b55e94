"""``tashkalar validate``: validate every data file and report."""

from __future__ import annotations

from tashkalar_cli.cli.common import DataOption, JsonOption, print_json, session


def validate(data: DataOption = None, json: JsonOption = False) -> None:
    """Validate every data and locale file against its schema and report what was loaded."""
    from tashkalar_cli.data.paths import data_root
    from tashkalar_cli.model.build import load_uncached
    from tashkalar_cli.model.cards import Being, Flare, Legend, Task, build_cards

    s = session(None, data)
    ds = load_uncached(data_root(data))  # for real, never from the cache
    facts = ds.facts
    cards = build_cards(facts)
    summary = {
        "valid": True,
        "root": ds.root,
        "beings": sum(type(c) is Being for c in cards),
        "legends": sum(isinstance(c, Legend) for c in cards),
        "flares": sum(isinstance(c, Flare) for c in cards),
        "tasks": sum(isinstance(c, Task) for c in cards),
        "keywords": len(facts["glossary"]),
        "rules": len(facts["rules"]["rules"]),
        "errata": len(facts["errata"]),
        "languages": ds.languages,
        "warnings": ds.warnings,
    }
    if json:
        from tashkalar_cli.render import jsonout

        print_json(jsonout.validation(summary))
        return
    from rich.table import Table
    from rich.text import Text

    from tashkalar_cli.errors import visible

    table = Table(title=f"valid: {ds.root}", show_header=False)
    for key, value in summary.items():
        if key not in ("valid", "root", "warnings"):
            table.add_row(key, ", ".join(value) if isinstance(value, list) else str(value))
    s.console.print(table)
    for warning in ds.warnings:
        s.console.print(Text.assemble(("warning:", "yellow"), " ", visible(warning)))
