"""Word lists and their entries: the word store over HTTP.

Reads need the ``read`` scope and writes ``write`` on that list (``server.auth``; all
open on a server without keys or token). Imports read the body as a stream of lines in
the CLI's formats and answer with the same summary.
"""

from __future__ import annotations

import io
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, TextIO

from flask import Blueprint, Response, jsonify, request, url_for
from werkzeug.utils import secure_filename

from crossforge.errors import InputError
from crossforge.server.api.inputs import json_body, no_content, query_values
from crossforge.server.api.schemas import (
    ENTRY,
    ENTRY_PUT,
    EXPORT_QUERY,
    IMPORT_QUERY,
    IMPORT_SUMMARY,
    LIST_CREATE,
    LIST_DOCUMENT,
    LIST_UPDATE,
    LISTS,
    SEARCH_QUERY,
    WORDS_PAGE,
)
from crossforge.server.auth import check_list_write, requires
from crossforge.server.context import services
from crossforge.server.errors import ApiError
from crossforge.server.openapi import Media, documented

if TYPE_CHECKING:
    from crossforge.wordbase.models import ImportSummary
    from crossforge.wordbase.store import WordStore

bp = Blueprint("lists", __name__, url_prefix="/v1/lists")

SEARCH_ARGS = ("pattern", "regex", "min_score", "limit")
EXPORT_MEDIA = {
    "stwl": ("text/plain", "txt"),
    "plain": ("text/plain", "txt"),
    "csv": ("text/csv", "csv"),
    "jsonl": ("application/x-ndjson", "jsonl"),
}
IMPORT_BODY = Media(
    {
        "text/plain": {"type": "string"},
        "application/octet-stream": {"type": "string", "format": "binary"},
        "multipart/form-data": {
            "type": "object",
            "properties": {"file": {"type": "string", "format": "binary"}},
            "required": ["file"],
        },
    }
)
EXPORT_SPOOL_BYTES = 8 * 1024 * 1024
"""Exports and import bodies larger than this wait on disk, not in memory."""


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
@requires("read")
@documented({200: LISTS})
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
@requires("write")
@documented({201: LIST_DOCUMENT}, body=LIST_CREATE, errors=(409,))
def create_list() -> Response:
    """Create an empty list."""
    from crossforge.wordbase.store import ListExists

    body = json_body(LIST_CREATE)
    name = body["name"]
    check_list_write(name)
    try:
        services().words.create_list(
            name, body["alphabet"], body["description"], **body["settings"]
        )
    except ListExists as exc:
        raise ApiError(409, "list_exists", str(exc)) from None
    response = jsonify(_list_document(name))
    response.status_code = 201
    response.headers["Location"] = url_for("lists.get_list", name=name)
    return response


@bp.get("/<name>")
@requires("read")
@documented({200: LIST_DOCUMENT})
def get_list(name: str) -> Response:
    """One list: settings, version, counts by length and a score histogram."""
    return jsonify(_list_document(name))


@bp.patch("/<name>")
@requires("write", list_arg="name")
@documented({200: LIST_DOCUMENT}, body=LIST_UPDATE, errors=(409,))
def update_list(name: str) -> Response:
    """Rename a list, change its description or (while empty) its alphabet settings."""
    from crossforge.wordbase.store import ListExists

    body = json_body(LIST_UPDATE)
    if body.get("name") is not None:
        check_list_write(body["name"])  # a key limited to lists keeps its list in reach
    try:
        updated = services().words.update_list(
            name,
            new_name=body.get("name"),
            description=body.get("description"),
            settings=body.get("settings"),
        )
    except ListExists as exc:
        raise ApiError(409, "list_exists", str(exc)) from None
    return jsonify(_list_document(updated.name))


@bp.delete("/<name>")
@requires("write", list_arg="name")
@documented({204: None})
def delete_list(name: str) -> Response:
    """Delete a list with its entries and clues."""
    services().words.delete_list(name)
    return no_content()


@bp.get("/<name>/words")
@requires("read")
@documented({200: WORDS_PAGE}, query=SEARCH_QUERY, errors=(422,))
def search(name: str) -> Response:
    """Entries matching ``pattern`` and ``regex``, best score first, paged by ``cursor``."""
    from crossforge.wordbase.patterns import REGEX_FLAGS, RegexTimeout
    from crossforge.wordbase.user_regex import RegexBoundError, check_user_regex

    args = query_values(SEARCH_QUERY)
    expression = args.get("regex") or None
    if expression is not None:  # parsed and bounded here; compiled only by the search
        try:
            check_user_regex(expression, REGEX_FLAGS)
        except RegexBoundError as exc:
            details = {"field": "regex", "bound": exc.bound}
            raise ApiError(400, "regex_too_large", str(exc), details) from None
        except InputError as exc:
            raise ApiError(400, "invalid_regex", str(exc), {"field": "regex"}) from None
    try:
        page = services().words.search(
            name,
            args.get("pattern") or None,
            regex=expression,
            min_score=args["min_score"],
            limit=args["limit"],
            cursor=args.get("cursor") or None,
        )
    except RegexTimeout as exc:
        raise ApiError(422, "regex_timeout", str(exc)) from None
    found = [entry.to_json() for entry in page.entries]
    return paged("lists.search", name, SEARCH_ARGS, {"words": found}, page.next_cursor)


def paged(
    endpoint: str,
    name: str,
    kept: tuple[str, ...],
    found: dict[str, Any],
    next_cursor: str | None,
) -> Response:
    """A page of search results: ``found``, ``next_cursor`` and ``links.next``, the
    address of the next page with the same ``kept`` query parameters."""
    next_link = None
    if next_cursor is not None:
        args: dict[str, Any] = {k: v for k, v in request.args.items() if k in kept}
        next_link = url_for(endpoint, name=name, **args, cursor=next_cursor)
    return jsonify({**found, "next_cursor": next_cursor, "links": {"next": next_link}})


@bp.get("/<name>/words/<word>")
@requires("read")
@documented({200: ENTRY})
def get_word(name: str, word: str) -> Response:
    """One entry with its clues."""
    entry = services().words.get_entry(name, word)
    if entry is None:
        raise ApiError(404, "not_found", f"list {name!r} has no entry {word!r}")
    return jsonify(entry.to_json())


@bp.put("/<name>/words/<word>")
@requires("write", list_arg="name")
@documented({200: ENTRY, 201: ENTRY}, body=ENTRY_PUT)
def put_word(name: str, word: str) -> Response:
    """Create (201) or replace (200) an entry and its clues."""
    from crossforge.wordbase.models import Clue

    body = json_body(ENTRY_PUT)
    clues = [Clue(clue) if isinstance(clue, str) else Clue(**clue) for clue in body["clues"]]
    store = services().words
    existed = store.get_entry(name, word) is not None
    entry = store.put_entry(
        name,
        word,
        int(body["score"]),
        display=body.get("display"),
        clues=clues,
        tags=body["tags"],
        source=body.get("source"),
    )
    response = jsonify(entry.to_json())
    response.status_code = 200 if existed else 201
    return response


@bp.delete("/<name>/words/<word>")
@requires("write", list_arg="name")
@documented({204: None})
def delete_word(name: str, word: str) -> Response:
    """Delete an entry."""
    if not services().words.delete_entry(name, word):
        raise ApiError(404, "not_found", f"list {name!r} has no entry {word!r}")
    return no_content()


@bp.post("/<name>/imports")
@requires("write", list_arg="name")
@documented({200: IMPORT_SUMMARY}, query=IMPORT_QUERY, body=IMPORT_BODY, body_required=False)
def import_words(name: str) -> Response:
    """Import lines from the body (or a multipart ``file``) and answer with the summary.

    The formats are the CLI's. A missing list is a 404 unless ``create=true``. The body is
    received in full (spooled to a temporary file) before the write transaction opens, so
    a slow upload never holds the database's write lock."""
    from crossforge.wordbase.building.english.editor_tags import with_editor_tags
    from crossforge.wordbase.formats import guess_format
    from crossforge.wordbase.imports import import_lines

    args = query_values(IMPORT_QUERY)
    require_list(name, args["create"])
    with received_file(args, guess_format, "stwl") as (stream, label, fmt):
        return imported(
            stream,
            lambda lines: import_lines(
                services().words,
                name,
                lines,
                fmt,
                scale=None if args["scale"] == "auto" else int(args["scale"]),
                merge=args["merge"],
                skip_bad=args["skip_bad"],
                dry_run=args["dry_run"],
                source=args.get("source"),
                alphabet=args["alphabet"],
                label=label,
                tagger=with_editor_tags,
            ),
        )


def require_list(name: str, create: bool) -> None:
    """A 404 for a missing list unless the import may ``create`` it."""
    if not create and not services().words.has_list(name):
        raise ApiError(
            404, "unknown_list", f"no word list {name!r} (import with create=true to make it)"
        )


@contextmanager
def received_file(
    args: dict[str, Any], guess: Callable[[str], str], default: str
) -> Iterator[tuple[IO[bytes], str, str]]:
    """An import's file, received in full: ``(stream, label, format)``. The body
    (spooled to a temporary file) or a multipart part named ``file``, whose format is
    guessed from its name; either way the format is ``args["format"]`` when given. The
    body limit is ``CROSSFORGE_MAX_IMPORT_BYTES``."""
    request.max_content_length = services().config.max_import_bytes
    if request.mimetype == "multipart/form-data":
        upload = request.files.get("file")  # Werkzeug spools uploads while parsing the form
        if upload is None:
            raise ApiError(400, "missing_field", "send the file as the 'file' part")
        label = upload.filename or "upload"
        yield upload.stream, label, args.get("format") or guess(label)
        return
    with tempfile.SpooledTemporaryFile(max_size=EXPORT_SPOOL_BYTES) as spool:
        shutil.copyfileobj(request.stream, spool, 64 * 1024)
        spool.seek(0)
        yield spool, "body", args.get("format") or default


def imported(stream: IO[bytes], run: Callable[[Iterable[str]], ImportSummary]) -> Response:
    """The answer to an import that ``run`` makes of the stream's lines: its summary, or
    a 400 for a file refused for its bad lines or not UTF-8."""
    from crossforge.wordbase.imports import ImportRejected

    lines = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")
    try:
        summary = run(lines)
    except ImportRejected as exc:
        raise ApiError(
            400, "import_rejected", str(exc), details={"summary": exc.summary.to_json()}
        ) from None
    except UnicodeDecodeError as exc:
        raise ApiError(400, "invalid_encoding", f"byte {exc.start}: not UTF-8 text") from None
    return jsonify(summary.to_json())


def export_answer(formats: Mapping[str, tuple[str, str]]) -> dict[int, Any]:
    """The documented answer of an export: a file of one of ``formats``' media types."""
    return {200: Media({media: {"type": "string"} for media, _ in formats.values()})}


def export_file(
    name: str,
    fmt: str,
    formats: Mapping[str, tuple[str, str]],
    write: Callable[[WordStore, TextIO], Any],
    stem: str,
) -> Response:
    """What ``write`` writes of list ``name`` in format ``fmt`` (its media type and
    extension in ``formats``), as the attachment ``<stem>.<extension>``."""
    store = services().words
    store.get_list(name)  # a missing list is a 404 before the body starts
    media, extension = formats[fmt]
    return attachment(lambda out: write(store, out), media, f"{stem}.{extension}")


@bp.get("/<name>/export")
@requires("read")
@documented(export_answer(EXPORT_MEDIA), query=EXPORT_QUERY)
def export(name: str) -> Response:
    """The whole list in an import format, as a file."""
    from crossforge.wordbase.exports import export_entries

    fmt = query_values(EXPORT_QUERY)["format"]
    return export_file(
        name, fmt, EXPORT_MEDIA, lambda store, out: export_entries(store, name, out, fmt), name
    )


def attachment(write: Callable[[TextIO], Any], media: str, filename: str) -> Response:
    """A file that ``write`` writes, as an attachment streamed from a spool (on disk
    past ``EXPORT_SPOOL_BYTES``), so the database is read once, quickly."""
    response = Response(_spooled(write), mimetype=media)
    safe = secure_filename(filename) or "export"
    response.headers["Content-Disposition"] = f'attachment; filename="{safe}"'
    return response


def _spooled(write: Callable[[TextIO], Any]) -> Iterator[str]:
    with tempfile.SpooledTemporaryFile(
        max_size=EXPORT_SPOOL_BYTES, mode="w+", encoding="utf-8"
    ) as spool:
        write(spool)  # type: ignore[arg-type]
        spool.seek(0)
        while chunk := spool.read(64 * 1024):
            yield chunk
