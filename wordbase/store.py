"""The word store: named word lists, their entries and clues, in SQLite or PostgreSQL.

Every public method that writes runs in one transaction, so a failure leaves the
database exactly as it was. Each list carries a ``version`` that grows by one with every
change, which is how ``WordIndex.for_list`` knows when a saved index is stale. Imports
and exports of files are ``imports`` and ``exports``, above the store; an import writes
through ``WordStore.editing``, one transaction like the store's own writes.
"""

from __future__ import annotations

import base64
import hashlib
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Row,
    String,
    and_,
    bindparam,
    cast,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError

from crossforge.errors import InputError, NotFound
from crossforge.wordbase import clue_store
from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.bulk import STATISTICS_AFTER, among, insert_rows, refresh_statistics
from crossforge.wordbase.clue_search import clues_rewritten
from crossforge.wordbase.config import database_url, instance_path
from crossforge.wordbase.database import release, sqlite_file
from crossforge.wordbase.migrations import prepared_engine
from crossforge.wordbase.models import (
    Clue,
    CluePage,
    Entry,
    ImportSummary,
    ListStats,
    Merge,
    SearchPage,
    WordList,
    check_list_name,
    combine_entries,
)
from crossforge.wordbase.patterns import RegexFilter, parse_pattern
from crossforge.wordbase.schema import CLUE_FIELDS, clue_of, clue_values, clues, entries, word_lists

__all__ = ["ListEdit", "ListExists", "Progress", "UnknownList", "WordStore", "check_merge"]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while a bulk write advances."""

CHUNK = 2000
"""Entries written per statement batch in bulk operations."""


class UnknownList(NotFound):
    """No word list has that name."""


class ListExists(InputError):
    """A word list with that name already exists."""


def _now() -> datetime:
    return datetime.now(UTC)


def check_merge(merge: str) -> None:
    """ValueError unless ``merge`` is a ``Merge``."""
    if merge not in ("max", "replace"):
        raise InputError(f"merge must be 'max' or 'replace', not {merge!r}")


class WordStore:
    """Word lists in a database given by URL (default: ``config.database_url()``).

    An empty database gets the newest schema on first use; one behind it is refused
    (``migrations.SchemaMismatch``) until ``crossforge db upgrade``. Lists are addressed
    by name; entries by key or by any text that normalizes to it in the list's alphabet.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or database_url()
        self._sqlite_file = sqlite_file(self.url)
        self.engine: Engine = prepared_engine(self.url)
        self._open = True

    def close(self) -> None:
        """Stop using the shared engine (the job records may still use it); the last
        user's close releases its connections."""
        if self._open:
            self._open = False
            release(self.engine)

    def __enter__(self) -> WordStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def index_root(self) -> Path | None:
        """Folder for saved word indexes: next to a SQLite file, else in the instance
        folder (one sub-folder per database); None for an in-memory database."""
        if self._sqlite_file is not None:
            return self._sqlite_file.parent / "indexes" / self._sqlite_file.stem
        if make_url(self.url).get_backend_name() == "sqlite":
            return None
        safe = make_url(self.url).render_as_string(hide_password=True)
        digest = hashlib.sha256(safe.encode()).hexdigest()[:16]
        return instance_path() / "indexes" / digest

    # --- lists ---------------------------------------------------------------------------

    @staticmethod
    def _row_to_list(row: Row[Any]) -> WordList:
        return WordList(
            id=row.id,
            name=row.name,
            uid=row.uid,
            alphabet=row.alphabet,
            settings=dict(row.settings or {}),
            description=row.description or "",
            version=row.version,
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    def _list_row(self, conn: Connection, name: str, lock: bool = False) -> WordList:
        """The list's row; ``lock`` holds it (and, on SQLite, the database) for writing
        until the transaction ends, so reads that follow see no other writer's changes."""
        query = select(word_lists).where(word_lists.c.name == name)
        if lock and conn.dialect.name == "sqlite":
            # SQLite has no FOR UPDATE: a write that changes nothing takes the write lock.
            conn.execute(
                update(word_lists)
                .where(word_lists.c.name == name)
                .values(version=word_lists.c.version)
            )
        elif lock:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            raise UnknownList(f"no word list named {name!r}")
        return self._row_to_list(row)

    @staticmethod
    def _bump(conn: Connection, word_list: WordList) -> int:
        conn.execute(
            update(word_lists)
            .where(word_lists.c.id == word_list.id)
            .values(version=word_lists.c.version + 1, updated_at=_now())
        )
        return word_list.version + 1

    def _create(
        self, conn: Connection, name: str, alphabet: str, description: str, settings: Any
    ) -> WordList:
        name = check_list_name(name.strip())
        spec = get_alphabet(alphabet, **settings)  # validates name and settings
        if conn.execute(select(word_lists.c.id).where(word_lists.c.name == name)).first():
            raise ListExists(f"a word list named {name!r} already exists")
        now = _now()
        conn.execute(
            insert(word_lists).values(
                name=name,
                uid=uuid.uuid4().hex,
                alphabet=spec.name,
                settings=dict(spec.settings),
                description=description,
                version=1,
                created_at=now,
                updated_at=now,
            )
        )
        return self._list_row(conn, name)

    def create_list(
        self, name: str, alphabet: str = "en", description: str = "", **settings: Any
    ) -> WordList:
        """Create an empty list; ``settings`` are the alphabet's (``fold_yo``, ``fold_small``).

        Raises ListExists when the name is taken, ValueError on a bad alphabet or setting.
        """
        try:
            with self.engine.begin() as conn:
                return self._create(conn, name, alphabet, description, settings)
        except IntegrityError:  # created by a concurrent request after our check
            raise ListExists(f"a word list named {name.strip()!r} already exists") from None

    def lists(self) -> list[WordList]:
        """Every list, by name."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(word_lists).order_by(word_lists.c.name))
            return [self._row_to_list(row) for row in rows]

    def get_list(self, name: str) -> WordList:
        """The list called ``name``; raises UnknownList."""
        with self.engine.connect() as conn:
            return self._list_row(conn, name)

    def has_list(self, name: str) -> bool:
        """Whether a list called ``name`` exists."""
        with self.engine.connect() as conn:
            query = select(word_lists.c.id).where(word_lists.c.name == name)
            return conn.execute(query).first() is not None

    def update_list(
        self,
        name: str,
        *,
        new_name: str | None = None,
        description: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> WordList:
        """Rename a list, change its description or its alphabet settings; bumps its version.

        Alphabet settings change how keys are written, so they can change only while the
        list is empty (ValueError otherwise).
        """
        try:
            return self._update_list(name, new_name, description, settings)
        except IntegrityError:  # a concurrent request took the new name after our check
            raise ListExists(f"a word list named {new_name!r} already exists") from None

    def _update_list(
        self,
        name: str,
        new_name: str | None,
        description: str | None,
        settings: dict[str, Any] | None,
    ) -> WordList:
        with self.engine.begin() as conn:
            word_list = self._list_row(conn, name, lock=True)
            values: dict[str, Any] = {}
            if new_name is not None and new_name.strip() != word_list.name:
                new_name = check_list_name(new_name.strip())
                taken = select(word_lists.c.id).where(word_lists.c.name == new_name)
                if conn.execute(taken).first():
                    raise ListExists(f"a word list named {new_name!r} already exists")
                values["name"] = new_name
            if description is not None and description != word_list.description:
                values["description"] = description
            if settings is not None:
                merged = {**word_list.settings, **settings}
                spec = get_alphabet(word_list.alphabet, **merged)
                if dict(spec.settings) != word_list.settings:
                    if self._count(conn, word_list.id):
                        raise InputError(
                            f"list {name!r} has entries: alphabet settings can change only "
                            "while it is empty"
                        )
                    values["settings"] = dict(spec.settings)
            if values:
                conn.execute(
                    update(word_lists).where(word_lists.c.id == word_list.id).values(**values)
                )
                self._bump(conn, word_list)
            return self._list_row(conn, values.get("name", word_list.name))

    def delete_list(self, name: str) -> None:
        """Delete a list with all its entries and clues; raises UnknownList."""
        with self.engine.begin() as conn:
            word_list = self._list_row(conn, name, lock=True)
            with clues_rewritten(conn, word_list.id):
                self._delete_where(conn, entries.c.list_id == word_list.id)
            conn.execute(delete(word_lists).where(word_lists.c.id == word_list.id))

    @staticmethod
    def _delete_where(conn: Connection, where: Any) -> int:
        """Delete the entries ``where`` selects, with their clues; returns how many."""
        ids = select(entries.c.id).where(where)
        conn.execute(delete(clues).where(clues.c.entry_id.in_(ids)))
        return int(conn.execute(delete(entries).where(where)).rowcount)

    def _list_or_create(
        self, conn: Connection, name: str, alphabet: str, description: str, settings: Any
    ) -> WordList:
        """The list row, locked for writing; created with ``alphabet`` when missing."""
        if conn.execute(select(word_lists.c.id).where(word_lists.c.name == name)).first():
            return self._list_row(conn, name, lock=True)
        return self._create(conn, name, alphabet, description, settings)

    @contextmanager
    def editing(self, name: str, alphabet: str, *, dry_run: bool = False) -> Iterator[ListEdit]:
        """One transaction holding list ``name`` locked for writing (created with
        ``alphabet`` when missing), for writes made outside the store (``imports``). An
        exception rolls everything back; so does the end of a ``dry_run``."""
        with self.engine.begin() as conn:
            yield ListEdit(self, conn, self._list_or_create(conn, name, alphabet, "", {}))
            if dry_run:
                conn.rollback()

    @staticmethod
    def _count(conn: Connection, list_id: int) -> int:
        query = select(func.count()).select_from(entries).where(entries.c.list_id == list_id)
        return int(conn.execute(query).scalar_one())

    def count(self, name: str) -> int:
        """Number of entries in the list."""
        with self.engine.connect() as conn:
            return self._count(conn, self._list_row(conn, name).id)

    # --- reading entries -----------------------------------------------------------------

    @staticmethod
    def _with_clues(conn: Connection, rows: Sequence[Row[Any]]) -> list[Entry]:
        """Entries for entry rows, with their clues fetched in one query."""
        found: dict[int, list[Clue]] = {row.id: [] for row in rows}
        if found:
            query = (
                select(clues.c.entry_id, *CLUE_FIELDS)
                .where(clues.c.entry_id.in_(list(found)))
                .order_by(clues.c.entry_id, clues.c.position)
            )
            for clue in conn.execute(query):
                found[clue.entry_id].append(clue_of(clue))
        return [
            Entry(
                row.key,
                row.display,
                row.score,
                tuple(found[row.id]),
                tuple(row.tags or ()),
                row.source,
            )
            for row in rows
        ]

    def get_entry(self, name: str, word: str) -> Entry | None:
        """The entry whose key ``word`` normalizes to, or None."""
        return self.get_entries(name, [word]).get(self._key(name, word))

    def _key(self, name: str, word: str) -> str:
        return self.get_list(name).make_alphabet().normalize(word)

    def get_entries(self, name: str, words: Iterable[str]) -> dict[str, Entry]:
        """Entries by key for the given words (normalized); missing ones are left out."""
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            alphabet = word_list.make_alphabet()
            keys = sorted({alphabet.normalize(word) for word in words})
            out: dict[str, Entry] = {}
            for start in range(0, len(keys), CHUNK):
                query = select(entries).where(
                    entries.c.list_id == word_list.id,
                    entries.c.key.in_(keys[start : start + CHUNK]),
                )
                rows = conn.execute(query).all()
                out.update((e.key, e) for e in self._with_clues(conn, rows))
            return out

    def iter_entries(self, name: str, chunk: int = CHUNK) -> Iterator[Entry]:
        """Every entry of the list in key order, read ``chunk`` at a time."""
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            last = ""
            while True:
                query = (
                    select(entries)
                    .where(entries.c.list_id == word_list.id, entries.c.key > last)
                    .order_by(entries.c.key)
                    .limit(chunk)
                )
                rows = conn.execute(query).all()
                if not rows:
                    return
                yield from self._with_clues(conn, rows)
                last = rows[-1].key

    def scored_keys(self, name: str) -> list[tuple[str, int]]:
        """``(key, score)`` of every entry: what ``WordIndex.build`` takes."""
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            query = select(entries.c.key, entries.c.score).where(entries.c.list_id == word_list.id)
            return [(key, score) for key, score in conn.execute(query)]

    def key_tags(self, name: str) -> dict[str, list[str]]:
        """The tags of every tagged entry, by key: what ``WordIndex.build`` filters by."""
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            query = select(entries.c.key, entries.c.tags).where(
                entries.c.list_id == word_list.id, cast(entries.c.tags, String) != "[]"
            )
            return {key: list(tags) for key, tags in conn.execute(query) if tags}

    def search(
        self,
        name: str,
        pattern: str | None = None,
        *,
        regex: str | None = None,
        min_score: int = 0,
        limit: int = 100,
        cursor: str | None = None,
        timeout: float = 1.0,
    ) -> SearchPage:
        """Entries matching ``pattern`` (``?``/``.``/``_`` = any letter) and ``regex``
        (matched against the whole key, case-insensitive), best score first, then key.

        Pages hold at most ``limit`` entries; pass ``next_cursor`` for the next page. A
        regex is checked against the bounds of ``user_regex`` (RegexBoundError, a
        ValueError) before it is compiled, and runs over the candidates the list's word
        index narrows it to, never over the table; only the page's rows are read. Its
        scan gets ``timeout`` seconds (RegexTimeout past that).
        """
        if limit < 1:
            raise InputError(f"limit must be at least 1, not {limit}")
        after = None if cursor is None else _decode_cursor(cursor)
        if regex:
            return self._regex_search(
                name, RegexFilter(regex, timeout), pattern, min_score, limit, after
            )
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            conditions = [entries.c.list_id == word_list.id, entries.c.score >= min_score]
            if pattern is not None:
                slots = parse_pattern(pattern, word_list.make_alphabet())
                like = "".join("_" if ch is None else ch for ch in slots)
                conditions.append(entries.c.length == len(slots))
                if any(slots):
                    conditions.append(entries.c.key.like(like))
            if after is not None:
                score, key = after
                conditions.append(
                    or_(
                        entries.c.score < score,
                        and_(entries.c.score == score, entries.c.key > key),
                    )
                )
            order = (entries.c.score.desc(), entries.c.key)
            query = select(entries).where(*conditions).order_by(*order).limit(limit)
            found = self._with_clues(conn, conn.execute(query).all())
        return _page(found, limit)

    def _regex_search(
        self,
        name: str,
        checker: RegexFilter,
        pattern: str | None,
        min_score: int,
        limit: int,
        after: tuple[int, str] | None,
    ) -> SearchPage:
        from crossforge.wordbase.index import WordIndex

        index = WordIndex.for_list(self, name)
        chosen = index.regex_filter(
            checker.regex, pattern, min_score, limit, checker.timeout, after=after
        )
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            # by key alone (no ORDER BY: the planner would walk the score index instead)
            query = select(entries).where(
                entries.c.list_id == word_list.id,
                entries.c.key.in_([key for key, _ in chosen]),
            )
            rows = sorted(
                conn.execute(query).all() if chosen else [],
                key=lambda row: (-row.score, row.key),
            )
            found = self._with_clues(conn, rows)
        return _page(found, limit)

    def stats(self, name: str) -> ListStats:
        """Counts by length and a score histogram in bands of ten."""
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            where = entries.c.list_id == word_list.id
            lengths = conn.execute(
                select(entries.c.length, func.count()).where(where).group_by(entries.c.length)
            )
            by_length = {int(length): int(n) for length, n in lengths}
            scores = conn.execute(
                select(entries.c.score, func.count()).where(where).group_by(entries.c.score)
            )
            bands = dict.fromkeys(range(0, 100, 10), 0)
            for score, n in scores:
                bands[min(int(score) // 10 * 10, 90)] += int(n)
        return ListStats(sum(by_length.values()), dict(sorted(by_length.items())), bands)

    # --- writing entries -----------------------------------------------------------------

    def put_entry(
        self,
        name: str,
        word: str,
        score: int = 50,
        *,
        display: str | None = None,
        clues: Sequence[Clue | str] = (),
        tags: Sequence[str] = (),
        source: str | None = None,
    ) -> Entry:
        """Create or overwrite one entry (all its fields and clues) and return it."""
        with self.engine.begin() as conn:
            word_list = self._list_row(conn, name, lock=True)
            key = word_list.make_alphabet().normalize(word)
            entry = Entry(
                key,
                display if display is not None else word.strip(),
                score,
                tuple(c if isinstance(c, Clue) else Clue(c) for c in clues),
                tuple(tags),
                source,
            )
            summary = ImportSummary(word_list.name, "entry")
            self._write(conn, word_list, {key: entry}, None, summary, False, None)
            return entry

    def delete_entry(self, name: str, word: str) -> bool:
        """Delete the entry ``word`` normalizes to; False when there was none."""
        return self.delete_entries(name, [word]) == 1

    def delete_entries(self, name: str, words: Iterable[str], *, dry_run: bool = False) -> int:
        """Delete the entries the words normalize to, in one transaction; returns how
        many existed (and, unless ``dry_run``, are gone)."""
        with self.engine.begin() as conn:
            word_list = self._list_row(conn, name, lock=True)
            alphabet = word_list.make_alphabet()
            keys = sorted({alphabet.normalize(word) for word in words})
            gone = 0
            for start in range(0, len(keys), CHUNK):
                part = keys[start : start + CHUNK]
                where = and_(entries.c.list_id == word_list.id, entries.c.key.in_(part))
                if dry_run:
                    query = select(func.count()).select_from(entries).where(where)
                    gone += int(conn.execute(query).scalar_one())
                    continue
                gone += self._delete_where(conn, where)
            if gone and not dry_run:
                self._bump(conn, word_list)
            return gone

    def replace_entries(
        self,
        name: str,
        new_entries: Iterable[Entry],
        *,
        alphabet: str = "en",
        description: str = "",
        progress: Progress | None = None,
        **settings: Any,
    ) -> ImportSummary:
        """Make list ``name`` hold exactly ``new_entries`` (keys already normalized), in
        one transaction; the list is created with ``alphabet`` and settings if missing."""
        combined = combine_entries(new_entries)
        with self.engine.begin() as conn:
            word_list = self._list_or_create(conn, name, alphabet, description, settings)
            summary = ImportSummary(word_list.name, "entries", lines=len(combined))
            with clues_rewritten(conn, word_list.id):
                self._delete_where(conn, entries.c.list_id == word_list.id)
                self._write(conn, word_list, combined, None, summary, False, progress)
            if not summary.changed:  # emptied, nothing added: still a change
                summary.version = self._bump(conn, word_list)
            return summary

    def upsert_entries(
        self,
        name: str,
        new_entries: Iterable[Entry],
        merge: Merge = "replace",
        *,
        dry_run: bool = False,
        progress: Progress | None = None,
        chunk: int = CHUNK,
    ) -> ImportSummary:
        """Add or merge many entries (keys already normalized) in chunks, in one
        transaction. A repeated key in ``new_entries`` is combined (max score, all clues).
        See ``Merge`` for how existing keys are treated."""
        check_merge(merge)
        combined = combine_entries(new_entries)
        with self.engine.begin() as conn:
            word_list = self._list_row(conn, name, lock=True)
            summary = ImportSummary(word_list.name, "entries", lines=len(combined), dry_run=dry_run)
            self._write(conn, word_list, combined, merge, summary, dry_run, progress, chunk)
            if dry_run:
                conn.rollback()
            return summary

    # --- clues ---------------------------------------------------------------------------

    def search_clues(
        self,
        name: str,
        query: str | None = None,
        word: str | None = None,
        *,
        limit: int = 50,
        cursor: str | None = None,
    ) -> CluePage:
        """Clues whose text holds every word of ``query`` (full-text, case-insensitive)
        and whose answer is ``word``, by answer then clue; pages of at most ``limit``."""
        if limit < 1:
            raise InputError(f"limit must be at least 1, not {limit}")
        after = None if cursor is None else _decode_cursor(cursor)
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            hits = clue_store.search_clues(conn, word_list, query, word, limit, after)
        next_cursor = None
        if len(hits) == limit:
            next_cursor = _encode_cursor(hits[-1].clue_id, hits[-1].word)
        return CluePage(hits, next_cursor)

    def clue_suggestions(
        self, name: str, words: Iterable[str], per_word: int = 3
    ) -> dict[str, list[Clue]]:
        """The best ``per_word`` clues of each of ``words`` (normalized) the list holds
        (see ``clue_store.suggestions`` for the order); words without clues are left out."""
        with self.engine.connect() as conn:
            word_list = self._list_row(conn, name)
            alphabet = word_list.make_alphabet()
            keys = sorted({alphabet.normalize(word) for word in words})
            found: dict[str, list[Clue]] = {}
            for start in range(0, len(keys), CHUNK):
                part = keys[start : start + CHUNK]
                found.update(clue_store.suggestions(conn, word_list, part, per_word))
            return found

    def _write(
        self,
        conn: Connection,
        word_list: WordList,
        incoming: dict[str, Entry],
        merge: Merge | None,
        summary: ImportSummary,
        dry_run: bool,
        progress: Progress | None,
        chunk: int = CHUNK,
    ) -> None:
        """Apply ``incoming`` to the list (``merge`` None = overwrite), counting into
        ``summary``, and bump the version once when anything changed. A list empty at
        the start (new, or emptied to be replaced) has nothing to look up: its keys are
        only inserted, and no batch asks for rows the transaction wrote itself (on
        PostgreSQL each such query read the table as its statistics had it, empty, and
        grew slower with every batch: 100,000 entries took 83 s, not 2). Otherwise the
        statistics are refreshed each time the rows written have doubled, and after a
        large write in any case (``bulk.refresh_statistics``)."""
        keys = list(incoming)
        total = len(keys)
        query = select(entries.c.id).where(entries.c.list_id == word_list.id).limit(1)
        empty = conn.execute(query).first() is None
        written, refresh_at = 0, STATISTICS_AFTER
        for start in range(0, total, chunk):
            part = keys[start : start + chunk]
            rows = [] if empty else self._rows(conn, word_list.id, part)
            ids = {row.key: row.id for row in rows}
            existing = {entry.key: entry for entry in self._with_clues(conn, rows)}
            added: list[Entry] = []
            changed: list[Entry] = []
            for key in part:
                new = incoming[key]
                old = existing.get(key)
                if old is None:
                    added.append(new)
                    continue
                final = new if merge is None else old.merged(new, merge)
                if final == old:
                    summary.unchanged += 1
                else:
                    changed.append(final)
            summary.added += len(added)
            summary.updated += len(changed)
            if not dry_run:
                self._insert(conn, word_list.id, added)
                self._update(conn, ids, changed, existing)
                written += len(added) + len(changed)
            if not empty and written >= refresh_at:  # the next lookups see the list's size
                refresh_statistics(conn, entries, clues)
                refresh_at *= 2
            if progress is not None:
                progress(min(start + chunk, total), total)
        if written >= STATISTICS_AFTER:
            refresh_statistics(conn, entries, clues)
        if summary.changed and not dry_run:
            summary.version = self._bump(conn, word_list)
        else:
            summary.version = word_list.version

    @staticmethod
    def _rows(conn: Connection, list_id: int, keys: list[str]) -> Sequence[Row[Any]]:
        """The list's entry rows of ``keys``."""
        query = select(entries).where(
            entries.c.list_id == list_id, among(conn, entries.c.key, keys)
        )
        return conn.execute(query).all()

    @staticmethod
    def _insert(conn: Connection, list_id: int, added: list[Entry]) -> None:
        """Insert the entries with their clues."""
        rows = [
            {
                "list_id": list_id,
                "key": e.key,
                "display": e.display,
                "length": e.length,
                "score": e.score,
                "tags": list(e.tags),
                "source": e.source,
            }
            for e in added
        ]
        made = insert_rows(conn, entries, rows, ids=True)
        _insert_clues(conn, [(ident, e) for ident, e in zip(made, added, strict=True) if e.clues])

    @staticmethod
    def _update(
        conn: Connection, ids: dict[str, int], changed: list[Entry], old: dict[str, Entry]
    ) -> None:
        if not changed:
            return
        conn.execute(
            update(entries)
            .where(entries.c.id == bindparam("entry_id"))
            .values(
                display=bindparam("new_display"),
                score=bindparam("new_score"),
                tags=bindparam("new_tags"),
                source=bindparam("new_source"),
            ),
            [
                {
                    "entry_id": ids[e.key],
                    "new_display": e.display,
                    "new_score": e.score,
                    "new_tags": list(e.tags),
                    "new_source": e.source,
                }
                for e in changed
            ],
        )
        reclued = [e for e in changed if e.clues != old[e.key].clues]
        if reclued:
            stale = [ids[e.key] for e in reclued]
            conn.execute(delete(clues).where(clues.c.entry_id.in_(stale)))
            _insert_clues(conn, [(ids[e.key], e) for e in reclued])


@dataclass(frozen=True)
class ListEdit:
    """A list locked for writing inside one transaction (``WordStore.editing``)."""

    store: WordStore
    conn: Connection
    word_list: WordList

    def write(
        self,
        incoming: dict[str, Entry],
        merge: Merge,
        summary: ImportSummary,
        *,
        dry_run: bool,
        progress: Progress | None,
    ) -> None:
        """Merge ``incoming`` (entries by key) into the list, counting into ``summary``;
        the version grows once when anything changed (unless ``dry_run``)."""
        self.store._write(self.conn, self.word_list, incoming, merge, summary, dry_run, progress)

    def bump(self) -> int:
        """Count one change to the list; returns its new version."""
        return self.store._bump(self.conn, self.word_list)


def _insert_clues(conn: Connection, owners: list[tuple[int, Entry]]) -> None:
    rows = [
        {
            "entry_id": entry_id,
            "position": position,
            **clue_values(clue),
        }
        for entry_id, entry in owners
        for position, clue in enumerate(entry.clues)
    ]
    insert_rows(conn, clues, rows)


def _page(found: list[Entry], limit: int) -> SearchPage:
    next_cursor = None
    if len(found) == limit:
        next_cursor = _encode_cursor(found[-1].score, found[-1].key)
    return SearchPage(found, next_cursor)


def _encode_cursor(score: int, key: str) -> str:
    return base64.urlsafe_b64encode(f"{score}:{key}".encode()).decode().rstrip("=")


def _decode_cursor(cursor: str) -> tuple[int, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        score, key = raw.split(":", 1)
        return int(score), key
    except (ValueError, UnicodeDecodeError):
        raise InputError(f"bad search cursor {cursor!r}") from None
