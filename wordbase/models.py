"""Plain records the word store hands out: lists, entries, clues, import and search results."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from crossforge.errors import InputError
from crossforge.wordbase.alphabets import Alphabet, get_alphabet

__all__ = [
    "CLUE_KINDS",
    "CLUE_LEVELS",
    "MAX_DIFFICULTY",
    "MAX_KEY_LENGTH",
    "Clue",
    "ClueHit",
    "CluePage",
    "Entry",
    "ImportSummary",
    "ListStats",
    "Merge",
    "Rejection",
    "SearchPage",
    "WordList",
    "combine_entries",
]

MAX_KEY_LENGTH = 64
"""Longest key a list accepts."""
MAX_DIFFICULTY = 2**31 - 1
"""Largest clue difficulty (either sign) the databases' integer column holds."""
CLUE_KINDS = ("synonym", "definition", "blank", "name", "abbreviation", "prefix")
"""What a written clue is (docs/word-lists.md): another word for the answer, a definition
cut from a gloss, a fill-in-the-blank, who or what a name is, an abbreviation's or a
prefix's signalled meaning. An imported clue's kind is None: unknown."""
CLUE_LEVELS = ("easy", "medium", "hard")
"""How hard a written clue is: easy (a synonym or a blank), medium (a definition), hard
(a less common sense). An imported clue's level is None unless its file gives one."""
MAX_LISTED_REJECTIONS = 1000
"""Bad lines an import summary lists one by one; past that it only counts them, so a
file of millions of bad lines keeps memory bounded."""

Merge = Literal["max", "replace"]
"""How an import treats a key the list already holds: keep the higher score, or take the
file's score and display form. Either way new clues and tags are added to the old ones."""


@dataclass(frozen=True)
class Clue:
    """One clue for an entry; ``difficulty`` is free-form (e.g. 1–5) and optional;
    ``kind`` (``CLUE_KINDS``) and ``level`` (``CLUE_LEVELS``) are None when unknown."""

    text: str
    source: str | None = None
    difficulty: int | None = None
    kind: str | None = None
    level: str | None = None

    def __post_init__(self) -> None:
        if self.difficulty is not None and abs(self.difficulty) > MAX_DIFFICULTY:
            raise InputError(f"clue difficulty {self.difficulty} is beyond ±{MAX_DIFFICULTY}")
        if self.kind is not None and self.kind not in CLUE_KINDS:
            raise InputError(f"clue kind {self.kind!r} is not one of {', '.join(CLUE_KINDS)}")
        if self.level is not None and self.level not in CLUE_LEVELS:
            raise InputError(f"clue level {self.level!r} is not one of {', '.join(CLUE_LEVELS)}")

    def to_json(self) -> dict[str, Any]:
        """The clue as a JSON object (``source``, ``difficulty``, ``kind``, ``level`` only
        when set)."""
        out: dict[str, Any] = {"text": self.text}
        for name in ("source", "difficulty", "kind", "level"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


@dataclass(frozen=True)
class Entry:
    """A word in a list: normalized ``key``, ``display`` form, score 0–100 and metadata."""

    key: str
    display: str
    score: int
    clues: tuple[Clue, ...] = ()
    tags: tuple[str, ...] = ()
    source: str | None = None

    def __post_init__(self) -> None:
        if not self.key:
            raise InputError("an entry needs a key with at least one letter")
        if len(self.key) > MAX_KEY_LENGTH:
            raise InputError(f"key {self.key!r} is longer than {MAX_KEY_LENGTH} letters")
        if isinstance(self.score, bool) or not isinstance(self.score, int):
            raise InputError(f"score {self.score!r} of {self.key!r} is not a whole number")
        if not 0 <= self.score <= 100:
            raise InputError(f"score {self.score} of {self.key!r} is outside 0–100")

    @property
    def length(self) -> int:
        """Number of letters (cells) of the key."""
        return len(self.key)

    def merged(self, new: Entry, merge: Merge) -> Entry:
        """This entry after importing ``new`` (same key) with the given merge rule."""
        texts = {clue.text for clue in self.clues}
        clues = self.clues + tuple(c for c in new.clues if c.text not in texts)
        tags = self.tags + tuple(t for t in new.tags if t not in self.tags)
        if merge == "max":
            score, display = max(self.score, new.score), self.display
        else:
            score, display = new.score, new.display
        return Entry(self.key, display, score, clues, tags, self.source or new.source)

    def to_json(self) -> dict[str, Any]:
        """The entry as a JSON object (the shape of jsonl export and ``search --json``)."""
        return {
            "word": self.key,
            "display": self.display,
            "score": self.score,
            "clues": [clue.to_json() for clue in self.clues],
            "tags": list(self.tags),
            "source": self.source,
        }


def combine_entries(items: Iterable[Entry]) -> dict[str, Entry]:
    """Entries by key; a repeated key keeps the best score, the first display form and
    gathers every clue and tag."""
    combined: dict[str, Entry] = {}
    for entry in items:
        old = combined.get(entry.key)
        combined[entry.key] = entry if old is None else old.merged(entry, "max")
    return combined


_CONTROL = r"\x00-\x1f\x7f-\x9f"
LIST_NAME_PATTERN = (
    rf"^(?!\.+$)[^/%\s{_CONTROL}\ufeff](?:[^/%{_CONTROL}]*[^/%\s{_CONTROL}\ufeff])?$(?!\n)"
)
"""What a list name may be, so that it can always be named in a URL and a command: no
``/``, ``%`` or control characters, no space at either end, not only dots. The same in
Python and ECMA regexes (``(?!\n)`` stops Python's ``$`` before a last newline)."""


def check_list_name(name: str) -> str:
    """``name`` when it is a usable list name; ValueError saying what is allowed."""
    if not re.match(LIST_NAME_PATTERN, name):
        raise InputError(
            f"list name {name!r}: use no '/', '%' or control characters, no space at "
            "either end, and not only dots"
        )
    return name


@dataclass(frozen=True)
class WordList:
    """A named word list. ``version`` grows by one with every change to it or its entries;
    ``uid`` is unique per list ever created (a re-created name gets a new one)."""

    id: int
    name: str
    uid: str
    alphabet: str
    settings: dict[str, Any]
    description: str
    version: int
    created_at: datetime
    updated_at: datetime

    def make_alphabet(self) -> Alphabet:
        """The list's Alphabet with its settings."""
        return get_alphabet(self.alphabet, **self.settings)

    def to_json(self) -> dict[str, Any]:
        """The list's facts as a JSON object."""
        return {
            "name": self.name,
            "alphabet": self.alphabet,
            "settings": dict(self.settings),
            "description": self.description,
            "version": self.version,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
        }


@dataclass(frozen=True)
class Rejection:
    """A line of an import file that could not be used, and why."""

    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}: {self.text.strip()!r}"


@dataclass
class ImportSummary:
    """What an import did (or, with ``dry_run``, would do) to a list."""

    list_name: str
    format: str
    lines: int = 0
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    rejected: list[Rejection] = field(default_factory=list)
    dry_run: bool = False
    version: int = 0
    skipped: int = 0
    """Good lines left out by choice (clues whose answer the list does not hold)."""
    more_rejected: int = 0
    """Bad lines past the first ``MAX_LISTED_REJECTIONS``: counted, not listed."""
    detected: str | None = None
    """What the import found out about the file by itself (its score scale)."""

    @property
    def changed(self) -> bool:
        """Whether the list was (or would be) modified."""
        return bool(self.added or self.updated)

    @property
    def rejected_count(self) -> int:
        """Every bad line, listed or not."""
        return len(self.rejected) + self.more_rejected

    def reject(self, rejection: Rejection) -> None:
        """Count a bad line; list it while fewer than ``MAX_LISTED_REJECTIONS`` are."""
        if len(self.rejected) < MAX_LISTED_REJECTIONS:
            self.rejected.append(rejection)
        else:
            self.more_rejected += 1

    def describe(self, show: int = 20) -> str:
        """A human summary, listing up to ``show`` rejected lines."""
        verb = "would add" if self.dry_run else "added"
        skipped = f", skipped {self.skipped}" if self.skipped else ""
        head = (
            f"{self.list_name}: {verb} {self.added}, updated {self.updated}, "
            f"unchanged {self.unchanged}{skipped}, rejected {self.rejected_count} "
            f"({self.lines} lines, format {self.format})"
        )
        if self.dry_run:
            head += " [dry run: nothing written]"
        lines = [head]
        if self.detected:
            lines.append(f"  detected: {self.detected}")
        lines += [f"  {r}" for r in self.rejected[:show]]
        if self.rejected_count > show:
            lines.append(f"  … and {self.rejected_count - show} more")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The summary as a JSON object."""
        return {
            "list": self.list_name,
            "format": self.format,
            "lines": self.lines,
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "rejected": [
                {"line": r.line, "text": r.text, "reason": r.reason} for r in self.rejected
            ],
            "rejected_count": self.rejected_count,
            "skipped": self.skipped,
            "detected": self.detected,
            "dry_run": self.dry_run,
            "version": self.version,
        }


@dataclass(frozen=True)
class SearchPage:
    """One page of search results; pass ``next_cursor`` back for the next page (None: done)."""

    entries: list[Entry]
    next_cursor: str | None


@dataclass(frozen=True)
class ListStats:
    """Entry counts of a list by length, and a histogram of scores in bands of ten."""

    total: int
    by_length: dict[int, int]
    score_bands: dict[int, int]
    """Band start (0, 10, … 90; band 90 includes 100) → number of entries."""


@dataclass(frozen=True)
class ClueHit:
    """A clue found by a clue search, with the entry it belongs to."""

    word: str
    display: str
    clue: Clue
    clue_id: int
    """The clue's row id: where the next page starts."""

    def to_json(self) -> dict[str, Any]:
        """The hit as a JSON object: the entry's key and display form, and the clue."""
        return {"word": self.word, "display": self.display, **self.clue.to_json()}


@dataclass(frozen=True)
class CluePage:
    """One page of clue search hits; pass ``next_cursor`` back for the next (None: done)."""

    hits: list[ClueHit]
    next_cursor: str | None
