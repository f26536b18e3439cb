"""Mischia's translations: extract, update, compile and check (stdlib only).

    python3 scripts/i18n.py extract   # write locale/mischia.pot from the code
    python3 scripts/i18n.py update    # extract, then merge into every locale/<lang>/LC_MESSAGES/mischia.po
    python3 scripts/i18n.py compile   # .po -> py/mischia_ui/locale/<lang>/LC_MESSAGES/mischia.mo
    python3 scripts/i18n.py check     # every message translated in it/pl/en, same placeholders
    python3 scripts/i18n.py todo LANG # the messages LANG still lacks, as a .po fragment

Where the messages come from:

* the UI (``py/mischia_ui/**.py``): every ``_()``, ``N_()``, ``ngettext()``,
  ``pgettext()`` and ``npgettext()`` with literal arguments, plus the
  string values of the label tables listed in ``UI_TABLES``;
* the rules core, read the way the UI reads it: ruleset names; condition,
  situation, stage and choice names, stat labels (each through
  ``mischia_ui.labels`` with a recording catalogue, so the message ids are
  exactly the ones the UI asks for, with the ruleset as context where the
  labels use one); reminder texts and option texts;
* literal texts in the core's source: log message keys passed to
  ``log(...)`` in ``tracker.py``, and every ``Prompt(...)``/``Reminder(...)``
  text.

English is the source language: ``update`` fills an empty English
translation with the message id itself (a translator may still override it).
Compilation is deterministic (sorted, no hash table), so the committed
``.mo`` files only change when a ``.po`` does; ``make build``/``make site``
run ``compile`` and a test checks they are up to date.
"""

from __future__ import annotations

import argparse
import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"
LOCALE = ROOT / "locale"
POT = LOCALE / "mischia.pot"
MO_DIR = PY / "mischia_ui" / "locale"
DOMAIN = "mischia"
LANGS = ("en", "it", "pl")

PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
LANGUAGE_NAMES = {"en": "English", "it": "Italian", "pl": "Polish"}

# Module-level ALL_CAPS dicts in the UI are label tables: each string value
# that reads as words (not an id or a module path) is an English message id;
# a tuple value contributes its first such string (("Hit", "hit"),
# ("mischia_ui.screens.fight", "Fight")). These tables are not messages:
NOT_UI_TABLES = {"LANGUAGES", "DEFAULT_SETTINGS"}
ID_LIKE = re.compile(r"^[a-z0-9_.\-*:/#]*$|^[A-Z0-9_]+$")
KEY_LIKE = re.compile(r"^\S*[._/]\S*$")
UI_FUNCS = {"_": "s", "N_": "s", "gettext": "s", "ngettext": "p", "pgettext": "cs", "npgettext": "cp"}
PLACEHOLDER = re.compile(r"\{(\w*)(?:[:!][^{}]*)?\}")


# ----- messages and .po files ------------------------------------------------------

@dataclass
class Message:
    msgid: str
    plural: str = ""
    context: str = ""
    strs: list = field(default_factory=list)      # msgstr, or msgstr[0..n-1]
    refs: list = field(default_factory=list)      # "#:" locations
    notes: list = field(default_factory=list)     # "#." notes for translators
    comments: list = field(default_factory=list)  # "# " translator comments
    flags: list = field(default_factory=list)     # "#," flags (fuzzy …)
    obsolete: bool = False

    @property
    def key(self) -> tuple:
        return (self.context, self.msgid)

    def translated(self) -> bool:
        return bool(self.strs) and all(self.strs) and "fuzzy" not in self.flags


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted string: {text!r}")
    out, i, body = [], 0, text[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _quote(text: str) -> str:
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"')
                  .replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")) + '"'


def parse_po(text: str) -> list:
    """Messages of a .po file (the header is the message with msgid "")."""
    messages, cur, last = [], None, None

    def flush():
        nonlocal cur
        if cur is not None and (cur.msgid or cur.strs or cur.refs or cur.notes):
            messages.append(cur)
        cur = None

    def start():
        nonlocal cur
        if cur is None or last in ("str",):
            flush()
            cur = Message("")
        return cur

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            flush()
            last = None
            continue
        try:
            if line.startswith("#"):
                if last == "str":
                    flush()
                msg = cur if cur is not None else start()
                last = "comment"
                if line.startswith("#:"):
                    msg.refs.extend(line[2:].split())
                elif line.startswith("#."):
                    msg.notes.append(line[2:].strip())
                elif line.startswith("#,"):
                    msg.flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
                elif line.startswith("#|"):
                    pass
                else:
                    msg.comments.append(line[1:].strip())
                continue
            if line.startswith("msgctxt "):
                msg = start()
                msg.context, last = _unquote(line[8:]), "ctxt"
            elif line.startswith("msgid_plural "):
                cur.plural, last = _unquote(line[13:]), "plural"
            elif line.startswith("msgid "):
                msg = cur if (cur is not None and last in ("ctxt", "comment")) else start()
                msg.msgid, last = _unquote(line[6:]), "id"
                msg.obsolete = obsolete
            elif line.startswith("msgstr["):
                index = int(line[7:line.index("]")])
                while len(cur.strs) <= index:
                    cur.strs.append("")
                cur.strs[index] = _unquote(line[line.index("]") + 1:])
                last, cur.last_index = "str", index
            elif line.startswith("msgstr "):
                cur.strs, last = [_unquote(line[7:])], "str"
                cur.last_index = 0
            elif line.startswith('"'):
                piece = _unquote(line)
                if last == "ctxt":
                    cur.context += piece
                elif last == "id":
                    cur.msgid += piece
                elif last == "plural":
                    cur.plural += piece
                elif last == "str":
                    cur.strs[cur.last_index] += piece
                else:
                    raise ValueError("continuation line without a keyword")
            else:
                raise ValueError(f"cannot read {line!r}")
        except (ValueError, AttributeError) as exc:
            raise ValueError(f"line {lineno}: {exc}") from None
    flush()
    return messages


def write_po(messages, header: str) -> str:
    """A .po text: the header first, then each message (obsolete ones last)."""
    out = ['msgid ""', 'msgstr ""']
    out += [_quote(line + "\n") for line in header.rstrip("\n").split("\n")]
    for msg in sorted(messages, key=lambda m: m.obsolete):
        out.append("")
        prefix = "#~ " if msg.obsolete else ""
        out += [f"# {c}".rstrip() for c in msg.comments]
        if not msg.obsolete:
            out += [f"#. {n}" for n in msg.notes]
            if msg.refs:
                out.append("#: " + " ".join(msg.refs))
        if msg.flags:
            out.append("#, " + ", ".join(msg.flags))
        if msg.context:
            out.append(prefix + "msgctxt " + _quote(msg.context))
        out.append(prefix + "msgid " + _quote(msg.msgid))
        if msg.plural:
            out.append(prefix + "msgid_plural " + _quote(msg.plural))
            for i, s in enumerate(msg.strs or ["", ""]):
                out.append(prefix + f"msgstr[{i}] " + _quote(s))
        else:
            out.append(prefix + "msgstr " + _quote(msg.strs[0] if msg.strs else ""))
    return "\n".join(out) + "\n"


def header_text(lang: str | None) -> str:
    lines = [
        "Project-Id-Version: Mischia",
        "Report-Msgid-Bugs-To: ",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
    ]
    if lang:
        lines.insert(2, f"Language: {lang}")
        lines.insert(3, f"Language-Team: {LANGUAGE_NAMES[lang]}")
        lines.append(f"Plural-Forms: {PLURAL_FORMS[lang]}")
    else:
        lines.append("Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;")
    return "\n".join(lines)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return MO_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def read_po(path: Path) -> list:
    return parse_po(path.read_text(encoding="utf-8")) if path.exists() else []


def nplurals(lang: str) -> int:
    return int(re.search(r"nplurals\s*=\s*(\d+)", PLURAL_FORMS[lang]).group(1))


# ----- extraction ------------------------------------------------------------------

class Catalog:
    """Messages in first-seen order, merged by (context, msgid)."""

    def __init__(self):
        self.messages: dict = {}
        self.problems: list = []

    def add(self, msgid, plural="", context="", ref="", note=""):
        if not isinstance(msgid, str) or not msgid.strip():
            return
        key = (context, msgid)
        msg = self.messages.get(key)
        if msg is None:
            msg = self.messages[key] = Message(msgid, plural, context)
        elif plural and msg.plural and plural != msg.plural:
            self.problems.append(f"{ref}: {msgid!r} has two plural forms: {msg.plural!r} / {plural!r}")
        msg.plural = msg.plural or plural
        if ref and ref not in msg.refs and len(msg.refs) < 6:
            msg.refs.append(ref)
        if note and note not in msg.notes and len(msg.notes) < 3:
            msg.notes.append(note)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _literal(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _call_name(node) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def extract_ui(catalog: Catalog) -> None:
    """``_()`` and friends in the UI package, and its label tables."""
    for path in sorted((PY / "mischia_ui").rglob("*.py")):
        rel = _rel(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in UI_FUNCS:
                kind = UI_FUNCS[_call_name(node)]
                args = [_literal(a) for a in node.args]
                ref = f"{rel}:{node.lineno}"
                if kind == "s" and args and args[0]:
                    catalog.add(args[0], ref=ref, note=_placeholder_note(args[0]))
                elif kind == "p" and len(args) >= 2 and args[0] and args[1]:
                    catalog.add(args[0], args[1], ref=ref, note=_placeholder_note(args[0] + args[1]))
                elif kind == "cs" and len(args) >= 2 and args[0] and args[1]:
                    catalog.add(args[1], context=args[0], ref=ref)
                elif kind == "cp" and len(args) >= 3 and all(args[:3]):
                    catalog.add(args[1], args[2], context=args[0], ref=ref)
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, ast.AnnAssign) else [])
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if not names or not names[0].isupper() or names[0] in NOT_UI_TABLES:
                continue
            if isinstance(node.value, ast.Dict):
                for value in node.value.values:
                    if isinstance(value, ast.Tuple):
                        texts = [t for t in map(_literal, value.elts) if t and is_words(t)]
                    else:  # a plain string value: any word, even "denied", but no key or path
                        texts = [t for t in [_literal(value)] if t and t.strip() and not KEY_LIKE.match(t)]
                    if texts:
                        catalog.add(texts[0], ref=f"{rel}:{value.lineno}")


def is_words(text: str) -> bool:
    """Text people read, not an id, a key or a module path."""
    return bool(text.strip()) and not ID_LIKE.match(text)


def extract_core_forms(catalog: Catalog) -> None:
    """Labels of the core's form specs (``mischia/forms*.py``): every
    ``Field(key, kind, label, choices)`` and ``die(key, label, sides)``,
    and every (id, "Label", …) tuple — choices, weapon tags, loads, the
    items of the turn's economy."""
    for path in sorted((PY / "mischia").glob("forms*.py")):
        rel = _rel(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        for node in ast.walk(tree):
            label = None
            if isinstance(node, ast.Call) and _call_name(node) in ("Field", "die"):
                kw = {k.arg: k.value for k in node.keywords}
                index = 2 if _call_name(node) == "Field" else 1
                label = _literal(node.args[index]) if len(node.args) > index else _literal(kw.get("label"))
            elif isinstance(node, ast.Tuple) and len(node.elts) >= 2:
                first, second = _literal(node.elts[0]), _literal(node.elts[1])
                if first is not None and second and ID_LIKE.match(first):
                    label = second                      # (id, "Label", …)
                elif first and second is None and not isinstance(node.elts[1], ast.Constant) and (
                        is_words(first) or re.fullmatch(r"[A-Z]{2,4}", first)):
                    label = first                       # ("Breakdown title", value)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if key is not None and _literal(key) in ("label", "title"):
                        for const in ast.walk(value):   # "A" if … else "B" too
                            text = _literal(const)
                            if text and is_words(text):
                                catalog.add(text, ref=f"{rel}:{const.lineno}", note="form label (rules core)")
            if label and (is_words(label) or re.fullmatch(r"[A-Z]{2,4}", label)):
                catalog.add(label, ref=f"{rel}:{node.lineno}", note="form label (rules core)")


def _placeholder_note(text: str) -> str:
    names = sorted({m.group(1) for m in PLACEHOLDER.finditer(text)})
    return "placeholders: " + ", ".join("{" + n + "}" for n in names) if names else ""


class _Recorder:
    """A stand-in catalogue: records every message the labels ask for."""

    def __init__(self):
        self.calls = []

    def gettext(self, message):
        self.calls.append(("", message, ""))
        return message

    def ngettext(self, singular, plural, n):
        self.calls.append(("", singular, plural))
        return singular if n == 1 else plural

    def pgettext(self, context, message):
        self.calls.append((context, message, ""))
        return message

    def npgettext(self, context, singular, plural, n):
        self.calls.append((context, singular, plural))
        return singular if n == 1 else plural


def extract_engine(catalog: Catalog) -> None:
    """Names and texts of every ruleset, asked the way the UI asks."""
    sys.path.insert(0, str(PY))
    try:
        from mischia.ruleset import get_ruleset, ruleset_ids
        from mischia_ui import i18n, labels
    finally:
        sys.path.remove(str(PY))
    recorder = _Recorder()
    saved = i18n._translations
    i18n._translations = recorder
    try:
        for rid in ruleset_ids():
            ruleset = get_ruleset(rid)
            _record(catalog, recorder, f"ruleset:{rid}", "ruleset name",
                    lambda: i18n._(ruleset.name))
            for cid, definition in ruleset.conditions.items():
                ref = f"{rid}:condition:{cid}"
                _record(catalog, recorder, ref, f"condition ({rid}); rule {definition.rule}",
                        lambda: labels.condition_name(ruleset, cid))
                for stage in definition.stages:
                    if isinstance(stage, str):
                        _record(catalog, recorder, ref, f"stage of the condition {cid}",
                                lambda: (labels.choice_name(stage, cid), labels.choice_name(stage)))
                for reminder in definition.reminders:
                    catalog.add(reminder.text, ref=ref, note=f"reminder; rule {reminder.rule}")
            for sid, definition in ruleset.situations.items():
                ref = f"{rid}:situation:{sid}"
                _record(catalog, recorder, ref, f"situation ({rid}); rule {definition.rule}",
                        lambda: labels.situation_name(ruleset, sid))
                for choice in definition.choices:
                    _record(catalog, recorder, ref, f"choice of the situation {sid}",
                            lambda: (labels.choice_name(choice, sid), labels.choice_name(choice)))
                for reminder in definition.reminders:
                    catalog.add(reminder.text, ref=ref, note=f"reminder; rule {reminder.rule}")
            for oid, option in ruleset.options.items():
                ref = f"{rid}:option:{oid}"
                if hasattr(labels, "option_name"):
                    _record(catalog, recorder, ref, "name of a ruleset option",
                            lambda: labels.option_name(oid))
                if option.text:
                    catalog.add(option.text, ref=ref, note=f"ruleset option; rule {option.rule}")
                for choice in option.choices:
                    _record(catalog, recorder, ref, f"choice of the option {oid}",
                            lambda: labels.choice_name(choice, oid))
            for stat in ruleset.stats:
                _record(catalog, recorder, f"{rid}:stat:{stat}", "combatant statistic",
                        lambda: labels.stat_label(stat))
            for cid, definition in ruleset.conditions.items():
                modifiers = list(definition.modifiers) + [m for ms in definition.stages.values() for m in ms]
                for m in modifiers:
                    if m.target.endswith(("deny", "forbid")) and m.detail:
                        catalog.add(labels.humanize(m.detail), ref=f"{rid}:condition:{cid}",
                                    note=f"what a condition takes away ({m.target})")
            try:
                from mischia import forms_turn
                actions = forms_turn.action_table(rid)
            except (ImportError, AttributeError, KeyError):
                actions = ()
            for aid, name, _kind in actions:
                catalog.add(name, ref=f"{rid}:action:{aid}", note="an action of the turn")
            for hook in ("trait_label", "group_label"):
                fn = getattr(labels, hook, None)
                items = (getattr(ruleset, "traits", ()) if hook == "trait_label"
                         else [g for g, _stats in getattr(ruleset, "form", ())])
                if fn is not None:
                    for item in items:
                        _record(catalog, recorder, f"{rid}:{hook[:-6]}:{item}", hook.replace("_", " "),
                                lambda: fn(item))
        for label, ref in core_line_labels().items():
            _record(catalog, recorder, ref, f"breakdown line {label}",
                    lambda: labels.line_label(None, {"label": label}))
        for ref, ruleset, line, text in example_results():
            if line is not None:
                _record(catalog, recorder, ref, f"breakdown line {line.get('label')}",
                        lambda: labels.line_label(ruleset, {**line, "source": ""}))
            else:
                catalog.add(text, ref=ref, note="prompt or reminder (from an example query)")
    finally:
        i18n._translations = saved


def example_results():
    """Run every documented example query (``docs/examples/QUERY.json``, a
    fixed seed) and yield (ref, ruleset, line, None) for each breakdown line
    and (ref, None, None, text) for each prompt or reminder text: labels
    and texts the core builds at run time (``f"save.{kind}"``) too."""
    import json
    import random
    from mischia import queries
    from mischia.ruleset import get_ruleset
    for path in sorted((ROOT / "docs" / "examples").glob("*.json")):
        payload = json.loads(path.read_text(encoding="utf-8"))
        try:
            result = queries.run(path.stem, payload, random.Random(1))
            ruleset = get_ruleset(payload.get("ruleset"))
        except Exception:  # noqa: BLE001 - a broken example is the core tests' business
            continue
        ref = _rel(path)
        stack = [result]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                if isinstance(node.get("lines"), list):
                    for line in node["lines"]:
                        if isinstance(line, dict) and isinstance(line.get("label"), str):
                            yield ref, ruleset, line, None
                for key in ("prompts", "reminders"):
                    for item in node.get(key) or ():
                        if isinstance(item, dict) and isinstance(item.get("text"), str):
                            yield ref, None, None, item["text"]
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)


def core_line_labels() -> dict:
    """Literal labels of breakdown lines in the core: ``Line("label", …)``
    and ``label=`` of ``Line``/``Modifier`` → where."""
    found = {}
    for path in sorted((PY / "mischia").rglob("*.py")):
        rel = _rel(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), rel)):
            if not isinstance(node, ast.Call) or _call_name(node) not in ("Line", "Modifier"):
                continue
            kw = {k.arg: k.value for k in node.keywords}
            label = _literal(kw.get("label"))
            if label is None and _call_name(node) == "Line" and node.args:
                label = _literal(node.args[0])
            if label:
                found.setdefault(label, f"{rel}:{node.lineno}")
    return found


def _record(catalog, recorder, ref, note, call) -> None:
    recorder.calls.clear()
    call()
    for context, msgid, plural in recorder.calls:
        catalog.add(msgid, plural, context, ref=ref, note=note)


def _text_wrappers(trees) -> dict:
    """Helpers that pass one of their parameters on as a Prompt/Reminder
    text (``def _srd(text): return Reminder(EXT, text)``): name → index of
    that parameter."""
    wrappers = {}
    for tree in trees:
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            params = [a.arg for a in fn.args.args]
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and _call_name(node) in ("Prompt", "Reminder"):
                    kw = {k.arg: k.value for k in node.keywords}
                    arg = node.args[1] if len(node.args) >= 2 else kw.get("text")
                    if isinstance(arg, ast.Name) and arg.id in params:
                        wrappers[fn.name] = params.index(arg.id)
    return wrappers


def extract_core_source(catalog: Catalog) -> None:
    """Literal log keys (tracker.py) and Prompt/Reminder texts anywhere in the
    core: direct, through a helper that passes its argument on, or assigned
    to ``text`` first (``rule, text = "…", "…"``)."""
    paths = sorted((PY / "mischia").rglob("*.py"))
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), _rel(path)) for path in paths}
    wrappers = _text_wrappers(trees.values())
    for path, tree in trees.items():
        rel = _rel(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
                for target in node.targets:
                    if isinstance(target, ast.Tuple) and len(target.elts) == len(node.value.elts):
                        for t, v in zip(target.elts, node.value.elts):
                            if isinstance(t, ast.Name) and t.id == "text" and _literal(v):
                                catalog.add(_literal(v), ref=f"{rel}:{node.lineno}", note="prompt")
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            text, note = None, ""
            if name in wrappers and name not in ("Prompt", "Reminder"):
                index = wrappers[name]
                kw = {k.arg: k.value for k in node.keywords}
                text = _literal(node.args[index]) if len(node.args) > index else _literal(kw.get("text"))
                if text:
                    catalog.add(text, ref=f"{rel}:{node.lineno}",
                                note="prompt or reminder" + ("; " + _placeholder_note(text)
                                                             if _placeholder_note(text) else ""))
                continue
            if name == "log" and path.name == "tracker.py" and len(node.args) >= 2:
                text = _literal(node.args[1])
                params = sorted(k.arg for k in node.keywords if k.arg)
                note = "log message; parameters: " + ", ".join(params)
            elif name in ("Prompt", "Reminder"):
                kw = {k.arg: k.value for k in node.keywords}
                text = _literal(node.args[1]) if len(node.args) >= 2 else _literal(kw.get("text"))
                rule = _literal(node.args[0]) if node.args else _literal(kw.get("rule"))
                note = f"{name.lower()}" + (f"; rule {rule}" if rule else "")
            if text:
                placeholders = _placeholder_note(text)
                catalog.add(text, ref=f"{rel}:{node.lineno}",
                            note=note + ("; " + placeholders if placeholders else ""))


def extract() -> Catalog:
    catalog = Catalog()
    extract_ui(catalog)
    extract_engine(catalog)
    extract_core_source(catalog)
    extract_core_forms(catalog)
    return catalog


# ----- update, compile, check ----------------------------------------------------------

def write_pot(catalog: Catalog) -> None:
    POT.parent.mkdir(parents=True, exist_ok=True)
    messages = [Message(m.msgid, m.plural, m.context, [], list(m.refs), list(m.notes))
                for m in catalog.messages.values()]
    POT.write_text(write_po(messages, header_text(None)), encoding="utf-8")


def merge(catalog: Catalog, lang: str) -> tuple:
    """The language's messages after a new extraction; (messages, new, dropped)."""
    old = {m.key: m for m in read_po(po_path(lang)) if m.msgid}
    merged, new = [], 0
    n = nplurals(lang)
    for key, template in catalog.messages.items():
        have = old.pop(key, None)
        msg = Message(template.msgid, template.plural, template.context, refs=list(template.refs),
                      notes=list(template.notes))
        if have is not None:
            msg.strs, msg.comments, msg.flags = list(have.strs), list(have.comments), list(have.flags)
            if bool(have.plural) != bool(template.plural):
                msg.strs, msg.flags = [], []
        else:
            new += 1
        width = n if msg.plural else 1
        msg.strs = (msg.strs + [""] * width)[:width]
        if lang == "en" and not any(msg.strs):
            msg.strs = [msg.msgid] if not msg.plural else [msg.msgid, msg.plural]
        merged.append(msg)
    dropped = [m for m in old.values() if any(m.strs)]
    for m in dropped:
        m.obsolete, m.refs, m.notes = True, [], []
    return merged + dropped, new, len(dropped)


def update(catalog: Catalog, prune: bool = False) -> None:
    """Write the template and merge it into every language. Entries whose
    message left the code are kept as obsolete (``#~``), still compiled, so
    translations survive a message that comes back or code committed later;
    ``prune`` drops them."""
    write_pot(catalog)
    for lang in LANGS:
        messages, new, dropped = merge(catalog, lang)
        if prune:
            messages, dropped = [m for m in messages if not m.obsolete], 0
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_po(messages, header_text(lang)), encoding="utf-8")
        todo = sum(1 for m in messages if not m.obsolete and not m.translated())
        print(f"i18n: {_rel(path)}: {len(catalog.messages)} messages, {new} new, "
              f"{todo} untranslated, {dropped} obsolete")


def mo_bytes(messages, header: str) -> bytes:
    """GNU .mo bytes (what msgfmt writes, without the optional hash table)."""
    entries = {b"": header.encode("utf-8")}
    for msg in messages:
        if not msg.msgid or not msg.translated():
            continue  # obsolete ones stay: code committed before or after the .po still finds its words
        if not msg.plural and msg.strs == [msg.msgid]:
            continue  # the same words: gettext gives the message id back anyway
        key = msg.msgid.encode("utf-8")
        if msg.plural:
            key += b"\0" + msg.plural.encode("utf-8")
        if msg.context:
            key = msg.context.encode("utf-8") + b"\x04" + key
        entries[key] = b"\0".join(s.encode("utf-8") for s in msg.strs)
    keys = sorted(entries)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    orig_table, trans_table, blob = [], [], b""
    for key in keys:
        orig_table.append((len(key), data_at + len(blob)))
        blob += key + b"\0"
    for key in keys:
        value = entries[key]
        trans_table.append((len(value), data_at + len(blob)))
        blob += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    for length, offset in orig_table + trans_table:
        out += struct.pack("<2I", length, offset)
    return out + blob


def compiled(lang: str) -> bytes:
    messages = read_po(po_path(lang))
    header = next((m.strs[0] for m in messages if not m.msgid and not m.context and m.strs), "")
    return mo_bytes([m for m in messages if m.msgid], header or header_text(lang) + "\n")


def compile_all(quiet: bool = False) -> list:
    """Write every language's .mo (only when its bytes change); the paths."""
    written = []
    for lang in LANGS:
        if not po_path(lang).exists():
            continue
        data, path = compiled(lang), mo_path(lang)
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            if not quiet:
                print(f"i18n: wrote {_rel(path)}")
        written.append(path)
    return written


def placeholders(text: str) -> list:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


def check(catalog: Catalog | None = None) -> list:
    """Problems: a message missing or untranslated in a language, a
    placeholder that differs from the English message id, a plural with the
    wrong number of forms."""
    catalog = catalog or extract()
    problems = list(catalog.problems)
    for lang in LANGS:
        path = po_path(lang)
        # an obsolete entry still counts: the code may be older than the .po
        # (another change not committed yet), and compile ships it too
        have = {m.key: m for m in read_po(path) if m.msgid}
        n = nplurals(lang)
        for key, template in catalog.messages.items():
            where = f"{lang}: {template.msgid!r}" + (f" (context {template.context!r})" if template.context else "")
            msg = have.get(key)
            if msg is None:
                problems.append(f"{where}: missing from {_rel(path)} (run `python3 scripts/i18n.py update`)")
                continue
            if not msg.translated():
                problems.append(f"{where}: not translated")
                continue
            singular, plural = set(placeholders(template.msgid)), set(placeholders(template.plural))
            if template.plural:
                if msg.plural != template.plural:
                    problems.append(f"{where}: plural id differs")
                if len(msg.strs) != n:
                    problems.append(f"{where}: {len(msg.strs)} plural forms, {lang} has {n}")
                if singular - plural:
                    problems.append(f"{where}: the singular id has placeholders the plural lacks")
            for index, form in enumerate(msg.strs):
                used = set(placeholders(form))
                # the first form serves n == 1 only (it, pl, en): like the English
                # singular it may leave out the count
                ok = (singular <= used <= plural) if template.plural and index == 0 else (
                    used == (plural if template.plural else singular))
                if not ok:
                    problems.append(f"{where}: placeholders {sorted(used)} in {form!r}, expected "
                                    f"{sorted(plural if template.plural and index else singular)}")
    return problems


def todo(lang: str) -> str:
    """The messages ``lang`` lacks, as a .po fragment to fill in."""
    catalog = extract()
    have = {m.key: m for m in read_po(po_path(lang)) if m.msgid and not m.obsolete}
    missing = [Message(t.msgid, t.plural, t.context, [], list(t.refs[:1]), list(t.notes))
               for key, t in catalog.messages.items()
               if key not in have or not have[key].translated()]
    return write_po(missing, header_text(lang))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "todo"))
    parser.add_argument("lang", nargs="?", default="it")
    parser.add_argument("--prune", action="store_true",
                        help="update: drop obsolete entries instead of keeping them")
    args = parser.parse_args(argv)
    if args.command == "compile":
        compile_all()
        return 0
    if args.command == "todo":
        sys.stdout.write(todo(args.lang))
        return 0
    catalog = extract()
    for problem in catalog.problems:
        print("i18n:", problem, file=sys.stderr)
    if args.command == "extract":
        write_pot(catalog)
        print(f"i18n: {_rel(POT)}: {len(catalog.messages)} messages")
    elif args.command == "update":
        update(catalog, prune=args.prune)
    elif args.command == "check":
        problems = check(catalog)
        for problem in problems:
            print("i18n:", problem, file=sys.stderr)
        print(f"i18n: {len(catalog.messages)} messages, {len(problems)} problems")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
