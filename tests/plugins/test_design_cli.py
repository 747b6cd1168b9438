"""`crossforge design` and the design engine behind it: every design passes the grid
rules and its symmetry (checked by ``crossforge.grids.rules``), holds its theme entries
in symmetric slots, and is filled; a request that cannot be met says why."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from design_list import store_every_word

from crossforge.grids.model import Grid
from crossforge.grids.rules import check, check_symmetry, mirror_cell
from crossforge.server.cli import main

NINE = "ABCCBAABC"
"""Nine letters: longer than any word of the list, so never in it."""


@pytest.fixture
def abc_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A SQLite store holding list ``abc`` (``design_list``), pointed at by the env."""
    url = f"sqlite:///{tmp_path / 'words.db'}"
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", url)
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path / "instance"))
    return store_every_word(url)


def design(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    code = main(["design", "--list", "abc", "--json", "--timeout", "15", "--seed", "3",
                 "--max-block-share", "0.3", *args])  # fmt: skip
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out else {}, captured.err


def theme_cells(found: dict[str, Any], entry: dict[str, Any]) -> list[tuple[int, int]]:
    answer = entry["answer"]
    r, c = entry["row"], entry["col"]
    step = (0, 1) if entry["direction"] == "across" else (1, 0)
    return [(r + i * step[0], c + i * step[1]) for i in range(len(answer))]


def assert_sound(found: dict[str, Any], symmetry: str = "rotational") -> Grid:
    """The design passes the rules module, is filled and holds each theme entry."""
    grid = Grid.from_rows(found["grid"])
    assert check(grid, "american", symmetry=symmetry) == []
    assert all(ch == "#" or ch.isalpha() for row in grid.rows for ch in row)
    words = {(e["number"], e["direction"]): e["word"] for e in found["entries"]}
    for entry in found["theme"]:
        assert words[(entry["number"], entry["direction"])] == entry["answer"]
        cells = theme_cells(found, entry)
        assert "".join(grid.rows[r][c] for r, c in cells) == entry["answer"]
    stats = found["statistics"]
    assert stats["words"] == len(grid.slots(3)) == len(found["entries"])
    assert stats["blocks"] == len(grid.blocks())
    return grid


def test_three_entries_go_in_symmetric_slots_and_the_design_fills(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, answer, _ = design(
        capsys, "--size", "11x11", "--theme", "ABCAB", "--theme", NINE, "--theme", "CBACB"
    )
    assert code == 0, answer
    assert answer["status"] == "designed" and len(answer["designs"]) == 1
    found = answer["designs"][0]
    grid = assert_sound(found)
    theme = {entry["answer"]: entry for entry in found["theme"]}
    assert theme[NINE]["row"] == 5 and theme[NINE]["in_list"] is False  # the centre row
    assert theme["ABCAB"]["in_list"] is True
    first, second = (set(theme_cells(found, theme[a])) for a in ("ABCAB", "CBACB"))
    assert {mirror_cell(11, 11, cell) for cell in first} == second  # a mirrored pair
    assert theme["ABCAB"]["row"] < theme["CBACB"]["row"]  # in the order given
    shaded = {tuple(cell) for cell in found["shaded"]}
    assert shaded == first | second | set(theme_cells(found, theme[NINE]))
    assert found["objective"]["min_score"] >= 40 and grid.is_filled


def test_mirror_symmetry_down_and_a_fixed_position(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, answer, _ = design(
        capsys, "--size", "11x11", "--theme", "ABCAB", "--theme", "BCABC", "--symmetry", "mirror",
        "--down", "--marks", "circled", "--count", "2", "--max-words", "50",
    )  # fmt: skip
    assert code == 0, answer
    assert 1 <= len(answer["designs"]) <= 2
    for found in answer["designs"]:
        grid = assert_sound(found, "mirror")
        assert check_symmetry(grid, "mirror") == []
        entries = found["theme"]
        assert {entry["direction"] for entry in entries} == {"down"}
        cells = [set(theme_cells(found, entry)) for entry in entries]
        assert {mirror_cell(11, 11, cell, "mirror") for cell in cells[0]} == cells[1]
        assert found["circled"] and not found["shaded"]
    if len(answer["designs"]) == 2:
        assert answer["designs"][0]["grid"] != answer["designs"][1]["grid"]
    code, answer, _ = design(
        capsys, "--size", "11x11", "--theme", "CABCABC@2,0,across", "--max-words", "50"
    )
    assert code == 0, answer
    [entry] = answer["designs"][0]["theme"]
    assert (entry["row"], entry["col"], entry["direction"]) == (2, 0, "across")
    assert answer["designs"][0]["grid"][2][:8] == "CABCABC#"
    assert_sound(answer["designs"][0])


def test_themeless_designs_stay_within_the_word_count(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, answer, _ = design(capsys, "--size", "11x11", "--max-words", "40")
    assert code == 0, answer
    found = answer["designs"][0]
    assert_sound(found)
    assert 40 - 6 <= found["statistics"]["words"] <= 40 and found["theme"] == []


def test_requests_that_cannot_be_met_say_why(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = design(capsys, "--size", "7x7", "--theme", NINE)
    assert code == 1 and "9 letters, too long for a 7x7 grid" in err
    code, answer, _ = design(capsys, "--size", "11x11", "--theme", NINE, "--max-words", "8")
    assert code == 3 and answer["status"] == "no_design" and answer["designs"] == []
    assert "no pattern within the word limit" in answer["reason"]
    code, _, err = design(capsys, "--theme", "ABCAB@3,12,across")
    assert code == 1 and "runs off the grid" in err
    code, _, err = design(capsys, "--size", "9x9", *["--theme=ABCABCA"] * 5)
    assert code == 1 and "find no symmetric across slots" in err
    code, _, err = design(capsys, "--size", "11x11", "--max-words", "67")  # 11 * 3 * 2 = 66
    assert code == 1 and "11x11 grid holds at most 66 entries" in err


def test_a_theme_letter_no_crossing_word_holds_is_named_not_filled(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # X is in no word of the list: every down through it is dead before any fill
    code, answer, _ = design(capsys, "--size", "11x11", "--theme", "ABCXCBA", "--timeout", "3")
    assert code == 3 and answer["status"] == "no_design"
    assert answer["stats"]["patterns_dead"] > 0 and answer["stats"]["fills_tried"] == 0
    assert "has a slot no word of the list fits at min_score" in answer["reason"]
    hard = r"the down slot \.*X\.* from row \d+, column 5 \(from 0\) through ABCXCBA keeps 0 words"
    assert re.search(hard, answer["reason"]), answer["reason"]


def test_the_report_and_output_file(
    abc_words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "best.ipuz"
    code = main(["design", "--list", "abc", "--size", "11x11", "--theme", NINE, "-o", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and text.startswith("status: designed")
    assert "design 1:" in text and f"{NINE} (not in the list)" in text
    from crossforge.grids.formats import load

    assert any(NINE in row for row in load(out).grid.rows)


def test_a_large_set_crowding_its_across_lines_places_pairs_down_too(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # three pairs find no across lines one apart on 13x13: some pairs go down
    theme = ["ABCABCA", "CBACBAC", "AABBCAB", "CCBBACB", "BACCABA", "ACBBCAC"]
    code, answer, _ = design(
        capsys, "--size", "13x13", "--max-words", "90", *(a for t in theme for a in ("--theme", t))
    )
    assert code == 0, answer
    found = answer["designs"][0]
    assert_sound(found)
    entries = found["theme"]
    assert sorted(entry["answer"] for entry in entries) == sorted(theme)
    assert {entry["direction"] for entry in entries} == {"across", "down"}
    slots = {frozenset(theme_cells(found, entry)): entry["direction"] for entry in entries}
    for cells, direction in slots.items():  # a down entry mirrored by a down entry
        assert slots[frozenset(mirror_cell(13, 13, cell) for cell in cells)] == direction


def test_without_a_design_the_report_shows_the_best_unfilled_patterns(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["design", "--list", "abc", "--timeout", "3", "--seed", "3", "--size", "11x11",
          "--max-block-share", "0.3", "--theme", NINE, "--param", "max_nodes=1"])  # fmt: skip
    text = capsys.readouterr().out
    assert code == 3 and text.startswith("status: no_design")
    assert "pattern 1, not filled (its fill ran out of time): " in text
    grid = text.split("pattern 1, not filled", 1)[1].split("\n")[1:12]
    assert any(NINE in row for row in grid) and all(len(row) == 11 for row in grid)


def test_a_design_reads_its_lists_layered_as_a_fill_does(
    abc_words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--list`` repeated layers lists, top first: a theme answer that only the second
    list holds is in what the design read (a design took the layers for one list's name
    and failed, where a fill layered them)."""
    from crossforge.wordbase.store import WordStore

    with WordStore() as store:
        store.create_list("mine")
        store.put_entry("mine", NINE, 60)
    code, answer, _ = design(capsys, "--size", "11x11", "--theme", NINE, "--list", "mine")
    assert code == 0, answer
    (theme,) = answer["designs"][0]["theme"]
    assert theme["answer"] == NINE and theme["in_list"] is True
    assert_sound(answer["designs"][0])
