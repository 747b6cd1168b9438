"""Clue files, clue imports, full-text clue search and clue suggestions, on SQLite and
PostgreSQL."""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy import text

from crossforge.wordbase import clue_search
from crossforge.wordbase.clue_formats import CLUE_FORMATS, read_clues, write_clues
from crossforge.wordbase.imports import ImportRejected, import_clue_lines, import_lines
from crossforge.wordbase.models import MAX_LISTED_REJECTIONS, Clue, Entry, Rejection
from crossforge.wordbase.store import WordStore

XD_TABLE = [
    "pubid\tyear\tanswer\tclue",
    'nyt\t1995\tERA\tPeriod of "history"',
    "nyt\t1996\tERA\tAge",
    "lat\t2001\tERA\tAge",
    "nyt\t1995\tOBOE\tDouble-reed instrument",
    "nyt\t1995\tZEBU\tHumped ox",
]


@pytest.fixture
def words(store: WordStore) -> WordStore:
    import_lines(store, "w", ["ERA;50", "OBOE;60", "ICE CREAM;70", "ONE;40"], "stwl")
    return store


def _texts(store: WordStore, query: str | None = None, word: str | None = None) -> list[str]:
    return [hit.clue.text for hit in store.search_clues("w", query, word, limit=100).hits]


# -- formats ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "lines", "line", "reason"),
    [
        ("csv", ["answer,clue", "ERA,Age", "OBOE"], 3, "1 field(s), expected answer clue"),
        ("csv", ["ERA,Age,me,hard"], 1, "difficulty 'hard' is not a whole number"),
        ("tsv", ["ERA\tAge", "ERA\t  "], 2, "empty clue"),
        ("tsv", ["ERA\tAge\tme\t1\tsynonym\teasy\textra"], 1, "7 field(s)"),
        ("tsv", ["ERA\tAge\tme\t1\tpun"], 1, "kind 'pun' is not one of synonym"),
        ("csv", ["ERA,Age,,,synonym,tough"], 1, "level 'tough' is not one of easy"),
        ("xd", XD_TABLE[:2] + ["nyt\t1995\tERA"], 3, "3 field(s), expected pubid year answer"),
        ("jsonl", ['{"answer": "ERA", "clue": "Age"}', "{oops"], 2, "not JSON"),
        ("jsonl", ['{"answer": "ERA", "text": "Age"}'], 1, "unknown field(s) text"),
        ("jsonl", ['{"answer": "ERA", "clue": 3}'], 1, "no clue text"),
        ("dash", ["ЁЖ — зверёк", "ГЛАДЬ без тире"], 2, "no dash between the answer and the clue"),
        ("dash", ["ЁЖ — зверёк", " — без ответа"], 2, "no answer"),
    ],
)
def test_a_bad_line_is_reported_with_its_number(
    fmt: str, lines: list[str], line: int, reason: str
) -> None:
    rejected = [item for item in read_clues(lines, fmt) if isinstance(item, Rejection)]
    assert [r.line for r in rejected] == [line]
    assert reason in rejected[0].reason


def test_xd_rows_carry_publication_and_year_as_source() -> None:
    read = [item for item in read_clues(XD_TABLE, "xd") if not isinstance(item, Rejection)]
    assert read[0].answer == "ERA"
    assert read[0].clue == Clue('Period of "history"', "nyt 1995")
    headless = list(read_clues(["nyt\t1995\tERA\tAge"], "xd"))
    assert headless[0] == read[1].__class__(
        1, "nyt\t1995\tERA\tAge", "ERA", Clue("Age", "nyt 1995")
    )


def test_an_xd_export_splits_a_source_at_its_longest_trailing_date() -> None:
    """In linear time: a regular expression took quadratic time on long sources."""
    sources = ["nyt 1995-01-02", "nyt1995-01", "2020", f"x{' ' * 200_000}y"]
    entry = Entry("ERA", "era", 50, tuple(Clue("Age", source) for source in sources))
    out = io.StringIO()
    write_clues([entry], out, "xd")
    rows = [line.split("\t")[:2] for line in out.getvalue().splitlines()[1:]]
    assert rows == [["nyt", "1995-01-02"], ["nyt", "1995-01"], ["", "2020"], [sources[3], ""]]


def test_a_header_row_orders_the_columns_and_unknown_columns_are_ignored() -> None:
    lines = ["clue,xdid,word", "Age,nyt1995-01-01,ERA"]
    (item,) = read_clues(lines, "csv")
    assert not isinstance(item, Rejection)
    assert (item.answer, item.clue) == ("ERA", Clue("Age"))


@pytest.mark.parametrize("fmt", CLUE_FORMATS)
def test_export_then_read_gives_the_same_clues(fmt: str) -> None:
    entries = [
        Entry("ERA", "era", 50, (Clue("Age", "nyt 1995"), Clue('Tab\there "quoted"', None, 3))),
        Entry("ICECREAM", "ice cream", 70, (Clue("Cone filler, with 2 words", "me 2020-05-01"),)),
        Entry("ORE", "ore", 60, (Clue("Iron ___", "google-books", None, "blank", "easy"),)),
    ]
    out = io.StringIO()
    assert write_clues(entries, out, fmt) == 4
    read = [item for item in read_clues(out.getvalue().splitlines(), fmt)]
    assert not [item for item in read if isinstance(item, Rejection)]
    expected = [clue for entry in entries for clue in entry.clues]
    if fmt in ("tsv", "xd"):  # no tabs in a tab-separated cell; xd has no difficulty
        expected[1] = Clue('Tab here "quoted"', None, None if fmt == "xd" else 3)
    if fmt == "xd":  # no kind or level either; the source is PUBID YEAR
        expected[3] = Clue("Iron ___", "google-books")
    if fmt == "dash":  # a clue's text alone, on one line
        expected = [Clue(" ".join(clue.text.split())) for clue in expected]
    assert [item.clue for item in read if not isinstance(item, Rejection)] == expected


# -- imports ----------------------------------------------------------------------


def test_an_xd_import_adds_clues_to_the_lists_entries(words: WordStore) -> None:
    summary = import_clue_lines(words, "w", XD_TABLE, "xd")
    assert (summary.added, summary.unchanged, summary.skipped) == (3, 1, 1)
    assert summary.lines == 6 and summary.version == 3
    era = words.get_entry("w", "era")
    assert era is not None
    assert [c.text for c in era.clues] == ['Period of "history"', "Age"]
    again = import_clue_lines(words, "w", XD_TABLE, "xd")
    assert (again.added, again.unchanged, again.changed) == (0, 4, False)
    assert again.version == 3


def test_add_words_creates_missing_answers(words: WordStore) -> None:
    summary = import_clue_lines(words, "w", XD_TABLE, "xd", add_words=True, score=35)
    assert (summary.added, summary.skipped) == (4, 0)
    zebu = words.get_entry("w", "ZEBU")
    assert zebu is not None and zebu.score == 35 and zebu.clues == (Clue("Humped ox", "nyt 1995"),)


def test_a_file_with_bad_lines_writes_nothing_unless_skip_bad(words: WordStore) -> None:
    lines = [*XD_TABLE, "nyt\t1995\t--\tDashes", "short"]
    with pytest.raises(ImportRejected) as caught:
        import_clue_lines(words, "w", lines, "xd", label="corpus.tsv")
    assert [r.line for r in caught.value.summary.rejected] == [7, 8]
    assert "answer has no letters" in caught.value.summary.rejected[0].reason
    assert "corpus.tsv: 2 bad line(s)" in str(caught.value)
    assert _texts(words) == []
    summary = import_clue_lines(words, "w", lines, "xd", skip_bad=True)
    assert (summary.added, summary.rejected_count) == (3, 2)


def test_dry_run_writes_nothing(words: WordStore) -> None:
    summary = import_clue_lines(words, "w", XD_TABLE, "xd", dry_run=True)
    assert summary.added == 3 and summary.dry_run
    assert _texts(words) == [] and words.get_list("w").version == 2


def test_bad_lines_past_the_listed_number_are_counted(words: WordStore) -> None:
    lines = ["x"] * (MAX_LISTED_REJECTIONS + 5)
    summary = import_clue_lines(words, "w", lines, "tsv", skip_bad=True)
    assert len(summary.rejected) == MAX_LISTED_REJECTIONS
    assert summary.rejected_count == MAX_LISTED_REJECTIONS + 5
    assert summary.to_json()["rejected_count"] == MAX_LISTED_REJECTIONS + 5


def test_imports_run_in_batches(words: WordStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from crossforge.wordbase import clue_store

    monkeypatch.setattr(clue_store, "BATCH", 2)
    lines = [f"ERA\tClue {n}" for n in range(7)] + ["ERA\tClue 3", "OBOE\tReed"]
    summary = import_clue_lines(words, "w", lines, "tsv")
    assert (summary.added, summary.unchanged) == (8, 1)
    era = words.get_entry("w", "ERA")
    assert era is not None and [c.text for c in era.clues] == [f"Clue {n}" for n in range(7)]


# -- search -----------------------------------------------------------------------


def test_full_text_search_finds_every_word_in_any_case(words: WordStore) -> None:
    import_clue_lines(words, "w", XD_TABLE, "xd")
    words.put_entry("w", "ice cream", 70, clues=["Cone filler", "Sundae base, often"])
    assert _texts(words, "HISTORY") == ['Period of "history"']
    assert _texts(words, "period history") == ['Period of "history"']
    assert _texts(words, "period cone") == []
    assert _texts(words, "cone", "ICE CREAM") == ["Cone filler"]
    assert _texts(words, None, "era") == ['Period of "history"', "Age"]
    assert _texts(words, "age", "oboe") == []


@pytest.mark.parametrize(
    "query", ['"', "age OR *", "NEAR(a b)", "a:b", "'; DROP TABLE word_clues; --", "^x", "-"]
)
def test_search_text_is_never_query_syntax(words: WordStore, query: str) -> None:
    import_clue_lines(words, "w", XD_TABLE, "xd")
    found = _texts(words, query)
    assert found == [] or all(any(w in t.lower() for w in ("age", "x")) for t in found)


def test_search_pages_follow_each_other(words: WordStore) -> None:
    import_clue_lines(words, "w", [f"ERA\tAge {n}" for n in range(5)] + ["ONE\tAge 9"], "tsv")
    seen, cursor = [], None
    while True:
        page = words.search_clues("w", "age", limit=2, cursor=cursor)
        seen += [(hit.word, hit.clue.text) for hit in page.hits]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    assert seen == [("ERA", f"Age {n}") for n in range(5)] + [("ONE", "Age 9")]


def test_search_follows_edits_and_deletes(words: WordStore) -> None:
    words.put_entry("w", "ERA", 50, clues=["Epoch"])
    assert _texts(words, "epoch") == ["Epoch"]
    words.put_entry("w", "ERA", 50, clues=["Age"])
    assert _texts(words, "epoch") == [] and _texts(words, "age") == ["Age"]
    words.delete_entry("w", "ERA")
    assert _texts(words, "age") == []


def _fts_whole(store: WordStore) -> None:
    """SQLite's own check that the full-text index matches the clues (raises if not)."""
    with store.engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.execute(
                text("INSERT INTO word_clues_fts(word_clues_fts) VALUES ('integrity-check')")
            )


def test_replacing_and_deleting_a_list_keep_clue_search_whole(
    words: WordStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    bulk: list[bool] = []
    decide = clue_search._bulk
    monkeypatch.setattr(clue_search, "_bulk", lambda *a: bulk.append(decide(*a)) or bulk[-1])
    import_clue_lines(words, "w", XD_TABLE[:5], "xd")
    words.replace_entries("w", [Entry("ERA", "ERA", 50, (Clue("Epoch"),)), Entry("ONE", "ONE", 40)])
    # The list holds every clue: SQLite rewrote it with the index rebuilt once.
    assert bulk == [words.engine.dialect.name == "sqlite"]
    assert _texts(words, "age") == [] and _texts(words, "epoch") == ["Epoch"]
    _fts_whole(words)
    words.put_entry("w", "ONE", 40, clues=["Single"])  # row by row again afterwards
    assert _texts(words, "single") == ["Single"]
    import_lines(words, "other", ["ZEBU;40"], "stwl")
    words.put_entry("other", "ZEBU", 40, clues=["Humped ox"])
    words.delete_list("w")
    assert [hit.clue.text for hit in words.search_clues("other", "ox").hits] == ["Humped ox"]
    _fts_whole(words)


def test_a_failed_replacement_leaves_clues_and_their_search_as_they_were(
    words: WordStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_clue_lines(words, "w", XD_TABLE, "xd")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(words, "_write", broken)
    with pytest.raises(RuntimeError):
        words.replace_entries("w", [Entry("ERA", "ERA", 50, (Clue("Epoch"),))])
    monkeypatch.undo()
    assert _texts(words, "age") == ["Age"] and _texts(words, "epoch") == []
    words.put_entry("w", "ONE", 40, clues=["Single"])
    assert _texts(words, "single") == ["Single"]
    _fts_whole(words)


def test_postgres_search_uses_the_gin_index(pg_store: WordStore) -> None:
    import_lines(pg_store, "w", ["ERA;50"], "stwl")
    from sqlalchemy import select

    from crossforge.wordbase.clue_search import text_matches
    from crossforge.wordbase.schema import clues

    with pg_store.engine.connect() as conn:
        conn.execute(text("SET enable_seqscan = off"))
        query = text_matches(conn, select(clues.c.id), "age")
        sql = query.compile(conn, compile_kwargs={"literal_binds": True})
        plan = "\n".join(row[0] for row in conn.execute(text(f"EXPLAIN {sql}")))
    assert "ix_word_clues_text_fts" in plan


# -- suggestions --------------------------------------------------------------------


def test_suggestions_are_the_lists_own_clues_shortest_first_then_definitions_in_order(
    words: WordStore,
) -> None:
    clues = [
        Clue("A long period of time in history", "wordnet"),
        Clue("Time in history"),
        Clue("Age"),
        Clue("Epoch", "nyt 1995"),
        Clue("Period", "wordnet"),
    ]
    words.put_entry("w", "ERA", 50, clues=clues)
    found = words.clue_suggestions("w", ["era", "one"])
    assert found == {"ERA": [Clue("Age"), Clue("Epoch", "nyt 1995"), Clue("Time in history")]}
    # Definitions keep the dictionary's order (WordNet: most used sense first), not length.
    assert words.clue_suggestions("w", ["era"], per_word=5)["ERA"][3:] == [
        Clue("A long period of time in history", "wordnet"),
        Clue("Period", "wordnet"),
    ]


def test_summary_json_says_what_was_skipped(words: WordStore) -> None:
    summary = import_clue_lines(words, "w", XD_TABLE, "xd")
    document = summary.to_json()
    assert document["skipped"] == 1 and document["format"] == "xd"
    assert json.loads(json.dumps(document)) == document
