"""Settings: language, theme (dark mode for dim tables), keeping the screen awake.

Changing the language takes effect at once: the app reloads the catalogue
and redraws the tab bar and the current screen (``App.save_settings``);
the encounter, its undo history and the screen shown stay as they were.
"Automatic" follows the browser's language, which is also the default.
"""

from __future__ import annotations

from ..dom import el
from ..i18n import LANGUAGES, _, current_language


def _select(sid, label, options, value, on_change, hint=""):
    attrs = {"id": sid, "name": sid}
    if hint:
        attrs["aria-describedby"] = sid + "-hint"
    select = el("select", attrs=attrs)
    for code, text, lang in options:
        option_attrs = {"value": code}
        if lang:
            option_attrs["lang"] = lang  # read each language's name in that language
        option = el("option", text, attrs=option_attrs)
        if code == value:
            option.setAttribute("selected", "")
        select.append(option)
    select.onchange = lambda event: on_change(select.value)
    children = [el("label", label, attrs={"for": sid}), select]
    if hint:
        children.append(el("p", hint, cls="muted", attrs={"id": sid + "-hint"}))
    return el("div", cls="field", children=children)


class Screen:
    def __init__(self, app, root):
        self.app = app
        self.root = root

    def render(self, **params) -> None:
        s = self.app.settings
        chosen = s.get("lang") or ""
        languages = [("", _("Automatic (the browser's language)"), "")]
        languages += [(code, name, code) for code, name in LANGUAGES.items()]
        hint = (_("Now showing: {language}.").format(language=LANGUAGES[current_language()])
                if not chosen else "")
        lang = _select("setting-lang", _("Language"), languages, chosen,
                       lambda v: self.app.save_settings(lang=v), hint)
        theme = _select("setting-theme", _("Theme"),
                        [("system", _("Follow the system"), ""), ("light", _("Light"), ""),
                         ("dark", _("Dark"), "")],
                        s.get("theme", "system"), lambda v: self.app.save_settings(theme=v))
        wake = el("input", attrs={"type": "checkbox", "id": "setting-wakelock"})
        wake.checked = bool(s.get("wakelock", True))
        wake.onchange = lambda event: self.app.save_settings(wakelock=bool(wake.checked))
        self.root.replaceChildren(
            el("h2", _("Settings")), lang, theme,
            el("div", cls="field check", children=[
                wake, el("label", _("Keep the screen awake during a fight"), attrs={"for": "setting-wakelock"})]),
            self._data_button())

    def _data_button(self):
        """The way to export, import, share links and damaged data (screens/data.py)."""
        button = el("button", _("Your data: export, import, share"), cls="secondary",
                    attrs={"type": "button", "id": "open-data"})
        button.onclick = lambda event: self.app.navigate("data")
        return button
