"""The rules' reference text (shown when a breakdown line is tapped) in all
three languages: a translation file, once shipped, covers every rule ID of
the English one with the same tag; a missing entry or language falls back
to English."""

from __future__ import annotations

import json
import os

import pytest

from mischia import reference

LANGS = ("it", "pl")


def _shipped(lang: str) -> dict:
    path = os.path.join(reference.DATA, f"rules.{lang}.json")
    if not os.path.exists(path):
        pytest.skip(f"rules.{lang}.json is not shipped yet")
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_id_has_reference_text_in_the_language(lang):
    english = reference.table("en")
    translated = _shipped(lang)
    missing = sorted(rid for rid in english if not (translated.get(rid) or {}).get("text", "").strip())
    assert missing == [], f"rules.{lang}.json lacks {len(missing)} of {len(english)} rule IDs, e.g. {missing[:5]}"
    assert sorted(set(translated) - set(english)) == [], "rule IDs that English does not have"
    wrong_tag = sorted(rid for rid, e in translated.items() if rid in english and e.get("tag") != english[rid]["tag"])
    assert wrong_tag == []


@pytest.mark.parametrize("lang", LANGS)
def test_translated_text_differs_from_english_where_shipped(lang):
    """A translation file that copies the English text is not a translation
    (short texts that are only IDs, numbers or names may coincide)."""
    english = reference.table("en")
    translated = _shipped(lang)
    same = [rid for rid, e in translated.items()
            if rid in english and len(english[rid]["text"]) > 60 and e.get("text") == english[rid]["text"]]
    assert len(same) <= len(translated) // 50, f"{len(same)} entries are the English text, e.g. {same[:5]}"


def test_lookup_falls_back_to_english(monkeypatch):
    rid = next(iter(reference.table("en")))
    english = reference.text(rid, "en")
    assert english
    monkeypatch.setitem(reference._CACHE, "xx", {})
    assert reference.text(rid, "xx") == english                      # language not shipped
    monkeypatch.setitem(reference._CACHE, "it", {"other.rule": {"text": "x", "tag": "auto"}})
    assert reference.text(rid, "it") == english                      # rule missing in the language
    monkeypatch.setitem(reference._CACHE, "it", {rid: {"text": "testo", "tag": "auto"}})
    assert reference.text(rid, "it") == "testo"
    assert reference.text("no.such.rule", "it") == ""


def test_an_empty_translation_falls_back_to_english(monkeypatch):
    rid = next(iter(reference.table("en")))
    monkeypatch.setitem(reference._CACHE, "pl", {rid: {"text": " ", "tag": "auto"}})
    assert reference.text(rid, "pl") == reference.text(rid, "en")
