"""Who is calling, and what they may do: API keys, the server token and open servers.

The server is in one of three modes (``access_mode``):

- ``open``: no ``CROSSFORGE_API_TOKEN`` and no key ever made; every caller may do all
  (the laptop default).
- ``token``: the token is set and no key exists; the token is an admin key, and callers
  without it may read, fill and suggest, as before keys existed.
- ``keys``: a key was made; every view that reads or writes data needs a key (or the
  token), and its scope: ``read`` reads lists, words and clues, runs fills, puzzles and
  suggestions and reads its own jobs; ``write`` also changes lists (only those named
  when the key is limited to some); ``admin`` also reads and cancels every job.

A view declares what it needs with ``requires``; the OpenAPI document reads that mark.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Literal, TypeVar

from flask import g, request

from crossforge.server.context import Services, services
from crossforge.server.errors import ApiError
from crossforge.server.keys import SCOPES, Scope

View = TypeVar("View", bound=Callable[..., Any])
Mode = Literal["open", "token", "keys"]
ACCESS = "access"
OWNED = "owned"
"""The attribute ``requires`` marks a view with: the scope it needs."""


@dataclass(frozen=True)
class Caller:
    """The credentials of a request: a key, the token, or none (``key_id`` None)."""

    name: str
    scope: Scope
    key_id: int | None = None
    lists: tuple[str, ...] = ()
    """The only lists it may write; empty: any."""
    anonymous: bool = False
    """No credentials: what it lacks, credentials may give (a 401, not a 403)."""

    def may(self, scope: Scope) -> bool:
        """Whether this caller's scope covers ``scope``."""
        return SCOPES.index(self.scope) >= SCOPES.index(scope)

    def may_write(self, list_name: str) -> bool:
        """Whether this caller may write the list called ``list_name``."""
        return self.may("write") and (not self.lists or list_name in self.lists)

    def owns(self, owner: int | None) -> bool:
        """Whether this caller may see a job that the key ``owner`` submitted."""
        return self.scope == "admin" or owner == self.key_id


def access_mode(app: Services) -> Mode:
    """Whether the server is open, guarded by its token only, or by keys."""
    if app.keys.any_key():
        return "keys"
    return "token" if app.config.api_token is not None else "open"


def current_caller() -> Caller | None:
    """The caller of this request, once per request; None: no credentials where keys
    are needed. A wrong or revoked credential is a 401."""
    if "crossforge_caller" not in g:
        g.crossforge_caller = _identify(services(), request.headers.get("Authorization"))
    found: Caller | None = g.crossforge_caller
    return found


def requires(
    scope: Scope, list_arg: str | None = None, *, owned: bool = False
) -> Callable[[View], View]:
    """Decorate a view: it runs only for a caller whose scope covers ``scope`` and, with
    ``list_arg``, who may write the list that path parameter names. ``owned`` marks a
    view of one job, which answers 403 to a key that did not submit it (checked where
    the view reads the job; see ``Caller.owns``)."""

    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            allowed(scope)
            if list_arg is not None:
                check_list_write(kwargs[list_arg])
            return view(*args, **kwargs)

        guarded.__dict__[ACCESS] = scope
        guarded.__dict__[OWNED] = owned
        return guarded  # type: ignore[return-value]

    return decorate


def allowed(scope: Scope) -> Caller:
    """The caller when its scope covers ``scope``; else a 401 (no credentials) or 403."""
    caller = current_caller()
    if caller is None or (caller.anonymous and not caller.may(scope)):
        raise _missing()
    if not caller.may(scope):
        raise ApiError(
            403,
            "forbidden",
            f"the key {caller.name!r} has the {caller.scope} scope; this needs {scope}",
            {"scope": scope},
        )
    return caller


def check_list_write(list_name: str) -> None:
    """A 403 naming the list unless the caller may write it."""
    caller = allowed("write")
    if not caller.may_write(list_name):
        raise ApiError(
            403,
            "forbidden",
            f"the key {caller.name!r} may not write the list {list_name!r} "
            f"(it may write {', '.join(repr(name) for name in caller.lists)})",
            {"list": list_name},
        )


def _identify(app: Services, header: str | None) -> Caller | None:
    token = _bearer(header)
    if token is not None:
        expected = app.config.api_token
        if expected is not None and hmac.compare_digest(token.encode(), expected.encode()):
            return Caller("the server token", "admin")
        key = app.keys.authenticate(token)
        if key is not None:
            return Caller(key.name, key.scope, key.id, key.lists)
    mode = access_mode(app)
    if mode == "keys" or (mode == "token" and header is not None):
        if header is None:
            return None
        raise _invalid() if token is not None else _missing()
    return Caller("anyone", "admin" if mode == "open" else "read", anonymous=True)


def _bearer(header: str | None) -> str | None:
    scheme, _, token = (header or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _missing() -> ApiError:
    return _unauthorized("this needs an 'Authorization: Bearer <key>' header", "Bearer")


def _invalid() -> ApiError:
    return _unauthorized(
        "the bearer token is not valid (unknown or revoked)", 'Bearer error="invalid_token"'
    )


def _unauthorized(message: str, challenge: str) -> ApiError:
    return ApiError(401, "unauthorized", message, headers={"WWW-Authenticate": challenge})
