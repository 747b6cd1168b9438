"""Time ``crossforge`` start-up: each command line run several times, each run a fresh
process, after one untimed warm-up run; prints the median and maximum per command::

    .venv/bin/python scripts/bench_cli.py [--runs 10]
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import click

COMMANDS = [
    ["--help"],
    ["fill", "--help"],
    ["words", "import", "--help"],
    ["puzzle", "generate", "--help"],
    ["grid", "check", "mini-5x5"],
]


def executable() -> str:
    """The ``crossforge`` script next to this Python, or the one on PATH."""
    beside = Path(sys.executable).with_name("crossforge")
    found = str(beside) if beside.exists() else shutil.which("crossforge")
    if found is None:
        raise click.ClickException("no crossforge command: install the project first")
    return found


def timings(argv: list[str], runs: int) -> list[float]:
    """Seconds taken by ``runs`` runs of ``argv`` (after one warm-up run)."""
    seconds = []
    for _ in range(runs + 1):
        started = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        seconds.append(time.perf_counter() - started)
    return seconds[1:]


@click.command()
@click.option("--runs", type=int, default=10, help="Timed runs per command.")
def main(runs: int) -> None:
    """Print a table of the commands' start-up times in milliseconds."""
    program = executable()
    width = max(len(" ".join(argv)) for argv in COMMANDS) + len("crossforge ")
    print(f"{'command':<{width}}  {'median ms':>9}  {'max ms':>7}")
    for argv in COMMANDS:
        seconds = timings([program, *argv], runs)
        name = " ".join(["crossforge", *argv])
        print(
            f"{name:<{width}}  {statistics.median(seconds) * 1000:9.0f}  {max(seconds) * 1000:7.0f}"
        )


if __name__ == "__main__":
    main()
