"""Helpers shared by the browser tests (kept out of conftest so tests can import them)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

VIEWPORT = {"width": 360, "height": 740}
READY_TIMEOUT_MS = 60_000


def wait_ready(page, timeout: int = READY_TIMEOUT_MS) -> None:
    """Wait until the Python UI has replaced the loading state."""
    page.wait_for_selector("body[data-ready]", state="attached", timeout=timeout)


def add_combatant(page, name: str) -> None:
    page.fill("#add-name", name)
    page.click("#add-button")


def combatant_names(page) -> list[str]:
    return page.eval_on_selector_all("#combatants .combatant .name", "els => els.map(e => e.textContent)")


def shots_dir() -> Path:
    """Where browser tests leave screenshots for people to look at."""
    out = ROOT / "test-results"
    out.mkdir(exist_ok=True)
    return out
