"""A bottom sheet: one modal ``<dialog>`` per screen whose content is
replaced for each task (a form, a list, an explanation). The browser gives
it focus handling, Escape to close and an inert page behind it."""

from __future__ import annotations

from ..dom import el
from ..i18n import _
from .fields import find


class Sheet:
    def __init__(self, host, sid: str):
        self.sid = sid
        self.dialog = el("dialog", cls="sheet", attrs={"id": sid, "aria-labelledby": f"{sid}-title"})
        host.append(self.dialog)
        self.name = ""          # what the sheet shows now (for re-rendering after a commit)
        self.on_close = None
        self.dialog.addEventListener("close", _Handler(self._closed))

    @property
    def is_open(self) -> bool:
        return bool(self.dialog.open)

    def open(self, name: str, title: str, *children) -> None:
        """Show ``children`` under ``title`` (replacing what was there)."""
        self.name = name
        close = el("button", "×", cls="sheet-close", attrs={"type": "button", "aria-label": _("Close")})
        close.onclick = lambda event: self.close()
        head = el("div", cls="sheet-head", children=[el("h2", title, attrs={"id": f"{self.sid}-title"}), close])
        body = el("div", cls="sheet-body", children=list(children))
        self.dialog.setAttribute("data-sheet", name)
        self.dialog.replaceChildren(head, body)
        if not self.dialog.open:
            self.dialog.showModal()
        first = find(body, "input, select, textarea")
        if first is not None and hasattr(first, "focus"):
            first.focus()

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()

    def _closed(self, event=None) -> None:
        self.name = ""
        self.dialog.removeAttribute("data-sheet")
        if self.on_close is not None:
            self.on_close()


def _Handler(fn):
    """A JS event listener that stays alive as long as the page (the sheet is
    made once per screen)."""
    try:
        from pyodide.ffi import create_proxy
        return create_proxy(fn)
    except ImportError:  # outside Pyodide
        return fn
