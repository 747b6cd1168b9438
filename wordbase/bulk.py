"""Many rows at once in the caller's transaction: written with PostgreSQL's COPY (else
one multi-row insert per batch), looked up by thousands of values in one parameter, and
PostgreSQL's statistics refreshed after a large write.

On PostgreSQL, SQLAlchemy's multi-row INSERT spends most of a large write in the driver,
which rewrites each batch's statement of thousands of placeholders on the client: the
English default list's 380,000 entries and 200,000 clues took about three times as long
as on SQLite. COPY streams the rows instead, with ids drawn from the table's sequence
beforehand when the caller needs them. PostgreSQL plans a query on the statistics of the
last ANALYZE: rows a transaction wrote, or a large write that autovacuum has not analyzed
yet, are missing from them, and a lookup in a list it takes for small scans all of the
list's rows (re-importing a million words took 152 s, against 58 s on SQLite).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    ARRAY,
    JSON,
    ColumnElement,
    Connection,
    Table,
    any_,
    bindparam,
    func,
    insert,
    literal_column,
    select,
    text,
)

__all__ = ["among", "insert_rows", "refresh_statistics"]

STATISTICS_AFTER = 10_000
"""Rows a write adds before PostgreSQL's statistics of its tables are worth refreshing."""


def among(conn: Connection, column: ColumnElement[Any], values: Sequence[Any]) -> Any:
    """``column IN values`` with the values as one parameter (a JSON array on SQLite, an
    array on PostgreSQL): thousands of values cost one bound parameter, not thousands."""
    if conn.dialect.name == "postgresql":
        return column == any_(bindparam(None, list(values), type_=ARRAY(column.type)))
    listed = func.json_each(bindparam(None, json.dumps(list(values), ensure_ascii=False)))
    return column.in_(select(literal_column("value")).select_from(listed))


def refresh_statistics(conn: Connection, *tables: Table) -> None:
    """On PostgreSQL, ANALYZE ``tables`` in the caller's transaction (its own rows
    counted, the statistics committed with it)."""
    if conn.dialect.name == "postgresql":
        for table in tables:
            conn.execute(text(f"ANALYZE {conn.dialect.identifier_preparer.quote(table.name)}"))


def insert_rows(
    conn: Connection, table: Table, rows: Sequence[dict[str, Any]], *, ids: bool = False
) -> list[int]:
    """Insert ``rows`` (dicts with the same keys) into ``table``, whose primary key is an
    integer ``id`` made by the database; returns the new ids in the order of ``rows``
    when ``ids`` is true, else an empty list."""
    if not rows:
        return []
    if conn.dialect.name == "postgresql":
        return _copy(conn, table, rows, ids)
    if not ids:
        conn.execute(insert(table), rows)
        return []
    query = insert(table).returning(table.c.id, sort_by_parameter_order=True)
    return list(conn.execute(query, rows).scalars())


def _copy(conn: Connection, table: Table, rows: Sequence[dict[str, Any]], ids: bool) -> list[int]:
    columns = list(rows[0])
    made: list[int] = []
    if ids:
        sequence = func.pg_get_serial_sequence(table.name, "id")
        query = select(func.nextval(sequence)).select_from(func.generate_series(1, len(rows)))
        made = list(conn.execute(query).scalars())
        columns = ["id", *columns]
    quote = conn.dialect.identifier_preparer.quote
    as_json = [isinstance(table.c[name].type, JSON) for name in columns]
    statement = f"COPY {quote(table.name)} ({', '.join(map(quote, columns))}) FROM STDIN"
    cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
    with cursor, cursor.copy(statement) as copy:
        for n, row in enumerate(rows):
            values = [made[n], *row.values()] if ids else list(row.values())
            copy.write_row(
                [json.dumps(v) if j else v for v, j in zip(values, as_json, strict=True)]
            )
    return made
