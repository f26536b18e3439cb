/* Mischia's Pyodide loader: the `interpreter` module of pyscript.toml.
 *
 * PyScript imports the interpreter module named in its config and calls its
 * `loadPyodide(options)` (it reads `loadPyodide` and `version` from it);
 * PyScript offers no other way to hand Pyodide extra options. So this module
 * re-exports Pyodide's `version` and wraps its `loadPyodide`, and PyScript
 * stays in charge of everything else (config, files, scripts, events).
 *
 * What the wrapper adds:
 * - an early start: index.html loads this module with its own <script> tag,
 *   Python starts loading right away, and this module then loads PyScript
 *   (static/vendor/pyscript/core.js) after the first paint; when PyScript
 *   calls loadPyodide it gets that same Pyodide;
 * - `indexURL`: Pyodide's own files (PyScript would derive it from this
 *   file's URL);
 * - `lockFileContents`: an empty lock file (Mischia loads no Pyodide
 *   packages), instead of fetching the 120 kB pyodide-lock.json;
 * - the app's Python files: py.tar.gz is fetched while Pyodide loads and written
 *   into its working directory before PyScript gets Python (app-files.mjs;
 *   pyscript.toml has no [files]);
 * - a memory snapshot (`_loadSnapshot`, experimental Pyodide API): when this
 *   browser keeps one for this runtime and app version
 *   (snapshot-store.mjs), Pyodide restores it instead of starting Python
 *   and compiling the app's modules again. When it is missing or stale the
 *   boot is a normal one, and once the page is ready a worker makes a fresh
 *   snapshot (snapshot-worker.mjs); when restoring fails, the snapshot is
 *   deleted and the boot goes on normally.
 *
 * The outcome is on <html> (with data-app, the app version, and data-runtime,
 * Pyodide's): data-boot = "snapshot" | "normal" | "fallback", data-snapshot =
 * "found" | "missing" | "stale" | "off" | "error" and then "making" |
 * "stored" | "not-stored". `?nosnapshot` in the page URL turns the snapshot
 * off (normal boot, none made).
 */

import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";
import { APP_VERSION, PYODIDE_LOCK } from "../vendor/app/build.mjs";
import * as snapshots from "./snapshot-store.mjs";
import * as appFiles from "./app-files.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url);
const WORKER_TIMEOUT_MS = 180000;
const html = document.documentElement;
html.dataset.app = APP_VERSION; // the app version, also for py/mischia_ui/start.py
html.dataset.runtime = version;
const enabled = !/[?&]nosnapshot\b/.test(location.search) && "caches" in globalThis
  && "Worker" in globalThis;

// Look for the snapshot as soon as this module runs.
const lookup = enabled
  ? snapshots.find(version, APP_VERSION).catch((error) => {
    console.info("Mischia: the Python snapshot could not be looked up:", error);
    return { status: "error" };
  })
  : Promise.resolve({ status: "off" });
// The app's Python files come meanwhile (one fetch), written once Python runs.
const bundle = appFiles.fetchBundle();
bundle.catch(() => {}); // reported when boot() awaits it

let pyodide = null;
let starting = null;

// PyScript hands its own stdout/stderr to loadPyodide; Python starts before
// it asks (see below), so Pyodide gets these and they forward to PyScript's.
const streams = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
const forward = {
  stdout: (...args) => streams.stdout(...args),
  stderr: (...args) => streams.stderr(...args),
};

/** The running Pyodide (for the benchmark: memory, timings). */
export const runtime = () => pyodide;

async function boot() {
  const base = { indexURL: INDEX_URL, lockFileContents: PYODIDE_LOCK, ...forward };
  const found = await lookup;
  html.dataset.snapshot = found.status;
  if (found.response) {
    try {
      pyodide = await loadRuntime({ ...base, _loadSnapshot: found.response.arrayBuffer() });
      html.dataset.boot = "snapshot";
      performance.mark("mischia:snapshot-restored");
      await appFiles.install(pyodide, await bundle);
      whenReady(() => snapshots.noteSuccess(found.key));
      return pyodide;
    } catch (error) {
      console.warn("Mischia: the saved Python snapshot could not be used; starting normally.", error);
      html.dataset.boot = "fallback";
      snapshots.noteFailure(found.key, error && error.message);
      await snapshots.clear().catch(() => {});
    }
  }
  pyodide = await loadRuntime(base);
  await appFiles.install(pyodide, await bundle);
  if (!html.dataset.boot) html.dataset.boot = "normal";
  if (enabled && snapshots.worthMaking(snapshots.keyFor(version, APP_VERSION))) {
    whenReady(() => idle(() => makeSnapshot(pyodide)));
  }
  return pyodide;
}

const KNOWN_OPTIONS = new Set(["indexURL", "stdout", "stderr"]);

/** What PyScript calls. Mischia's own <script> tag for this module
 * (index.html) has already started Python by then; PyScript gets that
 * same Pyodide. PyScript passes stdout, stderr and an indexURL (derived
 * from this file's URL, not Pyodide's: replaced); Mischia's config asks for
 * nothing else (no packages). */
export function loadPyodide(options = {}) {
  if (options.stdout) streams.stdout = options.stdout;
  if (options.stderr) streams.stderr = options.stderr;
  const unknown = Object.keys(options).filter((key) => !KNOWN_OPTIONS.has(key));
  if (unknown.length) console.warn("Mischia's Pyodide loader ignores these options:", unknown);
  return start();
}

function start() {
  if (!starting) {
    performance.mark("mischia:pyodide-start");
    starting = boot();
  }
  return starting;
}

// Start Python as soon as this module runs (from its own <script> tag, once
// the page is parsed), then PyScript itself once the first paint is done:
// the saved table (resume.js) is on screen before anything heavy runs.
start();
afterFirstPaint(() => {
  import("../vendor/pyscript/core.js").catch((error) => {
    throw new Error(`could not load the PyScript runtime (${error && error.message})`); // boot.js says so
  });
});

function afterFirstPaint(callback) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      callback();
    }
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100); // a hidden page has no frames
}

function whenReady(callback) {
  if (document.body && document.body.hasAttribute("data-ready")) return callback();
  const observer = new MutationObserver(() => {
    if (document.body.hasAttribute("data-ready")) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

function idle(callback) {
  if ("requestIdleCallback" in globalThis) requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 500);
}

// What the worker needs from this page: the modules imported at start and
// the source of those files under the working directory (PyScript's own
// package is written there by PyScript, and is not in py.tar.gz).
const STARTED_WITH = `
def _started_with():
    import os, sys
    cwd = os.getcwd() + os.sep
    files = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    sources = {}
    for path in sorted(f for f in files if isinstance(f, str) and f.startswith(cwd) and f.endswith(".py")):
        with open(path, encoding="utf-8") as fh:
            sources[path] = fh.read()
    return [sorted(sys.modules), sources]
_started_with()
`;

function makeSnapshot(py) {
  if (document.body.hasAttribute("data-boot-failed")) return;
  let modules, sources;
  try {
    const scope = py.globals.get("dict")();
    const found = py.runPython(STARTED_WITH, { globals: scope });
    [modules, sources] = found.toJs({ dict_converter: Object.fromEntries });
    found.destroy();
    scope.destroy();
  } catch (error) {
    html.dataset.snapshot = "not-stored";
    console.info("Mischia: no Python snapshot made:", error);
    return;
  }
  html.dataset.snapshot = "making";
  const worker = new Worker(WORKER_URL, { type: "module", name: "mischia-snapshot" });
  const finish = (result) => {
    clearTimeout(timer);
    worker.terminate();
    html.dataset.snapshot = result.ok ? "stored" : "not-stored";
    if (result.ok) console.info("Mischia: Python snapshot made", result);
    else console.info("Mischia: no Python snapshot made:", result.reason);
  };
  const timer = setTimeout(() => finish({ ok: false, reason: "timed out" }), WORKER_TIMEOUT_MS);
  worker.addEventListener("message", (event) => finish(event.data || { ok: false }));
  worker.addEventListener("error", (event) => finish({ ok: false, reason: event.message || "worker error" }));
  worker.postMessage({ modules, sources, app: APP_VERSION });
}
