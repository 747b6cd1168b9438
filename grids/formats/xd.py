"""``.xd`` text files (the xd crossword corpus format).

Sections are metadata (``Key: value`` lines), grid, clues (``A1. text ~ ANSWER``) and
notes, either separated by two blank lines or introduced by ``## Metadata``-style
headers. ``#`` and ``_`` (a cell outside an irregular shape) are blocks, ``.`` an empty
cell; letters are upper case (the format keeps no letter case), and with a ``Special:
circle`` (or ``shaded``) header a lower-case letter is a marked cell holding that letter
in upper case. Files with a ``Rebus`` header are refused, and so is writing a line break
in metadata or a clue (the format has none) or a notes line that would read as a ``##
Section`` header; spaces around metadata values and clues are not kept.

The standard marks one kind of cell, and only cells holding a letter. We write it
whenever it can say something, in the implicit (blank-line) layout when it says
everything; a grid with both circles and shading, or marks on empty cells, blocks or
letters without a lower case of their own, is written with headers and a ``## Design``
section as well (the convention of puzzmo's xd-crossword-tools): ``<style>`` rules
naming one character per kind of mark, then one line per row with that character on
each marked cell. We write ``O`` (``background: circle``), ``S`` (``background:
shade``) and ``B`` (both: ``background: circle; shade: true``); reading, any selector
whose background is ``circle`` circles its cells, and one whose background is ``shade``
or ``shaded`` (or with ``shade: true``) shades them. Marks of the ``Special`` header and
of the Design section add up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from crossforge.grids.crossword_file import (
    MAX_SIDE,
    CrosswordFile,
    FormatError,
    clue_order,
    decode_text,
)
from crossforge.grids.model import BLOCK, OPEN, Cell, Grid, check_size

CLUE_START = re.compile(r"([AD])(\d+)\.\s?")
"""A clue line's start; its text runs to the last ``~``, the answer after it."""
HEADER = re.compile(r"##\s+(?=\S)")
"""A section header's start, the name the rest of the line; grid rows (no spaces) may
start with ``##`` blocks too."""
META_FIELDS = ("title", "author", "copyright")
STYLE_RULES = (
    "O { background: circle }",
    "S { background: shade }",
    "B { background: circle; shade: true }",
)


def _one_line(puzzle: CrosswordFile) -> None:
    """Refuse text the format cannot hold: a line break in metadata or a clue, and a
    notes line that would read as a section header."""
    for what, text in puzzle.texts().items():
        if what != "notes" and ("\n" in text or "\r" in text):
            raise FormatError(f"{what}: an .xd file cannot hold a line break there")
    for line in puzzle.notes.splitlines():
        if HEADER.match(line):
            raise FormatError(f"notes: the line {line!r} would read as an .xd section header")


def write(puzzle: CrosswordFile) -> bytes:
    """xd text bytes of a puzzle."""
    _one_line(puzzle)
    grid = puzzle.grid
    special, marked = ("circle", grid.circled) if grid.circled else ("shaded", grid.shaded)
    lettered = {cell for cell in marked if _cased(grid.rows[cell[0]][cell[1]])}
    meta = [f"{key.title()}: {getattr(puzzle, key)}" for key in META_FIELDS if getattr(puzzle, key)]
    if lettered:
        meta.append(f"Special: {special}")
    rows = [
        "".join(
            ch.lower() if (r, c) in lettered else ch.upper() if _cased(ch) else ch
            for c, ch in enumerate(row)
        )
        for r, row in enumerate(grid.rows)
    ]
    groups = []
    for direction in ("across", "down"):
        groups.append(
            "\n".join(
                f"{slot.id[-1]}{slot.number}. {puzzle.clue(slot)} ~ {puzzle.answer(slot)}"
                for slot in grid.slots()
                if slot.direction == direction
            )
        )
    sections = ["\n".join(meta), "\n".join(rows), "\n\n".join(groups)]
    if lettered == marked and not (grid.circled and grid.shaded):
        if puzzle.notes:
            sections.append(puzzle.notes)
        return ("\n\n\n".join(sections) + "\n").encode("utf-8")
    named = dict(zip(("Metadata", "Grid", "Clues"), sections, strict=True))
    if puzzle.notes:
        named["Notes"] = puzzle.notes
    named["Design"] = _design(grid)
    text = "\n\n".join(f"## {name}\n\n{body}" for name, body in named.items())
    return (text + "\n").encode("utf-8")


def _cased(ch: str) -> bool:
    """True for a letter with one-character upper and lower cases that differ (not
    ``ß``, whose upper case is ``SS``): xd writes it in upper case, or lower to mark it."""
    upper, lower = ch.upper(), ch.lower()
    return upper != lower and len(upper) == len(lower) == 1


def _design(grid: Grid) -> str:
    """The ``## Design`` section's text: the style rules, then the marks row by row."""
    codes = {(True, False): "O", (False, True): "S", (True, True): "B"}
    rows = [
        "".join(
            codes.get(
                ((r, c) in grid.circled, (r, c) in grid.shaded),
                BLOCK if grid.is_block(r, c) else OPEN,
            )
            for c in range(grid.width)
        )
        for r in range(grid.height)
    ]
    return "\n".join(["<style>", *STYLE_RULES, "</style>", "", *rows])


def _read_design(lines: list[tuple[int, str]]) -> tuple[set[Cell], set[Cell]]:
    """Circled and shaded cells of a ``## Design`` section (see the module's docstring)."""
    ends = [i for i, (_, line) in enumerate(lines) if "</style>" in line]
    if not lines or "<style>" not in lines[0][1] or not ends:
        where = f"line {lines[0][0]}" if lines else "the Design section"
        raise FormatError(f"{where}: a Design section starts with <style> ... </style> rules")
    rules = " ".join(line for _, line in lines[: ends[0] + 1])
    rules = rules.split("<style>", 1)[1].split("</style>", 1)[0]
    circle: set[str] = set()
    shade: set[str] = set()
    for selectors, body in _style_rules(rules):
        declared = {}
        for part in body.split(";"):
            key, _, value = part.partition(":")
            declared[key.strip().lower()] = value.strip().lower()
        names = {name.strip() for name in selectors.split(",") if name.strip()}
        if declared.get("background") == "circle":
            circle |= names
        if declared.get("background") in ("shade", "shaded") or declared.get("shade") == "true":
            shade |= names
    circled: set[Cell] = set()
    shaded: set[Cell] = set()
    for r, (_, line) in enumerate(lines[ends[0] + 1 :]):
        for c, ch in enumerate(line.strip()):
            if ch in circle:
                circled.add((r, c))
            if ch in shade:
                shaded.add((r, c))
    return circled, shaded


def _style_rules(rules: str) -> Iterator[tuple[str, str]]:
    """``(selectors, body)`` of each ``selectors { body }`` rule, by splitting at the
    braces (a regular expression backtracked quadratically on long rules)."""
    for chunk in rules.split("}")[:-1]:
        head, brace, body = chunk.rpartition("{")
        selectors = head.rsplit("{", 1)[-1]
        if brace and selectors:
            yield selectors, body


def _sections(lines: list[str]) -> dict[str, list[tuple[int, str]]]:
    """Lines (with their 1-based numbers) of each section, by lower-case name."""
    named = any(HEADER.match(line) for line in lines)
    order = ["metadata", "grid", "clues", "notes"]
    sections: dict[str, list[tuple[int, str]]] = {}
    current: str | None = None if named else order[0]
    blanks = 0
    for number, line in enumerate(lines, start=1):
        header = HEADER.match(line) if named else None
        if header:
            current = line[header.end() :].rstrip().lower()
            continue
        if not line.strip():
            blanks += 1
            if current == "notes":
                sections.setdefault("notes", []).append((number, ""))
            continue
        if current and not named and blanks >= 2 and (current in sections or not sections):
            current = order[min(order.index(current) + 1, len(order) - 1)]
        blanks = 0
        if current is not None:
            sections.setdefault(current, []).append((number, line))
    return sections


def read(data: bytes, max_side: int = MAX_SIDE) -> CrosswordFile:
    """A puzzle from xd bytes, at most ``max_side`` rows and columns; errors name the
    line."""
    lines = decode_text(data).splitlines()
    sections = _sections(lines)
    meta: dict[str, str] = {}
    for number, line in sections.get("metadata", []):
        key, sep, value = line.partition(":")
        if not sep:
            raise FormatError(f"line {number}: metadata line without 'Key: value'")
        meta[key.strip().lower()] = value.strip()
    if "rebus" in meta:
        raise FormatError(f"rebus cells ('Rebus: {meta['rebus']}') are not supported")
    special = meta.get("special", "").lower()
    grid_lines = sections.get("grid")
    if not grid_lines:
        raise FormatError("no grid section found")
    check_size(len(grid_lines), max(len(line.strip()) for _, line in grid_lines), max_side)
    rows: list[str] = []
    marked: list[Cell] = []
    for r, (number, line) in enumerate(grid_lines):
        row = ""
        for c, ch in enumerate(line.strip()):
            if ch.islower() and _cased(ch):
                if special:
                    marked.append((r, c))
                ch = ch.upper()
            row += BLOCK if ch == "_" else ch
        if rows and len(row) != len(rows[0]):
            raise FormatError(
                f"line {number}: grid row has {len(row)} cells, expected {len(rows[0])}"
            )
        rows.append(row)
    circled, shaded = _read_design(sections["design"]) if "design" in sections else (set(), set())
    (circled if special.startswith("circle") else shaded).update(marked)
    try:
        grid = Grid.from_rows(rows, circled=frozenset(circled), shaded=frozenset(shaded))
    except ValueError as exc:
        raise FormatError(f"grid starting at line {grid_lines[0][0]}: {exc}") from None
    known = {slot.id for slot in clue_order(grid)}
    clues: dict[str, str] = {}
    for number, line in sections.get("clues", []):
        if re.match(r"^[AD]\d+\s*\^", line):
            continue
        match = CLUE_START.match(line)
        text, tilde, _ = line[match.end() :].rpartition("~") if match else ("", "", "")
        if not match or not tilde:
            raise FormatError(f"line {number}: expected a clue like 'A1. text ~ ANSWER'")
        slot_id = f"{match.group(2)}{match.group(1)}"
        if slot_id not in known:
            raise FormatError(f"line {number}: {slot_id} names no slot of the grid")
        if text.rstrip():
            clues[slot_id] = text.rstrip()
    notes = "\n".join(line for _, line in sections.get("notes", [])).strip("\n")
    return CrosswordFile(
        grid,
        clues,
        title=meta.get("title", ""),
        author=meta.get("author", ""),
        copyright=meta.get("copyright", ""),
        notes=notes,
    )
