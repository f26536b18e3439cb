"""What goes into the Pyodide memory snapshot (static/js/snapshot_preload.py),
checked in CPython: only modules safe to keep are imported, and code
compiled ahead is used only while a file's bytes are the ones compiled."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys

import pytest
from webtest_helpers import ROOT


@pytest.fixture
def preload(tmp_path, monkeypatch):
    """A fresh copy of the module, working in tmp_path, import hook undone after."""
    spec = importlib.util.spec_from_file_location("mischia_snapshot_test", ROOT / "static" / "js" / "snapshot_preload.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code",
                        importlib.machinery.SourceFileLoader.source_to_code)
    names = set(sys.modules)
    yield module
    for name in set(sys.modules) - names:
        del sys.modules[name]


def test_only_pure_modules_are_imported(preload, tmp_path):
    package = tmp_path / "tablepkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "pure.py").write_text("VALUE = 1\n")
    (package / "page.py").write_text("def later():\n    from pyscript import document\n")
    (package / "uses_js.py").write_text("import json\nimport js\n")
    assert preload.preload("tablepkg.pure") is True
    assert preload.preload("tablepkg.pure") is False  # already there
    # any import of pyscript/js/pyodide, even inside a function, keeps a module out
    assert preload.preload("tablepkg.page") is False and "tablepkg.page" not in sys.modules
    assert preload.preload("tablepkg.uses_js") is False and "tablepkg.uses_js" not in sys.modules
    for provided in ("pyscript", "pyscript.web", "pyodide.ffi", "_pyodide._base", "__main__"):
        assert preload.preload(provided) is False
    assert preload.preload("no_such_module_here") is False


def test_code_compiled_ahead_is_used_only_for_the_same_bytes(preload, tmp_path):
    path = tmp_path / "ahead_mod.py"
    path.write_text("WHERE = 'disk'\n")
    assert preload.compile_ahead(str(path)) is True
    assert preload.compile_ahead(str(path)) is False  # once
    size, digest, _code = preload.CODE[str(path)]
    # the cached code object is what runs (here swapped to tell them apart)
    preload.CODE[str(path)] = (size, digest, compile("WHERE = 'ahead'\n", str(path), "exec"))
    importlib.invalidate_caches()
    assert importlib.import_module("ahead_mod").WHERE == "ahead"
    # a changed file is compiled from what it holds now
    path.write_text("WHERE = 'changed'\n")
    del sys.modules["ahead_mod"]
    importlib.invalidate_caches()
    assert importlib.import_module("ahead_mod").WHERE == "changed"


def test_files_only_the_page_has_are_compiled_from_their_text(preload, tmp_path):
    folder = tmp_path / "pyscript_like"
    folder.mkdir()
    path = folder / "web.py"
    assert preload.compile_ahead(str(path), "NAME = 'web'\n") is True
    assert preload.compile_ahead(str(tmp_path / "broken.py"), "def (:\n") is False
    assert sorted(preload.app_files(str(tmp_path))) == []  # nothing written to disk by compiling
    path.write_text("NAME = 'web'\n")
    assert preload.app_files(str(tmp_path)) == [str(path)]
