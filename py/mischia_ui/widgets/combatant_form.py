"""The combatant form: everything the chosen ruleset reads about a creature.

Name, side, initiative modifier, hit points (max/current/temporary), size,
awareness, the ruleset's stats in its own groups (``ruleset.form``: d20
armour/shield/Dex/size/natural/deflection/dodge, classic's descending AC with
its Dex and shield parts, 5e AC …), the traits its rules ask about
(``ruleset.traits``) and notes. In "add" mode also how many identical ones
(named 1…N) and whether they share one initiative roll.

``read()`` gives the fields for ``tracker.add_combatant``/``add_group``/
``edit_combatant`` (or a roster entry) or raises ``InputError`` after
marking the input at fault; ``show_error(exc)`` marks an error the core
raised (its field path names the input). Nothing typed is ever cleared.
"""

from __future__ import annotations

from mischia.encounter import SIDES, SIZES
from mischia.errors import InputError

from ..dom import el
from ..i18n import N_, _
from ..labels import humanize, side_label, stat_label, trait_label
from .fields import Field, closest, error_text, new_id

GROUPS = {
    "defence": N_("Defence"), "offence": N_("Offence"), "abilities": N_("Abilities"),
    "saves": N_("Saving throws"), "movement": N_("Movement"), "senses": N_("Senses"),
    "other": N_("Other"),
}
SIZE_NAMES = {
    "fine": N_("Fine"), "diminutive": N_("Diminutive"), "tiny": N_("Tiny"), "small": N_("Small"),
    "medium": N_("Medium"), "large": N_("Large"), "huge": N_("Huge"), "gargantuan": N_("Gargantuan"),
    "colossal": N_("Colossal"),
}


def size_label(size: str) -> str:
    return _(SIZE_NAMES.get(size, humanize(size)))


class CombatantForm:
    """A <form> for one combatant of ``ruleset``; ``values`` is a combatant
    dict (``Combatant.to_dict()`` or a roster entry) to start from."""

    def __init__(self, ruleset, values=None, *, mode: str = "add", submit_label: str = "",
                 form_id: str = ""):
        v = dict(values or {})
        self.ruleset = ruleset
        self.mode = mode
        self.fields: dict = {}
        hp = v.get("hp") or {}
        f = self.fields
        f["name"] = Field(_("Name"), value=v.get("name", ""), name="name", attrs={"required": "", "maxlength": "200",
                                                                     "enterkeyhint": "next"})
        top = [f["name"].node]
        if mode == "add":
            f["count"] = Field(_("How many"), "number", v.get("count", 1), name="count", low=1, high=50,
                               hint=_("More than one: identical, named 1…N."))
            f["shared"] = Field(_("One initiative roll for the group (where the rules allow it)"), "check",
                                v.get("shared", True), name="shared")
            top += [f["count"].node, f["shared"].node]
        f["side"] = Field(_("Side"), "select", v.get("side", "foes" if mode == "add" else "party"), name="side",
                          options=[(s, side_label(s)) for s in SIDES])
        f["init_mod"] = Field(_("Initiative modifier"), "number", v.get("init_mod", 0) or None, name="init_mod",
                              low=-100, high=100)
        f["hp.max"] = Field(_("Hit points (max)"), "number", hp.get("max"), name="hp.max", low=1, high=100000)
        f["hp.current"] = Field(_("Current hit points"), "number", hp.get("current"), name="hp.current",
                                low=-10000, high=100000,
                                hint=_("Blank: same as the maximum."))
        f["hp.temp"] = Field(_("Temporary hit points"), "number", hp.get("temp") or None, name="hp.temp",
                             low=0, high=100000)
        f["size"] = Field(_("Size"), "select", v.get("size", "medium"), name="size",
                          options=[(s, size_label(s)) for s in SIZES])
        f["aware"] = Field(_("Aware of the foes when the fight starts"), "check", v.get("aware", True), name="aware")
        hp_row = el("div", cls="grid3", children=[f["hp.max"].node, f["hp.current"].node, f["hp.temp"].node])
        basics = top + [el("div", cls="grid2", children=[f["side"].node, f["init_mod"].node]),
                        hp_row, el("div", cls="grid2", children=[f["size"].node]), f["aware"].node]
        groups = []
        stats = v.get("stats") or {}
        for index, (group, names) in enumerate(getattr(ruleset, "form", ()) or ()):
            nodes = []
            for stat in names:
                low, high = ruleset.stats.get(stat, (-100000, 100000))
                f[f"stats.{stat}"] = Field(stat_label(stat), "number", stats.get(stat), name=f"stats.{stat}",
                                           low=low, high=high)
                nodes.append(f[f"stats.{stat}"].node)
            details = el("details", cls="form-group", children=[
                el("summary", _(GROUPS.get(group, humanize(group)))),
                el("div", cls="grid2", children=nodes)])
            if index == 0 and mode != "roster-compact":
                details.setAttribute("open", "")
            groups.append(details)
        traits = set(v.get("traits") or ())
        trait_nodes = []
        for trait in getattr(ruleset, "traits", ()) or ():
            f[f"traits.{trait}"] = Field(trait_label(trait), "check", trait in traits, name=f"traits.{trait}")
            trait_nodes.append(f[f"traits.{trait}"].node)
        self.extra_traits = sorted(t for t in traits if t not in (getattr(ruleset, "traits", ()) or ()))
        if trait_nodes:
            groups.append(el("details", cls="form-group", children=[
                el("summary", _("Traits")), el("fieldset", cls="traits", children=[
                    el("legend", _("Traits the rules ask about"), cls="sr-only")] + trait_nodes)]))
        f["notes"] = Field(_("Notes"), "textarea", v.get("notes", ""), name="notes", attrs={"maxlength": "2000"})
        self.error_el = el("p", cls="error", attrs={"role": "alert", "id": new_id("form-error")})
        self.error_el.hidden = True
        self.submit = el("button", submit_label or _("Save"), attrs={"type": "submit"})
        self.node = el("form", cls="combatant-form", attrs={"novalidate": "", "id": form_id or new_id("cform")},
                       children=basics + groups + [f["notes"].node, self.error_el,
                                                   el("div", cls="actions", children=[self.submit])])

    # ----- reading ----------------------------------------------------------------
    def read(self) -> dict:
        """The fields for the tracker; raises InputError (after marking the
        input) on a value that is not a number or out of its range."""
        self.clear_errors()
        f = self.fields
        out = {"name": f["name"].text, "side": f["side"].text, "size": f["size"].text,
               "aware": f["aware"].checked, "notes": f["notes"].text}
        try:
            out["init_mod"] = f["init_mod"].int_value("init_mod") or 0
            hp_max = f["hp.max"].int_value("hp.max")
            hp_current = f["hp.current"].int_value("hp.current")
            hp_temp = f["hp.temp"].int_value("hp.temp") or 0
            if hp_max is not None:
                out["hp"] = {"max": hp_max, "current": hp_max if hp_current is None else hp_current,
                             "temp": hp_temp}
            elif hp_current is not None:
                raise InputError("hp.max", _("type the maximum hit points too"))
            else:
                out["hp"] = None
            stats = {}
            for key, field in f.items():
                if key.startswith("stats."):
                    value = field.int_value(key)
                    if value is not None:
                        stats[key[6:]] = value
            out["stats"] = stats
            if self.mode == "add":
                out["count"] = f["count"].int_value("count") or 1
                out["shared"] = f["shared"].checked
        except InputError as exc:
            self.show_error(exc)
            raise
        out["traits"] = sorted([k[7:] for k, field in f.items() if k.startswith("traits.") and field.checked]
                               + self.extra_traits)
        return out

    # ----- messages -----------------------------------------------------------------
    def clear_errors(self) -> None:
        for field in self.fields.values():
            field.error(None)
        self.error_el.hidden = True

    def show_error(self, exc: InputError) -> None:
        """Mark the input the error names (``combatant.stats.dex`` → the Dex
        field), or show it under the form."""
        path = exc.field
        for prefix in ("combatant.", "entry."):
            if path.startswith(prefix):
                path = path[len(prefix):]
        field = self.fields.get(path) or self.fields.get(path.split(".")[0])
        if field is not None:
            field.error(error_text(exc))
            if hasattr(field.control, "focus"):
                field.control.focus()
            details = closest(field.node, "details")
            if details is not None:
                details.setAttribute("open", "")
            return
        self.error_el.textContent = f"{path}: {error_text(exc)}" if path else error_text(exc)
        self.error_el.hidden = False
