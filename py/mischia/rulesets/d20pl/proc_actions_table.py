"""The d20pl actions table (*Tabela: Akcje w walce*, seed 003) as data.

One ``ActionDef`` per row: id (the rule ID without ``d20pl.actions.``), the
action type, whether the action itself provokes an attack of opportunity
(``yes``, ``no``, ``maybe``, ``usually-yes``, ``usually-no``, ``varies``; the
table's column, footnote 1) and its footnotes. ``EXTRA_ACTIONS`` are actions
the text rules name outside the table (ammunition, dropping a shield,
full-round casting …). ``SRD_PROVOKES`` holds the two rows where the seed
differs from the SRD 3.5 table (AMB-45, option ``actions_table``).
"""

from __future__ import annotations

from dataclasses import dataclass

TYPES = ("standard", "move", "full-round", "free", "not-an-action", "misc")
PROVOKES = ("yes", "no", "maybe", "usually-yes", "usually-no", "varies")

FN = {n: f"d20pl.actions.fn{n}" for n in range(1, 9)}
FOOTNOTES = {
    FN[1]: "Leaving a threatened area usually provokes, whatever the action; the column says "
           "whether the action itself provokes",
    FN[2]: "Aiding someone whose action provokes makes your aid provoke too",
    FN[3]: "Sundering an object provokes if a creature holds, carries or wears it",
    FN[4]: "With base attack bonus +1 or more, combine drawing a weapon or readying a shield "
           "with a regular move; with Two-Weapon Fighting draw two light or one-handed weapons at once",
    FN[5]: "Charge and withdraw may be a standard action when limited to one action per round",
    FN[6]: "Preparing spell components is free unless the component is very large or awkward",
    FN[7]: "Trip, disarm and grapple replace a melee attack, not an action: once in an attack or "
           "charge, several times in a full attack, even as an attack of opportunity",
    FN[8]: "The effect of using a feat is in the feat's description",
}


@dataclass(frozen=True)
class ActionDef:
    """One action: its type, whether it provokes, its footnotes and rule ID."""

    id: str
    rule: str
    name: str          # English label (message id)
    type: str
    provokes: str
    footnotes: tuple = ()
    text_rules: tuple = ()   # rules of the text (3.11.2, casting) that describe it

    def to_dict(self) -> dict:
        return {"id": self.id, "rule": self.rule, "name": self.name, "type": self.type,
                "provokes": self.provokes, "footnotes": list(self.footnotes),
                "text_rules": list(self.text_rules)}


def _a(key, name, kind, provokes, footnotes=(), text=()):
    return ActionDef(key, f"d20pl.actions.{key}", name, kind, provokes,
                     tuple(FN[n] for n in footnotes), tuple(text))


_ROWS = (
    # Akcja standardowa
    _a("std.attack-unarmed", "Attack (unarmed)", "standard", "yes"),               # Atak (bez broni)
    _a("std.attack-ranged", "Attack (ranged)", "standard", "yes"),                 # Atak (dystansowy)
    _a("std.attack-melee", "Attack (melee)", "standard", "no"),                    # Atak (wręcz)
    _a("std.activate-item", "Activate a magic item other than a potion or oil", "standard", "no"),
    _a("std.draw-hidden-weapon", "Draw a hidden weapon", "standard", "no"),        # yes if untrained
    _a("std.feint", "Feint", "standard", "no"),                                    # Finta
    _a("std.concentrate-spell", "Concentrate to maintain an active spell", "standard", "no",
       text=("d20pl.conc.maintain",)),
    _a("std.overrun", "Overrun", "standard", "no"),                                # Obalanie
    _a("std.total-defence", "Total defence", "standard", "no",                     # Pełna defensywa
       text=("d20pl.action.total-defence",)),
    _a("std.aid-another", "Aid another", "standard", "maybe", (2,)),               # Pomaganie
    _a("std.dismiss-spell", "Dismiss a spell", "standard", "no",                   # Porzucenie czaru
       text=("d20pl.cast.dismiss",)),
    _a("std.ready", "Ready an action", "standard", "no"),
    _a("std.sunder-weapon", "Sunder a weapon", "standard", "yes"),
    _a("std.sunder-object", "Sunder an object", "standard", "maybe", (3,)),
    _a("std.cast-spell", "Cast a spell (1 standard action)", "standard", "yes",
       text=("d20pl.cast.standard", "d20pl.cast.immediate", "d20pl.cast.keep-dex")),
    _a("std.bull-rush", "Bull rush", "standard", "no"),                            # Szarża byka
    _a("std.escape-grapple", "Escape a grapple", "standard", "no"),
    _a("std.stabilise-ally", "Stabilise a dying ally", "standard", "yes",
       text=("d20pl.hp.stabilise.heal",)),
    _a("std.skill-1-action", "Use a skill that takes 1 action", "standard", "usually-yes"),
    _a("std.spell-like", "Use a spell-like ability", "standard", "usually-yes",
       text=("d20pl.sla.casting",)),
    _a("std.racial-ability", "Use a racial ability", "standard", "usually-no",
       text=("d20pl.ability.racial",)),
    _a("std.drink-potion", "Drink a potion or apply an oil", "standard", "yes"),
    # Akcja ruchu
    _a("move.draw-weapon", "Draw a weapon", "move", "no", (4,), ("d20pl.action.draw-sheathe",)),
    _a("move.mount", "Mount or dismount a steed", "move", "yes", text=("d20pl.action.mount",)),
    _a("move.direct-spell", "Direct or redirect an active spell", "move", "no",
       text=("d20pl.action.direct-spell",)),
    _a("move.door", "Open or close a door", "move", "no"),
    _a("move.pick-up", "Pick up an item", "move", "yes"),
    _a("move.stand-up", "Stand up", "move", "yes"),
    _a("move.heavy-object", "Move a heavy object", "move", "yes"),
    _a("move.shield", "Ready or loose a shield", "move", "no", (4,), ("d20pl.action.shield",)),
    _a("move.move", "Move", "move", "yes", (1,), ("d20pl.move.move-action",)),
    _a("move.sheathe", "Sheathe a weapon", "move", "yes", text=("d20pl.action.draw-sheathe",)),
    _a("move.retrieve-stored", "Retrieve a stored item", "move", "yes"),
    _a("move.load-light-crossbow", "Load a hand or light crossbow, or a firearm", "move", "yes"),
    _a("move.control-mount", "Control a frightened mount", "move", "yes"),
    # Akcja całorundowa
    _a("full.full-attack", "Full attack", "full-round", "no", text=("d20pl.action.full-attack",)),
    _a("full.run", "Run", "full-round", "yes", text=("d20pl.move.run",)),
    _a("full.coup-de-grace", "Deliver a coup de grace", "full-round", "yes"),
    _a("full.splash-weapon", "Prepare a splash weapon for throwing", "full-round", "yes"),
    _a("full.charge", "Charge", "full-round", "no", (5,)),
    _a("full.escape-net", "Escape from a net", "full-round", "yes"),
    _a("full.extinguish", "Extinguish flames", "full-round", "no"),
    _a("full.skill-1-round", "Use a skill that takes 1 round", "full-round", "usually-yes"),
    _a("full.withdraw", "Withdraw", "full-round", "no", (5,), ("d20pl.action.withdraw",)),
    _a("full.load-heavy-crossbow", "Load a heavy or repeating crossbow", "full-round", "yes"),
    _a("full.locked-gauntlet", "Lock or release a weapon in a locked gauntlet", "full-round", "yes"),
    _a("full.light-torch", "Light a torch", "full-round", "yes"),
    # Akcja darmowa
    _a("free.speak", "Speak", "free", "no", text=("d20pl.action.speak",)),
    _a("free.cease-concentration", "Cease concentrating on a spell", "free", "no",
       text=("d20pl.action.cease-concentration",)),
    _a("free.drop-prone", "Drop prone", "free", "no", text=("d20pl.action.drop-prone",)),
    _a("free.prepare-components", "Prepare spell components", "free", "no", (6,)),
    _a("free.quickened-spell", "Cast a quickened spell", "free", "no",
       text=("d20pl.cast.free-action-no-aoo",)),
    _a("free.drop-item", "Drop an item", "free", "no", text=("d20pl.action.drop-item",)),
    # Czynność niebędąca akcją
    _a("none.short-step", "Short step", "not-an-action", "no", text=("d20pl.move.short-step",)),
    # Akcje różnorodne
    _a("misc.trip", "Trip an opponent", "misc", "no", (7,)),
    _a("misc.disarm", "Disarm", "misc", "yes", (7,)),
    _a("misc.feat", "Use a feat", "misc", "varies", (8,)),
    _a("misc.grapple", "Grapple", "misc", "yes", (7,)),
)

# Actions the text rules name outside the table.
EXTRA_ACTIONS = (
    ActionDef("free.draw-ammunition", "d20pl.action.ammo", "Draw ammunition", "free", "no"),
    ActionDef("free.drop-shield", "d20pl.action.shield-drop", "Drop a carried shield", "free", "no"),
    ActionDef("full.cast-spell", "d20pl.cast.one-round", "Cast a spell (1 round)", "full-round",
              "yes", text_rules=("d20pl.cast.full-round-other", "d20pl.aoo.casting-no-threat",
                                 "d20pl.cast.long-casting")),
    ActionDef("std.special-ability", "d20pl.action.special-ability", "Use a special ability",
              "standard", "usually-yes"),
)

ACTIONS = {a.id: a for a in _ROWS + EXTRA_ACTIONS}
TABLE_IDS = tuple(a.id for a in _ROWS)

# AMB-45: where the seed differs from the SRD 3.5 table.
SRD_PROVOKES = {"std.bull-rush": "yes", "move.mount": "no"}

# Full-round actions that move (no Short step in that round).
MOVING_FULL_ROUND = ("full.run", "full.charge", "full.withdraw")
# Footnote 5: a standard action when limited to one action.
LIMITED_AS_STANDARD = ("full.charge", "full.withdraw")
# Footnote 4: may be combined with a regular move with BAB ≥ +1.
WITH_MOVE = ("move.draw-weapon", "move.shield")
# Footnote 7: replace a melee attack; need an attack to replace.
ATTACK_ACTIONS = ("std.attack-melee", "std.attack-unarmed", "full.full-attack", "full.charge")
