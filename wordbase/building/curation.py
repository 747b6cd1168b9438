"""Curation across lists: dedupe, rescore from wordfreq, merge (``scripts/curate.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from crossforge.errors import InputError
from crossforge.wordbase.building.defaults import zipf_to_score
from crossforge.wordbase.models import Entry, ImportSummary, Merge, combine_entries
from crossforge.wordbase.store import WordStore

__all__ = ["dedupe", "merge_lists", "rescore"]


def _same_alphabet(store: WordStore, names: Sequence[str]) -> None:
    """Raise ValueError unless the lists write keys the same way."""
    specs = {name: store.get_list(name) for name in names}
    kinds = {(wl.alphabet, tuple(sorted(wl.settings.items()))) for wl in specs.values()}
    if len(kinds) > 1:
        shown = ", ".join(f"{n} ({wl.alphabet} {wl.settings})" for n, wl in specs.items())
        raise InputError(f"lists with different alphabets cannot share keys: {shown}")


def dedupe(store: WordStore, names: Sequence[str], dry_run: bool = False) -> dict[str, int]:
    """Keep each key only in the first of ``names`` that holds it; returns, per later list,
    how many entries were (or, with ``dry_run``, would be) deleted."""
    if len(set(names)) != len(names) or len(names) < 2:
        raise InputError("dedupe needs at least two different lists, in priority order")
    _same_alphabet(store, names)
    seen: set[str] = set()
    removed: dict[str, int] = {}
    for position, name in enumerate(names):
        keys = [key for key, _ in store.scored_keys(name)]
        if position:
            doomed = [key for key in keys if key in seen]
            removed[name] = store.delete_entries(name, doomed, dry_run=dry_run)
        seen.update(keys)
    return removed


def rescore(
    store: WordStore,
    name: str,
    lang: str = "en",
    merge: Merge = "replace",
    dry_run: bool = False,
) -> ImportSummary:
    """Score every entry of ``name`` from wordfreq (the default-list mapping, read from the
    display form so "ice cream" counts as two words). Entries wordfreq does not know keep
    their score; ``merge="max"`` only ever raises scores."""
    from wordfreq import zipf_frequency

    rescored: list[Entry] = []
    for entry in store.iter_entries(name):
        zipf = zipf_frequency(entry.display, lang, wordlist="large")
        if zipf > 0:
            rescored.append(Entry(entry.key, entry.display, zipf_to_score(zipf, entry.length)))
    return store.upsert_entries(name, rescored, merge, dry_run=dry_run)


def merge_lists(
    store: WordStore,
    target: str,
    sources: Sequence[str],
    merge: Merge = "max",
    dry_run: bool = False,
) -> ImportSummary:
    """Copy every entry of ``sources`` into ``target`` (created like the first source when
    missing), in one transaction. A key in several sources keeps its best score and all
    clues; against ``target``'s own entries ``merge`` decides."""
    if not sources or target in sources:
        raise InputError("merge needs source lists other than the target")
    exists = store.has_list(target)
    _same_alphabet(store, [*sources, target] if exists else sources)
    incoming = combine_entries(entry for name in sources for entry in store.iter_entries(name))
    if exists:
        return store.upsert_entries(target, incoming.values(), merge, dry_run=dry_run)
    if dry_run:
        return ImportSummary(target, "entries", len(incoming), added=len(incoming), dry_run=True)
    first = store.get_list(sources[0])
    return store.replace_entries(
        target,
        incoming.values(),
        alphabet=first.alphabet,
        description=f"merged from {', '.join(sources)}",
        **first.settings,
    )
