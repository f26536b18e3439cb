"""What goes into Mischia's Pyodide memory snapshot (run by
``static/js/snapshot-worker.mjs`` in the Pyodide that becomes the snapshot).

A memory snapshot keeps Python's whole memory, so whatever this module does
here is already done when the page restores it:

- ``preload(names)`` imports the modules the page had imported at start
  that are safe to keep: the standard library and the app's pure-Python
  modules (the rules core, the store, gettext …). Never a module that
  imports ``pyscript``, ``js`` or ``pyodide`` (its JavaScript objects would
  belong to the worker), nor anything PyScript or Pyodide provide.
- ``compile_ahead(sources)`` compiles the other Python files (screens that
  import ``pyscript``, PyScript's own package, screens opened later) into
  code objects, and makes the import system use one when the file it reads
  holds exactly the bytes that were compiled; anything else is compiled as
  usual. The page then skips compiling them.

Standard library only; no ``js``, no ``pyscript``.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import re
import sys

UNSAFE = re.compile(r"^[ \t]*(?:from|import)[ \t]+(?:pyscript|_pyscript|polyscript|js|pyodide|pyodide_js)\b",
                    re.MULTILINE)
SKIP = {"pyscript", "_pyscript", "polyscript", "js", "pyodide_js", "pyodide", "_pyodide", "micropip",
        "__main__", "site"}

# path → (length, hash of the source bytes, code object)
CODE: dict = {}


def own_source(name: str, root: str = ""):
    """The source of module ``name`` when it is one of the app's files under
    ``root`` (the working directory), else None."""
    base = os.path.join(root or os.getcwd(), *name.split("."))
    for path in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                return fh.read()
    return None


def preload(names) -> list:
    """Import each safe module of ``names``; returns [imported, skipped]."""
    imported = skipped = 0
    for name in names:
        name = str(name)
        if name in sys.modules:
            continue
        if name.split(".")[0] in SKIP or name.endswith("__main__"):
            skipped += 1
            continue
        source = own_source(name)
        if source is not None and UNSAFE.search(source):
            skipped += 1
            continue
        try:
            importlib.import_module(name)
            imported += 1
        except BaseException:  # noqa: BLE001 - anything that cannot load here stays out
            skipped += 1
    importlib.invalidate_caches()
    return [imported, skipped]


def app_sources(root: str = "") -> dict:
    """path → bytes of every .py file under ``root`` (the unpacked py.tar.gz)."""
    root = root or os.getcwd()
    out = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, "rb") as fh:
                    out[path] = fh.read()
    return out


def compile_ahead(sources) -> int:
    """Compile ``sources`` (path → text or bytes) that no loaded module
    already runs; install the import hook. Returns how many were compiled."""
    loaded = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    for path, data in dict(sources).items():
        path = str(path)
        if path in loaded or path in CODE:
            continue
        data = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        try:
            code = compile(data, path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            continue
        CODE[path] = (len(data), hash(data), code)
    install()
    return len(CODE)


def install() -> None:
    """Make SourceFileLoader use a code object compiled ahead for a file
    whose bytes are unchanged."""
    loader = importlib.machinery.SourceFileLoader
    if getattr(loader.source_to_code, "mischia_ahead", False):
        return
    compile_source = loader.source_to_code

    def source_to_code(self, data, path, *, _optimize=-1):
        hit = CODE.get(path)
        if (hit is not None and _optimize == -1 and isinstance(data, bytes)
                and hit[0] == len(data) and hit[1] == hash(data)):
            return hit[2]
        return compile_source(self, data, path, _optimize=_optimize)

    source_to_code.mischia_ahead = True
    loader.source_to_code = source_to_code
