"""``crossforge plugins`` (what is installed) and ``crossforge fill`` (fill a grid)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from crossforge.cli_support import LAYERED_LISTS, list_field
from crossforge.grids.cli import GridSource
from crossforge.plugins.cli_options import Run, command_options

if TYPE_CHECKING:
    from crossforge.plugins.registry import PluginInfo


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def plugins(as_json: bool) -> None:
    """List installed strategies and puzzle types.

    Each with its version and distribution, or the error that kept it from loading.
    """
    from crossforge.plugins.registry import registry

    infos = registry().plugins()
    if as_json:
        print(json.dumps([info.as_dict() for info in infos], indent=2))
    else:
        print(plugins_table(infos))


def plugins_table(infos: list[PluginInfo]) -> str:
    """The human listing: kind, name, version, distribution, description or error."""
    header = ("KIND", "NAME", "VERSION", "DISTRIBUTION", "DESCRIPTION")
    rows = [
        (
            info.role,
            info.name,
            info.version or "-",
            info.distribution or "-",
            f"BROKEN: {info.error}" if info.error else info.description,
        )
        for info in infos
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row[:4], widths, strict=True))
        + "  "
        + row[4]
        for row in [header, *rows]
    )


@click.command(epilog="Exit status: 0 filled, 3 no fill exists or gave up, 1 bad input.")
@click.argument("grid", metavar="GRID", type=GridSource())
@LAYERED_LISTS
@command_options(
    "the filled grid, circles and shading kept",
    "min_score",
    "seed",
    "timeout",
    "locked",
    "allowed",
    "banned",
    "no_duplicates",
    "shared_substring",
    "shared_stems",
    "quality",
    "alternatives",
    "min_difference",
    "region",
)
def fill(grid: Path, word_list: tuple[str, ...], run: Run, **options: Any) -> None:
    """Fill a crossword grid from a word list.

    Letters in the grid stay as given (with --region: those outside the region; the
    region is filled afresh). GRID is a puzzle file (.txt .grid .json .puz .ipuz .xd)
    or a library grid's name. On a terminal a status line shows the search.
    """
    from crossforge.grids.formats import load

    fields = {"grid": load(grid).grid.to_text()}
    raw = run.request(fields, {"list": list_field(word_list), **options})
    answer = run.answer(raw, "fill", f"fill {grid.stem}")
    run.show(answer, fill_report)
    run.write(answer if isinstance(answer.get("grid"), list) else None)
    if answer["status"] != "filled":
        click.get_current_context().exit(3)


def fill_report(answer: dict[str, Any]) -> str:
    """The human form of a fill answer: status, grid, entries (with their tags when any
    has some), metrics, effort."""
    from crossforge.plugins.puzzles.crossword.files import clue_text

    lines = [
        f"status: {answer['status']}" + (f" ({answer['reason']})" if answer.get("reason") else "")
    ]
    estimate = answer.get("fill_estimate")
    if estimate:
        lines.append(estimate_line(estimate))
    lines += ["", *answer.get("grid", []), ""]
    entries = answer.get("entries", [])
    if entries:
        tags = [", ".join(entry.get("tags") or []) for entry in entries]
        width = max(4, *map(len, tags)) if any(tags) else 0  # a TAGS column when any
        lines.append(f"{'ENTRY':<10} {'WORD':<16} {'SCORE':>5}  {_column('TAGS', width)}CLUE")
        for entry, tagged in zip(entries, tags, strict=True):
            score = entry.get("score")
            clues = entry.get("clues") or []
            lines.append(
                f"{str(entry['number']) + ' ' + entry['direction']:<10} "
                f"{entry.get('word') or '-':<16} {'-' if score is None else f'{score:g}':>5}  "
                f"{_column(tagged, width)}{clue_text(clues[0]) if clues else ''}"
            )
        lines.append("")
    metrics = answer.get("metrics", {})
    quality = metrics.get("quality", {})
    if quality:
        lines.append(
            f"quality: mean score {quality.get('mean_score')}, minimum {quality.get('min_score')}"
            f" ({quality.get('min_entry')}), {len(quality.get('below_threshold', []))} below "
            f"{quality.get('threshold')}"
        )
    duplicates = metrics.get("duplicates", {})
    if duplicates:
        lines.append(f"duplicates: {', '.join(duplicates.get('repeated', [])) or 'none'}")
    difficulty = metrics.get("difficulty", {})
    if difficulty:
        lines.append(f"difficulty: {difficulty.get('score')} ({difficulty.get('level')})")
    objective = answer.get("objective")
    if objective:
        optimal = answer.get("optimal")
        proved = "" if optimal is None else " (proved optimal)" if optimal else " (not proved)"
        lines.append("objective: " + ", ".join(f"{k} {v}" for k, v in objective.items()) + proved)
    for n, other in enumerate(answer.get("alternatives", []), start=2):
        summary = ", ".join(f"{k} {v}" for k, v in other.get("objective", {}).items())
        lines += ["", f"fill {n}: {summary}", *other.get("grid", [])]
    stats = answer.get("stats", {})
    if stats:
        lines.append("effort: " + ", ".join(f"{k} {v}" for k, v in stats.items() if _plain(v)))
    return "\n".join(lines).rstrip()


def estimate_line(estimate: Mapping[str, Any]) -> str:
    """A failed fill's ``fill_estimate`` in words."""

    def bits(value: float | None) -> str:
        return "no candidate for some slot" if value is None else f"{value:+.1f} bits"

    return (
        f"fill estimate (log2 of the expected fills): {bits(estimate['log2_fills'])} at "
        f"min_score {estimate['min_score']} ({estimate['verdict']}), "
        f"{bits(estimate['log2_fills_whole_list'])} "
        f"from the whole list; fewest candidates: {', '.join(estimate['tightest'])}"
    )


def _column(text: str, width: int) -> str:
    """``text`` padded to a column of ``width`` and its gap (nothing when no column)."""
    return f"{text:<{width}}  " if width else ""


def _plain(value: Any) -> bool:
    return isinstance(value, int | float | str | bool)
