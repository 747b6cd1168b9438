"""Suggestion requests: a crossword fill request plus a slot, checked and answered.

A suggestion request is a fill request (``type``, ``grid``, ``list``, ``min_score`` and
every other option of the crossword type; ``strategy`` and its parameters for
``verify``; ``timeout``) with three fields of its own, given as fields or options:
``slot`` (``17A``; without it only the grid's health is answered), ``limit`` and
``verify``. The crossword part goes through ``parse_request`` and the type's own
``check``, so a suggestion takes exactly the options a fill takes. The HTTP view and
the ``crossforge suggest`` command both run here; the engine is
``crossforge.plugins.puzzles.crossword.suggestions``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crossforge.plugins.contract import WordSource
from crossforge.plugins.job_requests import (
    JobRequest,
    RequestError,
    check_request,
    checked,
    parse_request,
)
from crossforge.plugins.registry import Registry

if TYPE_CHECKING:
    from crossforge.wordbase.store import WordStore

DEFAULT_TIMEOUT = 2.0
"""Seconds a suggestion may take when neither the request nor the caller says."""
FIELDS: dict[str, Any] = {
    "slot": {
        "type": "string",
        "pattern": "^[0-9]+[AaDd]$",
        "description": "the slot to suggest words for, by id ('17A', '5D'); "
        "without it only the grid's health is answered",
    },
    "limit": {
        "type": "integer",
        "minimum": 1,
        "maximum": 1000,
        "default": 50,
        "description": "most candidates returned",
    },
    "verify": {
        "type": "boolean",
        "default": False,
        "description": "check each candidate by a bounded search for a complete fill",
    },
}
"""The suggestion's own fields (the rest is a fill request)."""

Displays = Callable[[str, Sequence[str]], Mapping[str, str]]
"""``displays(list_name, keys)``: the display form of the keys the list holds."""


@dataclass(frozen=True)
class SuggestionRequest:
    """A checked suggestion request: the crossword part as a fill ``JobRequest`` (its
    ``timeout`` bounds the whole suggestion) and the suggestion's own fields."""

    fill: JobRequest
    slot: str | None
    limit: int
    verify: bool
    timeout: float


def parse_suggestion(
    raw: Mapping[str, Any],
    plugins: Registry,
    *,
    defaults: Mapping[str, Any] | None = None,
    time_limit: float | None = None,
) -> SuggestionRequest:
    """The checked request of ``raw`` (``RequestError`` naming the field, ``LookupError``
    for an unknown plugin); ``defaults`` and ``time_limit`` as for ``parse_request``,
    the time limit also being the timeout when the request gives none."""
    rest = dict(raw)
    options = rest.get("options")
    own: dict[str, Any] = {}
    for name in FIELDS:
        if isinstance(options, Mapping) and name in options:
            own[name] = options[name]
            rest["options"] = options = {k: v for k, v in options.items() if k != name}
        if name in rest:
            if name in own:
                raise RequestError(name, f"{name!r} is given both as a field and as an option")
            own[name] = rest.pop(name)
    own = checked(own, {"type": "object", "properties": FIELDS}, "")
    fill = parse_request(rest, plugins, "fill", defaults=defaults, time_limit=time_limit)
    timeout = fill.timeout if fill.timeout is not None else time_limit or DEFAULT_TIMEOUT
    return SuggestionRequest(fill, own.get("slot"), own["limit"], own["verify"], timeout)


def run_suggestion(
    request: SuggestionRequest,
    plugins: Registry,
    words: WordSource,
    displays: Displays | None = None,
    cancelled: Callable[[], bool] = lambda: False,
) -> dict[str, Any]:
    """The JSON answer: ``slot``, ranked ``candidates``, their ``total`` and the grid's
    ``health`` (see docs/suggestions.md). Bad content raises ``RequestError`` or the
    type's ``ValueError``; an unknown list ``LookupError``. Once ``cancelled`` (the
    caller went away) no further word is checked or searched."""
    from crossforge.plugins.puzzles.crossword.problem import CrosswordProblem
    from crossforge.plugins.puzzles.crossword.suggestions import (
        PropagatedGrid,
        candidate_json,
        slot_id,
        slot_json,
        suggest,
        verify,
    )

    started = time.monotonic()
    deadline = started + request.timeout
    problem = check_request(request.fill, plugins, words)
    if problem is None:
        problem = plugins.puzzle_type(request.fill.type).problem(request.fill.type_request, words)
    if not isinstance(problem, CrosswordProblem):
        raise RequestError("type", f"{request.fill.type!r} is not a crossword grid type")
    var = None
    if request.slot is not None:
        ids = [slot_id(slot) for slot in problem.slots]
        if request.slot.upper() not in ids:
            raise RequestError(
                "slot",
                f"no slot {request.slot!r} in this grid (slots: {', '.join(ids)})",
                "invalid_field",
            )
        var = ids.index(request.slot.upper())
    grid = PropagatedGrid.of(problem)
    answer: dict[str, Any] = {
        "slot": None,
        "candidates": [],
        "total": 0,
        "total_exact": True,
        "checked": 0,
        "arc_consistent": 0,
    }
    if var is not None:
        seed = request.fill.seed or 0
        split = started + request.timeout / 2 if request.verify else deadline
        found = suggest(grid, var, request.limit, split, seed, cancelled)
        if request.verify and request.fill.strategy:
            strategy = plugins.strategy(request.fill.strategy)
            params = request.fill.params
            verify(grid, var, found.candidates, strategy, params, deadline, seed, cancelled)
        answer = {
            "slot": slot_json(grid, var),
            "candidates": [candidate_json(grid, var, c, request.verify) for c in found.candidates],
            "total": found.total,
            "total_exact": found.exact,
            "checked": found.checked,
            "arc_consistent": found.considered,
        }
    if displays is not None and answer["candidates"]:
        shown = _displays(problem, displays, [c["word"] for c in answer["candidates"]])
        for candidate in answer["candidates"]:
            candidate["display"] = shown.get(candidate["word"], candidate["word"])
    answer["health"] = grid.health()
    answer.update(type=request.fill.type, list=request.fill.type_request.get("list") or "")
    answer["time_s"] = round(time.monotonic() - started, 4)
    return answer


def _displays(problem: Any, displays: Displays, keys: Sequence[str]) -> Mapping[str, str]:
    """The display forms of ``keys``: each from the first of the problem's lists that
    holds it (``RequestCrossword.layers``)."""
    from crossforge.wordbase.config import DEFAULT_LIST
    from crossforge.wordbase.layered_lists import first_found

    names = getattr(problem, "word_list", DEFAULT_LIST)
    layers = getattr(problem, "layers", ())
    if isinstance(names, str) or len(layers) != len(names):
        return displays(str(names), keys)
    return first_found(names, layers, keys, displays)


def store_displays(store: WordStore) -> Displays:
    """``Displays`` read from a word store's entries."""

    def displays(list_name: str, keys: Sequence[str]) -> Mapping[str, str]:
        found = store.get_entries(list_name, keys)
        return {key: entry.display for key, entry in found.items()}

    return displays
