"""Generation options the grid puzzle types share: size, level, band, target."""

from __future__ import annotations

import pytest

from crossforge.plugins.puzzles.grid_options import (
    Target,
    band,
    grid_size,
    level_number,
    request_schema,
)
from crossforge.plugins.puzzles.logic import Grade, Technique

NAMES = {0: "none", 1: "easy", 2: "hard"}


@pytest.mark.parametrize(
    ("size", "expected"), [(10, (10, 10)), ("7", (7, 7)), ("6x9", (6, 9)), ([5, 8], (5, 8))]
)
def test_grid_size_forms(size: object, expected: tuple[int, int]) -> None:
    assert grid_size(size) == expected


@pytest.mark.parametrize("size", ["big", "1", "3x4x5", "100", [2, "x"]])
def test_grid_size_rejects(size: object) -> None:
    with pytest.raises(ValueError, match="size"):
        grid_size(size)


def test_level_by_number_or_name() -> None:
    assert level_number("hard", NAMES) == 2 and level_number(1, NAMES) == 1
    assert level_number("EASY", NAMES) == 1
    with pytest.raises(ValueError, match="expected 1-2 or one of easy, hard"):
        level_number("none", NAMES)


def test_band_and_target() -> None:
    assert band(None) == (None, None) and band([1, 2.5]) == (1.0, 2.5)
    for bad in ([3, 1], [1], "1-2"):
        with pytest.raises(ValueError, match="difficulty"):
            band(bad)
    target = Target.from_options({"level": "hard", "difficulty": [10, 20]}, NAMES)
    assert target == Target(2, 10.0, 20.0)
    grade = Grade()
    hard = Technique("hard-move", 10, 2, "")
    grade.record(hard, [10], "one")
    assert target.met(grade) is False  # score 20: the band is [10, 20)
    grade.steps[0].board = 0.0
    assert target.met(grade) is True
    assert Target().met(Grade()) and not Target(level=1).met(grade)


def test_request_schema_lists_levels_and_extras() -> None:
    schema = request_schema(NAMES, method={"enum": ["a", "b"]})
    props = schema["properties"]
    assert props["level"]["anyOf"][0] == {"enum": ["easy", "hard"]}
    assert props["level"]["anyOf"][1] == {"type": "integer", "minimum": 1, "maximum": 2}
    assert props["method"]["enum"] == ["a", "b"]
    assert {"puzzle", "size", "difficulty"} <= set(props)
