"""Hostile logic-puzzle inputs: damaged copies of the shipped samples, as text and as
JSON, read as the puzzle or fail with an ``InputError`` naming the problem, never another
exception (which the server would answer with a 500)."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest
from hostile_values import LONG, json_values, reads_or_refuses
from hypothesis import given, settings
from hypothesis import strategies as st

from crossforge.errors import InputError
from crossforge.plugins.puzzles.logic import LogicPuzzleType
from crossforge.plugins.puzzles.regexcross.plugin import RegexCrosswordType
from crossforge.plugins.puzzles.shikaku.plugin import ShikakuType
from crossforge.plugins.puzzles.sudoku.generate import level_number
from crossforge.plugins.puzzles.sudoku.plugin import SudokuType
from crossforge.plugins.puzzles.tents.plugin import TentsType

TYPES: dict[str, LogicPuzzleType] = {
    "sudoku": SudokuType(),
    "tents": TentsType(),
    "shikaku": ShikakuType(),
    "regexcross": RegexCrosswordType(),
}


def _samples(folder: str) -> list[str]:
    """The sample puzzles of a type as its own text (a collection's first few lines)."""
    ptype = TYPES[folder]
    texts = []
    folder_files = files(f"crossforge.plugins.puzzles.{folder}").joinpath("samples").iterdir()
    for sample in sorted(folder_files, key=lambda entry: entry.name):
        content = sample.read_text("utf-8")
        if sample.name.endswith(".json"):
            documents = json.loads(content)
            sources: list[object] = documents if isinstance(documents, list) else [documents]
        else:
            sources = [content, *content.splitlines()[:3]]
        for source in sources[:3]:
            try:
                texts.append(ptype.to_text(ptype.load(source)))  # type: ignore[arg-type]
            except InputError:  # a solution file, or a collection's comment line
                continue
    return texts


SAMPLES = {name: _samples(name) for name in TYPES}
JUNK = ["0", "9" * 12, "-1", "²", "٣", "①", "\x00", "\u202e", "𝄞", "x", "[", "(", ":", "\n", " "]


@pytest.mark.parametrize("name", list(TYPES))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_damaged_puzzle_text_fails_with_an_input_error(name: str, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(SAMPLES[name]))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["cut", "drop", "insert"]))
        if action == "cut":
            text = text[:at]
        elif action == "drop":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + data.draw(st.sampled_from(JUNK) | st.text(max_size=4)) + text[at:]
    reads_or_refuses(lambda: TYPES[name].load(text))


@pytest.mark.parametrize("name", list(TYPES))
@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    value=json_values(),
)
def test_puzzle_json_with_a_field_of_the_wrong_kind_fails_with_an_input_error(
    name: str, data: st.DataObject, value: object
) -> None:
    ptype = TYPES[name]
    document = ptype.to_json(ptype.load(data.draw(st.sampled_from(SAMPLES[name]))))
    document[data.draw(st.sampled_from(sorted(document)))] = value
    reads_or_refuses(lambda: ptype.load(document))


def _hexagon(side: object) -> dict[str, object]:
    """The shipped hexagonal regex crossword with another ``side``."""
    ptype = TYPES["regexcross"]
    return {**ptype.to_json(ptype.load(SAMPLES["regexcross"][0])), "side": side}


@pytest.mark.parametrize(
    ("name", "source", "message"),
    [
        ("shikaku", "² ²\n- -\n- -\n", "expected 'H W'"),
        ("shikaku", f"{LONG} 2\n- -\n", "far too large"),
        ("regexcross", "hex ²\n[rows]\nA\n", "'rect' or 'hex SIDE' expected"),
        ("regexcross", f"hex {LONG}\n[rows]\nA\n", "'rect' or 'hex SIDE' expected"),
        ("regexcross", _hexagon(side="x"), "'side' must be a positive"),
        ("regexcross", _hexagon(side={}), "'side' must be a positive"),
        ("regexcross", _hexagon(side=1e400), "'side' must be a positive"),
    ],
    ids=[
        "shikaku superscript",
        "shikaku long",
        "hex superscript",
        "hex long",
        "side text",
        "side object",
        "side inf",
    ],
)
def test_sizes_int_cannot_read_are_input_errors(name: str, source: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        TYPES[name].load(source)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", ["²x²", f"{LONG}x{LONG}"], ids=["superscript", "long"])
def test_sudoku_sizes_int_cannot_read_are_input_errors(size: str) -> None:
    with pytest.raises(InputError, match="size"):
        TYPES["sudoku"].generation_options({"size": size})


@pytest.mark.parametrize("level", ["²", LONG], ids=["superscript", "long"])
def test_sudoku_levels_int_cannot_read_are_input_errors(level: str) -> None:
    with pytest.raises(InputError, match="unknown Sudoku level"):
        level_number(level)
