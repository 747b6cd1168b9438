"""Matching a clue with backreferences or lookaheads against per-position letter sets.

The automaton of ``automaton.py`` cannot see that ``\\1`` repeats what its group read.
This matcher walks the clue's parse tree like a backtracking regex engine, but over
letter sets: each way of matching narrows the positions it reads, a backreference ties
its positions to the group's (their sets are intersected, and kept equal), a lookahead
narrows what follows. The union over all ways of matching the whole line is the narrowed
line. Walks that take too many steps give up (the caller keeps its weaker answer).
Negative lookarounds and word boundaries are not used (they only ever allow more).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from re import _constants as C  # type: ignore[attr-defined]  # noqa: N812
from typing import Any

STEP_LIMIT = 20000
"""Matching steps after which a walk gives up."""

State = tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]
"""Masks per position, equal-position pairs, and captures as (group, start, end)."""


class TooManySteps(Exception):
    """The walk exceeded its step budget."""


class SetMatcher:
    """A clue's parse tree with its leaves' letter masks, matched over letter sets."""

    def __init__(self, tree: Any, leaf_mask: Callable[[Any, Any], int]) -> None:
        self.tree = tree
        self.leaf_mask = leaf_mask
        self.steps = 0

    def narrow(self, masks: Sequence[int]) -> list[int] | None:
        """Union of the narrowed lines over all full matches; None when there is none.

        Raises TooManySteps when the walk is too long to finish.
        """
        self.steps = 0
        length = len(masks)
        result = [0] * length
        found = False
        for pos, (cells, pairs, _) in self._seq(list(self.tree), 0, 0, (tuple(masks), (), ())):
            if pos != length:
                continue
            settled = _equalise(list(cells), pairs)
            if settled is None:
                continue
            found = True
            for i, m in enumerate(settled):
                result[i] |= m
        return result if found else None

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > STEP_LIMIT:
            raise TooManySteps

    def _seq(self, items: list[Any], i: int, pos: int, state: State) -> Iterator[tuple[int, State]]:
        self._tick()
        if i == len(items):
            yield pos, state
            return
        op, av = items[i]
        for pos2, state2 in self._node(op, av, pos, state):
            yield from self._seq(items, i + 1, pos2, state2)

    def _node(self, op: Any, av: Any, pos: int, state: State) -> Iterator[tuple[int, State]]:
        masks, pairs, caps = state
        length = len(masks)
        if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN, C.CATEGORY):
            if pos < length:
                narrowed = masks[pos] & self.leaf_mask(op, av)
                if narrowed:
                    yield pos + 1, (_put(masks, pos, narrowed), pairs, caps)
        elif op is C.BRANCH:
            for alternative in av[1]:
                yield from self._seq(list(alternative), 0, pos, state)
        elif op is C.SUBPATTERN:
            for end, (m2, p2, c2) in self._seq(list(av[3]), 0, pos, state):
                group = av[0]
                yield end, (m2, p2, (*c2, (group, pos, end)) if group is not None else c2)
        elif op is C.ATOMIC_GROUP:
            yield from self._seq(list(av), 0, pos, state)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            yield from self._repeat(av, 0, pos, state)
        elif op is C.GROUPREF:
            yield from self._backref(av, pos, state)
        elif op is C.ASSERT:
            if av[0] == 1:
                for _, (m2, p2, c2) in self._seq(list(av[1]), 0, pos, state):
                    yield pos, (m2, p2, c2)
            else:
                yield pos, state
        elif op is C.AT:
            if av in (C.AT_BEGINNING, C.AT_BEGINNING_STRING):
                if pos == 0:
                    yield pos, state
            elif av in (C.AT_END, C.AT_END_STRING):
                if pos == length:
                    yield pos, state
            else:
                yield pos, state
        elif op in (C.ASSERT_NOT, C.GROUPREF_EXISTS):
            yield pos, state
        else:
            raise TooManySteps

    def _repeat(self, av: Any, count: int, pos: int, state: State) -> Iterator[tuple[int, State]]:
        low, high, sub = av
        if count >= low:
            yield pos, state
        if high != C.MAXREPEAT and count >= high:
            return
        for pos2, state2 in self._seq(list(sub), 0, pos, state):
            if pos2 == pos and count >= low:
                continue
            yield from self._repeat(av, count + 1, pos2, state2)

    def _backref(self, group: int, pos: int, state: State) -> Iterator[tuple[int, State]]:
        masks, pairs, caps = state
        span = next(((s, e) for g, s, e in reversed(caps) if g == group), None)
        if span is None:
            return
        start, end = span
        if pos + end - start > len(masks):
            return
        cells = list(masks)
        more = list(pairs)
        for j in range(end - start):
            a, b = start + j, pos + j
            shared = cells[a] & cells[b]
            if not shared:
                return
            cells[a] = cells[b] = shared
            more.append((a, b))
        yield pos + end - start, (tuple(cells), tuple(more), caps)


def _put(masks: tuple[int, ...], pos: int, value: int) -> tuple[int, ...]:
    return (*masks[:pos], value, *masks[pos + 1 :])


def _equalise(cells: list[int], pairs: Sequence[tuple[int, int]]) -> list[int] | None:
    """Make paired positions hold the same set (their intersection) until stable."""
    changed = True
    while changed:
        changed = False
        for a, b in pairs:
            shared = cells[a] & cells[b]
            if not shared:
                return None
            if shared != cells[a] or shared != cells[b]:
                cells[a] = cells[b] = shared
                changed = True
    return cells
