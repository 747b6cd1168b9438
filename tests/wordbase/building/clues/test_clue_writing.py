"""Clues written from WordNet: synonyms, shortened glosses, inflected answers."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import pytest
from wordfreq import zipf_frequency

from crossforge.wordbase.building.clues.cutting import (
    LONG_CLUE_LENGTH,
    MAX_CLUE_LENGTH,
    MAX_CLUE_WORDS,
    clue_words,
    shorten_gloss,
)
from crossforge.wordbase.building.clues.kinds import ABBREVIATION, ARCHAIC, BRITISH, POETIC, PREFIX
from crossforge.wordbase.building.clues.lexicon import is_noun
from crossforge.wordbase.building.clues.roots import gives_away, repeats_answer
from crossforge.wordbase.building.clues.writer import ClueWriter
from crossforge.wordbase.building.english.editor_tags import editor_tags
from crossforge.wordbase.building.english.wordnet import Synset, WordNet, load_wordnet
from crossforge.wordbase.models import Clue
from tests.wordbase.wordnet_sample import write_wordnet

SYNSETS = {
    ("n", "1"): (("idea", "thought"), "the content of cognition; the main thing you think about"),
    ("n", "2"): (("thought",), "the organized beliefs of a period"),
    ("n", "3"): (("eagre", "eager", "bore", "tidal bore"), "a high wave (often dangerous)"),
    ("n", "4"): (("bore",), "a person who evokes boredom"),
    ("n", "5"): (("bore",), "a hole made by boring"),
    ("n", "6"): (("bore",), "the diameter of a tube"),
    ("n", "7"): (
        ("sill", "windowsill"),
        "(carpentry) the horizontal member at the base of a window",
    ),
    ("n", "8"): (("member",), "a part of a structure"),
    ("n", "9"): (("fool", "jackass", "twat"), "a person who lacks good judgment"),
    ("a", "1"): (("eager",), "having or showing keen interest"),
    ("v", "1"): (("go", "move", "run"), "change location; move, travel, or proceed"),
    ("v", "2"): (("grasp", "clutch"), "hold firmly"),
    ("v", "3"): (("hold",), "keep in one's hands"),
    ("v", "4"): (("sprint",), "run very fast, usually for a short distance"),
    ("v", "5"): (("wander", "go"), "move about aimlessly"),
    ("v", "6"): (("change",), "undergo a change"),
    ("n", "10"): (("content",), "everything that is included"),
}
"""A small WordNet: senses by id, each with its lemmas and gloss."""
SIGNALS = re.compile(
    "(?:" + "|".join(map(re.escape, (ABBREVIATION, ARCHAIC, BRITISH, POETIC))) + ")$"
)
"""The signals a clue may end with."""
EXCEPTIONS = {
    "n": {},
    "v": {"went": ["go"], "gone": ["go"], "ran": ["run"], "held": ["hold"]},
    "a": {},
    "r": {},
}
ZIPFS = {"IDEA": 5.3, "IDEAS": 4.8, "THOUGHT": 5.4, "THOUGHTS": 4.9, "EAGRE": 1.0, "EAGER": 4.4}
ZIPFS |= {"BORE": 3.5, "SILL": 3.0, "SILLS": 2.8, "WINDOWSILL": 2.6, "MEMBER": 5.0}
ZIPFS |= {"MEMBERS": 5.3, "FOOL": 4.4, "FOOLS": 3.9, "JACKASS": 3.1, "TWAT": 3.0}
ZIPFS |= {"GO": 6.4, "GOES": 5.2, "WENT": 5.5, "GONE": 5.4, "GOED": 1.9, "MOVE": 5.5}
ZIPFS |= {"MOVES": 4.6, "MOVED": 4.9, "RUN": 5.4, "RUNS": 4.6, "RAN": 4.9, "RUNNED": 1.6}
ZIPFS |= {"GRASP": 3.9, "GRASPED": 3.2, "CLUTCH": 3.8, "CLUTCHED": 2.8, "HOLD": 5.5}
ZIPFS |= {"HELD": 5.3, "HOLDED": 1.2, "SPRINT": 3.8, "SPRINTED": 2.8, "WANDER": 3.7}
ZIPFS |= {"WANDERED": 3.4, "CONTENT": 4.6, "CONTENTS": 4.0, "CLUTCHES": 2.9, "HOLDS": 4.5}
ZIPFS |= {"CHANGE": 5.5, "CHANGED": 5.1, "CHANGES": 5.0}


def texts(clues: Iterable[Clue]) -> list[str]:
    """The texts of ``clues``, in order."""
    return [clue.text for clue in clues]


@pytest.fixture
def small() -> WordNet:
    synsets = {sid: Synset(sid, words, text, ()) for sid, (words, text) in SYNSETS.items()}
    senses: dict[str, list[tuple[str, str]]] = {}
    for sid, (words, _) in SYNSETS.items():
        for word in words:
            senses.setdefault(word, []).append(sid)
    senses["eager"] = [("a", "1"), ("n", "3")]  # the adjective is the most used sense
    senses["bore"] = [("n", "4"), ("n", "5"), ("n", "6"), ("n", "3")]
    numbers = {(lemma, sid): k for lemma, ids in senses.items() for k, sid in enumerate(ids, 1)}
    counts = dict.fromkeys(numbers, 1) | {("eager", ("n", "3")): 0}  # never tagged so
    return WordNet(synsets, senses, EXCEPTIONS, numbers, counts)


@pytest.fixture
def writer(small: WordNet) -> ClueWriter:
    return ClueWriter(small, ZIPFS)


def test_a_synonym_comes_capitalized_from_the_most_used_sense(writer: ClueWriter) -> None:
    assert texts(writer.clues("idea", ["idea"], 3)) == ["Thought", "Content of cognition"]


def test_far_fetched_synonyms_are_left_out(writer: ClueWriter) -> None:
    # eager's tidal sense is untagged (its adjective comes first), bore's is its fourth;
    # "tidal bore" (3.5) is a rare phrase of two words (less 0.75).
    assert texts(writer.clues("eagre", ["eagre"], 3)) == ["High wave"]


def test_synonyms_and_glosses_sharing_the_answers_stem_are_left_out(writer: ClueWriter) -> None:
    assert texts(writer.clues("sill", ["sill"], 3)) == ["Horizontal member at the base of a window"]
    assert gives_away(["sill"], "Windowsill") and gives_away(["sill"], "Sills")
    assert gives_away(["color"], "Colour") and gives_away(["hope"], "Hoping")
    assert not gives_away(["eel"], "Snakelike fish") and not gives_away(["cat"], "Feline mammal")
    # A three-letter answer: its forms, compounds and expansions give it away; the word
    # it makes with a vowel added is another word.
    for word, clue in [("sea", "Seas"), ("eye", "Eyed"), ("tea", "Teapot"), ("apr", "April")]:
        assert gives_away([word], clue), word
    assert gives_away(["sep"], "Sept") and gives_away(["mac"], "Mack")
    assert not gives_away(["are"], "Unit of surface area") and gives_away(["are"], "Are")
    assert not gives_away(["car"], "Take care") and not gives_away(["hop"], "Hope")
    # A word ending in another's letters is no compound of it unless what comes first is
    # a word or a prefix; a last letter dropped before other letters than an ending.
    assert gives_away(["happy"], "Unhappy") and gives_away(["shore"], "Ashore")
    assert not gives_away(["island"], "Land mass") and not gives_away(["isle"], "Small island")
    # A phrase's small function words may recur in its clue; its other words may not.
    assert not gives_away(["tune", "in"], "Regulate in order to receive")
    assert gives_away(["tune", "in"], "Tuned") and gives_away(["and"], "And")


def test_offensive_synonyms_are_left_out(small: WordNet) -> None:
    tags = editor_tags()
    assert "Twat" in texts(ClueWriter(small, ZIPFS).clues("fool", ["fool"], 3))
    assert texts(ClueWriter(small, ZIPFS, tags).clues("fool", ["fool"], 3)) == [
        "Jackass",
        "Person who lacks good judgment",
    ]


def test_a_plural_is_clued_in_the_plural(writer: ClueWriter) -> None:
    assert texts(writer.clues("ideas", [], 3)) == ["Thoughts", "Contents of cognition"]
    # The gloss's head made plural; the label and what follows the head stay.
    assert texts(writer.clues("sills", [], 3)) == ["Horizontal members at the base of a window"]


def test_a_third_person_and_a_past_tense_are_clued_alike(writer: ClueWriter) -> None:
    assert texts(writer.clues("grasps", [], 3)) == ["Clutches", "Holds firmly"]
    assert texts(writer.clues("grasped", [], 3)) == ["Clutched", "Held firmly"]  # held: listed
    assert texts(writer.clues("sprinted", [], 3)) == ["Ran very fast"]  # before the comma


def test_irregular_pasts_take_regular_synonyms_and_junk_forms_never_appear(
    writer: ClueWriter,
) -> None:
    # went and gone are a past tense and a participle: ran fits only one, moved both.
    assert texts(writer.clues("went", [], 3)) == ["Moved", "Changed location", "Wandered"]
    assert texts(writer.clues("gone", [], 3)) == ["Moved", "Changed location", "Wandered"]
    # A regular past is both, so an irregular synonym fits; never "goed", "runned".
    assert texts(writer.clues("wandered", [], 3)) == ["Went", "Moved about aimlessly"]
    assert texts(writer.clues("goes", [], 3)) == ["Moves", "Changes location", "Runs"]


def test_glosses_lose_articles_qualifiers_and_length() -> None:
    nouns = {"member", "mammal", "contribution", "poker", "sign", "wave", "water", "ocean"}

    def noun(word: str) -> bool:
        return word.lower() in nouns

    assert shorten_gloss("a feline mammal; cats purr", noun) == "Feline mammal"
    assert shorten_gloss("any of various mammals: cats", noun) == "Mammals"
    assert shorten_gloss("a high wave (often dangerous) here", noun) == "High wave here"
    assert shorten_gloss("(poker) the initial contribution", noun) == (
        "Initial contribution, in poker"
    )
    assert shorten_gloss("(of fluids) moving in a stream", noun) == "Moving in a stream"
    assert shorten_gloss("any of a number of tropical vines", noun) == "Tropical vines"
    assert shorten_gloss("any grass", noun) == "Grass"
    assert shorten_gloss("to enlarge beyond bounds", noun) == "Enlarge beyond bounds"
    assert shorten_gloss("to a high degree", noun) == "To a high degree"
    long = "an arbitrary sign (written or printed) that has acquired a conventional significance"
    assert shorten_gloss(long, noun, limit=40) == "Arbitrary sign"
    assert len(shorten_gloss(long, noun) or "") <= MAX_CLUE_LENGTH
    # No cut leaves a phrase: the gloss is dropped rather than cut mid-phrase.
    assert (
        shorten_gloss("marked by elaborate rhetoric and elaborated with details", noun, 20) is None
    )
    # Nor is a cut made after a verb, inside "by means of" or inside "or a ...".
    assert shorten_gloss("a defense purporting to show that he was away", noun, 30) is None
    assert shorten_gloss("(law) a defense by an accused person", {"law"}.__contains__, 20) is None
    everything = {"journalist", "who", "revolution"}.__contains__  # WHO is a noun in WordNet
    assert shorten_gloss("journalist who reported on the revolution", everything, 30) is None
    assert shorten_gloss("a division of an ocean or a large body of salt water", noun, 40) == (
        "Division of an ocean"
    )
    # Nor a cut that leaves a coordination, a vague head or a function word at the end.
    assert shorten_gloss("affecting or characteristic of the body as such", noun, 30) is None
    assert shorten_gloss("an informal term for a dog or a puppy", noun, 20) is None
    assert shorten_gloss("a soft return so as to drop the ball in the net", noun, 20) is None
    assert shorten_gloss("a sign that marks the way in a town", noun, 20) is None  # no "that"
    # Nor one before "of" that leaves "the ..." unsaid, nor a hyphenated "-ed" adjective
    # or a coordinated "-ing" word taken for a boundary.
    everything = (nouns | {"traffic", "movement", "aircraft", "horizontal", "frame"}).__contains__
    assert shorten_gloss("traffic created by the movement of aircraft", everything, 33) is None
    assert shorten_gloss("a wave on a horizontal harp-shaped frame", everything, 30) is None
    assert (
        shorten_gloss("make a grasping or snatching motion", {"grasping"}.__contains__, 20) is None
    )
    # An article after an adverb starts a phrase: the cut may come before the adverb.
    gloss = "a recess on a building especially the east end"
    recess = (nouns | {"recess", "building"}).__contains__
    assert shorten_gloss(gloss, recess, 30) == "Recess on a building"
    # A postpositive adjective or participle before a preposition starts a phrase; a
    # gerund after its modifier does not, and a pronoun never ends a cut.
    mammal = (nouns | {"mammal", "property", "criminal", "native"}).__contains__
    assert shorten_gloss("a nocturnal mammal native to North America", mammal, 30) == (
        "Nocturnal mammal"
    )
    gloss = "a criminal who takes property belonging to someone else"
    assert shorten_gloss(gloss, mammal, 30) == "Criminal who takes property"
    shears = (nouns | {"blades", "light", "pruning"}).__contains__
    assert shorten_gloss(
        "shears with strong blades used for light pruning of trees", shears, 45
    ) == ("Shears with strong blades")
    assert (
        shorten_gloss(
            "a device in a missile that guides it toward a target", {"it"}.__contains__, 40
        )
        is None
    )


class _Wordfreq(Mapping[str, float]):
    """Zipf frequencies by key, looked up in wordfreq as asked (the build holds them)."""

    def __getitem__(self, key: str) -> float:
        zipf = zipf_frequency(key.lower(), "en", wordlist="large")
        if not zipf:
            raise KeyError(key)
        return zipf

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


@pytest.fixture(scope="module")
def installed() -> ClueWriter:
    return ClueWriter(load_wordnet(), _Wordfreq(), editor_tags())


def test_installed_wordnet_clues_read_like_an_editors(installed: ClueWriter) -> None:
    assert texts(installed.clues("idea", ["idea"], 3))[0] == "Thought"
    assert "Voracious snakelike marine or freshwater fish" in texts(
        installed.clues("eel", ["eel"], 3)
    )
    assert texts(installed.clues("bogota", ["bogota"], 3)) == ["Capital of Colombia"]
    assert texts(installed.clues("ante", ["ante"], 3))[0] == "Initial contribution, in poker"
    assert texts(installed.clues("stye", ["stye"], 3))[0] == "Eye infection"


def test_installed_wordnet_inflections(installed: ClueWriter) -> None:
    assert texts(installed.clues("ideas", [], 3))[:2] == ["Thoughts", "Contents of cognition"]
    assert "Voracious snakelike marine or freshwater fishes" in texts(
        installed.clues("eels", [], 3)
    )
    assert texts(installed.clues("went", [], 3))[:2] == ["Moved", "Changed location"]
    assert texts(installed.clues("sprinted", [], 3)) == ["Ran very fast"]
    assert texts(installed.clues("children", [], 3))[0] == "Kids"
    assert texts(installed.clues("bigger", [], 3))[0] == "Larger"
    assert texts(installed.clues("two", ["two"], 3))[0] == "Being one more than one"  # not "Ii"
    # A gloss's plural head made singular, its relative clause's verb too (the gloss
    # before it is cut short: "Small dark goose"), or plural, with its verb.
    assert texts(installed.clues("brent", ["brent"], 3)) == ["Small dark goose"]
    brent = installed.wordnet.senses["brent"][0]
    cuts = [installed.inflector.numbered(cut, plural=False) for cut in installed.cutter.cuts(brent)]
    assert "Small dark goose that breeds in the north" in cuts
    assert texts(installed.clues("ores", [], 3))[0] == "Minerals that contain metal"
    # A head already in the answer's number keeps its clause as it is ("can", not "cans");
    # "Detail" is a less used sense's: it does not come before the definition.
    assert texts(installed.clues("item", ["item"], 3))[:2] == [
        "Distinct part that can be specified separately in a group",
        "Detail",
    ]
    assert "Structural members" in texts(installed.clues("sills", [], 3))


def test_installed_wordnet_clues_what_it_could_not_before(installed: ClueWriter) -> None:
    # A gloss whose head repeats the answer takes a specific enough hypernym instead,
    # one the gloss does not hold already (not "alcohol"), nor a word as general as "act".
    assert texts(installed.clues("brandy glass", ["brandy glass"], 3)) == [
        "Globular container with a small top"
    ]
    assert texts(installed.clues("fortified wine", ["fortified wine"], 3)) == [
        "Beverage to which alcohol has been added"
    ]
    assert not any(c.startswith("Act") for c in texts(installed.clues("cesarean delivery", [], 3)))
    # Nor is a compound's head replaced: tear gas is no "tear chemical weapon".
    assert not any("Tear" in clue for clue in texts(installed.clues("cs gas", ["cs gas"], 3)))
    # A gloss repeating the answer in a word before its head drops that word, not a
    # name's word (East Indian), a head (the solar calendar now) nor to a vague pair.
    assert texts(installed.clues("gregorian calendar", ["gregorian calendar"], 3)) == []
    assert texts(installed.clues("nuclear fission", ["nuclear fission"], 3)) == [
        "Reaction in which a massive nucleus splits"
    ]
    assert texts(installed.clues("telephone cord", ["telephone cord"], 3)) == [
        "Wire that connects to the handset"
    ]
    # A gloss that can only repeat the answer leaves a broader term, as a last resort.
    assert texts(installed.clues("indian blackwood", ["indian blackwood"], 3)) == ["Rosewood"]
    # A clue's own "the" gives nothing away (THETA), and "around" ends a phrase.
    assert texts(installed.clues("theta", ["theta"], 3)) == ["8th letter of the Greek alphabet"]
    assert texts(installed.clues("capstan", ["capstan"], 3)) == [
        "Windlass rotated in a horizontal plane"
    ]
    # An -ing word that is no noun ends a phrase (involving), one that is does not
    # (a baseball playing field); a synonym spelling the answer is no clue (Re-arm).
    assert texts(installed.clues("obi", ["obi"], 3))[0] == "Followers of a religious system"
    assert texts(installed.clues("outfield", ["outfield"], 3)) == []
    assert texts(installed.clues("rearm", ["rearm"], 3)) == ["Arm again", "Arm anew"]
    # A clause with its own subject keeps its verb (where animals are); a plural in the
    # clue repeats the answer when its singular does (oranges for ORANGERIES).
    assert texts(installed.clues("abattoirs", [], 3)) == ["Buildings where animals are butchered"]
    assert texts(installed.clues("orangeries", [], 3)) == ["Plantations"]  # a broader term
    # A doubled consonant's past is regular: it takes an irregular synonym's past.
    assert texts(installed.clues("grabbed", [], 3))[0] == "Took hold of"
    # A plural gloss too long for a clue gives way to the shorter cut.
    assert texts(installed.clues("symbols", [], 3)) == ["Arbitrary signs"]
    # Isle and island share letters, not a stem; a phrase may repeat its small words.
    assert texts(installed.clues("isle", ["isle"], 3))[0] == "Small island"
    assert texts(installed.clues("tune in", ["tune in"], 3)) == [
        "Regulate in order to receive a certain station or program"
    ]


def test_installed_wordnet_clues_people_degrees_coordinated_verbs_and_manners(
    installed: ClueWriter,
) -> None:
    # Someone, one, person: "People" in the plural, the clause's verbs agreeing.
    assert (
        texts(installed.clues("fugitives", [], 3))[0]
        == "People who flee from an uncongenial situation"
    )
    assert texts(installed.clues("deliverymen", [], 3)) == ["People employed to make deliveries"]
    assert texts(installed.clues("silversmiths", [], 3)) == ["People who make or repair articles"]
    assert not any("People of" in clue for clue in texts(installed.clues("batwings", [], 3)))
    # Two coordinated heads both take the number; a rare plural within the mass-noun gap
    # of its noun is a plural (depositories 1.8, depository 2.9).
    assert texts(installed.clues("symptoms", [], 3))[0].startswith("Sensations or changes in")
    assert texts(installed.clues("museums", [], 3))[0].startswith("Depositories for")
    # A gloss opening on a verb's -ing names an act: its object's number is not the answer's.
    assert not any("qualities" in c for c in texts(installed.clues("attributions", [], 3)))
    # A verb gloss is cut before a later "or" that joins no verb, where the cut is whole.
    assert texts(installed.clues("divined", [], 3))[0] == "Perceived intuitively"
    assert texts(installed.clues("snoozing", [], 3))[0] == "Sleeping lightly"
    for word, half in [("redefines", "Gives a new"), ("overheats", "Gets excessively")]:
        assert half not in texts(installed.clues(word, [], 3))  # take strong or violent action
    assert "Reduced the edge" not in texts(
        installed.clues("obtunded", [], 3)
    )  # edge or violence of
    # A verb's regular -s form is a form however rare (droops: Zipf 1.7).
    assert texts(installed.clues("sags", [], 3))[0] == "Droops"
    # A head whose plural is itself: WordNet's "deers" is no plural.
    elks = texts(installed.clues("elks", [], 3))
    assert elks[0] == "Large northern deer"  # cut short: "with enormous flattened antlers"
    assert texts(installed.clues("perms", [], 3)) == ["Series of waves in the hair"]
    # A participle after the head is no head: "living" has no plural, "insect" has.
    assert texts(installed.clues("ants", [], 3)) == ["Social insects living in organized colonies"]
    # A gloss coordinating two verbs inflects both.
    assert "Touched or stroked lightly" in texts(installed.clues("tickled", [], 3))
    assert texts(installed.clues("elided", [], 3)) == ["Left or struck out"]
    # A lemma's only irregular past is both tense and participle: so is "lost", not "drew".
    assert texts(installed.clues("bled", [], 3)) == ["Lost blood from one's body"]
    # Degrees: the adjective's own form, else more/most, one for two coordinated.
    assert texts(installed.clues("surest", [], 3))[0] == "Most certain"
    assert texts(installed.clues("safest", [], 3))[0] == "Freest from danger"
    assert texts(installed.clues("muddiest", [], 3))[0] == "Most soft and watery"
    assert texts(installed.clues("lier", [], 3)) == []  # no "More fifty-one" from the numeral li
    assert texts(installed.clues("teeniest", [], 3)) == ["Smallest"]  # not "Most wee"
    # A noun is no degree of a long adjective (more present), a short one's may be.
    assert not any(
        c.startswith("More") for c in texts(installed.clues("presenter", ["presenter"], 3))
    )
    assert texts(installed.clues("advancer", [], 3)) == []  # not "More beforehand"
    assert texts(installed.clues("cleaner", ["cleaner"], 3))[0] == "Freer from dirt or impurities"
    # No degree for a gloss naming a thing or one whose adjective is a degree already.
    assert not any("quantity" in clue for clue in texts(installed.clues("odder", [], 3)))
    assert not any("terms" in clue for clue in texts(installed.clues("kinkiest", [], 3)))
    assert "More fewer" not in texts(installed.clues("lesser", ["lesser"], 3))
    assert not any("larger" in clue for clue in texts(installed.clues("greater", ["greater"], 3)))
    assert "More remarkable or out of the ordinary" in texts(installed.clues("greater", [], 3))
    # An adverb "in a crude manner" takes an adjective that does not give it away.
    assert texts(installed.clues("crudely", ["crudely"], 3))[0] == "In an unrefined manner"
    assert texts(installed.clues("unassumingly", ["unassumingly"], 3)) == ["In a modest manner"]


def test_installed_wordnet_clues_parts_of_names(installed: ClueWriter) -> None:
    # A given name by a person's role and surname; a surname, or a place's word, by
    # the name with a blank; no middle names (John Roy Major); two-word names first.
    assert texts(installed.clues("edna", [], 3)) == ["Author Ferber", "Poetess Millay"]
    assert texts(installed.clues("doyle", [], 3)) == ["Author Conan ___"]
    assert texts(installed.clues("irene", [], 3)) == ["Physicist Joliot-Curie"]
    assert texts(installed.clues("vegas", [], 3)) == ["Las ___"]
    assert texts(installed.clues("papua", [], 3)) == ["___ New Guinea"]
    assert not any("Major" in clue for clue in texts(installed.name_clues("roy", 10)))
    # A word with a definition keeps it: names only stand in for none.
    assert "Lincoln" not in " ".join(texts(installed.clues("nation", ["nation"], 3)))


def test_people_and_places_are_clued_by_who_and_what_they_are(installed: ClueWriter) -> None:
    # A given name by the person's role, the class the gloss names first, by its most
    # used lemma, and the rest of the name.
    assert texts(installed.clues("steve", [], 2)) == ["Actor Martin", "Composer Reich"]
    assert texts(installed.clues("eero", [], 1)) == ["Architect Saarinen"]
    assert texts(installed.clues("omar", [], 3))[0] == "General Bradley"
    # A capital by its country, not its rank among the country's cities.
    assert texts(installed.clues("oslo", ["oslo"], 1)) == ["Capital of Norway"]
    assert texts(installed.clues("rome", ["rome"], 2)) == ["Italian capital", "Capital of Italy"]
    assert texts(installed.clues("tiber", ["tiber"], 1)) == ["River of central Italy"]
    assert texts(installed.clues("nile", ["nile"], 1)) == ["World's longest river"]
    # A place's local name says so (MILANO), a famous name keeps its definition.
    assert texts(installed.clues("milano", ["milano"], 1))[0].endswith(", locally")


def test_a_regular_past_beside_a_listed_form_is_read_as_one(installed: ClueWriter) -> None:
    # The verb exception list gives show *shown* and work *wrought*; showed and worked are
    # pasts too (wordfreq rates them alike), while spended beside spent is a misspelling.
    assert "Presented" in texts(installed.clues("showed", [], 3))
    assert texts(installed.clues("worked", [], 3))
    assert texts(installed.clues("spended", [], 3)) == []


def test_a_later_clause_that_defines_stands_in_for_the_first(installed: ClueWriter) -> None:
    # chew: "chew (food); to bite and grind with the teeth": the first repeats the answer.
    assert texts(installed.clues("chew", ["chew"], 3))[0] == "Bite and grind with the teeth"
    # editor: the second clause names the person without "editorial".
    assert "Person who determines the final content" in texts(
        installed.clues("editor", ["editor"], 3)
    )
    # protein: "consist of polymers of amino acids" is a note, not a definition.
    assert not any(
        c.startswith("Consist") for c in texts(installed.clues("protein", ["protein"], 3))
    )


def test_an_answer_without_a_short_clue_takes_a_long_gloss(installed: ClueWriter) -> None:
    # HOTEL's one gloss has no cut within MAX_CLUE_LENGTH: a long definition beats none.
    gloss = "Building where travelers can pay for lodging and meals and other services"
    assert texts(installed.clues("hotel", ["hotel"], 3)) == [gloss]
    # CAT has short clues: no long gloss joins them.
    assert all(len(clue) <= MAX_CLUE_LENGTH for clue in texts(installed.clues("cat", ["cat"], 3)))


def test_no_clue_repeats_the_answer_or_runs_long(installed: ClueWriter) -> None:
    wordnet = installed.wordnet
    lemmas = sorted(wordnet.lemmas())
    for lemma in random.Random(13).sample(lemmas, 1500):
        clues = texts(installed.clues(lemma, [lemma], 3))
        assert len(clues) == len({clue.lower() for clue in clues}) <= 3
        # Long glosses stand in for an answer with no clue of the usual length, or for
        # the gloss of a sense the corpora use more than all others (one clue at most).
        plains = [SIGNALS.sub("", clue).removeprefix(PREFIX) for clue in clues]  # no signal
        long = [plain for plain in plains if len(plain) > MAX_CLUE_LENGTH]
        assert len(long) <= 1 or len(long) == len(clues)
        for clue, plain in zip(clues, plains, strict=True):
            assert len(plain) <= LONG_CLUE_LENGTH and clue[0] == clue[0].upper()
            assert len(clue.split()) <= MAX_CLUE_WORDS
            words = set(re.findall(r"[a-z]+", clue.lower()))
            content = {w for w in re.findall(r"[a-z]+", lemma) if len(w) >= 3} - {"the", "and"}
            assert not words & content, clue


def test_the_sample_wordnet_clues_its_answers(tmp_path: Path) -> None:
    sample = WordNet.load(write_wordnet(tmp_path / "wordnet"))
    writer = ClueWriter(sample, {"CAT": 4.5, "CATS": 3.9, "MOVE": 5.4, "MOVED": 4.9})
    assert texts(writer.clues("cat", ["cat"], 3)) == ["Feline mammal"]
    # The sample knows no noun "mammal" to make plural: no clue rather than a singular one.
    assert texts(writer.clues("cats", [], 3)) == []
    # The sample knows no verb "move" to put in the past: no clue rather than "Move fast".
    assert texts(writer.clues("ran", [], 3)) == []
    assert texts(writer.clues("ice cream", ["ice cream"], 3)) == [
        "Frozen dessert"
    ]  # not "... cream"
    assert texts(writer.clues("scary", ["scary"], 3)) == ["Provoking fear"]  # not "Scarey"
    assert is_noun(sample, "cats") and not is_noun(sample, "run")


def test_the_answer_shares_no_root_with_its_clue() -> None:
    # The failures: a past tense (lied), a negation (unused), a vowel respelled.
    assert repeats_answer({"liar"}, "Person who has lied or who lies repeatedly")
    assert repeats_answer({"disuse"}, "State of something that has been unused and neglected")
    assert repeats_answer({"hallo"}, "Hello, British style")
    # Not words that only look alike.
    assert not repeats_answer({"island"}, "Isle")
    assert not repeats_answer({"unit"}, "It")
    assert not repeats_answer({"nuclear"}, "Reaction in which a massive nucleus splits")
    assert not repeats_answer({"later"}, "Liter")  # a respelling is a for e only
    assert not repeats_answer({"hallo"}, "Greeting, British style")
    # The scoring's stem test is left as it was: "lied" is not "liar" there.
    assert not gives_away({"liar"}, "Person who has lied or who lies repeatedly")


def test_no_synonym_is_what_the_answer_clips(installed: ClueWriter) -> None:
    # AD is short for advertisement: "Advertisements" repeats ADS.
    clues = texts(installed.clues("ads", [], 3))
    assert clues and not any(clue.startswith("Ad") for clue in clues)


def test_the_sense_a_solver_knows_comes_first(installed: ClueWriter) -> None:
    # A lemma no tagged corpus uses comes after the answer's common reading.
    ate = texts(installed.clues("ate", ["ate"], 4))
    assert ate[0] == "Used up" and ate[-1] == "Goddess of criminal rashness and its punishment"
    assert texts(installed.clues("roads", ["roads"], 3))[0] == "Routes"
    # An obscure lemma alone takes a long gloss as any answer with nothing shorter does.
    assert texts(installed.clues("formosa", ["formosa"], 3)) == [
        "Island in southeastern Asia 100 miles off the coast of mainland China"
    ]
    # A person's obscure sense comes after the names the word is part of.
    assert texts(installed.clues("ted", ["ted"], 3))[0] == "Ballplayer Williams"
    # Not a particular person: Thor is the god, not "Anthropologist Heyerdahl".
    assert texts(installed.clues("thor", ["thor"], 3))[0] == "God of thunder and rain and farming"
    # A plural means races before forms of energy (an uncounted sense).
    assert texts(installed.clues("heats", [], 3))[0] == "Preliminary races"
    # Untagged senses: the one whose other lemmas the corpora use first (an apartment).
    assert texts(installed.clues("flats", [], 3))[0] != "Deflated pneumatic tires"
    assert (
        texts(installed.clues("pestle", ["pestle"], 3))[-1] == "Machine consisting of a heavy bar"
    )
    # Of two untagged senses, the one the answer names first: EMUS are birds.
    assert texts(installed.clues("emus", [], 3))[0] == "Large Australian flightless birds"


def test_a_long_definition_is_cut_short_or_follows_a_synonym(installed: ClueWriter) -> None:
    rant = texts(installed.clues("rant", ["rant"], 3))
    assert rant[0] == "Spout"  # a synonym before "Loud bombastic declamation expressed ..."
    assert "Loud bombastic declamation" in texts(installed.clues("harangue", ["harangue"], 3))
    assert texts(installed.clues("trivet", ["trivet"], 3))[0] == "Three-legged metal stand"
    # A first cut of more than twelve words gives way to a shorter one, or to none.
    long = "Manuscript on which more than one text has been written with the earlier writing"
    shorter = "Manuscript on which more than one text has been written"
    assert installed.cutter.short([long, shorter], "v") == [shorter]
    assert texts(installed.clues("palimpsest", ["palimpsest"], 3)) == ["Manuscript"]  # broader
    # Not a cut that loses what defines it, nor one that ends on an adjective or participle.
    assert texts(installed.clues("ene", ["ene"], 3))[0].startswith("Compass point midway between")
    assert texts(installed.clues("berg", ["berg"], 3))[0] == "Large mass of ice floating at sea"
    # Nor one inside an idiom (side | by side), and an aside after "often" is cut off.
    assert not texts(installed.clues("row", ["row"], 3))[0].endswith("side")
    assert texts(installed.clues("pie", ["pie"], 1)) == ["Dish baked in pastry-lined pan"]
    # Nor on a number (a range's first end) or a vague *sense* (of danger).
    assert texts(installed.clues("teenage", ["teenage"], 1)) == ["Being of the age 13 through 19"]
    assert texts(installed.clues("alerted", [], 1)) == ["Warned"]


def test_a_clue_signals_abbreviations_prefixes_and_usage(installed: ClueWriter) -> None:
    # An abbreviation by what it abbreviates first, where WordNet has it.
    assert texts(installed.clues("nato", ["nato"], 3)) == [
        "North Atlantic Treaty Organization, for short",
        "International organization, for short",
    ]
    assert texts(installed.clues("roi", ["roi"], 1)) == ["Return on investment, for short"]
    assert texts(installed.clues("fae", ["fae"], 1)) == ["Fuel-air explosive, for short"]
    assert texts(installed.clues("cpu", ["cpu"], 3)) == [
        "Central processing unit, for short",
        "Part of a computer, for short",  # no field
    ]
    assert texts(installed.clues("neo", ["neo"], 3)) == ["Prefix meaning recent or new"]
    assert texts(installed.clues("e'er", ["e'er"], 3))[0] == "Always, poetically"
    assert texts(installed.clues("lie-in", ["lie-in"], 3))[0] == "Long stay in bed, in Britain"
    assert texts(installed.clues("milano", ["milano"], 3)) == [
        "Capital of Lombardy in northern Italy, locally"
    ]
    # Only a place's: not a person's name (Stradivarius beside Stradivari).
    assert not any(c.endswith(", locally") for c in texts(installed.clues("stradivarius", [], 3)))
    assert (
        texts(installed.clues("milan", ["milan"], 3))[0] == "Capital of Lombardy in northern Italy"
    )


def test_a_gloss_that_defines_nothing_is_no_clue(installed: ClueWriter) -> None:
    # A usage note is no definition; a headless gloss takes its hypernym for a head.
    assert "Used as expletives" not in texts(installed.clues("damn", ["damn"], 3))
    assert texts(installed.clues("damn", ["damn"], 3))[0] == "Wish harm upon"
    assert not any(c.startswith("Native") for c in texts(installed.clues("anise", ["anise"], 3)))
    assert texts(installed.clues("vedalia", ["vedalia"], 3)) == ["Ladybug native to Australia"]
    assert texts(installed.clues("deer", ["deer"], 3)) == ["Ruminant distinguished from Bovidae"]
    assert texts(installed.clues("rivulus", ["rivulus"], 3)) == []  # no hypernym of Zipf 2: no head
    # Only a participle or postpositive word before a preposition: not a name's first
    # word (United States writer), nor an adjective before its noun (common fly).
    assert texts(installed.clues("jack london", ["jack london"], 3)) == [
        "United States writer of novels"
    ]
    assert texts(installed.clues("housefly", ["housefly"], 3))[0] == "Common fly"
    # Nor is a participle the end of a cut: not "Cyanobacteria found".
    assert not any(c.endswith("found") for c in texts(installed.clues("nostoc", ["nostoc"], 3)))
    # A gloss that sets a scene (ADAM: "in Judeo-Christian mythology") is no definition,
    # nor a cut "Any of a group"; a participle before an article is no plural head.
    assert texts(installed.clues("adam", ["adam"], 3))[0] == "First man and the husband of Eve"
    assert not any(
        c.startswith("Any of") for c in texts(installed.clues("sophist", ["sophist"], 3))
    )
    assert texts(installed.clues("wigs", [], 3))[0] == "Hairpieces covering the head"
    # A degree has no complement of its own: no "Fullest of or characterized by ...".
    assert texts(installed.clues("noisiest", [], 3)) == []
    # An obscure sense of WARE no longer comes first as a garbled singular.
    assert texts(installed.clues("ware", ["ware"], 3))[0] == "Product"


def test_default_fill_clues_inflect_as_english_does(installed: ClueWriter) -> None:
    # A count takes no plural: PADS are not "Numbers of sheets of paper".
    assert not any(c.startswith("Numbers of") for c in texts(installed.clues("pads", [], 5)))
    # WordNet's "loose heat" is read as "lose heat": COOLED is "Lost heat", not "Loosed heat".
    assert texts(installed.clues("cooled", [], 3))[0] == "Lost heat"
    # An adjective after its noun is no head: not "frequency relatives to a time unit".
    assert texts(installed.clues("rates", ["rates"], 3))[0] == (
        "Magnitudes or frequencies relative to a time unit"
    )
    # Nor the noun after "per": no "Charge per units".
    assert "Charge per units" not in texts(installed.clues("rates", ["rates"], 5))
    # A symbol has no plural: HMS are no "Metric units of length equal to 100 meters".
    assert texts(installed.clues("hms", [], 3)) == []


def test_default_fill_clues_take_the_sense_an_editor_would(installed: ClueWriter) -> None:
    # A lemma its reading's lemma far outnumbers comes after it: not the bulging eyes.
    assert texts(installed.clues("starting", ["starting"], 3))[0] == "Beginning"
    # A sense that fails the breakfast test is never clued where another exists.
    assert not {"Prostitute", "Sporting lady"} & set(texts(installed.clues("tart", ["tart"], 5)))
    assert "Person who lacks good judgment" in texts(installed.clues("fool", ["fool"], 3))


def test_a_clue_has_at_most_twelve_words_as_a_solver_counts_them(installed: ClueWriter) -> None:
    # "1/60th" is two words: MINUTE's gloss is cut to "Unit of time equal to 60 seconds".
    minute = texts(installed.clues("minute", ["minute"], 5))
    assert minute[0] == "Unit of time equal to 60 seconds"
    assert all(clue_words(clue) <= MAX_CLUE_WORDS for clue in minute)


def test_a_cut_leaves_no_fragment_an_editor_would_not_print(installed: ClueWriter) -> None:
    # Not "Emblem usually consisting of a rectangular piece": a piece needs its "of".
    assert texts(installed.clues("flag", ["flag"], 3))[0] == (
        "Emblem usually consisting of a rectangular piece of cloth"
    )
    assert texts(installed.clues("spangle", ["spangle"], 3))[0] == (
        "Adornment consisting of a small piece of shiny material"
    )
    # Not "Any of a fairly recent class" for TANTRA, nor "Either a design" for DECAL.
    assert not texts(installed.clues("tantra", ["tantra"], 3))[0].endswith("class")
    assert "Either a design" not in texts(installed.clues("decal", ["decal"], 3))
    # Only a partitive's "of" phrase may end a cut before another "of": not ACT's
    # "Legal document codifying the result of deliberations" before what people do.
    assert texts(installed.clues("act", ["act"], 3))[0] == (
        "Something that people do or cause to happen"
    )


def test_the_most_used_sense_comes_first_even_at_length(installed: ClueWriter) -> None:
    # NESTS are structures first, at 66 characters, before "Kinds of gun emplacement".
    assert texts(installed.clues("nests", [], 3))[0] == (
        "Structures in which animals lay eggs or give birth to their young"
    )
