"""Italian, Polish and English on a running encounter (issue 6): the
language follows the browser by default; switching it in Settings redraws
the screen at once without losing the encounter, its undo history or the
screen shown; condition names come in each language's rule terms and
plurals have their real forms (Polish: 2 rundy, 5 rund); the choice is
saved across a reload."""

from __future__ import annotations

import json
import sys

from webtest_helpers import ROOT, shots_dir, wait_ready

sys.path.insert(0, str(ROOT / "py"))
from mischia import tracker  # noqa: E402
from mischia.encounter import Duration, Encounter  # noqa: E402
from mischia_ui.store import Store  # noqa: E402

T = 30_000  # generous: two cores, other engineers' tests running too


class DictStorage:
    """localStorage's interface over a dict, to write the app's own keys."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):  # noqa: N802 - the browser's name
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if index < len(keys) else None

    @property
    def length(self):
        return len(self.items)


def running_encounter() -> dict:
    """localStorage items of a pf1 fight in round 1: the bandit is
    flat-footed (start of combat) and shaken for 5 rounds, the archer
    entangled for 2."""
    enc = Encounter.new("pf1", "Bandits")
    enc = tracker.add_combatant(enc, "Kira", "party")
    enc = tracker.add_combatant(enc, "Bandit", "foes")
    enc = tracker.add_combatant(enc, "Archer", "foes")
    for cid, total in (("c1", 18), ("c2", 12), ("c3", 9)):
        enc = tracker.set_initiative(enc, cid, total)
    enc = tracker.start_combat(enc)
    enc = tracker.add_condition(enc, "c2", "shaken", duration=Duration(kind="rounds", rounds=5))
    enc = tracker.add_condition(enc, "c3", "entangled", duration=Duration(kind="rounds", rounds=2))
    storage = DictStorage()
    store = Store(storage)
    store.set_current(store.create(enc))
    return storage.items


def chips(page, name: str) -> list:
    """The condition chips' words on one combatant's card."""
    selector = f"#combatants .combatant:has(.name:text-is('{name}')) .chip"
    page.wait_for_selector(selector, timeout=T)
    return page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)")


def switch_language(page, code: str, settings_heading: str) -> None:
    page.click("#tab-settings", timeout=T)
    page.select_option("#setting-lang", code, timeout=T)
    # the screen is redrawn in place: still the settings screen, now translated
    page.wait_for_function("h => document.querySelector('#screen-settings h2')?.textContent === h",
                           arg=settings_heading, timeout=T)
    assert page.get_attribute("html", "lang") == code


def test_switching_it_pl_en_on_a_running_encounter(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="it-IT")
    try:
        page = context.new_page()
        page.goto(base_url)
        wait_ready(page)
        # nothing chosen yet: the browser's language (Italian) is used
        assert page.text_content("#tab-fight", timeout=T) == "Scontro"
        assert page.get_attribute("html", "lang") == "it"

        items = running_encounter()
        page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
                      " localStorage.setItem(k, v); }", items)
        page.reload()
        wait_ready(page)
        page.click("#tab-fight", timeout=T)
        bandit = chips(page, "Bandit")
        assert any(c.startswith("Impreparato") for c in bandit), bandit
        assert "Scosso · restano 5 round" in bandit
        assert "Intralciato · restano 2 round" in chips(page, "Archer")
        # one step of history: the bandit's turn (its flat-footed ends there)
        page.click("#next-turn", timeout=T)
        page.wait_for_selector("#combatants .combatant.current:has(.name:text-is('Bandit'))", timeout=T)

        switch_language(page, "pl", "Opcje")
        assert page.text_content("#tab-fight") == "Walka"
        page.click("#tab-fight", timeout=T)
        assert chips(page, "Bandit") == ["Wstrząśnięty · zostało 5 rund"]
        archer = chips(page, "Archer")
        assert any(c.startswith("Nieprzygotowany") for c in archer), archer
        assert "Oplątany · zostały 2 rundy" in archer
        page.screenshot(path=str(shots_dir() / "i18n-pl-fight.png"), full_page=True)

        switch_language(page, "en", "Settings")
        page.click("#tab-fight", timeout=T)
        assert chips(page, "Bandit") == ["Shaken · 5 rounds left"]
        archer = chips(page, "Archer")
        assert any(c.startswith("Flat-footed") for c in archer), archer
        assert "Entangled · 2 rounds left" in archer
        assert page.text_content("#combatants .combatant.current .name") == "Bandit"

        # the undo history survived both switches
        page.click("#undo", timeout=T)
        page.wait_for_selector("#combatants .combatant.current:has(.name:text-is('Kira'))", timeout=T)
        assert any(c.startswith("Flat-footed") for c in chips(page, "Bandit"))

        # the choice is saved
        assert json.loads(page.evaluate("localStorage.getItem('mischia.settings')"))["lang"] == "en"
        page.reload()
        wait_ready(page)
        assert page.text_content("#tab-fight", timeout=T) == "Fight"
        assert page.get_attribute("html", "lang") == "en"
    finally:
        context.close()
