"""Fill-in-the-blank clues from WordNet's example sentences."""

from __future__ import annotations

import pytest

from crossforge.wordbase.building.clues.blanks import BlankClues
from crossforge.wordbase.building.clues.cutting import MAX_CLUE_LENGTH
from crossforge.wordbase.building.clues.writer import ClueWriter
from crossforge.wordbase.building.defaults import _EnglishBuild
from crossforge.wordbase.building.english.phrase_forms import phrase_forms
from crossforge.wordbase.building.english.wordnet import Synset, WordNet, load_wordnet
from tests.wordbase.building.clues.test_clue_writing import texts

EXAMPLES = {
    ("r", "1"): (("on time",), ("she always arrives on time", "always arrives on time")),
    ("r", "2"): (("punctually",), ("the bus left on time.",)),
    ("n", "1"): (("hour",), ("an hour", "hour after hour", "we hour it by the hourglass")),
    ("n", "2"): (("world view",), ("a world-view shaped by the war",)),
    ("n", "3"): (("point after touchdown", "point after"), ("kicked the point after touchdown",)),
    ("n", "4"): (("fool",), ("only a fool would pay", "a damned fool pays twice")),
    ("n", "5"): (("school",), ("the school bus left the school",)),
    ("a", "1"): (("contemptible",), ("the British call a contemptible person a `git'",)),
    ("n", "6"): (("clock",), ("the clock kept " + "very " * 20 + "good time",)),
    ("v", "2"): (("clock",), ("he clocked the runner in record time with his timer",)),
    ("v", "4"): (("light",), ("a well-lit room", "it's lit", "she lit the old lamp")),
    ("v", "3"): (("poison",), ("he poisoned her drink to kill her", "she poisoned a village well")),
}
"""A small WordNet's synsets: lemmas and example sentences."""


@pytest.fixture
def blanks() -> BlankClues:
    synsets = {
        sid: Synset(sid, words, "a gloss", (), examples=examples)
        for sid, (words, examples) in EXAMPLES.items()
    }
    senses: dict[str, list[tuple[str, str]]] = {}
    for sid, (words, _) in EXAMPLES.items():
        for word in words:
            senses.setdefault(word, []).append(sid)
    return BlankClues(WordNet(synsets, senses, {}, {}), lambda word: word == "damned")


def test_an_example_holding_the_answer_once_becomes_a_blank(blanks: BlankClues) -> None:
    # Its own sense's examples first, shortest first; a longer one holding it is left out.
    assert texts(blanks.clues("on time", [("r", "1")], 3)) == [
        "Always arrives ___",
        "The bus left ___",
    ]
    assert texts(blanks.clues("on time", [("r", "2")], 3)) == [
        "The bus left ___",
        "Always arrives ___",
    ]
    assert texts(blanks.clues("on time", [], 1)) == ["The bus left ___"]  # then the shortest
    assert texts(blanks.clues("world view", [], 3)) == [
        "A ___ shaped by the war"
    ]  # hyphen or space
    assert texts(blanks.clues("lit", [], 3)) == ["She ___ the old lamp"]  # not well-lit, it's


def test_examples_that_say_too_little_or_give_the_answer_away_are_left_out(
    blanks: BlankClues,
) -> None:
    assert texts(blanks.clues("hour", [], 3)) == []  # "an ___"; twice; hourglass gives it away
    assert texts(blanks.clues("school", [], 3)) == []  # twice in one example
    assert texts(blanks.clues("clock", [], 3)) == []  # too long; "clocked" is another word
    assert len("The clock kept " + "very " * 20 + "good ___") > MAX_CLUE_LENGTH
    assert texts(blanks.clues("nothing", [], 3)) == []


def test_no_blank_cuts_a_longer_lemma_or_holds_an_avoided_word_or_backquote(
    blanks: BlankClues,
) -> None:
    assert texts(blanks.clues("point after", [], 3)) == []  # point after | touchdown
    assert texts(blanks.clues("fool", [], 3)) == ["Only a ___ would pay"]  # not "A damned ___ ..."
    assert texts(blanks.clues("contemptible", [], 3)) == []
    assert texts(blanks.clues("poisoned", [], 3)) == [
        "She ___ a village well"
    ]  # no "...to kill her"


def test_wordnets_examples_clue_answers_its_glosses_cannot() -> None:
    wordnet = load_wordnet()
    blanks = BlankClues(wordnet, lambda word: False)
    assert "Let ___ be" in texts(blanks.clues("it", [], 3))
    assert "I don't know ___" in texts(blanks.clues("either", wordnet.senses["either"], 3))
    for clue in texts(blanks.clues("eraser", wordnet.senses["eraser"], 3)):
        assert "eras" not in clue.lower()


def test_a_form_no_gloss_clues_takes_an_examples_blank(
    writer: ClueWriter, build: _EnglishBuild
) -> None:
    # "have got": "have or possess" gives it away; WordNet's example does not.
    has_got = next(f for f in phrase_forms(writer, "have got") if f.form == "has got")
    assert texts(writer.clues(has_got.form, [], 3, [has_got.reading])) == []
    entry = build.form_entry("HASGOT", has_got)
    assert entry is not None and entry.clues[0].text == "He ___ two beautiful daughters"


def test_a_key_written_as_one_word_takes_its_lemmas_blanks(build: _EnglishBuild) -> None:
    # wordfreq's "freetime" is WordNet's "free time", whose gloss gives it away.
    (clue, *_) = build.clued("freetime", ["free time"])
    assert clue.text == "We cannot legislate how people spend their ___"


def test_an_answer_with_room_for_more_clues_takes_blanks_after_its_definitions(
    build: _EnglishBuild,
) -> None:
    texts = [clue.text for clue in build.clued("alee", ["alee"])]
    assert texts == ["On or toward the lee", "Put the helm ___"]
    egg = build.clued("egg", ["egg"])  # no room for an example: definitions and a collocation
    assert [(clue.kind, clue.source) for clue in egg][1:] == [
        ("blank", "google-books"),
        ("definition", "wordnet"),
    ]


def test_another_words_example_blanks_only_an_answer_nothing_else_clues(
    blanks: BlankClues, build: _EnglishBuild
) -> None:
    assert texts(blanks.clues("on time", [("r", "2")], 3, others=False)) == ["The bus left ___"]
    assert texts(blanks.clues("on time", [], 3, others=False)) == []
    # COMET and LIONS: "The star captured a ___" and "The ___ ravened the bodies" show
    # *capture* and *raven*, beside the answer's own definition.
    for word, lemmas in (("comet", ["comet"]), ("lions", [])):
        assert not any("___" in clue.text for clue in build.clued(word, lemmas))


def test_no_blank_runs_past_twelve_words() -> None:
    wordnet = load_wordnet()
    blanks = BlankClues(wordnet, lambda word: False)
    for clue in texts(blanks.clues("grimaced", [], 3)):
        assert len(clue.split()) <= 12, clue
    assert "He ___ when he saw the amount of homework he had to do" not in texts(
        blanks.clues("grimaced", [], 3)
    )
