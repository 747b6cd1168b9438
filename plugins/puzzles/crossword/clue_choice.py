"""The clues a fill result gives its entries: the constructor's own clue (the request's
``clues``) first, then the word list's suggestions (``WordSource.clues``: at most
``CLUE_SUGGESTIONS``, best first); and which filled entries have no clue at all."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from crossforge.plugins.puzzles.crossword.problem import CrosswordError
from crossforge.wordbase.source import CLUE_SUGGESTIONS

OWN_SOURCE = "request"
"""The source of a clue the request gave: the constructor's own."""
CLUES_OPTION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": {"type": "string"},
    "description": "the constructor's own clues by slot id ('17A'): first in each entry's "
    "clues, so the .puz, .ipuz and .xd downloads use them",
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


def entry_clues(own: str | None, suggested: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An entry's clues: ``own`` (when given) and then the suggestions with other texts,
    at most ``CLUE_SUGGESTIONS`` of them."""
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
