"""``crossforge clues …``: import, export and search the clues of a word list."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from crossforge.errors import InputError
from crossforge.wordbase.cli import (
    import_options,
    json_option,
    list_option,
    open_store,
    report_import,
    write_export,
)
from crossforge.wordbase.clue_formats import CLUE_FORMATS

F = TypeVar("F", bound=Callable[..., Any])


def add_words_options(command: F) -> F:
    """``--add-words`` and ``--score``: answers the list lacks become entries."""
    command = click.option(
        "--score",
        type=click.IntRange(0, 100),
        default=50,
        show_default=True,
        help="Score of entries --add-words creates.",
    )(command)
    return click.option(
        "--add-words", is_flag=True, help="Add answers the list lacks as new entries."
    )(command)


@click.group()
def clues() -> None:
    """Import, export and search clues."""


@clues.command("import")
@click.argument("file")
@click.option("--list", "list_name", required=True, metavar="NAME", help="List to import into.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(CLUE_FORMATS),
    help="File format (default: from the file extension, .csv .tsv .jsonl; "
    "dash for 'word — description' lines).",
)
@add_words_options
@import_options
def import_command(
    file: str,
    list_name: str,
    fmt: str | None,
    add_words: bool,
    score: int,
    skip_bad: bool,
    dry_run: bool,
    alphabet: str,
    as_json: bool,
) -> None:
    """Add the clues of a clue file to a list's entries, in one transaction.

    Answers the list lacks are skipped (counted) unless --add-words. A file with bad
    lines is rejected whole, naming them, unless --skip-bad.
    """
    from crossforge.wordbase.imports import import_clue_file

    store = open_store()
    report_import(
        lambda: import_clue_file(
            store,
            list_name,
            file,
            fmt,
            add_words=add_words,
            score=score,
            skip_bad=skip_bad,
            dry_run=dry_run,
            alphabet=alphabet,
        ),
        file,
        as_json,
    )


@clues.command()
@click.option("--list", "list_name", required=True, metavar="NAME", help="List to export.")
@click.option(
    "--format", "fmt", type=click.Choice(CLUE_FORMATS), default="tsv", help="File format."
)
@click.option("--output", "-o", metavar="FILE", help="File to write (default: standard output).")
def export(list_name: str, fmt: str, output: str | None) -> None:
    """Write every clue of a list in a clue format."""
    from crossforge.wordbase.exports import export_clues

    store = open_store()
    write_export(
        store, list_name, output, lambda out: export_clues(store, list_name, out, fmt), "clues"
    )


@clues.command()
@click.argument("query", required=False)
@click.option("--word", metavar="ANSWER", help="Only the clues of this answer.")
@list_option
@click.option("--limit", type=click.IntRange(1, 1000), default=50, help="Most clues shown.")
@click.option("--cursor", help="Where the previous page (its next_cursor) ended.")
@json_option
def search(
    query: str | None,
    word: str | None,
    list_name: str,
    limit: int,
    cursor: str | None,
    as_json: bool,
) -> None:
    """Find clues by their words (full-text) and by answer.

    Every word of QUERY must occur in the clue, in any case.
    """
    if query is None and word is None:
        raise InputError("give a QUERY, a --word, or both")
    page = open_store().search_clues(list_name, query, word, limit=limit, cursor=cursor)
    if as_json:
        found = {
            "clues": [hit.to_json() for hit in page.hits],
            "next_cursor": page.next_cursor,
        }
        print(json.dumps(found, ensure_ascii=False))
        return
    for hit in page.hits:
        source = f"  [{hit.clue.source}]" if hit.clue.source else ""
        print(f"{hit.word:<16} {hit.clue.text}{source}")
    if not page.hits:
        print("no clues found", file=sys.stderr)
    elif page.next_cursor is not None:
        print(f"more: --cursor {page.next_cursor}", file=sys.stderr)


@clues.command("import-dictionary")
@click.argument("dictionary", type=click.Choice(["jmdict", "wiktionary"]))
@click.option("--list", "list_name", required=True, metavar="NAME", help="List to import into.")
@click.option(
    "--file",
    "path",
    metavar="PATH",
    help="The dictionary's data: jmdict a jamdict.db (default: the jamdict-data "
    "package's), wiktionary a wiktextract JSON-lines file.",
)
@add_words_options
@click.option("--dry-run", is_flag=True, help="Report without writing.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def import_dictionary(
    dictionary: str,
    list_name: str,
    path: str | None,
    add_words: bool,
    score: int,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Add a dictionary's definitions to a list's entries as clues (opt-in).

    DICTIONARY is jmdict (JMdict, Japanese kana with English glosses; pip install
    jamdict-data) or wiktionary (a Russian Wiktionary extract in wiktextract's
    JSON-lines layout). Its licence is printed first. Answers the list's alphabet cannot
    write are skipped and counted as rejected.
    """
    from crossforge.wordbase.dictionaries import DICTIONARIES
    from crossforge.wordbase.imports import import_clues

    source = DICTIONARIES[dictionary]
    data = source.path(path)
    print(source.licence, file=sys.stderr if as_json else sys.stdout)
    store = open_store()
    report_import(
        lambda: import_clues(
            store,
            list_name,
            source.read(data),
            dictionary,
            add_words=add_words,
            score=score,
            skip_bad=True,
            dry_run=dry_run,
            alphabet=source.alphabet,
            label=str(data),
        ),
        str(data),
        as_json,
    )
