"""Export files, import and share links (issue 7, point 4; hostile text, point 5)."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

from mischia.encounter import Encounter
from mischia.errors import InputError
from mischia_ui import transfer

FIXTURES = Path(__file__).parent / "fixtures"

HOSTILE = [
    '<img src=x onerror=alert(1)>',
    '<script>alert("x")</script>',
    '" onmouseover="alert(1)" x="',
    "javascript:alert(document.cookie)",
    "\u202eevil.exe\u202c (right-to-left override)",
    "שלום עליכם — مرحبا",
    "🐉🔥 Dragon 👩🏽‍🚀",
    "{name} {0} %s \\x00",
]


def _encounter(*names, ruleset="pf1", name="Road"):
    enc = Encounter.new(ruleset, name)
    for n in names:
        enc = enc.add_combatant(n, "foes")
    return enc


def test_an_export_file_round_trips_encounters_and_roster():
    encs = [_encounter("Aldo", "Bruna"), _encounter("Orc", ruleset="d20pl", name="Camp")]
    roster = [{"ruleset": "dnd5e", "name": "Sara's ranger", "stats": {"ac": 15}}]
    text = transfer.dumps(transfer.bundle(encs, roster, clock=lambda: 0))
    data = json.loads(text)
    assert data["format"] == "mischia" and data["schema"] == 1 and data["exported"] == "1970-01-01T00:00:00Z"
    got = transfer.read_bundle(text)
    assert list(got.encounters) == encs and list(got.roster) == roster


def test_a_single_encounter_document_is_accepted_too():
    enc = _encounter("Aldo")
    assert transfer.read_bundle(enc.to_json()).encounters == (enc,)


def test_the_stored_bundle_fixture_reads():
    got = transfer.read_bundle((FIXTURES / "bundle-v1.json").read_text())
    assert [e.name for e in got.encounters] == ["Bridge trolls", "Bandits on the road"]
    assert len(got.roster) == 2


def _bundle_with(change):
    data = json.loads((FIXTURES / "bundle-v1.json").read_text())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change,field", [
    (lambda d: d.update(format="other"), "file"),
    (lambda d: d.update(schema=2), "bundle.schema"),
    (lambda d: d.update(extra=1), "file"),
    (lambda d: d.update(encounters={}), "encounters"),
    (lambda d: d.update(encounters=[{}] * 501), "encounters"),
    (lambda d: d["encounters"][1].update(ruleset="gurps"), "encounters[1].ruleset"),
    (lambda d: d["encounters"][1]["combatants"][2].update(name="x" * 10000), "encounters[1].combatants[2].name"),
    (lambda d: d["encounters"][1]["combatants"][2].update(notes="x" * 10000), "encounters[1].combatants[2].notes"),
    (lambda d: d["encounters"][1]["combatants"][0]["hp"].update(current="9"), "encounters[1].combatants[0].hp.current"),
    (lambda d: d["encounters"][1]["combatants"][0]["conditions"][0].update(id="on_fire"),
     "encounters[1].combatants[0].conditions[0].id"),
    (lambda d: d["encounters"][0]["combatants"][0]["conditions"][0].update(stage=9),
     "encounters[0].combatants[0].conditions[0].stage"),
    (lambda d: d["encounters"][0].update(round=-1), "encounters[0].round"),
    (lambda d: d["roster"].append({"ruleset": "pf1", "name": ""}), "roster[2].name"),
    (lambda d: d["roster"].append({"name": "No ruleset"}), "roster[2].ruleset"),
    (lambda d: d["roster"].append({"ruleset": "dnd5e", "name": "X", "stats": {"thac0": 10}}), "roster[2].stats.thac0"),
])
def test_import_names_the_first_problem(change, field):
    with pytest.raises(InputError) as err:
        transfer.read_bundle(_bundle_with(change))
    assert err.value.field == field, str(err.value)


def test_import_refuses_what_is_not_json_or_too_large():
    for text, words in (("", "not a JSON file"), ("{", "not a JSON file"), ("[" * 100000, "not a JSON file"),
                        ("[]", "not a Mischia export"), (" " * (transfer.MAX_FILE_CHARS + 1), "too large")):
        with pytest.raises(InputError, match=words):
            transfer.read_bundle(text)


def test_hostile_names_import_unchanged_as_plain_text():
    enc = _encounter(*HOSTILE)
    enc = enc.with_(combatants=tuple(c.__class__(**{**c.__dict__, "notes": HOSTILE[0]}) for c in enc.combatants))
    got = transfer.read_bundle(transfer.dumps(transfer.bundle([enc])))
    assert [c.name for c in got.encounters[0].combatants] == [h.strip() for h in HOSTILE]
    assert all(c.notes == HOSTILE[0] for c in got.encounters[0].combatants)


def test_file_names_are_safe():
    assert transfer.file_name('<script>/../../"x', clock=lambda: 0) == "mischia-script-x-1970-01-01.json"
    assert transfer.file_name("", clock=lambda: 0) == "mischia-export-1970-01-01.json"
    assert len(transfer.file_name("a" * 500)) < 70


# ----- share links ----------------------------------------------------------------

def test_a_share_link_round_trips_without_the_log():
    enc = _encounter("Aldo", *HOSTILE)
    fragment = transfer.share_fragment(enc)
    assert fragment.startswith("share=") and transfer.is_share("#" + fragment)
    assert all(ch.isalnum() or ch in "-_=" for ch in fragment)
    got = transfer.read_share("#" + fragment)
    assert got.log == () and got.combatants == enc.combatants and got.name == enc.name


def test_a_share_link_stays_short_for_a_typical_fight():
    enc = _encounter(*[f"Goblin {i}" for i in range(12)])
    assert len(transfer.share_fragment(enc)) < 1500


def _fragment(raw: bytes) -> str:
    return "share=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("fragment,words", [
    ("#nothing", "not a Mischia share link"),
    ("share=abc$%", "unexpected characters"),
    ("share=" + "A" * 10, "damaged"),
    (_fragment(zlib.compress(b"{not json")), "damaged"),
    (_fragment(zlib.compress(b"[1, 2]")), "must be an object"),
    (_fragment(zlib.compress(b" " * (transfer.MAX_INFLATED + 10))), "too much data"),
    ("share=" + "A" * (transfer.MAX_LINK_CHARS + 1), "too long"),
])
def test_a_damaged_share_link_is_refused_in_words(fragment, words):
    with pytest.raises(InputError, match=words):
        transfer.read_share(fragment)


def test_a_truncated_share_link_is_refused():
    fragment = transfer.share_fragment(_encounter("Aldo", "Bruna"))
    with pytest.raises(InputError):
        transfer.read_share(fragment[: len(fragment) // 2])


def test_a_share_link_is_checked_like_an_import():
    doc = _encounter("Aldo").to_dict()
    doc["combatants"][0]["conditions"] = [{"uid": "k1", "id": "on_fire"}]
    with pytest.raises(InputError) as err:
        transfer.read_share(_fragment(zlib.compress(json.dumps(doc).encode())))
    assert err.value.field == "link.combatants[0].conditions[0].id"
