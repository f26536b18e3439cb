"""The turn panel: movement left this turn, the action checklist (kept on
the combatant and emptied by the tracker at the start of its next turn),
and for an action that provokes, who may make an attack of opportunity —
one per round each (more with Combat Reflexes in pf1), tracked.

``ProvokeArea`` is shared with the casting panel."""

from __future__ import annotations

from mischia import forms, forms_turn
from mischia.errors import InputError
from mischia.queries import run

from ..breakdown_view import breakdown
from ..dom import el
from ..i18n import N_, _, metres, ngettext, number
from .resolve_common import (Form, button, combatant_options, error_text, pick_entry, prompts_view,
                             quick_card, quick_creature, reminders_view, rule_note, rule_words,
                             verdict_box)

TYPE_NAMES = {
    "standard": N_("Standard actions"), "move": N_("Move actions"),
    "full_round": N_("Full-round actions"), "full-round": N_("Full-round actions"),
    "swift": N_("Swift actions"), "immediate": N_("Immediate actions"), "free": N_("Free actions"),
    "none": N_("Not an action"), "not-an-action": N_("Not an action"),
    "misc": N_("In place of a melee attack"), "action": N_("Actions"), "bonus_action": N_("Bonus actions"),
    "reaction": N_("Reactions"), "object": N_("Object interactions"), "movement": N_("Movement"),
    "complex": N_("Complex actions"), "attack": N_("Attacks"), "cast": N_("Casting"),
}


def actor_of(ctx) -> str:
    """The combatant the casting and turn panels are about (default: whose turn it is)."""
    enc = ctx.enc
    ids = [c.id for c in enc.combatants]
    who = ctx.values.get("who")
    if who not in ids:
        current = enc.current()
        who = current.id if current is not None else (ids[0] if ids else "")
        ctx.values["who"] = who
    return who


def self_creature(ctx) -> dict:
    if ctx.quick:
        return quick_creature(ctx.ruleset, ctx.values, "you")
    return ctx.enc.get(actor_of(ctx)).creature().to_dict()


def used_now(ctx) -> frozenset:
    if ctx.quick:
        return frozenset(ctx.values.get("turn.used") or [])
    return ctx.enc.get(actor_of(ctx)).used


class ProvokeArea:
    """Does this action provoke? And who may then make an attack of opportunity."""

    def __init__(self, ns: str):
        self.ns = ns
        self.problem = ""

    def render(self, ctx, action, title, values=None, with_inputs=True):
        rid = ctx.ruleset.id
        form = Form(f"{self.ns}", ctx.values, ns=f"{self.ns}.")
        specs = forms_turn.action_inputs(rid, action)
        form.on_change = lambda name, value: ctx.refresh()
        inputs = [form.spec(f) for f in specs] if with_inputs else []
        if values is None:
            values = form.read(specs)
        box = el("section", cls="card provoke", attrs={"id": f"{self.ns}-provoke"},
                 children=[el("h3", title), *inputs])
        try:
            answer = forms_turn.take_action(rid, self_creature(ctx), used_now(ctx), action, values, ctx.options)
        except InputError as exc:
            box.append(el("p", error_text(exc), cls="error"))
            return box
        if with_inputs and not answer["allowed"]:
            box.append(rule_note(_("Not allowed now: {rule}").format(rule=rule_words(answer["rule"])),
                                 answer["rule"]))
        box.append(provokes_view(answer["provokes"], self.ns))
        if answer["provokes"]["value"] is not False:
            box.append(self.threats(ctx, action, values))
        if self.problem:
            box.append(el("p", self.problem, cls="error", attrs={"role": "alert"}))
        return box

    def threats(self, ctx, action, values):
        if ctx.quick:
            return el("p", _("Each foe that threatens you may make one attack of opportunity."), cls="hint")
        enc, rid = ctx.enc, ctx.ruleset.id
        who = actor_of(ctx)
        actor = enc.get(who)
        rows = []
        for c in enc.combatants:
            if c.id == who or (c.side == actor.side and c.side != "other"):
                continue
            try:
                chk = forms_turn.aoo_check(rid, c.creature().to_dict(), c.used, actor.creature().to_dict(),
                                           action, values, enc.options)
            except InputError as exc:
                rows.append(el("li", children=[el("p", f"{c.name}: {error_text(exc)}")]))
                continue
            if chk["can"]:
                text = _("{name} may make an attack of opportunity").format(name=c.name)
                if chk["left"] is not None and chk["left"] > 1:
                    text += " · " + ngettext("{n} left this round", "{n} left this round",
                                             chk["left"]).format(n=chk["left"])
            else:
                text = _("{name}: no attack of opportunity").format(name=c.name)
            row = [rule_note(text, chk["rule"])]
            if chk["can"]:
                row.append(button(_("Attack of opportunity"), lambda cid=c.id, rule=chk["rule"]:
                                  self.take_aoo(ctx, cid, who, rule), bid=f"aoo-{c.id}"))
            rows.append(el("li", attrs={"data-id": c.id, "data-can": "yes" if chk["can"] else "no"},
                           children=row))
        if not rows:
            return el("p", _("Nobody on another side is in the encounter."), cls="hint")
        return el("div", children=[el("p", _("Who may strike (those who threaten the area):"), cls="hint"),
                                   el("ul", cls="threats", attrs={"id": f"{self.ns}-threats"}, children=rows)])

    def take_aoo(self, ctx, threatener, target, rule) -> None:
        enc = ctx.app.encounter
        new = forms_turn.record_aoo(enc, threatener, target, rule)
        problem = ctx.app.commit(new)
        if problem:
            self.problem = problem
            ctx.refresh()
            return
        toggles = ["attack_of_opportunity"] if "attack_of_opportunity" in ctx.ruleset.situations else []
        fresh = {f"rolls.{key}": "" for key in forms.ROLL_KEYS}     # new dice for a new attack
        ctx.go("attack", actor=threatener, target=target, **{"situation.toggles": toggles}, **fresh)


def provokes_view(p, ns):
    if p["value"] is True:
        text = _("Provokes an attack of opportunity")
    elif p["value"] is False:
        text = _("Does not provoke")
    else:
        text = _("Provokes only if the GM says so")
    return el("div", attrs={"id": f"{ns}-provokes", "data-provokes": str(p["value"]).lower()},
              children=[rule_note(text, p["rule"], "note-rule provokes")])


class TurnPanel:
    def __init__(self):
        self.move_answer = None
        self.took = None          # (action, answer, done, values)
        self.problem = ""
        self.provoke = ProvokeArea("took")

    def render(self, ctx):
        who_form = self.who_form = Form("turn-who", ctx.values)
        if ctx.quick:
            who = quick_card(who_form, ctx.ruleset, "you", _("You"), ctx.roster,
                             tuple(g for g, _s in ctx.ruleset.form), ("movement", "other"),
                             lambda role, idx: pick_entry(ctx, role, idx), conditions_label=_("Your conditions"))
        else:
            actor_of(ctx)
            who_form.on_change = lambda name, value: self._changed_who(ctx)
            current = ctx.enc.current()
            hint = _("Whose turn it is: {name}").format(name=current.name) if current else \
                _("The fight has not started: actions are kept until the combatant's first turn.")
            who = el("section", cls="card", children=[
                el("h3", _("Whose turn")), who_form.select("who", _("Combatant"), combatant_options(ctx.enc)),
                el("p", hint, cls="hint")])
        return el("div", children=[who, self._movement(ctx), self._actions(ctx)])

    def _changed_who(self, ctx):
        self.took, self.move_answer = None, None
        ctx.refresh()

    # ----- movement ----------------------------------------------------------------
    def _movement(self, ctx):
        rid = ctx.ruleset.id
        form = Form("move", ctx.values, ns="move.")
        self.move_form = form
        items = [form.spec(f) for f in forms_turn.MOVEMENT.get(rid, ())]
        flags = forms_turn.SEGMENT_FLAGS.get(rid, ())
        if flags:
            items.append(self._segments(ctx, form, flags))
        items.append(el("div", cls="actions", children=[
            button(_("Work out the movement"), lambda: self.move(ctx), bid="move-check")]))
        items.append(self._move_answer(ctx))
        return el("section", cls="card", attrs={"id": "turn-movement"},
                  children=[el("h3", _("Movement this turn")), *items])

    def _segments(self, ctx, form, flags):
        rows = []
        segments = ctx.values.get("move.segments") or []
        for i, (metres_text, seg_flags) in enumerate(segments):
            words = ", ".join(_(label) for key, label in flags if key in seg_flags)
            text = _("{distance} m").format(distance=metres_text) + (f" · {words}" if words else "")
            rows.append(el("li", children=[el("span", text), button(
                _("Remove"), lambda i=i: self._drop_segment(ctx, i), cls="secondary small",
                bid=f"move-seg-remove-{i}")]))
        add = [form.text("seg.distance", _("Stretch of the move (m)"), keyboard="decimal")]
        add += [form.check(f"seg.{key}", _(label)) for key, label in flags]
        add.append(button(_("Add this stretch"), lambda: self._add_segment(ctx, flags), cls="secondary",
                          bid="move-seg-add"))
        return el("div", children=[el("ul", cls="segments", attrs={"id": "move-segments"}, children=rows), *add])

    def _add_segment(self, ctx, flags):
        v = ctx.values
        text = str(v.get("move.seg.distance") or "").strip()
        try:
            forms.parse_number(text, "seg.distance", 0, 1000, required=True)
        except InputError as exc:
            self.move_form.show_error(exc)
            return
        chosen = [key for key, _l in flags if v.get(f"move.seg.{key}")]
        v["move.segments"] = list(v.get("move.segments") or []) + [[text, chosen]]
        v["move.seg.distance"] = ""
        ctx.refresh()

    def _drop_segment(self, ctx, i):
        segments = list(ctx.values.get("move.segments") or [])
        if 0 <= i < len(segments):
            segments.pop(i)
        ctx.values["move.segments"] = segments
        ctx.refresh()

    def move(self, ctx) -> None:
        rid = ctx.ruleset.id
        self.move_form.clear()
        try:
            payload = forms_turn.movement_payload(
                rid, self_creature(ctx), self.move_form.read(forms_turn.MOVEMENT.get(rid, ())),
                [tuple(s) for s in ctx.values.get("move.segments") or []], ctx.options)
            result = run("movement", payload, ctx.app.rng)
        except InputError as exc:
            self.move_answer = None
            if not (self.move_form.show_error(exc) or self.who_form.show_error(exc)):
                self.move_answer = ("error", error_text(exc))
            ctx.refresh()
            return
        self.move_answer = ("ok", (result, forms_turn.movement_answer(rid, result)))
        ctx.remember()
        ctx.refresh()

    def _move_answer(self, ctx):
        area = el("div", cls="answer", attrs={"id": "move-answer", "aria-live": "polite"})
        if self.move_answer is None:
            return area
        kind, data = self.move_answer
        if kind == "error":
            area.append(el("p", data, cls="error", attrs={"role": "alert"}))
            return area
        result, a = data
        if a["unit"] == "hexes":
            amount = ngettext("{n} hex", "{n} hexes", abs(int(a["left"]))).format(n=number(a["left"]))
        else:
            amount = metres(a["left"])
        text = f"{_(a['label'])}: {amount}"
        tone = "hit" if a["allowed"] else "miss"
        detail = "" if a["allowed"] else _("Not allowed or too far: {rule}").format(rule=rule_words(a["rule"]))
        area.append(verdict_box(text, tone, detail, "move-verdict"))
        for title, bd in a["breakdowns"]:
            if bd:
                area.append(breakdown(ctx.ruleset, bd, _(title), _("Total")))
        for view in (prompts_view(result.get("prompts", [])), reminders_view(result.get("reminders", []))):
            if view is not None:
                area.append(view)
        return area

    # ----- actions --------------------------------------------------------------
    def _actions(self, ctx):
        rid = ctx.ruleset.id
        try:
            creature = self_creature(ctx)
            used = used_now(ctx)
            eco = forms_turn.economy(rid, creature, used, ctx.options)
        except InputError as exc:
            return el("section", cls="card", children=[el("h3", _("Actions this turn")),
                                                       el("p", error_text(exc), cls="error")])
        chips = []
        for key, label, left in eco["items"]:
            shown = metres(left) if key == "movement" else number(left)
            chips.append(el("li", f"{_(label)}: {shown}", attrs={"data-key": key, "data-left": str(left)}))
        taken_ids = forms_turn.used_actions(used)
        names = dict((a, n) for a, n, _t in forms_turn.action_table(rid))
        taken = ", ".join(_(names.get(a, a)) for a in taken_ids) or _("nothing yet")
        spent = []
        aoos = forms_turn.aoos_made(rid, used)
        if aoos:
            spent.append(ngettext("{n} attack of opportunity made this round",
                                  "{n} attacks of opportunity made this round", aoos).format(n=aoos))
        parts = [el("h3", _("Actions this turn")),
                 el("ul", cls="left", attrs={"id": "turn-left"}, children=chips),
                 rule_note(_("What a turn allows"), eco["rule"]),
                 el("p", _("Taken: {actions}").format(actions=taken), cls="taken", attrs={"id": "turn-taken"})]
        for line in spent:
            parts.append(el("p", line, cls="muted small"))
        for rule in eco["errors"]:
            parts.append(rule_note(_("Not allowed together: {rule}").format(rule=rule_words(rule)), rule))
        row = []
        if taken_ids:
            row.append(button(_("Undo the last action"), lambda: self.undo_last(ctx), cls="secondary small",
                              bid="turn-undo-action"))
        if ctx.quick:
            row.append(button(_("New turn"), lambda: self.new_turn(ctx), cls="secondary small", bid="turn-new"))
        if row:
            parts.append(el("div", cls="actions", children=row))
        parts += self._picker(ctx)
        return el("section", cls="card", attrs={"id": "turn-actions"}, children=parts)

    def _picker(self, ctx):
        rid = ctx.ruleset.id
        table = forms_turn.action_table(rid)
        v = ctx.values
        if v.get("turn.action") not in [a for a, _n, _t in table]:
            v["turn.action"] = table[0][0]
        select = el("select", attrs={"id": "turn-action", "name": "action"})
        groups = {}
        for aid, name, kind in table:
            if kind not in groups:
                groups[kind] = el("optgroup", attrs={"label": _(TYPE_NAMES.get(kind, kind))})
                select.append(groups[kind])
            option = el("option", _(name), attrs={"value": aid})
            if aid == v["turn.action"]:
                option.setAttribute("selected", "")
            groups[kind].append(option)
        select.onchange = lambda event: self._choose(ctx, select.value)
        form = Form("act", v, ns="act.")
        self.act_form = form
        specs = forms_turn.action_inputs(rid, v["turn.action"])
        inputs = [form.spec(f) for f in specs]
        out = [el("div", cls="field", children=[el("label", _("Action"), attrs={"for": "turn-action"}), select]),
               *inputs,
               el("div", cls="actions", children=[button(_("Take this action"), lambda: self.take(ctx),
                                                         bid="turn-take")])]
        if self.problem:
            out.append(el("p", self.problem, cls="error", attrs={"role": "alert"}))
        if self.took is not None:
            out.append(self._took_view(ctx))
        return out

    def _choose(self, ctx, aid):
        ctx.values["turn.action"] = aid
        ctx.refresh()

    def take(self, ctx) -> None:
        rid = ctx.ruleset.id
        action = ctx.values.get("turn.action")
        self.problem = ""
        specs = forms_turn.action_inputs(rid, action)
        values = self.act_form.read(specs)
        try:
            creature = self_creature(ctx)
            used = used_now(ctx)
            answer = forms_turn.take_action(rid, creature, used, action, values, ctx.options)
            new_used = forms_turn.record_action(rid, creature, used, action, ctx.options) \
                if answer["allowed"] else used
        except InputError as exc:
            if not (self.act_form.show_error(exc) or self.who_form.show_error(exc)):
                self.problem = error_text(exc)
                ctx.refresh()
            return
        self.took = (action, answer, answer["allowed"], values)
        if not answer["allowed"]:
            ctx.refresh()
            return
        if ctx.quick:
            ctx.values["turn.used"] = sorted(new_used)
            ctx.remember()
            ctx.refresh()
            return
        problem = ctx.app.commit(forms_turn.set_used(ctx.enc, actor_of(ctx), new_used))
        if problem:
            self.problem = problem
            ctx.refresh()

    def _took_view(self, ctx):
        action, answer, done, values = self.took
        names = dict((a, n) for a, n, _t in forms_turn.action_table(ctx.ruleset.id))
        name = _(names.get(action, action))
        if done:
            box = verdict_box(_("{action}: taken").format(action=name), "hit", vid="turn-verdict")
        else:
            box = verdict_box(_("{action}: not allowed now").format(action=name), "miss",
                              rule_words(answer["rule"]), vid="turn-verdict")
        parts = [box, rule_note(_("The rule"), answer["rule"])]
        res = answer["result"]
        for view in (prompts_view(res.get("prompts", [])), reminders_view(res.get("reminders", []))):
            if view is not None:
                parts.append(view)
        if done:
            parts.append(self.provoke.render(ctx, action, _("Attacks of opportunity"), values, with_inputs=False))
        return el("div", cls="answer", attrs={"id": "turn-answer", "aria-live": "polite"}, children=parts)

    def undo_last(self, ctx) -> None:
        rid = ctx.ruleset.id
        try:
            creature = self_creature(ctx)
            new_used = forms_turn.undo_action(rid, creature, used_now(ctx), ctx.options)
        except InputError as exc:
            self.problem = error_text(exc)
            ctx.refresh()
            return
        self.took = None
        if ctx.quick:
            ctx.values["turn.used"] = sorted(new_used)
            ctx.remember()
            ctx.refresh()
            return
        self.problem = ctx.app.commit(forms_turn.set_used(ctx.enc, actor_of(ctx), new_used))
        if self.problem:
            ctx.refresh()

    def new_turn(self, ctx) -> None:
        ctx.values["turn.used"] = []
        self.took = None
        ctx.remember()
        ctx.refresh()
