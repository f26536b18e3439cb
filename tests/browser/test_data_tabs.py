"""Two tabs on the same encounter never silently overwrite each other
(issue 7, point 6): the other tab follows through the storage event, and a
tab that missed it is stopped before it writes."""

from __future__ import annotations

from webtest_helpers import add_combatant, combatant_names, wait_ready


def _count(page, n) -> None:
    page.wait_for_function(f"document.querySelectorAll('#combatants .combatant').length === {n}")


def test_two_tabs_follow_each_other(context, page, base_url):
    page.goto(base_url)
    wait_ready(page)
    add_combatant(page, "Aldo")
    _count(page, 1)
    other = context.new_page()
    other.goto(base_url)
    wait_ready(other)
    assert combatant_names(other) == ["Aldo"]

    add_combatant(page, "From the first tab")
    _count(other, 2)  # no reload: the storage event brought it
    assert combatant_names(other) == ["Aldo", "From the first tab"]
    assert "changed in another tab" in other.text_content("#app-notice")
    add_combatant(other, "From the second tab")
    _count(page, 3)
    assert combatant_names(page) == ["Aldo", "From the first tab", "From the second tab"]


def test_a_tab_that_missed_the_change_is_told_before_it_writes(page, base_url):
    page.goto(base_url)
    wait_ready(page)
    add_combatant(page, "Aldo")
    _count(page, 1)
    # another tab's save whose storage event this tab never got: a write made
    # from this page itself raises no storage event here
    page.evaluate("""() => {
        const index = JSON.parse(localStorage.getItem('mischia.index'));
        const key = 'mischia.enc.' + index.current;
        const enc = JSON.parse(localStorage.getItem(key));
        enc.combatants.push({id: 'c99', name: 'Bruna', side: 'foes'});
        localStorage.setItem(key, JSON.stringify(enc));
    }""")
    assert combatant_names(page) == ["Aldo"]

    add_combatant(page, "Carlo")
    page.wait_for_function("document.body.innerText.includes('changed in another tab')")
    assert combatant_names(page) == ["Aldo", "Bruna"]  # it now shows the other tab's version
    assert page.input_value("#add-name") == "Carlo"    # and keeps what was typed
    add_combatant(page, "Carlo")                       # a second try goes through
    _count(page, 3)
    page.reload()
    wait_ready(page)
    assert combatant_names(page) == ["Aldo", "Bruna", "Carlo"]
