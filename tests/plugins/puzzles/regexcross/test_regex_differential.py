"""Differential tests of the regex crossword solver against brute force.

Clues are drawn from a grammar of the ``regex`` module's constructs (classes, Unicode
properties, escapes, alternation, groups, greedy/lazy/possessive repeats, backreferences,
branch reset, conditionals on groups and on lookarounds, lookarounds, atomic groups,
scoped and global inline flags, anchors and word boundaries anywhere, fuzzy matching)
over letters A, B, a, b. Two checks:

- one line: the automaton's narrowing of random per-position letter sets keeps every
  letter of a matching line (and exactly those when it says it is exact), the set matcher
  never loses one, and the engine's line revision is exact;
- whole puzzles, 2x2 to 3x3: solve status, uniqueness, solution and solution count
  against enumerating every letter grid (row candidates joined through column prefixes).

With hypothesis installed the cases come from it (derandomized, so CI sees the same
ones); without it, from a seeded ``random.Random``.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from itertools import product
from typing import Any

import pytest
import regex

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.regexcross import RegexCrosswordType
from crossforge.plugins.puzzles.regexcross.automaton import compile_clue, set_matcher
from crossforge.plugins.puzzles.regexcross.puzzle import RegexCrossword
from crossforge.plugins.puzzles.regexcross.setmatch import TooManySteps
from crossforge.plugins.puzzles.regexcross.solver import Engine, count_solutions, solve_graded

try:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - the seeded generator stands in
    st = None

pytestmark = pytest.mark.filterwarnings("error")

TYPE = RegexCrosswordType()
ALPHABET = "ABCab"
"""The letters the grids are over: C is never named by a clue (only ``.``, negations and
classes reach it), a and b test case-insensitivity."""

ATOMS = [
    "A", "B", "a", "b", ".", "[AB]", "[^A]", "[a-b]", "[Ab]", "[^Bb]", r"\w", r"\W",
    r"\p{Lu}", r"\P{Lu}", r"\p{Ll}", "[[:upper:]]", "[[:lower:]]", r"\x41", r"\u0062",
    r"\N{LATIN CAPITAL LETTER B}", "[[A]", "[]A]", r"[\w&&[^a]]", "(?i:a)", "(?i:[^b])",
    r"(?i:\p{Lu})", r"(?i:[[:lower:]])", "(?-i:A)",
]  # fmt: skip
ZERO_WIDTH = ["^", "$", r"\A", r"\Z", r"\b", r"\B", r"\m", r"\M", r"\G", r"\K"]
QUANTIFIERS = [
    "*", "+", "?", "{2}", "{0,2}", "{1,3}", "{2,}", "*?", "+?", "??", "{1,2}?", "*+", "++",
    "?+", "{1,2}+",
]  # fmt: skip
FLAGS = ["", "", "", "(?i)", "(?V1)", "(?s)", "(?m)", "(?x)", "(?r)", "(?a)", "(?w)"]
BRUTE_TIMEOUT = 0.05
"""Seconds brute force gives one match (the solver gives MATCH_TIMEOUT, ten times more)."""


class Chooser:
    """Draws choices from hypothesis (``data``) or from a seeded generator."""

    def __init__(self, data: Any = None, rng: random.Random | None = None) -> None:
        self.data, self.rng = data, rng

    def pick(self, options: Sequence[Any]) -> Any:
        if self.data is not None:
            return self.data.draw(st.sampled_from(options))
        assert self.rng is not None
        return self.rng.choice(options)

    def number(self, low: int, high: int) -> int:
        if self.data is not None:
            return self.data.draw(st.integers(low, high))
        assert self.rng is not None
        return self.rng.randint(low, high)


def expression(ch: Chooser, depth: int) -> str:
    """A random clue fragment of nesting at most ``depth``."""
    if depth == 0 or ch.number(0, 3) == 0:
        return ch.pick(ZERO_WIDTH) if ch.number(0, 5) == 0 else ch.pick(ATOMS)
    x = expression(ch, depth - 1)
    kind = ch.number(0, 17)
    if kind <= 2:
        return x + expression(ch, depth - 1)
    if kind == 3:
        return f"(?:{x}|{expression(ch, depth - 1)})"
    if kind == 4:
        return f"({x})"
    if kind == 5:
        return f"(?:{x}){ch.pick(QUANTIFIERS)}"
    if kind == 6:
        return f"({x}){ch.pick(QUANTIFIERS)}"
    if kind == 7:
        return f"({x}){expression(ch, depth - 1)}\\1"
    if kind == 8:
        return f"(?{ch.pick(['=', '!', '<=', '<!'])}{x})"
    if kind == 9:
        return f"(?>{x})"
    if kind == 10:
        return f"({x})?(?(1){expression(ch, depth - 1)}|{expression(ch, depth - 1)})"
    if kind == 11:
        yes, no = expression(ch, depth - 1), expression(ch, depth - 1)
        return f"(?(?{ch.pick(['=', '!', '<='])}{x}){yes}|{no})"
    if kind == 12:
        return f"(?{ch.pick(['i', '-i'])}:{x})"
    if kind == 13:
        return f"(?|({x})|({expression(ch, depth - 1)}))\\1"
    if kind == 14:
        return f"(?P<n{depth}>{x})(?P=n{depth})"
    if kind == 15:
        return f"(?:{x}){{e<=1}}"
    if kind == 16:
        return f"{x}(?i){expression(ch, depth - 1)}"
    return f"(?i)(?:{x})\\1" if "(" in x else f"(?i)({x})\\1"


def clue_for(ch: Chooser, line: str) -> str:
    """A random clue that mostly accepts ``line`` (so that puzzles have answers): one
    drawn until it does, else one with ``|line`` added; sometimes any clue at all."""
    planted = ch.number(0, 7) > 0
    clue = line
    for _ in range(8):
        drawn = ch.pick(FLAGS) + expression(ch, 3)
        try:
            fits = regex.fullmatch(drawn, line, timeout=BRUTE_TIMEOUT) is not None
        except (regex.error, ValueError, OverflowError, TimeoutError):
            continue
        clue = drawn if fits or not planted else f"{drawn}|{line}"
        if fits or not planted:
            break
    return clue


class Slow(Exception):
    """The regex engine itself took too long on a clue (fuzzy matching inside repeats can):
    the case is skipped, the solver's own limits are tested elsewhere."""


def run(check: Any, ch: Chooser) -> None:
    """One check, skipped when the engine is too slow on its clues."""
    with contextlib.suppress(Slow):
        check(ch)


def _fits(clues: Sequence[str], text: str) -> bool:
    try:
        return all(regex.fullmatch(c, text, timeout=BRUTE_TIMEOUT) for c in clues)
    except TimeoutError as exc:
        raise Slow from exc


def brute_force(puzzle: RegexCrossword, alphabet: str) -> list[list[str]]:
    """Every grid over ``alphabet`` whose lines all match their clues (as row lists)."""
    rows, cols = puzzle.clues["rows"], puzzle.clues["cols"]
    height, width = len(rows), len(cols)

    def candidates(clues: Sequence[str], n: int) -> list[str]:
        return [t for t in map("".join, product(alphabet, repeat=n)) if _fits(clues, t)]

    row_texts = [candidates(r, width) for r in rows]
    prefixes = [{t[:k] for t in candidates(c, height) for k in range(height + 1)} for c in cols]
    found: list[list[str]] = []

    def place(chosen: list[str]) -> None:
        r = len(chosen)
        if r == height:
            found.append(list(chosen))
            return
        for text in row_texts[r]:
            if all("".join(x[c] for x in chosen) + text[c] in prefixes[c] for c in range(width)):
                place([*chosen, text])

    place([])
    return found


def check_puzzle(ch: Chooser) -> None:
    """A random puzzle solved and counted over ALPHABET (and over its own alphabet when
    that is small) agrees with brute force; its text form reads back equal."""
    height, width = ch.number(2, 3), ch.number(2, 3)
    grid = ["".join(ch.pick("ABab") for _ in range(width)) for _ in range(height)]
    rows = [[clue_for(ch, row)] for row in grid]
    cols = [[clue_for(ch, "".join(r[c] for r in grid))] for c in range(width)]
    puzzle = TYPE.parse_json({"shape": "rect", "rows": rows, "cols": cols})
    alphabets = [ALPHABET]
    if len(puzzle.alphabet()) <= 5:
        alphabets.append(puzzle.alphabet())
    for alphabet in alphabets:
        expected = brute_force(puzzle, alphabet)
        solve = solve_graded(puzzle, Control.with_timeout(30), alphabet)
        context = f"{rows} {cols} over {alphabet}: {len(expected)} solutions"
        assert solve.status == ("solved" if expected else "unsatisfiable"), context
        counted = count_solutions(Engine(puzzle, alphabet), 2)
        assert counted.count == min(len(expected), 2), context
        if expected:
            assert solve.solution in expected, context
            assert solve.unique is (len(expected) == 1), context
        if alphabet == puzzle.alphabet():
            assert TYPE.count_solutions(puzzle) == min(len(expected), 2), context
            text = TYPE.to_text(puzzle)
            assert TYPE.parse_text(text) == puzzle, text


def _letters(masks: Sequence[int] | None) -> list[set[str]] | None:
    if masks is None:
        return None
    return [{ch for i, ch in enumerate(ALPHABET) if m >> i & 1} for m in masks]


def check_line(ch: Chooser) -> None:
    """A random clue's automaton, set matcher and line revision over random letter sets
    agree with brute force (exactly, or keeping more where they say they are inexact)."""
    length = ch.number(1, 4)
    clue = clue_for(ch, "".join(ch.pick("ABab") for _ in range(length)))
    sets = [{c for c in ALPHABET if ch.number(0, 2)} or {"A"} for _ in range(length)]
    masks = [sum(1 << ALPHABET.index(c) for c in s) for s in sets]
    kept: list[set[str]] = [set() for _ in sets]
    for combo in product(*[sorted(s) for s in sets]):
        if _fits([clue], "".join(combo)):
            for i, c in enumerate(combo):
                kept[i].add(c)
    exact = kept if kept[0] else None
    automaton = compile_clue(clue, ALPHABET, length)
    narrowed = _letters(automaton.narrow(masks))
    if automaton.exact:
        assert narrowed == exact, f"{clue!r} over {sets}: exact automaton"
    elif exact is not None:
        assert narrowed is not None, f"{clue!r} over {sets}: automaton lost the line"
        assert all(e <= n for e, n in zip(exact, narrowed, strict=True)), clue
    walker = set_matcher(clue, ALPHABET)
    if walker is not None and not automaton.exact:
        try:
            walked = _letters(walker.narrow(masks))
        except TooManySteps:
            walked = None if exact is None else exact
        if exact is not None:
            assert walked is not None, f"{clue!r} over {sets}: set matcher lost the line"
            assert all(e <= w for e, w in zip(exact, walked, strict=True)), clue
    puzzle = TYPE.parse_json({"rows": [clue], "cols": ["."] * length})
    revised, _ = Engine(puzzle, ALPHABET).revise(0, masks)
    assert _letters(revised) == exact, f"{clue!r} over {sets}: line revision"


if st is not None:

    def _settings(examples: int) -> Any:
        return settings(
            max_examples=examples,
            deadline=None,
            derandomize=True,
            database=None,
            phases=[Phase.explicit, Phase.generate],  # no shrinking: the message names the case
            suppress_health_check=list(HealthCheck),
        )

    @_settings(300)
    @given(st.data())
    def test_lines_agree_with_brute_force(data: Any) -> None:
        run(check_line, Chooser(data=data))

    @_settings(200)
    @given(st.data())
    def test_puzzles_agree_with_brute_force(data: Any) -> None:
        run(check_puzzle, Chooser(data=data))

else:  # pragma: no cover

    @pytest.mark.parametrize("seed", range(300))
    def test_lines_agree_with_brute_force(seed: int) -> None:
        run(check_line, Chooser(rng=random.Random(seed)))

    @pytest.mark.parametrize("seed", range(200))
    def test_puzzles_agree_with_brute_force(seed: int) -> None:
        run(check_puzzle, Chooser(rng=random.Random(seed)))


@pytest.mark.parametrize("seed", range(40))
def test_seeded_puzzles_agree_with_brute_force(seed: int) -> None:
    """The seeded generator too (other cases than hypothesis draws)."""
    run(check_puzzle, Chooser(rng=random.Random(seed)))
