"""``crossforge plugins`` (what is installed) and ``crossforge fill`` (fill a grid)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from crossforge.plugins.registry import PluginInfo


def register(subparsers: Any) -> None:
    """Add the ``plugins`` and ``fill`` commands."""
    listing = subparsers.add_parser(
        "plugins", help="list fill strategies and puzzle types, with versions and errors"
    )
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(handler=_plugins)

    fill = subparsers.add_parser(
        "fill",
        help="fill a crossword grid from a word list",
        description="Fill a grid with words of a list; letters in the grid stay as given.",
        epilog="exit status: 0 filled, 3 no fill exists or gave up, 1 bad input",
    )
    fill.add_argument(
        "grid", metavar="GRID", help="grid or puzzle file (.txt .json .puz .ipuz .xd)"
    )
    fill.add_argument("--list", dest="word_list", metavar="NAME", help="word list (default list)")
    fill.add_argument("--type", default="american", help="puzzle type (american, canadian)")
    fill.add_argument("--strategy", default="backtrack", help="fill strategy")
    fill.add_argument("--min-score", type=float, metavar="S", help="lowest word score allowed")
    fill.add_argument("--seed", type=int, metavar="N", help="random seed (same seed, same fill)")
    fill.add_argument(
        "--timeout", type=float, default=60.0, metavar="SEC", help="time limit (default 60)"
    )
    fill.add_argument(
        "--lock",
        action="append",
        default=[],
        metavar="ID=WORD",
        help="fix an entry in advance, e.g. --lock 17A=THEMEANSWER (repeatable)",
    )
    fill.add_argument("--allow", action="append", default=[], metavar="WORD", help="allow a word")
    fill.add_argument("--ban", action="append", default=[], metavar="WORD", help="ban a word")
    fill.add_argument(
        "--allow-duplicates", action="store_true", help="let an entry appear more than once"
    )
    fill.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="strategy parameter, e.g. --param restarts=none (repeatable)",
    )
    fill.add_argument(
        "--progress", action="store_true", help="print the strategy's progress reports to stderr"
    )
    fill.add_argument("--json", action="store_true", help="print JSON")
    fill.set_defaults(handler=_fill)


def _plugins(args: argparse.Namespace) -> int:
    from crossforge.plugins.registry import registry

    infos = registry().plugins()
    if args.json:
        print(json.dumps([info.as_dict() for info in infos], indent=2))
    else:
        print(plugins_table(infos))
    return 0


def plugins_table(infos: list[PluginInfo]) -> str:
    """The human listing: kind, name, version, distribution, description or error."""
    header = ("KIND", "NAME", "VERSION", "DISTRIBUTION", "DESCRIPTION")
    rows = [
        (
            info.kind,
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


def _fill(args: argparse.Namespace) -> int:
    from crossforge.plugins.contract import Control
    from crossforge.plugins.fill import fill_request_from_file, run_fill
    from crossforge.plugins.registry import registry

    request = fill_request_from_file(
        args.grid,
        puzzle_type=args.type,
        strategy=args.strategy,
        params=dict(_pair(text, "--param", json_value=True) for text in args.param),
        list=args.word_list,
        min_score=args.min_score,
        locked=dict(_pair(text, "--lock") for text in args.lock),
        allowed=args.allow,
        banned=args.ban,
        no_duplicates=False if args.allow_duplicates else None,
    )
    control = Control.with_timeout(args.timeout, seed=args.seed)
    if args.progress:
        control.progress = _print_progress
    answer = run_fill(request, registry(), control)
    if args.json:
        print(json.dumps(answer, indent=2))
    else:
        print(fill_report(answer))
    return 0 if answer["status"] == "filled" else 3


def _pair(text: str, option: str, json_value: bool = False) -> tuple[str, Any]:
    """``KEY=VALUE`` of a repeatable option; with ``json_value`` the value is JSON when
    it parses (``true``, ``3``, ``"x"``) and plain text otherwise."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError(f"{option} {text!r}: expected KEY=VALUE")
    if not json_value:
        return key, value
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def _print_progress(report: Mapping[str, Any]) -> None:
    print(json.dumps(dict(report), default=str), file=sys.stderr, flush=True)


def fill_report(answer: dict[str, Any]) -> str:
    """The human form of a fill answer: status, grid, entries, metrics, effort."""
    lines = [
        f"status: {answer['status']}" + (f" ({answer['reason']})" if answer.get("reason") else "")
    ]
    lines += ["", *answer.get("grid", []), ""]
    entries = answer.get("entries", [])
    if entries:
        lines.append(f"{'ENTRY':<10} {'WORD':<16} {'SCORE':>5}  CLUE")
        for entry in entries:
            score = entry.get("score")
            clues = entry.get("clues") or []
            lines.append(
                f"{str(entry['number']) + ' ' + entry['direction']:<10} "
                f"{entry.get('word') or '-':<16} {'-' if score is None else f'{score:g}':>5}  "
                f"{_clue_text(clues[0]) if clues else ''}"
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
    stats = answer.get("stats", {})
    if stats:
        lines.append("effort: " + ", ".join(f"{k} {v}" for k, v in stats.items() if _plain(v)))
    return "\n".join(lines).rstrip()


def _clue_text(clue: Any) -> str:
    return str(clue.get("text", "")) if isinstance(clue, Mapping) else str(clue)


def _plain(value: Any) -> bool:
    return isinstance(value, int | float | str | bool)
