"""Puzzle files as other programs write them: each feature of the .puz, .ipuz and .xd
formats is either read (and round-trips) or refused with an error naming it. Files of
other programs are made with puzpy (an independent .puz library) or written out by hand
from the format's documentation; what we write is checked with puzpy and with the
`ipuz` package's validator."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipuz
import puz
import pytest

from crossforge.grids.crossword_file import CrosswordFile
from crossforge.grids.formats import FormatError, GridTooLarge, dumps, load, loads
from crossforge.grids.model import Grid


def puzpy_puzzle(**fields: Any) -> puz.Puzzle:
    """A 3x3 puzzle as puzpy writes it (one block in the middle), ``fields`` changed."""
    theirs = puz.Puzzle()
    theirs.title, theirs.author, theirs.copyright, theirs.notes = "Theirs", "Them", "", ""
    theirs.width, theirs.height = 3, 3
    theirs.solution, theirs.fill = "ABCD.EFGH", "----.----"
    theirs.clues = ["1A clue", "1D clue", "2D clue", "3A clue"]
    for name, value in fields.items():
        setattr(theirs, name, value)
    return theirs


# .puz -------------------------------------------------------------------------------------


def test_puz_rebus_cells_written_by_puzpy_are_read() -> None:
    theirs = puzpy_puzzle(solution="ABCD.HFGH")
    theirs.rebus().add_rebus_squares(5, "HEART")
    theirs.rebus().add_rebus_squares(0, "ACE")
    puzzle = loads(theirs.tobytes(), "puz")
    assert puzzle.rebus == {(0, 0): "ACE", (1, 2): "HEART"}
    assert puzzle.grid.rows == ("ABC", "D#H", "FGH")
    assert puzzle.answer(puzzle.grid.slot("2D")) == "CHEARTH"


def test_puz_rebus_key_missing_from_the_table_is_named() -> None:
    theirs = puzpy_puzzle()
    theirs.rebus().add_rebus_squares(5, "HEART")
    theirs.rebus().solutions = {7: "CLUB"}
    with pytest.raises(FormatError, match=r"cell \(1, 2\) names rebus key 0, which the RTBL"):
        loads(theirs.tobytes(), "puz")


def test_puz_and_ipuz_rebus_and_circles_round_trip_through_independent_readers() -> None:
    grid = Grid.from_rows(["HAT", "E#O", "NAP"], circled=[(0, 0), (2, 2)], shaded=[(1, 0)])
    rebus = {(0, 0): "HEART", (2, 2): "PIE"}
    puzzle = CrosswordFile(grid, {"1A": "Hearty hat"}, title="Rebus", rebus=rebus)
    data = dumps(puzzle, "puz")
    theirs = puz.load(data)
    assert theirs.has_rebus()
    assert theirs.rebus().get_rebus_solution(0) == "HEART"
    assert theirs.rebus().get_rebus_solution(8) == "PIE"
    assert theirs.rebus().get_rebus_squares() == [0, 8]
    assert theirs.markup().get_markup_squares() == [0, 3, 8]  # the shading shows as a circle
    assert theirs.tobytes() == data
    assert loads(data, "puz") == puzzle
    document = ipuz.read(dumps(puzzle, "ipuz").decode())  # raises on any invalid field
    assert document["solution"][0][0] == "HEART" and document["solution"][2][2] == "PIE"
    assert document["puzzle"][0][0]["style"] == {"shapebg": "circle"}
    assert loads(dumps(puzzle, "ipuz"), "ipuz") == puzzle
    assert loads(dumps(puzzle, "json"), "json") == puzzle


@pytest.mark.parametrize("fmt", ["xd", "text"])
def test_formats_without_rebus_refuse_to_drop_its_letters(fmt: str) -> None:
    puzzle = CrosswordFile(Grid.from_rows(["HA", "EB"]), rebus={(0, 0): "HEART"})
    with pytest.raises(FormatError, match=rf"\(0, 0\) holds 'HEART': the {fmt} format keeps one"):
        dumps(puzzle, fmt)


@pytest.mark.parametrize(
    ("rebus", "message"),
    [
        ({(1, 1): "AB"}, r"\(1, 1\) is not an open cell"),
        ({(0, 0): "H"}, "'H' is not two or more letters"),
        ({(0, 0): "AB"}, "the grid holds 'H', not the rebus's first letter"),
    ],
)
def test_rebus_cells_are_checked(rebus: dict[tuple[int, int], str], message: str) -> None:
    with pytest.raises(FormatError, match=message):
        CrosswordFile(Grid.from_rows(["HA", "E#"]), rebus=rebus)


def test_puz_locked_solutions_are_refused() -> None:
    theirs = puzpy_puzzle()
    theirs.lock_solution(1234)
    with pytest.raises(FormatError, match="byte 50: the solution is scrambled"):
        loads(theirs.tobytes(), "puz")


def test_puz_diagramless_reads_as_its_grid() -> None:
    theirs = puzpy_puzzle(puzzletype=puz.PuzzleType.Diagramless, solution="ABCD:EFGH")
    puzzle = loads(theirs.tobytes(), "puz")
    assert puzzle.grid.rows == ("ABC", "D#E", "FGH")
    assert puzzle.clues["3A"] == "3A clue"


def test_puz_version_one_text_is_windows_1252() -> None:
    """Across Lite writes curly quotes and dashes as Windows-1252 bytes 0x80-0x9F."""
    theirs = puzpy_puzzle(clues=["It’s “quoted”", "1D", "2D", "3A – dash"], encoding="cp1252")
    data = theirs.tobytes()
    assert b"\x92" in data and data[0x18:0x1B] == b"1.3"
    puzzle = loads(data, "puz")
    assert puzzle.clues["1A"] == "It’s “quoted”" and puzzle.clues["3A"] == "3A – dash"


def test_puz_version_two_grid_letters_of_two_bytes_are_refused() -> None:
    theirs = puzpy_puzzle(solution="Ã\x84CD.EFGH")
    theirs.set_version("2.0")
    theirs.encoding = "latin-1"  # so that puzpy writes the two bytes it would refuse
    with pytest.raises(FormatError, match="at byte 52: 8 letters in 9 bytes; .* one byte"):
        loads(theirs.tobytes(), "puz")  # the bytes C3 84 are UTF-8 'Ä' in version 2.0


def test_puz_text_with_c1_controls_is_written_as_version_two() -> None:
    puzzle = CrosswordFile(Grid.from_rows(["AB", "CD"]), title="odd \x92 byte", notes="ÿ")
    data = dumps(puzzle, "puz")
    assert data[0x18:0x1C] == b"2.0\x00"
    assert loads(data, "puz") == puzzle


def test_puz_circles_written_by_puzpy_are_read() -> None:
    theirs = puzpy_puzzle()
    theirs.markup().set_markup_squares([0, 8], puz.GridMarkup.Circled)
    theirs.markup().set_markup_squares([1], puz.GridMarkup.Revealed)  # solver state: ignored
    puzzle = loads(theirs.tobytes(), "puz")
    assert puzzle.grid.circled == {(0, 0), (2, 2)} and not puzzle.grid.shaded


def test_puz_non_square_round_trips_through_puzpy() -> None:
    grid = Grid.from_rows(["ABCDE", "FG#HI"])
    puzzle = CrosswordFile(grid, {"1A": "Five", "6A": "Two"}, title="Wide", notes="A note")
    data = dumps(puzzle, "puz")
    theirs = puz.load(data)
    assert (theirs.width, theirs.height, theirs.notes) == (5, 2, "A note")
    assert theirs.tobytes() == data
    assert loads(data, "puz") == puzzle


def test_puz_header_size_is_checked_before_the_grid_is_read() -> None:
    data = bytearray(dumps(CrosswordFile(Grid.from_rows(["AB", "CD"])), "puz"))
    data[0x2C] = data[0x2D] = 255
    with pytest.raises(FormatError, match="cut short.*solution grid needs 65025 bytes"):
        loads(bytes(data), "puz")
    with pytest.raises(GridTooLarge, match="the grid is 255x255; the largest allowed is 25x25"):
        loads(bytes(data), "puz", max_side=25)


def test_puz_wrong_checksums_are_refused_not_repaired() -> None:
    """Documented choice: a wrong checksum is an error naming it (as puzpy does)."""
    data = bytearray(dumps(CrosswordFile(Grid.from_rows(["AB", "CD"]), title="T"), "puz"))
    data[0x0E] ^= 1
    with pytest.raises(FormatError, match="CIB checksum at byte 14"):
        loads(bytes(data), "puz")


# .ipuz ------------------------------------------------------------------------------------


def ipuz_document(**fields: Any) -> dict[str, Any]:
    """A 2x3 ipuz crossword as other tools write it, ``fields`` changed."""
    document: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 2},
        "puzzle": [[1, 2, 3], [4, 0, 0]],
        "solution": [["C", "A", "T"], ["O", "R", "E"]],
        "clues": {"Across": [[1, "Pet"], [4, "Metal source"]], "Down": []},
    }
    document.update(fields)
    return document


def read_ipuz(document: Any) -> CrosswordFile:
    return loads(json.dumps(document).encode(), "ipuz")


def test_ipuz_cells_of_every_documented_form() -> None:
    document = ipuz_document(
        block="X",
        empty="_",
        puzzle=[[{"cell": 1, "style": "round"}, "X", None], ["_", {"cell": 0}, {"value": "C"}]],
        solution=[[{"value": "A"}, None, None], [None, "B", None]],
        styles={"round": {"shapebg": "circle"}},
        clues={},
    )
    puzzle = read_ipuz(document)
    assert puzzle.grid.rows == ("A##", ".BC")
    assert puzzle.grid.circled == {(0, 0)}


@pytest.mark.parametrize(
    "clues",
    [
        {"Across": [[1, "Pet"], [4, "Metal source"]]},
        {"Across": [["1", "Pet"], {"number": "4", "clue": "Metal source", "enumeration": "3"}]},
        {"Across:Across": [[1, "Pet"]], "Across:Theme": [{"number": 4, "clue": "Metal source"}]},
    ],
    ids=["pairs", "objects and digit strings", "labelled lists"],
)
def test_ipuz_clue_lists_in_every_form(clues: dict[str, Any]) -> None:
    assert read_ipuz(ipuz_document(clues=clues)).clues == {"1A": "Pet", "4A": "Metal source"}


def test_ipuz_kind_with_a_version_url_and_jsonp_wrapping() -> None:
    document = ipuz_document(kind=["http://ipuz.org/crossword/crypticcrossword#1"])
    wrapped = b"ipuz(" + json.dumps(document).encode() + b")\n"
    assert loads(wrapped, "ipuz").grid.rows == ("CAT", "ORE")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"solution": [["C", ["A", "B"], "T"], ["O", "R", "E"]]}, "row 0, column 1: a list"),
        ({"clues": {"Diagonal": [[1, "x"]]}}, "'Diagonal' clues are not supported"),
        ({"clues": {"Across": [{"numbers": [1, 4], "clue": "x"}]}}, "clue of several entries"),
        ({"clues": {"Across": ["No number"]}}, "unreadable clue 'No number'"),
        ({"clues": {"Across": [["1a", "x"]]}}, "clue number '1a' is not a number"),
        ({"clues": {"Across": [[9, "x"]]}}, "clue 9A names no slot"),
        ({"title": ["not", "text"]}, "field 'title': expected text"),
        ({"dimensions": {"width": 0, "height": 2}}, "width 0 is not a positive integer"),
        ({"dimensions": {"width": 3, "height": -2}}, "height -2 is not a positive integer"),
        ({"dimensions": {"width": True, "height": 2}}, "width True is not a positive integer"),
        ({"dimensions": {"width": "3", "height": 2}}, "width '3' is not a positive integer"),
        ({"puzzle": [[1, 2, 3]]}, "field 'puzzle': expected 2 rows"),
        ({"solution": [["C", "A"], ["O", "R", "E"]]}, "field 'solution', row 0: expected 3"),
        ({"solution": "CATORE"}, "field 'solution': expected 2 rows"),
        ({"kind": "http://ipuz.org/crossword#1"}, "field 'kind'"),
    ],
)
def test_ipuz_features_we_do_not_read_are_named(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(FormatError, match=message):
        read_ipuz(ipuz_document(**fields))


def test_ipuz_rebus_cells_are_read() -> None:
    puzzle = read_ipuz(ipuz_document(solution=[["C", "AT", "T"], ["O", "R", "E"]]))
    assert puzzle.rebus == {(0, 1): "AT"} and puzzle.grid.rows == ("CAT", "ORE")


def test_ipuz_declared_size_is_checked_before_anything_is_allocated() -> None:
    document = ipuz_document(dimensions={"width": 100_000, "height": 100_000}, puzzle=[])
    del document["solution"]
    with pytest.raises(GridTooLarge, match="100000x100000; the largest allowed is 255x255"):
        read_ipuz(document)


# .xd --------------------------------------------------------------------------------------


def test_xd_metadata_unicode_and_irregular_shapes() -> None:
    text = (
        "Title: Ünïcödé\nAuthor: Zoë\nEditor: Someone\nDate: 2026-01-01\nCopyright: © 2026\n"
        "\n\n_ÄB\nÇDÉ\n\n\nA1. Straße ~ ÄB\nA3. Çà et là ~ ÇDÉ\n\nD1. ~ ÄD\nD2. Beta ~ BÉ\n"
    )
    puzzle = loads(text.encode(), "xd")
    assert puzzle.grid.rows == ("#ÄB", "ÇDÉ")
    assert (puzzle.title, puzzle.author, puzzle.copyright) == ("Ünïcödé", "Zoë", "© 2026")
    assert puzzle.clues == {"1A": "Straße", "3A": "Çà et là", "2D": "Beta"}
    assert loads(dumps(puzzle, "xd"), "xd") == puzzle


def test_xd_clue_text_may_hold_a_tilde_and_markup() -> None:
    text = "Title: t\n\n\nAB\nCD\n\n\nA1. {/About/} ~5 ~ AB\n"
    assert loads(text.encode(), "xd").clues == {"1A": "{/About/} ~5"}


def test_xd_long_lines_read_in_linear_time() -> None:
    """Regular expressions for clue lines, headers and style rules backtracked
    cubically or quadratically: a clue line of 2,000 spaces took 68 s. These files must
    read at once."""
    spaces = " " * 200_000
    text = (
        f"## Metadata{spaces}\nTitle: t\n\n## Design\n<style>{'a' * 200_000} "
        f"O {{ background: circle }}</style>\n\nO.\nCD\n\n## Grid\nAB\nCD\n\n"
        f"## Clues\nA1. a{spaces}~{spaces}~ AB\nA3. b{spaces}\nD1. ~ AC\n"
    )
    with pytest.raises(FormatError, match="line 16: expected a clue"):
        loads(text.encode(), "xd")
    readable = text.replace(f"A3. b{spaces}", "A3. b ~ CD")
    assert loads(readable.encode(), "xd").clues["1A"] == f"a{spaces}~"


def test_xd_rebus_files_are_refused_naming_the_header() -> None:
    text = "Title: t\nRebus: 1=HEART 2=CLUB\n\n\n1B\nC2\n"
    with pytest.raises(FormatError, match=r"rebus cells \('Rebus: 1=HEART 2=CLUB'\)"):
        loads(text.encode(), "xd")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"title": "two\nlines"}, "title: an .xd file cannot hold a line break"),
        ({"clues": {"1A": "a\r\nb"}}, "clue 1A: an .xd file cannot hold a line break"),
        ({"notes": "fine\n## Grid\nnot a grid"}, "notes: the line '## Grid' would read"),
    ],
)
def test_xd_writer_refuses_text_that_would_not_read_back(
    changes: dict[str, Any], message: str
) -> None:
    fields: dict[str, Any] = {"grid": Grid.from_rows(["AB", "CD"]), **changes}
    with pytest.raises(FormatError, match=message):
        dumps(CrosswordFile(**fields), "xd")


# Across Lite text ------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_across_lite_text_written_by_puzpy_reads_as_the_puzzle(version: str) -> None:
    rng = random.Random(version)
    for _ in range(40):
        puzzle = random_puzzle(rng, "puz")
        grid = puzzle.grid  # the text form circles letters (version 2), shades nothing
        circled = {cell for cell in grid.circled if grid.letter(*cell)} if version == "v2" else ()
        puzzle = CrosswordFile(
            Grid.from_rows(grid.rows, circled=circled),
            dict(puzzle.clues),
            **{
                key: getattr(puzzle, key).strip()
                for key in ("title", "author", "copyright", "notes")
            },
        )
        text = puz.to_text_format(puz.load(dumps(puzzle, "puz")), version)
        assert loads(text.encode(), "text") == puzzle


def test_across_lite_text_in_windows_1252() -> None:
    text = (
        "<ACROSS PUZZLE>\n<TITLE>\n\tIt’s “here”\n<SIZE>\n\t2x1\n<GRID>\n\tAB\n<ACROSS>\n\tA – B\n"
    )
    puzzle = loads(text.encode("cp1252"), "text")
    assert puzzle.title == "It’s “here”" and puzzle.clues == {"1A": "A – B"}


@pytest.mark.parametrize(
    ("body", "error", "message"),
    [
        ("<SIZE>\n2x2\n<GRID>\nA1\nCD\n<REBUS>\n1:ONE:O\n", FormatError, "rebus cells"),
        ("<SIZE>\n2x2\n<GRID>\nAB\n", FormatError, "<GRID>: 1 rows, <SIZE> says 2"),
        ("<SIZE>\n3x1\n<GRID>\nAB\n", FormatError, "line 5: 2 cells, <SIZE> says 3"),
        ("<SIZE>\n2x1\n<GRID>\nAB\n<ACROSS>\nx\ny\n", FormatError, "2 clues for 1 entries"),
        ("<SIZE>\nbig\n<GRID>\nAB\n", FormatError, "<SIZE>: expected one line"),
        ("<SIZE>\n0x0\n<GRID>\n", FormatError, "<SIZE>: 0x0 is empty"),
        ("<SIZE>\n100000x100000\n<GRID>\nAB\n", GridTooLarge, "100000x100000"),
        ("<SIZE>\n2x1\n<GRID>\nA!\n", FormatError, "unknown character '!'"),
        ("<SIZE>\n2x1\n<SIZE>\n2x1\n", FormatError, "line 4: a second <SIZE> section"),
    ],
)
def test_across_lite_text_problems_are_named(
    body: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        loads(f"<ACROSS PUZZLE>\n{body}".encode(), "text")


# every format -----------------------------------------------------------------------------

FORMATS = ["text", "json", "ipuz", "xd", "puz"]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÉÑØ"


def random_puzzle(rng: random.Random, fmt: str) -> CrosswordFile:
    """A random puzzle of the things every format holds: blocks, letters and empty cells
    (A-Z for .puz, whose UTF-8 version has one-byte letters only), marks on open cells,
    clues and metadata with Unicode."""
    height, width = rng.randint(1, 9), rng.randint(2, 9)
    letters = LETTERS if fmt != "puz" else LETTERS[:26]
    rows = [
        "".join(rng.choice(["#", ".", *letters * 2]) for _ in range(width)) for _ in range(height)
    ]
    rows[0] = "." + rows[0][1:]
    grid = Grid.from_rows(rows)
    open_cells = grid.open_cells()
    circled = rng.sample(open_cells, rng.randint(0, len(open_cells)))
    shaded = rng.sample(open_cells, rng.randint(0, len(open_cells)))
    grid = Grid.from_rows(rows, circled=circled, shaded=shaded)
    if fmt == "text":
        return CrosswordFile(grid)
    words = ["Straße", "“quoted”", "naïve", "x ~ y", "100%", "日本", "O'Neil", "-"]
    clues = {slot.id: " ".join(rng.sample(words, 3)) for slot in grid.slots() if rng.random() < 0.8}
    meta = {key: rng.choice(["", *words]) for key in ("title", "author", "copyright", "notes")}
    return CrosswordFile(grid, clues, **meta)


@pytest.mark.parametrize("fmt", FORMATS)
def test_random_puzzles_round_trip(fmt: str) -> None:
    rng = random.Random(fmt)
    for _ in range(150):
        puzzle = random_puzzle(rng, fmt)
        assert loads(dumps(puzzle, fmt), fmt) == puzzle


def test_random_puzzles_read_back_with_puzpy_and_validate_as_ipuz() -> None:
    rng = random.Random(7)
    for _ in range(100):
        puzzle = random_puzzle(rng, "puz")
        theirs = puz.load(dumps(puzzle, "puz"))  # every checksum checked
        assert theirs.title == puzzle.title and theirs.notes == puzzle.notes
        assert theirs.solution.replace(".", "#").replace("-", ".") == "".join(puzzle.grid.rows)
        document = ipuz.read(dumps(puzzle, "ipuz").decode())  # raises on any invalid field
        assert document["dimensions"] == {"width": puzzle.grid.width, "height": puzzle.grid.height}
        ipuz.read(dumps(odd_puzzle(rng), "ipuz").decode())  # marks on blocks, lower case


def mutations(data: bytes, rng: random.Random) -> list[bytes]:
    """Damaged copies of a file: cut short, bytes flipped, inserted, deleted, repeated."""
    out = []
    for _ in range(60):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(damaged) + 1)
            action = rng.choice(["cut", "flip", "insert", "delete", "repeat"])
            if action == "cut":
                del damaged[at:]
            elif action == "flip" and at < len(damaged):
                damaged[at] = rng.choice([0, 0xFF, 0x80, ord("#"), ord("\n"), rng.randrange(256)])
            elif action == "insert":
                damaged[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            elif action == "delete":
                del damaged[at : at + rng.randint(1, 8)]
            else:
                damaged[at:at] = damaged[at : at + rng.randint(1, 40)] * rng.randint(2, 50)
        out.append(bytes(damaged))
    return out


@pytest.mark.parametrize("fmt", FORMATS)
def test_damaged_files_read_or_fail_with_a_format_error(fmt: str) -> None:
    rng = random.Random(f"damage-{fmt}")
    for _ in range(10):
        data = dumps(random_puzzle(rng, fmt), fmt)
        for damaged in mutations(data, rng):
            try:
                loads(damaged, fmt, max_side=25)
            except FormatError as exc:
                assert str(exc)
            except GridTooLarge:
                pass


HUGE: list[tuple[str, Callable[[], bytes]]] = [
    ("text", lambda: b"." * 26),
    ("text", lambda: b".\n" * 26),
    ("json", lambda: json.dumps({"grid": ["." * 3] * 26}).encode()),
    ("ipuz", lambda: json.dumps(ipuz_document(dimensions={"width": 26, "height": 2})).encode()),
    ("xd", lambda: b"Title: t\n\n\n" + b"AB\n" * 26),
    ("puz", lambda: dumps(CrosswordFile(Grid.blank(26, 2)), "puz")),
]


@pytest.mark.parametrize(("fmt", "make"), HUGE, ids=[f for f, _ in HUGE])
def test_every_reader_takes_a_size_limit(fmt: str, make: Callable[[], bytes]) -> None:
    with pytest.raises(GridTooLarge, match="the largest allowed is 25x25"):
        loads(make(), fmt, max_side=25)


@pytest.mark.parametrize("fmt", ["json", "ipuz"])
def test_deeply_nested_json_is_a_format_error(fmt: str) -> None:
    with pytest.raises(FormatError, match="nested too deeply"):
        loads(b"[" * 100_000 + b"]" * 100_000, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
def test_binary_garbage_is_a_format_error(fmt: str) -> None:
    garbage = random.Random(fmt).randbytes(4096)
    with pytest.raises(FormatError):
        loads(garbage, fmt)


def test_load_refuses_a_file_too_large_to_be_a_puzzle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import crossforge.grids.formats as formats

    monkeypatch.setattr(formats, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.txt"
    path.write_bytes(b"." * 1001)
    with pytest.raises(FormatError, match="big.txt: larger than 1000 bytes"):
        load(path)
    path.write_text(".\n" * 300)
    with pytest.raises(FormatError, match="big.txt: the grid is at least 256x1"):
        load(path)


def test_text_no_file_can_hold_is_refused_by_name() -> None:
    grid = Grid.from_rows(["AB", "CD"])
    with pytest.raises(FormatError, match=r"title: character 1 is a lone surrogate"):
        CrosswordFile(grid, title="a\ud800")
    with pytest.raises(FormatError, match="clue 1A: a .puz file cannot hold a NUL"):
        dumps(CrosswordFile(grid, {"1A": "a\x00b"}), "puz")


def odd_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any type: what a careless or hostile writer may put in a field."""
    kinds = ["null", "bool", "int", "float", "text", "letter", "list", "object"]
    kind = rng.choice(kinds if depth < 2 else kinds[:6])
    if kind == "list":
        return [odd_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if kind == "object":
        keys = ["cell", "style", "value", "number", "clue", "width", "height", "x"]
        return {rng.choice(keys): odd_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    simple: dict[str, Any] = {
        "null": None,
        "bool": rng.random() < 0.5,
        "int": rng.choice([0, 1, -1, 3, 2**40]),
        "float": rng.choice([0.5, 1e300, -0.0]),
        "text": rng.choice(["", "#", "AB", "Across", "1", "\u0301"]),
        "letter": rng.choice("ABC"),
    }
    return simple[kind]


def replace_somewhere(value: Any, rng: random.Random) -> Any:
    """``value`` with one field or item, at any depth, replaced by an odd value."""
    if isinstance(value, dict) and value and rng.random() < 0.7:
        key = rng.choice(list(value))
        return {**value, key: replace_somewhere(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.7:
        at = rng.randrange(len(value))
        return [*value[:at], replace_somewhere(value[at], rng), *value[at + 1 :]]
    return odd_value(rng)


@pytest.mark.parametrize("fmt", ["json", "ipuz"])
def test_fields_of_any_json_type_read_or_fail_with_a_format_error(fmt: str) -> None:
    rng = random.Random(f"types-{fmt}")
    for _ in range(20):
        document = json.loads(dumps(random_puzzle(rng, fmt), fmt))
        for _ in range(50):
            odd = replace_somewhere(document, rng)
            try:
                loads(json.dumps(odd).encode(), fmt, max_side=25)
            except (FormatError, GridTooLarge) as exc:
                assert str(exc)


def test_puz_files_with_valid_checksums_and_odd_contents_read_or_fail_by_name() -> None:
    """puzpy writes the checksums of whatever it is given: odd sizes, clue counts,
    solution bytes and extra sections reach our reader past its checksum checks."""
    rng = random.Random("puz-contents")
    for _ in range(300):
        width, height = rng.randint(1, 6), rng.randint(1, 6)
        cells = width * height
        solution = "".join(
            rng.choice("ABCÉ.-" if rng.random() < 0.97 else ":#1 ") for _ in range(cells)
        )
        rows = [solution[r * width : (r + 1) * width] for r in range(height)]
        try:
            count = len(
                Grid.from_rows([row.replace(".", "#").replace("-", ".") for row in rows]).slots()
            )
        except ValueError:
            count = 0
        theirs = puzpy_puzzle(
            width=width,
            height=height,
            solution=solution,
            fill="".join("." if ch == "." else "-" for ch in solution),
            clues=["clue"] * (count if rng.random() < 0.8 else rng.randint(0, 2 * cells)),
        )
        for name in rng.sample([b"GEXT", b"GRBS", b"RTBL", b"LTIM", b"RUSR", b"ZZZZ"], 2):
            size = rng.choice([cells, cells, 0, 3])
            theirs.extensions[name] = bytes(rng.randrange(256) for _ in range(size))
        try:
            loads(theirs.tobytes(), "puz")
        except FormatError as exc:
            assert str(exc)


def what_survives(puzzle: CrosswordFile, fmt: str) -> CrosswordFile:
    """The part of a puzzle a format keeps: text keeps the grid alone; xd keeps no
    letter case (upper case, where a letter has one-character cases) and no spaces
    around metadata and clues."""
    if fmt == "text":
        return CrosswordFile(puzzle.grid)
    if fmt != "xd":
        return puzzle
    grid = puzzle.grid
    rows = ["".join(ch.upper() if len(ch.upper()) == 1 else ch for ch in row) for row in grid.rows]
    return CrosswordFile(
        Grid.from_rows(rows, circled=grid.circled, shaded=grid.shaded),
        {slot_id: text.strip() for slot_id, text in puzzle.clues.items() if text.strip()},
        **{key: getattr(puzzle, key).strip() for key in ("title", "author", "copyright", "notes")},
    )


def odd_puzzle(rng: random.Random) -> CrosswordFile:
    """A puzzle no writer of ours would make but a reader may: lower-case letters (``ß``
    too, whose upper case is two letters), marks on blocks, spaces around texts."""
    puzzle = random_puzzle(rng, "json")
    rows = [
        "".join(rng.choice([ch, ch.lower(), "ß"]) if ch.isalpha() else ch for ch in row)
        for row in puzzle.grid.rows
    ]
    cells = list(puzzle.grid.cells())
    grid = Grid.from_rows(
        rows, circled=rng.sample(cells, len(cells) // 3), shaded=rng.sample(cells, len(cells) // 3)
    )
    clues = {slot_id: f" {text} " for slot_id, text in puzzle.clues.items()}
    return CrosswordFile(grid, clues, title=f"{puzzle.title} ", notes=puzzle.notes)


@pytest.mark.parametrize("fmt", FORMATS)
def test_what_one_format_reads_every_format_writes_back(fmt: str) -> None:
    """Odd puzzles and damaged files that still read go through every writer and
    reader unchanged but for what the format cannot keep, or the writer refuses them by
    name (.puz: letters of more than one byte)."""
    rng = random.Random(f"across-{fmt}")
    puzzles = [odd_puzzle(rng) for _ in range(20)]
    for _ in range(20):
        for damaged in mutations(dumps(random_puzzle(rng, fmt), fmt), rng):
            with contextlib.suppress(FormatError, GridTooLarge):
                puzzles.append(loads(damaged, fmt, max_side=25))
    for puzzle in puzzles:
        for out in FORMATS:
            try:
                written = dumps(puzzle, out)
            except FormatError:
                assert out == "puz"  # letters of more than one byte
                continue
            back = loads(written, out)
            assert what_survives(back, out) == what_survives(puzzle, out), (fmt, out)
