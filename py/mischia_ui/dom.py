"""Small DOM helpers: build elements from text, never from HTML strings."""

from __future__ import annotations

from pyscript import document


def el(tag: str, text: str | None = None, *, cls: str | None = None,
       attrs: dict | None = None, children=()):
    """Create ``<tag>`` with plain ``text`` (set as textContent), attributes and children."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    for name, value in (attrs or {}).items():
        node.setAttribute(name, str(value))
    if text is not None:
        node.textContent = text
    for child in children:
        node.append(child)
    return node


def by_id(element_id: str):
    """The element with this id (raises LookupError when the page lacks it)."""
    node = document.getElementById(element_id)
    if node is None or not hasattr(node, "tagName"):
        raise LookupError(f"missing element #{element_id}")
    return node
