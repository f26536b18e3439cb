"""Rendering a breakdown: one line per modifier with its value, words and
rule ID; suppressed lines struck through with the reason. Tapping a line
shows the rule's reference text. Text only, never HTML from data."""

from __future__ import annotations

from .dom import el
from . import i18n
from .i18n import _, ngettext
from .labels import line_label, reason_label, rule_text


def signed(value, unit: str = "points") -> str:
    """A line's value with its sign and unit, numbers in the language's
    format (``+1,5 m`` in Italian, ``×0.75`` in English)."""
    if unit == "flag":
        return ""
    if unit == "fraction":
        return "×" + i18n.number(value)
    text = i18n.signed(value)
    if unit == "percent":
        return text + "%"
    if unit == "metres":
        return text + "\u00a0m"
    if unit == "hexes":
        count = abs(value) if isinstance(value, int) else 2
        return ngettext("{n} hex", "{n} hexes", count).format(n=text)
    return text


def breakdown(ruleset, bd: dict, title: str = "", total_label: str = "", sid: str = ""):
    """A <section> for one breakdown dict (``Breakdown.to_dict()``); ``sid``
    gives it an id."""
    items = []
    for line in bd.get("lines", []):
        words = line_label(ruleset, line)
        if not line.get("applied", True) and line.get("reason"):
            words = f"{words} — {reason_label(line['reason'])}"
        details = el("details", cls="bd-line" + ("" if line.get("applied", True) else " off"),
                     attrs={"data-rule": line["rule"]}, children=[
            el("summary", children=[
                el("span", signed(line["value"], line.get("unit", "points")), cls="bd-value"),
                el("span", words, cls="bd-words"),
                el("code", line["rule"], cls="bd-rule"),
            ]),
            el("p", rule_text(line["rule"]) or _("No reference text."), cls="bd-text"),
        ])
        items.append(el("li", children=[details]))
    head = []
    if title:
        head.append(el("h3", title))
    total = el("p", f"{total_label or _('Total')}: {_total(bd)}", cls="bd-total")
    return el("section", cls="breakdown", attrs={"id": sid} if sid else None,
              children=head + [el("ul", cls="bd", children=items), total])


def _total(bd: dict) -> str:
    value, unit = bd.get("total"), bd.get("unit", "points")
    if unit == "percent":
        return i18n.percent(value)
    if unit == "metres":
        return i18n.metres(value)
    return i18n.number(value)
