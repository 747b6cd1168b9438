"""`crossforge fill` and fill quality: best by default, alternatives, stricter duplicates."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crossforge.server.cli import main


@pytest.fixture
def grid(tmp_path: Path) -> Path:
    path = tmp_path / "open3.txt"
    path.write_text("...\n...\n...\n")
    return path


def run(capsys: pytest.CaptureFixture[str], grid: Path, *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["fill", str(grid), "--list", "tiny", "--json", "--seed", "1", *args])
    out = capsys.readouterr().out
    return code, json.loads(out) if out else {}


def test_best_by_default_first_on_request(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, best = run(capsys, grid)
    assert code == 0 and best["stats"]["quality"] == "best"
    assert "min_score" in best["objective"] and isinstance(best["optimal"], bool)
    code, first = run(capsys, grid, "--quality", "first")
    assert code == 0 and "quality" not in first["stats"] and "optimal" not in first
    assert best["objective"]["min_score"] >= first["objective"]["min_score"]


def test_progress_lines_carry_the_objective_and_the_best_grid(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["fill", str(grid), "--list", "tiny", "--seed", "1", "--progress"])
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines() if line]
    improving = [line for line in lines if "objective" in line]
    assert improving and all(len(line["best"]) == 3 for line in improving)
    keys = [line["objective_key"] for line in improving]
    assert keys == sorted(keys)


def test_alternatives_and_stricter_duplicates(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("--alternatives", "3", "--min-difference", "2", "--shared-substring", "2")
    code, answer = run(capsys, grid, *args)
    if code == 0:
        fills = [answer["grid"], *(other["grid"] for other in answer.get("alternatives", []))]
        for rows in fills:
            words = [*rows, *("".join(c) for c in zip(*rows, strict=True))]
            pairs = [{w[i : i + 2] for i in range(2)} for w in words]
            assert all(not (a & b) for n, a in enumerate(pairs) for b in pairs[n + 1 :])
    else:
        assert code == 3 and answer["status"] in ("unsatisfiable", "gave_up")
    # Each search for an alternative gets a slice of best_seconds (3 s by default); on a
    # loaded CI machine a slice once ran out before the second fill. A tiny list's search
    # ends long before a 30 s budget's slices do.
    code, answer = run(
        capsys, grid, "--alternatives", "2", "--min-difference", "3", "--param", "best_seconds=30"
    )
    assert code == 0
    fills = [answer["grid"], *(other["grid"] for other in answer.get("alternatives", []))]
    assert len(fills) == 2
    report = main(
        ["fill", str(grid), "--list", "tiny", "--alternatives", "2", "--quality", "first"]
    )
    assert report == 0 and "fill 2:" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ("--quality", "perfect"),
        ("--alternatives", "0"),
        ("--min-difference", "0"),
        ("--shared-substring", "1"),
    ],
)
def test_bad_values_are_refused(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, str]
) -> None:
    assert main(["fill", str(grid), "--list", "tiny", *args]) == 2
    assert args[0] in capsys.readouterr().err


def test_bad_parameter_values_are_refused(
    tiny_words: str, grid: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fill", str(grid), "--list", "tiny", "--param", "best_seconds=-1"]) == 1
    assert "best_seconds" in capsys.readouterr().err
