"""Quick resolve with no encounter (issue 5, point 2): Sara picks her ranger
from the roster, types the goblin's AC 15, ticks "prone" and the distance
9 m; the app says disadvantage before any die, asks for both d20s and takes
the lower. Her inputs are there again after a reload."""

from __future__ import annotations

from test_resolve_attack import T, lines, open_resolve, quick, resolve, total
from webtest_helpers import shots_dir, wait_ready

RANGER = {"name": "Sara's ranger", "ruleset": "dnd5e", "side": "party",
          "stats": {"dex_mod": 3, "str_mod": 1, "proficiency": 2, "ac": 15, "speed": 9},
          "traits": [], "size": "medium", "conditions": []}
WIZARD = {"name": "Someone else's wizard", "ruleset": "pf1", "stats": {"bab": 1}}


def test_sara_quick_ranged_attack_from_her_roster(page, base_url):
    open_resolve(page, base_url, roster=[WIZARD, RANGER])
    assert page.query_selector("#resolve-mode-quick") is None     # no encounter: quick only
    quick(page, "dnd5e")
    options = page.eval_on_selector_all("#atk-you-entry option", "els => els.map(e => e.textContent)")
    assert options == ["Type the numbers", "Sara's ranger"]        # only this ruleset's characters
    page.select_option("#atk-you-entry", "1")
    page.wait_for_function("() => document.querySelector('#atk-you-name').value === \"Sara's ranger\"",
                           timeout=T)
    assert page.input_value("#atk-you-stats-dex-mod") == "3"
    page.fill("#atk-target-name", "Goblin")
    page.fill("#atk-target-stats-ac", "15")
    page.click("#atk-target-conditions summary")
    page.check("#atk-target-conditions-prone")
    page.select_option("#atk-attack-kind", "ranged")
    page.fill("#atk-situation-numbers-distance", "9")
    page.fill("#atk-attack-damage", "1d8")
    page.wait_for_selector("#atk-rolls-d20-second", timeout=T)
    assert "Disadvantage" in page.inner_text("#attack-mode-note")

    page.fill("#atk-rolls-d20", "17")
    assert resolve(page) == "Two d20s: type the second one."       # asked for by name
    page.fill("#atk-rolls-d20-second", "8")
    assert resolve(page) == "Miss"
    assert page.inner_text("#attack-verdict .verdict-detail") == "d20 8 +5 = 13 against 15"
    assert page.inner_text("#attack-mode") == "Disadvantage (Prone): d20s 17, 8, the lower counts"
    assert ("ext.dnd5e.prone", "Prone") in [(r, w) for r, _v, w, _o in lines(page, "#bd-mode")]
    assert total(page, "#bd-attack") == "5"
    assert page.query_selector("#attack-apply") is None           # nothing to apply without an encounter
    page.screenshot(path=str(shots_dir() / "resolve-quick-sara.png"), full_page=True)

    page.reload()                                                  # the last inputs are remembered
    wait_ready(page)
    page.click("#tab-resolve", timeout=T)
    page.wait_for_selector("#atk-target-stats-ac", timeout=T)
    assert page.input_value("#resolve-ruleset") == "dnd5e"
    assert page.input_value("#atk-you-name") == "Sara's ranger"
    assert page.input_value("#atk-target-stats-ac") == "15"
    assert page.input_value("#atk-situation-numbers-distance") == "9"
    assert page.is_checked("#atk-target-conditions-prone")
    assert page.input_value("#atk-attack-kind") == "ranged"

    page.fill("#atk-target-stats-ac", "16")                        # kept as soon as the field is left
    page.press("#atk-target-stats-ac", "Tab")
    page.reload()
    wait_ready(page)
    page.click("#tab-resolve", timeout=T)
    page.wait_for_selector("#atk-target-stats-ac", timeout=T)
    assert page.input_value("#atk-target-stats-ac") == "16"
