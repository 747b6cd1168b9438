"""Imports into the word store: word-list files and clue files (or records), each in
one transaction of ``WordStore.editing``, with merges, skipped bad lines and dry runs.

A list is created (with ``alphabet``) when missing. Without ``skip_bad`` any bad line
raises ImportRejected and nothing is written; with it, bad lines are listed in the
summary and the rest is imported. ``dry_run`` reports without writing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from os import PathLike
from pathlib import Path
from typing import IO, Any

from crossforge.errors import InputError
from crossforge.wordbase import clue_store
from crossforge.wordbase.clue_formats import ClueLine, guess_clue_format, read_clues
from crossforge.wordbase.formats import CountedLines, guess_format, read_entries
from crossforge.wordbase.models import Entry, ImportSummary, Merge, Rejection
from crossforge.wordbase.store import Progress, WordStore, check_merge

__all__ = [
    "ImportRejected",
    "Tagger",
    "import_clue_file",
    "import_clue_lines",
    "import_clues",
    "import_file",
    "import_lines",
]

Tagger = Callable[[Iterable[Entry], str], Iterable[Entry]]
"""Adds tags to entries as they are imported into a list of the named alphabet (the
English editor tags: ``crossforge.wordbase.building.english.editor_tags``)."""


class ImportRejected(InputError):
    """An import found bad lines and ``skip_bad`` was off: nothing was written."""

    def __init__(self, summary: ImportSummary, source: str) -> None:
        self.summary = summary
        bad = summary.rejected
        more = summary.rejected_count > 5
        shown = "; ".join(str(r) for r in bad[:5]) + ("; …" if more else "")
        super().__init__(
            f"{source}: {summary.rejected_count} bad line(s), nothing imported (use "
            f"--skip-bad to import the rest): {shown}"
        )


def import_lines(
    store: WordStore,
    name: str,
    lines: Iterable[str],
    fmt: str = "stwl",
    *,
    scale: int | None = None,
    merge: Merge = "max",
    skip_bad: bool = False,
    dry_run: bool = False,
    source: str | None = None,
    alphabet: str = "en",
    progress: Progress | None = None,
    label: str = "input",
    tagger: Tagger | None = None,
) -> ImportSummary:
    """Import word-list lines (see ``crossforge.wordbase.formats``) into list ``name``.

    Scores are read on ``scale`` (50 or 100), or on the scale the scores show
    (``formats.detect_scale``; the summary's ``detected`` says which) when it is None.
    Importing the same lines twice changes nothing the second time. ``tagger`` adds
    tags to the entries read before they are merged.
    """
    check_merge(merge)
    with store.editing(name, alphabet, dry_run=dry_run) as edit:
        word_list = edit.word_list
        parsed = read_entries(lines, fmt, word_list.make_alphabet(), scale, source)
        summary = ImportSummary(word_list.name, fmt, parsed.lines, dry_run=dry_run)
        summary.rejected = parsed.rejected
        summary.detected = parsed.detected
        summary.version = word_list.version
        if parsed.rejected and not skip_bad:
            raise ImportRejected(summary, label)
        read: Iterable[Entry] = parsed.entries.values()
        tagged = read if tagger is None else tagger(read, word_list.alphabet)
        incoming = {entry.key: entry for entry in tagged}
        edit.write(incoming, merge, summary, dry_run=dry_run, progress=progress)
        return summary


def import_file(
    store: WordStore, name: str, path: str | PathLike[str], fmt: str | None = None, **options: Any
) -> ImportSummary:
    """Import a UTF-8 file; the format defaults to what its extension suggests.

    ``options`` are those of ``import_lines`` (scale, merge, skip_bad, dry_run, …);
    entries get the file name as their source unless the file names one.
    """
    path = Path(path)
    fmt = fmt or guess_format(path.name)
    options.setdefault("source", path.name)
    with _utf8_lines(path) as handle:
        return import_lines(store, name, handle, fmt, label=str(path), **options)


@contextmanager
def _utf8_lines(path: Path) -> Iterator[IO[str]]:
    """The lines of a UTF-8 file (a byte-order mark dropped); ``InputError`` naming the
    file when a line is no UTF-8."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            yield handle
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text ({exc.reason})") from None


def import_clue_lines(
    store: WordStore, name: str, lines: Iterable[str], fmt: str = "tsv", **options: Any
) -> ImportSummary:
    """Add the clues of clue-file lines (``crossforge.wordbase.clue_formats``), read
    as they come, to list ``name``; ``options`` are those of ``import_clues``."""
    counted = CountedLines(lines)
    return import_clues(store, name, read_clues(counted, fmt), fmt, counted, **options)


def import_clues(
    store: WordStore,
    name: str,
    records: Iterable[ClueLine | Rejection],
    fmt: str,
    counted: CountedLines[Any] | None = None,
    *,
    add_words: bool = False,
    score: int = 50,
    skip_bad: bool = False,
    dry_run: bool = False,
    alphabet: str = "en",
    label: str = "input",
) -> ImportSummary:
    """Add clue records (a clue file's, a dictionary's) to the entries of list ``name``;
    ``fmt`` names their format in the summary, whose ``lines`` are what ``counted``
    counts (by default the records).

    A clue text the entry already has is ``unchanged``; an answer the list lacks is
    ``skipped``, or with ``add_words`` becomes an entry scored ``score``.
    """
    if not 0 <= score <= 100:
        raise InputError(f"score {score} is outside 0–100")
    if counted is None:
        records = counted = CountedLines(records)
    with store.editing(name, alphabet, dry_run=dry_run) as edit:
        word_list = edit.word_list
        summary = ImportSummary(word_list.name, fmt, dry_run=dry_run)
        clue_store.import_clues(
            edit.conn, word_list, records, summary, add_words=add_words, score=score
        )
        summary.lines = counted.count
        if summary.rejected_count and not skip_bad:
            raise ImportRejected(summary, label)
        if summary.changed and not dry_run:
            summary.version = edit.bump()
        else:
            summary.version = word_list.version
        return summary


def import_clue_file(
    store: WordStore, name: str, path: str | PathLike[str], fmt: str | None = None, **options: Any
) -> ImportSummary:
    """Import a UTF-8 clue file; the format defaults to what its extension suggests.
    ``options`` are those of ``import_clue_lines``."""
    path = Path(path)
    with _utf8_lines(path) as handle:
        return import_clue_lines(
            store, name, handle, fmt or guess_clue_format(path.name), label=str(path), **options
        )
