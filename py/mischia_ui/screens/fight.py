"""The fight screen: the current encounter, its combatants and a form to add one.

(First version: add a named combatant and see the list. The encounter
tracker of issue 4 grows here.)
"""

from __future__ import annotations

from pyscript import when

from mischia.errors import InputError
from mischia.ruleset import ruleset_ids

from ..dom import el
from ..i18n import _, ngettext


class Screen:
    def __init__(self, app, root):
        self.app = app
        self.root = root
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
        root.replaceChildren(el("h2", _("Encounter"), attrs={"id": "encounter-title"}),
                             self.summary, self.list, self.form)
        when("submit", self.form)(self.on_submit)

    def render(self, **params) -> None:
        enc = self.app.encounter
        combatants = enc.combatants if enc is not None else ()
        if combatants:
            self.summary.textContent = ngettext(
                "{n} combatant", "{n} combatants", len(combatants)).format(n=len(combatants))
        else:
            self.summary.textContent = _("No combatants yet: add the first one below.")
        self.list.replaceChildren(*[
            el("li", cls="combatant", attrs={"data-id": c.id}, children=[
                el("span", c.name, cls="name"), el("span", _(c.side), cls="side")])
            for c in combatants])

    def show_error(self, text) -> None:
        self.error.textContent = text or ""
        self.error.hidden = not text
        if text:
            self.name_input.setAttribute("aria-invalid", "true")
        else:
            self.name_input.removeAttribute("aria-invalid")

    def on_submit(self, event) -> None:
        event.preventDefault()
        if self.app.encounter is None:
            self.app.new_encounter(ruleset_ids()[0])
        try:
            updated = self.app.encounter.add_combatant(self.name_input.value)
        except InputError as exc:
            about_name = exc.field.rsplit(".", 1)[-1] == "name"
            self.show_error(_("Name {problem}.").format(problem=exc.message) if about_name else str(exc))
            return
        problem = self.app.commit(updated)
        if problem:
            self.show_error(problem)
            return
        self.show_error(None)
        self.name_input.value = ""
        self.name_input.focus()
