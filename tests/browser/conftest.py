"""Fixtures for the browser tests: a served site, Chromium, phone-sized pages.

The tests drive the real built site (``_site/``, made by ``make site``) in
Debian's Chromium through Playwright's sync API at a 360x740 viewport. One
server per session on a free port; tests that must stop their server (the
offline test) or change files (the update test) start their own.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from webtest_helpers import ROOT, VIEWPORT  # noqa: E402

import os  # noqa: E402

# MISCHIA_SITE=/tmp/somewhere builds a private copy of the site there at the
# start of the session (engineers running browser tests side by side);
# by default the tests use _site/, built by `make site`.
SITE = Path(os.environ.get("MISCHIA_SITE") or ROOT / "_site")
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

import serve  # noqa: E402  (scripts/serve.py)
from chromium import launch_options  # noqa: E402  (scripts/chromium.py)

@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site; built here if ``make site`` has not run."""
    private = bool(os.environ.get("MISCHIA_SITE"))
    if private or not (SITE / "index.html").exists() or not (SITE / "sw.js").exists():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--site", str(SITE)],
                       check=True, cwd=ROOT)
    return SITE


@pytest.fixture(scope="session")
def server(site_dir):
    """The site served on a free loopback port for the whole session."""
    srv = serve.make_server(site_dir)
    serve.start_in_thread(srv)
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server.url


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(**launch_options())
    yield browser
    browser.close()


class RequestLog:
    """Every request a browser context makes (pages and service workers)."""

    def __init__(self):
        self.urls: list[str] = []

    def __call__(self, request):
        self.urls.append(request.url)

    def foreign(self, base_url: str) -> list[str]:
        """Requests that left the page's origin (data: and blob: URLs stay local)."""
        origin = urlsplit(base_url)[:2]
        return [u for u in self.urls
                if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u)[:2] != origin]


@pytest.fixture
def context(browser):
    """A fresh incognito context at phone size that records every request."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.request_log = RequestLog()
    ctx.on("request", ctx.request_log)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, base_url):
    """A phone-sized page; fails the test if any request left the origin."""
    pg = context.new_page()
    pg.dialogs = []
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    yield pg
    assert context.request_log.foreign(base_url) == [], "a request left the page's origin"


@pytest.fixture
def persistent_context(playwright_instance, tmp_path):
    """A persistent profile (real HTTP cache, service workers) at phone size."""
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), viewport=VIEWPORT, **launch_options())
    ctx.request_log = RequestLog()
    ctx.on("request", ctx.request_log)
    yield ctx
    ctx.close()


@pytest.fixture
def own_server(tmp_path, site_dir):
    """Factory: serve a private copy of the site (optionally under a subpath)."""
    servers = []

    def make(subpath: str = "", copy: bool = True):
        root = tmp_path / "www"
        target = root / subpath if subpath else root
        target.parent.mkdir(parents=True, exist_ok=True)
        if copy:
            shutil.copytree(site_dir, target)
        else:
            target.symlink_to(site_dir, target_is_directory=True)
        srv = serve.make_server(root)
        serve.start_in_thread(srv)
        srv.site_root = target
        servers.append(srv)
        return srv

    yield make
    for srv in servers:
        try:
            srv.shutdown()
            srv.server_close()
        except OSError:
            pass
