"""The rule catalogue (docs/RULES.md): every rule ID with its tag and text.

``parse(text)`` reads the catalogue's bullets and table rows (a line starting
with ``- `` or ``| `` and a dotted ID in backticks, ending with one tag) into
``Entry`` values. Used by the coverage command and to build the reference
text the app shows when a breakdown line is tapped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ID = re.compile(r"^[-|]\s*`((?:classic|pf1|d20pl|dnd5e|ext)\.[A-Za-z0-9.\-]+)`")
_TAG = re.compile(r"\[(auto|assist|narrative)\]")
SEED_RULESETS = ("classic", "pf1", "d20pl", "dnd5e")


@dataclass(frozen=True)
class Entry:
    id: str
    tag: str
    text: str
    section: str

    @property
    def ruleset(self) -> str:
        return self.id.split(".")[1] if self.id.startswith("ext.") else self.id.split(".")[0]

    @property
    def is_ext(self) -> bool:
        return self.id.startswith("ext.")


def parse(text: str) -> list:
    entries = []
    section = ""
    for line in text.splitlines():
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            continue
        m = _ID.match(line)
        if not m:
            continue
        tags = _TAG.findall(line)
        if not tags:
            continue
        body = line[m.end():].strip(" —-|")
        body = _TAG.sub("", body).strip(" |—")
        entries.append(Entry(m.group(1), tags[-1], body, section))
    return entries
