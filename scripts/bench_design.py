"""Design benchmark: theme sets and themeless targets designed and filled on the
default list.

    .venv/bin/python scripts/bench_design.py [--timeout 60] [--seed 1] [--only NAME ...]
                                             [--grids DIR]

Twenty theme sets of our own (three 15s; two 13s and a central 11; four entries of
9–11; five entries; 21x21 Sunday sets of six or seven) and themeless 15x15 grids at
64, 66, 68 and 72 words are each designed once (``count`` 1, the default floor 35 and fill
options, ``quality`` best as the server answers), exactly as ``crossforge design``
runs them (the request seam, in process). Prints per set: found or not, the time to
the first filled design, its word count, blocks, cheaters, fill estimate and the fill's
objective (lowest score, mean score), then the patterns drawn and kept. ``--grids``
writes each design's grid there as text, for looking at them.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crossforge.plugins.pipeline import run_here  # noqa: E402

SETS: dict[str, tuple[tuple[int, int], list[str], int | None]] = {
    "15-a": ((15, 15), ["ONCEINABLUEMOON", "UNDERTHEWEATHER", "PLAYINGWITHFIRE"], None),
    "15-b": ((15, 15), ["STARSANDSTRIPES", "PLANETOFTHEAPES", "MOONLIGHTSONATA"], None),
    "15-c": ((15, 15), ["CROSSWORDPUZZLE", "COMPUTERPROGRAM", "ALLTHATGLITTERS"], None),
    "15-d": ((15, 15), ["ONCEINABLUEMOON", "MOONLIGHTSONATA", "STARSANDSTRIPES"], None),
    "15-e": ((15, 15), ["UNDERTHEWEATHER", "ALLTHATGLITTERS", "PLANETOFTHEAPES"], None),
    "13-11-a": ((15, 15), ["BLUEBERRYHILL", "BANANASPLIT", "GOOSEBERRYPIE"], None),
    "13-11-b": ((15, 15), ["SEVENTHHEAVEN", "FIFTHCOLUMN", "SEVENTHINNING"], None),
    "13-11-c": ((15, 15), ["APPLEPIEORDER", "ORANGEJUICE", "LEMONMERINGUE"], None),
    "13-11-d": ((15, 15), ["SPILLTHEBEANS", "EMERALDCITY", "BREAKAWAYFROM"], None),
    "four-a": ((15, 15), ["HOTPOTATO", "BANANASPLIT", "ORANGEJUICE", "TOPBANANA"], None),
    "four-b": ((15, 15), ["THIRDWHEEL", "FIFTHCOLUMN", "PEARLHARBOR", "SIXTHSENSE"], None),
    "four-c": ((15, 15), ["GRAPEVINE", "CHEWTHEFAT", "BITTERPILL", "LIMELIGHT"], None),
    "four-d": ((15, 15), ["RUBYTUESDAY", "PEACHFUZZ", "GRAPEVINE", "EMERALDCITY"], None),
    "five-a": (
        (15, 15),
        ["BLUEBERRYHILL", "TOPBANANA", "ORANGEJUICE", "HOTPOTATO", "GOOSEBERRYPIE"],
        None,
    ),
    "five-b": (
        (15, 15),
        ["THIRDWHEEL", "FIFTHCOLUMN", "SEVENTHINNING", "PEARLHARBOR", "SIXTHSENSE"],
        None,
    ),
    "five-c": (
        (15, 15),
        ["GRAPEVINE", "CHEWTHEFAT", "EMERALDCITY", "BITTERPILL", "LIMELIGHT"],
        None,
    ),
    "five-d": (
        (15, 15),
        ["PEACHFUZZ", "BANANASPLIT", "RUBYTUESDAY", "GALAXYQUEST", "TOPBANANA"],
        None,
    ),
    "sunday-a": (
        (21, 21),
        [
            "ONCEINABLUEMOON",
            "STRAWBERRYFIELDS",
            "RAININGCATSANDDOGS",
            "MAKEALONGSTORYSHORT",
            "HAPPYBIRTHDAYTOYOU",
            "GOLDENGATEBRIDGE",
            "UNDERTHEWEATHER",
        ],
        None,
    ),
    "sunday-b": (
        (21, 21),
        [
            "CROSSWORDPUZZLE",
            "PIECEOFTHEACTION",
            "DIAMONDSAREFOREVER",
            "RAININGCATSANDDOGS",
            "WRITINGONTHEWALL",
            "COMPUTERPROGRAM",
        ],
        None,
    ),
    "sunday-c": (
        (21, 21),
        [
            "SILVERSCREENIDOL",
            "BREAKINGTHEICE",
            "LIGHTYEARSAWAY",
            "BEATAROUNDTHEBUSH",
            "THEGREATGATSBY",
            "SUNFLOWERSEEDS",
            "ROCKANDROLLMUSIC",
        ],
        None,
    ),
    "themeless-64": ((15, 15), [], 64),
    "themeless-66": ((15, 15), [], 66),
    "themeless-68": ((15, 15), [], 68),
    "themeless-72": ((15, 15), [], 72),
}


def run(name: str, timeout: float, seed: int) -> dict[str, Any]:
    """One set designed in process; its answer and wall time."""
    (rows, cols), theme, max_words = SETS[name]
    raw: dict[str, Any] = {
        "size": [rows, cols],
        "theme": theme,
        "options": {"timeout": timeout, "seed": seed},
    }
    if max_words is not None:
        raw["max_words"] = max_words
    started = time.monotonic()
    answer = run_here(raw, "design")
    answer["wall_s"] = time.monotonic() - started
    return answer


def row(name: str, answer: dict[str, Any]) -> str:
    """The table row of one set."""
    stats = answer["stats"]
    drawn = f"{stats['patterns_drawn']}/{stats['patterns_kept']}"
    if not answer["designs"]:
        return f"| {name} | no | | | | | | | {drawn} | {answer['wall_s']:.1f} |"
    found = answer["designs"][0]["statistics"]
    objective = answer["designs"][0].get("objective") or {}
    return (
        f"| {name} | yes | {stats['first_design_s']:.1f} | {found['words']} | "
        f"{found['blocks']} | {found['cheaters']} | {found['log2_fills']:.0f} | "
        f"{objective.get('min_score', '')}, {objective.get('mean_score', '')} | {drawn} | "
        f"{answer['wall_s']:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", choices=sorted(SETS), help="Sets to run.")
    parser.add_argument("--grids", type=Path, help="Write each design's grid here.")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f}", flush=True)
    print(
        "| set | found | first design s | words | blocks | cheaters | estimate bits "
        "| lowest, mean score | patterns drawn/kept | wall s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|", flush=True)
    for name in args.only or list(SETS):
        answer = run(name, args.timeout, args.seed)
        print(row(name, answer), flush=True)
        if args.grids and answer["designs"]:
            args.grids.mkdir(parents=True, exist_ok=True)
            (args.grids / f"{name}.txt").write_text("\n".join(answer["designs"][0]["grid"]))
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
