"""Hosted from a subpath (GitHub Pages serves a project at /<repo>/): every
URL is relative, the app boots and works there (issue 2, point 5)."""

from __future__ import annotations

from webtest_helpers import READY_TIMEOUT_MS, add_combatant, combatant_names, wait_ready


def test_boots_and_works_under_a_subpath(context, own_server):
    srv = own_server(subpath="mischia", copy=False)
    app_url = srv.url + "mischia/"
    page = context.new_page()
    page.goto(app_url)
    wait_ready(page)
    add_combatant(page, "Aldo")
    page.wait_for_selector("#combatants .combatant")
    assert combatant_names(page) == ["Aldo"]
    page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == app_url

    urls = context.request_log.urls
    assert urls, "no requests recorded"
    outside = [u for u in urls if not u.startswith(app_url)]
    assert outside == [], "requests outside the subpath"
    # nothing was asked of the server root either
    assert all(path.startswith("/mischia/") for _, path, _ in srv.log), srv.log
