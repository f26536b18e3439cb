"""Offline PWA: after one visit the app boots and works with the network off
and the server stopped; a new version replaces the old cache and says so
(issue 2, point 4). Persistent profiles: real HTTP cache and service workers."""

from __future__ import annotations

import re

from webtest_helpers import READY_TIMEOUT_MS, add_combatant, combatant_names, shots_dir, wait_ready


def first_visit(context, srv):
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(srv.url)
    wait_ready(page)
    # the worker is registered after Python is up, precaches, then controls the page
    page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page


def test_works_offline_with_server_stopped(persistent_context, own_server):
    srv = own_server()
    page = first_visit(persistent_context, srv)
    add_combatant(page, "Aldo")
    page.wait_for_selector("#combatants .combatant")
    assert page.text_content("#offline-status") == "Ready to work offline."

    # the first visit downloaded the runtime once: the precache revalidated it (304)
    wasm = [status for _, path, status in srv.log if path.endswith("/pyodide.asm.wasm")]
    assert wasm.count(200) == 1, srv.log
    assert persistent_context.request_log.foreign(srv.url) == []

    srv.shutdown()
    srv.server_close()
    persistent_context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert combatant_names(page) == ["Aldo"]
    add_combatant(page, "Bruna")
    page.wait_for_function("document.querySelectorAll('#combatants .combatant').length === 2")
    assert combatant_names(page) == ["Aldo", "Bruna"]


def test_new_version_takes_over_and_says_so(persistent_context, own_server):
    srv = own_server()
    page = first_visit(persistent_context, srv)
    sw = srv.site_root / "sw.js"
    text = sw.read_text()
    old_version = re.search(r'const VERSION = "([0-9a-f]+)"', text).group(1)
    # the app's cache (the Python memory snapshot has its own: test_perf_snapshot.py)
    assert [k for k in page.evaluate("caches.keys()") if k.startswith("mischia-")] == [f"mischia-{old_version}"]
    assert page.is_hidden("#update-note")

    new_version = "0123456789abcdef"
    sw.write_text(text.replace(old_version, new_version))
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#update-note:not([hidden])", timeout=READY_TIMEOUT_MS)
    assert "new version" in page.text_content("#update-note")
    page.wait_for_function("caches.keys().then(k => k.filter(n => n.startsWith('mischia-')))"
                           f".then(k => k.length === 1 && k[0] === 'mischia-{new_version}')")
    page.screenshot(path=str(shots_dir() / "update-note-360x740.png"))
