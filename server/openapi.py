"""The OpenAPI 3 document of the ``/v1`` API, served at ``/v1/openapi.json``.

Operations are listed once, as data, and expanded here; a test checks that every route
of the application is described and every described route exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}
JOB = {"$ref": "#/components/schemas/Job"}
OBJECT: dict[str, Any] = {"type": "object"}


@dataclass(frozen=True)
class Param:
    """A path or query parameter."""

    name: str
    where: str
    description: str
    schema: dict[str, Any] = field(default_factory=lambda: {"type": "string"})


@dataclass(frozen=True)
class Operation:
    """One method on one path."""

    method: str
    path: str
    tag: str
    summary: str
    ok: tuple[int, str, dict[str, Any]] = (200, "OK", OBJECT)
    params: tuple[Param, ...] = ()
    body: dict[str, dict[str, Any]] | None = None
    """Media type → schema of the request body."""
    writes: bool = False
    """Needs the bearer token when one is configured."""
    errors: tuple[int, ...] = (400, 404)
    produces: tuple[str, ...] = ("application/json",)


LIST = Param("name", "path", "word list name")
WORD = Param("word", "path", "the entry's word (normalised to its key)")
JOB_ID = Param("job_id", "path", "job id")
TYPE = Param("type", "path", "puzzle type name, e.g. sudoku, tents, shikaku")
WAIT = Param(
    "wait",
    "query",
    "seconds to wait for the job to finish before answering (body key `wait` too)",
    {"type": "number", "minimum": 0},
)
INT = {"type": "integer"}
NUMBER = {"type": "number"}
BOOL = {"type": "boolean"}

FILL_BODY: dict[str, Any] = {
    "type": "object",
    "required": ["grid"],
    "properties": {
        "grid": {
            "description": "rows of `.` (open), `#` (block) and letters, or one text grid",
            "oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}],
        },
        "type": {"type": "string", "default": "american"},
        "strategy": {"type": "string", "default": "backtrack"},
        "list": {"type": "string", "default": "default-en"},
        "options": {
            "type": "object",
            "description": "min_score, seed, timeout and the type's and strategy's parameters "
            "(see /v1/plugins)",
        },
        "wait": NUMBER,
    },
}
UPLOAD_BODY: dict[str, Any] = {
    "type": "object",
    "required": ["grid"],
    "properties": {
        "grid": {"type": "string", "format": "binary", "description": ".puz, .ipuz, text"},
        "type": {"type": "string"},
        "strategy": {"type": "string"},
        "list": {"type": "string"},
        "options": {"type": "string", "description": "a JSON object"},
        "wait": NUMBER,
    },
}
PUZZLE_BODY: dict[str, Any] = {
    "type": "object",
    "properties": {
        "puzzle": {
            "description": "the puzzle in the type's text or JSON form (solve, rate)",
            "oneOf": [{"type": "string"}, OBJECT],
        },
        "options": {"type": "object", "description": "e.g. size, level, seed, timeout"},
        "wait": NUMBER,
    },
}
JOB_ANSWER = (202, "Accepted: the job is queued (200 with the result when `wait` sufficed)", JOB)

OPERATIONS: tuple[Operation, ...] = (
    Operation("get", "/v1/health", "service", "Liveness, database check and job counts"),
    Operation("get", "/v1/plugins", "service", "Fill strategies and puzzle types"),
    Operation("get", "/v1/openapi.json", "service", "This document"),
    Operation(
        "get", "/v1/docs", "service", "Human-readable API documentation", produces=("text/html",)
    ),
    Operation("get", "/v1/lists", "word lists", "Word lists with their sizes"),
    Operation(
        "post",
        "/v1/lists",
        "word lists",
        "Create a word list",
        ok=(201, "Created", OBJECT),
        body={"application/json": OBJECT},
        writes=True,
        errors=(400, 409),
    ),
    Operation(
        "get", "/v1/lists/{name}", "word lists", "One list's settings and counts", params=(LIST,)
    ),
    Operation(
        "patch",
        "/v1/lists/{name}",
        "word lists",
        "Rename or describe a list",
        params=(LIST,),
        body={"application/json": OBJECT},
        writes=True,
    ),
    Operation(
        "delete",
        "/v1/lists/{name}",
        "word lists",
        "Delete a list with its entries",
        ok=(204, "Deleted", OBJECT),
        params=(LIST,),
        writes=True,
    ),
    Operation(
        "get",
        "/v1/lists/{name}/words",
        "words",
        "Search entries by pattern and regex, best score first, paged by cursor",
        params=(
            LIST,
            Param("pattern", "query", "`?` or `.` for one unknown letter, e.g. `C?T`"),
            Param("regex", "query", "a regular expression the key must match in full"),
            Param("min_score", "query", "lowest score", INT),
            Param("limit", "query", "page size (at most 1000)", INT),
            Param("cursor", "query", "`next_cursor` of the previous page"),
        ),
    ),
    Operation(
        "get",
        "/v1/lists/{name}/words/{word}",
        "words",
        "One entry with its clues",
        params=(LIST, WORD),
    ),
    Operation(
        "put",
        "/v1/lists/{name}/words/{word}",
        "words",
        "Create or replace an entry and its clues",
        params=(LIST, WORD),
        body={"application/json": OBJECT},
        writes=True,
    ),
    Operation(
        "delete",
        "/v1/lists/{name}/words/{word}",
        "words",
        "Delete an entry",
        ok=(204, "Deleted", OBJECT),
        params=(LIST, WORD),
        writes=True,
    ),
    Operation(
        "post",
        "/v1/lists/{name}/imports",
        "words",
        "Bulk import (the CLI's formats), answering with the import summary",
        params=(
            LIST,
            Param("format", "query", "stwl, plain, csv or jsonl"),
            Param("scale", "query", "50 or 100: the scale of the file's scores", INT),
            Param("merge", "query", "max or replace"),
            Param("skip_bad", "query", "skip bad lines instead of rejecting the file", BOOL),
            Param("dry_run", "query", "report without writing", BOOL),
        ),
        body={"text/plain": {"type": "string"}, "application/octet-stream": {"type": "string"}},
        writes=True,
    ),
    Operation(
        "get",
        "/v1/lists/{name}/export",
        "words",
        "Export a list in an import format",
        params=(LIST, Param("format", "query", "stwl, plain, csv or jsonl")),
        produces=("text/plain",),
    ),
    Operation(
        "post",
        "/v1/fills",
        "construction",
        "Fill a crossword grid (a job)",
        ok=JOB_ANSWER,
        params=(WAIT,),
        body={
            "application/json": FILL_BODY,
            "multipart/form-data": UPLOAD_BODY,
            "text/plain": {"type": "string", "description": "a text grid"},
        },
        errors=(400, 404, 413, 429),
    ),
    *(
        Operation(
            "post",
            f"/v1/puzzles/{{type}}/{action}",
            "construction",
            summary,
            ok=JOB_ANSWER,
            params=(TYPE, WAIT),
            body={"application/json": PUZZLE_BODY, "text/plain": {"type": "string"}},
            errors=(400, 404, 429),
        )
        for action, summary in (
            ("solve", "Solve a logic puzzle by graded techniques, or with a strategy (a job)"),
            ("rate", "Rate a logic puzzle's difficulty (a job)"),
            ("generate", "Generate a logic puzzle with a unique solution (a job)"),
        )
    ),
    Operation(
        "get",
        "/v1/jobs/{job_id}",
        "jobs",
        "Status, progress and result; `wait` holds the answer until the job finishes",
        ok=(200, "OK", JOB),
        params=(JOB_ID, WAIT),
    ),
    Operation(
        "post",
        "/v1/jobs/{job_id}/cancel",
        "jobs",
        "Cancel a queued or running job",
        ok=(202, "Cancel requested", JOB),
        params=(JOB_ID,),
        errors=(404, 409),
    ),
    Operation(
        "get",
        "/v1/jobs/{job_id}/events",
        "jobs",
        "Server-sent events: `status`, `progress`, then `done` with the job",
        params=(JOB_ID,),
        produces=("text/event-stream",),
    ),
    Operation(
        "get",
        "/v1/jobs/{job_id}/result.{fmt}",
        "jobs",
        "Download the result: json, puz, ipuz, svg or txt (as the job's kind allows)",
        params=(JOB_ID, Param("fmt", "path", "json, puz, ipuz, svg or txt")),
        errors=(400, 404, 409),
        produces=("application/json", "application/x-crossword", "image/svg+xml", "text/plain"),
    ),
)

ERROR_TEXT = {
    400: "Bad input (grid, options, pattern, parameter)",
    401: "Missing or wrong bearer token",
    404: "No such list, word, job, puzzle type or strategy",
    409: "Conflict with the current state",
    413: "Request body too large",
    415: "Unsupported media type",
    429: "Job queue full; retry later",
}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                    "details": OBJECT,
                },
            }
        },
    },
    "Job": {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "kind": {"type": "string", "enum": ["fill", "solve", "rate", "generate"]},
            "type": {"type": "string"},
            "status": {
                "type": "string",
                "enum": ["queued", "running", "succeeded", "failed", "canceled"],
            },
            "created_at": {"type": "string", "format": "date-time"},
            "started_at": {"type": "string", "format": "date-time", "nullable": True},
            "finished_at": {"type": "string", "format": "date-time", "nullable": True},
            "progress": {"type": "object", "nullable": True},
            "result": {
                "type": "object",
                "nullable": True,
                "description": "for fills, the JSON of `crossforge fill --json`",
            },
            "error": {"type": "object", "nullable": True},
            "links": OBJECT,
        },
    },
}


def _operation(op: Operation) -> dict[str, Any]:
    status, text, schema = op.ok
    responses: dict[str, Any] = {
        str(status): {
            "description": text,
            "content": {media: {"schema": schema} for media in op.produces},
        }
    }
    errors = set(op.errors) | ({401} if op.writes else set()) | ({415} if op.body else set())
    for code in sorted(errors):
        responses[str(code)] = {
            "description": ERROR_TEXT[code],
            "content": {"application/json": {"schema": ERROR}},
        }
    doc: dict[str, Any] = {
        "tags": [op.tag],
        "summary": op.summary,
        "operationId": f"{op.method}_{op.path.strip('/').replace('/', '_')}",
        "responses": responses,
    }
    if op.params:
        doc["parameters"] = [
            {
                "name": p.name,
                "in": p.where,
                "required": p.where == "path",
                "description": p.description,
                "schema": p.schema,
            }
            for p in op.params
        ]
    if op.body:
        doc["requestBody"] = {
            "required": True,
            "content": {media: {"schema": schema} for media, schema in op.body.items()},
        }
    if op.writes:
        doc["security"] = [{"bearer": []}]
    return doc


def openapi_document(version: str) -> dict[str, Any]:
    """The whole OpenAPI 3.0 document."""
    paths: dict[str, dict[str, Any]] = {}
    for op in OPERATIONS:
        paths.setdefault(op.path, {})[op.method] = _operation(op)
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Crossforge",
            "version": version,
            "description": "Crossword construction server: word lists, fills and logic puzzles. "
            'Every error is JSON `{"error": {"code", "message"}}`. Writes to word lists '
            "need `Authorization: Bearer <token>` when the server has a token.",
        },
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }
