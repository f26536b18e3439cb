"""Labelled inputs, each with an error line tied to it for screen readers,
and the typed-die input with "roll for me".

A field keeps what the user typed when it is refused: ``error(text)`` only
marks it (``aria-invalid``) and shows the message under it.
"""

from __future__ import annotations

import itertools

from mischia.errors import InputError

from ..dom import el
from ..i18n import _
from ..labels import error_message

_ids = itertools.count(1)


def new_id(prefix: str = "f") -> str:
    """A unique element id (the page has one document for every screen)."""
    return f"{prefix}-{next(_ids)}"


class Field:
    """One input (text, number, select, checkbox or textarea) with its label,
    an optional hint and an error line."""

    def __init__(self, label: str, kind: str = "text", value=None, *, fid: str = "", name: str = "",
                 options=(), hint: str = "", low=None, high=None, attrs=None, cls: str = ""):
        self.fid = fid or new_id()
        self.kind = kind
        self.low, self.high = low, high
        extra = dict(attrs or {})
        if name:
            extra["name"] = name
        self.error_el = el("p", cls="field-error", attrs={"id": f"{self.fid}-error", "role": "alert"})
        self.error_el.hidden = True
        described = [f"{self.fid}-error"]
        self.hint_el = None
        if hint:
            self.hint_el = el("p", hint, cls="field-hint", attrs={"id": f"{self.fid}-hint"})
            described.insert(0, f"{self.fid}-hint")
        extra["aria-describedby"] = " ".join(described)
        if kind == "select":
            self.control = el("select", attrs={"id": self.fid, **extra})
            for code, text in options:
                option = el("option", text, attrs={"value": str(code)})
                if value is not None and str(code) == str(value):
                    option.setAttribute("selected", "")
                self.control.append(option)
        elif kind == "textarea":
            self.control = el("textarea", attrs={"id": self.fid, "rows": "2", **extra})
            self.control.value = "" if value is None else str(value)
        elif kind == "check":
            self.control = el("input", attrs={"id": self.fid, "type": "checkbox", **extra})
            self.control.checked = bool(value)
        else:
            if kind == "number":
                extra.setdefault("inputmode", "numeric")
                if low is not None:
                    extra.setdefault("min", str(low))
                if high is not None:
                    extra.setdefault("max", str(high))
            self.control = el("input", attrs={"id": self.fid, "type": "number" if kind == "number" else "text",
                                              "autocomplete": "off", **extra})
            self.control.value = "" if value is None else str(value)
        label_el = el("label", label, attrs={"for": self.fid})
        parts = [self.control, label_el] if kind == "check" else [label_el, self.control]
        if self.hint_el is not None:
            parts.append(self.hint_el)
        parts.append(self.error_el)
        self.node = el("div", cls=("field check" if kind == "check" else "field") + (f" {cls}" if cls else ""),
                       children=parts)

    # ----- reading ----------------------------------------------------------
    @property
    def text(self) -> str:
        return str(self.control.value or "")

    @property
    def checked(self) -> bool:
        return bool(self.control.checked)

    def int_value(self, field: str, required: bool = False):
        """The typed whole number (None when blank and not required);
        raises InputError naming ``field`` with a message in words."""
        return parse_int(self.text, field, self.low, self.high, required)

    # ----- messages ----------------------------------------------------------
    def error(self, text) -> None:
        self.error_el.textContent = text or ""
        self.error_el.hidden = not text
        if text:
            self.control.setAttribute("aria-invalid", "true")
        else:
            self.control.removeAttribute("aria-invalid")


def parse_int(text: str, field: str, low=None, high=None, required: bool = False):
    text = (text or "").strip().replace("\u2212", "-")
    if not text:
        if required:
            raise InputError(field, _("type a whole number"))
        return None
    try:
        value = int(text)
    except ValueError:
        raise InputError(field, _("“{text}” is not a whole number").format(text=text)) from None
    if (low is not None and value < low) or (high is not None and value > high):
        raise InputError(field, _("{value} is out of range: must be from {low} to {high}").format(
            value=value, low="…" if low is None else low, high="…" if high is None else high))
    return value


def error_text(exc: InputError) -> str:
    """An engine error in words: its message and, when short, what is allowed."""
    text = error_message(exc.message)
    allowed = [str(a) for a in (exc.allowed or ())]
    if allowed and len(allowed) <= 8:
        text += " (" + _("allowed: {values}").format(values=", ".join(allowed)) + ")"
    return text


class DieInput:
    """A die rolled at the table, typed; or "roll for me" with the app's
    ``random.Random``. ``value()`` is the die or None when left blank."""

    def __init__(self, rng, sides: int, label: str, *, fid: str = "", name: str = "", hint: str = ""):
        self.rng = rng
        self.sides = sides
        self.field = Field(label, "number", fid=fid, name=name, low=1, high=sides, hint=hint)
        self.button = el("button", _("Roll for me"), cls="secondary small",
                         attrs={"type": "button", "aria-controls": self.field.fid})
        self.button.onclick = lambda event: self.roll()
        self.field.node.classList.add("die")
        row = el("div", cls="die-row")
        self.field.node.insertBefore(row, self.field.control)
        row.append(self.field.control, self.button)
        self.node = self.field.node

    def roll(self) -> int:
        value = self.rng.randint(1, self.sides)
        self.field.control.value = str(value)
        self.field.error(None)
        return value

    def value(self, field: str, required: bool = False):
        return self.field.int_value(field, required)

    def error(self, text) -> None:
        self.field.error(text)


def element(node):
    """``node`` when it is an element, else None (JavaScript ``null`` reaches
    Python as ``pyodide.ffi.jsnull``, which is not None)."""
    return node if node is not None and hasattr(node, "getAttribute") else None


def find(root, selector: str):
    """``root.querySelector(selector)`` or None."""
    return element(root.querySelector(selector))


def closest(node, selector: str):
    """``node.closest(selector)`` or None."""
    return element(node.closest(selector)) if hasattr(node, "closest") else None
