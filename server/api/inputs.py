"""Reading request input against the declared schemas, with 400s that name the field."""

from __future__ import annotations

import json
import sys
from collections.abc import Collection, Mapping
from typing import Any

from flask import Response, request

from crossforge.server.api.schemas import Schema
from crossforge.server.errors import ApiError


def checked_values(values: Mapping[str, Any], schema: Schema) -> dict[str, Any]:
    """``values`` valid against ``schema`` with its defaults filled in, or a 400 naming
    the offending field."""
    from crossforge.plugins.job_requests import RequestError, checked

    try:
        return checked(values, schema, "")
    except RequestError as exc:
        raise ApiError(400, "invalid_field", str(exc), {"field": exc.field}) from None


def json_object() -> dict[str, Any]:
    """The request body as a JSON object (a 400 naming what keeps it from being one)."""
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "send a JSON body (application/json)")
    body = _json(text_body(), "body")
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_json", "the body must be a JSON object")
    plain(body, "body")
    return body


def text_body() -> str:
    """The request body as UTF-8 text (a leading byte-order mark dropped), or a 400
    ``invalid_encoding`` naming the first byte that is not UTF-8."""
    try:
        return request.get_data().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ApiError(400, "invalid_encoding", f"byte {exc.start}: not UTF-8 text") from None


def plain(value: Any, where: str) -> None:
    """A 400 naming the place when ``value`` (or anything in it) is nested too deeply,
    a non-finite number or text with a NUL character."""
    from crossforge.plugins.job_requests import RequestError, check_plain

    try:
        check_plain(value, where)
    except RequestError as exc:
        raise ApiError(400, "invalid_input", str(exc), {"field": exc.field}) from None


def refuse_nul_in_url() -> None:
    """Before every request: a NUL in the path or the query is a 400 (databases refuse
    it, and no name or option may hold one)."""
    plain(request.path, "path")
    for name, value in request.args.items(multi=True):
        plain(value, f"query.{name}")


def json_body(schema: Schema) -> dict[str, Any]:
    """The JSON object body, valid against ``schema``, defaults filled in."""
    return checked_values(json_object(), schema)


def query_values(schema: Schema) -> dict[str, Any]:
    """The query parameters ``schema`` declares, converted to their declared types (text
    otherwise), checked, defaults filled in; other parameters are ignored."""
    properties = schema["properties"]
    given = {
        name: _typed(name, text, properties[name])
        for name, text in request.args.items()
        if name in properties
    }
    return checked_values(given, schema)


def _typed(name: str, text: str, schema: Schema) -> Any:
    declared = schema.get("type", [type(v).__name__ for v in schema.get("enum", [])])
    if {"string", "str"} & set([declared] if isinstance(declared, str) else declared):
        return text
    return _json(text, name, or_text=True)


def request_fields(
    main: str, value: Any, fields: Mapping[str, str], envelope: Collection[str]
) -> dict[str, Any]:
    """A raw job request from a body's ``main`` field and text fields (query parameters,
    form fields): ``envelope`` names stay fields (``type``, ``strategy``), ``options`` is
    a JSON object, and every other name is an option whose value is decoded as JSON
    where it is JSON (``min_score=30`` → 30, ``no_duplicates=false``)."""
    raw: dict[str, Any] = {} if value is None else {main: value}
    options: dict[str, Any] = {}
    for name, text in fields.items():
        if name in envelope:
            if not text.strip():
                raise ApiError(400, "invalid_field", f"{name!r} is empty", {"field": name})
            raw[name] = text
        elif name == "options":
            decoded = _json(text, "options")
            if not isinstance(decoded, dict):
                raise ApiError(400, "invalid_options", "'options' must be a JSON object")
            _add(options, decoded, "options")
        else:
            _add(options, {name: _json(text, name, or_text=True)}, "options")
    raw["options"] = options
    return raw


def with_query(body: dict[str, Any], envelope: Collection[str]) -> dict[str, Any]:
    """A JSON body's raw request with the query string's fields and options added (a
    name given in both places is a 400)."""
    query = request_fields("", None, request.args, envelope)
    extra = query.pop("options")
    merged = _add(dict(body), query, "")
    options = merged.get("options")
    if extra and options is None:
        merged["options"] = extra
    elif extra and isinstance(options, dict):
        merged["options"] = _add(dict(options), extra, "options")
    return merged


def _add(target: dict[str, Any], extra: Mapping[str, Any], where: str) -> dict[str, Any]:
    for name, value in extra.items():
        if name in target:
            field = f"{where}.{name}" if where else name
            raise ApiError(400, "invalid_field", f"{field!r} is given twice", {"field": field})
        target[name] = value
    return target


def no_content() -> Response:
    """A 204 answer: no body, no content type."""
    response = Response(status=204)
    del response.headers["Content-Type"]
    return response


def _json(text: str, name: str, or_text: bool = False) -> Any:
    """The JSON value of field ``name``; text that is no JSON is itself with ``or_text``,
    else a 400 (as is JSON nested too deeply or holding a number too long to convert)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if or_text:
            return text
        raise ApiError(400, "invalid_json", f"{name!r} is not JSON: {exc.msg}") from None
    except ValueError:  # past JSONDecodeError: only an integer too long to convert is left
        digits = sys.get_int_max_str_digits()
        message = f"{name!r} holds a number of more than {digits} digits"
        raise ApiError(400, "invalid_json", message) from None
    except RecursionError:
        raise ApiError(400, "invalid_json", f"{name!r} is JSON nested too deeply") from None
