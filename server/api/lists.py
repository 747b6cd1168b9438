"""Word lists and their entries: the word store over HTTP.

Reads are open; writes need the bearer token when one is configured. Imports read the
body as a stream of lines in the CLI's formats and answer with the same summary.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from werkzeug.utils import secure_filename

from crossforge.server.api.inputs import json_object, number_arg, string_arg
from crossforge.server.auth import requires_token
from crossforge.server.context import services
from crossforge.server.errors import ApiError

bp = Blueprint("lists", __name__, url_prefix="/v1/lists")

MAX_PAGE = 1000
SEARCH_ARGS = ("pattern", "regex", "min_score", "limit")
EXPORT_MEDIA = {
    "stwl": ("text/plain", "txt"),
    "plain": ("text/plain", "txt"),
    "csv": ("text/csv", "csv"),
    "jsonl": ("application/x-ndjson", "jsonl"),
}
EXPORT_SPOOL_BYTES = 8 * 1024 * 1024
"""Exports larger than this spool to a temporary file instead of memory."""


def _list_document(name: str) -> dict[str, Any]:
    store = services().words
    document = store.get_list(name).to_json()
    stats = store.stats(name)
    document.update(
        entries=stats.total,
        by_length={str(k): v for k, v in stats.by_length.items()},
        score_bands={str(k): v for k, v in stats.score_bands.items()},
        links={
            "self": url_for("lists.get_list", name=name),
            "words": url_for("lists.search", name=name),
            "imports": url_for("lists.import_words", name=name),
            "export": url_for("lists.export", name=name),
        },
    )
    return document


@bp.get("")
def all_lists() -> Response:
    """Every list with its entry count."""
    store = services().words
    found = []
    for word_list in store.lists():
        document = word_list.to_json()
        document["entries"] = store.count(word_list.name)
        document["links"] = {"self": url_for("lists.get_list", name=word_list.name)}
        found.append(document)
    return jsonify({"lists": found})


@bp.post("")
@requires_token
def create_list() -> Response:
    """Create an empty list: ``{"name", "alphabet"?, "description"?, "settings"?}``."""
    from crossforge.wordbase.store import ListExists

    body = json_object()
    name = string_arg(body, "name")
    if name is None:
        raise ApiError(400, "missing_field", "a new list needs a 'name'")
    settings = _settings(body)
    try:
        services().words.create_list(
            name,
            string_arg(body, "alphabet", "en") or "en",
            str(body.get("description") or ""),
            **settings,
        )
    except ListExists as exc:
        raise ApiError(409, "list_exists", str(exc)) from None
    response = jsonify(_list_document(name))
    response.status_code = 201
    response.headers["Location"] = url_for("lists.get_list", name=name)
    return response


def _settings(body: dict[str, Any]) -> dict[str, Any]:
    settings = body.get("settings") or {}
    if not isinstance(settings, dict):
        raise ApiError(400, "invalid_field", "'settings' must be a JSON object")
    return settings


@bp.get("/<name>")
def get_list(name: str) -> Response:
    """One list: settings, version, counts by length and a score histogram."""
    return jsonify(_list_document(name))


@bp.patch("/<name>")
@requires_token
def update_list(name: str) -> Response:
    """Rename a list, change its description or (while empty) its alphabet settings."""
    from crossforge.wordbase.store import ListExists

    body = json_object()
    unknown = sorted(set(body) - {"name", "description", "settings"})
    if unknown:
        raise ApiError(400, "invalid_field", f"unknown field(s): {', '.join(unknown)}")
    description = body.get("description")
    if description is not None and not isinstance(description, str):
        raise ApiError(400, "invalid_field", "'description' must be a string")
    try:
        updated = services().words.update_list(
            name,
            new_name=string_arg(body, "name"),
            description=description,
            settings=_settings(body) if "settings" in body else None,
        )
    except ListExists as exc:
        raise ApiError(409, "list_exists", str(exc)) from None
    return jsonify(_list_document(updated.name))


@bp.delete("/<name>")
@requires_token
def delete_list(name: str) -> Response:
    """Delete a list with its entries and clues."""
    services().words.delete_list(name)
    return Response(status=204)


@bp.get("/<name>/words")
def search(name: str) -> Response:
    """Entries matching ``pattern`` and ``regex``, best score first, paged by ``cursor``."""
    from crossforge.wordbase.patterns import RegexTimeout

    args = dict(request.args)
    limit = number_arg(args, "limit", 100, minimum=1, maximum=MAX_PAGE, integer=True)
    min_score = number_arg(args, "min_score", 0, minimum=0, maximum=100, integer=True)
    try:
        page = services().words.search(
            name,
            args.get("pattern") or None,
            regex=args.get("regex") or None,
            min_score=min_score,
            limit=limit,
            cursor=args.get("cursor") or None,
        )
    except RegexTimeout as exc:
        raise ApiError(422, "regex_timeout", str(exc)) from None
    next_link = None
    if page.next_cursor is not None:
        kept: dict[str, Any] = {k: v for k, v in args.items() if k in SEARCH_ARGS}
        next_link = url_for("lists.search", name=name, **kept, cursor=page.next_cursor)
    return jsonify(
        {
            "words": [entry.to_json() for entry in page.entries],
            "next_cursor": page.next_cursor,
            "links": {"next": next_link},
        }
    )


@bp.get("/<name>/words/<word>")
def get_word(name: str, word: str) -> Response:
    """One entry with its clues."""
    entry = services().words.get_entry(name, word)
    if entry is None:
        raise ApiError(404, "not_found", f"list {name!r} has no entry {word!r}")
    return jsonify(entry.to_json())


@bp.put("/<name>/words/<word>")
@requires_token
def put_word(name: str, word: str) -> Response:
    """Create or replace an entry: ``{"score", "display", "clues", "tags", "source"}``."""
    from crossforge.wordbase.models import Clue

    body = json_object()
    unknown = sorted(set(body) - {"score", "display", "clues", "tags", "source"})
    if unknown:
        raise ApiError(400, "invalid_field", f"unknown field(s): {', '.join(unknown)}")
    score = number_arg(body, "score", 50, minimum=0, maximum=100, integer=True)
    clues = body.get("clues") or []
    tags = body.get("tags") or []
    if not isinstance(clues, list) or not isinstance(tags, list):
        raise ApiError(400, "invalid_field", "'clues' and 'tags' must be lists")
    parsed: list[Clue] = []
    for clue in clues:
        if isinstance(clue, str):
            parsed.append(Clue(clue))
        elif isinstance(clue, dict) and isinstance(clue.get("text"), str):
            difficulty = number_arg(clue, "difficulty", None, integer=True)
            parsed.append(Clue(clue["text"], string_arg(clue, "source"), difficulty))
        else:
            raise ApiError(400, "invalid_field", f"bad clue {clue!r}: text or {{'text': …}}")
    store = services().words
    existed = store.get_entry(name, word) is not None
    entry = store.put_entry(
        name,
        word,
        score,
        display=string_arg(body, "display"),
        clues=parsed,
        tags=[str(t) for t in tags],
        source=string_arg(body, "source"),
    )
    response = jsonify(entry.to_json())
    response.status_code = 200 if existed else 201
    return response


@bp.delete("/<name>/words/<word>")
@requires_token
def delete_word(name: str, word: str) -> Response:
    """Delete an entry."""
    if not services().words.delete_entry(name, word):
        raise ApiError(404, "not_found", f"list {name!r} has no entry {word!r}")
    return Response(status=204)


def _flag(args: dict[str, Any], name: str) -> bool:
    value = str(args.get(name, "")).lower()
    if value in ("", "0", "false", "no"):
        return False
    if value in ("1", "true", "yes"):
        return True
    raise ApiError(400, "invalid_parameter", f"{name!r} must be true or false, not {value!r}")


@bp.post("/<name>/imports")
@requires_token
def import_words(name: str) -> Response:
    """Import lines from the body (or a multipart ``file``) and answer with the summary."""
    from crossforge.wordbase.formats import FORMATS, guess_format
    from crossforge.wordbase.store import ImportRejected

    request.max_content_length = services().config.max_import_bytes
    args = dict(request.args)
    if request.mimetype == "multipart/form-data":
        upload = request.files.get("file")
        if upload is None:
            raise ApiError(400, "missing_field", "send the word list as the 'file' part")
        stream, label = upload.stream, upload.filename or "upload"
        fmt = args.get("format") or guess_format(label)
    else:
        stream, label = request.stream, "body"
        fmt = args.get("format") or "stwl"
    if fmt not in FORMATS:
        raise ApiError(400, "invalid_parameter", f"format must be one of {', '.join(FORMATS)}")
    scale = number_arg(args, "scale", 100, integer=True)
    if scale not in (50, 100):
        raise ApiError(400, "invalid_parameter", "'scale' must be 50 or 100")
    merge = args.get("merge", "max")
    if merge not in ("max", "replace"):
        raise ApiError(400, "invalid_parameter", "'merge' must be max or replace")
    lines = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")
    try:
        summary = services().words.import_lines(
            name,
            lines,
            fmt,
            scale=scale,
            merge=merge,
            skip_bad=_flag(args, "skip_bad"),
            dry_run=_flag(args, "dry_run"),
            source=args.get("source") or None,
            alphabet=args.get("alphabet") or "en",
            label=label,
        )
    except ImportRejected as exc:
        raise ApiError(
            400, "import_rejected", str(exc), details={"summary": exc.summary.to_json()}
        ) from None
    except UnicodeDecodeError as exc:
        raise ApiError(400, "invalid_encoding", f"byte {exc.start}: not UTF-8 text") from None
    return jsonify(summary.to_json())


@bp.get("/<name>/export")
def export(name: str) -> Response:
    """The whole list in an import format (``format``: stwl, plain, csv, jsonl)."""
    fmt = request.args.get("format", "stwl")
    if fmt not in EXPORT_MEDIA:
        raise ApiError(400, "invalid_parameter", f"format must be one of {', '.join(EXPORT_MEDIA)}")
    store = services().words
    store.get_list(name)  # a missing list is a 404 before the body starts
    media, extension = EXPORT_MEDIA[fmt]
    response = Response(_exported(store, name, fmt), mimetype=media)
    filename = f"{secure_filename(name) or 'list'}.{extension}"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _exported(store: Any, name: str, fmt: str) -> Iterator[str]:
    with tempfile.SpooledTemporaryFile(
        max_size=EXPORT_SPOOL_BYTES, mode="w+", encoding="utf-8"
    ) as spool:
        store.export(name, spool, fmt)
        spool.seek(0)
        while chunk := spool.read(64 * 1024):
            yield chunk
