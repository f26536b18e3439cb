"""The roster: player characters and monsters saved once, in a library that
outlives encounters, each with its ruleset. One tap adds a copy to the open
encounter; editing an entry later never rewrites a fight already running.

Entries are combatant dicts plus ``id`` and ``ruleset`` (``store.roster()``);
each is checked by the rules core (the same checks as adding it to a fight)
before it is saved.
"""

from __future__ import annotations

from pyscript import when

from mischia import tracker
from mischia.encounter import Encounter
from mischia.errors import InputError
from mischia.ruleset import get_ruleset, ruleset_ids

from ..dom import el
from ..i18n import _, ngettext
from ..labels import side_label
from ..widgets.combatant_form import CombatantForm
from ..widgets.fields import Field, closest, error_text
from ..widgets.sheet import Sheet
from .fight_cards import button
from .fight_setup import roster_fields, ruleset_label


def check_entry(rid: str, data: dict) -> dict:
    """The entry as the rules core accepts it (raises InputError naming the field)."""
    data = dict(data)
    enc = tracker.add_combatant(Encounter.new(rid), data.pop("name", ""), data.pop("side", "party"), **data)
    entry = enc.combatants[0].to_dict()
    for key in ("id", "conditions", "initiative", "init_roll", "acted", "used", "group"):
        entry.pop(key, None)
    return entry


class Screen:
    def __init__(self, app, root):
        self.app = app
        self.root = root
        self.filter = ""
        self.form = None
        self.status = el("p", cls="muted", attrs={"id": "roster-status", "role": "status"})
        self.list = el("ul", cls="roster-list", attrs={"id": "roster-list"})
        self.filter_box = el("div", attrs={"id": "roster-filter-box"})
        root.replaceChildren(
            el("h2", _("Roster")),
            el("p", _("Characters and monsters saved once, for any encounter. Adding one to a fight adds a "
                      "copy: changing the roster later does not change the fight."), cls="muted"),
            self.filter_box,
            el("div", cls="actions", children=[button(_("New entry"), "new", cls="primary",
                                                      extra={"id": "roster-new"})]),
            self.status, self.list)
        self.sheet = Sheet(root, "roster-sheet")
        root.onclick = self.on_click
        when("submit", root)(self.on_submit)

    # ----- data ----------------------------------------------------------------------
    def entries(self) -> list:
        return list(self.app.store.roster())

    def save(self, entries) -> bool:
        try:
            self.app.store.save_roster(entries)
        except Exception as exc:  # noqa: BLE001 - the browser refused to save
            self.status.textContent = _("Could not save in this browser: {error}").format(error=exc)
            return False
        return True

    # ----- rendering -------------------------------------------------------------------
    def render(self, **params) -> None:
        enc = self.app.encounter
        if not self.filter and enc is not None:
            self.filter = enc.ruleset
        choices = [("all", _("All rules"))] + [(r, ruleset_label(r)) for r in ruleset_ids()]
        field = Field(_("Show"), "select", self.filter or "all", fid="roster-filter", options=choices)
        field.control.onchange = lambda event: self._filter(field.control.value)
        self.filter_box.replaceChildren(field.node)
        shown = [e for e in self.entries() if self.filter in ("", "all") or e.get("ruleset") == self.filter]
        rows = []
        for e in shown:
            rid, name = e.get("id", ""), e.get("name", "?")
            hp = (e.get("hp") or {}).get("max")
            facts = [ruleset_label(e.get("ruleset", "")), side_label(e.get("side", "party")),
                     _("HP {max}").format(max=hp) if hp else _("HP not tracked")]
            actions = []
            if enc is not None and enc.ruleset == e.get("ruleset"):
                actions.append(button(_("Add to the fight"), "add", cls="small", extra={
                    "data-rid": rid, "aria-label": _("Add {name} to the fight").format(name=name)}))
            actions += [button(_("Edit"), "edit", cls="secondary small", extra={
                            "data-rid": rid, "aria-label": _("Edit {name}").format(name=name)}),
                        button(_("Delete"), "delete", cls="danger small", extra={
                            "data-rid": rid, "aria-label": _("Delete {name}").format(name=name)})]
            rows.append(el("li", attrs={"data-rid": rid}, children=[
                el("span", name, cls="name"), el("p", " · ".join(facts), cls="muted"),
                el("div", cls="actions", children=actions)]))
        if not rows:
            rows = [el("li", _("Nobody here yet."), cls="muted")]
        self.list.replaceChildren(*rows)
        total = len(self.entries())
        self.status.textContent = ngettext("{n} entry in the roster", "{n} entries in the roster",
                                           total).format(n=total) if total else ""

    def _filter(self, value) -> None:
        self.filter = value
        self.render()

    # ----- events ---------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = closest(event.target, "[data-act]")
        if target is None:
            return
        method = getattr(self, "act_" + str(target.getAttribute("data-act")).replace("-", "_"), None)
        if method is not None:
            method(target)

    def on_submit(self, event) -> None:
        event.preventDefault()
        if event.target.getAttribute("data-submit") == "roster-entry":
            self.submit_entry(event.target)

    def _entry(self, rid):
        return next((e for e in self.entries() if e.get("id") == rid), None)

    def act_new(self, node) -> None:
        rid = self.filter if self.filter not in ("", "all") else (
            self.app.encounter.ruleset if self.app.encounter is not None else ruleset_ids()[0])
        self.open_form(rid, None, "")

    def act_edit(self, node) -> None:
        entry = self._entry(node.getAttribute("data-rid"))
        if entry is not None:
            self.open_form(entry.get("ruleset", ruleset_ids()[0]), entry, entry.get("id", ""))

    def open_form(self, rid: str, values, entry_id: str) -> None:
        try:
            ruleset = get_ruleset(rid)
        except InputError:
            rid, ruleset = ruleset_ids()[0], get_ruleset(ruleset_ids()[0])
        rules = Field(_("Rules"), "select", rid, fid="roster-ruleset",
                      options=[(r, ruleset_label(r)) for r in ruleset_ids()])
        if entry_id:
            rules.control.setAttribute("disabled", "")
        rules.control.onchange = lambda event: self.open_form(rules.control.value, self._typed(), entry_id)
        form = CombatantForm(ruleset, values, mode="roster", submit_label=_("Save in the roster"),
                             form_id="roster-form")
        form.node.setAttribute("data-submit", "roster-entry")
        form.node.setAttribute("data-rid", entry_id)
        form.node.setAttribute("data-ruleset", rid)
        form.node.insertBefore(rules.node, form.node.firstChild)
        self.form = form
        title = _("Edit {name}").format(name=values.get("name", "")) if entry_id else _("New roster entry")
        self.sheet.open("entry", title, form.node)

    def _typed(self) -> dict:
        """What was typed so far (kept when the rules change: name, side, hit points, notes)."""
        try:
            data = self.form.read()
        except InputError:
            data = {"name": self.form.fields["name"].text}
        data.pop("stats", None)
        data.pop("traits", None)
        return data

    def submit_entry(self, form_node) -> None:
        form = self.form
        entry_id = form_node.getAttribute("data-rid")
        rid = form_node.getAttribute("data-ruleset")
        try:
            entry = check_entry(rid, form.read())
        except InputError as exc:
            form.show_error(exc)
            return
        entries = self.entries()
        if entry_id:
            entries = [{"id": entry_id, "ruleset": rid, **entry} if e.get("id") == entry_id else e for e in entries]
        else:
            taken = {e.get("id") for e in entries}
            n = len(entries) + 1
            while f"r{n}" in taken:
                n += 1
            entries.append({"id": f"r{n}", "ruleset": rid, **entry})
        if self.save(entries):
            self.sheet.close()
            self.render()

    def act_delete(self, node) -> None:
        if node.getAttribute("data-confirm") != "yes":
            node.setAttribute("data-confirm", "yes")
            node.textContent = _("Tap again to delete")
            return
        rid = node.getAttribute("data-rid")
        if self.save([e for e in self.entries() if e.get("id") != rid]):
            self.render()

    def act_add(self, node) -> None:
        entry = self._entry(node.getAttribute("data-rid"))
        enc = self.app.encounter
        if entry is None or enc is None:
            return
        data = roster_fields(entry)
        try:
            new = tracker.add_combatant(enc, data.pop("name", ""), data.pop("side", "party"), **data)
        except InputError as exc:
            self.status.textContent = error_text(exc)
            return
        problem = self.app.commit(new)
        self.status.textContent = problem or _("{name} joins the fight.").format(name=entry.get("name", ""))
