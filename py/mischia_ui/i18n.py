"""Translation hook for user-visible UI text.

Every string shown to people goes through ``_()``/``ngettext()``. The
catalogues (Italian, Polish, English) are loaded by ``set_language``; until
they ship, the English source text is shown through the same stdlib
``gettext`` machinery.
"""

from __future__ import annotations

import gettext

LANGUAGES = {"en": "English", "it": "Italiano", "pl": "Polski"}
_translations = gettext.NullTranslations()
_language = "en"


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a real plural form for count ``n``."""
    return _translations.ngettext(singular, plural, n)


def set_language(lang: str) -> str:
    """Switch the language (unknown codes fall back to English)."""
    global _translations, _language
    lang = (lang or "en")[:2].lower()
    if lang not in LANGUAGES:
        lang = "en"
    _language = lang
    _translations = gettext.NullTranslations()
    return lang


def current_language() -> str:
    return _language


def browser_language() -> str:
    """The browser's preferred language among the shipped ones."""
    try:
        from pyscript import window
        for lang in list(window.navigator.languages or []) + [window.navigator.language or ""]:
            code = str(lang)[:2].lower()
            if code in LANGUAGES:
                return code
    except Exception:  # noqa: BLE001 - outside the browser
        pass
    return "en"
