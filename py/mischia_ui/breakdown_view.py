"""Rendering a breakdown: one line per modifier with its value, words and
rule ID; suppressed lines struck through with the reason. Tapping a line
shows the rule's reference text. Text only, never HTML from data."""

from __future__ import annotations

from .dom import el
from .i18n import _
from .labels import line_label, reason_label, rule_text


def signed(value, unit: str = "points") -> str:
    if unit == "flag":
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = f"{value:+}" if isinstance(value, (int, float)) else str(value)
    return text + ("%" if unit == "percent" else "")


def breakdown(ruleset, bd: dict, title: str = "", total_label: str = ""):
    """A <section> for one breakdown dict (``Breakdown.to_dict()``)."""
    items = []
    for line in bd.get("lines", []):
        words = line_label(ruleset, line)
        if not line.get("applied", True) and line.get("reason"):
            words = f"{words} — {reason_label(line['reason'])}"
        details = el("details", cls="bd-line" + ("" if line.get("applied", True) else " off"), children=[
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
    total = el("p", f"{total_label or _('Total')}: {bd.get('total')}", cls="bd-total")
    return el("section", cls="breakdown", children=head + [el("ul", cls="bd", children=items), total])
