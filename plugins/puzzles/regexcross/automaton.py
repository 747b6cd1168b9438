"""Regex clues as position automata over letter sets.

A clue's syntax tree (from Python's own regex parser) is compiled into a Glushkov
automaton: one state per character leaf, each state labelled with the set of letters
it reads, and a follow relation; there are no empty moves. Bounded repeats are unrolled.
Backreferences are over-approximated by the letters and lengths their group can take,
lookarounds and anchors by nothing at all, so the automaton accepts a superset of the
clue's language; such a clue is marked inexact and complete lines are checked with the
``regex`` engine. Letter sets are bit masks over the puzzle's alphabet.

Two uses: ``narrow`` runs the automaton forward and backward over a line's per-position
letter sets and keeps only letters on some accepting path; ``distance`` gives the
fewest cells of a line that must change for the automaton to accept it (the graded cost).
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from re import _constants as C  # type: ignore[attr-defined]  # noqa: N812
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

import numpy as np
import regex

from crossforge.plugins.puzzles.regexcross.setmatch import SetMatcher

UNROLL_LIMIT = 40
"""Largest bounded repeat that is unrolled; larger ones become unbounded (a superset)."""

INFINITY = 1 << 20
"""Stands for an unbounded length or an unreachable cost."""


class ClueError(ValueError):
    """A clue that is not a usable regular expression."""


def parse_tree(pattern: str) -> Any:
    """Python's parse tree of ``pattern``; ClueError naming it on a syntax error."""
    try:
        return sre_parse.parse(pattern)
    except re.error as exc:
        raise ClueError(f"bad regex {pattern!r}: {exc}") from exc


def _category_chars(category: Any) -> tuple[set[str], bool]:
    """Letters a category contributes to the alphabet, and whether it allows any letter."""
    if category is C.CATEGORY_DIGIT:
        return set(string.digits), False
    if category is C.CATEGORY_WORD:
        return set(string.ascii_uppercase), False
    if category is C.CATEGORY_SPACE:
        return {" "}, False
    return set(), True


def mentioned(tree: Any) -> tuple[set[str], bool]:
    """The characters a parse tree names, and whether it allows any character."""
    chars: set[str] = set()
    anything = False
    for op, av in tree:
        if op is C.LITERAL:
            chars.add(chr(av))
        elif op is C.NOT_LITERAL:
            chars.add(chr(av))
            anything = True
        elif op is C.ANY:
            anything = True
        elif op is C.IN:
            for item, value in av:
                if item is C.LITERAL:
                    chars.add(chr(value))
                elif item is C.RANGE:
                    chars.update(chr(c) for c in range(value[0], value[1] + 1))
                elif item is C.NEGATE:
                    anything = True
                elif item is C.CATEGORY:
                    more, anyone = _category_chars(value)
                    chars |= more
                    anything = anything or anyone
        elif op is C.CATEGORY:
            more, anyone = _category_chars(av)
            chars |= more
            anything = anything or anyone
        for sub in _children(op, av):
            more, anyone = mentioned(sub)
            chars |= more
            anything = anything or anyone
    return chars, anything


def _children(op: Any, av: Any) -> list[Any]:
    if op is C.BRANCH:
        return list(av[1])
    if op is C.SUBPATTERN:
        return [av[3]]
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return [av[2]]
    if op in (C.ASSERT, C.ASSERT_NOT):
        return [av[1]]
    if op is C.ATOMIC_GROUP:
        return [av]
    if op is C.GROUPREF_EXISTS:
        return [p for p in av[1:] if p is not None]
    return []


@dataclass
class _Fragment:
    nullable: bool
    first: int
    last: int
    letters: int
    """Every letter the fragment may read (for backreferences to it)."""
    min_len: int
    max_len: int


@dataclass
class Automaton:
    """A Glushkov automaton: state 0 starts; state ``q > 0`` reads a letter of ``masks[q]``."""

    masks: list[int]
    follow: list[int]
    """Bit set of the states that may come after each state."""
    accepting: int
    """Bit set of the accepting states (state 0 when the empty line matches)."""
    exact: bool
    width: int
    """Size of the alphabet the masks are over."""
    by_letter: list[int] = field(default_factory=list)
    """For each letter index, the bit set of states reading it."""

    def __post_init__(self) -> None:
        width = self.width
        self.by_letter = [
            sum(1 << q for q, m in enumerate(self.masks) if m >> a & 1) for a in range(width)
        ]
        size = len(self.masks)
        self._follow_matrix = np.array(
            [[bool(self.follow[s] >> q & 1) for q in range(size)] for s in range(size)]
        )
        self._miss = np.array(
            [
                [INFINITY if q == 0 else 1 - (m >> a & 1) for q, m in enumerate(self.masks)]
                for a in range(width)
            ],
            dtype=np.int64,
        ).reshape(width, size)

    def _states_reading(self, letters: int) -> int:
        states = 0
        by_letter = self.by_letter
        a = 0
        while letters:
            if letters & 1 and a < len(by_letter):
                states |= by_letter[a]
            letters >>= 1
            a += 1
        return states

    def narrow(self, sets: Sequence[int]) -> list[int] | None:
        """Each position's letters that lie on an accepting path; None if there is none."""
        length = len(sets)
        follow, masks = self.follow, self.masks
        reading = [self._states_reading(s) for s in sets]
        forward = [1]
        for i in range(length):
            current, nxt = forward[-1], 0
            while current:
                low = current & -current
                nxt |= follow[low.bit_length() - 1]
                current ^= low
            nxt &= reading[i]
            if not nxt:
                return None
            forward.append(nxt)
        backward = forward[length] & self.accepting
        if not backward:
            return None
        result = [0] * length
        for i in range(length - 1, -1, -1):
            here = forward[i + 1] & backward
            letters, states = 0, here
            while states:
                low = states & -states
                letters |= masks[low.bit_length() - 1]
                states ^= low
            result[i] = letters & sets[i]
            previous, states = 0, forward[i]
            while states:
                low = states & -states
                if follow[low.bit_length() - 1] & here:
                    previous |= low
                states ^= low
            backward = previous
        return result

    def distance(self, letters: Sequence[int]) -> tuple[int, list[int]]:
        """Fewest positions to change so the automaton accepts, and, per position, the
        letters (mask) a nearest accepted line may hold there. ``letters`` are indices."""
        size = len(self.masks)
        costs = np.full(size, INFINITY, dtype=np.int64)
        costs[0] = 0
        back: list[np.ndarray] = []
        for a in letters:
            through = np.where(self._follow_matrix, costs[:, None], INFINITY)
            best_from = through.argmin(axis=0)
            reached = through.min(axis=0)
            costs = reached + self._miss[a]
            back.append(best_from)
        accept = [q for q in range(size) if self.accepting >> q & 1]
        if not accept:
            return INFINITY, []
        end = min(accept, key=lambda q: costs[q])
        total = int(costs[end])
        if total >= INFINITY:
            return INFINITY, []
        path = []
        state = end
        for step in range(len(letters) - 1, -1, -1):
            path.append(self.masks[state])
            state = int(back[step][state])
        path.reverse()
        return total, path


class _Builder:
    def __init__(self, alphabet: str) -> None:
        self.alphabet = alphabet
        self.index = {ch: i for i, ch in enumerate(alphabet)}
        self.full = (1 << len(alphabet)) - 1
        self.masks = [0]
        self.follow = [0]
        self.exact = True
        self.groups: dict[int, _Fragment] = {}

    def _mask(self, chars: set[str]) -> int:
        return sum(1 << self.index[c] for c in chars if c in self.index)

    def _category(self, category: Any) -> int:
        tests = {
            C.CATEGORY_DIGIT: str.isdigit,
            C.CATEGORY_NOT_DIGIT: lambda c: not c.isdigit(),
            C.CATEGORY_WORD: lambda c: c.isalnum() or c == "_",
            C.CATEGORY_NOT_WORD: lambda c: not (c.isalnum() or c == "_"),
            C.CATEGORY_SPACE: str.isspace,
            C.CATEGORY_NOT_SPACE: lambda c: not c.isspace(),
        }
        test = tests.get(category)
        if test is None:
            return self.full
        return self._mask({c for c in self.alphabet if test(c)})

    def _class(self, items: Any) -> int:
        mask, negate = 0, False
        for item, value in items:
            if item is C.LITERAL:
                mask |= self._mask({chr(value)})
            elif item is C.RANGE:
                mask |= self._mask({chr(c) for c in range(value[0], value[1] + 1)})
            elif item is C.NEGATE:
                negate = True
            elif item is C.CATEGORY:
                mask |= self._category(value)
        return self.full & ~mask if negate else mask

    def leaf(self, op: Any, av: Any) -> int:
        """The letter mask a one-character node reads."""
        if op is C.LITERAL:
            return self._mask({chr(av)})
        if op is C.NOT_LITERAL:
            return self.full & ~self._mask({chr(av)})
        if op is C.IN:
            return self._class(av)
        if op is C.CATEGORY:
            return self._category(av)
        return self.full

    def symbol(self, mask: int) -> _Fragment:
        self.masks.append(mask)
        self.follow.append(0)
        bit = 1 << (len(self.masks) - 1)
        return _Fragment(False, bit, bit, mask, 1, 1)

    @staticmethod
    def empty() -> _Fragment:
        return _Fragment(True, 0, 0, 0, 0, 0)

    def _link(self, last: int, first: int) -> None:
        while last:
            low = last & -last
            self.follow[low.bit_length() - 1] |= first
            last ^= low

    def cat(self, a: _Fragment, b: _Fragment) -> _Fragment:
        self._link(a.last, b.first)
        return _Fragment(
            a.nullable and b.nullable,
            a.first | (b.first if a.nullable else 0),
            b.last | (a.last if b.nullable else 0),
            a.letters | b.letters,
            a.min_len + b.min_len,
            min(a.max_len + b.max_len, INFINITY),
        )

    @staticmethod
    def alt(a: _Fragment, b: _Fragment) -> _Fragment:
        return _Fragment(
            a.nullable or b.nullable,
            a.first | b.first,
            a.last | b.last,
            a.letters | b.letters,
            min(a.min_len, b.min_len),
            max(a.max_len, b.max_len),
        )

    def star(self, a: _Fragment) -> _Fragment:
        self._link(a.last, a.first)
        return _Fragment(True, a.first, a.last, a.letters, 0, INFINITY if a.max_len else 0)

    def sequence(self, tree: Any) -> _Fragment:
        frag = self.empty()
        for op, av in tree:
            frag = self.cat(frag, self.node(op, av))
        return frag

    def repeat(self, make: Any, low: int, high: int) -> _Fragment:
        if high == C.MAXREPEAT or high > UNROLL_LIMIT:
            frag = self.empty()
            for _ in range(min(low, UNROLL_LIMIT)):
                frag = self.cat(frag, make())
            return self.cat(frag, self.star(make()))
        frag = self.empty()
        for _ in range(low):
            frag = self.cat(frag, make())
        for _ in range(high - low):
            optional = make()
            frag = self.cat(frag, self.alt(optional, self.empty()))
        return frag

    def node(self, op: Any, av: Any) -> _Fragment:
        if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN, C.CATEGORY):
            return self.symbol(self.leaf(op, av))
        if op is C.BRANCH:
            frags = [self.sequence(p) for p in av[1]]
            out = frags[0]
            for frag in frags[1:]:
                out = self.alt(out, frag)
            return out
        if op is C.SUBPATTERN:
            frag = self.sequence(av[3])
            if av[0] is not None and av[0] not in self.groups:
                self.groups[av[0]] = frag
            return frag
        if op is C.ATOMIC_GROUP:
            return self.sequence(av)
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            low, high, sub = av
            return self.repeat(lambda: self.sequence(sub), low, high)
        if op is C.GROUPREF:
            self.exact = False
            group = self.groups.get(av)
            if group is None:
                return self.empty()
            high = group.max_len if group.max_len < INFINITY else C.MAXREPEAT
            return self.repeat(lambda: self.symbol(group.letters), group.min_len, high)
        if op in (C.ASSERT, C.ASSERT_NOT, C.AT, C.GROUPREF_EXISTS):
            self.exact = False
            return self.empty()
        raise ClueError(f"unsupported regex construct {op}")


def compile_clue(pattern: str, alphabet: str) -> Automaton:
    """The automaton of ``pattern`` over ``alphabet`` (a string of distinct letters)."""
    builder = _Builder(alphabet)
    frag = builder.sequence(parse_tree(pattern))
    accepting = frag.last | (1 if frag.nullable else 0)
    builder.follow[0] = frag.first
    return Automaton(builder.masks, builder.follow, accepting, builder.exact, len(alphabet))


def set_matcher(pattern: str, alphabet: str) -> SetMatcher:
    """A matcher of ``pattern`` over letter sets of ``alphabet`` (for inexact clues)."""
    return SetMatcher(parse_tree(pattern), _Builder(alphabet).leaf)


def matcher(pattern: str) -> regex.Pattern[str]:
    """The ``regex`` engine's compiled clue, anchored to the whole line."""
    try:
        return regex.compile(f"(?:{pattern})\\Z")
    except regex.error as exc:
        raise ClueError(f"bad regex {pattern!r}: {exc}") from exc
