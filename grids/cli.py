"""``crossforge grid check|stats|convert|svg``: grid files from the command line.

``GridSource`` is the argument type of every command taking a grid: a puzzle file (format
by extension: .txt .grid .json .puz .ipuz .xd) or the name of a library grid
(``crossforge grid stats american-15-themed``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from click.shell_completion import CompletionItem

from crossforge.cli_support import BadInput
from crossforge.errors import InputError


class GridSource(click.ParamType):
    """A grid file, or a library grid's name: converts to the file's path."""

    name = "grid"

    def __init__(self, hexagons: bool = False) -> None:
        self.hexagons = hexagons
        """Whether hexagonal library grids are accepted."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        path = Path(value)
        if path.exists():
            return path
        from crossforge.grids.library import HexagonError, entry

        try:
            return entry(str(value), None if self.hexagons else "square").path
        except HexagonError:
            raise BadInput(
                f"{value} is a hexagon; 'crossforge grid svg' draws those", ctx, param
            ) from None
        except LookupError:
            raise BadInput(f"{value}: no such file or library grid", ctx, param) from None

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        from crossforge.grids.library import CATALOGUE

        names = [n for n, e in CATALOGUE.items() if self.hexagons or e.shape != "hex"]
        found = [CompletionItem(n) for n in names if n.startswith(incomplete)]
        return [*found, CompletionItem(incomplete, type="file")]


@click.group()
def grid() -> None:
    """Check, measure, convert and draw grids.

    FILE is a puzzle file (.txt .grid .json .puz .ipuz .xd) or a library grid's name.
    """


@grid.command()
@click.argument("file", metavar="FILE", type=GridSource())
@click.option(
    "--rules",
    type=click.Choice(["american", "canadian", "british"]),
    default="american",
    help="Rule set.",
)
@click.option("--min-length", type=int, default=3, help="Shortest entry allowed.")
def check(file: Path, rules: str, min_length: int) -> None:
    """Check a grid against a rule set (exit status 1 on violations)."""
    from crossforge.grids.formats import load
    from crossforge.grids.rules import check as check_rules

    violations = check_rules(load(file).grid, rules, min_length)
    for violation in violations:
        print(f"{violation.rule}: {violation.message}")
    if violations:
        print(f"{len(violations)} violation(s) of the {rules} rules")
        click.get_current_context().exit(1)
    print(f"passes the {rules} rules")


@grid.command()
@click.argument("file", metavar="FILE", type=GridSource())
@click.option("--list", "list_name", metavar="NAME", help="Word list for the fillability estimate.")
@click.option("--min-score", type=int, default=0, help="Candidates' minimum score.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(file: Path, list_name: str | None, min_score: int, as_json: bool) -> None:
    """Grid statistics and difficulty estimates."""
    from crossforge.grids.formats import load
    from crossforge.grids.stats import grid_stats

    index = None
    if list_name:
        from crossforge.wordbase.index import WordIndex
        from crossforge.wordbase.store import WordStore

        with WordStore() as store:
            index = WordIndex.for_list(store, list_name)
    data = grid_stats(load(file).grid, index, min_score=min_score).to_dict()
    if as_json:
        print(json.dumps(data, indent=2))
        return
    fill = data.pop("fillability")
    for key, value in data.items():
        print(f"{key:22} {value}")
    if fill is not None:
        print(f"{'log2 fills':22} {fill['log2_fills']:.1f} (min score {fill['min_score']})")
        print(f"{'log2 candidates':22} {fill['log2_candidates']:.1f}")
        print(f"{'log2 agreement':22} {fill['log2_agreement']:.1f}")
        tight = ", ".join(f"{s} ({fill['candidates'][s]})" for s in fill["tightest"])
        print(f"{'tightest entries':22} {tight}")


@grid.command()
@click.argument("source", metavar="IN", type=GridSource())
@click.argument("target", metavar="OUT")
def convert(source: Path, target: str) -> None:
    """Convert between puzzle file formats (each by its extension)."""
    from crossforge.grids import formats

    formats.dump(formats.load(source), target)
    print(f"wrote {target}")


@grid.command()
@click.argument("file", metavar="FILE", type=GridSource(hexagons=True))
@click.option("-o", "--output", metavar="OUT", help="Write here (default: standard output).")
@click.option("--blank", is_flag=True, help="Leave the letters out.")
@click.option("--no-numbers", is_flag=True, help="Leave the numbers out.")
@click.option("--highlight", metavar="IDS", default="", help="Slots to tint: 1A,5D.")
@click.option("--hex", "is_hex", is_flag=True, help="FILE is hexagon text (as .hex files are).")
def svg(
    file: Path, output: str | None, blank: bool, no_numbers: bool, highlight: str, is_hex: bool
) -> None:
    """Draw a grid (or a library hexagon) as SVG."""
    from crossforge.grids.svg import grid_svg, hex_svg

    if is_hex or file.suffix == ".hex":
        from crossforge.grids.crossword_file import decode_text
        from crossforge.grids.hexgrid import parse_hex

        try:
            hexagon, letters = parse_hex(decode_text(file.read_bytes()))
        except InputError as exc:
            raise InputError(f"{file}: {exc}") from None
        picture = hex_svg(hexagon, None if blank else letters)
    else:
        from crossforge.grids.formats import load

        shape = load(file).grid
        ids = [part.strip() for part in highlight.split(",") if part.strip()]
        picture = grid_svg(
            shape,
            filled=not blank,
            numbers=not no_numbers,
            highlight=[shape.slot(slot_id) for slot_id in ids],
            title=file.stem,
        )
    if output:
        Path(output).write_text(picture, encoding="utf-8")
    else:
        sys.stdout.write(picture)
