"""The attack panel: who attacks whom, the attack, the situation, the dice —
then the verdict above its breakdowns and one tap to apply the damage.

Dice typed at the table are checked by the engine; a die it still needs
(the second d20 of advantage, the confirmation, the miss chance's d100,
the damage dice) is asked for by name with its input shown, so the flow
follows the table: "Threat! Roll to confirm". "Roll for me" rolls only
what was not typed.
"""

from __future__ import annotations

import random

from mischia import forms, tracker
from mischia.errors import InputError
from mischia.queries import run

from ..breakdown_view import breakdown
from ..dom import el
from ..i18n import N_, _, ngettext, number, percent, signed
from ..labels import choice_name, condition_name, line_label, situation_name, source_label
from .resolve_common import (Form, button, combatant_options, error_text, pick_entry, prompts_view,
                             quick_card, quick_creature, reminders_view, rule_note, rule_words,
                             verdict_box)

ALWAYS_SHOWN = ("d20", "damage")
# stats outside the "defence" group of the combatant form that the target's AC reads
DEFENCE_EXTRA = {"pf1": ("dex_mod",), "d20pl": ("dex_mod",), "classic": ("dex",)}
ASK = {
    "d20": N_("Type the d20 rolled at the table."),
    "d20_second": N_("Two d20s: type the second one."),
    "confirm": N_("Threat! Roll to confirm: type the d20."),
    "confirm_second": N_("Type the second confirmation d20."),
    "miss": N_("It hits, but there is a miss chance: type the d100."),
    "damage": N_("Hit! Type the damage dice."),
    "crit_damage": N_("Critical hit! Type the extra damage dice."),
}
ROLL_LABELS = {"d20": N_("d20"), "d20_second": N_("Second d20"), "confirm": N_("Confirmation d20"),
               "confirm_second": N_("Second confirmation d20"), "miss": N_("Miss chance d100"),
               "damage": N_("Damage dice"), "crit_damage": N_("Critical damage dice")}


class AttackPanel:
    def __init__(self):
        self.answer = None     # (result, payload, target id or "")
        self.asked = set()     # roll keys the engine asked for
        self.ask = None        # (roll key, message) of the die asked for now
        self.applied = None    # what the last "apply" did
        self.problem = ""

    # ----- who ----------------------------------------------------------------
    def _who(self, ctx, form):
        v = ctx.values
        if ctx.quick:
            return [quick_card(form, ctx.ruleset, "you", _("You"), ctx.roster, ("offence",), ("offence",),
                               lambda role, idx: pick_entry(ctx, role, idx),
                               conditions_label=_("Your conditions")),
                    quick_card(form, ctx.ruleset, "target", _("Target"), (), ("defence",), ("defence",),
                               with_traits=False, conditions_label=_("Visible conditions"),
                               extra=DEFENCE_EXTRA.get(ctx.ruleset.id, ()))]
        enc = ctx.enc
        actor, target = pick_pair(enc, v)
        rows = [form.select("actor", _("Attacker"), combatant_options(enc)),
                form.select("target", _("Target"), combatant_options(enc, exclude=(actor,)))]
        for cid, label in ((actor, _("Attacker's conditions")), (target, _("Target's conditions"))):
            conds = enc.get(cid).conditions if cid else ()
            if conds:
                names = ", ".join(condition_name(ctx.ruleset, c.id) +
                                  (f" {choice_name(c.stage, c.id)}" if c.stage is not None else "")
                                  for c in conds)
                rows.append(el("p", f"{label}: {names}", cls="muted small"))
        rows.append(el("p", _("Conditions on either of them apply by themselves."), cls="hint"))
        form.on_change = lambda name, value: ctx.refresh() if name in ("actor", "target") else None
        return [el("section", cls="card", children=[el("h3", _("Who")), *rows])]

    # ----- the form ------------------------------------------------------------
    def render(self, ctx):
        v = ctx.values
        who = (ctx.mode, ctx.ruleset.id) + (pick_pair(ctx.enc, v) if not ctx.quick else ())
        if getattr(self, "who", who) != who:     # another attacker or target: the old answer goes
            self.answer, self.ask, self.applied, self.problem, self.asked = None, None, None, "", set()
        self.who = who
        form = Form("atk", v)
        self.form = form
        rid = ctx.ruleset.id
        parts = self._who(ctx, form)
        v.setdefault("attack.kind", "melee")
        v.setdefault("attack.grip", "one")
        v.setdefault("attack.damage", "1d8")
        weapon = [form.select("attack.grip", _("Grip"), [("one", _("One hand")), ("two", _("Two hands")),
                                                         ("off", _("Off hand"))]),
                  form.check("attack.light", _("Light weapon")),
                  form.text("attack.crit_range", _("Threat range from"), placeholder="20", cls="field stat")]
        if rid != "dnd5e":
            weapon.append(form.text("attack.crit_mult", _("Critical multiplier"), placeholder="2",
                                    cls="field stat"))
        if rid in forms.WEAPON_SIZES:
            weapon.append(form.select("attack.weapon_size", _("Weapon size"),
                                      [("", _("—"))] + [(s, _(n)) for s, n in forms.WEAPON_SIZES[rid]]))
        if forms.WEAPON_TAGS.get(rid):
            weapon.append(form.multi("attack.weapon", _("The weapon is"),
                                     [(t, _(n)) for t, n in forms.WEAPON_TAGS[rid]]))
        attack = el("section", cls="card", children=[
            el("h3", _("The attack")),
            form.select("attack.kind", _("Attack"), [("melee", _("Melee")), ("ranged", _("Ranged"))]),
            form.check("attack.touch", _("Touch attack")),
            form.text("attack.bonus", _("Attack bonus"), signed=True,
                      hint=_("Leave empty to add it up from the attacker's numbers.")),
            el("div", cls="pair", children=[
                form.text("attack.damage", _("Damage dice"), keyboard="text", placeholder="1d8+1"),
                form.text("attack.damage_bonus", _("Damage bonus"), signed=True)]),
            form.details("weapon", _("Grip, critical, weapon"), weapon, cls="more", did="attack-more")])
        self.dice_box = self._dice(ctx, form)
        parts += [attack, self._situation(ctx, form), self.dice_box]
        out = el("form", attrs={"id": "attack-form", "novalidate": ""}, children=parts)
        out.onsubmit = lambda event: (event.preventDefault(), self.resolve(ctx, False))
        out.onchange = lambda event: self._update_dice(ctx, form)
        return el("div", children=[out, self._answer_area(ctx)])

    def _situation(self, ctx, form):
        toggles, graded = forms.situation_inputs(ctx.ruleset)
        items = []
        for sid, choices in graded:
            items.append(form.select(f"situation.choices.{sid}", situation_name(ctx.ruleset, sid),
                                     [("", _("None"))] + [(c, choice_name(c, sid)) for c in choices
                                                          if c != "none"]))
        if toggles:
            items.append(form.multi("situation.toggles", _("This attack"),
                                    [(t, situation_name(ctx.ruleset, t)) for t in toggles]))
        for f in forms.SITUATION_NUMBERS.get(ctx.ruleset.id, ()):
            items.append(form.text(f.key, _(f.label), keyboard="decimal" if f.kind == "number" else "numeric",
                                   cls="field stat"))
        return el("section", cls="card", children=[el("h3", _("Situation")), *items])

    def _dice(self, ctx, form):
        v = ctx.values
        mode = self.mode = self._preview(ctx)
        shown = [k for k in forms.ROLL_KEYS if k in ALWAYS_SHOWN or k in self.asked
                 or str(v.get(f"rolls.{k}", "")).strip()]
        if mode != "normal" and "d20_second" not in shown:
            shown.insert(1, "d20_second")
        items = []
        if mode != "normal":
            text = _("Advantage: roll two d20, the higher counts.") if mode == "advantage" else \
                _("Disadvantage: roll two d20, the lower counts.")
            items.append(el("p", text, cls="mode-note", attrs={"id": "attack-mode-note"}))
        for key in forms.ROLL_KEYS:
            if key not in shown:
                continue
            label = _(ROLL_LABELS[key])
            if key in ("damage", "crit_damage"):
                try:
                    count, sides = forms.dice_needed(self._payload_for_dice(ctx), key)
                    label += " " + _("({count}d{sides})").format(count=count, sides=sides)
                except InputError:
                    pass
            items.append(form.text(f"rolls.{key}", label, placeholder=_("roll for me"), cls="field die",
                                   keyboard="text" if key in ("damage", "crit_damage") else "numeric"))
        clear = button(_("Clear the dice"), lambda: self._clear_dice(ctx), cls="secondary small",
                       bid="attack-clear-dice")
        actions = el("div", cls="actions", children=[
            el("button", _("Resolve"), attrs={"type": "submit", "id": "attack-resolve"}),
            button(_("Roll for me"), lambda: self.resolve(ctx, True), cls="secondary", bid="attack-roll")])
        return el("section", cls="card dice", children=[
            el("h3", _("Dice")), el("p", _("Type what was rolled at the table, or let the app roll."),
                                    cls="hint"), *items, actions, clear])

    def _update_dice(self, ctx, form) -> None:
        """A change that brings advantage or disadvantage shows the second d20 at once."""
        if self._preview(ctx) == self.mode:
            return
        box = self._dice(ctx, form)
        self.dice_box.replaceWith(box)
        self.dice_box = box

    def _clear_dice(self, ctx):
        for key in forms.ROLL_KEYS:
            ctx.values.pop(f"rolls.{key}", None)
        self.asked, self.ask = set(), None
        ctx.refresh()

    # ----- payloads -------------------------------------------------------------
    def _values(self, ctx) -> dict:
        v = ctx.values
        _toggles, graded = forms.situation_inputs(ctx.ruleset)
        return {
            "kind": v.get("attack.kind"), "touch": v.get("attack.touch"), "bonus": v.get("attack.bonus"),
            "damage": v.get("attack.damage"), "damage_bonus": v.get("attack.damage_bonus"),
            "grip": v.get("attack.grip"), "light": v.get("attack.light"),
            "crit_range": v.get("attack.crit_range"), "crit_mult": v.get("attack.crit_mult"),
            "weapon": v.get("attack.weapon") or [], "weapon_size": v.get("attack.weapon_size"),
            "toggles": v.get("situation.toggles") or [],
            "choices": {sid: v.get(f"situation.choices.{sid}") for sid, _c in graded},
            "numbers": {f.key.rsplit(".", 1)[1]: v.get(f.key)
                        for f in forms.SITUATION_NUMBERS.get(ctx.ruleset.id, ())},
            "rolls": {k: v.get(f"rolls.{k}") for k in forms.ROLL_KEYS},
        }

    def creatures(self, ctx):
        if ctx.quick:
            return (quick_creature(ctx.ruleset, ctx.values, "you"),
                    quick_creature(ctx.ruleset, ctx.values, "target"), "")
        actor, target = pick_pair(ctx.enc, ctx.values)
        if not actor or not target:
            raise InputError("target", _("Add at least two combatants to the encounter."))
        return (ctx.enc.get(actor).creature().to_dict(), ctx.enc.get(target).creature().to_dict(), target)

    def payload(self, ctx):
        attacker, defender, target = self.creatures(ctx)
        return forms.attack_payload(ctx.ruleset.id, attacker, defender, self._values(ctx), ctx.options), target

    def _payload_for_dice(self, ctx):
        values = self._values(ctx)
        values["rolls"] = {}
        return forms.attack_payload(ctx.ruleset.id, {}, {}, values)

    def _preview(self, ctx) -> str:
        """Advantage or disadvantage, known before any die is rolled."""
        try:
            payload, _t = self.payload(ctx)
            payload.pop("rolls", None)
            return run("attack", payload, random.Random(0))["mode"]
        except Exception:  # noqa: BLE001 - the form is still being filled in
            return "normal"

    # ----- resolving ---------------------------------------------------------------
    def resolve(self, ctx, roll_for_me: bool) -> None:
        self.form.clear()
        self.problem, self.ask = "", None
        try:
            payload, target = self.payload(ctx)
        except InputError as exc:
            self._refused(ctx, exc)
            return
        try:
            result = run("attack", payload, ctx.app.rng if roll_for_me else None)
        except InputError as exc:
            key = forms.missing_roll(exc, payload)
            if key is None:
                self._refused(ctx, exc)
                return
            self.asked.add(key)
            self.ask = (key, self._ask_text(key, payload))
            self.answer, self.applied = None, None
            ctx.refresh()
            self.form.focus(f"rolls.{key}")
            return
        self.answer = (result, payload, target)
        self.applied = None
        ctx.remember()
        ctx.refresh()
        node = ctx.screen.root.querySelector("#attack-verdict")
        if node is not None:
            node.scrollIntoView()

    def _refused(self, ctx, exc) -> None:
        """Bad input: the message under its input (the text stays as typed)."""
        self.answer = None
        if not self.form.show_error(exc):
            self.problem = error_text(exc)
            ctx.refresh()

    def _ask_text(self, key, payload) -> str:
        text = _(ASK[key])
        if key in ("damage", "crit_damage"):
            count, sides = forms.dice_needed(payload, key)
            text += " " + ngettext("{count} die of {sides} sides", "{count} dice of {sides} sides",
                                   count).format(count=count, sides=sides)
        return text

    # ----- the answer -----------------------------------------------------------------
    def _answer_area(self, ctx):
        area = el("div", cls="answer", attrs={"id": "attack-answer", "aria-live": "polite"})
        if self.problem:
            area.append(el("p", self.problem, cls="error", attrs={"role": "alert"}))
        if self.ask is not None:
            area.append(verdict_box(self.ask[1], "ask", vid="attack-ask"))
        if self.answer is not None:
            area.append(self._verdict(ctx, *self.answer))
        return area

    def _verdict(self, ctx, res, payload, target):
        rs = ctx.ruleset
        total = res["attack"]["total"]
        verdict = res["verdict"]
        text, tone = VERDICTS[verdict]
        text = _(text)
        if verdict == "hit" and res["natural"] == 20:
            text = _("Natural 20: hit")
        elif verdict == "hit" and res["threat"]:
            text = _("Hit (threat not confirmed)")
        detail = ""
        if verdict != "not-allowed":
            detail = _("d20 {natural} {bonus} = {total} against {target}").format(
                natural=res["natural"], bonus=signed(total), total=number(res["natural"] + total),
                target=number(res["target"]["total"]))
        parts = [verdict_box(text, tone, detail, "attack-verdict")]
        facts = []
        if res["mode"] != "normal" or res["mode_lines"]:
            sources = ", ".join(dict.fromkeys(source_label(rs, l.get("source", "")) or line_label(rs, l)
                                              for l in res["mode_lines"]
                                              if l.get("type") in ("advantage", "disadvantage")))
            if res["mode"] == "advantage":
                line = _("Advantage ({sources}): d20s {dice}, the higher counts")
            elif res["mode"] == "disadvantage":
                line = _("Disadvantage ({sources}): d20s {dice}, the lower counts")
            else:
                line = _("Advantage and disadvantage cancel out ({sources})")
            facts.append(el("li", line.format(sources=sources, dice=", ".join(str(d) for d in res["dice"])),
                            attrs={"id": "attack-mode"}))
        if res["threat"] and res["confirm_total"] is not None:
            facts.append(el("li", (_("Threat confirmed: confirmation total {total}") if res["confirmed"]
                                   else _("Threat not confirmed: confirmation total {total}")).format(
                total=number(res["confirm_total"]))))
        if res["miss_chance"]:
            facts.append(el("li", _("Miss chance {chance}: rolled {roll}").format(
                chance=percent(res["miss_chance"]), roll=res["miss_roll"]), attrs={"id": "attack-miss-chance"}))
        if res["damage"] is not None:
            dice = ", ".join(str(d) for d in res["damage_dice"])
            facts.append(el("li", _("Damage: {total}").format(total=number(res["damage"]["total"]))
                            + (f" ({_('dice')}: {dice})" if dice else ""), cls="damage-line",
                            attrs={"id": "attack-damage"}))
        if facts:
            parts.append(el("ul", cls="facts", children=facts))
        if res["notes"]:
            title = _("Why") if verdict == "not-allowed" else _("Rules that decided")
            parts.append(el("section", cls="why", children=[el("h3", title), el("ul", cls="notes", children=[
                el("li", children=[rule_note(rule_words(rule), rule)]) for rule in res["notes"]])]))
        asks = prompts_view(res.get("prompts", []))
        if asks is not None:
            parts.append(asks)
        parts += self._apply_area(ctx, res, target)
        what = _("Number to reach") if rs.id == "classic" else _("Armour Class")
        parts.append(breakdown(rs, res["attack"], _("Attack roll modifiers"), _("Total"), "bd-attack"))
        parts.append(breakdown(rs, res["target"], what, _("Total"), "bd-target"))
        if res["mode_lines"]:
            parts.append(breakdown(rs, {"lines": res["mode_lines"], "total": _(MODES[res["mode"]])},
                                   _("Advantage and disadvantage"), _("Roll"), "bd-mode"))
        if res["damage"] is not None:
            parts.append(breakdown(rs, res["damage"], _("Damage"), _("Total"), "bd-damage"))
        tips = reminders_view(res["reminders"])
        if tips is not None:
            parts.append(tips)
        return el("div", cls="result", children=parts)

    def _apply_area(self, ctx, res, target):
        if ctx.quick or not target or res["damage"] is None:
            return []
        out = []
        enc = ctx.enc
        try:
            c = enc.get(target)
        except InputError:
            return []
        if self.applied is not None and self.applied["target"] == target:
            a = self.applied
            hp = enc.get(target).hp
            text = _("{name} took {amount} damage: {current}/{max} HP").format(
                name=c.name, amount=a["amount"], current=hp.current if hp else "?", max=hp.max if hp else "?")
            out.append(el("p", text, cls="applied", attrs={"id": "attack-applied", "role": "status"}))
            for rule in a["result"].get("events", []):
                out.append(rule_note(rule_words(rule), rule))
            asks = prompts_view(a["result"].get("prompts", []), _("Now the rules ask"))
            if asks is not None:
                out.append(asks)
            undo = button(_("Undo"), lambda: self._undo(ctx), cls="secondary", bid="attack-undo")
            out.append(undo)
            return out
        amount = res["damage"]["total"]
        if amount <= 0:
            out.append(el("p", _("No damage gets through."), cls="hint", attrs={"id": "attack-no-damage"}))
            return out
        if c.hp is None:
            out.append(el("p", _("Give {name} hit points in the tracker to apply damage.").format(name=c.name),
                          cls="hint"))
            return out
        b = button(_("Apply {amount} damage to {name}").format(amount=number(amount), name=c.name),
                   lambda: self._apply(ctx, target, amount, res["confirmed"]), bid="attack-apply")
        out.append(b)
        return out

    def _apply(self, ctx, target, amount, critical) -> None:
        enc = ctx.app.encounter
        try:
            new, result = tracker.damage(enc, target, int(amount), rng=ctx.app.rng, critical=bool(critical))
        except InputError as exc:
            self.problem = error_text(exc)
            ctx.refresh()
            return
        self.applied = {"target": target, "amount": int(amount), "result": result}
        problem = ctx.app.commit(new)
        if problem:
            self.applied, self.problem = None, problem
            ctx.refresh()

    def _undo(self, ctx) -> None:
        self.applied = None
        ctx.app.undo()
        ctx.refresh()


MODES = {"normal": N_("One d20"), "advantage": N_("Advantage"), "disadvantage": N_("Disadvantage")}
VERDICTS = {
    "hit": (N_("Hit"), "hit"), "critical": (N_("Critical hit"), "hit"), "miss": (N_("Miss"), "miss"),
    "natural-1": (N_("Natural 1: automatic miss"), "miss"),
    "miss-chance": (N_("Miss: lost to the miss chance"), "miss"),
    "not-allowed": (N_("Not allowed"), "blocked"),
}


def pick_pair(enc, values) -> tuple:
    """(attacker id, target id): the chosen ones, else the combatant whose
    turn it is and the first one on another side."""
    ids = [c.id for c in enc.combatants]
    actor = values.get("actor")
    if actor not in ids:
        current = enc.current()
        actor = current.id if current is not None else (ids[0] if ids else "")
        values["actor"] = actor
    target = values.get("target")
    if target not in ids or target == actor:
        side = enc.get(actor).side if actor else ""
        others = [c.id for c in enc.combatants if c.id != actor]
        foes = [c.id for c in enc.combatants if c.id != actor and c.side != side]
        target = (foes or others or [""])[0]
        values["target"] = target
    return actor, target
