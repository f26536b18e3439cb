"""classic combat rules: data and attack-pipeline hooks (placeholder, being written)."""

CONDITIONS = {}
SITUATIONS = {}
OPTIONS = {}
STATS = {}
RULE_IDS = {}


class ClassicCombat:
    """Attack-pipeline hooks overriding mischia.d20.D20Ruleset."""
