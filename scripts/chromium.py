"""How Mischia's tests and benchmark launch Chromium through Playwright.

Debian's Chromium (``/usr/bin/chromium``) is used when present, since
``playwright install`` cannot download browsers on these machines;
``MISCHIA_CHROMIUM`` names another binary.
"""

from __future__ import annotations

import os
import shutil

# As root Chromium needs --no-sandbox; the rest keep Chromium from calling
# home, which a closed network answers with floods of refused connections.
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-default-apps",
    "--disable-gpu",
]


def executable() -> str | None:
    """A system Chromium, or None to let Playwright use its own browser."""
    candidates = [os.environ.get("MISCHIA_CHROMIUM"), "/usr/bin/chromium",
                  shutil.which("chromium"), shutil.which("chromium-browser"),
                  shutil.which("google-chrome")]
    for path in candidates:
        if path and os.path.exists(path):
            return path
    return None


def launch_options() -> dict:
    """Keyword arguments for ``chromium.launch`` / ``launch_persistent_context``."""
    options = {"args": list(ARGS), "headless": True}
    path = executable()
    if path:
        options["executable_path"] = path
    return options
