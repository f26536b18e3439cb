"""The build's outputs, checked without a browser: pinned runtime, the
generated pyscript.toml cannot drift from py/, the site holds only what it
serves, and the page has no inline JavaScript and no absolute URLs."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from html.parser import HTMLParser

import build  # scripts/build.py (conftest puts scripts/ on sys.path)
from webtest_helpers import ROOT


def test_runtime_is_pinned_exactly_with_a_lockfile():
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert deps == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/pyodide"]["version"] == "314.0.7"
    assert lock["node_modules/@pyscript/core"]["version"] == "0.7.31"


def test_pyscript_toml_lists_every_python_file(site_dir):
    """The served config's [files] is exactly what is under py/, each file
    mapped to the same path in Pyodide's file system; the repo's copy is
    up to date (`build.py --check`)."""
    config = tomllib.loads((site_dir / "pyscript.toml").read_text())
    on_disk = {p.relative_to(site_dir).as_posix() for p in (site_dir / "py").rglob("*")
               if p.is_file()} - {build.ENTRY_SCRIPT}
    assert {p for p in on_disk if p.endswith(".py")}, "no Python files found"
    assert not any("__pycache__" in p or p.endswith(".pyc") for p in on_disk)
    listed = {key.removeprefix("./") for key in config["files"]}
    assert listed == on_disk
    for key, dest in config["files"].items():
        assert dest == "./" + key.removeprefix("./py/")
    assert config["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"
    assert (site_dir / config["interpreter"]).is_file()
    # the same generator over the repo's py/ gives the committed file
    check = subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--check"])
    assert check.returncode == 0


def test_site_holds_only_what_it_serves(site_dir):
    sw = (site_dir / "sw.js").read_text()
    start = sw.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.loads(sw[start:sw.index("];", start) + 1])
    assert len(precache) == len(set(precache))
    for entry in precache:
        assert entry.startswith("./") and (site_dir / entry).is_file(), entry
    shipped = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    extra = shipped - {e[2:] for e in precache} - {"sw.js", ".nojekyll"}
    assert all(p.endswith("/LICENSE") for p in extra), extra
    assert not any(p.startswith(("tests/", "node_modules/", "scripts/")) or p.endswith(".map")
                   for p in shipped)
    assert "./index.html" in precache and "./pyscript.toml" in precache
    # the cache name carries a content hash
    assert f'const VERSION = "{build.content_hash([e[2:] for e in precache], site_dir)}"' in sw


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts, self.urls, self.handlers, self.inline_js = [], [], [], []
        self._in_script = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.handlers += [name for name in attrs if name.startswith("on")]
        for name in ("src", "href"):
            if attrs.get(name):
                self.urls.append(attrs[name])
        if tag == "script":
            self.scripts.append(attrs)
            self._in_script = attrs

    def handle_data(self, data):
        if self._in_script is not None and data.strip() and self._in_script.get("type") != "py":
            self.inline_js.append(data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None


def test_page_has_no_inline_javascript_and_only_relative_urls():
    page = _Page()
    page.feed((ROOT / "index.html").read_text())
    assert page.inline_js == [] and page.handlers == []
    assert all(s.get("src") for s in page.scripts)
    assert page.urls and all(u.startswith("./") for u in page.urls), page.urls


def test_pages_workflow_builds_and_uploads_only_the_site():
    import re

    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    for action in ("actions/configure-pages@", "actions/upload-pages-artifact@",
                   "actions/deploy-pages@"):
        assert action in text
    assert re.search(r"run:\s*make site\b", text)
    assert re.search(r"path:\s*_site\s*$", text, re.MULTILINE)
    # and _site is exactly the deployable tree (see test_site_holds_only_what_it_serves)
    makefile = (ROOT / "Makefile").read_text()
    assert "scripts/build.py --site $(SITE)" in makefile and "SITE := _site" in makefile
