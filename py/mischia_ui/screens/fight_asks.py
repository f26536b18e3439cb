"""What the table must answer now, at the top of the fight screen.

The rules core keeps these in ``Encounter.asks`` (so a reload or an undo
keeps them): the start-of-turn roll of a dying creature, the save at the end
of a turn that can end a condition, an initiative tie. Rolls the rules want
are asked as a typed die or "roll for me" (``DieInput``); the prompts, their
targets and their rule IDs come from the core (``tracker.turn_rolls`` with
no dice is a preview that lists them).
"""

from __future__ import annotations

import re

from mischia import tracker
from mischia.errors import InputError

from ..dom import el
from ..i18n import _
from ..widgets.fields import DieInput, error_text, find
from .fight_cards import button, condition_title

_DIE = re.compile(r"d(\d+)")


def die_sides(roll: str):
    """``d20-4`` → 20; ``d100`` → 100; None when the prompt names no die."""
    match = _DIE.search(roll or "")
    return int(match.group(1)) if match else None


class PromptInputs:
    """The rolls a list of core prompts asks for: one DieInput per prompt
    with a ``rolls.NAME`` field; other prompts are shown as text."""

    def __init__(self, rng, prompts, key: str = ""):
        self.inputs = {}
        rows = []
        for p in prompts:
            params = p.get("params") or {}
            field = str(params.get("field", ""))
            words = [_(p.get("text", ""))]
            if p.get("target") is not None:
                words.append(_("Target: {target}").format(target=p["target"]))
            if p.get("roll"):
                words.append(_("Roll: {roll}").format(roll=p["roll"]))
            if params.get("by") == "gm":
                words.append(_("rolled by the GM"))
            text = el("p", " · ".join(words), cls="prompt-text")
            rule = el("code", p.get("rule", ""), cls="bd-rule")
            if field.startswith("rolls.") and not params.get("optional"):
                name = field[len("rolls."):]
                sides = die_sides(p.get("roll", "")) or 100
                die = DieInput(rng, sides, _("d{sides} rolled").format(sides=sides), name=field,
                               fid=f"ask-{key}-{name}")
                self.inputs[name] = die
                rows.append(el("div", cls="prompt", children=[text, rule, die.node]))
            else:
                rows.append(el("div", cls="prompt optional", children=[text, rule]))
        self.node = el("div", cls="prompts", children=rows)

    def roll_all(self) -> None:
        for die in self.inputs.values():
            if not die.field.text.strip():
                die.roll()

    def read(self) -> dict:
        """{name: die}; raises InputError (after marking the input) when one is blank or wrong."""
        rolls, first = {}, None
        for name, die in self.inputs.items():
            try:
                rolls[name] = die.value(f"rolls.{name}", required=True)
                die.error(None)
            except InputError as exc:
                die.error(error_text(exc))
                first = first or exc
        if first is not None:
            raise first
        return rolls

    def show_error(self, exc: InputError) -> bool:
        name = exc.field[len("rolls."):] if exc.field.startswith("rolls.") else ""
        if name in self.inputs:
            self.inputs[name].error(error_text(exc))
            return True
        return False


class AskPanel:
    """Mixin of the fight screen: renders ``enc.asks`` and answers them."""

    def render_asks(self, enc, ruleset) -> None:
        self.ask_inputs = {}
        cards = []
        for index, ask in enumerate(enc.asks):
            try:
                cards.append(self._ask_card(enc, ruleset, index, ask))
            except InputError as exc:   # a stale ask still gets a way out
                cards.append(self._ask_shell(index, error_text(exc), []))
        self.asks.replaceChildren(*cards)
        self.asks.hidden = not cards

    def _ask_shell(self, index, title, body, actions=(), aside: bool = True):
        error = el("p", cls="error", attrs={"role": "alert", "id": f"ask-{index}-error"})
        error.hidden = True
        card = el("section", cls="ask card", attrs={"data-ask": str(index), "aria-labelledby": f"ask-{index}-t"},
                  children=[el("h3", title, attrs={"id": f"ask-{index}-t"})] + list(body) + [error, el(
                      "div", cls="actions", children=list(actions) + ([
                          button(_("Set aside"), "ask-dismiss", cls="secondary", extra={"data-ask": str(index)})]
                          if aside else []))])
        return card

    def _ask_card(self, enc, ruleset, index, ask):
        if ask.kind == "turn_roll":
            c = enc.get(ask.cid)
            _preview, result = tracker.turn_rolls(enc, c.id)
            inputs = PromptInputs(self.app.rng, [p for p in result.get("prompts", ())], f"{index}")
            self.ask_inputs[index] = inputs
            title = _("Start of {name}'s turn: roll").format(name=c.name)
            return self._ask_shell(index, title, [inputs.node], [
                button(_("Use these rolls"), "ask-turn", c.id, cls="primary", extra={"data-ask": str(index)}),
                button(_("Roll for me"), "ask-turn-roll", c.id, cls="secondary", extra={"data-ask": str(index)})])
        if ask.kind == "save_end":
            c = enc.get(ask.cid)
            inst = next((i for i in c.conditions if i.uid == ask.uid), None)
            if inst is None:
                raise InputError("ask", _("this condition has already ended"))
            title = _("End of {name}'s turn: save against {condition}?").format(
                name=c.name, condition=condition_title(ruleset, inst))
            rules = [el("code", r, cls="bd-rule") for r in ask.rules]
            return self._ask_shell(index, title, rules, [
                button(_("Saved: it ends"), "ask-saved", c.id, cls="primary",
                       extra={"data-ask": str(index), "data-uid": ask.uid}),
                button(_("Failed: it stays"), "ask-failed", c.id, cls="secondary",
                       extra={"data-ask": str(index), "data-uid": ask.uid})])
        # an initiative tie
        names = ", ".join(enc.get(i).name for i in ask.ids if any(c.id == i for c in enc.combatants))
        body = [el("p", _(ask.text) if ask.text else _("Initiative tie"))]
        if names:
            body.append(el("p", _("Tied: {names}").format(names=names), cls="muted"))
        body += [el("code", r, cls="bd-rule") for r in ask.rules]
        sides = die_sides(ask.roll)
        if sides and ask.ids:
            prompts = [{"text": "", "params": {"field": f"rolls.{i}"}, "roll": ask.roll,
                        "rule": ""} for i in ask.ids]
            inputs = PromptInputs(self.app.rng, prompts, f"{index}")
            for i, die in inputs.inputs.items():
                die.field.node.querySelector("label").textContent = _("Roll-off d{sides} for {name}").format(
                    sides=sides, name=enc.get(i).name)
            self.ask_inputs[index] = inputs
            body.append(inputs.node)
            actions = [button(_("Use these rolls"), "ask-tie", cls="primary", extra={"data-ask": str(index)}),
                       button(_("Roll for me"), "ask-tie-roll", cls="secondary", extra={"data-ask": str(index)})]
        else:
            body.append(el("p", _("Put them in order with ▲ ▼ on their cards (or with ⋯), then tap Done."),
                           cls="muted"))
            actions = [button(_("Done"), "ask-dismiss", cls="primary", extra={"data-ask": str(index)})]
            return self._ask_shell(index, _("Initiative order"), body, actions, aside=False)
        return self._ask_shell(index, _("Initiative tie: roll-off"), body, actions)

    # ----- answers ------------------------------------------------------------------
    def _ask_error(self, index, exc) -> None:
        inputs = self.ask_inputs.get(index)
        if inputs is not None and inputs.show_error(exc):
            return
        node = find(self.root, f"#ask-{index}-error")
        if node is not None:
            node.textContent = error_text(exc)
            node.hidden = False

    def act_ask_turn(self, cid, node, roll=False):
        index = int(node.getAttribute("data-ask"))
        inputs = self.ask_inputs.get(index)
        try:
            if roll and inputs is not None:
                inputs.roll_all()
            rolls = inputs.read() if inputs is not None else {}
            new, result = tracker.turn_rolls(self.app.encounter, cid, rolls=rolls)
        except InputError as exc:
            self._ask_error(index, exc)
            return
        self.commit(new, result=result, title=_("Start-of-turn roll"))

    def act_ask_turn_roll(self, cid, node):
        self.act_ask_turn(cid, node, roll=True)

    def act_ask_saved(self, cid, node):
        self.commit(tracker.answer_save(self.app.encounter, node.getAttribute("data-uid"), True))

    def act_ask_failed(self, cid, node):
        self.commit(tracker.answer_save(self.app.encounter, node.getAttribute("data-uid"), False))

    def act_ask_tie(self, cid, node, roll=False):
        index = int(node.getAttribute("data-ask"))
        inputs = self.ask_inputs.get(index)
        try:
            if roll and inputs is not None:
                inputs.roll_all()
            tiebreak = inputs.read() if inputs is not None else {}
            new, _result = tracker.break_ties(self.app.encounter, tiebreak, self.app.rng)
        except InputError as exc:
            if exc.field.startswith("tiebreak."):
                exc = InputError("rolls." + exc.field[len("tiebreak."):], exc.message, exc.allowed)
            self._ask_error(index, exc)
            return
        self.commit(new)

    def act_ask_tie_roll(self, cid, node):
        self.act_ask_tie(cid, node, roll=True)

    def act_ask_dismiss(self, cid, node):
        self.commit(tracker.dismiss(self.app.encounter, int(node.getAttribute("data-ask"))))
