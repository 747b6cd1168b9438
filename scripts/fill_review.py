"""Fill review: every American grid of the library, filled at the default settings, as
an editor would read the fills.

    .venv/bin/python scripts/fill_review.py
    .venv/bin/python scripts/fill_review.py --min-score 0 --seeds 1 2 3 --entries

Each grid is filled as the CLI and the HTTP API fill it (``parse_request``,
``check_request``, ``run_request`` on the store's list, backtrack strategy, the crossword
type's defaults unless ``--min-score`` is given). Per fill it prints: filled or not, the
time, the mean and lowest entry scores, the 10 lowest entries, the entries carrying a tag
the request excluded (must be none), letter-run junk (a run of three equal letters that
WordNet does not know: must be none; ``III`` is a word), the phrases and the
entries without a clue; ``--entries`` adds the filled grid and every entry with its score
and first clue.
Exits 1 when a fill holds a tagged entry or letter-run junk. The list comes from the
store at ``CROSSFORGE_DATABASE_URL`` (build it with ``crossforge words build-default``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crossforge.grids import library  # noqa: E402
from crossforge.grids.model import Grid  # noqa: E402
from crossforge.wordbase.config import DEFAULT_LIST  # noqa: E402
from crossforge.wordbase.defaults import WORDNET_SOURCE  # noqa: E402
from crossforge.wordbase.scoring import has_letter_run  # noqa: E402


def american_grids() -> list[tuple[str, Grid]]:
    """The library's American grids, by name."""
    return [
        (item.name, Grid.from_text(item.path.read_text("utf-8")))
        for item in library.CATALOGUE.values()
        if item.kind == "square" and item.rules == "american"
    ]


def fill(grid: Grid, options: dict[str, Any], list_name: str, words: Any) -> dict[str, Any]:
    """The answer of one fill request, as the CLI and HTTP API run it."""
    from crossforge.plugins.pipeline import control_of, run_request
    from crossforge.plugins.registry import registry
    from crossforge.plugins.requests import check_request, parse_request

    raw = {
        "type": "american",
        "strategy": "backtrack",
        "grid": list(grid.rows),
        "list": list_name,
        "options": options,
    }
    plugins = registry()
    request = parse_request(raw, plugins, "fill")
    problem = check_request(request, plugins, words)
    answer = run_request(request, plugins, words, control_of(request), problem)
    answer["excluded_tags"] = sorted(
        set(request.puzzle.get("exclude_tags", ())) - set(request.puzzle.get("allow_tags", ()))
    )
    return answer


def review(name: str, answer: dict[str, Any], store: Any, list_name: str, entries: bool) -> bool:
    """Print the review of one fill; False when it holds a tagged entry or junk."""
    filled = [e for e in answer["entries"] if e["word"]]
    print(f"== {name}: {answer['status']} in {answer['time_s']:.1f} s")
    if not filled:
        return True
    found = store.get_entries(list_name, [e["word"] for e in filled])
    scores = [e["score"] for e in filled]
    lowest = sorted(filled, key=lambda e: (e["score"], e["word"]))[:10]
    excluded = set(answer["excluded_tags"])
    tagged = [w for w, entry in found.items() if excluded.intersection(entry.tags)]
    runs = [w for w, entry in found.items() if has_letter_run(w) and not _in_wordnet(entry)]
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


def _in_wordnet(entry: Any) -> bool:
    """True when WordNet knows the entry (it carries a WordNet definition): ``III``,
    ``AAA`` are words, ``WAYYY`` is junk."""
    return any(clue.source == WORDNET_SOURCE for clue in entry.clues)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", default=DEFAULT_LIST, help="word list in the store")
    parser.add_argument("--min-score", type=float, help="instead of the type's default")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1], help="one fill per seed")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--grid", action="append", help="only these library grids")
    parser.add_argument("--entries", action="store_true", help="list every entry")
    args = parser.parse_args(argv)
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    clean = True
    started = time.monotonic()
    with WordStore() as store:
        words = StoreWords(store)
        for name, grid in american_grids():
            if args.grid and name not in args.grid:
                continue
            for seed in args.seeds:
                options: dict[str, Any] = {"timeout": args.timeout, "seed": seed}
                if args.min_score is not None:
                    options["min_score"] = args.min_score
                answer = fill(grid, options, args.list, words)
                label = f"{name} seed {seed}" if len(args.seeds) > 1 else name
                clean &= review(label, answer, store, args.list, args.entries)
    print(f"done in {time.monotonic() - started:.0f} s: {'clean' if clean else 'NOT clean'}")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
