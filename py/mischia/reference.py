"""Reference text of every rule ID, for the breakdown line a player taps.

The text lives in ``mischia/data/rules.<lang>.json`` (``en`` from
docs/RULES.md and docs/RULES-extra.md; translations beside it), loaded
lazily and cached: the app only reads it when someone asks. ``text(rule_id,
lang)`` falls back to English when a translation is missing.
"""

from __future__ import annotations

import json
import os

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
_CACHE: dict = {}


def table(lang: str = "en") -> dict:
    """rule ID → {"tag", "text", "section"} for ``lang`` ({} when not shipped)."""
    if lang not in _CACHE:
        path = os.path.join(DATA, f"rules.{lang}.json")
        try:
            with open(path, encoding="utf-8") as fh:
                _CACHE[lang] = json.load(fh)
        except (OSError, ValueError):  # not shipped, or unreadable: English is used
            _CACHE[lang] = {}
    return _CACHE[lang]


def entry(rule_id: str, lang: str = "en"):
    """The entry for ``rule_id`` in ``lang`` when it has text, else the
    English one, else None."""
    found = table(lang).get(rule_id) if lang != "en" else None
    if isinstance(found, dict) and str(found.get("text") or "").strip():
        return found
    return table("en").get(rule_id)


def text(rule_id: str, lang: str = "en") -> str:
    found = entry(rule_id, lang)
    return found["text"] if found else ""


def build_english(entries) -> dict:
    """The English table from catalogue entries (used to write the JSON)."""
    return {e.id: {"tag": e.tag, "text": e.text, "section": e.section} for e in entries}


def main() -> int:
    """Regenerate mischia/data/rules.en.json from the catalogue files."""
    from .coverage import entries
    os.makedirs(DATA, exist_ok=True)
    with open(os.path.join(DATA, "rules.en.json"), "w", encoding="utf-8") as fh:
        json.dump(build_english(entries()), fh, ensure_ascii=False, indent=0, sort_keys=True)
        fh.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
