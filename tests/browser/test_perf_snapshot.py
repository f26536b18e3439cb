"""Fast boot from a Pyodide memory snapshot kept in this browser (issue 8,
point 2): made by a worker after a normal boot, used by the next one, keyed
by runtime and app version, and a normal boot whenever it is missing, stale
or broken. Speed itself is measured by `make bench`, not here.

A context without service workers: the snapshot lives in Cache Storage,
which does not need one, and requests can be routed."""

from __future__ import annotations

import pytest
from webtest_helpers import READY_TIMEOUT_MS, VIEWPORT, add_combatant, combatant_names, wait_ready

SNAPSHOT_MS = 240_000  # the worker starts a second Python: slow on a loaded machine

KEYS_JS = "caches.open('mischia.snapshot').then(c => c.keys()).then(k => k.map(r => r.url))"


@pytest.fixture
def ctx(browser):
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    yield context
    context.close()


def boot(page, url):
    page.goto(url)
    wait_ready(page)
    return page.evaluate("({...document.documentElement.dataset})")


def wait_stored(page):
    page.wait_for_function("['stored', 'not-stored'].includes(document.documentElement.dataset.snapshot)",
                           timeout=SNAPSHOT_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "stored"


def current_key(state, base_url):
    return f"{base_url}__snapshot__/{state['runtime']}/{state['app']}"


def test_missing_snapshot_is_made_after_a_normal_boot_then_used(ctx, own_server):
    srv = own_server()
    page = ctx.new_page()
    state = boot(page, srv.url)
    assert state["boot"] == "normal" and state["snapshot"] in ("missing", "making")
    wait_stored(page)
    # one entry, keyed by the Pyodide version and the service worker's content hash
    assert page.evaluate(KEYS_JS) == [current_key(state, srv.url)]
    assert state["runtime"] == "314.0.7" and len(state["app"]) == 16

    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert page.evaluate("document.documentElement.dataset.snapshot") == "found"
    # the restored Python runs the app: it saves, and the next start shows it
    add_combatant(page, "Aldo")
    page.wait_for_selector("#combatants .combatant")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert combatant_names(page) == ["Aldo"]
    # dice are not the same in every restored page: random was reseeded
    draws = {page.evaluate("import('./static/js/pyodide-loader.mjs').then(m => "
                           "m.runtime().runPython('import random; random.random()'))")}
    page.reload()
    wait_ready(page)
    draws.add(page.evaluate("import('./static/js/pyodide-loader.mjs').then(m => "
                            "m.runtime().runPython('import random; random.random()'))"))
    assert len(draws) == 2


def test_stale_snapshot_is_dropped_and_replaced(ctx, own_server):
    srv = own_server()
    page = ctx.new_page()
    state = boot(page, srv.url)
    wait_stored(page)
    key = current_key(state, srv.url)
    old = key.rsplit("/", 1)[0] + "/0123456789abcdef"
    # pretend the stored snapshot was made by an older version of the app
    page.evaluate("""([key, old]) => caches.open('mischia.snapshot').then(async (c) => {
        const response = await c.match(key);
        await c.put(old, response);
        await c.delete(key);
    })""", [key, old])
    assert page.evaluate(KEYS_JS) == [old]

    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == "normal"
    assert page.evaluate(KEYS_JS) == []  # the stale one is gone before Python starts
    wait_stored(page)
    assert page.evaluate(KEYS_JS) == [key]


def test_broken_snapshot_falls_back_to_a_normal_boot(ctx, own_server):
    srv = own_server()
    page = ctx.new_page()
    state = boot(page, srv.url)
    wait_stored(page)
    key = current_key(state, srv.url)
    page.evaluate("(key) => caches.open('mischia.snapshot').then(c => c.put(key, new Response(new Uint8Array(4096))))",
                  key)

    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == "fallback"
    add_combatant(page, "Bruna")
    page.wait_for_selector("#combatants .combatant")
    assert combatant_names(page) == ["Bruna"]
    failures = page.evaluate("JSON.parse(localStorage.getItem('mischia.boot'))")
    assert failures["key"] == key and failures["failures"] == 1
    # a fresh one is made (a snapshot that keeps failing is given up after two tries)
    wait_stored(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"


def test_python_failing_after_a_snapshot_restore_reloads_for_a_normal_boot(ctx, own_server):
    srv = own_server()
    page = ctx.new_page()
    boot(page, srv.url)
    wait_stored(page)

    served = {"broken": 0}

    def start_py(route):
        if served["broken"]:
            return route.continue_()
        served["broken"] += 1
        route.fulfill(status=200, content_type="text/plain",
                      body="from pyscript import document\n"
                           "document.body.setAttribute('data-boot-failed', '')\n"
                           "raise RuntimeError('broken on purpose')\n")

    ctx.route("**/py/mischia_ui/start.py", start_py)
    page.reload()
    # the broken start is seen, the snapshot dropped, the page reloaded once
    page.wait_for_function("document.documentElement.dataset.boot === 'normal'", timeout=READY_TIMEOUT_MS)
    wait_ready(page)
    assert served["broken"] == 1
    assert page.get_attribute("body", "data-boot-failed") is None
    assert page.evaluate("JSON.parse(localStorage.getItem('mischia.boot')).failures") == 1


def test_nosnapshot_flag_boots_normally_and_makes_none(ctx, own_server):
    srv = own_server()
    page = ctx.new_page()
    state = boot(page, srv.url + "?nosnapshot")
    assert state["boot"] == "normal" and state["snapshot"] == "off"
    assert page.evaluate("caches.keys()") == []


def test_reference_texts_of_the_language_in_use_come_on_demand(ctx, own_server):
    """Italian reference texts are not in py.tar.gz: fetched once the page is
    ready (by a normal and by a restored Python alike); Polish never."""
    srv = own_server()
    page = ctx.new_page()
    page.goto(srv.url + "?nosnapshot", wait_until="domcontentloaded")  # only to reach localStorage
    page.evaluate("localStorage.setItem('mischia.settings', JSON.stringify("
                  "{schema: 1, lang: 'it', theme: 'system', wakelock: true}))")
    read_it = ("import('./static/js/pyodide-loader.mjs').then(m => m.runtime().runPython("
               "'from mischia import reference; len(reference.table(\"it\"))'))")
    for expected_boot in ("normal", "snapshot"):
        page.goto(srv.url)
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.boot") == expected_boot
        page.wait_for_function(f"{read_it}.then(n => n > 100)", timeout=READY_TIMEOUT_MS)
        if expected_boot == "normal":
            wait_stored(page)
    paths = [path for _, path, _ in srv.log]
    assert "/py/mischia/data/rules.it.json" in paths  # (the second time from the HTTP cache)
    assert "/py/mischia/data/rules.pl.json" not in paths
