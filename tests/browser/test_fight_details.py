"""The fight screen beyond the whole-fight run: an initiative tie and its
roll-off, what a condition does now (breakdowns with rule IDs), a save that
ends a condition, delay, per-turn resources, several saved encounters,
keyboard use, accessibility (axe), no sideways scrolling at 360 px, the
wake lock and dark mode."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

from test_fight_flow import (T, act, add_condition, add_group, chips, current, names, new_encounter, next_turn,
                             saved, sheet)
from webtest_helpers import shots_dir, wait_ready


def serious(page) -> list:
    """axe-core violations rated serious or critical (ids and where)."""
    found = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found
            if v.get("impact") in ("serious", "critical")]


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_pf1_tie_conditions_saves_delay_and_resources(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    new_encounter(page, "pf1", "Ambush at the ford")
    add_group(page, "Bandit", 3, "foes", 10)
    page.fill("#init-c1", "12")
    page.fill("#init-c2", "12")
    page.fill("#init-c3", "4")
    act(page, "#roll-init")
    # the tie at 12 with equal modifiers: a roll-off is asked (pf1.init.tie-reroll)
    ask = page.wait_for_selector("#fight-asks .ask", timeout=T)
    assert "pf1.init.tie-reroll" in ask.text_content()
    page.fill("#fight-asks input[name='rolls.c1']", "3")
    page.fill("#fight-asks input[name='rolls.c2']", "17")
    act(page, "#fight-asks [data-act='ask-tie']")
    page.wait_for_selector("#fight-asks .ask", state="detached", timeout=T)
    assert names(page) == ["Bandit 2", "Bandit 1", "Bandit 3"]
    assert serious(page) == []
    assert no_sideways_scroll(page)

    act(page, "#start-fight")
    assert current(page) == "Bandit 2"
    # shaken until a save succeeds: the save is asked at the end of the bearer's turn
    add_condition(page, "c2", "shaken", kind="until_save", cause="Intimidate")
    # what it does now: the effective numbers it changes, with their rule IDs
    page.click("#combatants .combatant[data-id='c2'] .chip[data-cond='shaken']")
    sheet(page, "chip")
    text = page.text_content("#fight-sheet")
    assert "Attack rolls" in text and "ext.pf1.conditions" in text and "-2" in text
    assert serious(page) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#fight-sheet[open]", state="detached", timeout=T)

    # per-turn resources: spend the standard action; it comes back on the next own turn
    res = "#combatants .combatant.current [data-res='standard']"
    assert page.text_content(res).endswith("1/1")
    act(page, res)
    assert page.text_content(res).endswith("0/1")
    next_turn(page)                                        # end of Bandit 2's turn: the save
    ask = page.wait_for_selector("#fight-asks .ask", timeout=T)
    assert "save against Shaken" in ask.text_content()
    act(page, "#fight-asks [data-act='ask-saved']")
    assert "shaken" not in chips(page, "c2")

    # delay: Bandit 1 (acting now) waits until after Bandit 3
    assert current(page) == "Bandit 1"
    page.click("#combatants .combatant.current [data-act='delay']")
    sheet(page, "delay")
    act(page, "#fight-sheet [data-after='c3']")
    assert names(page) == ["Bandit 2", "Bandit 3", "Bandit 1"] and current(page) == "Bandit 3"
    next_turn(page)
    next_turn(page)                                        # round 2: Bandit 2 again, resources back
    assert current(page) == "Bandit 2"
    assert page.text_content(res).endswith("1/1")
    assert saved(page)["round"] == 2

    # edit, hit points down and up, duplicate, remove
    page.click("#combatants .combatant[data-id='c3'] [data-act='more']")
    sheet(page, "more")
    page.click("#fight-sheet [data-act='edit']")
    sheet(page, "edit")
    page.fill("#combatant-form [name='name']", "Bandit chief")
    page.fill("#combatant-form [name='hp.max']", "25")
    page.fill("#combatant-form [name='hp.current']", "25")
    act(page, "#combatant-form button[type=submit]")
    assert "Bandit chief" in names(page)
    hp = "#combatants .combatant[data-id='c3'] .hp"
    assert page.text_content(hp) == "HP 25/25"
    page.click("#combatants .combatant[data-id='c3'] [data-act='hp']")
    sheet(page, "hp")
    page.fill("#hp-amount", "7")
    act(page, "#hp-damage")
    assert page.text_content(hp) == "HP 18/25"
    page.click("#combatants .combatant[data-id='c3'] [data-act='hp']")
    sheet(page, "hp")
    page.fill("#hp-amount", "3")
    act(page, "#hp-heal")
    assert page.text_content(hp) == "HP 21/25"
    page.click("#combatants .combatant[data-id='c3'] [data-act='more']")
    sheet(page, "more")
    act(page, "#fight-sheet [data-act='dup']")
    assert names(page)[-1] == "Bandit chief (2)"
    page.click("#combatants .combatant[data-id='c1'] [data-act='more']")
    sheet(page, "more")
    page.click("#fight-sheet [data-act='remove']")
    assert "Tap again" in page.text_content("#fight-sheet [data-act='remove']")
    act(page, "#fight-sheet [data-act='remove']")
    assert "Bandit 1" not in names(page) and len(names(page)) == 3
    page.screenshot(path=str(shots_dir() / "fight-details-pf1.png"))


def test_encounters_keyboard_wake_lock_and_dark_mode(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    new_encounter(page, "dnd5e", "Goblin cave")
    # keyboard alone: type a name, Enter adds it; the field is ready for the next one
    page.focus("#add-name")
    page.keyboard.type("Sara")
    page.keyboard.press("Enter")
    page.wait_for_selector("#combatants .combatant", timeout=T)
    page.keyboard.type("Goblin")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 2", timeout=T)
    page.focus("#combatants .combatant[data-id='c1'] [data-act='hp']")
    page.keyboard.press("Enter")
    sheet(page, "hp")
    assert page.evaluate("document.activeElement.id") == "hp-amount"
    page.keyboard.type("3")
    page.keyboard.press("Enter")                           # Enter submits: 3 damage (HP not set yet)
    page.wait_for_selector("#fight-sheet [role=alert]:not([hidden])", timeout=T)
    page.keyboard.press("Escape")
    page.wait_for_selector("#fight-sheet[open]", state="detached", timeout=T)
    page.wait_for_function("document.activeElement && document.activeElement.dataset.act === 'hp'", timeout=T)

    # the rules' options with their rule IDs and reference text
    page.click("#options-button")
    sheet(page, "options")
    assert "dnd5e.init.tie.optional-d20" in page.text_content("#fight-sheet")
    assert serious(page) == []
    page.keyboard.press("Escape")

    # start: the screen is kept awake where the browser allows it
    act(page, "#start-fight")
    page.wait_for_function("['on', 'refused', 'unsupported'].includes(document.body.dataset.wakelock)",
                           timeout=T)
    page.click("#tab-settings")
    page.uncheck("#setting-wakelock")
    page.wait_for_function("document.body.dataset.wakelock === 'off' || document.body.dataset.wakelock === "
                           "'unsupported'", timeout=T)
    page.select_option("#setting-theme", "dark")
    page.click("#tab-fight")
    page.wait_for_selector("#combatants .combatant.current", timeout=T)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(23, 20, 19)"                 # --bg of the dark theme
    assert serious(page) == []
    assert no_sideways_scroll(page)
    page.screenshot(path=str(shots_dir() / "fight-dark.png"))

    # a second encounter; the list opens, renames and deletes them
    page.click("#encounters-button")
    sheet(page, "encounters")
    page.fill("#sheet-new-name", "Bridge")
    page.select_option("#sheet-new-ruleset", "classic")
    page.click("#sheet-new-create")
    page.wait_for_function("document.querySelector('#encounter-title').textContent === 'Bridge'", timeout=T)
    assert names(page) == []
    page.click("#encounters-button")
    sheet(page, "encounters")
    rows = page.eval_on_selector_all("#encounter-list .enc-name", "els => els.map(e => e.textContent)")
    assert sorted(rows) == ["Bridge", "Goblin cave"]
    page.click("#encounter-list [data-act='enc-rename'][aria-label='Rename Goblin cave']")
    sheet(page, "rename")
    page.fill("#rename-name", "Goblin cave, part 2")
    page.click("#rename-form button[type=submit]")
    sheet(page, "encounters")
    page.click("#encounter-list [data-act='enc-open'][aria-label='Open Goblin cave, part 2']")
    page.wait_for_function("document.querySelector('#encounter-title').textContent === 'Goblin cave, part 2'",
                           timeout=T)
    assert names(page) == ["Sara", "Goblin"]
    page.click("#encounters-button")
    sheet(page, "encounters")
    delete = "#encounter-list [data-act='enc-delete'][aria-label='Delete Bridge']"
    page.click(delete)
    page.click(delete)                                     # a second tap confirms
    page.wait_for_function("document.querySelectorAll('#encounter-list .enc-row').length === 1", timeout=T)
    page.reload()
    wait_ready(page)
    assert page.text_content("#encounter-title") == "Goblin cave, part 2"
    assert names(page) == ["Sara", "Goblin"]
