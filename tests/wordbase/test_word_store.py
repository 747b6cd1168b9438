"""The word store on SQLite and PostgreSQL: lists, entries, search, bulk writes, atomicity."""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import text

from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.models import Clue, Entry
from crossforge.wordbase.patterns import RegexTimeout
from crossforge.wordbase.store import ListExists, UnknownList, WordStore

WORDS = ["cat;60", "dog;40", "ice cream;70", "café;55", "emu;10"]


def test_lists_are_created_listed_updated_and_deleted(store: WordStore) -> None:
    created = store.create_list("mine", "ru", "Russian words", fold_yo=False)
    assert (created.alphabet, created.settings, created.version) == ("ru", {"fold_yo": False}, 1)
    with pytest.raises(ListExists):
        store.create_list("mine")
    store.create_list("other")
    assert [wl.name for wl in store.lists()] == ["mine", "other"]
    renamed = store.update_list("mine", new_name="russian", description="new")
    assert (renamed.name, renamed.description, renamed.version) == ("russian", "new", 2)
    assert store.update_list("russian", settings={"fold_yo": True}).settings == {"fold_yo": True}
    store.put_entry("russian", "ёж", 50)
    with pytest.raises(ValueError, match="only while it is empty"):
        store.update_list("russian", settings={"fold_yo": False})
    assert store.get_entry("russian", "ЕЖ") is not None
    store.delete_list("russian")
    with pytest.raises(UnknownList):
        store.get_list("russian")
    with pytest.raises(ValueError, match="unknown alphabet"):
        store.create_list("bad", "xx")


def test_entries_carry_clues_tags_and_source_and_bump_the_version(store: WordStore) -> None:
    store.create_list("w")
    entry = store.put_entry(
        "w",
        "Ice cream",
        70,
        clues=["Cold treat", Clue("Sundae base", "nyt", 3)],
        tags=["food"],
        source="me",
    )
    assert entry == store.get_entry("w", "icecream")
    assert entry.display == "Ice cream" and entry.length == 8
    assert entry.clues[1] == Clue("Sundae base", "nyt", 3)
    assert store.get_list("w").version == 2
    store.put_entry("w", "ice cream", 65)  # overwrites everything, clues included
    assert store.get_entry("w", "ICECREAM") == Entry("ICECREAM", "ice cream", 65)
    assert store.get_list("w").version == 3
    assert store.delete_entry("w", "ice-cream") is True
    assert store.delete_entry("w", "ice-cream") is False
    assert store.get_list("w").version == 4
    with pytest.raises(ValueError, match="outside 0–100"):
        store.put_entry("w", "cat", 101)


def test_bulk_writes_keep_every_character_and_each_clue_with_its_entry(store: WordStore) -> None:
    odd = "Tab\there, back\\slash, new\nline, \\N, quotes \" ', é漢"
    made = [
        Entry(f"K{n:05d}".replace("0", "A"), odd, n % 101, (Clue(f"{odd} {n}", odd, -n),) * (n % 3))
        for n in range(2500)
    ]
    made.append(Entry("ODD", odd, 50, (), ("a\tb", "\\N"), odd))
    summary = store.replace_entries("w", made)
    assert summary.added == len(made)
    assert list(store.iter_entries("w")) == sorted(made, key=lambda e: e.key)


def test_a_large_write_leaves_postgresql_planning_on_the_rows_written(
    pg_store: WordStore,
) -> None:
    import_lines(pg_store, "w", ["ERA;50"], "stwl")  # not empty: the write looks keys up
    keys = ["".join(letters) for letters in itertools.product("ABCDEFGHIJ", repeat=5)]
    pg_store.upsert_entries("w", [Entry(key, key, 40) for key in keys[:12_000]])
    with pg_store.engine.connect() as conn:
        query = "SELECT reltuples FROM pg_class WHERE oid = 'word_entries'::regclass"
        assert conn.execute(text(query)).scalar_one() >= 12_000


def test_search_pages_through_matches_in_score_order(store: WordStore) -> None:
    words = [f"{a}{b}T;{(i * 7) % 101}" for i, (a, b) in enumerate(itertools.product("BCD", "AEO"))]
    import_lines(store, "w", words + ["cart;99"], "stwl")
    found = []
    cursor = None
    while True:
        page = store.search("w", "?_t", limit=4, cursor=cursor)
        found.extend(page.entries)
        cursor = page.next_cursor
        if cursor is None:
            break
    assert len(found) == 9
    order = [(-e.score, e.key) for e in found]
    assert order == sorted(order) and len(set(order)) == 9
    assert [e.key for e in store.search("w", "C.T").entries] == ["COT", "CET", "CAT"]
    assert [e.key for e in store.search("w", "???", min_score=42).entries] == ["DOT", "DET", "DAT"]
    assert [e.key for e in store.search("w", regex="c.rt").entries] == ["CART"]
    assert [e.key for e in store.search("w", "c??", regex="C.T", limit=2).entries] == [
        "COT",
        "CET",
    ]
    with pytest.raises(ValueError, match="bad search cursor"):
        store.search("w", "???", cursor="!!!")


def test_search_regex_times_out_with_a_clear_error(store: WordStore) -> None:
    import_lines(store, "w", ["A" * 30], "plain")
    with pytest.raises(RegexTimeout, match="longer than 0.2 s"):
        store.search("w", regex="((A|A)+)+(?<=B)", timeout=0.2)


def test_stats_count_lengths_and_score_bands(store: WordStore) -> None:
    import_lines(store, "w", WORDS + ["zebra;100"], "stwl")
    stats = store.stats("w")
    assert stats.total == 6
    assert stats.by_length == {3: 3, 4: 1, 5: 1, 8: 1}
    assert stats.score_bands[90] == 1 and stats.score_bands[10] == 1 and stats.score_bands[50] == 1
    assert sum(stats.score_bands.values()) == 6


def test_bulk_replace_and_delete(store: WordStore) -> None:
    import_lines(store, "w", WORDS, "stwl")
    version = store.get_list("w").version
    summary = store.replace_entries("w", [Entry("OWL", "owl", 20), Entry("OWL", "OWL", 40)])
    assert summary.added == 1
    assert [(e.key, e.score) for e in store.iter_entries("w")] == [("OWL", 40)]
    assert store.get_list("w").version == version + 1
    assert store.delete_entries("w", ["owl", "yak"], dry_run=True) == 1
    assert store.delete_entries("w", ["owl", "yak"]) == 1
    assert store.count("w") == 0
    assert store.get_entries("w", ["owl"]) == {}


@pytest.mark.parametrize("name", ["..", ".", "a/b", "50%", "x\x00y", "", "a\nb", "\ufeffbom"])
def test_list_names_that_could_never_be_named_again_are_refused(
    store: WordStore, name: str
) -> None:
    with pytest.raises(ValueError, match="list name"):
        store.create_list(name)
    store.create_list("fine.name v2")
    with pytest.raises(ValueError, match="list name"):
        store.update_list("fine.name v2", new_name="../up")
    assert [wl.name for wl in store.lists()] == ["fine.name v2"]
