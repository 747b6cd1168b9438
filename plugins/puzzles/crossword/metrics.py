"""Quality and difficulty of a crossword fill, each figure saying how it was computed.

``fill_metrics(entries, threshold=40, effort=stats)`` returns four sections:

- ``quality``: mean and minimum entry score, the entries scoring below ``threshold``.
- ``duplicates``: entries used twice, and entries contained in a longer one.
- ``effort``: construction effort, the strategy's numeric statistics (for ``backtrack``:
  nodes, backtracks, backjumps, restarts, nogoods, time) plus nodes per entry.
- ``difficulty``: a solver-facing 0–100 figure from the entries' familiarity.

Difficulty formula: each entry's familiarity is its Zipf frequency (log10 of uses per
billion words, from ``wordfreq`` by default). Its obscurity is
``clamp((5.5 - zipf) / (5.5 - 1.5), 0, 1)``: words at Zipf 5.5 or more (``water``,
``people``) are known to every solver, words at 1.5 or less are obscure. Entries the
frequency source does not know (Zipf 0: phrases, names) fall back to the word list's
score: obscurity ``1 - score / 100``. Difficulty = 100 × the letter-weighted mean
obscurity (long entries count for more squares); levels: easy < 25 ≤ medium < 45 ≤ hard
< 65 ≤ very hard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

ZIPF_COMMON = 5.5
"""Zipf frequency at and above which an entry is known to every solver (obscurity 0)."""
ZIPF_RARE = 1.5
"""Zipf frequency at and below which an entry is obscure (obscurity 1)."""
LEVELS = ((25.0, "easy"), (45.0, "medium"), (65.0, "hard"))
"""Upper bounds (exclusive) of each difficulty level; above the last: "very hard"."""

Familiarity = Callable[[str], float]
"""Zipf frequency of a word (0 when unknown)."""


@dataclass(frozen=True)
class EntryFill:
    """One filled entry as the metrics see it.

    ``score`` is the word list's score (0–100), None for a word the list does not hold
    (a locked theme answer, for instance): it is then left out of the score statistics.
    """

    number: int
    direction: str
    word: str
    score: float | None = None

    @property
    def label(self) -> str:
        """Human reference such as ``"17-across"``."""
        return f"{self.number}-{self.direction}"


def wordfreq_familiarity(lang: str = "en") -> Familiarity:
    """A familiarity source backed by ``wordfreq.zipf_frequency`` for ``lang``."""
    from wordfreq import zipf_frequency

    def familiarity(word: str) -> float:
        return float(zipf_frequency(word.lower(), lang))

    return familiarity


def fill_metrics(
    entries: Sequence[EntryFill],
    threshold: float = 40,
    effort: Mapping[str, Any] | None = None,
    familiarity: Familiarity | None = None,
) -> dict[str, Any]:
    """Quality, duplicate check, construction effort and difficulty of a fill.

    ``effort`` is the strategy's statistics; ``familiarity`` gives a word's Zipf
    frequency (default: ``wordfreq`` English).
    """
    return {
        "quality": quality(entries, threshold),
        "duplicates": duplicates(entries),
        "effort": construction_effort(effort or {}, len(entries)),
        "difficulty": difficulty(entries, familiarity or wordfreq_familiarity()),
    }


def quality(entries: Sequence[EntryFill], threshold: float = 40) -> dict[str, Any]:
    """Mean and minimum entry score and the entries below ``threshold``."""
    scored = [(float(e.score), e) for e in entries if e.score is not None]
    weakest = min(scored, key=lambda pair: (pair[0], pair[1].word)) if scored else None
    below = sorted((pair for pair in scored if pair[0] < threshold), key=lambda pair: pair[0])
    return {
        "mean_score": round(sum(s for s, _ in scored) / len(scored), 2) if scored else None,
        "min_score": weakest[0] if weakest else None,
        "min_entry": weakest[1].word if weakest else None,
        "threshold": threshold,
        "below_threshold": [{"entry": e.label, "word": e.word, "score": s} for s, e in below],
        "unscored": len(entries) - len(scored),
        "method": (
            f"word-list scores (0-100) of the {len(scored)} scored entries: arithmetic mean, "
            f"minimum, and every entry scoring below {threshold:g}; entries the list does "
            "not hold are counted as unscored and left out"
        ),
    }


def duplicates(entries: Sequence[EntryFill]) -> dict[str, Any]:
    """Entries used more than once, and entries contained in a longer entry."""
    words = [e.word.upper() for e in entries]
    repeated = sorted(w for w, n in Counter(words).items() if n > 1)
    distinct = sorted(set(words), key=len)
    contained = sorted(
        [short, long]
        for i, short in enumerate(distinct)
        if len(short) >= 3
        for long in distinct[i + 1 :]
        if len(long) > len(short) and short in long
    )
    return {
        "ok": not repeated,
        "repeated": repeated,
        "contained": contained,
        "method": (
            "exact repeats of an entry (case-insensitive) fail the check; entries of 3 or "
            "more letters found inside a longer entry are listed as a warning"
        ),
    }


def construction_effort(stats: Mapping[str, Any], entry_count: int) -> dict[str, Any]:
    """The search statistics that measure how hard the fill was to build."""
    effort: dict[str, Any] = {
        key: value
        for key, value in stats.items()
        if isinstance(value, int | float) and not isinstance(value, bool)
    }
    nodes = stats.get("nodes")
    if isinstance(nodes, int | float) and entry_count:
        effort["nodes_per_entry"] = round(nodes / entry_count, 2)
    effort["method"] = (
        "the strategy's own numeric counters as it reported them (for backtracking: "
        "nodes = placements tried, backtracks, restarts, time in seconds); "
        "nodes per entry = nodes / entries"
    )
    return effort


def obscurity(entry: EntryFill, zipf: float) -> tuple[float, str]:
    """An entry's obscurity in [0, 1] and the source used ("zipf" or "score")."""
    if zipf > 0:
        value = (ZIPF_COMMON - zipf) / (ZIPF_COMMON - ZIPF_RARE)
        return min(1.0, max(0.0, value)), "zipf"
    if entry.score is not None:
        return min(1.0, max(0.0, 1.0 - float(entry.score) / 100.0)), "score"
    return 1.0, "unknown"


def difficulty(entries: Sequence[EntryFill], familiarity: Familiarity) -> dict[str, Any]:
    """Solver-facing difficulty (0–100) from the entries' familiarity."""
    weighted = 0.0
    letters = 0
    sources: Counter[str] = Counter()
    hardest: list[tuple[float, str]] = []
    for entry in entries:
        value, source = obscurity(entry, familiarity(entry.word))
        sources[source] += 1
        weighted += value * len(entry.word)
        letters += len(entry.word)
        hardest.append((value, entry.word))
    score = round(100.0 * weighted / letters, 1) if letters else 0.0
    level = next((name for bound, name in LEVELS if score < bound), "very hard")
    hardest.sort(key=lambda item: (-item[0], item[1]))
    return {
        "score": score,
        "level": level,
        "hardest": [word for value, word in hardest[:5] if value > 0],
        "sources": dict(sorted(sources.items())),
        "method": (
            f"obscurity per entry = clamp(({ZIPF_COMMON} - zipf) / "
            f"({ZIPF_COMMON} - {ZIPF_RARE}), 0, 1) from its Zipf frequency, or "
            "1 - score/100 when the frequency source does not know it (1 without a "
            "score); difficulty = 100 x letter-weighted mean obscurity; levels: "
            + ", ".join(f"{name} < {bound:g}" for bound, name in LEVELS)
            + ", very hard above"
        ),
    }
