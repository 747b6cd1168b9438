"""``crossforge plugins`` (what is installed) and ``crossforge fill`` (fill a grid)."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from crossforge.cli_support import LAYERED_LISTS, BadInput, KeyValue, StatusLine, list_field
from crossforge.grids.cli import GridSource

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


class RegionItem(click.ParamType):
    """A region item: a slot id (``17A``) into ``("slots", "17A")``, a cell ``ROW,COL``
    into ``("cells", [row, col])``."""

    name = "region"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[str, Any]:
        if isinstance(value, tuple):
            return value
        text = str(value).strip()
        row, sep, col = text.partition(",")
        if sep and row.strip().isdigit() and col.strip().isdigit():
            return "cells", [int(row), int(col)]
        if text[:-1].isdigit() and text[-1:].upper() in ("A", "D"):
            return "slots", text.upper()
        raise BadInput(f"{value!r}: expected a slot such as 17A or a cell ROW,COL", ctx, param)


@click.command(epilog="Exit status: 0 filled, 3 no fill exists or gave up, 1 bad input.")
@click.argument("grid", metavar="GRID", type=GridSource())
@LAYERED_LISTS
@click.option(
    "--type",
    "puzzle_type",
    default="american",
    help="Puzzle type (american, canadian).",
)
@click.option("--strategy", default="backtrack", help="Fill strategy.")
@click.option("--min-score", type=float, metavar="S", help="Lowest word score allowed.")
@click.option(
    "--seed",
    type=int,
    metavar="N",
    help="Random seed (same seed, same fill; with --quality best, only when improving ends "
    "before its time).",
)
@click.option(
    "--timeout",
    type=float,
    default=60.0,
    metavar="SEC",
    help="Time limit in seconds.",
)
@click.option(
    "--lock",
    multiple=True,
    type=KeyValue(),
    metavar="ID=WORD",
    help="Fix an entry in advance, e.g. --lock 17A=THEMEANSWER (repeatable).",
)
@click.option("--allow", multiple=True, metavar="WORD", help="Allow a word (repeatable).")
@click.option("--ban", multiple=True, metavar="WORD", help="Ban a word (repeatable).")
@click.option("--allow-duplicates", is_flag=True, help="Let an entry appear more than once.")
@click.option(
    "--shared-substring",
    type=click.IntRange(min=2),
    metavar="N",
    help="Forbid two entries sharing N or more letters in a row.",
)
@click.option("--shared-stems", is_flag=True, help="Forbid two entries with the same stem.")
@click.option(
    "--quality",
    type=click.Choice(["first", "best"]),
    help="best (default): improve the fill for CROSSFORGE_BEST_SECONDS; first: the first fill.",
)
@click.option("--alternatives", type=click.IntRange(min=1), metavar="K", help="Fills wanted.")
@click.option(
    "--min-difference",
    type=click.IntRange(min=1),
    metavar="N",
    help="Entries in which every two fills differ (with --alternatives).",
)
@click.option(
    "--region",
    multiple=True,
    type=RegionItem(),
    metavar="ID|ROW,COL",
    help="Fill only this slot (17A) or cell (3,4, from 0); other cells keep their letter "
    "or stay empty (repeatable).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Also write the filled grid, circles and shading kept: .svg or a puzzle file "
    "(.txt .grid .json .puz .ipuz .xd).",
)
@click.option(
    "--param",
    multiple=True,
    type=KeyValue(json_value=True),
    metavar="KEY=JSON",
    help="Strategy parameter, e.g. --param restarts=none (repeatable).",
)
@click.option(
    "--progress",
    is_flag=True,
    help="Print the strategy's progress reports to stderr as JSON lines.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def fill(
    grid: Path,
    word_list: tuple[str, ...],
    puzzle_type: str,
    strategy: str,
    min_score: float | None,
    seed: int | None,
    timeout: float,
    lock: tuple[tuple[str, str], ...],
    allow: tuple[str, ...],
    ban: tuple[str, ...],
    allow_duplicates: bool,
    shared_substring: int | None,
    shared_stems: bool,
    quality: str | None,
    alternatives: int | None,
    min_difference: int | None,
    region: tuple[tuple[str, Any], ...],
    output: Path | None,
    param: tuple[tuple[str, Any], ...],
    progress: bool,
    as_json: bool,
) -> None:
    """Fill a crossword grid from a word list.

    Letters in the grid stay as given (with --region: those outside the region; the
    region is filled afresh). GRID is a puzzle file (.txt .grid .json .puz .ipuz .xd)
    or a library grid's name. On a terminal a status line shows the search.
    """
    from crossforge.grids.formats import format_for, load
    from crossforge.plugins.pipeline import run_here

    fmt = output and ("svg" if output.suffix.lower() == ".svg" else format_for(output))
    options = {
        "list": list_field(word_list),
        "min_score": min_score,
        "locked": dict(lock) or None,
        "allowed": list(allow) or None,
        "banned": list(ban) or None,
        "no_duplicates": False if allow_duplicates else None,
        "shared_substring": shared_substring,
        "shared_stems": shared_stems or None,
        "quality": quality,
        "alternatives": alternatives,
        "min_difference": min_difference,
        "region": {kind: [v for k, v in region if k == kind] for kind, _ in region} or None,
        "timeout": timeout,
        "seed": seed,
        **dict(param),
    }
    raw = {
        "type": puzzle_type,
        "strategy": strategy,
        "grid": load(grid).grid.to_text(),
        "options": {k: v for k, v in options.items() if v is not None},
    }
    with StatusLine(f"fill {grid.stem}", shown=not progress) as status:
        answer = run_here(raw, "fill", print_progress if progress else status.report)
    if as_json:
        print(json.dumps(answer, indent=2))
    else:
        print(fill_report(answer))
    if output and isinstance(answer.get("grid"), list):
        from crossforge.plugins.puzzles.crossword.files import fill_file

        data = fill_file(answer, str(fmt))
        output.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    if answer["status"] != "filled":
        click.get_current_context().exit(3)


def print_progress(report: Mapping[str, Any]) -> None:
    """A progress callback printing each report to stderr as a JSON line (``--progress``)."""
    print(json.dumps(dict(report), default=str), file=sys.stderr, flush=True)


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

    at_floor = estimate["log2_fills"]
    verdict = "fills are unlikely" if at_floor is None or at_floor < 0 else "fills should exist"
    return (
        f"fill estimate (log2 of the expected fills): {bits(at_floor)} at min_score "
        f"{estimate['min_score']} ({verdict}), {bits(estimate['log2_fills_whole_list'])} "
        f"from the whole list; fewest candidates: {', '.join(estimate['tightest'])}"
    )


def _column(text: str, width: int) -> str:
    """``text`` padded to a column of ``width`` and its gap (nothing when no column)."""
    return f"{text:<{width}}  " if width else ""


def _plain(value: Any) -> bool:
    return isinstance(value, int | float | str | bool)
