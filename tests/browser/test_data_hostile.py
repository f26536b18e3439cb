"""Hostile text is stored and shown as plain text (issue 7, point 5): typed
names, an imported file and a share link full of markup, scripts, event
handlers, javascript: URLs, right-to-left text, emoji and 10 000 characters."""

from __future__ import annotations

import json

from webtest_helpers import add_combatant, combatant_names, shots_dir, wait_ready

HOSTILE = [
    '<img src=x onerror="window.__pwned=1;alert(1)">',
    "<script>window.__pwned=2;alert(2)</script>",
    '"><svg onload=alert(3)>',
    '<a href="javascript:alert(4)">click me</a>',
    "javascript:alert(5)",
    "<iframe srcdoc='<script>parent.__pwned=6</script>'></iframe>",
    "\u202eevil.exe\u202c שלום مرحبا",
    "🐉🔥👩🏽‍🚀 Drago",
    "W" * 199,
]
INJECTED = ", ".join(f"{where} {tag}" for where in ("#combatants", "#app-notice", "#screen-data")
                     for tag in ("img", "script", "svg", "iframe", "a"))


def _encounter_doc(names, notes):
    return {"schema": 1, "ruleset": "dnd5e", "name": "Hostile <b>names</b>", "combatants": [
        {"id": f"c{i}", "name": n, "side": "foes", "notes": notes} for i, n in enumerate(names, 1)],
        "next_id": len(names) + 1}


def _no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_hostile_text_never_runs_and_never_breaks_the_layout(page, base_url):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url)
    wait_ready(page)

    # typed into the form
    for i, name in enumerate(HOSTILE[:4], 1):
        add_combatant(page, name)
        page.wait_for_function(f"document.querySelectorAll('#combatants .combatant').length === {i}")
    assert combatant_names(page) == HOSTILE[:4]
    add_combatant(page, "N" * 10000)
    page.wait_for_function("document.querySelector('#add-error') && "
                           "document.querySelector('#add-error').textContent.includes('longer than 200')")
    assert len(combatant_names(page)) == 4

    # an imported file, names and notes
    page.click("#tab-settings")
    page.click("#open-data")
    long_one = json.dumps({"format": "mischia", "schema": 1, "encounters": [_encounter_doc(["X" * 10000], "")]})
    page.set_input_files("#import-file", files=[{"name": "<img src=x onerror=alert(7)>.json",
                                                  "mimeType": "application/json", "buffer": long_one.encode()}])
    page.wait_for_selector("#import-status.error:not([hidden])")
    assert "encounters[0].combatants[0].name: is longer than 200 characters" in page.text_content("#import-status")
    bundle = {"format": "mischia", "schema": 1, "encounters": [_encounter_doc(HOSTILE, HOSTILE[0] * 20)]}
    page.set_input_files("#import-file", files=[{"name": "hostile.json", "mimeType": "application/json",
                                                  "buffer": json.dumps(bundle).encode()}])
    page.wait_for_selector("#import-status:not(.error):not([hidden])")
    page.screenshot(path=str(shots_dir() / "data-hostile-import.png"), full_page=True)
    assert _no_horizontal_scroll(page)

    page.click("#tab-fight")
    page.wait_for_function(f"document.querySelectorAll('#combatants .combatant').length === {len(HOSTILE)}")
    assert combatant_names(page) == HOSTILE
    page.screenshot(path=str(shots_dir() / "data-hostile-fight.png"), full_page=True)
    assert _no_horizontal_scroll(page)

    # and once more from storage, through a share link of that encounter
    page.click("#tab-settings")
    page.click("#open-data")
    page.click("#share-make")
    link = page.input_value("#share-link")
    page.goto(link)
    page.reload()  # the hash change opened it; a reload renders it from storage
    wait_ready(page)
    assert combatant_names(page) == HOSTILE
    assert _no_horizontal_scroll(page)
    for selector in ("#combatants .combatant", "#app-notice"):
        for node in page.query_selector_all(selector):
            box = node.bounding_box()
            assert box is None or box["x"] + box["width"] <= 361, selector

    page.wait_for_timeout(300)  # give an injected handler (if any) the chance to run
    assert page.evaluate("window.__pwned === undefined")
    assert page.query_selector_all(INJECTED) == []
    assert page.dialogs == []
    assert errors == []
