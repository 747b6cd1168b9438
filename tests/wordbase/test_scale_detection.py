"""The score scale of ``word;score`` lists, judged from their scores: 0–50 lists (Spread the
Wordlist) are doubled, 0–100 lists (Peter Broda's, Crossword Nexus) kept, and the import
says which it found."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from published_lists import broda_like, stwl_like, words

from crossforge.server.cli import main
from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.formats import DETECT_MIN_SCORES, detect_scale, read_entries
from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.store import WordStore


@pytest.mark.parametrize(
    ("counts", "scale", "says"),
    [
        (Counter({50: 200, 40: 100, 25: 50}), 50, "scale 0-50 (highest score 50, 3 levels)"),
        (Counter({60: 10, 50: 200, 20: 100}), 100, "scale 0-100 (highest score 60)"),
        (Counter({50: 400}), 100, "highest score 50, 1 level(s)"),
        (Counter({40: 200, 30: 200, 20: 10}), 100, "give scale 50 if the file is scored 0-50"),
        (Counter({50: 30, 40: 30, 30: 30}), 100, "90 scores: too few to tell"),
        (Counter(), 100, "0 scores: too few to tell"),
    ],
)
def test_detect_scale(counts: Counter[int], scale: int, says: str) -> None:
    found, sentence = detect_scale(counts)
    assert found == scale and says in sentence


def test_a_zero_to_fifty_list_is_doubled_and_unscored_words_keep_fifty() -> None:
    lines = [*stwl_like(), "unscored"]
    parsed = read_entries(lines, "stwl", get_alphabet("en"))
    assert parsed.detected is not None and parsed.detected.startswith("scale 0-50")
    scores = {entry.score for entry in parsed.entries.values() if entry.key != "UNSCORED"}
    assert scores == {100, 80, 60, 50, 40, 20, 0}
    assert parsed.entries["UNSCORED"].score == 50


def test_a_zero_to_hundred_list_is_kept() -> None:
    lines = broda_like()
    parsed = read_entries(lines, "stwl", get_alphabet("en"))
    assert parsed.detected == "scale 0-100 (highest score 100)"
    expected = {line.split(";")[0]: int(line.split(";")[1]) for line in lines}
    assert {key: entry.score for key, entry in parsed.entries.items()} == expected


def test_a_given_scale_is_used_as_given() -> None:
    lines = stwl_like()
    parsed = read_entries(lines, "stwl", get_alphabet("en"), scale=100)
    assert parsed.detected is None and max(e.score for e in parsed.entries.values()) == 50
    over = read_entries(["cat;70", *lines], "stwl", get_alphabet("en"), scale=50)
    assert [(r.line, r.reason) for r in over.rejected] == [(1, "score 70 is outside 0–50")]


def test_a_score_over_one_hundred_is_a_bad_line_when_detecting() -> None:
    parsed = read_entries(["cat;150", *broda_like()], "stwl", get_alphabet("en"))
    assert [(r.line, r.reason) for r in parsed.rejected] == [(1, "score 150 is outside 0–100")]


def test_small_files_and_exports_round_trip_unchanged(sqlite_store: WordStore) -> None:
    import_lines(sqlite_store, "mine", ["cat;50", "cot;40", "cut;30"], "stwl")
    assert sqlite_store.get_entry("mine", "cat").score == 50  # type: ignore[union-attr]
    flat = [f"{word};50" for word in words(DETECT_MIN_SCORES * 2)]
    summary = import_lines(sqlite_store, "flat", flat, "stwl")
    assert summary.detected is not None and "1 level(s)" in summary.detected
    assert {score for _, score in sqlite_store.scored_keys("flat")} == {50}


def test_the_import_summary_says_what_was_detected(sqlite_store: WordStore) -> None:
    summary = import_lines(sqlite_store, "stwl", stwl_like(), "stwl")
    assert summary.to_json()["detected"].startswith("scale 0-50")
    assert "  detected: scale 0-50" in summary.describe()
    assert sqlite_store.get_entry("stwl", words(300)[0]).score == 100  # type: ignore[union-attr]


def test_cli_import_prints_the_detected_scale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", f"sqlite:///{tmp_path / 'crossforge.db'}")
    listed = tmp_path / "spreadthewordlist.dict"
    listed.write_text("\n".join(stwl_like()) + "\n", "utf-8")
    assert main(["words", "import", str(listed), "--list", "stwl"]) == 0
    assert "detected: scale 0-50 (highest score 50, 7 levels): scores doubled" in (
        capsys.readouterr().out
    )
    code = main(["words", "import", str(listed), "--list", "raw", "--scale", "100", "--json"])
    assert code == 0 and json.loads(capsys.readouterr().out)["detected"] is None
