"""Search patterns (``C?T``) and regex filters with a time limit, shared by store and index."""

from __future__ import annotations

import time
from collections.abc import Iterable

import regex

from crossforge.wordbase.alphabets import Alphabet

__all__ = ["WILDCARDS", "PatternError", "RegexFilter", "RegexTimeout", "parse_pattern"]

WILDCARDS = frozenset("?._")
"""Characters that stand for one unknown letter in a pattern."""


class PatternError(ValueError):
    """A pattern holds a character that is neither a wildcard nor one letter."""


class RegexTimeout(ValueError):
    """A regex filter ran past its time limit (a pathological pattern)."""


def parse_pattern(pattern: str, alphabet: Alphabet) -> list[str | None]:
    """One entry per position: the letter there, or None for a wildcard.

    Letters are folded like keys ("é" → "E" in English); anything that does not fold to
    exactly one letter of the alphabet raises PatternError.
    """
    if not pattern:
        raise PatternError("empty pattern")
    slots: list[str | None] = []
    for position, ch in enumerate(pattern, 1):
        if ch in WILDCARDS:
            slots.append(None)
            continue
        try:
            letter = alphabet.normalize(ch)
        except ValueError:
            letter = ""
        if len(letter) != 1:
            raise PatternError(
                f"pattern {pattern!r}: position {position} ({ch!r}) is neither a letter of "
                f"the {alphabet.title or alphabet.name} alphabet nor one of ? . _"
            )
        slots.append(letter)
    return slots


class RegexFilter:
    """A compiled regex that keys must match in full, case-insensitively, with a time
    budget per scan: a scan running past it raises RegexTimeout (the ``regex`` module
    interrupts a runaway match)."""

    def __init__(self, pattern: str, timeout: float = 1.0) -> None:
        try:
            self.compiled = regex.compile(pattern, regex.IGNORECASE | regex.V0)
        except regex.error as exc:
            raise ValueError(f"bad regex {pattern!r}: {exc}") from None
        self.pattern = pattern
        self.timeout = timeout

    def _expired(self) -> RegexTimeout:
        return RegexTimeout(
            f"regex {self.pattern!r} took longer than {self.timeout:g} s; simplify it or "
            "narrow the search with a pattern"
        )

    def first(
        self, items: Iterable[tuple[str, int]], limit: int | None = None
    ) -> list[tuple[str, int]]:
        """The ``(key, score)`` items whose key matches, in their order, at most ``limit``.

        The scan gets ``timeout`` seconds from its start.
        """
        fullmatch = self.compiled.fullmatch
        deadline = time.monotonic() + self.timeout
        found: list[tuple[str, int]] = []
        left = 0.0
        try:
            for count, item in enumerate(items):
                if count % 256 == 0:  # the clock is read now and then: it costs
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise self._expired()
                if fullmatch(item[0], timeout=left) is not None:
                    found.append(item)
                    if limit is not None and len(found) >= limit:
                        break
        except TimeoutError:
            raise self._expired() from None
        return found
