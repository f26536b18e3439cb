"""The surprise step: tick which opponents each combatant noticed; unaware of
one that noticed it = surprised (pf1.surprise.definition)."""

from __future__ import annotations

from test_fight_flow import T, act, add_group, chips, current, new_encounter, saved, sheet
from webtest_helpers import wait_ready


def test_pf1_who_noticed_whom_gives_the_surprise_round(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    new_encounter(page, "pf1", "Who saw whom")
    add_group(page, "Hero", 1, "party", 10)
    add_group(page, "Orc", 1, "foes", 10)
    ids = {c["name"]: c["id"] for c in saved(page)["combatants"]}
    hero, orc = ids["Hero"], ids["Orc"]
    page.click(f"#combatants .combatant[data-id='{hero}'] [data-act='more']", timeout=T)
    sheet(page, "more")
    page.click(f"#fight-sheet [data-act='noticed'][data-id='{hero}']", timeout=T)
    sheet(page, "noticed")
    box = f"#fight-sheet input[name='noticed'][value='{orc}']"
    assert page.is_checked(box)                      # aware by default: noticed everyone
    page.set_checked(box, False)
    act(page, "#fight-sheet form.noticed button[type='submit']")
    page.wait_for_selector("#fight-sheet[open]", state="detached", timeout=T)
    assert saved(page)["combatants"][0]["aware_of"] == []
    page.wait_for_selector(f"#combatants .combatant[data-id='{hero}'] .badge:text('unaware')", timeout=T)
    act(page, "#start-fight")
    assert current(page) == "Orc"                    # only the aware act in the surprise round
    assert "surprised" in chips(page, hero)


def test_dnd5e_stealth_against_passive_perception_marks_the_surprised(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    new_encounter(page, "dnd5e", "Goblin ambush")
    add_group(page, "Hero", 1, "party", 10)
    add_group(page, "Goblin", 1, "foes", 7)
    ids = {c["name"]: c["id"] for c in saved(page)["combatants"]}
    hero, goblin = ids["Hero"], ids["Goblin"]
    page.click("#stealth-button", timeout=T)
    sheet(page, "stealth")
    assert page.is_checked(f"#hide-{goblin}") and not page.is_checked(f"#hide-{hero}")
    page.fill(f"#stealth-{goblin}", "20")
    page.click("#stealth-go")
    result = page.wait_for_selector("#stealth-surprised", timeout=T)
    assert "Hero" in result.text_content()
    assert "dnd5e.surprise.contest" in page.text_content("#stealth-result")
    act(page, "#stealth-go")                              # "Mark them surprised"
    page.wait_for_selector("#fight-sheet[open]", state="detached", timeout=T)
    assert [c["aware"] for c in saved(page)["combatants"]] == [False, True]
    act(page, "#start-fight")
    assert "surprised" in chips(page, hero) and "surprised" not in chips(page, goblin)


def test_d20pl_duel_order_from_the_initiative_step(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    new_encounter(page, "d20pl", "Duel at dawn")
    add_group(page, "Ana", 1, "party", 10)
    add_group(page, "Orc", 1, "foes", 10)
    page.select_option("#order-mode", "duel")
    act(page, "#roll-init")
    entry = saved(page)["log"][-1]
    assert entry["key"] == "Initiative order: {names}" and "d20pl.seq.duel" in entry["rules"]
    assert page.input_value("#order-mode") == "duel"
