"""Quality, duplicates, effort and difficulty of a crossword fill."""

from __future__ import annotations

import pytest

from crossforge.plugins.puzzles.crossword.metrics import (
    EntryFill,
    difficulty,
    duplicates,
    fill_metrics,
    obscurity,
    quality,
)

ZIPF = {"WATER": 5.8, "OCEAN": 4.8, "ERNE": 1.2, "TREE": 5.0, "ALOE": 3.1}


def zipf(word: str) -> float:
    return ZIPF.get(word.upper(), 0.0)


def entries(*items: tuple[str, float | None]) -> list[EntryFill]:
    return [EntryFill(i + 1, "across", word, score) for i, (word, score) in enumerate(items)]


def test_quality_mean_min_and_below_threshold() -> None:
    q = quality(entries(("WATER", 80), ("ERNE", 20), ("OCEAN", 60), ("ALOE", 35)), threshold=40)
    assert q["mean_score"] == 48.75
    assert (q["min_score"], q["min_entry"]) == (20, "ERNE")
    assert [b["word"] for b in q["below_threshold"]] == ["ERNE", "ALOE"]
    assert q["below_threshold"][0]["entry"] == "2-across"
    assert q["unscored"] == 0
    assert "mean" in q["method"]


def test_quality_leaves_unscored_entries_out() -> None:
    q = quality(entries(("THEMEANSWER", None), ("TREE", 50)))
    assert (q["mean_score"], q["min_score"], q["unscored"]) == (50, 50, 1)
    assert quality([])["mean_score"] is None


def test_duplicates_repeated_and_contained() -> None:
    d = duplicates(entries(("TREE", 50), ("tree", 50), ("STREET", 50), ("AT", 50), ("CAT", 50)))
    assert d["ok"] is False
    assert d["repeated"] == ["TREE"]
    assert d["contained"] == [["TREE", "STREET"]]  # AT is too short to count
    assert duplicates(entries(("TREE", 50), ("OCEAN", 50)))["ok"] is True


def test_effort_copies_counters_and_nodes_per_entry() -> None:
    stats = {"nodes": 30, "backtracks": 4, "restarts": 1, "time_s": 0.5, "other": "x"}
    m = fill_metrics(entries(("TREE", 50), ("OCEAN", 50)), effort=stats, familiarity=zipf)
    effort = m["effort"]
    assert {k: effort[k] for k in ("nodes", "backtracks", "restarts", "time_s")} == {
        "nodes": 30,
        "backtracks": 4,
        "restarts": 1,
        "time_s": 0.5,
    }
    assert effort["nodes_per_entry"] == 15.0
    assert "other" not in effort  # only numbers measure effort
    assert set(m) == {"quality", "duplicates", "effort", "difficulty"}
    assert all("method" in section for section in m.values())


def test_obscurity_formula_and_fallbacks() -> None:
    assert obscurity(EntryFill(1, "across", "WATER", 80), 5.8) == (0.0, "zipf")
    assert obscurity(EntryFill(1, "across", "ERNE", 80), 1.2) == (1.0, "zipf")
    assert obscurity(EntryFill(1, "across", "TREE", 80), 3.5) == (0.5, "zipf")
    assert obscurity(EntryFill(1, "across", "XQZ", 70), 0.0) == (pytest.approx(0.3), "score")
    assert obscurity(EntryFill(1, "across", "XQZ", None), 0.0) == (1.0, "unknown")


def test_difficulty_is_letter_weighted_and_levelled() -> None:
    easy = difficulty(entries(("WATER", 80), ("TREE", 80)), zipf)
    assert easy["score"] == pytest.approx(100 * (0 * 5 + 0.125 * 4) / 9, abs=0.1)
    assert easy["level"] == "easy"
    hard = difficulty(entries(("ERNE", 30), ("ALOE", 30), ("ZZXQ", 10)), zipf)
    assert hard["level"] == "very hard"
    assert hard["hardest"][0] == "ERNE"
    assert hard["sources"] == {"score": 1, "zipf": 2}
    assert "Zipf" in hard["method"] or "zipf" in hard["method"]


def test_default_familiarity_uses_wordfreq() -> None:
    common = fill_metrics(entries(("WATER", 50), ("PEOPLE", 50)))["difficulty"]
    rare = fill_metrics(entries(("ERNE", 50), ("OLEO", 50)))["difficulty"]
    assert common["score"] < rare["score"]
