"""The translation consistency checker (modelled on compare-locales and pofilter).

``check_locales`` reads a locales folder (the tool's own, or a translator's copy with the same
layout), compares every language with the reference language entry by entry, and returns
:class:`Finding` objects. The checks themselves are small functions in :mod:`.checks`.
"""

from tashkalar_cli.text.i18ncheck.model import Finding, Report
from tashkalar_cli.text.i18ncheck.runner import check_games, check_locales

__all__ = ["Finding", "Report", "check_games", "check_locales"]
