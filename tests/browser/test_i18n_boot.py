"""The words shown before Python runs (boot.js) follow the language too:
the browser's by default, the saved choice when there is one (issue 6)."""

from __future__ import annotations

import json

from webtest_helpers import VIEWPORT, wait_ready


def boot_words(browser, base_url, locale, settings=None):
    context = browser.new_context(viewport=VIEWPORT, locale=locale)
    try:
        page = context.new_page()
        page.goto(base_url)
        if settings is not None:
            page.evaluate("s => localStorage.setItem('mischia.settings', s)", json.dumps(settings))
            page.reload()
        wait_ready(page)
        return page.text_content("#reload-button"), page.text_content("#update-text"), \
            page.evaluate("document.getElementById('boot-hint') ? 1 : 0")
    finally:
        context.close()


def test_boot_words_follow_the_browser_language(browser, base_url):
    assert boot_words(browser, base_url, "it-IT")[:2] == (
        "Ricarica", "È stata installata una nuova versione di Mischia.")
    assert boot_words(browser, base_url, "pl-PL")[0] == "Odśwież"
    assert boot_words(browser, base_url, "en-GB")[0] == "Reload"


def test_boot_words_follow_the_saved_choice(browser, base_url):
    chosen = {"schema": 1, "lang": "pl", "theme": "system", "wakelock": True}
    assert boot_words(browser, base_url, "it-IT", chosen)[0] == "Odśwież"
