"""Instant resume (issue 8, point 1): the saved encounter is on screen before
Python starts — plain HTML built from localStorage as text, inert, with a
"loading the rules" note — and the Python app replaces it. Speed is
measured by `make bench`; here the behaviour."""

from __future__ import annotations

import json

import pytest
from webtest_helpers import VIEWPORT, combatant_names, shots_dir, wait_ready

from mischia import tracker
from mischia.benchmark import sample_encounter

HOSTILE = '<img src=x onerror="document.title=\'pwned\'">'


def saved_table():
    """A pf1 fight in round 3: a hostile name, hit points, a condition."""
    enc = sample_encounter(5)
    first = enc.combatants[0]
    enc = tracker.edit_combatant(enc, first.id, name=HOSTILE)
    enc = tracker.add_condition(enc, enc.combatants[2].id, "shaken", cause="dragon")
    return enc


def storage_with(enc, **extra) -> dict:
    index = {"schema": 1, "current": "e1",
             "encounters": [{"id": "e1", "name": enc.name, "ruleset": enc.ruleset, "updated": 1}]}
    return {"mischia.index": json.dumps(index), "mischia.enc.e1": enc.to_json(), **extra}


@pytest.fixture
def ctx(browser):
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    yield context
    context.close()


def preload_storage(context, values: dict) -> None:
    """Put values in localStorage before the page's first script runs (once:
    a reload keeps what the page saved)."""
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" const v = {json.dumps(values)}; for (const k in v) localStorage.setItem(k, v[k]); }}")


def hold_python(context):
    """Python never starts: the wasm request is never answered."""
    context.route("**/pyodide.asm.wasm", lambda route: None)


def test_saved_encounter_is_shown_as_text_and_inert_before_python(ctx, base_url):
    enc = saved_table()
    settings = json.dumps({"schema": 1, "lang": "", "theme": "dark", "wakelock": True})
    preload_storage(ctx, storage_with(enc, **{"mischia.settings": settings}))
    hold_python(ctx)
    page = ctx.new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    # already there when the document is parsed: no wait for Python
    assert page.get_attribute("body", "data-resumed") == ""
    assert page.get_attribute("body", "data-ready") is None
    preview = page.locator("#app .resume")
    assert preview.get_attribute("inert") == ""
    names = page.eval_on_selector_all("#app .resume .combatant .name", "els => els.map(e => e.textContent)")
    current = enc.current()
    assert names == [enc.get(cid).name for cid in enc.order]  # initiative order
    assert page.text_content("#app .resume .turn-status") == f"Round 3 · {current.name}'s turn"
    assert page.locator("#app .resume .combatant.current .name").text_content() == current.name
    cards = page.eval_on_selector_all("#app .resume .combatant", "els => els.map(e => e.textContent)")
    for c in enc.combatants:
        card_text = cards[names.index(c.name)]
        assert f"HP {c.hp.current}/{c.hp.max}" in card_text
    assert "Shaken (dragon)" in page.eval_on_selector_all("#app .resume .chip", "els => els.map(e => e.textContent)")
    # a name with markup is text, never markup
    assert HOSTILE in names
    assert page.locator("#app img").count() == 0 and page.title() != "pwned"
    # nothing can be used until Python is there; the note says what is happening
    assert page.eval_on_selector_all("#app .resume-tabs button", "els => els.every(b => b.disabled)")
    assert page.text_content("#boot-message") == "Loading the rules…"
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORT["width"]
    assert page.evaluate("performance.getEntriesByName('mischia:resume').length") == 1
    page.screenshot(path=str(shots_dir() / "resume-preview-360x740.png"))


def test_python_replaces_the_preview_and_leaves_words_for_the_next(ctx, base_url):
    enc = saved_table()
    preload_storage(ctx, storage_with(enc))
    page = ctx.new_page()
    page.goto(base_url)
    wait_ready(page)
    assert page.locator("#app .resume").count() == 0
    assert page.is_visible("#screen-fight")
    assert combatant_names(page) == [enc.get(cid).name for cid in enc.order]
    # the words of the preview, in the app's language, for the next start
    page.wait_for_function("localStorage.getItem('mischia.resume') !== null")
    saved = json.loads(page.evaluate("localStorage.getItem('mischia.resume')"))
    assert saved["app"] == page.get_attribute("html", "data-app")
    words = saved["words"]
    assert words["lang"] == "en" and words["tabs"]["fight"] == "Fight"
    assert words["conditions"]["pf1"]["shaken"] == "Shaken"
    assert words["round"] == "Round {n} · {name}'s turn"

    # words in another language are used as they are (here: made up)
    words = {**words, "lang": "it", "loading": "Carico le regole…", "round": "Giro {n} · tocca a {name}"}
    page.evaluate("(w) => localStorage.setItem('mischia.resume', JSON.stringify("
                  "{schema: 1, app: document.documentElement.dataset.app, words: w}))", words)
    hold_python(ctx)
    page.reload(wait_until="domcontentloaded")
    assert page.text_content("#boot-message") == "Carico le regole…"
    assert page.text_content("#app .resume .turn-status") == f"Giro 3 · tocca a {enc.current().name}"
    assert page.get_attribute("html", "lang") == "it"


@pytest.mark.parametrize("broken", ["not json", json.dumps({"schema": 1, "combatants": "x"})])
def test_unreadable_saved_data_shows_the_normal_loading_state(ctx, base_url, broken):
    enc = saved_table()
    preload_storage(ctx, {**storage_with(enc), "mischia.enc.e1": broken})
    hold_python(ctx)
    page = ctx.new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    assert page.get_attribute("body", "data-resumed") is None
    assert page.is_visible("#boot .spinner")
    assert "Starting Mischia" in page.text_content("#boot-message")
