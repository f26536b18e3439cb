"""The app shell: state, navigation between screens, saving, undo.

One ``App`` holds what every screen shares — the ``Store``, the current
encounter and its undo ``History``, settings, a ``random.Random`` for dice
the app rolls — and a tab bar. Screens live in ``mischia_ui.screens``; each
is a class ``Screen(app, root)`` with ``render(**params)``, imported the
first time it is shown (a smaller boot). Screens change the encounter only
through ``app.commit(new_encounter)``: history, saving and re-rendering
happen there.
"""

from __future__ import annotations

import importlib
import random

from pyscript import document, window

from mischia.encounter import Encounter
from mischia.history import History

from . import i18n, store
from .dom import by_id, el
from .i18n import _

# tab id → (module, label); the label is translated when the bar is drawn
SCREENS = {
    "fight": ("mischia_ui.screens.fight", "Fight"),
    "resolve": ("mischia_ui.screens.resolve", "Resolve"),
    "roster": ("mischia_ui.screens.roster", "Roster"),
    "settings": ("mischia_ui.screens.settings", "Settings"),
}
# screens reached from another screen, not from the tab bar: id → (module, tab shown as current)
SUBSCREENS = {
    "data": ("mischia_ui.screens.data", "settings"),
}


class App:
    def __init__(self, root, storage):
        self.root = root
        self.store = store.Store(storage)
        self.settings = self.store.settings()
        i18n.set_language(self.settings.get("lang") or i18n.browser_language())
        self.rng = random.Random()
        self.history = None
        self.encounter_id = ""
        self._screens = {}
        self.settings_hooks = {}   # name → callable run after settings change (e.g. the wake lock)
        self.screen_name = "fight"
        self.params = {}
        self.open_encounter(self.store.current_id)
        self._build()

    # ----- encounter state ------------------------------------------------------
    @property
    def encounter(self):
        return self.history.present if self.history is not None else None

    def open_encounter(self, eid: str) -> bool:
        """Make ``eid`` the current encounter; False when it cannot be read."""
        enc = self.store.load(eid) if eid else None
        if enc is None:
            self.history, self.encounter_id = None, ""
            return False
        self.history, self.encounter_id = History(enc), eid
        self.store.set_current(eid)
        return True

    def new_encounter(self, ruleset: str, name: str = "") -> Encounter:
        enc = Encounter.new(ruleset, name.strip())
        self.encounter_id = self.store.create(enc)
        self.history = History(enc)
        return enc

    def commit(self, new: Encounter) -> str:
        """Record ``new`` as the next state: undo history, save, re-render.
        Returns "" or a message when the browser refused to save (the
        change is then not kept, and nothing saved before is lost)."""
        try:
            self.store.save(self.encounter_id, new)
        except Exception as exc:  # noqa: BLE001 - e.g. QuotaExceededError from the browser
            return self._save_failed(exc)
        self.history = self.history.do(new)
        self.rerender()
        return ""

    def _move(self, history) -> None:
        try:
            self.store.save(self.encounter_id, history.present)
        except Exception as exc:  # noqa: BLE001 - keep showing the saved state
            self.show_notice(self._save_failed(exc))
            return
        self.history = history
        self.rerender()

    def _save_failed(self, exc) -> str:
        """The message for a failed save; another tab's newer version is loaded."""
        if getattr(exc, "reason", "") == "conflict":
            self.reload_from_storage()
        return store.save_message(exc)

    def reload_from_storage(self) -> None:
        """Show what is stored now (another tab changed it); undo starts afresh."""
        self.store.refresh()
        eid = self.encounter_id
        if not eid or not self.open_encounter(eid):
            self.open_encounter(self.store.current_id)
        self.rerender()

    def undo(self) -> None:
        if self.history is not None and self.history.can_undo:
            self._move(self.history.undo())

    def redo(self) -> None:
        if self.history is not None and self.history.can_redo:
            self._move(self.history.redo())

    # ----- settings ---------------------------------------------------------------
    def save_settings(self, **changes) -> None:
        self.settings = {**self.settings, **changes}
        try:
            self.store.save_settings(self.settings)
        except Exception as exc:  # noqa: BLE001 - applies to this visit; says why it is not kept
            self.show_notice(store.save_message(exc))
        if "lang" in changes:
            i18n.set_language(changes["lang"] or i18n.browser_language())
            self._build()
        apply_theme(self.settings)
        for hook in list(self.settings_hooks.values()):
            hook()

    # ----- navigation ---------------------------------------------------------------
    def _build(self) -> None:
        document.documentElement.setAttribute("lang", i18n.current_language())
        self.tabs = el("nav", cls="tabs", attrs={"aria-label": _("Screens")})
        for name, (_module, label) in SCREENS.items():
            button = el("button", _(label), attrs={"type": "button", "data-screen": name,
                                                   "id": f"tab-{name}"})
            button.onclick = lambda event, n=name: self.navigate(n)
            self.tabs.append(button)
        self.body = el("div", cls="screen", attrs={"id": "screen"})
        self.notice = el("p", cls="error", attrs={"id": "app-notice", "role": "alert"})
        self.notice.hidden = True
        self.root.replaceChildren(self.notice, self.body, self.tabs)
        self._screens = {}
        self.navigate(self.screen_name, **self.params)

    def navigate(self, name: str, **params) -> None:
        if name not in SCREENS and name not in SUBSCREENS:
            name = "fight"
        self.screen_name, self.params = name, params
        tab = SUBSCREENS[name][1] if name in SUBSCREENS else name
        for button in self.tabs.children:
            current = button.getAttribute("data-screen") == tab
            button.setAttribute("aria-current", "page" if current else "false")
        if name not in self._screens:
            module = importlib.import_module((SCREENS.get(name) or SUBSCREENS[name])[0])
            holder = el("section", attrs={"id": f"screen-{name}", "class": f"screen-{name}"})
            self._screens[name] = (module.Screen(self, holder), holder)
        screen, holder = self._screens[name]
        self.body.replaceChildren(holder)
        screen.render(**params)
        window.scrollTo(0, 0)

    def rerender(self) -> None:
        screen, _holder = self._screens[self.screen_name]
        screen.render(**self.params)

    def show_notice(self, text: str) -> None:
        self.notice.textContent = text or ""
        self.notice.hidden = not text


def apply_theme(settings: dict) -> None:
    theme = settings.get("theme", "system")
    if theme == "system":
        document.documentElement.removeAttribute("data-theme")
    else:
        document.documentElement.setAttribute("data-theme", theme)


def start() -> App:
    """Replace the loading state with the app, then mark the page ready."""
    app = App(by_id("app"), window.localStorage)
    apply_theme(app.settings)
    from . import safety  # storage events from other tabs, share links, unreadable data
    safety.start(app)
    document.body.setAttribute("data-ready", "")
    window.performance.mark("mischia:ready")  # read by `make bench`
    return app
