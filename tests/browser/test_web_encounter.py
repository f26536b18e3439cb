"""The first real screen: an empty encounter, add a named combatant, see it,
find it again after a reload; names are text, never HTML (issue 2, point 8)."""

from __future__ import annotations

import json

from webtest_helpers import add_combatant, combatant_names, wait_ready

def saved_encounter(page) -> dict:
    """The current encounter as stored in localStorage (see mischia_ui.store)."""
    index = json.loads(page.evaluate("localStorage.getItem('mischia.index')"))
    return json.loads(page.evaluate(f"localStorage.getItem('mischia.enc.{index['current']}')"))


def test_add_combatant_lists_it_and_survives_reload(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    assert combatant_names(page) == []
    add_combatant(page, "  Aldo the Bold ")
    page.wait_for_selector("#combatants .combatant")
    add_combatant(page, "Goblin archer")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 2")
    assert combatant_names(page) == ["Aldo the Bold", "Goblin archer"]
    assert page.text_content("#encounter-summary") == "2 combatants"
    assert page.input_value("#add-name") == ""  # ready for the next one
    saved = saved_encounter(page)
    assert [c["name"] for c in saved["combatants"]] == ["Aldo the Bold", "Goblin archer"]

    page.reload()
    wait_ready(page)
    assert combatant_names(page) == ["Aldo the Bold", "Goblin archer"]
    assert page.text_content("#encounter-summary") == "2 combatants"


def test_hostile_name_is_shown_as_text(page, base_url):
    hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    page.goto(base_url)
    wait_ready(page)
    add_combatant(page, hostile)
    page.wait_for_selector("#combatants .combatant")
    assert combatant_names(page) == [hostile]
    assert page.query_selector("#combatants img") is None
    assert page.query_selector("#combatants script") is None
    page.reload()  # and again when rendered from storage
    wait_ready(page)
    assert combatant_names(page) == [hostile]
    assert page.query_selector("#combatants img") is None
    page.wait_for_timeout(500)
    assert page.dialogs == []


def test_bad_name_gets_a_message_and_loses_nothing(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    add_combatant(page, "Aldo")
    page.wait_for_selector("#combatants .combatant")

    add_combatant(page, "   ")
    page.wait_for_selector("#add-error:not([hidden])")
    assert page.text_content("#add-error").startswith("Name ")
    assert "empty" in page.text_content("#add-error")
    assert page.get_attribute("#add-name", "aria-invalid") == "true"

    too_long = "N" * 500
    add_combatant(page, too_long)
    page.wait_for_function("document.querySelector('#add-error').textContent.includes('longer')")
    assert page.input_value("#add-name") == too_long  # what was typed is kept
    assert combatant_names(page) == ["Aldo"]

    add_combatant(page, "Bruna")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 2")
    assert page.is_hidden("#add-error")
    assert page.get_attribute("#add-name", "aria-invalid") is None


def test_unreadable_saved_data_is_kept_and_reported(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    add_combatant(page, "Aldo")
    page.wait_for_selector("#combatants .combatant")
    index = json.loads(page.evaluate("localStorage.getItem('mischia.index')"))
    page.evaluate(f"localStorage.setItem('mischia.enc.{index['current']}', '{{not json')")
    page.reload()
    wait_ready(page)
    assert "could not be read" in page.text_content("#app-notice")
    assert combatant_names(page) == []
    backups = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('mischia.unreadable.'))"
        ".map(k => localStorage.getItem(k))")
    assert backups == ["{not json"]
