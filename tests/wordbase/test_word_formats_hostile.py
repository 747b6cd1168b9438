"""Hostile word-list and clue files: a damaged line of any format is a rejection naming
the line, never an exception; the import of a file of them is an ``InputError``."""

from __future__ import annotations

import json

import pytest
from hostile_values import LONG, json_values
from hypothesis import given, settings
from hypothesis import strategies as st

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.clue_formats import CLUE_FORMATS, read_clues
from crossforge.wordbase.formats import FORMATS, read_entries
from crossforge.wordbase.models import Rejection

WORDS = {
    "stwl": "CAT;50\nICE CREAM;40\n",
    "plain": "cat\nice cream\n",
    "csv": 'word,score,clues\ncat,50,Feline\n"dog",60,"Pet, loyal"\n',
    "jsonl": json.dumps({"word": "cat", "score": 50, "clues": ["Feline"], "tags": ["a"]}) + "\n",
}
CLUES = {
    "csv": "answer,clue,source,difficulty,kind,level\nCAT,Feline,nyt 2001-01-01,3,,\n",
    "tsv": "CAT\tFeline\tnyt\t2\n",
    "xd": "nyt2001-01-01\t2001\tCAT\tFeline\n",
    "jsonl": json.dumps({"answer": "CAT", "clue": "Feline", "difficulty": 2}) + "\n",
    "dash": "CAT — Feline\nDOG - Pet\n",
}
JUNK = st.sampled_from(["²", "①", LONG, "1e400", "NaN", "\x00", "\u202e", "𝄞", ";", ",", "\t", '"'])


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str:
    """``text`` cut short, or with junk inserted (numbers int() cannot read among it)."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text = text[:at]
        else:
            text = text[:at] + draw(JUNK | st.text(max_size=4)) + text[at:]
    return text


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_damaged_word_lines_are_rejections(fmt: str, data: st.DataObject) -> None:
    text = data.draw(damaged(WORDS[fmt]))
    parsed = read_entries(text.splitlines(), fmt, get_alphabet("en"))
    assert all(rejection.reason for rejection in parsed.rejected)


@pytest.mark.parametrize("fmt", CLUE_FORMATS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_damaged_clue_lines_are_rejections(fmt: str, data: st.DataObject) -> None:
    text = data.draw(damaged(CLUES[fmt]))
    for line in read_clues(text.splitlines(), fmt):
        assert not isinstance(line, Rejection) or line.reason


@settings(max_examples=60, deadline=None)
@given(
    field=st.sampled_from(["word", "score", "display", "clues", "tags", "source"]),
    value=json_values(),
)
def test_a_jsonl_field_of_the_wrong_kind_is_a_rejection(field: str, value: object) -> None:
    line = json.dumps({"word": "cat", "score": 50, field: value})
    parsed = read_entries([line], "jsonl", get_alphabet("en"))
    assert len(parsed.entries) + len(parsed.rejected) == 1


def test_a_number_of_thousands_of_digits_is_a_rejection_naming_it() -> None:
    line = json.dumps({"word": "cat", "score": "LONG"}).replace('"LONG"', LONG)
    parsed = read_entries([line], "jsonl", get_alphabet("en"))
    assert [r.reason for r in parsed.rejected] == ["a number of more than 4300 digits"]
