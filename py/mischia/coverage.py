"""Rule coverage: which catalogue IDs the engine implements and tests name.

An ID counts as *implemented* when it appears in the rules core's source (a
modifier, reminder, prompt or table row names it) and as *tested* when a test
under ``tests/core`` names it. ``python -m mischia coverage`` prints the table
and a summary; ``missing_auto_tests()`` is what the test suite checks.
"""

from __future__ import annotations

import os
import sys

from .catalogue import SEED_RULESETS, parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _read_tree(folder, suffix=".py") -> str:
    chunks = []
    for base, _dirs, files in os.walk(folder):
        for name in files:
            if name.endswith(suffix):
                with open(os.path.join(base, name), encoding="utf-8") as fh:
                    chunks.append(fh.read())
    return "\n".join(chunks)


def _mentions(text: str, rule_id: str) -> bool:
    for quote in ('"', "'", "`"):
        if f"{quote}{rule_id}{quote}" in text:
            return True
    return False


CATALOGUES = ("RULES.md", "RULES-extra.md")


def entries(catalogue_path=None) -> list:
    """Every catalogue entry: docs/RULES.md and docs/RULES-extra.md."""
    paths = [catalogue_path] if catalogue_path else [
        os.path.join(ROOT, "docs", name) for name in CATALOGUES]
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            out.extend(parse(fh.read()))
    return out


def report(catalogue_path=None) -> list:
    """(entry, implemented, tested) for every catalogue ID."""
    code = _read_tree(HERE)
    tests = _read_tree(os.path.join(ROOT, "tests", "core"))
    return [(e, _mentions(code, e.id), _mentions(tests, e.id)) for e in entries(catalogue_path)]


def missing_auto_tests(catalogue_path=None) -> list:
    """Seed [auto] IDs lacking an implementation or a test."""
    return [e.id for e, impl, tested in report(catalogue_path)
            if e.tag == "auto" and not e.is_ext and not (impl and tested)]


def main(argv=None) -> int:
    rows = report(argv[0] if argv else None)
    width = max(len(e.id) for e, _, _ in rows)
    for e, impl, tested in rows:
        print(f"{e.id:<{width}}  {e.tag:<9}  {'implemented' if impl else '-':<11}  "
              f"{'tested' if tested else '-'}")
    print()
    groups = list(SEED_RULESETS) + ["ext"]
    for group in groups:
        for tag in ("auto", "assist", "narrative"):
            sel = [(impl, tested) for e, impl, tested in rows
                   if (e.is_ext if group == "ext" else (e.ruleset == group and not e.is_ext))
                   and e.tag == tag]
            if sel:
                print(f"{group:<8} {tag:<9} {len(sel):>4} ids  "
                      f"{sum(i for i, _ in sel):>4} implemented  {sum(t for _, t in sel):>4} tested")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
