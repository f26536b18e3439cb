"""The fight screen's sheets for one combatant: add/edit (the ruleset's
combatant form), hit points (damage and healing through the ruleset's
hit-point state machine, asking for the rolls it wants), a new condition
(stage, cause, duration), what a condition does right now (the ``effective``
query's breakdowns with rule IDs), delay, and "more" (duplicate, remove,
order, awareness, roster).

A mixin of ``fight.Screen``: ``self.app``, ``self.sheet``, ``self.commit``.
"""

from __future__ import annotations

from mischia import tracker
from mischia.encounter import Duration
from mischia.errors import InputError
from mischia.queries import run

from ..breakdown_view import breakdown
from ..dom import el
from ..i18n import N_, _
from ..labels import choice_name, condition_name, humanize, rule_text, status_label
from ..widgets.combatant_form import CombatantForm
from ..widgets.fields import Field, error_text, find
from .fight_asks import PromptInputs
from .fight_cards import button, condition_title, hp_text, remaining_text

# what the ``effective`` query's numbers are, in words
NUMBERS = {
    "attack": N_("Attack rolls"), "attack.melee": N_("Melee attack rolls"),
    "attack.ranged": N_("Ranged attack rolls"), "damage": N_("Damage"), "damage_die": N_("Damage die"),
    "ac": N_("Armour Class"), "ac.melee": N_("Armour Class against melee"),
    "ac.ranged": N_("Armour Class against ranged"), "pf1.ac": N_("Armour Class"),
    "pf1.ac.touch": N_("Touch AC"), "pf1.ac.flat_footed": N_("Flat-footed AC"), "pf1.cmb": N_("CMB"),
    "pf1.cmd": N_("CMD"), "pf1.initiative": N_("Initiative"), "initiative": N_("Initiative"),
    "save": N_("Saving throws"), "skill": N_("Skills"), "skill.percent": N_("Skills (percent)"),
    "check": N_("Ability checks"), "concentration_failure": N_("Chance to lose concentration"),
    "dex_score": N_("Dexterity score"), "move": N_("Movement"), "miss_chance": N_("Miss chance"),
    "surprise": N_("Surprise"), "attackers.attack": N_("Attackers' attack rolls"),
    "attackers.attack.melee": N_("Attackers' melee attack rolls"),
    "attackers.attack.ranged": N_("Attackers' ranged attack rolls"),
    "attackers.damage": N_("Attackers' damage"), "attackers.miss_chance": N_("Attackers' miss chance"),
}
DURATIONS = (("rounds", N_("For a number of rounds")), ("until_removed", N_("Until removed")),
             ("until_save", N_("Until a save succeeds (asked at the end of its turn)")),
             ("turn_start", N_("Until the start of a combatant's turn")),
             ("turn_end", N_("Until the end of a combatant's turn")))


def number_label(key: str) -> str:
    if key in NUMBERS:
        return _(NUMBERS[key])
    head, _sep, what = key.partition(".")
    if head == "deny":
        return _("Loses: {what}").format(what=_(humanize(what)))
    if head == "forbid":
        return _("Cannot: {what}").format(what=_(humanize(what)))
    return _(humanize(key))


def _source_matches(line: dict, cond_id: str) -> bool:
    source = line.get("source", "") or ""
    return source == cond_id or source.startswith(cond_id + ":")


def _reminder_about(reminder: dict, cond_id: str, definition) -> bool:
    """Is this reminder about the condition (its rule ID or its first words)?"""
    key = cond_id.replace("_", "-")
    rule = reminder.get("rule", "")
    if any(k and k in rule for k in (key, key.rstrip("d"))):
        return True
    name = (definition.name if definition is not None and definition.name else cond_id).lower()
    return reminder.get("text", "").lower().startswith(name)


class CombatantSheets:
    # ----- add / edit --------------------------------------------------------------
    def open_add_form(self, values=None):
        enc = self.ensure_encounter()
        ruleset = self.ruleset(enc)
        form = CombatantForm(ruleset, values, mode="add", submit_label=_("Add to the fight"),
                             form_id="combatant-form")
        form.node.setAttribute("data-submit", "add-combatant")
        self.form = form
        self.sheet.open("add", _("New combatant"), form.node)

    def submit_add_combatant(self, event):
        form = self.form
        try:
            data = form.read()
            count, shared = data.pop("count"), data.pop("shared")
            enc = self.app.encounter
            if count > 1:
                new = tracker.add_group(enc, data.pop("name"), count, data.pop("side"), shared=shared, **data)
            else:
                new = tracker.add_combatant(enc, data.pop("name"), data.pop("side"), **data)
        except InputError as exc:
            form.show_error(exc)
            return
        if self.commit(new):
            self.sheet.close()

    def act_edit(self, cid, node):
        enc = self.app.encounter
        c = enc.get(cid)
        form = CombatantForm(self.ruleset(enc), c.to_dict(), mode="edit", submit_label=_("Save"),
                             form_id="combatant-form")
        form.node.setAttribute("data-submit", "edit-combatant")
        form.node.setAttribute("data-id", cid)
        self.form = form
        self.sheet.open("edit", _("Edit {name}").format(name=c.name), form.node)

    def submit_edit_combatant(self, event):
        form = self.form
        cid = form.node.getAttribute("data-id")
        try:
            data = form.read()
            new = tracker.edit_combatant(self.app.encounter, cid, **data)
        except InputError as exc:
            form.show_error(exc)
            return
        if self.commit(new):
            self.sheet.close()

    # ----- more ------------------------------------------------------------------------
    def act_more(self, cid, node):
        enc = self.app.encounter
        c = enc.get(cid)
        items = [button(_("Edit"), "edit", cid), button(_("Duplicate"), "dup", cid, cls="secondary"),
                 button(_("Move earlier"), "up", cid, cls="secondary"),
                 button(_("Move later"), "down", cid, cls="secondary"),
                 button(_("Mark unaware") if c.aware else _("Mark aware"), "aware", cid, cls="secondary"),
                 *([button(_("Who did {name} notice?").format(name=c.name), "noticed", cid, cls="secondary")]
                   if enc.phase == "setup" and tracker.opponents(enc, c) else []),
                 button(_("Save to the roster"), "to-roster", cid, cls="secondary")]
        current = enc.current()
        if current is not None and current.id == cid:
            items += [button(_("Delay"), "delay", cid, cls="secondary"),
                      button(_("Ready an action"), "ready", cid, cls="secondary")]
        items.append(button(_("Remove from the fight"), "remove", cid, cls="danger"))
        notes = [el("p", c.notes, cls="notes")] if c.notes else []
        self.sheet.open("more", c.name, *notes, el("div", cls="menu", children=items),
                        el("p", "", cls="muted", attrs={"id": "more-status", "role": "status"}))

    def act_dup(self, cid, node):
        if self.commit(tracker.duplicate(self.app.encounter, cid)):
            self.sheet.close()

    def act_remove(self, cid, node):
        if node.getAttribute("data-confirm") != "yes":
            node.setAttribute("data-confirm", "yes")
            node.textContent = _("Tap again to remove {name}").format(name=self.app.encounter.get(cid).name)
            return
        if self.commit(tracker.remove(self.app.encounter, cid)):
            self.sheet.close()

    def act_up(self, cid, node):
        self.commit(tracker.move_in_order(self.app.encounter, cid, -1), focus=("up", cid))

    def act_down(self, cid, node):
        self.commit(tracker.move_in_order(self.app.encounter, cid, 1), focus=("down", cid))

    def act_aware(self, cid, node):
        enc = self.app.encounter
        if self.commit(tracker.set_aware(enc, cid, not enc.get(cid).aware)):
            self.sheet.close()

    def act_noticed(self, cid, node):
        """Surprise step: tick the opponents this combatant noticed (pf1/d20pl
        surprise.definition — unaware of one that noticed it = surprised)."""
        enc = self.app.encounter
        c = enc.get(cid)
        rows = []
        for o in tracker.opponents(enc, c):
            attrs = {"type": "checkbox", "name": "noticed", "value": o.id, "id": f"noticed-{o.id}"}
            if tracker.notices(c, o):
                attrs["checked"] = ""
            rows.append(el("label", cls="check", attrs={"for": f"noticed-{o.id}"},
                           children=[el("input", attrs=attrs), el("span", o.name)]))
        form = el("form", cls="noticed", attrs={"data-submit": "noticed", "data-id": cid}, children=[
            el("p", _("Tick the opponents {name} is aware of. Unaware of one that noticed it: "
                      "surprised.").format(name=c.name), cls="muted"),
            el("fieldset", children=[el("legend", _("Aware of")), *rows]),
            el("button", _("Save"), attrs={"type": "submit"})])
        self.sheet.open("noticed", _("Who did {name} notice?").format(name=c.name), form)

    def submit_noticed(self, event):
        form = event.target
        cid = str(form.getAttribute("data-id"))
        boxes = form.querySelectorAll('input[name="noticed"]')
        ids = [str(boxes.item(i).value) for i in range(boxes.length) if boxes.item(i).checked]
        if self.commit(tracker.set_aware_of(self.app.encounter, cid, ids)):
            self.sheet.close()

    def act_to_roster(self, cid, node):
        enc = self.app.encounter
        entry = enc.get(cid).to_dict()
        for key in ("id", "conditions", "initiative", "init_roll", "acted", "used", "group"):
            entry.pop(key, None)
        if entry.get("hp"):
            entry["hp"] = {"max": entry["hp"]["max"], "current": entry["hp"]["max"], "temp": 0}
        entries = list(self.app.store.roster())
        taken = {e.get("id") for e in entries}
        n = len(entries) + 1
        while f"r{n}" in taken:
            n += 1
        entries.append({"id": f"r{n}", "ruleset": enc.ruleset, **entry})
        status = self.root.querySelector("#more-status")
        try:
            self.app.store.save_roster(entries)
        except Exception as exc:  # noqa: BLE001 - the browser refused to save
            status.textContent = _("Could not save in this browser: {error}").format(error=exc)
            return
        status.textContent = _("{name} is in the roster.").format(name=entry["name"])

    # ----- hit points ------------------------------------------------------------------
    def act_hp(self, cid, node):
        c = self.app.encounter.get(cid)
        self.pending_prompts = None
        self.hp_amount = Field(_("Amount"), "number", fid="hp-amount", low=0, high=100000,
                               attrs={"enterkeyhint": "done"})
        self.hp_critical = Field(_("From a critical hit"), "check", fid="hp-critical")
        status = status_label(c.hp.status) if c.hp is not None else ""
        form = el("form", attrs={"novalidate": "", "data-submit": "damage", "data-id": cid, "id": "hp-form"},
                  children=[
                      el("p", f"{hp_text(c)} · {status}" if status else hp_text(c), cls="hp-now"),
                      self.hp_amount.node, self.hp_critical.node,
                      el("div", attrs={"id": "hp-prompts"}),
                      el("div", cls="actions", children=[
                          el("button", _("Damage"), attrs={"type": "submit", "id": "hp-damage"}),
                          button(_("Heal"), "heal", cid, cls="secondary", extra={"id": "hp-heal"}),
                          button(_("Edit hit points"), "edit", cid, cls="secondary")])])
        self.sheet.open("hp", _("Hit points: {name}").format(name=c.name), form)
        if c.hp is None:
            self.hp_amount.error(_("Set its hit points first (Edit)."))

    def _amount(self):
        try:
            return self.hp_amount.int_value("amount", required=True)
        except InputError as exc:
            self.hp_amount.error(error_text(exc))
            return None

    def submit_damage(self, event):
        cid = event.target.getAttribute("data-id")
        amount = self._amount()
        if amount is None:
            return
        self.hp_amount.error(None)
        critical = self.hp_critical.checked
        enc = self.app.encounter
        rolls = {}
        try:
            if self.pending_prompts is not None:
                rolls = self.pending_prompts.read()
            new, result = tracker.damage(enc, cid, amount, rolls=rolls, critical=critical)
        except InputError as exc:
            if self.pending_prompts is None or not self.pending_prompts.show_error(exc):
                self.hp_amount.error(error_text(exc))
            return
        wanted = [p for p in result.get("prompts", ()) if tracker.needs_roll(p)
                  and p["params"]["field"][len("rolls."):] not in rolls]
        if wanted:   # the rules want rolls now (massive damage, a save on taking damage …)
            self.pending_prompts = PromptInputs(self.app.rng, wanted, "hp")
            box = self.root.querySelector("#hp-prompts")
            box.replaceChildren(el("p", _("The rules ask for these rolls now:"), cls="prompt-head"),
                                self.pending_prompts.node, button(_("Roll for me"), "hp-roll", cid, cls="secondary"))
            self.root.querySelector("#hp-damage").textContent = _("Apply the damage")
            first = find(box, "input")
            if first is not None:
                first.focus()
            return
        if self.commit(new, result=result, title=_("Damage")):
            self.sheet.close()

    def act_hp_roll(self, cid, node):
        if self.pending_prompts is not None:
            self.pending_prompts.roll_all()

    def act_heal(self, cid, node):
        amount = self._amount()
        if amount is None:
            return
        try:
            new, result = tracker.heal(self.app.encounter, cid, amount)
        except InputError as exc:
            self.hp_amount.error(error_text(exc))
            return
        if self.commit(new, result=result, title=_("Healing")):
            self.sheet.close()

    # ----- conditions -----------------------------------------------------------------
    def act_cond(self, cid, node):
        enc = self.app.encounter
        ruleset = self.ruleset(enc)
        c = enc.get(cid)
        ids = sorted(ruleset.conditions, key=lambda k: condition_name(ruleset, k).lower())
        f = self.cond_fields = {
            "id": Field(_("Condition"), "select", options=[(k, condition_name(ruleset, k)) for k in ids],
                        fid="cond-id"),
            "stage": Field(_("Stage"), "select", fid="cond-stage"),
            "cause": Field(_("Cause"), fid="cond-cause", attrs={"maxlength": "200"},
                           hint=_("What it comes from (a web, a poison…): causes of a different nature "
                                  "can both apply.")),
            "kind": Field(_("Duration"), "select", options=[(k, _(t)) for k, t in DURATIONS], fid="cond-kind"),
            "rounds": Field(_("Rounds"), "number", 1, fid="cond-rounds", low=1, high=10000),
            "anchor": Field(_("Whose turn"), "select", options=[(x.id, x.name) for x in enc.combatants],
                            value=(enc.current() or c).id, fid="cond-anchor"),
        }
        f["id"].control.onchange = lambda event: self._stages()
        f["kind"].control.onchange = lambda event: self._duration_inputs()
        form = el("form", attrs={"novalidate": "", "data-submit": "add-condition", "data-id": cid,
                                 "id": "cond-form"},
                  children=[f["id"].node, f["stage"].node, f["cause"].node, f["kind"].node,
                            el("div", cls="grid2", children=[f["rounds"].node, f["anchor"].node]),
                            el("p", attrs={"id": "cond-rule"}, cls="muted"),
                            el("div", cls="actions", children=[
                                el("button", _("Add the condition"), attrs={"type": "submit"})])])
        self.sheet.open("cond", _("Condition on {name}").format(name=c.name), form)
        self._stages()
        self._duration_inputs()

    def _stages(self):
        ruleset = self.ruleset(self.app.encounter)
        f = self.cond_fields
        definition = ruleset.conditions.get(f["id"].text)
        stages = list(definition.stages) if definition is not None else []
        f["stage"].control.replaceChildren(*[
            el("option", _("None") if s is None else choice_name(s, f["id"].text),
               attrs={"value": "" if s is None else str(s)}) for s in stages])
        f["stage"].node.hidden = not stages
        rule = find(self.root, "#cond-rule")
        if rule is not None and definition is not None:
            rule.replaceChildren(el("code", definition.rule, cls="bd-rule"), el("span", " " + rule_text(definition.rule)))

    def _duration_inputs(self):
        f = self.cond_fields
        kind = f["kind"].text
        f["rounds"].node.hidden = kind not in ("rounds", "turn_start", "turn_end")
        f["anchor"].node.hidden = kind not in ("turn_start", "turn_end")
        label = f["rounds"].node.querySelector("label")
        label.textContent = _("Rounds") if kind == "rounds" else _("How many of its turns")

    def submit_add_condition(self, event):
        cid = event.target.getAttribute("data-id")
        f = self.cond_fields
        for field in f.values():
            field.error(None)
        enc = self.app.encounter
        ruleset = self.ruleset(enc)
        cond_id = f["id"].text
        definition = ruleset.conditions.get(cond_id)
        stage = None
        if definition is not None and definition.stages:
            raw = f["stage"].text
            stage = next((s for s in definition.stages if str(s) == raw), None) if raw else None
        kind = f["kind"].text
        try:
            rounds = f["rounds"].int_value("rounds", required=True) if kind in (
                "rounds", "turn_start", "turn_end") else 0
            anchor = f["anchor"].text if kind in ("turn_start", "turn_end") else ""
            new = tracker.add_condition(enc, cid, cond_id, stage=stage, cause=f["cause"].text,
                                        duration=Duration(kind, rounds, anchor))
        except InputError as exc:
            target = {"stage": "stage", "cause": "cause", "rounds": "rounds"}.get(exc.field.split(".")[-1], "id")
            f[target].error(error_text(exc))
            return
        if self.commit(new):
            self.sheet.close()

    def act_chip(self, cid, node):
        """What a condition does right now: the effective numbers it changes."""
        enc = self.app.encounter
        ruleset = self.ruleset(enc)
        c = enc.get(cid)
        uid = node.getAttribute("data-uid")
        inst = next((i for i in c.conditions if i.uid == uid), None)
        if inst is None:
            return
        definition = ruleset.conditions.get(inst.id)
        parts = [el("p", remaining_text(enc, inst), cls="muted")]
        if definition is not None:
            parts.append(el("p", children=[el("code", definition.rule, cls="bd-rule"),
                                           el("span", " " + rule_text(definition.rule))]))
        try:
            result = run("effective", {"ruleset": enc.ruleset, "options": enc.options,
                                       "creature": c.creature().to_dict()}, None)
        except InputError as exc:
            result = {"details": {}, "reminders": []}
            parts.append(el("p", error_text(exc), cls="error"))
        shown = 0
        for key, bd in (result.get("details") or {}).items():
            if isinstance(bd, dict) and any(_source_matches(l, inst.id) for l in bd.get("lines", [])):
                node = breakdown(ruleset, bd, number_label(key))
                total = find(node, ".bd-total")
                if bd.get("unit") == "flag" and total is not None:
                    total.remove()             # a yes/no: the title says it
                parts.append(node)
                shown += 1
        if not shown:
            parts.append(el("p", _("Nothing the app computes changes right now; see the rule text."),
                            cls="muted"))
        for r in result.get("reminders") or ():
            if not _reminder_about(r, inst.id, definition):
                continue
            parts.append(el("p", children=[el("code", r.get("rule", ""), cls="bd-rule"),
                                           el("span", " " + _(r.get("text", "")))], cls="reminder"))
        parts.append(el("div", cls="actions", children=[
            button(_("Remove this condition"), "uncond", cid, cls="danger", extra={"data-uid": uid})]))
        self.sheet.open("chip", _("{condition} on {name}").format(condition=condition_title(ruleset, inst),
                                                                  name=c.name), *parts)

    def act_uncond(self, cid, node):
        if self.commit(tracker.remove_condition(self.app.encounter, cid, node.getAttribute("data-uid"))):
            self.sheet.close()

    # ----- turn actions -------------------------------------------------------------------
    def act_attack(self, cid, node):
        self.app.navigate("resolve", attacker=cid)

    def act_delay(self, cid, node):
        enc = self.app.encounter
        others = [c for c in (enc.get(i) for i in enc.order) if c.id != cid]
        self.sheet.open("delay", _("{name} delays: act after whom?").format(name=enc.get(cid).name),
                        el("div", cls="menu", children=[
                            button(c.name, "delay-after", cid, cls="secondary", extra={"data-after": c.id})
                            for c in others]))

    def act_delay_after(self, cid, node):
        if self.commit(tracker.delay(self.app.encounter, node.getAttribute("data-after"))):
            self.sheet.close()

    def act_ready(self, cid, node):
        if self.commit(tracker.ready(self.app.encounter)):
            self.sheet.close()

    def act_trigger(self, cid, node):
        self.commit(tracker.trigger_ready(self.app.encounter, cid))

    def act_spend(self, cid, node):
        self.commit(tracker.spend(self.app.encounter, cid, node.getAttribute("data-res")),
                    focus=("spend", cid))

    def act_unspend(self, cid, node):
        self.commit(tracker.spend(self.app.encounter, cid, node.getAttribute("data-res"), spent=False),
                    focus=("unspend", cid))
