"""The typography of a language, applied in one place to every text the tool shows in it.

French puts a no-break space before ``:`` and inside guillemets (« … »), and a narrow no-break
space before ``;``, ``?`` and ``!``. Translators write ordinary spaces (what a keyboard gives);
:func:`typeset` turns them into the right ones when a text of the locale is read
(:class:`tashkalar_cli.text.i18n.Localizer`), so that no line of French output ever starts with
``:``, ``;``, ``?``, ``!`` or ``»``. Punctuation written without a space before it
(``mode: high-form``, ``e5=bleu:h``, ``{name!r}``) is a literal and is left as it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: no-break space (before a colon, inside guillemets)
NBSP = "\u00a0"
#: narrow no-break space (before ; ? !)
NNBSP = "\u202f"
#: the spaces that never break a line
NO_BREAK = NBSP + NNBSP

_COLON = re.compile(r"[ \u00a0\u202f]+:")
_TALL = re.compile(r"[ \u00a0\u202f]+([;?!])")
_OPEN = re.compile(r"«[ \u00a0\u202f]+")
_CLOSE = re.compile(r"[ \u00a0\u202f]+»")


@lru_cache(maxsize=4096)
def french(text: str) -> str:
    """``text`` with French no-break spaces: before ``:`` and inside « », narrow before ``; ? !``."""
    if not any(c in text for c in ":;?!«»"):
        return text
    text = _COLON.sub(NBSP + ":", text)
    text = _TALL.sub(NNBSP + r"\1", text)
    text = _OPEN.sub("«" + NBSP, text)
    return _CLOSE.sub(NBSP + "»", text)


#: the languages whose texts get a typography of their own: language code -> how
RULES = {"fr": french}


def typeset(text: str, lang: str) -> str:
    """``text``, written in ``lang``, with that language's typography (French: no-break spaces)."""
    rule = RULES.get(lang.split("-")[0])
    return rule(text) if rule is not None else text


_NO_BREAK = re.compile(f"[{NO_BREAK}]")


def untypeset(text: str) -> str:
    """``text`` with ordinary spaces for the no-break ones :func:`typeset` puts in: what JSON
    carries, the texts as the locales write them (the no-break spaces are for the eye)."""
    return _NO_BREAK.sub(" ", text) if any(c in text for c in NO_BREAK) else text
