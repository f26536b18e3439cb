"""The fight screen's sheets about the encounter itself: saved encounters
(list, open, rename, delete, new with its ruleset), the ruleset's options
(the rules core's ambiguity switches with their rule IDs and reference
text), adding from the roster in one tap, the classic d100 surprise check,
and why a combatant has its initiative.

A mixin of ``fight.Screen``.
"""

from __future__ import annotations

from mischia import tracker
from mischia.errors import InputError
from mischia.ruleset import get_ruleset, ruleset_ids

from ..breakdown_view import breakdown
from ..dom import el
from ..i18n import _
from ..labels import choice_name, option_name, rule_text, side_label
from ..widgets.fields import DieInput, Field, error_text
from .fight_cards import button

ROSTER_FIELDS = ("name", "side", "init_mod", "stats", "traits", "size", "hp", "notes", "aware")


def ruleset_label(rid: str) -> str:
    try:
        return _(get_ruleset(rid).name)
    except InputError:
        return rid


def roster_fields(entry: dict) -> dict:
    """The combatant fields of a roster entry (a copy: the fight never
    shares anything with the roster)."""
    out = {k: entry[k] for k in ROSTER_FIELDS if k in entry}
    if isinstance(out.get("hp"), dict):
        hp = out["hp"]
        out["hp"] = {"max": hp.get("max"), "current": hp.get("max"), "temp": 0}
    out["stats"] = dict(out.get("stats") or {})
    out["traits"] = list(out.get("traits") or [])
    return out


class EncounterSheets:
    # ----- saved encounters -----------------------------------------------------------
    def new_encounter_form(self, prefix: str):
        name = Field(_("Name of the encounter"), fid=f"{prefix}-name", attrs={"maxlength": "200"})
        rules = Field(_("Rules"), "select", self.app.settings.get("last_ruleset") or ruleset_ids()[0],
                      fid=f"{prefix}-ruleset", options=[(r, ruleset_label(r)) for r in ruleset_ids()])
        form = el("form", cls="new-encounter", attrs={"novalidate": "", "data-submit": "new-encounter",
                                                       "id": f"{prefix}-form"},
                  children=[name.node, rules.node, el("div", cls="actions", children=[
                      el("button", _("New encounter"), attrs={"type": "submit", "id": f"{prefix}-create"})])])
        form.fields = None
        self.new_fields = (name, rules)
        return form

    def submit_new_encounter(self, event):
        form = event.target
        prefix = form.getAttribute("id")[:-len("-form")]
        name = self.root.querySelector(f"#{prefix}-name").value
        rid = self.root.querySelector(f"#{prefix}-ruleset").value
        try:
            get_ruleset(rid)
        except InputError as exc:
            self.notice(error_text(exc))
            return
        self.app.new_encounter(rid, name)
        self.app.save_settings(last_ruleset=rid)
        self.sheet.close()
        self.announce(_("New encounter: {rules}").format(rules=ruleset_label(rid)))
        self.render()

    def act_encounters(self, cid, node):
        self.sheet.open("encounters", _("Encounters"), self._encounter_list(), self.new_encounter_form("sheet-new"))

    def _encounter_list(self):
        rows = []
        for entry in self.app.store.encounters():
            eid = entry["id"]
            title = entry.get("name") or _("Untitled encounter")
            current = eid == self.app.encounter_id
            rows.append(el("li", cls="enc-row" + (" current" if current else ""), attrs={"data-eid": eid}, children=[
                el("div", cls="enc-title", children=[
                    el("span", title, cls="enc-name"),
                    el("span", ruleset_label(entry.get("ruleset", "")) + (" · " + _("open now") if current else ""),
                       cls="muted")]),
                el("div", cls="actions", children=[
                    button(_("Open"), "enc-open", extra={"data-eid": eid, "aria-label": _("Open {title}").format(
                        title=title)}),
                    button(_("Rename"), "enc-rename", cls="secondary", extra={
                        "data-eid": eid, "aria-label": _("Rename {title}").format(title=title)}),
                    button(_("Delete"), "enc-delete", cls="danger", extra={
                        "data-eid": eid, "aria-label": _("Delete {title}").format(title=title)})])]))
        if not rows:
            return el("p", _("No saved encounters yet."), cls="muted")
        return el("ul", cls="enc-list", attrs={"id": "encounter-list"}, children=rows)

    def act_enc_open(self, cid, node):
        eid = node.getAttribute("data-eid")
        if not self.app.open_encounter(eid):
            self.notice(_("This encounter could not be read; it was kept aside."))
        self.sheet.close()
        self.render()

    def act_enc_rename(self, cid, node):
        eid = node.getAttribute("data-eid")
        entry = next(e for e in self.app.store.encounters() if e["id"] == eid)
        field = Field(_("New name"), value=entry.get("name", ""), fid="rename-name", attrs={"maxlength": "200"})
        form = el("form", attrs={"novalidate": "", "data-submit": "rename", "data-eid": eid, "id": "rename-form"},
                  children=[field.node, el("div", cls="actions", children=[
                      el("button", _("Save the name"), attrs={"type": "submit"})])])
        self.rename_field = field
        self.sheet.open("rename", _("Rename"), form)

    def submit_rename(self, event):
        eid = event.target.getAttribute("data-eid")
        try:
            if eid == self.app.encounter_id:
                problem = self.app.commit(tracker.rename(self.app.encounter, self.rename_field.text))
            else:
                enc = self.app.store.load(eid)
                if enc is None:
                    raise InputError("encounter", _("this encounter could not be read"))
                self.app.store.save(eid, tracker.rename(enc, self.rename_field.text))
                problem = ""
        except InputError as exc:
            self.rename_field.error(error_text(exc))
            return
        except Exception as exc:  # noqa: BLE001 - storage refused
            problem = _("Could not save in this browser: {error}").format(error=exc)
        if problem:
            self.rename_field.error(problem)
            return
        self.act_encounters("", None)

    def act_enc_delete(self, cid, node):
        eid = node.getAttribute("data-eid")
        if node.getAttribute("data-confirm") != "yes":
            node.setAttribute("data-confirm", "yes")
            node.textContent = _("Tap again to delete")
            return
        self.app.store.delete(eid)
        if eid == self.app.encounter_id:
            self.app.history, self.app.encounter_id = None, ""
        self.render()
        self.act_encounters("", None)

    # ----- options ------------------------------------------------------------------------
    def act_options(self, cid, node):
        enc = self.app.encounter
        if enc is None:
            return
        ruleset = self.ruleset(enc)
        chosen = ruleset.resolve_options(enc.options)
        rows = []
        for oid, option in ruleset.options.items():
            field = Field(option_name(oid), "select", chosen[oid], fid=f"opt-{oid}",
                          options=[(ch, choice_name(ch, oid) + (" · " + _("default") if ch == option.default else ""))
                                   for ch in option.choices])
            field.control.setAttribute("data-option", oid)
            field.control.onchange = lambda event, o=oid: self._option_changed(o)
            tags = [el("code", option.rule, cls="bd-rule")]
            if getattr(option, "amb", ""):
                tags.insert(0, el("span", option.amb, cls="badge"))
            rows.append(el("div", cls="option", children=[field.node, el("details", children=[
                el("summary", children=tags), el("p", rule_text(option.rule) or _("No reference text."),
                                                  cls="bd-text")])]))
        intro = el("p", _("Where the rules can be read two ways, choose how your table plays them."),
                   cls="muted")
        self.sheet.open("options", _("Rules options: {rules}").format(rules=ruleset_label(enc.ruleset)),
                        intro, *rows)

    def _option_changed(self, oid):
        control = self.root.querySelector(f"#opt-{oid}")
        try:
            new = tracker.set_options(self.app.encounter, {oid: control.value})
        except InputError as exc:
            self.notice(error_text(exc))
            return
        self.commit(new)

    # ----- roster ----------------------------------------------------------------------------
    def act_roster_pick(self, cid, node):
        enc = self.ensure_encounter()
        entries = [e for e in self.app.store.roster() if e.get("ruleset") == enc.ruleset]
        if not entries:
            body = [el("p", _("No one in the roster for these rules yet. Save a combatant there with More → "
                              "Save to the roster, or use the Roster tab."), cls="muted")]
        else:
            body = [el("ul", cls="roster-pick", children=[el("li", children=[
                el("span", e.get("name", "?"), cls="name"),
                el("span", f"{side_label(e.get('side', 'party'))} · {self._entry_hp(e)}", cls="muted"),
                button(_("Add"), "roster-add", cls="small", extra={
                    "data-rid": e.get("id", ""), "aria-label": _("Add {name}").format(name=e.get("name", "?"))})])
                for e in entries])]
        body.append(el("p", "", cls="muted", attrs={"id": "roster-status", "role": "status"}))
        self.sheet.open("roster", _("Add from the roster"), *body)

    @staticmethod
    def _entry_hp(entry):
        hp = entry.get("hp") or {}
        return _("HP {max}").format(max=hp["max"]) if hp.get("max") else _("HP not tracked")

    def act_roster_add(self, cid, node):
        rid = node.getAttribute("data-rid")
        entry = next((e for e in self.app.store.roster() if e.get("id") == rid), None)
        status = self.root.querySelector("#roster-status")
        if entry is None:
            return
        data = roster_fields(entry)
        try:
            new = tracker.add_combatant(self.app.encounter, data.pop("name", ""), data.pop("side", "party"), **data)
        except InputError as exc:
            status.textContent = error_text(exc)
            return
        if self.commit(new):
            status.textContent = _("{name} joins the fight.").format(name=entry.get("name", ""))

    # ----- initiative, surprise ------------------------------------------------------------
    def act_init_why(self, cid, node):
        enc = self.app.encounter
        c = enc.get(cid)
        typed = {x.id: x.init_roll for x in enc.combatants if x.init_roll is not None}
        try:
            _new, result = tracker.roll_initiative(enc, typed=typed)
            bd = result["details"].get(cid)
        except InputError:
            bd = None
        body = [breakdown(self.ruleset(enc), bd, total_label=_("Initiative"))] if isinstance(bd, dict) and \
            "lines" in bd else [el("p", _("Set by hand."), cls="muted")]
        self.sheet.open("init", _("Initiative of {name}").format(name=c.name), *body)

    def act_surprise_check(self, cid, node):
        """classic: the d100 surprise check of each unaware combatant."""
        enc = self.app.encounter
        unaware = [c for c in enc.combatants if not c.aware]
        self.surprise_dice = {}
        rows = []
        for c in unaware:
            die = DieInput(self.app.rng, 100, _("d100 for {name}").format(name=c.name), fid=f"sur-{c.id}",
                           name=f"rolls.{c.id}")
            self.surprise_dice[c.id] = die
            rows.append(die.node)
        self.surprise_event = Field(_("Penalty of the event (0–4)"), "number", 0, fid="sur-event", low=0, high=4)
        if not unaware:
            rows = [el("p", _("Everyone is aware: nobody can be surprised. Mark the unaware ones first "
                              "(More → Mark unaware)."), cls="muted")]
        form = el("form", attrs={"novalidate": "", "data-submit": "surprise", "id": "surprise-form"}, children=rows + (
            [self.surprise_event.node, el("div", attrs={"id": "surprise-result"}),
             el("div", cls="actions", children=[
                 el("button", _("Check"), attrs={"type": "submit", "id": "surprise-go"}),
                 button(_("Roll for me"), "surprise-roll", cls="secondary")])] if unaware else []))
        self.surprise_result = None
        self.sheet.open("surprise", _("Surprise check (d100)"), form)

    def act_stealth_check(self, cid, node):
        """5e: who hides rolls Stealth against each foe's passive Perception
        (dnd5e.surprise.contest); the answer marks the surprised unaware."""
        enc = self.app.encounter
        self.stealth_rows = {}
        rows = [el("p", _("Tick who hides and type their Stealth d20 (blank: the app rolls). "
                          "Stealth and passive Perception come from each sheet."), cls="muted")]
        for c in enc.combatants:
            hides = Field(_("{name} hides").format(name=c.name), "check", c.side == "foes",
                          fid=f"hide-{c.id}", name=f"hiding.{c.id}")
            die = DieInput(self.app.rng, 20, _("Stealth d20 for {name}").format(name=c.name),
                           fid=f"stealth-{c.id}", name=f"rolls.{c.id}")
            self.stealth_rows[c.id] = (hides, die)
            rows.append(el("fieldset", cls="stealth-row", children=[hides.node, die.node]))
        form = el("form", attrs={"novalidate": "", "data-submit": "stealth", "id": "stealth-form"}, children=rows + [
            el("div", attrs={"id": "stealth-result"}),
            el("div", cls="actions", children=[el("button", _("Check"), attrs={"type": "submit",
                                                                            "id": "stealth-go"})])])
        self.stealth_result = None
        self.sheet.open("stealth", _("Stealth vs passive Perception"), form)

    def submit_stealth(self, event):
        enc = self.app.encounter
        box = self.root.querySelector("#stealth-result")
        if self.stealth_result is not None:            # second tap: mark them
            if self.commit(tracker.set_unaware(enc, self.stealth_result["value"]["surprised"])):
                self.sheet.close()
            return
        rolls, inputs, bad = {}, {}, False
        for cid, (hides, die) in self.stealth_rows.items():
            hiding = bool(hides.control.checked)
            inputs[cid] = {"aware": None, "hiding": hiding}
            if not hiding:
                continue
            try:
                value = die.value(f"rolls.{cid}")
                die.error(None)
            except InputError as exc:
                die.error(error_text(exc))
                bad = True
                continue
            if value is not None:
                rolls[cid] = value
        if bad:
            return
        try:
            result = tracker.surprise_check(enc, rng=self.app.rng, rolls=rolls, inputs=inputs)
        except InputError as exc:
            box.replaceChildren(el("p", error_text(exc), cls="error"))
            return
        ruleset = self.ruleset(enc)
        parts = []
        for cid, bd in result["details"].get("stealth", {}).items():
            parts.append(breakdown(ruleset, bd, _("Stealth of {name}").format(name=enc.get(cid).name)))
        surprised = result["value"].get("surprised", [])
        for cid in surprised:
            bd = result["details"].get("passive", {}).get(cid)
            if isinstance(bd, dict):
                parts.append(breakdown(ruleset, bd, _("Passive Perception of {name}: surprised").format(
                    name=enc.get(cid).name)))
        names = ", ".join(enc.get(i).name for i in surprised) or _("nobody")
        parts.append(el("p", _("Surprised: {names}").format(names=names), cls="bd-total",
                        attrs={"id": "stealth-surprised", "role": "status"}))
        box.replaceChildren(*parts)
        self.stealth_result = result
        self.root.querySelector("#stealth-go").textContent = _("Mark them surprised") if surprised else _("Close")

    def act_surprise_roll(self, cid, node):
        for die in self.surprise_dice.values():
            if not die.field.text.strip():
                die.roll()

    def submit_surprise(self, event):
        enc = self.app.encounter
        box = self.root.querySelector("#surprise-result")
        if self.surprise_result is not None:           # second tap: mark them
            if self.commit(tracker.mark_surprised(enc, self.surprise_result["value"]["surprised"])):
                self.sheet.close()
            return
        rolls, bad = {}, False
        for cid, die in self.surprise_dice.items():
            try:
                rolls[cid] = die.value(f"rolls.{cid}", required=True)
                die.error(None)
            except InputError as exc:
                die.error(error_text(exc))
                bad = True
        try:
            event_penalty = self.surprise_event.int_value("event") or 0
        except InputError as exc:
            self.surprise_event.error(error_text(exc))
            return
        if bad:
            return
        inputs = {cid: {"surprise": {"event": event_penalty}} for cid in rolls}
        try:
            result = tracker.surprise_check(enc, rolls=rolls, inputs=inputs)
        except InputError as exc:
            box.replaceChildren(el("p", error_text(exc), cls="error"))
            return
        ruleset = self.ruleset(enc)
        parts = []
        surprised = result["value"].get("surprised", [])
        for cid in rolls:
            verdict = _("surprised") if cid in surprised else _("not surprised")
            bd = result["details"].get(cid)
            if isinstance(bd, dict):
                parts.append(breakdown(ruleset, bd, f"{enc.get(cid).name}: {verdict}"))
        names = ", ".join(enc.get(i).name for i in surprised) or _("nobody")
        parts.append(el("p", _("Surprised: {names}").format(names=names), cls="bd-total"))
        box.replaceChildren(*parts)
        self.surprise_result = result
        self.root.querySelector("#surprise-go").textContent = _("Mark them surprised") if surprised else _("Close")
