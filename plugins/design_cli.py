"""``crossforge design``: grids designed around theme entries (or themeless) and
filled, from the command line (the same request and answer as ``POST /v1/designs``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from crossforge.cli_support import LAYERED_LISTS, BadInput, list_field
from crossforge.plugins.cli_options import Run, command_options


class Size(click.ParamType):
    """``ROWSxCOLS`` (``15x15``) into ``[rows, cols]``."""

    name = "size"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> list[int]:
        if isinstance(value, list):
            return value
        rows, sep, cols = str(value).lower().partition("x")
        if not sep or not rows.strip().isdigit() or not cols.strip().isdigit():
            raise BadInput(f"{value!r}: expected ROWSxCOLS, e.g. 15x15", ctx, param)
        return [int(rows), int(cols)]


class ThemeItem(click.ParamType):
    """``ANSWER`` or ``ANSWER@ROW,COL[,across|down]`` into a theme entry."""

    name = "theme"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> dict[str, Any]:
        if isinstance(value, dict):
            return value
        answer, sep, where = str(value).partition("@")
        entry: dict[str, Any] = {"answer": answer}
        if sep:
            parts = [part.strip() for part in where.split(",")]
            if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts[:2]):
                raise BadInput(f"{value!r}: expected ANSWER@ROW,COL[,across|down]", ctx, param)
            entry.update(row=int(parts[0]), col=int(parts[1]))
            if len(parts) == 3:
                if parts[2] not in ("across", "down"):
                    raise BadInput(f"{value!r}: the direction is across or down", ctx, param)
                entry["direction"] = parts[2]
        return entry


@click.command(epilog="Exit status: 0 a filled design, 3 none found, 1 bad input.")
@click.option("--size", type=Size(), default="15x15", show_default=True, help="ROWSxCOLS.")
@click.option(
    "--theme",
    multiple=True,
    type=ThemeItem(),
    metavar="ANSWER[@ROW,COL[,DIR]]",
    help="A theme entry, placed by the designer or at ROW,COL (from 0) across or down "
    "(repeatable; none: a themeless grid).",
)
@click.option("--revealer", metavar="ANSWER", help="A theme entry that reveals the theme.")
@click.option("--down", is_flag=True, help="Place the theme entries down rather than across.")
@click.option(
    "--symmetry",
    type=click.Choice(["rotational", "mirror", "none"]),
    help="Block symmetry (default rotational).",
)
@click.option("--max-words", type=click.IntRange(min=4), metavar="N", help="Most entries.")
@click.option("--max-block-share", type=float, metavar="F", help="Largest block share, 0-0.5.")
@click.option("--count", type=click.IntRange(1, 10), metavar="K", help="Designs wanted.")
@click.option(
    "--marks", type=click.Choice(["circled", "shaded", "none"]), help="Theme cells' marks."
)
@LAYERED_LISTS
@command_options("the best design", "min_score", "seed", "timeout")
def design(
    size: list[int],
    theme: tuple[dict[str, Any], ...],
    revealer: str | None,
    down: bool,
    symmetry: str | None,
    max_words: int | None,
    max_block_share: float | None,
    count: int | None,
    marks: str | None,
    word_list: tuple[str, ...],
    run: Run,
    **options: Any,
) -> None:
    """Design grids around theme entries and fill them.

    The entries go in symmetric slots, blocks are placed by a search the fill estimate
    guides, and the best patterns are filled; theme entries missing from the list are
    kept as given. Prints each design, best first: grid, theme entries, statistics.
    """
    entries = [*theme, *([{"answer": revealer, "revealer": True}] if revealer else [])]
    if down:
        entries = [{**entry, "direction": entry.get("direction", "down")} for entry in entries]
    fields = {
        "size": size,
        "theme": entries,
        "symmetry": symmetry,
        "max_words": max_words,
        "max_block_share": max_block_share,
        "count": count,
        "marks": marks,
    }
    raw = run.request(fields, {"list": list_field(word_list), **options})
    answer = run.answer(raw, "design", "design")
    run.show(answer, design_report)
    run.write(answer["designs"][0] if answer["designs"] else None)
    if not answer["designs"]:
        click.get_current_context().exit(3)


UNFILLED = {
    "unsatisfiable": "its fill proved there is none from the list",
    "gave_up": "its fill ran out of time",
    "not_tried": "no time was left to fill it",
}
"""What each fill status of an unfilled pattern means, in words."""


def design_report(answer: Mapping[str, Any]) -> str:
    """The human form of a design answer: status, then each design's grid, theme
    entries, statistics and objective; without a design, the best unfilled patterns."""
    lines = [
        f"status: {answer['status']}" + (f" ({answer['reason']})" if answer.get("reason") else "")
    ]
    for n, found in enumerate(answer.get("designs", []), start=1):
        lines += _shown(f"design {n}", found)
        objective = found.get("objective")
        if objective:
            lines.append("objective: " + ", ".join(f"{k} {v}" for k, v in objective.items()))
    for n, found in enumerate(answer.get("patterns", []), start=1):
        lines += _shown(f"pattern {n}, not filled ({UNFILLED[found['fill_status']]})", found)
    stats = answer.get("stats", {})
    shown = ", ".join(f"{k} {v}" for k, v in stats.items() if k != "patterns_refused")
    lines += ["", f"search: {shown}"]
    return "\n".join(lines)


def _shown(title: str, found: Mapping[str, Any]) -> list[str]:
    """A design's or pattern's lines: its title and figures, grid and theme entries."""
    stats = found["statistics"]
    lines = [
        "",
        f"{title}: {stats['words']} words, {stats['blocks']} blocks "
        f"({stats['block_percent']}%), mean length {stats['mean_length']}, "
        f"{stats['cheaters']} cheaters, estimate {stats['log2_fills']} bits",
        *found["grid"],
    ]
    if found["theme"]:
        lines.append(
            "theme: "
            + ", ".join(
                f"{entry['number']} {entry['direction']} {entry['answer']}"
                + (" (revealer)" if entry["revealer"] else "")
                + ("" if entry["in_list"] else " (not in the list)")
                for entry in found["theme"]
            )
        )
    return lines
