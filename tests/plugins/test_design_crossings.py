"""Theme crossings (``crossforge.plugins.design.crossings``) and the patterns built
column by column (``crossforge.plugins.design.columns``): theme letters two rows
apart share down slots that have words, and every pattern obeys the grid rules."""

from __future__ import annotations

import random
import re
from itertools import product

from crossforge.grids.model import OPEN
from crossforge.grids.rules import check
from crossforge.plugins.design.columns import ColumnSearch, crowded
from crossforge.plugins.design.crossings import crossing_plans, tightest
from crossforge.plugins.design.placement import Placement, ThemeSlot, slot_cells
from crossforge.plugins.design.settings import ThemeEntry

WORDS = {"".join(p) for n in range(3, 12) for p in product("AB", repeat=n)}
"""Every string of A and B: a theme letter X (never in a word) crossed by a down slot
leaves it no word, and any other slot has plenty."""


def count(pattern: str) -> int:
    """Words of ``WORDS`` matching ``pattern`` (``.`` open), as the index counts."""
    assert pattern, "the index refuses an empty pattern"
    rule = re.compile(pattern.replace(OPEN, "[AB]"))
    return sum(1 for word in WORDS if len(word) == len(pattern) and rule.fullmatch(word))


def placement(*entries: tuple[int, int, str]) -> Placement:
    """Across theme entries at (row, col) on an 11x11, rotationally symmetric."""
    themes, letters = [], {}
    for row, col, answer in entries:
        cells = slot_cells(row, col, "across", len(answer))
        themes.append(ThemeSlot(ThemeEntry(answer), cells))
        letters.update(zip(cells, answer, strict=True))
    return Placement(11, 11, "rotational", tuple(themes), (), letters)


PAIRED = placement((3, 0, "ABABABA"), (7, 4, "BABABAB"), (5, 2, "AABBBAA"))


def test_a_theme_letter_no_word_holds_makes_its_line_uncrossable() -> None:
    assert tightest(crossing_plans(PAIRED, count)) > 0
    blocked = placement((3, 0, "ABAXABA"), (7, 4, "ABAXABA"), (5, 2, "AABBBAA"))
    plans = crossing_plans(blocked, count)
    assert tightest(plans) == 0
    assert plans[0].cells[0][1] in (3, 7)  # the columns holding X


def test_column_patterns_obey_the_rules_and_keep_words_through_theme_letters() -> None:
    assert crowded(PAIRED)
    assert not crowded(placement((2, 0, "ABABABA"), (8, 4, "BABABAB"), (5, 2, "AABBBAA")))
    search = ColumnSearch(PAIRED, True, random.Random(3), count, max_blocks=30)
    found = [grid for grid in (search.pattern(6) for _ in range(30)) if grid is not None]
    assert len(found) >= 5
    for grid in found:
        assert check(grid, "american", symmetry="rotational", max_block_share=30 / 121) == []
        for theme in PAIRED.themes:
            assert "".join(grid.rows[r][c] for r, c in theme.cells) == theme.entry.answer
        for slot in grid.slots(3):
            assert count(grid.pattern(slot)) > 0, slot.id


def test_a_theme_letter_no_down_word_holds_gives_no_column_pattern() -> None:
    stuck = placement((3, 0, "ABAXABA"), (7, 4, "ABAXABA"), (5, 2, "AABBBAA"))
    search = ColumnSearch(stuck, True, random.Random(3), count, max_blocks=60)
    assert all(search.pattern(6) is None for _ in range(5))


def test_the_middle_column_is_cut_as_its_own_image() -> None:
    """Theme letters in rows 3, 5 and 7 of the middle column: a block in row 4 takes one
    in row 6 and leaves row 5 a stub, so only a slot over all three letters crosses
    them there, and the list has none; the other columns cut around them."""

    def no_three(pattern: str) -> int:
        return 0 if re.search("[AB].[AB].[AB]", pattern) else count(pattern)

    boxed = placement((3, 2, "AAAAAAA"), (7, 2, "BBBBBBB"), (5, 2, "ABABABA"))
    plans = crossing_plans(boxed, no_three)
    assert [plan.cells[0][1] for plan in plans if plan.words == 0] == [5]
    middle = next(plan for plan in plans if plan.cells[0][1] == 5)
    assert {boxed.image(cell) for cell in middle.blocks} == set(middle.blocks)
    assert all(plan.words > 0 and plan.blocks for plan in plans if plan.cells[0][1] != 5)
    apart = placement((3, 2, "AAAAAAA"), (7, 2, "BBBBBBB"))  # the middle cell may be a block

    def short(pattern: str) -> int:
        return count(pattern) if len(pattern) <= 5 else 0

    middle = next(plan for plan in crossing_plans(apart, short) if plan.cells[0][1] == 5)
    assert middle.words > 0 and (5, 5) in middle.blocks
    assert {apart.image(cell) for cell in middle.blocks} == set(middle.blocks)
