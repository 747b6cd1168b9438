"""How familiar the default list's words are around a score, per length, against a dictionary.

    apt-get install wamerican wamerican-large      # SCOWL 50 and 70 word lists
    .venv/bin/python scripts/score_calibration.py /usr/share/dict/american-english \
        /usr/share/dict/american-english-large

For each key length, takes the English wordfreq words whose score lies in a band (default
30–34: just at a min score of 30) under the flat mapping (adjustment 0) and under the
default list's length-aware one, and prints how many there are and which share of them
are lower-case entries (common words, not names) of each dictionary, with a few samples.
The length adjustment of ``crossforge.wordbase.building.defaults`` was chosen so that
this share is about the same at every length from 5 letters on.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crossforge.wordbase.building.defaults import length_adjustment, zipf_to_score  # noqa: E402


def common_words(path: Path) -> set[str]:
    """The all-lower-case, letters-only lines of a dictionary file."""
    words = set()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        word = line.strip()
        if word.isalpha() and word.islower():
            words.add(word)
    return words


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dictionaries", nargs="+", type=Path)
    parser.add_argument("--low", type=int, default=30, help="lowest score of the band")
    parser.add_argument("--high", type=int, default=34, help="highest score of the band")
    parser.add_argument("--samples", type=int, default=6)
    args = parser.parse_args(argv)
    from wordfreq import get_frequency_dict

    dictionaries = [common_words(path) for path in args.dictionaries]
    words = [
        (word, math.log10(frequency) + 9)
        for word, frequency in get_frequency_dict("en", "large").items()
        if word.isascii() and word.isalpha()
    ]
    rng = random.Random(1)
    names = " | ".join(path.name for path in args.dictionaries)
    print(f"length | adjustment | mapping | words | share in {names} | samples")
    for length in range(3, 16):
        # A 5-letter key has no adjustment: its score is the flat mapping's.
        for mapping, scored_as in (("flat", 5), ("by length", length)):
            band = [
                word
                for word, zipf in words
                if len(word) == length and args.low <= zipf_to_score(zipf, scored_as) <= args.high
            ]
            shares = " | ".join(
                f"{100 * sum(w in d for w in band) / max(1, len(band)):.0f}%" for d in dictionaries
            )
            shown = " ".join(rng.sample(band, min(args.samples, len(band))))
            print(
                f"{length} | {length_adjustment(length):+.2f} | {mapping} | {len(band)} | "
                f"{shares} | {shown}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
