"""The casting panel: the concentration check of the ruleset (d20pl DC 10 +
damage + spell level, or 15 + level casting defensively; pf1's DCs; the 5e
Constitution save; classic's percentage failure with the Concentration
proficiency and its 5% floor), and whether casting provokes — with who may
then make an attack of opportunity."""

from __future__ import annotations

from mischia import forms_turn
from mischia.errors import InputError
from mischia.queries import run

from ..breakdown_view import breakdown
from ..dom import el
from ..i18n import N_, _, number, percent
from .resolve_common import (Form, button, combatant_options, error_text, pick_entry, prompts_view,
                             quick_card, quick_creature, reminders_view, rule_words, verdict_box)
from .resolve_turn import ProvokeArea, actor_of

# which sheet groups the quick card opens for a caster, per ruleset
CASTER_GROUPS = {"classic": (), "d20pl": ("other",), "pf1": ("offence",), "dnd5e": ("abilities", "saves")}
ASK = {"d20": N_("Type the d20 rolled for the check."), "d100": N_("Type the percentile roll (d100)."),
       "failure": N_("Type the d100 for the spell failure chance.")}


class CastPanel:
    def __init__(self):
        self.answer = None
        self.problem = ""
        self.provoke = ProvokeArea("cast")

    def render(self, ctx):
        rid = ctx.ruleset.id
        who_form = self.who_form = Form("caster", ctx.values)
        form = Form("conc", ctx.values, ns="conc.")
        self.form = form
        if ctx.quick:
            groups = CASTER_GROUPS.get(rid, ())
            who = quick_card(who_form, ctx.ruleset, "you", _("Caster"), ctx.roster,
                             tuple(g for g, _s in ctx.ruleset.form), groups,
                             lambda role, idx: pick_entry(ctx, role, idx), conditions_label=_("Your conditions"))
        else:
            actor_of(ctx)
            who_form.on_change = lambda name, value: ctx.refresh()
            who = el("section", cls="card", children=[
                el("h3", _("Caster")), who_form.select("who", _("Caster"), combatant_options(ctx.enc)),
                el("p", _("The caster's conditions apply by themselves."), cls="hint")])
        fields = [form.spec(f) for f in forms_turn.CONCENTRATION.get(rid, ())]
        check = el("form", attrs={"id": "conc-form", "novalidate": ""}, children=[
            el("h3", _("Concentration")), *fields,
            el("div", cls="actions", children=[
                el("button", _("Check"), attrs={"type": "submit", "id": "conc-run"}),
                button(_("Roll for me"), lambda: self.check(ctx, True), cls="secondary", bid="conc-roll")])])
        check.onsubmit = lambda event: (event.preventDefault(), self.check(ctx, False))
        parts = [who, el("section", cls="card", children=[check]), self._answer(ctx)]
        parts.append(self.provoke.render(ctx, forms_turn.CAST_ACTION[rid], _("Does casting provoke?")))
        return el("div", children=parts)

    def caster(self, ctx) -> dict:
        if ctx.quick:
            return quick_creature(ctx.ruleset, ctx.values, "you")
        return ctx.enc.get(actor_of(ctx)).creature().to_dict()

    def check(self, ctx, roll_for_me: bool) -> None:
        self.form.clear()
        self.problem = ""
        rid = ctx.ruleset.id
        try:
            payload = forms_turn.concentration_payload(
                rid, self.caster(ctx), self.form.read(forms_turn.CONCENTRATION.get(rid, ())), ctx.options)
            if roll_for_me and rid == "d20pl":
                payload["auto_roll"] = True
            result = run("concentration", payload, ctx.app.rng if roll_for_me else None)
        except InputError as exc:
            self.answer = None
            if not (self.form.show_error(exc) or self.who_form.show_error(exc)):
                self.problem = error_text(exc)
                ctx.refresh()
            return
        self.answer = (result, forms_turn.concentration_answer(rid, result))
        ctx.remember()
        ctx.refresh()
        missing = self.answer[1]["missing"]
        if missing:
            self.form.focus(f"rolls.{missing}")

    def _answer(self, ctx):
        area = el("div", cls="answer", attrs={"id": "conc-answer", "aria-live": "polite"})
        if self.problem:
            area.append(el("p", self.problem, cls="error", attrs={"role": "alert"}))
        if self.answer is None:
            return area
        result, a = self.answer
        rs = ctx.ruleset
        outcome = a["outcome"]
        if outcome == "roll":
            area.append(verdict_box(_(ASK.get(a["missing"], "Type the die rolled.")), "ask", vid="conc-verdict"))
        else:
            text, tone = OUTCOMES[outcome]
            detail = ""
            if a["dc"] is not None and a["total"] is not None:
                detail = _("Total {total} against DC {dc}").format(total=number(a["total"]), dc=number(a["dc"]))
            elif a["dc"] is not None:
                detail = _("DC {dc}").format(dc=number(a["dc"]))
            elif a["chance"] is not None:
                detail = _("Chance to lose concentration {chance}").format(chance=percent(a["chance"]))
                if a["roll"] is not None:
                    detail += " · " + _("rolled {roll}").format(roll=a["roll"])
            if outcome == "blocked":
                detail = rule_words(a["rule"])
            value = result.get("value")
            if isinstance(value, dict) and value.get("outcome") and outcome == "lost":
                detail += " · " + _(value["outcome"].capitalize())
            area.append(verdict_box(_(text), tone, detail, "conc-verdict"))
        for title, bd in a["breakdowns"]:
            if bd:
                area.append(breakdown(rs, bd, _(title), _("Total")))
        asks = prompts_view([p for p in result.get("prompts", [])
                             if not (p.get("params") or {}).get("field")])
        if asks is not None:
            area.append(asks)
        tips = reminders_view(result.get("reminders", []))
        if tips is not None:
            area.append(tips)
        return area


OUTCOMES = {"kept": (N_("Concentration kept"), "hit"), "lost": (N_("Concentration lost"), "miss"),
            "blocked": (N_("Cannot concentrate"), "blocked")}
