"""What goes into Mischia's Pyodide memory snapshot (run by
``static/js/snapshot-worker.mjs`` in the Pyodide that becomes the snapshot).

A memory snapshot keeps Python's whole memory, so whatever this module does
here is already done when the page restores it:

- ``preload(name)``, for each module the page had imported at start,
  imports it when it is safe to keep: the standard library and the app's
  pure-Python modules (the rules core, the store, gettext …). Never a module
  that imports ``pyscript``, ``js`` or ``pyodide`` (its JavaScript objects
  would belong to the worker), nor anything PyScript or Pyodide provide.
- ``compile_ahead(path)`` compiles another Python file (screens that import
  ``pyscript``, PyScript's own package, screens opened later) into a code
  object, and makes the import system use it when the file it reads holds
  exactly the bytes that were compiled; anything else is compiled as usual.
  The page then skips compiling them.

The worker calls these one module or file at a time and stops while Python's
memory still fits the heap a restore starts with (Pyodide restores into its
initial heap: a snapshot of a grown heap cannot load).

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


def preload(name: str) -> bool:
    """Import module ``name`` if it is safe to keep; True when imported."""
    name = str(name)
    if name in sys.modules:
        return False
    if name.split(".")[0] in SKIP or name.endswith("__main__"):
        return False
    source = own_source(name)
    if source is not None and UNSAFE.search(source):
        return False
    try:
        importlib.import_module(name)
    except BaseException:  # noqa: BLE001 - anything that cannot load here stays out
        return False
    return True


def app_files(root: str = "") -> list:
    """Every .py file under ``root`` (the app's files, written by the worker)."""
    root = root or os.getcwd()
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        out += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".py")]
    return out


def compile_ahead(path: str, source=None) -> bool:
    """Compile the file at ``path`` (or ``source``, its text, for a file only
    the page has) unless a loaded module already runs it; install the
    import hook. True when compiled."""
    path = str(path)
    if path in CODE or path in {getattr(m, "__file__", None) for m in list(sys.modules.values())}:
        return False
    if source is None:
        with open(path, "rb") as fh:
            data = fh.read()
    else:
        data = str(source).encode("utf-8")
    try:
        code = compile(data, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    CODE[path] = (len(data), hash(data), code)
    install()
    return True


def done() -> None:
    importlib.invalidate_caches()


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
