"""Curation across lists: dedupe, rescore from wordfreq, merge; and the script on top."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from crossforge.wordbase.building.curation import dedupe, merge_lists, rescore
from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.models import Clue
from crossforge.wordbase.store import WordStore

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "curate.py"


def test_dedupe_keeps_each_key_in_its_first_list(sqlite_store: WordStore) -> None:
    store = sqlite_store
    import_lines(store, "a", ["cat", "dog"], "plain")
    import_lines(store, "b", ["cat", "emu", "owl"], "plain")
    import_lines(store, "c", ["dog", "emu", "yak"], "plain")
    assert dedupe(store, ["a", "b", "c"], dry_run=True) == {"b": 1, "c": 2}
    assert store.count("c") == 3
    assert dedupe(store, ["a", "b", "c"]) == {"b": 1, "c": 2}
    assert [k for k, _ in store.scored_keys("c")] == ["YAK"]
    store.create_list("russian", "ru")
    with pytest.raises(ValueError, match="different alphabets"):
        dedupe(store, ["a", "russian"])


def test_rescore_from_wordfreq_keeps_unknown_words(sqlite_store: WordStore) -> None:
    store = sqlite_store
    import_lines(store, "w", ["the;3", "ice cream;3", "zzxqv;42"], "stwl")
    summary = rescore(store, "w", "en", merge="max", dry_run=True)
    assert (summary.updated, summary.dry_run) == (2, True)
    rescore(store, "w", "en")
    scores = dict(store.scored_keys("w"))
    assert scores["THE"] == 100 and 40 < scores["ICECREAM"] < 80 and scores["ZZXQV"] == 42
    assert rescore(store, "w", "en").changed is False


def test_merge_lists_into_a_new_or_existing_target(sqlite_store: WordStore) -> None:
    store = sqlite_store
    import_lines(store, "a", ["cat,60,Feline", "dog,40,"], "csv")
    import_lines(store, "b", ["cat,70,Pet", "emu,10,"], "csv")
    dry = merge_lists(store, "all", ["a", "b"], dry_run=True)
    assert dry.added == 3 and not store.has_list("all")
    merge_lists(store, "all", ["a", "b"])
    cat = store.get_entry("all", "cat")
    assert cat is not None and cat.score == 70 and cat.clues == (Clue("Feline"), Clue("Pet"))
    import_lines(store, "c", ["dog,20,Hound"], "csv")
    summary = merge_lists(store, "all", ["c"], merge="replace")
    assert summary.updated == 1
    assert store.get_entry("all", "dog").score == 20  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="other than the target"):
        merge_lists(store, "all", ["all"])


def test_the_curate_script_runs_on_the_configured_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'crossforge.db'}"
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", url)
    with WordStore(url) as store:
        import_lines(store, "a", ["cat", "dog"], "plain")
        import_lines(store, "b", ["cat"], "plain")
    main = runpy.run_path(str(SCRIPT))["main"]
    assert main(["dedupe", "a", "b"]) == 0
    assert "b: removed 1 entries" in capsys.readouterr().out
    assert main(["merge", "--into", "a", "nope"]) == 1
    assert "no word list named 'nope'" in capsys.readouterr().err
