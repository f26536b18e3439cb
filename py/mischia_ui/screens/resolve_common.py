"""Pieces the resolve screen's panels share: inputs bound to a dict of
values (each input named by the payload field the engine reports errors
for), the quick character and target cards (roster pick or typed numbers),
combatant pickers, answers with their rule notes, and the remembered quick
inputs (``mischia.quick`` in localStorage).

Every input is ``type="text"`` with a numeric keyboard where it helps: text
the rules refuse stays in the box with the message under it.
"""

from __future__ import annotations

import json

from mischia import forms
from mischia.errors import InputError

from ..dom import el
from ..i18n import N_, _, ngettext
from ..labels import (choice_name, condition_name, error_message, trait_label, rule_text, rule_title, side_label, stat_label,
                      status_label)

QUICK_KEY = "mischia.quick"
QUICK_SCHEMA = 1
SIZE_NAMES = {"fine": N_("Fine"), "diminutive": N_("Diminutive"), "tiny": N_("Tiny"), "small": N_("Small"),
              "medium": N_("Medium"), "large": N_("Large"), "huge": N_("Huge"), "gargantuan": N_("Gargantuan"),
              "colossal": N_("Colossal")}


# ----- remembered quick inputs ----------------------------------------------------------

def load_quick(storage) -> dict:
    """The last quick inputs, or a fresh record (a damaged one is ignored)."""
    try:
        raw = storage.getItem(QUICK_KEY)
        data = json.loads(raw) if isinstance(raw, str) else None
    except Exception:  # noqa: BLE001 - unreadable: start again, the rest of the app is unaffected
        data = None
    if not isinstance(data, dict) or data.get("schema") != QUICK_SCHEMA:
        data = {"schema": QUICK_SCHEMA}
    data.setdefault("mode", "")
    data.setdefault("ruleset", "")
    if not isinstance(data.get("by_ruleset"), dict):
        data["by_ruleset"] = {}
    return data


def save_quick(storage, data: dict) -> None:
    try:
        storage.setItem(QUICK_KEY, json.dumps(data, ensure_ascii=False))
    except Exception:  # noqa: BLE001 - storage full or refused: the form still works
        pass


def section(values: dict, name: str) -> dict:
    """``values[name]`` as a dict (created when missing or damaged)."""
    if not isinstance(values.get(name), dict):
        values[name] = {}
    return values[name]


# ----- inputs bound to a values dict ---------------------------------------------------------

def dom_id(prefix: str, name: str) -> str:
    return f"{prefix}-" + name.replace(".", "-").replace("_", "-")


class Form:
    """Build inputs whose current text lives in ``values[name]``; errors are
    shown under the input whose name the engine's field names."""

    def __init__(self, prefix: str, values: dict, on_change=None, ns: str = ""):
        self.prefix = prefix
        self.values = values
        self.on_change = on_change
        self.ns = ns         # values are kept under ns + name (names stay the engine's fields)
        self.slots = {}      # name → (control, error element)

    def get(self, name, default=None):
        return self.values.get(self.ns + name, default)

    def set(self, name, value) -> None:
        self.values[self.ns + name] = value

    def read(self, fields) -> dict:
        """The values of these ``forms.Field`` inputs, keyed by field."""
        return {f.key: self.get(f.key) for f in fields}

    def _wrap(self, name, label, control, hint="", extra=(), cls="field"):
        fid = dom_id(self.prefix, name)
        err = el("p", cls="field-error", attrs={"id": f"{fid}-error", "role": "alert"})
        err.hidden = True
        described = f"{fid}-error"
        children = [el("label", label, attrs={"for": fid})]
        if hint:
            children.append(el("p", hint, cls="field-hint", attrs={"id": f"{fid}-hint"}))
            described = f"{fid}-hint {described}"
        control.setAttribute("aria-describedby", described)
        row = el("div", cls="field-row", children=[control, *extra]) if extra else control
        children += [row, err]
        self.slots[name] = (control, err)
        return el("div", cls=cls, attrs={"data-field": name}, children=children)

    def _changed(self, name, value):
        self.set(name, value)
        if self.on_change is not None:
            self.on_change(name, value)

    def text(self, name, label, *, keyboard="numeric", hint="", placeholder="", signed=False,
             cls="field"):
        fid = dom_id(self.prefix, name)
        attrs = {"id": fid, "name": name, "type": "text", "autocomplete": "off",
                 "inputmode": keyboard, "enterkeyhint": "done"}
        if placeholder:
            attrs["placeholder"] = placeholder
        box = el("input", attrs=attrs)
        box.value = str(self.get(name, "") or "")
        box.oninput = lambda event: self._changed(name, box.value)
        extra = []
        if signed:
            flip = el("button", "±", cls="sign", attrs={"type": "button", "aria-label": _("Change the sign"),
                                                        "data-for": fid})
            flip.onclick = lambda event: self._flip(box, name)
            extra.append(flip)
        return self._wrap(name, label, box, hint, extra, cls)

    def _flip(self, box, name):
        text = str(box.value or "").strip()
        box.value = text[1:] if text.startswith("-") else ("-" + text.lstrip("+") if text else "-")
        self._changed(name, box.value)
        box.focus()

    def select(self, name, label, options, *, hint="", cls="field"):
        fid = dom_id(self.prefix, name)
        box = el("select", attrs={"id": fid, "name": name})
        current = str(self.get(name, "") or "")
        for value, text in options:
            option = el("option", text, attrs={"value": value})
            if value == current:
                option.setAttribute("selected", "")
            box.append(option)
        box.onchange = lambda event: self._changed(name, box.value)
        return self._wrap(name, label, box, hint, (), cls)

    def check(self, name, label, *, cls="field check"):
        fid = dom_id(self.prefix, name)
        box = el("input", attrs={"id": fid, "name": name, "type": "checkbox"})
        box.checked = bool(self.get(name))
        box.onchange = lambda event: self._changed(name, bool(box.checked))
        err = el("p", cls="field-error", attrs={"id": f"{fid}-error", "role": "alert"})
        err.hidden = True
        self.slots[name] = (box, err)
        return el("div", cls=cls, attrs={"data-field": name}, children=[
            box, el("label", label, attrs={"for": fid}), err])

    def multi(self, name, label, options, *, open_=True):
        """Tick boxes for a list value (``values[name]`` is a list)."""
        chosen = list(self.get(name) or [])
        self.set(name, chosen)
        boxes = []
        for value, text in options:
            fid = dom_id(self.prefix, f"{name}.{value}")
            box = el("input", attrs={"id": fid, "type": "checkbox", "value": value})
            box.checked = value in chosen
            box.onchange = lambda event, v=value, b=box: self._toggle(name, v, bool(b.checked))
            boxes.append(el("div", cls="check", children=[box, el("label", text, attrs={"for": fid})]))
        err = el("p", cls="field-error", attrs={"role": "alert"})
        err.hidden = True
        self.slots[name] = (boxes[0].firstChild if boxes else None, err)
        return el("fieldset", cls="checks", attrs={"data-field": name}, children=[
            el("legend", label), el("div", cls="check-grid", children=boxes), err])

    def _toggle(self, name, value, on):
        chosen = [v for v in (self.get(name) or []) if v != value]
        if on:
            chosen.append(value)
        self._changed(name, chosen)

    def details(self, key, summary, children, *, cls="", open_=False, did=""):
        """A <details> whose open state is remembered across redraws."""
        state = f"_open.{self.prefix}.{key}"
        attrs = {"id": did} if did else {}
        box = el("details", cls=cls or None, attrs=attrs,
                 children=[el("summary", summary), *children])
        if self.values.get(state, open_):
            box.setAttribute("open", "")
        box.ontoggle = lambda event: self.values.__setitem__(state, bool(box.open))
        return box

    def spec(self, f: forms.Field):
        """An input for a ``forms.Field`` of a ruleset's query."""
        label = _(f.label)
        if f.kind == "flag":
            return self.check(f.key, label)
        if f.kind == "choice":
            options = [("", _("—"))] if f.default is None else []
            options += [(v, _(text)) for v, text in f.choices]
            if f.default is not None and not self.get(f.key):
                self.set(f.key, f.default)
            return self.select(f.key, label, options)
        if f.kind == "multi":
            return self.multi(f.key, label, [(v, _(text)) for v, text in f.choices])
        if f.kind == "dice":
            return self.text(f.key, label, placeholder=_("roll for me"), cls="field die")
        keyboard = "decimal" if f.kind == "number" else "numeric"
        return self.text(f.key, label, keyboard=keyboard, signed=f.low < 0)

    # ----- errors -----------------------------------------------------------------
    def clear(self) -> None:
        for control, err in self.slots.values():
            err.hidden = True
            err.textContent = ""
            if control is not None:
                control.removeAttribute("aria-invalid")

    def show_error(self, exc: InputError) -> bool:
        """Put the message under the input the error names; False if none does."""
        name = slot_for(exc.field or "", self.slots)
        if name is None:
            return False
        control, err = self.slots[name]
        err.textContent = error_text(exc)
        err.hidden = False
        if control is not None:
            control.setAttribute("aria-invalid", "true")
            control.focus()
        return True

    def focus(self, name) -> None:
        slot = self.slots.get(name)
        if slot and slot[0] is not None:
            slot[0].focus()


# the engine's names for the creatures of a query → the quick cards' names
ALIASES = {"creature": "you", "attacker": "you", "defender": "target"}


def slot_for(field: str, slots) -> str | None:
    """The input named by ``field`` (``rolls.damage[1]`` → ``rolls.damage``,
    ``creature.stats.bab`` → ``creature.stats.bab`` or a shorter prefix)."""
    field = field.split("[", 1)[0]
    head, _dot, rest = field.partition(".")
    if head in ALIASES and rest and any(k.startswith(ALIASES[head] + ".") for k in slots):
        field = ALIASES[head] + "." + rest
    while field:
        if field in slots:
            return field
        if "." not in field:
            return None
        field = field.rsplit(".", 1)[0]
    return None


def error_text(exc: InputError) -> str:
    text = error_message(exc.message)
    if exc.allowed and len(exc.allowed) <= 12:
        text += " (" + _("allowed: {values}").format(values=", ".join(str(a) for a in exc.allowed)) + ")"
    return text


# ----- combatants and quick cards -----------------------------------------------------------

def combatant_label(c) -> str:
    text = c.name
    if c.hp is not None:
        text += " · " + _("{current}/{max} HP").format(current=c.hp.current, max=c.hp.max)
        if c.hp.status not in ("ok", ""):
            text += " · " + status_label(c.hp.status)
    return f"{text} ({side_label(c.side)})"


def combatant_options(enc, exclude=()) -> list:
    return [(c.id, combatant_label(c)) for c in enc.combatants if c.id not in exclude]


def condition_picker(form: Form, ruleset, name: str, label: str, chosen_key: str):
    """Tick boxes for the ruleset's conditions, a stage choice for staged
    ones; ``values[chosen_key]`` is a list of {id, stage}."""
    chosen = {c["id"]: c for c in form.get(chosen_key) or [] if isinstance(c, dict)}
    form.set(chosen_key, list(chosen.values()))
    rows = []
    for cid, definition in ruleset.conditions.items():
        fid = dom_id(form.prefix, f"{name}.{cid}")
        box = el("input", attrs={"id": fid, "type": "checkbox", "value": cid})
        box.checked = cid in chosen
        parts = [box, el("label", condition_name(ruleset, cid), attrs={"for": fid})]
        stage_box = None
        if definition.stages:
            stage_box = el("select", cls="stage", attrs={"aria-label": _("Stage of {condition}").format(
                condition=condition_name(ruleset, cid)), "id": fid + "-stage"})
            for stage in definition.stages:
                text = choice_name(stage, cid) if stage is not None else _("—")
                option = el("option", text, attrs={"value": "" if stage is None else str(stage)})
                if cid in chosen and str(chosen[cid].get("stage", "")) == str(stage):
                    option.setAttribute("selected", "")
                stage_box.append(option)
            parts.append(stage_box)
        handler = _condition_handler(form, ruleset, chosen_key, cid, box, stage_box)
        box.onchange = handler
        if stage_box is not None:
            stage_box.onchange = handler
        rows.append(el("div", cls="check cond", children=parts))
    count = len(chosen)
    summary = label + (" · " + ngettext("{n} ticked", "{n} ticked", count).format(n=count) if count else "")
    err = el("p", cls="field-error", attrs={"role": "alert"})
    err.hidden = True
    form.slots[name] = (None, err)
    box = form.details(name, summary, [el("div", cls="check-grid", children=rows), err], cls="conds",
                       did=dom_id(form.prefix, name))
    box.setAttribute("data-field", name)
    return box


def _condition_handler(form, ruleset, key, cid, box, stage_box):
    def changed(event=None):
        items = [c for c in form.get(key) or [] if c.get("id") != cid]
        if box.checked:
            item = {"id": cid}
            if stage_box is not None and stage_box.value != "":
                stage = stage_box.value
                item["stage"] = int(stage) if stage.lstrip("-").isdigit() else stage
            items.append(item)
        form._changed(key, items)
    return changed


def quick_card(form: Form, ruleset, role: str, title: str, roster, groups, open_groups,
               on_pick=None, with_traits=True, conditions_label="", extra=()):
    """A typed creature: name, a roster pick (fills the numbers), the stats
    of ``groups`` (ruleset form groups), traits, size and conditions."""
    children = [el("h3", title)]
    if roster:
        options = [("", _("Type the numbers"))] + [(str(i), e.get("name") or _("(no name)"))
                                                   for i, e in roster]
        picker = form.select(f"{role}.entry", _("From the roster"), options)
        picker.querySelector("select").onchange = lambda event: on_pick(role, event.target.value)
        children.append(picker)
    children.append(form.text(f"{role}.name", _("Name"), keyboard="text"))
    first = True
    for group, stats in ruleset.form:
        if group not in groups:
            continue
        if first:   # stats of other groups these rules read too (the target's Dex for its AC)
            stats = tuple(stats) + tuple(s for s in extra if s in ruleset.stats and s not in stats)
            first = False
        inputs = [form.text(f"{role}.stats.{s}", stat_label(s), signed=ruleset.stats[s][0] < 0,
                            keyboard="decimal" if s in ("speed", "reach") else "numeric", cls="field stat")
                  for s in stats]
        children.append(form.details(f"{role}.{group}", _(GROUPS.get(group, group)),
                                     [el("div", cls="stat-grid", children=inputs)], cls="stat-group",
                                     open_=group in open_groups, did=dom_id(form.prefix, f"{role}.{group}")))
    if with_traits and ruleset.traits:
        traits = form.multi(f"{role}.traits", _("Traits"), [(t, trait_label(t)) for t in ruleset.traits])
        sizes = form.select(f"{role}.size", _("Size"), [(s, _(n)) for s, n in SIZE_NAMES.items()])
        children.append(form.details(f"{role}.traits", _("Traits and size"), [sizes, traits],
                                     cls="stat-group", did=dom_id(form.prefix, f"{role}.more")))
    children.append(condition_picker(form, ruleset, f"{role}.conditions",
                                     conditions_label or _("Conditions"), f"{role}.conditions"))
    return el("section", cls="card quick", attrs={"data-role": role}, children=children)


def quick_creature(ruleset, values: dict, role: str, groups=None) -> dict:
    """The creature payload the quick card ``role`` describes."""
    prefix = f"{role}.stats."
    wanted = {s for g, stats in ruleset.form if groups is None or g in groups for s in stats}
    stats = {k[len(prefix):]: v for k, v in values.items() if k.startswith(prefix)
             and k[len(prefix):] in ruleset.stats and (k[len(prefix):] in wanted or str(v).strip())}
    traits = [t for t in values.get(f"{role}.traits") or [] if t in ruleset.traits]
    conds = [c for c in values.get(f"{role}.conditions") or [] if c.get("id") in ruleset.conditions]
    return forms.creature_from_values(ruleset, values.get(f"{role}.name", ""), stats, traits, conds,
                                      values.get(f"{role}.size") or "medium", role)


def pick_entry(ctx, role: str, idx) -> None:
    """A roster character was picked for ``role``: copy its numbers into the form."""
    entries = dict(ctx.roster)
    if idx != "" and int(idx) in entries:
        fill_from_entry(ctx.values, role, entries[int(idx)])
    ctx.values[f"{role}.entry"] = idx
    ctx.refresh()


def fill_from_entry(values: dict, role: str, entry: dict) -> None:
    """Copy a roster entry into the quick card ``role``'s values."""
    for key in [k for k in values if k.startswith(f"{role}.stats.")]:
        values[key] = ""
    creature = forms.creature_from_entry(entry)
    values[f"{role}.name"] = creature["name"]
    for stat, value in creature["stats"].items():
        values[f"{role}.stats.{stat}"] = str(int(value) if float(value).is_integer() else value)
    values[f"{role}.traits"] = list(creature["traits"])
    values[f"{role}.size"] = creature["size"]
    values[f"{role}.conditions"] = [{k: c[k] for k in ("id", "stage") if k in c}
                                    for c in creature["conditions"]]


GROUPS = {"offence": N_("Attack"), "defence": N_("Defence"), "abilities": N_("Abilities"), "saves": N_("Saves"),
          "senses": N_("Senses"), "movement": N_("Movement"), "other": N_("Other")}


# ----- answers ------------------------------------------------------------------------------

def rule_note(text: str, rule: str, cls: str = "note-rule"):
    """A line of the answer with its rule ID; tapping it shows the rule."""
    return el("details", cls=cls, children=[
        el("summary", children=[el("span", text), el("code", rule, cls="bd-rule")]),
        el("p", rule_text(rule) or _("No reference text."), cls="bd-text")])


def prompts_view(prompts, title=""):
    """What the rules ask for now: rolls, saves, decisions (with DC/target)."""
    if not prompts:
        return None
    items = []
    for p in prompts:
        text = _(p["text"])
        extra = []
        if p.get("roll"):
            extra.append(_("roll {roll}").format(roll=p["roll"]))
        if p.get("target") is not None:
            extra.append(_("target {target}").format(target=p["target"]))
        if extra:
            text += " (" + ", ".join(extra) + ")"
        items.append(el("li", children=[rule_note(text, p["rule"])]))
    return el("section", cls="asks", children=[el("h3", title or _("The rules ask")),
                                               el("ul", cls="notes", children=items)])


def reminders_view(reminders, title=""):
    if not reminders:
        return None
    items = [el("li", children=[rule_note(_(r["text"]), r["rule"])]) for r in reminders]
    return el("section", cls="reminders", children=[el("h3", title or _("Remember")),
                                                    el("ul", cls="notes", children=items)])


def verdict_box(text: str, tone: str, detail: str = "", vid: str = ""):
    attrs = {"data-tone": tone, "role": "status"}
    if vid:
        attrs["id"] = vid
    children = [el("p", text, cls="verdict-text")]
    if detail:
        children.append(el("p", detail, cls="verdict-detail"))
    return el("div", cls="verdict", attrs=attrs, children=children)


def rule_words(rule: str) -> str:
    """A rule as words (its short title), for "not allowed: …"."""
    return rule_title(rule) or rule


def button(text, on_click, *, cls="", bid="", kind="button"):
    attrs = {"type": kind}
    if bid:
        attrs["id"] = bid
    b = el("button", text, cls=cls or None, attrs=attrs)
    if on_click is not None:
        b.onclick = lambda event: on_click()
    return b
