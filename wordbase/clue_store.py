"""Clues of a list in bulk, inside a transaction the word store opened: streamed
imports, search by text and answer, and the best few clues per word for fill results.

An import reads its lines in batches of ``BATCH``: each batch finds its answers' entries,
the clue texts they already hold and their last clue positions with three queries, then
inserts its new clues at once, so memory stays bounded however long the file is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import (
    Connection,
    and_,
    case,
    func,
    or_,
    select,
)

from crossforge.wordbase.bulk import among, insert_rows
from crossforge.wordbase.clue_formats import ClueLine
from crossforge.wordbase.clue_search import text_matches
from crossforge.wordbase.models import (
    MAX_KEY_LENGTH,
    Clue,
    ClueHit,
    ImportSummary,
    Rejection,
    WordList,
)
from crossforge.wordbase.schema import CLUE_FIELDS, clue_of, clue_values, clues, entries

__all__ = [
    "BATCH",
    "BOOKS_SOURCE",
    "REFERENCE_SOURCES",
    "WORDNET_SOURCE",
    "import_clues",
    "search_clues",
    "suggestions",
]

BATCH = 5000
"""Clue lines written per batch of an import."""
KEY_CACHE = 100_000
"""Answers an import remembers the keys of (then it starts afresh)."""
WORDNET_SOURCE = "wordnet"
"""The source of the clues the default lists write from WordNet's senses, names and examples."""
BOOKS_SOURCE = "google-books"
"""The source of a collocation clue: the Google Books bigrams ``symspellpy`` ships."""
REFERENCE_SOURCES = (WORDNET_SOURCE, "wiktionary", "jmdict", BOOKS_SOURCE)
"""Sources of dictionary definitions: suggested after the list's own clues."""
MAX_POSITION = 2**15 - 1
"""Largest clue position the small-integer column holds; later clues share it."""
MAX_DISPLAY = 400


def import_clues(
    conn: Connection,
    word_list: WordList,
    items: Iterable[ClueLine | Rejection],
    summary: ImportSummary,
    *,
    add_words: bool = False,
    score: int = 50,
    batch: int = BATCH,
) -> None:
    """Add the clues of ``items`` to the entries of their answers, counting into
    ``summary``: ``added`` new clues, ``unchanged`` texts the entry already had,
    ``skipped`` answers the list lacks (created with ``score`` when ``add_words``)."""
    alphabet = word_list.make_alphabet()
    pending: list[tuple[str, ClueLine]] = []
    keys: dict[str, str] = {}  # answers seen lately and their keys: corpora repeat answers
    for item in items:
        if isinstance(item, Rejection):
            summary.reject(item)
            continue
        key = keys.get(item.answer)
        if key is None:
            try:
                key = alphabet.normalize(item.answer)
            except ValueError as exc:
                summary.reject(Rejection(item.line, item.text, str(exc)))
                continue
            if len(keys) >= KEY_CACHE:
                keys.clear()
            keys[item.answer] = key
        if not key or len(key) > MAX_KEY_LENGTH:
            reason = "answer has no letters" if not key else "answer is too long"
            summary.reject(Rejection(item.line, item.text, reason))
            continue
        pending.append((key, item))
        if len(pending) >= batch:
            _write_batch(conn, word_list.id, pending, summary, add_words, score)
            pending = []
    if pending:
        _write_batch(conn, word_list.id, pending, summary, add_words, score)


def _entry_ids(conn: Connection, list_id: int, keys: Sequence[str]) -> dict[str, int]:
    query = select(entries.c.key, entries.c.id).where(
        entries.c.list_id == list_id, among(conn, entries.c.key, keys)
    )
    return {key: ident for key, ident in conn.execute(query)}


def _write_batch(
    conn: Connection,
    list_id: int,
    pending: list[tuple[str, ClueLine]],
    summary: ImportSummary,
    add_words: bool,
    score: int,
) -> None:
    keys = sorted({key for key, _ in pending})
    ids = _entry_ids(conn, list_id, keys)
    if add_words and len(ids) < len(keys):
        answers = {key: line.answer for key, line in reversed(pending)}
        new = [key for key in keys if key not in ids]
        words: list[dict[str, Any]] = [
            {
                "list_id": list_id,
                "key": key,
                "display": answers[key] if len(answers[key]) <= MAX_DISPLAY else key,
                "length": len(key),
                "score": score,
                "tags": [],
                "source": None,
            }
            for key in new
        ]
        ids.update(zip(new, insert_rows(conn, entries, words, ids=True), strict=True))
    owners = sorted(set(ids.values()))
    texts = sorted({line.clue.text for key, line in pending if key in ids})
    held = set()
    last: dict[int, int] = {}
    if owners:
        found = select(clues.c.entry_id, clues.c.text).where(
            among(conn, clues.c.entry_id, owners), among(conn, clues.c.text, texts)
        )
        held = {(owner, text) for owner, text in conn.execute(found)}
        positions = (
            select(clues.c.entry_id, func.max(clues.c.position))
            .where(among(conn, clues.c.entry_id, owners))
            .group_by(clues.c.entry_id)
        )
        last = {owner: int(position) for owner, position in conn.execute(positions)}
    rows = []
    for key, line in pending:
        owner = ids.get(key)
        if owner is None:
            summary.skipped += 1
            continue
        if (owner, line.clue.text) in held:
            summary.unchanged += 1
            continue
        held.add((owner, line.clue.text))
        position = min(last.get(owner, -1) + 1, MAX_POSITION)
        last[owner] = position
        rows.append(
            {
                "entry_id": owner,
                "position": position,
                **clue_values(line.clue),
            }
        )
    insert_rows(conn, clues, rows)
    summary.added += len(rows)


def search_clues(
    conn: Connection,
    word_list: WordList,
    query: str | None,
    answer: str | None,
    limit: int,
    after: tuple[int, str] | None,
) -> list[ClueHit]:
    """Up to ``limit`` clues of the list whose text holds every word of ``query`` and
    whose entry is ``answer`` (normalized), by entry key then clue; ``after`` is the
    ``(clue id, key)`` of the previous page's last hit."""
    conditions = [entries.c.list_id == word_list.id]
    if answer is not None:
        conditions.append(entries.c.key == word_list.make_alphabet().normalize(answer))
    if after is not None:
        ident, key = after
        conditions.append(or_(entries.c.key > key, and_(entries.c.key == key, clues.c.id > ident)))
    found = (
        select(
            clues.c.id,
            entries.c.key,
            entries.c.display,
            *CLUE_FIELDS,
        )
        .select_from(clues.join(entries, entries.c.id == clues.c.entry_id))
        .where(*conditions)
        .order_by(entries.c.key, clues.c.id)
        .limit(limit)
    )
    if query is not None:
        found = text_matches(conn, found, query)
    return [ClueHit(row.key, row.display, clue_of(row), row.id) for row in conn.execute(found)]


def suggestions(
    conn: Connection, word_list: WordList, keys: Sequence[str], per_word: int
) -> dict[str, list[Clue]]:
    """The best ``per_word`` clues of each entry of ``keys``: the list's own clues before
    dictionary definitions (``REFERENCE_SOURCES``); the own clues shorter first, the
    definitions in the entry's order (a dictionary's own order: WordNet's most used sense
    first), ties in the entry's order."""
    is_reference = clues.c.source.in_(REFERENCE_SOURCES)
    reference = case((is_reference, 1), else_=0)
    length = case((is_reference, 0), else_=func.length(clues.c.text))
    rank = (
        func.row_number()
        .over(
            partition_by=clues.c.entry_id,
            order_by=(reference, length, clues.c.position, clues.c.id),
        )
        .label("rank")
    )
    ranked = (
        select(entries.c.key, *CLUE_FIELDS, rank)
        .select_from(clues.join(entries, entries.c.id == clues.c.entry_id))
        .where(entries.c.list_id == word_list.id, entries.c.key.in_(keys))
        .subquery()
    )
    best = select(ranked).where(ranked.c.rank <= per_word).order_by(ranked.c.key, ranked.c.rank)
    found: dict[str, list[Clue]] = {}
    for row in conn.execute(best):
        found.setdefault(row.key, []).append(clue_of(row))
    return found
