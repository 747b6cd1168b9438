"""``crossforge words …``: build, import, export, search and inspect word lists."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, Any, TextIO

from crossforge.wordbase.formats import FORMATS

if TYPE_CHECKING:
    from crossforge.wordbase.store import WordStore

__all__ = ["register"]

DEFAULT_LIST = "default-en"


def register(subparsers: Any) -> None:
    """Add the ``words`` command group."""
    words = subparsers.add_parser("words", help="manage word lists")
    commands = words.add_subparsers(dest="words_command", metavar="COMMAND", required=True)

    build = commands.add_parser("build-default", help="build default-LANG from wordfreq")
    build.add_argument("--lang", choices=("en", "ru"), default="en")
    build.add_argument("--size", type=int, help="keep only the N best-scored words")
    build.add_argument(
        "--if-missing", action="store_true", help="do nothing when the list already exists"
    )
    build.set_defaults(handler=_build_default)

    imp = commands.add_parser("import", help="import a word-list file into a list")
    imp.add_argument("file")
    imp.add_argument("--list", required=True, dest="list_name", metavar="NAME")
    imp.add_argument("--format", choices=FORMATS, help="default: from the file extension")
    imp.add_argument("--scale", type=int, choices=(50, 100), default=100)
    imp.add_argument("--merge", choices=("max", "replace"), default="max")
    imp.add_argument("--skip-bad", action="store_true", help="import good lines, list bad ones")
    imp.add_argument("--dry-run", action="store_true", help="report without writing")
    imp.add_argument("--alphabet", default="en", help="alphabet of a new list (en, ru, ja)")
    imp.add_argument("--json", action="store_true", help="print the summary as JSON")
    imp.set_defaults(handler=_import)

    exp = commands.add_parser("export", help="write a list in a file format")
    exp.add_argument("--list", required=True, dest="list_name", metavar="NAME")
    exp.add_argument("--format", choices=FORMATS, default="stwl")
    exp.add_argument("--output", "-o", help="file to write (default: standard output)")
    exp.set_defaults(handler=_export)

    search = commands.add_parser("search", help="find words by pattern and regex")
    search.add_argument("pattern", nargs="?", help="e.g. C?T (? . _ = any letter)")
    search.add_argument("--list", dest="list_name", default=DEFAULT_LIST, metavar="NAME")
    search.add_argument("--min-score", type=int, default=0)
    search.add_argument("--limit", type=int, default=50)
    search.add_argument("--regex", help="regex the whole key must match")
    search.add_argument("--json", action="store_true")
    search.set_defaults(handler=_search)

    stats = commands.add_parser("stats", help="counts by length and a score histogram")
    stats.add_argument("--list", dest="list_name", default=DEFAULT_LIST, metavar="NAME")
    stats.add_argument("--json", action="store_true")
    stats.set_defaults(handler=_stats)

    lists = commands.add_parser("lists", help="the word lists and their versions")
    lists.add_argument("--json", action="store_true")
    lists.set_defaults(handler=_lists)


class _Bar:
    """A progress bar on standard error, drawn only when it is a terminal."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.active = self.stream.isatty()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.active or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        width = 30
        filled = width * done // max(total, 1)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _store() -> WordStore:
    from crossforge.wordbase.store import WordStore

    return WordStore()


def _build_default(args: argparse.Namespace) -> int:
    from crossforge.wordbase.defaults import build_default, default_name
    from crossforge.wordbase.index import WordIndex

    store = _store()
    name = default_name(args.lang)
    if args.if_missing and store.has_list(name):
        print(f"{name} exists: nothing to do")
        return 0
    started = time.monotonic()
    summary = build_default(store, args.lang, args.size, progress=_Bar(name))
    built = time.monotonic()
    index = WordIndex.for_list(store, name)
    print(
        f"{name}: {summary.added} words in {built - started:.1f} s; "
        f"index of {len(index)} keys in {time.monotonic() - built:.1f} s"
    )
    return 0


def _import(args: argparse.Namespace) -> int:
    from crossforge.wordbase.store import ImportRejected

    store = _store()
    try:
        summary = store.import_file(
            args.list_name,
            args.file,
            args.format,
            scale=args.scale,
            merge=args.merge,
            skip_bad=args.skip_bad,
            dry_run=args.dry_run,
            alphabet=args.alphabet,
            progress=_Bar(args.list_name),
        )
    except ImportRejected as exc:
        if args.json:
            print(json.dumps(exc.summary.to_json(), ensure_ascii=False))
        print(exc.summary.describe(), file=sys.stderr)
        print(
            f"crossforge: error: {len(exc.summary.rejected)} bad line(s) in {args.file}; nothing "
            "imported (use --skip-bad to import the rest)",
            file=sys.stderr,
        )
        return 1
    if args.json:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        print(summary.describe())
    return 0


def _export(args: argparse.Namespace) -> int:
    store = _store()
    store.get_list(args.list_name)  # fail before creating an output file
    if args.output is None:
        count = store.export(args.list_name, sys.stdout, args.format)
    else:
        with open(args.output, "w", encoding="utf-8", newline="") as out:
            count = store.export(args.list_name, out, args.format)
        print(f"{args.list_name}: {count} entries written to {args.output}", file=sys.stderr)
    return 0


def _search(args: argparse.Namespace) -> int:
    if args.pattern is None and args.regex is None:
        raise ValueError("give a PATTERN, a --regex, or both")
    store = _store()
    page = store.search(
        args.list_name,
        args.pattern,
        regex=args.regex,
        min_score=args.min_score,
        limit=args.limit,
    )
    if args.json:
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
        return 0
    for entry in page.entries:
        clue = f"  {entry.clues[0].text}" if entry.clues else ""
        shown = f" ({entry.display})" if entry.display.upper() != entry.key else ""
        print(f"{entry.score:3d}  {entry.key}{shown}{clue}")
    if not page.entries:
        print("no matches", file=sys.stderr)
    return 0


def _stats(args: argparse.Namespace) -> int:
    store = _store()
    stats = store.stats(args.list_name)
    if args.json:
        print(
            json.dumps(
                {
                    "list": args.list_name,
                    "total": stats.total,
                    "by_length": stats.by_length,
                    "score_bands": stats.score_bands,
                }
            )
        )
        return 0
    print(f"{args.list_name}: {stats.total} entries")
    print("length  count")
    for length, count in stats.by_length.items():
        print(f"{length:6d}  {count}")
    print("score    count")
    top = max(stats.score_bands.values(), default=0) or 1
    for band, count in stats.score_bands.items():
        label = f"{band}-{band + 9 if band < 90 else 100}"
        print(f"{label:>7}  {count:7d} {'#' * (40 * count // top)}")
    return 0


def _lists(args: argparse.Namespace) -> int:
    store = _store()
    found = store.lists()
    if args.json:
        print(json.dumps([wl.to_json() for wl in found], ensure_ascii=False))
        return 0
    for word_list in found:
        print(f"{word_list.name}  ({word_list.alphabet}, version {word_list.version})")
    return 0
