"""Matching a clue with backreferences, conditionals or lookaheads against per-position
letter sets.

The automaton of ``automaton.py`` cannot see that ``\\1`` repeats what its group read, nor
which branch of ``(?(1)…|…)`` a match takes. This matcher walks the clue's syntax tree
(``syntax.py``) like a backtracking regex engine, but over letter sets: each way of
matching narrows the positions it reads, a backreference ties its positions to the
group's (their sets are intersected, and kept equal; a case-insensitive one only keeps
letters with a case variant on the other side), a group conditional takes the branch its
group's capture decides, a lookahead narrows what follows. The union over all ways of
matching the whole line is the narrowed line. Whatever the walk does not follow exactly
(lookbehinds, negative lookarounds, word boundaries, atomic groups, fuzzy matching) it
over-approximates, so the union never loses a letter of a real match. Walks that take
too many steps give up (the caller keeps its weaker answer).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from crossforge.plugins.puzzles.regexcross.syntax import (
    Alt,
    Assert,
    Atomic,
    Backref,
    Cond,
    Group,
    Leaf,
    Look,
    Node,
    Opaque,
    ParsedClue,
    Repeat,
    Seq,
    assert_where,
    case_closure,
    leaf_mask,
)

STEP_LIMIT = 20000
"""Matching steps after which a walk gives up."""

State = tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]
"""Masks per position, equal-position pairs, and each group's last capture as
(group, start, end), sorted by group."""


class TooManySteps(Exception):
    """The walk exceeded its step budget."""


class SetMatcher:
    """A clue's syntax tree with its leaves' letter masks, matched over letter sets."""

    def __init__(self, clue: ParsedClue, alphabet: str) -> None:
        self.tree = clue.tree
        self.alphabet = alphabet
        self.flags = clue.flags
        self._leaves: dict[int, int] = {}
        self._closures: dict[int, int] = {}
        self.first = -1 if clue.first is None else leaf_mask(clue.first, alphabet)[0]
        """The engine's first-character filter (``syntax.ParsedClue.first``); -1: none."""
        self.untracked = _behind_groups(clue.tree)
        """Groups captured inside lookbehinds, which the walk does not follow: a
        backreference to one matches anything, a conditional on one takes either branch."""
        self.steps = 0

    def narrow(self, masks: Sequence[int]) -> list[int] | None:
        """Union of the narrowed lines over all full matches; None when there is none.

        Raises TooManySteps when the walk is too long to finish.
        """
        self.steps = 0
        length = len(masks)
        if length and self.first != -1:
            masks = [masks[0] & self.first, *masks[1:]]
        result = [0] * length
        found = False
        for pos, (cells, pairs, _) in self._walk(self.tree, 0, (tuple(masks), (), ())):
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

    def _leaf(self, leaf: Leaf) -> int:
        key = id(leaf)
        if key not in self._leaves:
            self._leaves[key] = leaf_mask(leaf, self.alphabet)[0]
        return self._leaves[key]

    def _closure(self, mask: int) -> int:
        if mask not in self._closures:
            self._closures[mask] = case_closure(mask, self.alphabet, self.flags)
        return self._closures[mask]

    def _walk(self, node: Node, pos: int, state: State) -> Iterator[tuple[int, State]]:
        self._tick()
        masks, pairs, caps = state
        length = len(masks)
        if isinstance(node, Leaf):
            if pos < length:
                narrowed = masks[pos] & self._leaf(node)
                if narrowed:
                    yield pos + 1, (_put(masks, pos, narrowed), pairs, caps)
        elif isinstance(node, Seq):
            yield from self._seq(node.items, 0, pos, state)
        elif isinstance(node, Alt):
            for option in node.options:
                yield from self._walk(option, pos, state)
        elif isinstance(node, Group):
            for end, (m2, p2, c2) in self._walk(node.sub, pos, state):
                yield end, (m2, p2, _capture(c2, node.index, pos, end))
        elif isinstance(node, Atomic):
            yield from self._walk(node.sub, pos, state)
        elif isinstance(node, Repeat):
            yield from self._repeat(node, 0, pos, state)
        elif isinstance(node, Backref):
            yield from self._backref(node, pos, state)
        elif isinstance(node, Look):
            yield from self._look(node, pos, state)
        elif isinstance(node, Cond):
            if node.group is not None and node.group not in self.untracked:
                taken = any(g == node.group for g, _, _ in caps)
                yield from self._walk(node.yes if taken else node.no, pos, state)
            else:
                # a lookahead that holds keeps its captures for the yes branch
                yes_from = self._look(node.look, pos, state) if node.look else [(pos, state)]
                for _, after in yes_from:
                    yield from self._walk(node.yes, pos, after)
                yield from self._walk(node.no, pos, state)
        elif isinstance(node, Assert):
            where, _ = assert_where(node.kind, self.alphabet)
            if (
                where == "anywhere"
                or (where == "start" and pos == 0)
                or (where == "end" and pos == length)
            ):
                yield pos, state
        elif isinstance(node, Opaque):
            ends = [pos] if node.zero_width else range(pos, length + 1)
            for end in ends:
                yield end, state
        else:  # pragma: no cover
            raise TooManySteps

    def _look(self, node: Look, pos: int, state: State) -> Iterator[tuple[int, State]]:
        """A lookaround: a positive lookahead narrows and captures (each way it can
        match); the others leave the state as it is."""
        if not node.positive or node.behind:
            yield pos, state
            return
        seen = set()
        for _, after in self._walk(node.sub, pos, state):
            if after not in seen:
                seen.add(after)
                yield pos, after

    def _seq(
        self, items: Sequence[Node], i: int, pos: int, state: State
    ) -> Iterator[tuple[int, State]]:
        if i == len(items):
            yield pos, state
            return
        for pos2, state2 in self._walk(items[i], pos, state):
            yield from self._seq(items, i + 1, pos2, state2)

    def _repeat(
        self, node: Repeat, count: int, pos: int, state: State
    ) -> Iterator[tuple[int, State]]:
        self._tick()
        if count >= node.low:
            yield pos, state
        if node.high is not None and count >= node.high:
            return
        for pos2, state2 in self._walk(node.sub, pos, state):
            if pos2 == pos and count >= node.low and state2 == state:
                continue  # an empty pass that changed nothing
            yield from self._repeat(node, count + 1, pos2, state2)

    def _backref(self, node: Backref, pos: int, state: State) -> Iterator[tuple[int, State]]:
        masks, pairs, caps = state
        if node.group in self.untracked:
            for end in range(pos, len(masks) + 1):
                yield end, state
            return
        span = next(((s, e) for g, s, e in caps if g == node.group), None)
        if span is None:
            return  # a reference to a group that has not matched fails
        start, end = span
        if pos + end - start > len(masks):
            return
        cells = list(masks)
        more = list(pairs)
        for j in range(end - start):
            a, b = start + j, pos + j
            if node.ignorecase:
                cells[a], cells[b] = (
                    cells[a] & self._closure(cells[b]),
                    cells[b] & self._closure(cells[a]),
                )
                if not cells[a] or not cells[b]:
                    return
                continue
            shared = cells[a] & cells[b]
            if not shared:
                return
            cells[a] = cells[b] = shared
            more.append((a, b))
        yield pos + end - start, (tuple(cells), tuple(more), caps)


def _behind_groups(node: Node | None, behind: bool = False) -> frozenset[int]:
    """Numbers of the groups inside lookbehinds."""
    if isinstance(node, Group):
        inner = _behind_groups(node.sub, behind)
        return inner | {node.index} if behind else inner
    if isinstance(node, Look):
        return _behind_groups(node.sub, behind or node.behind)
    if isinstance(node, (Repeat, Atomic)):
        return _behind_groups(node.sub, behind)
    parts: tuple[Node | None, ...] = ()
    if isinstance(node, Seq):
        parts = node.items
    elif isinstance(node, Alt):
        parts = node.options
    elif isinstance(node, Cond):
        parts = (node.look, node.yes, node.no)
    out: frozenset[int] = frozenset()
    for part in parts:
        out |= _behind_groups(part, behind)
    return out


def _put(masks: tuple[int, ...], pos: int, value: int) -> tuple[int, ...]:
    return (*masks[:pos], value, *masks[pos + 1 :])


def _capture(
    caps: tuple[tuple[int, int, int], ...], group: int, start: int, end: int
) -> tuple[tuple[int, int, int], ...]:
    """The captures with ``group``'s replaced (a group keeps only its last capture)."""
    return tuple(sorted((*(c for c in caps if c[0] != group), (group, start, end))))


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
