"""Regex clues as position automata over letter sets.

A clue's syntax tree (``syntax.py``: the ``regex`` module's own parse) is compiled into a
Glushkov automaton: one state per character leaf, each labelled with the set of letters it
reads, and a follow relation; there are no empty moves. Zero-width tests of the position
are states too, which read nothing and may be passed only where their test holds: ``^``
and ``\\A`` at the line's start, ``$`` and ``\\Z`` at its end, anywhere, wherever they
are in the clue. Bounded repeats are unrolled up to the line's length (a repeat cannot
use more non-empty copies than the line has cells), so they are exact.

What an automaton cannot express is over-approximated and the clue marked inexact, its
complete lines then checked by the ``regex`` engine: a backreference reads the letters
and lengths its group can take, a lookaround, word boundary or backtracking verb is a
test that always holds, a conditional is either branch, an atomic group or possessive
repeat is the plain one, fuzzy matching and recursion match anything. Letter sets are
bit masks over the puzzle's alphabet.

Two uses: ``narrow`` runs the automaton forward and backward over a line's per-position
letter sets and keeps only letters on some accepting path; ``distance`` gives the
fewest cells of a line that must change for the automaton to accept it (the graded cost).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from crossforge.plugins.bits import set_bits
from crossforge.plugins.puzzles.regexcross import syntax
from crossforge.plugins.puzzles.regexcross.setmatch import SetMatcher
from crossforge.plugins.puzzles.regexcross.syntax import (
    INFINITY,
    Alt,
    Assert,
    Atomic,
    Backref,
    ClueError,
    ClueMatcher,
    Cond,
    Group,
    Leaf,
    Look,
    Node,
    Opaque,
    Repeat,
    Seq,
    leaf_mask,
    parse_clue,
)

__all__ = ["Automaton", "ClueError", "compile_clue", "matcher", "set_matcher"]

UNROLL_LIMIT = 40
"""Largest bounded repeat unrolled when the line's length is not known (larger ones
become unbounded, and the clue inexact)."""

STATE_LIMIT = 1500
"""States an automaton may have; a repeat that would pass it reads any string of its
letters instead (and the clue is inexact)."""


@dataclass
class Automaton:
    """A Glushkov automaton: state 0 starts; state ``q > 0`` reads a letter of
    ``masks[q]``, or is a zero-width test (in ``at_start``, ``at_end`` or ``anywhere``)."""

    masks: list[int]
    follow: list[int]
    """Bit set of the states that may come after each state."""
    accepting: int
    """Bit set of the accepting states (state 0 when the empty line matches)."""
    exact: bool
    width: int
    """Size of the alphabet the masks are over."""
    at_start: int = 0
    """Zero-width states passable only before the line's first cell."""
    at_end: int = 0
    """Zero-width states passable only after the line's last cell."""
    anywhere: int = 0
    """Zero-width states passable at any position."""
    first: int = -1
    """Letters the engine lets a line start with (its first-character filter; -1: all)."""
    by_letter: list[int] = field(default_factory=list)
    """For each letter index, the bit set of states reading it."""

    def __post_init__(self) -> None:
        width = self.width
        self.zero = self.at_start | self.at_end | self.anywhere
        self.by_letter = [
            sum(1 << q for q, m in enumerate(self.masks) if m >> a & 1) for a in range(width)
        ]
        size = len(self.masks)
        self._follow_matrix = np.array(
            [[bool(self.follow[s] >> q & 1) for q in range(size)] for s in range(size)]
        ).reshape(size, size)
        self._preds = {
            z: [q for q in range(size) if self.follow[q] >> z & 1] for z in set_bits(self.zero)
        }
        self._miss = np.array(
            [
                [
                    INFINITY if q == 0 or self.zero >> q & 1 else 1 - (m >> a & 1)
                    for q, m in enumerate(self.masks)
                ]
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

    def _passable(self, position: int, length: int) -> int:
        """Zero-width states whose test holds at ``position`` of a line of ``length``."""
        out = self.anywhere
        if position == 0:
            out |= self.at_start
        if position == length:
            out |= self.at_end
        return out

    def _after(self, states: int) -> int:
        follow, out = self.follow, 0
        while states:
            low = states & -states
            out |= follow[low.bit_length() - 1]
            states ^= low
        return out

    def _close(self, states: int, passable: int) -> int:
        """``states`` with the zero-width states reachable from them through ``passable``."""
        frontier = states
        while frontier:
            frontier = self._after(frontier) & passable & ~states
            states |= frontier
        return states

    def narrow(self, sets: Sequence[int]) -> list[int] | None:
        """Each position's letters that lie on an accepting path; None if there is none."""
        if sets and self.first != -1:
            sets = [sets[0] & self.first, *sets[1:]]
        if self.zero:
            return self._narrow_zero(sets)
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

    def _narrow_zero(self, sets: Sequence[int]) -> list[int] | None:
        """``narrow`` with zero-width states: closures at every position."""
        length = len(sets)
        follow, masks, zero = self.follow, self.masks, self.zero
        forward = [self._close(1, self._passable(0, length))]
        for i in range(length):
            nxt = self._after(forward[i]) & self._states_reading(sets[i])
            if not nxt:
                return None
            forward.append(self._close(nxt, self._passable(i + 1, length)))
        result = [0] * length
        live = self._back_close(forward[length], forward[length] & self.accepting, length, length)
        if not live:
            return None
        for i in range(length - 1, -1, -1):
            entered = live & ~zero
            letters = 0
            for q in set_bits(entered):
                letters |= masks[q]
            result[i] = letters & sets[i]
            seeds = sum(1 << q for q in set_bits(forward[i]) if follow[q] & entered)
            live = self._back_close(forward[i], seeds, i, length)
        return result

    def _back_close(self, available: int, live: int, position: int, length: int) -> int:
        """States of ``available`` from which zero-width moves at ``position`` reach ``live``."""
        passable = self._passable(position, length)
        follow = self.follow
        while True:
            more = 0
            for q in set_bits(available & ~live):
                if follow[q] & passable & live:
                    more |= 1 << q
            if not more:
                return live
            live |= more

    def distance(self, letters: Sequence[int]) -> tuple[int, list[int]]:
        """Fewest positions to change so the automaton accepts, and, per position, the
        letters (mask) a nearest accepted line may hold there. ``letters`` are indices."""
        size = len(self.masks)
        length = len(letters)
        costs = np.full(size, INFINITY, dtype=np.int64)
        costs[0] = 0
        back: list[np.ndarray] = []
        zback: list[dict[int, int]] = []
        zback.append(self._relax(costs, 0, length))
        for i, a in enumerate(letters):
            through = np.where(self._follow_matrix, costs[:, None], INFINITY)
            best_from = through.argmin(axis=0)
            reached = through.min(axis=0)
            costs = np.minimum(reached + self._miss[a], INFINITY)
            back.append(best_from)
            zback.append(self._relax(costs, i + 1, length))
        accept = [q for q in range(size) if self.accepting >> q & 1]
        if not accept:
            return INFINITY, []
        end = min(accept, key=lambda q: costs[q])
        total = int(costs[end])
        if total >= INFINITY:
            return INFINITY, []
        if letters and self.first != -1 and not self.first >> letters[0] & 1:
            total += 1  # the engine's first-character filter rejects the line
        path = []
        state = end
        for step in range(length, 0, -1):
            while state in zback[step]:
                state = zback[step][state]
            path.append(self.masks[state])
            state = int(back[step - 1][state])
        path.reverse()
        if path and self.first != -1 and path[0] & self.first:
            path[0] &= self.first
        return total, path

    def _relax(self, costs: np.ndarray, position: int, length: int) -> dict[int, int]:
        """Zero-width moves at ``position``, in place; each improved state's predecessor."""
        if not self.zero:
            return {}
        passable = set_bits(self._passable(position, length))
        came: dict[int, int] = {}
        changed = True
        while changed:
            changed = False
            for z in passable:
                for q in self._preds[z]:
                    if costs[q] < costs[z]:
                        costs[z] = costs[q]
                        came[z] = q
                        changed = True
        return came


@dataclass
class _Fragment:
    nullable: bool
    first: int
    last: int


FAIL = _Fragment(False, 0, 0)
"""A fragment that matches nothing."""


class _Builder:
    def __init__(self, alphabet: str, length: int | None, flags: int) -> None:
        self.alphabet = alphabet
        self.length = length
        self.flags = flags
        self.full = (1 << len(alphabet)) - 1
        self.masks = [0]
        self.follow = [0]
        self.zero = {"start": 0, "end": 0, "anywhere": 0}
        self.exact = True
        self.group_letters: dict[int, int] = {}
        self.group_spans: dict[int, tuple[int, int]] = {}
        self._leaves: dict[int, int] = {}

    def leaf(self, leaf: Leaf) -> int:
        key = id(leaf)
        if key not in self._leaves:
            mask, exact = leaf_mask(leaf, self.alphabet)
            self.exact = self.exact and exact
            self._leaves[key] = mask
        return self._leaves[key]

    def letters(self, node: Node | _Letters, seen: frozenset[int] = frozenset()) -> int:
        """Every letter ``node`` may read (for backreferences to a group)."""
        if isinstance(node, _Letters):
            return node.mask
        if isinstance(node, Leaf):
            return self.leaf(node)
        if isinstance(node, Seq):
            return _union(self.letters(i, seen) for i in node.items)
        if isinstance(node, Alt):
            return _union(self.letters(o, seen) for o in node.options)
        if isinstance(node, (Repeat, Group, Atomic)):
            return self.letters(node.sub, seen)
        if isinstance(node, Cond):
            return self.letters(node.yes, seen) | self.letters(node.no, seen)
        if isinstance(node, Backref):
            if node.group in seen or node.group not in self.group_letters:
                return self.full
            return self.group_letters[node.group]
        if isinstance(node, Opaque):
            return 0 if node.zero_width else self.full
        return 0

    def symbol(self, mask: int) -> _Fragment:
        self.masks.append(mask)
        self.follow.append(0)
        bit = 1 << (len(self.masks) - 1)
        return _Fragment(False, bit, bit)

    def test(self, where: str) -> _Fragment:
        """A zero-width state passable at the start, the end or anywhere."""
        fragment = self.symbol(0)
        self.zero[where] |= fragment.first
        return fragment

    @staticmethod
    def empty() -> _Fragment:
        return _Fragment(True, 0, 0)

    def _link(self, last: int, first: int) -> None:
        for q in set_bits(last):
            self.follow[q] |= first

    def cat(self, a: _Fragment, b: _Fragment) -> _Fragment:
        self._link(a.last, b.first)
        return _Fragment(
            a.nullable and b.nullable,
            a.first | (b.first if a.nullable else 0),
            b.last | (a.last if b.nullable else 0),
        )

    @staticmethod
    def alt(a: _Fragment, b: _Fragment) -> _Fragment:
        return _Fragment(a.nullable or b.nullable, a.first | b.first, a.last | b.last)

    def star(self, a: _Fragment) -> _Fragment:
        self._link(a.last, a.first)
        return _Fragment(True, a.first, a.last)

    def anything(self, mask: int) -> _Fragment:
        """Any string of letters of ``mask`` (an over-approximation)."""
        self.exact = False
        return self.star(self.symbol(mask))

    def build(self, node: Node | _Letters) -> _Fragment:
        if isinstance(node, _Letters):
            return self.symbol(node.mask)
        if isinstance(node, Leaf):
            return self.symbol(self.leaf(node))
        if isinstance(node, Seq):
            frag = self.empty()
            for item in node.items:
                frag = self.cat(frag, self.build(item))
            return frag
        if isinstance(node, Alt):
            out = FAIL
            for option in node.options:
                out = self.alt(out, self.build(option))
            return out
        if isinstance(node, Group):
            return self.build(node.sub)
        if isinstance(node, Atomic):
            self.exact = False
            return self.build(node.sub)
        if isinstance(node, Repeat):
            if node.possessive:
                self.exact = False
            return self.repeat(node.sub, node.low, node.high)
        if isinstance(node, Backref):
            return self.backref(node)
        if isinstance(node, Cond):
            self.exact = False
            return self.alt(self.build(node.yes), self.build(node.no))
        if isinstance(node, Look):
            self.exact = False
            return self.test("anywhere")
        if isinstance(node, Assert):
            return self.assertion(node.kind)
        if isinstance(node, Opaque):
            if node.zero_width:
                self.exact = False
                return self.test("anywhere")
            return self.anything(self.full)
        raise ClueError(f"unknown regex node {node!r}")  # pragma: no cover

    def assertion(self, kind: str) -> _Fragment:
        where, exact = syntax.assert_where(kind, self.alphabet)
        if where == "never":
            return FAIL
        self.exact = self.exact and exact
        return self.test(where)

    def repeat(self, sub: Node | _Letters, low: int, high: int | None) -> _Fragment:
        """``sub{low,high}``, unrolled."""
        least = 1 if isinstance(sub, _Letters) else syntax.span(sub, self.group_spans)[0]
        if self.length is not None:
            if low > self.length and least > 0:
                return FAIL  # too many non-empty copies for the line
            if high is not None:  # copies past max(low, length) could only match ""
                high = min(high, max(low, self.length))
        elif high is not None and high > UNROLL_LIMIT:
            high = None
            self.exact = False
        if low > max(UNROLL_LIMIT, self.length or 0):
            low = UNROLL_LIMIT
            high = None
            self.exact = False
        frag = self.empty()
        count = 0
        before = len(self.masks)
        while count < low:
            frag = self.cat(frag, self.build(sub))
            count += 1
            if self._over_budget(before, count, low if high is None else high):
                return self.cat(frag, self.anything(self.letters(sub)))
        if high is None:
            return self.cat(frag, self.star(self.build(sub)))
        optional = self.empty()
        while count < high:
            optional = self.alt(self.build(sub), self.empty())
            frag = self.cat(frag, optional)
            count += 1
            if count < high and self._over_budget(before, count, high):
                return self.cat(frag, self.anything(self.letters(sub)))
        return frag

    def _over_budget(self, before: int, built: int, wanted: int) -> bool:
        per_copy = (len(self.masks) - before) / built
        return len(self.masks) + per_copy * (wanted - built) > STATE_LIMIT

    def backref(self, node: Backref) -> _Fragment:
        """The letters and lengths the group can take (an over-approximation)."""
        self.exact = False
        letters = self.group_letters.get(node.group, self.full)
        if node.ignorecase:
            letters = syntax.case_closure(letters, self.alphabet, self.flags)
        low, high = self.group_spans.get(node.group, (0, INFINITY))
        return self.repeat(_Letters(letters), low, None if high >= INFINITY else high)


@dataclass(frozen=True, eq=False)
class _Letters:
    """A pseudo-leaf reading the letters of a mask (a backreference's copies)."""

    mask: int


def _union(masks: object) -> int:
    out = 0
    for m in masks:  # type: ignore[attr-defined]
        out |= m
    return out


def compile_clue(pattern: str, alphabet: str, length: int | None = None) -> Automaton:
    """The automaton of ``pattern`` over ``alphabet`` (a string of distinct letters), for
    lines of ``length`` cells (None: any length; large repeats are then inexact)."""
    clue = parse_clue(pattern)
    builder = _Builder(alphabet, length, clue.flags)
    groups = syntax.groups_of(clue.tree)
    builder.group_spans = syntax.group_spans(clue.tree)
    for index, subs in groups.items():
        builder.group_letters[index] = _union(builder.letters(s, frozenset({index})) for s in subs)
    frag = builder.build(clue.tree)
    first = -1 if clue.first is None else builder.leaf(clue.first)
    accepting = frag.last | (1 if frag.nullable else 0)
    builder.follow[0] = frag.first
    return Automaton(
        builder.masks,
        builder.follow,
        accepting,
        builder.exact,
        len(alphabet),
        at_start=builder.zero["start"],
        at_end=builder.zero["end"],
        anywhere=builder.zero["anywhere"],
        first=first,
    )


def set_matcher(pattern: str, alphabet: str) -> SetMatcher | None:
    """A matcher of ``pattern`` over letter sets of ``alphabet`` (for inexact clues);
    None for right-to-left clues (``(?r)``) and clues with opaque parts (fuzzy matching,
    recursion), whose captures it would misjudge."""
    clue = parse_clue(pattern)
    if clue.reverse or syntax.has_opaque(clue.tree):
        return None
    return SetMatcher(clue, alphabet)


def matcher(pattern: str) -> ClueMatcher:
    """The ``regex`` engine's fullmatch of the clue, under a timeout."""
    return ClueMatcher(pattern)
