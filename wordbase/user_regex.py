"""Regular expressions from users, compiled and matched under bounds.

A pattern (``regex`` module syntax) is parsed before it is compiled, and refused with
``RegexBoundError`` (a ValueError naming the bound) when

- it is longer than ``max_length`` characters (default ``MAX_PATTERN_LENGTH``), or
- its counted repeats unroll past ``max_unrolled`` characters (default ``MAX_UNROLLED``):
  every character or class counts once, times the counts of the repeats around it
  (``{m,n}`` counts n, an open ``{m,}`` counts m), so the product of nested counts of
  one part and the sum over parts are both bounded: ``(?:(?:a{40}){40}){40}`` unrolls
  to 64,000 and ``(?:a{1000}){5000}`` to 5,000,000, both refused; or
- it nests groups deeper than the parser can follow (``nesting``: some 200 levels).

The ``regex`` module unrolls counted repeats when it compiles (and would keep the
result in its pattern cache): these bounds keep a compile small and fast. Compiled
patterns bypass that cache, and every match is given the module's ``timeout``.

``user_regex(pattern)`` gives a ``UserRegex``: the compiled pattern, a timed
``fullmatch``, and the ``shape`` word indexes narrow their candidates with (the lengths
a match may have and the letters it may have at fixed positions from either end).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import regex
from regex import _regex_core as core

from crossforge.errors import InputError

__all__ = [
    "MAX_PATTERN_LENGTH",
    "MAX_UNROLLED",
    "Chars",
    "RegexBoundError",
    "RegexTimeout",
    "Shape",
    "UserRegex",
    "check_user_regex",
    "compile_uncached",
    "parse_pattern",
    "user_regex",
]

MAX_PATTERN_LENGTH = 1000
"""Longest pattern accepted, in characters."""

MAX_UNROLLED = 1000
"""Most characters a pattern's counted repeats may unroll to (see the module docstring)."""


class RegexBoundError(InputError):
    """A pattern past one of the bounds; ``bound`` names it (``max_length``,
    ``max_unrolled`` or ``nesting``)."""

    def __init__(self, bound: str, message: str) -> None:
        super().__init__(message)
        self.bound = bound


class RegexTimeout(InputError):
    """A match ran past its time limit (a pathological pattern)."""


def parse_pattern(pattern: str, flags: int = 0) -> tuple[Any, Any]:
    """The ``regex`` module's own parse tree of ``pattern`` and its parse state, as
    ``regex.compile`` makes them (nothing is compiled); ValueError naming a bad regex."""
    while True:
        info = None
        try:
            source = core.Source(pattern)
            info = core.Info(flags, source.char_type, {})
            info.guess_encoding = core.UNICODE
            source.ignore_space = bool(info.flags & regex.VERBOSE)
            parsed = core._parse_pattern(source, info)
        except core._UnscopedFlagSet:  # a global flag met late: parse again with it
            assert info is not None
            flags = info.global_flags
            continue
        except (core.error, ValueError) as exc:
            raise InputError(f"bad regex {pattern!r}: {exc}") from None
        if not source.at_end():
            raise InputError(f"bad regex {pattern!r}: unbalanced parenthesis")
        return parsed, info


def _children(node: Any) -> list[Any]:
    found = [getattr(node, name, None) for name in ("subpattern", "yes_item", "no_item")]
    for name in ("items", "branches"):
        found.extend(getattr(node, name, None) or ())
    return [child for child in found if isinstance(child, core.RegexBase)]


def _unrolled(node: Any) -> int:
    """How many characters ``node`` unrolls to (see the module docstring)."""
    if isinstance(node, core.GreedyRepeat):  # lazy and possessive repeats too
        count = node.min_count if node.max_count is None else node.max_count
        return max(count, 1) * _unrolled(node.subpattern)
    children = _children(node)
    if isinstance(node, core.SetBase) or not children:
        return 1
    return sum(_unrolled(child) for child in children)


def check_user_regex(
    pattern: str,
    flags: int = 0,
    *,
    max_length: int = MAX_PATTERN_LENGTH,
    max_unrolled: int = MAX_UNROLLED,
) -> Any:
    """Parse ``pattern`` and check its bounds without compiling it; returns the
    ``regex`` module's parse tree. RegexBoundError past a bound, ValueError when it is
    not a regex."""
    if len(pattern) > max_length:
        raise RegexBoundError(
            "max_length",
            f"regex of {len(pattern)} characters: the bound (max_length) is {max_length}",
        )
    try:
        parsed, _ = parse_pattern(pattern, flags)
        size = _unrolled(parsed)
    except RecursionError:
        raise RegexBoundError(
            "nesting",
            f"regex {_short(pattern)} nests its groups too deeply to parse (the bound: nesting)",
        ) from None
    if size > max_unrolled:
        raise RegexBoundError(
            "max_unrolled",
            f"regex {_short(pattern)}: its counted repeats unroll to {size:,} characters; "
            f"the bound (max_unrolled) is {max_unrolled:,}",
        )
    return parsed


def _short(pattern: str) -> str:
    return repr(pattern if len(pattern) <= 60 else pattern[:57] + "...")


def user_regex(
    pattern: str,
    flags: int = 0,
    *,
    timeout: float = 1.0,
    max_length: int = MAX_PATTERN_LENGTH,
    max_unrolled: int = MAX_UNROLLED,
) -> UserRegex:
    """``pattern`` checked against the bounds, then compiled with ``flags`` outside the
    ``regex`` module's cache; its matches get ``timeout`` seconds each."""
    parsed = check_user_regex(pattern, flags, max_length=max_length, max_unrolled=max_unrolled)
    try:
        compiled = compile_uncached(pattern, flags)
    except (regex.error, ValueError) as exc:
        raise InputError(f"bad regex {pattern!r}: {exc}") from None
    except RecursionError:
        raise RegexBoundError(
            "nesting",
            f"regex {_short(pattern)} nests its groups too deeply to parse (the bound: nesting)",
        ) from None
    return UserRegex(pattern, compiled, timeout, parsed)


def compile_uncached(pattern: str, flags: int = 0) -> Any:
    """``regex.compile`` leaving nothing behind in the module: not in its pattern cache
    (``cache_pattern=False``), nor in the table of which patterns are locale-sensitive
    that it fills for every pattern and trims only with the cache."""
    try:
        return regex.compile(pattern, flags, cache_pattern=False)
    finally:
        for name in ("regex._main", "regex.regex"):  # the module's name moved in 2024
            table = getattr(sys.modules.get(name), "_locale_sensitive", None)
            if isinstance(table, dict):
                table.pop((type(pattern), pattern), None)


class UserRegex:
    """A compiled user pattern (build with ``user_regex``)."""

    def __init__(self, pattern: str, compiled: Any, timeout: float, parsed: Any) -> None:
        self.pattern = pattern
        self.compiled = compiled
        self.timeout = timeout
        self._parsed = parsed

    def expired(self, seconds: float | None = None) -> RegexTimeout:
        """The error of a match or scan that ran past ``seconds`` (default: timeout)."""
        limit = self.timeout if seconds is None else seconds
        return RegexTimeout(
            f"regex {_short(self.pattern)} took longer than {limit:g} s; simplify it or "
            "narrow the search with a pattern"
        )

    def fullmatch(self, text: str, timeout: float | None = None) -> bool:
        """Whether the whole of ``text`` matches, within ``timeout`` seconds (default:
        this regex's); RegexTimeout past it."""
        seconds = self.timeout if timeout is None else timeout
        try:
            return self.compiled.fullmatch(text, timeout=seconds) is not None
        except TimeoutError:
            raise self.expired(seconds) from None

    def search(self, text: str, timeout: float | None = None) -> Any:
        """The first match anywhere in ``text`` (or None), within ``timeout`` seconds."""
        seconds = self.timeout if timeout is None else timeout
        try:
            return self.compiled.search(text, timeout=seconds)
        except TimeoutError:
            raise self.expired(seconds) from None

    @cached_property
    def shape(self) -> Shape:
        """What every full match has in common (lengths, letters at fixed positions)."""
        try:
            return shape_of(self._parsed)
        except RecursionError:
            return UNKNOWN


@dataclass(frozen=True)
class Chars:
    """The characters one position of a match may hold: a one-character pattern."""

    pattern: str

    @cached_property
    def _compiled(self) -> Any:
        return compile_uncached(self.pattern)

    def allows(self, ch: str) -> bool:
        """Whether ``ch`` may stand at this position."""
        return self._compiled.fullmatch(ch) is not None


@dataclass(frozen=True)
class Shape:
    """What every full match of a pattern has: a length from ``min_length`` to
    ``max_length`` (None: unbounded), ``head[i]`` at position i and ``tail[-j]`` at
    position -j (an entry None allows anything). A superset: matches are checked by
    the regex itself."""

    min_length: int
    max_length: int | None
    head: tuple[Chars | None, ...] = ()
    tail: tuple[Chars | None, ...] = ()

    @property
    def fixed(self) -> bool:
        """Every match has the same length and ``head`` covers it."""
        return self.max_length == self.min_length == len(self.head)

    def lengths(self, present: list[int]) -> list[int]:
        """The lengths among ``present`` a match may have."""
        top = self.max_length
        return [n for n in present if n >= self.min_length and (top is None or n <= top)]


UNKNOWN = Shape(0, None)
EMPTY = Shape(0, 0)
HEAD_LIMIT = 64
"""Longest head or tail a shape keeps (keys are shorter)."""


def _chars(node: Any) -> Chars | None:
    """The one-character pattern of a set-like node (None: any character)."""
    if isinstance(node, (core.Character, core.Range)):
        return _wrap(_item(node), node.positive, node.case_flags)
    if isinstance(node, core.SetUnion):
        items = [_item(item) if item.positive else None for item in node.items]
        if items and all(items):
            return _wrap("".join(items), node.positive, node.case_flags)  # type: ignore[arg-type]
    return None


def _item(node: Any) -> str | None:
    if isinstance(node, core.Character):
        return f"\\U{node.value:08x}"
    if isinstance(node, core.Range):
        return f"\\U{node.lower:08x}-\\U{node.upper:08x}"
    return None


def _wrap(body: str | None, positive: bool, case_flags: int) -> Chars | None:
    if body is None:
        return None
    chars = f"[{'' if positive else '^'}{body}]"
    return Chars(f"(?i:{chars})" if case_flags & regex.IGNORECASE else chars)


class _Groups:
    """The capture groups of a parse tree by number, for the lengths of back references."""

    def __init__(self, parsed: Any) -> None:
        self.nodes: dict[int, list[Any]] = {}
        self.visiting: set[int] = set()
        stack = [parsed]
        while stack:
            node = stack.pop()
            if isinstance(node, core.Group):
                self.nodes.setdefault(node.group, []).append(node)
            stack.extend(_children(node))

    def reference(self, node: Any) -> Shape:
        """A back reference: as long as its group (any letters)."""
        number = node.group
        if isinstance(number, str):  # a name, or a number as written (\\1)
            number = int(number) if number.isdigit() else node.info.group_index.get(number)
        found = self.nodes.get(number) if isinstance(number, int) else None
        if not found or number in self.visiting:
            return UNKNOWN
        self.visiting.add(number)
        try:
            shape = _branch([_shape(group.subpattern, self) for group in found])
        finally:
            self.visiting.discard(number)
        width = shape.min_length
        if shape.max_length == width and width <= HEAD_LIMIT:
            return Shape(width, width, (None,) * width, (None,) * width)
        return Shape(width, shape.max_length)


def _shape(node: Any, groups: _Groups) -> Shape:
    if getattr(node, "case_flags", 0) & regex.FULLCASE and node.case_flags & regex.IGNORECASE:
        raise _FullCase  # one character may match two ('ß', 'SS'): lengths say nothing
    if isinstance(node, (core.ZeroWidthBase, core.LookAround)):
        return EMPTY
    if isinstance(node, (core.Character, core.Range, core.SetBase)):
        if getattr(node, "zerowidth", False):
            return EMPTY
        chars = _chars(node)
        return Shape(1, 1, (chars,), (chars,))
    if isinstance(node, (core.Any, core.Property)):
        return Shape(1, 1, (None,), (None,))
    if isinstance(node, (core.Group, core.Atomic)):
        return _shape(node.subpattern, groups)
    if isinstance(node, core.Sequence):
        return _sequence([_shape(item, groups) for item in node.items])
    if isinstance(node, core.Branch):
        return _branch([_shape(branch, groups) for branch in node.branches])
    if isinstance(node, core.RefGroup):
        return groups.reference(node)
    if isinstance(node, core.GreedyRepeat):
        return _repeat(_shape(node.subpattern, groups), node.min_count, node.max_count)
    return UNKNOWN  # recursion, conditionals, fuzzy matching, \X …


class _FullCase(Exception):
    pass


def _sequence(parts: list[Shape]) -> Shape:
    low = sum(part.min_length for part in parts)
    highs = [part.max_length for part in parts]
    high = None if None in highs else sum(h for h in highs if h is not None)
    return Shape(low, high, _joined(parts), tuple(reversed(_joined(parts, from_end=True))))


def _joined(parts: list[Shape], from_end: bool = False) -> tuple[Chars | None, ...]:
    out: list[Chars | None] = []
    for part in reversed(parts) if from_end else parts:
        out.extend(reversed(part.tail) if from_end else part.head)
        if not part.fixed or len(out) >= HEAD_LIMIT:
            break
    return tuple(out[:HEAD_LIMIT])


def _branch(parts: list[Shape]) -> Shape:
    highs = [part.max_length for part in parts]
    high = None if None in highs else max(h for h in highs if h is not None)
    low = min(part.min_length for part in parts)

    def common(rows: list[tuple[Chars | None, ...]]) -> list[Chars | None]:
        width = min(len(row) for row in rows)
        return [_union([row[i] for row in rows]) for i in range(width)]

    head = common([part.head for part in parts])
    tail = common([tuple(reversed(part.tail)) for part in parts])
    return Shape(low, high, tuple(head), tuple(reversed(tail)))


def _union(options: list[Chars | None]) -> Chars | None:
    if any(option is None for option in options):
        return None
    patterns = sorted({option.pattern for option in options if option is not None})
    return Chars(patterns[0]) if len(patterns) == 1 else Chars("|".join(patterns))


def _repeat(part: Shape, low: int, high: int | None) -> Shape:
    top = None if high is None or part.max_length is None else part.max_length * high
    if low == 0:
        return Shape(0, top)
    copies = min(low if part.fixed else 1, HEAD_LIMIT)
    head = (part.head * copies)[:HEAD_LIMIT]
    tail = (part.tail * copies)[-HEAD_LIMIT:]
    return Shape(part.min_length * low, top, head, tail)


def shape_of(parsed: Any) -> Shape:
    """The shape of a parse tree (UNKNOWN when full case folding is on)."""
    try:
        return _shape(parsed, _Groups(parsed))
    except _FullCase:
        return UNKNOWN
