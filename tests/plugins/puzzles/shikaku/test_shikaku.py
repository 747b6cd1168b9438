"""Shikaku: formats, validation, article 001's techniques, grading, generators, pictures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import crossforge.plugins.puzzles.shikaku as shikaku_package
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.answers import solve_answer
from crossforge.plugins.puzzles.shikaku import ShikakuType
from crossforge.plugins.puzzles.shikaku import solver as sk
from crossforge.plugins.puzzles.shikaku.geometry import Layout
from crossforge.plugins.puzzles.shikaku.model import ShikakuFormatError, parse_text, to_text
from crossforge.plugins.registry import registry

DATA = Path(shikaku_package.__file__).parent / "samples"
TYPE = ShikakuType()
ARTICLE = (DATA / "article001_8x8.txt").read_text()
# Article 001's chromosome table: one rectangle per peg, the pegs in reading order.
ARTICLE_RECTS = [
    [0, 1, 1, 6], [1, 1, 2, 1], [1, 2, 1, 5], [2, 2, 1, 3], [3, 1, 3, 2], [0, 7, 5, 1],
    [0, 0, 6, 1], [2, 5, 3, 2], [3, 3, 5, 1], [6, 0, 2, 3], [5, 5, 3, 3], [3, 4, 5, 1],
]  # fmt: skip
TWO_WAYS = "2 2\n2 -\n- 2\n"


def board(text: str) -> sk.Board:
    return sk.Board(Layout(parse_text(text)))


def test_text_and_json_round_trip() -> None:
    puzzle = parse_text(ARTICLE)
    assert (puzzle.height, puzzle.width, len(puzzle.clues)) == (8, 8, 12)
    assert str(puzzle.clues[0]) == "clue 6 at (0, 3)"
    assert parse_text(to_text(puzzle)) == puzzle
    data = json.loads(json.dumps(TYPE.to_json(puzzle)))
    assert data["rows"][0][3] == 6 and data["rows"][0][0] is None
    assert TYPE.load(data) == puzzle
    assert TYPE.parse_json({"rows": [["-", 2], [None, 2]]}).clues[0].area == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: empty"),
        ("2\n- -\n", "line 1: expected 'H W'"),
        ("2 2\n- -\n", "expected 2 grid lines"),
        ("2 2\n- - -\n- -\n", "line 2: 3 tokens"),
        ("2 2\n- x\n- 4\n", "line 2, column 2: 'x' is neither"),
        ("2 2\n- 0\n- 4\n", "line 2, column 2: '0' is not a positive"),
    ],
)
def test_parse_errors_name_the_place(text: str, message: str) -> None:
    with pytest.raises(ShikakuFormatError, match=message):
        parse_text(text)


def test_parse_json_errors() -> None:
    with pytest.raises(ShikakuFormatError, match="'rows'"):
        TYPE.parse_json({"grid": []})
    with pytest.raises(ShikakuFormatError, match=r"'rows'\[1\]: 1 cells"):
        TYPE.parse_json({"rows": [[None, 2], [2]]})
    with pytest.raises(ShikakuFormatError, match=r"'rows'\[0\]\[1\]: -2"):
        TYPE.parse_json({"rows": [[None, -2]]})


def test_article_puzzle_solves_to_its_chromosome() -> None:
    puzzle = parse_text(ARTICLE)
    result = TYPE.solve_logically(puzzle, Control())
    assert result.status == "solved" and result.unique is True
    assert result.solution == ARTICLE_RECTS
    assert TYPE.validate(puzzle, ARTICLE_RECTS) == []
    assert result.grade.level == 3
    assert solve_answer(result, TYPE.level_names)["difficulty"]["level_label"] == "reach"
    names = {step.technique for step in result.grade.steps}
    assert names == {"only-rectangle", "single-reach"}
    first = result.grade.steps[0]
    assert first.detail == "clue 9 at (6, 6) takes [5, 5, 3, 3]"
    assert first.difficulty == pytest.approx(2.0)  # base 1, one move on the board: 1/1
    assert result.grade.score == pytest.approx(sum(s.difficulty for s in result.grade.steps))
    assert TYPE.count_solutions(puzzle) == 1


def test_validate_names_each_broken_rule() -> None:
    puzzle = parse_text("2 3\n3 - -\n- - 3\n")
    assert TYPE.validate(puzzle, [[0, 0, 1, 3], [1, 0, 1, 3]]) == []
    assert TYPE.validate(puzzle, [[0, 0, 1, 3], [0, 2, 2, 1]]) == [
        "rectangle [0, 2, 2, 1] of clue 3 at (1, 2) has area 2",
        "cell (0, 2) lies in the rectangles of clue 3 at (0, 0) and clue 3 at (1, 2)",
        "cells in no rectangle: (1, 0), (1, 1)",
    ]
    broken = TYPE.validate(puzzle, [[0, 1, 1, 3], [0, 0, 2, 1]])
    assert broken == [
        "rectangle [0, 1, 1, 3] of clue 3 at (0, 0) does not fit the grid",
        "rectangle [0, 0, 2, 1] does not hold its clue 3 at (1, 2)",
        "rectangle [0, 0, 2, 1] of clue 3 at (1, 2) has area 2",
        "rectangle [0, 0, 2, 1] of clue 3 at (1, 2) also holds clue 3 at (0, 0)",
        "cells in no rectangle: (0, 1), (0, 2), (1, 1), (1, 2)",
    ]
    with pytest.raises(ShikakuFormatError, match="1 rectangles for 2 clues"):
        TYPE.validate(puzzle, [[0, 0, 1, 3]])
    with pytest.raises(ShikakuFormatError, match=r"solution\[1\]"):
        TYPE.validate(puzzle, [[0, 0, 1, 3], [1, 0, 1]])


def test_only_rectangle_and_common_cells() -> None:
    b = board("2 3\n3 - -\n- - 3\n")
    # Each 3 has one horizontal bar only (a column of 3 does not fit in 2 rows).
    moves = b.only_rectangle()
    assert [m.detail for m in moves] == [
        "clue 3 at (0, 0) takes [0, 0, 1, 3]",
        "clue 3 at (1, 2) takes [1, 0, 1, 3]",
    ]
    wide = board("1 5\n- - 4 - 1\n")
    # The 4 lies in [0,0,1,4] only (the 1 blocks the other bar): a single rectangle.
    assert wide.domains[0] == [0] and len(wide.only_rectangle()) == 2
    strip = board("1 5\n- 3 - - 2\n")
    (common,) = strip.common_cells()
    assert common.technique is sk.COMMON_CELLS and common.detail.endswith("(0, 2)")


def test_single_reach_restricts_the_only_clue() -> None:
    # Only the left 3 reaches (0,0), only the right one (0,5).
    b = board("1 6\n- 3 - - 3 -\n")
    assert len(b.domains[0]) == 2 and len(b.domains[1]) == 2
    left, right = b.single_reach()
    assert left.detail == "only clue 3 at (0, 1) reaches (0, 0)" and left.keep == [0]
    assert right.detail == "only clue 3 at (0, 4) reaches (0, 5)" and len(right.keep or []) == 1
    b.apply(left)
    assert b.rects()[0] == (0, 0, 1, 3)


def test_area_check_spends_needs_inside_or_keeps_out() -> None:
    # (0, 4) is a region of one cell only the 2 below it reaches: it must go there.
    corner = board("5 5\n- - - 6 -\n- - - - 2\n10 - - - -\n- - - - 3\n- - 2 2 -\n")
    (spend,) = corner.area_check()
    assert spend.detail == "clue 2 at (1, 4) must spend all it needs in the region of (0, 4)"
    assert [corner.layout.options[spend.clue][i].rect for i in spend.keep or []] == [(0, 4, 2, 1)]
    # The clues confined to the big region fill it exactly: the 2 at (4, 0) keeps out
    # (and, the only clue to reach (4, 1), spends its need there).
    text = "5 5\n4 - - 4 -\n- 2 - - -\n- - - - -\n- 4 - 8 -\n2 - 1 - -\n"
    b = board(text)
    out, spent = b.area_check()
    assert spent.detail.endswith("must spend all it needs in the region of (4, 1)")
    assert out.detail.startswith("clue 2 at (4, 0) must keep out of the region of (0, 1)")
    assert [b.layout.options[out.clue][i].rect for i in out.keep or []] == [(4, 0, 1, 2)]
    assert TYPE.solve_logically(parse_text(text), Control()).solution[5] == [4, 0, 1, 2]


def test_separation_drops_rectangles_that_strand_cells() -> None:
    # If the first 4 took the square [0, 1, 2, 2], no rectangle of the second 4 would
    # fit what is left: the area check rules that square out.
    b = board("2 4\n- 4 - -\n- - - 4\n")
    assert [opt.rect for opt in b.layout.options[0]] == [(0, 0, 1, 4), (0, 0, 2, 2), (0, 1, 2, 2)]
    (move,) = b.separation()
    assert move.clue == 0 and move.keep == [0, 1] and "[0, 1, 2, 2]" in move.detail
    assert b.apply(move) and b.domains[0] == [0, 1]
    # The left 2 must not take [0, 1, 1, 2]: (0, 0) would be cut off from every clue.
    (stranding,) = board("1 4\n- 2 - 2\n").separation()
    assert stranding.keep == [0] and stranding.detail.endswith("cannot take [0, 1, 1, 2]")


def test_ambiguous_puzzle_is_guessed_and_flagged() -> None:
    puzzle = parse_text(TWO_WAYS)
    assert TYPE.count_solutions(puzzle) == 2 and TYPE.count_solutions(puzzle, 1) == 1
    result = TYPE.solve_logically(puzzle, Control())
    assert result.status == "solved" and result.unique is False
    assert TYPE.validate(puzzle, result.solution) == []
    assert result.grade.level == 5 and result.grade.steps[0].technique == "guess"


def test_impossible_puzzles_are_unsatisfiable() -> None:
    wrong_sum = TYPE.solve_logically(parse_text("2 2\n3 -\n- -\n"), Control())
    assert wrong_sum.status == "unsatisfiable" and "add up to 3" in wrong_sum.stats["reason"]
    blocked = parse_text("1 4\n2 2 - -\n")
    assert TYPE.solve_logically(blocked, Control()).status == "unsatisfiable"
    assert TYPE.count_solutions(blocked) == 0


def test_search_honours_the_deadline() -> None:
    stopped = TYPE.solve_logically(parse_text(TWO_WAYS), Control(deadline=0.0))
    assert stopped.status == "gave_up" and stopped.stats["reason"] == "timeout"


def test_rendering() -> None:
    puzzle = parse_text("2 3\n3 - -\n- - 3\n")
    assert TYPE.render_text(puzzle).splitlines()[1] == "| 3 | . | . |"
    solved = TYPE.render_text(puzzle, [[0, 0, 1, 3], [1, 0, 1, 3]]).splitlines()
    assert solved == [
        "+---+---+---+",
        "| 3         |",
        "+---+---+---+",
        "|         3 |",
        "+---+---+---+",
    ]
    svg = TYPE.render_svg(puzzle, [[0, 0, 1, 3], [1, 0, 1, 3]])
    assert svg.startswith("<svg") and svg.count("<text") == 2 and "hsl(" in svg
    assert "hsl(" not in TYPE.render_svg(puzzle)


def test_registered_under_its_entry_point() -> None:
    assert isinstance(registry().puzzle_type("shikaku"), ShikakuType)
    assert [t.level for t in TYPE.techniques] == [1, 2, 3, 4, 4, 5]


def test_type_generate_checks_options() -> None:
    with pytest.raises(ValueError, match="method 'magic'"):
        TYPE.generate(random.Random(1), Control(), size=5, method="magic")
    with pytest.raises(ValueError, match="difficulty"):
        TYPE.generate(random.Random(1), Control(), size=5, difficulty=[9, 3])
    with pytest.raises(ValueError, match="level 'expert'"):
        TYPE.generate(random.Random(1), Control(), size=5, level="expert")
