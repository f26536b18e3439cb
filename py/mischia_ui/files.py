"""Files in the page: a download made from Python text (a Blob and an
``<a download>``), reading a chosen file, copying to the clipboard.

Nothing leaves the device: a Blob URL is local to the page.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import document, window
from pyscript.ffi import to_js

from mischia.errors import InputError

MAX_FILE_BYTES = 5_000_000


def download(text: str, filename: str, mime: str = "application/json") -> None:
    """Offer ``text`` as a file named ``filename``."""
    blob = window.Blob.new(to_js([text]), to_js({"type": f"{mime};charset=utf-8"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.rel = "noopener"
    link.hidden = True
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 30000)


async def read_chosen(input_element):
    """(name, text) of the file chosen in ``<input type=file>``, or None."""
    files = input_element.files
    if not files or not files.length:
        return None
    chosen = files.item(0)
    if chosen.size > MAX_FILE_BYTES:
        raise InputError("file", f"is too large (more than {MAX_FILE_BYTES // 1_000_000} MB)")
    text = await chosen.text()
    return str(chosen.name), str(text)


async def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False where the browser refuses."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # noqa: BLE001 - no clipboard permission: the caller selects the text
        return False
    return True
