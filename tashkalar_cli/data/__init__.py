"""data: reading, validating and caching the data folder (the layer above :mod:`tashkalar_cli.errors`)."""

from __future__ import annotations

from typing import Any

from tashkalar_cli.errors import TashkalarError, use_fallback


def reference_messages() -> dict[str, Any]:
    """The reference locale's messages, read straight from its ui.yaml (with libyaml's parser where
    there is one): the default English of every error, whatever data a program loaded (a
    :class:`~tashkalar_cli.game.Game` says an error in its own texts: ``Game.error_message``)."""
    import yaml  # deferred: PyYAML (20 modules), on this error path only

    from tashkalar_cli.data.paths import data_root, default_data_root  # deferred: --version loads this package, not data.paths

    try:
        root = data_root()
    except TashkalarError:  # the folder named cannot be used (a name too long): the built-in texts say so
        root = default_data_root()
    path = root / "locales" / "en" / "ui.yaml"
    if path.is_file() and path.stat().st_size < 1_000_000:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        loaded = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # a safe loader
        if isinstance(loaded, dict) and isinstance(loaded.get("messages"), dict):
            messages: dict[str, Any] = loaded["messages"]
            return messages
    return {}


use_fallback(reference_messages)
