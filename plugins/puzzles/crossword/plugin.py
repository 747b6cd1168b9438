"""The ``american`` and ``canadian`` crossword puzzle types.

A request names a grid (rows of ``#``, ``.`` and given letters), a word list, a minimum
score, locked entries (``{"17A": "THEMEANSWER"}``), whether entries may repeat, words
allowed or banned for this request, and the entry tags it leaves out (by default
``offensive``, ``sensitive``, ``partial``, ``british`` and the word classes ``name``,
``place``, ``abbreviation``, ``informal``: ``crossforge.wordbase.word_classes``). The grid must
pass the type's rules (``crossforge.grids.rules``). Answers carry the filled grid, the
entries with their scores, clues and tags (the list index's: no database read per word),
quality and difficulty metrics, and the strategy's statistics.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from crossforge.grids.rules import SYMMETRIES
from crossforge.plugins.contract import Action, Problem, PuzzleType, SearchResult, WordSource
from crossforge.plugins.puzzles.crossword.clashes import ClashRule
from crossforge.plugins.puzzles.crossword.clue_choice import (
    CLUE_LEVEL_OPTION,
    CLUES_OPTION,
    entry_clues,
    own_clues,
    unclued,
)
from crossforge.plugins.puzzles.crossword.metrics import EntryFill, fill_metrics
from crossforge.plugins.puzzles.crossword.problem import CrosswordError, CrosswordProblem
from crossforge.plugins.puzzles.crossword.region import CELL_LIST, REGION_SCHEMA, Region, region_of
from crossforge.wordbase.config import DEFAULT_LIST
from crossforge.wordbase.layered_lists import BANNED, MAX_LAYERS, first_found, layered
from crossforge.wordbase.word_classes import DEFAULT_EXCLUDED

if TYPE_CHECKING:
    from crossforge.grids.model import Grid
    from crossforge.wordbase.index import WordIndex


LIST_FIELD: dict[str, Any] = {
    "type": ["string", "array"],
    "minLength": 1,
    "items": {"type": "string", "minLength": 1},
    "minItems": 1,
    "maxItems": MAX_LAYERS,
    "uniqueItems": True,
    "default": DEFAULT_LIST,
    "description": "the word list, or lists layered top first: the first list holding a "
    f"word gives its score, tags and clues, and an entry tagged '{BANNED}' removes the "
    "word from the lists below",
}


class RequestCrossword(CrosswordProblem):
    """The crossword problem of one request, with what answering it needs besides the
    search: its word list and where the words come from, its quality threshold, its own
    clues and clue level, its grid and its region."""

    word_list: str | tuple[str, ...] = DEFAULT_LIST
    """The request's list: a name, or names top first."""
    layers: tuple[WordIndex, ...] = ()
    """The indexes of ``word_list``'s lists, top first (``index`` is their merge)."""
    words_source: WordSource | None = None
    index: WordIndex | None = None
    threshold: float = 40
    own_clues: Mapping[str, str] = MappingProxyType({})
    clue_level: str | None = None
    grid: Grid | None = None
    region: Region | None = None


class CrosswordType(PuzzleType):
    """Crosswords on a rule set of ``crossforge.grids.rules``; subclasses name the rules."""

    rules = "american"
    actions: frozenset[Action] = frozenset({"fill", "design"})
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "grid": {
                "type": ["array", "string"],
                "items": {"type": "string"},
                "description": "rows of '#' (block), '.' (open) and given letters",
            },
            "circled": {**CELL_LIST, "description": "circled cells as [row, col], from 0"},
            "shaded": {**CELL_LIST, "description": "shaded cells as [row, col], from 0"},
            "region": REGION_SCHEMA,
            "symmetry": {
                "enum": list(SYMMETRIES),
                "default": "rotational",
                "description": "the block symmetry an American grid must have",
            },
            "list": LIST_FIELD,
            "min_score": {
                "type": "number",
                "minimum": 0,
                "maximum": 100,
                "default": 35,
                "description": "lowest score an entry may have (35: see docs/word-lists.md)",
            },
            "locked": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "entries fixed in advance, by slot id ('17A', '5D')",
            },
            "clues": CLUES_OPTION,
            "clue_level": CLUE_LEVEL_OPTION,
            "no_duplicates": {"type": "boolean", "default": True},
            "score_band": {
                "type": "number",
                "minimum": 1,
                "default": 10,
                "description": "scores this close count as equal; fillability decides",
            },
            "allowed": {"type": "array", "items": {"type": "string"}},
            "banned": {"type": "array", "items": {"type": "string"}},
            "exclude_tags": {
                "type": "array",
                "items": {"type": "string"},
                "default": list(DEFAULT_EXCLUDED),
                "description": "words with any of these tags never appear",
            },
            "allow_tags": {
                "type": "array",
                "items": {"type": "string"},
                "default": [],
                "description": "tags let through although exclude_tags names them",
            },
            "threshold": {
                "type": "number",
                "default": 40,
                "description": "entries scoring below it are listed in the quality metrics",
            },
            "shared_substring": {
                "type": ["integer", "null"],
                "minimum": 2,
                "default": None,
                "description": "forbid two entries sharing a substring of this many "
                "letters or more (null: off)",
            },
            "shared_stems": {
                "type": "boolean",
                "default": False,
                "description": "forbid two entries with the same stem (PLAY, PLAYED)",
            },
        },
        "required": ["grid"],
    }

    def problem(self, request: Mapping[str, Any], words: WordSource) -> RequestCrossword:
        from crossforge.grids.rules import check

        grid = _marked(_grid(request.get("grid")), request)
        violations = check(grid, self.rules, symmetry=request.get("symmetry") or "rotational")
        if violations:
            shown = "; ".join(v.message for v in violations[:5])
            more = f" (and {len(violations) - 5} more)" if len(violations) > 5 else ""
            raise CrosswordError(f"grid breaks the {self.rules} rules: {shown}{more}")
        names, layers, index = layered(request.get("list"), DEFAULT_LIST, words.index)
        normalize = index.alphabet_spec.normalize
        region = region_of(grid, request["region"]) if request.get("region") else None
        slots = list(region.slots) if region else grid.slots()
        ids = {slot.id: i for i, slot in enumerate(slots)}
        known = {slot.id for slot in grid.slots()}
        locked = {}
        for slot_id, word in dict(request.get("locked") or {}).items():
            if str(slot_id).upper() not in known:
                raise CrosswordError(f"locked entry {slot_id!r} is not a slot of the grid")
            if str(slot_id).upper() not in ids:
                raise CrosswordError(f"locked entry {slot_id!r} does not touch the region")
            locked[ids[str(slot_id).upper()]] = normalize(word)
        template = region.template(grid) if region else grid.rows
        lengths = {slot.length for slot in slots}
        banned = [key for key in left_out(index, request) if len(key) in lengths]
        if region and request.get("no_duplicates", True):
            banned += [normalize(w) for w in region.words_outside(grid)]
        allowed = [normalize(w) for w in request.get("allowed") or ()]
        problem = RequestCrossword(
            [normalize_row(row, normalize) for row in template],
            slots,
            {length: index.bucket(length) for length in {slot.length for slot in slots}},
            index.alphabet,
            min_score=float(request.get("min_score") or 0),
            score_band=float(request.get("score_band") or 10),
            no_duplicates=bool(request.get("no_duplicates", True)),
            locked=locked,
            allowed=allowed,
            banned=banned,
            clashes=ClashRule(request.get("shared_substring"), bool(request.get("shared_stems"))),
        )
        problem.grid, problem.region = grid, region
        problem.word_list = names[0] if len(names) == 1 else names
        problem.layers = layers
        problem.words_source = words
        problem.index = index
        problem.threshold = float(request.get("threshold", 40))
        problem.own_clues = own_clues(request, known)
        problem.clue_level = request.get("clue_level")
        return problem

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        if not isinstance(problem, RequestCrossword):
            raise TypeError(f"not a crossword problem of this type: {type(problem).__name__}")
        words = problem.words(outcome.assignment)
        filled = [w for w in words if w is not None]
        clues = list_clues(problem, filled) if filled else {}
        entries = []
        fills = []
        for var, (slot, word) in enumerate(zip(problem.slots, words, strict=True)):
            value = outcome.assignment[var]
            score = None if value is None else problem.score(var, value)
            entries.append(
                {
                    "number": slot.number,
                    "direction": slot.direction,
                    "word": word,
                    "score": score,
                    "clues": entry_clues(
                        problem.own_clues.get(slot.id),
                        clues.get(word, []) if word else [],
                        problem.clue_level,
                    ),
                    "tags": problem.index.tags_of(word) if word and problem.index else [],
                }
            )
            if word is not None:
                fills.append(EntryFill(slot.number, slot.direction, word, score))
        return {  # the status and reason are the pipeline's to write
            "grid": _written(problem, outcome.assignment),
            **_markup(problem),
            "entries": entries,
            "unclued": unclued(entries),
            "metrics": fill_metrics(fills, problem.threshold, effort=outcome.stats),
            "stats": outcome.stats,
            **({} if outcome.status == "solved" else _estimate(problem, outcome.status)),
        }


class American(CrosswordType):
    """American crosswords: 180° symmetry, entries of 3+ letters, every cell checked."""

    description = "American crossword: symmetric, every letter checked, entries of 3+ letters"
    rules = "american"


class Canadian(CrosswordType):
    """Canadian crosswords (after the Canadian-crossword article): every letter of every
    word is crossed."""

    description = "Canadian crossword: every letter of every word crossed (fully checked)"
    rules = "canadian"


def list_clues(problem: RequestCrossword, words: Sequence[str]) -> dict[str, Any]:
    """The word lists' clues of ``words``: each from the first layer that clues it."""
    source = problem.words_source
    if source is None:
        return {}
    if isinstance(problem.word_list, str):
        return dict(source.clues(problem.word_list, words))
    return first_found(problem.word_list, problem.layers, words, source.clues)


def _estimate(problem: RequestCrossword, status: str) -> dict[str, Any]:
    """Why a fill of ``status`` failed, as ``fill_estimate``: the grid's fill estimate
    (log₂ of the expected number of fills, ``grids.stats.fillability``; null when a slot
    has no candidate) at the request's floor and from the whole list, the slots with the
    fewest candidates, and the verdict in words (a search's proof overrides the
    estimate). Words the request leaves out by tag still count. Nothing for a region
    fill (the estimate is the whole grid's)."""
    from crossforge.grids.stats import fillability

    if problem.region is not None or problem.grid is None or problem.index is None:
        return {}
    shortest = min(len(slot.cells) for slot in problem.slots)
    floor = int(problem.min_score)
    at_floor = fillability(problem.grid, problem.index, floor, shortest)
    whole = fillability(problem.grid, problem.index, 0, shortest)
    if status == "unsatisfiable":
        verdict = "proved to have no fill"
    elif at_floor.log2_fills < 0:
        verdict = "fills are unlikely"
    else:
        verdict = "fills should exist"
    return {
        "fill_estimate": {
            "min_score": floor,
            "log2_fills": _bits(at_floor.log2_fills),
            "log2_fills_whole_list": _bits(whole.log2_fills),
            "tightest": at_floor.tightest,
            "verdict": verdict,
        }
    }


def _bits(value: float) -> float | None:
    """A log₂ count for JSON: None for minus infinity (a slot with no candidate)."""
    return None if value == float("-inf") else round(value, 1)


def left_out(index: WordIndex, request: Mapping[str, Any]) -> frozenset[str]:
    """The keys of ``index`` that the request's fills never use: those it bans by name,
    and those whose tags it excludes (and does not allow) unless it allows them by
    name. The designer counts crossing words without them too."""
    normalize = index.alphabet_spec.normalize
    allowed = {normalize(w) for w in request.get("allowed") or ()}
    tags = set(request.get("exclude_tags", DEFAULT_EXCLUDED)) - set(request.get("allow_tags") or ())
    banned = {normalize(w) for w in request.get("banned") or ()}
    return frozenset(banned | (index.tagged(tags) - allowed))


def _marked(grid: Grid, request: Mapping[str, Any]) -> Grid:
    """``grid`` with the request's ``circled`` and ``shaded`` cells added to its own."""
    from crossforge.grids.model import Grid

    if not request.get("circled") and not request.get("shaded"):
        return grid
    circled = grid.circled | {(r, c) for r, c in request.get("circled") or ()}
    shaded = grid.shaded | {(r, c) for r, c in request.get("shaded") or ()}
    return Grid(grid.rows, circled, shaded)


def _written(problem: RequestCrossword, assignment: Sequence[int | None]) -> list[str]:
    """The answer's rows: the template with the entries' letters (only the region's
    cells for a region fill)."""
    if problem.region is None:
        return problem.decode(assignment)
    words = problem.words(assignment)
    fills = [(s, w) for s, w in zip(problem.region.slots, words, strict=True) if w is not None]
    return problem.region.written(problem.template, fills)


def _markup(problem: RequestCrossword) -> dict[str, list[list[int]]]:
    """The answer's ``circled`` and ``shaded`` cells, and the ``region`` of a region fill."""
    grid = problem.grid
    marks = {
        "circled": sorted(grid.circled) if grid else [],
        "shaded": sorted(grid.shaded) if grid else [],
    }
    if problem.region is not None:
        marks["region"] = sorted(problem.region.cells)
    return {name: [list(cell) for cell in cells] for name, cells in marks.items()}


def _grid(value: Any) -> Grid:
    from crossforge.grids.model import Grid

    if isinstance(value, str):
        return Grid.from_text(value)
    if isinstance(value, Sequence) and value and all(isinstance(r, str) for r in value):
        return Grid.from_rows(list(value))
    raise CrosswordError("grid: give rows of text ('#' block, '.' open, letters given)")


def normalize_row(row: str, normalize: Callable[[str], str]) -> str:
    """A grid row with its given letters in the word list's alphabet."""
    return "".join(ch if ch in "#." else normalize(ch) for ch in row)
