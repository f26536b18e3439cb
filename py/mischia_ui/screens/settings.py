"""Settings: language, theme (dark mode for dim tables), keeping the screen awake."""

from __future__ import annotations

from ..dom import el
from ..i18n import LANGUAGES, _, current_language


def _select(sid, label, options, value, on_change):
    select = el("select", attrs={"id": sid, "name": sid})
    for code, text in options:
        option = el("option", text, attrs={"value": code})
        if code == value:
            option.setAttribute("selected", "")
        select.append(option)
    select.onchange = lambda event: on_change(select.value)
    return el("div", cls="field", children=[el("label", label, attrs={"for": sid}), select])


class Screen:
    def __init__(self, app, root):
        self.app = app
        self.root = root

    def render(self, **params) -> None:
        s = self.app.settings
        lang = _select("setting-lang", _("Language"), list(LANGUAGES.items()),
                       s.get("lang") or current_language(), lambda v: self.app.save_settings(lang=v))
        theme = _select("setting-theme", _("Theme"),
                        [("system", _("Follow the system")), ("light", _("Light")), ("dark", _("Dark"))],
                        s.get("theme", "system"), lambda v: self.app.save_settings(theme=v))
        wake = el("input", attrs={"type": "checkbox", "id": "setting-wakelock"})
        wake.checked = bool(s.get("wakelock", True))
        wake.onchange = lambda event: self.app.save_settings(wakelock=bool(wake.checked))
        self.root.replaceChildren(
            el("h2", _("Settings")), lang, theme,
            el("div", cls="field check", children=[
                wake, el("label", _("Keep the screen awake during a fight"), attrs={"for": "setting-wakelock"})]))
