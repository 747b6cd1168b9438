"""Time a clue-corpus import and clue searches on a synthetic xd clue table::

    .venv/bin/python scripts/bench_clues.py [--lines 1000000] [--database URL]

The table (``pubid year answer clue`` rows: 60,000 answers, each clue five words from a
vocabulary of 20,000, a fifth of the rows repeating an earlier clue, a tenth of the
answers missing from the list) is written to a temporary file, then imported into a fresh
list of a fresh SQLite database (or the PostgreSQL database at ``--database``, in a
schema of its own). Prints the import's time (wall and CPU), rows per second, how far
the import raised this process's peak memory, and the median time of clue searches by
text, by answer and both.
"""

from __future__ import annotations

import random
import resource
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import click

from crossforge.wordbase.building.english.editor_tags import with_editor_tags
from crossforge.wordbase.imports import import_clue_file, import_lines
from crossforge.wordbase.store import WordStore

ANSWERS = 60_000
VOCABULARY = 20_000


def _word(rng: random.Random, low: int, high: int) -> str:
    return "".join(rng.choice("ABCDEFGHIJKLMNOPRSTUW") for _ in range(rng.randint(low, high)))


def write_corpus(path: Path, lines: int, seed: int = 1) -> list[str]:
    """Write the synthetic clue table; returns the answers the list is to hold."""
    rng = random.Random(seed)
    answers = sorted({_word(rng, 3, 12) for _ in range(ANSWERS)})
    vocabulary = [_word(rng, 2, 9).lower() for _ in range(VOCABULARY)]
    earlier: list[tuple[str, str]] = []
    with path.open("w", encoding="utf-8") as out:
        out.write("pubid\tyear\tanswer\tclue\n")
        for n in range(lines):
            if earlier and rng.random() < 0.2:
                answer, clue = rng.choice(earlier)
            else:
                answer = rng.choice(answers)
                clue = " ".join(rng.choice(vocabulary) for _ in range(5)).capitalize()
                if len(earlier) < 100_000:
                    earlier.append((answer, clue))
            out.write(f"{rng.choice(('nyt', 'lat', 'wsj'))}\t{1950 + n % 70}\t{answer}\t{clue}\n")
    return answers[: len(answers) * 9 // 10]


def _median_ms(run: object, times: int = 20) -> float:
    seconds = []
    for _ in range(times):
        started = time.perf_counter()
        run()  # type: ignore[operator]
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds) * 1000


@click.command()
@click.option("--lines", type=int, default=1_000_000, help="Rows of the clue table.")
@click.option("--database", metavar="URL", help="A PostgreSQL URL (default: a SQLite file).")
def main(lines: int, database: str | None) -> None:
    """Print a table: import time, rows per second, peak memory, search medians."""
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "clues.tsv"
        answers = write_corpus(corpus, lines)
        url = database or f"sqlite:///{Path(folder) / 'bench.db'}"
        schema = None
        if database:
            from sqlalchemy import text
            from sqlalchemy.engine import make_url

            schema = f"bench_{uuid.uuid4().hex[:8]}"
            with WordStore(database).engine.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{schema}"'))
            scoped = make_url(database).update_query_dict({"options": f"-csearch_path={schema}"})
            url = scoped.render_as_string(hide_password=False)
        store = WordStore(url)
        answer_lines = (f"{answer};50" for answer in answers)
        import_lines(store, "bench", answer_lines, "stwl", tagger=with_editor_tags)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started, cpu = time.perf_counter(), time.process_time()
        summary = import_clue_file(store, "bench", corpus, "xd")
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        word = answers[len(answers) // 2]
        text_ms = _median_ms(lambda: store.search_clues("bench", "the", limit=50))
        common = summary and store.search_clues("bench", None, word, limit=1).hits
        query = common[0].clue.text.split()[1] if common else "x"
        rare_ms = _median_ms(lambda: store.search_clues("bench", query, limit=50))
        word_ms = _median_ms(lambda: store.search_clues("bench", None, word, limit=50))
        both_ms = _median_ms(lambda: store.search_clues("bench", query, word, limit=50))
        store.close()
        if schema is not None and database:
            from sqlalchemy import text

            with WordStore(database).engine.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    backend = "postgresql" if database else "sqlite"
    print(
        f"clue import, {backend}: {summary.lines:,} lines, {summary.added:,} clues added, "
        f"{summary.unchanged:,} repeated, {summary.skipped:,} skipped"
    )
    print(f"{'measure':<34} {'value':>12}")
    print(f"{'import seconds':<34} {seconds:12.1f}")
    print(f"{'import CPU seconds (this process)':<34} {cpu:12.1f}")
    print(f"{'rows per second':<34} {summary.lines / seconds:12,.0f}")
    print(f"{'peak memory growth MB':<34} {(peak - before) / 1024:12.0f}")
    print(f"{'search q=<absent word> ms':<34} {text_ms:12.1f}")
    print(f"{'search q=<a word of a clue> ms':<34} {rare_ms:12.1f}")
    print(f"{'search word=<answer> ms':<34} {word_ms:12.1f}")
    print(f"{'search q and word ms':<34} {both_ms:12.1f}")


if __name__ == "__main__":
    main()
