"""``crossforge words …`` through the real command line, on a temporary instance folder."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from crossforge.server.cli import main
from crossforge.wordbase.alphabets import Alphabet
from crossforge.wordbase.building import defaults
from crossforge.wordbase.building.english.wordnet import load_wordnet
from crossforge.wordbase.building.scoring import UNCLUED_CAP
from crossforge.wordbase.store import WordStore
from tests.wordbase.wordnet_sample import write_wordnet

SAMPLE_SIZE = 2000
"""wordfreq's most frequent English words the sample build reads (of about 320,000)."""


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty instance folder holding the database the commands use."""
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", f"sqlite:///{tmp_path / 'crossforge.db'}")
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["words", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_import_reports_then_search_stats_and_export(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = instance / "words.csv"
    words.write_text("word,score,clue\ncat,60,Feline\nice cream,70,Cold\ncot,30,\n", "utf-8")
    code, out, _ = run(capsys, "import", str(words), "--list", "mine")
    assert code == 0 and "added 3, updated 0, unchanged 0, rejected 0" in out
    code, out, _ = run(capsys, "import", str(words), "--list", "mine", "--json")
    assert json.loads(out)["unchanged"] == 3

    code, out, _ = run(capsys, "search", "C?T", "--list", "mine", "--json")
    assert json.loads(out) == [
        {"word": "CAT", "score": 60, "display": "cat", "clues": ["Feline"]},
        {"word": "COT", "score": 30, "display": "cot", "clues": []},
    ]
    code, out, _ = run(capsys, "search", "c.t", "--list", "mine", "--min-score", "50")
    assert out.split() == ["60", "CAT", "Feline"]
    code, out, _ = run(capsys, "search", "--regex", "ICE.*", "--list", "mine", "--json")
    assert [item["word"] for item in json.loads(out)] == ["ICECREAM"]

    code, out, _ = run(capsys, "stats", "--list", "mine", "--json")
    stats = json.loads(out)
    assert stats["total"] == 3 and stats["by_length"] == {"3": 2, "8": 1}
    code, out, _ = run(capsys, "stats", "--list", "mine")
    assert "mine: 3 entries" in out and "60-69" in out

    target = instance / "out.jsonl"
    code, _, err = run(capsys, "export", "--list", "mine", "--format", "jsonl", "-o", str(target))
    assert code == 0 and "3 entries" in err
    assert len(target.read_text("utf-8").splitlines()) == 3
    code, out, _ = run(capsys, "export", "--list", "mine", "--format", "stwl")
    assert out.splitlines() == ["cat;60", "cot;30", "ice cream;70"]


def test_import_gives_english_entries_their_editor_tags(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = instance / "words.txt"
    words.write_text("negro;55\ncat;60\n", "utf-8")
    assert run(capsys, "import", str(words), "--list", "mine")[0] == 0
    with WordStore() as store:
        assert store.key_tags("mine") == {"NEGRO": ["offensive"]}


def test_a_bad_file_is_rejected_whole_unless_skip_bad(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = instance / "bad.txt"
    bad.write_text("owl;20\nb4d;10\nemu;200\n", "utf-8")
    code, _, err = run(capsys, "import", str(bad), "--list", "mine")
    assert code == 1
    assert "line 2" in err and "line 3" in err and "nothing imported" in err
    assert not WordStore().has_list("mine")
    code, out, _ = run(capsys, "import", str(bad), "--list", "mine", "--skip-bad", "--scale", "50")
    assert code == 0 and "added 1" in out and "rejected 2" in out
    code, out, _ = run(capsys, "import", str(bad), "--list", "mine", "--dry-run", "--skip-bad")
    assert "dry run" in out


def test_errors_are_reported_not_raised(instance: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "search", "C?T", "--list", "nope")
    assert code == 1 and "no word list named 'nope'" in err
    code, _, err = run(capsys, "search", "--list", "nope")
    assert code == 1 and "PATTERN" in err
    latin1 = instance / "latin1.txt"
    latin1.write_bytes("ERA;50\nCAFÉ;60\n".encode("latin-1"))
    code, _, err = run(capsys, "import", str(latin1), "--list", "mine")
    assert (code, err) == (
        1,
        f"crossforge: error: {latin1}: not UTF-8 text (invalid continuation byte)\n",
    )


NAMED = (
    *("animal_disease.n.01", "body_waste.n.01", "corpse.n.01", "disparagement.n.01"),
    *("excrete.v.01", "execution.n.01", "genocide.n.01", "ill_health.n.01", "kill.v.01"),
    *("killing.n.02", "massacre.n.01", "molest.v.01", "molester.n.01", "murder.n.01"),
    *("obscenity.n.02", "pederast.n.01", "pedophile.n.01", "person.n.01"),
    *("plant_disease.n.01", "prostitute.n.01", "prostitution.n.01", "rape.v.01"),
    *("rapist.n.01", "sexual_assault.n.01", "sexual_intercourse.n.01"),
    *("sleep_together.v.01", "suicide.n.01", "symptom.n.01", "taxonomic_group.n.01"),
    *("vomit.n.01", "vomit.v.01"),
)
"""The synsets the English build names (tags, blank clues) that the sample lacks."""


@pytest.fixture
def sample_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The English build reads the sample WordNet, with a synset for each of ``NAMED``,
    and wordfreq's ``SAMPLE_SIZE`` most frequent words with their real frequencies."""
    from wordfreq import top_n_list

    folder = write_wordnet(tmp_path / "wordnet")
    for n, name in enumerate(NAMED, start=100):
        lemma, pos, number = name.split(".")
        data = "noun" if pos == "n" else "verb"
        with (folder / f"data.{data}").open("a", encoding="utf-8") as lines:
            lines.write(f"{n:08d} 03 {pos} 01 {lemma} 0 000 | {lemma.replace('_', ' ')}  \n")
        with (folder / "index.sense").open("a", encoding="utf-8") as senses:
            kind = 1 if pos == "n" else 2
            senses.write(f"{lemma}%{kind}:03:00:: {n:08d} {int(number)} 0\n")
    monkeypatch.setenv("CROSSFORGE_WORDNET", str(folder))
    sample = set(top_n_list("en", SAMPLE_SIZE, wordlist="large"))
    every = defaults.wordfreq_words

    def frequent(lang: str, alphabet: Alphabet) -> list[tuple[str, str, float]]:
        return [item for item in every(lang, alphabet) if item[1] in sample]

    monkeypatch.setattr(defaults, "wordfreq_words", frequent)
    load_wordnet.cache_clear()
    yield
    load_wordnet.cache_clear()


@pytest.mark.usefixtures("sample_sources")
def test_build_default_with_a_small_size_and_if_missing(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "build-default", "--lang", "en", "--size", "300")
    assert code == 0 and "default-en: 300 words" in out, err
    store = WordStore()
    assert store.count("default-en") == 300
    assert store.get_entry("default-en", "with") == store.get_entry("default-en", "WITH")
    assert store.get_entry("default-en", "with").score == 100  # type: ignore[union-attr]
    # Every entry a fill may use at the default floor has a clue; the sample WordNet
    # leaves many words unclued, and they score under it.
    entries = list(store.iter_entries("default-en"))
    usable = [entry for entry in entries if entry.score > UNCLUED_CAP]
    assert [entry.key for entry in usable if not entry.clues] == []
    assert usable and any(not entry.clues for entry in entries)
    code, out, _ = run(capsys, "build-default", "--if-missing")
    assert "exists: nothing to do" in out
    code, _, err = run(capsys, "build-default", "--workers", "0")
    assert code == 2 and "--workers" in err
    code, out, _ = run(capsys, "search", "W?TH", "--limit", "1", "--json")
    (found,) = json.loads(out)
    assert (found["word"], found["score"], found["display"]) == ("WITH", 100, "WITH")
    code, out, _ = run(capsys, "search", "THE", "--json")
    (article,) = json.loads(out)
    assert article["clues"] == ["Definite article"]  # the function words' meaning
    code, out, _ = run(capsys, "lists", "--json")
    assert [item["name"] for item in json.loads(out)] == ["default-en"]
    assert (instance / "indexes").is_dir()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_only_on_a_terminal(
    instance: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    words = instance / "words.txt"
    words.write_text("cat\ndog\nemu\n", "utf-8")
    code, out, err = run(capsys, "import", str(words), "--list", "piped")
    assert (code, err) == (0, "") and "added 3" in out
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = run(capsys, "import", str(words), "--list", "drawn")
    assert code == 0 and "added 3" in out
    assert "drawn" in terminal.getvalue() and "3/3" in terminal.getvalue()


def test_delete_removes_a_list_after_asking(
    instance: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = instance / "w.txt"
    source.write_text("cat;60\ndog;50\n")
    assert run(capsys, "import", str(source), "--list", "pets")[0] == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert run(capsys, "delete", "pets")[0] == 1  # declined: aborted, nothing deleted
    assert "pets" in run(capsys, "lists")[1]
    code, _, err = run(capsys, "delete", "pets", "--yes")
    assert code == 0 and "deleted pets (2 entries)" in err
    assert "pets" not in run(capsys, "lists")[1]
    code, _, err = run(capsys, "delete", "pets", "--yes")
    assert code == 1 and "pets" in err
