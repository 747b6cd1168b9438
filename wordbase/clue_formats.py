"""Clue file formats: reading clue lines lazily (a reason for every bad line) and
writing clues back, so that export → import gives the same clues.

Formats (one clue a line; a line names its answer, which the list's alphabet normalizes):

- ``csv``: ``answer,clue,source,difficulty,kind,level`` (comma-separated, quoted as CSV;
  ``kind`` and ``level`` as ``models.CLUE_KINDS`` and ``CLUE_LEVELS`` name them);
- ``tsv``: the same columns tab-separated, with no quoting (a ``"`` is a character);
- ``xd``: the xd crossword corpus's clue table, ``pubid year answer clue`` tab-separated
  (its ``clues.tsv``); the clue's source becomes ``PUBID YEAR`` (``nyt 1995``);
- ``jsonl``: ``{"answer", "clue", "source", "difficulty", "kind", "level"}`` objects;
- ``dash``: ``answer — clue``, the plain dictionary of the Canadian-crossword article
  (the answer before the first dash, em or en, or a hyphen between spaces; no source,
  difficulty, kind or level). No extension implies it (``.txt`` is ``tsv``): name it
  with ``--format``.

In ``csv``, ``tsv`` and ``xd`` a first row naming the columns (``answer``, ``clue``,
``source``, ``difficulty``, ``kind``, ``level``, ``pubid``, ``year``, ``date``; ``word``
for ``answer``) sets
their order, and columns it names otherwise (``xdid``, ``score``) are ignored; without
one the columns are in the order above and only the first two are required.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from crossforge.errors import InputError
from crossforge.wordbase.formats import LineError, by_extension, csv_rows, json_line
from crossforge.wordbase.models import (
    CLUE_KINDS,
    CLUE_LEVELS,
    MAX_DIFFICULTY,
    Clue,
    Entry,
    Rejection,
)

__all__ = [
    "CLUE_FORMATS",
    "MAX_CLUE_LENGTH",
    "ClueLine",
    "guess_clue_format",
    "read_clues",
    "write_clues",
]

CLUE_FORMATS = ("csv", "tsv", "xd", "jsonl", "dash")
MAX_CLUE_LENGTH = 1000
"""Longest clue text an import accepts (a longer one is a bad line, not a clue)."""
_EXTENSIONS = {".csv": "csv", ".tsv": "tsv", ".txt": "tsv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
_COLUMNS = {
    "csv": ("answer", "clue", "source", "difficulty", "kind", "level"),
    "tsv": ("answer", "clue", "source", "difficulty", "kind", "level"),
    "xd": ("pubid", "year", "answer", "clue"),
}
"""Column order of each table format when the file has no header row."""
_JSON_FIELDS = {"answer", "clue", "source", "difficulty", "kind", "level"}
_LABELS = {"kind": CLUE_KINDS, "level": CLUE_LEVELS}
"""The clue fields that hold one of a few names, and those names."""
_DATE = re.compile(r"\d{4}(?:-\d\d(?:-\d\d)?)?")
_DASH = re.compile(r"\s*[—–]\s*|\s+-\s+")
"""What parts a ``dash`` line's answer from its clue (the first one found)."""


@dataclass(frozen=True)
class ClueLine:
    """One clue read from a file: its line number and text (for rejections), the
    answer as written and the clue."""

    line: int
    text: str
    answer: str
    clue: Clue


def guess_clue_format(filename: str) -> str:
    """The clue format a file name suggests (``tsv`` unless the extension says otherwise)."""
    return by_extension(filename, _EXTENSIONS, "tsv")


def _clue_text(raw: str) -> str:
    text = raw.strip()
    if not text:
        raise LineError("empty clue")
    if len(text) > MAX_CLUE_LENGTH:
        raise LineError(f"clue longer than {MAX_CLUE_LENGTH} characters")
    return text


def _difficulty(raw: Any) -> int | None:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if isinstance(raw, str):
        try:
            raw = int(raw.strip())
        except ValueError:
            raise LineError(f"difficulty {raw.strip()!r} is not a whole number") from None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise LineError(f"difficulty {raw!r} is not a whole number")
    if abs(raw) > MAX_DIFFICULTY:
        raise LineError(f"difficulty {raw} is beyond ±{MAX_DIFFICULTY}")
    return raw


def _label(raw: Any, field: str) -> str | None:
    """The ``field`` (``kind`` or ``level``) a line gives, one of ``_LABELS[field]``."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    allowed = _LABELS[field]
    if not isinstance(raw, str) or raw.strip().lower() not in allowed:
        raise LineError(f"{field} {raw!r} is not one of {', '.join(allowed)}")
    return raw.strip().lower()


def _line(
    number: int,
    text: str,
    answer: Any,
    clue: Any,
    source: Any,
    difficulty: Any,
    kind: Any = None,
    level: Any = None,
) -> ClueLine:
    if not isinstance(answer, str) or not answer.strip():
        raise LineError("no answer")
    if not isinstance(clue, str):
        raise LineError("no clue text")
    if source is not None and not isinstance(source, str):
        raise LineError(f"source {source!r} is not a string")
    source = source.strip() if source else None
    return ClueLine(
        number,
        text,
        answer.strip(),
        Clue(
            _clue_text(clue),
            source or None,
            _difficulty(difficulty),
            _label(kind, "kind"),
            _label(level, "level"),
        ),
    )


def _header(row: list[str]) -> tuple[str, ...] | None:
    """The column names of a header row, or None when ``row`` is data."""
    names = tuple(cell.strip().lower() for cell in row)
    if not {"answer", "word"} & set(names) or "clue" not in names:
        return None
    return tuple("answer" if name == "word" else name for name in names)


@dataclass(frozen=True)
class _Layout:
    """Where a table's columns are: answer, clue, the parts of the source, and the
    optional difficulty, kind and level."""

    columns: tuple[str, ...]

    @property
    def answer(self) -> int:
        return self.columns.index("answer")

    @property
    def clue(self) -> int:
        return self.columns.index("clue")

    @property
    def sources(self) -> tuple[int, ...]:
        parts = ("pubid", "year", "date", "source")
        return tuple(self.columns.index(p) for p in parts if p in self.columns)

    @property
    def optional(self) -> tuple[int | None, ...]:
        """Where difficulty, kind and level are (None: not in the table)."""
        names = ("difficulty", "kind", "level")
        return tuple(self.columns.index(n) if n in self.columns else None for n in names)


def _table(lines: Iterable[str], fmt: str) -> Iterator[ClueLine | Rejection]:
    if fmt == "csv":
        reader = csv.reader(lines)
    else:
        reader = csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    separator = "," if fmt == "csv" else "\t"
    layout = _Layout(_COLUMNS[fmt])
    answer, clue, sources, optional = layout.answer, layout.clue, layout.sources, layout.optional
    needed, most = max(answer, clue) + 1, len(layout.columns)
    line = 0
    for row in csv_rows(reader):
        start, line = line + 1, reader.line_num
        if not any(row):
            continue
        if start == 1 and (header := _header(row)) is not None:
            layout = _Layout(header)
            answer, clue, sources = layout.answer, layout.clue, layout.sources
            optional, needed, most = layout.optional, max(answer, clue) + 1, len(header)
            continue
        text = separator.join(row)
        if not text.strip():
            continue
        try:
            if not most >= len(row) >= needed:
                raise LineError(f"{len(row)} field(s), expected {' '.join(layout.columns)}")
            source = " ".join(part for i in sources if i < len(row) and (part := row[i].strip()))
            extra = [row[i] if i is not None and i < len(row) else None for i in optional]
            yield _line(start, text, row[answer], row[clue], source or None, *extra)
        except LineError as exc:
            yield Rejection(start, text, str(exc))


def _jsonl(lines: Iterable[str]) -> Iterator[ClueLine | Rejection]:
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text:
            continue
        try:
            obj = json_line(text, _JSON_FIELDS)
            yield _line(
                number,
                text,
                obj.get("answer"),
                obj.get("clue"),
                obj.get("source"),
                obj.get("difficulty"),
                obj.get("kind"),
                obj.get("level"),
            )
        except LineError as exc:
            yield Rejection(number, text, str(exc))


def _dash(lines: Iterable[str]) -> Iterator[ClueLine | Rejection]:
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text:
            continue
        parts = _DASH.split(text, maxsplit=1)
        try:
            if len(parts) != 2:
                raise LineError("no dash between the answer and the clue")
            yield _line(number, text, parts[0], parts[1], None, None)
        except LineError as exc:
            yield Rejection(number, text, str(exc))


def read_clues(lines: Iterable[str], fmt: str) -> Iterator[ClueLine | Rejection]:
    """The clues of a file's lines, one at a time, and a Rejection for each bad line."""
    if fmt not in CLUE_FORMATS:
        raise InputError(f"unknown clue format {fmt!r} (known: {', '.join(CLUE_FORMATS)})")
    if fmt == "jsonl":
        return _jsonl(lines)
    return _dash(lines) if fmt == "dash" else _table(lines, fmt)


def _cell(text: str) -> str:
    """Text for a tab-separated cell: tabs and line breaks become spaces."""
    return " ".join(text.split()) if any(ch in text for ch in "\t\r\n") else text


def _xd_source(source: str | None) -> tuple[str, str]:
    """``(pubid, year)`` of an xd clue's source ``PUBID YEAR`` (either may be missing)."""
    if not source:
        return "", ""
    for length in (10, 7, 4):  # the longest date the source ends with
        if len(source) >= length and _DATE.fullmatch(source[-length:]):
            return source[:-length].rstrip(), source[-length:]
    return source, ""


def write_clues(entries: Iterable[Entry], out: TextIO, fmt: str) -> int:
    """Write every clue of ``entries`` in ``fmt`` with a header row (none in jsonl and
    dash; dash writes no source, difficulty, kind or level); returns how many clues were written."""
    if fmt not in CLUE_FORMATS:
        raise InputError(f"unknown clue format {fmt!r} (known: {', '.join(CLUE_FORMATS)})")
    written = 0
    csv_writer = csv.writer(out, lineterminator="\n") if fmt == "csv" else None
    if fmt not in ("jsonl", "dash"):
        header = _COLUMNS[fmt]
        if csv_writer is not None:
            csv_writer.writerow(header)
        else:
            out.write("\t".join(header) + "\n")
    for entry in entries:
        for clue in entry.clues:
            written += 1
            difficulty = "" if clue.difficulty is None else str(clue.difficulty)
            if fmt == "jsonl":
                record = {
                    "answer": entry.display,
                    "clue": clue.text,
                    "source": clue.source,
                    "difficulty": clue.difficulty,
                    "kind": clue.kind,
                    "level": clue.level,
                }
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            elif fmt == "dash":
                out.write(f"{entry.display} — {' '.join(clue.text.split())}\n")
            elif fmt in ("csv", "tsv"):
                cells = [entry.display, clue.text, clue.source or "", difficulty]
                cells += [clue.kind or "", clue.level or ""]
                if csv_writer is not None:
                    csv_writer.writerow(cells)
                    continue
                out.write("\t".join(_cell(c) for c in cells) + "\n")
            else:
                pubid, year = _xd_source(clue.source)
                out.write("\t".join(_cell(c) for c in (pubid, year, entry.key, clue.text)) + "\n")
    return written
