"""Best fills and alternatives for a complete search, on the problem's objective.

``improve`` is an anytime large-neighbourhood search: it frees the variables that hold
the objective back (``Problem.weakest``, one tier at a time) with some of their
neighbours, narrows the domains so that those must change for better values and
nothing gets worse (``Problem.improving_domains``), and re-solves that neighbourhood
with the search it is given. A solution is kept only when its objective
(``Problem.objective``) is strictly better, so the objective never worsens; the
neighbourhood grows when every tier failed. It stops at its time budget, or once the
objective reaches the problem's bound (``Problem.objective_bound``): proved optimal.

``alternatives`` finds further solutions, each differing from every earlier one in at
least ``min_difference`` variables: it forbids, for each earlier solution, its values at
that many variables (its weakest first, random ones on later attempts), spread out: no
two of them neighbours while others are left, so the differences fall all over a grid
rather than in one corner.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from crossforge.plugins.contract import (
    Control,
    Domains,
    Objective,
    Problem,
    SearchResult,
)

Solve = Callable[[Domains, Control, int | None], SearchResult]
"""Search ``domains`` within ``control`` and a node limit (None: none); a complete
search, so "unsatisfiable" is a proof."""
Improved = Callable[[list[int], Objective], None]
"""Told of each strictly better solution, with its objective."""

SLICES = 4
"""A neighbourhood search gets at most a 1/SLICES share of the time left."""
MIN_SLICE = 0.05
"""… but at least this many seconds (within the deadline)."""
NODES_PER_VARIABLE = 100
"""Node limit of a neighbourhood search, per free variable: a neighbourhood that does not
fill quickly is left for the next one."""


@dataclass
class Incumbent:
    """The best solution so far and what is known of it."""

    assignment: list[int]
    objective: Objective
    optimal: bool = False
    ended: str | None = None
    """Why improving stopped: "optimal" (the bound is reached), "exhausted" (nothing
    better is reachable by this search), "best_seconds" (its budget ran out),
    "timeout" or "canceled" (the control's)."""
    rounds: int = 0
    improvements: int = 0
    history: list[Objective] = field(default_factory=list)


def filled(assignment: Sequence[int | None]) -> list[int]:
    """A complete assignment's values as plain ints."""
    return [int(v) for v in assignment if v is not None]


def sub_control(control: Control, until: float | None, share: float = 1 / SLICES) -> Control:
    """A control for one neighbourhood search: ``control``'s cancel and seed, no progress
    reports, a deadline at ``share`` of the time left before ``until`` (or the control's
    own deadline, whichever is sooner)."""
    ends = [t for t in (until, control.deadline) if t is not None]
    deadline = None
    if ends:
        now = time.monotonic()
        left = max(0.0, min(ends) - now)
        deadline = now + min(left, max(MIN_SLICE, left * share))
    return Control(deadline=deadline, cancelled=control.cancelled, seed=control.seed)


def out_of_time(control: Control, until: float | None) -> bool:
    """True once ``control`` says stop or ``until`` passed."""
    return control.should_stop() is not None or (until is not None and time.monotonic() >= until)


def neighbourhood(
    problem: Problem, focus: Sequence[int], size: int, rng: random.Random
) -> list[int]:
    """``focus`` and variables around it (breadth first over ``Problem.neighbours``, in
    random order), ``size`` in all at most (never fewer than ``focus``)."""
    free = dict.fromkeys(focus)
    layer = list(focus)
    while layer and len(free) < size:
        ring = list(dict.fromkeys(t for v in layer for t in problem.neighbours(v) if t not in free))
        rng.shuffle(ring)
        ring = ring[: size - len(free)]
        free.update(dict.fromkeys(ring))
        layer = ring
    return list(free)


def reaches(bound: tuple[float, ...] | None, objective: Objective) -> bool:
    """True when ``objective`` reaches ``bound`` (``Problem.objective_bound``): optimal."""
    return bound is not None and objective.key >= bound


def improve(
    problem: Problem,
    root: Domains,
    incumbent: Incumbent,
    control: Control,
    solve: Solve,
    until: float | None,
    rng: random.Random,
    improved: Improved,
) -> Incumbent:
    """Improve ``incumbent`` (a solution within ``root``) until ``until``, the
    control's deadline, or a proof of optimality; ``improved`` hears of each better one."""
    n = problem.size
    smallest = min(n, max(4, n // 4))
    size = smallest
    tier = 0
    # No search of this sweep improved or was cut short by time. Searches are seeded and
    # node-limited, so at full size the next sweep would repeat this one exactly.
    repeats = True
    bound = problem.objective_bound(root)
    incumbent.optimal = reaches(bound, incumbent.objective)
    while not incumbent.optimal:
        if out_of_time(control, until):
            incumbent.ended = control.should_stop() or "best_seconds"
            return incumbent
        tiers = problem.weakest(incumbent.assignment)
        if not tiers:
            break
        if tier >= len(tiers):
            if size >= n and repeats:
                break  # the whole problem, every tier: nothing better is reachable this way
            tier, size, repeats = 0, min(n, size * 2), True
        focus = tiers[tier]
        free = neighbourhood(problem, focus, max(size, len(focus)), rng)
        domains = problem.improving_domains(root, incumbent.assignment, free, focus)
        if domains is None:
            break
        outcome = solve(domains, sub_control(control, until), NODES_PER_VARIABLE * len(free))
        incumbent.rounds += 1
        if outcome.reason in ("timeout", "canceled"):
            repeats = False
        found = problem.objective(filled(outcome.assignment)) if outcome.complete else None
        if found is not None and found.beats(incumbent.objective):
            incumbent.assignment = filled(outcome.assignment)
            incumbent.objective = found
            incumbent.improvements += 1
            incumbent.history.append(found)
            incumbent.optimal = reaches(bound, found)
            improved(incumbent.assignment, found)
            tier, size, repeats = 0, smallest, False
        else:
            tier += 1
    incumbent.ended = "optimal" if incumbent.optimal else "exhausted"
    return incumbent


def differing_domains(
    problem: Problem,
    root: Domains,
    earlier: Sequence[Sequence[int | None]],
    min_difference: int,
    rng: random.Random | None,
) -> Domains:
    """``root`` without, for each earlier solution, its values at ``min_difference`` of
    its variables (``spread`` out): its weakest (``Problem.weakest``) first, or in a
    random order given ``rng``."""
    domains = list(root)
    for solution in earlier:
        weakest = problem.weakest(filled(solution))
        order = list(dict.fromkeys([v for tier in weakest for v in tier]))
        listed = set(order)
        order += [v for v in range(problem.size) if v not in listed]
        if rng is not None:
            rng.shuffle(order)
        for var in spread(problem, order, min_difference):
            value = solution[var]
            if value is not None and domains[var][value]:
                mask = domains[var].copy()
                mask[value] = False
                domains[var] = mask
    return domains


def spread(problem: Problem, order: Sequence[int], count: int) -> list[int]:
    """``count`` variables taken in ``order``, each no neighbour (``Problem.neighbours``)
    of one taken before while such are left; then the next in ``order``."""
    chosen: list[int] = []
    near: set[int] = set()
    for var in order:
        if len(chosen) < count and var not in near:
            chosen.append(var)
            near.add(var)
            near.update(problem.neighbours(var))
    taken = set(chosen)
    chosen += [var for var in order if var not in taken][: max(count - len(chosen), 0)]
    return chosen


ATTEMPTS = 3
"""Searches per alternative before giving up on more (weakest first, then random)."""


def alternatives(
    problem: Problem,
    root: Domains,
    first: Sequence[int | None],
    count: int,
    min_difference: int,
    control: Control,
    solve: Solve,
    until: float | None,
    rng: random.Random,
    polish: Callable[[Domains, list[int], int], list[int]],
) -> list[list[int]]:
    """Up to ``count`` solutions besides ``first``, each differing from every other in
    at least ``min_difference`` variables; ``polish(domains, solution, left)`` improves
    each within the domains it was found in, ``left`` being the solutions still wanted
    (identity for a first-solution search)."""
    found: list[Sequence[int | None]] = [first]
    extra: list[list[int]] = []
    while len(extra) < count and not out_of_time(control, until):
        for attempt in range(ATTEMPTS):
            left = count - len(extra)
            domains = differing_domains(
                problem, root, found, min_difference, rng if attempt else None
            )
            outcome = solve(domains, sub_control(control, until, 1 / (left + 1)), None)
            if outcome.complete:
                solution = polish(domains, filled(outcome.assignment), left)
                found.append(list(solution))
                extra.append(solution)
                break
            if out_of_time(control, until):
                return extra
        else:
            return extra
    return extra
