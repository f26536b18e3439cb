"""Keep the screen awake while a fight runs (Screen Wake Lock API).

Wanted when the setting allows it (Settings → keep the screen awake), an
encounter is open and past set-up, and the page is visible; the browser
drops the lock when the page is hidden, so it is asked again when the page
comes back. Where the browser has no ``navigator.wakeLock`` nothing happens.
``body[data-wakelock]`` says the state: ``on``, ``off``, ``refused`` or
``unsupported`` (for people debugging, and for the tests).
"""

from __future__ import annotations

import asyncio

from pyscript import document, window

_state = {"sentinel": None, "listening": False, "app": None, "pending": False}


def _set(state: str) -> None:
    document.body.setAttribute("data-wakelock", state)


def wanted(app) -> bool:
    enc = app.encounter
    return (bool(app.settings.get("wakelock", True)) and enc is not None and enc.phase != "setup"
            and str(document.visibilityState) == "visible")


def update(app) -> None:
    """Ask for the lock or let it go, as the state of the app says."""
    _state["app"] = app
    _listen()
    lock = getattr(window.navigator, "wakeLock", None)
    if lock is None or not hasattr(lock, "request"):
        _set("unsupported")
        return
    if wanted(app):
        if _state["sentinel"] is None and not _state["pending"]:
            _state["pending"] = True
            asyncio.ensure_future(_acquire(lock))
    else:
        _release()


async def _acquire(lock) -> None:
    try:
        sentinel = await lock.request("screen")
    except Exception:  # noqa: BLE001 - NotAllowedError (battery saver, no permission)
        _state["pending"] = False
        _set("refused")
        return
    _state["pending"] = False
    if _state["app"] is not None and not wanted(_state["app"]):
        sentinel.release()
        _set("off")
        return
    _state["sentinel"] = sentinel
    _set("on")


def _release() -> None:
    sentinel = _state["sentinel"]
    _state["sentinel"] = None
    if sentinel is not None:
        try:
            sentinel.release()
        except Exception:  # noqa: BLE001 - already released by the browser
            pass
    _set("off")


def _visibility(event=None) -> None:
    if str(document.visibilityState) != "visible":
        _state["sentinel"] = None          # the browser released it
        _set("off")
    elif _state["app"] is not None:
        update(_state["app"])


def _listen() -> None:
    if _state["listening"]:
        return
    _state["listening"] = True
    try:
        from pyodide.ffi import create_proxy
        document.addEventListener("visibilitychange", create_proxy(_visibility))
    except ImportError:  # outside Pyodide
        pass
