"""Reusable form pieces for the screens: labelled inputs with their own
error line (``fields``), a typed die with "roll for me" (``fields.DieInput``),
the bottom sheet dialog (``sheet``) and the per-ruleset combatant form
(``combatant_form``). Built with ``dom.el`` only; every word through gettext."""
