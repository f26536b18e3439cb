"""The resolve screen: rules answered at the table, with every number explained.

Four panels share one context — the current encounter's combatants, or a
quick resolve with no encounter (a roster character or typed numbers
against a typed target, the last inputs remembered in ``mischia.quick``):

* Attack (``resolve_attack``): the attack form, dice typed or rolled, the
  verdict above its breakdowns, one tap to apply the damage;
* Casting (``resolve_cast``): the concentration check per ruleset and
  whether casting provokes;
* Turn (``resolve_turn``): remaining movement, the action checklist of the
  turn, actions that provoke and who gets an attack of opportunity;
* Close combat (``resolve_grapple``, classic only).

``app.navigate("resolve", attacker=ID)`` opens the attack panel with that
attacker (``target=ID`` and ``panel=…`` too). Handlers stay thin: they read
the values, build the payload with ``mischia.forms``/``forms_turn`` and show
what the engine answers.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import document

from mischia.ruleset import get_ruleset, ruleset_ids

from ..dom import el
from ..i18n import N_, _
from .resolve_common import load_quick, save_quick

PANELS = (("attack", N_("Attack")), ("cast", N_("Casting")), ("turn", N_("Turn")),
          ("grapple", N_("Close combat")))
RULESET_NAMES = {"classic": N_("Classic (AD&D house rules)"), "d20pl": N_("d20 3.5 (Polish forum variant)"),
                 "dnd5e": N_("D&D 5e"), "pf1": N_("Pathfinder 1e")}


class Context:
    """What a panel reads: mode, ruleset, encounter, its values and roster."""

    def __init__(self, screen, mode, ruleset, values):
        self.screen = screen
        self.app = screen.app
        self.mode = mode
        self.ruleset = ruleset
        self.values = values
        self.enc = screen.app.encounter if mode == "encounter" else None
        self.options = dict(self.enc.options) if self.enc is not None else {}
        self.roster = [(i, e) for i, e in enumerate(_roster(screen.app))
                       if isinstance(e, dict) and e.get("ruleset") == ruleset.id]

    @property
    def quick(self) -> bool:
        return self.mode == "quick"

    def remember(self) -> None:
        """Keep the quick inputs for next time."""
        if self.quick:
            save_quick(self.app.store.storage, self.screen.quick)

    def refresh(self) -> None:
        self.screen.draw()

    def go(self, panel: str, **values) -> None:
        self.values.update(values)
        self.screen.panel = panel
        self.screen.draw()


def _focused_id() -> str:
    node = document.activeElement
    fid = getattr(node, "id", "") if node is not None else ""
    return fid if isinstance(fid, str) else ""


def _roster(app) -> list:
    try:
        return list(app.store.roster())
    except Exception:  # noqa: BLE001 - an unreadable roster is reported by the store
        return []


class Screen:
    def __init__(self, app, root):
        self.app = app
        self.root = root
        self.quick = load_quick(app.store.storage)
        self.enc_values = {}       # encounter id → values (kept while the app runs)
        self.panel = "attack"
        self._panels = {}
        # quick inputs are remembered as soon as a field is left, not only on "Resolve"
        root.addEventListener("change", create_proxy(lambda event: self._remember()))

    def _remember(self) -> None:
        if self.mode() == "quick":
            save_quick(self.app.store.storage, self.quick)

    # ----- state ------------------------------------------------------------
    def _has_encounter(self) -> bool:
        enc = self.app.encounter
        return enc is not None and bool(enc.combatants)

    def mode(self) -> str:
        if not self._has_encounter():
            return "quick"
        return "quick" if self.quick.get("mode") == "quick" else "encounter"

    def ruleset_id(self, mode) -> str:
        ids = [r for r in ruleset_ids() if r in RULESET_NAMES]
        if mode == "encounter":
            return self.app.encounter.ruleset
        chosen = self.quick.get("ruleset")
        if chosen in ids:
            return chosen
        enc = self.app.encounter
        return enc.ruleset if enc is not None and enc.ruleset in ids else ids[0]

    def values(self, mode, rid) -> dict:
        if mode == "quick":
            by = self.quick["by_ruleset"]
            if not isinstance(by.get(rid), dict):
                by[rid] = {}
            return by[rid]
        return self.enc_values.setdefault(self.app.encounter_id, {})

    # ----- rendering --------------------------------------------------------
    def render(self, **params) -> None:
        if params:
            self._apply(params)
        self.draw()

    def _apply(self, params) -> None:
        """Navigation parameters (attacker, target, panel) are used once."""
        if self._has_encounter() and ("attacker" in params or "target" in params):
            self.quick["mode"] = "encounter"
            values = self.values("encounter", self.app.encounter.ruleset)
            if params.get("attacker"):
                values["actor"] = params["attacker"]
            if params.get("target"):
                values["target"] = params["target"]
        panel = params.get("panel") or ("attack" if "attacker" in params else None)
        if panel in dict(PANELS):
            self.panel = panel
        self.app.params = {}

    def draw(self) -> None:
        mode = self.mode()
        ruleset = get_ruleset(self.ruleset_id(mode))
        ctx = Context(self, mode, ruleset, self.values(mode, ruleset.id))
        if self.panel == "grapple" and ruleset.id != "classic":
            self.panel = "attack"
        head = [el("h2", _("Resolve"), attrs={"id": "resolve-title"}), self._context_bar(ctx)]
        tabs = el("div", cls="seg panels", attrs={"role": "group", "aria-label": _("What to resolve")})
        for name, label in PANELS:
            if name == "grapple" and ruleset.id != "classic":
                continue
            b = el("button", _(label), attrs={"type": "button", "id": f"resolve-panel-{name}",
                                               "aria-pressed": "true" if name == self.panel else "false"})
            b.onclick = lambda event, n=name: self._switch(n)
            tabs.append(b)
        body = el("div", cls="resolve-body", attrs={"id": f"resolve-{self.panel}"})
        body.append(self._panel(self.panel).render(ctx))
        focused = _focused_id()
        self.root.replaceChildren(*head, tabs, body)
        if focused:   # a redraw keeps the keyboard where it was
            node = document.getElementById(focused)
            if node is not None and hasattr(node, "focus"):
                node.focus()

    def _panel(self, name):
        if name not in self._panels:
            if name == "attack":
                from .resolve_attack import AttackPanel as cls
            elif name == "cast":
                from .resolve_cast import CastPanel as cls
            elif name == "turn":
                from .resolve_turn import TurnPanel as cls
            else:
                from .resolve_grapple import GrapplePanel as cls
            self._panels[name] = cls()
        return self._panels[name]

    def _context_bar(self, ctx):
        bar = el("div", cls="resolve-context")
        if self._has_encounter():
            seg = el("div", cls="seg", attrs={"role": "group", "aria-label": _("Resolve for")})
            for mode, label in (("encounter", _("This encounter")), ("quick", _("Quick, no encounter"))):
                b = el("button", label, attrs={"type": "button", "id": f"resolve-mode-{mode}",
                                               "aria-pressed": "true" if ctx.mode == mode else "false"})
                b.onclick = lambda event, m=mode: self._set_mode(m)
                seg.append(b)
            bar.append(seg)
        if ctx.quick:
            select = el("select", attrs={"id": "resolve-ruleset", "name": "ruleset"})
            for rid in ruleset_ids():
                if rid not in RULESET_NAMES:
                    continue
                option = el("option", _(RULESET_NAMES[rid]), attrs={"value": rid})
                if rid == ctx.ruleset.id:
                    option.setAttribute("selected", "")
                select.append(option)
            select.onchange = lambda event: self._set_ruleset(select.value)
            bar.append(el("div", cls="field", children=[
                el("label", _("Rules"), attrs={"for": "resolve-ruleset"}), select]))
        else:
            bar.append(el("p", _("Rules: {ruleset}").format(ruleset=_(RULESET_NAMES.get(
                ctx.ruleset.id, ctx.ruleset.name))), cls="muted"))
        return bar

    def _switch(self, name) -> None:
        self.panel = name
        self.draw()

    def _set_mode(self, mode) -> None:
        self.quick["mode"] = mode
        save_quick(self.app.store.storage, self.quick)
        self.draw()

    def _set_ruleset(self, rid) -> None:
        self.quick["ruleset"] = rid
        save_quick(self.app.store.storage, self.quick)
        self.draw()
