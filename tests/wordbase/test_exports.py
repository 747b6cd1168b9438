"""Exports of the word store, and files that come back from them unchanged."""

from __future__ import annotations

import io
from pathlib import Path

from crossforge.wordbase.exports import export_entries
from crossforge.wordbase.imports import import_file, import_lines
from crossforge.wordbase.models import Clue
from crossforge.wordbase.store import WordStore


def test_file_import_and_export_round_trip_in_every_format(
    store: WordStore, tmp_path: Path
) -> None:
    source = tmp_path / "words.jsonl"
    source.write_text(
        '{"word": "ice cream", "score": 70, "clues": ["Cold", {"text": "Cone filler", '
        '"difficulty": 2}], "tags": ["food"]}\n{"word": "owl", "score": 35}\n',
        "utf-8",
    )
    summary = import_file(store, "w", source)
    assert summary.format == "jsonl" and summary.added == 2
    assert store.get_entry("w", "owl").source == "words.jsonl"  # type: ignore[union-attr]
    original = list(store.iter_entries("w"))
    for fmt in ("jsonl", "csv", "stwl"):
        out = tmp_path / f"export.{fmt}"
        with out.open("w", encoding="utf-8") as handle:
            assert export_entries(store, "w", handle, fmt) == 2
        copy = f"copy-{fmt}"
        import_file(store, copy, out, fmt)
        again = list(store.iter_entries(copy))
        assert [(e.key, e.display, e.score) for e in again] == [
            (e.key, e.display, e.score) for e in original
        ]
        if fmt == "jsonl":
            assert again == original
        if fmt == "csv":
            assert [e.clues for e in again] == [
                tuple(Clue(c.text) for c in e.clues) for e in original
            ]
        assert import_file(store, copy, out, fmt).changed is False


def test_export_into_a_stream_in_key_order(store: WordStore) -> None:
    import_lines(store, "w", ["cat;60", "dog;40", "ice cream;70", "café;55", "emu;10"], "stwl")
    out = io.StringIO()
    export_entries(store, "w", out, "stwl")
    assert out.getvalue().splitlines() == [
        "café;55",
        "cat;60",
        "dog;40",
        "emu;10",
        "ice cream;70",
    ]
