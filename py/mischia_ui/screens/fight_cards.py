"""One card per combatant on the fight screen: name, initiative, side, hit
points and their state, condition chips with the remaining duration, and
the buttons for what the GM does to it. The current combatant's card also
holds its turn: Attack, Delay, Ready and the per-turn resources.

Buttons carry ``data-act`` (what to do) and ``data-id`` (whom); the screen
handles every click in one place. Text only through ``el``/textContent.
"""

from __future__ import annotations

from mischia import tracker

from ..dom import el
from ..i18n import N_, _, ngettext
from ..labels import condition_name, resource_label, side_label, status_label


def button(text: str, act: str, cid: str = "", *, cls: str = "", label: str = "", extra=None):
    attrs = {"type": "button", "data-act": act}
    if cid:
        attrs["data-id"] = cid
    if label:
        attrs["aria-label"] = label
    attrs.update(extra or {})
    return el("button", text, cls=cls or None, attrs=attrs)


def remaining_text(enc, inst) -> str:
    """How long a condition still lasts, in words."""
    if inst.cause == tracker.START:        # flat-footed/surprised from the start of combat
        return _("until its first turn")
    left = tracker.remaining(enc, inst)
    kind = left["kind"]
    anchor = _name_of(enc, left.get("anchor", ""))
    if kind == "rounds":
        n = left["rounds"]
        if n <= 0:
            return _("ends before {name}'s turn").format(name=anchor)
        return ngettext("{n} round left", "{n} rounds left", n).format(n=n)
    if kind == "turn_start":
        n = left["turns"]
        return ngettext("until the start of {name}'s turn", "until the start of {name}'s turn, {n} turns",
                        n).format(n=n, name=anchor)
    if kind == "turn_end":
        n = left["turns"]
        return ngettext("until the end of {name}'s turn", "until the end of {name}'s turn, {n} turns",
                        n).format(n=n, name=anchor)
    if kind == "until_save":
        return _("until a save succeeds")
    return _("until removed")


def _name_of(enc, cid: str) -> str:
    try:
        return enc.get(cid).name
    except Exception:  # noqa: BLE001 - a stale anchor still reads
        return "?"


def condition_title(ruleset, inst) -> str:
    """``Fear 3 (dragon)``: the name, its stage and its cause."""
    text = condition_name(ruleset, inst.id)
    if inst.stage is not None:
        text += f" {inst.stage}"
    if inst.cause == tracker.HP_CAUSE:
        text += " ({cause})".format(cause=_("hit points"))
    elif inst.cause and inst.cause != tracker.START:
        text += f" ({inst.cause})"
    return text


def chip(enc, ruleset, c, inst):
    words = f"{condition_title(ruleset, inst)} · {remaining_text(enc, inst)}"
    return el("li", children=[button(words, "chip", c.id, cls="chip", extra={
        "data-uid": inst.uid, "data-cond": inst.id,
        "aria-label": _("{words}: what it does now").format(words=words)})])


def hp_text(c) -> str:
    hp = c.hp
    if hp is None:
        return _("HP not tracked")
    text = _("HP {current}/{max}").format(current=hp.current, max=hp.max)
    if hp.temp:
        text += " " + _("+{temp} temp").format(temp=hp.temp)
    return text


RESOURCE_HINT = N_("{resource}: {left} of {total} left")


def card(screen, enc, ruleset, c, current_id: str, index: int):
    """The <li> of one combatant."""
    is_current = c.id == current_id
    classes = ["combatant", f"side-{c.side}"]
    if is_current:
        classes.append("current")
    if c.hp is not None and c.hp.status not in ("ok", "staggered"):
        classes.append("down")
    head = el("div", cls="c-head", children=[
        el("span", "▶" if is_current else "", cls="turn-marker", attrs={"aria-hidden": "true"}),
        el("span", c.name, cls="name"),
    ])
    if enc.phase == "setup" and len(enc.combatants) > 1:
        head.append(button("▲", "up", c.id, cls="secondary icon",
                           label=_("Move {name} earlier").format(name=c.name)))
        head.append(button("▼", "down", c.id, cls="secondary icon",
                           label=_("Move {name} later").format(name=c.name)))
    if c.initiative is not None:
        head.append(button(str(c.initiative), "init-why", c.id, cls="init", label=_(
            "Initiative {total}: why").format(total=c.initiative)))
    meta = [el("span", side_label(c.side), cls="side"), el("span", hp_text(c), cls="hp")]
    if c.hp is not None and c.hp.status != "ok":
        meta.append(el("span", status_label(c.hp.status), cls="badge status"))
    if not tracker.is_aware(enc, c):
        meta.append(el("span", _("unaware"), cls="badge"))
    if "ready" in c.used:
        meta.append(el("span", _("readied"), cls="badge"))
    if enc.phase != "setup" and not c.acted:
        meta.append(el("span", _("not acted yet"), cls="badge muted"))
    parts = [head, el("div", cls="c-meta", children=meta)]
    if c.conditions:
        parts.append(el("ul", cls="chips", attrs={"aria-label": _("Conditions of {name}").format(name=c.name)},
                        children=[chip(enc, ruleset, c, inst) for inst in c.conditions]))
    if screen.show_init_inputs(enc):
        parts.append(screen.init_input(c))
    actions = [button(_("HP"), "hp", c.id, label=_("Hit points of {name}").format(name=c.name)),
               button(_("+ Condition"), "cond", c.id, label=_("Add a condition to {name}").format(name=c.name)),
               button("⋯", "more", c.id, cls="secondary icon",
                      label=_("More for {name}").format(name=c.name))]
    if "ready" in c.used and not is_current and enc.phase != "setup":
        actions.insert(0, button(_("Act now"), "trigger", c.id, label=_("{name} acts on the readied action").format(
            name=c.name)))
    parts.append(el("div", cls="c-actions", children=actions))
    if is_current:
        parts.append(turn_tools(enc, c))
    attrs = {"data-id": c.id}
    if is_current:
        attrs["aria-current"] = "step"
    return el("li", cls=" ".join(classes), attrs=attrs, children=parts)


def turn_tools(enc, c):
    """The current combatant's turn: Attack, Delay, Ready, resources."""
    tools = el("div", cls="c-turn", children=[
        button(_("Attack"), "attack", c.id, cls="primary"),
        button(_("Delay"), "delay", c.id, cls="secondary"),
        button(_("Ready"), "ready", c.id, cls="secondary"),
    ])
    items = []
    for name, rule, per_round, spent in tracker.turn_resources(enc, c.id):
        left = max(per_round - spent, 0)
        text = f"{resource_label(name)} {left}/{per_round}"
        b = button(text, "spend" if left else "unspend", c.id, cls="res" + ("" if left else " spent"), extra={
            "data-res": name, "aria-pressed": "false" if left else "true", "title": rule,
            "aria-label": _(RESOURCE_HINT).format(resource=resource_label(name), left=left, total=per_round)})
        if per_round == 0:
            b.setAttribute("disabled", "")
        items.append(b)
    box = el("div", cls="c-turn-box", children=[tools])
    if items:
        box.append(el("div", cls="resources", attrs={"role": "group", "aria-label": _("Left this turn")},
                      children=items))
    return box
