"""Regex crossword clues in the ``regex`` module's own syntax (issue 18), the text format's
sections and quoting, and the time limits on matching."""

from __future__ import annotations

import json

import pytest
import regex

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import LogicalSolve
from crossforge.plugins.puzzles.regexcross import RegexCrosswordType, syntax
from crossforge.plugins.puzzles.regexcross.automaton import compile_clue
from crossforge.plugins.puzzles.regexcross.puzzle import RegexFormatError
from crossforge.plugins.puzzles.regexcross.solver import Engine, count_solutions
from crossforge.plugins.puzzles.regexcross.syntax import ClueTimeout, parse_clue

pytestmark = pytest.mark.filterwarnings("error")

TYPE = RegexCrosswordType()


def solve(data: dict[str, object]) -> LogicalSolve:
    return TYPE.solve_logically(TYPE.parse_json(data), Control.with_timeout(20))


def test_a_conditional_takes_the_branch_its_group_decides() -> None:
    solved = solve({"shape": "rect", "rows": ["(A)?(?(1)B|C)"], "cols": ["A", "B"]})
    assert solved.status == "solved" and solved.solution == ["AB"] and solved.unique
    assert solve({"rows": ["(A)?(?(1)B|C)"], "cols": ["[AB]", "C"]}).status == "unsatisfiable"
    assert solve({"rows": ["(A)?(?(1)B|CC)"], "cols": ["A|C", "[BC]"]}).unique is False
    looked = solve({"rows": ["(?(?=A)AB|CC)"], "cols": ["[AC]", "[BC]"]})
    assert looked.unique is False  # AB and CC


def test_case_insensitive_flags_global_and_scoped() -> None:
    both = solve({"rows": ["(?i)a"], "cols": ["[aA]"]})
    assert both.status == "solved" and both.unique is False
    upper = solve({"rows": ["(?i)a"], "cols": ["A"]})
    assert upper.solution == ["A"] and upper.unique is True
    scoped = solve({"rows": ["(?i:a)b"], "cols": ["A", "[bB]"]})
    assert scoped.solution == ["Ab"] and scoped.unique is True
    assert TYPE.parse_json({"rows": ["(?i)ab"], "cols": ["."] * 2}).alphabet().startswith("AB")
    assert set("ABab") <= set(TYPE.parse_json({"rows": ["(?i)ab"], "cols": ["."] * 2}).alphabet())


def test_anchors_anywhere_are_exact_and_graded_easy() -> None:
    for clue in ("A^|B", "(?:^A|B$)B", "A$|^B", r"\AA\Z|B"):
        automaton = compile_clue(clue, "AB", 2)
        assert automaton.exact, clue
    solved = solve({"rows": ["A$|B^|[AB]B"], "cols": ["A|B", "B"]})
    assert solved.status == "solved" and solved.unique is False
    assert solved.grade.level <= 3
    one = solve({"rows": ["(?:A^)?B(?:$|A)B"], "cols": ["B", "[AB]", "B"]})
    assert one.solution == ["BAB"]
    assert {step.technique for step in one.grade.steps} == {"clue automaton"}


@pytest.mark.parametrize(
    ("clue", "texts"),
    [
        (r"(?>A|AB)B", {"AB"}),  # atomic: no backtracking into the group
        (r"A*+A", set()),  # possessive
        (r"(A|B)\1", {"AA", "BB"}),
        (r"(?|(A)|(B))\1", {"AA", "BB"}),
        (r"(?P<x>A|B)(?P=x)", {"AA", "BB"}),
        (r"(?=.B)..", {"AB", "BB"}),
        (r"(?!A).A", {"BA"}),
        (r"A(?<=A)B|BB", {"AB", "BB"}),
        (r"A(?<!A)B|BA", {"BA"}),
        (r"\bAB\b", {"AB"}),
        (r"[[:upper:]]\p{Lu}", {"AA", "AB", "BA", "BB"}),
        (r"\x41\N{LATIN CAPITAL LETTER B}", {"AB"}),
        (r"(?i)(a)\1", {"AA"}),
        (r"(?:AB){e<=1}", {"AA", "AB", "BB"}),
        (r"A{2}|B{,1}B", {"AA", "BB"}),
        (r"A(*FAIL)|BB", {"BB"}),
    ],
)
def test_constructs_match_as_the_engine_does(clue: str, texts: set[str]) -> None:
    puzzle = TYPE.parse_json({"rows": [clue], "cols": ["[AB]", "[AB]"]})
    engine = Engine(puzzle, "AB")
    found = count_solutions(engine, 10)
    assert {engine.solution_rows(s)[0] for s in found.solutions} == texts
    assert {a + b for a in "AB" for b in "AB" if regex.fullmatch(clue, a + b)} == texts


def test_clues_parse_as_regex_not_re() -> None:
    # POSIX classes, Unicode properties and set operations are regex syntax
    assert TYPE.parse_json({"rows": ["[[:alpha:]]"], "cols": ["Q"]}).alphabet() == "".join(
        chr(c) for c in range(65, 91)
    )
    assert solve({"rows": [r"(?V1)[[A-Z]--[A-Y]]"], "cols": ["."]}).solution == ["Z"]
    assert solve({"rows": [r"\p{Lu}"], "cols": ["[aB]"]}).solution == ["B"]
    for clue in ("[[A]", "[[:upper:]]", "[[A]]", "[]A]"):
        parse_clue(clue)  # no FutureWarning (warnings are errors here)


def test_first_character_filter_of_the_engine_is_followed() -> None:
    # the engine rejects aAA here: its first-character filter ignores case throughout
    clue = r"\P{Lu}AA|(?i:x)BA"
    assert regex.fullmatch(clue, "aAA") is None
    automaton = compile_clue(clue, "ABax", 3)
    assert automaton.narrow([0b1111] * 3) == [0b1000, 0b0011, 0b0001]


def test_text_format_round_trips_awkward_clues() -> None:
    clues = ["[BDF]", "[[A]", "#", "#A", "[rows]", "[cols]", " A", "A ", " ", "", '"A"']
    clues += ["A\tB", "[nw]", "\u2028", "é|\\d"]
    for clue in clues:
        puzzle = TYPE.parse_json({"rows": [clue, [clue, "."]], "cols": [".", clue]})
        text = TYPE.to_text(puzzle)
        assert TYPE.parse_text(text) == puzzle, (clue, text)
    puzzle = TYPE.parse_json({"rows": ["[BDF]"], "cols": ["[rows]"]})
    assert TYPE.to_text(puzzle) == 'rect\n[rows]\n[BDF]\n[cols]\n"[rows]"\n'


def test_text_format_reads_old_files_and_reports_bad_ones() -> None:
    old = "rect\n# a comment\n[rows]\nHE|LL|O+\n[PLEASE]+\n\n[cols]\n[^SPEAK]+\nEP|IP|EF\n"
    puzzle = TYPE.parse_text(old)
    assert puzzle.clues["rows"] == (("HE|LL|O+",), ("[PLEASE]+",))
    assert TYPE.parse_text("rect\n[rows]\n[BDF]\n[cols]\nB\n").clues["rows"] == (("[BDF]",),)
    with pytest.raises(RegexFormatError, match="no section"):
        TYPE.parse_text("rect\n[rows]\nA\n[nw]\nA\n")
    with pytest.raises(RegexFormatError, match="before any section"):
        TYPE.parse_text("rect\nA\n")
    with pytest.raises(RegexFormatError, match="quoted clue"):
        TYPE.parse_text('rect\n[rows]\n"A\n[cols]\nA\n')
    with pytest.raises(RegexFormatError, match="quoted clue"):
        TYPE.parse_text("rect\n[rows]\n" + json.dumps("A") + ", 1\n[cols]\nA\n")


def test_matching_is_bounded_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(syntax, "MATCH_TIMEOUT", 0.05)
    matcher = syntax.ClueMatcher(r"(?:(?:A){e<=1}^)*")
    with pytest.raises(ClueTimeout, match="took over 0.05 s"):
        matcher.fullmatch("bb")
    monkeypatch.setattr(syntax, "MATCH_BUDGET", 0.0)
    busy = syntax.ClueMatcher("A")
    busy.spent = 0.1
    with pytest.raises(ClueTimeout, match="spent over"):
        busy.fullmatch("A")


def test_a_slow_clue_fails_the_solve_instead_of_hanging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(syntax, "MATCH_TIMEOUT", 0.05)
    slow = r"(?:(?:A){e<=1}^)*[ab]{2}"  # the engine times out on ab; the automaton cannot tell
    puzzle = TYPE.parse_json({"rows": [slow] * 2, "cols": ["[ab]{2}"] * 2})
    with pytest.raises(ClueTimeout, match="took over 0.05 s"):
        TYPE.solve_logically(puzzle, Control.with_timeout(20))
