"""The word store on SQLite and PostgreSQL: lists, entries, imports, search, atomicity."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import text

from crossforge.wordbase.exports import export_entries
from crossforge.wordbase.imports import ImportRejected, import_file, import_lines
from crossforge.wordbase.models import Clue, Entry
from crossforge.wordbase.patterns import RegexTimeout
from crossforge.wordbase.store import ListExists, UnknownList, WordStore

WORDS = ["cat;60", "dog;40", "ice cream;70", "café;55", "emu;10"]


def snapshot(store: WordStore, name: str) -> tuple[int, list[Entry]]:
    """A list's version and every entry, to compare before and after."""
    return store.get_list(name).version, list(store.iter_entries(name))


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


def test_file_import_and_export_round_trip_in_every_format(
    store: WordStore, tmp_path: Path
) -> None:
    source = tmp_path / "words.jsonl"
    source.write_text(
        '{"word": "ice cream", "score": 70, "clues": ["Cold", {"text": "Cone filler", '
        '"difficulty": 2}], "tags": ["food"]}\n{"word": "owl", "score": 35}\n',
        "utf-8",
    )
    summary = import_file(store, "w", source)
    assert summary.format == "jsonl" and summary.added == 2
    assert store.get_entry("w", "owl").source == "words.jsonl"  # type: ignore[union-attr]
    original = list(store.iter_entries("w"))
    for fmt in ("jsonl", "csv", "stwl"):
        out = tmp_path / f"export.{fmt}"
        with out.open("w", encoding="utf-8") as handle:
            assert export_entries(store, "w", handle, fmt) == 2
        copy = f"copy-{fmt}"
        import_file(store, copy, out, fmt)
        again = list(store.iter_entries(copy))
        assert [(e.key, e.display, e.score) for e in again] == [
            (e.key, e.display, e.score) for e in original
        ]
        if fmt == "jsonl":
            assert again == original
        if fmt == "csv":
            assert [e.clues for e in again] == [
                tuple(Clue(c.text) for c in e.clues) for e in original
            ]
        assert import_file(store, copy, out, fmt).changed is False


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


def test_export_into_a_stream_in_key_order(store: WordStore) -> None:
    import_lines(store, "w", WORDS, "stwl")
    out = io.StringIO()
    export_entries(store, "w", out, "stwl")
    assert out.getvalue().splitlines() == [
        "café;55",
        "cat;60",
        "dog;40",
        "emu;10",
        "ice cream;70",
    ]


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
