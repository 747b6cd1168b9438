"""Exports from the word store: a list's entries in a word-list format, its clues in a
clue format, read in key order a chunk at a time (``WordStore.iter_entries``)."""

from __future__ import annotations

from typing import TextIO

from crossforge.errors import InputError
from crossforge.wordbase.clue_formats import write_clues
from crossforge.wordbase.formats import FORMATS, write_entries
from crossforge.wordbase.store import WordStore

__all__ = ["export_clues", "export_entries"]


def export_entries(store: WordStore, name: str, out: TextIO, fmt: str = "stwl") -> int:
    """Write the list to ``out`` in ``fmt``, in key order; returns the entry count."""
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    return write_entries(store.iter_entries(name), out, fmt)


def export_clues(store: WordStore, name: str, out: TextIO, fmt: str = "tsv") -> int:
    """Write every clue of the list to ``out`` in a clue format, by entry key; returns
    how many clues were written."""
    return write_clues(store.iter_entries(name), out, fmt)
