"""Word lists laid out as the published ones are, made up for the tests: a 0–50 list
like Spread the Wordlist and a 0–100 list like Peter Broda's."""

from __future__ import annotations

import random


def words(count: int) -> list[str]:
    """``count`` made-up seven-letter words, sorted."""
    rng = random.Random(count)
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(7)))
    return sorted(found)


def stwl_like(count: int = 300) -> list[str]:
    """Lower-case keys on a few levels up to 50, as Spread the Wordlist publishes them."""
    levels = (50, 40, 30, 25, 20, 10, 0)
    return [f"{word};{levels[i % len(levels)]}" for i, word in enumerate(words(count))]


def broda_like(count: int = 300) -> list[str]:
    """Upper-case keys scored anywhere on 0–100, as Peter Broda's list."""
    rng = random.Random(7)
    return [f"{word.upper()};{rng.randint(0, 100)}" for word in words(count)]
