"""Corruption never costs data; a full storage keeps the last good state
(issue 7, points 2 and 3), in the real page."""

from __future__ import annotations

import json

from webtest_helpers import add_combatant, combatant_names, shots_dir, wait_ready

KEYS = ("mischia.index", "mischia.roster", "mischia.settings")


def _storage(page) -> dict:
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def _seed(page, base_url) -> str:
    """One saved encounter with two combatants, a roster and settings; its key."""
    page.goto(base_url)
    wait_ready(page)
    add_combatant(page, "Aldo")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 1")
    add_combatant(page, "Bruna")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 2")
    page.evaluate("""localStorage.setItem('mischia.roster', JSON.stringify(
        {schema: 1, entries: [{ruleset: 'pf1', name: 'Marco'}]}))""")
    index = json.loads(page.evaluate("localStorage.getItem('mischia.index')"))
    return "mischia.enc." + index["current"]


def test_garbage_in_every_key_is_kept_reported_and_downloadable(page, base_url):
    enc_key = _seed(page, base_url)
    garbage = {enc_key: '{"schema": 1, "combatants": [{"id": "c1", "name": 42}]}',
               "mischia.index": "{truncated", "mischia.roster": "\u0000\ufffd binary?",
               "mischia.settings": '{"schema": 1, "theme": "<neon>"}'}
    for key, text in garbage.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
    page.reload()
    wait_ready(page)

    # the app starts, says so in plain words and offers the way to the data
    page.wait_for_selector("#app-notice:not([hidden]) #notice-data")
    assert "could not be read" in page.text_content("#app-notice")
    assert "Nothing was deleted" in page.text_content("#app-notice")
    stored = _storage(page)
    kept = {k: v for k, v in stored.items() if k.startswith("mischia.unreadable.")}
    assert sorted(kept.values()) == sorted(garbage.values())
    for key in garbage:
        assert any(k.startswith(f"mischia.unreadable.{key}.") for k in kept), key

    page.click("#notice-data")
    page.wait_for_selector("#data-problems")
    items = page.query_selector_all("#data-problems li.kept")
    assert len(items) == 4
    page.screenshot(path=str(shots_dir() / "data-problems.png"), full_page=True)
    for item in items:
        key = item.get_attribute("data-key")
        with page.expect_download() as info:
            item.query_selector("button[id^='kept-download-']").click()
        download = info.value
        assert download.suggested_filename.endswith(".txt")
        assert open(download.path(), encoding="utf-8").read() == kept[key]

    # the app still works, and a kept copy can be deleted with two taps (here by keyboard)
    first = items[0].get_attribute("data-key")
    delete = f"#data-problems li[data-key='{first}'] button[id^='kept-delete-']"
    page.focus(delete)
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector(\"{delete}\").textContent === 'Tap again to delete'")
    assert page.evaluate("document.activeElement.id") == page.get_attribute(delete, "id")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#data-problems li.kept').length === 3")
    assert page.evaluate("document.activeElement.id") == "data-title"
    assert page.evaluate("k => localStorage.getItem(k)", first) is None
    page.click("#tab-fight")
    add_combatant(page, "Carla")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 1")
    assert page.dialogs == []


def test_a_full_storage_keeps_the_last_good_state_and_says_so(page, base_url):
    enc_key = _seed(page, base_url)
    before = page.evaluate("k => localStorage.getItem(k)", enc_key)
    filled = page.evaluate("""() => {
        let size = 1 << 20, n = 0;
        while (size >= 1) {
            try { localStorage.setItem('filler.' + n, 'x'.repeat(size)); n++; }
            catch (e) { size = Math.floor(size / 2); }
        }
        return n;
    }""")
    assert filled > 0
    add_combatant(page, "Carla")
    page.wait_for_function("document.body.innerText.includes(\"this browser's storage is full\")")
    assert combatant_names(page) == ["Aldo", "Bruna"]
    assert page.evaluate("k => localStorage.getItem(k)", enc_key) == before
    page.screenshot(path=str(shots_dir() / "data-storage-full.png"))

    page.reload()
    wait_ready(page)
    assert combatant_names(page) == ["Aldo", "Bruna"]
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('filler.'))"
                  ".forEach(k => localStorage.removeItem(k))")
    add_combatant(page, "Carla")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 3")
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", enc_key))["combatants"][2]["name"] == "Carla"


def test_a_newer_version_is_refused_in_words_and_left_untouched(page, base_url):
    enc_key = _seed(page, base_url)
    newer = json.dumps({"schema": 99, "shape": "from the future", "combatants": {"c1": "Aldo"}})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [enc_key, newer])
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#app-notice:not([hidden])")
    assert "newer version of Mischia" in page.text_content("#app-notice")
    page.click("#notice-data")
    page.wait_for_selector("#data-problems")
    assert "newer version" in page.text_content("#data-problems")
    page.click("#tab-fight")
    add_combatant(page, "Carla")  # goes to a new encounter; the newer one is not touched
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 1")
    assert page.evaluate("k => localStorage.getItem(k)", enc_key) == newer
    assert not any(k.startswith("mischia.unreadable.") for k in _storage(page))
