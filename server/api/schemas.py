"""JSON Schemas of the API's bodies, query strings and answers, declared once.

Views check their input with these (``inputs.json_body``, ``inputs.query_values``) and
the OpenAPI document (``crossforge.server.openapi``) shows the same dicts, so the two
cannot drift. Job bodies come from the plugins' own schemas instead (``plugins.job_requests``).
"""

from __future__ import annotations

from typing import Any

from crossforge.grids.formats import FORMATS as GRID_FORMATS
from crossforge.plugins.contract import ACTIONS
from crossforge.server.jobs.records import CANCELED, FAILED, QUEUED, RUNNING, SUCCEEDED
from crossforge.wordbase.alphabets import ALPHABETS
from crossforge.wordbase.clue_formats import CLUE_FORMATS, MAX_CLUE_LENGTH
from crossforge.wordbase.formats import FORMATS
from crossforge.wordbase.models import (
    CLUE_KINDS,
    CLUE_LEVELS,
    LIST_NAME_PATTERN,
    MAX_DIFFICULTY,
    MAX_KEY_LENGTH,
)

Schema = dict[str, Any]

TEXT: Schema = {"type": "string", "pattern": r"\S", "description": "not blank"}
NAME: Schema = {
    "type": "string",
    "pattern": LIST_NAME_PATTERN,
    "description": "a list name: no '/', '%' or control characters, no space at either end, "
    "not only dots",
}
SCORE: Schema = {"type": "integer", "minimum": 0, "maximum": 100}
FLAG: Schema = {"type": "boolean", "default": False}
LINKS: Schema = {"type": "object", "additionalProperties": {"type": ["string", "null", "object"]}}
COUNTS: Schema = {"type": "object", "additionalProperties": {"type": "integer"}}


def _object(required: tuple[str, ...] = (), **properties: Schema) -> Schema:
    """A closed object schema: the named properties and no others."""
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


def _document(**properties: Schema) -> Schema:
    """An answer's schema: every named property is always present."""
    return {"type": "object", "properties": properties, "required": list(properties)}


SETTINGS: Schema = {
    "type": "object",
    "additionalProperties": {"type": "boolean"},
    "description": "the alphabet's settings: fold_yo (ru), fold_small (ja)",
}

# Request bodies

LIST_CREATE = _object(
    ("name",),
    name=NAME,
    alphabet={"enum": sorted(ALPHABETS), "default": "en"},
    description={"type": "string", "default": ""},
    settings={**SETTINGS, "default": {}},
)
LIST_UPDATE = _object(name=NAME, description={"type": "string"}, settings=SETTINGS)
CLUE_TEXT: Schema = {"type": "string", "maxLength": MAX_CLUE_LENGTH}
"""A clue's text: as long as an import takes."""
CLUE: Schema = {
    "oneOf": [
        CLUE_TEXT,
        _object(
            ("text",),
            text=CLUE_TEXT,
            source=TEXT,
            difficulty={"type": "integer", "minimum": -MAX_DIFFICULTY, "maximum": MAX_DIFFICULTY},
            kind={"enum": list(CLUE_KINDS)},
            level={"enum": list(CLUE_LEVELS)},
        ),
    ]
}
ENTRY_PUT = _object(
    score={**SCORE, "default": 50},
    display=TEXT,
    clues={"type": "array", "items": CLUE, "default": []},
    tags={"type": "array", "items": {"type": "string"}, "default": []},
    source=TEXT,
)

CELLS: Schema = {
    "type": "array",
    "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
    "description": "cells as [row, col], from 0",
}
PUZZLE_FIELDS: dict[str, Schema] = {
    "grid": {
        "type": "array",
        "items": {"type": "string", "minLength": 1},
        "minItems": 1,
        "description": "rows of '#' (block), '.' (empty) and letters",
    },
    "circled": CELLS,
    "shaded": CELLS,
    "rebus": {
        "type": "array",
        "items": {
            "type": "array",
            "items": {"type": ["integer", "string"]},
            "minItems": 3,
            "maxItems": 3,
        },
        "description": "cells holding several letters, as [row, col, letters] (the grid "
        "holds the first)",
    },
    "clues": {
        "type": "object",
        "additionalProperties": {"type": "string"},
        "description": "clue text by slot id ('1A', '5D')",
    },
    **{key: {"type": "string"} for key in ("title", "author", "copyright", "notes")},
}
PUZZLE_INPUT: Schema = {
    **_object(("grid",), **PUZZLE_FIELDS),
    "additionalProperties": True,
    "description": "the JSON form of a puzzle (what POST /v1/grids/parse answers; other "
    "fields, such as its entries, are ignored)",
}

JOB_ENVELOPE: Schema = {
    "type": "object",
    "properties": {"type": TEXT, "strategy": TEXT, "options": {"type": "object"}},
}
"""What the server reads of a job request before the plugins check the rest."""

# Query strings (values arrive as text and are converted by their declared type)

WAIT: Schema = {
    "type": "number",
    "minimum": 0,
    "description": "seconds to hold the answer until the job finishes (capped by the server)",
}
WAIT_QUERY = _object(wait=WAIT)
SEARCH_QUERY = _object(
    pattern={"type": "string", "description": "'?' or '.' for one unknown letter, e.g. C?T"},
    regex={"type": "string", "description": "a regular expression the key must match in full"},
    min_score={**SCORE, "default": 0},
    limit={"type": "integer", "minimum": 1, "maximum": 1000, "default": 100},
    cursor={"type": "string", "description": "next_cursor of the previous page"},
)
IMPORT_QUERY = _object(
    format={"enum": list(FORMATS), "description": "default: stwl, or guessed from the file name"},
    scale={
        "enum": ["auto", "50", "100"],
        "default": "auto",
        "description": "the scale of the file's scores; auto: judged from them (see detected)",
    },
    merge={"enum": ["max", "replace"], "default": "max"},
    skip_bad={**FLAG, "description": "skip bad lines instead of refusing the file"},
    dry_run={**FLAG, "description": "report without writing"},
    source=TEXT,
    alphabet={"enum": sorted(ALPHABETS), "default": "en", "description": "for a new list"},
    create={**FLAG, "description": "create the list if it does not exist (else a 404)"},
)
EXPORT_QUERY = _object(format={"enum": list(FORMATS), "default": "stwl"})
CLUE_SEARCH_QUERY = _object(
    q={"type": "string", "description": "words every clue found holds (full-text, any case)"},
    word={"type": "string", "description": "only the clues of this answer"},
    limit={"type": "integer", "minimum": 1, "maximum": 1000, "default": 50},
    cursor={"type": "string", "description": "next_cursor of the previous page"},
)
CLUE_IMPORT_QUERY = _object(
    format={"enum": list(CLUE_FORMATS), "description": "default: tsv, or from the file name"},
    add_words={**FLAG, "description": "add answers the list lacks as entries"},
    score={**SCORE, "default": 50, "description": "score of the entries add_words makes"},
    skip_bad={**FLAG, "description": "skip bad lines instead of refusing the file"},
    dry_run={**FLAG, "description": "report without writing"},
    alphabet={"enum": sorted(ALPHABETS), "default": "en", "description": "for a new list"},
    create={**FLAG, "description": "create the list if it does not exist (else a 404)"},
)
CLUE_EXPORT_QUERY = _object(format={"enum": list(CLUE_FORMATS), "default": "tsv"})
RENDER_QUERY = _object(
    blank={
        **FLAG,
        "description": "svg only: the empty grid with its numbers, no letters "
        "and no clues (to print or share a pattern)",
    }
)
PARSE_QUERY = _object(
    format={"enum": list(GRID_FORMATS), "description": "default: from the uploaded file's name"}
)

# Answers

ERROR = _document(
    error={
        "type": "object",
        "properties": {
            "code": {"type": "string"},
            "message": {"type": "string"},
            "details": {"type": "object", "description": "e.g. the offending field"},
        },
        "required": ["code", "message"],
    }
)
WORD_LIST = _document(
    name={"type": "string"},
    alphabet={"type": "string"},
    settings={"type": "object"},
    description={"type": "string"},
    version={"type": "integer"},
    created_at={"type": "string"},
    updated_at={"type": "string"},
    entries={"type": "integer"},
    links=LINKS,
)
LIST_DOCUMENT: Schema = {
    **WORD_LIST,
    "properties": {**WORD_LIST["properties"], "by_length": COUNTS, "score_bands": COUNTS},
    "required": [*WORD_LIST["required"], "by_length", "score_bands"],
}
LISTS = _document(lists={"type": "array", "items": WORD_LIST})
ENTRY = _document(
    word={"type": "string", "maxLength": MAX_KEY_LENGTH},
    display={"type": "string"},
    score=SCORE,
    clues={
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"text": {"type": "string"}},
            "required": ["text"],
        },
    },
    tags={"type": "array", "items": {"type": "string"}},
    source={"type": ["string", "null"]},
)
WORDS_PAGE = _document(
    words={"type": "array", "items": ENTRY},
    next_cursor={"type": ["string", "null"]},
    links=LINKS,
)
IMPORT_SUMMARY = _document(
    list={"type": "string"},
    format={"enum": sorted({*FORMATS, *CLUE_FORMATS})},
    lines={"type": "integer"},
    added={"type": "integer"},
    updated={"type": "integer"},
    unchanged={"type": "integer"},
    rejected={"type": "array", "items": {"type": "object"}},
    rejected_count={"type": "integer", "description": "every bad line, listed or not"},
    skipped={"type": "integer", "description": "clues whose answer the list lacks"},
    detected={"type": ["string", "null"], "description": "what was found out about the file"},
    dry_run={"type": "boolean"},
    version={"type": "integer"},
)
CLUE_HIT = _document(
    word={"type": "string"},
    display={"type": "string"},
    text={"type": "string"},
)
CLUES_PAGE = _document(
    clues={"type": "array", "items": CLUE_HIT},
    next_cursor={"type": ["string", "null"]},
    links=LINKS,
)
NULLABLE_OBJECT: Schema = {"type": ["object", "null"]}
TIME: Schema = {"type": ["string", "null"], "format": "date-time"}
FILL_ENTRY = _document(
    number={"type": "integer"},
    direction={"enum": ["across", "down"]},
    word={"type": ["string", "null"], "description": "null: the entry is not filled"},
    score={"type": ["number", "null"], "description": "null: a word the list lacks"},
    clues={
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"text": {"type": "string"}, "source": {"type": "string"}},
            "required": ["text"],
        },
        "description": "the request's own clue first (source 'request'), then up to 3 of "
        "the list's, best first",
    },
    tags={
        "type": "array",
        "items": {"type": "string"},
        "description": "the word's tags in the list (offensive, sensitive, a curator's "
        "own), sorted: what exclude_tags and allow_tags act on",
    },
)
FILL_ENTRIES: Schema = {"type": "array", "items": FILL_ENTRY}
JOB = _document(
    id={"type": "string"},
    kind={"enum": sorted(ACTIONS)},
    type={"type": "string"},
    status={"enum": [QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELED]},
    created_at=TIME,
    started_at=TIME,
    finished_at=TIME,
    progress=NULLABLE_OBJECT,
    result={
        **NULLABLE_OBJECT,
        "properties": {
            "entries": FILL_ENTRIES,
            "alternatives": {"type": "array", "items": {"properties": {"entries": FILL_ENTRIES}}},
            "fill_estimate": {
                "type": "object",
                "description": "a fill that gave up or was proved impossible: the grid's "
                "fill estimate (log2 of the expected fills) at min_score and from the whole "
                "list, null when a slot has no candidate, the tightest slots, and the "
                "verdict in words ('proved to have no fill', 'fills are unlikely' or "
                "'fills should exist')",
            },
        },
        "description": "for fills, the JSON of `crossforge fill --json`: the grid, its "
        "entries (each with its score, clues and tags), metrics, stats",
    },
    error=NULLABLE_OBJECT,
    links=LINKS,
)
HEALTH = _document(
    status={"enum": ["ok", "unavailable"]},
    version={"type": "string"},
    database={"type": "string", "description": "ok, or what failed"},
    disk={"type": "string", "description": "ok, or what failed"},
    jobs=COUNTS,
)
PUZZLE_DOCUMENT = _document(
    format={"const": "crossforge-puzzle"},
    version={"type": "integer"},
    width={"type": "integer"},
    height={"type": "integer"},
    **PUZZLE_FIELDS,
    entries={
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "number": {"type": "integer"},
                "direction": {"enum": ["across", "down"]},
                "row": {"type": "integer"},
                "col": {"type": "integer"},
                "length": {"type": "integer"},
                "answer": {"type": "string"},
                "clue": {"type": "string"},
            },
        },
    },
    source_format={"enum": list(GRID_FORMATS)},
)
LIBRARY = _document(
    grids={
        "type": "array",
        "items": _document(
            name={"type": "string"},
            rules={"type": "string"},
            description={"type": "string"},
            height={"type": "integer"},
            width={"type": "integer"},
            grid=PUZZLE_FIELDS["grid"],
            circled=CELLS,
            shaded=CELLS,
        ),
    }
)
GRID_STATS = _document(
    **{
        name: {"type": "integer"}
        for name in (
            "height",
            "width",
            "entries",
            "across",
            "down",
            "blocks",
            "open_cells",
            "unchecked_cells",
            "unchecked_runs",
            "longest_unchecked_run",
            "crossings",
            "regions",
            "complexity",
        )
    },
    mean_length={"type": "number"},
    block_percent={"type": "number"},
    checked_percent={"type": "number"},
    lengths={**COUNTS, "description": "entries per length"},
    two_letter_entries={"type": "array", "items": {"type": "string"}},
    letters={**COUNTS, "description": "filled cells per letter, most frequent first"},
    fillability={"type": "null"},
)
PLUGINS = _document(
    plugins={
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "parameters": {"type": "object"}},
        },
    }
)
CANDIDATE: Schema = {
    "type": "object",
    "properties": {
        "word": {"type": "string"},
        "display": {"type": "string"},
        "score": {"type": "number"},
        "choice": {
            "type": ["number", "null"],
            "description": "sum over the crossing slots of log10 of their candidates left "
            "after placing the word and propagating (null: not checked)",
        },
        "crossings": {**COUNTS, "description": "candidates left per crossing slot"},
        "viable": {
            "type": ["boolean", "null"],
            "description": "true: placing the word and propagating leaves every slot a "
            "word; null: time ran out before it was checked; false: verify found it is not",
        },
        "fillable": {
            "type": ["boolean", "null"],
            "description": "with verify: a fill found, none exists, or unknown (null)",
        },
    },
    "required": ["word", "display", "score", "choice", "crossings"],
}
SUGGESTIONS = _document(
    slot={
        "type": ["object", "null"],
        "properties": {
            "id": {"type": "string"},
            "number": {"type": "integer"},
            "direction": {"enum": ["across", "down"]},
            "cells": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
            "pattern": {"type": "string"},
        },
        "required": ["id", "number", "direction", "cells", "pattern"],
    },
    candidates={"type": "array", "items": CANDIDATE},
    total={"type": "integer", "description": "viable candidates before the limit"},
    total_exact={"type": "boolean", "description": "false: total is estimated from a sample"},
    checked={"type": "integer", "description": "candidates checked by propagation"},
    arc_consistent={"type": "integer", "description": "the slot's candidates at the fixpoint"},
    health={
        "type": "object",
        "properties": {
            "consistent": {"type": "boolean"},
            "cells": {
                "type": "array",
                "items": {"type": "array", "items": {"type": ["string", "null"]}},
                "description": "per cell the letters still possible; null for a block",
            },
            "dead_slots": {"type": "array", "items": {"type": "string"}},
            "forced": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "row": {"type": "integer"},
                        "col": {"type": "integer"},
                        "letter": {"type": "string"},
                    },
                    "required": ["row", "col", "letter"],
                },
            },
            "slots": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "count": {"type": "integer"},
                        "pattern": {"type": "string"},
                    },
                    "required": ["id", "count", "pattern"],
                },
            },
        },
        "required": ["consistent", "cells", "dead_slots", "forced", "slots"],
    },
    type={"type": "string"},
    list={
        "type": ["string", "array"],
        "items": {"type": "string"},
        "description": "the request's list, or its layered lists top first",
    },
    time_s={"type": "number"},
)
