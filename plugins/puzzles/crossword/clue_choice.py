"""The clues a fill result gives its entries: the constructor's own clue (the request's
``clues``) first, then the word list's suggestions (``WordSource.clues``: at most
``CLUE_SUGGESTIONS``, best first; with a ``clue_level``, the list's own clues, then those
of that level); and which filled entries have no clue at all."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from crossforge.plugins.puzzles.crossword.problem import CrosswordError
from crossforge.wordbase.models import CLUE_LEVELS
from crossforge.wordbase.source import CLUE_SUGGESTIONS

OWN_SOURCE = "request"
"""The source of a clue the request gave: the constructor's own."""
CLUES_OPTION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": {"type": "string"},
    "description": "the constructor's own clues by slot id ('17A'): first in each entry's "
    "clues, so the .puz, .ipuz and .xd downloads use them",
}

CLUE_LEVEL_OPTION: dict[str, Any] = {
    "enum": [*CLUE_LEVELS, None],
    "default": None,
    "description": "the level of the clue each entry takes first (easy: a synonym or a "
    "blank; medium: a definition; hard: a less common sense), after the list's own "
    "clues, so the .puz, .ipuz and .xd downloads use it; none: the list's order",
}


def own_clues(request: Mapping[str, Any], slot_ids: Iterable[str]) -> dict[str, str]:
    """The request's clues by (upper-cased) slot id; CrosswordError naming a slot the
    grid lacks."""
    known = set(slot_ids)
    found: dict[str, str] = {}
    for slot_id, text in dict(request.get("clues") or {}).items():
        if str(slot_id).upper() not in known:
            raise CrosswordError(f"clue for {slot_id!r}: not a slot of the grid")
        if text.strip():
            found[str(slot_id).upper()] = text.strip()
    return found


def entry_clues(
    own: str | None, suggested: list[dict[str, Any]], level: str | None = None
) -> list[dict[str, Any]]:
    """An entry's clues: ``own`` (when given) and then the suggestions with other texts,
    at most ``CLUE_SUGGESTIONS`` of them; with a ``level``, the list's own clues (of no
    kind: imported) keep their place first, and the written ones of that level come
    before the others, each in the list's order."""
    if level is not None:
        suggested = sorted(
            suggested, key=lambda c: (c.get("kind") is not None, c.get("level") != level)
        )
    if own is None:
        return suggested[:CLUE_SUGGESTIONS]
    others = [clue for clue in suggested if clue.get("text") != own]
    return [{"text": own, "source": OWN_SOURCE}, *others[:CLUE_SUGGESTIONS]]


def unclued(entries: Iterable[Mapping[str, Any]]) -> list[str]:
    """Slot ids (``12A``) of the filled entries that have no clue."""
    return [
        f"{entry['number']}{'A' if entry['direction'] == 'across' else 'D'}"
        for entry in entries
        if entry.get("word") is not None and not entry.get("clues")
    ]
