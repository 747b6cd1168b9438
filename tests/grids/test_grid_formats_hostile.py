"""Hostile puzzle files: every reader answers a damaged copy of a real file (the sample
library's grids with clues, rebus cells and marks, in every format) with the puzzle or an
``InputError`` naming the problem, never another exception."""

from __future__ import annotations

import json
import struct
from importlib.resources import files

import pytest
from hostile_values import LONG, json_values, reads_or_refuses
from hypothesis import given, settings
from hypothesis import strategies as st

from crossforge.errors import InputError
from crossforge.grids.crossword_file import CrosswordFile
from crossforge.grids.formats import FORMATS, REBUS_FORMATS, dumps, loads
from crossforge.grids.formats.across_lite import checksum
from crossforge.grids.model import Grid

LIBRARY = sorted(
    entry.name
    for entry in files("crossforge.grids.library").iterdir()
    if entry.name.endswith(".txt")
)[:4]


def _samples(fmt: str) -> list[bytes]:
    """Real files in ``fmt``: library grids, and a small puzzle with clues, metadata,
    marks and (where the format keeps them) rebus cells."""
    grids = [
        loads(files("crossforge.grids.library").joinpath(name).read_bytes(), "text")
        for name in LIBRARY
    ]
    marked = Grid.from_rows(["ABC", "DEF", "GH#"], circled=[(0, 0)], shaded=[(1, 1)])
    rebus = {(0, 0): "AXE", (1, 1): "EE"} if fmt in REBUS_FORMATS else {}
    clues = {"1A": "Straße “quoted” 𝄞 שלום", "1D": "Down"} if fmt != "text" else {}
    small = CrosswordFile(marked, clues, title="T", author="A", notes="N", rebus=rebus)
    return [dumps(puzzle, fmt) for puzzle in [*grids, small]]


SAMPLES = {fmt: _samples(fmt) for fmt in FORMATS}


@st.composite
def damaged(draw: st.DrawFn, fmt: str) -> bytes:
    """A sample cut short, with bytes flipped, overwritten or inserted."""
    data = bytearray(draw(st.sampled_from(SAMPLES[fmt])))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["cut", "flip", "byte", "insert"]))
        if action == "cut":
            del data[at:]
        elif action == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif action == "byte" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=12))
    return bytes(data)


@pytest.mark.parametrize("fmt", list(FORMATS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_damaged_real_files_read_or_fail_with_an_input_error(fmt: str, data: st.DataObject) -> None:
    file = data.draw(damaged(fmt))
    reads_or_refuses(lambda: loads(file, fmt))


@pytest.mark.parametrize("fmt", ["json", "ipuz"])
@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    value=json_values(),
)
def test_json_files_with_a_field_of_the_wrong_kind_fail_with_an_input_error(
    fmt: str, data: st.DataObject, value: object
) -> None:
    document = json.loads(SAMPLES[fmt][-1])
    field = data.draw(st.sampled_from(sorted(document)))
    document[field] = value
    reads_or_refuses(lambda: loads(json.dumps(document).encode(), fmt))


def _ipuz_with_clue_number(number: str) -> bytes:
    document = json.loads(SAMPLES["ipuz"][-1])
    document["clues"] = {"Across": [[number, "a clue"]]}
    return json.dumps(document).encode()


def _puz_with_rebus_table(table: bytes) -> bytes:
    data = SAMPLES["puz"][-1]
    at = data.index(b"RTBL")
    old_length = struct.unpack_from("<H", data, at + 4)[0]
    section = b"RTBL" + struct.pack("<HH", len(table), checksum(table)) + table + b"\x00"
    return data[:at] + section + data[at + 8 + old_length + 1 :]


@pytest.mark.parametrize(
    ("fmt", "file", "message"),
    [
        (
            "json",
            b'{"grid": ["..."], "title": ' + LONG.encode() + b"}",
            "more than 4300 digits",
        ),
        ("ipuz", _ipuz_with_clue_number(LONG), "is not a number"),
        (
            "text",
            f"...\n...\n...\ncircled: {LONG},1\n".encode(),
            "lies far outside the grid",
        ),
        ("text", "...\n...\n...\ncircled: ²,1\n".encode(), "bad cell '²,1'"),
        (
            "puz",
            _puz_with_rebus_table(f" {LONG}:AXE;".encode()),
            "which the RTBL section lacks",
        ),
    ],
    ids=["json long number", "ipuz long clue number", "text long mark", "text superscript", "puz"],
)
def test_numbers_int_cannot_read_are_input_errors(fmt: str, file: bytes, message: str) -> None:
    with pytest.raises(InputError, match=message):
        loads(file, fmt)
