"""The page's words in Chromium: a typed theme entry the list lacks survives autofill; a
suggestion marked fillable is completed by autofill; a word banned into the personal
list leaves the suggestions, and Undo brings it back."""

from __future__ import annotations

from typing import Any

from test_construction_page import WAIT_MS, cell, letters, new_grid, open_tab, set_block, wait_text

from crossforge.wordbase.config import DEFAULT_LIST


def autofill(page: Any) -> list[str]:
    """Run a first-found autofill, accept it and return the grid."""
    open_tab(page, "fill")
    page.select_option("#fill-quality", "first")
    page.click("#fill-start")
    page.wait_for_selector("#fill-accept:not([disabled])", timeout=WAIT_MS)
    page.click("#fill-accept")
    return letters(page)


def test_a_theme_entry_not_in_the_list_survives_autofill(page: Any) -> None:
    new_grid(page, 5, 5)
    set_block(page, 0, 0)
    cell(page, 2, 0).click()
    page.keyboard.type("tares")  # not among the page list's 20,000 words
    cell(page, 2, 1).click()
    assert page.is_checked("#lock-entry") and page.inner_text("#lock-word").endswith("TARES")
    page.wait_for_function(
        "document.querySelector('#health-summary').textContent.startsWith('Every entry')",
        timeout=WAIT_MS,
    )
    filled = autofill(page)
    assert filled[2] == "TARES" and all("." not in row for row in filled), filled


def suggest_for_5a(page: Any) -> None:
    """A new 5x5 with its corner blocks, HO typed in 5 Across, its suggestions shown."""
    new_grid(page, 5, 5)
    set_block(page, 0, 0)
    cell(page, 1, 0).click()
    page.keyboard.type("ho")
    wait_text(page, "#suggest-status", "5A HO")


def test_a_suggestion_marked_fillable_is_completed_by_autofill(page: Any) -> None:
    suggest_for_5a(page)
    proved = page.locator("#suggest-list button[data-fillable='fillable']").first
    proved.wait_for(timeout=WAIT_MS)
    word = proved.get_attribute("data-word")
    assert word is not None and word.startswith("HO")
    proved.click()
    assert letters(page)[1] == word
    filled = autofill(page)
    assert filled[1] == word and all("." not in row for row in filled), filled


def test_ban_a_word_into_the_personal_list_and_undo(page: Any) -> None:
    suggest_for_5a(page)
    word = page.locator("#suggest-list button").first.get_attribute("data-word")
    assert word is not None
    button = f"#suggest-list button[data-word='{word}']"
    page.fill("#my-word", word)
    page.click("#my-words button[value='ban']")
    wait_text(page, "#my-status", f"Banned {word} in my-{DEFAULT_LIST}")
    page.wait_for_selector(button, state="detached", timeout=WAIT_MS)
    assert f"my-{DEFAULT_LIST} (over {DEFAULT_LIST})" in page.inner_text("#my-words h3")
    page.click("#my-undo")
    wait_text(page, "#my-status", f"Undid the change to {word}")
    page.wait_for_selector(button, timeout=WAIT_MS)
