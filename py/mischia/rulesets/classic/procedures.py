"""classic procedures: non-attack queries and their data (placeholder, being written)."""

CONDITIONS = {}
SITUATIONS = {}
OPTIONS = {}
STATS = {}
RULE_IDS = {}


class ClassicProcedures:
    """query_* methods (initiative, surprise, damage, heal, turn, concentration,
    movement, actions)."""
