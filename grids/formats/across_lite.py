"""Across Lite ``.puz`` files: grid, solution, title, author, copyright, clues, notes.

Layout (little-endian): a 52-byte header (global checksum, ``ACROSS&DOWN\\0``, CIB
checksum, masked low and high checksums, version, width, height, clue count, puzzle
type, solution state), the solution and the player's fill (one byte per cell, ``.`` for a
block, ``-`` for an empty fill cell), then NUL-terminated title, author, copyright, the
clues in printed order and the notes, then extra sections. We write version 1.3
(ISO-8859-1) or, when some text needs it, 2.0 (UTF-8; grid letters must still be one
byte). A grid of other letters (Cyrillic, kana) cannot be written: the error says so and
names the formats that hold it (``UNICODE_FORMATS``). Version 1 text is read as
Windows-1252 (what Across Lite writes: its curly quotes and dashes are bytes 0x80-0x9F,
control characters in ISO-8859-1), the five bytes Windows-1252 leaves unassigned as
ISO-8859-1.

Marks go to a ``GEXT`` section, one flag byte per cell: 0x80 is a circle (every
reader knows it). The format has no shading, so shaded cells get 0x08 (our own flag,
otherwise unused) and, when not circled too, 0x80 | 0x04: other readers show them
circled, as tools converting shaded puzzles to ``.puz`` do, and 0x04 tells us the circle
stands in for the shading. A solution cell written ``-`` is an open cell whose letter
is unknown. Rebus cells go to ``GRBS`` (one byte per cell: 0, or the cell's key + 1) and
``RTBL`` (the keys' letters, ``" 0:HEART; 1:CLUB;"``), the solution holding each rebus's
first letter, as Across Lite writes them.

Read as well: diagramless puzzles (as a plain grid: the solution shows the blocks), and
extra sections other than ``GEXT`` (timer, user entries), which are skipped. Refused,
naming the byte or cell: a wrong checksum (header, grid, text or section: the file is
damaged, or was edited without them), a scrambled (locked) solution, a ``GRBS`` cell
whose key ``RTBL`` lacks, and a size past the reader's limit (checked on the header).
"""

from __future__ import annotations

import codecs
import struct
import unicodedata

from crossforge.grids.crossword_file import (
    MAX_SIDE,
    METADATA,
    CrosswordFile,
    FormatError,
    clue_order,
)
from crossforge.grids.model import BLOCK, OPEN, Cell, Grid, check_size

MAGIC = b"ACROSS&DOWN\x00"
MASK = b"ICHEATED"
HEADER = struct.Struct("<H12sH4s4s4sHH12sBBHHH")
CIB = struct.Struct("<BBHHH")
SECTION = struct.Struct("<4sHH")
CIRCLED_FLAG = 0x80
SHADED_FLAG = 0x08
STAND_IN_FLAG = 0x04
"""Set with 0x80 and 0x08: the circle only shows the shading to readers without it."""
UNICODE_FORMATS = ".ipuz, .xd, .json or text"
"""The puzzle formats that hold any letter, named where a grid cannot be a ``.puz``."""
SCRAMBLED = 0x0004
"""The solution state of a locked puzzle (its solution scrambled with a key)."""
VERSION_1_TEXT = "cp1252"
FALLBACK = "crossforge.latin-1"
"""The decoding error handler reading Windows-1252's unassigned bytes as ISO-8859-1."""


def _as_latin_1(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error(FALLBACK, _as_latin_1)


def checksum(data: bytes, start: int = 0) -> int:
    """The Across Lite rolling 16-bit checksum of ``data``."""
    value = start
    for byte in data:
        value = ((value >> 1) | ((value & 1) << 15)) + byte
        value &= 0xFFFF
    return value


def _text_checksum(
    strings: dict[str, bytes], clues: list[bytes], notes_counted: bool, start: int = 0
) -> int:
    value = start
    for key in ("title", "author", "copyright"):
        if strings[key]:
            value = checksum(strings[key] + b"\x00", value)
    for clue in clues:
        if clue:
            value = checksum(clue, value)
    if notes_counted and strings["notes"]:
        value = checksum(strings["notes"] + b"\x00", value)
    return value


def _checksums(
    cib: bytes,
    solution: bytes,
    fill: bytes,
    strings: dict[str, bytes],
    clues: list[bytes],
    notes_counted: bool,
) -> tuple[int, int, bytes, bytes]:
    """Global, CIB, masked-low and masked-high checksums (notes count from version 1.3)."""
    parts = [
        checksum(cib),
        checksum(solution),
        checksum(fill),
        _text_checksum(strings, clues, notes_counted),
    ]
    grid_sum = checksum(fill, checksum(solution, parts[0]))
    overall = _text_checksum(strings, clues, notes_counted, grid_sum)
    low = bytes(MASK[i] ^ (part & 0xFF) for i, part in enumerate(parts))
    high = bytes(MASK[i + 4] ^ (part >> 8) for i, part in enumerate(parts))
    return overall, parts[0], low, high


def _encoding_for(puzzle: CrosswordFile) -> tuple[str, bytes]:
    """ISO-8859-1 (version 1.3) when it holds every text and reads back the same as
    Windows-1252 (no C1 control characters); UTF-8 (version 2.0) otherwise."""
    for text in puzzle.texts().values():
        if any(ch > "\xff" or "\x80" <= ch <= "\x9f" for ch in text):
            return "utf-8", b"2.0\x00"
    return "latin-1", b"1.3\x00"


def _unwritable(letters: list[str], cell: tuple[int, int]) -> str:
    """Why a grid holding ``letters`` (the first at ``cell``) cannot be a ``.puz``."""
    cyrillic = all(unicodedata.name(ch, "").startswith("CYRILLIC") for ch in letters)
    shown = ", ".join(letters[:5]) + (", ..." if len(letters) > 5 else "")
    return (
        f"a .puz file holds only one-byte (Latin) letters, and this grid has "
        f"{'Cyrillic' if cyrillic else 'other'} letters ({shown}; first at cell {cell}): "
        f"write it as {UNICODE_FORMATS}"
    )


def write(puzzle: CrosswordFile) -> bytes:
    """The ``.puz`` bytes of a puzzle."""
    grid = puzzle.grid
    if grid.width > 255 or grid.height > 255:
        raise FormatError(f"a .puz grid is at most 255x255, got {grid.height}x{grid.width}")
    for what, text in puzzle.texts().items():
        if "\x00" in text:
            raise FormatError(f"{what}: a .puz file cannot hold a NUL character (it ends texts)")
    encoding, version = _encoding_for(puzzle)
    cells = "".join(grid.rows).replace(OPEN, "-").replace(BLOCK, ".")
    widest = "\xff" if encoding == "latin-1" else "\x7f"  # one byte in the encoding
    wide = [i for i, ch in enumerate(cells) if ch > widest]
    if wide:
        letters = sorted({cells[i] for i in wide})
        raise FormatError(_unwritable(letters, divmod(wide[0], grid.width)))
    solution = cells.encode(encoding)
    fill = "".join("." if ch == BLOCK else "-" for row in grid.rows for ch in row).encode()
    strings = {key: getattr(puzzle, key).encode(encoding) for key in METADATA}
    clues = [puzzle.clue(slot).encode(encoding) for slot in clue_order(grid)]
    cib_fields = (grid.width, grid.height, len(clues), 1, 0)
    overall, cib_sum, low, high = _checksums(
        CIB.pack(*cib_fields), solution, fill, strings, clues, notes_counted=True
    )
    header = HEADER.pack(overall, MAGIC, cib_sum, low, high, version, 0, 0, bytes(12), *cib_fields)
    body = [header, solution, fill]
    body += [strings[key] + b"\x00" for key in ("title", "author", "copyright")]
    body += [clue + b"\x00" for clue in clues]
    body.append(strings["notes"] + b"\x00")
    if puzzle.rebus:
        cells_and_table = _rebus_sections(puzzle, encoding)
        body += [_section(name, content) for name, content in cells_and_table]
    if grid.circled or grid.shaded:
        body.append(_section(b"GEXT", bytes(_flags(grid, cell) for cell in grid.cells())))
    return b"".join(body)


def _section(name: bytes, content: bytes) -> bytes:
    """An extra section: its name, length and checksum, the content, a NUL."""
    return SECTION.pack(name, len(content), checksum(content)) + content + b"\x00"


def _rebus_sections(puzzle: CrosswordFile, encoding: str) -> list[tuple[bytes, bytes]]:
    """``GRBS`` and ``RTBL`` of the puzzle's rebus cells (one key per distinct text)."""
    keys: dict[str, int] = {}
    for text in puzzle.rebus.values():
        keys.setdefault(text, len(keys))
    grid = puzzle.grid
    cells = bytes(
        keys[puzzle.rebus[cell]] + 1 if cell in puzzle.rebus else 0 for cell in grid.cells()
    )
    table = "".join(f"{key:2d}:{text};" for text, key in keys.items())
    try:
        encoded = table.encode(encoding)
    except UnicodeEncodeError:
        letters = sorted({ch for text in keys for ch in text if ch > "\x7f"})
        raise FormatError(_unwritable(letters, next(iter(puzzle.rebus)))) from None
    return [(b"GRBS", cells), (b"RTBL", encoded)]


class _Reader:
    """Walks the bytes of a .puz file, naming the offset of every problem."""

    def __init__(self, data: bytes, pos: int) -> None:
        self.data = data
        self.pos = pos

    def take(self, size: int, what: str) -> bytes:
        if self.pos + size > len(self.data):
            raise FormatError(
                f"file cut short at byte {len(self.data)}: {what} needs {size} bytes "
                f"from byte {self.pos}"
            )
        chunk = self.data[self.pos : self.pos + size]
        self.pos += size
        return chunk

    def string(self, what: str) -> bytes:
        end = self.data.find(b"\x00", self.pos)
        if end < 0:
            raise FormatError(
                f"file cut short at byte {len(self.data)}: {what} from byte {self.pos} "
                "has no terminating NUL"
            )
        chunk = self.data[self.pos : end]
        self.pos = end + 1
        return chunk


def _expect(name: str, offset: int, stored: int | bytes, computed: int | bytes) -> None:
    if stored != computed:
        shown = stored.hex() if isinstance(stored, bytes) else f"0x{stored:04x}"
        wanted = computed.hex() if isinstance(computed, bytes) else f"0x{computed:04x}"
        raise FormatError(f"{name} checksum at byte {offset} is {shown}, expected {wanted}")


def read(data: bytes, max_side: int = MAX_SIDE) -> CrosswordFile:
    """A puzzle from ``.puz`` bytes, at most ``max_side`` rows and columns; checksums
    are verified."""
    start = data.find(MAGIC)
    if start < 2:
        raise FormatError("byte 2: no ACROSS&DOWN signature, not an Across Lite .puz file")
    reader = _Reader(data, start - 2)
    fields = HEADER.unpack(reader.take(HEADER.size, "the header"))
    overall, _, cib_sum, low, high, version, *_, width, height, count, kind, state = fields
    base = start - 2
    if state & SCRAMBLED:
        raise FormatError(
            f"byte {base + 50}: the solution is scrambled (a locked puzzle); unlock it in "
            "the program that made it, scrambled solutions are not read"
        )
    if state != 0:
        raise FormatError(f"byte {base + 50}: solution state 0x{state:04x} is not supported")
    if width == 0 or height == 0:
        raise FormatError(f"byte {base + 44}: grid size {width}x{height} is empty")
    check_size(height, width, max_side)
    encoding = "utf-8" if version[:1] >= b"2" else VERSION_1_TEXT
    solution = reader.take(width * height, "the solution grid")
    fill = reader.take(width * height, "the fill grid")
    strings = {key: reader.string(key) for key in ("title", "author", "copyright")}
    clues = [reader.string(f"clue {n + 1}") for n in range(count)]
    strings["notes"] = reader.string("notes")
    cib = CIB.pack(width, height, count, kind, state)
    want_overall, want_cib, want_low, want_high = _checksums(
        cib, solution, fill, strings, clues, version[:3] >= b"1.3"
    )
    _expect("CIB", base + 14, cib_sum, want_cib)
    _expect("masked low", base + 16, low, want_low)
    _expect("masked high", base + 20, high, want_high)
    _expect("global", base, overall, want_overall)
    circled, shaded, rebus = _read_sections(reader, width, height, encoding)

    cells = _decode(solution, encoding, "solution grid")
    if len(cells) != width * height:
        raise FormatError(
            f"solution grid at byte {base + HEADER.size}: {len(cells)} letters in "
            f"{width * height} bytes; a .puz grid holds one byte per cell"
        )
    rows = [
        "".join(
            BLOCK if ch in ".:" else OPEN if ch == "-" else ch
            for ch in cells[r * width : (r + 1) * width]
        )
        for r in range(height)
    ]
    for (r, c), text in rebus.items():  # the solution holds the first letter, or should
        rows[r] = rows[r][:c] + text[0] + rows[r][c + 1 :]
    try:
        grid = Grid.from_rows(rows, circled=circled, shaded=shaded)
    except ValueError as exc:
        raise FormatError(f"solution grid at byte {base + HEADER.size}: {exc}") from None
    order = clue_order(grid)
    if len(order) != count:
        raise FormatError(
            f"byte {base + 46}: header says {count} clues, the grid has {len(order)} entries"
        )
    texts = {key: _decode(value, encoding, key) for key, value in strings.items()}
    return CrosswordFile(
        grid,
        {
            slot.id: _decode(clue, encoding, f"clue {slot.id}")
            for slot, clue in zip(order, clues, strict=True)
            if clue
        },
        rebus=rebus,
        title=texts["title"],
        author=texts["author"],
        copyright=texts["copyright"],
        notes=texts["notes"],
    )


def _decode(raw: bytes, encoding: str, what: str) -> str:
    try:
        return raw.decode(encoding, errors=FALLBACK if encoding == VERSION_1_TEXT else "strict")
    except UnicodeDecodeError as exc:
        raise FormatError(f"{what}: byte {exc.start} is not valid {encoding}") from None


def _flags(grid: Grid, cell: Cell) -> int:
    """The ``GEXT`` byte of a cell (see the module's docstring)."""
    flags = CIRCLED_FLAG if cell in grid.circled else 0
    if cell in grid.shaded:
        flags |= SHADED_FLAG if flags else SHADED_FLAG | CIRCLED_FLAG | STAND_IN_FLAG
    return flags


def _read_sections(
    reader: _Reader, width: int, height: int, encoding: str
) -> tuple[list[Cell], list[Cell], dict[Cell, str]]:
    """Circled and shaded cells and rebus cells from the extra sections (checksums
    verified; other sections skipped)."""
    sections: dict[bytes, tuple[int, bytes]] = {}
    while len(reader.data) - reader.pos >= SECTION.size:
        offset = reader.pos
        name, length, stored = SECTION.unpack(reader.take(SECTION.size, "a section header"))
        body = reader.take(length + 1, f"section {name.decode('latin-1')!r}")[:-1]
        _expect(f"section {name.decode('latin-1')!r}", offset + 6, stored, checksum(body))
        sections[name] = (offset, body)
    rebus: dict[Cell, str] = {}
    if b"GRBS" in sections:
        rebus = _read_rebus(sections[b"GRBS"], sections.get(b"RTBL", (0, b""))[1], width, encoding)
    circled: list[Cell] = []
    shaded: list[Cell] = []
    if b"GEXT" in sections:
        offset, body = sections[b"GEXT"]
        if len(body) != width * height:
            raise FormatError(f"byte {offset + 4}: GEXT section of {len(body)} bytes")
        stand_in = SHADED_FLAG | STAND_IN_FLAG
        for i, flags in enumerate(body):
            if flags & CIRCLED_FLAG and flags & stand_in != stand_in:
                circled.append(divmod(i, width))
            if flags & SHADED_FLAG:
                shaded.append(divmod(i, width))
    return circled, shaded, rebus


def _read_rebus(
    grbs: tuple[int, bytes], table: bytes, width: int, encoding: str
) -> dict[Cell, str]:
    """Rebus cells from ``GRBS`` (cell byte n is key n - 1) and ``RTBL`` (entries
    ``" 1:HEART;"``)."""
    offset, cells = grbs
    words: dict[int, str] = {}
    for entry in _decode(table, encoding, "section 'RTBL'").split(";"):
        number, _, word = entry.partition(":")
        if number.strip().isdecimal() and len(number.strip()) <= 3:  # keys are 0-254
            words[int(number)] = word
    rebus = {}
    for i, key in enumerate(cells):
        if not key:
            continue
        if key - 1 not in words:
            raise FormatError(
                f"byte {offset + 8 + i}: cell {divmod(i, width)} names rebus key {key - 1}, "
                "which the RTBL section lacks"
            )
        rebus[divmod(i, width)] = words[key - 1]
    return rebus
