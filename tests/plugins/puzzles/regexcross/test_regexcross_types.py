"""Regex crosswords: automata over letter sets, set matching, solving, formats, Problem."""

from __future__ import annotations

import json
import random
from importlib.resources import files
from itertools import product

import pytest
import regex

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.regexcross import RegexCrosswordType
from crossforge.plugins.puzzles.regexcross.automaton import compile_clue, set_matcher
from crossforge.plugins.puzzles.regexcross.puzzle import RegexFormatError
from crossforge.wordbase.source import IndexWords

NO_WORDS = IndexWords({})

SAMPLES = files("crossforge.plugins.puzzles.regexcross") / "samples"

# The 2013 MIT Mystery Hunt puzzle "A Regular Crossword" (hexagon of side 7, 39 clues),
# transcribed from the published grid; the sample file names the source.
MIT_2013 = json.loads(SAMPLES.joinpath("mit2013.json").read_text())
MIT_ROWS = [
    "NHPEHAS", "DIOMOMTH", "FOXNXAXPH", "MMOMMMMRHH", "MCXNMMCRXEM", "CMCCCCMMMMMM",
    "HRXRCMIIIHXLS", "OREOREOREORE", "VCXCCHHMXCC", "RRRRHHHRRU", "NCXDXEXLE", "RRDDMMMM",
    "GCCHHCC",
]  # fmt: skip
SMALL = "rect\n[rows]\nHE|LL|O+\n[PLEASE]+\n[cols]\n[^SPEAK]+\nEP|IP|EF\n"

TYPE = RegexCrosswordType()
ABC = "ABC"


def _brute(pattern: str, sets: list[str]) -> list[str] | None:
    """Per-position letters over all matching strings (the exact answer)."""
    kept = [set() for _ in sets]
    for combo in product(*sets):
        if regex.fullmatch(pattern, "".join(combo)):
            for i, ch in enumerate(combo):
                kept[i].add(ch)
    return ["".join(sorted(k)) for k in kept] if kept and kept[0] else None


def _masks(sets: list[str]) -> list[int]:
    return [sum(1 << ABC.index(ch) for ch in s) for s in sets]


def _letters(masks: list[int] | None) -> list[str] | None:
    if masks is None:
        return None
    return ["".join(ch for i, ch in enumerate(ABC) if m >> i & 1) for m in masks]


@pytest.mark.parametrize(
    "pattern",
    ["A*B", "(AB|C)*", "[^A]+C?", "A{1,2}B{2}", ".*CA.*", "(A|BB)+C*", "B?[AC]{2,3}.?"],
)
@pytest.mark.parametrize("sets", [["ABC"] * 4, ["A", "ABC", "BC", "ABC"], ["ABC"] * 3])
def test_automaton_narrows_exactly_like_brute_force(pattern: str, sets: list[str]) -> None:
    automaton = compile_clue(pattern, ABC)
    assert automaton.exact
    assert _letters(automaton.narrow(_masks(sets))) == _brute(pattern, sets)


@pytest.mark.parametrize(
    ("pattern", "sets"),
    [
        ("(.)\\1C", ["ABC", "AB", "ABC"]),
        ("(.)\\1C", ["ABC"] * 4),
        ("(A|BC)\\1", ["ABC", "AB", "ABC", "ABC"]),
        (".*(.)(.)\\2\\1", ["ABC", "AB", "ABC", "A"]),
        ("(?=.*C)A..", ["ABC", "AB", "ABC"]),
    ],
)
def test_set_matching_is_sound_for_backreferences(pattern: str, sets: list[str]) -> None:
    exact = _brute(pattern, sets)
    narrowed = _letters(set_matcher(pattern, ABC).narrow(_masks(sets)))
    assert compile_clue(pattern, ABC).exact is False
    if exact is None:
        assert narrowed is None
    else:
        assert narrowed is not None
        assert all(set(e) <= set(n) for e, n in zip(exact, narrowed, strict=True))


def test_set_matching_ties_backreferenced_positions() -> None:
    narrowed = set_matcher("(.)\\1\\1", ABC).narrow(_masks(["AB", "BC", "ABC"]))
    assert _letters(narrowed) == ["B", "B", "B"]


def test_distance_counts_cells_to_change() -> None:
    automaton = compile_clue("(AB|C)*", ABC)
    distance, path = automaton.distance([ABC.index(ch) for ch in "ABAC"])
    assert distance == 1 and len(path) == 4
    assert automaton.distance([ABC.index(ch) for ch in "ABCC"])[0] == 0


def test_mit_2013_hexagon_is_solved_and_proved_unique() -> None:
    puzzle = TYPE.parse_json(MIT_2013)
    solve = TYPE.solve_logically(puzzle, Control.with_timeout(20))
    assert solve.status == "solved" and solve.unique is True
    assert solve.solution == MIT_ROWS
    assert TYPE.validate(puzzle, MIT_ROWS) == []
    assert TYPE.count_solutions(puzzle) == 1
    assert solve.grade.steps and solve.grade.score > 0


def test_small_rectangle_solves_with_graded_steps() -> None:
    puzzle = TYPE.parse_text(SMALL)
    solve = TYPE.solve_logically(puzzle, Control())
    assert solve.solution == ["HE", "LP"] and solve.unique is True
    assert solve.grade.level == 1
    assert all(step.technique == "clue automaton" for step in solve.grade.steps)


def test_ambiguous_and_impossible_puzzles() -> None:
    ambiguous = TYPE.parse_json({"rows": ["[AB]", "[AB]"], "cols": ["[AB]{2}"]})
    assert TYPE.count_solutions(ambiguous) == 2
    assert TYPE.solve_logically(ambiguous, Control()).unique is False
    impossible = TYPE.parse_json({"rows": ["A"], "cols": ["B"]})
    assert TYPE.solve_logically(impossible, Control()).status == "unsatisfiable"


def test_formats_round_trip_and_errors() -> None:
    puzzle = TYPE.parse_json(MIT_2013)
    assert TYPE.parse_text(TYPE.to_text(puzzle)) == puzzle
    assert TYPE.parse_json(TYPE.to_json(puzzle)) == puzzle
    two = TYPE.parse_text("rect\n[rows]\nA.\tAB\n[cols]\nA\nB\n")
    assert two.clues["rows"][0] == ("A.", "AB")
    with pytest.raises(RegexFormatError, match="rows line 1: bad regex"):
        TYPE.parse_json({"rows": ["(A"], "cols": ["A"]})
    with pytest.raises(RegexFormatError, match="'nw' has 2 lines"):
        TYPE.parse_json({**MIT_2013, "nw": ["A", "B"]})
    with pytest.raises(RegexFormatError, match="line 1"):
        TYPE.parse_text("square\n")
    with pytest.raises(ValueError, match="not generated"):
        TYPE.generate(random.Random(1), Control())


def test_alphabet_is_mentioned_letters_unless_a_clue_allows_anything() -> None:
    assert TYPE.parse_json({"rows": ["[AB]"], "cols": ["B|C"]}).alphabet() == "ABC"
    assert len(TYPE.parse_json({"rows": ["[^A]"], "cols": ["B|C"]}).alphabet()) == 26


def test_problem_cost_is_graded_and_repairs_help() -> None:
    problem = TYPE.problem({"puzzle": MIT_2013}, NO_WORDS)
    alphabet = problem.engine.alphabet
    solved = [alphabet.index(ch) for row in MIT_ROWS for ch in row]
    assert problem.cost(solved) == 0
    one_off = list(solved)
    one_off[0] = alphabet.index("Z")
    assert 0 < problem.cost(one_off) <= 3
    assert problem.delta(solved, {0: one_off[0]}) == problem.cost(one_off)
    assert problem.conflicts(solved, 0, one_off[0]) == problem.cost(one_off)
    moves = problem.compound_moves(one_off, random.Random(2))
    assert moves
    assert min(problem.delta(one_off, m) for m in moves) < 0
    domains = problem.initial_domains()
    assert problem.propagate(domains, range(problem.size)) is None
    assert problem.decode([int(d.argmax()) for d in domains]) == MIT_ROWS


def test_renderings() -> None:
    puzzle = TYPE.parse_json(MIT_2013)
    text = TYPE.render_text(puzzle, MIT_ROWS)
    assert "O R E O R E O R E O R E" in text and "(DI|NS|TH|OM)*" in text
    svg = TYPE.render_svg(puzzle, MIT_ROWS)
    assert svg.count("<polygon") == 127 and ">N<" in svg
    rect = TYPE.render_svg(TYPE.parse_text(SMALL))
    assert rect.count("<rect") == 4
