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

FN = {1: "d20pl.actions.fn1", 2: "d20pl.actions.fn2", 3: "d20pl.actions.fn3",
      4: "d20pl.actions.fn4", 5: "d20pl.actions.fn5", 6: "d20pl.actions.fn6",
      7: "d20pl.actions.fn7", 8: "d20pl.actions.fn8"}
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


def _a(rule, name, kind, provokes, footnotes=(), text=()):
    """A table row; its id is the rule ID without ``d20pl.actions.``."""
    return ActionDef(rule[len("d20pl.actions."):], rule, name, kind, provokes,
                     tuple(FN[n] for n in footnotes), tuple(text))


_ROWS = (
    # Akcja standardowa
    # pl: Atak (bez broni)
    _a("d20pl.actions.std.attack-unarmed",
       "Attack (unarmed)", "standard", "yes"),
    # pl: Atak (dystansowy)
    _a("d20pl.actions.std.attack-ranged",
       "Attack (ranged)", "standard", "yes"),
    # pl: Atak (wręcz)
    _a("d20pl.actions.std.attack-melee",
       "Attack (melee)", "standard", "no"),
    # pl: Aktywowanie magicznego przedmiotu
    _a("d20pl.actions.std.activate-item",
       "Activate a magic item other than a potion or oil", "standard", "no"),
    # pl: Dobycie ukrytej broni (Tak bez Zręcznej dłoni)
    _a("d20pl.actions.std.draw-hidden-weapon",
       "Draw a hidden weapon", "standard", "no"),
    # pl: Finta
    _a("d20pl.actions.std.feint",
       "Feint", "standard", "no"),
    # pl: Koncentracja potrzebna do podtrzymania zaklęcia
    _a("d20pl.actions.std.concentrate-spell",
       "Concentrate to maintain an active spell", "standard", "no", text=("d20pl.conc.maintain",)),
    # pl: Obalanie
    _a("d20pl.actions.std.overrun",
       "Overrun", "standard", "no"),
    # pl: Pełna defensywa
    _a("d20pl.actions.std.total-defence",
       "Total defence", "standard", "no", text=("d20pl.action.total-defence",)),
    # pl: Pomaganie sprzymierzeńcowi
    _a("d20pl.actions.std.aid-another",
       "Aid another", "standard", "maybe", (2,)),
    # pl: Porzucenie czaru
    _a("d20pl.actions.std.dismiss-spell",
       "Dismiss a spell", "standard", "no", text=("d20pl.cast.dismiss",)),
    # pl: Przygotowanie akcji
    _a("d20pl.actions.std.ready",
       "Ready an action", "standard", "no"),
    # pl: Roztrzaskanie broni
    _a("d20pl.actions.std.sunder-weapon",
       "Sunder a weapon", "standard", "yes"),
    # pl: Roztrzaskanie przedmiotu
    _a("d20pl.actions.std.sunder-object",
       "Sunder an object", "standard", "maybe", (3,)),
    # pl: Rzucenie czaru
    _a("d20pl.actions.std.cast-spell",
       "Cast a spell (1 standard action)", "standard", "yes",
       text=("d20pl.cast.standard", "d20pl.cast.immediate", "d20pl.cast.keep-dex",)),
    # pl: Szarża byka
    _a("d20pl.actions.std.bull-rush",
       "Bull rush", "standard", "no"),
    # pl: Ucieczka ze zwarcia
    _a("d20pl.actions.std.escape-grapple",
       "Escape a grapple", "standard", "no"),
    # pl: Ustabilizowanie umierającego sprzymierzeńca
    _a("d20pl.actions.std.stabilise-ally",
       "Stabilise a dying ally", "standard", "yes", text=("d20pl.hp.stabilise.heal",)),
    # pl: Użycie umiejętności (1 akcja)
    _a("d20pl.actions.std.skill-1-action",
       "Use a skill that takes 1 action", "standard", "usually-yes"),
    # pl: Użycie zdolności czaropodobnej
    _a("d20pl.actions.std.spell-like",
       "Use a spell-like ability", "standard", "usually-yes", text=("d20pl.sla.casting",)),
    # pl: Użycie zdolności Rasowej
    _a("d20pl.actions.std.racial-ability",
       "Use a racial ability", "standard", "usually-no", text=("d20pl.ability.racial",)),
    # pl: Wypicie eliksiru
    _a("d20pl.actions.std.drink-potion",
       "Drink a potion or apply an oil", "standard", "yes"),
    # Akcja ruchu
    # pl: Dobycie broni
    _a("d20pl.actions.move.draw-weapon",
       "Draw a weapon", "move", "no", (4,), ("d20pl.action.draw-sheathe",)),
    # pl: Dosiadanie lub zsiadanie z wierzchowca
    _a("d20pl.actions.move.mount",
       "Mount or dismount a steed", "move", "yes", text=("d20pl.action.mount",)),
    # pl: Kierowanie działającym czarem
    _a("d20pl.actions.move.direct-spell",
       "Direct or redirect an active spell", "move", "no", text=("d20pl.action.direct-spell",)),
    # pl: Otwarcie lub zamknięcie drzwi
    _a("d20pl.actions.move.door",
       "Open or close a door", "move", "no"),
    # pl: Podniesienie przedmiotu
    _a("d20pl.actions.move.pick-up",
       "Pick up an item", "move", "yes"),
    # pl: Podniesienie się z ziemi
    _a("d20pl.actions.move.stand-up",
       "Stand up", "move", "yes"),
    # pl: Poruszenie ciężkiego przedmiotu
    _a("d20pl.actions.move.heavy-object",
       "Move a heavy object", "move", "yes"),
    # pl: Przygotowanie lub poluzowanie tarczy
    _a("d20pl.actions.move.shield",
       "Ready or loose a shield", "move", "no", (4,), ("d20pl.action.shield",)),
    # pl: Ruch
    _a("d20pl.actions.move.move",
       "Move", "move", "yes", (1,), ("d20pl.move.move-action",)),
    # pl: Schowanie broni do pochwy
    _a("d20pl.actions.move.sheathe",
       "Sheathe a weapon", "move", "yes", text=("d20pl.action.draw-sheathe",)),
    # pl: Wyjęcie schowanego przedmiotu
    _a("d20pl.actions.move.retrieve-stored",
       "Retrieve a stored item", "move", "yes"),
    # pl: Załadowanie ręcznej lekkiej kuszy, broni palnej
    _a("d20pl.actions.move.load-light-crossbow",
       "Load a hand or light crossbow, or a firearm", "move", "yes"),
    # pl: Zapanowanie nad przestraszonym wierzchowcem
    _a("d20pl.actions.move.control-mount",
       "Control a frightened mount", "move", "yes"),
    # Akcja całorundowa
    # pl: Akcja całkowitego ataku
    _a("d20pl.actions.full.full-attack",
       "Full attack", "full-round", "no", text=("d20pl.action.full-attack",)),
    # pl: Bieg
    _a("d20pl.actions.full.run",
       "Run", "full-round", "yes", text=("d20pl.move.run",)),
    # pl: Dokonanie coup de grace
    _a("d20pl.actions.full.coup-de-grace",
       "Deliver a coup de grace", "full-round", "yes"),
    # pl: Przygotowanie broni spryskującej
    _a("d20pl.actions.full.splash-weapon",
       "Prepare a splash weapon for throwing", "full-round", "yes"),
    # pl: Szarża
    _a("d20pl.actions.full.charge",
       "Charge", "full-round", "no", (5,)),
    # pl: Ucieczka z sieci
    _a("d20pl.actions.full.escape-net",
       "Escape from a net", "full-round", "yes"),
    # pl: Ugaszenie płomieni
    _a("d20pl.actions.full.extinguish",
       "Extinguish flames", "full-round", "no"),
    # pl: Użycie umiejętności (1 runda)
    _a("d20pl.actions.full.skill-1-round",
       "Use a skill that takes 1 round", "full-round", "usually-yes"),
    # pl: Wycofanie się
    _a("d20pl.actions.full.withdraw",
       "Withdraw", "full-round", "no", (5,), ("d20pl.action.withdraw",)),
    # pl: Załadowanie ciężkiej kuszy
    _a("d20pl.actions.full.load-heavy-crossbow",
       "Load a heavy or repeating crossbow", "full-round", "yes"),
    # pl: Rękawica z zatrzaskami
    _a("d20pl.actions.full.locked-gauntlet",
       "Lock or release a weapon in a locked gauntlet", "full-round", "yes"),
    # pl: Zapalenie pochodni
    _a("d20pl.actions.full.light-torch",
       "Light a torch", "full-round", "yes"),
    # Akcja darmowa
    # pl: Mówienie
    _a("d20pl.actions.free.speak",
       "Speak", "free", "no", text=("d20pl.action.speak",)),
    # pl: Przerwanie koncentracji na czarze
    _a("d20pl.actions.free.cease-concentration",
       "Cease concentrating on a spell", "free", "no", text=("d20pl.action.cease-concentration",)),
    # pl: Przewrócenie się na ziemię
    _a("d20pl.actions.free.drop-prone",
       "Drop prone", "free", "no", text=("d20pl.action.drop-prone",)),
    # pl: Przygotowanie komponentów
    _a("d20pl.actions.free.prepare-components",
       "Prepare spell components", "free", "no", (6,)),
    # pl: Rzucenie przyspieszonego czaru
    _a("d20pl.actions.free.quickened-spell",
       "Cast a quickened spell", "free", "no", text=("d20pl.cast.free-action-no-aoo",)),
    # pl: Upuszczenie przedmiotu
    _a("d20pl.actions.free.drop-item",
       "Drop an item", "free", "no", text=("d20pl.action.drop-item",)),
    # Czynność niebędąca akcją
    # pl: Krótki krok
    _a("d20pl.actions.none.short-step",
       "Short step", "not-an-action", "no", text=("d20pl.move.short-step",)),
    # Akcje różnorodne
    # pl: Przewrócenie przeciwnika
    _a("d20pl.actions.misc.trip",
       "Trip an opponent", "misc", "no", (7,)),
    # pl: Rozbrojenie
    _a("d20pl.actions.misc.disarm",
       "Disarm", "misc", "yes", (7,)),
    # pl: Użycie atutu
    _a("d20pl.actions.misc.feat",
       "Use a feat", "misc", "varies", (8,)),
    # pl: Zwarcie
    _a("d20pl.actions.misc.grapple",
       "Grapple", "misc", "yes", (7,)),
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
