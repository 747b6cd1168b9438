"""A crossword file's content (``CrosswordFile``): a grid (with solution letters where known),
clues and metadata, as the formats read and write it."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from crossforge.grids.model import OPEN, Cell, Grid, GridError, Slot

MAX_SIDE = 255
"""The most rows or columns a reader takes unless told fewer (the ``.puz`` format's own
bound): a larger size, declared or found, is refused before a cell is allocated."""


METADATA = ("title", "author", "copyright", "notes")
"""The text fields of a puzzle besides its clues."""
SURROGATE = re.compile("[\ud800-\udfff]")
"""A UTF-16 surrogate on its own: JSON's ``"\\ud800"`` escape makes one, UTF-8 cannot."""


class FormatError(GridError):
    """A puzzle file that cannot be read; the message names the line, field or byte."""


@dataclass(frozen=True)
class CrosswordFile:
    """Grid + clues + metadata, as stored in puzzle files.

    ``clues`` maps slot ids (``"1A"``, ``"5D"``; slots of length ≥ 2) to clue text; a
    slot without a clue is simply absent. Solution letters live in ``grid``; ``rebus``
    maps the cells holding several letters to them, the grid holding the first (so
    fills, numbering and stats see one letter per cell, as ``.puz`` files do).
    """

    grid: Grid
    clues: Mapping[str, str] = field(default_factory=dict)
    title: str = ""
    author: str = ""
    copyright: str = ""
    notes: str = ""
    rebus: Mapping[Cell, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        known = {slot.id for slot in self.grid.slots()}
        unknown = sorted(set(self.clues) - known)
        if unknown:
            raise FormatError(f"clue {unknown[0]} names no slot of the grid")
        for cell, text in self.rebus.items():
            _check_rebus(self.grid, cell, text)
        for what, text in self.texts().items():
            if found := SURROGATE.search(text):
                raise FormatError(
                    f"{what}: character {found.start()} is a lone surrogate "
                    f"({found.group()!r}), not text any file can hold"
                )
        object.__setattr__(self, "clues", MappingProxyType(dict(self.clues)))
        object.__setattr__(self, "rebus", MappingProxyType(dict(sorted(self.rebus.items()))))

    def texts(self) -> dict[str, str]:
        """Every text by name: ``title``, ``author``, ``copyright``, ``notes``, then
        ``clue 1A``… (the names errors give)."""
        texts = {key: getattr(self, key) for key in METADATA}
        texts.update((f"clue {slot_id}", text) for slot_id, text in self.clues.items())
        return texts

    def clue(self, slot: Slot) -> str:
        """The clue of a slot, or "" when it has none."""
        return self.clues.get(slot.id, "")

    def answer(self, slot: Slot) -> str:
        """The slot's solution letters with ``.`` for unknown ones (a rebus cell's
        letters in full)."""
        return "".join(
            self.rebus.get(cell) or self.grid.rows[cell[0]][cell[1]] for cell in slot.cells
        )


def _check_rebus(grid: Grid, cell: Cell, text: str) -> None:
    """A ``FormatError`` unless ``cell`` is an open cell of ``grid`` holding the first of
    ``text``'s two or more letters."""
    r, c = cell
    where = f"rebus cell ({r}, {c})"
    if not (0 <= r < grid.height and 0 <= c < grid.width) or grid.is_block(r, c):
        raise FormatError(f"{where} is not an open cell of the grid")
    if len(text) < 2 or not text.isalpha():
        raise FormatError(f"{where}: {text!r} is not two or more letters")
    if grid.letter(r, c) != text[0]:
        held = grid.letter(r, c) or OPEN
        raise FormatError(f"{where}: the grid holds {held!r}, not the rebus's first letter")


def clue_order(grid: Grid) -> list[Slot]:
    """Slots (length ≥ 2) in printed clue order: by number, across before down."""
    return sorted(grid.slots(), key=lambda slot: (slot.number, slot.direction))


def decode_json(data: bytes) -> Any:
    """Parsed JSON of a file; errors name the line and column."""
    try:
        return json.loads(decode_text(data))
    except json.JSONDecodeError as exc:
        raise FormatError(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except ValueError:  # past JSONDecodeError: only an integer too long to convert is left
        raise FormatError(f"a number of more than {sys.get_int_max_str_digits()} digits") from None
    except RecursionError:
        raise FormatError("the JSON is nested too deeply") from None


def decode_text(data: bytes) -> str:
    """UTF-8 text of a file (a leading byte-order mark is dropped); errors name the byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"byte {exc.start}: not valid UTF-8 text") from None
