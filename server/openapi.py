"""The OpenAPI 3.1 document of the ``/v1`` API, generated per application (and cached).

Paths and methods come from the app's routes; summaries from the views' docstrings;
parameters, bodies and answers from what each view declares with ``documented`` — the
schemas it validates with (``server.api.schemas``) or, for jobs, schemas built from the
registry's plugins; error statuses follow from what the view takes (parameters, a body,
the scope ``server.auth.requires`` marks it with) plus the ones it declares. Security is
that of the server's access mode (``server.auth.access_mode``): one document per mode.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib.metadata import PackageNotFoundError, version
from typing import Any, TypeVar

from flask import Flask
from werkzeug.routing import Rule

from crossforge.server.api.schemas import ERROR, Schema
from crossforge.server.auth import ACCESS, OWNED, Mode, access_mode
from crossforge.server.context import EXTENSION, Services

CACHE = "crossforge.openapi"
View = TypeVar("View", bound=Callable[..., Any])
Where = Mapping[str, str]
"""The path parameters a document is made for (``type`` of a per-type path)."""


class Media(dict[str, Schema]):
    """An answer or body by media type, for what is not one JSON document."""


Answer = Schema | Media | None
"""A JSON document's schema, bodies by media type, or None: no body."""
Dynamic = Callable[[Services, Where], Any]
"""A declaration made per application (and per type) from its plugins."""


@dataclass(frozen=True)
class Doc:
    """What a view takes and answers, for the document."""

    answers: Mapping[int, Answer]
    query: Schema | Dynamic | None = None
    """An object schema of the query parameters."""
    body: Schema | Media | Dynamic | None = None
    body_required: bool = True
    path: Mapping[str, Schema] = field(default_factory=dict)
    errors: tuple[int, ...] = ()
    """Error statuses beyond those implied by parameters, body and token."""
    types: Callable[[Services], Iterable[str]] | None = None
    """One path per puzzle type listed, in place of the ``type`` path parameter."""


def documented(answers: Mapping[int, Answer], **declared: Any) -> Callable[[View], View]:
    """Attach a ``Doc`` to a view (decorators above it keep it with ``functools.wraps``)."""

    def attach(view: View) -> View:
        view.__dict__["openapi"] = Doc(answers, **declared)
        return view

    return attach


def crossforge_version() -> str:
    """The installed distribution's version (the document's, and the health answer's)."""
    try:
        return version("crossforge")
    except PackageNotFoundError:
        return "unknown"


def openapi_document(app: Flask) -> dict[str, Any]:
    """The whole document for ``app`` in its access mode, built on first use."""
    mode = access_mode(app.extensions[EXTENSION])
    documents = app.extensions.setdefault(CACHE, {})
    if mode not in documents:
        documents[mode] = _build(app, mode)
    document: dict[str, Any] = documents[mode]
    return document


def _build(app: Flask, mode: Mode) -> dict[str, Any]:
    services: Services = app.extensions[EXTENSION]
    paths: dict[str, dict[str, Any]] = {}
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        doc: Doc | None = view.__dict__.get("openapi")
        if doc is None:
            continue
        for path, where in _paths(rule, doc, services):
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                paths.setdefault(path, {})[method.lower()] = _operation(
                    rule, view, doc, services, where, mode
                )
    components: dict[str, Any] = {"schemas": {"Error": ERROR}}
    if mode != "open":
        components["securitySchemes"] = {"bearer": _BEARER[mode]}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Crossforge",
            "version": crossforge_version(),
            "description": "Crossword construction server: word lists, fills and logic "
            'puzzles. Every error is JSON `{"error": {"code", "message", "details"}}`, '
            "a 400 naming the offending field in `details.field` where it can." + _ACCESS[mode],
        },
        "paths": paths,
        "components": components,
    }


def _paths(rule: Rule, doc: Doc, services: Services) -> Iterable[tuple[str, dict[str, str]]]:
    path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
    if doc.types is None:
        return [(path, {})]
    return [(path.replace("{type}", name), {"type": name}) for name in doc.types(services)]


def _operation(
    rule: Rule, view: Callable[..., Any], doc: Doc, services: Services, where: Where, mode: Mode
) -> dict[str, Any]:
    summary, _, description = (inspect.getdoc(view) or "").replace("``", "`").partition("\n\n")
    parameters = [
        {"name": name, "in": "path", "required": True, "schema": doc.path.get(name, _SEGMENT)}
        for name in rule.arguments - set(where)
    ]
    query = _resolve(doc.query, services, where)
    for name, schema in (query or {}).get("properties", {}).items():
        parameters.append(_query_parameter(name, schema, name in query.get("required", ())))
    operation: dict[str, Any] = {
        "tags": [rule.endpoint.partition(".")[0]],
        "summary": summary.replace("\n", " "),
        "operationId": "_".join([rule.endpoint.replace(".", "_"), *where.values()]),
    }
    if description:
        operation["description"] = description
    if parameters:
        operation["parameters"] = parameters
    body = _resolve(doc.body, services, where)
    if body is not None:
        operation["requestBody"] = {"required": doc.body_required, "content": _content(body)}
    responses = {str(status): _response(status, answer) for status, answer in doc.answers.items()}
    scope = view.__dict__.get(ACCESS)
    secured = scope is not None and (mode == "keys" or (mode == "token" and scope != "read"))
    implied = {
        400: bool(parameters or body),
        401: scope is not None and mode != "open",  # a wrong credential, even where none is needed
        403: secured and mode == "keys" and (scope != "read" or view.__dict__.get(OWNED, False)),
        404: any(p["in"] == "path" for p in parameters),
        413: body is not None,
        415: body is not None and "application/json" in _content(body),
        503: True,  # any endpoint, while the database is unreachable
    }
    for status in sorted({s for s, applies in implied.items() if applies} | set(doc.errors)):
        responses[str(status)] = _response(status, _ERROR_REF)
    operation["responses"] = responses
    if secured:
        operation["security"] = [{"bearer": [scope]}]
    return operation


_SEGMENT: Schema = {"type": "string", "pattern": "^[^/]+$"}
_BEARER: dict[Mode, Schema] = {
    "token": {"type": "http", "scheme": "bearer", "description": "the server's token"},
    "keys": {
        "type": "http",
        "scheme": "bearer",
        "description": "an API key (`cfk_…`, made with `crossforge keys create`) or the "
        "server's token (an admin key); each operation names the scope it needs",
    },
}
_ACCESS: dict[Mode, str] = {
    "open": "",
    "token": " Writes need `Authorization: Bearer <token>`.",
    "keys": " Every operation on lists, fills, puzzles, suggestions and jobs needs "
    "`Authorization: Bearer <key>` with the scope it names: `read`, `write` (a key limited "
    "to lists writes only those), or `admin`; a job is seen only with the key that "
    "submitted it or an admin key (to others it is a 404).",
}
_ERROR_REF: Schema = {"$ref": "#/components/schemas/Error"}


def _resolve(value: Any, services: Services, where: Where) -> Any:
    return value(services, where) if callable(value) else value


def _content(body: Schema | Media) -> dict[str, Any]:
    media = body if isinstance(body, Media) else {"application/json": body}
    return {name: {"schema": schema} for name, schema in media.items()}


def _response(status: int, answer: Answer) -> dict[str, Any]:
    response: dict[str, Any] = {"description": HTTPStatus(status).phrase}
    if answer is not None:
        response["content"] = _content(answer)
    return response


def _query_parameter(name: str, schema: Schema, required: bool) -> dict[str, Any]:
    """A query parameter; a JSON-encoded one (``contentMediaType``) as ``content``."""
    parameter: dict[str, Any] = {"name": name, "in": "query", "required": required}
    if "description" in schema:
        parameter["description"] = schema["description"]
    if schema.get("contentMediaType") == "application/json":
        parameter["content"] = {"application/json": {"schema": schema["contentSchema"]}}
    else:
        parameter["schema"] = schema
    return parameter
