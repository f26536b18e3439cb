"""Entry point PyScript runs (``<script type="py" src=...>``).

Starts the UI; if anything goes wrong, the loading state says so in words
instead of spinning forever. Around that:

- timeline marks for ``make bench``: ``mischia:python`` (Python runs this
  file), ``mischia:imported`` (the UI is imported); the app itself marks
  ``mischia:ready``;
- Python may have been restored from a memory snapshot made in another
  context (``static/js/pyodide-loader.mjs``): ``random`` is reseeded and the
  import system's directory caches are dropped, so nothing from that
  context is reused;
- reference texts in languages other than English are not in ``py.tar.gz``
  (``scripts/build.py``): the one for the language in use is fetched in the
  background once the page is ready, and again when the language changes;
- ``static/js/resume.js`` draws the saved table before Python starts, in
  words this file leaves in localStorage under ``mischia.resume``
  (``{"schema", "app", "words": {...}}``: the fight screen's words in the
  current language, rewritten when the language or the app changes).
"""

import importlib
import random

from pyscript import document, window

window.performance.mark("mischia:python")
importlib.invalidate_caches()
random.seed()

try:
    from mischia_ui.app import start

    window.performance.mark("mischia:imported")
    SCREEN = start()
except Exception as exc:  # noqa: BLE001 - any failure must reach the page
    document.body.setAttribute("data-boot-failed", "")
    message = document.getElementById("boot-message")
    if message:
        message.textContent = "Mischia could not start: " + f"{type(exc).__name__}: {exc}"
    raise


def _reference_texts_on_demand() -> None:
    """Fetch the current language's reference texts now, and a new
    language's whenever ``i18n.set_language`` switches to it."""
    import asyncio
    import os

    from mischia import reference
    from mischia_ui import i18n

    def fetch_texts(lang: str) -> None:
        path = os.path.join(reference.DATA, f"rules.{lang}.json")
        if lang == "en" or os.path.exists(path):
            return

        async def fetch() -> None:
            try:
                response = await window.fetch(f"./py/mischia/data/rules.{lang}.json")
                if not response.ok:
                    return
                text = await response.text()
                os.makedirs(reference.DATA, exist_ok=True)
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
                reference._CACHE.pop(lang, None)  # it may hold "not shipped" from before
            except Exception:  # noqa: BLE001 - offline: the English text is shown meanwhile
                pass

        asyncio.ensure_future(fetch())

    switch = i18n.set_language

    def set_language(lang):
        code = switch(lang)
        fetch_texts(code)
        return code

    i18n.set_language = set_language
    fetch_texts(i18n.current_language())


RESUME_KEY = "mischia.resume"


def resume_words() -> dict:
    """The words static/js/resume.js needs, in the current language (the
    same message ids as the fight screen, so they share translations)."""
    from mischia.ruleset import get_ruleset, ruleset_ids
    from mischia_ui import i18n, labels
    from mischia_ui.app import SCREENS
    from mischia_ui.i18n import _

    rulesets = {rid: get_ruleset(rid) for rid in ruleset_ids()}
    return {
        "lang": i18n.current_language(),
        "loading": _("Loading the rules…"),
        "encounter": _("Encounter"),
        "round": _("Round {n} · {name}'s turn"),
        "surprise": _("Surprise round · {name}'s turn"),
        "setup": _("Setting up: add combatants, roll initiative, then start the fight."),
        "hp": _("HP {current}/{max}"),
        "temp": _("+{temp} temp"),
        "screens": _("Screens"),
        "tabs": {name: _(label) for name, (_module, label) in SCREENS.items()},
        "sides": {side: labels.side_label(side) for side in ("party", "foes", "other")},
        "status": {status: labels.status_label(status) for status in labels.STATUSES},
        "rulesets": {rid: _(ruleset.name) for rid, ruleset in rulesets.items()},
        "conditions": {rid: {cid: labels.condition_name(ruleset, cid) for cid in ruleset.conditions}
                       for rid, ruleset in rulesets.items()},
    }


def _save_resume_words(force: bool = False) -> None:
    """Write ``mischia.resume`` when it is missing or from another language
    or app version (after the page is ready: never in the way of a click)."""
    import json

    from mischia_ui import i18n

    try:
        app_version = str(document.documentElement.getAttribute("data-app") or "")
        raw = window.localStorage.getItem(RESUME_KEY)
        saved = json.loads(raw) if isinstance(raw, str) else None
        if (not force and isinstance(saved, dict) and saved.get("app") == app_version
                and isinstance(saved.get("words"), dict) and saved["words"].get("lang") == i18n.current_language()):
            return
        data = {"schema": 1, "app": app_version, "words": resume_words()}
        window.localStorage.setItem(RESUME_KEY, json.dumps(data, ensure_ascii=False, sort_keys=True))
    except Exception:  # noqa: BLE001 - storage full or unavailable: the preview is in English
        pass


def _resume_words_when_idle() -> None:
    from pyodide.ffi import create_once_callable
    from pyscript.ffi import to_js

    from mischia_ui import i18n

    later = create_once_callable(lambda *_args: _save_resume_words())
    if hasattr(window, "requestIdleCallback"):
        window.requestIdleCallback(later, to_js({"timeout": 3000}))
    else:
        window.setTimeout(later, 1000)

    switch = i18n.set_language

    def set_language(lang):
        code = switch(lang)
        _save_resume_words()
        return code

    i18n.set_language = set_language


_reference_texts_on_demand()
_resume_words_when_idle()
