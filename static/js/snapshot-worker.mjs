/* Makes Mischia's Pyodide memory snapshot, off the page's thread.
 *
 * Started by static/js/pyodide-loader.mjs after a normal boot has made the
 * page ready. It loads Pyodide with `_makeSnapshot: true` (experimental
 * Pyodide API), writes the app's files where the page writes them, imports the
 * pure-Python modules the page had imported (the rules core, the store,
 * gettext, json …: never a module that uses `pyscript` or `js`), then keeps
 * `pyodide.makeMemorySnapshot()` in Cache Storage (snapshot-store.mjs) under
 * the runtime and app version. The next visit restores that memory instead
 * of starting Python and compiling those modules again.
 *
 * What goes in is decided by static/js/snapshot_preload.py: see there.
 *
 * Message in: {modules: [names the page imported], sources: {path: text of
 * the imported files under Pyodide's working directory}, app: APP_VERSION
 * the page runs}.
 * Message out: {ok: true, bytes, ms, imported, compiled} or {ok: false, reason}.
 */

import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { APP_VERSION, PYODIDE_LOCK } from "../vendor/app/build.mjs";
import * as snapshots from "./snapshot-store.mjs";
import * as appFiles from "./app-files.mjs";

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const BUILD_INFO = new URL("../vendor/app/build.mjs", import.meta.url).href;
const HEADROOM = 1 << 20; // bytes left free in the initial heap
const PRELOAD = new URL("./snapshot_preload.py", import.meta.url).href;

// Runs snapshot_preload.py as the module `mischia_snapshot`, so what it
// keeps (the compiled code, the import hook) is part of the snapshot.
const LOAD_PRELOAD = `
import sys, types
_module = types.ModuleType("mischia_snapshot")
_module.__file__ = "mischia_snapshot.py"
exec(compile(_source, "mischia_snapshot.py", "exec"), _module.__dict__)
sys.modules["mischia_snapshot"] = _module
del _module, _source
`;

async function make({ modules, sources, app }) {
  const started = performance.now();
  if (app !== APP_VERSION) return { ok: false, reason: `app version changed (${app} → ${APP_VERSION})` };
  const pyodide = await loadPyodide({
    indexURL: INDEX_URL,
    lockFileContents: PYODIDE_LOCK,
    _makeSnapshot: true,
    stdout: () => {},
    stderr: () => {},
  });
  const initialHeap = pyodide._module.HEAP8.length;
  const zip = await appFiles.fetchBundle();
  // py.tar.gz and build.mjs must be the same version (an update may land meanwhile)
  const info = await (await fetch(BUILD_INFO)).text();
  if (!info.includes(JSON.stringify(APP_VERSION))) return { ok: false, reason: "app updated meanwhile" };
  await appFiles.install(pyodide, zip);
  const preloadSource = await (await fetch(PRELOAD)).text();
  pyodide.globals.set("_source", preloadSource);
  pyodide.runPython(LOAD_PRELOAD);
  const helper = pyodide.pyimport("mischia_snapshot");
  // Stop adding to Python's memory while it still fits the initial heap.
  const module = pyodide._module;
  const room = typeof module._sbrk === "function"
    ? () => module._sbrk(0) < initialHeap - HEADROOM
    : () => module.HEAP8.length === initialHeap;
  let imported = 0;
  let compiled = 0;

  for (const name of modules || []) {
    if (!room()) break;
    if (helper.preload(name)) imported++;
  }
  // first what every start runs (PyScript's package, the screens shown),
  // then the app's other files (screens opened later)
  for (const [path, text] of Object.entries(sources || {})) {
    if (!room()) break;
    if (helper.compile_ahead(path, text)) compiled++;
  }
  const files = helper.app_files();
  const ours = files.toJs();
  files.destroy();
  for (const path of ours) {
    if (!room()) break;
    if (helper.compile_ahead(path)) compiled++;
  }
  helper.done();
  helper.destroy();
  const heap = pyodide._module.HEAP8.length;
  if (heap > initialHeap) {
    // Pyodide restores into a heap of its initial size: a larger one cannot load
    return { ok: false, reason: `heap grew to ${heap} bytes (restores need ≤ ${initialHeap})` };
  }
  const bytes = pyodide.makeMemorySnapshot();
  await snapshots.put(version, APP_VERSION, bytes, { made: new Date().toISOString(), imported, compiled });
  const used = typeof module._sbrk === "function" ? module._sbrk(0) : null;
  return { ok: true, bytes: bytes.length, ms: Math.round(performance.now() - started), imported, compiled, used, heap: initialHeap };
}

self.addEventListener("message", async (event) => {
  let result;
  try {
    result = await make(event.data || {});
  } catch (error) {
    result = { ok: false, reason: String(error && error.message ? error.message : error).slice(0, 500) };
  }
  self.postMessage(result);
});
