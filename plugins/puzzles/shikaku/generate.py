"""Shikaku generation: a fast constructive generator and the Shikaku article's genetic one.

Both keep a puzzle only when the logical solver finishes it without guessing, which
proves the solution unique (every technique is a sound deduction).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.grid_options import GenerationTimeout, Target, stop_if_asked
from crossforge.plugins.puzzles.logic import Grade
from crossforge.plugins.puzzles.shikaku import solver
from crossforge.plugins.puzzles.shikaku.geometry import rect_mask
from crossforge.plugins.puzzles.shikaku.model import Clue, Rect, ShikakuPuzzle

AREA_WEIGHTS = {
    1: 0.1,
    2: 1.0,
    3: 1.2,
    4: 1.4,
    5: 1.0,
    6: 1.2,
    7: 0.5,
    8: 0.8,
    9: 0.6,
    10: 0.5,
    12: 0.5,
}
"""Relative chance of each rectangle area when the constructive generator cuts the grid."""

REPAIRS = 40
"""Clue moves tried on one division before the constructive generator cuts a new one."""


@dataclass
class Generated:
    """A generated puzzle with its solution, grade and the effort it took."""

    puzzle: ShikakuPuzzle
    rects: list[Rect]
    grade: Grade
    tries: int
    log: list[dict[str, float]] = field(default_factory=list)


def random_division(height: int, width: int, rng: random.Random) -> list[Rect]:
    """Cut the grid into rectangles: each free top-left cell starts a rectangle of a
    weighted random area that fits the free cells."""
    free = [[True] * width for _ in range(height)]
    rects: list[Rect] = []
    for r in range(height):
        for c in range(width):
            if not free[r][c]:
                continue
            run = 0
            while c + run < width and free[r][c + run]:
                run += 1
            choices: list[Rect] = []
            weights: list[float] = []
            for h in range(1, height - r + 1):
                for w in range(1, run + 1):
                    weight = AREA_WEIGHTS.get(h * w, 0.0)
                    if weight and all(free[r + h - 1][c + x] for x in range(w)):
                        choices.append((r, c, h, w))
                        weights.append(weight)
            rect = rng.choices(choices, weights)[0] if choices else (r, c, 1, 1)
            y0, x0, h, w = rect
            for y in range(y0, y0 + h):
                for x in range(x0, x0 + w):
                    free[y][x] = False
            rects.append(rect)
    return rects


def puzzle_of(
    height: int, width: int, pegs: Sequence[tuple[int, int]], rects: Sequence[Rect]
) -> ShikakuPuzzle:
    """The puzzle whose clues are the pegs numbered with their rectangles' areas."""
    clues = sorted(
        (Clue(r, c, rect[2] * rect[3]) for (r, c), rect in zip(pegs, rects, strict=True)),
        key=lambda clue: (clue.row, clue.col),
    )
    return ShikakuPuzzle(height, width, tuple(clues))


def _in_order(pegs: list[tuple[int, int]], rects: list[Rect]) -> list[Rect]:
    """Rectangles sorted into the reading order of their pegs."""
    return [rect for _, rect in sorted(zip(pegs, rects, strict=True))]


def constructive(
    height: int, width: int, rng: random.Random, control: Control, target: Target
) -> Generated:
    """Cut the grid, drop a clue in each piece, move clues where logic gets stuck."""
    tries = 0
    while True:
        rects = random_division(height, width, rng)
        pegs = [(r + rng.randrange(h), c + rng.randrange(w)) for r, c, h, w in rects]
        best = None
        for _ in range(REPAIRS):
            stop_if_asked(control, height, width, tries)
            tries += 1
            puzzle = puzzle_of(height, width, pegs, rects)
            board, grade = solver.logic_only(puzzle)
            if board is None:
                break
            stuck = board.undetermined()
            if stuck == 0 or target.level == solver.GUESS.level:
                found = _on_target(puzzle, board, grade, target)
                if found is not None:
                    return Generated(puzzle, _in_order(pegs, rects), found, tries)
                if stuck == 0:
                    break
            if best is not None and stuck > best[0]:
                stuck, pegs, board = best[0], list(best[1]), best[2]
            else:
                best = (stuck, list(pegs), board)
            _move_stuck_clue(board, pegs, rects, rng)


def _on_target(
    puzzle: ShikakuPuzzle, board: solver.Board, grade: Grade, target: Target
) -> Grade | None:
    """The grade when the puzzle is unique and on target (a stuck board is settled by
    the full solve, search included), else None."""
    if board.undetermined():
        full = solver.solve(puzzle)
        if full.unique is not True:
            return None
        grade = full.grade
    return grade if target.met(grade) else None


def _move_stuck_clue(
    board: solver.Board, pegs: list[tuple[int, int]], rects: list[Rect], rng: random.Random
) -> None:
    """Move the clue of a rectangle holding undecided cells to another of its cells."""
    width = board.layout.width
    open_cells = board.layout.full & ~board.claimed_all
    stuck = [i for i, rect in enumerate(rects) if rect_mask(rect, width) & open_cells]
    i = rng.choice(stuck)
    r, c, h, w = rects[i]
    if h * w > 1:
        cells = [(y, x) for y in range(r, r + h) for x in range(c, c + w) if (y, x) != pegs[i]]
        pegs[i] = rng.choice(cells)


# --- the Shikaku article's genetic generator ----------------------------------------------------


@dataclass(frozen=True)
class GeneticSettings:
    """Parameters of the genetic generator (the Shikaku article)."""

    population: int = 12
    elite: int = 2
    tournament: int = 3
    mutation_rate: float = 0.4
    at_most_one: tuple[int, ...] = (5, 7, 9)
    """Shape constraint: at most one rectangle of each of these areas."""
    shape_weight: float = 10.0
    log_band: bool = False
    """Score the band penalty on ln(points) (x 100) instead of points."""
    max_area: int = 16
    stagnation: int = 40
    """Generations without a better best before the pegs are drawn anew."""


@dataclass
class Individual:
    """A chromosome (one rectangle per peg) and its evaluation."""

    rects: list[Rect]
    fitness: float = 0.0
    undetermined: int = 0
    shape: int = 0
    band: float = 0.0
    grade: Grade = field(default_factory=Grade)
    open_cells: int = 0


class _Division:
    """A division in the making: rectangles, the owner of each cell, what may grow, and
    the free cells beside a rectangle (the only ones growth can reach next)."""

    def __init__(
        self,
        height: int,
        width: int,
        pegs: Sequence[tuple[int, int]],
        fixed: dict[int, Rect],
        max_area: int,
    ) -> None:
        self.height, self.width, self.max_area = height, width, max_area
        self.rects = [fixed.get(i, (r, c, 1, 1)) for i, (r, c) in enumerate(pegs)]
        self.growable = [i not in fixed for i in range(len(pegs))]
        self.owner = [[-1] * width for _ in range(height)]
        self.free = height * width
        self.frontier: set[tuple[int, int]] = set()
        self.broken = False
        for i, rect in enumerate(self.rects):
            self._take(i, rect)

    def _beside(self, y: int, x: int) -> list[tuple[int, int]]:
        return [
            (ny, nx)
            for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1))
            if 0 <= ny < self.height and 0 <= nx < self.width
        ]

    def _take(self, i: int, rect: Rect) -> None:
        self.rects[i] = rect
        r0, c0, h, w = rect
        for y in range(r0, r0 + h):
            for x in range(c0, c0 + w):
                if self.owner[y][x] == i:
                    continue
                if self.owner[y][x] >= 0:
                    self.broken = True
                self.owner[y][x] = i
                self.free -= 1
                self.frontier.discard((y, x))
                self.frontier.update(n for n in self._beside(y, x) if self.owner[n[0]][n[1]] < 0)

    def options(self, y: int, x: int) -> tuple[list[tuple[int, Rect]], bool]:
        """How the rectangles beside a free cell can grow over it (by the row or column
        strip that reaches it, all free), and whether a free cell lies beside it."""
        options: list[tuple[int, Rect]] = []
        open_side = False
        owner = self.owner
        for ny, nx in self._beside(y, x):
            i = owner[ny][nx]
            if i < 0:
                open_side = True
                continue
            if not self.growable[i] or any(i == o for o, _ in options):
                continue
            r0, c0, h, w = self.rects[i]
            if r0 <= y < r0 + h:
                grown = (r0, min(c0, x), h, w + 1)
                strip = [owner[yy][x] for yy in range(r0, r0 + h)]
            else:
                grown = (min(r0, y), c0, h + 1, w)
                strip = [owner[y][xx] for xx in range(c0, c0 + w)]
            if grown[2] * grown[3] <= self.max_area and max(strip) < 0:
                options.append((i, grown))
        return options, open_side

    def complete(self, rng: random.Random) -> list[Rect] | None:
        """Grow until the grid is covered, forced cells first; None on a dead end."""
        while not self.broken and self.free:
            fewest: list[list[tuple[int, Rect]]] = []
            for y, x in self.frontier:
                options, open_side = self.options(y, x)
                if not options:
                    if not open_side:
                        return None
                elif not fewest or len(options) < len(fewest[0]):
                    fewest = [options]
                elif len(options) == len(fewest[0]):
                    fewest.append(options)
            if not fewest:
                return None
            self._take(*rng.choice(rng.choice(fewest)))
        return None if self.broken else self.rects


def auto_divide(
    height: int,
    width: int,
    pegs: Sequence[tuple[int, int]],
    fixed: dict[int, Rect],
    rng: random.Random,
    max_area: int,
) -> list[Rect] | None:
    """Complete a division (the Shikaku article's automatic division): pegs without a fixed
    rectangle start as single cells and grow to cover the grid, forced growth first,
    else at random. None when some cell can no longer be covered."""
    return _Division(height, width, pegs, fixed, max_area).complete(rng)


class _Genetic:
    """The Shikaku article's GA: pegs shared by all chromosomes, a chromosome is one rectangle
    per peg; fitness = undetermined cells + shape violations + band penalty."""

    def __init__(
        self,
        height: int,
        width: int,
        rng: random.Random,
        target: Target,
        settings: GeneticSettings,
    ) -> None:
        self.height, self.width, self.rng = height, width, rng
        self.target, self.settings = target, settings
        self.seed_rects: list[Rect] = []
        self.pegs: list[tuple[int, int]] = []
        self.new_pegs()
        self.evaluations = 0

    def divide(self, fixed: dict[int, Rect], attempts: int = 3) -> list[Rect] | None:
        """Automatic division around the fixed rectangles (a few random tries)."""
        for _ in range(attempts):
            rects = auto_divide(
                self.height, self.width, self.pegs, fixed, self.rng, self.settings.max_area
            )
            if rects is not None:
                return rects
        return None

    def evaluate(self, rects: list[Rect]) -> Individual:
        """Solve the chromosome's puzzle logically and score it."""
        self.evaluations += 1
        board, grade = solver.logic_only(puzzle_of(self.height, self.width, self.pegs, rects))
        if board is None:
            raise AssertionError("a division is a solution: logic cannot contradict it")
        areas = [h * w for _, _, h, w in rects]
        shape = sum(max(0, areas.count(a) - 1) for a in self.settings.at_most_one)
        band = self.band_penalty(grade)
        undetermined = board.undetermined()
        fitness = undetermined + self.settings.shape_weight * shape + band
        open_cells = board.layout.full & ~board.claimed_all
        return Individual(rects, fitness, undetermined, shape, band, grade, open_cells)

    def band_penalty(self, grade: Grade) -> float:
        """Distance of the score outside [low, high), linear or on ln(points) x 100,
        plus 10 per level away from a requested level."""
        target = self.target
        score = max(grade.score, 1e-9)
        if self.settings.log_band:
            below = 0.0 if target.low is None else max(0.0, math.log(target.low) - math.log(score))
            above = (
                0.0
                if target.high is None or score < target.high
                else math.log(score) - math.log(target.high) + 0.01
            )
            penalty = 100 * (below + above)
        else:
            below = 0.0 if target.low is None else max(0.0, target.low - score)
            above = 0.0 if target.high is None or score < target.high else score - target.high + 1
            penalty = below + above
        if target.level is not None:
            penalty += 10 * abs(grade.level - target.level)
        return penalty

    def tournament(self, population: list[Individual]) -> Individual:
        """The fittest of a few drawn at random."""
        picks = self.rng.sample(population, min(self.settings.tournament, len(population)))
        return min(picks, key=lambda ind: ind.fitness)

    def crossover(self, a: Individual, b: Individual) -> list[Rect] | None:
        """Keep the rectangles both parents agree on; divide the rest anew."""
        fixed = {i: ra for i, (ra, rb) in enumerate(zip(a.rects, b.rects, strict=True)) if ra == rb}
        return self.divide(fixed)

    def mutate(self, ind: Individual) -> list[Rect] | None:
        """Re-divide around a cell where the solver got stuck (any cell when none)."""
        width = self.width
        stuck = ind.open_cells
        cells = [i for i in range(self.height * width) if stuck >> i & 1] or list(
            range(self.height * width)
        )
        cell = self.rng.choice(cells)
        y, x = divmod(cell, width)
        window = rect_mask(
            (
                max(0, y - 1),
                max(0, x - 1),
                min(y + 2, self.height) - max(0, y - 1),
                min(x + 2, width) - max(0, x - 1),
            ),
            width,
        )
        fixed = {i: r for i, r in enumerate(ind.rects) if not rect_mask(r, width) & window}
        return self.divide(fixed)

    def new_pegs(self) -> None:
        """Draw the pegs anew (from a fresh random division)."""
        rng = self.rng
        self.seed_rects = random_division(self.height, self.width, rng)
        self.pegs = [(r + rng.randrange(h), c + rng.randrange(w)) for r, c, h, w in self.seed_rects]

    def first_generation(self) -> list[Individual]:
        """The division the pegs came from, and automatic divisions around them."""
        population = [self.evaluate(self.seed_rects)]
        while len(population) < self.settings.population:
            rects = self.divide({}) or self.mutate(population[0]) or self.seed_rects
            population.append(self.evaluate(rects))
        return population

    def next_generation(self, population: list[Individual]) -> list[Individual]:
        """Elites, then children of tournament winners, some of them mutated."""
        settings, rng = self.settings, self.rng
        offspring = population[: settings.elite]
        while len(offspring) < settings.population:
            a, b = self.tournament(population), self.tournament(population)
            child = self.crossover(a, b)
            if child is None or rng.random() < settings.mutation_rate:
                parent = self.evaluate(child) if child else min(a, b, key=lambda i: i.fitness)
                child = self.mutate(parent)
            if child is not None:
                offspring.append(self.evaluate(child))
        return offspring

    def run(self, control: Control) -> Generated:
        """Evolve until a chromosome scores 0 (unique, in shape, in band); new pegs after
        ``stagnation`` generations without progress."""
        population = self.first_generation()
        log: list[dict[str, float]] = []
        generation = restarts = 0
        record, since = math.inf, 0
        while True:
            population.sort(key=lambda ind: ind.fitness)
            best = population[0]
            log.append(
                {
                    "generation": generation,
                    "restarts": restarts,
                    "best": round(best.fitness, 3),
                    "mean": round(sum(i.fitness for i in population) / len(population), 3),
                    "undetermined": best.undetermined,
                    "shape": best.shape,
                    "band": round(best.band, 3),
                    "score": round(best.grade.score, 3),
                }
            )
            if best.fitness == 0:
                puzzle = puzzle_of(self.height, self.width, self.pegs, best.rects)
                rects = _in_order(self.pegs, best.rects)
                return Generated(puzzle, rects, best.grade, self.evaluations, log)
            stop = control.should_stop()
            if stop:
                raise GenerationTimeout(
                    f"genetic generator stopped ({stop}) at generation {generation} after "
                    f"{restarts} restarts, best fitness {best.fitness:.1f}"
                )
            generation += 1
            if best.fitness < record:
                record, since = best.fitness, generation
            elif generation - since >= self.settings.stagnation:
                self.new_pegs()
                population = self.first_generation()
                restarts += 1
                record, since = math.inf, generation
                continue
            population = self.next_generation(population)


def genetic(
    height: int,
    width: int,
    rng: random.Random,
    control: Control,
    target: Target,
    settings: GeneticSettings | None = None,
) -> Generated:
    """A unique puzzle by the Shikaku article's genetic algorithm; ``Generated.log`` holds one
    line per generation (best and mean fitness, its parts, the best score)."""
    return _Genetic(height, width, rng, target, settings or GeneticSettings()).run(control)
