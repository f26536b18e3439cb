"""The encounter tracker on a phone, in each ruleset (issue 4): build a
6-combatant encounter, roll initiative with typed dice and check the order,
run the surprise, advance three rounds while a 2-round condition expires at
the right turn, damage a combatant into dying and through its next-turn
roll, undo to the start, redo, reload and find the same state.

Helpers here are shared by the other ``test_fight_*`` files.
"""

from __future__ import annotations

import json

import pytest

from webtest_helpers import shots_dir, wait_ready

T = 30_000   # generous: two cores, other engineers' tests running too


# ----- helpers -----------------------------------------------------------------------------

def saved(page) -> dict:
    index = json.loads(page.evaluate("localStorage.getItem('mischia.index')"))
    return json.loads(page.evaluate(f"localStorage.getItem('mischia.enc.{index['current']}')"))


def names(page) -> list:
    return page.eval_on_selector_all("#combatants .combatant .name", "els => els.map(e => e.textContent)")


def current(page) -> str:
    return page.text_content("#combatants .combatant.current .name", timeout=T)


def wait_log(page, count: int) -> None:
    """Wait until the saved log has ``count`` entries (each action adds some)."""
    page.wait_for_function(
        "n => { const i = JSON.parse(localStorage.getItem('mischia.index'));"
        " return JSON.parse(localStorage.getItem('mischia.enc.' + i.current)).log.length >= n }",
        arg=count, timeout=T)


def act(page, selector: str) -> None:
    """Click and wait until the app has saved the change (the log grew)."""
    before = len(saved(page)["log"])
    page.click(selector, timeout=T)
    wait_log(page, before + 1)


def sheet(page, name: str):
    page.wait_for_selector(f"#fight-sheet[open][data-sheet='{name}']", timeout=T)
    return "#fight-sheet"


def close_sheet(page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#fight-sheet[open]", state="detached", timeout=T)


def new_encounter(page, ruleset: str, name: str) -> None:
    page.select_option("#start-ruleset", ruleset)
    page.fill("#start-name", name)
    page.click("#start-create")
    page.wait_for_function("document.querySelector('#encounter-title').textContent === " + json.dumps(name),
                           timeout=T)


def add_group(page, name: str, count: int, side: str, hp: int, aware: bool = True, stats=None,
              shared: bool = False) -> None:
    page.click("#add-details")
    sheet(page, "add")
    form = "#combatant-form"
    page.fill(f"{form} [name='name']", name)
    page.fill(f"{form} [name='count']", str(count))
    page.set_checked(f"{form} [name='shared']", shared)
    page.select_option(f"{form} [name='side']", side)
    page.fill(f"{form} [name='hp.max']", str(hp))
    page.set_checked(f"{form} [name='aware']", aware)
    for stat, value in (stats or {}).items():
        group = f"{form} details:has([name='stats.{stat}'])"
        if not page.eval_on_selector(group, "d => d.open"):
            page.click(f"{group} > summary")             # a collapsed group of the ruleset's form
        page.fill(f"{form} [name='stats.{stat}']", str(value))
    before = len(names(page))
    page.click(f"{form} button[type=submit]")
    page.wait_for_function(f"document.querySelectorAll('#combatants .combatant').length === {before + count}",
                           timeout=T)
    page.wait_for_selector("#fight-sheet[open]", state="detached", timeout=T)


def add_condition(page, cid: str, condition: str, kind: str = "rounds", rounds: int = 2, cause: str = "") -> None:
    page.click(f"#combatants .combatant[data-id='{cid}'] [data-act='cond']")
    sheet(page, "cond")
    page.select_option("#cond-id", condition)
    if cause:
        page.fill("#cond-cause", cause)
    page.select_option("#cond-kind", kind)
    if kind in ("rounds", "turn_start", "turn_end"):
        page.fill("#cond-rounds", str(rounds))
    page.click("#cond-form button[type=submit]")
    page.wait_for_selector(f"#combatants .combatant[data-id='{cid}'] .chip[data-cond='{condition}']", timeout=T)


def chips(page, cid: str) -> list:
    return page.eval_on_selector_all(f"#combatants .combatant[data-id='{cid}'] .chip",
                                     "els => els.map(e => e.getAttribute('data-cond'))")


def next_turn(page) -> None:
    act(page, "#next-turn")


def snapshot(page) -> dict:
    """What a person sees of the fight (for comparing before/after a reload)."""
    return page.evaluate("""() => ({
        title: document.querySelector('#encounter-title').textContent,
        status: document.querySelector('#turn-status').textContent,
        cards: [...document.querySelectorAll('#combatants .combatant')].map(c => c.innerText),
        asks: document.querySelector('#fight-asks').innerText,
    })""")


# ----- per ruleset -------------------------------------------------------------------------

# Six combatants: Hero 1-3 (party, aware), Orc 1-2 (foes, unaware), Boss (foes, aware) — ids c1…c6.
DICE = {"c1": 2, "c2": 9, "c3": 5, "c4": 7, "c5": 3, "c6": 8}
# every modifier is 0, so the order is the dice's: highest first (pf1 pf1.init.order, 5e
# dnd5e.init.order, d20pl with the SRD option ext.d20pl.initiative), lowest first in classic
# (classic.conv.initiative-direction: the lower factor acts first)
IDS = {"Hero 1": "c1", "Hero 2": "c2", "Hero 3": "c3", "Orc 1": "c4", "Orc 2": "c5", "Boss": "c6"}
HIGH_FIRST = ["Hero 2", "Boss", "Orc 1", "Hero 3", "Orc 2", "Hero 1"]
SETUP = {
    "classic": dict(stats={}, order=HIGH_FIRST[::-1], condition="debilitated", status="Down", roll=None),
    "pf1": dict(stats={"con": 12, "con_mod": 1}, order=HIGH_FIRST, condition="shaken", status="Dying",
                roll="rolls.d20"),
    "d20pl": dict(stats={"con": 12, "con_mod": 1}, order=HIGH_FIRST, condition="shaken", status="Mortal danger",
                  roll="rolls.stabilise", options={"initiative_method": "srd-d20"}),
    "dnd5e": dict(stats={}, order=HIGH_FIRST, condition="poisoned", status="Dying", roll="rolls.d20"),
}


@pytest.mark.parametrize("rid", sorted(SETUP))
def test_a_whole_fight_on_the_phone(page, base_url, rid):
    s = SETUP[rid]
    page.goto(base_url)
    wait_ready(page)
    new_encounter(page, rid, f"Test {rid}")

    # the ruleset's options, in the settings panel of the encounter
    for option, choice in s.get("options", {}).items():
        page.click("#options-button")
        sheet(page, "options")
        page.select_option(f"#opt-{option}", choice)
        page.wait_for_function(f"document.querySelector('#encounter-meta').textContent.includes('1 option')",
                               timeout=T)
        close_sheet(page)

    # six combatants
    add_group(page, "Hero", 3, "party", 12, stats=s["stats"])
    add_group(page, "Orc", 2, "foes", 12, aware=False, stats=s["stats"])
    add_group(page, "Boss", 1, "foes", 12, stats=s["stats"])
    assert names(page) == ["Hero 1", "Hero 2", "Hero 3", "Orc 1", "Orc 2", "Boss"]
    assert page.text_content("#encounter-summary") == "6 combatants"

    # initiative from dice typed at the table
    for cid, die in DICE.items():
        page.fill(f"#init-{cid}", str(die))
    act(page, "#roll-init")
    page.wait_for_function("document.querySelector('#combatants .combatant .init') !== null", timeout=T)
    assert names(page) == s["order"], "initiative order"
    assert saved(page)["order"] == [IDS[n] for n in s["order"]]

    # surprise
    act(page, "#start-fight")
    if rid in ("pf1", "d20pl"):          # a surprise round: only the aware act (pf1.surprise.round)
        assert page.text_content("#turn-status").startswith("Surprise round")
        acting = []
        while page.text_content("#turn-status").startswith("Surprise round"):
            acting.append(current(page))
            next_turn(page)
        assert acting == [n for n in s["order"] if not n.startswith("Orc")]
        assert "flat_footed" in chips(page, "c4")         # unaware: flat-footed until they act
    elif rid == "dnd5e":                  # surprised on the first turn (dnd5e.surprise.effect)
        assert chips(page, "c4") == ["surprised"] and chips(page, "c5") == ["surprised"]
    else:                                 # classic: the d100 check (classic.surprise.roll)
        sheet(page, "surprise")
        page.fill("#sur-c4", "10")
        page.fill("#sur-c5", "80")
        page.click("#surprise-go")
        page.wait_for_function("document.querySelector('#surprise-result').textContent.includes('Surprised: Orc 1')",
                               timeout=T)
        assert "classic.surprise.roll" in page.text_content("#surprise-result")
        page.click("#surprise-go")
        page.wait_for_selector("#combatants .combatant[data-id='c4'] .chip[data-cond='surprised']", timeout=T)
        assert chips(page, "c5") == []
    assert page.text_content("#turn-status").startswith("Round 1 ·")
    shot = shots_dir() / f"fight-{rid}-round1.png"
    page.screenshot(path=str(shot))

    # a 2-round condition on Boss, applied on this turn: it ends just before this count in round 3
    anchor = current(page)
    add_condition(page, "c6", s["condition"], rounds=2, cause="test")
    assert "2 rounds left" in page.text_content(f"#combatants .combatant[data-id='c6'] .chip[data-cond='{s['condition']}']")
    turns = 0
    while not (page.text_content("#turn-status").startswith("Round 3 ·") and current(page) == anchor):
        assert s["condition"] in chips(page, "c6"), f"still there after {turns} turns"
        next_turn(page)
        turns += 1
    assert turns == 12 and s["condition"] not in chips(page, "c6")
    assert " ends" in page.text_content("#fight-announce")         # said on screen …
    assert any(e["key"] == "{condition} on {name} ends" for e in saved(page)["log"])   # … and in the log

    # damage Hero 2 into dying, then its start-of-turn roll is asked for at its turn
    page.click("#combatants .combatant[data-id='c2'] [data-act='hp']")
    sheet(page, "hp")
    page.fill("#hp-amount", "15")
    page.click("#hp-damage")
    if rid == "d20pl":                    # massive damage and the Will save are asked now
        page.wait_for_selector("#hp-prompts input[name='rolls.massive']", timeout=T)
        page.fill("#hp-prompts input[name='rolls.massive']", "15")
        page.fill("#hp-prompts input[name='rolls.will']", "20")
        page.click("#hp-damage")
    page.wait_for_selector("#fight-sheet[open]", state="detached", timeout=T)
    page.wait_for_function(
        f"document.querySelector(\"#combatants .combatant[data-id='c2'] .status\")?.textContent === '{s['status']}'",
        timeout=T)
    next_turn(page)                       # (Hero 2 may be acting now: its next turn, then)
    while current(page) != "Hero 2":
        next_turn(page)
    if s["roll"]:
        ask = page.wait_for_selector("#fight-asks .ask", timeout=T)
        assert "Hero 2" in ask.text_content()
        inputs = page.eval_on_selector_all("#fight-asks .ask input", "els => els.map(e => e.name)")
        assert s["roll"] in inputs
        for name in inputs:
            page.fill(f"#fight-asks .ask input[name='{name}']", "15")
        act(page, "#fight-asks [data-act='ask-turn']")
        page.wait_for_selector("#fight-asks .ask", state="detached", timeout=T)
        assert "start-of-turn roll" in page.text_content("#fight-log")
    else:                                 # classic asks for no roll at the start of the turn
        assert page.query_selector("#fight-asks .ask") is None
    while not page.text_content("#turn-status").startswith("Round 5"):    # three rounds and more
        next_turn(page)
    end_state, end_screen = saved(page), snapshot(page)
    page.screenshot(path=str(shots_dir() / f"fight-{rid}-end.png"))

    # undo to the start, then redo to the end
    steps = 0
    while page.is_enabled("#undo"):
        page.click("#undo")
        steps += 1
        assert steps < 400
    assert page.query_selector_all("#combatants .combatant") == []
    start = saved(page)
    assert start["combatants"] == [] and start["phase"] == "setup" and start["round"] == 0
    for _ in range(steps):
        page.click("#redo")
    page.wait_for_function("!document.querySelector('#redo') || document.querySelector('#redo').disabled",
                           timeout=T)
    assert saved(page) == end_state

    # reload: the same fight
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#combatants .combatant.current", timeout=T)
    assert snapshot(page) == end_screen
    assert saved(page) == end_state
