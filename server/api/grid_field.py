"""The ``grid`` of fill and suggestion requests over HTTP: a grid, or the name of a
library grid (``american-15-themed``) looked up as the command line does
(``grids.library.entry``); either way no larger than the server's limit."""

from __future__ import annotations

from typing import Any

from crossforge.errors import NotFound
from crossforge.server.api.schemas import Schema
from crossforge.server.errors import ApiError

LIBRARY_NAMES = (
    "; or the name of a library grid, such as american-15-themed (docs/grids.md#the-sample-library)"
)
"""What the request schemas' description of ``grid`` gains over HTTP."""


def request_grid(raw: dict[str, Any], limit: int) -> None:
    """Put the grid a library name in ``raw['grid']`` stands for in its place (a 404
    naming an unknown one); a grid larger than ``limit`` on a side is a 400."""
    grid = raw.get("grid")
    if isinstance(grid, str) and _is_name(grid):
        raw["grid"] = _library_grid(grid.strip())
    check_grid_size(raw.get("grid"), limit)


def _is_name(text: str) -> bool:
    """Whether a text grid is a name: one line with no block or open cell (a grid of
    nothing but given letters is no grid to fill)."""
    line = text.strip()
    return bool(line) and "\n" not in line and not {"#", "."} & set(line)


def _library_grid(name: str) -> str:
    """The text of the square library grid ``name``."""
    from crossforge.grids.library import HexagonError, load_grid

    try:
        return load_grid(name).to_text()
    except HexagonError as exc:
        raise ApiError(400, "invalid_field", str(exc), {"field": "grid"}) from None
    except NotFound as exc:
        raise ApiError(404, "unknown_grid", str(exc), {"field": "grid"}) from None


def check_grid_size(grid: Any, limit: int) -> None:
    """A grid larger than ``limit`` on a side is a 400 before anything parses it."""
    if isinstance(grid, str):
        rows = [line.strip() for line in grid.splitlines() if line.strip() and ":" not in line]
    elif isinstance(grid, list):
        rows = [row for row in grid if isinstance(row, str)]
    else:
        return
    width = max((len(row) for row in rows), default=0)
    if len(rows) > limit or width > limit:
        raise ApiError(
            400,
            "grid_too_large",
            f"the grid is {len(rows)}x{width}; the largest allowed is {limit}x{limit}",
            {"field": "grid"},
        )


def naming_library_grids(body: Schema) -> Schema:
    """A request body's schema (one object, or a ``oneOf`` of them) whose ``grid``
    says that a library grid's name is taken too."""
    if "oneOf" in body:
        return {**body, "oneOf": [naming_library_grids(variant) for variant in body["oneOf"]]}
    grid = body["properties"]["grid"]
    described = {**grid, "description": grid.get("description", "the grid") + LIBRARY_NAMES}
    return {**body, "properties": {**body["properties"], "grid": described}}
