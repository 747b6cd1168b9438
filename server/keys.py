"""API keys in the database: named, scoped (``read``, ``write``, ``admin``), optionally
limited to the lists they may write, revocable, and stored as the SHA-256 of the secret.

A secret is ``cfk_`` and 43 characters of ``secrets.token_urlsafe`` (256 random bits), so a
plain SHA-256 is as safe to keep as a slow password hash and costs nothing per request
(GitHub and Stripe keep tokens so); the prefix lets secret scanners spot a leaked key.
Every request looks its key up by that hash, with no cache, so a revoked key is refused at
once by every process sharing the database. The lookup compares hashes, never secrets: its
timing tells an attacker nothing about a secret.
"""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, get_args

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from crossforge.errors import InputError, NotFound
from crossforge.wordbase.database import release
from crossforge.wordbase.migrations import prepared_engine
from crossforge.wordbase.models import check_list_name

Scope = Literal["read", "write", "admin"]
SCOPES: tuple[Scope, ...] = get_args(Scope)
"""From least to most: each scope may do all that the ones before it may."""
PREFIX = "cfk_"
NAME_LENGTH = 100
FIRST_KEY_RECHECK = 30.0
"""Seconds a process keeps the answer "no key exists yet", so that an open server asks the
database at most this often, not on every request: the first key closes an open server
within this long in every process. (A revocation holds at once: keys are looked up on
every request.)"""
LAST_USED_STEP = timedelta(minutes=1)
"""``last_used_at`` is written when it is at least this old: one write per key a minute,
not one per request."""

metadata = MetaData()

keys_table = Table(
    "crossforge_api_keys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(NAME_LENGTH), nullable=False, unique=True),
    Column("scope", String(16), nullable=False),
    Column("secret_hash", String(64), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_used_at", DateTime(timezone=True)),
    Column("revoked_at", DateTime(timezone=True)),
)

key_lists_table = Table(
    "crossforge_api_key_lists",
    metadata,
    Column(
        "key_id",
        Integer,
        ForeignKey("crossforge_api_keys.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("list_name", String(200), primary_key=True),
)


def secret_hash(secret: str) -> str:
    """What the database keeps of a secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(value: datetime) -> datetime:
    """``value`` with its time zone (SQLite hands back naive UTC values)."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


@dataclass(frozen=True)
class ApiKey:
    """One key as the operator sees it (never its secret)."""

    id: int
    name: str
    scope: Scope
    lists: tuple[str, ...]
    """The lists it may write; empty: every list its scope allows."""
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None

    @property
    def revoked(self) -> bool:
        """True once revoked: the key is refused."""
        return self.revoked_at is not None


class KeyExists(InputError):
    """A key of that name exists (revoked or not: names are never reused)."""


class KeyStore:
    """Creates, lists, revokes and checks API keys; one per application or command."""

    def __init__(self, database_url: str) -> None:
        self.engine: Engine = prepared_engine(database_url)
        self._open = True
        self._some_key = False
        self._recheck_at = 0.0
        self._lock = threading.Lock()

    def close(self) -> None:
        """End this store's use of the shared engine."""
        if self._open:
            self._open = False
            release(self.engine)

    def create(self, name: str, scope: str, lists: tuple[str, ...] = ()) -> tuple[ApiKey, str]:
        """A new key and its secret, which is shown this once and kept only as a hash."""
        name = _checked_name(name)
        if scope not in SCOPES:
            raise InputError(f"scope {scope!r}: use one of {', '.join(SCOPES)}")
        if lists and scope != "write":
            raise InputError(f"only a write key may be limited to lists, not a {scope} key")
        names = tuple(sorted({check_list_name(list_name) for list_name in lists}))
        secret = PREFIX + secrets.token_urlsafe(32)
        values = {
            "name": name,
            "scope": scope,
            "secret_hash": secret_hash(secret),
            "created_at": _now(),
        }
        try:
            with self.engine.begin() as conn:
                key_id = conn.execute(
                    keys_table.insert().values(**values).returning(keys_table.c.id)
                ).scalar_one()
                if names:
                    conn.execute(
                        key_lists_table.insert(),
                        [{"key_id": key_id, "list_name": list_name} for list_name in names],
                    )
        except IntegrityError:
            raise KeyExists(f"a key named {name!r} already exists") from None
        self._some_key = True
        return self.get(name), secret

    def get(self, name: str) -> ApiKey:
        """The key called ``name`` (NotFound when there is none)."""
        found = self._read(keys_table.c.name == name)
        if not found:
            raise NotFound(f"no API key named {name!r}")
        return found[0]

    def all(self) -> list[ApiKey]:
        """Every key, revoked ones too, oldest first."""
        return self._read(None)

    def revoke(self, name: str) -> ApiKey:
        """Refuse the key from now on (a revoked key stays revoked)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(keys_table)
                .where(keys_table.c.name == name, keys_table.c.revoked_at.is_(None))
                .values(revoked_at=_now())
            )
        return self.get(name)

    def any_key(self) -> bool:
        """Whether a key was ever made here: a yes is kept (keys are never deleted), a no
        for ``FIRST_KEY_RECHECK`` seconds."""
        with self._lock:
            if not self._some_key and time.monotonic() >= self._recheck_at:
                with self.engine.connect() as conn:
                    found = conn.execute(select(keys_table.c.id).limit(1)).first()
                self._some_key = found is not None
                self._recheck_at = time.monotonic() + FIRST_KEY_RECHECK
            return self._some_key

    def authenticate(self, secret: str) -> ApiKey | None:
        """The unrevoked key whose secret this is, else None; notes when it was used."""
        if not secret.startswith(PREFIX):
            return None
        found = self._read(keys_table.c.secret_hash == secret_hash(secret))
        if not found or found[0].revoked:
            return None
        key = found[0]
        now = _now()
        if key.last_used_at is None or now - key.last_used_at >= LAST_USED_STEP:
            with self.engine.begin() as conn:
                conn.execute(
                    update(keys_table).where(keys_table.c.id == key.id).values(last_used_at=now)
                )
        return key

    def _read(self, where: Any) -> list[ApiKey]:
        query = (
            select(keys_table, key_lists_table.c.list_name)
            .outerjoin(key_lists_table, key_lists_table.c.key_id == keys_table.c.id)
            .order_by(keys_table.c.id, key_lists_table.c.list_name)
        )
        if where is not None:
            query = query.where(where)
        keys: dict[int, ApiKey] = {}
        with self.engine.connect() as conn:
            for row in conn.execute(query):
                known = keys.get(row.id)
                if known is None:
                    keys[row.id] = ApiKey(
                        id=row.id,
                        name=row.name,
                        scope=row.scope,
                        lists=(row.list_name,) if row.list_name is not None else (),
                        created_at=_utc(row.created_at),
                        last_used_at=row.last_used_at and _utc(row.last_used_at),
                        revoked_at=row.revoked_at and _utc(row.revoked_at),
                    )
                else:
                    keys[row.id] = dataclasses.replace(known, lists=(*known.lists, row.list_name))
        return list(keys.values())


def _checked_name(name: str) -> str:
    """``name`` when it can name a key: 1 to 100 printable characters, no spaces."""
    if not 0 < len(name) <= NAME_LENGTH or not name.isprintable() or any(c.isspace() for c in name):
        raise InputError(
            f"key name {name!r}: use 1 to {NAME_LENGTH} printable characters without spaces"
        )
    return name
