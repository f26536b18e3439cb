"""The fight screen: the encounter tracker on a phone, one hand, offline.

Top: the encounter (name, rules, round and whose turn it is), what just
happened (expiries, damage with its breakdown) and what the rules ask the
table now (``fight_asks``). Middle: one card per combatant in initiative
order (``fight_cards``). Bottom: quick add, the log, and a bar by the thumb
with undo, redo and the turn buttons. Sheets (``fight_sheets``,
``fight_setup``) hold the forms.

Every change is a rules-core operation (``mischia.tracker``) committed
through ``app.commit`` (undo history, saving, re-render). Clicks are handled
in one place: buttons carry ``data-act`` (→ ``act_<name>``) and forms
``data-submit`` (→ ``submit_<name>``).
"""

from __future__ import annotations

from pyscript import when

from mischia import tracker
from mischia.errors import InputError
from mischia.ruleset import get_ruleset, ruleset_ids

from ..dom import el
from ..i18n import N_, _, ngettext
from ..labels import error_message, log_text
from ..widgets.fields import closest, error_text, find, parse_int
from ..widgets.sheet import Sheet, _Handler
from . import fight_wakelock
from ..breakdown_view import breakdown
from .fight_asks import AskPanel
from .fight_cards import button, card
from .fight_setup import EncounterSheets, ruleset_label
from .fight_sheets import CombatantSheets

EXPIRY_KEYS = ("{condition} on {name} ends", "{name} saves: {condition} ends")
ROUTINE_KEYS = ("{name}'s turn", "Round {n} begins")     # the status line says these
LOG_SHOWN = 60


class Screen(AskPanel, CombatantSheets, EncounterSheets):
    def __init__(self, app, root):
        self.app = app
        self.root = root
        self.typed_init = {}
        self.show_init = False
        self.form = None
        self.ask_inputs = {}
        self.pending_prompts = None
        self._focus = None
        self._die_cache = {}
        self.title = el("h2", _("Encounter"), attrs={"id": "encounter-title"})
        self.meta = el("span", attrs={"id": "encounter-meta"})
        self.summary = el("span", attrs={"id": "encounter-summary"})
        self.sep = el("span", "", attrs={"aria-hidden": "true"})
        self.status = el("p", cls="turn-status", attrs={"id": "turn-status"})
        head = el("header", cls="fight-head", children=[
            el("div", cls="fight-title", children=[self.title, el("p", cls="muted meta", children=[
                self.meta, self.sep, self.summary])]),
            el("div", cls="head-actions", children=[
                button(_("Encounters"), "encounters", cls="secondary small", extra={"id": "encounters-button"}),
                button(_("Rules"), "options", cls="secondary small", extra={
                    "id": "options-button", "aria-label": _("Rules options")})])])
        self.announce_box = el("div", cls="announce", attrs={"id": "fight-announce", "role": "status",
                                                              "aria-live": "polite"})
        self.announce_box.hidden = True
        self.asks = el("div", cls="asks", attrs={"id": "fight-asks"})
        self.start_box = el("div", cls="start", attrs={"id": "fight-start"})
        self.tools = el("div", cls="tools", attrs={"id": "fight-tools"})
        self.list = el("ol", cls="combatants", attrs={"id": "combatants"})
        self.name_input = el("input", attrs={
            "id": "add-name", "name": "name", "type": "text", "autocomplete": "off", "maxlength": "500",
            "enterkeyhint": "done", "placeholder": _("e.g. Goblin archer"), "aria-describedby": "add-error"})
        self.error = el("p", cls="error", attrs={"id": "add-error", "role": "alert"})
        self.error.hidden = True
        self.add_form = el("form", attrs={"id": "add-form", "novalidate": "", "data-submit": "quick-add"}, children=[
            el("label", _("Add a combatant"), attrs={"for": "add-name"}),
            el("div", cls="row", children=[
                self.name_input, el("button", _("Add"), attrs={"type": "submit", "id": "add-button"})]),
            self.error,
            el("div", cls="row wrap", children=[
                button(_("With details…"), "add-details", cls="secondary small", extra={"id": "add-details"}),
                button(_("From the roster"), "roster-pick", cls="secondary small", extra={"id": "add-roster"})]),
        ])
        self.log_box = el("details", cls="log", attrs={"id": "fight-log"})
        self.bar = el("nav", cls="turnbar", attrs={"id": "turnbar", "aria-label": _("Turn")})
        root.replaceChildren(head, el("div", cls="status-row", children=[self.status, self.tools]),
                             self.announce_box, self.asks, self.start_box, self.list, self.add_form,
                             self.log_box, self.bar)
        self.sheet = Sheet(root, "fight-sheet")
        self.sheet.on_close = self._sheet_closed
        self._opener = None
        self._noticed = False
        root.onclick = self.on_click
        root.addEventListener("input", _Handler(self.on_input))
        when("submit", root)(self.on_submit)
        app.settings_hooks = getattr(app, "settings_hooks", {})
        app.settings_hooks["wakelock"] = lambda: fight_wakelock.update(app)

    # ----- helpers ------------------------------------------------------------------------
    def ruleset(self, enc):
        return get_ruleset(enc.ruleset)

    def ensure_encounter(self):
        """The open encounter, or a new one with the rules chosen on screen."""
        if self.app.encounter is None:
            select = find(self.root, "#start-ruleset")
            name = find(self.root, "#start-name")
            rid = select.value if select is not None and select.value else ruleset_ids()[0]
            self.app.new_encounter(rid, name.value if name is not None else "")
        return self.app.encounter

    def commit(self, new, *, result=None, title: str = "", focus=None) -> bool:
        """Commit ``new``; announce what happened (expiries, a breakdown)."""
        before = self.app.encounter
        if focus is not None:
            self._focus = focus
        problem = self.app.commit(new)
        if problem:
            self.notice(problem)
            return False
        if self._noticed:
            self.notice("")
        self.announce_changes(before, new, result, title)
        return True

    def notice(self, text: str) -> None:
        """A message in the app's notice line (cleared by the next change
        that works, only when this screen put it there)."""
        self._noticed = bool(text)
        self.app.show_notice(text)

    def announce(self, text: str, *extra) -> None:
        self.announce_box.replaceChildren(el("p", text), *extra)
        self.announce_box.hidden = not text

    def announce_changes(self, before, after, result=None, title: str = "") -> None:
        if before is None:
            new_entries = list(after.log)
        else:
            known = len(before.log)
            new_entries = list(after.log[known:]) if len(after.log) > known else (
                [after.log[-1]] if after.log and (not before.log or after.log[-1] is not before.log[-1]) else [])
        new_entries = [e for e in new_entries if e.key not in ROUTINE_KEYS]
        if not new_entries:
            self.announce_box.replaceChildren()
            self.announce_box.hidden = True
            return
        ruleset = self.ruleset(after)
        items = [el("li", log_text(ruleset, e), cls="expiry" if e.key in EXPIRY_KEYS else None)
                 for e in new_entries[-4:]]
        extra = []
        bd = (result or {}).get("breakdown")
        if isinstance(bd, dict) and bd.get("lines"):
            extra.append(el("details", cls="why", children=[el("summary", _("Why")),
                                                              breakdown(ruleset, bd, title)]))
        self.announce_box.replaceChildren(el("ul", children=items), *extra)
        self.announce_box.hidden = False

    def initiative_die(self, enc):
        key = (enc.ruleset, tuple(sorted(enc.options.items())))
        if key not in self._die_cache:
            self._die_cache[key] = tracker.initiative_die(enc)
        return self._die_cache[key]

    def show_init_inputs(self, enc) -> bool:
        return (enc.phase == "setup" or self.show_init) and self.initiative_die(enc) is not None

    def init_input(self, c):
        sides = self.initiative_die(self.app.encounter)
        value = self.typed_init.get(c.id, "" if c.init_roll is None else str(c.init_roll))
        field = el("input", attrs={"id": f"init-{c.id}", "type": "number", "inputmode": "numeric", "min": "1",
                                   "max": str(sides), "data-init-for": c.id, "class": "init-die"})
        field.value = value
        return el("div", cls="init-row", children=[
            el("label", _("Initiative d{sides}").format(sides=sides), attrs={"for": f"init-{c.id}"}), field,
            button(_("Roll"), "roll-one", c.id, cls="secondary small",
                   label=_("Roll initiative for {name}").format(name=c.name))])

    # ----- events ---------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = closest(event.target, "[data-act]")
        if target is None:
            return
        act = str(target.getAttribute("data-act"))
        cid = str(target.getAttribute("data-id") or "")
        method = getattr(self, "act_" + act.replace("-", "_"), None)
        if method is None:
            return
        self._focus = (act, cid)
        was_open = self.sheet.is_open
        try:
            method(cid, target)
        except InputError as exc:
            self.notice(error_text(exc))
        if not was_open and self.sheet.is_open:
            self._opener = (act, cid)

    def _sheet_closed(self) -> None:
        """Back to the button that opened the sheet (it may have been redrawn)."""
        opener, self._opener = self._opener, None
        if opener is None:
            return
        act, cid = opener
        node = find(self.root, f'[data-act="{act}"]' + (f'[data-id="{cid}"]' if cid else ""))
        if node is not None:
            node.focus()

    def on_submit(self, event) -> None:
        event.preventDefault()
        name = event.target.getAttribute("data-submit")
        method = getattr(self, "submit_" + str(name or "").replace("-", "_"), None)
        if method is None:
            return
        try:
            method(event)
        except InputError as exc:
            self.notice(error_text(exc))

    def on_input(self, event) -> None:
        target = event.target
        if hasattr(target, "getAttribute") and target.getAttribute("data-init-for"):
            self.typed_init[str(target.getAttribute("data-init-for"))] = str(target.value)

    # ----- rendering ------------------------------------------------------------------------
    def render(self, **params) -> None:
        enc = self.app.encounter
        fight_wakelock.update(self.app)
        if enc is None:
            self._render_empty()
            return
        ruleset = self.ruleset(enc)
        self.title.textContent = enc.name or _("Encounter")
        self.meta.textContent = ruleset_label(enc.ruleset) + (
            " · " + ngettext("{n} option changed", "{n} options changed", len(enc.options)).format(
                n=len(enc.options)) if enc.options else "")
        n = len(enc.combatants)
        self.summary.textContent = ngettext("{n} combatant", "{n} combatants", n).format(n=n) if n else \
            _("No combatants yet: add the first one below.")
        self.sep.textContent = " · "
        self.status.textContent = self._status_text(enc)
        self.status.hidden = not self.status.textContent
        self.start_box.replaceChildren()
        self.start_box.hidden = True
        self.render_asks(enc, ruleset)
        self._render_tools(enc, ruleset)
        current = enc.current()
        current_id = current.id if current is not None else ""
        ids = list(enc.order) + [c.id for c in enc.combatants if c.id not in enc.order]
        self.list.replaceChildren(*[card(self, enc, ruleset, enc.get(cid), current_id, i)
                                    for i, cid in enumerate(ids)])
        self._render_log(enc, ruleset)
        self._render_bar(enc)
        self._refocus()

    def _status_text(self, enc) -> str:
        current = enc.current()
        if enc.phase == "setup":
            return _("Setting up: add combatants, roll initiative, then start the fight.") if enc.combatants else ""
        if enc.phase == "surprise":
            return _("Surprise round · {name}'s turn").format(name=current.name)
        return _("Round {n} · {name}'s turn").format(n=enc.round, name=current.name)

    def _render_empty(self) -> None:
        self.title.textContent = _("Encounter")
        self.meta.textContent = ""
        self.sep.textContent = ""
        self.summary.textContent = _("No combatants yet: add the first one below.")
        self.status.hidden = True
        self.announce_box.hidden = True
        self.asks.replaceChildren()
        self.asks.hidden = True
        self.tools.replaceChildren()
        self.list.replaceChildren()
        self.log_box.replaceChildren()
        self.log_box.hidden = True
        self.bar.replaceChildren()
        self.bar.hidden = True
        saved = self.app.store.encounters()
        parts = [el("p", _("Choose the rules of a new encounter, or just add a combatant below."), cls="muted"),
                 self.new_encounter_form("start")]
        if saved:
            parts.append(button(ngettext("Open a saved encounter ({n})", "Open a saved encounter ({n})",
                                         len(saved)).format(n=len(saved)), "encounters", cls="secondary"))
        self.start_box.replaceChildren(el("section", cls="card", children=parts))
        self.start_box.hidden = False

    def _render_tools(self, enc, ruleset) -> None:
        items = []
        die = self.initiative_die(enc)
        if enc.combatants and (enc.phase == "setup" or self.show_init):
            label = _("Roll initiative") if die else _("Set the order")
            if enc.ruleset == "d20pl":
                items.append(self._order_mode_field())
            items.append(button(label, "roll-init", cls="primary", extra={"id": "roll-init"}))
            if die and (self.typed_init or any(c.init_roll for c in enc.combatants)):
                items.append(button(_("Clear the dice"), "clear-dice", cls="secondary"))
        if enc.phase == "setup" and enc.ruleset == "dnd5e" and len({c.side for c in enc.combatants}) > 1:
            items.append(button(_("Stealth vs passive Perception"), "stealth-check", cls="secondary small",
                                extra={"id": "stealth-button"}))
        if enc.phase != "setup":
            items.append(button(_("Hide initiative") if self.show_init else _("Initiative…"), "toggle-init",
                                cls="secondary small", extra={"id": "toggle-init"}))
            if getattr(ruleset, "surprise_style", "") == "check" and enc.round <= 1:
                items.append(button(_("Surprise check (d100)"), "surprise-check", cls="secondary small",
                                    extra={"id": "surprise-button"}))
        self.tools.replaceChildren(*items)
        self.tools.hidden = not items

    def _render_log(self, enc, ruleset) -> None:
        entries = list(enc.log)[-LOG_SHOWN:][::-1]
        rows = []
        for e in entries:
            rules = [el("code", r, cls="bd-rule") for r in e.rules]
            rows.append(el("li", children=[el("span", _("R{n}").format(n=e.round), cls="log-round"),
                                           el("span", log_text(ruleset, e), cls="log-text")] + rules))
        was_open = self.log_box.open
        self.log_box.replaceChildren(el("summary", ngettext("Log ({n} entry)", "Log ({n} entries)",
                                                            len(enc.log)).format(n=len(enc.log))),
                                     el("ol", cls="log-list", children=rows))
        self.log_box.open = was_open
        self.log_box.hidden = not enc.log

    def _render_bar(self, enc) -> None:
        history = self.app.history
        undo = button("↶", "undo", cls="secondary icon", label=_("Undo"), extra={"id": "undo"})
        redo = button("↷", "redo", cls="secondary icon", label=_("Redo"), extra={"id": "redo"})
        if not history.can_undo:
            undo.setAttribute("disabled", "")
        if not history.can_redo:
            redo.setAttribute("disabled", "")
        if enc.phase == "setup":
            start = button(_("Start the fight"), "start", cls="primary wide", extra={"id": "start-fight"})
            if not enc.combatants:
                start.setAttribute("disabled", "")
            items = [undo, redo, start]
        else:
            items = [undo, redo, button("◀", "prev", cls="secondary icon", label=_("Previous turn"),
                                        extra={"id": "prev-turn"}),
                     button(_("Next turn"), "next", cls="primary wide", extra={"id": "next-turn"})]
        self.bar.replaceChildren(*items)
        self.bar.hidden = False

    def _refocus(self) -> None:
        focus, self._focus = self._focus, None
        if not focus:
            return
        act, cid = focus
        selector = f'[data-act="{act}"]' + (f'[data-id="{cid}"]' if cid else "")
        node = find(self.root, selector)
        if node is not None and not self.sheet.is_open:
            node.focus()

    def _scroll_to_current(self) -> None:
        node = find(self.list, '[aria-current="step"]')
        if node is not None:
            node.scrollIntoView(False)

    # ----- adding ------------------------------------------------------------------------------
    def show_error(self, text) -> None:
        self.error.textContent = text or ""
        self.error.hidden = not text
        if text:
            self.name_input.setAttribute("aria-invalid", "true")
        else:
            self.name_input.removeAttribute("aria-invalid")

    def submit_quick_add(self, event) -> None:
        enc = self.ensure_encounter()
        try:
            updated = tracker.add_combatant(enc, self.name_input.value)
        except InputError as exc:
            about_name = exc.field.rsplit(".", 1)[-1] == "name"
            self.show_error(_("Name {problem}.").format(problem=error_message(exc.message)) if about_name else error_text(exc))
            return
        if not self.commit(updated):
            return
        self.show_error(None)
        self.name_input.value = ""
        self.name_input.focus()

    def act_add_details(self, cid, node):
        self.open_add_form({"name": self.name_input.value.strip()} if self.name_input.value.strip() else None)

    # ----- initiative and the turn -------------------------------------------------------------
    def act_roll_one(self, cid, node):
        sides = self.initiative_die(self.app.encounter)
        value = str(self.app.rng.randint(1, sides))
        self.typed_init[cid] = value
        field = find(self.root, f"#init-{cid}")
        if field is not None:
            field.value = value
            field.removeAttribute("aria-invalid")

    def act_clear_dice(self, cid, node):
        self.typed_init = {c.id: "" for c in self.app.encounter.combatants}
        self.render()

    def act_toggle_init(self, cid, node):
        self.show_init = not self.show_init
        self.render()

    ORDER_MODES = (("los", N_("The GM's order")), ("duel", N_("Duel: the two alternate")),
                   ("no-gm", N_("No GM: posts in rotation")))

    def _order_mode_field(self):
        """d20pl: how the order is set (d20pl.seq.duel, d20pl.seq.no-gm-rotation)."""
        mode = getattr(self, "order_mode", "los")
        select = el("select", attrs={"id": "order-mode"})
        for code, text in self.ORDER_MODES:
            option = el("option", _(text), attrs={"value": code})
            if code == mode:
                option.setAttribute("selected", "")
            select.append(option)
        return el("div", cls="field order-mode", children=[
            el("label", _("How the order is set"), attrs={"for": "order-mode"}), select])

    def act_roll_init(self, cid, node):
        enc = self.app.encounter
        mode_box = find(self.root, "#order-mode")
        mode = str(mode_box.value) if mode_box is not None else None
        self.order_mode = mode or "los"
        typed, bad = {}, None
        sides = self.initiative_die(enc)
        for c in enc.combatants:
            field = find(self.root, f"#init-{c.id}")
            text = str(field.value) if field is not None else ""
            try:
                value = parse_int(text, f"rolls.{c.id}", 1, sides) if sides else None
            except InputError as exc:
                field.setAttribute("aria-invalid", "true")
                bad = bad or (c, exc)
                continue
            if field is not None:
                field.removeAttribute("aria-invalid")
            if value is not None:
                typed[c.id] = value
        if bad:
            self.notice(_("Initiative of {name}: {problem}").format(name=bad[0].name,
                                                                              problem=error_text(bad[1])))
            return
        try:
            extra = {} if mode in (None, "los") else {
                "mode": mode, "order": list(enc.order) or None, "turn": max(enc.round, 1)}
            if extra.get("order") is None:
                extra.pop("order", None)
            new, _result = tracker.roll_initiative(enc, self.app.rng, typed=typed, **extra)
        except InputError as exc:
            self.notice(error_text(exc))
            return
        self.typed_init = {}
        self.commit(new)

    def act_start(self, cid, node):
        enc = self.app.encounter
        if not self.commit(tracker.start_combat(enc)):
            return
        self._scroll_to_current()
        ruleset = self.ruleset(enc)
        if getattr(ruleset, "surprise_style", "") == "check" and any(not c.aware for c in enc.combatants):
            self.act_surprise_check("", None)

    def act_next(self, cid, node):
        if self.commit(tracker.next_turn(self.app.encounter), focus=("next", "")):
            self._scroll_to_current()

    def act_prev(self, cid, node):
        if self.commit(tracker.previous_turn(self.app.encounter), focus=("prev", "")):
            self._scroll_to_current()

    def act_undo(self, cid, node):
        before = self.app.encounter
        self._focus = ("undo", "")
        self.app.undo()
        if before is not None and before.log and self.app.encounter is not before:
            self.announce(_("Undone: {what}").format(what=log_text(self.ruleset(before), before.log[-1])))

    def act_redo(self, cid, node):
        self._focus = ("redo", "")
        self.app.redo()
        after = self.app.encounter
        if after is not None and after.log:
            self.announce(_("Redone: {what}").format(what=log_text(self.ruleset(after), after.log[-1])))
