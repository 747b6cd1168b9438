"""Every fill strategy Crossforge ships passes the conformance kit plugin authors use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crossforge.plugins.registry import Registry
from crossforge.plugins.testing import Check, check_puzzle_type, strategy_checks

CROSSWORD_TYPES = {"american", "canadian"}
COMPLETE = {"backtrack"}
"""Built-in strategies that must solve every satisfiable case and prove the others."""


def builtin_checks() -> list[tuple[str, Check]]:
    plugins = Registry()
    names = [
        info.name
        for info in plugins.plugins()
        if info.distribution == "crossforge" and info.role == "strategy" and not info.error
    ]
    return [
        (name, check)
        for name in names
        for check in strategy_checks(plugins.strategy(name), complete=name in COMPLETE)
    ]


def test_complete_strategies_are_registered() -> None:
    assert set(Registry().strategies()) >= COMPLETE


@pytest.mark.parametrize(
    ("name", "check"), builtin_checks(), ids=[f"{n}-{c}" for n, c in builtin_checks()]
)
def test_builtin_strategy_conforms(name: str, check: Check) -> None:
    check()


CROSSWORD_REQUESTS = [
    {"grid": ["...", "...", "..."], "list": "tiny"},
    {"grid": "...\n...\n...", "list": "tiny", "locked": {"1A": "CAT"}, "min_score": 30},
    {"grid": ["T..", "...", "..."], "list": "tiny", "banned": ["CAT"], "threshold": 50},
    {"grid": ["...", "...", "..."], "list": "tiny", "no_duplicates": False, "allowed": ["ZOO"]},
]
BAD_CROSSWORD_REQUESTS = [
    {},
    {"grid": ["...", "..", "..."], "list": "tiny"},
    {"grid": ["...", "...", "..."], "list": "tiny", "colour": "red"},
    {"grid": ["...", "...", "..."], "list": "tiny", "locked": {"9A": "CAT"}},
    {"grid": ["...", "...", "..."], "list": "tiny", "locked": {"1A": "CATS"}},
]


@pytest.mark.parametrize("name", sorted(CROSSWORD_TYPES))
def test_crossword_types_conform(tiny_words: str, name: str) -> None:
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    plugins = Registry()
    with WordStore(tiny_words) as store:
        check_puzzle_type(
            plugins.puzzle_type(name),
            CROSSWORD_REQUESTS,
            bad_requests=BAD_CROSSWORD_REQUESTS,
            strategy=plugins.strategy("backtrack"),
            words=StoreWords(store),
        )


PLUGINS = Path(__file__).resolve().parents[2] / "plugins" / "puzzles"
LOGIC_SAMPLES: dict[str, Any] = {
    "sudoku": lambda: (PLUGINS / "sudoku" / "samples" / "article002.txt").read_text(),
    "tents": lambda: (PLUGINS / "tents" / "samples" / "article003_5x5.txt").read_text(),
    "shikaku": lambda: (PLUGINS / "shikaku" / "samples" / "article001_8x8.txt").read_text(),
    "regex": lambda: json.loads((PLUGINS / "regexcross" / "samples" / "mit2013.json").read_text()),
}
"""A puzzle each built-in logic type must turn into a problem that backtracking solves."""


def test_every_builtin_puzzle_type_is_checked() -> None:
    builtin = {
        info.name
        for info in Registry().plugins()
        if info.distribution == "crossforge" and info.role == "puzzle_type"
    }
    assert builtin == set(LOGIC_SAMPLES) | CROSSWORD_TYPES


@pytest.mark.parametrize("name", sorted(LOGIC_SAMPLES))
def test_logic_types_conform(name: str) -> None:
    plugins = Registry()
    check_puzzle_type(
        plugins.puzzle_type(name),
        [{"puzzle": LOGIC_SAMPLES[name]()}],
        bad_requests=[{}],
        strategy=plugins.strategy("backtrack"),
        timeout=20,
    )
