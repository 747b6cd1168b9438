"""``crossforge suggest``: the words that keep a partly filled grid fillable, and the
grid's health, from the command line (the same request and answer as
``POST /v1/suggestions``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from crossforge.cli_support import LAYERED_LISTS, KeyValue, list_field
from crossforge.grids.cli import GridSource


@click.command(epilog="Exit status: 0 answered, 3 the grid has a dead slot, 1 bad input.")
@click.argument("grid", metavar="GRID", type=GridSource())
@click.option("--slot", metavar="ID", help="Slot to suggest words for, e.g. 17A or 5D.")
@LAYERED_LISTS
@click.option("--type", "puzzle_type", default="american", help="Puzzle type (american, canadian).")
@click.option("--min-score", type=float, metavar="S", help="Lowest word score allowed.")
@click.option(
    "--lock", multiple=True, type=KeyValue(), metavar="ID=WORD", help="Fix an entry (repeatable)."
)
@click.option(
    "--option",
    multiple=True,
    type=KeyValue(json_value=True),
    metavar="KEY=JSON",
    help="Any other option of the puzzle type, e.g. --option 'banned=[\"ERA\"]' (repeatable).",
)
@click.option("--limit", type=click.IntRange(1, 1000), default=50, help="Most words shown.")
@click.option("--verify", is_flag=True, help="Check each word by a bounded search for a fill.")
@click.option("--timeout", type=float, default=2.0, metavar="SEC", help="Time limit in seconds.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def suggest(
    grid: Path,
    slot: str | None,
    word_list: tuple[str, ...],
    puzzle_type: str,
    min_score: float | None,
    lock: tuple[tuple[str, str], ...],
    option: tuple[tuple[str, Any], ...],
    limit: int,
    verify: bool,
    timeout: float,
    as_json: bool,
) -> None:
    """Suggest words for a slot that keep the whole grid fillable.

    Prints the candidates (score, the choice they leave the crossing slots, the
    candidates left in each crossing) and the grid's health: letters still possible
    per cell, dead slots and forced letters. Without --slot, only the health.
    """
    from crossforge.grids.formats import load
    from crossforge.plugins.registry import registry
    from crossforge.plugins.suggestions import parse_suggestion, run_suggestion, store_displays
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    options = {"list": list_field(word_list), "min_score": min_score, "locked": dict(lock) or None}
    raw = {
        "type": puzzle_type,
        "grid": list(load(grid).grid.rows),
        "slot": slot,
        "limit": limit,
        "verify": verify,
        "options": {k: v for k, v in {**options, **dict(option)}.items() if v is not None},
    }
    plugins = registry()
    request = parse_suggestion(
        {k: v for k, v in raw.items() if v is not None}, plugins, time_limit=timeout
    )
    with WordStore() as store:
        answer = run_suggestion(request, plugins, StoreWords(store), store_displays(store))
    print(json.dumps(answer, indent=2) if as_json else suggestion_report(answer))
    if answer["health"]["dead_slots"]:
        click.get_current_context().exit(3)


def suggestion_report(answer: dict[str, Any]) -> str:
    """The human form: the candidates as a table, then the grid's health."""
    lines = []
    slot = answer.get("slot")
    if slot is not None:
        exact = "" if answer["total_exact"] else "about "
        lines.append(
            f"{slot['id']} ({slot['direction']}, {slot['pattern']}): {exact}{answer['total']} "
            f"viable of {answer['arc_consistent']} arc-consistent words"
        )
        rows = [("WORD", "SCORE", "CHOICE", "FILLABLE", "CROSSINGS")]
        for candidate in answer["candidates"]:
            fillable = candidate.get("fillable", "-")
            rows.append(
                (
                    candidate["display"],
                    f"{candidate['score']:g}",
                    "unchecked" if candidate["choice"] is None else f"{candidate['choice']:.2f}",
                    {True: "yes", False: "no", None: "?"}.get(fillable, "-"),
                    " ".join(f"{k}:{v}" for k, v in candidate["crossings"].items()),
                )
            )
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        lines += [
            "  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths, strict=True))
            + "  "
            + row[4]
            for row in rows
        ]
        lines.append("")
    health = answer["health"]
    lines.append("health: " + ("consistent" if health["consistent"] else "INCONSISTENT"))
    lines.append(f"dead slots: {', '.join(health['dead_slots']) or 'none'}")
    forced = [f"{f['letter']}@{f['row']},{f['col']}" for f in health["forced"]]
    lines.append(f"forced letters: {' '.join(forced) or 'none'}")
    lines.append("letters possible per cell (#: block, digit: 2-9 letters, +: 10 or more):")
    for row in health["cells"]:
        lines.append("  " + "".join(_cell(letters) for letters in row))
    return "\n".join(lines)


def _cell(letters: str | None) -> str:
    """One character for a cell: ``#``, its letter when one is left, ``!`` when none,
    the count up to 9, else ``+``."""
    if letters is None:
        return "#"
    if len(letters) <= 1:
        return letters or "!"
    return str(len(letters)) if len(letters) < 10 else "+"
