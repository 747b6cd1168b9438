"""The ``crossforge`` command: one subcommand group per package.

Each package's ``cli`` module offers ``register(subparsers)``, adding its commands with
``set_defaults(handler=...)``; a handler takes the parsed arguments and returns an exit
code. Heavy imports stay inside handlers so ``crossforge --help`` is instant.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMAND_MODULES = (
    "crossforge.wordbase.cli",
    "crossforge.grids.cli",
    "crossforge.plugins.puzzles.cli",
    "crossforge.plugins.cli",
    "crossforge.server.commands",
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every package's subcommands."""
    parser = argparse.ArgumentParser(
        prog="crossforge", description="Crossword construction server and word database."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return int(handler(args) or 0)
    except KeyboardInterrupt:
        return 130
    except (ValueError, LookupError, OSError) as exc:
        print(f"crossforge: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
