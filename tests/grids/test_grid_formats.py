from __future__ import annotations

import json
from pathlib import Path

import puz
import pytest

from crossforge.grids.crossword_file import CrosswordFile
from crossforge.grids.formats import FormatError, dump, dumps, load, loads
from crossforge.grids.formats.across_lite import checksum
from crossforge.grids.model import Grid

FILLED = Grid.from_rows(["#CAT", "AREA", "HALO", "ANT#"], circled=[(1, 1), (2, 2)], shaded=[(3, 0)])
CLUES = {
    "1A": "Pet that purrs",
    "4A": "Region",
    "5A": "Saint's ring",
    "6A": "Picnic pest",
    "1D": "Auto",
    "2D": "Heavy weight",
    "3D": "Tenth Greek letter, informally",
    "4D": "Laugh sound",
}
PUZZLE = CrosswordFile(
    FILLED,
    CLUES,
    title="Tiny",
    author="Crossforge tests",
    copyright="© 2026",
    notes="Circles spell RL.",
)


def test_puzzle_rejects_clues_for_missing_slots() -> None:
    with pytest.raises(FormatError, match="clue 9A names no slot"):
        CrosswordFile(FILLED, {"9A": "nothing"})


@pytest.mark.parametrize("fmt", ["json", "ipuz", "xd", "puz"])
def test_round_trip_keeps_clues_and_metadata(fmt: str) -> None:
    back = loads(dumps(PUZZLE, fmt), fmt)
    assert back.clues == PUZZLE.clues
    assert (back.title, back.author, back.copyright, back.notes) == (
        PUZZLE.title,
        PUZZLE.author,
        PUZZLE.copyright,
        PUZZLE.notes,
    )
    assert back.grid.rows == FILLED.rows
    assert back.grid.circled == FILLED.circled
    assert back.grid.shaded == FILLED.shaded


@pytest.mark.parametrize("fmt", ["text", "json", "ipuz", "xd", "puz"])
def test_round_trip_of_a_blank_grid_with_missing_clues(fmt: str) -> None:
    grid = Grid.from_rows(["...#", "....", "#..."], circled=[(0, 0)])
    puzzle = CrosswordFile(grid, {"1D": "only clue"} if fmt != "text" else {})
    assert loads(dumps(puzzle, fmt), fmt) == puzzle


def test_text_round_trip_keeps_both_marks(tmp_path: Path) -> None:
    path = tmp_path / "grid.txt"
    dump(PUZZLE, path)
    assert load(path) == CrosswordFile(FILLED)


def test_json_example_shape() -> None:
    data = json.loads(dumps(PUZZLE, "json"))
    assert data["grid"] == ["#CAT", "AREA", "HALO", "ANT#"]
    assert data["circled"] == [[1, 1], [2, 2]]
    assert data["clues"]["1A"] == "Pet that purrs"
    assert data["entries"][0] == {
        "id": "1A",
        "number": 1,
        "direction": "across",
        "row": 0,
        "col": 1,
        "length": 3,
        "answer": "CAT",
        "clue": "Pet that purrs",
    }


def test_puzpy_reads_our_puz_and_checks_every_checksum(tmp_path: Path) -> None:
    path = tmp_path / "tiny.puz"
    dump(PUZZLE, path)
    theirs = puz.read(str(path))  # raises on any wrong checksum
    assert theirs.title == "Tiny" and theirs.author == "Crossforge tests"
    assert theirs.copyright == "© 2026" and theirs.notes == "Circles spell RL."
    assert theirs.solution == ".CATAREAHALOANT."
    numbering = theirs.clue_numbering()
    assert [c["clue"] for c in numbering.across] == [CLUES[k] for k in ("1A", "4A", "5A", "6A")]
    assert [c["clue"] for c in numbering.down] == [CLUES[k] for k in ("1D", "2D", "3D", "4D")]
    # circles at cells 5 and 10; the shaded cell 12 shows as a circle to other readers
    assert theirs.markup().get_markup_squares(puz.GridMarkup.Circled) == [5, 10, 12]
    # and their bytes equal ours when they write the same puzzle back
    assert theirs.tobytes() == path.read_bytes()


def test_we_read_what_puzpy_writes(tmp_path: Path) -> None:
    theirs = puz.Puzzle()
    theirs.title, theirs.author = "From puzpy", "Someone"
    theirs.copyright, theirs.notes = "(c) 2026", ""
    theirs.width, theirs.height = 3, 3
    theirs.solution = "ABC" + "D.E" + "FGH"
    theirs.fill = "---" + "-.-" + "---"
    theirs.clues = ["1A clue", "1D clue", "2D clue", "3A clue"]
    path = tmp_path / "theirs.puz"
    theirs.save(str(path))
    ours = load(path)
    assert ours.grid.rows == ("ABC", "D#E", "FGH")
    assert ours.title == "From puzpy" and ours.notes == ""
    assert ours.clues == {"1A": "1A clue", "1D": "1D clue", "2D": "2D clue", "3A": "3A clue"}


def test_checksum_matches_puzpy() -> None:
    data = bytes(range(256)) * 3
    assert checksum(data, 7) == puz.data_cksum(data, 7)


def test_non_latin_text_goes_to_version_two() -> None:
    grid = Grid.from_rows(["AB", "CD"])
    puzzle = CrosswordFile(grid, {"1A": "Подсказка"}, title="Кроссворд")
    data = dumps(puzzle, "puz")
    assert data[0x18:0x1C] == b"2.0\x00"
    assert puz.load(data).title == "Кроссворд"
    assert loads(data, "puz") == puzzle
    cyrillic = r"Cyrillic letters \(Б, В, Г, Я; first at cell \(0, 0\)\): write it as \.ipuz, \.xd"
    with pytest.raises(FormatError, match=cyrillic):
        dumps(CrosswordFile(Grid.from_rows(["ЯБ", "ВГ"])), "puz")
    with pytest.raises(FormatError, match=r"other letters \(ア; first at cell \(1, 1\)\)"):
        dumps(CrosswordFile(Grid.from_rows(["AB", "Cア"])), "puz")


def test_puz_with_a_wrong_checksum_names_the_byte() -> None:
    data = bytearray(dumps(PUZZLE, "puz"))
    data[0] ^= 0xFF
    with pytest.raises(FormatError, match="global checksum at byte 0"):
        loads(bytes(data), "puz")
    data = bytearray(dumps(PUZZLE, "puz"))
    data[52 + 16 + 16 + 1] ^= 0x01  # a letter of the title
    with pytest.raises(FormatError, match="masked low checksum at byte 16"):
        loads(bytes(data), "puz")
    data = bytearray(dumps(PUZZLE, "puz"))
    data[-3] ^= 0x80  # a GEXT flag
    with pytest.raises(FormatError, match=r"section 'GEXT' checksum at byte \d+"):
        loads(bytes(data), "puz")


def test_puz_cut_short_names_the_offset() -> None:
    data = dumps(PUZZLE, "puz")
    with pytest.raises(FormatError, match="cut short at byte 30: the header needs 52 bytes"):
        loads(data[:30], "puz")
    with pytest.raises(FormatError, match="cut short at byte 60: the solution grid"):
        loads(data[:60], "puz")
    with pytest.raises(FormatError, match="cut short at byte 100: author from byte 89"):
        loads(data[:100], "puz")
    end = len(data) - 5
    with pytest.raises(FormatError, match=f"cut short at byte {end}: section 'GEXT' needs 17"):
        loads(data[:end], "puz")
    with pytest.raises(FormatError, match="byte 2: no ACROSS&DOWN"):
        loads(b"hello world", "puz")


def test_bad_files_name_the_file_and_line(tmp_path: Path) -> None:
    ragged = tmp_path / "ragged.txt"
    ragged.write_text("...\n..\n")
    with pytest.raises(FormatError, match=r"ragged.txt: line 2: row has 2 cells"):
        load(ragged)
    with pytest.raises(FormatError, match="unknown extension '.doc'"):
        load(tmp_path / "grid.doc")


@pytest.mark.parametrize(
    ("data", "fmt", "message"),
    [
        (b"..!\n", "text", "line 1, column 3: unknown character '!'"),
        (b".\xff.\n", "text", "byte 1: not valid UTF-8"),
        (b'{"grid": 3}', "json", "field 'grid'"),
        (b"{oops", "json", "line 1, column 2"),
        (b'{"grid": ["..", ".."], "width": 9}', "json", "field 'width' is 9"),
        (b'{"kind": ["http://ipuz.org/sudoku#1"]}', "ipuz", "is not a crossword"),
        (b"Title: x\n\n\nABC\nDE\n", "xd", "line 5: grid row has 2 cells, expected 3"),
        (b"Title: x\n\n\nAB\nCD\n\n\nA1 no tilde\n", "xd", "line 8: expected a clue"),
    ],
)
def test_bad_input_names_the_place(data: bytes, fmt: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        loads(data, fmt)


def test_xd_with_headers_and_special_cells() -> None:
    text = (
        "## Metadata\nTitle: Headed\nSpecial: shaded\n\n## Grid\naB\nCD\n\n"
        "## Clues\nA1. First ~ AB\nA1 ^Refs: D1\nA3. Second ~ CD\n\nD1. Down ~ AC\n"
        "D2. Other ~ BD\n\n## Notes\nline one\n\nline three\n"
    )
    puzzle = loads(text.encode(), "xd")
    assert puzzle.title == "Headed"
    assert puzzle.grid.rows == ("AB", "CD") and puzzle.grid.shaded == {(0, 0)}
    assert puzzle.clues == {"1A": "First", "3A": "Second", "1D": "Down", "2D": "Other"}
    assert puzzle.notes == "line one\n\nline three"


def test_ipuz_written_by_another_tool() -> None:
    document = {
        "version": "http://ipuz.org/v1",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 2},
        "title": "Other tool",
        "block": "#",
        "empty": "0",
        "puzzle": [[{"cell": 1, "style": {"shapebg": "circle"}}, 2, "#"], [3, "0", None]],
        "solution": [[{"value": "A"}, "B", "#"], ["C", None, None]],
        "clues": {"Across": [{"number": 1, "clue": "First"}], "Down": [[1, "Down one"]]},
    }
    puzzle = loads(json.dumps(document).encode(), "ipuz")
    assert puzzle.grid.rows == ("AB#", "C.#")
    assert puzzle.grid.circled == {(0, 0)}
    assert puzzle.clues == {"1A": "First", "1D": "Down one"}
    assert puzzle.title == "Other tool"
