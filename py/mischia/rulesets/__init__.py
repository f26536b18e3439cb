"""Ruleset modules. Each module registers one ruleset with ``@register``;
``mischia.ruleset`` discovers every module here, so nothing imports them by name."""
