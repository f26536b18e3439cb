"""Build Mischia's generated files from the pinned npm packages and ``py/``.

What it writes (all derived, so nothing can drift by hand):

* ``static/vendor/`` (git-ignored): only the Pyodide and PyScript files the
  page actually loads, copied from ``node_modules``.
* ``pyscript.toml``: the interpreter path and the ``[files]`` table listing
  every file under ``py/`` so each reaches the browser's file system.
* ``sw.js`` (git-ignored): the service worker, from
  ``scripts/sw.template.js``, with the precache list and a cache name that
  carries a hash of everything precached.
* with ``--site DIR``: a clean copy of exactly the deployable files.

``--check`` only verifies that ``pyscript.toml`` matches ``py/`` (exit 1 if not).
Standard library only; run with ``python3 scripts/build.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
CONFIG = ROOT / "pyscript.toml"
SW_TEMPLATE = ROOT / "scripts" / "sw.template.js"
SW_OUT = ROOT / "sw.js"

# Pyodide's loader, its wasm module and JS glue, the stdlib and the lock file
# it reads at start-up. Nothing else of the npm package is used.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

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


def copy_vendor() -> list[Path]:
    """Copy the runtime files the page uses into static/vendor/; return them."""
    if not (NODE / "pyodide").is_dir() or not (NODE / "@pyscript" / "core").is_dir():
        raise SystemExit("node_modules is missing: run `npm ci` first (make build does)")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    copied = []
    for name in PYODIDE_FILES:
        copied.append(_copy(NODE / "pyodide" / name, VENDOR / "pyodide" / name))
    dist = NODE / "@pyscript" / "core" / "dist"
    for name in pyscript_files(dist):
        copied.append(_copy(dist / name, VENDOR / "pyscript" / name))
    for pkg, folder in (("pyodide", "pyodide"), ("@pyscript/core", "pyscript")):
        src = NODE / pkg / "LICENSE"
        if src.exists():  # licences travel with the code they cover
            copied.append(_copy(src, VENDOR / folder / "LICENSE"))
    return copied


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


def config_text() -> str:
    """pyscript.toml, generated from the files under py/."""
    lines = [
        "# Generated by scripts/build.py from the files under py/: do not edit by hand.",
        "# `interpreter` resolves against the page URL; [files] keys resolve against",
        "# this file and values are paths in Pyodide's file system (cwd is on sys.path).",
        'name = "Mischia"',
        'interpreter = "./static/vendor/pyodide/pyodide.mjs"',
        "plugins = [" + ", ".join(f'"!{p}"' for p in DISABLED_PLUGINS) + "]",
        "",
        "[files]",
    ]
    for rel in python_files():
        if rel == ENTRY_SCRIPT:
            continue  # fetched by the <script type="py" src=…> tag itself
        dest = rel[len("py/"):]
        lines.append(f'"./{rel}" = "./{dest}"')
    return "\n".join(lines) + "\n"


def write_config() -> bool:
    text = config_text()
    if CONFIG.exists() and CONFIG.read_text(encoding="utf-8") == text:
        return False
    CONFIG.write_text(text, encoding="utf-8")
    return True


def site_files() -> list[str]:
    """Everything the deployed site serves (and the service worker precaches),
    except sw.js itself: POSIX paths relative to ROOT."""
    files = ["index.html", "pyscript.toml"]
    files += python_files()
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            rel = path.relative_to(ROOT).as_posix()
            if rel.endswith(("LICENSE",)):
                continue  # shipped with the site, not needed offline
            files.append(rel)
    return files


def licence_files() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in VENDOR.rglob("LICENSE"))


def content_hash(files: list[str], base: Path = ROOT) -> str:
    """A short hash of the service worker template and every precached file."""
    digest = hashlib.sha256()
    digest.update(SW_TEMPLATE.read_bytes())
    for rel in files:
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((base / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(files: list[str]) -> str:
    """Write sw.js with the precache list and a content-hashed cache name."""
    version = content_hash(files)
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    precache = json.dumps(["./" + f for f in files], indent=2)
    text = (template.replace("__VERSION__", version)
            .replace("__PRECACHE__", precache))
    if SW_OUT.exists() and SW_OUT.read_text(encoding="utf-8") == text:
        return version
    SW_OUT.write_text(text, encoding="utf-8")
    return version


def assemble_site(dest: Path, files: list[str]) -> None:
    """Copy exactly the deployable files into dest (wiped first)."""
    if dest.exists():
        shutil.rmtree(dest)
    for rel in files + ["sw.js"] + licence_files():
        _copy(ROOT / rel, dest / rel)
    (dest / ".nojekyll").write_text("")  # serve __init__.py etc. as they are


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that pyscript.toml matches py/")
    parser.add_argument("--site", metavar="DIR", help="also assemble the site into DIR")
    args = parser.parse_args(argv)
    if args.check:
        if not CONFIG.exists() or CONFIG.read_text(encoding="utf-8") != config_text():
            print("pyscript.toml is out of date with py/: run `make build`", file=sys.stderr)
            return 1
        return 0
    vendored = copy_vendor()
    if write_config():
        print("build: wrote pyscript.toml")
    files = site_files()
    version = write_service_worker(files)
    size = sum((ROOT / f).stat().st_size for f in files)
    print(f"build: {len(vendored)} runtime files in static/vendor/, "
          f"{len(files)} files precached ({size / 1e6:.1f} MB), cache version {version}")
    if args.site:
        dest = (ROOT / args.site).resolve()
        assemble_site(dest, files)
        print(f"build: site assembled in {dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
