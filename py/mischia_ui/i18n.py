"""Translation hook for user-visible UI text.

Every string shown to people goes through ``_()``. Catalogues (Italian,
Polish) arrive with a later issue; until then the English source text is
shown, through the same stdlib ``gettext`` machinery.
"""

from __future__ import annotations

import gettext

_translations = gettext.NullTranslations()


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a real plural form for count ``n``."""
    return _translations.ngettext(singular, plural, n)
