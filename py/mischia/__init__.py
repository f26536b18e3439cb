"""Mischia rules core: pure Python (stdlib only), runs in CPython and Pyodide.

Never imports ``js`` or ``pyscript``. The page-facing code lives in
``mischia_ui``; this package only knows rules, values and state.
"""

__version__ = "0.1.0"
