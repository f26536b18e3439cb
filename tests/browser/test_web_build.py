"""The build's outputs, checked without a browser: pinned runtime, the
generated pyscript.toml cannot drift from py/, the site holds only what it
serves, and the page has no inline JavaScript and no absolute URLs."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import tarfile
from html.parser import HTMLParser

import build  # scripts/build.py (conftest puts scripts/ on sys.path)
from webtest_helpers import ROOT


def test_runtime_is_pinned_exactly_with_a_lockfile():
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert deps == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/pyodide"]["version"] == "314.0.7"
    assert lock["node_modules/@pyscript/core"]["version"] == "0.7.31"


def test_py_bundle_holds_every_python_file(site_dir):
    """The served config names our loader, which writes py.tar.gz's files into
    Pyodide's working directory (no [files]); the bundle holds every file under
    py/ except the entry script (its own tag fetches it) and the reference
    texts fetched on demand, which the site ships as they are. The repo's
    pyscript.toml is what the build writes (`build.py --check`)."""
    config = tomllib.loads((site_dir / "pyscript.toml").read_text())
    assert "files" not in config
    assert config["interpreter"] == "./static/js/pyodide-loader.mjs"
    assert (site_dir / config["interpreter"]).is_file()
    bundle = site_dir / "static" / "vendor" / "app" / "py.tar.gz"
    with tarfile.open(bundle, "r:gz") as archive:
        members = archive.getmembers()
        zipped = {m.name for m in members}
        assert all(m.isfile() and m.mtime == 0 and m.uid == 0 for m in members)
    built_at = bundle.stat().st_mtime
    # files under py/ when the site was built (others may be added while this runs)
    on_disk = {p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".po")
               and p.stat().st_mtime <= built_at}
    assert {p for p in zipped if p.endswith(".py")}, "no Python files in py.tar.gz"
    on_demand = {p for p in on_disk if re.fullmatch(r"mischia/data/rules\.(?!en\.)[\w-]+\.json", p)}
    assert "mischia/data/rules.en.json" in zipped  # every language's fallback
    assert on_disk - on_demand - {"mischia_ui/start.py"} <= zipped
    assert not zipped & (on_demand | {"mischia_ui/start.py"})
    shipped_py = {p.relative_to(site_dir / "py").as_posix() for p in (site_dir / "py").rglob("*") if p.is_file()}
    assert shipped_py == {"mischia_ui/start.py"} | {p for p in shipped_py if p in on_demand}
    check = subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--check"])
    assert check.returncode == 0


def test_build_info_carries_the_app_version(site_dir):
    """build.mjs (read by the loader before Python starts) names the service
    worker's version and an empty Pyodide lock file with the runtime's ABI."""
    text = (site_dir / "static" / "vendor" / "app" / "build.mjs").read_text()
    sw = (site_dir / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]+)"', sw).group(1)
    assert f'export const APP_VERSION = "{version}";' in text
    lock = json.loads(re.search(r"export const PYODIDE_LOCK = (\{.*\});", text).group(1))
    real = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock == {"info": real["info"], "packages": {}}
    assert not (site_dir / "static" / "vendor" / "pyodide" / "pyodide-lock.json").exists()


def _sw_list(sw: str, name: str) -> list:
    start = sw.index(f"const {name} = ") + len(f"const {name} = ")
    return json.loads(sw[start:sw.index("]", start) + 1])


def test_site_holds_only_what_it_serves(site_dir):
    sw = (site_dir / "sw.js").read_text()
    precache = _sw_list(sw, "PRECACHE")
    on_demand = _sw_list(sw.replace("new Set(", ""), "ON_DEMAND")
    assert len(precache) == len(set(precache))
    for entry in precache + on_demand:
        assert entry.startswith("./") and (site_dir / entry).is_file(), entry
    # only reference texts in other languages than English wait to be asked for
    assert on_demand and all(re.fullmatch(r"\./py/mischia/data/rules\.(?!en\.)[\w-]+\.json", e) for e in on_demand)
    assert not set(precache) & set(on_demand)
    shipped = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    extra = shipped - {e[2:] for e in precache + on_demand} - {"sw.js", ".nojekyll"}
    assert all(p.endswith("/LICENSE") for p in extra), extra
    assert not any(p.startswith(("tests/", "node_modules/", "scripts/")) or p.endswith(".map")
                   for p in shipped)
    assert "./index.html" in precache and "./pyscript.toml" in precache
    # the cache name carries a content hash of everything served
    files = [e[2:] for e in precache + on_demand]
    assert f'const VERSION = "{build.content_hash(files, site_dir)}"' in sw


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
