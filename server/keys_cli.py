"""``crossforge keys …``: make, list and revoke the server's API keys."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from crossforge.server.keys import ApiKey, KeyStore


@click.group()
def keys() -> None:
    """API keys of the HTTP server (CROSSFORGE_DATABASE_URL): once one exists, every
    request for data needs a key."""


@contextmanager
def _store() -> Iterator[KeyStore]:
    from crossforge.server.keys import KeyStore
    from crossforge.wordbase.config import database_url

    store = KeyStore(database_url())
    try:
        yield store
    finally:
        store.close()


@keys.command("create")
@click.argument("name")
@click.option(
    "--scope",
    type=click.Choice(["read", "write", "admin"]),
    required=True,
    help="read: lists, words, clues, fills, puzzles, suggestions and its own jobs; "
    "write: also changes lists; admin: also every job.",
)
@click.option(
    "--list",
    "lists",
    multiple=True,
    metavar="NAME",
    help="A list a write key may write (repeat for more); without it, every list.",
)
def create_command(name: str, scope: str, lists: tuple[str, ...]) -> None:
    """Make key NAME and print its secret, which is shown this once (the database keeps
    only its hash)."""
    with _store() as store:
        key, secret = store.create(name, scope, lists)
    limited = f", writes only {', '.join(key.lists)}" if key.lists else ""
    click.echo(f"created key {key.name!r} ({key.scope}{limited}); its secret:", err=True)
    print(secret)


@keys.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_command(as_json: bool) -> None:
    """Every key: name, scope, lists, when made, last used (to the minute) and revoked;
    never a secret."""
    with _store() as store:
        found = store.all()
    if as_json:
        print(json.dumps([_document(key) for key in found], ensure_ascii=False))
        return
    rows = [("NAME", "SCOPE", "LISTS", "CREATED", "LAST USED", "REVOKED")]
    rows += [
        (
            key.name,
            key.scope,
            ",".join(key.lists) or "*",
            _when(key.created_at),
            _when(key.last_used_at),
            _when(key.revoked_at),
        )
        for key in found
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )


@keys.command("revoke")
@click.argument("name")
def revoke_command(name: str) -> None:
    """Refuse key NAME from now on, in every server process at once."""
    with _store() as store:
        key = store.revoke(name)
    click.echo(f"revoked key {key.name!r} (at {_when(key.revoked_at)})", err=True)


def _when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment is not None else "-"


def _document(key: ApiKey) -> dict[str, Any]:
    stamp = {
        name: moment.isoformat().replace("+00:00", "Z") if moment is not None else None
        for name, moment in (
            ("created_at", key.created_at),
            ("last_used_at", key.last_used_at),
            ("revoked_at", key.revoked_at),
        )
    }
    return {"name": key.name, "scope": key.scope, "lists": list(key.lists), **stamp}
