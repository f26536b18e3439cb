"""The roster (issue 4, point 10): characters and monsters saved once, added
to any encounter in one tap; editing an entry does not rewrite a running
fight; bad input is refused with a message and loses nothing."""

from __future__ import annotations

import json

from test_fight_flow import T, names, new_encounter, sheet
from test_fight_details import no_sideways_scroll, serious
from webtest_helpers import wait_ready


def roster(page) -> list:
    raw = page.evaluate("localStorage.getItem('mischia.roster')")
    return json.loads(raw)["entries"] if raw else []


def card_text(page, name: str) -> str:
    return page.eval_on_selector_all(
        "#combatants .combatant", f"els => els.filter(e => e.querySelector('.name').textContent === "
                                  f"{json.dumps(name)}).map(e => e.innerText).join('')")


def test_roster_entries_are_copied_into_fights(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    new_encounter(page, "pf1", "Ambush")
    page.click("#tab-roster")
    page.wait_for_selector("#roster-new", timeout=T)
    assert page.input_value("#roster-filter") == "pf1"         # the open encounter's rules

    # a new entry; a value out of the ruleset's range is refused where it was typed
    page.click("#roster-new")
    page.wait_for_selector("#roster-sheet[open]", timeout=T)
    form = "#roster-form"
    page.fill(f"{form} [name='name']", "Lyra")
    page.select_option(f"{form} [name='side']", "party")
    page.fill(f"{form} [name='hp.max']", "20")
    page.fill(f"{form} [name='stats.dex_mod']", "99")
    page.click(f"{form} details:has([name='traits.uncanny_dodge']) > summary")
    page.check(f"{form} [name='traits.uncanny_dodge']")
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector(f"{form} [name='stats.dex_mod'][aria-invalid='true']", timeout=T)
    assert "out of range" in page.text_content(f"{form} .field:has([name='stats.dex_mod']) .field-error")
    assert page.input_value(f"{form} [name='name']") == "Lyra"   # nothing typed is lost
    assert roster(page) == []
    page.fill(f"{form} [name='stats.dex_mod']", "4")
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#roster-sheet[open]", state="detached", timeout=T)
    entry = roster(page)[0]
    assert (entry["name"], entry["ruleset"], entry["stats"], entry["traits"], entry["hp"]["max"]) == \
        ("Lyra", "pf1", {"dex_mod": 4}, ["uncanny_dodge"], 20)
    assert serious(page) == []
    assert no_sideways_scroll(page)

    # one tap adds a copy to the fight
    page.click("#roster-list [data-act='add']")
    page.wait_for_function("document.querySelector('#roster-status').textContent.includes('joins the fight')",
                           timeout=T)
    # editing the entry later does not change the fight
    page.click("#roster-list [data-act='edit']")
    page.wait_for_selector("#roster-sheet[open]", timeout=T)
    page.fill(f"{form} [name='name']", "Lyra the Bold")
    page.fill(f"{form} [name='hp.max']", "30")
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#roster-sheet[open]", state="detached", timeout=T)
    assert roster(page)[0]["name"] == "Lyra the Bold"
    page.click("#tab-fight")
    page.wait_for_selector("#combatants .combatant", timeout=T)
    assert names(page) == ["Lyra"]
    assert "HP 20/20" in card_text(page, "Lyra")

    # from the fight screen too, in one tap: the edited entry
    page.click("#add-roster")
    sheet(page, "roster")
    page.click("#fight-sheet [data-act='roster-add']")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 2", timeout=T)
    assert names(page) == ["Lyra", "Lyra the Bold"]
    assert "HP 30/30" in card_text(page, "Lyra the Bold")

    # the roster outlives the encounter
    page.reload()
    wait_ready(page)
    page.click("#tab-roster")
    page.wait_for_selector("#roster-list li[data-rid]", timeout=T)
    assert page.text_content("#roster-list .name") == "Lyra the Bold"
