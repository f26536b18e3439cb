"""Mischia's page-facing UI: binds HTML forms to the rules core.

Only this package imports ``pyscript``/``js``; the rules core (``mischia``)
never does. Handlers stay thin: read the form, call the core, render. Text
from users is always set with ``textContent``, never parsed as HTML.
"""
