"""Word-list curation beyond ``crossforge words``: dedupe, rescore and merge lists.

    .venv/bin/python scripts/curate.py dedupe LIST LIST... [--dry-run]
    .venv/bin/python scripts/curate.py rescore LIST [--lang en] [--merge replace|max] [--dry-run]
    .venv/bin/python scripts/curate.py merge --into TARGET SOURCE... [--merge max|replace]

Works on the database of ``CROSSFORGE_DATABASE_URL`` (default: the instance's SQLite
file), through ``crossforge.wordbase.building.curation``. Each command is one transaction
per list written.
"""

from __future__ import annotations

import argparse
import sys

from crossforge.wordbase.building.curation import dedupe, merge_lists, rescore
from crossforge.wordbase.store import WordStore


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Dedupe, rescore and merge word lists.")
    commands = parser.add_subparsers(dest="command", required=True)
    dd = commands.add_parser("dedupe", help="keep each key only in the first list holding it")
    dd.add_argument("lists", nargs="+", metavar="LIST", help="lists in priority order")
    rs = commands.add_parser("rescore", help="score a list's entries from wordfreq")
    rs.add_argument("list_name", metavar="LIST")
    rs.add_argument("--lang", default="en")
    rs.add_argument("--merge", choices=("replace", "max"), default="replace")
    mg = commands.add_parser("merge", help="copy lists into one")
    mg.add_argument("sources", nargs="+", metavar="SOURCE")
    mg.add_argument("--into", required=True, metavar="TARGET")
    mg.add_argument("--merge", choices=("max", "replace"), default="max")
    for sub in (dd, rs, mg):
        sub.add_argument("--dry-run", action="store_true", help="report without writing")
    args = parser.parse_args(argv)

    store = WordStore()
    try:
        if args.command == "dedupe":
            removed = dedupe(store, args.lists, args.dry_run)
            verb = "would remove" if args.dry_run else "removed"
            for name, count in removed.items():
                print(f"{name}: {verb} {count} entries also in an earlier list")
        elif args.command == "rescore":
            print(rescore(store, args.list_name, args.lang, args.merge, args.dry_run).describe())
        else:
            print(merge_lists(store, args.into, args.sources, args.merge, args.dry_run).describe())
    except (ValueError, LookupError) as exc:
        print(f"curate: error: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
