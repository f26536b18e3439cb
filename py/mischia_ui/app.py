"""The first screen: the current encounter, its combatants and a form to add one.

State is one ``Encounter`` value kept in localStorage (see ``store``). The
handler reads the form, asks the core for a new encounter, saves, renders.
"""

from __future__ import annotations

from pyscript import document, when, window

from mischia.encounter import Encounter
from mischia.errors import InputError

from . import store
from .dom import by_id, el
from .i18n import _, ngettext


class EncounterScreen:
    """Renders one encounter into ``root`` and keeps it saved in ``storage``."""

    def __init__(self, root, storage):
        self.root = root
        self.storage = storage
        self.encounter, problem = store.load(storage)
        self._build()
        if problem:
            self.show_error(problem)
        self.render()

    def _build(self) -> None:
        self.summary = el("p", cls="muted", attrs={"id": "encounter-summary"})
        self.list = el("ol", cls="combatants", attrs={"id": "combatants", "aria-live": "polite"})
        self.name_input = el("input", attrs={
            "id": "add-name", "name": "name", "type": "text", "autocomplete": "off",
            "enterkeyhint": "done", "placeholder": _("e.g. Goblin archer"),
            "aria-describedby": "add-error"})
        self.error = el("p", cls="error", attrs={"id": "add-error", "role": "alert"})
        self.error.hidden = True
        self.form = el("form", attrs={"id": "add-form", "novalidate": ""}, children=[
            el("label", _("Add a combatant"), attrs={"for": "add-name"}),
            el("div", cls="row", children=[
                self.name_input,
                el("button", _("Add"), attrs={"type": "submit", "id": "add-button"}),
            ]),
            self.error,
        ])
        section = el("section", cls="encounter", attrs={"id": "encounter", "aria-labelledby": "encounter-title"},
                     children=[el("h2", _("Encounter"), attrs={"id": "encounter-title"}),
                               self.summary, self.list, self.form])
        self.root.replaceChildren(section)
        when("submit", self.form)(self.on_submit)

    def render(self) -> None:
        """Show the combatants as text (names are never parsed as HTML)."""
        combatants = self.encounter.combatants
        if combatants:
            self.summary.textContent = ngettext(
                "{n} combatant", "{n} combatants", len(combatants)).format(n=len(combatants))
        else:
            self.summary.textContent = _("No combatants yet: add the first one below.")
        items = [
            el("li", cls="combatant", attrs={"data-id": c.id}, children=[
                el("span", c.name, cls="name"),
                el("span", _(c.side), cls="side"),
            ])
            for c in combatants
        ]
        self.list.replaceChildren(*items)

    def show_error(self, text: str | None) -> None:
        self.error.textContent = text or ""
        self.error.hidden = not text
        if text:
            self.name_input.setAttribute("aria-invalid", "true")
        else:
            self.name_input.removeAttribute("aria-invalid")

    def on_submit(self, event) -> None:
        event.preventDefault()
        name = self.name_input.value
        try:
            updated = self.encounter.add_combatant(name)
        except InputError as exc:
            # keep what was typed, say what is wrong
            about_name = exc.field.rsplit(".", 1)[-1] == "name"
            self.show_error(_("Name {problem}.").format(problem=exc.message)
                            if about_name else str(exc))
            return
        try:
            store.save(self.storage, updated)
        except Exception as exc:  # e.g. QuotaExceededError from the browser
            self.show_error(_("Could not save in this browser: {error}").format(error=exc))
            return
        self.encounter = updated
        self.show_error(None)
        self.name_input.value = ""
        self.render()
        self.name_input.focus()


def start() -> EncounterScreen:
    """Replace the loading state with the encounter screen, then mark the page ready."""
    screen = EncounterScreen(by_id("app"), window.localStorage)
    document.body.setAttribute("data-ready", "")
    window.performance.mark("mischia:ready")  # read by `make bench`
    return screen
