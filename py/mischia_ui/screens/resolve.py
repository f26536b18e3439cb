"""The resolve screen (being built)."""

from __future__ import annotations

from ..dom import el
from ..i18n import _


class Screen:
    def __init__(self, app, root):
        self.app = app
        self.root = root

    def render(self, **params) -> None:
        self.root.replaceChildren(el("h2", _("Resolve")), el("p", _("Coming soon."), cls="muted"))
