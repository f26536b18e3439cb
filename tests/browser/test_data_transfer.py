"""Export, import on another device, share links (issue 7, point 4), in the real page."""

from __future__ import annotations

import json

from axe_playwright_python.sync_playwright import Axe
from webtest_helpers import add_combatant, combatant_names, shots_dir, wait_ready


def _serious(page) -> list:
    """axe-core violations rated serious or critical on the page."""
    found = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found
            if v.get("impact") in ("serious", "critical")]


def _open_data(page) -> None:
    page.click("#tab-settings")
    page.click("#open-data")
    page.wait_for_selector("#data-export")


def _two_combatants(page, base_url) -> None:
    page.goto(base_url)
    wait_ready(page)
    for i, name in enumerate(("Aldo", "Orc chief"), 1):
        add_combatant(page, name)
        page.wait_for_function(f"document.querySelectorAll('#combatants .combatant').length === {i}")


def test_export_then_import_on_another_device(browser, page, base_url, tmp_path):
    _two_combatants(page, base_url)
    _open_data(page)
    with page.expect_download() as info:
        page.click("#export-one")
    download = info.value
    assert download.suggested_filename.startswith("mischia-") and download.suggested_filename.endswith(".json")
    exported = json.loads(open(download.path(), encoding="utf-8").read())
    assert exported["format"] == "mischia" and exported["schema"] == 1
    assert [c["name"] for c in exported["encounters"][0]["combatants"]] == ["Aldo", "Orc chief"]
    with page.expect_download() as info:
        page.click("#export-all")
    everything = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert len(everything["encounters"]) == 1 and everything["roster"] == []

    # another device: a fresh browser profile
    other = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        phone = other.new_page()
        phone.goto(base_url)
        wait_ready(phone)
        _open_data(phone)
        bad = json.loads(json.dumps(exported))
        bad["encounters"][0]["combatants"][1]["conditions"] = [{"uid": "k1", "id": "on_fire"}]
        phone.set_input_files("#import-file", files=[{
            "name": "bad.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()}])
        phone.wait_for_selector("#import-status.error:not([hidden])")
        problem = phone.text_content("#import-status")
        assert problem.startswith("Nothing was imported")
        assert "encounters[0].combatants[1].conditions[0].id" in problem and "on_fire" in problem
        assert phone.evaluate("Object.keys(localStorage).filter(k => k.startsWith('mischia.enc.')).length") == 0

        good = tmp_path / download.suggested_filename
        download.save_as(good)
        phone.set_input_files("#import-file", str(good))
        phone.wait_for_selector("#import-status:not(.error):not([hidden])")
        assert phone.text_content("#import-status").startswith("Imported 1 encounter.")
        phone.screenshot(path=str(shots_dir() / "data-imported.png"), full_page=True)
        phone.click("#tab-fight")
        assert combatant_names(phone) == ["Aldo", "Orc chief"]
    finally:
        other.close()


def test_a_share_link_opens_a_copy_elsewhere(browser, page, base_url, context):
    _two_combatants(page, base_url)
    _open_data(page)
    page.click("#share-make")
    page.wait_for_selector("#share-link:visible")
    link = page.input_value("#share-link")
    assert link.startswith(base_url) and "#share=" in link
    page.click("#share-copy")
    page.wait_for_selector("#share-status:not([hidden])")
    page.screenshot(path=str(shots_dir() / "data-share.png"), full_page=True)
    assert _serious(page) == []  # labels, contrast, names: light and dark
    page.emulate_media(color_scheme="dark")
    assert _serious(page) == []
    page.emulate_media(color_scheme="light")

    other = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        phone = other.new_page()
        requests = []
        phone.on("request", lambda r: requests.append(r.url))
        phone.goto(link)
        wait_ready(phone)
        phone.wait_for_selector("#app-notice:not([hidden])")
        assert "Opened a copy of the shared encounter" in phone.text_content("#app-notice")
        assert combatant_names(phone) == ["Aldo", "Orc chief"]
        assert "#" not in phone.url  # the fragment is gone from the address
        assert not any("share=" in u for u in requests)  # the fragment never reached the server
        phone.reload()  # a reload does not make a second copy
        wait_ready(phone)
        assert phone.evaluate("JSON.parse(localStorage.getItem('mischia.index')).encounters.length") == 1

        phone.goto(base_url + "#share=damaged")
        phone.wait_for_function("document.querySelector('#app-notice').textContent.includes('could not be opened')")
        assert phone.evaluate("JSON.parse(localStorage.getItem('mischia.index')).encounters.length") == 1
    finally:
        other.close()
