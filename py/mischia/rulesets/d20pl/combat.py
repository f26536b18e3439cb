"""d20pl combat rules: data and attack-pipeline hooks (placeholder, being written)."""

CONDITIONS = {}
SITUATIONS = {}
OPTIONS = {}
STATS = {}
RULE_IDS = {}


class D20plCombat:
    """Attack-pipeline hooks overriding mischia.d20.D20Ruleset."""
