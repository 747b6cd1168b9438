"""``crossforge grid check|stats|convert|svg``: grid files from the command line.

FILE is a puzzle file (format by extension: .txt .grid .json .puz .ipuz .xd) or the name
of a library grid (``crossforge grid stats american-15-themed``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crossforge.grids.puzzle import Puzzle


def register(subparsers: Any) -> None:
    """Add the ``grid`` command group."""
    grid = subparsers.add_parser("grid", help="check, measure, convert and draw grids")
    commands = grid.add_subparsers(dest="grid_command", metavar="COMMAND", required=True)

    check = commands.add_parser(
        "check", help="check a grid against a rule set (exit status 1 on violations)"
    )
    check.add_argument("file", metavar="FILE")
    check.add_argument("--rules", default="american", choices=["american", "canadian", "british"])
    check.add_argument("--min-length", type=int, default=3, help="shortest entry allowed")
    check.set_defaults(handler=_check)

    stats = commands.add_parser("stats", help="grid statistics and difficulty estimates")
    stats.add_argument("file", metavar="FILE")
    stats.add_argument("--list", metavar="NAME", help="word list for the fillability estimate")
    stats.add_argument("--min-score", type=int, default=0, help="candidates' minimum score")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=_stats)

    convert = commands.add_parser("convert", help="convert between puzzle file formats")
    convert.add_argument("source", metavar="IN")
    convert.add_argument("target", metavar="OUT")
    convert.set_defaults(handler=_convert)

    svg = commands.add_parser("svg", help="draw a grid (or a library hexagon) as SVG")
    svg.add_argument("file", metavar="FILE")
    svg.add_argument("-o", "--output", metavar="OUT", help="write here (default: stdout)")
    svg.add_argument("--blank", action="store_true", help="leave the letters out")
    svg.add_argument("--no-numbers", action="store_true", help="leave the numbers out")
    svg.add_argument("--highlight", metavar="IDS", default="", help="slots to tint: 1A,5D")
    svg.add_argument("--hex", action="store_true", help="FILE is hexagon text (as .hex files)")
    svg.set_defaults(handler=_svg)


def _load(name: str) -> Puzzle:
    """A puzzle file, or a square grid of the library."""
    from crossforge.grids import formats, library
    from crossforge.grids.puzzle import Puzzle

    if Path(name).exists():
        return formats.load(name)
    if name in library.CATALOGUE:
        return Puzzle(library.load_grid(name))
    raise LookupError(f"{name}: no such file or library grid")


def _check(args: argparse.Namespace) -> int:
    from crossforge.grids.rules import check

    grid = _load(args.file).grid
    violations = check(grid, args.rules, args.min_length)
    for violation in violations:
        print(f"{violation.rule}: {violation.message}")
    if violations:
        print(f"{len(violations)} violation(s) of the {args.rules} rules")
        return 1
    print(f"passes the {args.rules} rules")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from crossforge.grids.stats import grid_stats

    grid = _load(args.file).grid
    index = None
    if args.list:
        from crossforge.wordbase.index import WordIndex
        from crossforge.wordbase.store import WordStore

        with WordStore() as store:
            index = WordIndex.for_list(store, args.list)
    stats = grid_stats(grid, index, min_score=args.min_score)
    data = stats.to_dict()
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    fill = data.pop("fillability")
    for key, value in data.items():
        print(f"{key:22} {value}")
    if fill is not None:
        print(f"{'log2 fills':22} {fill['log2_fills']:.1f} (min score {fill['min_score']})")
        print(f"{'log2 candidates':22} {fill['log2_candidates']:.1f}")
        print(f"{'log2 agreement':22} {fill['log2_agreement']:.1f}")
        tight = ", ".join(f"{s} ({fill['candidates'][s]})" for s in fill["tightest"])
        print(f"{'tightest entries':22} {tight}")
    return 0


def _convert(args: argparse.Namespace) -> int:
    from crossforge.grids import formats

    formats.dump(_load(args.source), args.target)
    print(f"wrote {args.target}")
    return 0


def _svg(args: argparse.Namespace) -> int:
    from crossforge.grids import library
    from crossforge.grids.svg import grid_svg, hex_svg

    path = Path(args.file)
    entry = library.CATALOGUE.get(args.file)
    is_hex = args.hex or path.suffix == ".hex"
    if not path.exists() and entry is not None and entry.kind == "hex":
        path, is_hex = entry.path, True
    if is_hex:
        from crossforge.grids.hexgrid import parse_hex

        hexagon, letters = parse_hex(path.read_text(encoding="utf-8"))
        picture = hex_svg(hexagon, None if args.blank else letters)
    else:
        grid = _load(args.file).grid
        ids = [part.strip() for part in args.highlight.split(",") if part.strip()]
        picture = grid_svg(
            grid,
            filled=not args.blank,
            numbers=not args.no_numbers,
            highlight=[grid.slot(slot_id) for slot_id in ids],
            title=Path(args.file).stem,
        )
    if args.output:
        Path(args.output).write_text(picture, encoding="utf-8")
    else:
        sys.stdout.write(picture)
    return 0
