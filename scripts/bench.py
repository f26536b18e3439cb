"""Mischia's benchmark: prints figures, asserts nothing (`make bench`).

Two builds side by side, measured in the same run, headless Chromium at
360x740: this one (the site given, ``_site/`` by default) and the baseline
(``scripts/build.py --baseline``: the same app without the speed levers of
issue 8 — no saved-table preview, no memory snapshot, no early start, one
fetch per Python file, Pyodide's lock file).

* Saved encounter on screen, warm: time from navigation start to the first
  paint of the saved table (the preview's element timing; the baseline
  shows it only once Python is ready), at normal CPU and 4x slowdown (CDP
  ``Emulation.setCPUThrottlingRate``).
* Navigation start -> ready mark (``mischia:ready``, set with
  ``body[data-ready]`` when the app is interactive): cold (a new profile each
  run) and warm (one persistent profile: service worker installed, memory
  snapshot made), at 1x and 4x; median, min and max of N runs, and the
  warm boot's phases.
* Bytes a first visit transfers, uncompressed and gzip-compressed (what a
  gzip-serving host such as GitHub Pages sends): the page's boot, and
  everything until the service worker's precache (and the snapshot) are done.
* Engine and rendering, in the page (Pyodide, CPU 1x) for encounters of 5 to
  100 combatants: one attack resolution with its breakdown
  (``mischia.benchmark.attack_call``, also in this CPython), a full
  re-render (``app.rerender()``), and typing in the fight screen's name field
  (keydown to the end of every input handler, and to the next frame).
* Memory: JS heap (after a garbage collection) plus wasm memory, after a warm
  boot and with a 100-combatant encounter on screen.

Needs a built site (``make site``) and the test virtualenv (Playwright).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

import serve  # noqa: E402
from chromium import launch_options  # noqa: E402

VIEWPORT = {"width": 360, "height": 740}
TIMEOUT_MS = 180_000
RATES = (1.0, 4.0)
SIZES = (5, 10, 30, 60, 100)
SAVED = 8  # combatants in the saved encounter of the warm boots
LEVERS, BASELINE = "this build", "baseline"

# everything one boot tells: marks, the preview's paint, how Python started
BOOT_JS = """() => new Promise((resolve) => {
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const done = (elements) => resolve({
    ready: mark('mischia:ready'), resume: mark('mischia:resume'),
    pyodideStart: mark('mischia:pyodide-start'), restored: mark('mischia:snapshot-restored'),
    python: mark('mischia:python'), imported: mark('mischia:imported'),
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    painted: elements.find((e) => e.identifier === 'mischia-resume')?.renderTime || null,
    boot: document.documentElement.dataset.boot || 'plain',
  });
  try {
    new PerformanceObserver((list) => done(list.getEntries()))
      .observe({ type: 'element', buffered: true });
    setTimeout(() => done([]), 300);
  } catch (error) { done([]); }
})"""

RUNTIME_JS = "import('./static/js/pyodide-loader.mjs').then((m) => m.runtime())"

TYPING_JS = """() => {
  window.__typing = [];
  let start = 0;
  addEventListener('keydown', (e) => { start = e.timeStamp; }, true);
  addEventListener('input', () => {
    const handled = performance.now() - start;
    requestAnimationFrame(() => window.__typing.push([handled, performance.now() - start]));
  });
}"""


# ----- sites and pages -------------------------------------------------------------

class Site:
    def __init__(self, label: str, root: Path):
        self.label, self.root = label, root
        self.server = serve.make_server(root)
        serve.start_in_thread(self.server)
        self.url = self.server.url

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def saved_storage(n: int) -> dict:
    from mischia.benchmark import sample_encounter

    enc = sample_encounter(n)
    index = {"schema": 1, "current": "e1",
             "encounters": [{"id": "e1", "name": enc.name, "ruleset": enc.ruleset, "updated": 1}]}
    return {"mischia.index": json.dumps(index), "mischia.enc.e1": enc.to_json()}


def store(page, values: dict) -> None:
    page.evaluate("(v) => { for (const k in v) localStorage.setItem(k, v[k]); }", values)


def throttle(page, rate: float) -> None:
    if rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def wait_ready(page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=TIMEOUT_MS)


def one_boot(context, url: str, rate: float) -> dict:
    page = context.new_page()
    try:
        throttle(page, rate)
        page.goto(url)
        wait_ready(page)
        result = page.evaluate(BOOT_JS)
        page.wait_for_timeout(500)  # let work after ready end before the next start
        return result
    finally:
        page.close()
        time.sleep(0.3)  # and the page's teardown


def cold_runs(browser, sites: dict, runs: int) -> dict:
    """site label -> rate -> boots, each in a new empty profile; the two
    builds take turns, so both see the same machine."""
    out = {label: {rate: [] for rate in RATES} for label in sites}
    for rate in RATES:
        for _ in range(runs):
            for label, site in sites.items():
                context = browser.new_context(viewport=VIEWPORT)  # a new, empty profile
                try:
                    out[label][rate].append(one_boot(context, site.url, rate))
                finally:
                    context.close()
    return out


def settle(page, site: Site) -> None:
    """After a first visit: service worker in control and, for this build,
    the memory snapshot made."""
    page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=TIMEOUT_MS)
    if site.label == LEVERS:
        page.wait_for_function("['stored', 'not-stored', 'off'].includes(document.documentElement.dataset.snapshot)",
                               timeout=TIMEOUT_MS)


def warm_profile(playwright, site: Site, profile: str):
    """A persistent profile after a first visit, with a saved encounter."""
    context = playwright.chromium.launch_persistent_context(profile, viewport=VIEWPORT, **launch_options())
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site.url)
    wait_ready(page)
    store(page, saved_storage(SAVED))
    settle(page, site)
    page.close()
    one_boot(context, site.url, 1)  # the app writes what the next start reads (preview words)
    return context


def warm_runs(contexts: dict, sites: dict, runs: int) -> dict:
    """site label -> rate -> boots in that site's warm profile, taking turns."""
    out = {label: {rate: [] for rate in RATES} for label in sites}
    for rate in RATES:
        for _ in range(runs):
            for label, site in sites.items():
                out[label][rate].append(one_boot(contexts[label], site.url, rate))
    return out


# ----- first visit ------------------------------------------------------------------

def first_visit_bytes(playwright, site_root: Path, label: str) -> dict:
    """(uncompressed, gzip) bytes served for a first visit in a new persistent
    profile (a real disk cache): the page's boot up to the service worker's
    registration, and everything until the worker (and snapshot) are done."""
    site = Site(label, site_root)
    try:
        with tempfile.TemporaryDirectory(prefix="mischia-bench-profile-") as profile:
            context = playwright.chromium.launch_persistent_context(profile, viewport=VIEWPORT, **launch_options())
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(site.url)
            wait_ready(page)
            settle(page, site)
            time.sleep(0.5)
            context.close()
        full_log = list(site.server.log)
    finally:
        site.close()
    paths = [path for _, path, _ in full_log]
    boot_log = full_log[:paths.index("/sw.js")] if "/sw.js" in paths else full_log

    def total(log) -> tuple:
        raw = packed = 0
        for _, path, status in log:
            if status != 200:
                continue  # 304s carry no body
            rel = path.split("?")[0].lstrip("/") or "index.html"
            if rel.endswith("/"):
                rel += "index.html"
            data = (site_root / rel).read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
        return raw, packed

    return {"page boot": total(boot_log), "boot + precache": total(full_log)}


# ----- engine, rendering, typing, memory (this build, in the page) ---------------------

def in_page(playwright, site: Site, repeats: int) -> dict:
    """Per encounter size: attack ms, re-render ms, typing ms, memory bytes."""
    out = {}
    with tempfile.TemporaryDirectory(prefix="mischia-bench-profile-") as profile:
        context = warm_profile(playwright, site, profile)
        try:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            page.goto(site.url)
            wait_ready(page)
            out["boot"] = memory(page, cdp)
            for n in SIZES:
                store(page, saved_storage(n))
                page.reload()
                wait_ready(page)
                out[n] = {
                    "boot": page.evaluate("document.documentElement.dataset.boot"),
                    "attack": python_timing(page, f"attack_call({n})", "from mischia.benchmark import attack_call",
                                            repeats),
                    "rerender": python_timing(page, "SCREEN.rerender()", "", repeats, batch=1),
                    "typing": typing(page),
                    "memory": memory(page, cdp),
                }
            page.close()
        finally:
            context.close()
    return out


def python_timing(page, statement: str, setup: str, repeats: int, batch: int = 0) -> list:
    """Seconds per run of ``statement`` in the page's Python, ``repeats`` times."""
    code = f"""
import time
{setup}
def _bench():
    {statement}
_bench()
n = {batch}
if not n:
    n = 1
    while True:
        t = time.perf_counter()
        for _ in range(n):
            _bench()
        if time.perf_counter() - t > 0.2:
            break
        n *= 2
result = []
for _ in range({repeats}):
    t = time.perf_counter()
    for _ in range(n):
        _bench()
    result.append((time.perf_counter() - t) / n)
",".join(repr(x) for x in result)
"""
    text = page.evaluate(f"(code) => {RUNTIME_JS}.then((py) => py.runPython(code))", code)
    return [float(x) for x in text.split(",")]


def typing(page) -> dict:
    """Type into the fight screen's name field: worst and median of
    keydown → every input handler done, and keydown → next frame (ms)."""
    field = page.locator("#add-name")
    if not field.count():
        return {}
    page.evaluate(TYPING_JS)
    field.click()
    page.keyboard.type("Goblin archer of the hills", delay=40)
    page.wait_for_function("window.__typing.length >= 26", timeout=10_000)
    rows = page.evaluate("window.__typing")
    handled = [r[0] for r in rows]
    frame = [r[1] for r in rows]
    field.fill("")
    return {"handled": (statistics.median(handled), max(handled)),
            "frame": (statistics.median(frame), max(frame))}


def memory(page, cdp) -> dict:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    wasm = page.evaluate(f"{RUNTIME_JS}.then((py) => py._module.HEAP8.byteLength)")
    return {"js": heap, "wasm": wasm}


def attack_in_cpython(repeats: int) -> dict:
    from mischia.benchmark import attack_call

    out = {}
    for n in SIZES:
        attack_call(n)
        timer = timeit.Timer(lambda: attack_call(n))
        number, _ = timer.autorange()
        out[n] = [t / number for t in timer.repeat(repeat=repeats, number=number)]
    return out


# ----- printing -------------------------------------------------------------------------

def triple(values) -> str:
    values = [v for v in values if v is not None]
    if not values:
        return f"{'-':>7} {'-':>6} {'-':>6}"
    return f"{statistics.median(values):7.0f} {min(values):6.0f} {max(values):6.0f}"


def on_screen(run: dict):
    """When the saved encounter was first painted: the preview, else the app."""
    return run["painted"] or run["ready"]


def print_report(browser_version, runs, cold, warm, sizes, engine, cpython) -> None:
    print(f"\nMischia benchmark: Chromium {browser_version} headless, viewport 360x740, "
          f"{runs} runs each (median, min, max); '{LEVERS}' and '{BASELINE}' measured in the same run, "
          "taking turns")
    head = f"{'':41}{LEVERS:>21}   {BASELINE:>21}"
    sub = f"{'':41}{'median':>7} {'min':>6} {'max':>6}   {'median':>7} {'min':>6} {'max':>6}"

    print(f"\nSaved encounter ({SAVED} combatants) on screen, warm (ms)")
    print(head)
    print(sub)
    for rate in RATES:
        print(f"  {'first paint of the table':<28} CPU {rate:g}x  "
              f"{triple([on_screen(r) for r in warm[LEVERS][rate]])}   "
              f"{triple([on_screen(r) for r in warm[BASELINE][rate]])}")

    print("\nNavigation start -> ready (ms)")
    print(head)
    print(sub)
    for label, table in (("cold (new profile)", cold), ("warm (persistent profile)", warm)):
        for rate in RATES:
            print(f"  {label:<28} CPU {rate:g}x  {triple([r['ready'] for r in table[LEVERS][rate]])}   "
                  f"{triple([r['ready'] for r in table[BASELINE][rate]])}")
    boots = {}
    for r in warm[LEVERS][1.0] + warm[LEVERS][4.0]:
        boots[r["boot"]] = boots.get(r["boot"], 0) + 1
    print(f"  ({LEVERS}, warm boots: " + ", ".join(f"{n} {k}" for k, n in sorted(boots.items())) + ")")

    print(f"\nWarm boot phases, {LEVERS} (median ms from navigation start)")
    print(f"{'':14}{'preview':>9}{'Python':>9}{'restored':>10}{'start.py':>10}{'imported':>10}{'ready':>8}")
    for rate in RATES:
        rows = warm[LEVERS][rate]

        def med(key):
            values = [r[key] for r in rows if r[key] is not None]
            return f"{statistics.median(values):.0f}" if values else "-"

        print(f"  CPU {rate:g}x      {med('painted'):>9}{med('pyodideStart'):>9}{med('restored'):>10}"
              f"{med('python'):>10}{med('imported'):>10}{med('ready'):>8}")

    print("\nFirst visit transfer                uncompressed      gzip")
    for label in (LEVERS, BASELINE):
        for part, (raw, packed) in sizes[label].items():
            print(f"  {label:<12} {part:<20} {raw / 1e6:8.2f} MB {packed / 1e6:7.2f} MB")

    print(f"\nEngine and rendering, {LEVERS}: Pyodide in the page at CPU 1x (median ms; worst in brackets)")
    print(f"  {'combatants':<34}" + "".join(f"{n:>9}" for n in SIZES))
    print(f"  {'attack + breakdown, Pyodide':<34}" + "".join(
        f"{statistics.median(engine[n]['attack']) * 1e3:9.3f}" for n in SIZES))
    print(f"  {'attack + breakdown, CPython ' + sys.version.split()[0]:<34}" + "".join(
        f"{statistics.median(cpython[n]) * 1e3:9.3f}" for n in SIZES))
    print(f"  {'full re-render (app.rerender)':<34}" + "".join(
        f"{statistics.median(engine[n]['rerender']) * 1e3:9.1f}" for n in SIZES))
    for key, label in (("handled", "typing: keydown -> handlers done"), ("frame", "typing: keydown -> next frame")):
        cells = []
        for n in SIZES:
            t = engine[n]["typing"]
            cells.append(f"{t[key][0]:4.1f}({t[key][1]:.0f})" if t else "    -")
        print(f"  {label:<34}" + "".join(f"{c:>9}" for c in cells))
    print("  (one frame at 60 Hz: 16.7 ms)")

    print(f"\nMemory, {LEVERS} (MB)                 JS heap      wasm     total")
    for label, m in ((f"after a warm boot ({SAVED} combatants)", engine["boot"]),
                     (f"with {SIZES[-1]} combatants on screen", engine[SIZES[-1]]["memory"])):
        print(f"  {label:<34} {m['js'] / 1e6:8.1f} {m['wasm'] / 1e6:9.1f} {(m['js'] + m['wasm']) / 1e6:9.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print Mischia's speed, size and memory figures.")
    parser.add_argument("--site", default=str(ROOT / "_site"), help="the built site (make site)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    site_root = Path(args.site).resolve()
    if not (site_root / "sw.js").exists():
        print(f"{site_root} is not a built site: run `make site` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    started = time.time()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="mischia-bench-") as tmp:
        base_root = Path(tmp) / "baseline"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--site", str(base_root),
                        "--baseline"], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        sites = {LEVERS: Site(LEVERS, site_root), BASELINE: Site(BASELINE, base_root)}
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(**launch_options())
                version = browser.version
                print(f"Mischia benchmark: {version}, {args.runs} runs each; {LEVERS}: {site_root}", flush=True)
                cold = cold_runs(browser, sites, args.runs)
                print("  cold boots done", flush=True)
                with tempfile.TemporaryDirectory(prefix="mischia-bench-profile-") as profiles:
                    contexts = {label: warm_profile(pw, site, str(Path(profiles) / str(i)))
                                for i, (label, site) in enumerate(sites.items())}
                    try:
                        warm = warm_runs(contexts, sites, args.runs)
                    finally:
                        for context in contexts.values():
                            context.close()
                print("  warm boots done", flush=True)
                sizes = {LEVERS: first_visit_bytes(pw, site_root, LEVERS),
                         BASELINE: first_visit_bytes(pw, base_root, BASELINE)}
                print("  first visits done", flush=True)
                engine = in_page(pw, sites[LEVERS], args.runs)
                browser.close()
        finally:
            for site in sites.values():
                site.close()
    cpython = attack_in_cpython(args.runs)
    print_report(version, args.runs, cold, warm, sizes, engine, cpython)
    print(f"\n(benchmark took {time.time() - started:.0f} s; machine load average "
          f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end: figures from a busy "
          f"machine are slower and more spread)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
