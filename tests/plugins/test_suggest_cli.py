"""`crossforge suggest`: a grid file and a slot in, a table of words and the grid's
health out (or the JSON answer of ``POST /v1/suggestions``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossforge.server.cli import main


@pytest.fixture
def grid(tmp_path: Path) -> Path:
    path = tmp_path / "open3.txt"
    path.write_text("...\n...\n...\n")
    return path


def test_suggest_json_is_the_http_answer(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["suggest", str(grid), "--list", "tiny", "--slot", "1A", "--verify", "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert code == 0
    from jsonschema import Draft202012Validator

    from crossforge.server.api.schemas import SUGGESTIONS

    Draft202012Validator(SUGGESTIONS).validate(answer)
    assert answer["slot"]["id"] == "1A" and answer["candidates"]
    assert all(c["fillable"] in (True, False, None) for c in answer["candidates"])
    assert answer["total"] >= len(answer["candidates"])


def test_suggest_table_and_health(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["suggest", str(grid), "--list", "tiny", "--slot", "1D", "--limit", "2"])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("1D (down, ...): ")
    assert lines[1].split() == ["WORD", "SCORE", "CHOICE", "FILLABLE", "CROSSINGS"]
    assert len([line for line in lines[2:] if "1A:" in line]) == 2
    assert "health: consistent" in out and "dead slots: none" in out


def test_a_dead_grid_exits_3_and_a_bad_slot_1(
    tiny_words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dead = tmp_path / "dead.txt"
    dead.write_text("QQ.\n...\n...\n")
    assert main(["suggest", str(dead), "--list", "tiny"]) == 3
    assert "INCONSISTENT" in capsys.readouterr().out
    assert main(["suggest", str(dead), "--list", "tiny", "--slot", "9A"]) == 1
    assert "no slot '9A'" in capsys.readouterr().err


def test_suggest_over_layered_lists(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from crossforge.wordbase.imports import import_lines
    from crossforge.wordbase.store import WordStore

    with WordStore(tiny_words) as store:
        import_lines(store, "mine", ["web,95", "was,90", "sad,80"], fmt="csv")
    args = ["suggest", str(grid), "--slot", "1A", "--min-score", "0", "--json", "--verify"]
    assert main([*args, "--list", "tiny"]) == 0
    alone = {c["word"] for c in json.loads(capsys.readouterr().out)["candidates"]}
    assert main([*args, "--list", "mine", "--list", "tiny"]) == 0
    answer = json.loads(capsys.readouterr().out)
    found = {c["word"]: c for c in answer["candidates"]}
    assert answer["list"] == ["mine", "tiny"] and "WAS" not in alone
    assert found["WAS"]["score"] == 90 and found["WAS"]["fillable"] is True
