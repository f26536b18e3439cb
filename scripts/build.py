"""Build Mischia's generated files from the pinned npm packages and ``py/``.

What it writes (all derived, so nothing can drift by hand):

* ``static/vendor/`` (git-ignored): only the Pyodide and PyScript files the
  page actually loads, copied from ``node_modules``, and the app's own build
  products in ``static/vendor/app/``: ``py.tar.gz`` (every file under ``py/``
  the page needs at start, in one fetch that PyScript unpacks) and
  ``build.mjs`` (the app version and Pyodide's package-lock header, read by
  ``static/js/pyodide-loader.mjs``).
* ``pyscript.toml``: the interpreter (our loader around Pyodide's, which
  also writes ``py.tar.gz``'s files into the browser's file system).
* ``sw.js`` (git-ignored): the service worker, from
  ``scripts/sw.template.js``, with the precache list, the files it caches
  only once the page asks for them (reference texts in other languages) and
  a cache name that carries a hash of all of them (the app version).
* with ``--site DIR``: a clean copy of exactly the deployable files.
* with ``--site DIR --baseline``: the page as it was before the speed
  levers of issue 8 (one fetch per Python file, Pyodide's own loader and
  lock file, no saved-table preview), for ``make bench`` to compare against.

``--check`` only verifies that ``pyscript.toml`` is what this script writes
(exit 1 if not). Standard library only; run with ``python3 scripts/build.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
CONFIG = ROOT / "pyscript.toml"
SW_TEMPLATE = ROOT / "scripts" / "sw.template.js"
SW_OUT = ROOT / "sw.js"
APP_DIR = VENDOR / "app"           # the app's own build products
PY_BUNDLE = APP_DIR / "py.tar.gz"
BUILD_INFO = APP_DIR / "build.mjs"  # its content is derived from the hash: not hashed itself
LOADER = "./static/js/pyodide-loader.mjs"
# the page's tags for the speed levers: the baseline page has the second of
# each pair instead (PyScript's own module tag instead of our loader's)
LEVER_TAGS = (('<script src="./static/js/resume.js"></script>', ""),
              ('<link rel="preload" href="./static/js/resume.js" as="script">', ""),
              ('<script type="module" src="./static/js/pyodide-loader.mjs"></script>',
               '<script type="module" src="./static/vendor/pyscript/core.js"></script>'))

# Pyodide's loader, its wasm module and JS glue, the stdlib and the lock file
# it reads at start-up. Nothing else of the npm package is used.
# (Mischia loads no Pyodide packages, so our loader hands Pyodide an empty
# lock file instead of the 120 kB pyodide-lock.json: see build_info_text.)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
LOCK_FILE = "pyodide-lock.json"  # only the baseline build ships it

# Parts of Python's standard library a table-side web page never uses (a
# REPL, debuggers, test runners, servers, mail clients, code-page tables …):
# left out of the python_stdlib.zip the site ships, ~0.7 MB less to download
# on a first visit. The build fails if any file under py/ imports one of them
# (check_stdlib_imports), so taking one back is a one-line change here.
STDLIB_DROPPED = frozenset({
    "_pyrepl", "unittest", "multiprocessing", "xmlrpc", "wsgiref", "xml",
    "pdb", "bdb", "doctest", "pydoc", "pickletools", "trace", "tabnanny", "modulefinder", "pyclbr",
    "compileall", "zipapp", "imaplib", "smtplib", "poplib", "ftplib", "mailbox", "socketserver",
    "antigravity", "this", "__hello__", "__phello__",
})
# every text codec but these goes too (code pages, CJK, Mac): UTF-8/16/32,
# Latin-1 and ASCII, the byte-to-byte codecs, and what zip/idna need
STDLIB_CODECS = frozenset({
    "__init__", "aliases", "ascii", "base64_codec", "bz2_codec", "charmap", "cp437", "cp1252",
    "hex_codec", "idna", "latin_1", "iso8859_1", "iso8859_15", "punycode", "quopri_codec",
    "raw_unicode_escape", "rot_13", "undefined", "unicode_escape", "utf_16", "utf_16_be", "utf_16_le",
    "utf_32", "utf_32_be", "utf_32_le", "utf_7", "utf_8", "utf_8_sig", "uu_codec", "zlib_codec",
})
STDLIB_CACHE = NODE / ".cache" / "mischia"

# PyScript plugins the page does not use: PyScript then never imports them.
# "error" is switched off too (our own boot script reports errors in words),
# but PyScript still imports its chunk to tell it so.
DISABLED_PLUGINS = (
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
)
# Chunks that core loads lazily on every boot: the TOML parser for
# pyscript.toml and the error plugin (see above).
PYSCRIPT_LAZY_CHUNKS = ("toml", "error")

ENTRY_SCRIPT = "py/mischia_ui/start.py"
SKIP_DIRS = {"__pycache__"}
SKIP_SUFFIXES = {".pyc", ".pyo"}
# Reference texts in languages other than English: shipped as they are and
# fetched by the page only for the language in use (py/mischia_ui/start.py),
# never precached (the service worker keeps them once fetched). English is
# in py.tar.gz: it is every language's fallback.
ON_DEMAND_RE = re.compile(r"^py/mischia/data/rules\.(?!en\.)[A-Za-z_-]+\.json$")

# static imports only (`from"./x.js"`, `import"./x.js"`); dynamic `import("./x.js")`
# has a parenthesis and is not followed
IMPORT_RE = re.compile(r"""\b(?:from|import)\s*["'](\./[\w.\-]+\.js)["']""")


def pyscript_files(dist: Path) -> list[str]:
    """Names in @pyscript/core's dist/ that the page loads: core.js, its static
    imports and the lazy chunks named in PYSCRIPT_LAZY_CHUNKS, closed over
    their own static imports."""
    core_chunks = sorted(p.name for p in dist.glob("core-*.js"))
    if len(core_chunks) != 1:
        raise SystemExit(f"expected one core-*.js chunk in {dist}, found {core_chunks}")
    core_text = (dist / core_chunks[0]).read_text(encoding="utf-8")
    wanted = ["core.js"]
    for stem in PYSCRIPT_LAZY_CHUNKS:
        names = sorted(set(re.findall(rf'import\("\./({stem}-[\w\-]+\.js)"\)', core_text)))
        if len(names) != 1:
            raise SystemExit(f"cannot find the lazy chunk {stem!r} in {core_chunks[0]}: {names}")
        wanted.append(names[0])
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        for match in IMPORT_RE.finditer(text):
            wanted.append(match.group(1)[2:])
    return sorted(seen)


def copy_vendor(baseline: bool = False, dest: Path = VENDOR) -> list[Path]:
    """Copy the runtime files the page uses into ``dest`` (static/vendor/);
    return them. The baseline page also loads Pyodide's lock file."""
    if not (NODE / "pyodide").is_dir() or not (NODE / "@pyscript" / "core").is_dir():
        raise SystemExit("node_modules is missing: run `npm ci` first (make build does)")
    if dest.exists():
        shutil.rmtree(dest)
    copied = []
    for name in PYODIDE_FILES + ((LOCK_FILE,) if baseline else ()):
        src = NODE / "pyodide" / name
        if name == "python_stdlib.zip" and not baseline:
            src = trimmed_stdlib(src)
        copied.append(_copy(src, dest / "pyodide" / name))
    dist = NODE / "@pyscript" / "core" / "dist"
    for name in pyscript_files(dist):
        copied.append(_copy(dist / name, dest / "pyscript" / name))
    for pkg, folder in (("pyodide", "pyodide"), ("@pyscript/core", "pyscript")):
        src = NODE / pkg / "LICENSE"
        if src.exists():  # licences travel with the code they cover
            copied.append(_copy(src, dest / folder / "LICENSE"))
    return copied


def stdlib_kept(name: str) -> bool:
    """Whether python_stdlib.zip entry ``name`` stays in the site's copy."""
    parts = name.split("/")
    top = parts[0].removesuffix(".py")
    if top in STDLIB_DROPPED:
        return False
    if top == "encodings" and len(parts) == 2 and parts[1].endswith(".py"):
        return parts[1].removesuffix(".py") in STDLIB_CODECS
    return True


def trimmed_stdlib(src: Path) -> Path:
    """Pyodide's python_stdlib.zip without STDLIB_DROPPED and the codecs not
    in STDLIB_CODECS (made once per source and list, kept in node_modules/.cache)."""
    check_stdlib_imports()
    key = hashlib.sha256(src.read_bytes() + repr((sorted(STDLIB_DROPPED), sorted(STDLIB_CODECS))).encode())
    out = STDLIB_CACHE / f"python_stdlib.{key.hexdigest()[:16]}.zip"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    for old in out.parent.glob("python_stdlib.*.zip"):
        old.unlink()
    tmp = out.with_suffix(".tmp")
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dest:
        for info in source.infolist():
            if stdlib_kept(info.filename):
                dest.writestr(info, source.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    tmp.replace(out)
    return out


def check_stdlib_imports() -> None:
    """Stop the build if a file under py/ imports a module the site's
    standard library leaves out (STDLIB_DROPPED)."""
    import ast

    used = []
    for rel in python_files():
        if not rel.endswith(".py"):
            continue
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"), rel)
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            used += [f"{rel}: {name}" for name in names if name.split(".")[0] in STDLIB_DROPPED]
    if used:
        raise SystemExit("these imports need modules left out of the site's standard library "
                         "(scripts/build.py STDLIB_DROPPED):\n  " + "\n  ".join(used))


def _copy(src: Path, dst: Path) -> Path:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)  # keeps mtime: stable Last-Modified for HTTP caches
    return dst


def python_files() -> list[str]:
    """Every file under py/ the browser needs, as POSIX paths relative to ROOT."""
    out = []
    for path in sorted((ROOT / "py").rglob("*")):
        rel = path.relative_to(ROOT)
        if not path.is_file() or path.suffix in SKIP_SUFFIXES:
            continue
        if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
            continue
        out.append(rel.as_posix())
    return out


def on_demand_files() -> list[str]:
    """Files under py/ the page fetches only when it needs them."""
    return [rel for rel in python_files() if ON_DEMAND_RE.match(rel)]


def bundled_files() -> list[str]:
    """What py.tar.gz holds: every file under py/ except the entry script (its
    own <script> tag fetches it) and the on-demand reference texts."""
    skip = {ENTRY_SCRIPT, *on_demand_files()}
    return [rel for rel in python_files() if rel not in skip and not rel.endswith((".po", ".pot"))]


def write_py_bundle(path: Path = PY_BUNDLE) -> bool:
    """py.tar.gz with paths relative to py/ (static/js/app-files.mjs writes
    them into the working directory, which is on sys.path): one gzip stream
    the browser inflates natively. Deterministic: sorted entries, fixed
    times and owners, so an unchanged py/ gives the same bytes and hash."""
    import gzip
    import io
    import tarfile

    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for rel in bundled_files():
            data = (ROOT / rel).read_bytes()
            info = tarfile.TarInfo(rel[len("py/"):])
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            archive.addfile(info, io.BytesIO(data))
    data = gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def config_text() -> str:
    """pyscript.toml: our loader as the interpreter; no [files]."""
    lines = [
        "# Generated by scripts/build.py: do not edit by hand.",
        "# `interpreter` is static/js/pyodide-loader.mjs: Pyodide's loadPyodide, started",
        "# early, with a memory snapshot kept in this browser, and the app's files:",
        "# static/vendor/app/py.tar.gz (every file under py/ but the entry script and the",
        "# reference texts fetched on demand) written into Pyodide's working directory",
        "# (on sys.path) before PyScript runs anything, so there is no [files] table.",
        'name = "Mischia"',
        f'interpreter = "{LOADER}"',
        "plugins = [" + ", ".join(f'"!{p}"' for p in DISABLED_PLUGINS) + "]",
    ]
    return "\n".join(lines) + "\n"


def baseline_config_text() -> str:
    """pyscript.toml of the baseline page: Pyodide's own loader and one
    [files] entry (one fetch) per file under py/."""
    lines = [
        "# Baseline build (scripts/build.py --baseline): the page before issue 8.",
        'name = "Mischia"',
        'interpreter = "./static/vendor/pyodide/pyodide.mjs"',
        "plugins = [" + ", ".join(f'"!{p}"' for p in DISABLED_PLUGINS) + "]",
        "",
        "[files]",
    ]
    for rel in python_files():
        if rel == ENTRY_SCRIPT:
            continue  # fetched by the <script type="py" src=…> tag itself
        lines.append(f'"./{rel}" = "./{rel[len("py/"):]}"')
    return "\n".join(lines) + "\n"


def write_config() -> bool:
    text = config_text()
    if CONFIG.exists() and CONFIG.read_text(encoding="utf-8") == text:
        return False
    CONFIG.write_text(text, encoding="utf-8")
    return True


def site_files() -> list[str]:
    """Everything the deployed site serves and the service worker precaches,
    except sw.js itself and the on-demand files: POSIX paths relative to ROOT."""
    files = ["index.html", "pyscript.toml", ENTRY_SCRIPT]
    info = BUILD_INFO.relative_to(ROOT).as_posix()
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            rel = path.relative_to(ROOT).as_posix()
            if rel.endswith(("LICENSE",)):
                continue  # shipped with the site, not needed offline
            files.append(rel)
    if info not in files:
        files.append(info)
    return files


def licence_files() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in VENDOR.rglob("LICENSE"))


def content_hash(files: list[str], base: Path = ROOT) -> str:
    """A short hash of the service worker template and every file it serves
    (precached or on demand): the app version. build.mjs, which carries this
    version, is left out."""
    info = BUILD_INFO.relative_to(ROOT).as_posix()
    digest = hashlib.sha256()
    digest.update(SW_TEMPLATE.read_bytes())
    for rel in files:
        if rel == info:
            continue
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((base / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def service_worker_text(precache: list[str], on_demand: list[str], base: Path = ROOT) -> tuple[str, str]:
    """(sw.js text, version) for these files."""
    version = content_hash(precache + on_demand, base)
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    text = (template.replace("__VERSION__", version)
            .replace("__PRECACHE__", json.dumps(["./" + f for f in precache], indent=2))
            .replace("__ON_DEMAND__", json.dumps(["./" + f for f in on_demand], indent=2)))
    return text, version


def write_service_worker(files: list[str], on_demand: list[str] = ()) -> str:
    """Write sw.js with the precache list and a content-hashed cache name."""
    text, version = service_worker_text(files, list(on_demand))
    if not (SW_OUT.exists() and SW_OUT.read_text(encoding="utf-8") == text):
        SW_OUT.write_text(text, encoding="utf-8")
    return version


def build_info_text(version: str) -> str:
    """static/vendor/app/build.mjs: what the loader needs before Python starts."""
    lock = json.loads((NODE / "pyodide" / LOCK_FILE).read_text(encoding="utf-8"))
    empty_lock = {"info": lock["info"], "packages": {}}
    return ("// Generated by scripts/build.py: do not edit.\n"
            "// The app version (the service worker's content hash) keys the memory\n"
            "// snapshot; Mischia loads no Pyodide packages, so Pyodide gets a lock\n"
            "// file with none instead of fetching pyodide-lock.json.\n"
            f"export const APP_VERSION = {json.dumps(version)};\n"
            f"export const PYODIDE_LOCK = {json.dumps(empty_lock, sort_keys=True)};\n")


def write_build_info(version: str) -> None:
    text = build_info_text(version)
    if not (BUILD_INFO.exists() and BUILD_INFO.read_text(encoding="utf-8") == text):
        BUILD_INFO.parent.mkdir(parents=True, exist_ok=True)
        BUILD_INFO.write_text(text, encoding="utf-8")


def assemble_site(dest: Path, files: list[str], on_demand: list[str] = ()) -> None:
    """Copy exactly the deployable files into dest (wiped first)."""
    if dest.exists():
        shutil.rmtree(dest)
    for rel in files + list(on_demand) + ["sw.js"] + licence_files():
        _copy(ROOT / rel, dest / rel)
    (dest / ".nojekyll").write_text("")  # serve __init__.py etc. as they are


# Files of the speed levers (issue 8) that the baseline page does not have.
LEVER_FILES = re.compile(r"^static/(js/(pyodide-loader|snapshot-\w+|resume|app-files)\.m?js|js/snapshot_preload\.py"
                         r"|vendor/app/)")


def assemble_baseline(dest: Path) -> str:
    """The baseline page in dest (wiped first): every Python file fetched on
    its own, Pyodide's own loader and lock file, no saved-table preview, no
    snapshot; the same service worker. Returns its version."""
    if dest.exists():
        shutil.rmtree(dest)
    copy_vendor(baseline=True, dest=dest / "static" / "vendor")
    files = ["index.html", "pyscript.toml"] + python_files()
    for path in sorted((ROOT / "static").rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if (path.is_file() and not path.name.startswith(".") and not rel.startswith("static/vendor/")
                and not LEVER_FILES.match(rel)):
            _copy(path, dest / rel)
            files.append(rel)
    files += sorted(p.relative_to(dest).as_posix() for p in (dest / "static" / "vendor").rglob("*")
                    if p.is_file() and p.name != "LICENSE")
    for rel in python_files():
        _copy(ROOT / rel, dest / rel)
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    for tag, baseline_tag in LEVER_TAGS:
        if tag not in page:
            raise SystemExit(f"index.html has no {tag}: update build.LEVER_TAGS")
        page = page.replace(tag, baseline_tag)
    (dest / "index.html").write_text(page, encoding="utf-8")
    (dest / "pyscript.toml").write_text(baseline_config_text(), encoding="utf-8")
    text, version = service_worker_text(files, [], base=dest)
    (dest / "sw.js").write_text(text, encoding="utf-8")
    (dest / ".nojekyll").write_text("")
    return version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that pyscript.toml is what this script writes")
    parser.add_argument("--site", metavar="DIR", help="also assemble the site into DIR")
    parser.add_argument("--baseline", action="store_true",
                        help="with --site: assemble the baseline page (for make bench) instead")
    args = parser.parse_args(argv)
    if args.check:
        if not CONFIG.exists() or CONFIG.read_text(encoding="utf-8") != config_text():
            print("pyscript.toml is out of date: run `make build`", file=sys.stderr)
            return 1
        return 0
    if args.baseline:
        if not args.site:
            parser.error("--baseline needs --site DIR")
        dest = (ROOT / args.site).resolve()
        version = assemble_baseline(dest)
        print(f"build: baseline site assembled in {dest} (cache version {version})")
        return 0
    vendored = copy_vendor()
    write_py_bundle()
    if write_config():
        print("build: wrote pyscript.toml")
    files = site_files()
    on_demand = on_demand_files()
    version = write_service_worker(files, on_demand)
    write_build_info(version)
    size = sum((ROOT / f).stat().st_size for f in files)
    print(f"build: {len(vendored)} runtime files in static/vendor/, {len(bundled_files())} files in "
          f"py.tar.gz ({PY_BUNDLE.stat().st_size / 1e3:.0f} kB), {len(files)} files precached "
          f"({size / 1e6:.1f} MB), {len(on_demand)} on demand, cache version {version}")
    if args.site:
        dest = (ROOT / args.site).resolve()
        assemble_site(dest, files, on_demand)
        print(f"build: site assembled in {dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
