"""Casting and the turn on a phone (issue 5, points 6 and 7): a concentration
check (d20pl: damaged while casting, DC 10 + damage + spell level), and an
action that provokes — the orc may make its attack of opportunity, which
opens the attack form with it as the attacker and is tracked: one per round."""

from __future__ import annotations

from test_resolve_attack import T, d20pl_fight, lines, open_resolve, saved, total
from webtest_helpers import shots_dir


def test_d20pl_concentration_check_when_damaged_while_casting(page, base_url):
    open_resolve(page, base_url, d20pl_fight())
    page.click("#resolve-panel-cast", timeout=T)
    page.wait_for_selector("#conc-form", timeout=T)
    assert page.input_value("#caster-who") == "c1"          # whose turn it is: the mage
    assert page.input_value("#conc-trigger") == "damage"
    page.fill("#conc-damage", "7")
    page.fill("#conc-spell-level", "2")
    page.click("#conc-run")
    page.wait_for_selector("#conc-verdict", timeout=T)
    assert page.inner_text("#conc-verdict .verdict-text") == "Type the d20 rolled for the check."
    page.fill("#conc-rolls-d20", "12")
    page.click("#conc-run")
    page.wait_for_function("() => document.querySelector('#conc-verdict .verdict-text').textContent"
                           " === 'Concentration lost'", timeout=T)
    assert page.inner_text("#conc-verdict .verdict-detail") == "Total 18 against DC 19 · The spell is lost"
    dc = page.query_selector_all("#conc-answer .breakdown")[1]
    assert dc.eval_on_selector_all(".bd-line", "els => els.map(e => e.dataset.rule)") == \
        ["d20pl.conc.aoo-damage"] * 3
    assert dc.inner_text().strip().endswith("Total: 19")
    # casting provokes here, unless cast defensively
    assert page.get_attribute("#cast-provokes", "data-provokes") == "true"
    page.check("#cast-defensive")
    page.wait_for_selector("#cast-provokes[data-provokes='false']", timeout=T)


def test_casting_provokes_the_orcs_attack_of_opportunity_once_per_round(page, base_url):
    open_resolve(page, base_url, d20pl_fight())
    page.click("#resolve-panel-turn", timeout=T)
    page.wait_for_selector("#turn-actions", timeout=T)
    page.select_option("#turn-action", "std.cast-spell")
    page.click("#turn-take")
    page.wait_for_selector("#turn-verdict", timeout=T)
    assert page.inner_text("#turn-verdict .verdict-text") == "Cast a spell (1 standard action): taken"
    mage = saved(page)["combatants"][0]
    assert "res:standard:1" in mage["used"]                      # the tracker's turn view agrees
    assert page.get_attribute("#took-provokes", "data-provokes") == "true"
    threats = page.eval_on_selector_all("#took-threats li", "els => els.map(e => [e.dataset.id, e.dataset.can])")
    assert threats == [["c3", "yes"]]                               # the orc; the fighter is on the mage's side
    page.screenshot(path=str(shots_dir() / "resolve-turn-aoo.png"), full_page=True)

    page.click("#aoo-c3")
    page.wait_for_selector("#attack-form", timeout=T)
    assert page.input_value("#atk-actor") == "c3" and page.input_value("#atk-target") == "c1"
    assert saved(page)["combatants"][2]["used"] == ["aoo:1"]
    assert "attack of opportunity" in saved(page)["log"][-1]["key"]

    page.click("#resolve-panel-turn")                               # the orc has used it this round
    page.wait_for_selector("#took-threats li[data-id='c3'][data-can='no']", timeout=T)
    assert "d20pl.aoo.single" in page.inner_text("#took-threats")
    assert page.inner_text("#turn-taken") == "Taken: Cast a spell (1 standard action)"
