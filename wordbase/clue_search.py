"""Full-text search over clue texts: an SQLite FTS5 table or a PostgreSQL GIN index.

On SQLite, ``word_clues_fts`` is an external-content FTS5 table over ``word_clues``, kept
up to date by triggers, so every write path (imports, entry edits, deletes) maintains it
in its own transaction. On PostgreSQL a GIN index on ``to_tsvector('simple', text)``
serves the same search. Both belong to the schema (the first migration revision creates
them, ``crossforge.wordbase.migrations``). Both tokenize without stemming and ignore case
(SQLite also accents).

A query is cut into words (letters and digits) here, and every word must occur; so no
text a user types is ever read as FTS5 or tsquery syntax.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    column,
    false,
    func,
    literal_column,
    select,
    table,
    text,
)
from sqlalchemy.engine import Connection

from crossforge.errors import InputError
from crossforge.wordbase.schema import clues, entries

__all__ = ["BULK_SHARE", "clues_rewritten", "query_words", "text_matches"]

MAX_QUERY_WORDS = 16
"""Words of a query that are searched for; more are a 400 (ValueError)."""

_TRIGGERS = ("word_clues_fts_insert", "word_clues_fts_delete", "word_clues_fts_update")
BULK_SHARE = 50
"""On SQLite, a list whose clues are at least 1/BULK_SHARE of all clues is rewritten
with the full-text index rebuilt once, not kept row by row (``clues_rewritten``)."""
_FTS = table("word_clues_fts", column("rowid"))
_TSVECTOR = "to_tsvector('simple', word_clues.text)"
"""The expression PostgreSQL's GIN index ``ix_word_clues_text_fts`` is built on."""


@contextmanager
def clues_rewritten(conn: Connection, list_id: int) -> Iterator[None]:
    """Around deleting the clues of list ``list_id`` (and writing new ones) in the
    caller's open transaction. On SQLite, when they are at least 1/``BULK_SHARE`` of
    all clues, the full-text triggers are dropped meanwhile and the index is rebuilt in
    one pass at the end: FTS5 takes deleted rows out one at a time, and replacing the
    default list's 216,000 clues took 32 s that way against 5 s. SQLite's DDL is
    transactional, so a failure restores the triggers with everything else."""
    if not _bulk(conn, list_id):
        yield
        return
    triggers = _triggers(conn)
    for name in _TRIGGERS:
        conn.execute(text(f"DROP TRIGGER {name}"))
    yield
    conn.execute(text("INSERT INTO word_clues_fts(word_clues_fts) VALUES ('rebuild')"))
    for statement in triggers:
        conn.exec_driver_sql(statement)


def _bulk(conn: Connection, list_id: int) -> bool:
    """Whether ``clues_rewritten`` rebuilds the index (see there): SQLite, inside a
    transaction the driver has begun (else DDL would commit on its own), triggers in
    place and the list's clues a large enough share."""
    if conn.dialect.name != "sqlite" or not conn.connection.dbapi_connection.in_transaction:  # type: ignore[union-attr]
        return False
    if len(_triggers(conn)) != len(_TRIGGERS):
        return False
    ids = select(entries.c.id).where(entries.c.list_id == list_id)
    own = conn.execute(select(func.count()).where(clues.c.entry_id.in_(ids))).scalar_one()
    every = conn.execute(select(func.count()).select_from(clues)).scalar_one()
    return own > 0 and own * BULK_SHARE >= every


def _triggers(conn: Connection) -> list[str]:
    """The statements that made the full-text triggers present on SQLite, as the schema
    made them (``clues_rewritten`` makes them again from these)."""
    names = ", ".join(f"'{name}'" for name in _TRIGGERS)
    query = f"SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN ({names})"
    return list(conn.execute(text(query)).scalars())


def query_words(query: str) -> list[str]:
    """The words of a search text, lower-cased; ValueError past ``MAX_QUERY_WORDS``."""
    words = re.findall(r"[^\W_]+", query.lower())
    if len(words) > MAX_QUERY_WORDS:
        raise InputError(f"a clue search takes at most {MAX_QUERY_WORDS} words, not {len(words)}")
    return words


def text_matches(conn: Connection, query: Select[Any], words: str) -> Select[Any]:
    """``query`` (a select from ``word_clues``) narrowed to the clues whose text holds
    every word of ``words`` (none: no clue). On SQLite the FTS5 table leads the join, so
    the planner starts from the few matching clues, not from the list's entries."""
    found = query_words(words)
    if not found:
        return query.where(false())
    if conn.dialect.name == "sqlite":
        phrase = " ".join(f'"{word}"' for word in found)
        return query.join(_FTS, _FTS.c.rowid == clues.c.id).where(
            text("word_clues_fts MATCH :phrase").bindparams(phrase=phrase)
        )
    simple: ColumnElement[str] = literal_column("'simple'")
    matches = literal_column(_TSVECTOR).bool_op("@@")(func.plainto_tsquery(simple, " ".join(found)))
    return query.where(matches)
