"""The problem contract: what puzzle types hand to fill strategies, and what comes back.

A puzzle is a set of variables (entries, cells, trees, clues), each taking one value
from a finite domain. Domains are boolean numpy masks over each variable's value
indices; the problem owns its constraints (``propagate`` prunes, ``cost`` grades), the
strategy owns the search. Strategies know nothing of HTTP, jobs or storage.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

import numpy as np

# The errors a plugin raises that are not its bugs (``crossforge.errors``), re-exported:
# a job fails with ``invalid_input`` on bad input, ``timeout`` on ``OutOfTime``, and
# ``internal_error`` with a logged traceback on anything else.
from crossforge.errors import InputError as InputError
from crossforge.errors import NotFound as NotFound
from crossforge.errors import OutOfTime as OutOfTime

if TYPE_CHECKING:
    from crossforge.wordbase.index import WordIndex

Domains = list[np.ndarray]
"""One boolean mask per variable over its value indices; True means still possible."""

Assignment = list[int | None]
"""One value index per variable, or None where the variable is unassigned."""

Status = Literal["solved", "unsatisfiable", "gave_up"]


@dataclass(frozen=True)
class TableForm:
    """A problem stated as tables, for compiled search (``Problem.table_form``).

    Variable ``v`` takes a row of ``codes[v]`` (uint8, rows × letters; the row index is
    the value index of its domain mask). Each ``crossings`` row ``(v, p, w, q)`` (int32,
    both directions listed) asks that position ``p`` of ``v``'s row and position ``q`` of
    ``w``'s hold the same code. Variables with the same ``groups`` entry (≥ 0; −1: none)
    share a table and take different rows. Values are tried by ``preference[v]`` (per
    row, higher first), then by how many candidates they leave the crossing variables.

    ``bits``, optional, saves the compiled search building letter bitsets per call:
    per variable, None or its table's ``(letters, alphabet_size, words)`` uint64 array
    whose ``bits[p, c]`` has bit ``j % 64`` of word ``j // 64`` set exactly when row
    ``j`` has code ``c`` at position ``p`` (``words`` ≥ rows / 64; bits past the last
    row are ignored), as ``crossforge.wordbase.index.Bucket.bits`` holds them. They
    must agree with ``codes``; ``crossforge.plugins.testing.check_problem`` checks it.
    """

    codes: Sequence[np.ndarray]
    crossings: np.ndarray
    groups: Sequence[int]
    preference: Sequence[np.ndarray]
    alphabet_size: int
    bits: Sequence[np.ndarray | None] | None = None
    clashes: Sequence[ClashTable | None] | None = None
    """Optional, per variable: its table's clash keys (``ClashTable``); two variables
    never take rows sharing a key (a crossword's shared substrings and stems)."""


@dataclass(frozen=True)
class ClashTable:
    """The clash keys of a table's rows: row ``j`` holds the keys
    ``row_keys[row_offsets[j]:row_offsets[j + 1]]``; ``keys`` are the table's distinct
    keys, ascending, and the rows holding ``keys[k]`` are
    ``key_rows[key_offsets[k]:key_offsets[k + 1]]``. Keys are int64 numbers, the same
    key meaning the same thing in every table of one ``TableForm``; offsets and rows are
    int32."""

    row_offsets: np.ndarray
    row_keys: np.ndarray
    keys: np.ndarray
    key_offsets: np.ndarray
    key_rows: np.ndarray


@dataclass(frozen=True)
class Objective:
    """How good a complete assignment is (``Problem.objective``).

    ``key`` is compared lexicographically, higher is better; ``summary`` names its
    components, JSON-ready, for answers and progress reports.
    """

    key: tuple[float, ...]
    summary: dict[str, Any]

    def beats(self, other: Objective | None) -> bool:
        """True when this objective is strictly better than ``other`` (or there is none)."""
        return other is None or self.key > other.key


class WordSource(Protocol):
    """Where puzzle types get their words: handed to them, never opened from settings.

    ``index`` raises ``LookupError`` naming an unknown list; both may be called from
    several threads.
    """

    def index(self, list_name: str) -> WordIndex:
        """The word index of list ``list_name`` at its current version."""
        ...

    def clues(self, list_name: str, words: Sequence[str]) -> Mapping[str, list[dict[str, Any]]]:
        """JSON-ready clues per word of ``words`` that list ``list_name`` holds."""
        ...


class Problem(ABC):
    """A finite-domain constraint problem that every fill strategy can search.

    Contract for implementers: ``propagate`` never mutates a mask in place; it replaces
    list entries (``domains[v] = new_mask``), so strategies can keep cheap copies of the
    list as their trail. ``cost`` is a graded violation count, 0 exactly when a complete
    assignment satisfies every constraint.
    """

    @property
    @abstractmethod
    def size(self) -> int:
        """Number of variables (they are numbered 0 … size-1)."""

    @abstractmethod
    def initial_domains(self) -> Domains:
        """Fresh domains before any propagation (givens already narrowed)."""

    @abstractmethod
    def neighbours(self, var: int) -> Sequence[int]:
        """Variables sharing a constraint with ``var``."""

    @abstractmethod
    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        """Prune domains after the variables in ``changed`` narrowed, until a fixpoint.

        Returns the variable whose domain emptied (a wipe-out), or None when consistent.
        """

    @abstractmethod
    def cost(self, assignment: Sequence[int]) -> float:
        """Graded violation count of a complete assignment; 0 means solved."""

    @abstractmethod
    def decode(self, assignment: Sequence[int | None]) -> Any:
        """The puzzle-level solution (grid rows, digits, rectangles) of an assignment."""

    # Optional hooks with sound defaults: override for speed or better guidance.

    def propagate_explained(
        self, domains: Domains, changed: Sequence[int], reasons: list[int]
    ) -> int | None:
        """``propagate`` that also keeps explanations, for backjumping and nogoods.

        ``reasons[v]`` is a bitmask of the search decisions (bit i: decision i) that the
        pruning of ``v`` follows from. An implementation ORs into the reasons of each
        variable it prunes the reasons of the variables that caused the pruning; after a
        wipe-out, the returned variable's reasons explain the failure. The default is sound
        but explains nothing: whatever changed is blamed on every decision so far.
        """
        before = list(domains)
        wiped = self.propagate(domains, changed)
        blame = 0
        for reason in reasons:
            blame |= reason
        for var, (old, new) in enumerate(zip(before, domains, strict=True)):
            if old is not new:
                reasons[var] |= blame
        if wiped is not None:
            reasons[wiped] |= blame
        return wiped

    def table_form(self) -> TableForm | None:
        """The problem as tables when its constraints are exactly equal codes at
        crossings (and distinct rows within groups); None (the default) otherwise."""
        return None

    def cut_rare(self, domains: Domains, fraction: float) -> Domains:
        """Domains without the values the problem deems too rare to try (the
        Canadian-crossword article's rare-letter cut). Gives up completeness; unchanged by
        default."""
        return list(domains)

    def value_order(
        self, var: int, domains: Domains, rng: random.Random | None = None
    ) -> np.ndarray:
        """Value indices still in ``var``'s domain, best first (index order by default)."""
        return np.flatnonzero(domains[var])

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        """Violations ``var`` would take part in with ``value``, others unchanged."""
        trial = list(assignment)
        trial[var] = value
        return self.cost(trial)

    def value_conflicts(
        self, assignment: Sequence[int], var: int, values: np.ndarray
    ) -> np.ndarray:
        """``conflicts`` of ``var`` for each of ``values`` (an index array), as floats.

        Override with a vectorised count when domains are large (crossword entries): the
        stochastic strategies then weigh a variable's whole domain, not a sample of it.
        """
        return np.array([self.conflicts(assignment, var, int(v)) for v in values], dtype=float)

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        """Change of ``cost`` if ``changes`` (var → value) were applied."""
        trial = list(assignment)
        for var, value in changes.items():
            trial[var] = value
        return self.cost(trial) - self.cost(assignment)

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        """Rule-aware moves that change several variables at once (none by default)."""
        return []

    def regions(self) -> list[list[int]]:
        """Groups of variables that crossover should inherit together (singletons)."""
        return [[v] for v in range(self.size)]

    def value_label(self, var: int, value: int) -> str:
        """A human-readable name of a value, for progress reports and traces."""
        return str(value)

    # Optional: an objective, for strategies that look for the best solution.

    def objective(self, assignment: Sequence[int]) -> Objective | None:
        """How good a solution is; None (the default): every solution is as good as any
        (a strategy asked for the best then stops at the first, and says so)."""
        return None

    def objective_bound(self, domains: Domains) -> tuple[float, ...] | None:
        """A key that no solution within ``domains`` beats (None: unknown); a solution
        reaching it is proved optimal."""
        return None

    def weakest(self, assignment: Sequence[int]) -> list[list[int]]:
        """The variables whose values hold the objective back, in tiers, weakest first
        (for a crossword: the entries of the lowest score, then of the next …)."""
        return []

    def improving_domains(
        self, domains: Domains, assignment: Sequence[int], free: Sequence[int], focus: Sequence[int]
    ) -> Domains | None:
        """``domains`` narrowed for a search that improves ``assignment``: variables
        outside ``free`` keep their values, those in ``focus`` (⊆ ``free``) must change
        for a better value, and no solution left is worse on the objective. A strategy
        keeps a solution found there only when its objective is strictly better. None
        (the default): the problem cannot say."""
        return None


@dataclass
class Control:
    """What the caller gives a strategy: limits, cancellation, progress and a seed."""

    deadline: float | None = None
    """``time.monotonic()`` value past which the strategy must stop."""
    cancelled: Callable[[], bool] = lambda: False
    progress: Callable[[dict[str, Any]], None] = lambda report: None
    seed: int | None = None

    @classmethod
    def with_timeout(cls, seconds: float | None, **kwargs: Any) -> Control:
        """A control whose deadline is ``seconds`` from now (None: no time limit)."""
        deadline = None if seconds is None else time.monotonic() + seconds
        return cls(deadline=deadline, **kwargs)

    def expired(self) -> bool:
        """True once the deadline passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def should_stop(self) -> str | None:
        """The reason to stop now ("timeout" or "canceled"), or None."""
        if self.cancelled():
            return "canceled"
        if self.expired():
            return "timeout"
        return None


@dataclass
class SearchResult:
    """A strategy's answer: the (best) assignment, its status and statistics.

    ``status`` is "unsatisfiable" only when the search proved that no solution exists;
    a search that stopped early is "gave_up" with ``reason`` saying why.
    """

    assignment: Assignment
    status: Status
    reason: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    objective: Objective | None = None
    """The solution's objective, when the strategy looked for the best one."""
    optimal: bool | None = None
    """With an objective: True when no solution is better (proved), False otherwise."""
    alternatives: list[Assignment] = field(default_factory=list)
    """Further distinct solutions, best first, when the strategy was asked for them."""

    @property
    def complete(self) -> bool:
        """True when every variable holds a value and the problem is solved."""
        return self.status == "solved"


class FillStrategy(ABC):
    """A search method for any ``Problem``; registered under ``crossforge.fill_strategies``."""

    description: str = ""
    parameters: dict[str, Any] = {"type": "object", "properties": {}}
    """JSON schema of the keyword parameters ``solve`` accepts."""

    @abstractmethod
    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        """Search ``problem`` within ``control``'s limits."""


Action = Literal["fill", "design", "solve", "rate", "generate"]
"""What a request asks of a puzzle type."""
ACTIONS: tuple[Action, ...] = ("fill", "design", "solve", "rate", "generate")


class PuzzleType(ABC):
    """Turns requests into problems and results into answers.

    Registered under ``crossforge.puzzle_types``. ``parameters`` is the JSON schema of
    the type's request: requests reach ``check`` and ``problem`` already valid against
    it, with its defaults filled in. Words come from the ``WordSource`` handed in, never
    from settings. Logic-puzzle types add parsing, a logical solver, rating and
    generation on top of this.
    """

    description: str = ""
    parameters: dict[str, Any] = {"type": "object", "properties": {}}
    """JSON schema of the request fields and options the type accepts."""
    actions: frozenset[Action] = frozenset({"fill"})
    """What requests may ask of the type: ``fill`` (a strategy searches its ``problem``),
    ``design`` (the designer lays out block patterns and a strategy fills them);
    a ``LogicPuzzleType`` declares ``solve``, ``rate`` and ``generate`` instead. Requests,
    the API's paths and the CLI go by this declaration, never by the type's class."""

    @abstractmethod
    def problem(self, request: Mapping[str, Any], words: WordSource) -> Problem:
        """Build the problem for a request (raises ``InputError`` naming bad input)."""

    @abstractmethod
    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        """The JSON-ready answer for a finished search."""

    def check(self, request: Mapping[str, Any], words: WordSource) -> Problem | None:
        """Refuse a request before it is queued (``InputError`` naming what is wrong,
        ``NotFound`` for an unknown word list). Returns the problem when checking
        built one, for the same process to reuse; the default builds it."""
        return self.problem(request, words)
