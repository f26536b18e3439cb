"""Your data: export and import files, share links, and downloads of saved
data that could not be read (reached from Settings).

Handlers stay thin: formats and checks live in ``mischia_ui.transfer`` and
``mischia.migrate``, storage in ``mischia_ui.store``, the page's file I/O in
``mischia_ui.files``.
"""

from __future__ import annotations

import asyncio
import re

from pyscript import window

from mischia.errors import InputError

from .. import files, store, transfer
from ..dom import el
from ..i18n import _, ngettext

KEPT_LABELS = {
    store.INDEX: "The list of encounters",
    store.ROSTER: "The roster",
    store.SETTINGS: "Settings",
    store.LEGACY: "The encounter of an earlier version",
}


def _kept_label(of: str) -> str:
    if of.startswith(store.ENC_PREFIX):
        return _("An encounter")
    return _(KEPT_LABELS[of]) if of in KEPT_LABELS else of


def _size(chars: int) -> str:
    if chars < 1000:
        return ngettext("{n} character", "{n} characters", chars).format(n=chars)
    return _("{n} kB").format(n=round(chars / 1000, 1))


def _button(text, bid, handler, cls="secondary"):
    button = el("button", text, cls=cls, attrs={"type": "button", "id": bid})
    button.onclick = lambda event: handler()
    return button


def _status(sid, role="status"):
    node = el("p", cls="data-status", attrs={"id": sid, "role": role, "aria-live": "polite"})
    node.hidden = True
    return node


def _say(node, text, error=False):
    node.textContent = text or ""
    node.hidden = not text
    node.classList.toggle("error", bool(error))


class Screen:
    def __init__(self, app, root):
        self.app = app
        self.root = root
        self.confirming = ""   # the kept key whose Delete was tapped once

    # ----- drawing ---------------------------------------------------------------
    def render(self, **params) -> None:
        self.export_status = _status("export-status")
        self.import_status = _status("import-status")
        self.share_status = _status("share-status")
        self.root.replaceChildren(
            el("div", cls="data-head", children=[
                _button(_("‹ Settings"), "data-back", lambda: self.app.navigate("settings"), "link"),
                el("h2", _("Your data"), attrs={"id": "data-title", "tabindex": "-1"})]),
            el("p", _("Everything stays in this browser. Export a file to keep a copy or to move "
                      "encounters to another device."), cls="muted"),
            *self._kept_section(), self._export_section(), self._import_section(),
            self._share_section())

    def _kept_section(self):
        kept = self.app.store.kept()
        newer = [p for p in self.app.store.problems if p["kind"] == "newer"]
        if not kept and not newer:
            return []
        items = []
        for k in kept:
            when = str(window.Date.new(k["time"]).toLocaleString()) if k["time"] else ""
            slug = re.sub(r"[^\w-]", "-", k["key"])
            delete_text = _("Tap again to delete") if self.confirming == k["key"] else _("Delete")
            items.append(el("li", cls="kept", attrs={"data-key": k["key"]}, children=[
                el("span", _kept_label(k["of"]), cls="kept-what"),
                el("span", " · ".join(x for x in (when, _size(k["size"])) if x), cls="kept-when muted"),
                el("div", cls="row", children=[
                    _button(_("Download"), f"kept-download-{slug}", lambda key=k: self.download_kept(key)),
                    _button(delete_text, f"kept-delete-{slug}", lambda key=k["key"]: self.discard(key),
                            "danger")])]))
        for p in newer:
            items.append(el("li", cls="kept", children=[
                el("span", _kept_label(p["key"]), cls="kept-what"),
                el("span", _("Saved by a newer version of Mischia: left untouched. Reload the page to "
                             "update the app."), cls="kept-when")]))
        intro = _("This saved data could not be read. Nothing was deleted: download it to keep it "
                  "or to ask for help, then delete it here.") if kept else ""
        return [el("section", cls="data-section problems", attrs={"id": "data-problems"}, children=[
            el("h3", _("Data that could not be read")),
            el("p", intro), el("ul", cls="kept-list", children=items)])]

    def _export_section(self):
        enc = self.app.encounter
        current = (_("Current encounter: “{name}”").format(name=enc.name or _("Untitled encounter"))
                   if enc is not None else _("No encounter is open."))
        one = _button(_("Download this encounter"), "export-one", self.export_one, "primary")
        if enc is None:
            one.setAttribute("disabled", "")
        return el("section", cls="data-section", attrs={"id": "data-export"}, children=[
            el("h3", _("Export")), el("p", current, cls="muted current-name"),
            el("div", cls="stack", children=[
                one, _button(_("Download all encounters and the roster"), "export-all", self.export_all)]),
            self.export_status])

    def _import_section(self):
        chooser = el("input", attrs={"type": "file", "id": "import-file", "accept": ".json,application/json",
                                     "aria-describedby": "import-help"})
        chooser.onchange = lambda event: asyncio.ensure_future(self.import_file(chooser))
        return el("section", cls="data-section", attrs={"id": "data-import"}, children=[
            el("h3", _("Import")),
            el("label", _("Choose an exported file (.json)"), attrs={"for": "import-file"}),
            chooser,
            el("p", _("The whole file is checked first: if anything is wrong, nothing is imported. "
                      "Imported encounters are added as new ones; nothing here is replaced."),
               cls="muted", attrs={"id": "import-help"}),
            self.import_status])

    def _share_section(self):
        self.share_output = el("input", attrs={"type": "text", "id": "share-link", "readonly": "",
                                               "aria-describedby": "share-help"})
        copy = _button(_("Copy"), "share-copy", lambda: asyncio.ensure_future(self.copy_link()))
        self.share_box = el("div", cls="field share-box", children=[
            el("label", _("Share link"), attrs={"for": "share-link"}),
            el("div", cls="row", children=[self.share_output, copy])])
        self.share_box.hidden = True
        make = _button(_("Make a share link"), "share-make", self.make_link)
        if self.app.encounter is None:
            make.setAttribute("disabled", "")
        return el("section", cls="data-section", attrs={"id": "data-share"}, children=[
            el("h3", _("Share link")),
            el("p", _("The encounter travels inside the link, after the # sign, which browsers never "
                      "send to any server. Whoever opens it gets a copy (without the log)."),
               cls="muted", attrs={"id": "share-help"}),
            make, self.share_box, self.share_status])

    # ----- actions --------------------------------------------------------------------
    def export_one(self) -> None:
        enc = self.app.encounter
        if enc is None:
            return
        files.download(transfer.dumps(transfer.bundle([enc])), transfer.file_name(enc.name or "encounter"))
        _say(self.export_status, _("The file is in your downloads."))

    def export_all(self) -> None:
        encounters = [e for e in (self.app.store.load(x["id"]) for x in self.app.store.encounters())
                      if e is not None]
        data = transfer.bundle(encounters, self.app.store.roster())
        files.download(transfer.dumps(data), transfer.file_name("all"))
        _say(self.export_status, ngettext("{n} encounter and the roster are in the file.",
                                          "{n} encounters and the roster are in the file.",
                                          len(encounters)).format(n=len(encounters)))

    async def import_file(self, chooser) -> None:
        try:
            chosen = await files.read_chosen(chooser)
            if chosen is None:
                return
            got = transfer.read_bundle(chosen[1])
        except InputError as exc:
            _say(self.import_status, _("Nothing was imported. First problem: {problem}").format(
                problem=str(exc)), error=True)
            chooser.value = ""
            return
        try:
            ids = self.app.store.add_many(list(got.encounters), list(got.roster))
        except Exception as exc:  # noqa: BLE001 - storage full: nothing was changed
            _say(self.import_status, _("Nothing was imported. {reason}").format(
                reason=store.save_message(exc)), error=True)
            chooser.value = ""
            return
        chooser.value = ""
        if ids:
            self.app.open_encounter(ids[0])
        self.render()
        n, r = len(ids), len(got.roster)
        text = ngettext("Imported {n} encounter", "Imported {n} encounters", n).format(n=n)
        if r:
            text += " " + ngettext("and {n} roster entry", "and {n} roster entries", r).format(n=r)
        text += "."
        if ids:
            text += " " + _("“{name}” is open now.").format(
                name=got.encounters[0].name or _("Untitled encounter"))
        _say(self.import_status, text)

    def make_link(self) -> None:
        enc = self.app.encounter
        if enc is None:
            return
        base = str(window.location.href).split("#", 1)[0]
        self.share_output.value = base + "#" + transfer.share_fragment(enc)
        self.share_box.hidden = False
        _say(self.share_status, _("Send this link: it opens a copy of “{name}”.").format(
            name=enc.name or _("Untitled encounter")))

    async def copy_link(self) -> None:
        if await files.copy_text(str(self.share_output.value)):
            _say(self.share_status, _("Link copied."))
        else:
            self.share_output.select()
            _say(self.share_status, _("Copy the selected link by hand."))

    def download_kept(self, kept) -> None:
        name = re.sub(r"[^\w.-]+", "-", kept["key"]).strip("-") + ".txt"
        files.download(self.app.store.kept_text(kept["key"]), name, "text/plain")

    def discard(self, key) -> None:
        if self.confirming != key:
            self.confirming = key
        else:
            self.confirming = ""
            self.app.store.discard(key)
        self.render()
        # keep the keyboard where it was: on the button tapped, or on the heading once deleted
        slug = re.sub(r"[^\w-]", "-", key)
        target = self.root.querySelector(f"#kept-delete-{slug}") if self.confirming else None
        (target if hasattr(target, "focus") else self.root.querySelector("#data-title")).focus()
