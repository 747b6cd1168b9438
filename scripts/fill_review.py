"""Fill review: every American and Canadian grid of the library, filled at the default
settings, as an editor would read the fills, and the list's pools as they read it.

    .venv/bin/python scripts/fill_review.py
    .venv/bin/python scripts/fill_review.py --min-score 0 --seeds 1 2 3 --entries
    .venv/bin/python scripts/fill_review.py --grid american-15-very-open --budget 35 0
    .venv/bin/python scripts/fill_review.py --grid american-15-themeless-66 --seeds 1 2 3 4 5
    .venv/bin/python scripts/fill_review.py --grid none --sample 50
    .venv/bin/python scripts/fill_review.py --lang ru --entries

Each grid is filled as the CLI and the HTTP API fill it (``parse_request``,
``check_request``, ``run_request`` on the store's list, backtrack strategy, the
crossword type's defaults unless ``--min-score`` is given). Per fill it prints: filled
or not, the time, the mean and lowest entry scores, the 10 lowest entries, the entries
carrying a tag the request excluded (must be none), letter-run junk (a run of three
equal letters within a word of the entry that WordNet does not know: must be none;
``III`` is a word, ``TOLL LINE`` has no run), the phrases and the entries without a
clue; ``--entries`` adds the filled grid and every entry with its score and first clue;
``--budget`` the grid's fill estimate split by entry length (which entries make a grid
hard). Last, the pools the fills drew from: keys per length at the floor, without the
excluded tags, and with ``--sample N`` that many of those keys per length band (3–5,
6–9, 10–15), drawn at random (``--sample-seed``), for review by eye. Canadian grids
(fully checked) are filled as the ``canadian`` type. ``--lang ru`` reviews ``default-ru``
on the Russian ladder (``RU_LADDER``: the Canadian grids and ``mini-7x7``); a grid that
does not fill shows the fill estimate the crossword type reports.
Exits 1 when a fill holds a tagged entry or letter-run junk. The list comes from the
store at ``CROSSFORGE_DATABASE_URL`` (build it with ``crossforge words build-default``).
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crossforge.grids import library  # noqa: E402
from crossforge.grids.model import Grid  # noqa: E402
from crossforge.plugins.cli import estimate_line  # noqa: E402
from crossforge.wordbase.building.defaults import LANGUAGES, default_name  # noqa: E402
from crossforge.wordbase.building.scoring import has_letter_run  # noqa: E402
from crossforge.wordbase.word_classes import DEFAULT_EXCLUDED  # noqa: E402

DEFAULT_MIN_SCORE = 35
"""The crossword types' default floor, for a run that fills no grid (``--grid none``)."""
BANDS = ((3, 5), (6, 9), (10, 15))
"""The length bands ``--sample`` draws from."""
RU_LADDER = (
    "canadian-small",
    "canadian-medium",
    "canadian-fragmented",
    "canadian-78",
    "canadian-long-cross",
    "mini-7x7",
)
"""The grids ``--lang ru`` fills unless ``--grid`` names others (issue 35's ladder)."""


def library_grids() -> list[tuple[str, str, Grid]]:
    """The library's square grids with American or Canadian rules: name, puzzle type
    (the rules' name) and grid."""
    return [
        (item.name, item.rules, Grid.from_text(item.path.read_text("utf-8")))
        for item in library.CATALOGUE.values()
        if item.shape == "square" and item.rules in ("american", "canadian")
    ]


def fill(
    grid: Grid, options: dict[str, Any], list_name: str, words: Any, kind: str = "american"
) -> dict[str, Any]:
    """The answer of one fill request of type ``kind``, as the CLI and HTTP API run it."""
    from crossforge.plugins.job_requests import check_request, parse_request
    from crossforge.plugins.pipeline import run_request
    from crossforge.plugins.registry import registry

    raw = {
        "type": kind,
        "strategy": "backtrack",
        "grid": list(grid.rows),
        "list": list_name,
        "options": options,
    }
    plugins = registry()
    request = parse_request(raw, plugins, "fill")
    problem = check_request(request, plugins, words)
    answer = run_request(request, plugins, words, request.control(), problem)
    answer["excluded_tags"] = sorted(
        set(request.type_request.get("exclude_tags", ()))
        - set(request.type_request.get("allow_tags", ()))
    )
    answer["min_score"] = request.type_request.get("min_score", 0)
    return answer


def pool_keys(index: Any, length: int, min_score: float, excluded: list[str]) -> list[str]:
    """The keys of ``length`` letters a fill may use: score at least ``min_score``, no
    ``excluded`` tag."""
    tagged = index.tagged(excluded)
    found = index.matches("?" * length, int(math.ceil(min_score)))
    return [key for key, _ in found if key not in tagged]


def pools(index: Any, min_score: float, excluded: list[str], sample: int, seed: int) -> str:
    """The keys a fill may use per length (3–15), and ``sample`` of them per band
    (``BANDS``) drawn with ``seed``, with their scores."""
    keys = {length: pool_keys(index, length, min_score, excluded) for length in range(3, 16)}
    counts = ", ".join(f"{length}: {len(found):,}" for length, found in keys.items())
    without = ", ".join(excluded) or "no tag"
    lines = [f"pools at >= {min_score:g} without {without}: {counts}"]
    draw = random.Random(seed)
    for low, high in BANDS if sample else ():
        band = [key for length in range(low, high + 1) for key in keys[length]]
        chosen = sorted(draw.sample(band, min(sample, len(band))))
        shown = ", ".join(f"{key} {index.score(key)}" for key in chosen)
        lines.append(f"sample of {len(chosen)} at {low}-{high} letters: {shown}")
    return "\n".join(lines)


def review(
    name: str, answer: dict[str, Any], store: Any, list_name: str, entries: bool, lang: str
) -> bool:
    """Print the review of one fill; False when it holds a tagged entry or junk."""
    filled = [e for e in answer["entries"] if e["word"]]
    print(f"== {name}: {answer['status']} in {answer['time_s']:.1f} s")
    estimate = answer.get("fill_estimate")
    if estimate:
        print(f"   {estimate_line(estimate)}")
    if not filled:
        return True
    found = store.get_entries(list_name, [e["word"] for e in filled])
    scores = [e["score"] for e in filled]
    lowest = sorted(filled, key=lambda e: (e["score"], e["word"]))[:10]
    excluded = set(answer["excluded_tags"])
    tagged = [w for w, entry in found.items() if excluded.intersection(entry.tags)]
    runs = [w for w, entry in found.items() if _junk_run(entry.display, lang)]
    phrases = [entry.display for entry in found.values() if " " in entry.display]
    unclued = [e["word"] for e in filled if not e["clues"]]
    print(f"   mean score {statistics.fmean(scores):.1f}, lowest {min(scores)}")
    print("   lowest: " + ", ".join(f"{found[e['word']].display} {e['score']}" for e in lowest))
    print(f"   tagged: {', '.join(tagged) or 'none'}; letter runs: {', '.join(runs) or 'none'}")
    print(f"   phrases ({len(phrases)}): {', '.join(sorted(phrases)) or 'none'}")
    print(f"   without a clue ({len(unclued)} of {len(filled)}): {', '.join(unclued) or 'none'}")
    if entries:
        print("\n".join(f"     {row}" for row in answer["grid"]))
        for e in filled:
            clue = e["clues"][0]["text"] if e["clues"] else ""
            label = f"{e['number']}{e['direction'][0].upper()}"
            print(f"     {label:>4} {found[e['word']].display:<18} {e['score']:>3}  {clue[:70]}")
    return not tagged and not runs


def budget(grid: Grid, index: Any, floors: list[float]) -> str:
    """Where a grid's fillability estimate (``grids.stats.fillability``: log₂ of the
    expected number of fills) comes from, by entry length, at each floor: the candidates
    of the entries of that length, plus half of each of their crossings' agreement."""
    slots = grid.slots(2)
    size = len(index.alphabet)
    lines = []
    for floor in floors:
        shares, bits = [], {slot.length: 0.0 for slot in slots}
        for slot in slots:
            found = index.candidates(grid.pattern(slot), int(math.ceil(floor)))
            codes = index.bucket(slot.length).codes[found]
            share = np.zeros((slot.length, size))
            for position in range(slot.length):
                share[position] = np.bincount(codes[:, position], minlength=size)[:size]
            shares.append(share / max(len(found), 1))
            bits[slot.length] += math.log2(max(len(found), 1))
        for crossing in grid.crossings(2):
            agree = float(shares[crossing.a][crossing.i] @ shares[crossing.b][crossing.j])
            half = math.log2(agree) / 2 if agree > 0 else -math.inf
            bits[slots[crossing.a].length] += half
            bits[slots[crossing.b].length] += half
        parts = ", ".join(f"{length}: {value:+.0f}" for length, value in sorted(bits.items()))
        lines.append(f"   fill estimate at >= {floor:g}: {sum(bits.values()):+.0f} bits ({parts})")
    return "\n".join(lines)


def _junk_run(display: str, lang: str = "en") -> bool:
    """True when a word of ``display`` has a letter three times in a row and, in
    English, WordNet does not know it: ``WAYYY`` is junk; ``III`` and ``AAA`` are words,
    and ``TOLL LINE`` (key ``TOLLLINE``) runs only across its words' boundary."""
    return any(
        has_letter_run(part) and (lang != "en" or not _in_wordnet(part))
        for part in re.split(r"[\W\d_]+", display.upper())
        if part
    )


def _in_wordnet(key: str) -> bool:
    """True when WordNet knows ``key``, as a lemma or an inflection: ``III``, ``AAA``
    are words, ``WAYYY`` is junk. (Not read from the entry's clues: a known word may
    have none that does not give it away.)"""
    from crossforge.wordbase.building.english.wordnet import load_wordnet

    return load_wordnet().knows(key.lower())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="the default list's language"
    )
    parser.add_argument("--list", help="word list in the store (default: the language's)")
    parser.add_argument("--min-score", type=float, help="instead of the type's default")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1], help="one fill per seed")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument(
        "--grid", action="append", help="only these library grids ('none': pools only)"
    )
    parser.add_argument("--entries", action="store_true", help="list every entry")
    parser.add_argument("--sample", type=int, default=0, help="keys to show per length band")
    parser.add_argument("--sample-seed", type=int, default=1, help="the sample's draw")
    parser.add_argument(
        "--budget",
        type=float,
        nargs="+",
        metavar="FLOOR",
        help="also the grid's fill estimate by entry length at these floors",
    )
    args = parser.parse_args(argv)
    list_name = args.list or default_name(args.lang)
    grids = args.grid or (list(RU_LADDER) if args.lang == "ru" else None)
    from crossforge.wordbase.index import WordIndex
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    clean = True
    started = time.monotonic()
    with WordStore() as store:
        words = StoreWords(store)
        answer: dict[str, Any] = {}
        for name, kind, grid in library_grids():
            if grids and name not in grids:
                continue
            for seed in args.seeds:
                options: dict[str, Any] = {"timeout": args.timeout, "seed": seed}
                if args.min_score is not None:
                    options["min_score"] = args.min_score
                answer = fill(grid, options, list_name, words, kind)
                label = f"{name} seed {seed}" if len(args.seeds) > 1 else name
                clean &= review(label, answer, store, list_name, args.entries, args.lang)
            if args.budget:
                print(budget(grid, WordIndex.for_list(store, list_name), args.budget))
        index = WordIndex.for_list(store, list_name)
        floor = answer.get("min_score", args.min_score or DEFAULT_MIN_SCORE)
        excluded = answer.get("excluded_tags", sorted(DEFAULT_EXCLUDED))
        print(pools(index, floor, excluded, args.sample, args.sample_seed))
    print(f"done in {time.monotonic() - started:.0f} s: {'clean' if clean else 'NOT clean'}")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
