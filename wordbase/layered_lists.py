"""Layered word lists: several lists read as one, in priority order.

A request may name lists top first (a constructor's personal list over a shared one).
Each key takes the score and tags of the first layer that holds it; a key whose first
holder tags it ``banned`` is left out, so a ban in a personal list removes the word from
the lists below, and a list's own bans keep its words out of every request. The layers
are merged into one ``WordIndex`` when their indexes are at hand, never inside a search:
a fill over layers runs on one index like any other.

Merged indexes are kept per combination of layer indexes (each one version of one list:
``WordIndex.for_version``), so a change to any layer gives a new combination, merged
again on its next use.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from crossforge.errors import InputError
from crossforge.wordbase.index import WordIndex

__all__ = ["BANNED", "MAX_LAYERS", "first_found", "layer_names", "layered", "merged"]

BANNED = "banned"
"""The tag of an entry that bans its word from the lists below (and from its own)."""
MAX_LAYERS = 8
"""Most lists one request may layer."""
_KEEP = 8
_MERGED: OrderedDict[tuple[int, ...], tuple[tuple[WordIndex, ...], WordIndex]] = OrderedDict()
"""Merged indexes by the identities of their layers (held, so no identity is reused)."""
_LOCK = threading.Lock()


def layer_names(value: str | Sequence[str] | None, default: str) -> tuple[str, ...]:
    """The list names of a request's ``list`` field: one name, or names top first."""
    if value is None or value == "" or value == []:
        return (default,)
    if isinstance(value, str):
        return (value,)
    return tuple(str(name) for name in value)


def layered(
    value: str | Sequence[str] | None, default: str, index_of: Callable[[str], WordIndex]
) -> tuple[tuple[str, ...], tuple[WordIndex, ...], WordIndex]:
    """A request's ``list`` field read: its names and indexes (top first, each from
    ``index_of``) and the one index they make (``merged``), which every search of the
    request reads."""
    names = layer_names(value, default)
    layers = tuple(index_of(name) for name in names)
    return names, layers, merged(layers, names)


def merged(layers: Sequence[WordIndex], names: Sequence[str] | None = None) -> WordIndex:
    """One index of ``layers`` (top first): each key as its first holder has it, banned
    keys left out. A single layer without bans is answered as it is. ``names`` name the
    layers in the ValueError raised when their alphabets differ."""
    if not layers:
        raise InputError("no word list to layer")
    if len(layers) == 1 and not layers[0].tagged([BANNED]):
        return layers[0]
    ident = tuple(id(index) for index in layers)
    with _LOCK:
        found = _MERGED.get(ident)
        if found is not None:
            _MERGED.move_to_end(ident)
            return found[1]
    index = _merge(layers, names or [f"layer {i + 1}" for i in range(len(layers))])
    with _LOCK:
        _MERGED[ident] = (tuple(layers), index)
        while len(_MERGED) > _KEEP:
            _MERGED.popitem(last=False)
    return index


def first_found(
    names: Sequence[str],
    layers: Sequence[WordIndex],
    keys: Sequence[str],
    read: Any,
) -> dict[str, Any]:
    """``read(name, keys)`` asked layer by layer, top first, for the keys not answered
    yet; each key keeps the first layer's answer (clues, display forms)."""
    answered: dict[str, Any] = {}
    for name, index in zip(names, layers, strict=True):
        ask = [key for key in keys if key not in answered and key in index]
        if ask:
            found: Mapping[str, Any] = read(name, ask)
            answered.update(found)
    return answered


def _merge(layers: Sequence[WordIndex], names: Sequence[str]) -> WordIndex:
    alphabet = layers[0].alphabet_spec
    for name, index in zip(names, layers, strict=True):
        spec = index.alphabet_spec
        if (spec.name, dict(spec.settings)) != (alphabet.name, dict(alphabet.settings)):
            raise InputError(
                f"lists {', '.join(names)} cannot be layered: {name!r} is written in "
                f"{spec.name!r}, {names[0]!r} in {alphabet.name!r}"
            )
    return WordIndex.stacked(layers, [index.tagged([BANNED]) for index in layers])
