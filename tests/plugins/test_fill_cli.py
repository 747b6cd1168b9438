"""`crossforge fill`: a grid file and a word list in, a filled grid with metrics out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crossforge.server.cli import main

OPEN3 = "...\n...\n...\n"
CORNERS4 = "#...\n....\n....\n...#\n"
"""Fillable only by repeating entries, which American fills forbid: no fill exists."""


def fill(capsys: pytest.CaptureFixture[str], grid: Path, *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["fill", str(grid), "--list", "tiny", "--json", *args])
    out = capsys.readouterr().out
    return code, json.loads(out) if out else {}


@pytest.fixture
def grid(tmp_path: Path) -> Path:
    path = tmp_path / "open3.txt"
    path.write_text(OPEN3)
    return path


def test_fill_json_answer(tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = fill(capsys, grid, "--seed", "1")
    assert code == 0
    assert answer["status"] == "filled" and "fill_estimate" not in answer
    assert (answer["type"], answer["strategy"]) == ("american", "backtrack")
    rows = answer["grid"]
    assert len(rows) == 3 and all(len(row) == 3 and row.isalpha() for row in rows)
    entries = {(e["number"], e["direction"]): e for e in answer["entries"]}
    assert [entries[(n, "across")]["word"] for n in (1, 4, 5)] == rows
    assert [entries[(n, "down")]["word"] for n in (1, 2, 3)] == [
        "".join(c) for c in zip(*rows, strict=True)
    ]
    assert all(30 <= e["score"] <= 90 for e in entries.values())
    assert len({e["word"] for e in entries.values()}) == 6  # no duplicates by default
    clued = {e["word"]: e["clues"] for e in entries.values() if e["clues"]}
    from tiny_list import TINY_CLUES

    assert all(clues == [{"text": TINY_CLUES[word]}] for word, clues in clued.items())
    metrics = answer["metrics"]
    assert metrics["quality"]["min_score"] == min(e["score"] for e in entries.values())
    assert metrics["duplicates"]["ok"] is True
    assert metrics["effort"]["nodes"] == answer["stats"]["nodes"]
    assert metrics["difficulty"]["level"] in ("easy", "medium", "hard", "very hard")
    assert all("method" in section for section in metrics.values())


@pytest.mark.parametrize("quality", ["first", "best"])
def test_same_seed_same_fill(
    tiny_words: str,
    grid: Path,
    quality: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A best fill is reproducible when its improving ends before its time does."""
    monkeypatch.setenv("CROSSFORGE_BEST_SECONDS", "60")
    first = fill(capsys, grid, "--seed", "5", "--quality", quality)[1]
    again = fill(capsys, grid, "--seed", "5", "--quality", quality)[1]
    assert again["grid"] == first["grid"]
    if quality == "best":
        assert first["stats"]["improving_ended"] in ("optimal", "exhausted")


def test_fill_table(tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fill", str(grid), "--list", "tiny", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "status: filled"
    assert lines[2].isalpha() and len(lines[2]) == 3
    assert any(line.startswith("ENTRY") for line in lines)
    assert "1 across" in out and "3 down" in out
    assert "quality: mean score" in out and "difficulty:" in out and "effort: nodes" in out


def test_no_fill_exists(
    tiny_words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corners = tmp_path / "corners.txt"
    corners.write_text(CORNERS4)
    code, answer = fill(capsys, corners)
    assert (code, answer["status"]) == (3, "unsatisfiable")
    assert answer["reason"] == "the search proved that no solution exists"
    assert answer["grid"] == CORNERS4.split()


def test_options_reach_the_puzzle_type_and_strategy(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, answer = fill(capsys, grid, "--min-score", "95")
    assert (code, answer["status"]) == (3, "unsatisfiable")  # no word scores 95
    # A failed fill says what the grid's fill estimate is, at the floor and without one.
    estimate = answer["fill_estimate"]
    assert (estimate["min_score"], estimate["log2_fills"]) == (95, None)  # no candidate
    assert estimate["log2_fills_whole_list"] > 0 and len(estimate["tightest"]) == 5
    assert estimate["verdict"] == "proved to have no fill"  # the proof, not the estimate
    code, answer = fill(capsys, grid, "--type", "canadian", "--param", 'restarts="none"')
    assert (code, answer["status"], answer["type"]) == (0, "filled", "canadian")


def test_fill_gives_up_at_the_time_limit(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, answer = fill(capsys, grid, "--timeout", "0")
    assert (code, answer["status"], answer["reason"]) == (3, "gave_up", "timeout")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--strategy", "nosuch"], "unknown fill strategy 'nosuch'"),
        (["--type", "nosuch"], "unknown puzzle type 'nosuch'"),
        (["--param", "bogus=1"], "unknown option(s) bogus"),
        (["--param", "=1"], "expected KEY=VALUE"),
    ],
)
def test_bad_options_are_clear_errors(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["fill", str(grid), "--list", "tiny", *args]) == 1
    assert message in capsys.readouterr().err


def test_bad_grids_are_clear_errors(
    tiny_words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = tmp_path / "short.txt"
    short.write_text("#..\n...\n..#\n")
    assert main(["fill", str(short), "--list", "tiny"]) == 1
    assert "grid breaks the american rules" in capsys.readouterr().err
    assert main(["fill", str(tmp_path / "missing.txt"), "--list", "tiny"]) == 1
    assert "missing.txt" in capsys.readouterr().err


def test_given_letters_stay(
    tiny_words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = tmp_path / "given.txt"
    given.write_text("T..\n...\n...\n")
    code, answer = fill(capsys, given)
    assert (code, answer["status"]) == (0, "filled")
    assert answer["grid"][0][0] == "T"


def test_fill_report_shows_clue_text_and_missing_words() -> None:
    from crossforge.plugins.cli import fill_report

    answer = {
        "status": "gave_up",
        "reason": "timeout",
        "grid": ["CAT", "..."],
        "entries": [
            {"number": 1, "direction": "across", "word": "CAT", "score": 60, "clues": [
                {"text": "Mouser", "source": "test"}]},
            {"number": 4, "direction": "across", "word": None, "score": None, "clues": []},
        ],
        "stats": {"nodes": 3, "trace": [1, 2]},
    }  # fmt: skip
    lines = fill_report(answer).splitlines()
    assert lines[0] == "status: gave_up (timeout)"
    assert lines[2:4] == ["CAT", "..."]
    assert lines[6].split() == ["1", "across", "CAT", "60", "Mouser"]
    assert lines[7].split() == ["4", "across", "-", "-"]
    assert lines[-1] == "effort: nodes 3"
    answer["entries"][0]["tags"] = ["theme-2024", "sensitive"]
    answer["entries"][1]["tags"] = []
    lines = fill_report(answer).splitlines()
    assert lines[5].split() == ["ENTRY", "WORD", "SCORE", "TAGS", "CLUE"]
    assert lines[6].split() == ["1", "across", "CAT", "60", "theme-2024,", "sensitive", "Mouser"]
    assert lines[6].index("Mouser") == lines[5].index("CLUE")
    answer["fill_estimate"] = {
        "min_score": 35, "log2_fills": -5.8, "log2_fills_whole_list": 120.0, "tightest": ["4A"],
        "verdict": "fills are unlikely",
    }  # fmt: skip
    assert fill_report(answer).splitlines()[1] == (
        "fill estimate (log2 of the expected fills): -5.8 bits at min_score 35 (fills are "
        "unlikely), +120.0 bits from the whole list; fewest candidates: 4A"
    )


def test_lock_ban_and_duplicates(
    tiny_words: str, grid: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, answer = fill(capsys, grid, "--lock", "1a=cat")
    assert (code, answer["grid"][0]) == (0, "CAT")
    words = {(e["number"], e["direction"]): e["word"] for e in answer["entries"]}
    assert words[(1, "across")] == "CAT"
    code, answer = fill(capsys, grid, "--lock", "1A=CAT", "--lock", "2D=ARE")
    assert (code, answer["status"]) == (3, "unsatisfiable")  # only with a repeated entry
    banned = sorted(words.values())[:2]
    code, answer = fill(capsys, grid, "--ban", banned[0], "--ban", banned[1])
    assert code == 0 and not set(banned) & {e["word"] for e in answer["entries"]}
    corners = tmp_path / "corners.txt"
    corners.write_text(CORNERS4)
    code, answer = fill(capsys, corners, "--allow-duplicates")
    assert (code, answer["status"]) == (0, "filled")
    assert answer["metrics"]["duplicates"]["ok"] is False


def test_progress_reports_go_to_stderr(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fill", str(grid), "--list", "tiny", "--json", "--progress"]) == 0
    captured = capsys.readouterr()
    reports = [json.loads(line) for line in captured.err.splitlines()]
    assert reports and all(isinstance(report, dict) for report in reports)
    assert json.loads(captured.out)["status"] == "filled"


def test_a_library_grid_name_is_a_grid(tiny_words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fill", "mini-5x5", "--list", "tiny", "--json", "--timeout", "5"])
    answer = json.loads(capsys.readouterr().out)
    assert code in (0, 3) and answer["status"] in ("filled", "unsatisfiable")
    assert [len(row) for row in answer["grid"]] == [5] * 5


def test_layered_lists(tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The upper list's entry wins (score, clues), its ban removes a word of the list below."""
    from crossforge.wordbase.imports import import_lines
    from crossforge.wordbase.layered_lists import BANNED
    from crossforge.wordbase.store import WordStore

    with WordStore(tiny_words) as store:
        import_lines(store, "mine", ["web,95,Spider's work", "sad,80", "era,12"], fmt="csv")
        store.put_entry("mine", "ace", 50, tags=[BANNED])
        tiny = dict(store.scored_keys("tiny"))
    mine = {"WEB": 95, "SAD": 80, "ERA": 12}
    for args in ([], ["--lock", "1A=WAS", "--min-score", "0"]):
        code = main(["fill", str(grid), "--list", "mine", "--list", "tiny", "--json", *args])
        answer = json.loads(capsys.readouterr().out)
        assert code == 0 and answer["status"] == "filled"
        for entry in answer["entries"]:
            word = entry["word"]
            assert word != "ACE" and entry["score"] == mine.get(word, tiny.get(word, 100))
    # 1D is W??: only the upper list has such a word, and its clue
    down = {e["number"]: e for e in answer["entries"] if e["direction"] == "down"}
    assert down[1]["word"] == "WEB" and down[1]["clues"] == [{"text": "Spider's work"}]
