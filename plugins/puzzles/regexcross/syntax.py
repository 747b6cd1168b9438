"""Clues read by the ``regex`` module's own parser, as a small syntax tree.

A clue is matched by the ``regex`` module, so it is parsed by that module's parser too
(``regex._regex_core``, the code ``regex.compile`` runs): inline flags, scoped and global,
case-insensitivity, Unicode properties, POSIX classes, set operations, branch reset and
every escape mean here what they mean to the matcher. Python's ``re`` parser reads the
same text differently (``[[:alpha:]]``, ``\\p{Lu}``, ``(?i)`` in the middle, ``[[``).

The parse tree is turned into the nodes below. A ``Leaf`` reads one character; which
letters of an alphabet it accepts is asked of the leaf's own node (``leaf_accepts``),
with the engine's case folding. Everything the automaton and the set matcher cannot
follow exactly keeps a node that says so (``Look``, ``Cond``, ``Atomic``, ``Opaque``, an
``Assert`` of kind ``maybe``): they over-approximate it, and complete lines are checked
by ``ClueMatcher`` (the ``regex`` engine's fullmatch, under a timeout). When the
internal parser is missing or changes shape, a clue becomes one ``Opaque`` node: it is
then only checked on complete lines, never mis-read.
"""

from __future__ import annotations

import string
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeAlias

import regex

from crossforge.errors import InputError

try:  # the parser regex.compile itself runs; private, so its absence is survivable
    from regex import _regex
    from regex import _regex_core as core
except ImportError:  # pragma: no cover - a regex release without these modules
    core = None
    _regex = None

from crossforge.wordbase.user_regex import (
    RegexBoundError,
    check_user_regex,
    compile_uncached,
    parse_pattern,
)

MATCH_TIMEOUT = 0.5
"""Seconds one fullmatch of a clue against a line may take (``regex``'s ``timeout=``)."""

MATCH_BUDGET = 20.0
"""Seconds one clue's matcher may spend matching in all before solving gives up."""

INFINITY = 1 << 20
"""Stands for an unbounded length."""

LINE_SEPARATORS = frozenset("\n\x0b\x0c\r\x85\u2028\u2029")
"""What ``.``, ``^`` and ``$`` treat as line ends under the WORD flag (``\\n`` otherwise)."""

IGNORECASE = regex.IGNORECASE
ENCODINGS = regex.ASCII | regex.LOCALE | regex.UNICODE


class ClueError(InputError):
    """A clue that is not a usable regular expression."""


class ClueTimeout(ClueError):
    """A clue whose matching took longer than its time limit."""


@dataclass(frozen=True, eq=False)
class Leaf:
    """Reads one character: a literal, class, property, set or ``.`` of the regex parser."""

    node: Any
    flags: int
    """The pattern's global flags (encoding, locale)."""


@dataclass(frozen=True, eq=False)
class Seq:
    items: tuple[Node, ...]


@dataclass(frozen=True, eq=False)
class Alt:
    options: tuple[Node, ...]


@dataclass(frozen=True, eq=False)
class Repeat:
    """``sub{low,high}``; ``high`` None is unbounded. Lazy repeats have the same
    language under fullmatch; possessive ones only match less (over-approximated)."""

    sub: Node
    low: int
    high: int | None
    possessive: bool


@dataclass(frozen=True, eq=False)
class Group:
    index: int
    sub: Node


@dataclass(frozen=True, eq=False)
class Atomic:
    """``(?>…)``: matches a subset of what ``sub`` matches (over-approximated by it)."""

    sub: Node


@dataclass(frozen=True, eq=False)
class Backref:
    group: int
    ignorecase: bool


@dataclass(frozen=True, eq=False)
class Look:
    behind: bool
    positive: bool
    sub: Node


@dataclass(frozen=True, eq=False)
class Cond:
    """``(?(group)yes|no)`` (``group`` None when it is not a plain group number, as
    ``DEFINE``) or ``(?(?=look)yes|no)``."""

    group: int | None
    look: Look | None
    yes: Node
    no: Node


@dataclass(frozen=True, eq=False)
class Assert:
    """A zero-width test of the position: ``start``, ``end``, ``end_nl`` (``$``: the end
    or before a final newline), ``start_line``/``end_line`` (multiline ``^``/``$``),
    their ``_u`` forms (any line separator), ``never`` (``(*FAIL)``) or ``maybe`` (word
    boundaries, ``\\K``, ``\\G``, backtracking verbs: over-approximated as always true)."""

    kind: str


@dataclass(frozen=True, eq=False)
class Opaque:
    """What is only checked on complete lines: fuzzy matching, recursion, graphemes,
    characters that fold to several. Matches any string (only the empty one when
    ``zero_width``); ``sub`` is kept for the alphabet."""

    zero_width: bool
    why: str
    sub: Node | None = None


Node: TypeAlias = (
    Leaf | Seq | Alt | Repeat | Group | Atomic | Backref | Look | Cond | Assert | Opaque
)


@dataclass(frozen=True, eq=False)
class ParsedClue:
    """A clue's syntax tree and the pattern-wide facts the compilers need."""

    pattern: str
    tree: Node
    flags: int
    reverse: bool
    """``(?r)``: matched right to left, which the set matcher does not imitate."""
    first: Leaf | None = None
    """The engine's first-character filter, when it builds one: a match's first
    character must pass it too. It is built from the first characters the clue can
    read, and when one of them ignores case the whole filter does, which can reject
    what the clue alone accepts (``\\P{Lu}AA|(?i:x)BA`` does not match ``aAA``)."""


@lru_cache(maxsize=4096)
def compiled(pattern: str) -> regex.Pattern[str]:
    """The ``regex`` engine's compiled clue; ClueError naming it on a syntax error, or
    when it is past the bounds of every user regex (``wordbase.user_regex``: length,
    unrolled counted repeats), before anything is compiled."""
    try:
        check_user_regex(pattern)
        compiled: regex.Pattern[str] = compile_uncached(pattern)
    except (regex.error, ValueError, TypeError, KeyError) as exc:
        message = str(exc) if isinstance(exc, RegexBoundError) else f"bad regex {pattern!r}: {exc}"
        raise ClueError(message) from exc
    return compiled


@lru_cache(maxsize=4096)
def parse_clue(pattern: str) -> ParsedClue:
    """The clue's syntax tree (ClueError when the ``regex`` module rejects it)."""
    flags = compiled(pattern).flags
    try:
        tree, flags = _parse(pattern)
        first = _first_filter(pattern)
    except ClueError:
        raise
    except Exception as exc:  # noqa: BLE001 - private parser changed: check lines only
        return ParsedClue(pattern, Opaque(False, f"unreadable parse tree ({exc})"), flags, False)
    if flags & regex.REVERSE:
        # right to left the engine reads classes and filters its own way: lines only
        return ParsedClue(pattern, Opaque(False, "right-to-left matching", tree), flags, True)
    return ParsedClue(pattern, tree, flags, False, first)


def _first_filter(pattern: str) -> Leaf | None:
    """The first-character set ``regex.compile`` prefixes the pattern's code with, as a
    leaf (the same steps as its ``_compile``), or None when it builds none."""
    parsed, info = _parse_raw(pattern)
    reverse = bool(info.flags & regex.REVERSE)
    parsed = parsed.optimise(info, reverse).pack_characters(info)
    if reverse or parsed.has_simple_start():
        return None
    try:
        members = core._check_firstset(info, reverse, parsed.get_firstset(reverse))
    except core._FirstSetError:
        return None
    if not members or type(members).__name__ == "AnyAll":
        return None
    return Leaf(members.with_flags(zerowidth=False), info.flags)


def _parse(pattern: str) -> tuple[Node, int]:
    """Run ``regex``'s parser as ``regex.compile`` does and convert its tree."""
    parsed, info = _parse_raw(pattern)
    return _convert(parsed, info.flags), info.flags


def _parse_raw(pattern: str) -> tuple[Any, Any]:
    """``regex``'s own parse tree and parse state, as ``regex.compile`` makes them."""
    try:
        parsed, info = parse_pattern(pattern)
    except ValueError as exc:
        raise ClueError(str(exc)) from exc
    if not info.flags & ENCODINGS:
        info.flags |= regex.UNICODE
    parsed.fix_groups(pattern, bool(info.flags & regex.REVERSE), False)
    return parsed, info


_ASSERTS = {
    "StartOfString": "start",
    "EndOfString": "end",
    "EndOfStringLine": "end_nl",
    "EndOfStringLineU": "end_nl_u",
    "StartOfLine": "start_line",
    "StartOfLineU": "start_line_u",
    "EndOfLine": "end_line",
    "EndOfLineU": "end_line_u",
    "Failure": "never",
}
_MAYBE = {
    "Boundary", "DefaultBoundary", "StartOfWord", "EndOfWord", "DefaultStartOfWord",
    "DefaultEndOfWord", "Keep", "SearchAnchor", "Prune", "Skip", "GraphemeBoundary",
}  # fmt: skip
_LEAVES = {
    "Character", "Range", "Property", "SetUnion", "SetInter", "SetDiff", "SetSymDiff",
    "Any", "AnyAll", "AnyU",
}  # fmt: skip


def _convert(node: Any, flags: int) -> Node:
    """Our node for one node of ``regex``'s parse tree (exact class names: subclasses
    such as ``LazyRepeat`` or ``StringSet`` mean other things than their bases)."""
    kind = type(node).__name__
    if kind == "Sequence":
        return Seq(tuple(_convert(item, flags) for item in node.items))
    if kind == "Branch":
        return Alt(tuple(_convert(item, flags) for item in node.branches))
    if kind in _LEAVES:
        return _leaf(node, flags)
    if kind in ("String", "Literal"):
        chars = [core.Character(c, case_flags=node.case_flags) for c in node.characters]
        return Seq(tuple(_leaf(c, flags) for c in chars))
    if kind in ("GreedyRepeat", "LazyRepeat", "PossessiveRepeat"):
        sub = _convert(node.subpattern, flags)
        return Repeat(sub, node.min_count, node.max_count, kind == "PossessiveRepeat")
    if kind == "Group" and isinstance(node.group, int):
        return Group(node.group, _convert(node.subpattern, flags))
    if kind == "Atomic":
        return Atomic(_convert(node.subpattern, flags))
    if kind == "RefGroup" and isinstance(node.group, int):
        return Backref(node.group, bool(node.case_flags & IGNORECASE))
    if kind == "LookAround":
        return Look(bool(node.behind), bool(node.positive), _convert(node.subpattern, flags))
    if kind == "Conditional":
        group = node.group if isinstance(node.group, int) and node.group > 0 else None
        return Cond(group, None, _convert(node.yes_item, flags), _convert(node.no_item, flags))
    if kind == "LookAroundConditional":
        look = Look(bool(node.behind), bool(node.positive), _convert(node.subpattern, flags))
        return Cond(None, look, _convert(node.yes_item, flags), _convert(node.no_item, flags))
    if kind in _ASSERTS and getattr(node, "positive", True):
        return Assert(_ASSERTS[kind])
    if kind in _MAYBE or kind in _ASSERTS:
        return Assert("maybe")
    if kind == "Fuzzy":
        return Opaque(False, "fuzzy matching", _convert(node.subpattern, flags))
    return Opaque(False, kind)


def _leaf(node: Any, flags: int) -> Node:
    if getattr(node, "zerowidth", False):
        return Opaque(True, "zero-width character test")
    if node.max_width() != 1:
        return Opaque(False, "a character that folds to several")
    return Leaf(node, flags)


# --- which characters a leaf accepts -------------------------------------------------


def _cases(code: int, case_flags: int, flags: int) -> list[int]:
    if not case_flags & IGNORECASE:
        return [code]
    return list(_regex.get_all_cases(case_flags | (flags & ENCODINGS), code))


def _raw(node: Any, code: int) -> bool:
    """Membership ignoring the node's own negation (``matches`` applies it)."""
    return bool(node.matches(code)) == bool(node.positive)


def leaf_accepts(leaf: Leaf, ch: str) -> bool | None:
    """Whether the leaf reads ``ch``, as the engine decides; None when not known here
    (then the letter is kept and the clue's lines are checked by the engine)."""
    node, flags, code = leaf.node, leaf.flags, ord(ch)
    kind = type(node).__name__
    if kind == "Any":
        return ch != "\n"
    if kind == "AnyAll":
        return True
    if kind == "AnyU":
        return ch not in LINE_SEPARATORS
    case_flags = node.case_flags
    if flags & regex.LOCALE and (case_flags & IGNORECASE or code > 0x7F):
        return None
    if kind not in ("Character", "Range") and (
        case_flags & IGNORECASE or (code > 0x7F and flags & regex.ASCII)
    ):
        # the engine folds case in sets and properties by rules of its own
        # (``(?i)[\P{Lu}x]`` rejects ``a``): it decides
        probe = _leaf_probe(node, flags)
        return None if probe is None else probe.fullmatch(ch) is not None
    try:
        hit = any(_raw(node, c) for c in _cases(code, case_flags, flags))
    except Exception:  # noqa: BLE001 - an unknown node shape: keep the letter
        return None
    return hit == bool(node.positive)


@lru_cache(maxsize=4096)
def _leaf_probe(node: Any, flags: int) -> Any:
    """The engine's own code for one leaf, as a pattern that matches one character when
    the leaf does (None when this ``regex`` release cannot be driven so)."""
    if not _PROBES_WORK:
        return None
    try:
        return _compile_leaf(node, flags)
    except Exception:  # noqa: BLE001
        return None


def _compile_leaf(node: Any, flags: int) -> Any:
    """What ``regex``'s ``_compile`` does with a parsed pattern, for a lone leaf."""
    version = flags & (regex.VERSION0 | regex.VERSION1) or regex.DEFAULT_VERSION
    code = core._flatten_code([*node.compile(False), (core.OP.SUCCESS,)])
    return _regex.compile("", flags | version, code, {}, {}, {}, [], 0, (), 0, 0)


def _probes_work() -> bool:
    """Whether leaf probes behave (checked once on known leaves)."""
    try:
        upper = _compile_leaf(core.Character(ord("A")), regex.UNICODE)
        lower = _compile_leaf(core.Character(ord("a"), case_flags=IGNORECASE), regex.UNICODE)
        return (
            upper.fullmatch("A") is not None
            and upper.fullmatch("B") is None
            and lower.fullmatch("A") is not None
            and upper.fullmatch("AA") is None
        )
    except Exception:  # noqa: BLE001
        return False


_PROBES_WORK = core is not None and _probes_work()


def leaf_mask(leaf: Leaf, alphabet: str) -> tuple[int, bool]:
    """Bit mask of the alphabet's letters the leaf reads, and whether it is exact (an
    unknown letter is kept in the mask)."""
    try:
        return _node_mask(leaf.node, leaf.flags, alphabet)
    except TypeError:  # an unhashable node: not remembered
        return _leaf_mask(leaf, alphabet)


@lru_cache(maxsize=8192)
def _node_mask(node: Any, flags: int, alphabet: str) -> tuple[int, bool]:
    """``leaf_mask`` remembered by the node's value (equal nodes read equal letters)."""
    return _leaf_mask(Leaf(node, flags), alphabet)


def _leaf_mask(leaf: Leaf, alphabet: str) -> tuple[int, bool]:
    mask, exact = 0, True
    for i, ch in enumerate(alphabet):
        hit = leaf_accepts(leaf, ch)
        if hit is None:
            exact = False
        if hit is not False:
            mask |= 1 << i
    return mask, exact


def case_closure(mask: int, alphabet: str, flags: int) -> int:
    """The mask with every letter's case variants that are in the alphabet."""
    index = {ch: i for i, ch in enumerate(alphabet)}
    out = mask
    for i, ch in enumerate(alphabet):
        if mask >> i & 1:
            for c in _cases(ord(ch), IGNORECASE, flags):
                j = index.get(chr(c))
                if j is not None:
                    out |= 1 << j
    return out


# --- the alphabet --------------------------------------------------------------------

UPPER = string.ascii_uppercase
WIDE_RANGE = 128
"""Ranges wider than this name only their capital letters (and allow anything)."""


def named_characters(clue: ParsedClue) -> tuple[set[str], bool]:
    """The characters a clue names (with their case variants where it ignores case),
    and whether it allows characters it does not name (``.``, negations, ``\\W``…)."""
    chars: set[str] = set()
    anything = [False]

    def leaf_node(node: Any, case_flags: int) -> None:
        kind = type(node).__name__
        case_flags |= getattr(node, "case_flags", 0)
        if not getattr(node, "positive", True) or kind in ("Any", "AnyAll", "AnyU"):
            anything[0] = True
        if kind == "Character":
            codes = [node.value]
        elif kind == "Range":
            if node.upper - node.lower >= WIDE_RANGE:
                anything[0] = True
                codes = [ord(c) for c in UPPER if node.lower <= ord(c) <= node.upper]
            else:
                codes = list(range(node.lower, node.upper + 1))
        elif kind == "Property":
            hits = [c for c in UPPER if _regex.has_property_value(node.value, ord(c))]
            if not hits:
                hits = [
                    c for c in string.digits + " " if _regex.has_property_value(node.value, ord(c))
                ]
            codes = [ord(c) for c in hits]
            case_flags = 0
        else:
            codes = []
            for item in getattr(node, "items", ()):
                leaf_node(item, case_flags)
        for code in codes:
            chars.update(chr(c) for c in _cases(code, case_flags, clue.flags))

    def walk(node: Node | None) -> None:
        if isinstance(node, Leaf):
            try:
                leaf_node(node.node, 0)
            except Exception:  # noqa: BLE001
                anything[0] = True
        elif isinstance(node, (Seq, Alt)):
            for item in node.items if isinstance(node, Seq) else node.options:
                walk(item)
        elif isinstance(node, (Repeat, Group, Atomic, Look)):
            walk(node.sub)
        elif isinstance(node, Cond):
            walk(node.look)
            walk(node.yes)
            walk(node.no)
        elif isinstance(node, Opaque):
            anything[0] = anything[0] or not node.zero_width
            walk(node.sub)

    walk(clue.tree)
    return chars, anything[0]


# --- matching complete lines ---------------------------------------------------------


class ClueMatcher:
    """The ``regex`` engine's fullmatch of one clue, bounded in time: each match by
    ``MATCH_TIMEOUT`` (the module's ``timeout=``), all of them by ``MATCH_BUDGET``."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.compiled = compiled(pattern)
        self.spent = 0.0

    def fullmatch(self, text: str) -> bool:
        """True when the clue matches the whole of ``text``; ClueTimeout when it takes
        too long (a pathological clue fails the request instead of hanging it)."""
        if self.spent > MATCH_BUDGET:
            raise ClueTimeout(f"regex {self.pattern!r} spent over {MATCH_BUDGET:g} s matching")
        start = time.perf_counter()
        try:
            return self.compiled.fullmatch(text, timeout=MATCH_TIMEOUT) is not None
        except TimeoutError as exc:
            raise ClueTimeout(
                f"regex {self.pattern!r} took over {MATCH_TIMEOUT:g} s to match {text!r}"
            ) from exc
        finally:
            self.spent += time.perf_counter() - start


# --- lengths and letters of subtrees -------------------------------------------------


def span(node: Node, groups: dict[int, tuple[int, int]] | None = None) -> tuple[int, int]:
    """Fewest and most characters ``node`` can match (a lower and an upper bound;
    INFINITY for unbounded). ``groups`` gives backreferences their groups' spans."""
    if isinstance(node, Leaf):
        return 1, 1
    if isinstance(node, Seq):
        low = high = 0
        for item in node.items:
            a, b = span(item, groups)
            low, high = low + a, min(high + b, INFINITY)
        return low, high
    if isinstance(node, Alt):
        spans = [span(o, groups) for o in node.options] or [(0, 0)]
        return min(a for a, _ in spans), max(b for _, b in spans)
    if isinstance(node, Repeat):
        a, b = span(node.sub, groups)
        high = INFINITY if node.high is None and b else b * (node.high or 0)
        return min(a * node.low, INFINITY), min(high, INFINITY)
    if isinstance(node, (Group, Atomic)):
        return span(node.sub, groups)
    if isinstance(node, Backref):
        return (groups or {}).get(node.group, (0, INFINITY))
    if isinstance(node, Cond):
        (a, b), (c, d) = span(node.yes, groups), span(node.no, groups)
        return min(a, c), max(b, d)
    if isinstance(node, Opaque):
        return (0, 0) if node.zero_width else (0, INFINITY)
    return 0, 0  # Look, Assert


def groups_of(node: Node) -> dict[int, list[Node]]:
    """Every group's subtrees by number (a number may recur: branch reset, names)."""
    out: dict[int, list[Node]] = {}

    def walk(n: Node | None) -> None:
        if isinstance(n, Group):
            out.setdefault(n.index, []).append(n.sub)
        if isinstance(n, (Seq, Alt)):
            for item in n.items if isinstance(n, Seq) else n.options:
                walk(item)
        elif isinstance(n, (Repeat, Group, Atomic, Look)):
            walk(n.sub)
        elif isinstance(n, Cond):
            walk(n.look)
            walk(n.yes)
            walk(n.no)

    walk(node)
    return out


def group_spans(node: Node) -> dict[int, tuple[int, int]]:
    """Each group's span, over all its occurrences (backreferences inside count as
    unbounded)."""
    out = {}
    for index, subs in groups_of(node).items():
        spans = [span(s) for s in subs]
        out[index] = (min(a for a, _ in spans), max(b for _, b in spans))
    return out


def has_opaque(node: Node | None) -> bool:
    """Whether the tree has a part that matches characters unseen (fuzzy matching,
    recursion…): captures made there are unknown."""
    if isinstance(node, Opaque):
        return not node.zero_width
    if isinstance(node, Seq):
        return any(has_opaque(i) for i in node.items)
    if isinstance(node, Alt):
        return any(has_opaque(o) for o in node.options)
    if isinstance(node, (Repeat, Group, Atomic, Look)):
        return has_opaque(node.sub)
    if isinstance(node, Cond):
        return has_opaque(node.look) or has_opaque(node.yes) or has_opaque(node.no)
    return False


def assert_where(kind: str, alphabet: str) -> tuple[str, bool]:
    """Where a zero-width test of ``kind`` may hold in a line over ``alphabet``:
    ``start``, ``end``, ``anywhere`` or ``never``, and whether that is exact. ``^`` and
    ``$`` in their line forms are exact when the alphabet has no line separator."""
    if kind in ("start", "end", "never"):
        return kind, True
    base = kind.removesuffix("_u")
    separators = LINE_SEPARATORS if kind.endswith("_u") else {"\n"}
    if base != "maybe" and not any(ch in separators for ch in alphabet):
        return ("start" if base.startswith("start") else "end"), True
    return "anywhere", False
