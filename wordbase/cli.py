"""``crossforge words …``: build, import, export, search and inspect word lists."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import click

from crossforge.cli_support import progress_bar
from crossforge.errors import InputError
from crossforge.wordbase.config import DEFAULT_LIST
from crossforge.wordbase.formats import FORMATS

if TYPE_CHECKING:
    from crossforge.wordbase.models import ImportSummary
    from crossforge.wordbase.store import WordStore

F = TypeVar("F", bound=Callable[..., Any])

list_option = click.option(
    "--list", "list_name", default=DEFAULT_LIST, metavar="NAME", help="Word list."
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def format_option(text: str, default: str | None = None) -> Callable[[F], F]:
    """``--format``: one of the word-list file formats."""
    return click.option("--format", "fmt", type=click.Choice(FORMATS), default=default, help=text)


def import_options(command: F) -> F:
    """The options every import takes: ``--skip-bad``, ``--dry-run``, ``--alphabet`` (of
    a new list) and ``--json``."""
    command = click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")(
        command
    )
    command = click.option("--alphabet", default="en", help="Alphabet of a new list (en, ru, ja).")(
        command
    )
    command = click.option("--dry-run", is_flag=True, help="Report without writing.")(command)
    return click.option(
        "--skip-bad", is_flag=True, help="Import the good lines, list the bad ones."
    )(command)


@click.group()
def words() -> None:
    """Build, import, export and search word lists."""


def open_store() -> WordStore:
    from crossforge.wordbase.store import WordStore

    return WordStore()


@words.command("build-default")
@click.option(
    "--lang",
    type=click.Choice(["en", "ru"]),
    default="en",
    help="Language of the wordfreq list.",
)
@click.option("--size", type=int, metavar="N", help="Keep only the N best-scored words.")
@click.option("--if-missing", is_flag=True, help="Do nothing when the list already exists.")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    metavar="N",
    help="Processes scoring English keys (default: one per core, at most 4; each adds memory).",
)
def build_default_command(
    lang: str, size: int | None, if_missing: bool, workers: int | None
) -> None:
    """Build default-LANG from wordfreq."""
    from crossforge.wordbase.building.defaults import build_default, default_name
    from crossforge.wordbase.index import WordIndex

    store = open_store()
    name = default_name(lang)
    if if_missing and store.has_list(name):
        print(f"{name} exists: nothing to do")
        return
    started = time.monotonic()
    with progress_bar(name) as progress:
        summary = build_default(store, lang, size, progress=progress, workers=workers)
    built = time.monotonic()
    index = WordIndex.for_list(store, name)
    print(
        f"{name}: {summary.added} words in {built - started:.1f} s; "
        f"index of {len(index)} keys in {time.monotonic() - built:.1f} s"
    )


@words.command("import")
@click.argument("file")
@click.option("--list", "list_name", required=True, metavar="NAME", help="List to import into.")
@format_option("File format (default: from the file extension).")
@click.option(
    "--scale",
    type=click.Choice(["auto", "50", "100"]),
    default="auto",
    show_default=True,
    help="Highest score in the file (50 for lists scored 0-50); auto: judged from the "
    "scores, and the summary says what was found.",
)
@click.option(
    "--merge",
    type=click.Choice(["max", "replace"]),
    default="max",
    help="A word already listed keeps the higher score, or takes the file's.",
)
@import_options
def import_command(
    file: str,
    list_name: str,
    fmt: str | None,
    scale: str,
    merge: str,
    skip_bad: bool,
    dry_run: bool,
    alphabet: str,
    as_json: bool,
) -> None:
    """Import a word-list file into a list.

    A file with bad lines is rejected whole, naming them, unless --skip-bad.
    """
    from crossforge.wordbase.building.english.editor_tags import with_editor_tags
    from crossforge.wordbase.imports import import_file

    store = open_store()

    def run() -> ImportSummary:
        with progress_bar(list_name) as progress:
            return import_file(
                store,
                list_name,
                file,
                fmt,
                scale=None if scale == "auto" else int(scale),
                merge=merge,
                skip_bad=skip_bad,
                dry_run=dry_run,
                alphabet=alphabet,
                progress=progress,
                tagger=with_editor_tags,
            )

    report_import(run, file, as_json)


def report_import(run: Callable[[], ImportSummary], file: str, as_json: bool) -> None:
    """Run an import and print its summary (``as_json``: as JSON); a file refused for
    its bad lines prints them and exits with status 1."""
    from crossforge.wordbase.imports import ImportRejected

    try:
        summary = run()
    except ImportRejected as exc:
        if as_json:
            print(json.dumps(exc.summary.to_json(), ensure_ascii=False))
        print(exc.summary.describe(), file=sys.stderr)
        print(
            f"crossforge: error: {exc.summary.rejected_count} bad line(s) in {file}; nothing "
            "imported (use --skip-bad to import the rest)",
            file=sys.stderr,
        )
        click.get_current_context().exit(1)
    if as_json:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        print(summary.describe())


@words.command()
@click.option("--list", "list_name", required=True, metavar="NAME", help="List to export.")
@format_option("File format.", default="stwl")
@click.option("--output", "-o", metavar="FILE", help="File to write (default: standard output).")
def export(list_name: str, fmt: str, output: str | None) -> None:
    """Write a list in a file format."""
    from crossforge.wordbase.exports import export_entries

    store = open_store()
    write_export(
        store, list_name, output, lambda out: export_entries(store, list_name, out, fmt), "entries"
    )


def write_export(
    store: WordStore,
    list_name: str,
    output: str | None,
    write: Callable[[TextIO], int],
    what: str,
) -> None:
    """Run an export ``write`` into ``output`` (standard output when None), after checking
    that the list exists; a file gets a line on standard error counting ``what``."""
    store.get_list(list_name)  # fail before creating an output file
    if output is None:
        write(sys.stdout)
        return
    with open(output, "w", encoding="utf-8", newline="") as out:
        count = write(out)
    print(f"{list_name}: {count} {what} written to {output}", file=sys.stderr)


@words.command()
@click.argument("pattern", required=False)
@list_option
@click.option("--min-score", type=int, default=0, help="Lowest score shown.")
@click.option("--limit", type=int, default=50, help="Most words shown.")
@click.option("--regex", help="Regular expression the whole key must match.")
@json_option
def search(
    pattern: str | None,
    list_name: str,
    min_score: int,
    limit: int,
    regex: str | None,
    as_json: bool,
) -> None:
    """Find words by pattern and regex.

    PATTERN is like C?T, where ? . and _ match any letter.
    """
    if pattern is None and regex is None:
        raise InputError("give a PATTERN, a --regex, or both")
    page = open_store().search(list_name, pattern, regex=regex, min_score=min_score, limit=limit)
    if as_json:
        found = [
            {
                "word": e.key,
                "score": e.score,
                "display": e.display,
                "clues": [c.text for c in e.clues],
            }
            for e in page.entries
        ]
        print(json.dumps(found, ensure_ascii=False))
        return
    for entry in page.entries:
        clue = f"  {entry.clues[0].text}" if entry.clues else ""
        shown = f" ({entry.display})" if entry.display.upper() != entry.key else ""
        print(f"{entry.score:3d}  {entry.key}{shown}{clue}")
    if not page.entries:
        print("no matches", file=sys.stderr)


@words.command()
@list_option
@json_option
def stats(list_name: str, as_json: bool) -> None:
    """Counts by length and a score histogram."""
    found = open_store().stats(list_name)
    if as_json:
        print(
            json.dumps(
                {
                    "list": list_name,
                    "total": found.total,
                    "by_length": found.by_length,
                    "score_bands": found.score_bands,
                }
            )
        )
        return
    print(f"{list_name}: {found.total} entries")
    print("length  count")
    for length, count in found.by_length.items():
        print(f"{length:6d}  {count}")
    print("score    count")
    top = max(found.score_bands.values(), default=0) or 1
    for band, count in found.score_bands.items():
        label = f"{band}-{band + 9 if band < 90 else 100}"
        print(f"{label:>7}  {count:7d} {'#' * (40 * count // top)}")


@words.command()
@json_option
def lists(as_json: bool) -> None:
    """The word lists and their versions."""
    found = open_store().lists()
    if as_json:
        print(json.dumps([wl.to_json() for wl in found], ensure_ascii=False))
        return
    for word_list in found:
        print(f"{word_list.name}  ({word_list.alphabet}, version {word_list.version})")


@words.command()
@click.argument("name")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def delete(name: str, yes: bool) -> None:
    """Delete word list NAME with all its entries and clues."""
    store = open_store()
    count = store.count(name)  # an unknown list is an error before anything is asked
    if not yes:
        click.confirm(f"delete list {name!r} and its {count} entries?", abort=True, err=True)
    store.delete_list(name)
    print(f"deleted {name} ({count} entries)", file=sys.stderr)
