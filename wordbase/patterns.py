"""Search patterns (``C?T``) and regex filters with a time limit, shared by store and index."""

from __future__ import annotations

import time
from collections.abc import Iterable

import regex

from crossforge.errors import InputError
from crossforge.wordbase.alphabets import Alphabet
from crossforge.wordbase.user_regex import RegexTimeout, UserRegex, user_regex

__all__ = [
    "REGEX_FLAGS",
    "WILDCARDS",
    "PatternError",
    "RegexFilter",
    "RegexTimeout",
    "parse_pattern",
]

REGEX_FLAGS = regex.IGNORECASE | regex.V0
"""How word searches compile a regex: case-insensitive, version 0 syntax."""

WILDCARDS = frozenset("?._")
"""Characters that stand for one unknown letter in a pattern."""


class PatternError(InputError):
    """A pattern holds a character that is neither a wildcard nor one letter."""


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
    """A user regex (checked against the bounds of ``user_regex``) that keys must match in
    full, case-insensitively, with a time budget per scan: a scan running past it raises
    RegexTimeout (the ``regex`` module interrupts a runaway match)."""

    def __init__(self, pattern: str | UserRegex, timeout: float = 1.0) -> None:
        if isinstance(pattern, UserRegex):
            self.regex = pattern
        else:
            self.regex = user_regex(pattern, REGEX_FLAGS, timeout=timeout)
        self.pattern = self.regex.pattern
        self.timeout = timeout

    def first(
        self, items: Iterable[tuple[str, int]], limit: int | None = None
    ) -> list[tuple[str, int]]:
        """The ``(key, score)`` items whose key matches, in their order, at most ``limit``.

        The scan gets ``timeout`` seconds from its start.
        """
        fullmatch = self.regex.compiled.fullmatch
        deadline = time.monotonic() + self.timeout
        found: list[tuple[str, int]] = []
        left = 0.0
        try:
            for count, item in enumerate(items):
                if count % 256 == 0:  # the clock is read now and then: it costs
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise self.regex.expired(self.timeout)
                if fullmatch(item[0], timeout=left) is not None:
                    found.append(item)
                    if limit is not None and len(found) >= limit:
                        break
        except TimeoutError:
            raise self.regex.expired(self.timeout) from None
        return found
