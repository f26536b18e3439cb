"""Data safety in the running page: changes made in another tab, share links
in the address, and telling people about unreadable saved data.

- Another tab's save reaches this one as a ``storage`` event: the encounter
  shown here is reloaded (its undo history starts afresh) and a note says so.
  If an event is missed, ``Store.save`` still refuses to write over the other
  tab's version (``conflict``) and the app reloads it then.
- ``#share=…`` in the address (at start or pasted later) is opened as a new
  copy; the fragment is then removed from the address.
- Unreadable or newer saved data: a notice with a way to the data screen.
"""

from __future__ import annotations

from pyscript import window
from pyscript.ffi import create_proxy

from mischia.errors import InputError

from . import i18n, store, transfer
from .dom import el
from .i18n import _


def start(app) -> None:
    app.safety_listeners = (create_proxy(lambda event: on_storage(app, event)),
                            create_proxy(lambda event: open_shared(app)))
    window.addEventListener("storage", app.safety_listeners[0])
    window.addEventListener("hashchange", app.safety_listeners[1])
    if not open_shared(app):
        check_saved(app)
        show_problems(app)


def check_saved(app) -> None:
    """Read every saved document once at start, so damage anywhere is found
    and reported now (and kept aside) rather than when it is next opened."""
    app.store.roster()
    for entry in app.store.encounters():
        if entry["id"] != app.encounter_id:
            app.store.load(entry["id"])


# ----- other tabs ----------------------------------------------------------------

def on_storage(app, event) -> None:
    key = event.key if isinstance(event.key, str) else None  # null: storage cleared
    if key is not None and not key.startswith("mischia."):
        return
    if key == store.SETTINGS or key is None:
        _reload_settings(app)
    if key is None or key == store.INDEX or key.startswith(store.ENC_PREFIX):
        eid = app.encounter_id
        if eid and app.store.changed_elsewhere(eid):
            app.reload_from_storage()
            if app.encounter_id == eid:
                app.show_notice(_("This encounter was changed in another tab; "
                                  "this tab shows the latest version."))
            else:
                app.show_notice(_("This encounter was deleted in another tab."))
        elif not eid:
            app.reload_from_storage()  # another tab may have started one
        else:
            app.store.refresh()        # other encounters: keep this one and its undo history
            app.rerender()
    elif key == store.ROSTER:
        app.rerender()


def _reload_settings(app) -> None:
    from .app import apply_theme
    new = app.store.settings()
    language_changed = new.get("lang") != app.settings.get("lang")
    app.settings = new
    apply_theme(new)
    if language_changed:
        i18n.set_language(new.get("lang") or i18n.browser_language())
        app._build()


# ----- share links -----------------------------------------------------------------

def open_shared(app) -> bool:
    """Open the encounter in ``#share=…`` as a new copy; True if there was one."""
    fragment = str(window.location.hash or "")
    if not transfer.is_share(fragment):
        return False
    try:
        enc = transfer.read_share(fragment)
    except InputError as exc:
        _clear_fragment()
        app.show_notice(_("This share link could not be opened: {problem}").format(problem=str(exc)))
        return True
    try:
        eid = app.store.create(enc)
    except Exception as exc:  # noqa: BLE001 - storage full: the link stays in the address for a retry
        app.show_notice(store.save_message(exc))
        return True
    _clear_fragment()
    app.open_encounter(eid)
    app.navigate("fight")
    app.show_notice(_("Opened a copy of the shared encounter “{name}”.").format(
        name=enc.name or _("Untitled encounter")))
    return True


def _clear_fragment() -> None:
    location = window.location
    window.history.replaceState(None, "", str(location.pathname) + str(location.search))


# ----- unreadable data -------------------------------------------------------------

def show_problems(app) -> None:
    problems = app.store.problems
    if not problems:
        return
    if any(p["kind"] == "unreadable" for p in problems):
        text = _("Some saved data could not be read. Nothing was deleted: it is kept aside in this "
                 "browser and you can download it.")
    else:
        text = _("Some saved data comes from a newer version of Mischia and was left untouched. "
                 "Reload the page to update the app.")
    button = el("button", _("Your data"), cls="notice-action",
                attrs={"type": "button", "id": "notice-data"})
    button.onclick = lambda event: (app.show_notice(""), app.navigate("data"))
    app.notice.replaceChildren(el("span", text), button)
    app.notice.hidden = False
