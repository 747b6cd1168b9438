"""``crossforge puzzle solve|rate|generate``: for the built-in types and any logic type."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from crossforge.plugins.contract import Control, Problem, SearchResult, WordSource
from crossforge.plugins.puzzles.logic import Grade, LogicalSolve, LogicPuzzleType, Technique
from crossforge.plugins.registry import registry
from crossforge.server.cli import main

ARTICLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SMALL_REGEX = {
    "shape": "rect",
    "rows": ["HE|LL|O+", "[PLEASE]+"],
    "cols": ["[^SPEAK]+", "EP|IP|EF"],
}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solve_sudoku_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.txt"
    path.write_text(ARTICLE + "\n")
    code, out, _ = _run(capsys, "puzzle", "solve", "sudoku", str(path), "--json")
    answer = json.loads(out)
    assert code == 0 and answer["status"] == "solved" and answer["unique"] is True
    assert answer["solution"].startswith("534678912")
    assert answer["difficulty"]["level_label"] == "easy" and answer["difficulty"]["steps"]
    assert "search_nodes" in answer["stats"]


def test_solve_regex_text_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(SMALL_REGEX))
    svg = tmp_path / "r.svg"
    code, out, _ = _run(capsys, "puzzle", "solve", "regex", str(path), "--svg", str(svg))
    assert code == 0 and "status: solved (unique)" in out and "H E" in out
    assert svg.read_text().startswith("<svg")


def test_solve_with_a_strategy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(SMALL_REGEX))
    argv = ["puzzle", "solve", "regex", str(path), "--strategy", "annealing", "--seed", "3"]
    code, out, _ = _run(capsys, *argv, "--timeout", "20", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["solution"] == ["HE", "LP"] and answer["unique"] is True


def test_rate_lists_the_steps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.txt"
    path.write_text(ARTICLE)
    code, out, _ = _run(capsys, "puzzle", "rate", "sudoku", str(path))
    assert code == 0 and "level 1 (easy)" in out and "[hidden single" in out


def test_generate_sudoku_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["puzzle", "generate", "sudoku", "--level", "easy", "--seed", "4"]
    _, first, _ = _run(capsys, *argv)
    _, again, _ = _run(capsys, *argv)
    assert first == again and len(first.strip()) == 81
    code, out, _ = _run(capsys, *argv, "--json")
    data = json.loads(out)
    assert code == 0 and data["puzzle"]["puzzle"] == first.strip()
    assert data["rating"]["unique"] is True and data["rating"]["difficulty"]["level"] == 1


DIGITS = sys.get_int_max_str_digits()
"""The most digits ``int()`` converts: a JSON number longer is refused."""


def test_errors_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "puzzle", "generate", "regex")
    assert code == 1 and "not generated" in err
    code, _, err = _run(capsys, "puzzle", "rate", "nosuchtype", str(tmp_path / "x"))
    assert code == 1 and "unknown puzzle type" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("12345\n")
    code, _, err = _run(capsys, "puzzle", "solve", "sudoku", str(bad))
    assert code == 1 and "line 1" in err
    code, _, err = _run(capsys, "puzzle", "solve", "american", str(bad))
    assert (code, err) == (1, "crossforge: error: puzzle type 'american' is not a logic puzzle\n")
    refusals = [
        (b"{1", "line 1, column 2: Expecting property name"),
        (b"{}{}", "line 1, column 3: Extra data"),
        (b'{"a": [' * 9000, "the JSON is nested too deeply"),
        (b'{"puzzle": ' + b"1" * 5000 + b"}", f"a number of more than {DIGITS} digits"),
        (b"12\xff45", "byte 2: not valid UTF-8 text"),
    ]
    for data, why in refusals:
        bad.write_bytes(data)
        code, _, err = _run(capsys, "puzzle", "rate", "sudoku", str(bad))
        assert code == 1 and err.startswith(f"crossforge: error: {bad}: {why}"), err


STEP = Technique("look", 1, 1, "read the answer")


class EchoType(LogicPuzzleType):
    """A toy logic type: the puzzle is a word, its solution the word reversed."""

    techniques = (STEP,)
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {"puzzle": {}, "size": {"type": ["integer", "string"]}},
    }

    def parse_text(self, text: str) -> str:
        return text.strip()

    def parse_json(self, data: Mapping[str, Any]) -> str:
        return str(data["word"])

    def to_json(self, puzzle: str) -> dict[str, Any]:
        return {"word": puzzle}

    def to_text(self, puzzle: str) -> str:
        return puzzle + "\n"

    def validate(self, puzzle: str, solution: Any) -> list[str]:
        return [] if solution == puzzle[::-1] else ["not reversed"]

    def solve_logically(self, puzzle: str, control: Control) -> LogicalSolve:
        grade = Grade()
        grade.record(STEP, [1.0], f"reverse {puzzle}")
        return LogicalSolve(puzzle[::-1], "solved", True, grade)

    def count_solutions(self, puzzle: str, limit: int = 2, control: Control | None = None) -> int:
        return 1

    def generate(self, rng: random.Random, control: Control, **options: Any) -> str:
        return "".join(rng.choice("AB") for _ in range(int(options.get("size") or 3)))

    def render_text(self, puzzle: str, solution: Any | None = None) -> str:
        return f"{solution or puzzle}\n"

    def render_svg(self, puzzle: str, solution: Any | None = None) -> str:
        return "<svg/>"

    def problem(self, request: Mapping[str, Any], words: WordSource) -> Problem:
        raise ValueError("no search for echoes")

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        return {}


@pytest.fixture
def echo_type() -> Iterator[None]:
    registry().register(EchoType(), "echo")
    yield
    registry().unregister("echo")


@pytest.mark.usefixtures("echo_type")
def test_any_logic_type_works_through_the_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "w.txt"
    path.write_text("ABC\n")
    code, out, _ = _run(capsys, "puzzle", "solve", "echo", str(path), "--json")
    assert code == 0 and json.loads(out)["solution"] == "CBA"
    assert json.loads(out)["difficulty"]["level_label"] == "look"
    code, out, _ = _run(capsys, "puzzle", "generate", "echo", "--size", "5", "--seed", "1")
    assert code == 0 and len(out.strip()) == 5


def test_builtin_logic_types_pass_the_conformance_kit() -> None:
    from crossforge.plugins.puzzles.regexcross import RegexCrosswordType
    from crossforge.plugins.puzzles.sudoku import SudokuType
    from crossforge.plugins.testing import check_puzzle_type

    check_puzzle_type(SudokuType(), [{"puzzle": ARTICLE}], bad_requests=[{}, {"puzzle": "12"}])
    check_puzzle_type(
        RegexCrosswordType(), [{"puzzle": SMALL_REGEX}], bad_requests=[{}, {"puzzle": "square"}]
    )


@pytest.mark.parametrize("level", ["²", "1" * 5000])
def test_a_level_of_digits_no_level_has_is_bad_input(
    capsys: pytest.CaptureFixture[str], level: str
) -> None:
    code, _, err = _run(capsys, "puzzle", "generate", "sudoku", "--level", level)
    assert code == 1 and "level" in err
