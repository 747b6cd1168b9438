"""User regexes under bounds, and the word index's regex search that narrows by them."""

from __future__ import annotations

import itertools
import random

import pytest
import regex

from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.patterns import REGEX_FLAGS
from crossforge.wordbase.user_regex import (
    MAX_UNROLLED,
    RegexBoundError,
    RegexTimeout,
    check_user_regex,
    user_regex,
)


@pytest.mark.parametrize(
    ("pattern", "bound"),
    [
        ("(?:(?:(?:A{40}){40}){40})", "max_unrolled"),  # the regex crossword of issue 15
        ("(?:a{1000}){5000}", "max_unrolled"),  # the words search of issue 15
        ("a{600}b{600}", "max_unrolled"),  # the sum of the parts counts too
        ("(?:ab){1001,}", "max_unrolled"),  # an open repeat counts its minimum
        ("a" * 1001, "max_length"),
        ("(" * 300 + "a" + ")" * 300, "nesting"),
    ],
)
def test_patterns_past_a_bound_are_refused_before_compiling(pattern: str, bound: str) -> None:
    with pytest.raises(RegexBoundError) as refused:
        user_regex(pattern, REGEX_FLAGS)
    assert refused.value.bound == bound and bound in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_patterns_within_the_bounds_compile_outside_the_module_cache() -> None:
    from regex import _main

    regex.purge()
    found = user_regex(f"(?:AB){{{MAX_UNROLLED // 2 - 2}}}|C.T", REGEX_FLAGS)
    assert found.fullmatch("cat") and not found.fullmatch("cart")
    assert found.fullmatch("AB" * (MAX_UNROLLED // 2 - 2))
    check_user_regex("x{2000}", max_unrolled=2000)  # the bounds are parameters
    with pytest.raises(RegexBoundError, match="max_unrolled"):
        check_user_regex("x{41}", max_unrolled=40)
    assert len(_main._cache) == 0 and len(_main._locale_sensitive) == 0
    with pytest.raises(ValueError, match="bad regex"):
        user_regex("(")


def test_matches_are_timed() -> None:
    slow = user_regex("((A|A)+)+B", timeout=0.1)
    with pytest.raises(RegexTimeout, match="longer than 0.1 s"):
        slow.fullmatch("A" * 30)


@pytest.mark.parametrize(
    ("pattern", "lengths", "head", "tail"),
    [
        ("CAT", (3, 3), "CAT", "CAT"),
        ("c[ao]t", (3, 3), "C?T", "C?T"),
        ("C.*T", (2, None), "C", "T"),
        ("(?:CAT|COT)S?", (3, 4), "C?T", ""),
        ("\\bC(?=A)AT\\Z", (3, 3), "CAT", "CAT"),
        ("CA{2,3}T", (4, 5), "CAA", "AAT"),
        ("(a)\\1", (2, 2), "A?", "A?"),
        ("(a+)\\1", (2, None), "A", ""),
        ("(?P<x>[CO])(?P=x)", (2, 2), "??", "??"),
        ("(?if)ss", (0, None), "", ""),  # full case folding: 'ß' matches 'ss'
        ("(?:cat){e<=1}", (0, None), "", ""),  # fuzzy: any length
    ],
)
def test_shape_of_a_pattern(
    pattern: str, lengths: tuple[int, int | None], head: str, tail: str
) -> None:
    shape = user_regex(pattern, REGEX_FLAGS).shape
    assert (shape.min_length, shape.max_length) == lengths

    def letters(row: tuple) -> str:
        out = ""
        for chars in row:
            allowed = [ch for ch in "ACOST" if chars is not None and chars.allows(ch)]
            out += allowed[0] if len(allowed) == 1 else "?"
        return out

    assert letters(shape.head) == head and letters(shape.tail) == tail


WORDS = ["".join(t) for t in itertools.product("CATSO", repeat=3)] + [
    "CART",
    "COAST",
    "CATS",
    "SCAT",
    "TACOS",
    "ACTS",
    "COCOA",
    "OCTETS",
]
REGEXES = [
    "CAT",
    "c[ao]t",
    "C.*T",
    "(?:CAT|COT)S?",
    ".A.",
    "[^C]AT",
    "CA{1,2}T",
    "(.)\\1.",
    "(?:TS|OA)+",
    "C(?=O).*",
    ".*S",
    "(?:CA|SC)(?:T|AT)S?",
    "C\\w{2,3}",
    "(?i)co.*",
    "(?:c.){2}",
]


@pytest.mark.parametrize("expression", REGEXES)
def test_index_regex_search_finds_what_a_full_scan_finds(expression: str) -> None:
    rng = random.Random(15)
    entries = [(word, rng.randint(1, 100)) for word in WORDS]
    index = WordIndex.build(entries)
    compiled = regex.compile(expression, REGEX_FLAGS)
    expected = sorted(
        ((w, s) for w, s in dict(entries).items() if compiled.fullmatch(w)),
        key=lambda item: (-item[1], item[0]),
    )
    assert index.regex_filter(expression) == expected
    assert index.regex_filter(expression, min_score=50) == [e for e in expected if e[1] >= 50]
    pages, after = [], None
    while True:  # page by page, each continuing after the previous page's last entry
        page = index.regex_filter(expression, limit=4, after=after)
        pages.extend(page)
        if len(page) < 4:
            break
        after = (page[-1][1], page[-1][0])
    assert pages == expected
    three = [e for e in expected if len(e[0]) == 3]
    assert index.regex_filter(expression, pattern="???") == three
