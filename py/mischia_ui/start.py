"""Entry point PyScript runs (``<script type="py" src=...>``).

Starts the UI; if anything goes wrong, the loading state says so in words
instead of spinning forever.
"""

try:
    from mischia_ui.app import start

    SCREEN = start()
except Exception as exc:  # noqa: BLE001 - any failure must reach the page
    from pyscript import document

    document.body.setAttribute("data-boot-failed", "")
    message = document.getElementById("boot-message")
    if message:
        message.textContent = "Mischia could not start: " + f"{type(exc).__name__}: {exc}"
    raise
