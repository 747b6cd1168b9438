"""The bearer-token check that guards writes when ``CROSSFORGE_API_TOKEN`` is set."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import request

from crossforge.server.context import services
from crossforge.server.errors import ApiError

View = TypeVar("View", bound=Callable[..., Any])


def check_token(expected: str | None, header: str | None) -> None:
    """Raise a 401 ``ApiError`` unless ``header`` carries ``expected`` (None: no check)."""
    if expected is None:
        return
    scheme, _, token = (header or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            401,
            "unauthorized",
            "this write needs an 'Authorization: Bearer <token>' header",
            headers={"WWW-Authenticate": "Bearer"},
        )
    if not hmac.compare_digest(token.strip().encode(), expected.encode()):
        raise ApiError(
            401,
            "unauthorized",
            "the bearer token is not valid",
            headers={"WWW-Authenticate": 'Bearer error="invalid_token"'},
        )


def requires_token(view: View) -> View:
    """Decorate a write view: it runs only with the configured bearer token (marked
    ``requires_token`` for the OpenAPI document)."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        check_token(services().config.api_token, request.headers.get("Authorization"))
        return view(*args, **kwargs)

    guarded.__dict__["requires_token"] = True
    return guarded  # type: ignore[return-value]
