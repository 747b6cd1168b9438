"""Word-list file formats: reading lines into entries (with a reason for every bad line)
and writing entries back so that export → import gives the same list.

Formats:
- ``stwl``: ``word;score`` per line (Spread the Wordlist, Broda, Ingrid); no score = 50.
  A line without ``;`` may give its score after a tab, colon, comma or space; a first
  line naming its columns (``word;score``) is a header.
- ``plain``: one word per line, score 50. It and ``stwl`` skip blank lines and comments
  (``#`` then a space).
- ``csv``: ``word,score,clue`` (comma or, when the first line has a tab, tab separated;
  an optional header row starting with ``word``; score and clue may be empty). A word on
  several rows collects all their clues.
- ``jsonl``: one object per line: ``word`` (required), ``score``, ``display``, ``clues``
  (strings or ``{"text", "source", "difficulty", "kind", "level"}``), ``tags``, ``source``.

Scores in a file are read on its ``scale`` (100, or 50 for lists scored 0–50) and stored on
0–100; a missing score means 50 on the stored scale. Without a given scale it is detected
from the scores (``detect_scale``). A word's display form is the text as written
(trimmed); its key is that text normalized in the list's alphabet.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TextIO, TypeVar

from crossforge.errors import InputError
from crossforge.wordbase.alphabets import Alphabet
from crossforge.wordbase.models import Clue, Entry, Rejection, combine_entries

__all__ = [
    "DEFAULT_SCORE",
    "DETECT_MIN_SCORES",
    "FORMATS",
    "CountedLines",
    "LineError",
    "ParsedFile",
    "guess_format",
    "detect_scale",
    "read_entries",
    "write_entries",
]

FORMATS = ("stwl", "plain", "csv", "jsonl")
DEFAULT_SCORE = 50
_EXTENSIONS = {
    ".txt": "stwl",
    ".dict": "stwl",
    ".stwl": "stwl",
    ".csv": "csv",
    ".tsv": "csv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
}
T = TypeVar("T")
_JSON_FIELDS = {"word", "score", "display", "clues", "tags", "source"}
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a UTF-16 surrogate: text only when paired (checked when present)."""


class LineError(InputError):
    """One line of a word-list file is unusable; the message says why."""


@dataclass(frozen=True)
class _Record:
    line: int
    text: str
    word: str
    score: int | None = None
    display: str | None = None
    clues: tuple[Clue, ...] = ()
    tags: tuple[str, ...] = ()
    source: str | None = None


@dataclass
class ParsedFile:
    """The entries of a file by key (repeated keys combined), its line count and rejects."""

    entries: dict[str, Entry]
    lines: int
    rejected: list[Rejection]
    detected: str | None = None
    """What was found out about the file (its score scale), when the caller asked."""


def guess_format(filename: str) -> str:
    """The format a file name suggests (``stwl`` unless the extension says otherwise)."""
    return by_extension(filename, _EXTENSIONS, "stwl")


def by_extension(filename: str, extensions: Mapping[str, str], default: str) -> str:
    """The format ``extensions`` gives the ending of ``filename``, else ``default``."""
    lowered = filename.lower()
    for extension, fmt in extensions.items():
        if lowered.endswith(extension):
            return fmt
    return default


def _score(raw: Any) -> int:
    """A file score as a whole number (its scale is applied later)."""
    if isinstance(raw, str):
        text = raw.strip()
        if not text:
            raise LineError("empty score")
        try:
            value = int(text)
        except ValueError:
            raise LineError(f"score {text!r} is not a whole number") from None
    elif isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    else:
        raise LineError(f"score {raw!r} is not a whole number")
    return value


DETECT_MIN_SCORES = 100
"""Scores a file needs before its scale is judged from them."""


def detect_scale(counts: Mapping[int, int]) -> tuple[int, str]:
    """The scale of a file's scores (``counts``: how many lines give each score) and a
    sentence saying why.

    Published lists score 0–50 (Spread the Wordlist) or 0–100 (Peter Broda's list, the
    Crossword Nexus collaborative list). A file is read as 0–50 when it has at least
    ``DETECT_MIN_SCORES`` scores, the highest is exactly 50 and there are at least three
    levels (a list whose scores are all 50 is one never scored); otherwise as 0–100.
    """
    total = sum(counts.values())
    if total < DETECT_MIN_SCORES:
        return 100, f"scale 0-100 ({total} scores: too few to tell)"
    top, levels = max(counts), len(counts)
    if top == 50 and levels >= 3:
        return 50, f"scale 0-50 (highest score 50, {levels} levels): scores doubled"
    if top > 50:
        return 100, f"scale 0-100 (highest score {top})"
    return 100, (
        f"scale 0-100 (highest score {top}, {levels} level(s)); give scale 50 if the "
        "file is scored 0-50"
    )


def _score_after_separator(text: str) -> tuple[str, str] | None:
    """``text`` as word and score when it ends in a whole number after a tab, colon,
    comma or space (a word holds no digit, so that number can only be a score); None
    otherwise. String operations, not a regular expression: linear on any line."""
    line = text.rstrip()
    head = line.rstrip("0123456789")
    if head == line:
        return None
    score = line[len(head) :]
    if head.endswith("-"):
        head, score = head[:-1], "-" + score
    if not head or not (head[-1].isspace() or head[-1] in ":,"):
        return None
    word = head.rstrip()
    if word[-1:] in (":", ","):
        word = word[:-1]
    return word, score


_HEADER = re.compile(r"\s*(word|entry|answer)s?[;\t:,\s]+(score|rating)s?\s*", re.I)
"""A first line naming the columns, as some published lists have."""


_COMMENT = re.compile(r"\s*#(\s|$)")
"""A comment line: ``#`` then a space or nothing (``#MeToo`` is a word)."""


def _content_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Numbered lines without their line end, leaving out blank lines and comments."""
    for number, line in enumerate(lines, 1):
        text = line.rstrip("\r\n")
        if text.strip() and not _COMMENT.match(text):
            yield number, text


def _stwl(lines: Iterable[str]) -> Iterator[_Record | Rejection]:
    for index, (number, text) in enumerate(_content_lines(lines)):
        if index == 0 and _HEADER.fullmatch(text):
            continue
        word, sep, score = text.rpartition(";")
        if not sep:
            word, score = _score_after_separator(text) or (text, "")
        try:
            value = _score(score) if score.strip() else None
        except LineError as exc:
            yield Rejection(number, text, str(exc))
            continue
        yield _Record(number, text, word.strip(), value)


def csv_rows(reader: Any) -> Iterator[list[str]]:
    """The rows of a ``csv.reader``; a line the csv module refuses (a field past its
    limit of 131,072 characters, as an unclosed quote makes) is a ``ValueError`` naming
    the line its record starts on, not an error of the csv module."""
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise InputError(f"line {start}: {exc}") from None
        start = reader.line_num + 1
        yield row


def _plain(lines: Iterable[str]) -> Iterator[_Record | Rejection]:
    for number, text in _content_lines(lines):
        yield _Record(number, text, text.strip())


def _csv(lines: Iterable[str]) -> Iterator[_Record | Rejection]:
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None:
        return
    delimiter = "\t" if "\t" in first else ","

    def chained() -> Iterator[str]:
        yield first
        yield from iterator

    reader = csv.reader(chained(), delimiter=delimiter)
    line = 0
    for row in csv_rows(reader):
        start, line = line + 1, reader.line_num
        text = delimiter.join(row)
        if not any(cell.strip() for cell in row):
            continue
        if start == 1 and row[0].strip().lower() == "word":
            continue
        if len(row) > 3:
            yield Rejection(start, text, f"{len(row)} fields, expected word,score,clue")
            continue
        word, score, clue = (row + ["", ""])[:3]
        try:
            value = _score(score) if score.strip() else None
        except LineError as exc:
            yield Rejection(start, text, str(exc))
            continue
        clues = (Clue(clue.strip()),) if clue.strip() else ()
        yield _Record(start, text, word.strip(), value, clues=clues)


def _json_clue(raw: Any) -> Clue:
    if isinstance(raw, str):
        return Clue(raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
        raise LineError(f"clue {raw!r} is neither a string nor an object with a text")
    extra = set(raw) - {"text", "source", "difficulty", "kind", "level"}
    if extra:
        raise LineError(f"clue has unknown field(s) {', '.join(sorted(extra))}")
    source, difficulty = raw.get("source"), raw.get("difficulty")
    if source is not None and not isinstance(source, str):
        raise LineError(f"clue source {source!r} is not a string")
    if difficulty is not None and (isinstance(difficulty, bool) or not isinstance(difficulty, int)):
        raise LineError(f"clue difficulty {difficulty!r} is not a whole number")
    try:
        return Clue(raw["text"], source, difficulty, raw.get("kind"), raw.get("level"))
    except ValueError as exc:  # a kind or level not among the known ones
        raise LineError(str(exc)) from None


def json_line(text: str, fields: Collection[str]) -> dict[str, Any]:
    """The JSON object of a line, naming no field but ``fields``; LineError otherwise."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LineError(f"not JSON ({exc.msg} at column {exc.colno})") from None
    except ValueError:  # past JSONDecodeError: only an integer too long to convert is left
        raise LineError(f"a number of more than {sys.get_int_max_str_digits()} digits") from None
    except RecursionError:
        raise LineError("JSON nested too deeply") from None
    if SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise LineError("a \\u escape makes a lone surrogate, not text") from None
    if not isinstance(obj, dict):
        raise LineError("not a JSON object")
    extra = set(obj) - set(fields)
    if extra:
        raise LineError(f"unknown field(s) {', '.join(sorted(extra))}")
    return obj


def _json_record(number: int, text: str) -> _Record:
    obj = json_line(text, _JSON_FIELDS)
    word = obj.get("word")
    if not isinstance(word, str):
        raise LineError("no 'word' string")
    score = obj.get("score")
    display = obj.get("display")
    if display is not None and not isinstance(display, str):
        raise LineError(f"display {display!r} is not a string")
    clues = obj.get("clues") or []
    tags = obj.get("tags") or []
    source = obj.get("source")
    if not isinstance(clues, list):
        raise LineError("'clues' is not a list")
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise LineError("'tags' is not a list of strings")
    if source is not None and not isinstance(source, str):
        raise LineError(f"source {source!r} is not a string")
    return _Record(
        number,
        text,
        word.strip(),
        None if score is None else _score(score),
        display,
        tuple(_json_clue(c) for c in clues),
        tuple(tags),
        source,
    )


def _jsonl(lines: Iterable[str]) -> Iterator[_Record | Rejection]:
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        try:
            yield _json_record(number, text)
        except LineError as exc:
            yield Rejection(number, text, str(exc))


_READERS = {"stwl": _stwl, "plain": _plain, "csv": _csv, "jsonl": _jsonl}


def read_entries(
    lines: Iterable[str],
    fmt: str,
    alphabet: Alphabet,
    scale: int | None = None,
    source: str | None = None,
) -> ParsedFile:
    """Parse and normalize a file's lines; bad lines become rejections, never exceptions.

    Scores are read on ``scale`` (50 or 100; None: detected by ``detect_scale``, and the
    finding is the result's ``detected``). A key met again (say "ice cream" and
    "ICECREAM") is combined into one entry: the highest score, the first display form,
    every clue and tag. ``source`` is given to entries whose line names none.
    """
    if fmt not in _READERS:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if scale not in (None, 50, 100):
        raise InputError(f"scale must be 50 or 100, not {scale}")
    found: list[Entry] = []
    scored: list[bool] = []
    counts: Counter[int] = Counter()
    rejected: list[Rejection] = []
    counter = CountedLines(lines)
    for item in _READERS[fmt](counter):
        if isinstance(item, Rejection):
            rejected.append(item)
            continue
        try:
            score = DEFAULT_SCORE
            if item.score is not None:
                if not 0 <= item.score <= (scale or 100):
                    raise LineError(f"score {item.score} is outside 0–{scale or 100}")
                score = item.score if scale is None else round(item.score * 100 / scale)
                counts[item.score] += 1
            found.append(
                Entry(
                    alphabet.normalize(item.word),
                    item.display if item.display is not None else item.word,
                    score,
                    item.clues,
                    item.tags,
                    item.source if item.source is not None else source,
                )
            )
            scored.append(item.score is not None)
        except ValueError as exc:
            rejected.append(Rejection(item.line, item.text, str(exc)))
    detected = None
    if scale is None:
        scale, detected = detect_scale(counts)
        if scale != 100:
            found = [
                replace(entry, score=round(entry.score * 100 / scale)) if has_score else entry
                for entry, has_score in zip(found, scored, strict=True)
            ]
    return ParsedFile(combine_entries(found), counter.count, rejected, detected)


class CountedLines(Generic[T]):
    """Iterates over lines (or any items), counting them."""

    def __init__(self, lines: Iterable[T]) -> None:
        self._lines = lines
        self.count = 0

    def __iter__(self) -> Iterator[T]:
        for line in self._lines:
            self.count += 1
            yield line


def write_entries(entries: Iterable[Entry], out: TextIO, fmt: str) -> int:
    """Write entries in ``fmt``; returns how many entries were written."""
    written = 0
    if fmt == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["word", "score", "clue"])
        for entry in entries:
            for clue in entry.clues or (Clue(""),):
                writer.writerow([entry.display, entry.score, clue.text])
            written += 1
        return written
    for entry in entries:
        if fmt == "stwl":
            out.write(f"{entry.display};{entry.score}\n")
        elif fmt == "plain":
            out.write(f"{entry.display}\n")
        elif fmt == "jsonl":
            out.write(json.dumps(entry.to_json(), ensure_ascii=False) + "\n")
        else:
            raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
        written += 1
    return written
