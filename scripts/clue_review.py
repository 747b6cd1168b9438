"""Clue review: entries of default fills of the library grids with their first clue, as
an editor reads them, and three counts.

    .venv/bin/python scripts/clue_review.py --save /tmp/clue-sample.txt
    .venv/bin/python scripts/clue_review.py --keys /tmp/clue-sample.txt

The first fills every American and Canadian library grid at the default settings
(``fill_review.fill``, seeds ``--seeds``), draws ``--size`` distinct entries at random
(``--seed``) and writes their keys to the file; the second reads the keys back, so that
lists built before and after a change are read on the same entries. Each entry prints
as its answer, first clue, the clue's kind, level, source and word count. Last: the
first clues by kind and by level, the share of entries
with a clue, the share whose first clue is at most ``SHORT_WORDS`` words, the count of
clues (any, not only first) that repeat the answer or its root (``repeats_answer``) and of
clues over ``MAX_WORDS`` words. The list comes from the store at
``CROSSFORGE_DATABASE_URL`` (``crossforge words build-default``).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fill_review import fill, library_grids  # noqa: E402

from crossforge.wordbase.building.clues.cutting import MAX_CLUE_WORDS, clue_words  # noqa: E402
from crossforge.wordbase.building.clues.kinds import BLANK  # noqa: E402
from crossforge.wordbase.building.clues.roots import repeats_answer  # noqa: E402
from crossforge.wordbase.config import DEFAULT_LIST  # noqa: E402

SHORT_WORDS = 6
"""A first clue of at most this many words counts as short (the issue's aim: 80%)."""
MAX_WORDS = MAX_CLUE_WORDS
"""No clue is longer, in words."""


def filled_keys(list_name: str, words: Any, seeds: list[int], timeout: float) -> list[str]:
    """The distinct keys of the default fills of the library grids, in fill order."""
    found: dict[str, None] = {}
    for name, kind, grid in library_grids():
        for seed in seeds:
            answer = fill(grid, {"timeout": timeout, "seed": seed}, list_name, words, kind)
            print(f"filled {name} seed {seed}: {answer['status']}", file=sys.stderr)
            found.update((e["word"], None) for e in answer["entries"] if e["word"])
    return list(found)


def review(keys: list[str], entries: dict[str, Any]) -> str:
    """One line per key, then the counts."""
    lines, clued, short, repeats, long = [], 0, 0, [], []
    kinds: Counter[str] = Counter()
    levels: Counter[str] = Counter()
    for key in keys:
        entry = entries.get(key)
        clues = list(entry.clues) if entry else []
        display = entry.display if entry else key
        first = clues[0] if clues else None
        text = first.text if first else ""
        clued += first is not None
        short += first is not None and clue_words(text) <= SHORT_WORDS
        answer = {w for w in re.findall(r"[a-z]+", display.lower())} | {key.lower()}
        for clue in clues:
            if repeats_answer(answer, clue.text.replace(BLANK, " ")):
                repeats.append(f"{display}: {clue.text}")
            if clue_words(clue.text) > MAX_WORDS:
                long.append(f"{display}: {clue.text}")
        source = first.source if first else "-"
        kind, level = (first.kind or "-", first.level or "-") if first else ("-", "-")
        if first is not None:
            kinds[kind] += 1
            levels[level] += 1
        lines.append(f"{display:<16} {text:<62} {kind}/{level} {source} ({clue_words(text)})")
    total = max(len(keys), 1)
    lines.append(f"entries: {len(keys)}")
    lines.append("first clues by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    lines.append("by level: " + ", ".join(f"{k} {n}" for k, n in levels.most_common()))
    lines.append(f"with a clue: {clued} ({clued / total:.0%})")
    lines.append(f"first clue at most {SHORT_WORDS} words: {short} ({short / total:.0%})")
    lines.append(f"clues repeating the answer or its root: {len(repeats)} {repeats}")
    lines.append(f"clues over {MAX_WORDS} words: {len(long)} {long}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", default=DEFAULT_LIST, help="word list in the store")
    parser.add_argument("--save", type=Path, help="fill, draw and write the keys here")
    parser.add_argument("--keys", type=Path, help="read the keys from here")
    parser.add_argument("--size", type=int, default=150, help="entries drawn")
    parser.add_argument("--seed", type=int, default=1, help="the draw's seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1], help="one fill per seed")
    parser.add_argument("--timeout", type=float, default=20)
    args = parser.parse_args(argv)
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    with WordStore() as store:
        if args.keys:
            keys = args.keys.read_text("utf-8").split()
        else:
            keys = filled_keys(args.list, StoreWords(store), args.seeds, args.timeout)
            keys = random.Random(args.seed).sample(keys, min(args.size, len(keys)))
            if args.save:
                args.save.write_text("\n".join(keys) + "\n", "utf-8")
        print(review(keys, store.get_entries(args.list, keys)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
