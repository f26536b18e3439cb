"""d20pl procedures: non-attack queries and their data (placeholder, being written)."""

CONDITIONS = {}
SITUATIONS = {}
OPTIONS = {}
STATS = {}
RULE_IDS = {}


class D20plProcedures:
    """query_* methods (initiative, surprise, damage, heal, turn, concentration,
    movement, actions)."""
