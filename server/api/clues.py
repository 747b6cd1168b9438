"""The clues of a word list over HTTP: search, bulk import and export.

Reads need the ``read`` scope, imports ``write`` on the list (``server.auth``). Imports and
exports use the clue file formats of ``crossforge clues`` (``wordbase.clue_formats``).
"""

from __future__ import annotations

from flask import Blueprint, Response

from crossforge.server.api.inputs import query_values
from crossforge.server.api.lists import (
    IMPORT_BODY,
    export_answer,
    export_file,
    imported,
    paged,
    received_file,
    require_list,
)
from crossforge.server.api.schemas import (
    CLUE_EXPORT_QUERY,
    CLUE_IMPORT_QUERY,
    CLUE_SEARCH_QUERY,
    CLUES_PAGE,
    IMPORT_SUMMARY,
)
from crossforge.server.auth import requires
from crossforge.server.context import services
from crossforge.server.openapi import documented

bp = Blueprint("clues", __name__, url_prefix="/v1/lists")

SEARCH_ARGS = ("q", "word", "limit")
EXPORT_MEDIA = {
    "csv": ("text/csv", "csv"),
    "tsv": ("text/tab-separated-values", "tsv"),
    "xd": ("text/tab-separated-values", "tsv"),
    "jsonl": ("application/x-ndjson", "jsonl"),
    "dash": ("text/plain", "txt"),
}


@bp.get("/<name>/clues")
@requires("read")
@documented({200: CLUES_PAGE}, query=CLUE_SEARCH_QUERY)
def search(name: str) -> Response:
    """Clues whose text holds every word of ``q`` and whose answer is ``word``, by
    answer then clue, paged by ``cursor``."""
    args = query_values(CLUE_SEARCH_QUERY)
    page = services().words.search_clues(
        name,
        args.get("q"),
        args.get("word") or None,
        limit=args["limit"],
        cursor=args.get("cursor") or None,
    )
    found = [hit.to_json() for hit in page.hits]
    return paged("clues.search", name, SEARCH_ARGS, {"clues": found}, page.next_cursor)


@bp.post("/<name>/clues/imports")
@requires("write", list_arg="name")
@documented({200: IMPORT_SUMMARY}, query=CLUE_IMPORT_QUERY, body=IMPORT_BODY, body_required=False)
def import_clues(name: str) -> Response:
    """Add the clues of the body (or a multipart ``file``) to the list's entries, in one
    transaction, and answer with the summary."""
    from crossforge.wordbase.clue_formats import guess_clue_format
    from crossforge.wordbase.imports import import_clue_lines

    args = query_values(CLUE_IMPORT_QUERY)
    require_list(name, args["create"])
    with received_file(args, guess_clue_format, "tsv") as (stream, label, fmt):
        return imported(
            stream,
            lambda lines: import_clue_lines(
                services().words,
                name,
                lines,
                fmt,
                add_words=args["add_words"],
                score=args["score"],
                skip_bad=args["skip_bad"],
                dry_run=args["dry_run"],
                alphabet=args["alphabet"],
                label=label,
            ),
        )


@bp.get("/<name>/clues/export")
@requires("read")
@documented(export_answer(EXPORT_MEDIA), query=CLUE_EXPORT_QUERY)
def export(name: str) -> Response:
    """Every clue of the list in a clue format, as a file."""
    from crossforge.wordbase.exports import export_clues

    fmt = query_values(CLUE_EXPORT_QUERY)["format"]
    return export_file(
        name,
        fmt,
        EXPORT_MEDIA,
        lambda store, out: export_clues(store, name, out, fmt),
        f"{name}-clues",
    )
