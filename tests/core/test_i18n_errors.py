"""The core's validation messages reach the player in their language:
``labels.error_message`` maps the engine's English patterns to catalogue
templates (issue 6)."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from mischia import dice  # noqa: E402
from mischia.errors import InputError  # noqa: E402
from mischia_ui import i18n, labels  # noqa: E402


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def core_message(call) -> str:
    with pytest.raises(InputError) as err:
        call()
    return err.value.message


@pytest.mark.parametrize("lang, expected", [
    ("en", "25 is not a result of a d20: must be from 1 to 20"),
    ("it", "25 non è un risultato di un d20: deve essere da 1 a 20"),
    ("pl", "25 to nie wynik k20: musi być od 1 do 20"),
])
def test_a_die_outside_its_faces_in_each_language(lang, expected):
    i18n.set_language(lang)
    assert labels.error_message(core_message(lambda: dice.take(20, 25))) == expected


def test_every_pattern_has_a_template_with_its_placeholders():
    import re
    for pattern, template in labels.ERRORS:
        names = set(re.compile(pattern).groupindex)
        assert names == set(re.findall(r"\{(\w+)\}", template)), template


def test_an_unknown_message_is_left_as_it_is():
    i18n.set_language("it")
    assert labels.error_message("something new") == "something new"
