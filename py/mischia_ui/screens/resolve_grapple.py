"""classic close combat: entering it (opposed Dexterity), an outsider's
attack into it (a Reflex save, or the blow goes to the other one), effects
split between the two, breaking free at the end of the round. The fight
inside it is the Attack panel: the ``grappling`` condition brings the
weapon-size and blunt-weapon penalties, no shield, no somatic or material
spells and the dropped weapon on a miss."""

from __future__ import annotations

from mischia import forms_turn, tracker
from mischia.errors import InputError
from mischia.queries import run

from ..breakdown_view import breakdown
from ..dom import el
from ..i18n import N_, _, number, percent
from ..labels import condition_name
from .resolve_attack import pick_pair
from .resolve_common import (Form, button, combatant_options, error_text, pick_entry, prompts_view,
                             quick_card, quick_creature, reminders_view, rule_note, rule_words,
                             verdict_box)

TITLES = {"grapple": N_("Enter close combat"), "outside_attack": N_("Attack into close combat"),
          "split_effect": N_("Split an effect between the two"),
          "break_free": N_("Break free (end of the round)")}
BUTTONS = {"grapple": N_("Opposed Dexterity"), "outside_attack": N_("Reflex save"), "split_effect": N_("Split"),
           "break_free": N_("Robustness saves")}


class GrapplePanel:
    def __init__(self):
        self.answers = {}
        self.forms = {}

    def render(self, ctx):
        who_form = self.who_form = Form("grp-who", ctx.values)
        if ctx.quick:
            who = [quick_card(who_form, ctx.ruleset, "you", _("You"), ctx.roster, ("abilities",), ("abilities",),
                              lambda role, idx: pick_entry(ctx, role, idx), conditions_label=_("Your conditions")),
                   quick_card(who_form, ctx.ruleset, "target", _("The other one"), (), ("abilities",),
                              ("abilities",), with_traits=False, conditions_label=_("Visible conditions"))]
        else:
            actor, target = pick_pair(ctx.enc, ctx.values)
            who_form.on_change = lambda name, value: ctx.refresh()
            who = [el("section", cls="card", children=[
                el("h3", _("Who")),
                who_form.select("actor", _("Attacker"), combatant_options(ctx.enc)),
                who_form.select("target", _("Victim (the other one)"), combatant_options(ctx.enc, (actor,))),
                el("p", _("Entering close combat compares Dexterity scores: give both a Dexterity."),
                   cls="hint")])]
        inside = el("section", cls="card", children=[
            el("h3", _("Fighting inside close combat")),
            el("p", _("Use the Attack panel: the close-combat condition on the fighters brings the "
                      "weapon-size and blunt-weapon penalties, no shield, no somatic or material spells, "
                      "and the Reflex save to keep an M or L weapon after a miss."), cls="hint"),
            rule_note(condition_name(ctx.ruleset, "grappling"), ctx.ruleset.conditions["grappling"].rule),
            button(_("Attack in close combat"), lambda: ctx.go("attack"), cls="secondary",
                   bid="grapple-to-attack")])
        cards = [self._procedure(ctx, proc) for proc in forms_turn.GRAPPLE]
        return el("div", children=[*who, *cards[:1], inside, *cards[1:]])

    def _procedure(self, ctx, proc):
        form = Form(f"grp-{proc.replace('_', '-')}", ctx.values, ns=f"grp.{proc}.")
        self.forms[proc] = form
        inputs = [form.spec(f) for f in forms_turn.GRAPPLE[proc]]
        actions = el("div", cls="actions", children=[
            button(_(BUTTONS[proc]), lambda: self.run(ctx, proc, False), bid=f"grapple-{proc}")])
        if any(f.kind == "dice" for f in forms_turn.GRAPPLE[proc]):
            actions.append(button(_("Roll for me"), lambda: self.run(ctx, proc, True), cls="secondary",
                                  bid=f"grapple-{proc}-roll"))
        return el("section", cls="card", attrs={"id": f"grapple-{proc}-card"}, children=[
            el("h3", _(TITLES[proc])), *inputs, actions, self._answer(ctx, proc)])

    def _people(self, ctx):
        if ctx.quick:
            you = quick_creature(ctx.ruleset, ctx.values, "you")
            other = quick_creature(ctx.ruleset, ctx.values, "target")
            return you, other, (you["name"] or _("you"), other["name"] or _("the other one")), ("", "")
        actor, target = pick_pair(ctx.enc, ctx.values)
        a, t = ctx.enc.get(actor), ctx.enc.get(target)
        return (a.creature().to_dict(), t.creature().to_dict(), (t.name, a.name), (actor, target))

    def run(self, ctx, proc, roll_for_me) -> None:
        form = self.forms[proc]
        form.clear()
        try:
            attacker, victim, names, ids = self._people(ctx)
            payload = forms_turn.grapple_payload(proc, attacker, victim, form.read(forms_turn.GRAPPLE[proc]),
                                                 names, ctx.options)
            result = run("actions", payload, ctx.app.rng if roll_for_me else None)
        except InputError as exc:
            self.answers.pop(proc, None)
            if not (form.show_error(exc) or self.who_form.show_error(exc)):
                self.answers[proc] = ("error", error_text(exc), None)
                ctx.refresh()
            return
        self.answers[proc] = ("ok", result, ids)
        ctx.remember()
        ctx.refresh()

    def _answer(self, ctx, proc):
        area = el("div", cls="answer", attrs={"id": f"grapple-{proc}-answer", "aria-live": "polite"})
        if proc not in self.answers:
            return area
        kind, res, ids = self.answers[proc]
        if kind == "error":
            area.append(el("p", res, cls="error", attrs={"role": "alert"}))
            return area
        value, rs = res["value"], ctx.ruleset
        if proc == "grapple":
            if not value.get("allowed", True):
                area.append(verdict_box(_("Cannot enter close combat"), "blocked", rule_words(value["rule"])))
            else:
                checks = res["details"].get("checks", {})
                detail = " · ".join(_("{who}: d20 {roll} against Dexterity {score}").format(
                    who=_("Attacker") if who == "attacker" else _("Victim"), roll=c["roll"], score=c["score"])
                    for who, c in ((k, checks.get(k)) for k in ("attacker", "victim")) if c)
                area.append(verdict_box(_("Close combat begins") if value["won"] else _("The victim avoids it"),
                                        "hit" if value["won"] else "miss", detail))
                victim_attack = value.get("victim_attack")
                if victim_attack:
                    text = _("The victim may strike once first") if victim_attack["allowed"] else \
                        _("The victim may not strike first")
                    area.append(rule_note(text, victim_attack["rule"]))
                for key, title in (("attacker", _("Attacker's Dexterity")), ("victim", _("Victim's Dexterity"))):
                    if res["details"].get(key):
                        area.append(breakdown(rs, res["details"][key], title, _("Score")))
                if value["won"] and ids[0]:
                    area.append(button(_("Mark both as in close combat"), lambda: self.mark(ctx, ids),
                                       bid="grapple-mark"))
        elif proc == "outside_attack":
            if "success" not in value:
                area.append(verdict_box(_("Reflex save modifier {value}").format(value=percent(value["modifier"], sign=True)),
                                        "ask"))
            else:
                text = _("The blow goes to {name}").format(name=value["aimed_at"])
                detail = _("Reflex save {chance}: rolled {roll}").format(chance=percent(value["chance"]),
                                                                          roll=value["roll"])
                area.append(verdict_box(text, "hit" if value["success"] else "miss", detail))
                area.append(rule_note(_("Aimed or redirected"), value["rule"]))
        elif proc == "split_effect":
            text = " · ".join(f"{name}: {number(amount)}" for name, amount in value.items())
            area.append(verdict_box(text, "hit"))
            for key in ("target", "other"):
                area.append(breakdown(rs, res["details"][key], "", _("Total")))
        else:
            if value.get("saves") is False:
                area.append(verdict_box(_("They separate at the end of the round"), "hit"))
            else:
                detail = _("Breaking free: {chance} rolled {roll} · the other: {chance2} rolled {roll2}").format(
                    chance=percent(value["breaker"]["chance"]), roll=value["breaker"]["roll"],
                    chance2=percent(value["holder"]["chance"]), roll2=value["holder"]["roll"])
                area.append(verdict_box(_("Free") if value["separated"] else _("Still held"),
                                        "hit" if value["separated"] else "miss", detail))
                for key, title in (("breaker", _("The one breaking free")), ("holder", _("The other one"))):
                    area.append(breakdown(rs, res["details"][key], title, _("Chance")))
        for view in (prompts_view(res.get("prompts", [])), reminders_view(res.get("reminders", []))):
            if view is not None:
                area.append(view)
        return area

    def mark(self, ctx, ids) -> None:
        actor, target = ids
        enc = ctx.app.encounter
        try:
            enc = tracker.add_condition(enc, actor, "grappling", cause=target)
            enc = tracker.add_condition(enc, target, "grappling", cause=actor)
        except InputError as exc:
            self.answers["grapple"] = ("error", error_text(exc), None)
            ctx.refresh()
            return
        problem = ctx.app.commit(enc)
        if problem:
            self.answers["grapple"] = ("error", problem, None)
            ctx.refresh()
