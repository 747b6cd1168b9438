"""Imports into the word store on SQLite and PostgreSQL: counts, merges, bad lines, dry
runs, taggers, and one transaction each however it ends."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import replace

import pytest

from crossforge.wordbase.imports import ImportRejected, import_lines
from crossforge.wordbase.models import Clue, Entry
from crossforge.wordbase.store import WordStore

WORDS = ["cat;60", "dog;40", "ice cream;70", "café;55", "emu;10"]


def snapshot(store: WordStore, name: str) -> tuple[int, list[Entry]]:
    """A list's version and every entry, to compare before and after."""
    return store.get_list(name).version, list(store.iter_entries(name))


def test_import_counts_and_reimport_changes_nothing(store: WordStore) -> None:
    first = import_lines(store, "w", WORDS, "stwl")
    assert (first.added, first.updated, first.unchanged) == (5, 0, 0)
    before = snapshot(store, "w")
    again = import_lines(store, "w", WORDS, "stwl")
    assert (again.added, again.updated, again.unchanged) == (0, 0, 5)
    assert snapshot(store, "w") == before


def test_merge_max_keeps_the_higher_score_and_replace_takes_the_file(store: WordStore) -> None:
    import_lines(store, "w", ["cat;60", "dog;40"], "stwl")
    store.put_entry("w", "cat", 60, clues=["Feline"])
    kept = import_lines(store, "w", ["CAT;30", "dog;45"], "stwl", merge="max")
    assert (kept.updated, kept.unchanged) == (1, 1)
    assert store.get_entry("w", "cat") == Entry("CAT", "cat", 60, (Clue("Feline"),))
    replaced = import_lines(store, "w", ["CAT,30,Pet"], "csv", merge="replace")
    assert replaced.updated == 1
    cat = store.get_entry("w", "cat")
    assert cat == Entry("CAT", "CAT", 30, (Clue("Feline"), Clue("Pet")))


def test_one_bad_line_rejects_the_whole_file(store: WordStore) -> None:
    import_lines(store, "w", WORDS, "stwl")
    before = snapshot(store, "w")
    with pytest.raises(ImportRejected) as caught:
        import_lines(store, "w", ["owl;20", "b4d;30", "yak;500"], "stwl")
    assert [r.line for r in caught.value.summary.rejected] == [2, 3]
    assert "line 2" in str(caught.value) and "--skip-bad" in str(caught.value)
    assert snapshot(store, "w") == before
    with pytest.raises(ImportRejected):
        import_lines(store, "fresh", ["b4d"], "stwl")
    assert not store.has_list("fresh")
    skipped = import_lines(store, "w", ["owl;20", "b4d;30"], "stwl", skip_bad=True)
    assert (skipped.added, len(skipped.rejected)) == (1, 1)


def test_dry_run_reports_without_writing(store: WordStore) -> None:
    import_lines(store, "w", WORDS, "stwl")
    before = snapshot(store, "w")
    summary = import_lines(store, "w", ["owl;20", "cat;90"], "stwl", dry_run=True)
    assert (summary.added, summary.updated, summary.dry_run) == (1, 1, True)
    assert snapshot(store, "w") == before
    import_lines(store, "new", ["owl"], "stwl", dry_run=True)
    assert not store.has_list("new")


def test_an_import_adds_the_tags_of_its_tagger_and_none_without_one(store: WordStore) -> None:
    import_lines(store, "plain", ["negro;55"], "stwl")
    assert store.get_entry("plain", "negro").tags == ()
    alphabets: list[str] = []

    def theme(entries: Iterable[Entry], alphabet: str) -> Iterator[Entry]:
        alphabets.append(alphabet)
        return (replace(entry, tags=(*entry.tags, "theme")) for entry in entries)

    import_lines(store, "themed", ["ёж;50"], "stwl", alphabet="ru", tagger=theme)
    assert store.get_entry("themed", "ёж").tags == ("theme",) and alphabets == ["ru"]


def test_an_import_failing_midway_leaves_nothing_behind(
    store: WordStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_lines(store, "w", WORDS, "stwl")
    before = snapshot(store, "w")
    words = ["".join(t) for t in itertools.product("ABCDEFGHIJ", repeat=4)][:4500]
    calls = []
    real_insert = WordStore._insert

    def failing_insert(conn, list_id, added):  # type: ignore[no-untyped-def]
        calls.append(len(added))
        if len(calls) == 2:
            raise OSError("disk full (simulated)")
        real_insert(conn, list_id, added)

    monkeypatch.setattr(WordStore, "_insert", staticmethod(failing_insert))
    lines = [f"{w};30" for w in words] + ["cat;99"]
    with pytest.raises(OSError, match="simulated"):
        import_lines(store, "w", lines, "stwl")
    assert calls[0] > 0  # the first chunk was written before the failure
    assert snapshot(store, "w") == before
    calls.clear()
    with pytest.raises(OSError):
        import_lines(store, "brand-new", lines, "stwl")
    assert not store.has_list("brand-new")


def test_concurrent_imports_of_the_same_words_serialize(store: WordStore) -> None:
    """Two writers on one list: the second waits for the first and merges into its work."""
    from concurrent.futures import ThreadPoolExecutor

    store.create_list("w")
    other = WordStore(store.url)
    words = ["".join(t) for t in itertools.product("ABCDE", repeat=5)][:3000]
    jobs = [(store, [f"{w};40" for w in words]), (other, [f"{w};60" for w in words])]
    with ThreadPoolExecutor(2) as pool:
        done = list(pool.map(lambda job: import_lines(job[0], "w", job[1], "stwl"), jobs))
    other.close()
    assert sorted(s.added for s in done) == [0, 3000]
    assert store.count("w") == 3000
    assert {score for _, score in store.scored_keys("w")} == {60}
    assert store.get_list("w").version == 1 + sum(s.changed for s in done)
