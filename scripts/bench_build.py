"""Time the English default list's build and a large import on SQLite and PostgreSQL::

    .venv/bin/python scripts/bench_build.py [--database URL] [--words 1000000] [--rounds 1]

Each round builds ``default-en`` (``crossforge words build-default --lang en``) into a
fresh SQLite file and into a fresh schema of the PostgreSQL database at ``--database``,
then imports a synthetic list of ``--words`` words (letters only, scores 1-60) into a new
list of each, twice: the second import finds every word already there. Each step runs
as the command a user types, in a process of its own; prints wall and user CPU seconds.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import click
import psycopg
from sqlalchemy.engine import make_url

CROSSFORGE = str(Path(sys.executable).with_name("crossforge"))
STEPS = (
    ("build-default en", ["words", "build-default", "--lang", "en"]),
    ("import (new list)", ["words", "import", "{words}", "--list", "large"]),
    ("import again (all known)", ["words", "import", "{words}", "--list", "large"]),
)


def write_words(path: Path, count: int, seed: int = 7) -> None:
    """``count`` distinct random words of 3-15 letters with scores, one ``WORD;SCORE`` a line."""
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice("abcdefghijklmnoprstuw") for _ in range(rng.randint(3, 15))))
    path.write_text("".join(f"{word};{rng.randint(1, 60)}\n" for word in sorted(words)), "utf-8")


def run_steps(env: dict[str, str], words: Path) -> list[tuple[float, float]]:
    """Wall and user CPU seconds of each of ``STEPS`` with ``env``."""
    timings = []
    for _, argv in STEPS:
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        started = time.perf_counter()
        command = [CROSSFORGE, *(arg.format(words=words) for arg in argv)]
        subprocess.run(command, env=env, check=True, capture_output=True)
        used = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
        timings.append((time.perf_counter() - started, used))
    return timings


@click.command()
@click.option(
    "--database",
    default="postgresql+psycopg://postgres@127.0.0.1:5432/test",
    show_default=True,
    help="PostgreSQL database; each round uses a fresh schema of its own, dropped after.",
)
@click.option("--words", "count", type=int, default=1_000_000, show_default=True)
@click.option("--rounds", type=int, default=1, show_default=True)
def main(database: str, count: int, rounds: int) -> None:
    """Build and import on both databases; print the timings."""
    admin = make_url(database).set(drivername="postgresql").render_as_string(hide_password=False)
    with tempfile.TemporaryDirectory() as folder:
        words = Path(folder) / "words.txt"
        write_words(words, count)
        print("| round | step | SQLite wall / CPU s | PostgreSQL wall / CPU s |")
        print("|---|---|---|---|")
        for round_ in range(1, rounds + 1):
            instance = Path(folder) / f"sqlite-{round_}"
            lite = run_steps({**os.environ, "CROSSFORGE_INSTANCE": str(instance)}, words)
            schema = f"bench_{uuid.uuid4().hex[:12]}"
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'CREATE SCHEMA "{schema}"')
            try:
                url = make_url(database).update_query_dict({"options": f"-csearch_path={schema}"})
                env = {
                    **os.environ,
                    "CROSSFORGE_INSTANCE": str(Path(folder) / f"postgres-{round_}"),
                    "CROSSFORGE_DATABASE_URL": url.render_as_string(hide_password=False),
                }
                pg = run_steps(env, words)
            finally:
                with psycopg.connect(admin, autocommit=True) as conn:
                    conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
            for (name, _), (lw, lc), (pw, pc) in zip(STEPS, lite, pg, strict=True):
                print(f"| {round_} | {name} | {lw:.1f} / {lc:.1f} | {pw:.1f} / {pc:.1f} |")


if __name__ == "__main__":
    main()
