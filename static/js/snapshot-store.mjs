/* Where Mischia keeps its Pyodide memory snapshot: one entry in Cache
 * Storage (cache "mischia.snapshot"), keyed by the Pyodide runtime version
 * and the app version (the service worker's content hash, from
 * static/vendor/app/build.mjs). Only the current key is ever used: any other
 * entry is stale and is deleted when it is found.
 *
 * Shared by the page's loader (static/js/pyodide-loader.mjs), the worker that
 * makes the snapshot (static/js/snapshot-worker.mjs) and boot.js.
 *
 * Also remembers, in localStorage under "mischia.boot", how often a snapshot
 * of the current key failed to start, so a snapshot this browser cannot use
 * is not made again and again.
 */

export const CACHE_NAME = "mischia.snapshot";
const FAILURES = "mischia.boot";
const MAX_FAILURES = 2;
const ROOT = new URL("../../", import.meta.url); // the site root (this file is static/js/)

/** The Cache Storage key of the snapshot for this runtime and app version. */
export function keyFor(runtime, app) {
  return new URL(`__snapshot__/${encodeURIComponent(runtime)}/${encodeURIComponent(app)}`, ROOT).href;
}

/** Look for the snapshot: {status: "found", response} when there is one for
 * this key; {status: "stale"} when only other versions' were there (they are
 * deleted); {status: "missing"}; {status: "unavailable"} without Cache Storage. */
export async function find(runtime, app) {
  if (!("caches" in globalThis)) return { status: "unavailable" };
  const key = keyFor(runtime, app);
  const cache = await caches.open(CACHE_NAME);
  const response = await cache.match(key);
  if (response) return { status: "found", response, key };
  const others = await cache.keys();
  for (const request of others) await cache.delete(request);
  return { status: others.length ? "stale" : "missing", key };
}

/** Keep a snapshot for this key; every other entry is removed. */
export async function put(runtime, app, bytes, meta = {}) {
  const key = keyFor(runtime, app);
  const cache = await caches.open(CACHE_NAME);
  await cache.put(key, new Response(bytes, {
    headers: {
      "content-type": "application/octet-stream",
      "x-mischia-snapshot": JSON.stringify({ runtime, app, ...meta }),
    },
  }));
  for (const request of await cache.keys()) {
    if (request.url !== key) await cache.delete(request);
  }
  return key;
}

/** Remove every snapshot. */
export async function clear() {
  if ("caches" in globalThis) await caches.delete(CACHE_NAME);
}

function readFailures() {
  try {
    const data = JSON.parse(globalThis.localStorage?.getItem(FAILURES) || "null");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** Record that the snapshot for `key` could not start Mischia. */
export function noteFailure(key, reason) {
  try {
    const data = readFailures();
    const failures = data.key === key ? Number(data.failures) || 0 : 0;
    globalThis.localStorage?.setItem(FAILURES, JSON.stringify({
      key, failures: failures + 1, reason: String(reason || "").slice(0, 300),
    }));
  } catch {
    // storage full or unavailable: the snapshot is simply tried again
  }
}

/** Forget failures (a snapshot of this key has just started Mischia). */
export function noteSuccess(key) {
  try {
    if (readFailures().key === key) globalThis.localStorage?.removeItem(FAILURES);
  } catch {
    // nothing to forget
  }
}

/** False once the snapshot for `key` has failed MAX_FAILURES times in a row. */
export function worthMaking(key) {
  const data = readFailures();
  return data.key !== key || (Number(data.failures) || 0) < MAX_FAILURES;
}
