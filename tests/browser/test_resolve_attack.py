"""The attack form on a phone, one full attack per ruleset through the real
form with dice typed at the table (issue 5): the verdict, the breakdown
lines with their rule IDs and the struck-through ones; a die outside the
die is refused with the engine's message and the text stays; a die the
rules still need is asked for by name; the damage applied to the target in
the running encounter, logged, and undone.

The helpers here (seeding localStorage through the app's own ``Store``,
reading breakdowns) are shared by the other ``test_resolve_*`` files.
"""

from __future__ import annotations

import json

import pytest

from webtest_helpers import shots_dir, wait_ready

T = 30_000   # generous: two cores, other engineers' tests running too


# ----- helpers ----------------------------------------------------------------------------

class FakeStorage:
    """Just enough of localStorage for ``mischia_ui.store.Store``."""

    def __init__(self):
        self.data = {}

    def getItem(self, key):
        return self.data.get(key)

    def setItem(self, key, value):
        self.data[key] = value

    def removeItem(self, key):
        self.data.pop(key, None)

    @property
    def length(self):
        return len(self.data)

    def key(self, i):
        keys = list(self.data)
        return keys[i] if 0 <= i < len(keys) else None


def stored(enc=None, roster=None) -> dict:
    """The localStorage keys the app itself would write for this state."""
    from mischia_ui.store import Store
    fake = FakeStorage()
    store = Store(fake)
    if enc is not None:
        store.create(enc)
    if roster is not None:
        store.save_roster(roster)
    return fake.data


def open_resolve(page, base_url, enc=None, roster=None) -> None:
    """Load the app with this saved state and open the resolve tab."""
    page.goto(base_url)
    wait_ready(page)
    page.evaluate("d => { localStorage.clear(); for (const [k, v] of Object.entries(d)) "
                  "localStorage.setItem(k, v); }", stored(enc, roster))
    page.reload()
    wait_ready(page)
    page.click("#tab-resolve", timeout=T)
    page.wait_for_selector("#resolve-title", timeout=T)


def quick(page, ruleset: str) -> None:
    """Quick resolve (no encounter) in ``ruleset``."""
    if page.query_selector("#resolve-mode-quick"):
        page.click("#resolve-mode-quick")
    page.select_option("#resolve-ruleset", ruleset, timeout=T)
    page.wait_for_function("r => document.querySelector('#resolve-ruleset').value === r", arg=ruleset,
                           timeout=T)


def resolve(page) -> str:
    """Press Resolve and return the verdict or the die asked for."""
    page.click("#attack-resolve", timeout=T)
    page.wait_for_selector("#attack-verdict, #attack-ask, #attack-answer .error, .field-error:not([hidden])",
                           timeout=T)
    node = page.query_selector("#attack-verdict .verdict-text") or page.query_selector("#attack-ask")
    return node.inner_text().strip() if node else ""


def lines(page, section: str) -> list:
    """(rule, value, words, struck through) of each line of a breakdown."""
    return page.eval_on_selector_all(
        f"{section} .bd-line",
        "els => els.map(e => [e.dataset.rule, e.querySelector('.bd-value').textContent,"
        " e.querySelector('.bd-words').textContent, e.classList.contains('off')])")


def total(page, section: str) -> str:
    return page.inner_text(f"{section} .bd-total").split(":")[-1].strip()


def saved(page) -> dict:
    index = json.loads(page.evaluate("localStorage.getItem('mischia.index')"))
    return json.loads(page.evaluate(f"localStorage.getItem('mischia.enc.{index['current']}')"))


def d20pl_fight():
    """Tomasz's table: a mage and a fighter against an orc in chainmail."""
    from mischia import tracker
    from mischia.encounter import Encounter
    enc = Encounter.new("d20pl", "Orc camp")
    enc = tracker.add_combatant(enc, "Mage", "party", stats={"bab": 1, "concentration": 6}, hp=12)
    enc = tracker.add_combatant(enc, "Fighter", "party", stats={"bab": 5, "str_mod": 3}, hp=30)
    enc = tracker.add_combatant(enc, "Orc", "foes", stats={"armour": 5, "natural": 1, "bab": 2,
                                                           "str_mod": 3}, hp=30)
    enc, _ = tracker.roll_initiative(enc, typed={"c1": 18, "c2": 12, "c3": 5})
    return tracker.start_combat(enc)


# ----- one attack per ruleset ---------------------------------------------------------------

def test_d20pl_greatsword_applied_to_the_orc_and_undone(page, base_url):
    """d20pl in a running encounter: 8 on the dice + Str ×1.5 − armour 6 = 6
    damage; one tap applies it (logged), undo gives the hit points back."""
    open_resolve(page, base_url, d20pl_fight())
    page.wait_for_selector("#resolve-mode-encounter[aria-pressed='true']", timeout=T)
    page.select_option("#atk-actor", "c2")
    page.select_option("#atk-target", "c3")
    page.click("#attack-more summary")
    page.select_option("#atk-attack-grip", "two")
    page.fill("#atk-attack-damage", "2d6")
    page.fill("#atk-rolls-d20", "14")
    page.fill("#atk-rolls-damage", "3 5")
    assert resolve(page) == "Hit"
    assert page.inner_text("#attack-verdict .verdict-detail") == "d20 14 +9 = 23 against 16"
    assert ["d20pl.attack.melee-formula", "+5", "Base attack bonus", False] in lines(page, "#bd-attack")
    damage = lines(page, "#bd-damage")
    assert ["d20pl.damage.armour-reduction", "-6", "Armor", False] in damage or \
        any(r == "d20pl.damage.armour-reduction" and v == "-6" for r, v, _w, _o in damage)
    assert total(page, "#bd-damage") == "6"
    page.click("#attack-apply", timeout=T)
    page.wait_for_selector("#attack-applied", timeout=T)
    assert page.inner_text("#attack-applied") == "Orc took 6 damage: 24/30 HP"
    orc = saved(page)["combatants"][2]
    assert orc["hp"]["current"] == 24
    assert saved(page)["log"][-1]["params"]["amount"] == 6
    page.click("#attack-undo", timeout=T)
    page.wait_for_function("() => { const i = JSON.parse(localStorage.getItem('mischia.index'));"
                           " return JSON.parse(localStorage.getItem('mischia.enc.' + i.current))"
                           ".combatants[2].hp.current === 30 }", timeout=T)
    page.screenshot(path=str(shots_dir() / "resolve-d20pl-attack.png"), full_page=True)


def test_classic_back_attack_on_a_hindered_thief(page, base_url):
    """classic: the back attack's +2 is struck through (only the most severe
    of it and the condition's +3 applies); the number to reach is THAC0 − AC
    with the Dex bonus lost; the +2 on a d6 that rolled 6 is capped."""
    open_resolve(page, base_url)
    quick(page, "classic")
    page.fill("#atk-you-stats-thac0", "15")
    page.fill("#atk-target-stats-ac", "5")
    page.fill("#atk-target-stats-dex-ac", "2")
    page.click("#atk-target-conditions summary")
    page.check("#atk-target-conditions-hindered")
    page.check("#atk-situation-toggles-back-attack")
    page.fill("#atk-attack-damage", "1d6")
    page.fill("#atk-rolls-d20", "9")
    page.fill("#atk-rolls-damage", "6")
    assert resolve(page) == "Hit"
    attack = lines(page, "#bd-attack")
    assert [(r, v, off) for r, v, _w, off in attack] == [
        ("classic.cond.hindered.attackers", "+3", False), ("classic.sit.back-attack.attack", "+2", True)]
    assert "only the most severe applies" in attack[1][2]
    assert total(page, "#bd-target") == "8"
    assert ("classic.conv.damage-die-bonus", "-2") in [(r, v) for r, v, _w, _o in lines(page, "#bd-damage")]
    assert total(page, "#bd-damage") == "6"


def test_pf1_threat_confirmed_with_every_die_typed(page, base_url):
    """pf1: a typed 25 is refused under the d20 with the engine's message and
    stays in the box; a 19 is a threat, the confirmation d20 and the extra
    critical dice are asked for by name; the answer is a critical hit."""
    open_resolve(page, base_url)
    quick(page, "pf1")
    page.fill("#atk-you-stats-bab", "3")
    page.fill("#atk-you-stats-str-mod", "2")
    page.fill("#atk-target-stats-armour", "4")
    page.fill("#atk-target-stats-dex-mod", "2")
    page.click("#attack-more summary")
    page.fill("#atk-attack-crit-range", "19")
    page.fill("#atk-rolls-d20", "25")
    page.fill("#atk-rolls-damage", "5")
    resolve(page)
    page.wait_for_selector("#atk-rolls-d20-error:not([hidden])", timeout=T)
    assert "25 is not a result of a d20" in page.inner_text("#atk-rolls-d20-error")
    assert page.input_value("#atk-rolls-d20") == "25"
    assert page.get_attribute("#atk-rolls-d20", "aria-invalid") == "true"
    page.fill("#atk-rolls-d20", "19")
    assert resolve(page).startswith("Threat! Roll to confirm")
    page.fill("#atk-rolls-confirm", "15")
    assert resolve(page).startswith("Critical hit! Type the extra damage dice")
    page.fill("#atk-rolls-crit-damage", "3")
    assert resolve(page) == "Critical hit"
    assert "Threat confirmed: confirmation total 20" in page.inner_text("#attack-answer")
    assert total(page, "#bd-damage") == "12"
    assert ("ext.pf1.attack-ac", "+3") in [(r, v) for r, v, _w, _o in lines(page, "#bd-damage")]


def test_dnd5e_melee_on_a_prone_target_has_advantage(page, base_url):
    """dnd5e: the target's prone condition gives advantage before any die is
    rolled (the second d20 appears), the higher d20 counts, the source is named."""
    open_resolve(page, base_url)
    quick(page, "dnd5e")
    page.fill("#atk-you-stats-str-mod", "3")
    page.fill("#atk-you-stats-proficiency", "2")
    page.fill("#atk-target-stats-ac", "13")
    page.click("#atk-target-conditions summary")
    page.check("#atk-target-conditions-prone")
    page.fill("#atk-attack-damage", "1d8")
    page.wait_for_selector("#atk-rolls-d20-second", timeout=T)
    assert "Advantage" in page.inner_text("#attack-mode-note")
    page.fill("#atk-rolls-d20", "4")
    page.fill("#atk-rolls-d20-second", "17")
    page.fill("#atk-rolls-damage", "6")
    assert resolve(page) == "Hit"
    assert page.inner_text("#attack-mode") == "Advantage (Prone): d20s 4, 17, the higher counts"
    assert ("ext.dnd5e.prone", False) in [(r, off) for r, _v, _w, off in lines(page, "#bd-mode")]
    assert total(page, "#bd-attack") == "5" and total(page, "#bd-damage") == "9"
