"""Mischia's benchmark: prints figures, asserts nothing (`make bench`).

* Time from navigation start to the page's ready mark (``mischia:ready``,
  set by the Python UI with ``body[data-ready]``): cold (a new browser
  profile each run) and warm (one persistent profile with the service worker
  installed), at normal CPU and at 4x slowdown (CDP
  ``Emulation.setCPUThrottlingRate``); median, min and max of N runs.
* Bytes a first visit transfers: uncompressed and gzip-compressed (what a
  gzip-serving host such as GitHub Pages sends), for the page's own boot
  and including the service worker's precache.
* One engine call (``mischia.benchmark.engine_call``) timed in Pyodide in the
  page and in this CPython.

Needs a built site (``make site``) and the test virtualenv (Playwright).
"""

from __future__ import annotations

import argparse
import gzip
import statistics
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
TIMEOUT_MS = 120_000
READY_JS = "performance.getEntriesByName('mischia:ready')[0].startTime"

BENCH_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Mischia engine bench</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body><pre id="out">running</pre>
<script type="py" config="./pyscript.toml">
import time, traceback
from pyscript import document

def batch_seconds(n):
    start = time.perf_counter()
    for _ in range(n):
        engine_call()
    return time.perf_counter() - start

try:
    from mischia.benchmark import engine_call
    engine_call()  # warm up imports
    n = 1
    while batch_seconds(n) < 0.2:
        n *= 2
    per_call = sorted(batch_seconds(n) / n for _ in range(__REPEATS__))
    result = ",".join(str(t) for t in per_call)
except Exception:
    result = "ERROR " + traceback.format_exc()
document.getElementById("out").textContent = result
document.body.setAttribute("data-done", "")
</script>
<mpy-config hidden>{"plugins": ["!codemirror", "!deprecations-manager", "!donkey", "!error", "!py-editor", "!py-game", "!py-terminal"]}</mpy-config>
</body></html>
"""


def ready_ms(page) -> float:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=TIMEOUT_MS)
    return float(page.evaluate(READY_JS))


def throttle(page, rate: float) -> None:
    if rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def cold_run(browser, url: str, rate: float) -> float:
    context = browser.new_context(viewport=VIEWPORT)  # a new, empty profile
    try:
        page = context.new_page()
        throttle(page, rate)
        page.goto(url)
        return ready_ms(page)
    finally:
        context.close()


def warm_runs(playwright, url: str, rates: list[float], runs: int) -> dict[float, list[float]]:
    """One persistent profile: install the service worker, then measure."""
    out: dict[float, list[float]] = {rate: [] for rate in rates}
    with tempfile.TemporaryDirectory(prefix="mischia-bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport=VIEWPORT, **launch_options())
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url)
            ready_ms(page)
            page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=TIMEOUT_MS)
            page.close()
            for rate in rates:
                for _ in range(runs):
                    page = context.new_page()
                    throttle(page, rate)
                    page.goto(url)
                    out[rate].append(ready_ms(page))
                    page.close()
        finally:
            context.close()
    return out


def first_visit_bytes(playwright, site: Path) -> dict[str, tuple[int, int]]:
    """(uncompressed, gzip) bytes served for a first visit in a new persistent
    profile (a real disk cache): the page's boot up to the service worker's
    registration, and everything including the worker's precache."""
    server = serve.make_server(site)
    serve.start_in_thread(server)
    try:
        with tempfile.TemporaryDirectory(prefix="mischia-bench-profile-") as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, viewport=VIEWPORT, **launch_options())
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(server.url)
            ready_ms(page)
            page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=TIMEOUT_MS)
            time.sleep(0.5)
            context.close()
        full_log = list(server.log)
    finally:
        server.shutdown()
        server.server_close()
    paths = [path for _, path, _ in full_log]
    boot_log = full_log[:paths.index("/sw.js")] if "/sw.js" in paths else full_log

    def total(log) -> tuple[int, int]:
        raw = packed = 0
        for _, path, status in log:
            if status != 200:
                continue  # 304s carry no body
            rel = path.split("?")[0].lstrip("/") or "index.html"
            if rel.endswith("/"):
                rel += "index.html"
            data = (site / rel).read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
        return raw, packed

    return {"page boot": total(boot_log), "boot + precache": total(full_log)}


def engine_in_pyodide(browser, site: Path, repeats: int) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="mischia-bench-site-") as tmp:
        root = Path(tmp)
        for item in site.iterdir():
            if item.name not in ("index.html", "sw.js"):
                (root / item.name).symlink_to(item, target_is_directory=item.is_dir())
        (root / "bench.html").write_text(BENCH_PAGE.replace("__REPEATS__", str(repeats)))
        server = serve.make_server(root)
        serve.start_in_thread(server)
        try:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(server.url + "bench.html")
            page.wait_for_selector("body[data-done]", state="attached", timeout=TIMEOUT_MS)
            text = page.text_content("#out")
            if text.startswith("ERROR"):
                raise RuntimeError("engine call failed in Pyodide:\n" + text)
            values = [float(v) for v in text.split(",")]
            context.close()
        finally:
            server.shutdown()
            server.server_close()
    return values


def engine_in_cpython(repeats: int) -> list[float]:
    from mischia.benchmark import engine_call

    engine_call()
    timer = timeit.Timer(engine_call)
    n, _ = timer.autorange()
    return sorted(t / n for t in timer.repeat(repeat=repeats, number=n))


def stats(values: list[float]) -> str:
    return (f"{statistics.median(values):9.0f} {min(values):9.0f} {max(values):9.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print Mischia's boot, size and engine figures.")
    parser.add_argument("--site", default=str(ROOT / "_site"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    site = Path(args.site).resolve()
    if not (site / "sw.js").exists():
        print(f"{site} is not a built site: run `make site` first", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    rates = [1.0, 4.0]
    started = time.time()
    server = serve.make_server(site)
    serve.start_in_thread(server)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            print(f"Mischia benchmark: {browser.version} headless, viewport 360x740, "
                  f"{args.runs} runs each, site {site}", flush=True)
            cold = {rate: [cold_run(browser, server.url, rate) for _ in range(args.runs)]
                    for rate in rates}
            warm = warm_runs(pw, server.url, rates, args.runs)
            sizes = first_visit_bytes(pw, site)
            pyodide_times = engine_in_pyodide(browser, site, args.runs)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    cpython_times = engine_in_cpython(args.runs)

    print()
    print("Navigation start -> ready (ms)      median       min       max")
    for label, table in (("cold (new profile)", cold), ("warm (service worker)", warm)):
        for rate in rates:
            print(f"  {label:<22} CPU {rate:g}x  {stats(table[rate])}")
    print()
    print("First visit transfer                 uncompressed        gzip")
    for label, (raw, packed) in sizes.items():
        print(f"  {label:<30} {raw / 1e6:10.2f} MB {packed / 1e6:8.2f} MB")
    print()
    print("Engine call (mischia.benchmark.engine_call)   median ms/call   min ms/call")
    for label, values in (("Pyodide (in page, CPU 1x)", pyodide_times),
                          (f"CPython {sys.version.split()[0]}", cpython_times)):
        print(f"  {label:<40} {statistics.median(values) * 1e3:10.3f} {min(values) * 1e3:13.3f}")
    ratio = statistics.median(pyodide_times) / statistics.median(cpython_times)
    print(f"  Pyodide / CPython: {ratio:.1f}x")
    print(f"\n(benchmark took {time.time() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
