"""The opt-in dictionary importers on the committed samples: JMdict (a jamdict database
built from tests/wordbase/data/jmdict_sample.sql) and a Russian Wiktionary extract in
wiktextract's layout; their licence notices."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from crossforge.server.cli import main
from crossforge.wordbase.dictionaries import (
    DICTIONARIES,
    JMDICT_LICENCE,
    WIKTIONARY_LICENCE,
    read_jmdict,
    read_wiktionary,
)
from crossforge.wordbase.imports import import_clues
from crossforge.wordbase.models import Clue, Rejection
from crossforge.wordbase.store import WordStore

DATA = Path(__file__).parent / "data"
WIKTIONARY = DATA / "wiktionary_ru_sample.jsonl"


@pytest.fixture
def jmdict(tmp_path: Path) -> Path:
    """A jamdict database holding the JMdict sample."""
    path = tmp_path / "jamdict.db"
    with sqlite3.connect(path) as connection:
        connection.executescript((DATA / "jmdict_sample.sql").read_text("utf-8"))
    return path


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", f"sqlite:///{tmp_path / 'crossforge.db'}")
    return tmp_path


def test_jmdict_gives_each_reading_a_clue_per_sense(jmdict: Path) -> None:
    read = [r for r in read_jmdict(jmdict) if not isinstance(r, Rejection)]
    neko = [r.clue for r in read if r.answer == "ねこ"]
    assert neko == [
        Clue("cat (esp. the domestic cat, Felis catus)", "jmdict"),
        Clue("shamisen", "jmdict"),
        Clue("geisha", "jmdict"),
    ]
    inu = [r.clue.text for r in read if r.answer == "イヌ"]
    assert inu[1] == "squealer; rat; snitch"
    assert read[0].line == 1000000  # the JMdict sequence number


def test_jmdict_import_into_a_japanese_list(jmdict: Path, sqlite_store: WordStore) -> None:
    source = DICTIONARIES["jmdict"]
    summary = import_clues(
        sqlite_store,
        "ja",
        source.read(jmdict),
        "jmdict",
        add_words=True,
        skip_bad=True,
        alphabet="ja",
    )
    assert sqlite_store.get_list("ja").alphabet == "ja"
    neko = sqlite_store.get_entry("ja", "ねこ")
    assert neko is not None and neko.key == "ネコ" and len(neko.clues) == 3
    assert summary.unchanged == 3 + 3 + 3  # ネコ, イヌ, サクラ repeat the hiragana's clues
    assert [r.text for r in summary.rejected] == ["ヽ"]
    hits = sqlite_store.search_clues("ja", "cherry")
    assert [(h.word, h.clue.text) for h in hits.hits] == [("サクラ", "cherry tree; cherry blossom")]


def test_a_file_that_is_no_jamdict_database_is_an_error(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    other.write_bytes(b"not a database at all")
    with pytest.raises(ValueError, match="not a jamdict database"):
        list(read_jmdict(other))


def test_wiktionary_reads_russian_entries_only() -> None:
    read = list(read_wiktionary(WIKTIONARY))
    rejected = [r for r in read if isinstance(r, Rejection)]
    assert [(r.line, r.reason) for r in rejected] == [(6, "not JSON (Expecting value)")]
    clues = [(r.answer, r.clue.text) for r in read if not isinstance(r, Rejection)]
    assert clues[:3] == [
        ("кот", "самец кошки"),
        ("кот", "домашнее животное, кошка вообще"),
        ("ёж", "небольшой зверёк, покрытый иглами"),
    ]
    assert [text for answer, text in clues if answer == "Москва"] == [
        "столица России",
        "река, на которой стоит город Москва",
        "гостиница",
    ]
    assert all(answer != "cat" for answer, _ in clues)


def test_cli_prints_the_licence_then_imports(
    instance: Path, jmdict: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["clues", "import-dictionary", "wiktionary", "--list", "ru", "--add-words"]
    assert main([*argv, "--file", str(WIKTIONARY)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(WIKTIONARY_LICENCE)
    assert "ru: added 6, updated 0, unchanged 0, rejected 2" in out
    assert "line 5: 'CD-ROM' has characters outside the Russian alphabet" in out
    store = WordStore()
    assert store.get_list("ru").alphabet == "ru"
    assert [c.text for c in store.get_entry("ru", "еж").clues] == [  # type: ignore[union-attr]
        "небольшой зверёк, покрытый иглами"
    ]
    argv = ["clues", "import-dictionary", "jmdict", "--list", "ja", "--json"]
    assert main([*argv, "--file", str(jmdict), "--add-words", "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith(JMDICT_LICENCE)
    assert json.loads(captured.out)["dry_run"] is True


def test_jmdict_needs_its_data(
    instance: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    unpackaged = replace(DICTIONARIES["jmdict"], default_path=lambda: None)
    monkeypatch.setitem(DICTIONARIES, "jmdict", unpackaged)
    assert main(["clues", "import-dictionary", "jmdict", "--list", "ja"]) == 1
    assert "jmdict: give the dictionary file (--file)" in capsys.readouterr().err
    assert main(["clues", "import-dictionary", "wiktionary", "--list", "x", "--file", "no"]) == 1
    assert "wiktionary: no file 'no'" in capsys.readouterr().err


def test_the_licences_name_their_terms() -> None:
    assert "Attribution-ShareAlike" in JMDICT_LICENCE and "EDRDG" in JMDICT_LICENCE
    assert "CC BY-SA 4.0" in WIKTIONARY_LICENCE and "Wiktionary" in WIKTIONARY_LICENCE
    docs = (Path(__file__).parents[2] / "docs" / "word-lists.md").read_text("utf-8")
    assert "JMdict" in docs and "EDRDG" in docs and "Wiktionary" in docs
