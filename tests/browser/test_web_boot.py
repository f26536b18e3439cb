"""Boot experience: loading state at once, ready marker, phone layout,
no request off the origin, and a failure said in words (issue 2, points 2 and 6)."""

from __future__ import annotations

import pytest
from webtest_helpers import READY_TIMEOUT_MS, VIEWPORT, add_combatant, shots_dir, wait_ready


def test_loading_state_is_plain_html_and_shows_before_python(page, base_url):
    page.goto(base_url, wait_until="domcontentloaded")
    # the shell is in the HTML itself: visible before Python has started
    assert page.is_visible("#boot-message")
    assert "Starting Mischia" in page.text_content("#boot-message")
    assert page.get_attribute("body", "data-ready") is None
    assert page.title().startswith("Mischia")
    wait_ready(page)
    # the Python UI replaced the loading state with the encounter screen
    assert page.query_selector("#boot") is None
    assert page.is_visible("#screen-fight")
    assert "No combatants yet" in page.text_content("#encounter-summary")
    assert page.eval_on_selector_all("#combatants li", "els => els.length") == 0


def test_no_request_leaves_the_origin(page, context, base_url):
    page.goto(base_url)
    wait_ready(page)
    add_combatant(page, "Aldo")
    page.wait_for_selector("#combatants .combatant")
    urls = context.request_log.urls
    # the runtime really came from this origin (and nothing else did)
    assert any(u.endswith("/static/vendor/pyodide/pyodide.asm.wasm") for u in urls)
    assert any(u.endswith("/static/vendor/pyscript/core.js") for u in urls)
    assert context.request_log.foreign(base_url) == []


def test_only_precached_runtime_files_are_loaded(page, context, base_url, site_dir):
    """Every vendor file the page fetches is precached, and every precached
    vendor file is fetched: no unused runtime files in the site."""
    page.goto(base_url)
    wait_ready(page)
    requested = {u[len(base_url):].split("?")[0] for u in context.request_log.urls
                 if u.startswith(base_url + "static/vendor/")}
    sw = (site_dir / "sw.js").read_text()
    precached = {p[2:] for p in _precache(sw) if p.startswith("./static/vendor/")}
    assert requested == precached
    shipped = {p.relative_to(site_dir).as_posix() for p in (site_dir / "static" / "vendor").rglob("*")
               if p.is_file() and p.name != "LICENSE"}
    assert shipped == precached


def _precache(sw_text: str) -> list[str]:
    import json
    start = sw_text.index("const PRECACHE = ") + len("const PRECACHE = ")
    end = sw_text.index("];", start) + 1
    return json.loads(sw_text[start:end])


def test_phone_layout_has_no_horizontal_scroll(page, base_url):
    page.goto(base_url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # loading state
    wait_ready(page)
    add_combatant(page, "Bartolomeo" * 15)  # 150 characters, no spaces
    page.wait_for_selector("#combatants .combatant")
    add_combatant(page, "x" * 300)  # too long: the error message must wrap too
    page.wait_for_selector("#add-error:not([hidden])")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # touch-sized controls
    box = page.locator("#add-button").bounding_box()
    assert box["height"] >= 44
    page.screenshot(path=str(shots_dir() / "encounter-360x740.png"))


@pytest.mark.parametrize("how", ["missing-file", "network-error"])
def test_python_failure_is_reported_in_words(browser, own_server, how):
    """With the interpreter's wasm missing (a real 404) or unreachable, the
    page says in words that Python could not start, instead of spinning."""
    srv = own_server()
    if how == "missing-file":
        (srv.site_root / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").unlink()
    ctx = browser.new_context(viewport=VIEWPORT, service_workers="block")
    try:
        if how == "network-error":
            ctx.route("**/pyodide.asm.wasm", lambda route: route.abort("internetdisconnected"))
        page = ctx.new_page()
        page.goto(srv.url)
        page.wait_for_selector("body[data-boot-failed]", state="attached", timeout=READY_TIMEOUT_MS)
        text = page.text_content("#boot")
        assert "Mischia could not start" in text
        assert "pyodide.asm.wasm" in text
        assert page.is_visible("#boot-message")
        assert page.get_attribute("body", "data-ready") is None
        page.screenshot(path=str(shots_dir() / f"boot-failure-{how}-360x740.png"))
    finally:
        ctx.close()


def test_manifest_and_icons_make_it_installable(page, base_url):
    import json
    import struct

    page.goto(base_url)
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert not href.startswith("/"), "URLs must be relative for subpath hosting"
    manifest_url = base_url + href.removeprefix("./")
    manifest = json.loads(page.request.get(manifest_url).text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] and not manifest["start_url"].startswith("/")
    purposes = set()
    for icon in manifest["icons"]:
        body = page.request.get(manifest_url.rsplit("/", 1)[0] + "/" + icon["src"]).body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", body[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        purposes.add(icon.get("purpose", "any"))
    assert {"any", "maskable"} <= purposes
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    apple = page.get_attribute('link[rel="apple-touch-icon"]', "href")
    assert page.request.get(base_url + apple.removeprefix("./")).status == 200
