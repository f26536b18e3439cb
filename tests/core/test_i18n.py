"""Italian, Polish and English throughout: every message the UI and the
rules core show is translated in all three languages with the same
placeholders, the compiled catalogues match their sources, plurals are
real (Polish has three forms), numbers follow the language, and condition
names use each ruleset's own words."""

from __future__ import annotations

import gettext
import importlib.util
import io
import sys
from pathlib import Path

import pytest

from mischia.ruleset import get_ruleset
from mischia_ui import i18n, labels

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "i18n.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules["i18n_tool"] = tool  # dataclasses look their module up
_spec.loader.exec_module(tool)


@pytest.fixture(scope="module")
def catalog():
    return tool.extract()


@pytest.fixture
def lang():
    """Switch the UI language for one test, then back to English."""
    yield i18n.set_language
    i18n.set_language("en")


# ----- completeness -----------------------------------------------------------------

def test_every_message_is_translated_in_it_pl_and_en_with_the_same_placeholders(catalog):
    """Fails on a message missing or empty in any language, a placeholder
    that differs from the English id, or a plural with the wrong number of
    forms. Fix: `python3 scripts/i18n.py update`, then translate."""
    problems = tool.check(catalog)
    assert problems == [], f"{len(problems)} translation problems, first ones:\n" + "\n".join(problems[:40])


def test_extraction_finds_ui_strings_log_keys_names_prompts_and_plurals(catalog):
    keys = set(catalog.messages)
    assert ("", "Settings") in keys                              # _() in a screen
    assert ("", "Round {n} begins") in keys                      # tracker log key
    assert ("classic", "Debilitated") in keys                    # condition name, per ruleset
    assert ("d20pl", "Flat-footed") in keys
    assert ("cover", "Three quarters") in keys                   # a situation's choice, per owner
    assert ("", "Roll d10 for the direction.") in keys           # a Prompt text in the core
    assert ("", "Armour Class") in keys                          # a label table
    assert catalog.messages[("", "{n} round")].plural == "{n} rounds"
    assert catalog.problems == []


def test_the_check_catches_a_wrong_placeholder_and_a_missing_translation(tmp_path, monkeypatch):
    catalog = tool.Catalog()
    catalog.add("{name} gains {condition}")
    catalog.add("Language")
    catalog.add("{n} round", "{n} rounds")
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    for lang in tool.LANGS:
        messages = [tool.Message("{name} gains {condition}", strs=["{name} {condizione}"]),
                    tool.Message("Language", strs=[""]),
                    tool.Message("{n} round", "{n} rounds", strs=["{n} round"])]
        path = tool.po_path(lang)
        path.parent.mkdir(parents=True)
        path.write_text(tool.write_po(messages, tool.header_text(lang)), encoding="utf-8")
    problems = "\n".join(tool.check(catalog))
    assert "pl: '{name} gains {condition}': placeholders" in problems
    assert "it: 'Language': not translated" in problems
    assert "pl: '{n} round': 1 plural forms, pl has 3" in problems


def test_po_files_round_trip_and_compile_to_what_gnutranslations_reads():
    messages = [tool.Message("Fight", strs=["Combattimento"], refs=["a.py:1"], notes=["tab"]),
                tool.Message('Say "hi"\n', strs=['Di\' "ciao"\n']),
                tool.Message("Prone", context="pf1", strs=["Prono"]),
                tool.Message("{n} round", "{n} rounds", strs=["{n} runda", "{n} rundy", "{n} rund"])]
    text = tool.write_po(messages, tool.header_text("pl"))
    back = [m for m in tool.parse_po(text) if m.msgid]
    assert [(m.context, m.msgid, m.plural, m.strs) for m in back] == \
        [(m.context, m.msgid, m.plural, m.strs) for m in messages]
    header = tool.header_text("pl") + "\n"
    catalogue = gettext.GNUTranslations(io.BytesIO(tool.mo_bytes(back, header)))
    assert catalogue.gettext("Fight") == "Combattimento"
    assert catalogue.gettext('Say "hi"\n') == 'Di\' "ciao"\n'
    assert catalogue.pgettext("pf1", "Prone") == "Prono"
    assert [catalogue.ngettext("{n} round", "{n} rounds", n) for n in (1, 3, 5)] == \
        ["{n} runda", "{n} rundy", "{n} rund"]


def test_compiled_catalogues_match_their_po_sources():
    """The .mo files the browser loads are exactly what the .po files
    compile to (`python3 scripts/i18n.py compile`, run by `make build`)."""
    for lang in tool.LANGS:
        assert tool.mo_path(lang).read_bytes() == tool.compiled(lang), f"{lang}: run scripts/i18n.py compile"


def test_each_catalogue_declares_its_plural_rule():
    for lang, nplurals in (("en", 2), ("it", 2), ("pl", 3)):
        with open(tool.mo_path(lang), "rb") as fh:
            info = gettext.GNUTranslations(fh).info()
        assert info["language"] == lang
        assert f"nplurals={nplurals};" in info["plural-forms"].replace(" ", "")


# ----- plurals, names, numbers ----------------------------------------------------------

def test_polish_has_three_plural_forms(lang):
    lang("pl")
    assert i18n.rounds(1) == "1 runda"
    assert i18n.rounds(2) == "2 rundy"
    assert i18n.rounds(4) == "4 rundy"
    assert i18n.rounds(5) == "5 rund"
    assert i18n.rounds(12) == "12 rund"      # 12-14 take the genitive plural
    assert i18n.rounds(22) == "22 rundy"     # ... but 22-24 the nominative
    assert i18n.rounds(0) == "0 rund"


def test_italian_and_english_have_two_plural_forms(lang):
    hexes = lambda n: i18n.ngettext("{n} hex", "{n} hexes", n).format(n=n)  # noqa: E731
    lang("it")
    assert (hexes(1), hexes(2), hexes(5)) == ("1 esagono", "2 esagoni", "5 esagoni")
    lang("en")
    assert (hexes(1), hexes(2)) == ("1 hex", "2 hexes")
    assert (i18n.rounds(1), i18n.rounds(5)) == ("1 round", "5 rounds")


def test_condition_names_use_each_rulesets_own_words(lang):
    classic, pf1, d20pl, dnd5e = (get_ruleset(r) for r in ("classic", "pf1", "d20pl", "dnd5e"))
    lang("it")
    assert labels.condition_name(classic, "debilitated") == "Debilitato"
    assert labels.condition_name(classic, "exhausted") == "Spossato"   # seed 000: *Spossato*
    assert labels.condition_name(pf1, "exhausted") == "Esausto"
    assert labels.condition_name(pf1, "flat_footed") == "Impreparato"
    assert labels.condition_name(dnd5e, "prone") == "Prono"
    lang("pl")
    assert labels.condition_name(d20pl, "disabled") == "Okaleczony"
    assert labels.condition_name(d20pl, "flat_footed") == "Nieprzygotowany"
    assert labels.situation_name(d20pl, "cover") == "Osłona"
    assert labels.situation_name(d20pl, "flanking") == "Flankowanie"
    lang("en")
    assert labels.condition_name(pf1, "flat_footed") == "Flat-footed"


def test_choices_agree_with_their_owner_in_polish(lang):
    lang("pl")
    assert labels.choice_name("partial", "cover") == "Częściowa"        # osłona częściowa
    assert labels.choice_name("partial", "concealment") == "Częściowe"  # ukrycie częściowe
    assert labels.choice_name("partial", "no-such-owner") == labels.choice_name("partial")


def test_log_lines_are_translated_with_their_condition_named_per_ruleset(lang):
    entry = {"key": "{name} gains {condition}",
             "params": {"name": "Kira", "condition": "Flat-footed", "condition_id": "flat_footed"}}
    lang("it")
    assert labels.log_text(get_ruleset("pf1"), entry) == "Kira — nuova condizione: Impreparato"
    lang("pl")
    assert labels.log_text(get_ruleset("d20pl"), entry) == "Kira — nowy stan: Nieprzygotowany"


def test_numbers_and_units_follow_the_language(lang):
    for code, decimal in (("it", "4,5"), ("pl", "4,5"), ("en", "4.5")):
        lang(code)
        assert i18n.number(4.5) == decimal
        assert i18n.metres(4.5) == decimal + "\u00a0m"
        assert i18n.percent(12.5) == decimal.replace("4", "12") + "%"
        assert i18n.signed(-1.5) == "-" + decimal.replace("4", "1")
        assert i18n.signed(2) == "+2" and i18n.number(3.0) == "3" and i18n.number(2 / 3) == \
            ("0,67" if code != "en" else "0.67")


def test_language_codes_from_the_browser_and_settings_are_normalised():
    assert i18n.normalize("it-IT") == "it"
    assert i18n.normalize("PL") == "pl"
    assert i18n.normalize("de-DE") == "en"
    assert i18n.normalize("") == "en"
    try:
        assert i18n.set_language("pl-PL") == "pl" and i18n.current_language() == "pl"
    finally:
        i18n.set_language("en")
