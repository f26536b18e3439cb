/* The app's Python files: static/vendor/app/py.tar.gz (scripts/build.py
 * packs every file under py/ the page needs) read in JavaScript and written
 * into Pyodide's file system, in its working directory (on sys.path).
 *
 * Used by the page's loader (pyodide-loader.mjs) and the snapshot worker.
 * One gzip stream inflated natively by the browser (DecompressionStream),
 * then a plain tar walk: a few milliseconds, where Pyodide's unpackArchive
 * runs Python's tarfile/zipfile (a tenth of a second at normal speed on a
 * phone, more when it is slow). Without DecompressionStream the archive goes
 * to unpackArchive after all.
 *
 * Only what the build writes is read: regular files and directories in a
 * ustar archive, names in UTF-8.
 */

export const BUNDLE = new URL("../vendor/app/py.tar.gz", import.meta.url).href;

/** Fetch the bundle: an ArrayBuffer (throws on an HTTP error). */
export async function fetchBundle(url = BUNDLE) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${new URL(url).pathname} (HTTP ${response.status})`);
  return response.arrayBuffer();
}

/** The files of a gzip-compressed tar archive: [{name, data: Uint8Array}]. */
export async function untar(buffer) {
  const stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const text = new TextDecoder();
  const field = (at, length) => {
    const end = bytes.indexOf(0, at);
    return text.decode(bytes.subarray(at, end >= 0 && end < at + length ? end : at + length));
  };
  const files = [];
  for (let at = 0; at + 512 <= bytes.length;) {
    const name = field(at, 100);
    if (!name) break; // the two empty blocks at the end
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(bytes[at + 156] || 48);
    const prefix = field(at + 345, 155);
    const path = prefix ? `${prefix}/${name}` : name;
    const start = at + 512;
    if (type === "0") files.push({ name: path, data: bytes.subarray(start, start + size) });
    else if (type !== "5") throw new Error(`py.tar.gz: ${path} is not a plain file`);
    at = start + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Write the bundle's files under Pyodide's working directory. */
export async function install(pyodide, buffer) {
  if (!("DecompressionStream" in globalThis)) {
    pyodide.unpackArchive(buffer, "gztar", { extractDir: "./" });
    return;
  }
  const FS = pyodide.FS;
  const root = FS.cwd();
  const made = new Set();
  for (const { name, data } of await untar(buffer)) {
    const path = `${root}/${name}`;
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(path, data);
  }
}
