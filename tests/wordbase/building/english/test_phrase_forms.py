"""Inflected forms of WordNet's phrases in the English default list."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from crossforge.wordbase.building import scoring
from crossforge.wordbase.building.clues.inflection import Reading
from crossforge.wordbase.building.clues.writer import ClueWriter
from crossforge.wordbase.building.defaults import _EnglishBuild
from crossforge.wordbase.building.english.phrase_forms import FORM_PENALTY, form_score, phrase_forms
from crossforge.wordbase.building.english.wordnet import WordNet
from crossforge.wordbase.building.scoring import Signals, crossword_score
from tests.wordbase.building.clues.test_clue_writing import texts
from tests.wordbase.wordnet_sample import write_wordnet


def _forms(writer: ClueWriter, lemma: str) -> list[str]:
    return [made.form for made in phrase_forms(writer, lemma)]


def test_a_verb_phrase_inflects_its_first_word_with_every_listed_past(
    writer: ClueWriter,
) -> None:
    assert _forms(writer, "take root") == ["takes root", "took root", "taken root", "taking root"]
    assert "gave up" in _forms(writer, "give up") and "given up" in _forms(writer, "give up")
    assert _forms(writer, "home in") == ["homes in", "homed in", "homing in"]
    # Two verbs and no particle: the one whose form reads more often inflects.
    assert _forms(writer, "peer review") == ["peer reviews", "peer reviewed", "peer reviewing"]
    assert _forms(writer, "stir fry") == ["stir fries", "stir fried", "stir frying"]
    # A first verb whose past is itself (let) still inflects, never the second: no LET GONE.
    assert _forms(writer, "let go") == ["lets go", "letting go"]
    assert "made love" in _forms(writer, "make love")
    assert "checked out" in _forms(writer, "check out")
    # A regular past beside a listed participle (shown) is a past too; no *goed* beside went.
    assert {"showed up", "shown up"} <= set(_forms(writer, "show up"))
    assert "worked out" in _forms(writer, "work out")
    assert "goed out" not in _forms(writer, "go out")
    # A past bound to another sense of the verb (born: bear a child) is left out.
    assert "bore on" in _forms(writer, "bear on") and "born on" not in _forms(writer, "bear on")


def test_a_counted_noun_phrase_gets_the_plural_of_its_last_word(writer: ClueWriter) -> None:
    assert _forms(writer, "log cabin") == ["log cabins"]
    assert _forms(writer, "hot dog") == ["hot dogs"]
    assert _forms(writer, "common sense") == []  # an attribute: not counted
    assert _forms(writer, "bits per inch") == []  # its last word is no head
    assert _forms(writer, "point after touchdown") == []
    assert _forms(writer, "man of war") == []


def test_names_placeholders_and_single_words_get_no_forms(writer: ClueWriter) -> None:
    assert _forms(writer, "new york") == []
    assert _forms(writer, "trouble oneself") == []
    assert _forms(writer, "cabin") == []


def test_a_form_reads_as_its_lemma_inflected(writer: ClueWriter) -> None:
    took = next(f for f in phrase_forms(writer, "take root") if f.form == "took root")
    assert took.reading == Reading("take root", "v", "ed", True)  # took: listed, a tense only
    # A synonym whose past is one form for tense and participle fits (steadied, not sat)
    assert texts(writer.clues(took.form, [], 3, [took.reading])) == [
        "Settled down",
        "Steadied down",
    ]
    taking = next(f for f in phrase_forms(writer, "take root") if f.form == "taking root")
    assert not taking.reading.listed
    for clue in texts(writer.clues(taking.form, [], 3, [taking.reading])):
        assert "take" not in clue.lower() and "root" not in clue.lower()


def test_a_form_scores_under_its_lemma() -> None:
    phrase = Signals(0.0, 8, words=2, known=True)
    lemma = crossword_score(replace(phrase, zipf=4.0))
    assert form_score(4.5, 4.0, 9, 8, phrase) == lemma - FORM_PENALTY
    assert form_score(2.0, 4.0, 9, 8, phrase) < lemma - FORM_PENALTY
    assert form_score(0.0, 0.0, 9, 8, phrase) >= 1


def test_a_form_shares_its_lemmas_phrase_evidence(build: _EnglishBuild) -> None:
    # MENTAL HOSPITAL is attested, CALENDAR METHOD a description no text attests: their
    # plurals follow them, under the floor for the description.
    attested = build.phrase_signals("mental hospital", 0.0, 14)
    described = build.phrase_signals("calendar method", 0.0, 14)
    assert attested.attested and described.descriptive and not described.attested
    assert form_score(3.5, 3.9, 15, 14, described) <= scoring.DESCRIPTIVE_CAP
    assert form_score(3.5, 3.9, 15, 14, attested) > scoring.DESCRIPTIVE_CAP + 10


def test_a_form_entry_carries_its_lemmas_editor_tags(
    writer: ClueWriter, build: _EnglishBuild
) -> None:
    done_in = next(f for f in phrase_forms(writer, "do in") if f.form == "did in")
    entry = build.form_entry("DIDIN", done_in)
    assert entry is not None
    assert (entry.display, entry.source) == ("DID IN", "wordnet")
    assert "sensitive" in entry.tags  # do in: kill
    cars = build.form_entry("POLICECARS", phrase_forms(writer, "police car")[0])
    assert cars is not None and cars.tags == () and cars.clues[0].text == "Cruisers"


def test_a_form_only_a_broader_term_clues_takes_it(
    writer: ClueWriter, build: _EnglishBuild
) -> None:
    workers = phrase_forms(writer, "social worker")  # "someone employed to provide social ..."
    assert [f.form for f in workers] == ["social workers"]
    entry = build.form_entry("SOCIALWORKERS", workers[0])  # in no example either
    assert entry is not None and [c.text for c in entry.clues] == ["Public servants"]


def test_synsets_keep_their_lexicographer_file(tmp_path: Path) -> None:
    sample = WordNet.load(write_wordnet(tmp_path / "wn"))
    assert sample.synsets[("n", "00000003")].lexfile == 15  # Paris: noun.location
    assert sample.synsets[("v", "00000001")].lexfile == 30
