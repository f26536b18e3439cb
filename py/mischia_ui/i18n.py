"""Translation and number formatting for user-visible UI text.

Every string shown to people goes through ``_()``/``ngettext()`` (or
``pgettext()`` when one English word needs different translations, e.g. a
condition name per ruleset). Message ids are plain English with ``{named}``
placeholders, formatted after translation::

    _("{name} gains {condition}").format(name=..., condition=...)
    ngettext("{n} round", "{n} rounds", n).format(n=n)

A string that must be marked where it is defined but translated later (a
table of labels) is wrapped in ``N_()``, which returns it unchanged.

The catalogues are GNU ``.mo`` files under ``mischia_ui/locale/<lang>/
LC_MESSAGES/mischia.mo``, compiled from ``locale/<lang>/LC_MESSAGES/
mischia.po`` by ``scripts/i18n.py`` and loaded with the standard library's
``gettext.GNUTranslations`` (plural rules come from each catalogue's
header: Polish has three forms). ``pgettext`` falls back to the message's
translation without context, then to English.

Numbers follow the language: ``number(4.5)`` is ``4,5`` in Italian and
Polish and ``4.5`` in English; ``metres``, ``percent`` and ``signed`` build
on it.
"""

from __future__ import annotations

import gettext
import os

LANGUAGES = {"en": "English", "it": "Italiano", "pl": "Polski"}
DOMAIN = "mischia"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
DECIMAL_COMMA = {"it", "pl"}

_translations = gettext.NullTranslations()
_language = "en"
_loaded: dict = {}


class _WithoutContext(gettext.NullTranslations):
    """Fallback of a catalogue: a message with a context it lacks gets the
    catalogue's translation of the bare message."""

    def __init__(self, catalogue):
        super().__init__()
        self._catalogue = catalogue

    def pgettext(self, context, message):
        return self._catalogue.gettext(message)

    def npgettext(self, context, singular, plural, n):
        return self._catalogue.ngettext(singular, plural, n)


def _load(lang: str):
    """The catalogue for ``lang`` (cached); English text when it is missing."""
    if lang not in _loaded:
        path = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", DOMAIN + ".mo")
        try:
            with open(path, "rb") as fh:
                catalogue = gettext.GNUTranslations(fh)
            catalogue.add_fallback(_WithoutContext(catalogue))
        except OSError:
            catalogue = gettext.NullTranslations()
        _loaded[lang] = catalogue
    return _loaded[lang]


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; translate it later with ``_()``."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a real plural form for count ``n``."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` (e.g. a ruleset id)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations.npgettext(context, singular, plural, n)


def normalize(lang) -> str:
    """``it-IT`` → ``it``; anything not shipped → ``en``."""
    code = str(lang or "").strip()[:2].lower()
    return code if code in LANGUAGES else "en"


def set_language(lang: str) -> str:
    """Switch the language (unknown codes fall back to English)."""
    global _translations, _language
    _language = normalize(lang)
    _translations = _load(_language)
    return _language


def current_language() -> str:
    return _language


def browser_language() -> str:
    """The browser's preferred language among the shipped ones."""
    try:
        from pyscript import window
        langs = window.navigator.languages
        wanted = [str(x) for x in langs] if langs else []
        wanted.append(str(window.navigator.language or ""))
        for lang in wanted:
            code = str(lang)[:2].lower()
            if code in LANGUAGES:
                return code
    except Exception:  # noqa: BLE001 - outside the browser
        pass
    return "en"


# ----- numbers -------------------------------------------------------------------------

def number(value, digits: int = 2) -> str:
    """``4.5`` → ``4,5`` (it, pl) or ``4.5`` (en); whole numbers without
    decimals, at most ``digits`` decimals, trailing zeros dropped. Text
    that is not a number is returned as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits > 0 else f"{value:.0f}"
        if text in ("-0", ""):
            text = "0"
    else:
        text = str(value)
    if _language in DECIMAL_COMMA:
        text = text.replace(".", ",")
    return text


def signed(value, digits: int = 2) -> str:
    """``+2``, ``-1,5``, ``0``: a modifier with its sign."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    text = number(value, digits)
    return text if text.startswith("-") or text == "0" else "+" + text


def metres(value, digits: int = 2) -> str:
    """``4,5 m`` / ``4.5 m`` (no-break space before the unit)."""
    return number(value, digits) + "\u00a0m"


def percent(value, digits: int = 2, sign: bool = False) -> str:
    """``20%``, ``12,5%`` / ``12.5%``; with ``sign`` ``+20%``/``-20%``."""
    return (signed(value, digits) if sign else number(value, digits)) + "%"


def rounds(n: int) -> str:
    """``1 round`` / ``2 rounds`` with the language's plural forms."""
    return ngettext("{n} round", "{n} rounds", n).format(n=n)
