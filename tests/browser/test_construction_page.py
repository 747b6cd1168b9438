"""The construction page end to end in Chromium: edit a 5x5, take a suggestion, autofill
(watched, stopped, accepted, of a region), clue, export a .puz read back by puzpy; type
Cyrillic on a Russian list.

Screenshots of the page (empty grid, autofill in progress, clue mode) are taken on the
way; with ``UPDATE_SCREENSHOTS=1`` they are written to docs/images/ for the docs.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import puz
from page_list import CLUES, RUSSIAN_LIST, TAGGED

from crossforge.wordbase.config import DEFAULT_LIST

ROOT = Path(__file__).resolve().parents[2]
WAIT_MS = 20_000


def shot(page: Any, name: str, tmp_path: Path) -> None:
    """A screenshot of the page, kept in docs/images/ when asked for."""
    target = tmp_path / name
    page.screenshot(path=str(target))
    assert target.stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        (ROOT / "docs" / "images" / name).write_bytes(target.read_bytes())


def cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f".cell[data-r='{r}'][data-c='{c}']")


def letters(page: Any) -> list[str]:
    """The grid as rows: '#' block, '.' empty, letters (autofill's shown letters too)."""
    return page.evaluate(
        """() => {
          const rows = [];
          for (const row of document.querySelectorAll('#grid .grid-row')) {
            rows.push([...row.children].map((c) => c.classList.contains('block') ? '#'
              : (c.querySelector('.letter').textContent || '.')).join(''));
          }
          return rows;
        }"""
    )


def wait_text(page: Any, selector: str, *starts: str) -> str:
    """The text of ``selector`` once it starts with one of ``starts`` (else a failure
    that shows the text it had)."""
    script = """([selector, starts]) =>
      starts.some((s) => document.querySelector(selector).textContent.startsWith(s))"""
    try:
        page.wait_for_function(script, arg=[selector, list(starts)], timeout=WAIT_MS)
    except Exception as exc:
        raise AssertionError(
            f"{selector} says {page.inner_text(selector)!r}, not {starts}"
        ) from exc
    return str(page.inner_text(selector))


def entries(rows: list[str]) -> set[str]:
    """The words of a filled grid, across and down."""
    columns = ["".join(row[c] for row in rows) for c in range(len(rows[0]))]
    return {word for line in rows + columns for word in line.split("#") if len(word) > 1}


def new_grid(page: Any, rows: int, cols: int) -> None:
    page.fill("#new-rows", str(rows))
    page.fill("#new-cols", str(cols))
    page.click("#new-grid button[type=submit]")
    assert page.locator("#grid .cell").count() == rows * cols


def set_block(page: Any, r: int, c: int) -> None:
    page.check("#block-mode")
    cell(page, r, c).click()
    page.uncheck("#block-mode")


def open_tab(page: Any, name: str) -> None:
    page.click(f"#tab-{name}")
    page.wait_for_selector(f"#panel-{name}:not([hidden])")


def test_edit_a_grid_and_take_a_suggestion(page: Any, tmp_path: Path) -> None:
    new_grid(page, 5, 5)
    set_block(page, 0, 0)
    assert "block" in (cell(page, 0, 0).get_attribute("class") or "")
    assert "block" in (cell(page, 4, 4).get_attribute("class") or "")  # rotational twin
    assert letters(page) == ["#....", ".....", ".....", ".....", "....#"]
    shot(page, "construction-empty.png", tmp_path)

    cell(page, 1, 0).click()  # 5 Across
    page.keyboard.type("ho")
    assert letters(page)[1] == "HO..."
    status = wait_text(page, "#suggest-status", "5A HO")
    assert "fit the crossings" in status, status
    first = page.locator("#suggest-list button").first
    word = first.get_attribute("data-word")
    assert word is not None and re.fullmatch("HO[A-Z]{3}", word)
    first.click()
    assert letters(page)[1] == word

    page.keyboard.press("Control+z")
    assert letters(page)[1] == "HO..."
    page.keyboard.press("Control+Shift+z")
    assert letters(page)[1] == word
    # Keyboard: the cursor stayed on (1, 2); Backspace clears it, Tab goes to the next
    # entry (6 Across, from (2, 0)), Space turns to 5 Down, the arrow moves down.
    page.keyboard.press("Backspace")
    kept = word[:2] + "." + word[3:]
    assert letters(page)[1] == kept
    page.keyboard.press("Tab")
    assert page.inner_text("#grid-caption").startswith("6 across")
    page.keyboard.press("Space")
    assert page.inner_text("#grid-caption").startswith("5 down")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("x")
    assert letters(page)[3][0] == "X"

    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert letters(page)[1] == kept and letters(page)[3][0] == "X"


def test_cyrillic_is_typed_on_a_russian_list(page: Any) -> None:
    option = page.locator(f"#word-list option[value='{RUSSIAN_LIST}']")
    assert option.inner_text() == f"{RUSSIAN_LIST} (3 words)"
    page.select_option("#word-list", RUSSIAN_LIST)
    try:
        new_grid(page, 3, 3)
        cell(page, 0, 0).click()
        page.keyboard.type("кот")  # text input, as a Russian layout or a phone's keyboard
        rows = letters(page)
        assert "КОТ" in rows + ["".join(row[c] for row in rows) for c in range(3)], rows
    finally:  # the next tests use the English list
        page.select_option("#word-list", DEFAULT_LIST)


def test_grid_health_marks_dead_entries(page: Any) -> None:
    new_grid(page, 5, 5)
    set_block(page, 0, 0)
    cell(page, 1, 0).click()
    page.keyboard.type("qqqq")  # incomplete: a complete entry would be kept as typed
    page.check("#show-health")
    page.wait_for_function(
        "document.querySelector('#health-summary').textContent.includes('5A')", timeout=WAIT_MS
    )
    assert "dead" in (cell(page, 1, 2).get_attribute("class") or "")


def word_lookups(page: Any) -> list[str]:
    """The URLs of the per-word entry reads (GET /v1/lists/{name}/words/{word}) the page
    makes from now on (the list grows as it makes them)."""
    found: list[str] = []
    page.on("request", lambda r: found.append(r.url) if WORD_READ.search(r.url) else None)
    return found


WORD_READ = re.compile(r"/v1/lists/[^/?]+/words/[^/?]+")


def test_autofill_clue_and_export(page: Any, tmp_path: Path) -> None:
    lookups = word_lookups(page)
    new_grid(page, 5, 5)
    set_block(page, 0, 0)
    open_tab(page, "fill")
    page.select_option("#fill-quality", "best")
    page.fill("#fill-best-seconds", "2")
    page.fill("#fill-alternatives", "2")
    page.click("#fill-start")
    page.wait_for_selector("#grid .cell.ghost", timeout=WAIT_MS)  # the best fill so far
    assert page.inner_text("#fill-status").startswith(("Filling", "Filled"))
    shot(page, "construction-autofill.png", tmp_path)
    page.wait_for_selector("#fill-accept:not([disabled])", timeout=WAIT_MS)
    assert "Filled" in page.inner_text("#fill-status")
    assert "Mean score" in page.inner_text("#quality")
    page.wait_for_selector("#quality .tagged h4")  # the tags of the fill's entries
    if page.is_enabled("#alt-next"):
        page.click("#alt-next")
        assert page.inner_text("#alt-position").startswith("Fill 2 of")
        page.click("#alt-prev")
    assert lookups == []  # the answer's entries carry their tags
    shown = letters(page)
    page.click("#fill-accept")
    filled = letters(page)
    assert filled == shown and all("." not in row for row in filled), filled
    assert page.locator("#grid .cell.ghost").count() == 0

    open_tab(page, "clues")
    page.wait_for_selector("#clue-lists input[data-slot='1A']")
    page.fill("#clue-lists input[data-slot='1A']", "First across")
    clued = sorted(set(CLUES) & entries(filled))
    if clued:  # a word of the fill that the list clues: its clue is offered
        page.wait_for_selector(f"button.idea[data-clue='{CLUES[clued[0]]}']", timeout=WAIT_MS)
    shot(page, "construction-clues.png", tmp_path)

    open_tab(page, "export")
    page.fill("#puzzle-title", "Browser test")
    page.locator("#puzzle-title").dispatch_event("change")
    with page.expect_download(timeout=WAIT_MS) as download:
        page.click("[data-export=puz]")
    path = tmp_path / "export.puz"
    download.value.save_as(str(path))
    assert download.value.suggested_filename == "Browser_test.puz"
    page.click("#print")  # fills the clue lists the printout shows under the grid
    assert "First across" in (page.text_content("#print-clues") or "")
    read = puz.read(str(path))
    assert read.title == "Browser test"
    assert read.solution == "".join(filled).replace("#", ".")
    numbering = read.clue_numbering()
    across = {clue["num"]: clue["clue"] for clue in numbering.across}
    assert across[1] == "First across"

    new_grid(page, 5, 5)  # then open the file again: grid, title and clue come back
    page.set_input_files("#open-file", str(path))
    page.wait_for_function(
        "document.querySelector(\".cell[data-r='0'][data-c='1'] .letter\").textContent !== ''"
    )
    assert letters(page) == filled
    assert page.input_value("#puzzle-title") == "Browser test"
    open_tab(page, "clues")
    assert page.input_value("#clue-lists input[data-slot='1A']") == "First across"


def test_the_quality_panel_shows_the_tags_of_the_fill(page: Any) -> None:
    lookups = word_lookups(page)
    (word, tag), *_ = TAGGED.items()
    new_grid(page, 5, 5)
    set_block(page, 0, 0)
    cell(page, 1, 0).click()  # 5 Across
    page.keyboard.type(word.lower())
    open_tab(page, "fill")
    page.select_option("#fill-quality", "first")
    page.click("#fill-start")
    page.wait_for_selector("#fill-accept:not([disabled])", timeout=WAIT_MS)
    assert letters(page)[1] == word
    assert f"{word} ({tag})" in page.inner_text("#quality .tagged p")
    assert lookups == []


def test_stop_an_autofill(page: Any) -> None:
    # A 9x9 of long slots: its best fill improves for far longer than the test (a 7x7's
    # improving could run out within a second on a quiet machine, before Stop).
    new_grid(page, 9, 9)
    for r, c in ((0, 0), (0, 1), (1, 0), (4, 4)):
        set_block(page, r, c)
    assert letters(page)[:2] == ["##.......", "#........"] and letters(page)[4] == "....#...."
    open_tab(page, "fill")
    page.select_option("#fill-quality", "best")
    page.fill("#fill-best-seconds", "60")
    page.fill("#fill-timeout", "60")
    page.fill("#fill-alternatives", "1")
    page.click("#fill-start")
    wait_text(page, "#fill-status", "Filling")
    page.click("#fill-stop")
    wait_text(page, "#fill-status", "Stopped")
    assert page.is_enabled("#fill-start") and not page.is_enabled("#fill-stop")
    assert page.is_enabled("#fill-accept")  # the best fill found before the stop


def test_autofill_a_selected_region(page: Any) -> None:
    new_grid(page, 5, 5)
    set_block(page, 0, 0)
    cell(page, 2, 0).click()  # 6 Across
    open_tab(page, "fill")
    page.click("#select-slot")
    assert page.inner_text("#selection-count") == "5 cells selected."
    assert page.is_checked("input[name=scope][value=region]")
    page.select_option("#fill-quality", "first")
    page.click("#fill-start")
    page.wait_for_selector("#fill-accept:not([disabled])", timeout=WAIT_MS)
    page.click("#fill-accept")
    rows = letters(page)
    assert "." not in rows[2] and rows[2] != "....."
    assert [row for i, row in enumerate(rows) if i != 2] == ["#....", ".....", ".....", "....#"]


def test_a_failed_fill_says_how_hard_the_grid_is(page: Any) -> None:
    new_grid(page, 3, 3)
    page.fill("#min-score", "100")  # too few words of the page's list score 100
    open_tab(page, "fill")
    page.select_option("#fill-quality", "first")
    page.click("#fill-start")
    text = wait_text(page, "#fill-status", "No complete fill")
    assert re.search(
        r"Fill estimate at minimum score 100: -\d+(\.\d)? bits \(proved to have no fill\); "
        r"\+\d+(\.\d)? bits from the whole list\. Tightest slots: \d+[AD]",
        text,
    ), text


def test_api_errors_are_shown_in_words(page: Any) -> None:
    page.wait_for_function("document.querySelectorAll('#puzzle-type option').length > 1")
    types = page.eval_on_selector_all("#puzzle-type option", "options => options.map(o => o.value)")
    assert types == ["american", "canadian"]  # the crossword types of GET /v1/plugins
    new_grid(page, 5, 5)
    set_block(page, 0, 2)  # with its twin, leaves 2-letter entries: against the rules
    open_tab(page, "fill")
    page.click("#fill-start")
    page.wait_for_selector("#message:not([hidden])", timeout=WAIT_MS)
    assert "rules" in page.inner_text("#message")


def test_fits_a_phone_screen(browser: Any, page_server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        phone = context.new_page()
        phone.goto(page_server)
        phone.wait_for_selector("html[data-ready]")
        overflow = phone.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
        box = phone.locator("#grid").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    finally:
        context.close()


def test_design_tab_sends_the_request_and_shows_why_it_cannot_be_met(page: Any) -> None:
    open_tab(page, "design")
    page.fill("#design-theme", "ONCEINABLUEMOON\nUNDERTHEWEATHER")
    page.fill("#design-rows", "7")
    page.fill("#design-cols", "7")
    page.click("#design-start")
    text = wait_text(page, "#message", "Could not design")
    assert "ONCEINABLUEMOON has 15 letters, too long for a 7x7 grid" in text
    assert "(400 impossible_design)" in text
    assert page.locator("#design-list li").count() == 0


def test_design_tab_offers_the_best_unfilled_patterns_when_no_design_fills(page: Any) -> None:
    """The request goes out with fills allowed one search node (added on its way), so
    every fill gives up: the tab lists the best patterns and loads one into the grid."""

    def one_node(route: Any) -> None:
        body = json.loads(route.request.post_data)
        body["options"]["max_nodes"] = 1
        route.continue_(post_data=json.dumps(body))

    page.route("**/v1/designs", one_node)
    open_tab(page, "design")
    page.fill("#design-theme", "HOUSE")
    page.fill("#design-rows", "9")
    page.fill("#design-cols", "9")
    page.fill("#design-timeout", "3")
    page.click("#design-start")
    wait_text(page, "#design-status", "No design")
    assert "The best patterns, unfilled" in page.inner_text("#design-status")
    first = page.locator("#design-list li button").first
    assert first.inner_text().startswith("Pattern 1 (fill ran out of time): ")
    first.click()
    rows = letters(page)
    assert len(rows) == 9 and sum("HOUSE" in row for row in rows) == 1
    assert set("".join(rows)) <= {".", "#", *"HOUSE"}
